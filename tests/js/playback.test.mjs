// The player's logic under Node's own test runner: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { ARRAYS, INNER, Playback, Timeline, WRITES_OF, unpack } from "../../lib/wordcover/static/playback.js";

const load = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const arrays = (p) => ARRAYS.map((name) => Array.from(p.state[name]));
const initial = (payload) => ARRAYS.map((name) => payload.arrays[name]);

test("the views module parses and exports its doors (no DOM is touched on import)", async () => {
  const views = await import("../../lib/wordcover/static/player.js");
  assert.equal(typeof views.mount, "function");
  assert.equal(typeof views.mountAll, "function");
  assert.equal(typeof views.default.render, "function");
});

test("unpack reads little-endian int16 and int32", () => {
  const two = Buffer.from(new Int16Array([1, -2, 300]).buffer).toString("base64");
  assert.deepEqual(Array.from(unpack({ bytes: 2, length: 3, data: two })), [1, -2, 300]);
  const four = Buffer.from(new Int32Array([70000, -1]).buffer).toString("base64");
  assert.deepEqual(Array.from(unpack({ bytes: 4, length: 2, data: four })), [70000, -1]);
});

for (const name of ["colour_pair-naive", "colour_pair-sticker", "knuth_exact_cover-x"]) {
  test(`${name}: stepping to the end and back restores step C1's arrays exactly`, () => {
    const payload = load(name);
    const p = new Playback(payload);
    assert.equal(p.goto(p.frames - 1), p.frames - 1);
    for (let f = p.frames - 1; f >= 0; f--) assert.equal(p.goto(f), f);
    assert.deepEqual(arrays(p), initial(payload));
  });

  test(`${name}: a jump lands on the same arrays as walking there frame by frame`, () => {
    const walked = new Playback(load(name));
    const states = [];
    for (let f = 0; f < walked.frames; f++) {
      walked.goto(f);
      states.push(arrays(walked));
    }
    const jumper = new Playback(load(name));
    for (const f of [walked.frames - 1, 3, walked.frames >> 1, 0, 7, 1]) {
      jumper.goto(f);
      assert.deepEqual(arrays(jumper), states[f], `frame ${f}`);
    }
  });

  test(`${name}: the search ends where it began (every LEN right, nothing chosen)`, () => {
    const p = new Playback(load(name));
    p.goto(p.frames - 1);
    assert.deepEqual(p.path(), []);
    if (p.engine !== "naive") for (const c of p.counters().items) assert.equal(c.len, c.real, c.name);
  });
}

test("goto clamps to the trace", () => {
  const p = new Playback(load("colour_pair-sticker"));
  assert.equal(p.goto(-5), 0);
  assert.equal(p.goto(10_000), p.frames - 1);
});

test("Knuth's exact cover: the solution frame's path covers every primary item exactly once", () => {
  const p = new Playback(load("knuth_exact_cover-x"));
  assert.equal(p.marks.solution.length, 1);
  const path = p.path(p.marks.solution[0]);
  const covered = path
    .flatMap((o) => p.optionNodes[o].map((x) => p.top[x]))
    .filter((i) => i <= p.n1)
    .sort((a, b) => a - b);
  assert.deepEqual(covered, Array.from({ length: p.n1 }, (_, k) => k + 1));
  assert.equal(p.kindAt(p.marks.solution[0]), "solution");
});

test("colour_pair, naive: the second purify of c1 is a double purify, and LEN drifts at its hide", () => {
  const p = new Playback(load("colour_pair-naive"));
  const first = p.jump("next-double-purify", 0);
  assert.ok(first > 0);
  assert.equal(p.kindAt(first), "purify");
  assert.equal(p.event(first - 1).item, p.names.indexOf("c1"));
  // c1 was purified once already on this path: the purify before it, with no unpurify between
  const before = p.jump("next-purify", 0);
  assert.ok(before < first);
  // the purify comes first, then the hide that makes LEN drift; stopping at search steps, both are one stop
  const drift = p.jump("first-drift");
  assert.ok(drift > first && drift <= p.stopAt(first), `drift ${drift} inside the purify at ${first}`);
  assert.equal(p.kindAt(drift), "hide");
  assert.equal(p.head(drift), first);
  assert.equal(p.jump("first-drift", 0, false), p.stopAt(first));
  p.goto(drift);
  const drifting = p.counters().items.filter((c) => c.len !== c.real);
  assert.ok(drifting.length > 0);
  p.goto(drift - 1);
  assert.deepEqual(p.counters().items.filter((c) => c.len !== c.real), []);
});

