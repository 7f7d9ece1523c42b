// The Dancing Links player, drawn in the browser from a trace the kernel sends once.
// The same module serves anywidget (its default export) and static pages
// (mountAll), so JupyterLab, Voila and an exported page show the same player.
import { JUMPS, Playback, Timeline } from "./playback.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 20; // one node of the matrix, in CSS pixels at scale 1
const PALETTE = {
  // Okabe and Ito's colour-blind-safe palette; every state also has its own shape or pattern
  linked: "#56B4E9",
  chosen: "#E69F00",
  chosenOff: "#F5D9A3", // the chosen orange, paler: a node of a chosen option that is off its list
  hidden: "#FFFFFF",
  purified: "#CC79A7",
  sticker: "#009E73",
  drift: "#D55E00",
  stranded: "#000000",
  written: "#D55E00",
  ink: "#222222",
};
const SPEEDS = [1, 2, 5, 10, 30, 60]; // frames per second; 60 is one frame per animation frame
const SCALES = [0.75, 1, 1.25, 1.5, 2];
const BUTTONS = [
  ["first", "|◀", "the first frame (Home)"],
  ["back", "◀ Back", "back one search step, or one event when stopping at every hide, unhide and sticker (←)"],
  ["play", "▶ Play", "play or pause (space)"],
  ["step", "Step ▶", "on one search step, or one event when stopping at every hide, unhide and sticker (→)"],
  ["last", "▶|", "the last frame (End)"],
  ["prev-choice", "◀ choice", "the previous option tried (C5) (shift+C)"],
  ["next-choice", "choice ▶", "the next option tried (C5) (C)"],
  ["next-solution", "solution ▶", "the next solution (C2 with no primary item left) (S)"],
  ["next-purify", "purify ▶", "the next purify (P)"],
  ["next-double-purify", "double purify ▶", "the next purify of an item purified already on this path (D)"],
  ["first-drift", "first drift", "the first frame where some LEN differs from the nodes really linked (F)"],
  ["next-stranded", "stranded ▶", "the next frame where a node is left off its list with nothing holding it out (X)"],
  ["next-early", "back too soon ▶", "the next frame where a node comes back to its list while a hide in force still holds it out (E)"],
  ["next-missed", "missed solution ▶", "the next solution that only the second search finds (M)"],
];
// the keys of the player, when it has the focus (Jupyter's own shortcuts are kept out while it has it)
const KEYS = {
  ArrowRight: "step", ArrowLeft: "back", " ": "play", Home: "first", End: "last",
  c: "next-choice", C: "prev-choice", s: "next-solution", p: "next-purify", d: "next-double-purify",
  f: "first-drift", x: "next-stranded", e: "next-early", m: "next-missed",
};
// the legend's entries, in the order it shows them: the node states (wordcover.analysis), then the marks drawn on
// top of them; a page may ask for fewer (options.legend), and a mark it leaves out is not drawn either
export const LEGEND = ["linked", "chosen", "chosen-off", "hidden", "purified", "twice", "stranded", "early", "sticker", "drift", "written"];

/** The legend entries a panel shows: every entry its problem can show (no purify, sticker or stranding without
 * colours; the pointers written only where the links are drawn), limited to options.legend where a page gives it. */
export function legendEntries(options = {}, { coloured = true, small = true } = {}) {
  const asked = options.legend == null ? null : new Set(options.legend);
  if (asked) {
    const unknown = [...asked].filter((key) => !LEGEND.includes(key));
    if (unknown.length) throw new Error(`unknown legend entries ${unknown.join(", ")}; the player knows ${LEGEND.join(", ")}`);
  }
  const possible = (key) => (coloured || !["purified", "twice", "stranded", "early", "sticker"].includes(key)) && (small || key !== "written");
  return LEGEND.filter((key) => possible(key) && (!asked || asked.has(key)));
}

/** The sticker drawn on a node's box (left x, top y, side): a right triangle over the box's top right corner, each
 * leg 0.7 of the side, its right angle 0.1 of the side outside the box (in the gap between boxes), so it reads at a
 * glance yet its long side passes above and right of the colour letter (a corner inside the box would cross it). */
export function stickerCorner(x, y, side) {
  const leg = 0.7 * side;
  const right = x + 1.1 * side;
  const top = y - 0.1 * side;
  return `M${right - leg} ${top} H${right} V${top + leg} Z`;
}

/** The option rows a panel draws, in order: options.rows where a page gives them (each an option of the problem,
 * once), else every option. */
export function shownRows(options = {}, count = 0) {
  if (options.rows == null) return Array.from({ length: count }, (_, o) => o);
  const rows = options.rows.map(Number);
  const bad = rows.filter((o, k) => !Number.isInteger(o) || o < 0 || o >= count || rows.indexOf(o) !== k);
  if (bad.length) throw new Error(`rows must be distinct options 0 to ${count - 1}: ${bad.join(", ")}`);
  return rows;
}

