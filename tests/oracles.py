"""Independent oracles for the tests: brute force and plain backtracking, no Dancing Links; and ``replay``, what a
recorded search's nodes and hides did, read off the live engine's own arrays rather than the recording."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from wordcover import Problem
from wordcover.engines import make_traced
from wordcover.playback import record_writes

COMPASS = {
    "E": (0, 1),
    "W": (0, -1),
    "S": (1, 0),
    "N": (-1, 0),
    "SE": (1, 1),
    "SW": (1, -1),
    "NE": (-1, 1),
    "NW": (-1, -1),
}


def satisfies(problem: Problem, chosen) -> bool:
    """The definition of a solution, checked by counting."""
    cover = Counter()
    colours: dict[str, set] = {}
    for k in chosen:
        for entry in problem.options[k]:
            cover[entry.item] += 1
            colours.setdefault(entry.item, set()).add(entry.colour)
    if any(cover[item] != 1 for item in problem.primary):
        return False
    for item in problem.secondary:
        if cover[item] > 1 and (None in colours[item] or len(colours[item]) > 1):
            return False
    return True


def brute_force(problem: Problem) -> set[frozenset[int]]:
    """Every solution, by trying every set of options (small problems only)."""
    found = set()
    n = len(problem.options)
    for size in range(1, len(problem.primary) + 1):
        for chosen in combinations(range(n), size):
            if satisfies(problem, chosen):
                found.add(frozenset(chosen))
    return found


def fits(word: str, rows: int, cols: int, directions) -> list[dict]:
    """Every placement of a word as a {cell: letter} map."""
    result = []
    for name in directions:
        dr, dc = COMPASS[name]
        for r in range(rows):
            for c in range(cols):
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                    result.append(dict(zip(cells, word)))
    return result


def count_placements(words, rows: int, cols: int, directions, share: bool = False) -> int:
    """Word-search solutions by backtracking over words with bitsets of compatible placements.

    Two placements are compatible when they agree on every cell they share; a
    choice of one placement per word is a solution exactly when every pair is
    compatible. ``share`` keeps only choices in which every word meets another.
    """
    per_word = [fits(w, rows, cols, directions) for w in words]
    order = sorted(range(len(words)), key=lambda w: len(per_word[w]))
    flat = [(w, p) for w in order for p in per_word[w]]
    compatible = []
    for _, a in flat:
        bits = 0
        for j, (_, b) in enumerate(flat):
            if all(b.get(cell, letter) == letter for cell, letter in a.items()):
                bits |= 1 << j
        compatible.append(bits)
    masks, start = [], 0
    for w in order:
        masks.append(((1 << len(per_word[w])) - 1) << start)
        start += len(per_word[w])

    def meets(chosen):
        return all(any(flat[a][1].keys() & flat[b][1].keys() for b in chosen if b != a) for a in chosen)

    def extend(level: int, allowed: int, chosen: list[int]) -> int:
        candidates = allowed & masks[level]
        if level == len(order) - 1 and not share:
            return candidates.bit_count()
        total = 0
        while candidates:
            low = candidates & -candidates
            j = low.bit_length() - 1
            candidates ^= low
            chosen.append(j)
            if level == len(order) - 1:
                total += meets(chosen)
            else:
                total += extend(level + 1, allowed & compatible[j], chosen)
            chosen.pop()
        return total

    return extend(0, (1 << len(flat)) - 1, [])


def queens_count(n: int) -> int:
    """n queens by plain backtracking with sets."""

    def place(row, cols, d1, d2):
        if row == n:
            return 1
        return sum(
            place(row + 1, cols | {c}, d1 | {row + c}, d2 | {row - c})
            for c in range(n)
            if c not in cols and row + c not in d1 and row - c not in d2
        )

    return place(0, frozenset(), frozenset(), frozenset())


def langford_count(n: int) -> int:
    """Langford pairs (each arrangement and its reversal) by plain backtracking over slots."""
    slots = [0] * (2 * n)

    def place(i):
        if i == 0:
            return 1
        total = 0
        for j in range(2 * n - i - 1):
            k = j + i + 1
            if not slots[j] and not slots[k]:
                slots[j] = slots[k] = i
                total += place(i - 1)
                slots[j] = slots[k] = 0
        return total

    return place(n)


def reached(eng, i: int) -> set[int]:
    """The nodes the engine can reach from header i by DLINK."""
    out, q = set(), eng.dlink[i]
    while q != i and len(out) < len(eng.top):
        out.add(q)
        q = eng.dlink[q]
    return out


def expected_states(eng, holds, chosen) -> dict[int, tuple[str, int]]:
    """Each node's state read off the engine: in a list, or held out by the live holds of its option, or neither;
    a node of a chosen option is ``chosen`` in its list and ``chosen-off`` out of it; a node in its list while a
    hold in force is on its option (and no sticker on it) is ``early``."""
    top = eng.top
    linked = set().union(*(reached(eng, i) for i in range(1, eng.n + 1)))
    out = {}
    for x in range(eng.n + 2, len(top)):
        if top[x] <= 0:
            continue
        o = eng.option_of[x]
        holders = [(kind, item) for kind, item, _ in holds.get(o, []) if item != top[x]]
        if x in linked and holders and eng.color[x] >= 0:  # back in its list while a hide in force holds it out
            out[x] = ("early", holders[-1][1])
        elif x in linked:
            out[x] = ("chosen" if o in chosen else "linked", 0)
        elif len(holders) >= 2:
            out[x] = ("twice", holders[-1][1])
        elif holders and o in chosen:  # a chosen option's node off its list: drawn as both
            out[x] = ("chosen-off", holders[-1][1])
        elif holders:
            out[x] = ("hidden" if holders[-1][0] == "cover" else "purified", holders[-1][1])
        else:
            out[x] = ("stranded", 0)
    return out


def replay(problem, engine: str, max_events: int = 50_000):
    """Record a search and, beside it, the states and hide/unhide effects read off the live engine."""
    states: dict[int, dict[int, tuple[str, int]]] = {}
    effects: dict[int, tuple[int, int, int, int]] = {}
    holds: dict[int, list[tuple[str, int]]] = {}
    before: dict[str, object] = {}

    def on_event(k, event, eng):
        names = {name: i for i, name in enumerate(eng.names)}
        if event.kind in ("hide", "unhide"):
            o, item = event.option, names[event.item]
            others = [x for x in range(len(eng.top)) if eng.top[x] > 0 and eng.option_of[x] == o and eng.top[x] != item]
            now = {x: x in reached(eng, eng.top[x]) for x in others}
            was, stickered = before["linked"], before["stickered"]
            hiding = event.kind == "hide"
            tally = [0, 0, 0, 0]
            for x in others:
                if stickered[x] and was[x] and now[x]:
                    tally[2] += 1
                elif was[x] != hiding:
                    tally[1] += 1
                elif now[x] != was[x]:
                    tally[0] += 1
                else:
                    tally[3] += 1
            effects[k] = tuple(tally)
        states[k + 1] = expected_states(eng, holds, set(eng.snapshot().chosen))
        before["linked"] = {x: x in reached(eng, eng.top[x]) for x in range(eng.n + 2, len(eng.top)) if eng.top[x] > 0}
        before["stickered"] = {x: eng.color[x] < 0 for x in range(len(eng.top))}

    # a hold is one hide of one cover or purify, named by the event that began it; an unhide takes off the hold of
    # the cover or purify its uncover or unpurify undoes, and once that inverse is over, the cover or purify holds
    # nothing (the events' kinds come from a first recording, to see where an inverse ends)
    first = record_writes(problem, engine, max_events=max_events)
    kinds = [first.event(k).kind for k in range(first.frames - 1)]
    running: dict[tuple[str, int], list[int]] = {}
    undoing: list[tuple[str, int, int]] = []

    def track(k, event):  # the holds change as an event begins, before its writes
        if event.kind in ("cover", "purify"):
            running.setdefault((event.kind, names[event.item]), []).append(k)
        elif event.kind in ("uncover", "unpurify"):
            op = (event.kind[2:], names[event.item])
            undoing[:] = [(*op, running[op].pop())] if running.get(op) else []
        elif event.kind == "hide":
            op = (event.cause, names[event.item])
            holds.setdefault(event.option, []).append((*op, running[op][-1] if running.get(op) else -1))
        elif event.kind == "unhide" and undoing and undoing[0] in holds.get(event.option, []):
            live = holds[event.option]
            del live[len(live) - 1 - live[::-1].index(undoing[0])]

    def done(k):  # after event k: an inverse whose last hide, unhide or sticker this was leaves its op holding nothing
        if undoing and (k + 1 == len(kinds) or kinds[k + 1] not in ("hide", "unhide", "sticker", "unsticker")):
            for live in holds.values():
                live[:] = [hold for hold in live if hold != undoing[0]]
            undoing.clear()

    eng0 = make_traced(problem, engine)
    names = {name: i for i, name in enumerate(eng0.names)}
    before["linked"] = {x: True for x in range(eng0.n + 2, len(eng0.top)) if eng0.top[x] > 0}
    before["stickered"] = {x: False for x in range(len(eng0.top))}

    def ordered(k, event, eng):  # event k's writes are all made: its hold first, then the state it leaves
        track(k, event)
        done(k)
        on_event(k, event, eng)

    trace = record_writes(problem, engine, max_events=max_events, on_event=ordered)
    return trace, states, effects
