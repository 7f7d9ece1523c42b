// The logic of the Dancing Links player, apart from any page: it reads a trace
// recorded by wordcover.playback and the facts wordcover.analysis derived from it
// (each node's state, what each event moved, the marks, the alignment of two
// searches), applies an event's array writes to step forwards and puts the old
// values back to step backwards. It derives nothing of its own: every fact it shows
// comes from the analysis. No DOM here, so Node's own test runner can check all of it.

export const ARRAYS = ["LLINK", "RLINK", "ULINK", "DLINK", "COLOR", "LEN"];
export const EVENT_FIELDS = 6; // kind, level, item, option, colour, writes made
export const WRITE_FIELDS = 4; // array, index, old, new
export const EFFECT_FIELDS = 5; // per hide or unhide: moved, already, stickered, stuck, the hold left
// The events a cover, purify or their inverses make inside themselves; every other event is a search step.
// Events come in causal order: a step first, then what it does inside (a cover, then its hides).
export const INNER = new Set(["hide", "unhide", "sticker", "unsticker"]);
// The arrays each kind of event writes: a write is credited to the primitive that made it.
export const WRITES_OF = {
  cover: ["LLINK", "RLINK"],
  uncover: ["LLINK", "RLINK"],
  hide: ["ULINK", "DLINK", "LEN"],
  unhide: ["ULINK", "DLINK", "LEN"],
  sticker: ["COLOR"],
  unsticker: ["COLOR"],
};
export const JUMPS = [
  "next-choice", "prev-choice", "next-solution", "next-purify", "next-double-purify", "first-drift", "next-stranded",
  "next-early",
];

/** Decode a packed int array ({bytes, length, data: base64, little-endian}) into an Int32Array. */
export function unpack({ bytes, length, data }) {
  const text = atob(data);
  const raw = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) raw[k] = text.charCodeAt(k);
  const view = new DataView(raw.buffer);
  const out = new Int32Array(length);
  for (let k = 0; k < length; k++) out[k] = bytes === 2 ? view.getInt16(2 * k, true) : view.getInt32(4 * k, true);
  return out;
}

