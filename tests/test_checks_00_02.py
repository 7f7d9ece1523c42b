"""Notebooks 00, 01 and 02: the index's sentences that a run can check, and every exercise check of 01 and 02 fed the
answers a learner would write. A wrong answer must be refused, in bounded time, with a hint about the reasoning and
never the expected value or "too high / too low"; the model answer must be accepted."""

from __future__ import annotations

import contextlib
import inspect
import pathlib
import random
import re
import time

import nbformat
import pytest
import series
import solutions
from lessons import backtracking as l02
from solutions import backtracking as s02
from solutions import find_words as s01

from wordcover import WordSearch, examples, finder
from wordcover.analysis import walk_list
from wordcover.dancing_links import DancingLinks
from wordcover.engines import make_engine
from wordcover.finder import find_words, iter_scan
from wordcover.generator import DIFFICULTY, PuzzleError, backtracking_puzzle
from wordcover.playback import record_writes
from wordcover.problem import Problem
from wordcover.word_search import DIRECTIONS, Placement, letter_grid, placements

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
GRID = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
LEVEL_GRID = ["LEVEL", "EEXXE", "VXVXV", "EXXEE", "LEVEL"]  # the edges and one diagonal
# DLX1's own words (dlx1.w, on uncover and on step X6), TeX markup taken out; the index quotes them as they stand
DLX1_SAME_ORDER = (
    "no harm is done if the options are processed again in the same order. So I'll go downward again, just to "
    "prove the point. Whether we go up or down, the pointers execute an exquisitely choreographed dance that returns "
    "them almost magically to their former state."
)
DLX1_DELICATE = (
    "it can resuscitate elements in item b that would mess up the uncovering of b. The choreography is delicate indeed."
)


def _text(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(c.source for c in nb.cells)


def _cell(name: str, start: str) -> str:
    """The source of the one code cell of a notebook that starts with ``start``."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    (source,) = [c.source for c in nb.cells if c.cell_type == "code" and c.source.startswith(start)]
    return source


def _flat(text: str) -> str:
    return " ".join(text.split())


def _refused(capsys, run, seconds: float = 3.0) -> str:
    """Run a check that must refuse; return what it printed, after asserting it refused soon, without a bisection
    clue."""
    start = time.perf_counter()
    verdict = run()
    took = time.perf_counter() - start
    out = capsys.readouterr().out
    assert not verdict, out
    assert took < seconds, (took, out)
    assert out.startswith("✗"), out
    assert "too high" not in out and "too low" not in out
    return out


def _accepted(capsys, run) -> str:
    verdict = run()
    out = capsys.readouterr().out
    assert verdict, out
    assert out.startswith("✓"), out
    return out


# ---- 00: the sentences a run can check ----------------------------------------------------------------------


def test_the_index_no_longer_says_reverse_order_is_needed_inside_one_uncover():
    text = _flat(_text("00_index.ipynb"))
    assert "right only if those neighbours stand where they stood" not in text
    long_answer = " ".join(series.LECTURE[1][5].split())  # Knuth's words: the deck's notes; 00 gives the short one
    assert DLX1_SAME_ORDER in long_answer and DLX1_DELICATE in long_answer


def test_dlx1s_downward_uncover_restores_every_entry_and_the_wrong_item_order_does_not():
    facts = series.uncover_facts()
    assert facts == {"items": 7, "restored": 7, "len_a": 4, "in_a": 2}
    text = _flat(_text("00_index.ipynb"))
    assert "leaves LEN(A) = 4 with 2 nodes in A's list" in text and "for each item i." in text
    assert "Notebook 3b runs each case under *Which orders matter*" in text  # a heading of 03b, which must exist
    assert "\n## Why the links dance\n" in "\n" + _text("03_exact_cover.ipynb")
    assert "\n## Which orders matter\n" in "\n" + _text("03b_dancing_links_by_hand.ipynb")
    # 3b prints the wrong order's LEN(A) that the index quotes (review 30-K: it traced another pair)
    assert f"LEN(A) = {facts['len_a']}, with {facts['in_a']} nodes in A's list" in _printed(
        "03b_dancing_links_by_hand.ipynb"
    )
    # the same order restores every entry on random problems too, not only on Knuth's example
    rng = random.Random(7)
    for _ in range(200):
        items = [f"i{k}" for k in range(rng.randint(2, 6))]
        options = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 7))]
        engine = DancingLinks(Problem(items, (), options))
        start = [list(a) for a in (engine.llink, engine.rlink, engine.ulink, engine.dlink, engine.len)]
        first, second = rng.sample(range(1, engine.n + 1), 2)
        engine.cover(first)
        engine.cover(second)
        series.dlx1_uncover(engine, second)
        series.dlx1_uncover(engine, first)
        assert [list(a) for a in (engine.llink, engine.rlink, engine.ulink, engine.dlink, engine.len)] == start


def test_the_colour_pair_drifts_in_every_order_and_counts_right_in_some():
    runs = series.colour_pair_orders()
    assert len(runs) == 12
    assert all(length == 4 and nodes == 3 for *_, length, nodes in runs)
    assert sorted(count for _, _, count, _, _ in runs) == [1] * 6 + [2] * 6
    swapped = Problem(["P", "Q"], ["c1"], ["P c1:a", "Q c1:b", "Q c1:a"])
    engine = make_engine(swapped, "naive")
    assert engine.count() == 1 == make_engine(swapped, "sticker").count()
    c1 = engine.names.index("c1")
    assert (engine.len[c1], len(walk_list(engine.dlink, c1, 99))) == (4, 3)
    text = _flat(_text("00_index.ipynb"))
    assert "Any order shows it" not in text and "the wrong number moves with the order" not in text
    # the swapped pair's own numbers are 05's exercise 3: 00 names what holds without giving them away
    assert "in some orders the naive engine counts the colour pair right (05's exercise 3 runs one)" in text
    assert "swapped the naive engine counts" not in text  # which way the swapped pair goes is 05's exercise 3
    # the drift needs no special order, the wrong count does: each said of what it is true of
    # the count of orders only (2 item orders x 6 option orders), run by series.py, which refuses to write it if untrue
    assert "The drift needs none: in any order the path to the solution purifies c1 twice" in text
    assert "6 of the 12 orders" not in text
    assert "It needs none" not in text
    assert "LEN(c1) is 4 with 3" not in text


def test_the_index_sends_learners_to_their_own_copy_and_names_pytest_with_the_maintainers_install():
    text = _flat(_text("00_index.ipynb"))
    assert "jupyter lab notebooks/" not in text
    assert (
        "python -m pip install -r requirements.txt python notebooks/tools/my_copy.py && jupyter lab my-notebooks/"
        in (text)
    )
    for pytest_at in (m.start() for m in re.finditer("pytest", text)):  # named only beside the maintainer's install
        assert "requirements-dev.txt" in text[pytest_at - 120 : pytest_at + 40]


def test_the_index_sends_the_lecturer_to_what_03_has_and_the_learner_to_notebook_1():
    """The plan's first part does in 03 what 03 holds (DLX1's example as items and options, no word search); the
    page says which notebooks each builds on, that the rest is for lecturers, and what a widget shows statically."""
    first = series.LECTURE[0]
    assert (
        first[1] == 3
        and "word search" not in first[3]
        and first[2] == "Modelling: items and options"
        and "as items and options, then run Algorithm X on it in the next section" in first[3]
    )
    text = _flat(_text("00_index.ipynb"))
    assert "model a word search as items and options" not in text and "one idea, in order" not in text
    assert "word search" not in _flat(_text("03_exact_cover.ipynb")).split("## Algorithm X with dicts and sets")[0]
    assert "*Learners can stop here and open [notebook 1](01_find_words.ipynb).*" in text
    assert "reads well as static text" not in text and "the cell after each widget prints the same facts" not in text
    assert "static page, it shows a still picture of what it draws" in text  # review 30-O: 01's next cell did not
    tree = series.path_tree()  # the path, drawn: each notebook under the last one its own Prerequisites name
    assert f"```text\n{tree}\n```" in _text("00_index.ipynb")
    for file, title, *_ in series.SERIES[1:]:
        assert "otebook" in series.prerequisites(file) and f"{series.number(file):<3}{title}" in tree


def test_the_model_answers_of_01_02_and_03_hold():
    """What the answers of 01, 02 and 03 say holds in the library, and 00 quotes 03's (the plan keeps 03 on)."""
    text = _flat(_text("00_index.ipynb"))
    assert "A: it has the fewest options (two, tied with B, C and E; a tie goes to the first item" in text
    anna = find_words(GRID, ["ANNA"]).found
    assert [str(p) for p in anna] == ["ANNA at (4,0) E", "ANNA at (4,3) W"]
    steps = []
    backtracking_puzzle(6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], seed=9, difficulty="easy",
                        trace=lambda kind, what: steps.append((kind, str(what))))  # fmt: skip
    assert ("remove", "EULER at (0,1) E") in steps and ("place", "EULER at (0,1) S") in steps
    problem = examples.load("knuth_exact_cover").problem
    engine = DancingLinks(problem)
    lengths = {name: engine.len[k] for k, name in enumerate(engine.names) if 0 < k <= engine.n1}
    assert [n for n, v in lengths.items() if v == min(lengths.values())] == ["A", "B", "C", "E"]
    assert problem.secondary == ("F", "G")
    pair = make_engine(examples.load("colour_pair").problem, "naive")
    assert pair.count() == 2  # the naive engine on the colour pair, as 05 and the deck say


# ---- 01 ------------------------------------------------------------------------------------------------------


def _level(answer):
    """Exercise 1's check cell, run as the notebook runs it."""
    return eval(_cell("01_find_words.ipynb", "solution.check_level("), {"solution": s01, "prediction": answer})


def test_01_exercise_1_refuses_the_counts_a_learner_guesses(capsys):
    # the cell shows nothing a learner could paste as the answer: only the learner's value goes in
    assert _cell("01_find_words.ipynb", "solution.check_level(") == "solution.check_level(prediction)"
    for wrong in (8, 5, 4, 2, 12, 20, 0, 9):  # the edges only, the lines, one way each, both diagonals, ...
        out = _refused(capsys, lambda wrong=wrong: _level(wrong))
        assert s01.LEVEL_HINT in out and "10" not in out
    assert "diagonal" not in s01.LEVEL_HINT  # the diagonals read L X X X L: a hint must not send a learner there
    assert "A number is wanted" in _refused(capsys, lambda: _level(True))
    assert "A number is wanted" in _refused(capsys, lambda: _level("10"))
    for wrong in (8, 9, 11, 20):  # the line that lists them is said only after a right answer
        assert "find_words(level_grid" not in _refused(capsys, lambda wrong=wrong: _level(wrong))
    assert s01.LEVEL_THEN in _accepted(capsys, lambda: _level(10))
    statement = _flat(_text("01_find_words.ipynb").split("## Exercise 1")[1].split("## Exercise 2")[0])
    assert "find_words(" not in statement  # the statement names no line that prints the answer
    assert not re.search(r"\b10\b", _printed("01_find_words.ipynb"))  # the answer is printed nowhere above
    names: dict = {}
    exec(_cell("01_find_words.ipynb", "level_grid = "), names)
    assert names["level_grid"] == LEVEL_GRID == list(s01.LEVEL_GRID)  # the grid the check counts is the notebook's


def scan_right(grid, word):  # a learner's scan: the bounds of every letter, then its letter
    found = set()
    height, width = len(grid), len(grid[0])
    for r in range(height):
        for c in range(width):
            for name, (dr, dc) in DIRECTIONS.items():
                ok = True
                for k in range(len(word)):
                    rr, cc = r + dr * k, c + dc * k
                    if not (0 <= rr < height and 0 <= cc < width) or grid[rr][cc] != word[k]:
                        ok = False
                        break
                if ok:
                    found.add((r, c, name))
    return found


