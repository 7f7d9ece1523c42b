"""What a recorded search did, derived once: each node's state, what each event moved, the marks, the alignment.

The recorder (:mod:`wordcover.playback`) only logs: the events in causal order and the writes each made to
Knuth's arrays. This module reads that log once and derives every fact that the player and the notebooks
show, so that no other place derives them again (a second derivation is where a false sentence hides):

* **node states**, at every frame: ``linked`` (in its item's list), ``chosen`` (its option is on the path,
  and it is in its list), ``chosen-off`` (its option is on the path, and a hide in force holds it off its list:
  most nodes of a chosen option are, since the cover of one of its items hid it), ``hidden`` (off its list,
  held out by a cover), ``purified`` (held out by a purify), ``twice`` (held out by two hides still in force,
  which Knuth's invariant forbids), ``stranded``: off its list while no live cover or purify holds it out,
  and ``early``: back in its list while a live cover or purify still holds it out (a node with a sticker,
  COLOR -1, is left in its list by design and is not early). Stranded and early nodes are the physical
  evidence of the double-purify bug: the lists no longer say what the search has done. Each state comes with
  the item whose cover or purify holds the node (0 for none); a sticker (COLOR -1) is read off the arrays. A
  picture that draws these states draws what the lists hold.
* **what each hide and unhide really moved**: how many of the option's other nodes left or rejoined their
  lists, how many were out (or in) already, how many stayed where they were, and which cover or purify
  still holds the option afterwards.
* **the marks**: the frames of choices, solutions, purifies, double purifies (with what each hid, again
  or for the first time), strandings, the first drift (some LEN differs from the nodes really linked),
  and the stops of the coarse granularity.
* **the alignment of two recordings** (:func:`align`), by the whole path of choices: a joint timeline in
  which both searches move together where they do the same thing on the same branch, and one waits
  while the other does what it never does.

A hold is one hide still in force: hide pushes (the cover or purify running, its item, the frame it began) on the
option's stack; an unhide made by uncover(i) or unpurify(i) takes off the hold of the cover(i) or purify(i) it
undoes. An unhide that finds no such hold undoes nothing (a *spurious* unhide; the naive engine makes them when
an uncover or unpurify meets a node that came back too soon, or reaches one through a stale link), and the holds on
the option stay in force. Once an uncover or unpurify is over, its cover or purify holds nothing any more: a hold
its unhides missed ends with it, and a node that hold kept off its list is stranded. Membership in a list is
found by walking DLINK from the item's header (each list touched by an event is walked again after it), so a node
counts as linked only if the search can reach it.
"""

from __future__ import annotations

import base64
import sys
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .playback import WriteTrace

STATES = ("linked", "chosen", "hidden", "purified", "stranded", "twice", "chosen-off", "early")  # a node's drawn state
LINKED, CHOSEN, HIDDEN, PURIFIED, STRANDED, TWICE, CHOSEN_OFF, EARLY = range(len(STATES))
SHOWN_SHIFT = 8  # a node's shown value: its state code + SHOWN_SHIFT * the item holding it out (0: nothing)
HOLD_KINDS = ("", "cover", "purify")  # what a hold is: a hide made by a cover or by a purify
EFFECT_FIELDS = 5  # per hide or unhide: moved, already, stickered, stuck, the hold left on the option (kind + 4 * item)
WHO = ("both", "lead", "other", "cut", "lead-cut")  # who moves at a step of a joint timeline; "cut": the lead
# alone, past the last event of the other's cut recording; "lead-cut": the other alone, past the lead's
INNER = frozenset({"hide", "unhide", "sticker", "unsticker"})  # what a cover, purify or inverse does inside itself
ENDS_BRANCH = frozenset({"choose", "solution", "conflict"})  # events at the node of level l: the path x_0 .. x_{l-1}


@dataclass(frozen=True)
class Double:
    """What one double purify did: the colour the item had on the path, and the options it hid."""

    before: str | None  # the colour of the purify of the same item still in force
    again: tuple[int, ...]  # options this purify hid while they were hidden already (Knuth's invariant broken)
    fresh: tuple[int, ...]  # options it hid that were not hidden
    colour: str | None = None  # the colour this purify keeps

    @property
    def same_letter(self) -> bool:
        """Whether this purify keeps the colour already in force: purify's own gap (an option of that colour, kept in
        play, chosen again), not an option let back too soon by the bug."""
        return self.colour == self.before


