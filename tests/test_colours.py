"""The word colours: CIEDE2000 as published, a palette that stays apart at the stroke's alpha, and notebook 1's
answer key, where words close to each other must look apart (review 30-K: ANNA read west, light blue, lay over ABEL
read west, mid blue, and ANNA read east, mauve, two rows below EULER, pink)."""

from __future__ import annotations

import time
from itertools import combinations

import pytest

from wordcover.finder import find_words
from wordcover.views.colours import WORD_COLOURS, ciede2000, lab, looks_apart, spread_colours
from wordcover.views.grids import STROKE_ALPHA, placement_colours
from wordcover.word_search import Placement

GRID = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]  # notebook 1's grid
NEAR = 20.0  # CIEDE2000: strokes this far apart read as two colours at a glance (the pairs review 30-K saw: 8 to 10)
APART = 15.0  # any two strokes of one small picture, the legend's included

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", Table 1: pairs 1, 7, 17, 25 and 34
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


def _gap(p: Placement, q: Placement) -> int:
    """How many rows or columns apart two placements' nearest cells are (0: they share a cell)."""
    return min(max(abs(r1 - r2), abs(c1 - c2)) for r1, c1 in p.cells for r2, c2 in q.cells)


@pytest.mark.parametrize(("one", "other", "published"), SHARMA)
def test_ciede2000_gives_the_published_differences(one, other, published):
    assert ciede2000(one, other) == pytest.approx(published, abs=1e-4)
    assert ciede2000(other, one) == pytest.approx(published, abs=1e-4)


def test_lab_of_white_black_and_srgb_red():
    assert lab("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab("#000000") == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert lab("#000000", alpha=0.0) == pytest.approx(lab("#ffffff"))  # no colour laid: white


def test_the_palette_has_twelve_colours_none_fading_into_the_white_and_the_first_six_far_apart():
    assert len(set(WORD_COLOURS)) == 12
    assert all(lab(c, STROKE_ALPHA)[0] < 88 for c in WORD_COLOURS)  # Okabe and Ito's yellow was 95
    assert min(looks_apart(a, b, STROKE_ALPHA) for a, b in combinations(WORD_COLOURS[:6], 2)) > 17


def test_notebook_1s_answer_key_gives_words_near_each_other_colours_that_look_apart():
    """Every pair of placements within two rows or columns of each other is at least NEAR apart; any two of the seven
    strokes, the legend's colours, at least APART. ANNA's two readings, on the same cells, are a near pair."""
    found = find_words(GRID, ["ABEL", "CANTOR", "EULER", "GAUSS", "ANNA"]).found
    colours = placement_colours(found)
    assert len(found) == 7 and len(set(colours)) == 7
    near = [(j, k) for j, k in combinations(range(7), 2) if _gap(found[j], found[k]) <= 2]
    named = {(str(found[j]), str(found[k])) for j, k in near}
    assert ("ANNA at (4,0) E", "ANNA at (4,3) W") in named and ("ABEL at (5,4) W", "ANNA at (4,3) W") in named
    assert ("EULER at (2,0) E", "ANNA at (4,0) E") in named  # the pairs review 30-K saw alike
    for j, k in near:
        assert looks_apart(colours[j], colours[k], STROKE_ALPHA) >= NEAR, (str(found[j]), str(found[k]))
    for j, k in combinations(range(7), 2):
        assert looks_apart(colours[j], colours[k], STROKE_ALPHA) >= APART, (str(found[j]), str(found[k]))


def test_notebook_2s_page_gives_its_six_words_colours_that_look_apart():
    """02's answer key (six words in 7 x 7): PROGRAM's stroke was Tol's sand, pale at the stroke's alpha."""
    from wordcover.generator import backtracking_puzzle

    puzzle = backtracking_puzzle(7, 7, ["MAZES", "WORD", "SEARCH", "PUZZLE", "GAMES", "PROGRAM"], seed=2015,
                                 difficulty="hard")  # fmt: skip
    colours = placement_colours(puzzle.placements)
    assert min(looks_apart(a, b, STROKE_ALPHA) for a, b in combinations(colours, 2)) >= APART
    assert all(lab(c, STROKE_ALPHA)[0] < 88 for c in colours)


def test_spread_colours_is_deterministic_distinct_up_to_twelve_and_quick_on_a_big_page():
    cells = [{(r, c) for c in range(5)} for r in range(12)]  # twelve rows, each touching the next
    first = spread_colours(cells, STROKE_ALPHA)
    assert first == spread_colours(cells, STROKE_ALPHA) and len(set(first)) == 12
    for j in range(11):
        assert looks_apart(first[j], first[j + 1], STROKE_ALPHA) >= APART
    many = [{(r, c), (r, c + 1), (r, c + 2)} for r in range(0, 15, 2) for c in range(0, 15, 5)]  # 24 placements
    start = time.perf_counter()
    assert len(spread_colours(many, STROKE_ALPHA)) == 24
    assert time.perf_counter() - start < 1.0
    assert spread_colours([], STROKE_ALPHA) == [] and spread_colours([{(0, 0)}]) == [WORD_COLOURS[0]]
