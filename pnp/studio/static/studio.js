// pnp studio: the page. Every string from the game is shown as text (textContent), never markup.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let state = null;
let openId = null;
let openCard = null;
const tiles = new Map(); // tile id -> figure

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function status(text, busy) {
  $("status").textContent = text;
  $("status").classList.toggle("busy", !!busy);
}

async function getJSON(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) throw new Error(url + ": " + r.status);
  return r.json();
}

// -- the gallery --------------------------------------------------------------------------

function faceURL(key) { return "/face/" + key + ".png"; }

// The gallery is virtual: a sheet as tall as every tile would make, holding only the tiles
// near the view (at least WINDOW of them, so a small game's are all there), fetched a page at
// a time from the server, filtered there by set and words.
const COL_W = 162, ROW_H = 290, GAP = 12; // a tile's cell: 150 px wide, the gap beside it
const OVER_ROWS = 3; // rows drawn beyond the view, above and below
const WINDOW = 240; // tiles drawn at least
let view = null; // {version, filter, total, start, tiles}: the last page fetched
let drawing = 0;

function makeTile(t) {
  const fig = el("figure", "tile");
  fig.dataset.id = t.id;
  const img = el("img");
  img.alt = "";
  fig.append(img, el("figcaption"));
  fig.addEventListener("click", () => openFace(t.id));
  watcher.observe(fig);
  return fig;
}

// the version at which the server last said each face changed ("faces" events): a tile flashes
// when it is listed, whatever the page saw of it before
const changedAt = new Map();

function fillTile(fig, t) {
  const changed = changedAt.get(t.id) || 0;
  const signature = JSON.stringify(t) + (t.id === openId) + changed;
  if (fig.dataset.signature === signature) return;
  fig.dataset.signature = signature;
  const img = fig.querySelector("img");
  if (changed > Number(fig.dataset.changed || 0)) {
    fig.dataset.changed = String(changed);
    fig.classList.remove("changed");
    void fig.offsetWidth; // restart the flash
    fig.classList.add("changed");
  }
  if (t.key && fig.dataset.key !== t.key) {
    fig.dataset.key = t.key;
    if (visible.has(t.id)) img.src = faceURL(t.key); // else once it comes into view
  }
  img.alt = t.key ? t.name : ""; // not laid out yet: a grey box, not a broken picture's name
  fig.dataset.set = t.set;
  fig.dataset.side = t.side;
  fig.title = t.names.join(", ");
  const cap = fig.querySelector("figcaption");
  cap.replaceChildren(el("span", "name", t.name),
    el("span", "meta", "×" + count(t.count) + " · " + setName(t.set) + " · " + t.side));
  if (t.warnings.length) {
    const w = el("span", "warn", "⚠ " + t.warnings.length + " warning" + (t.warnings.length > 1 ? "s" : ""));
    w.title = t.warnings.join("\n");
    cap.append(w);
  }
  fig.classList.toggle("open", t.id === openId);
}

function count(n) { return n.toLocaleString("en"); }

function setName(id) {
  const s = state.sets.find((x) => x.id === id);
  return s ? s.name : id;
}

function filter() {
  return new URLSearchParams({ set: $("set-filter").value, q: $("search").value.trim() });
}

// the tiles [first, last) the view needs, in the sheet's columns
function windowOf(total) {
  const gallery = $("gallery");
  const cols = Math.max(1, Math.floor(($("sheet").clientWidth + GAP) / COL_W));
  $("sheet").style.height = Math.ceil(total / cols) * ROW_H + "px";
  const top = Math.floor(gallery.scrollTop / ROW_H) - OVER_ROWS;
  const bottom = Math.ceil((gallery.scrollTop + gallery.clientHeight) / ROW_H) + OVER_ROWS;
  let first = Math.max(0, top * cols), last = Math.min(total, Math.max(0, bottom * cols));
  if (last - first < WINDOW) {
    last = Math.min(total, first + WINDOW);
    first = Math.max(0, last - WINDOW);
  }
  return [first, last, cols];
}