test("colour_pair, sticker: no double purify, no drift, and a sticker on the agreeing node", () => {
  const p = new Playback(load("colour_pair-sticker"));
  assert.equal(p.jump("next-double-purify", 0), -1);
  assert.equal(p.jump("first-drift"), -1);
  let purify = p.jump("next-purify", 0);
  while (purify > 0 && !INNER.has(p.kindAt(purify + 1))) purify = p.jump("next-purify", purify);
  let f = purify + 1;
  while (p.kindAt(f) !== "sticker") f++;
  assert.equal(p.head(f), purify); // the sticker is an event of its own, inside the purify that gives it
  p.goto(purify);
  assert.deepEqual([...p.nodeStates().values()].filter((s) => s.sticker), []); // announced, not yet done
  p.goto(p.stopAt(purify)); // stopping at search steps, the purify is shown done
  assert.ok([...p.nodeStates().values()].filter((s) => s.sticker).length >= 1);
});

test("jumps: next and previous choice are inverse, and -1 past the last", () => {
  const p = new Playback(load("knuth_exact_cover-x"));
  const choices = p.marks.choice;
  assert.ok(choices.length >= 2);
  assert.equal(p.jump("next-choice", 0), choices[0]);
  assert.equal(p.jump("next-choice", choices[0]), choices[1]);
  assert.equal(p.jump("prev-choice", choices[1]), choices[0]);
  assert.equal(p.jump("prev-choice", choices[0]), -1);
  assert.equal(p.jump("next-choice", choices.at(-1)), -1);
  assert.throws(() => p.jump("sideways"), /unknown jump/);
});

test("coarse steps stop just before each search step begins, so a step is shown with all it did inside it", () => {
  for (const name of ["colour_pair-naive", "colour_pair-sticker", "knuth_exact_cover-x"]) {
    const p = new Playback(load(name));
    let f = 0;
    const coarse = [0];
    while (f < p.frames - 1) coarse.push((f = p.neighbour(f, 1, false)));
    assert.equal(coarse.at(-1), p.frames - 1);
    for (let k = 1; k < coarse.length; k++) {
      const [from, to] = [coarse[k - 1], coarse[k]];
      assert.ok(!INNER.has(p.kindAt(from + 1)), `${name}: a step begins after the stop at ${from}`);
      for (let g = from + 2; g <= to; g++) assert.ok(INNER.has(p.kindAt(g)), `${name}: frame ${g} is inside the step`);
      assert.equal(p.head(to), from + 1);
      assert.equal(p.neighbour(to, -1, false), from);
    }
    assert.equal(p.neighbour(5, 1, true), 6);
  }
  const p = new Playback(load("knuth_exact_cover-x"));
  let f = 1;
  while (p.kindAt(f) !== "cover") f++;
  const stop = p.stopAt(f);
  assert.ok(stop > f && p.kindAt(stop) === "hide");
  assert.match(p.describeStop(stop), /^L0 cover \w+, then \d+ hides?$/);
});

test("events come in causal order: commit before its covers and purifies, each before its hides and stickers", () => {
  const by = { hide: ["cover", "purify"], unhide: ["uncover", "unpurify"], sticker: ["purify"], unsticker: ["unpurify"] };
  for (const name of ["colour_pair-naive", "colour_pair-sticker", "knuth_exact_cover-x"]) {
    const p = new Playback(load(name));
    let inner = 0;
    let committed = 0;
    for (let f = 1; f < p.frames; f++) {
      const kind = p.kindAt(f);
      const e = p.event(f - 1);
      if (INNER.has(kind)) {
        inner += 1;
        const made = p.event(p.head(f) - 1);
        assert.ok(by[kind].includes(made.kind), `${name} frame ${f}: ${kind} inside ${made.kind}`);
        assert.equal(e.item, made.item, `${name} frame ${f}: the ${kind} is in the list of ${p.names[made.item]}`);
      } else if (kind === "purify" || (kind === "cover" && p.kindAt(f - 1) !== "choose")) {
        // C5: the commit of the option comes first, then each item it covers or purifies, left to right
        let g = f - 1;
        while (g > 0 && (INNER.has(p.kindAt(g)) || ["cover", "purify"].includes(p.kindAt(g)))) g--;
        assert.equal(p.kindAt(g), "commit", `${name} frame ${f}`);
        assert.ok(p.optionNodes[p.event(g - 1).option].some((x) => p.top[x] === e.item));
        committed += 1;
      } else if (kind === "cover") {
        assert.equal(e.item, p.event(f - 2).item); // C4 covers the item C3 chose
      } else if (kind === "commit") {
        assert.equal(p.kindAt(f - 1), "try"); // C5: try x_l, then commit its other items
      }
    }
    assert.ok(inner > 0);
    if (name !== "knuth_exact_cover-x") assert.ok(committed > 0);
  }
});

