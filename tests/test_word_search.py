"""Word-search construction: the published counts, each against an independent oracle."""

from __future__ import annotations

import itertools

import pytest

from oracles import COMPASS, count_placements, fits
from wordcover import (
    Placement,
    PuzzleError,
    WordcoverError,
    WordSearch,
    make_engine,
    parse_directions,
    parse_size,
    violations,
)


@pytest.mark.slow
def test_four_names_in_six_by_six(four_names):
    # The seed article's figure; the oracle counts by bitsets of compatible placements.
    assert len(four_names.placements) == 264
    oracle = count_placements(four_names.words, 6, 6, list(COMPASS))
    assert oracle == 244_792
    assert make_engine(four_names.problem, "sticker").count() == oracle


@pytest.mark.slow
def test_four_names_colours_outside_agree_and_search_more(four_names):
    sticker = make_engine(four_names.problem, "sticker")
    outside = make_engine(four_names.problem, "outside")
    assert outside.count() == sticker.count() == 244_792
    assert outside.stats.nodes > 4 * sticker.stats.nodes
    assert outside.stats.conflicts > 3 * sticker.stats.nodes  # tried, then found to clash


@pytest.mark.parametrize("share, expected", [(False, 112), (True, 16)])
def test_abel_land(abel_land, share, expected):
    assert count_placements(["ABEL", "LAND"], 4, 4, ["E", "W", "S", "N"], share=share) == expected
    for engine in ("sticker", "outside"):
        assert abel_land.count(engine, share=share) == expected


def test_the_naive_engine_on_abel_land_is_wrong_in_a_pinned_way(abel_land):
    # The colours article reports 28 sharing solutions (its figure; its program is not run here).
    # Ours gives 26 of 106 with the directions E, W, S, N, and 28 of 99 with E, W, N, S.
    engine = make_engine(abel_land.problem, "naive")
    found = list(engine.solutions())
    assert len(found) == 106
    sharing = [s for s in found if abel_land.decode(s) and _shares(abel_land, s)]
    assert len(sharing) == 26
    wrong = [s for s in found if violations(abel_land.problem, s)]
    assert len(wrong) == 12
    assert all("colour item" in violations(abel_land.problem, s)[0] for s in wrong)
    right = set(map(frozenset, make_engine(abel_land.problem, "sticker").solutions()))
    assert {frozenset(s) for s in found if not violations(abel_land.problem, s)} < right
    # all 12 wrong ones make the words cross with clashing letters; 2 of the 16 true ones are lost
    assert sum(1 for s in sharing if violations(abel_land.problem, s)) == 12
    assert sum(1 for s in sharing if not violations(abel_land.problem, s)) == 14
    # N before S: the same placements in another order, and the naive count moves to the article's 28
    other = WordSearch(4, 4, ["ABEL", "LAND"], ["E", "W", "N", "S"])
    assert sorted(map(str, other.placements)) == sorted(map(str, abel_land.placements))
    found_there = list(make_engine(other.problem, "naive").solutions())
    assert (len(found_there), sum(_shares(other, s) for s in found_there)) == (99, 28)
    assert sum(1 for s in make_engine(other.problem, "sticker").solutions() if _shares(other, s)) == 16


def _shares(ws, solution):
    from wordcover import shares_cells

    return shares_cells(ws.decode(solution))


def test_the_naive_engine_purifies_twice_and_its_counters_drift(abel_land):
    purified, doubles, lowest = [], [], [0]

    def observer(event, engine):
        if event.kind == "purify":
            if event.item in purified:
                doubles.append(event.item)
            purified.append(event.item)
        elif event.kind == "unpurify":
            purified.reverse()
            purified.remove(event.item)
            purified.reverse()
        lowest[0] = min(lowest[0], min(engine.len[1:]))

    naive = make_engine(abel_land.problem, "naive", observer=observer)
    before = naive.state()
    naive.count()
    assert doubles and lowest[0] < 0  # LEN went below zero
    assert naive.state() != before and naive.sanity()  # and the links were not restored
    assert any(s.drift for s in naive.snapshot().items)

    doubles.clear(), purified.clear()
    lowest[0] = 0
    sticker = make_engine(abel_land.problem, "sticker", observer=observer)
    sticker.count()
    assert doubles == [] and lowest[0] == 0 and sticker.sanity() == []