async function drawGallery() {
  const ticket = ++drawing;
  const wanted = filter().toString();
  let total = view && view.filter === wanted && view.version === state.version ? view.total : null;
  if (total === null) total = state.faces; // a new version or filter: the page says how many
  let [first, last, cols] = windowOf(total);
  const have = view && view.filter === wanted && view.version === state.version &&
    view.start <= first && view.start + view.tiles.length >= Math.min(last, view.total);
  if (!have) {
    const query = filter();
    query.set("start", first);
    query.set("stop", last + WINDOW);
    let page;
    try { page = await getJSON("/api/tiles?" + query); } catch { return; }
    if (ticket !== drawing) return; // a newer draw is under way
    view = { ...page, filter: wanted };
    [first, last, cols] = windowOf(view.total);
  }
  placeTiles(first, Math.min(last, view.start + view.tiles.length), cols);
  $("shown").textContent = count(view.total) + " of " + count(state.faces) + " faces";
}

function placeTiles(first, last, cols) {
  const sheet = $("sheet");
  const seen = new Set();
  for (let i = first; i < last; i++) {
    const t = view.tiles[i - view.start];
    if (!t) continue;
    let fig = tiles.get(t.id);
    if (!fig) { fig = makeTile(t); tiles.set(t.id, fig); }
    fillTile(fig, t);
    fig.style.left = (i % cols) * COL_W + "px";
    fig.style.top = Math.floor(i / cols) * ROW_H + "px";
    if (fig.parentNode !== sheet) sheet.append(fig);
    seen.add(t.id);
  }
  for (const [id, fig] of tiles) {
    if (!seen.has(id)) { watcher.unobserve(fig); visible.delete(id); fig.remove(); tiles.delete(id); }
  }
}

function tileOf(id) {
  return view ? view.tiles.find((t) => t.id === id) : undefined;
}

let scrolled = false;
function onScroll() {
  if (scrolled) return;
  scrolled = true;
  requestAnimationFrame(() => { scrolled = false; if (state) drawGallery(); });
}

function drawSets() {
  const select = $("set-filter");
  const chosen = select.value;
  select.replaceChildren(new Option("all sets", ""));
  for (const s of state.sets) select.append(new Option(s.name, s.id));
  select.value = state.sets.some((s) => s.id === chosen) ? chosen : "";
}

function drawProblem() {
  const p = state.problem;
  $("problem").hidden = !p;
  if (!p) return;
  $("problem-where").textContent = p.file ? p.file + (p.line ? ":" + p.line : "") : "";
  $("problem-text").textContent = p.message;
}

// which faces the page shows: the server lays them out first after a save
const visible = new Set();
let focusTimer = null;
// pictures are asked for as their tiles come near the view: the ones on screen first
const watcher = new IntersectionObserver((entries) => {
  for (const e of entries) {
    const fig = e.target;
    if (!e.isIntersecting) { visible.delete(fig.dataset.id); continue; }
    visible.add(fig.dataset.id);
    const img = fig.querySelector("img");
    if (fig.dataset.key && img.getAttribute("src") !== faceURL(fig.dataset.key)) {
      img.src = faceURL(fig.dataset.key);
    }
  }
  clearTimeout(focusTimer);
  focusTimer = setTimeout(sendFocus, 200);
}, { root: $("gallery"), rootMargin: "300px 0px" }); // a row beyond the view, above and below

function sendFocus() {
  const shown = new Set([...visible, ...(openId ? [openId] : [])].map(
    (id) => id.split("/").slice(0, 2).join("/")));
  fetch("/api/focus", { method: "POST", body: [...shown].join("\n"),
    headers: { "content-type": "text/plain; charset=utf-8" } }).catch(() => {});
}

let refreshing = null;
let again = false;
let reopen = false; // the open face changed: its panel is fetched again