const SPOKEN_EVERY = 1500; // ms: while playing, the live region speaks at most this often
const STYLE = `
.wc-player{font:13px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;background:#fff;
  border:1px solid #ccc;border-radius:6px;padding:8px;box-sizing:border-box;max-width:100%}
.wc-player:focus{outline:2px solid #0072B2}
.wc-controls{display:flex;flex-wrap:wrap;gap:4px 6px;align-items:center;margin-bottom:6px;position:sticky;top:0;
  z-index:2;background:#fff;padding:4px 0;border-bottom:1px solid #eee}
.wc-controls button{font:inherit;padding:3px 8px;border:1px solid #888;border-radius:4px;background:#f4f4f4;
  cursor:pointer;white-space:nowrap;min-height:26px}
.wc-controls button:hover{background:#e4eef8}
.wc-controls button[disabled]{opacity:.45;cursor:default}
.wc-controls button[data-action=play]{min-width:5.5em;font-weight:600}
.wc-controls label{display:inline-flex;align-items:center;gap:3px;white-space:nowrap}
.wc-controls select{font:inherit}
.wc-slider{flex:1 1 220px;min-width:160px}
.wc-frameno{font-variant-numeric:tabular-nums;min-width:9em}
.wc-panels{display:flex;flex-wrap:nowrap;gap:10px}
.wc-panel{flex:1 1 0;min-width:0}
[data-wordcover-compare] .wc-panels{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:10px}
[data-wordcover-compare] .wc-panel{display:grid;grid-template-rows:subgrid;grid-row:span 5;align-content:start}
[data-wordcover-compare] .wc-main{flex:1 1 100%}
[data-wordcover-compare] .wc-panel>*{min-width:0}
.wc-player[data-wordcover-compare] svg.wc-matrix{max-width:100%}
.wc-banner:empty{visibility:hidden;padding:0;border:0;margin:0}
[data-wordcover-compare] .wc-banner{font-weight:400;padding:2px 6px;margin:0 0 4px}
.wc-player .wc-banner:empty{visibility:hidden;padding:0;border:0;margin:0}
.wc-title{font-weight:600;margin:2px 0 4px}
.wc-event{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f6f6f6;padding:2px 6px;border-radius:3px;
  margin-bottom:4px;min-height:1.4em}
.wc-note{color:#8a3b00;min-height:1.3em}
[data-wordcover-compare] .wc-panel .wc-event{min-height:2.8em}
.wc-event,.wc-note,.wc-title{overflow-wrap:anywhere}
[data-wordcover-compare] .wc-panel .wc-note{min-height:3.9em}
.wc-banner{background:#fff3cd;border:1px solid #b8860b;color:#5c4400;padding:4px 8px;margin:2px 0 6px;border-radius:3px;font-weight:600}
.wc-body{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.wc-side{flex:1 1 260px;min-width:220px;max-width:460px}
.wc-main{flex:0 1 auto;min-width:0;overflow:auto}
.wc-side h4{margin:6px 0 2px;font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#555}
.wc-path,.wc-log,.wc-info{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
.wc-log div{white-space:normal;padding-left:1.5em;text-indent:-1.5em}
.wc-log .wc-now{background:#fff2cc;font-weight:600}
.wc-info{white-space:pre-wrap;background:#f6f6f6;border-radius:3px;padding:3px 5px;min-height:2.6em}
.wc-drifts{font-weight:600}
.wc-legend{display:flex;flex-wrap:wrap;gap:4px 12px;margin:4px 0;font-size:12px}
.wc-legend span{display:inline-flex;align-items:center;gap:4px}
.wc-player svg.wc-matrix,.wc-player svg.wc-board{max-width:none;height:auto}
.wc-matrix text{font-family:ui-monospace,Menlo,Consolas,monospace}
.wc-matrix .wc-node,.wc-matrix .wc-head{cursor:pointer}
.wc-static-note{font-size:12px;color:#555;margin:2px 0}
.wc-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.wc-table{font:12px ui-monospace,Menlo,Consolas,monospace;border-collapse:collapse}
.wc-table th,.wc-table td{padding:0 6px;text-align:right}
.wc-table th:first-child,.wc-table td:first-child{text-align:left}
.wc-table tr.wc-off td{color:#D55E00;font-weight:700}
`;

