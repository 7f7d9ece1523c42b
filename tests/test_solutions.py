"""Every exercise's solution (notebooks/solutions/) against an answer found another way.

The notebooks import these functions in their self-check cells; here each is run and compared with an
independent oracle: brute force, another engine or a published figure. A first test ties the notebooks to
the modules: every self-check cell names a solution that exists, and every solution is exercised here.
"""

from __future__ import annotations

import importlib
import inspect
import pathlib
import re

import nbformat
import pytest
import solutions

from oracles import queens_count
from test_checks_05_06 import naive_purify, naive_unpurify  # the printed purify, copied: no sticker

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
TESTS = pathlib.Path(__file__).resolve().parent
MODULES = {  # notebook number, as its file name gives it -> solution module
    "1": "find_words",
    "2": "backtracking",
    "3": "exact_cover",
    "3b": "by_hand",
    "4": "outside",
    "5": "double_purify",
    "6": "sticker",
    "7": "squares",
    "8": "fast",
    "9": "everywhere",
}


def _notebook(k: int | str) -> nbformat.NotebookNode:
    (path,) = NOTEBOOKS.glob(f"{str(k).zfill(3 if str(k)[-1].isalpha() else 2)}_*.ipynb")
    return nbformat.read(path, as_version=4)


def _public_functions(module) -> list[str]:
    functions = inspect.getmembers(module, inspect.isfunction)
    return [n for n, f in functions if f.__module__ == module.__name__ and not n.startswith("_")]


@pytest.mark.parametrize("k", sorted(MODULES))
def test_every_notebook_has_three_exercises_each_checked_by_a_solution_that_exists(k):
    nb = _notebook(k)
    module = importlib.import_module(f"solutions.{MODULES[k]}")
    headings = [
        k_cell
        for k_cell, cell in enumerate(nb.cells)
        if cell.cell_type == "markdown" and re.search(r"^#+ Exercise\b", cell.source, re.M)
    ]
    assert len(headings) >= 3
    ends = [*headings[1:], len(nb.cells)]
    for start, end in zip(headings, ends):
        code = "\n".join(c.source for c in nb.cells[start:end] if c.cell_type == "code")
        assert re.search(r"\bcheck\w*\(", code), f"exercise at cell {start} has no self-check cell"
        for name in re.findall(r"\bsolution\.(\w+)", code):
            value = getattr(module, name, None)  # a function, or a hint kept as a constant (SOME_HINT)
            assert callable(value) or (name.isupper() and isinstance(value, str)), (
                f"solutions.{MODULES[k]}.{name} does not exist"
            )
    assert "%load" not in "\n".join(c.source for c in nb.cells)
    assert any(c.cell_type == "markdown" and c.source.startswith("## References") for c in nb.cells)
    assert any(c.cell_type == "markdown" and "**Objectives.**" in c.source for c in nb.cells)


def test_every_solution_function_is_run_by_a_test():
    tests = [*TESTS.glob("test_solutions*.py"), *TESTS.glob("test_checks*.py")]
    tested = "\n".join(p.read_text() for p in tests)
    # the reasons for wrong choices (why=solution.NAME()) are run, question by question, by
    # test_solutions_exercises.py, which finds them in the notebooks' check cells
    asked = "\n".join(c.source for k in MODULES for c in _notebook(k).cells if c.cell_type == "code")
    for module_name in MODULES.values():
        module = importlib.import_module(f"solutions.{module_name}")
        assert module.__doc__, module_name
        for name in _public_functions(module):
            assert getattr(module, name).__doc__, f"{module_name}.{name} explains nothing"
            run = re.search(rf"\b{name}\(", tested) or f"why=solution.{name}()" in asked
            assert run, f"no test runs solutions.{module_name}.{name}"