def scan_last_letter_bounds(grid, word):  # another right one: only the last letter's bounds, as iter_scan does
    found = set()
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            for name, (dr, dc) in DIRECTIONS.items():
                end_r, end_c = r + dr * (len(word) - 1), c + dc * (len(word) - 1)
                inside = 0 <= end_r < len(grid) and 0 <= end_c < len(grid[0])
                if inside and all(grid[r + dr * k][c + dc * k] == word[k] for k in range(len(word))):
                    found.add((r, c, name))
    return found


def _scan_like(bounds, directions=DIRECTIONS, first=0, listed=False):
    """A learner's scan with one mistake: ``bounds(rr, cc, height, width)`` decides 'inside'."""

    def scan_word(grid, word):
        found = []
        height, width = len(grid), len(grid[0])
        for r in range(height):
            for c in range(width):
                for name, (dr, dc) in directions.items():
                    cells = [(r + dr * k, c + dc * k) for k in range(first, len(word))]
                    if all(bounds(rr, cc, height, width) for rr, cc in cells) and all(
                        grid[rr][cc] == word[k] for (rr, cc), k in zip(cells, range(first, len(word)))
                    ):
                        found.append((r, c, name))
        return found if listed else set(found)

    return scan_word


def scan_endless(grid, word):
    found = set()
    r = 0
    while r < len(grid):  # forgets r += 1
        found |= {(r, c, "E") for c in range(len(grid[0])) if grid[r][c:].startswith(word)}
    return found


def scan_by_the_finder(grid, word):
    return {(p.row, p.col, p.direction) for p in find_words(grid, [word]).found}


def scan_by_iter_scan(grid, word):
    return {(p.row, p.col, p.direction) for p in iter_scan(grid, word, list(DIRECTIONS))}


INSIDE = lambda rr, cc, h, w: 0 <= rr < h and 0 <= cc < w  # noqa: E731
WRONG_SCANS = {
    "only four directions": _scan_like(INSIDE, {k: DIRECTIONS[k] for k in ("E", "S", "SE", "NE")}),
    "no lower bound (a step off the top reads the last row)": _scan_like(lambda rr, cc, h, w: rr < h and cc < w),
    "rows and columns swapped": _scan_like(lambda rr, cc, h, w: 0 <= rr < w and 0 <= cc < h),
    "off by one at the far edges": _scan_like(lambda rr, cc, h, w: 0 <= rr < h - 1 and 0 <= cc < w - 1),
    "the first letter never tested": _scan_like(INSIDE, first=1),
    "a list, not a set": _scan_like(INSIDE, listed=True),
}


def _scan_check(candidate):
    cell = _cell("01_find_words.ipynb", "solution.check_scan(")
    names = {"solution": s01, "scan_word": candidate, "grid": GRID, "level_grid": LEVEL_GRID}
    return eval(cell, names)  # the check cell itself, as the notebook runs it


@pytest.mark.parametrize("mistake", sorted(WRONG_SCANS))
def test_01_exercise_2_refuses_a_scan_with_a_mistake(capsys, mistake):
    out = _refused(capsys, lambda: _scan_check(WRONG_SCANS[mistake]))
    if mistake == "a list, not a set":  # review 30-X: the right triples in a list are told first that a set is wanted
        assert out.startswith("✗ Not yet: a set is wanted") and "a list" in out and s01.SCAN_HINT not in out
    else:
        assert s01.SCAN_HINT in out or "raised IndexError" in out  # the hint, or the error that says where to look


def test_01_exercise_2_says_a_set_is_wanted_before_anything_else(capsys):
    """Review 30-X: a list of the right triples was called 'not right'. Any value not a set is told that a set is
    wanted (None from a missing return too); a frozenset is accepted."""

    def no_return(grid, word):
        found = set()
        found |= scan_right(grid, word)

    def as_tuple(grid, word):
        return tuple(sorted(scan_right(grid, word)))

    def as_frozenset(grid, word):
        return frozenset(scan_right(grid, word))

    assert not s01.a_set_is_wanted(scan_wrapping_the_solution, (GRID, "ANNA"))  # the answer is refused here too
    assert "calls the very function" in capsys.readouterr().out
    assert s01.a_set_is_wanted(scan_right, (GRID, "ANNA")) and not capsys.readouterr().out
    assert "your function gives None" in _refused(capsys, lambda: _scan_check(no_return))
    assert "a set is wanted" in _refused(capsys, lambda: _scan_check(as_tuple))
    _accepted(capsys, lambda: _scan_check(as_frozenset))


def scan_by_the_finders_inner_search(grid, word):  # the library's own search, under a name no list holds
    return {(p.row, p.col, p.direction) for p in finder._find_all(grid, [word], list(DIRECTIONS))}


def scan_by_placements(grid, word):  # the library's placements do the bounds; only the letters are compared
    return {
        (p.row, p.col, p.direction)
        for p in placements(word, len(grid), len(grid[0]), list(DIRECTIONS))
        if all(grid[r][c] == letter for (r, c), letter in zip(p.cells, word))
    }


def scan_by_placements_under_another_name(grid, word):  # the same, reached without naming placements
    listed = getattr(__import__("wordcover.word_search").word_search, "place" + "ments")
    return {
        (p.row, p.col, p.direction)
        for p in listed(word, len(grid), len(grid[0]), list(DIRECTIONS))
        if all(grid[r][c] == letter for (r, c), letter in zip(p.cells, word))
    }


def scan_by_the_generators_lines(grid, word):  # every line of the grid as one text: the generator's own reader
    from wordcover import generator

    pick, cell_at, heading = generator._lines(len(grid), len(grid[0]), tuple(DIRECTIONS))
    text = "".join(pick("".join(grid) + "\n"))
    found, at = set(), text.find(word)
    while at >= 0:
        found.add((*divmod(cell_at[at], len(grid[0])), heading[at]))
        at = text.find(word, at + 1)
    return found


