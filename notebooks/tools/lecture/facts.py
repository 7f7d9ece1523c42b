"""Every number and recording the deck shows, computed by the library when the deck is built.

Nothing here is typed in from a run made earlier: the slides format what :func:`gather` returns, so the deck
stays true when the code changes. The runs that cannot happen here, Knuth's DLX2's, are read from the records the
project keeps of them (benchmarks/README.md, data/dlx2_without_sticker.json), each with the command that made it.
The runs are small (DLX1's example, the colour pair, ABEL LAND) except the count of the four names, which the
compiled engine makes in about a second where numba is installed (otherwise the clique count alone, which lists no
solution, gives it).
"""

from __future__ import annotations

import difflib
import inspect
import pathlib
import re
import time
from dataclasses import dataclass, field
from typing import Any

from wordcover import AlgorithmC, NaiveAlgorithmC, WordSearch, examples, make_engine, shares_cells, violations
from wordcover.analysis import walk_list
from wordcover.dancing_links import DancingLinks
from wordcover.double_purify import Moment, changes, invariant_breaks, walk
from wordcover.engines import installed
from wordcover.playback import ARRAYS, EVENT_FIELDS, WriteTrace, record_writes
from wordcover.word_search import DIRECTIONS

FOUR_NAMES = ("ABEL", "CANTOR", "GAUSS", "EULER")


class EveryNodeHidden(AlgorithmC):
    """The sticker in purify and unpurify, but hide and unhide move stickered nodes too (notebook 6's engine)."""

    hide = DancingLinks.hide
    unhide = DancingLinks.unhide


def num(n: int) -> str:
    """A count as the slides print it: 244,792."""
    return f"{n:,}"


def writes_of(trace: WriteTrace, k: int) -> list[tuple[str, int, int, int]]:
    """The array writes event ``k`` made: (array, index, old, new)."""
    start = trace.events[EVENT_FIELDS * k - 1] if k else 0
    end = trace.events[EVENT_FIELDS * (k + 1) - 1]
    w = trace.writes
    return [(ARRAYS[w[i]], w[i + 1], w[i + 2], w[i + 3]) for i in range(4 * start, 4 * end, 4)]


def source_lines(function: Any) -> list[str]:
    """A function's source without its docstring and comments, dedented: what a slide shows of the library."""
    lines = inspect.getsource(function).splitlines()
    indent = len(lines[0]) - len(lines[0].lstrip())
    text = "\n".join(line[indent:] for line in lines)
    text = re.sub(r'\n\s*"""(?:.|\n)*?"""', "", text, count=1)  # the docstring
    out = []
    for line in text.splitlines():
        line = re.sub(r"\s+#.*$", "", line)
        if line.strip() and not line.strip().startswith("#"):
            out.append(line.rstrip())
    return out


STICKER_COUNTERS = re.compile(r"^\s*self\.stats\.\w+ \+= 1$")
ALIASES = re.compile(r"^\s*(\w+, )+\w+ = (self\.\w+, )+self\.\w+$")


def slide_lines(function: Any) -> list[str]:
    """A function's source as a slide quotes it: :func:`source_lines` without its type hints, the line that gives
    the engine's arrays short names, the counters (``self.stats``) and a last ``return True``."""
    lines = source_lines(function)
    head = re.sub(r"(\w+): [\w\[\], |]+(?=[,)])", r"\1", lines[0])
    head = re.sub(r"\) -> [^:]+:$", "):", head)
    body = [line for line in lines[1:] if not (ALIASES.match(line) or STICKER_COUNTERS.match(line))]
    if body and body[-1].strip() == "return True":
        body = body[:-1]
    return [head, *body]


# TAOCP's name of step C1: the library builds the lists in its constructor, so no comment of its search loop names it
INITIALIZE = {"C1": "Initialize."}


def step_names() -> dict[str, str]:
    """TAOCP's names of the steps of Algorithm C, as the library's search loop labels them ('C3': 'Choose i.'),
    and C1's, which the loop does not label."""
    import wordcover.dancing_links as module

    return INITIALIZE | dict(re.findall(r"(C\d): \[([^\]]+)\]", inspect.getsource(module)))


def _arrow(dr: int, dc: int) -> str:
    return {(0, 1): "→", (0, -1): "←", (1, 0): "↓", (-1, 0): "↑", (1, 1): "↘", (1, -1): "↙", (-1, 1): "↗",
            (-1, -1): "↖"}[(dr, dc)]  # fmt: skip


ARROWS = {name: _arrow(*step) for name, step in DIRECTIONS.items()}
PLACED = re.compile(r"at \((\d+),(\d+)\) (" + "|".join(sorted(DIRECTIONS, key=len, reverse=True)) + r")\b")


def where(text: object) -> str:
    """The library's placements as the slides write them: 'LAND at (0,3) S' becomes 'LAND at r0c3 ↓', the cell
    named as the model names its item (row 0, column 3) and the direction drawn as an arrow, since a compass letter
    (E, W, S, N) reads as a letter of the word."""
    return PLACED.sub(lambda m: f"at r{m[1]}c{m[2]} {ARROWS[m[3]]}", str(text))


@dataclass
class Facts:
    """What the deck shows; each field computed in :func:`gather`."""

    knuth: Any = None  # DLX1's example: problem, recording, solution
    abel_land: Any = None  # ABEL and LAND in 4 x 4: counts, solutions, recordings
    pair: Any = None  # the colour pair: recordings, moments, counts
    costs: Any = None  # counters of the engines on ABEL LAND
    four: Any = None  # ABEL CANTOR GAUSS EULER in 6 x 6
    code: Any = None  # the library's source, as the slides quote it
    knuth_record: Any = None  # the fast engine against DLX2, as benchmarks/README.md records it
    dlx2: Any = None  # DLX2's counters on ABEL LAND, with and without its sticker, as data/ records them
    players: dict[str, dict] = field(default_factory=dict)  # the static players' states
    seconds: dict[str, float] = field(default_factory=dict)  # how long each part took to compute