function el(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function svg(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function injectStyle(root) {
  const doc = root.ownerDocument || document;
  if (doc.getElementById("wordcover-player-style")) return;
  el("style", { id: "wordcover-player-style" }, doc.head, STYLE);
}

const number = (n) => n.toLocaleString("en-US");

/** Set an attribute only when its value changes: a frame rewrites only what it changes, so a step stays cheap. */
function put(node, name, value) {
  const v = String(value);
  const cache = node.__wc || (node.__wc = {});
  if (cache[name] !== v) {
    cache[name] = v;
    node.setAttribute(name, v);
  }
}

/** Set a node's text only when it changes. */
function putText(node, text) {
  if (node.__wcText !== text) {
    node.__wcText = text;
    node.textContent = text;
  }
}
const signed = (n) => (n < 0 ? `−${-n}` : String(n)); // a true minus sign, as in the drift row

/** The pattern and marker definitions every matrix uses (hatching for purified nodes, arrowheads). */
function defs(parent, id) {
  const d = svg("defs", {}, parent);
  const hatch = svg("pattern", { id: `${id}-hatch`, width: 5, height: 5, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, d);
  svg("rect", { width: 5, height: 5, fill: "#fff" }, hatch);
  svg("line", { x1: 0, y1: 0, x2: 0, y2: 5, stroke: PALETTE.purified, "stroke-width": 3 }, hatch);
  const arrow = svg("marker", { id: `${id}-arrow`, viewBox: "0 0 6 6", refX: 5, refY: 3, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, d);
  svg("path", { d: "M0,0 L6,3 L0,6 z", fill: PALETTE.written }, arrow);
}

/** How far a pointer written in an item's list bows out of its column's centre line: a cubic whose two control
 * points sit b to one side bows 3b/4, so the arc (2.5 px wide) stays inside its own column of CELL px. */
export const ARC_BOW = 7;

/** The path of a pointer written in an item's list, from y1 to y2 on the column's centre line x: a DLINK bows to
 * the right, a ULINK to the left, by ARC_BOW at most; it leaves and meets the line steeply, so its arrowhead lies
 * along the column rather than across the next one. A pointer to itself (an empty list) is a small loop below. */
export function pointerArc(x, y1, y2, array) {
  const b = ((array === "DLINK" ? 1 : -1) * ARC_BOW * 4) / 3;
  const lift = y1 === y2 ? CELL * 0.8 : (y2 - y1) / 3;
  const [c1, c2] = y1 === y2 ? [y1 + lift, y2 + lift] : [y1 + lift, y2 - lift];
  const at = (n) => Math.round(n * 100) / 100;
  return `M${at(x)},${at(y1)} C${at(x + b)},${at(c1)} ${at(x + b)},${at(c2)} ${at(x)},${at(y2)}`;
}

let serial = 0;

/** One trace's views: matrix with LEN and the links, counters, board, path, log and fields. */
class Panel {
  constructor(parent, playback, options = {}) {
    this.p = playback;
    this.small = playback.nodes <= 900; // draw the links and label the rows only where they stay legible
    this.coloured = playback.colours.length > 1; // a problem without colours shows no colour row, purify or sticker
    // what the legend explains, and so the marks drawn: a page may leave out what its reader has not met yet
    this.legendKeys = legendEntries(options, { coloured: this.coloured, small: this.small });
    this.shows = (key) => this.legendKeys.includes(key);
    // the option rows drawn (a page may draw only the ones it is about), and each row labelled by its number alone
    // where a page asks (options.rowNumbers)
    this.rows = shownRows(options, playback.labels.length);
    this.rowNumbers = Boolean(options.rowNumbers);
    this.board = playback.payload.board || null;
    this.id = `wc${++serial}`;
    this.root = el("div", {
      class: "wc-panel",
      "data-wordcover-player": "",
      "data-engine": playback.engine,
      "data-frame": "0",
      "data-frames": String(playback.frames),
      "data-complete": playback.payload.complete ? "true" : "false",
    }, parent);
    this.selected = null;
    this.styles = {
      // each state its own colour and its own shape or pattern (the legend draws the same)
      linked: { rx: 2, fill: PALETTE.linked, stroke: "#1b5e84", "stroke-width": 1, "stroke-dasharray": "none" },
      chosen: { rx: 7, fill: PALETTE.chosen, stroke: PALETTE.ink, "stroke-width": 2.5, "stroke-dasharray": "none" },
      "chosen-off": { rx: 7, fill: PALETTE.chosenOff, stroke: PALETTE.ink, "stroke-width": 1.5, "stroke-dasharray": "3 2" },
      purified: { rx: 2, fill: `url(#${this.id}-hatch)`, stroke: PALETTE.purified, "stroke-width": 1, "stroke-dasharray": "none" },
      hidden: { rx: 2, fill: PALETTE.hidden, stroke: "#777", "stroke-width": 1, "stroke-dasharray": "2 2" },
      twice: { rx: 0, fill: PALETTE.hidden, stroke: PALETTE.drift, "stroke-width": 3, "stroke-dasharray": "1 2" },
      stranded: { rx: 0, fill: "#fde3d3", stroke: PALETTE.stranded, "stroke-width": 2, "stroke-dasharray": "none" },
      early: { rx: 0, fill: PALETTE.linked, stroke: PALETTE.stranded, "stroke-width": 3, "stroke-dasharray": "none" },
    };
    this.title = el("div", { class: "wc-title" }, this.root, playback.payload.title);
    // a search cut at its event limit says so on the player itself, in every front end; side by side, an empty
    // banner keeps the other panel's rows in line with this one's (the two panels share their rows)
    el("div", { class: "wc-banner", role: playback.payload.complete ? "presentation" : "status" }, this.root,
      playback.payload.complete ? "" : playback.payload.message);
    this.eventLine = el("div", { class: "wc-event" }, this.root); // read aloud by the player's one live region
    this.note = el("div", { class: "wc-note" }, this.root);
    const body = el("div", { class: "wc-body" }, this.root);
    this.main = el("div", { class: "wc-main" }, body); // the matrix first: on a narrow screen it comes next to the controls
    this.side = el("div", { class: "wc-side" }, body);
    this.buildLegend();
    this.buildMatrix();
    if (this.board) this.buildBoard();
    el("h4", {}, this.side, "Counters");
    this.drifts = el("div", { class: "wc-drifts" }, this.side);
    // the counters as text, for a screen reader or a reader who wants the numbers: LEN beside the nodes linked
    const details = el("details", {}, this.side);
    el("summary", {}, details, "LEN and nodes linked, as a table");
    const table = el("table", { class: "wc-table" }, details);
    const head = el("tr", {}, el("thead", {}, table));
    for (const h of ["item", "LEN", "linked"]) el("th", { scope: "col" }, head, h);
    const rows = el("tbody", {}, table);
    this.tableRows = [null];
    for (let i = 1; i <= playback.n; i++) {
      const tr = el("tr", {}, rows);
      el("th", { scope: "row" }, tr, playback.names[i]);
      this.tableRows.push({ tr, len: el("td", {}, tr), real: el("td", {}, tr) });
    }
    el("h4", {}, this.side, "Search path");
    this.pathBox = el("div", { class: "wc-path" }, this.side);
    el("h4", {}, this.side, "Fields (click a node or an item)");
    this.info = el("div", { class: "wc-info" }, this.side, "—");
    el("h4", {}, this.side, "Log");
    this.log = el("div", { class: "wc-log" }, this.side);
    // a log given less room than its events take fits them again whenever its room changes (a slide shown)
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.fitLog()).observe(this.log);
  }

  buildLegend() {
    // beside the matrix (below it where the panel is narrow), so the matrix's column names and LEN row come
    // right after the event line and the notes
    const legend = el("div", { class: "wc-legend" }, this.side);
    const entry = (key, label, draw) => {
      const span = el("span", { "data-legend": key }, legend);
      const icon = svg("svg", { width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" }, span);
      draw(icon);
      el("span", {}, span, label);
    };
    defs(svg("svg", { width: 0, height: 0, style: "position:absolute" }, legend), `${this.id}-legend`);
    const draw = {
      linked: ["linked", (s) => svg("rect", { x: 2, y: 2, width: 12, height: 12, fill: PALETTE.linked, stroke: "#1b5e84" }, s)],
      chosen: ["chosen option, in its list", (s) => svg("rect", { x: 2, y: 2, width: 12, height: 12, rx: 6, fill: PALETTE.chosen, stroke: PALETTE.ink, "stroke-width": 2.5 }, s)],
      "chosen-off": ["chosen option, off its list", (s) => svg("rect", { x: 2.5, y: 2.5, width: 11, height: 11, rx: 5.5, fill: PALETTE.chosenOff, stroke: PALETTE.ink, "stroke-width": 1.5, "stroke-dasharray": "3 2" }, s)],
      hidden: ["hidden (by a cover)", (s) => svg("rect", { x: 2.5, y: 2.5, width: 11, height: 11, fill: "#fff", stroke: "#777", "stroke-dasharray": "2 2" }, s)],
      purified: ["purified away", (s) => svg("rect", { x: 2, y: 2, width: 12, height: 12, fill: `url(#${this.id}-legend-hatch)`, stroke: PALETTE.purified }, s)],
      twice: ["hidden twice", (s) => svg("rect", { x: 3, y: 3, width: 10, height: 10, fill: PALETTE.hidden, stroke: PALETTE.drift, "stroke-width": 3, "stroke-dasharray": "1 2" }, s)],
      stranded: ["stranded: off its list, nothing holds it", (s) => {
        svg("rect", { x: 2, y: 2, width: 12, height: 12, fill: "#fde3d3", stroke: PALETTE.stranded, "stroke-width": 2 }, s);
        svg("path", { d: "M4 4 L12 12 M12 4 L4 12", stroke: PALETTE.stranded, "stroke-width": 2 }, s);
      }],
      early: ["back too soon: in its list, a hide in force holds it out", (s) => svg("rect", { x: 2.5, y: 2.5, width: 11, height: 11, fill: PALETTE.linked, stroke: PALETTE.stranded, "stroke-width": 3 }, s)],
      sticker: ["sticker (COLOR −1)", (s) => {
        svg("rect", { x: 1, y: 4, width: 11, height: 11, fill: "#fff", stroke: "#1b5e84" }, s);
        svg("path", { d: stickerCorner(1, 4, 11), fill: PALETTE.sticker, stroke: PALETTE.ink, "stroke-width": 1 }, s);
      }],
      drift: ["LEN ≠ nodes linked", (s) => svg("rect", { x: 1, y: 1, width: 14, height: 14, fill: "#fff", stroke: PALETTE.drift, "stroke-width": 3 }, s)],
      written: ["pointer just written (by the step shown)", (s) => svg("path", { d: "M2 13 Q8 0 14 13", fill: "none", stroke: PALETTE.written, "stroke-width": 2.5 }, s)],
    };
    for (const key of this.legendKeys) entry(key, ...draw[key]);
  }

  buildMatrix() {
    const p = this.p;
    const rows = this.rows.length;
    this.rowAt = new Map(this.rows.map((o, k) => [o, k])); // option -> the row it is drawn in
    const named = this.small && !this.rowNumbers;
    const rowText = (o) => (named ? `${o}: ${p.labels[o]}` : String(o));
    const longest = Math.max(6, ...this.rows.map((o) => rowText(o).length));
    const labelWidth = Math.min(named ? 240 : 60, 14 + 6.8 * longest);
    const gap = 8; // between primary and secondary items
    this.colX = [0];
    for (let i = 1; i <= p.n; i++) this.colX.push(labelWidth + (i - 1) * CELL + (i > p.n1 ? gap : 0));
    // names that fit a column (two or three letters, such as A or c1) stand upright; longer ones are turned
    const upright = p.names.slice(1).every((name) => name.length * 7 <= CELL + 4);
    const nameHeight = upright ? 18 : 12 + 7 * Math.max(...p.names.map((s) => s.length));
    this.yList = nameHeight + 6; // the list of items still to cover, as LLINK/RLINK join them
    this.itemX = (i) => (i === 0 || i === p.n + 1 ? this.colX[i === 0 ? 1 : p.n1 + 1] - 6 : this.colX[i] + CELL / 2);
    this.yColour = nameHeight + 12; // a colour item's current colour
    this.yHead = this.yColour + CELL; // the header nodes, holding LEN
    this.yReal = this.yHead + CELL; // the nodes really linked
    this.yDrift = this.yReal + CELL;
    const counterRows = this.shows("drift") ? 3 : 2; // LEN, linked, and the drift where the legend explains it
    this.yRow0 = this.yHead + counterRows * CELL + 6;
    const width = this.colX[p.n] + CELL + 8;
    const height = this.yRow0 + rows * CELL + 6;
    const s = (this.svg = svg("svg", { class: "wc-matrix", width, height, viewBox: `0 0 ${width} ${height}`, role: "img" }, this.main));
    svg("title", {}, s, "the matrix: items as columns, options as rows");
    defs(s, this.id);
    // item names, primary bold, secondary italic; a colour item shows its current colour below
    this.heads = [null];
    for (let i = 1; i <= p.n; i++) {
      const x = this.colX[i] + CELL / 2;
      const g = svg("g", { class: "wc-head", "data-head": p.names[i] }, s);
      const t = svg("text", {
        x, y: nameHeight - 2, ...(upright ? { "text-anchor": "middle" } : { transform: `rotate(-90 ${x} ${nameHeight - 2})`, "dominant-baseline": "middle" }),
        "font-size": 12, "font-weight": i <= p.n1 ? 700 : 400, "font-style": i <= p.n1 ? "normal" : "italic",
      }, g, p.names[i]);
      g.addEventListener("click", () => this.select({ item: i }));
      this.heads.push(t);
    }
    const rowLabel = (y, text) => svg("text", { x: labelWidth - 6, y: y + CELL / 2, "text-anchor": "end", "dominant-baseline": "middle", "font-size": 11, fill: "#444" }, s, text);
    if (this.coloured) rowLabel(this.yColour, "colour");
    rowLabel(this.yHead, "LEN");
    rowLabel(this.yReal, "linked");
    if (this.shows("drift")) rowLabel(this.yDrift, "drift");
    svg("line", { x1: this.colX[p.n1] + CELL + gap / 2, x2: this.colX[p.n1] + CELL + gap / 2, y1: 4, y2: height - 4, stroke: "#bbb", "stroke-dasharray": "3 3" }, s);
    this.colourTags = new Map();
    for (let i = p.n1 + 1; i <= p.n && this.coloured; i++) {
      const x = this.colX[i];
      const box = svg("rect", { x: x + 2, y: this.yColour + 2, width: CELL - 4, height: CELL - 4, rx: 8, fill: "none", stroke: "none" }, s);
      const text = svg("text", { x: x + CELL / 2, y: this.yColour + CELL / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 11, "font-weight": 700 }, s, "");
      this.colourTags.set(i, { box, text });
    }
    // the counters, lined up with the columns: LEN (Knuth keeps it in the header node), nodes linked, drift
    this.counters = [null];
    for (let i = 1; i <= p.n; i++) {
      const x = this.colX[i];
      const g = svg("g", { "data-item": p.names[i], "data-len": "0", "data-real": "0", class: "wc-counter" }, s);
      const box = svg("rect", { x: x + 1, y: this.yHead + 1, width: CELL - 2, height: counterRows * CELL - 2, rx: 3, fill: "#fff", stroke: "#999" }, g);
      const len = svg("text", { x: x + CELL / 2, y: this.yHead + CELL / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 12, "font-weight": 700 }, g, "");
      const real = svg("text", { x: x + CELL / 2, y: this.yReal + CELL / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 12 }, g, "");
      const drift = svg("text", { x: x + CELL / 2, y: this.yDrift + CELL / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 11, "font-weight": 700, fill: PALETTE.drift }, g, "");
      g.addEventListener("click", () => this.select({ item: i }));
      this.counters.push({ g, box, len, real, drift });
    }
    // option rows and their nodes
    this.nodes = new Map();
    this.rows.forEach((o, k) => {
      const y = this.yRow0 + k * CELL;
      if (k % 2 === 0) svg("rect", { x: 0, y, width, height: CELL, fill: "#f7f7f7" }, s);
      rowLabel(y, rowText(o));
    });
    this.rowMark = svg("rect", { x: 0, y: 0, width, height: CELL, fill: "#ffd54f", "fill-opacity": 0.35, stroke: "#b08400", visibility: "hidden" }, s); // the option of the current event
    this.linkLayer = svg("g", { fill: "none" }, s);
    // the colour each node is given, for every option (a row not drawn still writes its colours on the board)
    this.colourOf = new Map();
    p.optionNodes.forEach((nodes) => nodes.forEach((x) => this.colourOf.set(x, p.state.COLOR[x] > 0 ? p.colours[p.state.COLOR[x]] : "")));
    this.rows.forEach((o, k) => {
      const y = this.yRow0 + k * CELL;
      for (const x of p.optionNodes[o]) {
        const i = p.top[x];
        const g = svg("g", { class: "wc-node", "data-node": x }, s);
        const box = svg("rect", { x: this.colX[i] + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 2 }, g);
        // the sticker: over the box's top right corner, clear of the colour letter (stickerCorner)
        const sticker = svg("path", { class: "wc-sticker", d: stickerCorner(this.colX[i] + 2, y + 2, CELL - 4), fill: PALETTE.sticker, stroke: PALETTE.ink, "stroke-width": 1, visibility: "hidden" }, g);
        const cx = this.colX[i];
        const cross = svg("path", { d: `M${cx + 4} ${y + 4} L${cx + CELL - 4} ${y + CELL - 4} M${cx + CELL - 4} ${y + 4} L${cx + 4} ${y + CELL - 4}`, stroke: PALETTE.stranded, "stroke-width": 2, visibility: "hidden" }, g);
        const colour = this.colourOf.get(x);
        const label = svg("text", { x: this.colX[i] + CELL / 2, y: y + CELL / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 11 }, g, colour);
        g.addEventListener("click", () => this.select({ node: x }));
        this.nodes.set(x, { g, box, sticker, cross, label, colour });
      }
    });
    this.arrowLayer = svg("g", { fill: "none" }, s);
  }

  /** The x of column i's centre line: every node of item i is centred on it, and so are its list's line and the
   * pointers written in its list (listGeometry). */
  colMid(i) {
    return this.colX[i] + CELL / 2;
  }

  /** The y where a node's links meet it: a header just under its counters (so no line or arrow crosses a LEN), a
   * node at its centre, in its option's row (null for a row not drawn). */
  nodeY(x) {
    const p = this.p;
    if (x <= p.n) return this.yRow0 - 4;
    const row = this.rowAt.get(p.optionOf[x]);
    return row === undefined ? null : this.yRow0 + row * CELL + CELL / 2;
  }

  buildBoard() {
    const { rows, cols } = this.board;
    const size = 26;
    el("h4", {}, this.side, "Board");
    const s = svg("svg", { class: "wc-board", width: cols * size + 2, height: rows * size + 2, role: "img" }, this.side);
    svg("title", {}, s, "the letters the chosen options have written so far");
    this.cells = new Map();
    for (const [name, [r, c]] of Object.entries(this.board.cells)) {
      const g = svg("g", { "data-cell": name }, s);
      const box = svg("rect", { x: c * size + 1, y: r * size + 1, width: size - 2, height: size - 2, fill: "#fff", stroke: "#bbb" }, g);
      const text = svg("text", { x: c * size + size / 2, y: r * size + size / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 14, "font-weight": 700 }, g, "");
      this.cells.set(this.p.names.indexOf(name), { g, box, text });
    }
  }

  select(what) {
    this.selected = what;
    this.showInfo();
  }

  showInfo() {
    const p = this.p;
    const s = this.selected;
    if (!s) return;
    const name = (i) => (i === 0 ? "root" : p.names[i]);
    const colour = (c) => (c < 0 ? "−1 (sticker)" : c === 0 ? "0 (none)" : `${c} (${p.colours[c]})`);
    if (s.node !== undefined) {
      const x = s.node;
      const o = p.optionOf[x];
      this.info.textContent =
        `node ${x} of option ${o} (${p.labels[o]})\n` +
        `TOP ${p.top[x]} (${name(p.top[x])})  ULINK ${p.state.ULINK[x]}  DLINK ${p.state.DLINK[x]}\n` +
        `COLOR ${colour(p.state.COLOR[x])}\n` +
        (this.states?.has(x) ? p.stateText(x, this.states.get(x)) : "");
    } else {
      const i = s.item;
      const walk = p.walk(i);
      const shown = walk.length > 12 ? `${walk.slice(0, 12).join(" → ")} → …` : walk.join(" → ");
      this.info.textContent =
        `item ${p.names[i]} (${i <= p.n1 ? "primary" : "secondary"}), header node ${i}\n` +
        `LEN ${p.state.LEN[i]}, nodes linked ${walk.length}  LLINK ${p.state.LLINK[i]}  RLINK ${p.state.RLINK[i]}\n` +
        `walk by DLINK: ${i} → ${shown}${walk.length ? " → " : ""}${i}`;
    }
  }

  /** Draw the frame: every view from the same state. `extra` adds a note (e.g. waiting in a comparison). */
  render(frame, extra = "", fine = true) {
    const p = this.p;
    p.goto(frame);
    // the writes of what this frame shows: one event's at the finest granularity, else the whole step's (a cover
    // and its hides), however the player got here (a step, a jump or the slider)
    const shown = fine ? p.frame - 1 : p.head(p.frame) - 1; // the frames this stop shows: (shown, frame]
    this.writes = p.writtenBetween(Math.max(0, shown), p.frame);
    put(this.root, "data-frame", String(p.frame));
    const { items } = p.counters();
    const path = p.path();
    const states = (this.states = p.nodeStates());
    const given = this.given(path); // colour item -> the colours the chosen options give it
    const event = p.frame ? p.event(p.frame - 1) : null;
    // stopping at search steps, a stop names its step and what the step did inside it ("cover A, then 4 hides")
    const step = fine ? event : p.frame ? p.event(p.head(p.frame) - 1) : null;
    putText(this.eventLine, `frame ${number(p.frame)} of ${number(p.frames - 1)} · ${fine ? p.describe(p.frame) : p.describeStop(p.frame)}`);
    const drifting = items.filter((c) => c.len !== c.real);
    const notes = [];
    if (fine) {
      const hide = p.hideNote(p.frame); // what the hide or unhide really moved, from the analysis
      if (hide) notes.push(hide);
    }
    const double = fine ? p.doubleNoteAt(p.frame) : p.doubleNote(p.frame); // what this purify did, from the analysis
    if (double) notes.push(double);
    const stranded = p.strandNote(Math.max(0, shown), p.frame);
    if (stranded) notes.push(stranded);
    const early = p.earlyNote(Math.max(0, shown), p.frame);
    if (early) notes.push(early);
    if (p.marks.drift > shown && p.marks.drift <= p.frame) {
      notes.push("first drift: from here some LEN differs from the nodes really linked");
    }
    if (event && event.kind === "solution") {
      const clashes = [...given].filter(([, colours]) => colours.size > 1).map(([i, colours]) => `${p.names[i]} gets ${[...colours].join(" and ")}`);
      if (clashes.length) notes.push(`a wrong solution: ${clashes.join(", ")}`);
    }
    // side by side, a panel's own note (a waiting panel's, say) is a sentence of its own, and what the frame it shows
    // did follows as another: "waiting: ... does not take. Its last step: unhides option 2 ..."
    const own = notes.join(" · ");
    putText(this.note, extra && own ? `${extra}. Its last step: ${own}` : extra || own);
    if (step && step.option !== null && this.rowAt.has(step.option)) {
      put(this.rowMark, "y", this.yRow0 + this.rowAt.get(step.option) * CELL);
      put(this.rowMark, "visibility", "visible");
    } else put(this.rowMark, "visibility", "hidden");
    // counters (a LEN written by this event is underlined)
    const lenWritten = new Set(this.writes.filter((w) => w.array === "LEN").map((w) => w.index));
    for (const c of items) {
      const view = this.counters[c.item];
      put(view.g, "data-len", String(c.len));
      put(view.g, "data-real", String(c.real));
      put(view.g, "data-drift", String(c.len - c.real));
      putText(view.len, signed(c.len));
      putText(view.real, signed(c.real));
      put(view.len, "font-size", Math.abs(c.len) >= 10 ? 10 : 12);
      put(view.real, "font-size", Math.abs(c.real) >= 10 ? 10 : 12);
      put(view.drift, "font-size", Math.abs(c.len - c.real) >= 10 ? 8 : 11);
      put(view.len, "text-decoration", lenWritten.has(c.item) ? "underline" : "none");
      const off = c.len !== c.real;
      putText(view.drift, off && this.shows("drift") ? (c.len > c.real ? `+${c.len - c.real}` : `−${c.real - c.len}`) : "");
      const marked = off && this.shows("drift");
      put(view.box, "stroke", marked ? PALETTE.drift : "#999");
      put(view.box, "stroke-width", marked ? 3 : 1);
      put(view.box, "fill", marked ? "#fde3d3" : c.active ? "#fff" : "#eee");
      put(this.heads[c.item], "fill", c.active ? PALETTE.ink : "#999");
      const row = this.tableRows[c.item];
      putText(row.len, String(c.len));
      putText(row.real, String(c.real));
      put(row.tr, "class", off ? "wc-off" : "");
      put(this.heads[c.item], "text-decoration", c.active ? "none" : "line-through");
    }
    this.drifts.style.color = drifting.length ? PALETTE.drift : "#1b5e20";
    putText(this.drifts, drifting.length
      ? drifting.map((c) => `${c.name}: LEN ${c.len}, ${c.real} linked`).join("; ")
      : "every LEN equals the nodes linked");
    // nodes
    for (const [x, view] of this.nodes) {
      const { state, sticker } = states.get(x);
      for (const [name, value] of Object.entries(this.styles[state])) put(view.box, name, value);
      put(view.sticker, "visibility", sticker && this.shows("sticker") ? "visible" : "hidden");
      put(view.cross, "visibility", state === "stranded" ? "visible" : "hidden");
      put(view.g, "data-state", state + (sticker ? " sticker" : ""));
      put(view.label, "fill", state === "hidden" ? "#888" : PALETTE.ink);
    }
    this.drawLinks();
    for (const [i, tag] of this.colourTags) {
      const colours = [...(given.get(i) || [])];
      putText(tag.text, colours.join("/"));
      put(tag.text, "font-size", colours.length > 1 ? 8 : 11);
      put(tag.box, "fill", colours.length > 1 ? "#fde3d3" : colours.length ? "#fff2cc" : "none");
      put(tag.box, "stroke", colours.length > 1 ? PALETTE.drift : colours.length ? "#b08400" : "none");
    }
    if (this.board) this.drawBoard(given, step);
    // the path and the log
    putText(this.pathBox, path.length ? path.map((o, l) => `L${l}: ${p.labels[o]}`).join("\n") : "(nothing chosen)");
    this.pathBox.style.whiteSpace = "pre";
    this.log.replaceChildren();
    for (let f = Math.max(0, p.frame - 8); f <= p.frame; f++) {
      el("div", { class: f === p.frame ? "wc-now" : "" }, this.log, `${f}: ${p.describe(f)}`);
    }
    this.fitLog();
    // once the page has had its say (a page may reword a line as it appears) and before it is painted, again
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => this.fitLog());
    this.showInfo();
  }

  /** The log shows whole events only: where a page gives it less room than its last events take (the lecture
   * deck), the oldest go, so no event shows cut off at the top; the event shown always stays. */
  fitLog() {
    const log = this.log;
    const room = log.getBoundingClientRect().height; // measured as drawn (not rounded to whole pixels)
    if (!room) return; // not laid out (a slide not shown, or no browser): the next frame or resize fits it
    const span = () => log.lastElementChild.getBoundingClientRect().bottom - log.firstElementChild.getBoundingClientRect().top;
    while (log.children.length > 1 && span() > room + 1) log.firstElementChild.remove();
  }

  /** The colours the chosen options give each colour item (two or more are a clash). */
  given(path) {
    const p = this.p;
    const given = new Map();
    for (const o of path) {
      for (const x of p.optionNodes[o]) {
        const c = this.colourOf.get(x);
        if (!c) continue;
        if (!given.has(p.top[x])) given.set(p.top[x], new Set());
        given.get(p.top[x]).add(c);
      }
    }
    return given;
  }

  /** The lists as links (small problems): the items still to cover, as RLINK joins them from the root (0) and
   * from the head of the secondary items (N+1); each item's real DLINK chain; and the pointers written by the step
   * shown (by the event, at the finest granularity), an item list's relink by cover or uncover included. */
  drawLinks() {
    this.arrowLayer.replaceChildren();
    if (!this.small) return;
    const written = this.shows("written"); // the pointers just written, where the legend explains them
    const p = this.p;
    if (!this.listPaths) {
      // made once: one path for each list of items, one polyline for each item's list; a frame changes their shape
      this.listPaths = [0, p.n + 1].map(() => svg("path", { class: "wc-itemlist", stroke: "#1b5e84", "stroke-width": 1.5, opacity: 0.75 }, this.linkLayer));
      this.itemLines = [null];
      for (let i = 1; i <= p.n; i++) {
        this.itemLines.push(svg("polyline", { class: "wc-list", "data-list": p.names[i], stroke: "#1b5e84", "stroke-width": 1, opacity: 0.55 }, this.linkLayer));
      }
    }
    [0, p.n + 1].forEach((head, k) => {
      const xs = [this.itemX(head)];
      for (let i = p.state.RLINK[head], guard = 0; i !== head && guard <= p.n; i = p.state.RLINK[i], guard++) xs.push(this.itemX(i));
      // one path: a short tick at each item still in the list, joined by the link to the next (no element per item)
      put(this.listPaths[k], "d", xs.map((x, j) => `${j ? "L" : "M"}${x},${this.yList} v-3 v3`).join(" "));
    });
    for (const w of this.writes) {
      if (!written || (w.array !== "LLINK" && w.array !== "RLINK")) continue;
      const [x1, x2] = [this.itemX(w.index), this.itemX(w.value)];
      const lift = Math.min(10, 3 + Math.abs(x2 - x1) / 12);
      svg("path", {
        d: `M${x1},${this.yList} C${x1},${this.yList - lift} ${x2},${this.yList - lift} ${x2},${this.yList}`,
        stroke: PALETTE.written, "stroke-width": 2, "marker-end": `url(#${this.id}-arrow)`,
        "data-write": `${w.array}(${w.index}) ← ${w.value}`,
      }, this.arrowLayer);
    }
    for (let i = 1; i <= p.n; i++) {
      const x = this.colMid(i); // through the centres of the item's nodes
      const ys = [this.nodeY(i), ...p.walk(i).map((q) => this.nodeY(q))].filter((y) => y !== null);
      put(this.itemLines[i], "points", ys.map((y) => `${x},${y}`).join(" "));
    }
    for (const w of this.writes) {
      if (!written || (w.array !== "ULINK" && w.array !== "DLINK")) continue;
      if (w.index > p.n && p.optionOf[w.index] < 0) continue; // a spacer
      const item = w.index <= p.n ? w.index : p.top[w.index];
      const y1 = this.nodeY(w.index);
      const y2 = this.nodeY(w.value);
      if (y1 === null || y2 === null) continue; // a row the page does not draw
      svg("path", {
        d: pointerArc(this.colMid(item), y1, y2, w.array),
        stroke: PALETTE.written, "stroke-width": 2.5, "marker-end": `url(#${this.id}-arrow)`,
        "data-write": `${w.array}(${w.index}) ← ${w.value}`,
      }, this.arrowLayer);
    }
  }

  /** The board: letters the chosen options write, the cell being purified outlined, clashes marked. */
  drawBoard(given, event) {
    const focus = event && ["purify", "unpurify", "hide", "unhide"].includes(event.kind) ? event.item : -1;
    for (const [i, view] of this.cells) {
      const written = given.get(i);
      const clash = written && written.size > 1;
      putText(view.text, written ? [...written].join("/") : "");
      put(view.text, "font-size", clash ? 10 : 14);
      put(view.box, "fill", clash ? "#fde3d3" : written ? "#fff2cc" : "#fff");
      put(view.box, "stroke", i === focus ? PALETTE.ink : clash ? PALETTE.drift : "#bbb");
      put(view.box, "stroke-width", i === focus ? 3 : clash ? 2 : 1);
      put(view.g, "data-clash", clash ? "true" : "false");
    }
  }
}

/**
 * Mount a player: one trace, or two side by side aligned by search path (the first leads).
 * Returns a controller with goto(frame), act(action), frame, and destroy().
 */
export function mount(host, payloads, options = {}) {
  injectStyle(host);
  const playbacks = payloads.map((payload) => new Playback(payload));
  const lead = playbacks[0];
  const compare = playbacks.length > 1;
  const wrapper = el("div", { class: "wc-player", tabindex: "0" }, host);
  if (compare) wrapper.setAttribute("data-wordcover-compare", "");
  const controls = el("div", { class: "wc-controls" });
  const buttons = {};
  for (const [action, label, tip] of BUTTONS) {
    buttons[action] = el("button", { type: "button", "data-action": action, title: tip }, controls, label);
  }
  buttons.first.setAttribute("aria-label", "first");
  buttons.last.setAttribute("aria-label", "last");
  buttons.play.setAttribute("aria-pressed", "false");
  if (lead.colours.length <= 1) {
    // Algorithm X: nothing is ever purified, so the purify jumps would only ever be greyed out
    for (const action of ["next-purify", "next-double-purify"]) buttons[action].hidden = true;
  }
  const slider = el("input", { type: "range", class: "wc-slider", min: 0, max: lead.frames - 1, value: 0, "aria-label": compare ? "step" : "frame" }, controls);
  const spoken = el("div", { class: "wc-sr", "aria-live": "polite", "aria-atomic": "true" }, wrapper); // the one live region
  const frameNo = el("span", { class: "wc-frameno" }, controls);
  const speed = el("select", { "aria-label": "speed" }, el("label", {}, controls, "speed "));
  for (const fps of SPEEDS) el("option", { value: fps }, speed, fps === 60 ? "fastest" : `${fps}/s`);
  const grain = el("select", { "aria-label": "granularity" }, el("label", {}, controls, "stop at "));
  el("option", { value: "steps" }, grain, "search steps");
  el("option", { value: "fine" }, grain, "every hide, unhide and sticker");
  const scale = el("select", { "aria-label": "scale" }, el("label", {}, controls, "scale "));
  for (const s of SCALES) el("option", { value: s }, scale, `${Math.round(s * 100)}%`);

  const panelsBox = el("div", { class: "wc-panels" }, wrapper);
  const panels = playbacks.map((p) => new Panel(panelsBox, p, options));
  if (compare) wrapper.insertBefore(controls, panelsBox);
  else panels[0].root.insertBefore(controls, panels[0].root.firstChild);
  // side by side, the player steps along the timeline wordcover.analysis.align laid out; alone, along the frames
  const other = compare ? playbacks[1] : null;
  const timeline = compare && payloads[0].timeline ? new Timeline(payloads[0].timeline) : null;
  if (compare && !timeline) throw new Error("two recordings side by side need the timeline made by wordcover.analysis.align");
  if (!compare) buttons["next-missed"].hidden = true;
  const steps = timeline ? timeline.steps : lead.frames;
  const leadFrame = (t) => (timeline ? timeline.lead[t] : t);
  slider.setAttribute("max", String(steps - 1));
  if (compare) {
    const line = el("div", { class: "wc-note" });
    wrapper.insertBefore(line, panelsBox);
    const [both, leadOnly, otherOnly, cut, leadCut] = payloads[0].timeline.counts;
    const parts = [`steps together ${number(both)}`, `${lead.engine} alone ${number(leadOnly)}`, `${other.engine} alone ${number(otherOnly)}`];
    if (cut) parts.push(`past the end of the ${other.engine} recording ${number(cut)}`);
    if (leadCut) parts.push(`past the end of the ${lead.engine} recording ${number(leadCut)}`);
    const never = [...timeline.missed.values()].filter((f) => f < 0).length;
    const elsewhere = timeline.missed.size - never;
    if (never) parts.push(`solutions the ${lead.engine} ${timeline.leadComplete ? "search never finds" : "recording does not reach"} ${number(never)}`);
    if (elsewhere) parts.push(`solutions it finds only by another path ${number(elsewhere)}`);
    line.textContent = `One timeline, by branch: ${parts.join(" · ")}.`;
    line.title = "Both searches step together where they do the same event on the same branch; elsewhere one steps alone and the other waits.";
  }

  const state = {
    step: 0,
    fine: Boolean(options.fine),
    fps: options.fps || 10,
    scale: options.scale || 1,
    playing: false,
    timer: 0,
    last: 0,
  };
  speed.value = String(state.fps);
  grain.value = state.fine ? "fine" : "steps";
  scale.value = String(state.scale);

  /** What the waiting panel says at a step of the timeline. */
  function waiting(t) {
    const mover = timeline.mover(t);
    const notes = ["", ""];
    if (mover === "lead") notes[1] = `waiting: the ${lead.engine} search takes a step here that the ${other.engine} search does not take`;
    else if (mover === "other") notes[0] = `waiting: the ${other.engine} search takes a step here that the ${lead.engine} search does not take`;
    else if (mover === "cut") notes[1] = `the ${other.engine} recording was cut at its event limit: it has no more events to show`;
    else if (mover === "lead-cut") notes[0] = `the ${lead.engine} recording was cut at its event limit: it has no more events to show`;
    if (timeline.missed.has(t)) {
      const twin = timeline.missed.get(t);
      notes[1] = twin >= 0
        ? `the ${other.engine} search finds this solution; the ${lead.engine} search finds the same options by another path (its frame ${number(twin)})`
        : timeline.leadComplete
          ? `the ${other.engine} search finds this solution; the ${lead.engine} search never finds it`
          : `the ${other.engine} search finds this solution; the ${lead.engine} recording does not reach it`;
      if (mover === "other") notes[0] = `waiting: the ${other.engine} search finds a solution that the ${lead.engine} search does not reach here`;
    }
    return notes;
  }

  function draw() {
    const t = state.step;
    if (compare) {
      const [mine, theirs] = waiting(t);
      panels[0].render(timeline.lead[t], mine, state.fine);
      panels[1].render(timeline.other[t], theirs, state.fine);
    } else panels[0].render(t, "", state.fine);
    slider.value = String(t);
    const where = `${compare ? "step" : "frame"} ${number(t)} of ${number(steps - 1)}`;
    frameNo.textContent = where;
    const said = panels.map((panel) => `${panel.p.engine}: ${panel.eventLine.textContent}${panel.note.textContent ? `. ${panel.note.textContent}` : ""}`);
    slider.setAttribute("aria-valuetext", compare ? `${where}: ${said.join("; ")}` : `${where}: ${lead.describe(t)}`);
    speak(said.join(". "));
    wrapper.setAttribute("data-frame", String(leadFrame(t)));
    wrapper.setAttribute("data-step", String(t));
    for (const action of JUMPS) {
      const target = jump(action, t);
      buttons[action].disabled = target < 0 || target === t;
    }
    buttons["next-missed"].disabled = !compare || timeline.nextMissed(t) < 0;
    buttons.back.disabled = buttons.first.disabled = t === 0;
    buttons.step.disabled = buttons.last.disabled = t === steps - 1;
  }

  /** Tell the live region what the frame shows; while playing, at most once every SPOKEN_EVERY ms. */
  let spokenAt = -Infinity;
  function speak(text, force = false) {
    const now = performance.now();
    if (state.playing && !force && now - spokenAt < SPOKEN_EVERY) return;
    spokenAt = now;
    if (spoken.textContent !== text) spoken.textContent = text;
  }

  /** The step a jump goes to from step t (-1 when there is none): the lead's marks, met on the timeline. */
  function jump(action, t) {
    if (action === "next-missed") return compare ? timeline.nextMissed(t) : -1;
    const target = lead.jump(action, leadFrame(t), state.fine);
    if (!compare || target < 0) return target;
    const at = timeline.stepOf(target);
    return state.fine ? at : timeline.stopAt(at);
  }

  function neighbour(t, delta) {
    return compare ? timeline.neighbour(t, delta, state.fine) : lead.neighbour(t, delta, state.fine);
  }

  function gotoStep(t, quiet = false) {
    state.step = Math.max(0, Math.min(steps - 1, Math.trunc(t)));
    draw();
    if (!quiet && options.onFrame) options.onFrame(leadFrame(state.step), state.playing);
    return leadFrame(state.step);
  }

  /** Go to a frame of the lead (side by side: the first step that shows it). */
  function goto(frame, quiet = false) {
    const f = Math.max(0, Math.min(lead.frames - 1, Math.trunc(frame)));
    return gotoStep(compare ? timeline.stepOf(f) : f, quiet);
  }

  function pause() {
    state.playing = false;
    cancelAnimationFrame(state.timer);
    buttons.play.textContent = "▶ Play";
    buttons.play.setAttribute("aria-pressed", "false");
    draw(); // the live region says where it stopped
    if (options.onFrame) options.onFrame(leadFrame(state.step), false);
  }

  function tick(now) {
    if (!state.playing) return;
    if (now - state.last >= 1000 / state.fps - 2 || state.fps >= 60) {
      state.last = now;
      const next = neighbour(state.step, 1);
      gotoStep(next);
      if (next >= steps - 1) return pause();
    }
    state.timer = requestAnimationFrame(tick);
  }

  function play() {
    if (state.playing) return pause();
    if (state.step >= steps - 1) gotoStep(0);
    state.playing = true;
    state.last = 0;
    buttons.play.textContent = "❚❚ Pause";
    buttons.play.setAttribute("aria-pressed", "true");
    state.timer = requestAnimationFrame(tick);
  }

  function act(action) {
    if (action === "play") return play();
    if (state.playing) pause();
    if (action === "step") return gotoStep(neighbour(state.step, 1));
    if (action === "back") return gotoStep(neighbour(state.step, -1));
    if (action === "first") return gotoStep(0);
    if (action === "last") return gotoStep(steps - 1);
    const target = jump(action, state.step);
    if (target >= 0) gotoStep(target);
    return leadFrame(state.step);
  }

  for (const [action, button] of Object.entries(buttons)) button.addEventListener("click", () => act(action));
  slider.addEventListener("input", () => {
    if (state.playing) pause();
    gotoStep(Number(slider.value));
  });
  speed.addEventListener("change", () => (state.fps = Number(speed.value)));
  grain.addEventListener("change", () => {
    state.fine = grain.value === "fine";
    draw(); // the event line, the notes and the arrows speak of a step or of an event: redraw at once
    if (options.onSettings) options.onSettings({ fine: state.fine, scale: state.scale });
  });
  const applyScale = () => (wrapper.style.zoom = String(state.scale));
  scale.addEventListener("change", () => {
    state.scale = Number(scale.value);
    applyScale();
    if (options.onSettings) options.onSettings({ fine: state.fine, scale: state.scale });
  });
  wrapper.addEventListener("keydown", (e) => {
    if (!(e.key in KEYS) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" || e.target.tagName === "SUMMARY") return;
    if (buttons[KEYS[e.key]] && buttons[KEYS[e.key]].hidden) return;
    e.preventDefault();
    e.stopPropagation(); // keep JupyterLab's own shortcuts out of the player
    act(KEYS[e.key]);
  });
  applyScale();
  goto(options.frame || 0, true);
  return {
    get frame() {
      return leadFrame(state.step);
    },
    get step() {
      return state.step;
    },
    goto,
    gotoStep,
    act,
    setFine(fine) {
      state.fine = Boolean(fine);
      grain.value = state.fine ? "fine" : "steps";
      draw();
    },
    setScale(s) {
      state.scale = Number(s) || 1;
      scale.value = String(state.scale);
      applyScale();
    },
    playbacks,
    timeline,
    destroy() {
      pause();
      wrapper.remove();
    },
  };
}

/** Mount every player a static page carries (script tags of type application/vnd.wordcover.player+json). */
export function mountAll(doc = document) {
  const players = [];
  for (const tag of doc.querySelectorAll('script[type="application/vnd.wordcover.player+json"]')) {
    const data = JSON.parse(tag.textContent);
    const host = doc.createElement("div");
    tag.parentNode.insertBefore(host, tag);
    const fallback = tag.parentNode.querySelector(".wordcover-fallback");
    if (fallback) fallback.remove();
    players.push(mount(host, data.payloads, data.options || {}));
  }
  // a page of players takes the focus at once, so the arrow keys step the first player without a click
  const first = doc.querySelector(".wc-player");
  if (first) first.focus({ preventScroll: true });
  return players;
}

// anywidget: the kernel sends the traces once; only the frame and the settings travel afterwards
export default {
  render({ model, el: host }) {
    let sent = 0;
    const player = mount(host, model.get("_payloads"), {
      ...(model.get("_view") || {}), // the rows and legend entries drawn, fixed when the player was made
      frame: model.get("frame"),
      fine: model.get("fine"),
      scale: model.get("scale"),
      onFrame(frame, playing) {
        const now = Date.now();
        if (playing && now - sent < 250) return; // while playing, tell the kernel four times a second
        sent = now;
        model.set("frame", frame);
        model.save_changes();
      },
      onSettings({ fine, scale }) {
        model.set("fine", fine);
        model.set("scale", scale);
        model.save_changes();
      },
    });
    const follow = () => {
      if (model.get("frame") !== player.frame) player.goto(model.get("frame"), true);
    };
    model.on("change:frame", follow);
    model.on("change:fine", () => player.setFine(model.get("fine")));
    model.on("change:scale", () => player.setScale(model.get("scale")));
    return () => {
      model.off("change:frame", follow);
      player.destroy();
    };
  },
};