def _starts_by_spots(word, rows, cols):
    """Every (row, column, direction) at which a word of this length stays inside, from the generator's _spots."""
    from wordcover import generator

    _, blocks = generator._spots(len(word), rows, cols, list(DIRECTIONS))
    return [(first_row + t // columns, first_col + t % columns, direction)
            for count, direction, _step, first_row, first_col, columns in blocks for t in range(count)]  # fmt: skip


def scan_by_the_generators_spots(grid, word):  # the bounds from the generator's placements without a list
    return {
        (r, c, d)
        for r, c, d in _starts_by_spots(word, len(grid), len(grid[0]))
        if all(grid[r + DIRECTIONS[d][0] * k][c + DIRECTIONS[d][1] * k] == x for k, x in enumerate(word))
    }


def scan_wrapping_the_solution(grid, word):  # a one-line wrapper around the answer
    return s01.scan_word(grid, word)


SAVED_SCAN = s01.scan_word  # the answer saved in a variable of the learner's, before the check runs


def scan_through_a_saved_reference(grid, word):
    return SAVED_SCAN(grid, word)


@pytest.mark.slow
def test_01_exercise_2_refuses_a_loop_that_never_ends_the_library_and_the_reference(capsys):
    out = _refused(capsys, lambda: _scan_check(scan_endless), seconds=solutions.BUDGET + 1.5)
    assert "without finishing" in out
    borrowed = (
        scan_by_the_finder,
        scan_by_iter_scan,
        scan_by_the_finders_inner_search,
        scan_by_placements_under_another_name,
        scan_by_the_generators_lines,
        scan_by_the_generators_spots,
        scan_wrapping_the_solution,
        scan_through_a_saved_reference,
    )
    for scan in borrowed:
        out = _refused(capsys, lambda scan=scan: _scan_check(scan))
        assert "calls the very function it is meant to be" in out, scan.__name__
    # placements named in the learner's code: told what it does (the bounds), not that it is the answer itself
    out = _refused(capsys, lambda: _scan_check(scan_by_placements))
    assert "asks the library's placements" in out and "the very function" not in out
    assert s01.asks_placements(scan_by_placements) and capsys.readouterr().out.startswith("✗ Not yet")
    assert not s01.asks_placements(scan_by_placements_under_another_name)  # caught by the tripwire instead
    for handed_in in (s01.scan_word, iter_scan, finder.scan, finder._find_all):
        assert "write your own" in _refused(capsys, lambda handed_in=handed_in: _scan_check(handed_in))
    # the library is whole again after the check: its finders were swapped for a tripwire only while it ran
    assert [str(p) for p in find_words(GRID, ["ANNA"]).found] == ["ANNA at (4,0) E", "ANNA at (4,3) W"]
    assert len(placements("ABEL", 4, 4, list(DIRECTIONS))) == 20


def test_01_exercise_2_refuses_the_generators_line_reader_even_when_it_has_read_those_lines_before(capsys):
    """Review 30-K: a scan through the generator's _lines, which reads every line of a grid, passed every case. It
    is refused now, even for grid sizes whose lines it keeps from an earlier call (it caches them)."""
    from wordcover import generator

    assert scan_by_the_generators_lines(GRID, "ABEL") == s01.scan_word(GRID, "ABEL")  # right on its own
    for case in [(GRID, "ANNA"), *s01.hidden_grids()]:  # every size the check will try, read once before it
        scan_by_the_generators_lines(*case)
    out = _refused(capsys, lambda: _scan_check(scan_by_the_generators_lines))
    assert "calls the very function it is meant to be" in out
    assert scan_by_the_generators_lines(GRID, "ANNA") == {(4, 0, "E"), (4, 3, "W")}  # whole again after the check
    assert generator._lines in s01.LIBRARY_SCANS


def test_01_exercise_2_accepts_scans_written_two_ways(capsys, learners_copy):
    for right in (scan_right, scan_last_letter_bounds, learners_copy(s01.scan_word)):
        out = _accepted(capsys, lambda right=right: _scan_check(right))
        assert "not shown" in out


def test_01_the_loop_shown_before_exercise_2_is_not_its_answer(capsys):
    """Before exercise 2 the notebook shows a scan for one direction, east, with a slice of the row; the library's
    eight-direction iter_scan, exercise 2's answer, is pointed at nowhere (review 30-O: the pointer after the
    exercises printed it to a learner stuck on exercise 2). A scan_word made from the loop shown (its finds written
    as exercise 2 wants them) is refused on the first case shown."""
    nb = nbformat.read(NOTEBOOKS / "01_find_words.ipynb", as_version=4)
    first = next(k for k, c in enumerate(nb.cells) if c.source.startswith("## Exercise"))
    shown = "\n".join(c.source for c in nb.cells[:first])
    printed = "\n".join(o.get("text", "") for c in nb.cells[:first] if c.cell_type == "code" for o in c.outputs)
    assert "def iter_scan" not in printed and "getsource" not in shown and "def scan_east(" in shown
    assert not any("show(iter_scan)" in c.source or "import find_words, iter_scan" in c.source for c in nb.cells)
    names: dict = {"grid": GRID}
    exec(_cell("01_find_words.ipynb", "def scan_east("), names)
    capsys.readouterr()
    assert names["scan_east"](GRID, "ABEL") == [(3, 0)]

    def transcribed(grid, word):
        return {(r, c, "E") for r, c in names["scan_east"](grid, word)}

    out = _refused(capsys, lambda: _scan_check(transcribed))
    assert s01.SCAN_HINT in out and "on ([" in out and "further case" not in out  # a case shown already refuses it


def test_01_exercise_2_hidden_grids_are_what_catch_the_quiet_mistakes():
    """Each quiet mistake passes the four cases shown and fails only on the hidden grids: they are the check."""
    shown = [(GRID, "ANNA"), (GRID, "ABEL"), (LEVEL_GRID, "LEVEL"), (GRID, "KNUTH")]
    hidden = s01.hidden_grids()
    assert any(len(g) != len(g[0]) for g, _ in hidden) and s01.hidden_grids() == hidden
    for mistake in ("no lower bound (a step off the top reads the last row)", "rows and columns swapped"):
        wrong = WRONG_SCANS[mistake]
        assert all(wrong(*case) == s01.scan_word(*case) for case in shown), mistake

        def differs(case, wrong=wrong):
            try:
                return wrong(*case) != s01.scan_word(*case)
            except IndexError:
                return True

        assert any(differs(case) for case in hidden), mistake


def _distinct_check(candidate):
    cell = _cell("01_find_words.ipynb", "solution.check_distinct(")
    assert "solution.distinct_occurrences" not in cell  # nothing in the cell computes the answer
    names = {"solution": s01, "distinct_occurrences": candidate}
    return eval(cell, names | {"grid": GRID, "level_grid": LEVEL_GRID})


@pytest.mark.slow
def test_01_exercise_3_refuses_the_counts_a_learner_writes(capsys, learners_copy):
    def placements(grid, word):
        return len(find_words(grid, [word]).found)

    def halved(grid, word):
        return len(find_words(grid, [word]).found) // 2

    def start_cells(grid, word):
        return len({(p.row, p.col) for p in find_words(grid, [word]).found})

    def by_word(grid, word):
        return len({p.word for p in find_words(grid, [word]).found})

    def palindromes_halved(grid, word):  # right for two letters or more; a one-letter word is read 8 ways
        found = find_words(grid, [word]).found
        return len(found) // 2 if word == word[::-1] else len(found)

    def endless(grid, word):
        count = 0
        while True:
            count += 1

    for wrong in (placements, halved, start_cells, by_word, palindromes_halved):
        out = _refused(capsys, lambda wrong=wrong: _distinct_check(wrong))
        assert s01.DISTINCT_HINT in out
    assert "without finishing" in _refused(capsys, lambda: _distinct_check(endless), seconds=solutions.BUDGET + 1.5)
    assert "write your own" in _refused(capsys, lambda: _distinct_check(s01.distinct_occurrences))

    def wrapped(grid, word):  # a one-line wrapper around the answer
        return s01.distinct_occurrences(grid, word)

    assert "calls the very function it is meant to be" in _refused(capsys, lambda: _distinct_check(wrapped))
    assert "further case" in _refused(capsys, lambda: _distinct_check(palindromes_halved))

    def right(grid, word):
        return len({tuple(sorted(p.cells)) for p in find_words(grid, [word]).found})

    _accepted(capsys, lambda: _distinct_check(right))
    _accepted(capsys, lambda: _distinct_check(learners_copy(s01.distinct_occurrences)))


def test_01_exercise_4_says_why_each_wrong_choice_is_wrong(capsys):
    cell = _cell("01_find_words.ipynb", "solution.check_why_one_copy(")
    assert cell == "solution.check_why_one_copy(answer)"

    def run(answer):
        return eval(cell, {"solution": s01, "answer": answer})

    assert sorted(s01.why_one_copy_not()) == ["a", "c", "d"]  # four choices (round 12): two wrong tries do not tell
    for letter, reason in s01.why_one_copy_not().items():
        assert reason in _refused(capsys, lambda letter=letter: run(letter))
        assert "miss" not in reason and "solver" not in reason  # no reason paraphrases the right choice
    _refused(capsys, lambda: run("e"))
    assert "- **d** the answer key is drawn by running the finder" in _text("01_find_words.ipynb")
    _accepted(capsys, lambda: run(" B "))
    # review 30-O: each wrong option is a belief, not a claim a cell above refutes word for word
    text = _flat(_text("01_find_words.ipynb"))
    assert "keeps a word only when it occurs once" not in text and "item would be covered twice" not in text


def test_01_calls_its_finder_picture_what_it_is_not_the_answer_key_exercise_4_refutes():
    """Review 30-Z: exercise 4 refuses d ("the answer key is drawn by running the finder") while the picture above
    it was introduced as "the answer key" and drawn by calling find_words. The picture is called what it is, and the
    reason points at the key that is drawn from placements: the game's Reveal."""
    import inspect

    from wordcover.widgets import FindPuzzle

    text = _flat(_text("01_find_words.ipynb"))
    assert "Below, the answer key" not in text
    assert "Below, every word the finder finds in this grid made by hand" in text
    # review 30-AF: the prose says what the code comment said, that ANNA is drawn once; the objective no exercise
    # asked for (the difficulty levels told apart) is cut
    assert "ANNA's west reading is left out, since it lies on the cells of the east one" in text
    assert 'find_words(grid, ["ANNA"], ["E"])' in _cell("01_find_words.ipynb", "# ANNA read east only")
    assert "tell the three difficulty levels apart" not in text
    assert "find_words(" in _cell("01_find_words.ipynb", "# ANNA read east only")
    assert "*Reveal* shows the answer key" in text
    reveal = inspect.getsource(FindPuzzle.reveal)
    assert "self.puzzle.placements" in reveal and "find_words" not in reveal
    reason = s01.why_one_copy_not()["d"]
    assert "Reveal" in reason and "Puzzle.placements" in reason and "drawn by the finder" in reason
    # review 30-AL: the notebook says what Reveal draws, so that choice d can be ruled out from the page; it is so
    assert (
        "*Reveal* shows the answer key: for each word, the place the generator chose for it "
        "(`puzzle.puzzle.placements`). It does not run the finder on the grid." in text
    )
    game = FindPuzzle(["ABEL", "CANTOR", "GAUSS", "EULER"], 6, 6, seed=1)
    game.reveal()
    assert game.found == {p.word: list(p.cells) for p in game.puzzle.placements}
    assert reason.startswith("It is not:")  # review 30-AH: the reason answers (d) first, then says why


def test_01_draws_annas_two_readings_on_the_same_cells():
    """Review 30-AH: the palindrome found twice is drawn: ANNA alone, both readings on row 4's cells, captioned,
    and the prose points at the wide stroke (east) and the thin line (west)."""
    cell = _cell("01_find_words.ipynb", 'anna = find_words(grid, ["ANNA"]).found')
    assert 'title="ANNA, found twice on the same cells"' in cell and "directions=True" in cell
    text = _flat(_text("01_find_words.ipynb"))
    assert "the east reading is the wide stroke, with a ring on (4,0)" in text
    assert "the west reading is the thin line under the same letters, with a dot on (4,3)" in text
    # review 30-AL: a ring marks a start everywhere else; the dot is said in the prose and named in the legend
    assert "gets a dot for its start, not a ring" in text
    grid = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
    drawn: dict = {}
    names = {"find_words": find_words, "grid": grid, "grid_figure": lambda *args, **kwargs: drawn.update(kwargs)}
    exec(cell, names)
    assert drawn["labels"] == ["ANNA at (4,0) E: a ring at its start", "ANNA at (4,3) W: a dot at its start"]
    found = find_words(grid, ["ANNA"]).found
    assert [(p.row, p.col, p.direction) for p in found] == [(4, 0, "E"), (4, 3, "W")]
    assert len({frozenset(p.cells) for p in found}) == 1


def test_02_names_its_level_by_notebook_1s_directions_and_leaves_bucks_switches_out():
    """puzzle.rb (jamis/wordsearch): directions = right down; += rightdown if diagonal; += left up if backward;
    += leftup leftdown rightup if both. So easy is his default, hard both switches, and medium none of his four.
    Review 30-X: no reader needed that aside, nor DIFFICULTY printed a second time (notebook 1 prints it): notebook 2
    names its hard level in one line."""
    buck = {
        (): {"E", "S"},
        ("diagonal",): {"E", "S", "SE"},
        ("backward",): {"E", "S", "W", "N"},
        ("diagonal", "backward"): set(DIRECTIONS),
    }
    assert buck[()] == set(DIFFICULTY["easy"]) and buck["diagonal", "backward"] == set(DIFFICULTY["hard"])
    assert set(DIFFICULTY["medium"]) not in buck.values()
    assert "diagonal:" not in _text("01_find_words.ipynb") and "switches" not in _text("01_find_words.ipynb")
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "two switches instead" not in text and "## Difficulty" not in text and "DIFFICULTY.items()" not in text
    assert "with all eight directions: the *hard* level of notebook 1's `DIFFICULTY`" in text
    assert "for level, directions in DIFFICULTY.items():" in _text("01_find_words.ipynb")


def test_02_calls_only_place_words_complete_and_says_the_traces_shape():
    """Review 30-X: 'complete: places every word whenever that can be done' held for place_words only (the library's
    placer also turns down placements whose words, or every fill, spell a word twice). The tight-grid cell is a plain
    loop, no closure bound by a default argument, its trace taking the two arguments the text says."""
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert (
        "`place_words` tries every placement of every word, so it is a complete search: given time it places every "
        "word whenever that can be done. It checks a word only when that word's turn comes" in text
    )
    # review 30-AL: whether the give-ups come from the search or from the library's extra checks is said from the run
    assert "The give-ups come from the search itself, the one `place_words` makes." in text
    assert "so it may pass over one that exists" not in text
    assert "The placer's stack does try every placement" not in text
    # review 30-Z: the trace's shape is said in the code's comment, not in the experiment's paragraph
    assert "tries left are a third" not in text
    # review 30-AD: the bookkeeping sits in a helper, the cell is the call, one line of totals and the picture
    cell = _cell("02_backtracking_generator.ipynb", "tight = [")
    assert "lesson.taken_back_runs(tight, seeds=range(10), max_steps=30_000)" in cell
    assert "lambda" not in cell and "    def " not in cell and "try:" not in cell and "gave up" not in cell
    assert "def note(kind: str, what: Any" in _source(l02.taken_back_runs)


def _source(fn) -> str:
    import inspect

    return inspect.getsource(fn)


def _outputs(name: str, start: str) -> str:
    """The printed text of the first code cell of notebook ``name`` whose source starts with ``start``."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith(start))
    return "".join(o.get("text", "") for o in cell.outputs)


@pytest.mark.slow
def test_02_the_runs_behind_where_it_struggles():
    """Review 30-AD: the taken-back helper is the loop the notebook ran (seed 3 gives up within 30,000 tries).
    Review 30-AJ: the MRV contrast (budgets in two units, ten seeds, a null result) is cut to a pointer to notebook
    3; the prose says how many seeds give up (printed) and why seed 3 is followed: of those, it is the one the
    placer finishes soonest with no budget (every other one is still unfinished after seed 3's tries)."""
    tight = ["FERMAT", "RABBIT", "PANDA", "WOMBAT", "EAGLE", "HYPATIA", "MOOSE", "SHARK", "LLAMA"]
    runs = l02.taken_back_runs(tight, seeds=[2, 3], max_steps=30_000)
    assert [outcome for *_, outcome in runs] == ["done after 1,016 tries", "gave up"]
    assert runs[1][1]["MOOSE"] == 164 and not runs[1][1]["PANDA"]
    steps: list = []
    done = backtracking_puzzle(7, 7, tight, seed=3, difficulty="easy", max_steps=None,
                               trace=lambda kind, what: steps.append(kind))  # fmt: skip
    put = steps.count("place")
    assert f"{put:,} in all" in _outputs("02_backtracking_generator.ipynb", "steps = []")
    gave_up = [s for s, (*_, outcome) in enumerate(l02.taken_back_runs(tight, range(10))) if outcome == "gave up"]
    printed = _outputs("02_backtracking_generator.ipynb", "tight = [")
    assert printed.startswith(f"{len(gave_up)} of the ten seeds give up: seeds {gave_up}\n") and 3 in gave_up
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert len(gave_up) == 7 and "Seven of the ten seeds give up, as the cell prints." in text
    # review 30-AL: "finishes soonest" is printed by the cell after seed 3's run: the others give up within its tries
    assert "We follow one of them, seed 3." in text
    assert "it is the one the placer finishes soonest when it runs" not in text
    assert "Of the seven, seed 3 is the one the placer finishes soonest. Given seed 3's tries as a budget" in text
    soonest = _outputs("02_backtracking_generator.ipynb", "budget = done.stats")
    lines = soonest.splitlines()
    assert len(lines) == len(gave_up) - 1 == 6
    for seed, line in zip([s for s in gave_up if s != 3], lines):
        with pytest.raises(PuzzleError) as err:
            backtracking_puzzle(7, 7, tight, seed=seed, difficulty="easy", max_steps=done.stats["tries"])
        assert line == f"seed {seed}: {err.value}" and f"gave up after {done.stats['tries']:,} tries" in line
    # the MRV comparison is gone, with its helpers; the pointer to notebook 3 says what the placer does not do
    assert not hasattr(l02, "words_put") and not hasattr(l02, "mrv_finishes")
    assert "ten seeds show no more than that" not in text and "node_limit" not in text
    assert "never asks which word has the fewest places left" in text
    assert "What runs short here is room" not in text  # no cause the page does not show
    assert "whether or not it is to blame. Once" not in text and "the one to blame" not in text
    clash = _outputs("02_backtracking_generator.ipynb", "def first_clash(")
    assert clash.endswith("10 boxes for 12 lines: (0,1) and (5,0) are the first clash on two lines each\n")


@pytest.mark.slow
def test_02_exercise_1_names_an_endless_loop_on_a_small_grid(capsys):
    """Review 30-AD: an endless loop was told, for n = 7, that a loop over the cells cannot finish on a grid of that
    size; at n = 7 it is told its loop never ends, and the big-grid message is kept for n = 3,000."""
    for endless in (lambda n: [0 for _ in iter(int, 1)], lambda n: len([n for _ in iter(lambda: n, None)])):
        out = _refused(capsys, lambda e=endless: _on_grid_check(e), seconds=solutions.BUDGET + 2.5)
        assert "for n = 7 it ran for" in out and s02.ENDLESS_LOOP in out and s02.TOO_BIG_TO_LOOP not in out


@pytest.mark.slow
def test_01_the_player_shows_a_still_picture_where_no_widget_can_be_drawn():
    """Review 30-M: with no widget state saved, GitHub, nbviewer and nbconvert's HTML showed the player as the repr
    `VBox(children=...)`. Its output now carries a still picture of the puzzle (no answers) and a line of text beside
    the widget; nbconvert's page shows the picture, and the cell after the player does not draw it a second time."""
    from nbconvert import HTMLExporter

    nb = nbformat.read(NOTEBOOKS / "01_find_words.ipynb", as_version=4)
    player = next(k for k, c in enumerate(nb.cells) if c.source.startswith("puzzle = FindPuzzle("))
    (out,) = nb.cells[player].outputs
    assert {"application/vnd.jupyter.widget-view+json", "image/png", "text/plain"} <= set(out["data"])
    assert out["data"]["text/plain"] == (
        "FindPuzzle: puzzle 1, 6 x 6, find ABEL CANTOR EULER GAUSS; run the cell to play"
    )
    assert "widgets" not in nb.metadata  # no widget state: the page must do without it
    body, _ = HTMLExporter().from_notebook_node(nb)
    assert "VBox(" not in body and out["data"]["image/png"][:200] in body
    after = next(c for c in nb.cells[player + 1 :] if c.cell_type == "code")
    assert "grid_figure(" not in after.source and not any("image/png" in o.get("data", {}) for o in after.outputs)
    text = _flat(_text("01_find_words.ipynb"))
    assert "the cell shows the puzzle as a still picture instead" in text
    # review 30-X: the colour rule is the picture's business (tests/test_colours.py measures it), not the reader's
    assert "colours that look far apart" not in text


def test_01_warns_that_a_negative_index_wraps_round_in_python():
    """Review 30-AL: exercise 2's hidden case (["AB", "BA"], "ABAB") catches a scan without `0 <=`; the page says
    before it that grid[-1] is the last row, not an IndexError, so the bounds test must refuse negative indices."""
    text = _flat(_text("01_find_words.ipynb"))
    assert "`grid[-1]` is the last row, so the bounds test must refuse a negative row or" in text


def test_01_says_when_a_palindrome_is_reported_twice_and_a_letter_eight_times():
    """Review 30-M: "reports it twice" held only where both opposite directions are asked for, and a one-letter
    word (exercise 3's hidden cases) is reported once a direction. The prose says both, the cell beside prints them."""
    text, printed = _flat(_text("01_find_words.ipynb")), _printed("01_find_words.ipynb")
    assert (
        "When a direction and its opposite are both asked for, as east and west are by default, the finder reports it "
        "twice **on the same cells**" in text
    )
    assert len(find_words(GRID, ["ANNA"]).found) == 2
    assert (
        len(find_words(GRID, ["ANNA"], DIFFICULTY["easy"]).found)
        == 1
        == len(find_words(GRID, ["ANNA"], DIFFICULTY["medium"]).found)
    )
    assert "Asked for east and south only (the *easy* level below), it reports ANNA once." in text
    assert "asked for E and S only: ANNA at (4,0) E\n" in printed
    o_found = find_words(GRID, ["O"]).found
    assert len(o_found) == 8 and {p.cells for p in o_found} == {((0, 4),)}
    assert "O: 8 placements, reading E W S N SE SW NE NW, on 1 set of cells: ((0, 4),)" in printed
    assert "the finder reports it once for each direction asked for, each time on its one cell" in text
    assert "faster" not in text  # review 30-M: nothing printed supported "faster on big grids"


def test_01_draws_letters_read_dashed_and_anna_s_cells_once():
    """Review 30-T: EESR, no word, was drawn like a word found, and ANNA's second reading took a paragraph to
    describe (a thin line said to lie inside the first stroke, drawn on its edge and past it). The readings are
    drawn as readings (a dashed outline), and the answer key marks ANNA's cells once, as the text says."""
    text = _flat(_text("01_find_words.ipynb"))
    assert "A dashed grey outline marks the letters read" in text
    key_cell = _cell("01_find_words.ipynb", "# ANNA read east only")  # review 30-X: said beside the code
    assert 'find_words(grid, ["ANNA"], ["E"])' in key_cell and "so the cell asks for ANNA" not in text
    # review 30-AH asked for ANNA's two readings drawn once, alone: the thin line is now described where it is drawn,
    # under the letters (test_picture_grids checks where the library draws it); the key below still marks ANNA once
    assert "inside the first one's stroke" not in text
    assert "the west reading is the thin line under the same letters" in text
    assert "readings=[corner]" in _cell("01_find_words.ipynb", "starts = sorted(")
    cell = key_cell
    assert "enumerate(" not in cell and "set(" not in cell  # no count of distinct cells: exercise 3 asks for it
    names: dict = {"find_words": find_words, "grid_figure": lambda grid, placements, **_: placements, "grid": GRID}
    exec(cell, names)
    drawn = [str(p) for p in names["marked"]]
    assert drawn == ["ABEL at (3,0) E", "ABEL at (5,4) W", "CANTOR at (0,0) E", "EULER at (2,0) E",
                     "GAUSS at (1,0) E", "ANNA at (4,0) E"]  # fmt: skip


# ---- 02 ------------------------------------------------------------------------------------------------------

TIGHT = ["FERMAT", "RABBIT", "PANDA", "WOMBAT", "EAGLE", "HYPATIA", "MOOSE", "SHARK", "LLAMA"]


def _place_words():
    """The notebook's placer, defined by its own cell."""
    names: dict = {}
    exec(_cell("02_backtracking_generator.ipynb", "def place_words("), names_setup(names))
    return names["place_words"]


def names_setup(names: dict) -> dict:
    """What the placer's cell needs from the notebook's setup cell."""
    names.update(random=random, PuzzleError=PuzzleError, Placement=Placement, placements=placements)
    return names


def _events(placer, *args, **kwargs) -> tuple[list, object]:
    """The steps a placer's trace hears (kind and what, without the notebook's tries left) and what it returns."""
    heard: list = []
    try:
        result = placer(*args, trace=lambda kind, what, *_: heard.append((kind, what)), **kwargs)
    except PuzzleError as err:
        result = err
    return heard, result


@pytest.mark.slow
def test_02_the_placer_shown_is_the_librarys_loop():
    """place_words, as the notebook writes it, hears the same steps as the library's backtracking_puzzle with the same
    seed and returns the library's placements: on the notebook's three examples (six words, the four names, the tight
    grid with seed 3) and on random small cases. The library adds one thing on the way, the second-copy check: a
    case where the placed words spell one of them twice is the only place they part."""
    place_words = _place_words()
    examples = [
        (7, 7, ["MAZES", "WORD", "SEARCH", "PUZZLE", "GAMES", "PROGRAM"], "hard", 2015),
        (6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], "easy", 9),
        (7, 7, TIGHT, "easy", 3),
    ]
    rng = random.Random(4)
    for _ in range(60):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        words = list(dict.fromkeys("".join(rng.choice("ABCDEFGH") for _ in range(rng.randint(2, 4))) for _ in range(4)))
        words = [w for w in words if len(w) <= max(rows, cols)] or ["AB"]
        examples.append((rows, cols, words, rng.choice(list(DIFFICULTY)), rng.randrange(100)))
    parted = 0
    for rows, cols, words, level, seed in examples:
        mine, placed = _events(place_words, rows, cols, words, DIFFICULTY[level], seed=seed)
        theirs, puzzle = _events(backtracking_puzzle, rows, cols, words, seed=seed, difficulty=level, max_steps=10**6)
        if mine == theirs:
            assert tuple(placed) == puzzle.placements if isinstance(placed, list) else isinstance(puzzle, PuzzleError)
        else:  # every word placed, but the words spell one of them twice: the library takes the last one back
            assert theirs[: len(mine)] == mine and theirs[len(mine)] == ("remove", mine[-1][1]), (words, level, seed)
            parted += 1
    assert parted < len(examples) // 4


class _Enough(Exception):
    """Stops the notebook's placer, which has no budget, once it has taken as many steps as the library did."""


@pytest.mark.slow
def test_02_the_give_ups_come_from_the_search_place_words_makes_not_from_the_extra_checks():
    """Review 30-AL: "The give-ups come from the search itself, the one `place_words` makes." On each of the ten
    seeds, the library's placer with its budget of 30,000 tries hears the very steps place_words takes first: its
    extra checks, which take the last word back, never acted (LLAMA is never taken back)."""
    place_words = _place_words()
    for seed in range(10):
        theirs, _ = _events(backtracking_puzzle, 7, 7, TIGHT, seed=seed, difficulty="easy", max_steps=30_000)
        mine: list = []
        wanted = len(theirs)

        def hear(kind, what, *_, mine=mine, wanted=wanted):
            mine.append((kind, what))
            if len(mine) == wanted:
                raise _Enough

        with contextlib.suppress(_Enough):
            place_words(7, 7, TIGHT, DIFFICULTY["easy"], seed=seed, trace=hear)
        assert mine == theirs, seed
        assert not any(kind == "remove" and what.word == TIGHT[-1] for kind, what in theirs)


@pytest.mark.slow
def test_02_the_tight_grid_table_and_seed_3_are_what_the_library_and_the_placer_give():
    """The struggle section's picture (each word's backtracks for ten seeds, 30,000 tries each; no table printed
    beside it, review 30-I) is the library's; its first three words and its last are never taken back, and the
    numbers the prose quotes for seed 3 are the ones printed."""
    printed = _printed("02_backtracking_generator.ipynb")
    assert "max_steps=30_000" in _cell("02_backtracking_generator.ipynb", "tight = [")
    placed_all, totals, llama_placed = 0, dict.fromkeys(TIGHT, 0), []
    for seed in range(10):
        taken_back: dict = {}

        def count(kind, what, taken_back=taken_back, seed=seed):
            if kind == "remove":
                taken_back[what.word] = taken_back.get(what.word, 0) + 1
            if kind == "place" and what.word == "LLAMA":
                llama_placed.append(seed)

        try:
            backtracking_puzzle(7, 7, TIGHT, seed=seed, difficulty="easy", max_steps=30_000, trace=count)
            placed_all += 1
            assert llama_placed.count(seed) == 1  # "LLAMA's first placement finished the puzzle"
        except PuzzleError:
            assert seed not in llama_placed  # "where a seed gave up, LLAMA was never placed at all"
        assert not any(taken_back.get(word) for word in (*TIGHT[:3], TIGHT[-1]))  # the white columns
        totals = {word: totals[word] + taken_back.get(word, 0) for word in TIGHT}
    most = sorted(totals.items(), key=lambda item: -item[1])[:2]
    assert "taken back most often over the ten seeds: " + ", ".join(f"{w} {n:,} times" for w, n in most) in printed
    assert placed_all == 3 and "seeds placed every word" not in printed  # review 30-AD: the picture says it
    runs = l02.taken_back_runs(TIGHT, seeds=range(10), max_steps=30_000)  # the helper the cell calls
    assert sum(outcome != "gave up" for *_, outcome in runs) == placed_all
    assert all(dict(taken_back) == {w: n for w, n in taken_back.items() if n} for _, taken_back, _ in runs)
    assert "taken back:" not in printed  # the table is drawn once, as the picture
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "Seed 3 gives up." not in text
    # review 30-AL: the extra checks take LLAMA back when they turn a grid down; the cell prints that it never was.
    # Review 30-AN: said in two sentences, no longer a defence of the white column
    assert totals["LLAMA"] == 0 and "LLAMA, the last word, is taken back 0 times\n" in printed
    assert (
        "LLAMA's column is white too: LLAMA is the last word, so a backtrack never moves it, and the cell prints that "
        "the library's extra checks (fine print) never took it back either. The give-ups come from the search itself, "
        "the one `place_words` makes." in text
    )
    assert "If they turn the grid down" not in text and "LLAMA's first placement finished" not in text
    title = "times each word was taken back: 7 × 7, easy, budget 30,000 tries, ten seeds"  # the settings in the title
    assert f'title="{title}"' in _cell("02_backtracking_generator.ipynb", "tight = [")
    heard, _ = _events(_place_words(), 7, 7, TIGHT, DIFFICULTY["easy"], seed=3)
    moved = next(k for k, (kind, what) in enumerate(heard) if kind == "remove" and what.word in TIGHT[:3])
    before = sum(kind == "place" for kind, _ in heard[:moved])
    after = sum(kind == "place" for kind, _ in heard[moved:])
    assert f"PANDA is first taken back after {before:,} words put on the grid;" in printed
    assert f"every word is placed after {after:,} more" in printed
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert f"The placer put {before:,} words on the grid to find that out" in text
    assert f"once PANDA moved, {after:,} more finished the puzzle" in text
    # the cell runs the library's placer once, with no budget (max_steps=None, review 30-T: it passed 10**6 and
    # called that "no budget"); it makes the very same steps as place_words, and its tries are the budget's unit
    cell = _cell("02_backtracking_generator.ipynb", "steps = []")
    assert "max_steps=None" in cell and "place_words(" not in cell and cell.count("backtracking_puzzle(") == 1
    theirs, done = _events(backtracking_puzzle, 7, 7, TIGHT, seed=3, difficulty="easy", max_steps=None)
    assert theirs == heard and sum(kind == "place" for kind, _ in theirs) == before + after
    tries = done.stats["tries"]
    assert f"every word is placed after {after:,} more, {before + after:,} in all, in {tries:,} tries" in printed
    assert "the library's placer:" not in printed and "with no budget (`max_steps=None`)" in text
    assert f"the whole run took {tries:,} tries, nearly four budgets of 30,000." in text and 3.5 < tries / 30_000 < 4
    # "could not be finished": before PANDA moved, no step ever got all nine words down (LLAMA never placed)
    assert not any(kind == "place" and what.word == TIGHT[-1] for kind, what in heard[:moved])


def test_02_the_stack_at_the_stuck_moment_is_the_one_printed_and_drawn():
    printed = _printed("02_backtracking_generator.ipynb")
    heard: list = []
    _place_words()(6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], DIFFICULTY["easy"], seed=9,
                   trace=lambda kind, what, left: heard.append((kind, str(what), left)))  # fmt: skip
    for kind, what, left in heard:
        assert f"{kind:>6} {what:<18} tries left: {left}" in printed
    stuck = next(left for kind, _, left in heard if kind == "stuck")
    assert stuck[-1] == 0 and len(stuck) == 4
    assert stuck[-2:] == [61, 0] and heard[0][2][-1] == 72  # a new frame: 72 tries (36 cells, 2 directions)
    assert "12 of CANTOR's tries keep it on the grid; each meets another letter:" in printed
    after = [left for kind, _, left in heard if kind == "place"][-1]  # the stack the second picture draws
    assert after == [70, 68, 60, 55] and f"place CANTOR at (0,5) S  tries left: {after}" in printed
    # review 30-AN: placing a word pushes the next word's frame, placing the last pushes none (steps 1, 2, 3, 6, 7)
    assert [len(left) for kind, _, left in heard if kind == "place"] == [2, 3, 4, 4, 4]
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "Each time a word other than the last is placed, a frame for the next word goes on top" in text