def test_decoding_and_the_grid(abel_land):
    solution = next(abel_land.solutions(share=True))
    assert [str(p) for p in abel_land.decode(solution)] == ["ABEL at (0,0) E", "LAND at (0,3) S"]
    assert abel_land.grid(solution) == ["ABEL", "...A", "...N", "...D"]
    assert Placement("ABEL", 3, 3, "NW").cells == ((3, 3), (2, 2), (1, 1), (0, 0))


def test_first_solution_of_the_four_names(four_names):
    first = next(four_names.solutions())
    assert four_names.grid(first) == ["CANTOR", "GAUSS.", "EULER.", "ABEL..", "......", "......"]


@pytest.mark.parametrize(
    "rows, cols, words, dirs",
    [
        (3, 4, ["CAT", "ACT"], "orthogonal"),
        (3, 3, ["ABA", "BAB"], "all"),
        (4, 3, ["AB", "BA", "ABC"], "forward"),
        (2, 5, ["SEE", "EEL", "LEE"], ["E", "W", "NE"]),
    ],
)
def test_small_grids_against_the_oracle(rows, cols, words, dirs):
    ws = WordSearch(rows, cols, words, dirs)
    for share in (False, True):
        expected = count_placements(ws.words, rows, cols, ws.directions, share=share)
        assert ws.count("sticker", share=share) == ws.count("outside", share=share) == expected


def test_a_palindrome_counts_each_placement():
    ws = WordSearch(1, 3, ["ABA"], "orthogonal")
    assert ws.count() == 2  # east from (0,0) and west from (0,2): one grid, two placements
    assert {tuple(ws.grid(s)) for s in ws.solutions()} == {("ABA",)}