class Bag(dict):
    """A dict whose keys read as attributes: facts.pair.moments."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def gather() -> Facts:
    """Run the library and collect every fact the deck shows."""
    from wordcover.widgets import board_of, player_state  # the widgets' extra: only when a deck is built

    facts = Facts()
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        facts.seconds[name] = now - clock
        clock = now

    facts.knuth = _knuth()
    lap("DLX1's example")
    facts.pair = _pair()
    lap("the colour pair")
    facts.abel_land = _abel_land()
    lap("ABEL LAND")
    facts.costs = _costs(facts.abel_land.ws)
    lap("the counters")
    facts.four = _four()
    lap("the four names")
    facts.code = _code()
    facts.knuth_record = knuth_record()
    facts.dlx2 = dlx2_runs()
    al = facts.abel_land
    facts.players = {
        # part 2, before colours and before any LEN drifts: the states DLX1's example shows, and the pointers written
        "knuth": _room(
            player_state(
                [facts.knuth.trace.payload()], 0, fine=True, legend=[*seen_states(facts.knuth.trace), "written"]
            )
        ),
        # part 5: the states either search shows, the sticker the sticker engine puts on, the drift (met in part 4's
        # moments) and the pointers written; the two on one timeline (wordcover.analysis.align)
        "pair": _room(
            player_state(
                [facts.pair.naive.payload(beside=facts.pair.sticker), facts.pair.sticker.payload()],
                facts.pair.tour.open,
                fine=True,
                legend=[*seen_states(facts.pair.naive, facts.pair.sticker), "sticker", "drift", "written"],
            ),
            titles=("naive engine", "sticker engine"),
        ),
        # ABEL LAND: the counters, and the rows of the options its slide is about (see abel_rows)
        "abel": _room(
            player_state(
                [al.naive_trace.payload(board_of(al.ws.problem))],
                al.first_double,
                fine=False,
                rows=abel_rows(al),
                row_numbers=True,
                # the slide's key (deck.js moves it under the player): the states its story shows, stranded left out
                # (first at frame 320, long after its last stop: the player's own note names it where it happens)
                legend=[*(s for s in seen_states(al.naive_trace) if s != "stranded"), "drift"],
            )
        ),
    }
    lap("the players")
    return facts


PLAY_FPS = 2  # frames a second when a player plays on a slide: slow enough to talk over


def _room(state: dict, titles: tuple[str, ...] = ()) -> dict:
    """A player's state as the deck shows it: placements written as the slides write them, played slowly, and (side
    by side) each panel's title short enough for the column above its matrix."""
    for payload in state["payloads"]:
        payload["labels"] = [where(label) for label in payload["labels"]]
    for payload, title in zip(state["payloads"], titles, strict=False):
        payload["title"] = title
    state["options"]["fps"] = PLAY_FPS
    return state


# the player's legend entries for node states, as they begin (player.js): a legend leaves out the states never shown
LEGEND_ENTRIES = {
    "hidden": "hidden (by a cover)",
    "purified": "purified away",
    "twice": "hidden twice",
    "stranded": "stranded",
    "early": "back too soon",
    "chosen-off": "chosen option, off its list",
}


def unseen_states(*traces: WriteTrace) -> list[str]:
    """The legend entries of the node states that no frame of these recordings shows."""
    seen = seen_states(*traces)
    return [label for state, label in LEGEND_ENTRIES.items() if state not in seen]


def seen_states(*traces: WriteTrace) -> list[str]:
    """The node states some frame of these recordings shows, in the order of the player's legend."""
    from wordcover.widgets import LEGEND  # the widgets' extra: only when a deck is built

    seen = {state for t in traces for f in range(t.frames) for state, _ in t.analysis.state_at(f).values()}
    return [key for key in LEGEND if key in seen]


def abel_rows(al: Bag) -> list[int]:
    """The option rows ABEL LAND's player draws: those its slide is about. The options chosen at its first double
    purify, the ones that purify hides a second time (option 31, back too soon and tried), and the option the spurious
    unhide puts back under a covered word (option 27), so that every node the story names is drawn."""
    t = al.naive_trace
    return sorted({*t.path_at(al.first_double), *al.double.again, al.story.put_back})