def test_the_check_helpers_never_print_the_expected_answer(capsys):
    assert not solutions.check(None, 41)
    assert not solutions.check(40, 41) and not solutions.check(42, 41, "Count the corners twice?")
    assert solutions.check(41, 41)
    assert not solutions.check_choice("d", "b", "abc") and solutions.check_choice(" B ", "b", "abc")

    def stub(x):
        raise NotImplementedError

    assert not solutions.check_function(stub, abs, [(-3,)])
    assert not solutions.check_function(lambda x: x, abs, [(2,), (-3,)], hint="What of a negative number?")
    assert not solutions.check_function(lambda x: 1 / 0, abs, [(2,)])
    assert solutions.check_function(lambda x: x * x // max(abs(x), 1), abs, [(2,), (-3,)])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == solutions.NOT_YET
    assert out[1] == f"✗ Not yet: 40 is not it. {solutions.RETHINK}"  # no "too low": halving must not pay
    assert out[2] == "✗ Not yet: 42 is not it. Count the corners twice?" and out[3] == "✓ Right."
    assert out[4].startswith("✗ Answer with one of 'a', 'b', 'c'") and out[5] == "✓ Right."
    assert out[6].startswith("Not answered yet")
    assert out[7] == "✗ Not yet: on (-3,) it gives -3, which is not right. What of a negative number?"
    assert out[8].startswith("✗ Not yet: on (2,) it raised ZeroDivisionError")
    assert out[9] == "✓ Right on all 2 cases."
    assert not any("41" in line for line in out) and not any(" 3" in line for line in out[7:])


def test_the_line_to_run_is_said_only_after_a_right_prediction(capsys):
    """A predict-then-run exercise names the line that prints its answer only once the prediction is right."""
    then = "Now run `count(6)` and see it."
    assert not solutions.check(5, 4, "Try a corner.", then=then)
    assert not solutions.check_choice("a", "b", "abc", then=then)
    assert solutions.check(4, 4, then=then) and solutions.check_choice("b", "b", "abc", then=then)
    out = capsys.readouterr().out.splitlines()
    assert out == ["✗ Not yet: 5 is not it. Try a corner.", f"✗ Not yet: 'a' is not it. {solutions.RETHINK}",
                   f"✓ Right. {then}", f"✓ Right. {then}"]  # fmt: skip


def test_the_checks_refuse_what_is_not_the_work(capsys):
    """True where a number is wanted, a function where its value is, the reference itself, a loop that never ends,
    a function right on the shown cases only: each is refused, in bounded time, with a reason."""
    import time

    assert not solutions.check(True, 1) and not solutions.check(len, 3) and not solutions.check("3", 3)
    assert not solutions.check_function(abs, abs, [(2,)])
    assert not solutions.check_function(solutions.show, abs, [(2,)])  # anything of the solutions' own

    def endless(x):
        while True:
            x += 1

    start = time.perf_counter()
    assert not solutions.check_function(endless, abs, [(2,)], budget=0.3)
    assert time.perf_counter() - start < 2
    assert not solutions.check_function(lambda x: x, abs, [(2,)], hidden=[(-5,)])

    def deep(x):
        return deep(x)

    assert not solutions.check_function(deep, abs, [(2,)])

    def mutates(items):
        items.append(0)
        return len(items)

    assert solutions.check_function(mutates, lambda items: len(items) + 1, [([1],), ([1],)])  # each case a fresh copy
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        "✗ A number is wanted here, not True.",
        "✗ A number is wanted here, not a function: call it, or write the number it gives.",
        "✗ A number is wanted here, not '3'.",
    ]
    assert "write your own" in out[3] and "write your own" in out[4]
    assert "ran for 0.3 s without finishing" in out[5]
    assert out[6].startswith("✗ Not yet: on a further case, (-5,), it gives -5, which is not right.")
    assert "RecursionError" in out[7]
    np = pytest.importorskip("numpy")
    assert solutions.check(np.int64(3), 3) and not solutions.check(np.True_, 1)  # a count numpy made is a number


# ---- 01 finding words: an oracle that reads every line of the grid as a string ----------------------------


