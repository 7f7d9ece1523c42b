// Print the player's state at given frames as JSON, for the Python cross-check:
// node tests/js/state_at.mjs TRACE.json FRAME...
import { readFileSync } from "node:fs";
import { Playback } from "../../lib/wordcover/static/playback.js";

const [file, ...frames] = process.argv.slice(2);
const p = new Playback(JSON.parse(readFileSync(file, "utf8")));
const out = { marks: p.marks, frames: {} };
for (const f of frames.map(Number)) {
  p.goto(f);
  const { items, linked } = p.counters();
  const states = p.nodeStates(linked);
  out.frames[f] = {
    len: items.map((c) => c.len),
    real: items.map((c) => c.real),
    active: items.map((c) => c.active),
    chosen: p.path(),
    linked: [...linked].map((x) => [p.optionOf[x], p.names[p.top[x]]]),
    stickered: [...states].filter(([, s]) => s.sticker).map(([x]) => [p.optionOf[x], p.names[p.top[x]]]),
  };
}
process.stdout.write(JSON.stringify(out));