def _knuth() -> Bag:
    problem = examples.load("knuth_exact_cover").problem
    trace = record_writes(problem, "x")
    engine = make_engine(problem, "x")
    solutions = list(engine.solutions())
    (solution,) = solutions
    # the first hide: cover(A) hides its first option, whose node in the next item leaves that list
    hide = next(k for k in range(trace.frames - 1) if trace.event(k).kind == "hide")
    hid = trace.event(hide)
    first = writes_of(trace, hide)[0]  # DLINK(u) <- d: u is the node above, in the list of the item
    item = first[1] if first[1] <= len(trace.names) - 1 else trace.initial["TOP"][first[1]]
    out = trace.initial["DLINK"][first[1]]  # the node that leaves: it followed u
    back = next(
        k
        for k in range(hide + 1, trace.frames - 1)
        if trace.event(k).kind == "unhide" and trace.event(k).option == hid.option
    )
    cover_done = next(
        k for k in range(trace.frames - 1) if trace.event(k).kind == "try"
    )  # frame after cover(A)'s hides
    uncover_a = next(
        k
        for k in range(cover_done, trace.frames - 1)
        if trace.event(k).kind == "uncover" and trace.event(k).item == hid.item
    )
    while uncover_a + 1 < trace.frames and trace.event(uncover_a).kind in ("uncover", "unhide"):
        uncover_a += 1  # past uncover(A) and its unhides: the frame where they are all done
    first_try = cover_done  # the event that tries the first option: its commit's covers and hides follow
    try_done = next(k for k in range(first_try, trace.frames - 1) if trace.event(k).kind == "choose")
    losing: list[str] = []  # the lists whose LEN the commit of the first option tried makes smaller
    shrinks: list[tuple[int, str, list[str]]] = []  # (frame, its item covered, the lists that drop there)
    for k in range(first_try, try_done):
        drops = []
        for name, index, old, new in writes_of(trace, k):
            if name == "LEN" and new < old:
                drops.append(trace.names[index])
                if trace.names[index] not in losing:
                    losing.append(trace.names[index])
        if drops:
            shrinks.append((k + 1, trace.event(k).item, drops))  # frame k + 1 shows the event k's writes done
    start, restored = trace.arrays_at(0), trace.arrays_at(uncover_a)
    lens = {
        name: [trace.arrays_at(f)["LEN"][i] for f in (0, cover_done, uncover_a)]
        for i, name in enumerate(trace.names)
        if i
    }
    return Bag(
        problem=problem,
        trace=trace,
        solution=[str(problem.label(k)) for k in solution],
        solution_options=list(solution),
        checked=violations(problem, solution),
        count=len(solutions),
        tree_nodes=engine.stats.nodes,
        hide_frame=hide + 1,
        hide_event=trace.describe(hide + 1),
        unhide_frame=back + 1,
        unhide_event=trace.describe(back + 1),
        item=item,
        out=out,
        hide_writes=[w for w in writes_of(trace, hide) if _in_list(trace, w, item)],
        unhide_writes=[w for w in writes_of(trace, back) if _in_list(trace, w, item)],
        cover_done=cover_done,
        uncover_done=uncover_a,
        first_try=first_try,
        try_done=try_done,
        tried=str(problem.label(trace.event(first_try).option)),
        covered_by_try=[trace.event(k).item for k in range(first_try, try_done) if trace.event(k).kind == "cover"],
        losing=losing,
        shrinks=shrinks,
        orders=_orders(),
        lens=lens,
        # every array cover writes: the lists' links, the item list's (cover takes the item out of it) and LEN
        restored=all(start[name] == restored[name] for name in ("ULINK", "DLINK", "LLINK", "RLINK", "LEN")),
        entries=sum(len(start[name]) for name in ("ULINK", "DLINK", "LLINK", "RLINK", "LEN")),
        # what ULINK and DLINK hold an entry for: the headers (entry 0 included), the options' nodes, the spacers
        slots=Bag(
            links=len(start["ULINK"]),
            headers=len(trace.names),
            nodes=sum(1 for x in range(len(trace.names), len(start["TOP"])) if start["TOP"][x] > 0),
            spacers=sum(1 for x in range(len(trace.names), len(start["TOP"])) if start["TOP"][x] <= 0),
            len=len(start["LEN"]),
            # LLINK and RLINK: the headers (the root 0 and the items), and one more entry, N + 1, which heads the
            # secondary items' own circle
            item_list=len(start["LLINK"]),
            secondary_head=len(trace.names) if problem.secondary else None,
        ),
    )


def _orders() -> dict:
    """What uncovering in the wrong order does on DLX1's example (``series.uncover_facts``, which the plan's model
    answer states too): after cover(A) and cover(D), uncover(A) before uncover(D) leaves A's LEN and its list."""
    import series

    out = dict(series.uncover_facts())
    # every list the wrong order leaves broken, not only A's: (item, LEN, nodes really linked), by our own walk
    engine = DancingLinks(examples.load("knuth_exact_cover").problem)
    a, d = engine.names.index("A"), engine.names.index("D")
    engine.cover(a)
    engine.cover(d)
    engine.uncover(a)
    engine.uncover(d)
    linked = {i: len(walk_list(engine.dlink, i, len(engine.dlink))) for i in range(1, engine.n + 1)}
    out["broken"] = [(engine.names[i], engine.len[i], n) for i, n in linked.items() if engine.len[i] != n]
    if out["broken"][0] != ("A", out["len_a"], out["in_a"]):
        raise RuntimeError("our walk and series.uncover_facts disagree on A's list after the wrong order")
    return out


def _in_list(trace: WriteTrace, write: tuple[str, int, int, int], item: int) -> bool:
    """Whether a write is to item's list: a link of its header or of one of its nodes, or its LEN."""
    name, index, _, _ = write
    if name == "LEN":
        return index == item
    return name in ("ULINK", "DLINK") and (index == item or trace.initial["TOP"][index] == item)


def _pair() -> Bag:
    problem = examples.load("colour_pair").problem
    naive, sticker = record_writes(problem, "naive"), record_writes(problem, "sticker")
    moments: list[Moment] = walk(naive)
    option, first_hide, second_hide = naive.analysis.twice  # the analysis finds the same option hidden twice
    walked = (naive.event(moments[0].frame - 1).option, moments[0].frame, moments[1].frame)
    if walked != (option, first_hide + 1, second_hide + 1):
        raise RuntimeError("the six moments and the analysis disagree on where the option is hidden twice")
    found = {}
    sanity = {}
    for name in ("sticker", "naive"):
        engine = make_engine(problem, name)
        found[name] = [[str(problem.label(k)) for k in s] for s in engine.solutions()]
        sanity[name] = engine.sanity()
    wrong = [s for s in make_engine(problem, "naive").solutions() if violations(problem, s)]
    breaches = {name: invariant_breaks(problem, name) for name in ("sticker", "naive")}
    # the sticker engine's own moments: the sticker put on, the commit that passes it by, the sticker taken off
    put = next(f for f in range(1, sticker.frames) if sticker.kind_at(f) == "sticker")
    off = next(f for f in range(1, sticker.frames) if sticker.kind_at(f) == "unsticker")
    second_commit = next(
        f for f in range(1, sticker.frames) if sticker.kind_at(f) == "commit" and sticker.event(f - 1).level == 1
    )
    return Bag(
        problem=problem,
        text=examples.text("colour_pair"),
        naive=naive,
        sticker=sticker,
        moments=moments,
        changes={m.name: changes(naive, m.frame) for m in moments},
        found=found,
        sanity=sanity,
        wrong=[violations(problem, s) for s in wrong],
        breaches=breaches,
        breach_kinds={
            name: {what: sum(1 for b in found_ if b.what == what) for what in ("removed twice", "inserted twice")}
            for name, found_ in breaches.items()
        },
        relinks=_relinks(problem),
        sticker_on=put,
        sticker_off=off,
        sticker_commit=second_commit,
        tour=_tour(naive, sticker, put, second_commit, off),
        double_purifies={"naive": len(naive.marks["double-purify"]), "sticker": len(sticker.marks["double-purify"])},
        doubles_by_letter={"naive": _doubles_by_letter(naive), "sticker": _doubles_by_letter(sticker)},
    )