def _on_grid_check(candidate):
    """Exercise 1's check cell, run as the notebook runs it."""
    cell = _cell("02_backtracking_generator.ipynb", "solution.check_on_grid(")
    assert cell == "solution.check_on_grid(mazes_on_grid)"  # nothing a learner could paste as the answer
    return eval(cell, {"solution": s02, "mazes_on_grid": candidate})


WRONG_ON_GRID = {  # the formulas a learner writes for MAZES on an n x n grid, all eight directions
    "every try": lambda n: 8 * n * n,
    "the straight directions only": lambda n: 4 * n * (n - 4),
    "the diagonals counted like rows": lambda n: 8 * n * (n - 4),
    "the diagonals only": lambda n: 4 * (n - 4) ** 2,
    "medium's four directions": lambda n: 2 * n * (n - 4) + 2 * (n - 4) ** 2,
    "one past the edge": lambda n: 4 * n * (n - 3) + 4 * (n - 3) ** 2,
    "one short of the edge": lambda n: 4 * n * (n - 5) + 4 * (n - 5) ** 2,
    "the 7 x 7 count, whatever n": lambda n: 120,
    "True for a number": lambda n: True,
}


@pytest.mark.parametrize("mistake", sorted(WRONG_ON_GRID))
def test_02_exercise_1_refuses_the_formulas_a_learner_writes(capsys, mistake):
    out = _refused(capsys, lambda: _on_grid_check(WRONG_ON_GRID[mistake]))
    assert s02.ON_GRID_HINT in out and "placements(" not in out
    assert not re.search(r"gives 120\b", out) or mistake == "the 7 x 7 count, whatever n"  # the learner's own only