def test_directions_and_sizes():
    assert parse_directions("all") == ("E", "W", "S", "N", "SE", "SW", "NE", "NW")
    assert parse_directions("orthogonal") == ("E", "W", "S", "N")
    assert parse_directions("forward") == ("E", "S", "SE", "NE")
    assert parse_directions("e, s,SE") == ("E", "S", "SE")
    assert parse_size("6x8") == (6, 8)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: WordSearch(4, 4, []), "the word list is empty"),
        (lambda: WordSearch(4, 4, ["AB1"]), "'AB1' holds '1'; a word is letters A-Z only"),
        (lambda: WordSearch(4, 4, ["AB CD"]), "holds ' '"),
        (lambda: WordSearch(4, 4, [""]), "at least one letter"),
        (lambda: WordSearch(3, 3, ["ABEL"]), "word ABEL \\(4 letters\\) fits nowhere in a 3x3 grid"),
        (lambda: WordSearch(1, 5, ["ABC"], "S"), "fits nowhere"),
        (lambda: WordSearch(0, 4, ["AB"]), "grid size must be positive, got 0x4"),
        (lambda: WordSearch(4, 4, ["abel", "ABEL"]), "word ABEL is given twice"),
        (lambda: WordSearch(4, 4, ["AB"], "up"), "unknown direction 'up'"),
        (lambda: WordSearch(4, 4, ["AB"], "E,E"), "direction E is given twice"),
        (lambda: parse_size("six"), "should look like 6x6"),
        (lambda: WordSearch(4, 4, 5), "the word list must be a list of words, not 5"),
        (lambda: WordSearch(4, 4, None), "the word list must be a list of words, not None"),
        (lambda: WordSearch(4, 4, ["AB"], 5), "directions must be a named set \\(all, orthogonal, forward\\), "),
        (lambda: WordSearch(4, 4, ["AB"]).decode(5), "a solution must be a list of option numbers, not 5"),
        (lambda: WordSearch(4, 4, ["AB"]).grid([84]), "a solution holds option numbers from 0 to 83, not 84"),
        (lambda: WordSearch(4, 4, ["AB"]).grid(["0"]), "from 0 to 83, not '0'"),
        (lambda: WordSearch(4, 4, ["AB"]).solutions(limit="2"), "limit must be a positive whole number or None"),
        (lambda: WordSearch(4, 4, ["AB"]).solutions(limit=0), "limit must be a positive whole number or None"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(WordcoverError, match=message):
        call()


def test_words_are_case_insensitive():
    assert WordSearch(4, 4, ["abel", "Land"], "orthogonal").words == ("ABEL", "LAND")


def test_the_naive_engine_on_the_four_names_is_far_off(four_names):
    # pinned, as the README quotes it; the right count is checked against the oracle above
    naive = make_engine(four_names.problem, "naive")
    found = list(naive.solutions())
    assert len(found) == 2884
    assert any(violations(four_names.problem, s) for s in found)


# How WordSearch.count chooses between the clique count and an engine, and the clique count's progress.

FOUR = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def test_count_takes_the_clique_count_by_itself_and_says_why(four_names):
    pytest.importorskip("numpy")
    plan = four_names.count_plan()
    assert (plan.method, plan.engine, plan.automatic, plan.reason) == ("cliques", "", True, "")
    assert plan.seconds is not None and plan.seconds[0] < plan.seconds[1]
    assert four_names.count() == count_placements(FOUR, 6, 6, list(COMPASS)) == 244_792


def test_an_engine_named_enumerates_with_it(abel_land):
    plan = abel_land.count_plan(engine="outside")
    assert (plan.method, plan.engine, plan.best, plan.seconds) == ("enumerate", "outside", False, None)
    engine = abel_land.engine("sticker")
    assert abel_land.count(engine) == 112 and engine.stats.solutions == 112  # the engine given is the one run
    assert abel_land.count("naive", share=True) == 26  # the old calls, an engine name first, still work
    plan = abel_land.count_plan(method="enumerate")
    assert plan.method == "enumerate" and plan.best and not plan.automatic and plan.reason == ""


def test_the_count_enumerates_where_the_clique_count_would_be_slower():
    pytest.importorskip("numpy")
    # two ten-letter words sharing nine letters in 30x30: the pair products multiply 10 matrices of
    # 4,284 x 900 by their transposes (measured: clique count 7.0 s, fast engine 2.0 s)
    ws = WordSearch(30, 30, ["ABCDEFGHIJ", "BCDEFGHIJK"])
    plan = ws.count_plan()
    assert plan.method == "enumerate" and plan.best and plan.automatic
    assert plan.seconds is not None and plan.seconds[0] > 3 * plan.seconds[1]
    assert plan.reason.startswith("enumerating is estimated to take about ")
    assert plan.reason.endswith(" for the clique count")


@pytest.mark.slow
def test_the_40_by_40_case_of_two_ten_letter_words_enumerates_by_itself():
    pytest.importorskip("numpy")
    # once 110 s and 6.5 GB by cliques against 6.5 s enumerating; the faster clique count now makes it a near
    # tie (measured 2.9 s against 3.2 s), and the estimate still picks enumeration
    plan = WordSearch(40, 40, ["ABCDEFGHIJ", "KLMNOPQRST"]).count_plan()
    assert plan.method == "enumerate" and plan.automatic and plan.reason.startswith("enumerating is estimated")


def test_the_count_enumerates_when_the_clique_arrays_would_not_fit(monkeypatch, abel_land):
    cliques = pytest.importorskip("wordcover.cliques")
    monkeypatch.setattr(cliques, "CLIQUE_BUDGET", 1000)
    plan = abel_land.count_plan()
    assert plan.method == "enumerate" and plan.reason == "the clique count would need about 0.0 GiB of arrays"
    assert abel_land.count() == 112
    with pytest.raises(PuzzleError, match="more than its 0 GiB budget"):
        abel_land.count(method="cliques")


def test_without_numpy_the_count_enumerates(monkeypatch, abel_land):
    import wordcover.word_search as word_search

    monkeypatch.setattr(word_search, "installed", lambda module: module != "numpy")
    plan = abel_land.count_plan()
    assert plan.method == "enumerate" and plan.automatic and plan.reason == "" and plan.seconds is None
    assert abel_land.count() == 112


# The combinations of counting arguments that plan_count refuses, and nothing else does: the arguments, the
# command line's flags for the same (tests/test_cli.py runs them) and the whole message, which names both.
REFUSED = [
    (
        {"method": "cliques", "engine": "sticker"},
        ["--method", "cliques", "--engine", "sticker"],
        "the clique count (--method cliques) uses no engine: leave out --engine / engine=..., or enumerate",
    ),
    (
        {"method": "cliques", "jobs": 2},
        ["--method", "cliques", "--jobs", "2"],
        "the clique count (--method cliques) runs in one process: leave out --jobs / jobs=..., or enumerate",
    ),
    (
        {"share": True, "jobs": 2},
        ["--share", "--jobs", "2"],
        "the count of solutions in which every word crosses another (--share / share=True) runs in one process: "
        "leave out --jobs / jobs=..., or --share / share=True",
    ),
]


@pytest.mark.parametrize("kwargs, message", [(kwargs, message) for kwargs, _, message in REFUSED])
def test_the_plan_refuses_each_combination_that_cannot_be_in_words_for_both_doors(abel_land, kwargs, message):
    for attempt in (abel_land.count_plan, abel_land.count):
        with pytest.raises(PuzzleError) as refused:
            attempt(**kwargs)
        assert str(refused.value) == message


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"method": "fastest"}, "unknown counting method 'fastest': use auto, cliques, enumerate"),
        ({"jobs": 0}, "jobs must be a positive whole number, got 0"),
        ({"jobs": "2"}, "jobs must be a positive whole number, got '2'"),
        ({"engine": "quick"}, "unknown engine 'quick'"),
    ],
)
def test_a_count_that_cannot_be_is_refused_before_it_starts(abel_land, kwargs, message):
    with pytest.raises(WordcoverError, match=message):
        abel_land.count(**kwargs)