def _tour(naive: WriteTrace, sticker: WriteTrace, put: int, commit: int, off: int) -> Bag:
    """The stops of part 5's player, the naive engine beside the sticker engine on one timeline
    (``analysis.align``, the one the player follows), reached as the player reaches them (fine steps; a frame the
    player opens at or jumps to is the lead's, shown at the first step that shows it): it opens just before the
    sticker is put on; → puts it on; D jumps to the naive engine's second purify, where the sticker panel waits at
    the commit that passed the sticker by; End, then ← back, to the sticker taken off."""
    from wordcover.analysis import align

    line = align(naive, sticker)
    steps = len(line)

    def step_of(frame: int) -> int:  # Timeline.stepOf in playback.js
        return next(t for t in range(steps) if line.lead[t] >= frame)

    on = next(t for t in range(steps) if line.other[t] == put)
    opened = line.lead[on - 1]
    double = naive.jump("next-double-purify", line.lead[on], fine=True)
    peeled = next(t for t in range(steps) if line.other[t] == off)
    back = steps - 1 - peeled
    if step_of(opened) != on - 1 or line.other[step_of(double)] != commit or not 0 < back < 4:
        raise RuntimeError("the pair's player no longer reaches the sticker's three moments so: rewrite its notes")
    stops = [("", on - 1), ("→", on), ("D", step_of(double)), ("End, " + ", ".join("←" * back), peeled)]
    return Bag(
        open=opened,
        double=double,
        stops=[
            Bag(press=keys, step=t, naive=line.lead[t], sticker=line.other[t], naive_at=naive.describe(line.lead[t]))
            for keys, t in stops
        ],
    )


def _abel_land() -> Bag:
    ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    sticker_engine = make_engine(ws.problem, "sticker")
    right = list(sticker_engine.solutions())
    crossing = [s for s in right if shares_cells(ws.decode(s))]
    apart = next(s for s in right if not shares_cells(ws.decode(s)))
    naive_found = list(make_engine(ws.problem, "naive").solutions())
    wrong = [s for s in naive_found if violations(ws.problem, s)]
    right_sets = {frozenset(s) for s in right}
    naive_sets = {frozenset(s) for s in naive_found}
    missed = [s for s in right_sets if s not in naive_sets]
    naive_trace = record_writes(ws.problem, "naive")
    sticker_trace = record_writes(ws.problem, "sticker")
    first_double = naive_trace.jump("next-double-purify", 0, fine=False)
    purify = naive_trace.head(first_double)
    double = naive_trace.doubles[purify]
    drifting = [(s.name, s.len, s.actual) for s in naive_trace.snapshot_at(first_double).items if s.len != s.actual]
    covers_again = _covers_of_covered(naive_trace)
    after = [f for f in naive_trace.marks["solution"] if f > first_double]
    first_wrong = next(k for k, f in enumerate(after) if violations(ws.problem, naive_trace.path_at(f)))
    ways = sorted({ARROWS[q.direction] for q in ws.placements}, key="→←↓↑↘↙↗↖".index)
    return Bag(
        ws=ws,
        pairs=_pairs(ws),
        ways=" ".join(ways),  # the ways a word may read, as arrows: → ← ↓ ↑ for 'orthogonal'
        count=len(right),
        crossing=len(crossing),
        crossing_example=crossing[0],
        apart_example=apart,
        options=len(ws.problem.options),
        cells=len(ws.problem.secondary),
        naive_count=len(naive_found),
        naive_crossing=sum(1 for s in naive_found if shares_cells(ws.decode(s))),
        wrong=wrong,
        wrong_example=wrong[0],
        wrong_clash=violations(ws.problem, wrong[0]),
        missed=len(missed),
        naive_trace=naive_trace,
        sticker_trace=sticker_trace,
        first_double=first_double,
        first_double_text=naive_trace.describe_stop(first_double),
        double_purify_frame=purify,
        double=double,
        drifting=drifting,
        double_purifies={
            "naive": len(naive_trace.marks["double-purify"]),
            "sticker": len(sticker_trace.marks["double-purify"]),
        },
        doubles_by_letter={"naive": _doubles_by_letter(naive_trace), "sticker": _doubles_by_letter(sticker_trace)},
        covers_again=covers_again,
        after_double=[(f, violations(ws.problem, naive_trace.path_at(f))) for f in after[: first_wrong + 1]],
        covers_again_sticker=_covers_of_covered(sticker_trace),
        story=_story(naive_trace, first_double),
        # stranded: off its list while no live cover or purify holds it out (wordcover.analysis), each node once
        strandings={
            "naive": len(naive_trace.analysis.strandings),
            "sticker": len(sticker_trace.analysis.strandings),
        },
        first_stranded=naive_trace.analysis.strandings[0] if naive_trace.analysis.strandings else None,
        # unhides that find no hide of their own uncover or unpurify to undo (wordcover.analysis: spurious)
        spurious={"naive": len(naive_trace.marks["spurious"]), "sticker": len(sticker_trace.marks["spurious"])},
        breaches={name: len(invariant_breaks(ws.problem, name)) for name in ("sticker", "naive")},
        relinks=_relinks(ws.problem),
        orders=_orders_shuffled(ws.problem),
        first_commit=_first_commit(naive_trace, ws),
    )