@pytest.mark.slow
def test_02_exercise_1_refuses_copying_the_library_count_a_loop_over_the_cells_and_a_number(capsys):
    """Review 30-M: the exercise asked for the 7 x 7 count, which the line `len(placements("CANTOR", 6, 6, ...))`
    shown above it gave when copied. Now it asks for a formula in n: the library's placements (by name, through
    the module, through placement_count) is refused while the learner's function runs, and a loop over the cells,
    right on every size, cannot finish on the largest hidden one within the budget."""
    import wordcover.word_search as ws

    def copied_line(n):
        return len(placements("MAZES", n, n, DIFFICULTY["hard"]))

    def through_the_module(n):
        return len(getattr(ws, "place" + "ments")("MAZES", n, n, list(DIRECTIONS)))

    def by_the_formula_function(n):
        return ws.placement_count(5, n, n, list(DIRECTIONS))

    for borrowed in (copied_line, through_the_module, by_the_formula_function):
        assert "calls the very function it is meant to be" in _refused(capsys, lambda b=borrowed: _on_grid_check(b))

    def every_cell(n):  # right for every n: the placer's own count, one try at a time
        return sum(
            0 <= r + dr * 4 < n and 0 <= c + dc * 4 < n for r in range(n) for c in range(n) for dr, dc in s02.STEPS
        )

    assert all(every_cell(n) == s02.mazes_on_grid(n) for n in (5, 7, 9))
    out = _refused(capsys, lambda: _on_grid_check(every_cell), seconds=solutions.BUDGET + 2.5)
    assert "without finishing" in out and s02.TOO_BIG_TO_LOOP in out and "n = 3,000" in out
    assert "A function of n is wanted" in _refused(capsys, lambda: _on_grid_check(120))
    assert "write your own" in _refused(capsys, lambda: _on_grid_check(s02.mazes_on_grid))
    assert "write your own" in _refused(capsys, lambda: _on_grid_check(s02.on_grid_tries))
    assert len(placements("MAZES", 7, 7, list(DIRECTIONS))) == 120  # the library is whole again after the check


def test_02_exercise_1_accepts_formulas_written_several_ways(capsys, learners_copy):
    def by_direction(n):
        room = n - 4  # where a five-letter word can start along its line
        return 4 * n * room + 4 * room * room

    def by_rows(n):  # a loop over the rows only, which finishes on every size
        return sum(8 * (n - 4) for _ in range(n)) // 2 + 4 * (n - 4) ** 2

    for right in (by_direction, lambda n: 8 * (n - 4) * (n - 2), by_rows, learners_copy(s02.mazes_on_grid)):
        out = _accepted(capsys, lambda right=right: _on_grid_check(right))
        assert s02.ON_GRID_THEN in out and "sizes not shown" in out
    assert s02.mazes_on_grid(7) == 120 == len(placements("MAZES", 7, 7, DIFFICULTY["hard"]))
    assert all(s02.mazes_on_grid(n) == s02.on_grid_tries("MAZES", n, n, list(DIRECTIONS)) for n in range(5, 14))
    assert not _on_grid_check(None) and capsys.readouterr().out.startswith("Not answered yet")

    def stub(n):
        raise NotImplementedError

    assert not _on_grid_check(stub) and capsys.readouterr().out.startswith("Not answered yet")


