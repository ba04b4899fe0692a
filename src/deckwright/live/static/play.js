// The play table's page: draws this seat's view and sends its decisions. It holds nothing the
// server did not send to this seat.
"use strict";
const token = location.pathname.split("/").pop();
const api = (path) => `/api/${token}/${path}`;
const $ = (id) => document.getElementById(id);

function cardImage(card, small) {
  const img = document.createElement("img");
  img.src = `/card/face/${encodeURIComponent(card.id)}.png`;
  img.alt = card.label;
  img.title = card.label;
  img.className = small ? "card small" : "card";
  img.dataset.card = card.id;
  return img;
}

function backImage(label) {
  const div = document.createElement("div");
  div.className = "card back";
  div.textContent = label;
  return div;
}

function zoneBox(name, title, content, mine) {
  const box = document.createElement("div");
  box.className = "zone" + (mine ? " mine" : "");
  box.dataset.zone = name;
  const h = document.createElement("h3");
  h.textContent = title;
  box.appendChild(h);
  const row = document.createElement("div");
  row.className = "cards";
  if (Array.isArray(content)) {
    for (const c of content) {
      if (c === null) row.appendChild(backImage("·"));
      else if (c === "?") row.appendChild(backImage("?"));
      else if (c.known) {  // face down, but this seat knows it (its own face-down card)
        const img = cardImage(c.known, true);
        img.classList.add("facedown");
        img.title = `${c.known.label} (${say("facedown", {})})`;
        row.appendChild(img);
      }
      else row.appendChild(cardImage(c, !mine));
    }
    if (!content.length) row.appendChild(document.createTextNode("—"));
  } else {
    row.appendChild(backImage(String(content.count)));
    if (content.top) row.appendChild(cardImage(content.top, true));
    for (const c of content.shown || []) row.appendChild(cardImage(c, true));
  }
  box.appendChild(row);
  return box;
}

async function post(path, body) {
  const r = await fetch(api(path), {method: "POST", headers: {"Content-Type": "application/json"},
                                    body: JSON.stringify(body || {})});
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

let shown = -1;  // the version on the page: an answer for it again changes nothing
function render(v) {
  if (v.version === shown) return;  // redrawing would only replace buttons being clicked
  shown = v.version;
  useWords(v.language, v.words);
  document.title = `${v.title} — ${v.names[v.me] || v.me}`;
  $("title").textContent = `${v.title} — ${v.names[v.me] || v.me}`;
  const who = (name) => v.names[name] || name;  // players as the game names them (P1)
  const seats = v.seats.map((s) => `${who(s.name)} (${s.kind === "you" ? say("you", {}) : s.kind})`).join(", ");
  let status = v.over ? `${say("over", {})} ${v.winner ? say("winner", {player: who(v.winner)}) : ""}`
                      : say("decides", {player: who(v.deciding)});
  status += " " + say("scores", {scores: v.scores.map((s, i) => `${who(v.seats[i].name)} ${s}`).join(", ")});
  status += " " + say("seats", {seats: seats});
  if (v.fixed_deal) status += " " + say("fixed", {});
  if (v.restart.asked.length) status += " " + say("asked", {players: v.restart.asked.map(who).join(", ")});
  if (v.fault) status += ` ${v.fault}`;
  $("status").textContent = status;
  $("status").dataset.over = v.over ? "yes" : "no";
  $("restart").textContent = say(v.restart.mine ? "withdraw" : "restart", {});
  $("restart").dataset.mine = v.restart.mine ? "yes" : "no";
  const facts = $("public");
  facts.replaceChildren();
  for (const fact of v.public) {
    const dt = document.createElement("dt");
    dt.textContent = fact.name;
    const dd = document.createElement("dd");
    dd.textContent = fact.value;
    dd.dataset.fact = fact.key;
    facts.append(dt, dd);
  }
  const table = $("table");
  table.replaceChildren();
  for (const [name, content] of Object.entries(v.zones)) {
    table.appendChild(zoneBox(name, v.zone_titles[name] || name, content, name.endsWith(" " + v.me)));
  }
  const actions = $("actions");
  actions.replaceChildren();
  $("prompt").textContent = v.legal.length ? say("decide", {})
                          : (v.over ? "" : say("waiting", {player: who(v.deciding)}));
  v.legal.forEach((text, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.dataset.action = text;
    const said = document.createElement("span");
    said.textContent = v.said[i];
    const notation = document.createElement("code");
    notation.textContent = text;
    b.append(said, notation);
    b.addEventListener("click", async () => {
      try { await post("act", {action: text}); $("error").textContent = ""; }
      catch (e) { $("error").textContent = e.message; }
    });
    actions.appendChild(b);
  });
  $("undo").disabled = Boolean(v.undo_refusal);  // why not, on hover
  $("undo").title = v.undo_refusal;
  const log = $("log");
  log.replaceChildren();
  for (const line of v.log.slice(-40)) {
    const li = document.createElement("li");
    li.textContent = line;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

async function loadStarts() {
  const r = await fetch(api("starts"));
  const data = await r.json();
  const sel = $("start");
  sel.replaceChildren();
  for (const point of data.starts || []) {
    const o = document.createElement("option");
    o.value = point.start;
    o.textContent = point.start ? say("after", {event: point.after}) : say("beginning", {});
    sel.appendChild(o);
  }
}

$("undo").addEventListener("click", () => post("undo").catch((e) => $("error").textContent = e.message));
$("restart").addEventListener("click", () =>
  post("restart", {agree: $("restart").dataset.mine !== "yes"})
    .catch((e) => $("error").textContent = e.message));
$("recorder").addEventListener("toggle", () => { if ($("recorder").open) loadStarts(); });
$("save").addEventListener("click", async () => {
  try {
    const r = await post("record", {start: Number($("start").value), title: $("rec-title").value});
    $("saved").textContent = say("saved", {id: r.id, file: r.file});
  } catch (e) { $("saved").textContent = e.message; }
});

const refresh = follow(api("events"), api("view"), render);
refresh();