async function refresh() {
  if (refreshing) { again = true; return; }
  refreshing = true;
  try {
    do { again = false; await redraw(); } while (again);
  } finally { refreshing = null; }
}

async function redraw() {
  state = await getJSON("/api/state");
  document.title = state.game ? state.game.title + " — pnp studio" : "pnp studio";
  $("title").textContent = state.game ? state.game.title : "pnp studio";
  drawSets();
  await drawGallery();
  drawProblem();
  drawPrints(state.prints);
  if (state.pending) {
    status("laying out faces…" + (state.waiting ? " " + count(state.waiting) + " cards to go" : ""),
      true);
  } else status(state.problem ? "error: see above" : "up to date", !!state.problem);
  document.body.dataset.version = state.version;
  document.body.dataset.faces = state.faces;
  if (openId) {
    const t = tileOf(openId);
    if (reopen || (t && t.key && (!openCard || openCard.key !== t.key))) {
      reopen = false;
      openFace(openId, true);
    }
  }
  loadChecks();
}

// -- one face opened ----------------------------------------------------------------------

async function openFace(id, keepElement) {
  if (openId !== id) { openId = id; sendFocus(); }
  for (const fig of tiles.values()) fig.classList.toggle("open", fig.dataset.id === id);
  showTab("card");
  let card;
  try { card = await getJSON("/api/card?id=" + encodeURIComponent(id)); } catch { return; }
  if (openId !== id) return;
  const picked = keepElement ? document.querySelector("#overlay .el.picked") : null;
  openCard = card;
  $("card-hint").hidden = true;
  $("card").hidden = false;
  $("card-name").textContent = card.name;
  $("card-meta").textContent = card.set + " · " + card.side + " · ×" + card.count + " · " +
    card.template_file + " · catalog " + card.origin;
  drawZoom(card);
  $("card-warnings").replaceChildren(...(card.warnings.length ? card.warnings : ["none"])
    .map((w) => el("li", "", w)));
  const rows = Object.entries(card.fields).map(([k, v]) => {
    const tr = el("tr");
    tr.append(el("td", "", k), el("td", "", typeof v === "string" ? v : JSON.stringify(v)));
    return tr;
  });
  $("card-fields").replaceChildren(...rows);
  $("card-yaml").textContent = card.yaml;
  if (picked) pickElement(picked.dataset.index);
  else $("element-info").hidden = true;
}

function drawZoom(card) {
  const [w, h] = card.trim;
  const b = card.bleed;
  const zoom = parseFloat($("zoom").value);
  const img = $("card-image");
  img.src = faceURL(card.key) + "?zoom=1";
  const room = Math.max(240, $("panel").clientWidth - 40);
  const fit = Math.min(room / (w + 2 * b), 640 / (h + 2 * b)); // px per mm at 100 %
  img.style.width = Math.round((w + 2 * b) * fit * zoom) + "px";
  img.style.height = Math.round((h + 2 * b) * fit * zoom) + "px"; // the outlines show at once
  const svg = $("overlay");
  svg.setAttribute("viewBox", [-b, -b, w + 2 * b, h + 2 * b].join(" "));
  svg.replaceChildren();
  const guides = document.createElementNS(SVG, "g");
  guides.id = "guides";
  const outline = card.shape === "round" ? circle : rect;
  guides.append(rect(-b, -b, w + 2 * b, h + 2 * b, "bleed"), outline(0, 0, w, h, "trim"),
    outline(card.safe, card.safe, w - 2 * card.safe, h - 2 * card.safe, "safe"));
  guides.style.display = $("show-guides").checked ? "" : "none";
  const elements = document.createElementNS(SVG, "g");
  elements.id = "elements";
  const em = Math.max(w, h) / 50; // element names: a fiftieth of the face's longest side
  elements.setAttribute("font-size", em);
  const placed = []; // label boxes already set: a new one never covers them
  card.elements.forEach((e, i) => {
    if (!e.box) return; // an element that paints nothing has no outline
    const [x0, y0, x1, y1] = e.box;
    const r = rect(x0, h - y1, x1 - x0, y1 - y0, "el" + (e.named ? "" : " anonymous"));
    r.dataset.index = i;
    r.dataset.name = e.name;
    const title = document.createElementNS(SVG, "title");
    title.textContent = e.name + (e.where ? " — " + e.where : "");
    r.append(title);
    r.addEventListener("click", (ev) => { ev.stopPropagation(); pickElement(i); });
    const label = document.createElementNS(SVG, "text");
    const [lx, ly] = labelPlace(e.name, [x0, h - y1, x1 - x0, y1 - y0], em, [w, h, b], placed);
    label.setAttribute("x", lx);
    label.setAttribute("y", ly);
    label.textContent = e.name;
    elements.append(r, label);
  });
  elements.style.display = $("show-elements").checked ? "" : "none";
  svg.append(guides, elements);
}

