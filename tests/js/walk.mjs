// Walk every frame of a recording as the player shows it at the finest granularity, and print what it says, for
// the Python check against a replay of the engine's own arrays (tests/test_player_texts.py):
// node tests/js/walk.mjs TRACE.json > WALK.json
// Per frame: the event line, the hide/unhide note, the stranding note, and the nodes whose drawn state changed
// ([node, state, holding item's name or "", sticker]); at frame 0 every node.
import { readFileSync } from "node:fs";
import { Playback } from "../../lib/wordcover/static/playback.js";

const p = new Playback(JSON.parse(readFileSync(process.argv[2], "utf8")));
const frames = [];
let before = new Map();
for (let f = 0; f < p.frames; f++) {
  p.goto(f);
  const states = p.nodeStates();
  const changed = [];
  for (const [x, s] of states) {
    const key = `${s.state}|${s.by}|${s.sticker}`;
    if (before.get(x) !== key) changed.push([x, s.state, s.by ? p.names[s.by] : "", s.sticker, p.stateText(x, s)]);
  }
  before = new Map([...states].map(([x, s]) => [x, `${s.state}|${s.by}|${s.sticker}`]));
  frames.push({ line: p.describe(f), hide: p.hideNote(f), strand: p.strandNote(f - 1, f), changed });
}
process.stdout.write(JSON.stringify(frames));
