"""Notebook 9's solutions, each checked against an answer found another way."""

from __future__ import annotations

from itertools import permutations, product

import pytest
from lessons import everywhere as lesson
from solutions import everywhere as solution

from oracles import langford_count, queens_count
from wordcover import count_solutions, make_engine
from wordcover.classics import langford, langford_sequence, queens
from wordcover.estimate import estimate, expected_nodes


def all_4x4_grids() -> list[tuple[str, ...]]:
    """Every 4 x 4 Sudoku grid, by trying every choice of four rows (each a permutation of 1234)."""
    rows = ["".join(p) for p in permutations("1234")]
    grids = []
    for grid in product(rows, repeat=4):
        columns_ok = all(len({row[c] for row in grid}) == 4 for c in range(4))
        boxes_ok = all(
            len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4 for br in (0, 2) for bc in (0, 2)
        )
        if columns_ok and boxes_ok:
            grids.append(grid)
    return grids


GRIDS = all_4x4_grids()


def agree(grid: tuple[str, ...], givens: str) -> bool:
    return all(g == "." or g == grid[k // 4][k % 4] for k, g in enumerate(givens))


def test_six_queens_matches_backtracking_and_oeis():
    assert solution.six_queens() == queens_count(6) == 4  # OEIS A000170: a(6) = 4


def test_there_are_288_grids_of_4x4_sudoku():
    assert len(GRIDS) == 288  # OEIS A107739: a(2) = 288


@pytest.mark.parametrize(
    "givens",
    ["." * 16, "1234" + "." * 12, "1.....2..3.....4", ".1..2..........3", "1......2.2......", "1....1" + "." * 10],
)
def test_sudoku4_finds_exactly_the_grids_that_agree_with_the_givens(givens):
    problem = solution.sudoku4(givens)
    found = set()
    for s in make_engine(problem, "x").solutions():
        cells = {(r, c): d for r, c, d in problem.describe(s)}
        found.add(tuple("".join(str(cells[(r, c)]) for c in range(4)) for r in range(4)))
    assert found == {g for g in GRIDS if agree(g, givens)}


def test_langford_count_is_twice_the_published_figure_because_of_reversal():
    assert solution.langford_doubled() == "a"
    problem = langford(7)
    rows = {tuple(langford_sequence(problem, s)) for s in make_engine(problem, "x").solutions()}
    assert len(rows) == langford_count(7) == 2 * 26  # OEIS A014552: a(7) = 26
    assert {r[::-1] for r in rows} == rows  # every reversal is a solution
    assert all(r != r[::-1] for r in rows)  # and never the same row, so they pair off


def test_path_estimate_is_the_probes_and_every_node_counts_once_on_average():
    from fractions import Fraction

    from wordcover.estimate import paths

    assert solution.path_estimate() == 1 + 3 + 3 * 2 + 3 * 2 * 2 == 22
    assert "22" not in solution.path_estimate_hint()
    # on a real tree: each path's estimate weighted by its chance, summed, is the node count
    problem = queens(6)
    assert sum(p.probability * p.nodes for p in paths(problem, "x")) == Fraction(expected_nodes(problem))
    values = {p.nodes for p in estimate(problem, 100, seed=3).probes}
    assert len(values) > 3  # single runs differ
    engine = make_engine(problem, "x")
    engine.count()
    assert expected_nodes(problem) == engine.stats.nodes


def test_two_paths_are_the_estimates_and_chances_of_the_small_trees_walks():
    from collections import Counter
    from fractions import Fraction

    from wordcover.estimate import paths

    assert solution.two_paths() == "c"
    problem = solution.two_paths_problem()
    said: Counter = Counter()
    for p in paths(problem, "x"):
        said[p.nodes] += p.probability
    assert said == {3: Fraction(1, 2), 11: Fraction(1, 2)}  # option c
    engine = make_engine(problem, "x")
    engine.count()
    assert engine.stats.nodes == 7 == expected_nodes(problem) == sum(n * chance for n, chance in said.items())


def test_the_sudoku4_check_accepts_a_learners_own_model_and_its_hidden_givens_are_asymmetric(capsys, learners_copy):
    assert solution.check_sudoku4(learners_copy(solution.sudoku4))  # the model written in the notebook
    assert capsys.readouterr().out.startswith("✓ Right: the same grids on all 21 sets of givens (16 of them not shown)")
    cases = solution.sudoku4_cases()
    by_columns = ["".join(g[4 * r + c] for c in range(4) for r in range(4)) for g in cases]
    assert sum(b != g for b, g in zip(by_columns, cases)) > 10 and sum(g != g[::-1] for g in cases) > 10
    assert any(not [grid for grid in GRIDS if agree(grid, g)] for g in cases)  # givens that no grid keeps
    assert "4" not in solution.six_queens_hint()
    assert solution.six_queens() == 4


def test_every_solution_explains_itself():
    for fn in (solution.six_queens, solution.sudoku4, solution.langford_doubled, solution.path_estimate,
               solution.path_one_in):  # fmt: skip
        assert fn.__doc__ and len(fn.__doc__.split()) > 20


@pytest.mark.slow
def test_the_domino_capstone_counts_the_published_tilings_and_its_check_tells_right_from_wrong(capsys, learners_copy):
    from wordcover import Problem

    # OEIS A099390, the number of domino tilings of an m x n board: two independent counts must agree with it
    published = {(2, 2): 2, (2, 3): 3, (3, 4): 11, (4, 4): 36, (4, 5): 95, (6, 6): 6728}
    assert {board: solution.tilings(*board) for board in published} == published
    assert {board: count_solutions(solution.dominoes(*board), "x") for board in published} == published
    assert not solution.check_dominoes(solution.dominoes)  # the reference itself is refused
    assert "write your own" in capsys.readouterr().out

    def steps(model):  # steps 2 and 3 as a learner runs them: the estimate of the tilings, and their count
        guess = estimate(model(6, 6), 300, seed=2024, engine="x")
        return guess.solutions, count_solutions(model(6, 6), "x")

    mine = learners_copy(solution.dominoes)
    assert solution.check_dominoes(mine, *steps(mine))  # the model written in the notebook, and its numbers
    assert capsys.readouterr().out.startswith("✓ Right: your model on all 6 boards")

    def dominoes(rows, cols):  # another learner's model: the cells listed and paired in another order
        cells = [f"r{r}c{c}" for r in range(rows) for c in range(cols)][::-1]
        options = [[f"r{r + 1}c{c}", f"r{r}c{c}"] for c in range(cols) for r in range(rows - 1)]
        options += [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(rows) for c in range(cols - 1)][::-1]
        return Problem(cells, [], options)

    assert solution.check_dominoes(dominoes, *steps(dominoes))
    assert capsys.readouterr().out.startswith("✓ Right: your model on all 6 boards")

    def rows_only(rows, cols):  # forgets the vertical dominoes
        cells = [f"r{r}c{c}" for r in range(rows) for c in range(cols)]
        return Problem(cells, [], [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(rows) for c in range(cols - 1)])

    def unwritten(rows, cols):
        raise NotImplementedError

    assert not solution.check_dominoes(rows_only)
    out = capsys.readouterr().out
    assert "on a 2 x 2 board its 2 options do not pair the cells as the dominoes of a 2 x 2 board do" in out
    assert solution.DOMINO_HINT in out
    assert not solution.check_dominoes(unwritten)
    assert capsys.readouterr().out.startswith("Not answered yet")


def test_a_duration_is_named_in_the_largest_unit_it_fills():
    assert [lesson.readable(s) for s in (0.2, 90, 2 * 3600, 3 * 86400, 4e10 * 365.25 * 86400)] == [
        "0.2 seconds", "1.5 minutes", "2 hours", "3 days", "4e+10 years"]  # fmt: skip


def test_a_duration_of_exactly_one_unit_is_singular():
    """readable(1.0) said '1 seconds' (review 30-U): one of a unit is singular, and only one."""
    assert [lesson.readable(s) for s in (1.0, 0.999, 60, 3600, 86400, 365.25 * 86400)] == [
        "1 second", "1 second", "1 minute", "1 hour", "1 day", "1 year"]  # fmt: skip
    assert [lesson.readable(s) for s in (1.04, 1.4, 0.1, 120, 2 * 86400)] == [
        "1 second", "1.4 seconds", "0.1 seconds", "2 minutes", "2 days"]  # fmt: skip


@pytest.mark.parametrize(
    ("checker", "right", "wrong", "then"),
    [
        (solution.check_six_queens, 4, [3, 5, 10, 92], solution.SIX_QUEENS_THEN),
        (
            lambda pair: solution.check_path_estimate(*pair),
            (22, 12),
            [(12, 12), (21, 12), (23, 12), (22, 11)],
            solution.PATH_ESTIMATE_THEN,
        ),
    ],
)
def test_the_line_that_prints_the_answer_is_named_only_after_a_right_prediction(checker, right, wrong, then, capsys):
    """Exercises 1 and 4 are predict-then-run: the line to run is said by the check once the number is right, and
    never to a wrong number (the statement does not name it either: see the notebook test below)."""
    assert "`" in then
    for answer in wrong:
        assert not checker(answer)
        out = capsys.readouterr().out
        assert then not in out and "Now run" not in out
    assert checker(right)
    assert capsys.readouterr().out == f"✓ Right. {then}\n"


def test_the_predict_then_run_statements_do_not_name_the_line_that_prints_the_answer():
    import pathlib

    import nbformat

    path = pathlib.Path(__file__).parent.parent / "notebooks" / "09_same_engine_everywhere.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    for heading, line in (("## Exercise 1", "queens(6)"), ("## Exercise 4", "Probe((3, 2, 2, 0)")):
        (statement,) = [c.source for c in cells if c.cell_type == "markdown" and c.source.startswith(heading)]
        assert line not in statement


def test_a_wrong_letters_reason_never_names_or_paraphrases_the_right_one():
    """S2: the reason given for a wrong letter says why that choice fails; it never names the right choice's idea
    (reading the row backwards for Langford; the two estimates and their chance of 1/2 for the small tree)."""
    langford_reasons = solution.langford_doubled_not()
    assert set(langford_reasons) == {"b", "c", "d"}
    for reason in langford_reasons.values():
        assert not any(word in reason.lower() for word in ("backward", "revers", "pair", "mirror"))
    tree_reasons = solution.two_paths_not()
    assert set(tree_reasons) == {"a", "b", "d"}
    for reason in tree_reasons.values():
        assert not any(said in reason for said in ("1/2", "half", " 3 ", "11", "equally likely"))