/** The first index in a sorted array whose value is > x (binary search). */
function above(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index in a sorted array whose value is >= x. */
function atLeast(sorted, x) {
  return above(sorted, x - 1);
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export class Playback {
  constructor(payload) {
    this.payload = payload;
    const a = payload.analysis;
    this.engine = payload.engine;
    this.kinds = payload.kinds;
    this.names = payload.names; // NAME(i); NAME(0) is the root
    this.n = this.names.length - 1;
    this.n1 = payload.primary;
    this.colours = payload.colours;
    this.labels = payload.labels;
    this.events = unpack(payload.events);
    this.writes = unpack(payload.writes);
    this.causes = unpack(payload.causes);
    this.count = this.events.length / EVENT_FIELDS;
    this.frames = this.count + 1; // frame 0 is the start; frame k+1 follows event k
    this.first = new Int32Array(this.count + 1); // first[k]: where event k's writes begin
    for (let k = 0; k < this.count; k++) this.first[k + 1] = this.first[k] + this.events[EVENT_FIELDS * k + 5];
    this.top = Int32Array.from(payload.arrays.TOP);
    this.state = {};
    for (const name of ARRAYS) this.state[name] = Int32Array.from(payload.arrays[name]);
    this.arrays = ARRAYS.map((name) => this.state[name]);
    this.frame = 0;
    this.nodes = this.top.length;
    // the analysis: node -> option, each node's shown state (replayed like the writes), what each event moved
    this.stateNames = a.states;
    this.shift = a.shift;
    this.holdKinds = a.holdKinds;
    this.optionOf = Int32Array.from(a.optionOf);
    this.optionNodes = [];
    for (let x = 0; x < this.nodes; x++) {
      const o = this.optionOf[x];
      if (o < 0) continue;
      while (this.optionNodes.length <= o) this.optionNodes.push([]);
      this.optionNodes[o].push(x);
    }
    this.shown = Int32Array.from(a.shown0);
    this.shownChanges = unpack(a.shown);
    const shownCount = unpack(a.shownCount);
    this.shownFirst = new Int32Array(this.count + 1);
    for (let k = 0; k < this.count; k++) this.shownFirst[k + 1] = this.shownFirst[k] + shownCount[k];
    this.effects = unpack(a.effects);
    this.marks = { drift: a.marks.drift };
    for (const [name, value] of Object.entries(a.marks)) if (name !== "drift") this.marks[name] = Array.from(unpack(value));
    // frame of each double purify -> what that purify did; frame -> the nodes first stranded there
    this.doubleInfo = new Map(a.doubles.map(([f, before, again, fresh]) => [f, { before, again, fresh }]));
    this.strandings = new Map();
    for (const [f, node, option, item] of a.strandings) {
      if (!this.strandings.has(f)) this.strandings.set(f, []);
      this.strandings.get(f).push({ node, option, item });
    }
    this.buildTree();
  }

  /** Event k as an object. */
  event(k) {
    const e = this.events;
    const at = EVENT_FIELDS * k;
    return {
      kind: this.kinds[e[at]],
      level: e[at + 1],
      item: e[at + 2] >= 0 ? e[at + 2] : null,
      option: e[at + 3] >= 0 ? e[at + 3] : null,
      colour: e[at + 4] > 0 ? this.colours[e[at + 4]] : null,
      writes: e[at + 5],
      cause: this.causes[k] >= 0 ? this.kinds[this.causes[k]] : null,
    };
  }
  /** The kind of the event that led to a frame ("start" for frame 0). */
  kindAt(frame) {
    return frame === 0 ? "start" : this.kinds[this.events[EVENT_FIELDS * (frame - 1)]];
  }

  /** One line for the event that led to a frame, e.g. "L1 purify r0c3 = L (option 7: ABEL at (0,0) E)". */
  describe(frame) {
    if (frame === 0) return "start: the links as built, before the search";
    const e = this.event(frame - 1);
    const parts = [`L${e.level}`, e.kind];
    if (e.item !== null) parts.push(e.colour === null ? this.names[e.item] : `${this.names[e.item]} = ${e.colour}`);
    if (e.option !== null) parts.push(`(option ${e.option}: ${this.labels[e.option]})`);
    return parts.join(" ");
  }

  // ---- the search tree: the options chosen, level by level, at every frame ----------

  buildTree() {
    const parent = [-1];
    const option = [-1];
    const depth = [0];
    const solution = [false];
    const at = new Int32Array(this.frames); // the tree node (0 = the root, nothing chosen) at each frame
    const path = [];
    this.tryFrames = [];
    for (let k = 0; k < this.count; k++) {
      const kind = this.kinds[this.events[EVENT_FIELDS * k]];
      const level = this.events[EVENT_FIELDS * k + 1];
      if (kind === "try") {
        path.length = level;
        parent.push(level ? path[level - 1] : 0);
        option.push(this.events[EVENT_FIELDS * k + 3]);
        depth.push(level + 1);
        solution.push(false);
        path.push(parent.length - 1);
        this.tryFrames.push(k + 1);
      } else if (kind === "backtrack") {
        path.length = level; // x_l is being undone: it is no longer chosen
      } else if (kind === "solution" && path.length) {
        solution[path[path.length - 1]] = true;
      }
      at[k + 1] = path.length ? path[path.length - 1] : 0;
    }
    this.tree = { parent, option, depth, solution, at };
  }

  /** The options chosen at a frame, level by level. */
  path(frame = this.frame) {
    const out = [];
    for (let t = this.tree.at[frame]; t > 0; t = this.tree.parent[t]) out.push(this.tree.option[t]);
    return out.reverse();
  }

  // ---- moving: apply writes forwards, put old values back backwards -----------------

  apply(k) {
    const w = this.writes;
    for (let j = this.first[k]; j < this.first[k + 1]; j++) {
      const at = WRITE_FIELDS * j;
      this.arrays[w[at]][w[at + 1]] = w[at + 3];
    }
    const c = this.shownChanges;
    for (let j = this.shownFirst[k]; j < this.shownFirst[k + 1]; j++) this.shown[c[3 * j]] = c[3 * j + 2];
  }

  undo(k) {
    const w = this.writes;
    for (let j = this.first[k + 1] - 1; j >= this.first[k]; j--) {
      const at = WRITE_FIELDS * j;
      this.arrays[w[at]][w[at + 1]] = w[at + 2];
    }
    const c = this.shownChanges;
    for (let j = this.shownFirst[k + 1] - 1; j >= this.shownFirst[k]; j--) this.shown[c[3 * j]] = c[3 * j + 1];
  }

  /** Go to a frame (clamped to the trace) and return it. */
  goto(frame) {
    const target = Math.max(0, Math.min(this.frames - 1, Math.trunc(frame)));
    while (this.frame < target) this.apply(this.frame++);
    while (this.frame > target) this.undo(--this.frame);
    return this.frame;
  }

  /** The writes of the event that led to the current frame, as {array, index, old, value}. */
  written(frame = this.frame) {
    if (frame === 0) return [];
    const out = [];
    const w = this.writes;
    for (let j = this.first[frame - 1]; j < this.first[frame]; j++) {
      const at = WRITE_FIELDS * j;
      out.push({ array: ARRAYS[w[at]], index: w[at + 1], old: w[at + 2], value: w[at + 3] });
    }
    return out;
  }

  /** The writes made by the events from frame `from` to frame `to` (from < to), the last one kept for each array
   * cell: what a coarse step, or a jump, changed since the frame shown before it. At most `cap` frames back. */
  writtenBetween(from, to, cap = 5000) {
    if (from >= to) return this.written(to);
    const last = new Map();
    for (let f = Math.max(from + 1, to - cap + 1); f <= to; f++) {
      for (const w of this.written(f)) {
        const key = `${w.array}:${w.index}`;
        const seen = last.get(key);
        last.set(key, seen ? { ...w, old: seen.old } : w);
      }
    }
    return [...last.values()].filter((w) => w.old !== w.value);
  }

  // ---- reading the state ----------------------------------------------------------

  /** The nodes reached from header i by DLINK (cut short if the list never closes). */
  walk(i, dlink = this.state.DLINK) {
    const reached = [];
    let q = dlink[i];
    while (q !== i && reached.length < this.nodes) {
      reached.push(q);
      q = dlink[q];
    }
    return reached;
  }

  /** The items still in their lists of items (active), as a Set. */
  active() {
    const rlink = this.state.RLINK;
    const out = new Set();
    for (const head of [0, this.n + 1]) {
      let k = rlink[head];
      let steps = 0;
      while (k !== head && steps <= this.n) {
        out.add(k);
        k = rlink[k];
        steps += 1;
      }
    }
    return out;
  }

  /** Every item's LEN beside the nodes really linked in its list, and the set of linked nodes. */
  counters() {
    const linked = new Set();
    const active = this.active();
    const items = [];
    for (let i = 1; i <= this.n; i++) {
      const reached = this.walk(i);
      for (const x of reached) linked.add(x);
      const len = this.state.LEN[i];
      items.push({ item: i, name: this.names[i], primary: i <= this.n1, active: active.has(i), len, real: reached.length });
    }
    return { items, linked };
  }

  /** Each node's state as the analysis found it: linked, chosen (in its list), chosen-off (a chosen option's
   * node off its list), hidden (by a cover), purified (by a purify),
   * twice (held out by two hides in force), or stranded (off its list with nothing holding it out); the item
   * whose cover or purify holds it (0 for none); and whether it carries a sticker (COLOR -1). */
  nodeStates() {
    const states = new Map();
    for (let x = this.n + 2; x < this.nodes; x++) {
      if (this.optionOf[x] < 0) continue;
      const v = this.shown[x];
      states.set(x, { state: this.stateNames[v % this.shift], by: Math.floor(v / this.shift), sticker: this.state.COLOR[x] < 0 });
    }
    return states;
  }

  /** In words: why a node is drawn as it is (for the fields box). */
  stateText(x, s) {
    const by = s.by ? this.names[s.by] : "";
    switch (s.state) {
      case "chosen": return "in a chosen option, and in its list";
      case "chosen-off": return `in a chosen option, off its list: held out by a hide made for ${by}`;
      case "linked": return s.sticker ? "linked, with a sticker: its item is purified with its colour" : "linked in its item's list";
      case "hidden": return `hidden: off its list, held out by the cover of ${by}`;
      case "purified": return `purified away: off its list, held out by the purify of ${by}`;
      case "twice": return `hidden twice: held out by two hides still in force (the last by ${by}), which Knuth's invariant forbids`;
      case "stranded": return "stranded: off its list, but no cover or purify holds it out: the lists no longer say what the search has done";
      case "early": return `back too soon: in its list, though a hide made for ${by} still holds its option out`;
      default: return s.state;
    }
  }

  /** What hide or unhide event k did to the other nodes of its option (the analysis' counts). */
  effect(k) {
    const e = this.effects;
    const at = EFFECT_FIELDS * k;
    const hold = e[at + 4];
    return { moved: e[at], already: e[at + 1], stickered: e[at + 2], stuck: e[at + 3], holdKind: this.holdKinds[hold % 4], holdItem: hold >> 2 };
  }

  /** The note of a hide or unhide frame: what it really moved, as part of which primitive. */
  hideNote(frame) {
    if (frame === 0) return "";
    const e = this.event(frame - 1);
    if (e.kind !== "hide" && e.kind !== "unhide") return "";
    const f = this.effect(frame - 1);
    const within = e.cause ? ` for the ${e.cause} of ${this.names[e.item]}` : "";
    const parts = [];
    if (e.kind === "hide") {
      parts.push(`hides option ${e.option}${within}: ${plural(f.moved, "node leaves its list", "nodes leave their lists")}`);
      if (f.already) parts.push(`${plural(f.already, "node was", "nodes were")} off already`);
    } else {
      parts.push(`unhides option ${e.option}${within}: ${plural(f.moved, "node rejoins its list", "nodes rejoin their lists")}`);
      if (f.already) parts.push(`${plural(f.already, "node was", "nodes were")} in already`);
    }
    if (f.stickered) parts.push(`${plural(f.stickered, "node keeps", "nodes keep")} its place (a sticker)`);
    if (f.stuck) {
      parts.push(e.kind === "hide"
        ? `${plural(f.stuck, "node stays", "nodes stay")} reachable: the links around it no longer agree`
        : `${plural(f.stuck, "node stays", "nodes stay")} off: put back beside a node that is off its list itself`);
    }
    if (e.kind === "unhide" && this.marks.spurious && this.marks.spurious.includes(frame)) {
      parts.push(`no hide made for ${this.names[e.item]} was on option ${e.option}: this unhide undoes nothing`);
    }
    if (e.kind === "unhide" && f.holdKind) parts.push(`the ${f.holdKind} of ${this.names[f.holdItem]} still holds option ${e.option} out`);
    return parts.join("; ");
  }

  /** The note for the nodes first stranded in (from, to]: the physical evidence of the bug. */
  strandNote(from, to) {
    const found = [];
    for (const [f, nodes] of this.strandings) if (f > from && f <= to) found.push(...nodes);
    if (!found.length) return "";
    const named = found.slice(0, 3).map((s) => `node ${s.node} of option ${s.option}`).join(", ") + (found.length > 3 ? ` and ${found.length - 3} more` : "");
    return `${named} ${found.length === 1 ? "is" : "are"} off ${found.length === 1 ? "its list" : "their lists"}, but nothing hides ${found.length === 1 ? "it" : "them"} any more: the lists no longer say what the search has done`;
  }

  /** The note for nodes back in their lists too soon, when some turned so in (from, to]: the options they belong to,
   * the nodes, and the item whose hide still holds each option out. */
  earlyNote(from, to) {
    if (!(this.marks.early || []).some((f) => f > from && f <= to)) return "";
    const byOption = new Map();
    for (const [x, s] of this.nodeStates()) {
      if (s.state !== "early") continue;
      const o = this.optionOf[x];
      if (!byOption.has(o)) byOption.set(o, { nodes: [], by: s.by });
      byOption.get(o).nodes.push(x);
    }
    const told = [...byOption].slice(0, 2).map(([o, { nodes, by }]) => {
      const one = nodes.length === 1;
      return `${one ? "node" : "nodes"} ${nodes.join(", ")} of option ${o} ${one ? "is" : "are"} back in ${one ? "its list" : "their lists"}, though a hide made for ${this.names[by]} still holds option ${o} out`;
    });
    if (!told.length) return "";
    const more = byOption.size > 2 ? ` (and ${byOption.size - 2} more options)` : "";
    return `back too soon: ${told.join("; ")}${more}`;
  }

  // ---- what a learner jumps to ----------------------------------------------------

  /** The frame an action jumps to from a frame, or -1 when there is none; at the coarse granularity
   * (fine false) the stop that shows that step done. */
  jump(action, from = this.frame, fine = true) {
    const target = this.markAfter(action, from);
    return fine || target < 0 ? target : this.stopAt(target);
  }

  markAfter(action, from) {
    const list = (name) => this.marks[name];
    switch (action) {
      case "next-choice":
      case "next-solution":
      case "next-purify":
      case "next-double-purify":
      case "next-stranded":
      case "next-early": {
        const sorted = list(action.slice(5));
        const k = above(sorted, from);
        return k < sorted.length ? sorted[k] : -1;
      }
      case "prev-choice": {
        const sorted = list("choice");
        const k = above(sorted, from - 1) - 1;
        return k >= 0 ? sorted[k] : -1;
      }
      case "first-drift":
        return this.marks.drift;
      default:
        throw new Error(`unknown jump ${action}; choose from ${JUMPS.join(", ")}`);
    }
  }

  /** The frame of the search step a frame belongs to: itself, or for a hide, unhide or sticker the frame of the
   * cover, purify or inverse that made it (events come in causal order, so it is the last step before). */
  head(frame) {
    let f = frame;
    while (f > 0 && INNER.has(this.kindAt(f))) f -= 1;
    return f;
  }

  /** One line for a stop: its step, and what that step did inside it up to this frame ("then 4 hides"). */
  describeStop(frame) {
    const h = this.head(frame);
    const made = new Map();
    for (let f = h + 1; f <= frame; f++) made.set(this.kindAt(f), (made.get(this.kindAt(f)) || 0) + 1);
    const parts = [...made].map(([kind, n]) => `${n} ${kind}${n === 1 ? "" : "s"}`);
    return this.describe(h) + (parts.length ? `, then ${parts.join(", ")}` : "");
  }

  /** The note for a double purify, and for every frame of its hides: what that purify did ("" elsewhere). */
  doubleNote(frame) {
    const h = this.head(frame);
    const d = this.doubleInfo.get(h);
    if (!d) return "";
    const e = this.event(h - 1);
    const item = this.names[e.item];
    const list = (os) => `option${os.length === 1 ? "" : "s"} ${os.join(", ")}`;
    const head = e.colour === d.before
      ? `double purify: ${item} was purified already on this path (= ${d.before})`
      : `double purify: ${item} was purified with ${d.before} on this path; now with ${e.colour}`;
    const did = [];
    if (d.again.length) did.push(`it hides ${list(d.again)} a second time, though hidden already`);
    if (d.fresh.length) did.push(`it hides ${list(d.fresh)}`);
    if (!did.length) did.push("it hides nothing this time, so it has done no harm yet");
    return `${head}; ${did.join("; ")}`;
  }

  /** The double-purify note for a frame shown alone (finest granularity): on the purify's own frame only what is
   * known before its hides; on its hides, the whole account. */
  doubleNoteAt(frame) {
    if (!this.doubleInfo.has(frame)) return this.doubleNote(frame);
    const d = this.doubleInfo.get(frame);
    const e = this.event(frame - 1);
    const item = this.names[e.item];
    return e.colour === d.before
      ? `double purify: ${item} was purified already on this path (= ${d.before}); its hides follow`
      : `double purify: ${item} was purified with ${d.before} on this path; now with ${e.colour}; its hides follow`;
  }

  /** Whether a frame is a stop at the coarse granularity: the frame just before a search step begins (so a
   * cover's stop shows all its hides done), the start and the end (the analysis' stops). */
  isStep(frame) {
    const k = atLeast(this.marks.stop, frame);
    return k < this.marks.stop.length && this.marks.stop[k] === frame;
  }

  /** The first stop at or after a frame (coarse granularity). */
  stopAt(frame) {
    const k = atLeast(this.marks.stop, frame);
    return k < this.marks.stop.length ? this.marks.stop[k] : this.frames - 1;
  }

  /** The next (delta = 1) or previous (-1) frame to stop at; every frame when fine, else search steps only. */
  neighbour(frame, delta, fine) {
    if (fine) return Math.max(0, Math.min(this.frames - 1, frame + delta));
    const stops = this.marks.stop;
    const k = delta > 0 ? above(stops, frame) : atLeast(stops, frame) - 1;
    return stops[Math.max(0, Math.min(stops.length - 1, k))];
  }
}

/** Two recordings on one timeline, as wordcover.analysis.align laid it out: at step t the lead shows frame
 * lead[t] and the other other[t]; moves[t] says who moved to get there ("both", "lead", "other", or "cut":
 * the lead alone, past the end of the other's cut recording). */
export class Timeline {
  constructor(payload) {
    this.who = payload.who;
    this.lead = unpack(payload.lead);
    this.other = unpack(payload.other);
    this.moves = unpack(payload.moves);
    this.stops = Array.from(unpack(payload.stops));
    this.missed = new Map(payload.missed.map(([step, frame]) => [step, frame]));
    this.missedSteps = [...this.missed.keys()].sort((x, y) => x - y);
    this.leadComplete = payload.leadComplete;
    this.otherComplete = payload.otherComplete;
    this.steps = this.lead.length;
  }

  /** Who moved to reach step t. */
  mover(t) {
    return this.who[this.moves[t]];
  }

  /** The first step that shows the lead at a frame (the lead's frames never go back along the timeline). */
  stepOf(frame) {
    return above(this.lead, frame - 1);
  }

  /** The next (delta = 1) or previous (-1) step to stop at. */
  neighbour(step, delta, fine) {
    if (fine) return Math.max(0, Math.min(this.steps - 1, step + delta));
    const k = delta > 0 ? above(this.stops, step) : atLeast(this.stops, step) - 1;
    return this.stops[Math.max(0, Math.min(this.stops.length - 1, k))];
  }

  /** The first stop at or after a step. */
  stopAt(step) {
    const k = atLeast(this.stops, step);
    return k < this.stops.length ? this.stops[k] : this.steps - 1;
  }

  /** The next solution that only the other search finds, after a step (-1 when there is none). */
  nextMissed(step) {
    const k = above(this.missedSteps, step);
    return k < this.missedSteps.length ? this.missedSteps[k] : -1;
  }
}