@dataclass(frozen=True)
class Stranding:
    """A node left off its list with nothing holding it out: where and when it first happened."""

    frame: int
    node: int
    option: int
    item: str


@dataclass
class Analysis:
    """Every fact a recording shows, derived once by :func:`analyse`; see the module docstring."""

    option_of: list[int]  # node -> its option (-1 for headers and spacers)
    option_nodes: list[list[int]]  # option -> its nodes, left to right
    shown0: list[int]  # each node's shown value at frame 0 (state + SHOWN_SHIFT * holder)
    shown_count: array[int]  # per event, how many shown values it changed
    shown: array[int]  # (node, old, new) per change, event after event
    effects: array[int]  # EFFECT_FIELDS per event (zeros for events other than hide and unhide); see effect()
    marks: dict[str, Any]  # frames: choice, solution, purify, double-purify, stranded, early, spurious, stop; drift
    doubles: dict[int, Double]  # frame of each double purify -> what that purify did
    strandings: list[Stranding]  # each node the first time it is stranded
    twice: tuple[int, int, int] | None  # the first option hidden twice: (option, first hide, second hide) events

    def state_at(self, frame: int) -> dict[int, tuple[str, int]]:
        """Every node's (state, holding item) at ``frame``, by replaying the changes."""
        values = list(self.shown0)
        for at in range(0, 3 * sum(self.shown_count[:frame]), 3):
            values[self.shown[at]] = self.shown[at + 2]
        return {x: (STATES[v % SHOWN_SHIFT], v // SHOWN_SHIFT) for x, v in enumerate(values) if self.option_of[x] >= 0}

    def effect(self, k: int) -> tuple[int, int, int, int, str, int]:
        """What hide or unhide event ``k`` did to the other nodes of its option, each counted once.

        (moved: left their lists, or came back; already: off already for a hide, in already for an unhide;
        stickered: left in place by design (COLOR -1); stuck: a hide left them reachable, or an unhide left
        them unreachable; the kind of the hold still on the option afterwards, "" for none; its item).
        """
        moved, already, stickered, stuck, hold = self.effects[EFFECT_FIELDS * k : EFFECT_FIELDS * (k + 1)]
        return moved, already, stickered, stuck, HOLD_KINDS[hold % 4], hold // 4

    def payload(self) -> dict[str, Any]:
        """The analysis as the player reads it: packed integer arrays and plain lists."""
        return {
            "states": list(STATES),
            "shift": SHOWN_SHIFT,
            "holdKinds": list(HOLD_KINDS),
            "optionOf": self.option_of,
            "shown0": self.shown0,
            "shownCount": pack(self.shown_count),
            "shown": pack(self.shown),
            "effects": pack(self.effects),
            "marks": {name: pack(array("i", v)) if isinstance(v, list) else v for name, v in self.marks.items()},
            "doubles": [[f, d.before, list(d.again), list(d.fresh)] for f, d in sorted(self.doubles.items())],
            "strandings": [[s.frame, s.node, s.option, s.item] for s in self.strandings],
        }


def pack(values: Sequence[int]) -> dict[str, Any]:
    """Little-endian int16 when every value fits (the usual case), int32 otherwise; base64 for JSON."""
    small = all(-0x8000 <= v < 0x8000 for v in values)
    packed = array("h" if small else "i", values)
    if sys.byteorder == "big":
        packed.byteswap()
    return {"bytes": packed.itemsize, "length": len(packed), "data": base64.b64encode(packed.tobytes()).decode("ascii")}


def options_of(top: Sequence[int], n: int) -> tuple[list[int], list[list[int]]]:
    """node -> option (-1 for headers and spacers), and option -> its nodes: read off TOP (spacers have TOP <= 0)."""
    option_of = [-1] * len(top)
    nodes: list[list[int]] = []
    members: list[int] = []
    for x in range(n + 2, len(top)):
        if top[x] <= 0:  # a spacer closes the option before it
            nodes.append(members)
            members = []
        else:
            option_of[x] = len(nodes)
            members.append(x)
    return option_of, nodes[1:] if nodes and not nodes[0] else nodes


def walk_list(dlink: Sequence[int], i: int, guard: int) -> list[int]:
    """The nodes reached from header i by DLINK (at most ``guard``: a corrupted list may never close)."""
    reached: list[int] = []
    q = dlink[i]
    while q != i and len(reached) < guard:
        reached.append(q)
        q = dlink[q]
    return reached


def analyse(trace: WriteTrace) -> Analysis:
    """Read a recording once and derive every fact it shows (see the module docstring)."""
    from .playback import ARRAYS, EVENT_FIELDS, KINDS, WRITE_FIELDS

    arrays = {name: list(values) for name, values in trace.initial.items()}
    top, dlink, length = arrays["TOP"], arrays["DLINK"], arrays["LEN"]
    lists = [arrays[name] for name in ARRAYS]
    n = len(trace.names) - 1
    guard = len(top)
    option_of, option_nodes = options_of(top, n)
    links = {ARRAYS.index("ULINK"), ARRAYS.index("DLINK")}
    len_code = ARRAYS.index("LEN")
    color_code = ARRAYS.index("COLOR")
    members: list[set[int]] = [set()] + [set(walk_list(dlink, i, guard)) for i in range(1, n + 1)]
    holds: list[list[tuple[int, int, int]]] = [[] for _ in option_nodes]  # option -> live holds (kind, item, run)
    running: dict[tuple[int, int], list[int]] = {}  # (kind, item) -> the frames of its covers or purifies in force
    held_by: dict[tuple[int, int, int], set[int]] = {}  # one cover or purify (kind, item, frame) -> options it holds
    undoing: tuple[int, int, int] | None = None  # the cover or purify whose inverse is running
    path: list[int] = []
    on_path: set[int] = set()

    def value(x: int) -> int:  # in its list or not, as DLINK walks it; then who holds it out, if anyone
        o = option_of[x]
        holders = [item for _, item, _ in holds[o] if item != top[x]]  # a hide leaves the node in its own item be
        if x in members[top[x]]:
            if holders and arrays["COLOR"][x] >= 0:  # a sticker keeps its node in its list by design
                return EARLY + SHOWN_SHIFT * holders[-1]
            return CHOSEN if o in on_path else LINKED
        if len(holders) >= 2:
            return TWICE + SHOWN_SHIFT * holders[-1]
        if holders and o in on_path:
            return CHOSEN_OFF + SHOWN_SHIFT * holders[-1]
        if holders:
            kind = next(k for k, item, _ in reversed(holds[o]) if item == holders[-1])
            return (HIDDEN if kind == 1 else PURIFIED) + SHOWN_SHIFT * holders[-1]
        return STRANDED

    shown = [value(x) if option_of[x] >= 0 else 0 for x in range(len(top))]
    shown0 = list(shown)
    shown_count, changes, effects = array("i"), array("i"), array("i")
    marks: dict[str, Any] = {
        "choice": [],
        "solution": [],
        "purify": [],
        "double-purify": [],
        "stranded": [],
        "early": [],
        "spurious": [],
        "stop": [],
        "drift": -1,
    }
    doubles: dict[int, Double] = {}
    double: list[Any] = []  # the double purify running now: [frame, colour before, hidden again, hidden fresh, colour]
    colours_on: dict[int, list[str | None]] = {}  # item -> the colours of its purifies not yet undone
    strandings: list[Stranding] = []
    ever_stranded: set[int] = set()
    twice: tuple[int, int, int] | None = None
    first_hide: dict[int, int] = {}  # option -> the event that hid it while nothing held it
    drifting: set[int] = set()
    events, writes = trace.events, trace.writes
    count = len(events) // EVENT_FIELDS
    kinds_of = [KINDS[events[EVENT_FIELDS * k]] for k in range(count)]
    names = trace.names
    for k in range(count):
        kind_code, level, item, option, colour_code, end = events[EVENT_FIELDS * k : EVENT_FIELDS * (k + 1)]
        kind = KINDS[kind_code]
        cause = KINDS[trace.causes[k]] if trace.causes[k] >= 0 else None
        frame = k + 1
        start = events[EVENT_FIELDS * k - 1] if k else 0
        if kind not in ("hide", "sticker") and double:
            doubles[double[0]] = Double(double[1], tuple(double[2]), tuple(double[3]), double[4])
            double.clear()
        affected: set[int] = set()  # nodes whose state may change
        others = [x for x in option_nodes[option] if top[x] != item] if kind in ("hide", "unhide") else []
        before = [x in members[top[x]] for x in others]
        stickered = [arrays["COLOR"][x] < 0 for x in others]
        if kind in ("cover", "purify"):
            running.setdefault((HOLD_KINDS.index(kind), item), []).append(frame)
        elif kind in ("uncover", "unpurify"):
            op = (HOLD_KINDS.index(kind[2:]), item)
            undoing = (*op, running[op].pop()) if running.get(op) else None
        if kind == "hide":
            live = holds[option]
            if double and cause == "purify":
                (double[2] if live else double[3]).append(option)
            if not live:
                first_hide[option] = k
            elif twice is None:
                twice = (option, first_hide[option], k)
            op = (HOLD_KINDS.index(cause or "cover"), item)
            hold = (*op, running[op][-1] if running.get(op) else 0)  # the cover or purify running now
            live.append(hold)
            held_by.setdefault(hold, set()).add(option)
            affected.update(option_nodes[option])
        elif kind == "unhide":
            live = holds[option]
            at = max((j for j, hold in enumerate(live) if hold == undoing or cause is None), default=-1)
            if at >= 0:
                held_by.get(live[at], set()).discard(option)
                del live[at]  # the hold this unhide undoes
            else:
                marks["spurious"].append(frame)  # it undoes no hide of its own cover or purify
            affected.update(option_nodes[option])
        elif kind == "try":
            marks["choice"].append(frame)
            for o in path[level:]:
                affected.update(option_nodes[o])
            del path[level:]
            path.append(option)
            affected.update(option_nodes[option])
        elif kind == "backtrack":
            for o in path[level:]:
                affected.update(option_nodes[o])
            del path[level:]
        elif kind == "solution":
            marks["solution"].append(frame)
        elif kind == "purify":
            marks["purify"].append(frame)
            on = colours_on.setdefault(item, [])
            name = trace.colour_names[colour_code] if colour_code > 0 else None
            if on:  # the item is purified already on this path
                marks["double-purify"].append(frame)
                double.extend((frame, on[-1], [], [], name))
            on.append(name)
        elif kind == "unpurify" and colours_on.get(item):
            colours_on[item].pop()
        if undoing is not None and (k + 1 == count or kinds_of[k + 1] not in INNER):
            for o in held_by.pop(undoing, set()):  # the inverse is done: its cover or purify holds nothing any more
                holds[o] = [hold for hold in holds[o] if hold != undoing]
                affected.update(option_nodes[o])
            undoing = None
        on_path.clear()
        on_path.update(path)
        touched: set[int] = set()
        for at in range(start * WRITE_FIELDS, end * WRITE_FIELDS, WRITE_FIELDS):
            code, x = writes[at], writes[at + 1]
            lists[code][x] = writes[at + 3]
            if code in links:
                touched.add(x if x <= n else top[x])
            elif code == len_code:
                touched.add(x)
            elif code == color_code:
                affected.add(x)  # a sticker put on or taken off: a node in its list may be early or not
        for i in touched:
            if 1 <= i <= n:
                now = set(walk_list(dlink, i, guard))
                affected.update(now ^ members[i])
                members[i] = now
                if length[i] != len(now):
                    drifting.add(i)
                else:
                    drifting.discard(i)
        if drifting and marks["drift"] < 0:
            marks["drift"] = frame
        made = 0
        for x in sorted(affected):
            if option_of[x] < 0:
                continue
            new = value(x)
            if new != shown[x]:
                changes.extend((x, shown[x], new))
                made += 1
                if new % SHOWN_SHIFT == EARLY and (not marks["early"] or marks["early"][-1] != frame):
                    marks["early"].append(frame)
                if new == STRANDED:
                    if not marks["stranded"] or marks["stranded"][-1] != frame:
                        marks["stranded"].append(frame)
                    if x not in ever_stranded:
                        ever_stranded.add(x)
                        strandings.append(Stranding(frame, x, option_of[x], names[top[x]]))
                shown[x] = new
        shown_count.append(made)
        if others:
            after = [x in members[top[x]] for x in others]
            hold = holds[option][-1] if holds[option] else (0, 0, 0)
            tally = [0, 0, 0, 0]  # moved, already, stickered, stuck
            hiding = kind == "hide"
            for was, is_in, sticker in zip(before, after, stickered):
                if sticker and was and is_in:
                    tally[2] += 1  # hide and unhide pass a stickered node by
                elif was != hiding:
                    tally[1] += 1  # off already for a hide, in already for an unhide
                elif is_in != was:
                    tally[0] += 1
                else:
                    tally[3] += 1
            effects.extend((*tally, hold[0] + 4 * hold[1]))
        else:
            effects.extend((0, 0, 0, 0, 0))
    if double:
        doubles[double[0]] = Double(double[1], tuple(double[2]), tuple(double[3]), double[4])
    marks["stop"] = [f for f in range(count + 1) if f == 0 or f == count or kinds_of[f] not in INNER]
    return Analysis(
        option_of=option_of,
        option_nodes=option_nodes,
        shown0=shown0,
        shown_count=shown_count,
        shown=changes,
        effects=effects,
        marks=marks,
        doubles=doubles,
        strandings=strandings,
        twice=twice,
    )


# ---- two recordings side by side -------------------------------------------------------------


def branch_keys(trace: WriteTrace) -> list[tuple[Any, ...]]:
    """A key per event, equal for the same event on the same branch in two recordings of one problem.

    The branch is the whole path of choices whose node of the search tree the event belongs to: a try of
    x_l and everything up to its backtrack belong to the path x_0 .. x_l; choose, solution, conflict, the
    cover of C4 and the uncover of C7 at level l to x_0 .. x_{l-1}; what a step does inside it to that step's.
    A count of equal keys before tells repeats apart.
    """
    from .playback import EVENT_FIELDS, KINDS

    events = trace.events
    path: list[int] = []
    seen: dict[tuple[Any, ...], int] = {}
    keys = []
    for k in range(len(events) // EVENT_FIELDS):
        kind_code, level, item, option, colour = events[EVENT_FIELDS * k : EVENT_FIELDS * k + 5]
        kind = KINDS[kind_code]
        outer = trace.causes[k] < 0
        if kind == "try":
            del path[level:]
            path.append(option)
        elif kind == "backtrack":
            del path[level + 1 :]
        elif kind in ENDS_BRANCH or (outer and kind in ("cover", "uncover")):
            del path[level:]
        colour_name = trace.colour_names[colour] if colour > 0 else None
        base = (tuple(path), kind, level, trace.names[item] if item >= 0 else None, option, colour_name)
        repeat = seen.get(base, 0)
        seen[base] = repeat + 1
        keys.append((*base, repeat))
    return keys


def paths_at(trace: WriteTrace, frames: Sequence[int]) -> list[tuple[int, ...]]:
    """The options chosen at each of ``frames`` (in increasing order), following the choices once."""
    out: list[tuple[int, ...]] = []
    path: list[int] = []
    done = 0
    for frame in frames:
        trace.follow(path, done, frame)
        done = frame
        out.append(tuple(path))
    return out


@dataclass(frozen=True)
class Alignment:
    """Two recordings of one problem on one timeline: at step t the lead shows frame ``lead[t]``, the other
    ``other[t]``; ``who[t]`` says who moved to get there (an index into ``WHO``)."""

    lead: array[int]
    other: array[int]
    who: array[int]
    stops: list[int]  # the steps of the coarse granularity
    missed: dict[int, int]  # step of a solution only the other finds -> the lead's frame of the same solution, or -1
    lead_complete: bool
    other_complete: bool

    def __len__(self) -> int:
        return len(self.lead)

    def payload(self) -> dict[str, Any]:
        """The timeline as the player reads it."""
        return {
            "who": list(WHO),
            "lead": pack(self.lead),
            "other": pack(self.other),
            "moves": pack(self.who),
            "stops": pack(array("i", self.stops)),
            "missed": [[s, f] for s, f in sorted(self.missed.items())],
            "counts": [self.who[1:].count(code) for code in range(len(WHO))],  # the moves: step 0 is the start
            "leadComplete": self.lead_complete,
            "otherComplete": self.other_complete,
        }


def _increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of pairs (a, b), a increasing as given, whose b increase too (patience sorting)."""
    tails: list[int] = []  # tails[m]: the index in pairs of the smallest b ending a run of length m + 1
    back = [-1] * len(pairs)
    for k, (_, b) in enumerate(pairs):
        m = bisect_left(tails, b, key=lambda t: pairs[t][1])  # the first run whose end is >= b
        if m > 0:
            back[k] = tails[m - 1]
        if m == len(tails):
            tails.append(k)
        else:
            tails[m] = k
    run, k = [], tails[-1] if tails else -1
    while k >= 0:
        run.append(pairs[k])
        k = back[k]
    return run[::-1]


def align(lead: WriteTrace, other: WriteTrace) -> Alignment:
    """Put two recordings of one problem on one timeline, matching events by :func:`branch_keys`.

    Where both do the same event on the same branch they move together; elsewhere one moves and the
    other waits where it is: between two pairs, each side first finishes what it was doing on the branch they
    shared (up to its first try), then each goes its own way, the lead first (after the last pair, a cut
    recording first). A backtrack is
    only ever paired with the same backtrack, and neither side ever goes back. Past the last event of a cut
    recording, the other side's steps are marked ``cut`` (``lead-cut`` when the lead was cut).
    """
    from .playback import EVENT_FIELDS, KINDS

    mine, theirs = branch_keys(lead), branch_keys(other)
    where = {key: j for j, key in enumerate(theirs)}
    pairs = _increasing([(k, where[key]) for k, key in enumerate(mine) if key in where])
    steps_lead, steps_other, who = array("i", [0]), array("i", [0]), array("i", [0])
    i = j = 0

    def move(a: int, b: int, code: int) -> None:
        steps_lead.append(a)
        steps_other.append(b)
        who.append(code)

    kind_lead = [KINDS[lead.events[EVENT_FIELDS * k]] for k in range(len(mine))]
    kind_other = [KINDS[other.events[EVENT_FIELDS * k]] for k in range(len(theirs))]

    def first_try(kinds: list[str], start: int, stop: int) -> int:
        """Where a gap's events leave the branch they were on: its first try (or its end)."""
        return next((k for k in range(start, stop) if kinds[k] == "try"), stop)

    for a, b in [*pairs, (len(mine), len(theirs))]:
        tail = a == len(mine)  # after the last pair: a cut recording shows all it has before the other goes on
        if tail and not other.complete:
            while j < b:
                j += 1
                move(i, j, 2)
        # each side first finishes what it was doing on the branch they shared, then goes its own way
        for stop_lead, stop_other in ((first_try(kind_lead, i, a), first_try(kind_other, j, b)), (a, b)):
            while i < stop_lead:
                i += 1
                move(i, j, 3 if j == len(theirs) and not other.complete else 1)
            while j < stop_other:
                j += 1
                move(i, j, 4 if i == len(mine) and not lead.complete else 2)
        if not tail:
            i, j = i + 1, j + 1
            move(i, j, 0)

    def inner(t: int) -> bool:  # step t's moving events are all inside a cover, purify or inverse
        moves = []
        if who[t] in (0, 1, 3):
            moves.append(kind_lead[steps_lead[t] - 1])
        if who[t] in (0, 2, 4):
            moves.append(kind_other[steps_other[t] - 1])
        return all(kind in INNER for kind in moves)

    last = len(who) - 1
    stops = [t for t in range(last + 1) if t in (0, last) or not inner(t + 1)]
    solutions_lead: dict[frozenset[int], int] = {}
    for f, path in zip(lead.marks["solution"], paths_at(lead, lead.marks["solution"])):
        solutions_lead.setdefault(frozenset(path), f)
    alone = [t for t in range(1, last + 1) if who[t] in (2, 4) and kind_other[steps_other[t] - 1] == "solution"]
    paths = paths_at(other, [steps_other[t] for t in alone])
    missed = {t: solutions_lead.get(frozenset(path), -1) for t, path in zip(alone, paths)}
    return Alignment(steps_lead, steps_other, who, stops, missed, lead.complete, other.complete)
