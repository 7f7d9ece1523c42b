"""Notebook 9, the same engine everywhere: the solutions."""

from __future__ import annotations

from solutions import Verdict, attempt
from wordcover import Problem, count_solutions, make_engine
from wordcover.classics import queens
from wordcover.estimate import estimate


def six_queens() -> int:
    """4: fewer than the 10 ways for five queens, although the board is bigger.

    The counts of n queens do not grow smoothly: 1, 0, 0, 2, 10, 4, 40, 92, ... (OEIS A000170). On 6 x 6 the
    engine finds four boards, and they are all one board seen in the eight ways a square can be turned and
    mirrored: that board looks the same turned half round, so its eight views are only four different boards.
    """
    return make_engine(queens(6), "x").count()


def sudoku4(givens: str) -> Problem:
    """A 4 x 4 Sudoku (digits 1-4, four 2 x 2 boxes) is the 9 x 9 model with 4 in place of 9.

    An option puts digit d in row r, column c and covers four primary items: the cell (p), digit d in row r (r),
    in column c (c) and in box b (b), b = 2 * (r // 2) + c // 2. A given cell keeps only its own digit's
    option; a blank cell has four. With no givens there are 288 solutions, OEIS A107739's count of 4 x 4 grids.
    """
    cells = "".join(givens.split())
    items = [f"p{r}{c}" for r in range(4) for c in range(4)]
    items += [f"{kind}{u}{d}" for kind in "rcb" for u in range(4) for d in "1234"]
    options, labels = [], []
    for r in range(4):
        for c in range(4):
            given = cells[4 * r + c]
            for d in "1234" if given in ".0" else given:
                box = 2 * (r // 2) + c // 2
                options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{box}{d}"])
                labels.append((r, c, int(d)))
    return Problem(items, [], options, labels=labels)


def langford_doubled() -> str:
    """a: reading a Langford arrangement from right to left gives another arrangement.

    If the two k's are k + 1 slots apart, they still are when the row is reversed, so the reversal is a solution
    too, and never the same row: a row equal to its reversal has each pair at slots j and 2n + 1 - j, an odd
    distance apart, but the two 1's are 2 apart. The exact cover model has an option for every placement, so it
    finds both; OEIS A014552 counts an arrangement and its reversal once. Halving the model's count gives the
    published figure.
    """
    return "a"


def langford_doubled_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "b": "Every solution the engine reports is a different set of options; the two of a pair are different "
        "rows, each the other's reversal.",
        "c": "Every slot holds a number in a Langford arrangement, so the slots are rightly primary; as secondary "
        "items they would admit rows with empty slots, not halve the count.",
    }


def estimate_varies() -> str:
    """b: each run follows one random path, but every path is weighted by one over its chance.

    A node at depth k is reached with probability 1 / (d_1 ... d_k), and when it is reached it adds
    d_1 ... d_k to the estimate: on average it adds exactly 1, so the expected estimate is the number of
    nodes. Different paths give different numbers (a path into a big subtree says "big"), so the single
    estimates vary; their mean settles on the real count.
    """
    return "b"


def estimate_varies_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "The engine chooses the item with the fewest options, ties to the first: the tree is the same on "
        "every run; only the random paths through it differ.",
        "c": "The estimate is unbiased: on average it equals the number of nodes, so there is no factor to cancel "
        "(and a fixed factor would survive an average anyway).",
    }


def dominoes(rows: int, cols: int) -> Problem:
    """Domino tilings as exact cover: the cells are the primary items, each domino an option of two cells.

    Every cell must be covered exactly once, so every cell is primary; a domino is a cell with its right-hand
    neighbour or with the one below it, and no other option is needed: every tiling is a set of such dominoes.
    """
    cells = [f"r{r}c{c}" for r in range(rows) for c in range(cols)]
    options = [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [[f"r{r}c{c}", f"r{r + 1}c{c}"] for r in range(rows - 1) for c in range(cols)]
    return Problem(cells, [], options)


def tilings(rows: int, cols: int) -> int:
    """Domino tilings counted row by row, with no exact cover at all: the independent count the check uses.

    Fill the board cell by cell; a bitmask remembers which cells of the next row are already covered by vertical
    dominoes hanging down from this one. This is the classic "broken profile" count, and it gives the published
    numbers of OEIS A099390 (36 for 4 x 4, 95 for 4 x 5, 6,728 for 6 x 6).
    """
    ways = {0: 1}  # mask of cells in the current row already covered -> number of ways
    for _ in range(rows):
        for c in range(cols):
            after: dict[int, int] = {}
            for mask, n in ways.items():
                if mask & (1 << c):  # covered from above: pass on, and free the cell for the next row
                    after[mask & ~(1 << c)] = after.get(mask & ~(1 << c), 0) + n
                    continue
                down = mask | (1 << c)  # a vertical domino reaches into the next row
                after[down] = after.get(down, 0) + n
                if c + 1 < cols and not mask & (1 << (c + 1)):  # a horizontal domino covers c and c + 1
                    side = mask | (1 << (c + 1))
                    after[side] = after.get(side, 0) + n
            ways = after
    return ways.get(0, 0)


BOARDS = [(2, 2), (2, 3), (3, 4), (4, 4), (4, 5), (6, 6)]


def check_dominoes(model) -> Verdict:
    """Count the tilings of six boards with a learner's model and compare them with :func:`tilings`."""
    for rows, cols in BOARDS:
        ran, counted = attempt(
            lambda r, c: count_solutions(model(r, c), "x"), rows, cols, what="dominoes above",
            where=f"on a {rows} x {cols} board the model",
        )  # fmt: skip
        if not ran:
            return Verdict(False)
        right = tilings(rows, cols)
        if counted != right:
            print(f"✗ Not yet: on a {rows} x {cols} board your model has {counted:,} solution{'s' * (counted != 1)}; "
                  f"counted row by row there are {'more' if right > counted else 'fewer'}.")  # fmt: skip
            return Verdict(False)
    guess = estimate(model(6, 6), 300, seed=2024, engine="x")
    print(
        f"✓ Right on all {len(BOARDS)} boards. For 6 x 6 your model's estimate from 300 paths was "
        f"{guess.nodes:,.0f} nodes and {guess.solutions:,.0f} solutions; the count is {tilings(6, 6):,}."
    )
    return Verdict(True)