def _first_commit(trace: WriteTrace, ws: WordSearch) -> Bag:
    """The search's first commit, purify by purify: the item, its colour, the options each purify hides and those it
    meets with the same colour and leaves (walking the item's list down, as purify does, just before it starts); then
    the item chosen next, the options it has left, and how many of their placements share a cell with the one
    committed."""
    commit = next(f for f in range(1, trace.frames) if trace.kind_at(f) == "commit")
    option = trace.event(commit - 1).option
    node_option = {x: o for o, nodes in enumerate(trace.analysis.option_nodes) for x in nodes}
    purifies = []
    f = commit + 1
    while f < trace.frames and trace.kind_at(f) in ("purify", "hide", "cover"):
        e = trace.event(f - 1)
        if e.kind == "purify":
            arrays = trace.arrays_at(f)
            i = trace.names.index(e.item)
            own = next(x for x in trace.analysis.option_nodes[option] if trace.initial["TOP"][x] == i)
            met = walk_list(arrays["DLINK"], i, len(arrays["DLINK"]))
            same = [node_option[q] for q in met if arrays["COLOR"][q] == arrays["COLOR"][own]]
            purifies.append(Bag(item=e.item, colour=e.colour, met=len(met), same=same, hidden=[]))
        elif e.kind == "hide" and e.cause == "purify":
            purifies[-1].hidden.append(e.option)
        f += 1
    chosen = trace.event(f - 1)  # the next level's choice
    if chosen.kind != "choose":
        raise RuntimeError(f"after the first commit came {chosen.kind}, not the next level's choice")
    arrays = trace.arrays_at(f)
    item = trace.names.index(chosen.item)
    left = [node_option[q] for q in walk_list(arrays["DLINK"], item, len(arrays["DLINK"]))]
    placed = ws.placements[option]
    crossing = [o for o in left if shares_cells([placed, ws.placements[o]])]
    return Bag(
        option=option,
        placement=placed,
        purifies=purifies,
        next_item=chosen.item,
        options_of_next=sum(1 for q in ws.placements if q.word == chosen.item),
        left=left,
        len_next=arrays["LEN"][item],
        crossing=crossing,
    )


SHUFFLES = 60  # other orders of ABEL LAND's options, each shuffled with its own seed (1 to 60): enough to show the
# naive count on both sides of the right one


def _orders_shuffled(problem: Any) -> list[Bag]:
    """Both engines on ABEL LAND's options in other orders: the naive engine's solutions, how many are wrong, whether
    its lists end broken; the sticker engine's solutions."""
    import random

    from wordcover.problem import Problem

    out = []
    for seed in range(1, SHUFFLES + 1):
        options = list(problem.options)
        random.Random(seed).shuffle(options)
        shuffled = Problem(problem.primary, problem.secondary, options)
        naive = make_engine(shuffled, "naive")
        found = list(naive.solutions())
        out.append(
            Bag(
                seed=seed,
                naive=len(found),
                wrong=sum(1 for x in found if violations(shuffled, x)),
                broken=bool(naive.sanity()),
                sticker=make_engine(shuffled, "sticker").count(),
            )
        )
    return out


def _pairs(ws: WordSearch) -> Bag:
    """The pairs of placements of two words (one of each): how many there are, how many share a cell, and how many of
    those write the same letter on every cell they share (the pairs that can cross in a solution)."""
    first, second = ws.words
    meet = agree = total = 0
    for a in (q for q in ws.placements if q.word == first):
        for b in (q for q in ws.placements if q.word == second):
            total += 1
            letters_a, letters_b = dict(zip(a.cells, a.word)), dict(zip(b.cells, b.word))
            shared = letters_a.keys() & letters_b.keys()
            if shared:
                meet += 1
                agree += all(letters_a[cell] == letters_b[cell] for cell in shared)
    return Bag(total=total, meet=meet, agree=agree, apart=total - meet)


class _Relinks(NaiveAlgorithmC):
    """The naive engine, counting what its unhides do to a node that is already in its list: every such node, and
    those whose remembered neighbours no longer point at it (the unhide then writes links that were not there)."""

    def __init__(self, problem: Any) -> None:
        super().__init__(problem)
        self.in_list = self.stale = 0

    def unhide(self, p: int) -> None:
        top, ulink, dlink = self.top, self.ulink, self.dlink
        q = p - 1
        while q != p:
            if top[q] <= 0:  # a spacer: on to the end of the option
                q = dlink[q]
                continue
            if q in walk_list(dlink, top[q], len(top)):
                self.in_list += 1
                self.stale += dlink[ulink[q]] != q or ulink[dlink[q]] != q
            q -= 1
        super().unhide(p)


def _relinks(problem: Any) -> Bag:
    """Unhides of a node already in its list in the naive search: how many, and how many write a link that changes."""
    engine = _Relinks(problem)
    engine.count()
    return Bag(in_list=engine.in_list, stale=engine.stale)