def test_02_the_first_picture_is_the_stack_drawn_from_the_steps_printed_above_it():
    """Review 30-O: the placer's code came before any picture of a frame. Now one cell prints the library placer's
    steps, numbered, with the tries left in each frame (backtracking_puzzle's tries_left), and the picture before
    the code is the stack at step 4 beside its grid, drawn from those steps; the placer written later is shown to
    make the same steps with the same tries left."""
    printed, text = _printed("02_backtracking_generator.ipynb"), _flat(_text("02_backtracking_generator.ipynb"))
    run: list = []
    backtracking_puzzle(6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], seed=9, difficulty="easy", tries_left=True,
                        trace=lambda *step: run.append(step))  # fmt: skip
    for number, (kind, what, left) in enumerate(run, 1):
        assert f"step {number}: {kind:>6} {what!s:<18} tries left: {left}\n" in printed
    kinds = [kind for kind, *_ in run]
    assert kinds == ["place", "place", "place", "stuck", "remove", "place", "place"]
    assert run[4][1] == run[2][1] and run[3][1] == "CANTOR" and run[5][1].word == "EULER"  # EULER moved, step 6
    assert run[0][2][-1] == 72 and run[4][2][-1] == 61 and run[5][2][-2] == 60  # the numbers the text quotes
    assert "with all 72 of its tries (36 cells, two directions)" in text
    assert "EULER's frame goes on with the 61 tries it still had; its next try fits (step 6, 60 left)" in text
    nb = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4)
    placer = next(k for k, c in enumerate(nb.cells) if c.source.startswith("def place_words("))
    (picture,) = [c for c in nb.cells[:placer] if c.cell_type == "code" and "stack_figure(" in c.source]
    # review 30-AF: the picture comes before the printout it explains; the run is made in the picture's cell
    assert picture.source.endswith(
        'placer_stack_figure(library_run, 4, names, 6, 6, title="step 4: CANTOR stuck")  # the stack after step 4'
    )
    assert "zip(" not in picture.source and "colours" not in picture.source  # one call, no picture plumbing
    listed = next(k for k, c in enumerate(nb.cells) if c.source.startswith("for number, (kind, what, left) in"))
    assert nb.cells.index(picture) < listed < placer
    assert any("image/png" in o.get("data", {}) for o in picture.outputs)
    assert "The picture shows the stack at step 4 beside the grid" in text
    assert "7 of them are the library's step" not in printed  # review 30-T: a regression count, not a lesson
    assert "same steps: True" not in printed  # no boolean dressed as a sentence
    # review 30-AF: the check folded into a sentence; test_02_the_placer_shown_is_the_librarys_loop asserts it
    assert ": True" not in printed and "moments == library_run" not in _text("02_backtracking_generator.ipynb")
    assert "which takes the very same steps as the library's placer, tries left\nincluded." in _text(
        "02_backtracking_generator.ipynb"
    )
    clash = _cell("02_backtracking_generator.ipynb", "def first_clash(")
    assert "stack_figure(" not in clash and "grid_figure(" in clash  # the stack is drawn once at step 4


def test_02_exercise_1_asks_for_a_number_the_notebook_does_not_print():
    assert not re.search(r"\b120\b", _printed("02_backtracking_generator.ipynb"))
    assert not re.search(r"\b120\b", _text("02_backtracking_generator.ipynb"))
    assert "120" not in s02.ON_GRID_HINT


def _fits_check(candidate):
    """The notebook's check cell, run as the notebook runs it: its first line sets ``cells``, the rest checks."""
    setup, check_call = _cell("02_backtracking_generator.ipynb", "cells = {(0, 0)").split("\n", 1)
    names = {"solution": s02, "fits": candidate}
    exec(setup, names)
    return eval(check_call, names)


def _fits_like(first=0, inside=lambda rr, cc, rows, cols: 0 <= rr < rows and 0 <= cc < cols, false=False):
    """A learner's fits with one mistake."""

    def fits(cells, word, r, c, step, rows, cols):
        dr, dc = step
        for k in range(first, len(word)):
            rr, cc = r + dr * k, c + dc * k
            if not inside(rr, cc, rows, cols):
                return false
            if cells.get((rr, cc), word[k]) != word[k]:
                return false
        return True

    return fits


WRONG_FITS = {
    "the first letter never checked": _fits_like(first=1),
    "rows and columns swapped": _fits_like(inside=lambda rr, cc, rows, cols: 0 <= rr < cols and 0 <= cc < rows),
    "off by one, past the edge": _fits_like(inside=lambda rr, cc, rows, cols: 0 <= rr <= rows and 0 <= cc <= cols),
    "off by one, short of the edge": _fits_like(
        inside=lambda rr, cc, rows, cols: 0 <= rr < rows - 1 and 0 <= cc < cols
    ),
    "no lower bound": _fits_like(inside=lambda rr, cc, rows, cols: rr < rows and cc < cols),
    "None for no": _fits_like(false=None),
}


@pytest.mark.parametrize("mistake", sorted(WRONG_FITS))
def test_02_exercise_2_refuses_a_fits_with_a_mistake(capsys, mistake):
    assert s02.FITS_HINT in _refused(capsys, lambda: _fits_check(WRONG_FITS[mistake]))


@pytest.mark.slow
def test_02_exercise_2_refuses_a_loop_that_never_ends_and_the_reference(capsys):
    def endless(cells, word, r, c, step, rows, cols):
        k = 0
        while k < len(word):  # forgets k += 1
            if cells.get((r + step[0] * k, c + step[1] * k), word[k]) != word[k]:
                return False
        return True

    assert "without finishing" in _refused(capsys, lambda: _fits_check(endless), seconds=solutions.BUDGET + 1.5)
    assert "write your own" in _refused(capsys, lambda: _fits_check(s02.fits))

    def wrapped(*args):  # a one-line wrapper around the answer
        return s02.fits(*args)

    saved = s02.fits  # the answer saved in a variable first

    def through_saved(cells, word, r, c, step, rows, cols):
        return saved(cells, word, r, c, step, rows, cols)

    names = {step: name for name, step in DIRECTIONS.items()}

    def bounds_by_the_library(cells, word, r, c, step, rows, cols):  # placements does the bounds
        inside = Placement(word, r, c, names[step]) in placements(word, rows, cols, list(DIRECTIONS))
        return inside and all(cells.get((r + step[0] * k, c + step[1] * k), x) == x for k, x in enumerate(word))

    def bounds_by_the_library_unnamed(cells, word, r, c, step, rows, cols):  # the same, placements never named
        listed = getattr(__import__("wordcover.word_search").word_search, "place" + "ments")
        inside = Placement(word, r, c, names[step]) in listed(word, rows, cols, list(DIRECTIONS))
        return inside and all(cells.get((r + step[0] * k, c + step[1] * k), x) == x for k, x in enumerate(word))

    def bounds_by_the_generators_spots(cells, word, r, c, step, rows, cols):  # review 30-M: passed every case
        inside = (r, c, names[step]) in _starts_by_spots(word, rows, cols)
        return inside and all(cells.get((r + step[0] * k, c + step[1] * k), x) == x for k, x in enumerate(word))

    assert bounds_by_the_generators_spots({}, "AB", 0, 0, (0, 1), 2, 3) is True  # right on its own
    for borrowed in (wrapped, through_saved, bounds_by_the_library_unnamed, bounds_by_the_generators_spots):
        out = _refused(capsys, lambda borrowed=borrowed: _fits_check(borrowed))
        assert "calls the very function it is meant to be" in out, borrowed.__name__
    out = _refused(capsys, lambda: _fits_check(bounds_by_the_library))  # the placer's own way, adapted: refused
    assert "asks the library's placements" in out
    assert len(placements("AB", 2, 3, ["E"])) == 4  # the library is whole again after the check


def _fits_writing(cells, word, r, c, step, rows, cols):
    """A learner's fits that reads each cell with setdefault: right every time, and writes every letter it tests."""
    dr, dc = step
    for k, letter in enumerate(word):
        rr, cc = r + dr * k, c + dc * k
        if not (0 <= rr < rows and 0 <= cc < cols) or cells.setdefault((rr, cc), letter) != letter:
            return False
    return True


def _fits_writing_when_it_fits(cells, word, r, c, step, rows, cols):
    """A learner's fits that places the word itself once it fits (the placer's job, not the test's)."""
    dr, dc = step
    spots = [(r + dr * k, c + dc * k) for k in range(len(word))]
    if not all(0 <= rr < rows and 0 <= cc < cols for rr, cc in spots):
        return False
    if any(cells.get(spot, letter) != letter for spot, letter in zip(spots, word)):
        return False
    cells.update(zip(spots, word))
    return True


@pytest.mark.parametrize("writer", [_fits_writing, _fits_writing_when_it_fits], ids=lambda f: f.__name__)
def test_02_exercise_2_refuses_a_fits_that_writes_into_cells(capsys, writer):
    case = ({}, "AB", 0, 0, (0, 1), 1, 2)
    assert writer(*case) is True and s02.fits(*case) is True  # each answer is right on its own
    out = _refused(capsys, lambda: _fits_check(writer))
    assert "changed `cells`" in out and s02.LOOK_ONLY_HINT in out


def test_02_exercise_2_accepts_fits_written_two_ways(capsys, learners_copy):
    def only_the_far_end(cells, word, r, c, step, rows, cols):  # the start is inside, so the far end decides
        dr, dc = step
        last = len(word) - 1
        if not (0 <= r + dr * last < rows and 0 <= c + dc * last < cols):
            return False
        return all(cells.get((r + dr * k, c + dc * k)) in (None, letter) for k, letter in enumerate(word))

    assert s02.check_fits(learners_copy(s02.fits), [({}, "AB", 0, 0, (0, 1), 2, 3)])  # called as the cell calls it
    capsys.readouterr()
    for right in (_fits_like(), only_the_far_end, learners_copy(s02.fits)):
        assert "not shown" in _accepted(capsys, lambda right=right: _fits_check(right))


def test_02_exercise_2_its_cases_are_not_all_square_and_the_hidden_ones_catch_a_swap():
    cell = _cell("02_backtracking_generator.ipynb", "cells = {(0, 0)")
    shown = re.findall(r", (\d), (\d)\),", cell)
    assert shown and all(rows != cols for rows, cols in shown)
    hidden = s02.hidden_fits_cases()
    assert hidden == s02.hidden_fits_cases() and len(hidden) > 300
    assert sum(rows != cols for *_, rows, cols in hidden) > 100
    assert any(not s02.fits(*case) for case in hidden) and any(s02.fits(*case) for case in hidden)
    wrong = WRONG_FITS["rows and columns swapped"]
    assert sum(wrong(*case) != s02.fits(*case) for case in hidden) >= 5


def test_02_a_backtrack_takes_back_the_word_placed_last_and_the_order_never_changes():
    """What the notebook says of a backtrack, watched in the placer's trace on the tight grid: a stuck word is the one
    after the last placed, a pop removes the word placed last, and the words are placed in the list's order."""
    for seed in (1, 3, 4):
        placed, events = [], []

        def watch(kind, what, placed=placed, events=events):
            events.append(kind)
            if kind == "place":
                assert what.word == TIGHT[len(placed)]  # the list's order, always
                placed.append(what)
            elif kind == "stuck":
                assert what == TIGHT[len(placed)]
            elif kind == "remove":
                assert what == placed.pop()  # the word placed last, never one further back

        with contextlib.suppress(PuzzleError):  # these seeds give up within the budget
            backtracking_puzzle(7, 7, TIGHT, seed=seed, difficulty="easy", max_steps=20_000, trace=watch)
        assert events.count("stuck") > 10 and events.count("remove") > 10


def _tries_check(answer):
    """Exercise 3's check cell, run as the notebook runs it."""
    cell = _cell("02_backtracking_generator.ipynb", "solution.check_tries_to_fail(")
    assert cell == "solution.check_tries_to_fail(tries_until_empty)"  # nothing in it computes the answer
    return eval(cell, {"solution": s02, "tries_until_empty": answer})


def _endless():
    while True:
        pass


WRONG_TRIES = {  # what a learner writes for the tries on 2 x 2, medium, AB CD EF: 13 frames of 16 tries
    "the easy case's count (9 frames of 8)": 72,
    "one frame": 16,
    "a frame a word": 48,
    "the frames, not the tries": 13,
    "only the tries that stay on the grid": 13 * 6,
    "easy's two directions a frame": 13 * 8,
    "no frame for EF": 7 * 16,
    "AB's first frame forgotten": 12 * 16,
    "the diagonals taken to share a cell (no CD under a diagonal AB)": (1 + 6 + 4) * 16,
    "CD on two lines under each AB": (1 + 6 + 12) * 16,
    "one short": 207,
    "one over": 209,
    "True for a number": True,
    "the number as a string": "208",
    "a function that never ends": _endless,
}


@pytest.mark.parametrize("mistake", sorted(WRONG_TRIES))
def test_02_exercise_3_refuses_the_counts_a_learner_writes(capsys, mistake):
    out = _refused(capsys, lambda: _tries_check(WRONG_TRIES[mistake]), seconds=1.0)
    assert "208" not in out.replace("'208'", "")  # the expected count is never said, only the learner's string
    if isinstance(WRONG_TRIES[mistake], int) and not isinstance(WRONG_TRIES[mistake], bool):
        assert s02.TRIES_HINT in out
    else:
        assert "A number is wanted here" in out


