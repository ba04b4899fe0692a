// The preview gallery: every card's real face (and back), filters, example verdicts, and the
// project's problems. On each change event it fetches the data again and swaps only the
// pictures whose address changed.
"use strict";
const $ = (id) => document.getElementById(id);
let data = null;

function option(sel, value, text) {
  if ([...sel.options].some((o) => o.value === value)) return;
  const o = document.createElement("option");
  o.value = value; o.textContent = text; sel.appendChild(o);
}

function figure(card) {
  const fig = document.createElement("figure");
  fig.className = "tile";
  fig.id = `card-${card.id}`;
  fig.dataset.category = card.category;
  fig.dataset.decks = card.decks.join(" ");
  const img = document.createElement("img");
  img.className = "face"; img.alt = card.name; img.loading = "lazy";
  const back = document.createElement("img");
  back.className = "back"; back.alt = `${card.name} (back)`; back.loading = "lazy";
  const cap = document.createElement("figcaption");
  fig.append(img, back, cap);
  return fig;
}

function update(card, fig) {
  const img = fig.querySelector("img.face"), back = fig.querySelector("img.back");
  if (img.getAttribute("src") !== card.face) img.setAttribute("src", card.face);
  if (back.getAttribute("src") !== card.back) back.setAttribute("src", card.back);
  img.alt = card.name;
  fig.querySelector("figcaption").textContent = `${card.name} · ${card.category_title}`;
}

function filter() {
  const cat = $("category").value, deck = $("deck").value, backs = $("backs").checked;
  let shown = 0;
  for (const fig of $("gallery").children) {
    const ok = (!cat || fig.dataset.category === cat) &&
               (!deck || fig.dataset.decks.split(" ").includes(deck));
    fig.hidden = !ok;
    fig.querySelector("img.back").hidden = !backs;
    if (ok) shown++;
  }
  $("count").textContent = say("cards", {n: shown});
}

function render(d) {
  data = d;
  useWords(d.language, d.words);
  document.title = `${d.title} — deckwright serve`;
  $("title").textContent = d.title;
  for (const c of d.categories) option($("category"), c.id, c.title);
  for (const k of d.decks) option($("deck"), k.id, k.title);
  const gallery = $("gallery");
  const existing = new Map([...gallery.children].map((f) => [f.id, f]));
  const order = [];
  for (const card of d.cards) {
    const fig = existing.get(`card-${card.id}`) || figure(card);
    fig.dataset.category = card.category;
    fig.dataset.decks = card.decks.join(" ");
    update(card, fig);
    order.push(fig);
    existing.delete(fig.id);
  }
  for (const gone of existing.values()) gone.remove();
  gallery.append(...order);
  const problems = $("problems");
  problems.hidden = !d.problems.length;
  problems.replaceChildren(...d.problems.map((p) => {
    const line = document.createElement("pre"); line.textContent = p; return line;
  }));
  const counts = {};
  const list = $("example-list");
  list.replaceChildren();
  for (const ex of d.examples) {
    counts[ex.status] = (counts[ex.status] || 0) + 1;
    const li = document.createElement("li");
    li.className = `verdict ${ex.status}`;
    li.dataset.example = ex.id;
    li.textContent = `${ex.id}: ${say(ex.status, {})}`;
    if (ex.status === "failing") {
      const pre = document.createElement("pre"); pre.textContent = ex.detail; li.appendChild(pre);
    }
    list.appendChild(li);
  }
  $("verdicts").textContent = Object.entries(counts).map(([k, v]) => `${v} ${say(k, {})}`).join(", ")
                              || say("no-examples", {});
  document.body.dataset.version = d.version;
  filter();
}

for (const id of ["category", "deck", "backs"]) $(id).addEventListener("change", filter);
follow("/events", "data", render);