test("each write is credited to the primitive that made it", () => {
  for (const name of ["colour_pair-naive", "colour_pair-sticker", "knuth_exact_cover-x"]) {
    const p = new Playback(load(name));
    const seen = new Set();
    for (let f = 1; f < p.frames; f++) {
      const kind = p.kindAt(f);
      for (const w of p.written(f)) {
        assert.ok((WRITES_OF[kind] || []).includes(w.array), `${name} frame ${f}: ${kind} wrote ${w.array}`);
        seen.add(`${kind}:${w.array}`);
      }
      if (kind === "sticker" || kind === "unsticker") assert.equal(p.written(f).length, 1);
    }
    assert.ok(seen.has("cover:RLINK") && seen.has("uncover:LLINK") && seen.has("hide:DLINK"), name);
    if (name === "colour_pair-sticker") assert.ok(seen.has("sticker:COLOR") && seen.has("unsticker:COLOR"));
  }
});

test("timeline: each step moves the side it names by one frame, and a step both take is the same event", () => {
  const payload = load("colour_pair-naive+sticker");
  const naive = new Playback(payload);
  const sticker = new Playback(load("colour_pair-sticker"));
  const t = new Timeline(payload.timeline);
  assert.equal(t.lead[0], 0);
  assert.equal(t.other[0], 0);
  assert.equal(t.lead[t.steps - 1], naive.frames - 1);
  assert.equal(t.other[t.steps - 1], sticker.frames - 1);
  const seen = { both: 0, lead: 0, other: 0 };
  for (let s = 1; s < t.steps; s++) {
    const mover = t.mover(s);
    seen[mover] += 1;
    const dl = t.lead[s] - t.lead[s - 1];
    const dr = t.other[s] - t.other[s - 1];
    assert.deepEqual([dl, dr], { both: [1, 1], lead: [1, 0], other: [0, 1] }[mover], `step ${s}`);
    if (mover === "both") {
      assert.equal(naive.describe(t.lead[s]), sticker.describe(t.other[s]), `step ${s}`);
      assert.deepEqual(naive.path(t.lead[s]), sticker.path(t.other[s]), `step ${s}: the same branch`);
    }
  }
  assert.ok(seen.both > 0 && seen.lead > 0, JSON.stringify(seen)); // the naive search's double purify is its own
  assert.deepEqual(payload.timeline.counts.slice(0, 3), [seen.both, seen.lead, seen.other]);
  // a jump to a lead frame lands on the first step that shows it
  for (const f of naive.marks.choice) assert.equal(t.lead[t.stepOf(f)], f);
});

test("a double purify knows the colour of the purify before it; an unhide knows what had hidden its option", () => {
  const p = new Playback(load("colour_pair-naive"));
  const [first, second] = p.marks["double-purify"];
  assert.equal(p.doubleInfo.get(first).before, "a");
  assert.equal(p.event(first - 1).colour, "a"); // the same colour again: the bug itself
  assert.equal(p.doubleInfo.get(second).before, "a");
  assert.equal(p.event(second - 1).colour, "b"); // another colour: an option the sticker engine had hidden
  let unhide = 0;
  for (let f = 1; f < p.frames && !unhide; f++) if (p.kindAt(f) === "unhide" && p.event(f - 1).item === p.names.indexOf("c1")) unhide = f;
  assert.equal(p.event(unhide - 1).cause, "unpurify");
  assert.match(p.hideNote(unhide), /^unhides option \d+ for the unpurify of c1: /);
  const q = new Playback(load("knuth_exact_cover-x"));
  let f = 1;
  while (q.kindAt(f) !== "unhide") f++;
  assert.equal(q.event(f - 1).cause, "uncover");
  assert.match(q.hideNote(f), /^unhides option \d+ for the uncover of \w+: \d+ nodes? rejoins? (its|their) lists?$/);
});


// The hide events a purify made come just after it (events come in causal order), up to the next search step;
// the analysis says of each how many of its option's nodes were off their lists already.
function hidesOf(p, frame) {
  const found = [];
  for (let f = frame + 1; f < p.frames && INNER.has(p.kindAt(f)); f++) {
    if (p.kindAt(f) !== "hide") continue;
    const e = p.event(f - 1);
    found.push({ option: e.option, again: p.effect(f - 1).already > 0, frame: f });
  }
  return found;
}