// A label's place: inside its box's top-left corner, else just above or below the box, else
// beside the face; the first that overlaps no label set before it (else the last tried).
function labelPlace(text, box, em, face, placed) {
  const [x, y, bw, bh] = box;
  const [w, h, b] = face;
  const lw = text.length * em * 0.55, lh = em * 1.1;
  const tries = [[x + em / 5, y + em], [x, y - em / 4], [x, y + bh + em], [w + b + em / 2, y + em],
    [-b - lw - em / 2, y + em]];
  for (let k = 0; k < 8; k++) tries.push([w + b + em / 2, y + em + k * lh]);
  const fits = ([tx, ty]) => !placed.some(([px, py, pw, ph]) =>
    tx < px + pw && px < tx + lw && ty - lh < py && py - ph < ty);
  const spot = tries.find(fits) || tries[tries.length - 1];
  placed.push([spot[0], spot[1], lw, lh]);
  return spot;
}

function rect(x, y, w, h, cls) {
  const r = document.createElementNS(SVG, "rect");
  for (const [k, v] of Object.entries({ x, y, width: Math.max(w, 0), height: Math.max(h, 0) })) {
    r.setAttribute(k, v);
  }
  r.setAttribute("class", cls);
  return r;
}

function circle(x, y, w, h, cls) {
  const c = document.createElementNS(SVG, "ellipse");
  for (const [k, v] of Object.entries({ cx: x + w / 2, cy: y + h / 2, rx: Math.max(w / 2, 0),
    ry: Math.max(h / 2, 0) })) c.setAttribute(k, v);
  c.setAttribute("class", cls);
  return c;
}

function pickElement(index) {
  const e = openCard && openCard.elements[index];
  if (!e) return;
  document.querySelectorAll("#overlay .el").forEach((r) =>
    r.classList.toggle("picked", r.dataset.index === String(index)));
  const lines = ["element: " + e.name, "template: " + (e.where || "(not drawn from a line)")];
  if (e.declared) lines.push("box as the template gives it (mm from the trim's top-left): " +
    ["x", "y", "w", "h"].filter((k) => k in e.declared).map((k) => k + " " + e.declared[k])
      .join(", "));
  if (e.ink) lines.push("ink (mm from the trim's top-left): x " + e.ink[0] + ", y " + e.ink[1] +
    ", w " + e.ink[2] + ", h " + e.ink[3]);
  if (e.kind) lines.push("kind: " + e.kind);
  if (e.size !== undefined) lines.push("font size chosen by the fit: " + e.size + " pt");
  if (e.lines !== undefined) lines.push("lines: " + e.lines);
  if (e.text) lines.push("text: " + e.text);
  const info = $("element-info");
  info.textContent = lines.join("\n");
  info.hidden = false;
}

// -- checks -------------------------------------------------------------------------------

