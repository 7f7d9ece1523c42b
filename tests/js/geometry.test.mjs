// The player's drawing under Node's own test runner (node --test tests/js/), in a very small DOM (dom.mjs): every
// item's list line and every pointer written in a list run down the centre of the item's column of nodes, and a
// pointer's bow stays inside its own column, so no list seems to belong to the column beside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { makeDocument } from "./dom.mjs";

const load = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const numbers = (text) => text.match(/-?\d+(\.\d+)?/g).map(Number);

/** Mount a player on a fresh document; give back its controller and its panels' SVG matrices. */
async function mounted(payloads, options = {}) {
  globalThis.document = makeDocument();
  globalThis.cancelAnimationFrame ??= () => {}; // the player pauses on destroy; nothing here plays
  const { mount } = await import("../../lib/wordcover/static/player.js");
  const player = mount(document.body, payloads, options);
  const matrices = document.body.all((n) => n.localName === "svg" && n.getAttribute("class") === "wc-matrix");
  return { player, matrices };
}

/** What one matrix draws: each item's column centre (from its nodes' boxes), its column's half width, its list
 * line's x values, and each pointer arc written (its item, and the x of its ends and of its control points). */
function drawn(matrix, playback) {
  const centres = new Map(); // item -> the x of its nodes' centres
  let half = 0;
  for (const g of matrix.all((n) => n.getAttribute("class") === "wc-node")) {
    const x = Number(g.getAttribute("data-node"));
    const box = g.children.find((c) => c.localName === "rect");
    const width = Number(box.getAttribute("width"));
    half = (width + 4) / 2; // a node's box leaves 2 px each side of its column
    const item = playback.top[x];
    if (!centres.has(item)) centres.set(item, new Set());
    centres.get(item).add(Number(box.getAttribute("x")) + width / 2);
  }
  const lines = new Map();
  for (const line of matrix.all((n) => n.getAttribute("class") === "wc-list")) {
    const item = playback.names.indexOf(line.getAttribute("data-list"));
    const xs = (line.getAttribute("points") || "").split(" ").filter(Boolean).map((pt) => Number(pt.split(",")[0]));
    lines.set(item, xs);
  }
  const arcs = [];
  for (const path of matrix.all((n) => /^[UD]LINK/.test(n.getAttribute("data-write") || ""))) {
    const [index] = numbers(path.getAttribute("data-write"));
    const item = index <= playback.n ? index : playback.top[index];
    const [x0, , c1, , c2, , x3] = numbers(path.getAttribute("d"));
    arcs.push({ item, ends: [x0, x3], controls: [c1, c2], write: path.getAttribute("data-write") });
  }
  return { centres, half, lines, arcs };
}

for (const [name, options] of [
  ["knuth_exact_cover-x", {}],
  ["colour_pair-naive", {}],
  ["colour_pair-sticker", { legend: ["linked", "chosen", "hidden", "purified", "sticker", "written"] }],
]) {
  test(`${name}: each list line and each pointer written runs through its nodes' centres, in its own column`, async () => {
    const { player, matrices } = await mounted([load(name)], { ...options, fine: true });
    const playback = player.playbacks[0];
    let arcsSeen = 0;
    for (let f = 0; f < playback.frames; f++) {
      player.goto(f, true);
      const { centres, half, lines, arcs } = drawn(matrices[0], playback);
      for (const [item, xs] of centres) {
        assert.equal(xs.size, 1, `the nodes of item ${playback.names[item]} share one column`);
        const [centre] = xs;
        const line = lines.get(item);
        assert.ok(line.length >= 1, `item ${playback.names[item]} has its list line at frame ${f}`);
        for (const x of line) assert.equal(x, centre, `item ${playback.names[item]}'s list line at frame ${f}`);
      }
      for (const arc of arcs) {
        const [centre] = centres.get(arc.item);
        for (const x of arc.ends) {
          // the path's numbers are written to the hundredth
          assert.ok(Math.abs(x - centre) < 0.01, `${arc.write} at frame ${f} starts and ends on its column's centre`);
        }
        for (const c of arc.controls) {
          // a cubic whose controls sit b off the line bows 3b/4; with half its stroke (2.5 px) it stays in the column
          assert.ok(0.75 * Math.abs(c - centre) + 1.25 <= half, `${arc.write} at frame ${f} bows out of its column`);
          assert.notEqual(c, centre, `${arc.write} at frame ${f} bows, so a ULINK and a DLINK written together both show`);
        }
      }
      arcsSeen += arcs.length;
    }
    assert.ok(arcsSeen > 0, "some frame writes a pointer in an item's list");
    player.destroy();
  });
}