def _story(t: WriteTrace, opened: int) -> Bag:
    """Part 4's story in naive ABEL LAND, from its first double purify on, as the player's jumps reach it (coarse
    steps): E, the first node back too soon (the option hidden twice, its node in the word's list again while the
    first purify still holds it out); S, the wrong solution it leads to; E again, the first spurious unhide (an
    unpurify, undoing that option, reaches by a stale ULINK a node of a covered word's option and unhides it, though
    its own purify never hid it). Every frame and node from the recording and its analysis; raises where the
    recording no longer tells this story."""
    a = t.analysis
    names, top = t.names, t.initial["TOP"]

    def item_of(x: int) -> str:
        return names[top[x]]

    def broken(what: str) -> RuntimeError:
        return RuntimeError(f"naive ABEL LAND no longer runs as part 4 tells it ({what}): rewrite slides 26 and 27")

    back = t.jump("next-early", opened, fine=False)
    right = t.jump("next-solution", opened, fine=False)  # the right solution the search backs up from at `back`
    tried = t.jump("next-choice", back, fine=False)
    wrong = t.jump("next-solution", back, fine=False)
    spur = t.jump("next-early", wrong, fine=False)
    if not (opened < right < back < tried < wrong < spur) or back != a.marks["early"][0]:
        raise broken("the order of the stops")
    if (
        spur != a.marks["spurious"][0]
        or t.event(spur - 1).kind != "unhide"
        or t.jump("next-early", back, False) != spur
    ):
        raise broken("the second E stop is not the first spurious unhide")
    # E: the option hidden twice, back in its word's list while the first purify of the cell holds it out
    option = t.event(tried - 1).option
    word = next(x for x in a.option_nodes[option] if top[x] <= t.primary)
    state, holder = a.state_at(back)[word]
    hid_first = next(k + 1 for k in range(opened) if t.event(k).kind == "hide" and t.event(k).option == option)
    first = t.event(t.head(hid_first) - 1)  # the purify that hid it first, still in force
    undoing = t.event(t.head(back) - 1)  # the unpurify whose unhide lets it back
    hatched = [x for x in a.option_nodes[option] if a.state_at(back)[x][0] == "purified"]
    if state != "early" or names[holder] != first.item or first.kind != "purify" or not hatched:
        raise broken(f"option {option}'s node in its word is not back too soon at frame {back}")
    if violations(t.problem, t.path_at(right)) or not violations(t.problem, t.path_at(wrong)):
        raise broken("the solutions around the first E stop")
    if t.path_at(wrong)[-1] != option or t.path_at(tried)[-1] != option:
        raise broken(f"option {option} is not the one tried")
    # E again: undoing that option, the unpurify of a cell walks up the cell's list, meets the option's own node (the
    # case DLX2's confusion! test catches), then by a stale ULINK a node of another option, and unhides that option
    e = t.event(spur - 1)
    unpurify = t.event(t.head(spur) - 1)
    walk = _walks(t, spur - 1, e.item)
    own, reached = walk.up[0] if walk.up else None, walk.up[1] if len(walk.up) > 1 else None
    if (
        unpurify.kind != "unpurify" or unpurify.option != option or walk.down or len(walk.up) != 2
        or a.option_of[own] != option or a.option_of[reached] != e.option or e.option == option
    ):  # fmt: skip
        raise broken(f"the walk up {e.item}'s list at frame {spur}")
    put_back = e.option
    before, after = a.state_at(spur - 1), a.state_at(spur)
    cover_hid = next(k + 1 for k in range(spur) if t.event(k).kind == "hide" and t.event(k).option == put_back)
    cover = t.event(cover_hid - 1)
    # LAND (the covered word) is still covered: its uncover comes later, and its unhide of the option is the owed one
    owed = next(
        k + 1 for k in range(spur, t.frames - 1)
        if t.event(k).kind == "unhide" and t.event(k).option == put_back and t.event(k).cause == "uncover"
    )  # fmt: skip
    if cover.cause != "cover" or t.event(owed - 1).item != cover.item:
        raise broken(f"option {put_back} is not held out by a cover until its uncover")
    nodes = a.option_nodes[put_back]
    early = [x for x in nodes if after[x][0] == "early"]
    if (
        any(before[x][0] != "hidden" for x in nodes if top[x] != names.index(cover.item))
        or after[reached] != ("hidden", names.index(cover.item))
        or any(names[after[x][1]] != cover.item for x in early)
        or len(early) != len(nodes) - 2  # all but its node in the covered word's own list and the one reached
    ):  # fmt: skip
        raise broken(f"option {put_back}'s nodes at frame {spur}")
    # behind the nodes put back, by their stale DLINKs, nodes of other options are reachable again too
    also = {
        o: [x for x in a.option_nodes[o] if after[x][0] == "early" and before[x][0] != "early"]
        for o in sorted({a.option_of[x] for x, (st, _) in after.items() if st == "early"} - {put_back})
    }
    also = {o: xs for o, xs in also.items() if xs}
    again_unhides = [
        k + 1 for k in range(spur, owed - 1)
        if t.event(k).kind == "unhide" and t.event(k).option == put_back and t.event(k).cause == "unpurify"
    ]  # fmt: skip
    relinked = next(f for f in again_unhides if a.state_at(f)[reached][0] != "hidden")
    # at the first E, option 31's unhide (its first of two) puts back only its node in the word's list: each of its
    # nodes in the cells stays out, for the node it remembers above it is one of option 27's, out under the cover
    arrays = t.arrays_at(back)
    for x in hatched:
        above = arrays["ULINK"][x]
        if (
            x in _walks(t, back, item_of(x)).down or above == top[x] or a.option_of[above] != put_back
            or above in _walks(t, back, item_of(x)).down
        ):  # fmt: skip
            raise broken(f"option {option}'s node {x} at the first E: not out, or not remembering one of {put_back}'s")
    # how r1c3's header comes to name the node of option 27 the walk up reaches (slide 27's notes), write by write:
    # the first purify hides option 31 (node 209 leaves, remembering 184 above it), LAND's cover takes 184 out (the
    # list is empty), the second purify's hide of 209 writes the header's ULINK <- 184, and the unhide at the first
    # E writes it <- 209 (and DLINK(184) <- 209), the header's DLINK left naming itself
    head = names.index(e.item)
    header = [(k + 1, w[0], w[3]) for k in range(spur - 1) for w in writes_of(t, k) if w[1] == head and w[0] == "ULINK"]
    at_cover = t.arrays_at(cover_hid)
    told = [(hid_first, "ULINK", reached), (cover_hid, "ULINK", head), (opened, "ULINK", reached), (back, "ULINK", own)]
    if (
        header != told or ("DLINK", reached, head, own) not in writes_of(t, back - 1)
        or (at_cover["DLINK"][head], at_cover["ULINK"][head]) != (head, head)
        or t.arrays_at(hid_first)["ULINK"][own] != reached
    ):  # fmt: skip
        raise broken(f"how {e.item}'s header came to name nodes {own} and {reached}: {header}")
    return Bag(
        opened=opened,
        right=right,
        back=back,
        tried=tried,
        wrong=wrong,
        wrong_why=violations(t.problem, t.path_at(wrong)),
        spur=spur,
        option=option,  # the option hidden twice (31): back too soon, tried
        word_node=word,
        hatched=len(hatched),
        first=first,  # the purify that hid it first (ABEL's purify of r0c3), and the frame it did
        first_frame=hid_first,
        undoing=undoing,  # the unpurify that let it back (option 27's, backing up from its right solution)
        unpurify=unpurify,  # the unpurify that walks up at the second E stop (option 31's, of r1c3)
        cell=e.item,
        own=own,
        reached=reached,
        put_back=put_back,  # the option it unhides (27)
        cover=cover,  # the cover holding that option out (LAND's), the frame it hid it
        cover_frame=cover_hid,
        owed=owed,  # the frame of uncover's own unhide of it
        early=early,  # its nodes back too soon at the second E stop, left to right
        early_items=[item_of(x) for x in early],
        also=also,  # nodes of other options back too soon behind them, by option
        again=again_unhides,  # the unpurifies after it that unhide the option again
        relinked=relinked,  # the first of them that puts back the node reached
        colours=walk.colours,
        stay_out=[item_of(x) for x in hatched],  # the cells whose node of option 31 stays out at the first E
        header_writes=header,  # (frame, link, value) of each write to the walked cell's header's ULINK before spur
    )