function verdictItems(data) {
  if (data.error) return [el("li", "fail", data.error)];
  return data.verdicts.map((v) => {
    const li = el("li", v.status);
    li.append(el("span", "tag", v.status.toUpperCase()), el("span", "", v.text));
    const detail = [];
    if (v.expected != null) detail.push("expected " + v.expected);
    if (v.found != null) detail.push("found " + v.found);
    for (const p of v.problems || []) detail.push(p);
    if (v.origin) detail.push(v.origin);
    if (detail.length) li.append(el("span", "detail", detail.join(" · ")));
    return li;
  });
}

async function loadChecks() {
  try { $("rules").replaceChildren(...verdictItems(await getJSON("/api/checks"))); } catch {}
}

async function checkDeck() {
  const r = await fetch("/api/decklist", { method: "POST", body: $("decklist").value,
    headers: { "content-type": "text/plain; charset=utf-8" } });
  const data = await r.json();
  $("deck-error").hidden = !data.error;
  $("deck-error").textContent = data.error || "";
  $("deck-verdicts").replaceChildren(...(data.error ? [] : verdictItems(data)));
}

// -- kit and rulebook ---------------------------------------------------------------------

const PAGES_SHOWN = 24;

function drawPrints(p) {
  $("prints-status").textContent = p.building ? "building the kit and rulebook…" :
    p.files.length ? "built " + p.files.length + " PDF" + (p.files.length > 1 ? "s" : "") : "";
  $("prints-problem").hidden = !p.problem;
  $("prints-problem").textContent = p.problem || "";
  const box = $("prints");
  if (box.dataset.version === String(p.version) && box.childElementCount) return;
  box.dataset.version = p.version;
  box.replaceChildren(...p.files.map((f) => {
    const div = el("div", "print");
    const h = el("h3", "", f.name + " (" + f.pages + " pages) ");
    const a = el("a", "", "download");
    a.href = "/prints/" + encodeURIComponent(f.name);
    a.setAttribute("download", f.name);
    h.append(a);
    const pages = el("div", "pages");
    for (let i = 0; i < Math.min(f.pages, PAGES_SHOWN); i++) {
      const img = el("img");
      img.loading = "lazy";
      img.alt = f.name + " page " + (i + 1);
      img.src = "/prints/" + encodeURIComponent(f.name) + "/" + i + ".png?b=" + f.stamp;
      pages.append(img);
    }
    div.append(h, pages);
    return div;
  }));
}

// -- tabs, events -------------------------------------------------------------------------

function showTab(name) {
  document.querySelectorAll("#panel nav button").forEach((b) =>
    b.classList.toggle("on", b.dataset.tab === name));
  document.querySelectorAll(".tab").forEach((s) => { s.hidden = s.id !== "tab-" + name; });
}

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("hello", () => refresh());
  events.addEventListener("faces", (e) => {
    const sent = JSON.parse(e.data);
    if (tiles.size) { // not the first faces the page gets: those are all new
      for (const id of sent.changed || []) changedAt.set(id, sent.version);
    }
    if (openId && (sent.changed || []).includes(openId)) reopen = true;
    refresh();
  });
  events.addEventListener("prints", (e) => drawPrints(JSON.parse(e.data)));
  events.onerror = () => status("disconnected: is pnp studio still running?", true);
}

document.addEventListener("DOMContentLoaded", () => {
  const refilter = () => { $("gallery").scrollTop = 0; if (state) drawGallery(); };
  $("set-filter").addEventListener("change", refilter);
  $("search").addEventListener("input", refilter);
  $("gallery").addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll);
  $("check-deck").addEventListener("click", checkDeck);
  $("zoom").addEventListener("change", () => openCard && drawZoom(openCard));
  $("show-guides").addEventListener("change", () => openCard && drawZoom(openCard));
  $("show-elements").addEventListener("change", () => openCard && drawZoom(openCard));
  document.querySelectorAll("#panel nav button").forEach((b) =>
    b.addEventListener("click", () => showTab(b.dataset.tab)));
  connect();
});
