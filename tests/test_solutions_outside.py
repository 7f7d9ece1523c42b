"""Notebook 4's solutions (notebooks/solutions/outside.py) against answers found another way."""

from __future__ import annotations

import re
from collections import Counter
from itertools import product

import pytest
from solutions import outside as s

from wordcover import WordSearch, make_engine, violations
from wordcover.word_search import Placement


def _fit(a: Placement, b: Placement) -> bool:
    """True when two placements write the same letter into every cell they share (read off the cells)."""
    written = dict(zip(a.cells, a.word))
    return all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word))


@pytest.mark.parametrize("directions, pairs, fitting", [("all", 400, 136), ("orthogonal", 256, 112)])
def test_the_pairs_of_placements_that_fit_are_the_solutions(directions, pairs, fitting):
    ws = WordSearch(4, 4, ["ABEL", "LAND"], directions)
    abel = [p for p in ws.placements if p.word == "ABEL"]
    land = [p for p in ws.placements if p.word == "LAND"]
    assert len(abel) * len(land) == pairs
    misfits = sum(1 for a, b in product(abel, land) if not _fit(a, b))
    assert pairs - misfits == fitting == ws.count()  # the published 112 (orthogonal) and our brute force agree
    engine = make_engine(ws.problem, "outside")
    engine.count()
    assert engine.stats.conflicts == misfits and engine.stats.profile[2] == pairs


def test_level_three_nodes_are_the_fitting_pairs_times_the_third_word():
    ws = WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal")
    words = {w: [p for p in ws.placements if p.word == w] for w in ws.words}
    fitting = sum(1 for a, b in product(words["ABEL"], words["LAND"]) if _fit(a, b))
    assert s.level_three_nodes(ws) == fitting * len(words["AND"])


def test_clashes_names_the_cells_the_verifier_names(abel_land):
    ws = abel_land
    problem = ws.problem
    checked = 0
    for i, a in enumerate(ws.placements):
        if a.word != "ABEL":
            continue
        record = {cell: [letter] for cell, letter in zip(a.cells, a.word)}
        for j, b in enumerate(ws.placements):
            if b.word != "LAND":
                continue
            named = [m for m in violations(problem, [i, j]) if m.startswith("colour item")]
            cells = sorted((int(r), int(c)) for r, c in (re.search(r"r(\d+)c(\d+)", m).groups() for m in named))
            assert sorted(s.clashes(record, b)) == cells
            checked += 1
    assert checked == 16 * 16


def test_clashes_reads_a_record_with_stacked_and_empty_entries():
    land_down = Placement("LAND", 0, 3, "S")  # L A N D in column 3
    assert s.clashes({}, land_down) == []
    assert s.clashes({(0, 3): [], (1, 3): ["A", "A"]}, land_down) == []
    assert s.clashes({(0, 3): ["E"], (3, 3): ["D", "D"], (2, 3): ["X"]}, land_down) == [(0, 3), (2, 3)]


def test_where_c_pays_is_borne_out_by_the_hides_that_clear_level_three():
    """Algorithm C tries no conflict: every placement the outside engine tries and refuses at level 3 was hidden."""
    ws = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
    outside = make_engine(ws.problem, "outside")
    sticker = make_engine(ws.problem, "sticker")
    assert outside.count() == sticker.count() == 2184
    assert sticker.stats.profile[3] == sticker.stats.solutions  # its level 3 holds the solutions alone
    assert outside.stats.profile[3] > 4 * sticker.stats.profile[3]
    hides = Counter()

    def on_hide(event, _engine):
        if event.kind == "hide":
            hides[event.cause, event.level] += 1

    make_engine(ws.problem, "sticker", observer=on_hide).count()
    purify_levels = {level for cause, level in hides if cause == "purify"}
    assert purify_levels == {0, 1}  # made when the first two words are chosen, none when the last one is
    assert s.where_c_pays() == "a"


def test_the_clashes_check_accepts_a_learners_own_clashes_on_every_case(capsys):
    def clashes(record, placement):  # written in the notebook, as a learner would
        return [c for c, x in zip(placement.cells, placement.word) if record.get(c) and record[c][-1] != x]

    cases = s.clash_cases()
    assert len(cases) == 40 and all(clashes(r, p) == s.clashes(r, p) for r, p in cases)
    assert s.check_clashes(clashes)
    assert capsys.readouterr().out == "✓ Right on all 45 cases (40 of them not shown).\n"
    assert "3584" not in s.level_three_nodes_hint() and "3,584" not in s.level_three_nodes_hint()