test("side by side, both panels draw their lists on their nodes' centres", async () => {
  // the naive search with the timeline that puts the sticker search beside it, then the sticker search
  const { player, matrices } = await mounted([load("colour_pair-naive+sticker"), load("colour_pair-sticker")]);
  assert.equal(matrices.length, 2);
  for (let t = 0; t < player.timeline.steps; t++) {
    player.gotoStep(t, true);
    player.playbacks.forEach((playback, k) => {
      const { centres, lines } = drawn(matrices[k], playback);
      for (const [item, xs] of centres) for (const x of lines.get(item)) assert.equal(x, [...xs][0]);
    });
  }
  player.destroy();
});

test("a DLINK bows to the right of its column's centre line and a ULINK to the left", async () => {
  const { pointerArc, ARC_BOW } = await import("../../lib/wordcover/static/player.js");
  const [, , down] = numbers(pointerArc(50, 10, 90, "DLINK"));
  const [, , up] = numbers(pointerArc(50, 90, 10, "ULINK"));
  assert.ok(Math.abs(down - 50 - (ARC_BOW * 4) / 3) < 0.01);
  assert.ok(Math.abs(50 - up - (ARC_BOW * 4) / 3) < 0.01);
  const loop = numbers(pointerArc(50, 40, 40, "DLINK"));
  assert.deepEqual([loop[0], loop[6]], [50, 50], "a pointer to itself starts and ends on the line");
  assert.ok(loop[3] > 40 && loop[5] > 40, "and loops below it, clear of the counters above");
});

test("a sticker sits over its node's top right corner, legs half the box's side or more, clear of the letter", async () => {
  const { player, matrices } = await mounted([load("colour_pair-sticker")], { fine: true });
  const playback = player.playbacks[0];
  let shown = 0;
  for (let f = 0; f < playback.frames; f++) {
    player.goto(f, true);
    for (const g of matrices[0].all((n) => n.getAttribute("class") === "wc-node")) {
      const sticker = g.children.find((c) => c.getAttribute("class") === "wc-sticker");
      if (sticker.getAttribute("visibility") !== "visible") continue;
      shown += 1;
      const box = g.children.find((c) => c.localName === "rect");
      const [bx, by, side] = ["x", "y", "width"].map((k) => Number(box.getAttribute(k)));
      const [x0, y0, x1, y1] = numbers(sticker.getAttribute("d"));
      assert.ok(x1 - x0 >= side / 2 && y1 - y0 >= side / 2, "each leg at least half the box's side");
      assert.ok(x0 < bx + side && x1 > bx + side && y0 < by && y1 > by, "over the box's top right corner");
      // the long side, from (x0, y0) to (x1, y1), passes above the box's middle half, where the letter stands
      const above = (px) => y0 + ((px - x0) * (y1 - y0)) / (x1 - x0);
      assert.ok(above(bx + 0.75 * side) <= by + 0.25 * side, "clear of the letter");
    }
  }
  assert.ok(shown > 0, "the sticker search shows a sticker at some frame");
  player.destroy();
});

test("the widget draws the rows and legend entries the kernel fixed when it made the player (_view)", async () => {
  globalThis.document = makeDocument();
  globalThis.cancelAnimationFrame ??= () => {};
  const widget = (await import("../../lib/wordcover/static/player.js")).default;
  const payload = load("colour_pair-sticker");
  const values = { _payloads: [payload], frame: 0, fine: true, scale: 1, _view: { rows: [2, 0], legend: ["linked", "sticker"] } };
  const model = { get: (k) => values[k], set: (k, v) => { values[k] = v; }, save_changes() {}, on() {}, off() {} };
  const cleanup = widget.render({ model, el: document.body });
  const nodes = document.body.all((n) => n.getAttribute("class") === "wc-node").map((g) => Number(g.getAttribute("data-node")));
  const { Playback } = await import("../../lib/wordcover/static/playback.js");
  const p = new Playback(payload);
  assert.deepEqual(nodes.sort((a, b) => a - b), [...p.optionNodes[0], ...p.optionNodes[2]].sort((a, b) => a - b));
  const legend = document.body.all((n) => n.getAttribute && n.getAttribute("data-legend")).map((n) => n.getAttribute("data-legend"));
  assert.deepEqual(legend, ["linked", "sticker"]);
  cleanup();
});