@pytest.mark.parametrize(
    "size, words", [(6, FOUR), (5, ["ABEL", "GAUSS", "EULER"]), (4, ["ABEL", "LAND"]), (7, ["AB", "BA"])]
)
def test_the_estimated_solutions_are_within_a_factor_of_two(size, words):
    cliques = pytest.importorskip("wordcover.cliques")
    ws = WordSearch(size, size, words)
    expected = count_placements(ws.words, size, size, list(COMPASS))
    assert expected / 2 <= cliques.work(ws).solutions <= 2 * expected


def test_the_sampled_agreement_is_close_to_the_whole(four_names):
    cliques = pytest.importorskip("wordcover.cliques")
    compatible, _ = cliques.compatibility(four_names)
    sizes = [len(fits(w, 6, 6, list(COMPASS))) for w in FOUR]
    share = cliques._agreement(four_names, sizes)
    drawn = 0
    for a, b in itertools.combinations(range(4), 2):
        whole = compatible[a][b].mean()
        if sizes[a] * sizes[b] <= cliques.SAMPLE:
            assert share[a, b] == pytest.approx(whole)  # every pair is looked at
        else:  # 4,096 pairs drawn (a fixed seed): 0.05 is over six standard deviations of such a sample
            drawn += 1
            assert abs(share[a, b] - whole) < 0.05
    assert drawn == 2  # ABEL (108 placements) with GAUSS and with EULER (64 each); CANTOR has 28


@pytest.mark.parametrize(
    "size, words, share, steps",
    [
        # 684 placements a word: one pair of words in 2 blocks of 512 rows, then 1 step for the count
        (10, ["AB", "BC"], False, 2 + 1),
        # 6 pairs of words in one block each, then one step per placement of CANTOR, which has fewest (28)
        (6, FOUR, False, 6 + 28),
        # with share, one count per set of words kept apart: 1 block, then 2**2 counts of 1 step
        (4, ["ABEL", "LAND"], True, 1 + 4),
    ],
)
@pytest.mark.slow
def test_the_clique_count_reports_progress_up_to_its_total(size, words, share, steps):
    cliques = pytest.importorskip("wordcover.cliques")
    ws = WordSearch(size, size, words)
    heard = []
    n = ws.count(share=share, progress=lambda done, total: heard.append((done, total)), method="cliques")
    assert n == count_placements(ws.words, size, size, list(COMPASS), share=share)
    done = [d for d, _ in heard]
    assert {total for _, total in heard} == {steps} == {cliques.clique_steps(ws, share)}
    assert done == list(range(1, steps + 1))  # every step once, in order, the last at the total