def test_02_exercise_3_accepts_the_count_and_it_is_what_both_placers_make(capsys):
    """208 is accepted (as an int or a float); it is what the notebook's place_words and the library's placer make
    on the stated case for every seed tried: the library gives up within 207 tries and empties its stack in 208,
    and place_words pops 13 frames, each emptied. The 2 x 2 easy case printed above the exercise takes 72, which is
    refused: the exercise asks for a number the notebook does not print."""
    out = _accepted(capsys, lambda: _tries_check(208))
    assert s02.TRIES_THEN in out
    _accepted(capsys, lambda: _tries_check(208.0))
    assert not _tries_check(None) and capsys.readouterr().out.startswith("Not answered yet")
    words, medium = ["AB", "CD", "EF"], DIFFICULTY["medium"]
    assert (2, 2, tuple(words), tuple(medium)) == s02.STUCK_CASE and s02.tries_to_fail() == 208
    assert s02.tries_to_fail(directions=DIFFICULTY["easy"]) == 72
    place_words = _place_words()
    for seed in range(8):
        with pytest.raises(PuzzleError, match="tried everything"):
            backtracking_puzzle(2, 2, words, seed=seed, difficulty="medium", max_steps=208)
        with pytest.raises(PuzzleError, match="gave up after 207 tries"):
            backtracking_puzzle(2, 2, words, seed=seed, difficulty="medium", max_steps=207)
        heard, raised = _events(place_words, 2, 2, words, medium, seed=seed)
        assert isinstance(raised, PuzzleError) and [kind for kind, _ in heard].count("stuck") == 13
        assert [what.word for kind, what in heard if kind == "remove"].count("AB") == 6  # as the solution says
    text = _text("02_backtracking_generator.ipynb")
    assert not re.search(r"\b208\b", text + _printed("02_backtracking_generator.ipynb"))
    assert "Give them the medium level instead" in text and "why the answer is the same for every seed" in _flat(text)
    assert "the check cell only confirms" in _flat(text)  # round 10: a predict-then-run exercise says it plainly


def test_02_says_what_bucks_post_says():
    text = _flat(_text("02_backtracking_generator.ipynb")) + _flat(_text("01_find_words.ipynb"))
    assert "seeded fill letters" not in text and "most generators use" not in text
    assert "column 5 above GAUSS" not in text and "which leaves column 5 empty, and CANTOR goes down it." in text
    assert 'title="after EULER moves: CANTOR fits"' in _text("02_backtracking_generator.ipynb")  # the move, drawn
    # what the sources hold, said alike in 01 and 02 (review 30-I), Buck's switches cited from his file
    assert text.count("a word-search game to solve by hand and a solver that reads in all eight directions") == 2
    assert "click-to-select" not in text and "`diagonal:` and `backward:`" in text
    assert "draws placements until the number of free cells matches" not in text
    assert "gives up with an error after a set number of draws (its `attempts` argument)" in text
    assert "notebooks 3–6" not in text
    assert "exact\ncover with colours (Algorithm C)" not in _text("01_find_words.ipynb")  # review 30-V: undefined there
    assert "fills the free cells with random letters" in text


def test_02_says_bucks_frames_hold_grid_copies_and_draws_the_stack_before_the_placers_code():
    """Review 30-K: puzzle.rb pushes each frame with the grid (`stack.push(grid: grid, ...)`) and a try writes into
    `copy = grid.dup`; place_words undoes a word's writes in place. A picture of the stack at work comes before the
    placer's code, and the first clash of each line is found by a named helper, not a comprehension."""
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "Each of Buck's frames holds a copy of the grid (`stack.push(grid: grid, ...)` in `puzzle.rb`)" in text
    assert "(`copy = grid.dup`)" in text and "a backtrack empties exactly those cells" in text
    assert "Dancing Links takes much further in notebook 3" in text
    # review 30-AN: Buck's copies are fine print; the backtrack's story points there in one sentence
    cells = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4).cells
    fine = next(k for k, c in enumerate(cells) if c.source.startswith("## Fine print"))
    assert not any("grid.dup" in c.source for c in cells[:fine]) and "**Taking a word back.**" in text
    pointer = "Buck's generator takes a word back another way, with copies of the grid: see the fine print at the end."
    assert pointer in text
    assert "keeps the stack of frames that `place_words` rebuilds" not in text
    assert "each of his frames holds a copy of the grid where `place_words` undoes a word's writes in place" in text
    nb = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4)
    placer = next(k for k, c in enumerate(nb.cells) if c.source.startswith("def place_words("))
    drawn = [c for c in nb.cells[:placer] if c.cell_type == "code" and "stack_figure(" in c.source]
    assert drawn and any("image/png" in o.get("data", {}) for o in drawn[0].outputs)
    clash = _cell("02_backtracking_generator.ipynb", "def first_clash(")
    assert "next(cell for" not in clash and '"""The first cell of placement p' in clash
    heard, _ = _events(_place_words(), 6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], DIFFICULTY["easy"], seed=9)
    theirs, _ = _events(backtracking_puzzle, 6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], seed=9, difficulty="easy")
    assert heard == theirs  # "The placer written below makes the same ones."


def test_02_says_which_check_rejects_second_copies_and_where_the_placer_struggles():
    """The struggle section measures the placer alone, in one unit, and answers its objective: the first words stay
    put. The comparison with the exact cover search (needing notebooks 3-6) is gone from it."""
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "checked with the finder of notebook 1" not in text and "the solver used here to reject" not in text
    assert "as CAT inside CATS" in text and "the finder guards" not in text
    assert "budget + 1" not in text and "_culprits" not in text  # node_limit: review 30-AD's MRV contrast, below
    assert "a backtrack moves only the word placed last, so an early word that leaves no room stays" in text
    assert "tries them in that order" not in text and "the try at the end of the top frame's list" in text
    printed = _printed("02_backtracking_generator.ipynb")
    assert "gave up at" not in printed and "the placer tried everything: the words do not fit in 2x2" in printed


@pytest.mark.parametrize("name", ["01_find_words.ipynb", "02_backtracking_generator.ipynb"])
def test_no_solution_is_pointed_at_before_its_exercise(name):
    """show(solution.X) is named only after the last exercise, never in the summary before them."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    first_exercise = next(k for k, c in enumerate(nb.cells) if c.source.startswith("## Exercise"))
    assert not any("show(" in c.source for c in nb.cells[:first_exercise])
    last_check = max(k for k, c in enumerate(nb.cells) if c.cell_type == "code" and "check" in c.source)
    assert any("show(solution." in c.source for c in nb.cells[last_check:])


def nb_text_before(start: str, name: str = "02_backtracking_generator.ipynb") -> str:
    """The sources of notebook ``name``'s cells before the first one that starts with ``start``."""
    cells = nbformat.read(NOTEBOOKS / name, as_version=4).cells
    return "\n".join(c.source for c in cells[: next(k for k, c in enumerate(cells) if c.source.startswith(start))])


def _printed(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)


def test_the_numbers_the_index_quotes_are_the_numbers_the_notebooks_print():
    """The model answers quote other notebooks; when one of them prints another number, this fails."""
    text = _flat(_text("00_index.ipynb"))
    # part 5: a purified cell purified again with its own letter, counted here from a replay of the writes
    trace = record_writes(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive")
    same = sum(trace.event(f - 1).colour == d.before for f, d in trace.doubles.items())
    assert "the naive engine purifies one again with its own letter" in text and same > 0
    printed = re.search(r"naive: 106 solutions: the search is complete; double purifies: (\d+);", _printed(
        "widgets_demo.ipynb"))  # fmt: skip
    assert printed and int(printed[1]) == len(trace.doubles) > same > 0
    said = re.search(r"The naive engine says (\d+), quietly", text)
    assert said and f"{said[1]} solutions in all" in _printed("05_double_purify.ipynb")


def test_02_the_struggle_section_points_at_notebook_3_for_what_branching_on_the_fewest_saves():
    """Review 30-T: the section ended with an exact cover search hidden in solutions/ (Algorithm C with purify,
    before notebook 3 teaches it) and two half-true sentences drawn from it ("the rule has nothing to catch early",
    "What exact cover adds in this series is counting"). It ends with a pointer to notebook 3's measurement, and
    the proof that seed 3's first three words leave no room is the placer's own (it tries every way)."""
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert not hasattr(s02, "exact_cover_after") and "exact_cover_after" not in _text("02_backtracking_generator.ipynb")
    assert "nothing to catch early" not in text and "adds in this series is counting" not in text
    # review 30-AD: the contrast with make_puzzle's MRV search is a visible library call, and the pointer stays
    assert "Notebook 3's section [What MRV saves](03_exact_cover.ipynb#What-MRV-saves) measures problems where" in text
    three = nbformat.read(NOTEBOOKS / "03_exact_cover.ipynb", as_version=4)
    assert any(c.cell_type == "markdown" and c.source.startswith("## What MRV saves") for c in three.cells)
    assert "Since the placer tries every way" not in text  # review 30-Z: the library's placer also turns some down
    # review 30-AH: the caveat paragraph cut to two sentences, keeping what the placer turns down
    # review 30-AL: nothing was turned down in seed 3's run (LLAMA placed once, at the end): the clause is cut
    assert "has failed or been turned down for spelling a list word twice" not in text
    assert "with FERMAT, RABBIT and PANDA where seed 3 put them, has failed." in text
    assert "this page does not trace" not in text and "might still exist" not in text
    assert "hears two things a step" not in text and "tries_left=True`, as at the top" not in text
    assert (
        "runs the placer for each seed and, through its `trace`, counts how many times each word is taken back" in text
    )
    nb = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4)
    summary = next(k for k, c in enumerate(nb.cells) if c.source.startswith("## Summary"))
    assert "MRV" in nb.cells[summary - 1].source and nb.cells[summary - 2].source.startswith("try:")
    # review 30-AJ: the References' sentence stays true: the placer does not branch where the choices are fewest
    assert "why a search should branch where the choices are fewest, which the placer does not do" in text


def test_02_the_backtrack_is_shown_by_the_grid_before_and_after_it_and_the_cells_it_empties():
    """Review 30-T: the comparison with Buck's grid copies came before place_words and its `written`, and no
    picture showed the undo. After the code, the step-5 cell prints the grid after step 4 and after step 5 (EULER's
    five letters gone, nothing else) and draws the stack after step 5 with those cells outlined; Buck's copies are
    compared after that."""
    printed, text = _printed("02_backtracking_generator.ipynb"), _flat(_text("02_backtracking_generator.ipynb"))
    heard: list = []
    _place_words()(6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], DIFFICULTY["easy"], seed=9,
                   trace=lambda *step: heard.append(step))  # fmt: skip
    three = [what for _, what, _ in heard[:3]]
    assert heard[4][0] == "remove" and heard[4][1] == three[2]  # step 5 takes EULER back
    lines = "\n".join(f"{b:<15}{a}" for b, a in zip(letter_grid(6, 6, three), letter_grid(6, 6, three[:2])))
    assert "after step 4   after step 5\n" + lines in printed
    assert set(three[2].cells).isdisjoint(c for p in three[:2] for c in p.cells)  # "all five of its cells"
    assert "all five of its cells, since it shared none with ABEL or GAUSS" in text
    nb = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4)
    ids = [c.id for c in nb.cells]
    placer = next(k for k, c in enumerate(nb.cells) if c.source.startswith("def place_words("))
    undo = ids.index("0dc7e5229086")
    buck = next(k for k, c in enumerate(nb.cells) if "`copy = grid.dup`" in c.source)
    assert placer < undo < buck and "placer_stack_figure(moments, 5, names, 6, 6" in nb.cells[undo].source
    assert any("image/png" in o.get("data", {}) for o in nb.cells[undo].outputs)