def _colour_of_node(trace: WriteTrace, x: int, item: str) -> str:
    """The colour the option of node x gives an item (its own node in that item's list)."""
    for entry in trace.problem.options[trace.analysis.option_of[x]]:
        if entry.item == item:
            return entry.colour or ""
    return ""


def _walks(trace: WriteTrace, frame: int, item: str) -> Bag:
    """An item's list at a frame, walked from its header down by DLINK and up by ULINK (at most a list's worth)."""
    arrays = trace.arrays_at(frame)
    head = trace.names.index(item)

    def walk(link: str) -> list[int]:
        out, x = [], arrays[link][head]
        while x != head and len(out) <= len(arrays["TOP"]):
            out.append(x)
            x = arrays[link][x]
        return out

    up = walk("ULINK")
    return Bag(
        down=walk("DLINK"),
        up=up,
        len=arrays["LEN"][head],
        options=[trace.analysis.option_of[x] for x in up],
        colours=[trace.colour_names[arrays["COLOR"][x]] if arrays["COLOR"][x] > 0 else None for x in up],
    )


def _doubles_by_letter(trace: WriteTrace) -> dict[str, int]:
    """The double purifies of a recording, split by the colour they purify with: the one in force, or another.

    The same colour is purify's own gap (it keeps the options of its colour in play, so a second one chosen
    reaches the cell again); another colour is an option the purify in force had hidden, back in play too soon.
    """
    same = sum(d.same_letter for d in trace.doubles.values())
    return {"same": same, "other": len(trace.doubles) - same}


def _covers_of_covered(trace: WriteTrace) -> int:
    """How many covers, in a recording, cover an item that a cover still in force has covered already."""
    covered: list[str] = []  # the items covered and not yet uncovered, as a stack
    again = 0
    for k in range(trace.frames - 1):
        e = trace.event(k)
        if e.kind == "cover":
            again += e.item in covered
            covered.append(e.item)
        elif e.kind == "uncover":
            covered.remove(e.item)
    return again


def _where_updates(base: type) -> type:
    """An engine class that also counts where its link updates are made: in covers, in purifies of an item not
    purified already on the search's path, and in purifies of one that is (a double purify)."""

    class Counted(base):  # type: ignore[valid-type, misc]
        def __init__(self, problem: Any) -> None:
            super().__init__(problem)
            self.purified: list[int] = []  # the items purified and not yet unpurified, as a stack
            self.where = {"covers": 0, "first purifies": 0, "second purifies": 0}
            self.held: dict[int, int] = {}  # an option's hides in force (its first node's spacer)

        def cover(self, i: int) -> None:
            before = self.stats.updates
            super().cover(i)
            self.where["covers"] += self.stats.updates - before

        def purify(self, p: int) -> None:
            i = self.top[p]
            again = i in self.purified
            self.purified.append(i)
            before = self.stats.updates
            self.in_first = not again
            super().purify(p)
            self.in_first = False
            self.where["second purifies" if again else "first purifies"] += self.stats.updates - before

        def unpurify(self, p: int) -> None:
            self.purified.remove(self.top[p])
            super().unpurify(p)

        # the options first purifies hide, and how many of them a hide still in force already held out (slide 35's
        # notes: why the naive engine, with fewer purifies, makes more updates in its first ones)
        in_first = False
        first_hides = 0
        first_rehides = 0

        def _option(self, p: int) -> int:
            while self.top[p] > 0:
                p -= 1
            return p

        def hide(self, p: int) -> None:
            o = self._option(p)
            if self.in_first:
                self.first_hides += 1
                self.first_rehides += self.held.get(o, 0) > 0
            self.held[o] = self.held.get(o, 0) + 1
            super().hide(p)

        def unhide(self, p: int) -> None:
            o = self._option(p)
            self.held[o] = self.held.get(o, 0) - 1
            super().unhide(p)

    Counted.__name__ = f"Counted{base.__name__}"
    return Counted


class _NaiveUncoverDown(NaiveAlgorithmC):
    """The naive engine with uncover(i) walking i's list top down, as DLX2's uncover does (ours, as TAOCP's (14),
    walks it bottom up): slide 37's notes, why DLX2 without its sticker counts otherwise than our naive engine
    (tests/test_dlx2_order.py holds every counter of it against DLX2's record)."""

    def uncover(self, i: int) -> None:
        p = self.dlink[i]
        while p != i:
            self.unhide(p)
            p = self.dlink[p]
        self.rlink[self.llink[i]] = i
        self.llink[self.rlink[i]] = i


def _costs(ws: WordSearch) -> Bag:
    rows = {}
    for name, engine in (
        ("naive", _where_updates(NaiveAlgorithmC)(ws.problem)),
        ("sticker", _where_updates(AlgorithmC)(ws.problem)),
        ("every node hidden", _where_updates(EveryNodeHidden)(ws.problem)),
    ):
        found = list(engine.solutions())
        s = engine.stats
        rows[name] = Bag(
            solutions=len(found),
            wrong=sum(1 for x in found if violations(ws.problem, x)),
            nodes=s.nodes,
            updates=s.updates,
            purifications=s.purifications,
            stickers=s.stickers,
            found={frozenset(x) for x in found},
            where=dict(engine.where),
            first_hides=engine.first_hides,
            first_rehides=engine.first_rehides,
        )
    rows["every node hidden"]["same"] = rows["every node hidden"].found == rows["sticker"].found
    rows["naive"]["walking_down"] = _NaiveUncoverDown(ws.problem).count()  # DLX2's direction in uncover
    return Bag(rows)