test("a double purify's note says 'a second time' only where its own hides hid a hidden option, and names them", () => {
  for (const name of ["colour_pair-naive", "colour_pair-sticker", "knuth_exact_cover-x"]) {
    const p = new Playback(load(name));
    for (let f = 1; f < p.frames; f++) {
      const note = p.doubleNote(f);
      if (!p.marks["double-purify"].includes(p.head(f))) {
        assert.equal(note, "");
        continue;
      }
      if (p.head(f) !== f) {
        assert.equal(note, p.doubleNote(p.head(f))); // the note stays on the purify's own hides
        continue;
      }
      const hides = hidesOf(p, f);
      const again = hides.filter((h) => h.again).map((h) => h.option);
      const fresh = hides.filter((h) => !h.again).map((h) => h.option);
      assert.equal(note.includes("a second time"), again.length > 0, `${name} frame ${f}: ${note}`);
      for (const o of again) assert.match(note, new RegExp(`option.? [0-9, ]*\\b${o}\\b[0-9, ]* a second time`));
      assert.equal(note.includes("hides nothing this time"), hides.length === 0);
      assert.deepEqual([p.doubleInfo.get(f).again, p.doubleInfo.get(f).fresh], [again, fresh]);
    }
  }
  const p = new Playback(load("colour_pair-naive"));
  const [first, second] = p.marks["double-purify"];
  assert.match(p.doubleNote(first), /hides option 2 a second time/);
  assert.match(p.doubleNote(second), /hides nothing this time, so it has done no harm yet/);
});

test("node states replay: stepping back and forth gives the state the analysis recorded for each frame", () => {
  const forward = new Playback(load("colour_pair-naive"));
  const states = [];
  for (let f = 0; f < forward.frames; f++) {
    forward.goto(f);
    states.push(JSON.stringify([...forward.nodeStates()]));
  }
  const jumper = new Playback(load("colour_pair-naive"));
  for (const f of [forward.frames - 1, 3, forward.frames >> 1, 0, 9, 1]) {
    jumper.goto(f);
    assert.equal(JSON.stringify([...jumper.nodeStates()]), states[f], `frame ${f}`);
  }
  const twice = states.findIndex((s) => s.includes('"twice"'));
  assert.ok(twice > 0, "the naive search hides an option twice on the colour pair");
  assert.match(forward.stateText(0, { state: "stranded", by: 0, sticker: false }), /^stranded: off its list, but no cover or purify holds it out/);
});

test("a coarse step shows every pointer written since the last stop, each with its value now", () => {
  const p = new Playback(load("colour_pair-naive"));
  const steps = [];
  for (let f = 0; f < p.frames; f++) if (p.isStep(f)) steps.push(f);
  let some = 0;
  for (let k = 1; k < steps.length; k++) {
    const [from, to] = [steps[k - 1], steps[k]];
    const writes = p.writtenBetween(from, to);
    p.goto(to);
    for (const w of writes) assert.equal(p.state[w.array][w.index], w.value); // what the frame shows now
    const touched = new Set();
    for (let f = from + 1; f <= to; f++) for (const w of p.written(f)) touched.add(`${w.array}:${w.index}`);
    const kept = new Set(writes.map((w) => `${w.array}:${w.index}`));
    for (const key of kept) assert.ok(touched.has(key));
    p.goto(from);
    const before = Object.fromEntries([...touched].map((key) => [key, p.state[key.split(":")[0]][Number(key.split(":")[1])]]));
    p.goto(to);
    for (const key of touched) {
      const [array, index] = key.split(":");
      const changed = before[key] !== p.state[array][Number(index)];
      assert.equal(kept.has(key), changed, `${key} between ${from} and ${to}`); // shown exactly when it changed
    }
    some += writes.filter((w) => w.array === "ULINK" || w.array === "DLINK").length;
  }
  assert.ok(some > 0);
  assert.deepEqual(p.writtenBetween(4, 4), p.written(4));
});

test("a page may limit the player's legend (and the marks it explains) and the option rows it draws", async () => {
  const { LEGEND, legendEntries, shownRows } = await import("../../lib/wordcover/static/player.js");
  // by default every entry the problem can show: without colours no purify, sticker or stranding; the pointers
  // written only where the links are drawn
  assert.deepEqual(legendEntries(), LEGEND);
  assert.deepEqual(legendEntries({}, { coloured: false }), ["linked", "chosen", "chosen-off", "hidden", "drift", "written"]);
  assert.ok(!legendEntries({}, { small: false }).includes("written"));
  // a page's list keeps the player's order, and cannot bring back what the problem never shows
  assert.deepEqual(legendEntries({ legend: ["written", "linked", "sticker"] }, { coloured: false }), ["linked", "written"]);
  assert.deepEqual(legendEntries({ legend: [] }), []);
  assert.throws(() => legendEntries({ legend: ["linked", "drifted"] }), /unknown legend entries drifted/);
  // rows: every option by default, else the page's, in its order, each an option of the problem once
  assert.deepEqual(shownRows({}, 4), [0, 1, 2, 3]);
  assert.deepEqual(shownRows({ rows: [3, 0] }, 4), [3, 0]);
  assert.deepEqual(shownRows({ rows: [] }, 4), []);
  for (const rows of [[4], [-1], [1, 1], [0.5]]) assert.throws(() => shownRows({ rows }, 4), /rows must be distinct options 0 to 3/);
});
