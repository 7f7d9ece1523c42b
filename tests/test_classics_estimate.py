"""Sudoku and the other classic models read back, and Knuth's Monte Carlo estimate of a search tree.

The estimate is checked three ways: on tiny problems the exact expected value (every path times
its probability) equals the engine's own ``stats.nodes``; the paths themselves match a search tree
built by plain recursion on sets, with no Dancing Links; and on larger problems the mean of many
seeded estimates lands near the real count.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from oracles import langford_count
from wordcover import Problem, ProblemError, examples, make_engine
from wordcover.classics import (
    langford,
    langford_sequence,
    pentomino_pieces,
    pentominoes,
    queens,
    read_sudoku,
    sudoku,
    sudoku_box,
    sudoku_grid,
)
from wordcover.estimate import Probe, estimate, expected_nodes, paths, probe

# made for these tests: 26 givens, exactly one solution, and no given can be left out
PUZZLE = [
    ".......34",
    "...57.9..",
    ".....45.1",
    "..1......",
    "86.45....",
    "..4.97...",
    "9...4....",
    "6..3..7.9",
    ".1.7..84.",
]


def is_sudoku(grid: list[str]) -> bool:
    """Every row, column and box holds the digits 1-9 once each."""
    units = [list(row) for row in grid]
    units += [[grid[r][c] for r in range(9)] for c in range(9)]
    units += [[grid[r][c] for r in range(9) for c in range(9) if sudoku_box(r, c) == b] for b in range(9)]
    return all(sorted(unit) == list("123456789") for unit in units)


def backtrack_sudoku(grid: list[str], limit: int = 100) -> list[list[str]]:
    """Up to ``limit`` solutions by plain backtracking on the cells (no exact cover): fill the blank
    cell with the fewest digits left, try each digit, undo."""
    cells = [list(row) for row in grid]
    found: list[list[str]] = []

    def allowed(r: int, c: int) -> list[str]:
        used = set(cells[r]) | {cells[x][c] for x in range(9)}
        used |= {cells[x][y] for x in range(9) for y in range(9) if sudoku_box(x, y) == sudoku_box(r, c)}
        return [d for d in "123456789" if d not in used]

    def fill() -> None:
        blanks = [(r, c) for r in range(9) for c in range(9) if cells[r][c] == "."]
        if not blanks:
            found.append(["".join(row) for row in cells])
            return
        r, c = min(blanks, key=lambda cell: len(allowed(*cell)))
        for d in allowed(r, c):
            if len(found) >= limit:
                return
            cells[r][c] = d
            fill()
            cells[r][c] = "."

    fill()
    return found


# ---- Sudoku ----------------------------------------------------------------------------------


def test_sudoku_model_has_knuths_items_and_options():
    empty = sudoku("." * 81)
    assert len(empty.primary) == 4 * 81 and not empty.secondary
    assert len(empty.options) == 9 * 81
    assert [e.item for e in empty.options[0]] == ["p00", "r01", "c01", "b01"]
    given = sudoku(PUZZLE)
    assert len(given.options) == 26 + 9 * (81 - 26)


@pytest.mark.slow
def test_known_puzzle_has_one_solution_that_is_a_sudoku():
    problem = sudoku(PUZZLE)
    solutions = list(make_engine(problem, "x").solutions())
    assert len(solutions) == 1
    grid = sudoku_grid(problem, solutions[0])
    assert is_sudoku(grid)
    assert all(g in ".0" or g == s for row_g, row_s in zip(PUZZLE, grid) for g, s in zip(row_g, row_s))
    assert [grid] == backtrack_sudoku(PUZZLE)  # a plain backtracking solver agrees


def test_every_given_of_the_known_puzzle_is_needed():
    for r, row in enumerate(PUZZLE):
        for c, ch in enumerate(row):
            if ch != ".":
                fewer = list(PUZZLE)
                fewer[r] = row[:c] + "." + row[c + 1 :]
                assert make_engine(sudoku(fewer), "x").count(limit=2) == 2


@pytest.mark.slow
def test_sudoku_counts_match_plain_backtracking_when_givens_are_few():
    fewer = list(PUZZLE)
    fewer[4] = "86..5...."  # two givens fewer: the 4 at row 5 column 4 and the 7 at row 6 column 6
    fewer[5] = "..4.9...."
    problem = sudoku(fewer)
    grids = {tuple(sudoku_grid(problem, s)) for s in make_engine(problem, "sticker").solutions()}
    assert len(grids) == 13
    assert grids == {tuple(g) for g in backtrack_sudoku(fewer)}
    assert all(is_sudoku(list(g)) for g in grids)


def test_empty_sudoku_first_solution_is_a_sudoku():
    problem = sudoku("." * 81)
    assert is_sudoku(sudoku_grid(problem, make_engine(problem, "x").first()))


def test_sudoku_reads_every_spelling_of_the_same_puzzle():
    flat = "".join(PUZZLE)
    spaced = "\n".join(" ".join(row) for row in PUZZLE)
    zeros = flat.replace(".", "0")
    for spelling in (flat, spaced, zeros, [row.replace(".", "0") for row in PUZZLE], tuple(PUZZLE)):
        assert read_sudoku(spelling) == PUZZLE
        assert sudoku(spelling).options == sudoku(PUZZLE).options


def test_partial_solution_reads_back_with_blanks():
    problem = sudoku(PUZZLE)
    grid = sudoku_grid(problem, [0])
    assert grid[0] == "1........" and all(row == "." * 9 for row in grid[1:])


@pytest.mark.parametrize(
    "givens, message",
    [
        ("." * 80, "81 cells, got 80"),
        ("." * 82, "81 cells, got 82"),
        (["." * 9] * 8, "9 rows, got 8"),
        (["." * 9] * 8 + ["." * 8], "row 9 of the Sudoku must be a string of 9 characters"),
        (["." * 9] * 8 + [list("." * 9)], "row 9 of the Sudoku must be a string"),
        ("x" + "." * 80, "row 1 column 1 of the Sudoku holds 'x'"),
        ("." * 40 + "a" + "." * 40, "row 5 column 5"),
        (5, "not int"),
        ("5...5" + "." * 76, "5 at row 1 column 1 and at row 1 column 5, in the same row"),
        ("7" + "." * 8 + "7" + "." * 71, "7 at row 1 column 1 and at row 2 column 1, in the same column"),
        ("3" + "." * 9 + "3" + "." * 70, "3 at row 1 column 1 and at row 2 column 2, in the same box"),
    ],
)
def test_bad_sudoku_input_is_a_clear_problem_error(givens, message):
    with pytest.raises(ProblemError, match=message.replace("(", r"\(")):
        sudoku(givens)


# ---- Langford pairs and pentominoes read back ------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 7])
def test_langford_sequences_are_langford_pairings(n):
    problem = langford(n)
    sequences = [langford_sequence(problem, s) for s in make_engine(problem, "x").solutions()]
    assert len(sequences) == langford_count(n)
    for seq in sequences:
        assert sorted(seq) == sorted(list(range(1, n + 1)) * 2)
        for i in range(1, n + 1):
            first = seq.index(i)
            assert seq[first + i + 1] == i  # i numbers between the two i's
    assert {tuple(reversed(s)) for s in sequences} == {tuple(s) for s in sequences}


def test_pentomino_pieces_tile_the_board():
    problem = pentominoes(3, 20)
    pieces = pentomino_pieces(problem, make_engine(problem, "x").first())
    assert sorted(name for name, _ in pieces) == sorted("FILNPTUVWXYZ")
    cells = [cell for _, shape in pieces for cell in shape]
    assert sorted(cells) == [(r, c) for r in range(3) for c in range(20)]


# ---- the estimate: an independent search tree built on sets ----------------------------------


def set_tree_paths(problem: Problem) -> list[tuple[Fraction, int, int]]:
    """(probability, node estimate, solution estimate) of every root-to-leaf path, by recursion on sets.

    The tree is the one Algorithm X walks: at each node the active primary item with the fewest
    remaining options (the first in item order on a tie), its options in the order given.
    """
    options = [frozenset(e.item for e in o) for o in problem.options]
    found: list[tuple[Fraction, int, int]] = []

    def walk(active: list[str], alive: list[int], chance: Fraction, weight: int, total: int) -> None:
        total += weight  # this node stands for ``weight`` nodes of its level
        if not active:
            found.append((chance, total, weight))
            return
        counts = [sum(1 for k in alive if item in options[k]) for item in active]
        item = active[counts.index(min(counts))]
        children = [k for k in alive if item in options[k]]
        if not children:
            found.append((chance, total, 0))
            return
        d = len(children)
        for k in children:
            rest = [i for i in active if i not in options[k]]
            still = [j for j in alive if not options[j] & options[k]]
            walk(rest, still, chance / d, weight * d, total)

    walk(list(problem.primary), list(range(len(options))), Fraction(1), 1, 0)
    return found


TINY = [
    ("knuth", lambda: examples.load("knuth_exact_cover").problem),
    ("langford 3", lambda: langford(3)),
    ("langford 4", lambda: langford(4)),
    ("langford 5", lambda: langford(5)),
    ("queens 4", lambda: queens(4)),
    ("queens 5", lambda: queens(5)),
    ("queens 6", lambda: queens(6)),
]


@pytest.mark.parametrize("name, build", TINY, ids=[name for name, _ in TINY])
@pytest.mark.parametrize("engine", ["x", "sticker"])
def test_exact_expectation_is_the_engines_node_count(name, build, engine):
    problem = build()
    counted = make_engine(problem, engine)
    solutions = counted.count()
    every = list(paths(problem, engine))
    assert sum(p.probability for p in every) == 1
    assert expected_nodes(problem, engine) == counted.stats.nodes
    assert sum(p.probability * p.solutions for p in every) == solutions


@pytest.mark.parametrize("name, build", TINY, ids=[name for name, _ in TINY])
def test_paths_match_a_tree_built_on_sets(name, build):
    problem = build()
    ours = [(p.probability, p.nodes, p.solutions) for p in paths(problem, "x")]
    assert ours == set_tree_paths(problem)


@pytest.mark.parametrize("engine", ["sticker", "outside"])
def test_colour_problems_and_conflict_nodes_are_estimated_exactly(engine):
    problem = examples.load("knuth_tiny_colours").problem
    counted = make_engine(problem, engine)
    counted.count()
    assert expected_nodes(problem, engine) == counted.stats.nodes
    if engine == "outside":
        assert counted.stats.conflicts > 0  # the rejected options are nodes, and the walk counts them


def test_a_colour_problem_with_conflicts_in_the_outside_engine():
    problem = Problem(["A", "B", "C"], ["X"], ["A X:1", "A X:2", "B X:1", "B X:2", "C", "B C X:2"])
    for engine in ("sticker", "outside"):
        counted = make_engine(problem, engine)
        counted.count()
        assert expected_nodes(problem, engine) == counted.stats.nodes
    assert make_engine(problem, "outside").count() == make_engine(problem, "sticker").count()


# ---- the estimate: averages, seeds, the engine left as it was --------------------------------


@pytest.mark.parametrize(
    "build, samples, tolerance",
    [(lambda: queens(8), 3000, 0.05), (lambda: langford(7), 3000, 0.10), (lambda: queens(10), 2000, 0.10)],
)
@pytest.mark.slow
def test_the_mean_of_many_estimates_approaches_the_real_count(build, samples, tolerance):
    problem = build()
    engine = make_engine(problem, "x")
    solutions = engine.count()
    result = estimate(problem, samples, seed=2024, engine="x")
    assert abs(result.nodes / engine.stats.nodes - 1) < tolerance
    assert abs(result.solutions / solutions - 1) < 2 * tolerance
    assert result.running_mean()[-1] == pytest.approx(result.nodes)
    assert len(result.probes) == samples


def test_estimates_vary_from_path_to_path_but_a_seed_repeats_them():
    a = estimate(queens(8), 50, seed=1)
    b = estimate(queens(8), 50, seed=1)
    c = estimate(queens(8), 50, seed=2)
    assert a.probes == b.probes
    assert a.probes != c.probes
    assert len({p.nodes for p in a.probes}) > 1


def test_a_probe_keeps_the_child_it_took_at_each_depth():
    """Probe.choices: one child number per depth above the leaf, within its degree; following them as a pick
    walks the same path again (notebook 9 sorts the 3 x 20 paths by their child at the root)."""
    for p in estimate(queens(8), 50, seed=1, engine="x").probes:
        assert len(p.choices) == len(p.degrees) - 1
        assert all(0 <= k < d for k, d in zip(p.choices, p.degrees))
        again = iter(p.choices)
        assert probe(make_engine(queens(8), "x"), lambda d, again=again: next(again)) == p
    assert [p.choices for p in paths(queens(4), "x")][:2] == [(0, 0), (0, 1, 0)]  # 09 names the second (0, 1, 0)


def test_probe_arithmetic():
    leaf = Probe((3, 2, 0), solution=True)
    assert leaf.nodes == 1 + 3 + 3 * 2
    assert leaf.solutions == 6
    assert leaf.probability == Fraction(1, 6)
    dead = Probe((4, 0), solution=False)
    assert dead.nodes == 5 and dead.solutions == 0


def links(engine):
    return [list(a) for a in (engine.llink, engine.rlink, engine.ulink, engine.dlink, engine.len, engine.color)]


@pytest.mark.parametrize("engine_name", ["x", "sticker", "outside"])
def test_the_engine_is_left_in_its_start_state(engine_name):
    problem = examples.load("knuth_tiny_colours").problem if engine_name != "x" else queens(6)
    engine = make_engine(problem, engine_name)
    engine.count()
    before, stats = links(engine), engine.stats
    result = estimate(engine, 200, seed=5)
    assert links(engine) == before
    assert engine.stats is stats and engine.level == 0
    assert not engine.sanity()
    assert engine.count() == stats.solutions and engine.stats.nodes == stats.nodes
    assert result.nodes > 0


def test_an_observer_hears_nothing_of_the_walk():
    heard = []
    engine = make_engine(langford(4), "x", observer=lambda event, _: heard.append(event.kind))
    estimate(engine, 20, seed=0)
    assert heard == []


def test_a_bad_pick_leaves_the_engine_as_it_was():
    engine = make_engine(queens(6), "x")
    before = links(engine)
    with pytest.raises(ProblemError, match=r"pick\(6\) gave 6"):
        probe(engine, lambda d: d)
    assert links(engine) == before
    picks = iter([0, 0, 99])
    with pytest.raises(ProblemError, match="gave 99"):
        probe(engine, lambda d: next(picks))
    assert links(engine) == before


def test_no_walk_while_the_engine_searches():
    engine = make_engine(queens(6), "x")
    search = engine.solutions()
    next(search)
    with pytest.raises(RuntimeError, match="searching"):
        estimate(engine, 1)
    search.close()
    assert estimate(engine, 1).probes


@pytest.mark.parametrize("samples", [0, -3, 1.5, True, "10"])
def test_samples_must_be_a_positive_whole_number(samples):
    with pytest.raises(ProblemError, match="samples must be a positive number"):
        estimate(queens(4), samples)


def test_only_engines_with_links_can_be_walked():
    with pytest.raises(ProblemError, match="pure-Python engine"):
        estimate("queens", 1)  # type: ignore[arg-type]
