// The logic of the Dancing Links player, apart from any page: it reads a trace
// recorded by wordcover.playback, applies an event's array writes to step
// forwards, puts the old values back to step backwards, and finds the frames a
// learner jumps to. No DOM here, so Node's own test runner can check all of it.

export const ARRAYS = ["LLINK", "RLINK", "ULINK", "DLINK", "COLOR", "LEN", "HIDER", "HIDES"];
export const EVENT_FIELDS = 6; // kind, level, item, option, colour, writes made
export const WRITE_FIELDS = 4; // array, index, old, new
export const HIDDEN_BY = { 1: "cover", 2: "purify" };
// The events a cover, purify or their inverses make inside themselves; every other event is a search step.
// Events come in causal order: a step first, then what it does inside (a cover, then its hides).
export const INNER = new Set(["hide", "unhide", "sticker", "unsticker"]);
// The arrays each kind of event writes: a write is credited to the primitive that made it.
export const WRITES_OF = {
  cover: ["LLINK", "RLINK"],
  uncover: ["LLINK", "RLINK"],
  hide: ["ULINK", "DLINK", "LEN", "HIDER", "HIDES"],
  unhide: ["ULINK", "DLINK", "LEN", "HIDER", "HIDES"],
  sticker: ["COLOR"],
  unsticker: ["COLOR"],
};
export const JUMPS = ["next-choice", "prev-choice", "next-solution", "next-purify", "next-double-purify", "first-drift"];

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