def _four() -> Bag:
    from wordcover.cliques import count_placements

    four = WordSearch(6, 6, list(FOUR_NAMES), "all")
    started = time.perf_counter()
    cliques = count_placements(four)
    clique_seconds = time.perf_counter() - started
    result = Bag(ws=four, cliques=cliques, clique_seconds=clique_seconds, engine=None)
    if installed("numba") and installed("numpy"):
        engine = make_engine(four.problem, "fast")
        started = time.perf_counter()
        result["count"] = engine.count()
        result["engine_seconds"] = time.perf_counter() - started
        result["engine"] = "fast"
        result["stats"] = engine.stats
    first = make_engine(four.problem, "sticker").first()
    result["first"] = first
    result["options"] = len(four.problem.options)
    return result


BENCHMARKS = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "README.md"
DLX2_RECORD = pathlib.Path(__file__).resolve().parents[3] / "data" / "dlx2_without_sticker.json"
DLX2_LINE = re.compile(
    r"Altogether (?P<solutions>\d+) solutions?, .*?(?P<updates>\d+) updates, (?P<cleansings>\d+) cleansings, "
    r".*?(?P<nodes>\d+) nodes"
)


def dlx2_runs(path: pathlib.Path = DLX2_RECORD) -> Bag | None:
    """Knuth's DLX2 on ABEL LAND as data/dlx2_without_sticker.json records it (made by
    benchmarks/dlx2_without_sticker.py from dlx2.w): DLX2 as published and with its sticker taken out, each run's
    counters read from the last line DLX2 printed; None where the record is missing."""
    import json

    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    runs = {}
    for name, key in (("published", "ABEL LAND, published"), ("without sticker", "ABEL LAND, without sticker")):
        run = record.get("runs", {}).get(key)
        found = DLX2_LINE.search(run["last line"]) if run else None
        if found is None:
            return None
        runs[name] = Bag({k: int(v) for k, v in found.groupdict().items()})
    # how often DLX2 without its sticker prints "confusion!": its purify or unpurify met the chosen option's own node
    confusion = {}
    for name, key in (("pair", "colour pair, without sticker"), ("abel land", "ABEL LAND, without sticker")):
        run = record.get("runs", {}).get(key)
        if not run or "confusion!" not in run:
            return None
        confusion[name] = int(run["confusion!"])
    return Bag(runs=runs, confusion=confusion, command=record.get("command", ""), file="data/dlx2_without_sticker.json")


KNUTH_SECTION = "## Against Knuth's programs: `bench_knuth.py`"


def knuth_record(path: pathlib.Path = BENCHMARKS) -> Bag | None:
    """The timings of the fast engine against Knuth's DLX2, read from the table benchmarks/README.md keeps (the
    record ``bench_knuth.py`` printed, with the command and the machine it ran on); None where it is not found.

    Nothing is typed in here: the slide shows the README's figures as the README writes them.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    if KNUTH_SECTION not in text:
        return None
    section = text.split(KNUTH_SECTION, 1)[1].split("\n## ", 1)[0]
    measured = re.search(r"Measured on (the project's machine) \(([^)]*)\),\s+with\s+`([^`]+)`", section)
    command = re.search(r"^\$ (python benchmarks/bench_knuth\.py[^\n]*)$", section, re.M)
    lines = [line for line in section.splitlines() if line.startswith("|")]
    if not (measured and command and len(lines) > 2):
        return None
    head = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = [dict(zip(head, (cell.strip() for cell in line.strip("|").split("|")), strict=True)) for line in lines[2:]]
    flags = measured[3].split()
    base = command[1].split(" --solve-only")[0]
    return Bag(
        machine=f"{measured[1]} ({measured[2]})",
        command=" ".join([base, *flags]),
        flags=" ".join(["bench_knuth.py", *flags]),
        rows=rows,
        head=head,
    )


def _code() -> Bag:
    """The library's code that the slides quote, read from the library itself."""
    hide = source_lines(DancingLinks.hide)
    unhide = source_lines(DancingLinks.unhide)

    def unlinking(lines: list[str]) -> list[str]:
        """The lines that move one node: its item x read from TOP, then (past the spacer's test, a gap) its
        neighbours' links and x's LEN."""
        item = next(line.strip() for line in lines if line.strip().startswith("x = top[q]"))
        at = next(k for k, line in enumerate(lines) if line.strip().startswith("u, d = ulink[q], dlink[q]"))
        end = next(k for k in range(at, len(lines)) if lines[k].strip().startswith("length[x]"))
        return [item, "⋮", *(line.strip() for line in lines[at : end + 1])]

    diffs = {}
    for name in ("purify", "unpurify"):
        naive = slide_lines(getattr(NaiveAlgorithmC, name))
        fixed = slide_lines(getattr(AlgorithmC, name))
        lines = list(difflib.unified_diff(naive, fixed, lineterm="", n=1))[2:]  # past the two file headers
        # no hunk headers on a slide: the first is dropped, a later one becomes a gap
        diffs[name] = [" ⋮" if line.startswith("@@") else line for line in lines[1:]]
    return Bag(
        hide_lines=unlinking(hide),
        unhide_lines=unlinking(unhide),
        commit=slide_lines(DancingLinks.commit),
        naive_purify=slide_lines(NaiveAlgorithmC.purify),
        naive_unpurify=slide_lines(NaiveAlgorithmC.unpurify),
        purify=slide_lines(AlgorithmC.purify),
        unpurify=slide_lines(AlgorithmC.unpurify),
        diffs=diffs,
        steps=step_names(),
    )
