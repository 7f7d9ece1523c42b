"""The engines against textbook counts, brute force, and each other."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracles import brute_force, langford_count, queens_count
from wordcover import (
    REGISTRY,
    DancingLinks,
    Placement,
    Problem,
    examples,
    make_engine,
    violations,
)
from wordcover.classics import langford, queens

CORRECT = tuple(n for n, info in REGISTRY.items() if info.colours and info.correct)  # colours, and right
TRACEABLE = tuple(n for n, info in REGISTRY.items() if info.tracing)


def solution_set(engine) -> set[frozenset[int]]:
    found = [frozenset(s) for s in engine.solutions()]
    assert len(found) == len(set(found)), "a solution was reported twice"
    return set(found)


# ---- textbook examples ------------------------------------------------------------


@pytest.mark.parametrize("name", list(REGISTRY))
def test_knuths_first_example(name):
    problem = examples.load("knuth_exact_cover").problem
    engine = make_engine(problem, name)
    assert [sorted(problem.describe(s)) for s in engine.solutions()] == [["A D", "B G", "C E F"]]


@pytest.mark.parametrize("name", ["sticker", "naive", "outside"])
def test_knuths_tiny_colour_example_has_exactly_one_solution(name):
    problem = examples.load("knuth_tiny_colours").problem
    assert [sorted(problem.describe(s)) for s in make_engine(problem, name).solutions()] == [["A C X:1 Y:1", "B X:1"]]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_eight_queens_with_diagonals_as_secondary_items(name):
    assert queens_count(8) == 92  # the oracle agrees with the published figure
    engine = make_engine(queens(8), name)
    assert engine.count() == 92
    assert engine.stats.solutions == 92


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_small_langford_pairs_match_backtracking(n):
    assert make_engine(langford(n), "x").count() == langford_count(n)


@pytest.mark.slow
def test_langford_eleven():
    # 17,792 Langford pairings of order 11 are published; each appears with its reversal.
    engine = make_engine(langford(11), "x")
    assert engine.count() == 2 * 17_792 == 35_584


def test_algorithm_x_refuses_colours_clearly():
    problem = Problem(["A"], ["X"], [["A", "X:1"]])
    with pytest.raises(ValueError, match=r"Algorithm X takes no colours \(found X:1\)"):
        make_engine(problem, "x")


def test_unknown_engine_is_named():
    with pytest.raises(ValueError, match="unknown engine 'quick'; choose from x, sticker, naive, outside, fast"):
        make_engine(Problem(["A"], [], [["A"]]), "quick")


def test_an_uncoloured_use_excludes_every_other_use():
    problem = Problem(["A", "B"], ["X"], ["A X", "B X:1", "B", "A X:1", "B X"])
    expected = brute_force(problem)
    assert expected == {frozenset({0, 2}), frozenset({3, 1}), frozenset({3, 2})}
    for name in CORRECT:
        assert solution_set(make_engine(problem, name)) == expected


# ---- random small problems against brute force -------------------------------------


@st.composite
def problems(draw, colours=True):
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"P{i}" for i in range(n_primary)]
    secondary = [f"S{i}" for i in range(n_secondary)]
    palette = st.sampled_from([None, "a", "b"] if colours else [None])
    options = []
    for _ in range(draw(st.integers(1, 10))):
        chosen_p = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=n_primary, unique=True))
        chosen_s = draw(st.lists(st.sampled_from(secondary), max_size=n_secondary, unique=True)) if secondary else []
        options.append(chosen_p + [(s, draw(palette)) for s in chosen_s])
    return Problem(primary, secondary, options)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
@pytest.mark.slow
def test_correct_engines_find_exactly_the_brute_force_solutions(problem):
    expected = brute_force(problem)
    for name in CORRECT:
        engine = make_engine(problem, name)
        inspectable = isinstance(engine, DancingLinks)  # the compiled engine works on fresh copies of the links
        before = engine.state() if inspectable else None
        found = solution_set(engine)
        assert found == expected, name
        assert all(not violations(problem, s) for s in found)
        assert engine.count() == len(expected) == engine.stats.solutions
        if inspectable:
            assert engine.state() == before and engine.sanity() == []


@settings(max_examples=150, deadline=None)
@given(problems(colours=False))
@pytest.mark.slow
def test_without_colours_every_engine_is_algorithm_x(problem):
    expected = brute_force(problem)
    for name in REGISTRY:
        assert solution_set(make_engine(problem, name)) == expected, name


# ---- the search leaves the links as it found them ---------------------------------------


@pytest.mark.parametrize("name", ["x", "sticker", "outside"])
def test_links_restored_after_complete_limited_and_abandoned_searches(name, abel_land):
    problem = queens(6) if name == "x" else abel_land.problem
    engine = make_engine(problem, name)
    start = engine.state()
    total = engine.count()
    assert engine.state() == start

    assert engine.count(limit=3) == 3
    assert engine.state() == start

    search = engine.solutions()
    next(search)
    next(search)
    search.close()
    assert engine.state() == start and engine.sanity() == []

    with pytest.raises(KeyError):
        for n, _ in enumerate(engine.solutions()):
            if n == 2:
                raise KeyError("the consumer fails midway")
    assert engine.state() == start

    def failing_observer(event, _engine):
        if event.kind == "hide" and event.level == 1:
            raise RuntimeError("observer fails inside a hide")

    traced = make_engine(problem, name, observer=failing_observer)
    with pytest.raises(RuntimeError):
        traced.count()
    assert traced.state() == start and traced.sanity() == []
    assert engine.count() == total


def test_a_second_search_while_one_is_open_is_refused(abel_land):
    engine = make_engine(abel_land.problem)
    first = engine.solutions()
    next(first)
    with pytest.raises(RuntimeError, match="already searching"):
        engine.count()
    first.close()
    assert engine.count() == 112


def test_limit_must_be_positive():
    with pytest.raises(ValueError, match="limit must be a positive number"):
        make_engine(queens(4)).count(limit=0)


# ---- choice of item, statistics, observer ------------------------------------------------


def test_mrv_breaks_ties_in_favour_of_the_first_item():
    problem = Problem(["A", "B", "C"], [], ["A B", "C", "A", "B", "C A"])  # LEN: A 3, B 2, C 2
    events = []
    make_engine(problem, "x", observer=lambda e, _: events.append(e)).count()
    chosen = [e.item for e in events if e.kind == "choose"]
    assert chosen[0] == "B"


def test_statistics_add_up(four_names):
    engine = make_engine(four_names.problem)
    engine.count(limit=5000)
    stats = engine.stats
    assert stats.solutions == 5000
    assert sum(stats.profile) == stats.nodes
    assert stats.profile[0] == 1 and stats.profile[4] == 5000
    assert stats.purifications > 0 and stats.updates > 0


def test_tracing_sees_every_step_and_changes_nothing(abel_land):
    events = []
    traced = make_engine(abel_land.problem, "sticker", observer=lambda e, _: events.append(e))
    plain = make_engine(abel_land.problem, "sticker")
    assert traced.count() == plain.count() == 112
    assert traced.stats == plain.stats
    kinds = {e.kind for e in events}
    assert kinds >= {
        "choose",
        "try",
        "cover",
        "uncover",
        "hide",
        "unhide",
        "purify",
        "unpurify",
        "commit",
        "uncommit",
        "solution",
        "backtrack",
    }
    assert sum(e.kind == "solution" for e in events) == 112
    assert sum(e.kind == "purify" for e in events) == plain.stats.purifications
    purify = next(e for e in events if e.kind == "purify")
    assert purify.colour in "ABELND" and purify.item.startswith("r")


def test_snapshot_compares_len_with_the_real_list(abel_land):
    engine = make_engine(abel_land.problem)
    start = engine.snapshot()
    assert all(s.len == s.actual and s.consistent and s.active for s in start.items)
    assert start.active_options == tuple(range(32)) and not start.stickered

    seen = []

    def observer(event, eng):
        if event.kind == "solution" and not seen:
            seen.append(eng.snapshot())

    make_engine(abel_land.problem, observer=observer).count()
    first = seen[0]
    assert len(first.chosen) == 2 and first.active_options == ()
    assert all(s.drift == 0 for s in first.items)
    assert [str(abel_land.placements[k]) for k in first.chosen] == ["ABEL at (0,0) E", "LAND at (1,0) E"]
    # ABEL wrote L in r0c3, so the one LAND option that agrees there (LAND down from r0c3) wears a sticker
    land_down = abel_land.placements.index(Placement("LAND", 0, 3, "S"))
    assert first.stickered == {(land_down, "r0c3")}


# ---- Knuth's own counters ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, dlx2",
    [
        # (solutions, updates, cleansings, nodes) as DLX2 reports them for the same input
        ("knuth_tiny_colours", (1, 14, 5, 4)),
        ("abel_land", (112, 1089, 512, 129)),
    ],
)
def test_counters_are_knuths(name, dlx2, request):
    """DLX2 counts an update per link broken and a cleansing per purify and per sticker; so do we."""
    problem = request.getfixturevalue(name).problem if name == "abel_land" else examples.load(name).problem
    engine = make_engine(problem, "sticker")
    engine.count()
    s = engine.stats
    assert (s.solutions, s.updates, s.purifications + s.stickers, s.nodes) == dlx2