export class Playback {
  constructor(payload) {
    this.payload = payload;
    this.engine = payload.engine;
    this.kinds = payload.kinds;
    this.names = payload.names; // NAME(i); NAME(0) is the root
    this.n = this.names.length - 1;
    this.n1 = payload.primary;
    this.colours = payload.colours;
    this.labels = payload.labels;
    this.events = unpack(payload.events);
    this.writes = unpack(payload.writes);
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
    this.optionOf = new Int32Array(this.nodes).fill(-1);
    this.optionNodes = [];
    let option = 0;
    let members = [];
    for (let x = this.n + 2; x < this.nodes; x++) {
      if (this.top[x] <= 0) {
        // a spacer closes option -TOP(x) - 1
        this.optionNodes.push(members);
        members = [];
        option += 1;
      } else {
        this.optionOf[x] = option;
        members.push(x);
      }
    }
    // frame of each double purify -> what that purify did, as the recorder saw it
    this.doubleInfo = new Map((payload.doubles || []).map(([f, before, again, fresh]) => [f, { before, again, fresh }]));
    this.buildTree();
    this.buildMarks();
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
    };
  }

  /** The kind of the event that led to a frame ("start" for frame 0). */
  kindAt(frame) {
    return frame === 0 ? "start" : this.kinds[this.events[EVENT_FIELDS * (frame - 1)]];
  }

  /** One line for the event that led to a frame, e.g. "L1 purify r0c3 = L (option 7: ABEL at (0,0) E)". */
  describe(frame) {
    if (frame === 0) return "start: the links as step C1 leaves them";
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

  /** A key for the path at a frame, equal for equal paths in two traces. */
  pathKey(frame) {
    return this.path(frame).join(",");
  }

  // ---- moving: apply writes forwards, put old values back backwards -----------------

  apply(k) {
    const w = this.writes;
    for (let j = this.first[k]; j < this.first[k + 1]; j++) {
      const at = WRITE_FIELDS * j;
      this.arrays[w[at]][w[at + 1]] = w[at + 3];
    }
  }

  undo(k) {
    const w = this.writes;
    for (let j = this.first[k + 1] - 1; j >= this.first[k]; j--) {
      const at = WRITE_FIELDS * j;
      this.arrays[w[at]][w[at + 1]] = w[at + 2];
    }
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

  /** Each node's state: chosen, linked, hidden (by a cover), purified (hidden by a purify) or twice (an option
   * hidden by two hides still in force, which Knuth's invariant forbids); and stickers. */
  nodeStates(linked = this.counters().linked, chosen = new Set(this.path())) {
    const states = new Map();
    for (let x = this.n + 2; x < this.nodes; x++) {
      const o = this.optionOf[x];
      if (o < 0) continue;
      let state;
      if (chosen.has(o)) state = "chosen";
      else if (linked.has(x)) state = "linked";
      else if (this.state.HIDES[o] >= 2) state = "twice";
      else state = this.state.HIDER[o] === 2 ? "purified" : "hidden";
      states.set(x, { state, sticker: this.state.COLOR[x] < 0 });
    }
    return states;
  }

  // ---- what a learner jumps to ----------------------------------------------------

  /** Frames of choices, solutions, purifies and double purifies; the first frame with a drifting LEN.
   * The double purifies come from the recorder (payload.doubles), which also says what each one hid. */
  buildMarks() {
    const marks = { choice: [], solution: [], purify: [], "double-purify": [...this.doubleInfo.keys()].sort((a, b) => a - b) };
    for (let k = 0; k < this.count; k++) {
      const kind = this.kinds[this.events[EVENT_FIELDS * k]];
      if (kind === "try") marks.choice.push(k + 1);
      else if (kind === "solution") marks.solution.push(k + 1);
      else if (kind === "purify") marks.purify.push(k + 1);
    }
    marks.drift = this.findFirstDrift();
    this.marks = marks;
  }

  /** Replay the whole trace on copies of the arrays, checking only the items each event touched. */
  findFirstDrift() {
    const arrays = ARRAYS.map((name) => Int32Array.from(this.payload.arrays[name]));
    const ulinkIndex = ARRAYS.indexOf("ULINK");
    const dlinkIndex = ARRAYS.indexOf("DLINK");
    const lenIndex = ARRAYS.indexOf("LEN");
    const dlink = arrays[dlinkIndex];
    const len = arrays[lenIndex];
    const real = new Int32Array(this.n + 1);
    for (let i = 1; i <= this.n; i++) real[i] = this.walk(i, dlink).length;
    const w = this.writes;
    for (let k = 0; k < this.count; k++) {
      const touched = new Set();
      for (let j = this.first[k]; j < this.first[k + 1]; j++) {
        const at = WRITE_FIELDS * j;
        const a = w[at];
        const x = w[at + 1];
        arrays[a][x] = w[at + 3];
        if (a === lenIndex) touched.add(x);
        else if (a === ulinkIndex || a === dlinkIndex) touched.add(x <= this.n ? x : this.top[x]);
      }
      let drift = false;
      for (const i of touched) {
        if (i < 1 || i > this.n) continue;
        real[i] = this.walk(i, dlink).length;
      }
      for (let i = 1; i <= this.n && !drift; i++) drift = len[i] !== real[i];
      if (drift) return k + 1;
    }
    return -1;
  }

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
      case "next-double-purify": {
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

  /** For a hide or unhide frame: the primitive it is part of ("cover" or "purify", an inverse named as its own). */
  hiddenBy(frame) {
    if (frame === 0) return null;
    const kind = this.kindAt(this.head(frame));
    return kind === "cover" || kind === "uncover" ? "cover" : kind === "purify" || kind === "unpurify" ? "purify" : null;
  }

  /** Whether a frame is a stop at the coarse granularity: the frame just before a search step begins (so a
   * cover's stop shows all its hides done), the start and the end. */
  isStep(frame) {
    return frame <= 0 || frame >= this.frames - 1 || !INNER.has(this.kindAt(frame + 1));
  }

  /** The first stop at or after a frame (coarse granularity). */
  stopAt(frame) {
    let f = frame;
    while (!this.isStep(f)) f += 1;
    return f;
  }

  /** The next (delta = 1) or previous (-1) frame to stop at; every frame when fine, else search steps only. */
  neighbour(frame, delta, fine) {
    let f = frame + delta;
    while (!fine && f > 0 && f < this.frames - 1 && !this.isStep(f)) f += delta;
    return Math.max(0, Math.min(this.frames - 1, f));
  }
}

/**
 * Align two traces by search path, not by frame number: for every frame of `lead`,
 * the frame of `other` that did the same thing (same event on the same path).
 * Where the lead does something the other never does (the naive engine's second
 * purify, or a path the sticker never tries), the other waits where it was.
 * Returns {partner: Int32Array(lead.frames), divergence}: the first frame where the
 * lead tries a path the other never takes, or -1.
 */
export function align(lead, other) {
  const keys = (p) => {
    const seen = new Map();
    const out = [];
    for (let f = 1; f < p.frames; f++) {
      const e = p.event(f - 1);
      const base = `${p.pathKey(f)}|${e.kind}|${e.level}|${e.item}|${e.option}|${e.colour}`;
      const n = seen.get(base) || 0;
      seen.set(base, n + 1);
      out.push(`${base}|${n}`);
    }
    return out;
  };
  const where = new Map();
  keys(other).forEach((key, k) => where.set(key, k + 1));
  const tried = new Set(other.tryFrames.map((f) => other.pathKey(f)));
  const partner = new Int32Array(lead.frames);
  let divergence = -1;
  keys(lead).forEach((key, k) => {
    const f = k + 1;
    const found = where.get(key);
    partner[f] = found === undefined ? partner[f - 1] : found;
    if (divergence < 0 && lead.kindAt(f) === "try" && !tried.has(lead.pathKey(f))) divergence = f;
  });
  return { partner, divergence };
}
