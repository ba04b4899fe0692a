// Shared by the live pages: follow the server's change events and fetch the page's data again,
// one request at a time and one more after it if a change came in meanwhile, so answers never
// arrive out of order and the page never shows an older state than the last event.
"use strict";
function follow(events, dataUrl, render) {
  let inflight = false, again = false;
  async function refresh() {
    if (inflight) { again = true; return; }
    inflight = true;
    try {
      do {
        again = false;
        const r = await fetch(dataUrl, {cache: "no-store"});
        if (r.ok) render(await r.json());
      } while (again);
    } finally { inflight = false; }
  }
  new EventSource(events).onmessage = refresh;
  return refresh;
}

// The page's words in the game's language (sent with the data): elements marked data-word get
// theirs; say(key, values) fills a sentence's %(name)s places.
let pageWords = {};
function useWords(language, words) {
  pageWords = words || {};
  if (language) document.documentElement.lang = language;
  for (const el of document.querySelectorAll("[data-word]")) {
    const w = pageWords[el.dataset.word];
    if (w) el.textContent = w;
  }
}
function say(key, values) {
  return (pageWords[key] || key).replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