def _lines(grid):
    """Every row, column and diagonal of a grid as a list of cells, one reading direction each."""
    rows, cols = len(grid), len(grid[0])
    starts = {(0, 1): [(r, 0) for r in range(rows)], (1, 0): [(0, c) for c in range(cols)]}
    starts[(1, 1)] = [(r, 0) for r in range(rows)] + [(0, c) for c in range(1, cols)]
    starts[(1, -1)] = [(r, cols - 1) for r in range(rows)] + [(0, c) for c in range(cols - 1)]
    for (dr, dc), firsts in starts.items():
        for r, c in firsts:
            line = []
            while 0 <= r < rows and 0 <= c < cols:
                line.append((r, c))
                r, c = r + dr, c + dc
            yield line


def _occurrences(grid, word):
    """(cells, reading) of every occurrence, found by substring search along every line, both ways."""
    found = []
    for line in _lines(grid):
        text = "".join(grid[r][c] for r, c in line)
        for reading, target in (("forward", word), ("backward", word[::-1])):
            start = text.find(target)
            while start != -1:
                found.append((frozenset(line[start : start + len(word)]), reading))
                start = text.find(target, start + 1)
    return found


GRID = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
LEVEL_GRID = ["LEVEL", "EEXXE", "VXVXV", "EXXEE", "LEVEL"]  # the edges and one diagonal


def test_find_words_solutions(capsys, learners_copy):
    from solutions import find_words as s

    from wordcover.finder import iter_scan
    from wordcover.word_search import DIRECTIONS

    assert s.level_occurrences(LEVEL_GRID) == len(_occurrences(LEVEL_GRID, "LEVEL")) == 10
    shown = [(GRID, "ANNA"), (GRID, "ABEL"), (LEVEL_GRID, "LEVEL"), (GRID, "KNUTH"), (GRID, "A")]
    for grid, word in shown + s.hidden_grids(seed=2, shortest=1):
        assert s.distinct_occurrences(grid, word) == len({cells for cells, _ in _occurrences(grid, word)})
    # the scan written plainly finds what the library's iter_scan finds, and as many as the line oracle
    hidden = s.hidden_grids()
    assert len(hidden) > 40 and all(len(word) >= 2 for _, word in hidden)
    for grid, word in shown[:4] + hidden:
        found = s.scan_word(grid, word)
        assert found == {(p.row, p.col, p.direction) for p in iter_scan(grid, word, list(DIRECTIONS))}
        assert len(found) == len(_occurrences(grid, word))
    assert not s.check_scan(s.scan_word, shown[:1])  # the reference itself is refused
    assert s.check_scan(learners_copy(s.scan_word), shown[:4])  # the same loops written in a cell pass
    assert "✓ Right on all" in capsys.readouterr().out
    assert "direction" in s.level_hint() and "sets of cells" in s.distinct_hint()
    assert s.why_one_copy() == "b"


def test_oracle_lines_cover_every_cell_in_four_ways():
    lines = list(_lines(GRID))
    cells = [cell for line in lines for cell in line]
    assert len(cells) == 4 * 36 and len(set(cells)) == 36


# ---- 02 backtracking ---------------------------------------------------------------------------------------


def test_the_fits_check_rejects_a_fits_without_the_lower_bounds(capsys, learners_copy):
    from solutions import backtracking as s

    cell = next(c for c in _notebook(2).cells if c.cell_type == "code" and c.source.startswith("cells = {(0, 0)"))

    def no_lower_bound(cells, word, r, c, step, rows, cols):  # forgets 0 <=: off the top or left edge slips by
        dr, dc = step
        return all(
            r + dr * k < rows and c + dc * k < cols and cells.get((r + dr * k, c + dc * k), letter) == letter
            for k, letter in enumerate(word)
        )

    learners_fits = learners_copy(s.fits)  # a right answer written in the notebook (the reference itself is refused)
    for candidate, right in ((learners_fits, True), (no_lower_bound, False)):
        exec(cell.source, {"check_function": solutions.check_function, "solution": s, "fits": candidate})
        assert capsys.readouterr().out.startswith("✓") is right