def test_02_the_stack_pictures_are_drawn_from_the_recorded_steps_each_word_one_colour_all_run():
    """The helper behind cells 8 and 19 (review 30-Q: the cell showed shared_colours and a zip): the stack after a
    step is the words placed by then, a frame a word with the tries left that the step recorded, the word being
    tried on top; a word keeps one colour in both pictures."""
    from wordcover.views import picture as P
    from wordcover.views.grids import placer_stack_picture

    run: list = []
    names = ["ABEL", "GAUSS", "EULER", "CANTOR"]
    backtracking_puzzle(6, 6, names, seed=9, difficulty="easy", tries_left=True, trace=lambda *step: run.append(step))
    stuck, done = placer_stack_picture(run, 4, names, 6, 6), placer_stack_picture(run, len(run), names, 6, 6)
    frames = "ABEL at (1,3) S, 70 tries left; GAUSS at (5,0) E, 68 tries left; EULER at (0,1) E, 61 tries left; "
    assert frames + "CANTOR not placed, 0 tries left" in stuck.caption
    assert "EULER at (0,1) S, 60 tries left; CANTOR at (0,5) S, 55 tries left" in done.caption

    def colours(picture):
        grid, _ = picture.panels
        return [i.colour for i in grid.items if isinstance(i, P.Line) and i.cap == "round"]

    assert colours(stuck) == colours(done)[:3] and len(set(colours(done))) == 4


def test_02_abels_frame_is_read_off_step_1_and_is_the_frame_the_placer_makes():
    """Review 30-V: the prose says ABEL's first try runs off the grid and its second is step 1's place, with 70 tries
    left. Review 30-AF: the page no longer rebuilds the frame by re-seeding (code that checks the library); it reads
    the 70 of 72 off step 1, and this test checks the rest against the frame place_words itself makes (a spy on its
    random generator's sample) and against the library's step 1."""
    assert "abel_frame" not in _text("02_backtracking_generator.ipynb")
    run: list = []
    backtracking_puzzle(6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], seed=9, difficulty="easy", tries_left=True,
                        trace=lambda *step: run.append(step))  # fmt: skip
    first = run[0]
    assert first[0] == "place" and str(first[1]) == "ABEL at (1,3) S" and first[2] == [70, 72]

    class Spy(random.Random):  # place_words's generator: record the first frame it makes
        def sample(self, population, k):
            picked = super().sample(population, k)
            drawn.append(picked)
            return picked

    drawn: list = []
    names = names_setup({})
    names["random"] = type("R", (), {"Random": Spy})
    exec(_cell("02_backtracking_generator.ipynb", "def place_words("), names)
    names["place_words"](6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], ["E", "S"], seed=9)
    starts, dirs = drawn[0], drawn[1:37]
    frame = [(start, d) for start, pair in zip(starts, dirs) for d in pair]
    assert len(frame) == 72
    assert frame[-1] == ((1, 3), "E") and frame[-2] == ((1, 3), "S")  # try 1 off the grid, try 2 step 1's place
    assert Placement("ABEL", 1, 3, "E") not in placements("ABEL", 6, 6, ["E", "S"])
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert (
        "After step 1, ABEL's frame, the bottom one, has 70 of its 72 tries left: the placer took two tries off it. "
        "On the empty grid every try that keeps ABEL on the grid fits, so the first one ran off the grid; the second, "
        "(1,3) S, fits, and step 1 puts ABEL there." in text
    )


def test_02_the_hidden_message_says_why_make_puzzle_and_prints_the_placers_error():
    """Review 30-V: the section used make_puzzle without saying why. The placer's error for the same words and
    message is printed first (the library's message, 12 letters, 11 free cells), then make_puzzle's grid; the
    objective says a message needs a generator that can draw its placements again."""
    cell = _cell("02_backtracking_generator.ipynb", 'message = "DANCING LINKS"')
    assert cell.index("backtracking_puzzle(") < cell.index("make_puzzle(")
    with pytest.raises(PuzzleError) as raised:
        backtracking_puzzle(5, 5, ["ABEL", "GAUSS", "EULER"], seed=3, difficulty="easy", message="DANCING LINKS")
    assert f"backtracking_puzzle: {raised.value}\n" in _printed("02_backtracking_generator.ipynb")
    assert "12 letters but the puzzle has 11 free cells" in str(raised.value)
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "So for a message this section uses `make_puzzle`" in text
    # review 30-AN: the hidden message is fine print, after the exercises; the objectives no longer promise it
    assert "fill the free cells with random letters and make a printable page;" in text
    assert "make_puzzle" not in nb_text_before("## Fine print").split("SEED = 2015", 1)[1]  # past the imports
    nb = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4)
    fine = next(k for k, c in enumerate(nb.cells) if c.source.startswith("## Fine print"))
    message = next(k for k, c in enumerate(nb.cells) if c.source.startswith('message = "DANCING LINKS"'))
    assert fine < message


def test_02_the_clash_grid_is_drawn_in_the_runs_colours_with_thin_outlines():
    cell = _cell("02_backtracking_generator.ipynb", "def first_clash(")
    assert "colours=run_colours(library_run)" in cell and "thin=True" in cell
    text = _flat(_text("02_backtracking_generator.ipynb"))
    assert "finished at all" not in text


def test_01_the_play_section_says_make_puzzle_turns_down_second_copies():
    """Review 30-AD: 01's play section said make_puzzle picks placements so that no cell gets two letters, and left
    out the rule exercise 4 asks about: a placement whose words spell a list word twice is taken back, and a fill
    that does is drawn again (generator._usable_key and _finish both ask extra_copies)."""
    import inspect

    from wordcover import generator

    text = _flat(_text("01_find_words.ipynb"))
    # review 30-AH: one sentence a first-notebook reader can use, still true to the generator
    assert (
        "It hides each word where the seed's random draws say and fills the other cells with random letters, turning "
        "down any draw that spells a list word a second time; notebook 2 shows how." in text
    )
    assert "Notebooks 4 to 6 explain the search it uses" not in text
    assert "extra_copies(key, placed, dirs)" in inspect.getsource(generator._usable_key)
    assert "if key is None:\n            continue" in inspect.getsource(generator.make_puzzle)
    assert "extra_copies(grid, placements, directions)" in inspect.getsource(generator._finish)


def test_01_and_02_number_checks_take_a_float_of_the_right_value_alike_and_refuse_wrong_ones(capsys):
    """Review 30-AJ: 02's Exercise 1 accepted a float formula and 01's Exercise 1 refused 8.0. Both follow check():
    a number is compared by value, so 10.0 is 10 in 01 as a float formula is in 02; a wrong value is refused as a
    float too (8.0 in 01, an off-by-one float formula in 02), and so is True where a number is wanted."""
    _accepted(capsys, lambda: s01.check_level(10.0))
    for wrong in (8.0, 9.0, 11.0, 5, True, "10"):
        out = _refused(capsys, lambda wrong=wrong: s01.check_level(wrong), seconds=1.0)
        assert "10" not in out.replace(repr(wrong), "")  # the hint never gives the value
    _accepted(capsys, lambda: s02.check_on_grid(lambda n: 4.0 * n * (n - 4) + 4.0 * (n - 4) ** 2))
    for wrong in (
        lambda n: 4.0 * n * (n - 5) + 4.0 * (n - 5) ** 2,  # off by one: n - 5 start cells
        lambda n: 8.0 * n * (n - 4),  # the diagonals counted as rows
        lambda n: float(n * n * 8),  # every try, the ones off the grid too
        lambda n: True,
    ):
        _refused(capsys, lambda wrong=wrong: s02.check_on_grid(wrong), seconds=3.0)


def test_02_the_library_caveats_are_one_fine_print_list_after_the_exercises():
    """Review 30-AJ: the checks for second copies, the palindrome and CAT-in-CATS exemptions and the placer's refusal
    of a message buried the stack in three cells; they are one short list, after the exercises, true to generator.py
    (extra_copies before the fill, _finish after it; a second copy of the words alone takes the last word back)."""
    nb = nbformat.read(NOTEBOOKS / "02_backtracking_generator.ipynb", as_version=4)
    heads = [k for k, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith("## ")]
    fine = next(k for k in heads if nb.cells[k].source.startswith("## Fine print"))
    last_exercise = max(k for k in heads if nb.cells[k].source.startswith("## Exercise"))
    refs = next(k for k in heads if nb.cells[k].source.startswith("## References"))
    assert last_exercise < fine < refs
    body = _flat(nb.cells[fine].source)
    refusal = (  # review 30-AN: said plainly, true to _finish, called once every word is down with no second copy
        "Given a hidden message, it counts the free cells once every word is down with no word readable twice. If "
        "the message has another number of letters, it stops with an error; it does not search on for a placement "
        "that fits."
    )
    for said in ("before the fill and after it", "a palindrome read backwards", "as CAT inside CATS", refusal):
        assert said in body
        assert said not in _flat("\n".join(c.source for c in nb.cells[:fine] if c.cell_type == "markdown"))
    source = inspect.getsource(backtracking_puzzle)
    assert "if extra_copies(key, placed, dirs)" in source and "_finish(key, placed, dirs, rng, message" in source
    assert "placed.pop()  # a second copy would show: undo the last word and go on searching" in source


def test_01_the_readings_picture_marks_read_at_a_glance_and_its_prose_is_in_short_sentences():
    """Review 30-AJ: cell 11's arrowheads were a few pixels and its edge numbers about 8 px; the call asks for
    larger panels with wide arrowheads and 12-point numbers (``large``), and without it the picture is as before.
    The vocabulary names iter_scan's module. The four dense cells (the readings, the scan off a row, the finder,
    the picture) are cut into sentences a learner reads once."""
    from wordcover.views.grids import LARGE_NUMBERS, READING, direction_marks, number_size, readings_picture

    assert "readings_figure(grid, arms, size=2.8, large=True)" in _cell("01_find_words.ipynb", "readings_figure(")
    arms = [Placement("".join(GRID[2 + dr * k][2 + dc * k] for k in range(3)), 2, 2, d) for d, (dr, dc) in
            DIRECTIONS.items()]  # fmt: skip

    def across(polygon) -> float:  # the arrowhead's base, in cells
        (_, _), (x1, y1), (x2, y2) = polygon.points
        return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5

    for p in arms:
        _, narrow = direction_marks(p, READING, 30.0, mark_colour=READING, reading=True)
        _, wide = direction_marks(p, READING, 30.0, mark_colour=READING, reading=True, wide=True)
        assert across(wide) > 1.5 * across(narrow)
    plain, large = readings_picture(GRID, arms), readings_picture(GRID, arms, size=2.8, large=True)
    cell_pt = 72 * (2.0 - 0.15) / 6
    assert {t.size for panel in plain.panels for t in panel.ticks} == {number_size(6, 6, cell_pt)}  # as before
    assert {t.size for panel in large.panels for t in panel.ticks} == {LARGE_NUMBERS}
    assert large.width == 4 * 2.8 and len(large.panels) == 8
    text = _flat(_text("01_find_words.ipynb"))
    assert "`wordcover.finder.iter_scan`" in text and callable(iter_scan)
    nb = nbformat.read(NOTEBOOKS / "01_find_words.ipynb", as_version=4)
    for cid in ("83e5c127710c", "b1e5d5c67b94", "3723aeb0", "fe3b58a026b0"):
        prose = _flat(next(c.source for c in nb.cells if c.id == cid)).replace("(3,2)", "").replace("e.g.", "eg")
        for sentence in re.split(r"(?<=[.:])\s+(?=[A-Z`])", prose):
            assert len(sentence.split()) <= 40, sentence
        assert not re.search(r"\([^)]*\(", prose)  # no nested parentheses
