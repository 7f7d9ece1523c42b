"""Notebook 9, the same engine everywhere: the solutions."""

from __future__ import annotations

from wordcover import Problem, make_engine
from wordcover.classics import queens


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
