"""Notebook 04's exercises after the blind review of issue 30: the third-word prediction is not printed on the page,
the clashes check gives only records that the exercise defines (placements that fit together) and shows a failing
case whole, every right way of reading such a record passes and a wrapper around the answer does not, and the wrong
options of exercise 3 are wrong for the reasons the check gives."""

from __future__ import annotations

import re
import time

import nbformat
import pytest
import solutions
from solutions import outside

from wordcover import WordSearch, make_engine
from wordcover.word_search import Placement, placements

NOTEBOOK = "notebooks/04_colours_outside.ipynb"


def _cells():
    return nbformat.read(NOTEBOOK, as_version=4).cells


def _outputs() -> str:
    """Every text the committed notebook prints."""
    texts = []
    for cell in _cells():
        for out in cell.get("outputs", []):
            texts.append(out.get("text", "") + out.get("data", {}).get("text/plain", ""))
    return "\n".join(texts)


# ---- exercise 1: nodes on level 3 with a third word ---------------------------------------------------------------


def _fit(a: Placement, b: Placement) -> bool:
    written = dict(zip(a.cells, a.word))
    return all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word))


def test_level_three_is_the_fitting_pairs_times_the_third_words_placements_by_brute_force():
    ws = WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal")
    by_word = {w: [p for p in ws.placements if p.word == w] for w in ws.words}
    fitting = sum(1 for a in by_word["ABEL"] for b in by_word["LAND"] if _fit(a, b))
    assert {w: len(ps) for w, ps in by_word.items()} == {"AND": 32, "ABEL": 16, "LAND": 16}
    assert outside.level_three_nodes(ws) == fitting * len(by_word["AND"]) == 3584


def test_the_level_three_answer_is_not_printed_in_the_notebook():
    answer = outside.level_three_nodes(WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal"))
    printed = _outputs()
    assert not re.search(rf"(?<![\d,]){answer:,}(?![\d,])|(?<![\d,]){answer}(?![\d,])", printed)
    prose = "\n".join(c.source for c in _cells() if c.cell_type == "markdown")
    assert str(answer) not in prose.replace(",", "")


# ---- exercise 2: clashes --------------------------------------------------------------------------------------------


def clashes_first_entry(record, placement):  # the first letter of a cell: right, as every entry is the same letter
    return [c for c, x in zip(placement.cells, placement.word) if record.get(c) and record[c][0] != x]


def clashes_not_in(record, placement):  # "a cell clashes when its letters do not include mine": right here too
    return [c for c, x in zip(placement.cells, placement.word) if record.get(c) and x not in record[c]]


def clashes_as_a_set(record, placement):
    out = []
    for cell, letter in zip(placement.cells, placement.word):
        held = set(record.get(cell, []))
        if held and held != {letter}:
            out.append(cell)
    return out


def clashes_last_entry(record, placement):
    return [c for c, x in zip(placement.cells, placement.word) if record.get(c) and record[c][-1] != x]


@pytest.mark.parametrize("right", [clashes_first_entry, clashes_not_in, clashes_as_a_set, clashes_last_entry])
def test_every_right_reading_of_a_record_passes(right, capsys):
    assert outside.check_clashes(right)
    assert capsys.readouterr().out.startswith("✓ Right on all 45 cases")


def test_the_learners_copy_of_the_model_passes(capsys, learners_copy):
    assert outside.check_clashes(learners_copy(outside.clashes))


def test_the_hidden_records_are_the_ones_the_exercise_defines():
    """Placements that fit together: a used cell holds one letter (stacked when words cross there), and each record
    is short enough for the check to show it whole when a learner's function fails on it."""
    cases = outside.clash_cases()
    assert len(cases) == 40 and cases == outside.clash_cases()
    for record, placement in cases:
        assert all(len(set(letters)) <= 1 for letters in record.values()), record
        assert len(repr(record)) <= outside.SHOWN_WIDTH and len(repr(placement)) <= outside.SHOWN_WIDTH
    assert any(len(letters) > 1 for record, _ in cases for letters in record.values())  # stacked letters
    assert sum(1 for r, p in cases if len(outside.clashes(r, p)) > 1) >= 5
    same_letter = [
        (r, p) for r, p in cases if any(r.get(c) and r[c][0] == x for c, x in zip(p.cells, p.word))
    ]  # a used cell the placement writes with the same letter: no clash there
    assert len(same_letter) >= 5


def clashes_wrong_on_diagonals(record, placement):  # forgets that a diagonal moves both row and column
    if len(placement.direction) == 2:
        return []
    return clashes_last_entry(record, placement)


def test_a_failing_case_is_shown_whole(capsys):
    assert not outside.check_clashes(clashes_wrong_on_diagonals)
    out = capsys.readouterr().out
    shown = re.search(r"on (?:a further case, )?\((\{.*?\}), (Placement\(.*?\))\),? it gives", out)
    assert shown, out
    record, placement = shown.groups()
    assert "…" not in record + placement
    assert any(repr(r) == record and repr(p) == placement for r, p in outside.clash_cases())


def test_a_wrapper_around_the_answer_is_refused(capsys):
    saved = outside.clashes

    def wrapper(record, placement):
        return outside.clashes(record, placement)

    def through_a_variable(record, placement):
        return saved(record, placement)

    for candidate in (wrapper, through_a_variable):
        started = time.perf_counter()
        assert not outside.check_clashes(candidate)
        assert time.perf_counter() - started < 5
        assert "calls the very function it is meant to be" in capsys.readouterr().out
    assert outside.clashes({(0, 2): ["E"]}, Placement("LAND", 0, 2, "S")) == [(0, 2)]  # whole again


# ---- exercise 3: the wrong options are wrong for the reasons given -------------------------------------------------


def test_option_b_the_timing_cell_times_only_the_search():
    cells = _cells()
    timing = next(k for k, c in enumerate(cells) if "def median_seconds" in c.source)
    assert "make_engine" not in cells[timing].source and "engine.count()" in cells[timing].source
    built = next(k for k, c in enumerate(cells) if "engines = {name: make_engine" in c.source)
    assert built < timing
    ws = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
    engine = make_engine(ws.problem, "sticker")
    before = engine.state()
    assert engine.count() == engine.count() == 2184 and engine.state() == before  # the links are left as found


def test_option_c_a_conflict_pushes_every_letter_before_it_is_refused(abel_land):
    """At each conflict the record holds every letter of the path, the clashing placement's included."""
    seen = []

    def at_conflict(event, engine):
        if event.kind == "conflict":
            seen.append(sum(len(letters) for letters in engine.record))

    make_engine(abel_land.problem, "outside", observer=at_conflict).count()
    assert len(seen) == 144 and set(seen) == {len("ABEL") + len("LAND")}


def test_the_wrong_options_are_refused_with_their_reasons(capsys):
    why = outside.where_c_pays_not()
    for letter in "bc":
        assert not solutions.check_choice(letter, outside.where_c_pays(), "abc", why=why)
        assert why[letter] in capsys.readouterr().out


def test_the_third_word_has_more_placements_than_the_first_two():
    """The exercise turns on MRV choosing ABEL and LAND before AND, though AND is listed first."""
    n = {w: len(placements(w, 4, 4, ["E", "W", "S", "N"])) for w in ("AND", "ABEL", "LAND")}
    assert n["AND"] > n["ABEL"] == n["LAND"]
    engine = make_engine(WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal").problem, "outside")
    engine.count()
    assert engine.stats.profile[:3] == [1, n["ABEL"], n["ABEL"] * n["LAND"]]