@pytest.mark.slow
def test_backtracking_solutions():
    import itertools

    from solutions import backtracking as s

    from wordcover.word_search import DIRECTION_SETS, placement_count, placements

    # the tries that stay on the grid against the library's two counts of placements (a formula and a list)
    assert s.on_grid_tries("MAZES", 7, 7, DIRECTION_SETS["all"]) == 120
    for length, rows, cols, name in itertools.product((1, 2, 5, 7), (1, 3, 7), (2, 7), DIRECTION_SETS):
        directions = DIRECTION_SETS[name]
        got = s.on_grid_tries("A" * length, rows, cols, directions)
        assert got == placement_count(length, rows, cols, directions), (length, rows, cols, name)
        assert got == len(placements("A" * length, rows, cols, directions)), (length, rows, cols, name)
    # fits against a brute-force rule: the word's cells, computed apart, all inside and free or equal
    grid = {(0, 0): "A", (0, 1): "B", (1, 1): "X"}
    for word, r, c, step in itertools.product(("AB", "AX", "QR", "BXZ"), range(-1, 3), range(-1, 3), _STEPS):
        cells = [(r + step[0] * k, c + step[1] * k) for k in range(len(word))]
        expected = all(0 <= a < 2 and 0 <= b < 2 for a, b in cells) and all(
            grid.get(cell) in (None, letter) for cell, letter in zip(cells, word)
        )
        assert s.fits(grid, word, r, c, step, 2, 2) == expected, (word, r, c, step)
    # and on the hidden cases of the check: the same rule on grids of every shape
    for cells, word, r, c, step, rows, cols in s.hidden_fits_cases():
        spots = [(r + step[0] * k, c + step[1] * k) for k in range(len(word))]
        expected = all(0 <= a < rows and 0 <= b < cols for a, b in spots) and all(
            cells.get(spot) in (None, letter) for spot, letter in zip(spots, word)
        )
        assert s.fits(cells, word, r, c, step, rows, cols) == expected
    assert "direction" in s.on_grid_hint() and "first one" in s.fits_hint()
    assert s.tries_to_fail() == 208 and s.tries_to_fail(directions=("E", "S")) == 72


_STEPS = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (1, -1), (-1, -1)]


# ---- 03 exact cover ------------------------------------------------------------------------------------------


def test_exact_cover_solutions():
    from solutions import exact_cover as s

    from wordcover import examples, make_engine
    from wordcover.classics import langford, queens

    assert s.four_queens() == queens_count(4) == 2
    knuth = examples.load("knuth_exact_cover").problem
    for p in (knuth, queens(4), queens(6), langford(4), langford(7)):
        options = {str(k): {e.item for e in entries} for k, entries in enumerate(p.options)}
        engine = make_engine(p, "x")
        engine.count()
        assert s.count_nodes(p.primary, p.secondary, options) == engine.stats.nodes
    # exercise 3: the options tried at L1 on Langford pairs for n = 4, worked out here on the options alone
    problem = langford(4)
    options = [{e.item for e in o} for o in problem.options]

    def left_after(taken: set, item: str) -> int:
        return sum(1 for o in options if item in o and not o & taken)

    def chosen(taken: set, mrv: bool) -> str:
        left = [i for i in problem.primary if i not in taken]
        return min(left, key=lambda i: left_after(taken, i)) if mrv else left[0]

    rows = []
    for mrv in (True, False):
        first = chosen(set(), mrv)
        tried = [o for o in options if first in o]
        rows.append(sum(left_after(o, chosen(o, mrv)) for o in tried))
    assert s.row_l1() == tuple(rows) == (6, 14) and s.row_l0() == (3, 6)


# ---- 05 the double-purify bug ---------------------------------------------------------------------------------


