"""The analysis of a recording against an independent replay: the engine's own arrays at every event.

Each node's state (linked, chosen, hidden, purified, twice, stranded, early), what each hide and unhide really moved,
the strandings and the alignment of two recordings are derived once by ``wordcover.analysis``; here they are
derived again, another way, from the live engine: its own ULINK/DLINK lists walked at each event, its own
choices, and the holds counted from the events as they come (not from the recorder's log).
"""

from __future__ import annotations

import pytest

from oracles import replay
from wordcover import WordSearch, examples
from wordcover.analysis import STATES, align, branch_keys, paths_at
from wordcover.engines import make_traced
from wordcover.playback import record_writes


@pytest.mark.parametrize("engine", ["naive", "sticker"])
@pytest.mark.slow
def test_states_and_effects_equal_the_engines_own_arrays_at_every_frame(abel_land, engine):
    trace, states, effects = replay(abel_land.problem, engine)
    analysis = trace.analysis
    assert len(states) == trace.frames - 1
    values = list(analysis.shown0)
    start = 0
    for k in range(trace.frames - 1):
        for at in range(start, start + 3 * analysis.shown_count[k], 3):
            values[analysis.shown[at]] = analysis.shown[at + 2]
        start += 3 * analysis.shown_count[k]
        got = {x: (STATES[v % 8], v // 8) for x, v in enumerate(values) if analysis.option_of[x] >= 0}
        assert got == states[k + 1], f"frame {k + 1}: {trace.describe(k + 1)}"
        if k in effects:
            assert analysis.effect(k)[:4] == effects[k], f"event {k}: {trace.describe(k + 1)}"


@pytest.mark.slow
def test_the_naive_search_strands_nodes_and_the_sticker_never_does(abel_land):
    naive, states, _ = replay(abel_land.problem, "naive")
    first = naive.analysis.strandings[0]
    assert states[first.frame][first.node] == ("stranded", 0)
    assert all(states[f][first.node][0] != "stranded" for f in range(1, first.frame))
    assert (
        naive.marks["stranded"][0]
        == first.frame
        == min(f for f, s in states.items() if any(v[0] == "stranded" for v in s.values()))
    )
    sticker = record_writes(abel_land.problem, "sticker")
    assert sticker.analysis.strandings == [] and sticker.marks["stranded"] == []


def test_stops_and_marks_are_the_recordings_own(abel_land):
    trace = record_writes(abel_land.problem, "naive")
    kinds = [trace.kind_at(f) for f in range(trace.frames)]
    assert trace.marks["choice"] == [f for f, k in enumerate(kinds) if k == "try"]
    assert trace.marks["solution"] == [f for f, k in enumerate(kinds) if k == "solution"]
    inner = {"hide", "unhide", "sticker", "unsticker"}
    last = trace.frames - 1
    assert trace.marks["stop"] == [f for f in range(trace.frames) if f in (0, last) or kinds[f + 1] not in inner]


def solution_sets(problem, engine: str) -> set[frozenset[int]]:
    return {frozenset(s) for s in make_traced(problem, engine).solutions()}


@pytest.mark.parametrize(
    "problem", [WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, examples.load("colour_pair").problem]
)
@pytest.mark.slow
def test_alignment_pairs_only_the_same_event_on_the_same_branch(problem):
    naive, sticker = record_writes(problem, "naive"), record_writes(problem, "sticker")
    timeline = align(naive, sticker)
    mine, theirs = branch_keys(naive), branch_keys(sticker)
    for t in range(1, len(timeline)):
        a, b, who = timeline.lead[t], timeline.other[t], timeline.who[t]
        assert (a - timeline.lead[t - 1], b - timeline.other[t - 1]) == {0: (1, 1), 1: (1, 0), 2: (0, 1)}[who]
        if who == 0:
            assert mine[a - 1] == theirs[b - 1]
            assert naive.path_at(a) == sticker.path_at(b), f"step {t}: a partner on another branch"
            assert naive.describe(a) == sticker.describe(b)
    # a backtrack is paired only with the same backtrack: the path it leaves is part of its key
    assert all(key[0] for key in mine if key[1] == "backtrack")
    # every solution the sticker finds that the naive search never finds is shown, and only those say "never"
    never = solution_sets(problem, "sticker") - solution_sets(problem, "naive")
    shown = {frozenset(sticker.path_at(timeline.other[t])) for t, f in timeline.missed.items() if f < 0}
    assert shown == never
    assert [timeline.lead[t] for t in range(len(timeline))] == sorted(timeline.lead)
    # neither panel ever shows another branch: at every step one path of choices extends the other
    for t, (mine_path, their_path) in enumerate(
        zip(paths_at(naive, list(timeline.lead)), paths_at(sticker, list(timeline.other)))
    ):
        short, long = sorted((mine_path, their_path), key=len)
        assert long[: len(short)] == short, f"step {t}: {mine_path} beside {their_path}"


def test_abel_land_side_by_side_shows_the_18_solutions_the_naive_search_misses(abel_land):
    """The issue's figure, from two independent counts: 112 sticker solutions, 18 never found by the naive search."""
    never = solution_sets(abel_land.problem, "sticker") - solution_sets(abel_land.problem, "naive")
    timeline = align(record_writes(abel_land.problem, "naive"), record_writes(abel_land.problem, "sticker"))
    assert len(never) == sum(1 for f in timeline.missed.values() if f < 0) == 18


def test_a_cut_recording_says_cut_only_from_its_last_event_on(abel_land):
    naive = record_writes(abel_land.problem, "naive", max_events=1500)
    sticker = record_writes(abel_land.problem, "sticker", max_events=1500)
    timeline = align(naive, sticker)
    cut = [t for t in range(len(timeline)) if timeline.who[t] == 3]
    last_other = sticker.frames - 1
    for t in cut:
        assert timeline.other[t] == last_other  # the cut recording has shown all it has
    first = next((t for t in range(len(timeline)) if timeline.other[t] == last_other), len(timeline))
    assert all(timeline.who[t] != 3 for t in range(first))


@pytest.mark.parametrize("engine", ["naive", "sticker"])
def test_a_node_is_drawn_in_its_list_exactly_when_dlink_reaches_it(engine):
    """A node of a chosen option is 'chosen' only while it is in its list; off it, it is 'chosen-off' (or worse).

    The deck's moment 2 (frame 14 of the naive colour pair) drew three chosen nodes in c1 where c1's list holds one.
    """
    from wordcover.analysis import walk_list

    trace = record_writes(examples.load("colour_pair").problem, engine)
    analysis = trace.analysis
    for frame in range(trace.frames):
        arrays = trace.arrays_at(frame)
        top = arrays["TOP"]
        linked = {x for i in range(1, len(trace.names)) for x in walk_list(arrays["DLINK"], i, len(top))}
        path = set(trace.path_at(frame))
        for x, (state, _) in analysis.state_at(frame).items():
            assert (state in ("linked", "chosen", "early")) == (x in linked), (frame, x, state)
            if analysis.option_of[x] in path:
                assert state in ("chosen", "chosen-off", "twice", "stranded", "early"), (frame, x, state)
            else:
                assert not state.startswith("chosen"), (frame, x, state)
    if engine == "naive":
        c1 = trace.names.index("c1")
        states = analysis.state_at(14)
        in_c1 = {x: s for x, (s, _) in states.items() if trace.initial["TOP"][x] == c1}
        assert sorted(in_c1.values()) == ["chosen-off", "chosen-off", "linked"]
        assert trace.arrays_at(14)["LEN"][c1] == 1


def test_an_unhide_undoes_only_its_own_operations_hide():
    """A hold is taken off only by the uncover or unpurify of the operation that made it. In the colour pair the
    first unpurify of c1 (Q c1:a's) undoes its own second hide of Q c1:b, and P's purify still holds the option
    out, so Q c1:b's node in Q's list is back too soon: the search tries it next. Uncover(Q) then unhides Q c1:b,
    which cover(Q) never hid (a spurious unhide, undoing nothing), and P's unpurify finally undoes P's hold."""
    trace = record_writes(examples.load("colour_pair").problem, "naive")
    analysis = trace.analysis
    q = trace.names.index("Q")
    q_node = next(x for x in analysis.option_nodes[2] if trace.initial["TOP"][x] == q)
    early = [f for f in range(trace.frames) if analysis.state_at(f)[q_node][0] == "early"]
    assert trace.kind_at(early[0]) == "unhide" and trace.kind_at(early[0] + 1) == "try"
    assert early == list(range(early[0], early[-1] + 1)) and trace.kind_at(early[-1] + 1) == "unhide"
    assert analysis.state_at(early[0])[q_node] == ("early", trace.names.index("c1"))
    assert analysis.marks["early"] == [early[0]]
    assert [trace.kind_at(f) for f in analysis.marks["spurious"]] == ["unhide"]
    assert early[0] < analysis.marks["spurious"][0] < early[-1]
    sticker = record_writes(examples.load("colour_pair").problem, "sticker").analysis
    assert sticker.marks["early"] == sticker.marks["spurious"] == [] and sticker.strandings == []


def test_abel_lands_unpurify_through_a_stale_link_brings_back_an_option_lands_cover_holds(abel_land):
    """ABEL LAND's first spurious unhide: an unpurify walks up its cell's list through a stale ULINK to a node of an
    option that LAND's cover hid. The option's other nodes come back (early) while LAND's cover still holds it; the
    node the walk reached stays off its list, held by that cover: hidden, not stranded."""
    trace = record_writes(abel_land.problem, "naive")
    analysis = trace.analysis
    first = analysis.marks["spurious"][0]
    event = trace.event(first - 1)
    assert event.kind == "unhide" and event.cause == "unpurify"
    land = trace.names.index("LAND")
    states = analysis.state_at(first)
    nodes = analysis.option_nodes[event.option]
    reached = next(x for x in nodes if trace.names[trace.initial["TOP"][x]] == event.item)
    assert states[reached] == ("hidden", land)
    others = [x for x in nodes if x != reached and trace.initial["TOP"][x] != land]
    assert others and all(states[x] == ("early", land) for x in others)
    assert all(analysis.state_at(first - 1)[x] == ("hidden", land) for x in others)