def test_double_purify_solutions(capsys, abel_land, learners_copy):
    from solutions import double_purify as s

    from wordcover import NaiveAlgorithmC, Problem, WordSearch, make_engine

    # a correct count does not depend on option order: the colours-outside engine counts the same problem
    assert s.abel_land().problem.options == abel_land.problem.options
    assert s.shuffled_count("sticker", seed=1) == make_engine(abel_land.problem, "outside").count() == 112
    assert s.shuffled_count("naive", seed=1) != 112  # the bug is not a property of one order
    # the written purify passes the check; the naive one fails it and the report says why
    assert s.check_purify(learners_copy(s.purify), learners_copy(s.unpurify))
    assert not s.check_purify(lambda e, p: NaiveAlgorithmC.purify(e, p), lambda e, p: NaiveAlgorithmC.unpurify(e, p))
    assert not s.check_purify(learners_copy(naive_purify), learners_copy(naive_unpurify))

    def stub(engine, p):
        raise NotImplementedError

    assert not s.check_purify(stub, stub)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("✓ Right")
    assert "calls the very function" in out[1]  # the naive engine's purify is the library's own, refused
    assert out[2].startswith("✗ Not yet: on the colour pair your engine finds 2 solutions (1 wrong)")
    assert out[3].startswith("Not answered yet")
    # the sticker purify, checked directly: every solution it gives is a right one on a bigger case
    four = WordSearch(5, 5, ["ABEL", "LAND", "ANNA"], "orthogonal").problem

    class Written(NaiveAlgorithmC):
        def purify(self, p):
            s.purify(self, p)

        def unpurify(self, p):
            s.unpurify(self, p)

    assert Written(four).count() == make_engine(four, "outside").count()
    assert isinstance(four, Problem)
    # exercise 3: the answer is the account tests/test_double_purify.py checks moment by moment; every other
    # letter has its reason, and the reason is said when that letter is chosen
    assert s.why_corrupt() == "c" and sorted(s.why_corrupt_not()) == ["a", "b", "d"]
    capsys.readouterr()
    assert not solutions.check_choice("a", s.why_corrupt(), "abcd", why=s.why_corrupt_not())
    assert "writes only LEN(Q)" in capsys.readouterr().out


def test_a_wrapper_around_the_answer_is_refused_and_the_answer_is_left_whole(capsys, learners_copy):
    """A one-line wrapper around the reference, or a reference saved in a variable first and called from the
    learner's function, is refused while it runs; the reference works as before afterwards; a learner's own copy
    of the same code passes."""
    from solutions import double_purify, sticker

    from wordcover import AlgorithmC

    saved = sticker.hide

    def wrapper(engine, p):
        return sticker.hide(engine, p)

    def through_a_variable(engine, p):
        return saved(engine, p)

    unhide = learners_copy(sticker.unhide)
    for candidate in (wrapper, through_a_variable):
        assert not sticker.check_hide(candidate, unhide)
        assert "calls the very function it is meant to be" in capsys.readouterr().out
    engine = AlgorithmC(sticker.hide_problems()[1][1])
    engine.hide = lambda p: sticker.hide(engine, p)  # the solution's hide works again, inside Knuth's engine
    assert engine.count() == 112 and engine.stats.updates == 1089
    library_purify, library_unpurify = AlgorithmC.purify, AlgorithmC.unpurify
    for pair in [
        (lambda e, p: library_purify(e, p), lambda e, p: library_unpurify(e, p)),
        (lambda e, p: double_purify.purify(e, p), lambda e, p: double_purify.unpurify(e, p)),
    ]:
        assert not double_purify.check_purify(*pair)
        assert "write your own" in capsys.readouterr().out
    assert not double_purify.check_purify(double_purify.purify, double_purify.unpurify)
    mine = {"__name__": "__main__"}  # the same code written in the learner's notebook is the learner's own
    source = inspect.getsource(sticker.hide).replace("def hide", "def my_hide")
    exec(compile(source, "<learner>", "exec"), {**vars(sticker), **mine}, mine)
    assert sticker.check_hide(mine["my_hide"], unhide)
