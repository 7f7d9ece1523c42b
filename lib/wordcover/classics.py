"""Classic exact cover problems, for tests, benchmarks and notebooks.

* ``queens(n)``: rows and columns primary, diagonals secondary (TAOCP 7.2.2.1);
* ``langford(n)``: Langford pairs as plain exact cover (each arrangement and its reversal);
* ``pentominoes(rows, cols)``: the twelve pentominoes in a box, every orientation;
* ``sudoku(givens)``: a 9x9 Sudoku, cells and digits as Knuth models them (TAOCP 7.2.2.1).

Beside each model, a function reads a solution back in the puzzle's own terms:
``langford_sequence``, ``pentomino_pieces``, ``sudoku_grid``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import ProblemError
from .problem import Problem


def queens(n: int) -> Problem:
    """n queens: an option per square covers its row, its column and its two diagonals."""
    if n < 1:
        raise ProblemError(f"n must be positive, got {n}")
    rows = [f"R{r}" for r in range(n)]
    cols = [f"C{c}" for c in range(n)]
    diagonals = [f"A{s}" for s in range(2 * n - 1)] + [f"B{d}" for d in range(2 * n - 1)]
    options = [[f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"] for r in range(n) for c in range(n)]
    return Problem(rows + cols, diagonals, options, labels=[(r, c) for r in range(n) for c in range(n)])


def langford(n: int) -> Problem:
    """Langford pairs: number i in slots j and j+i+1, every number once, every slot once."""
    if n < 1:
        raise ProblemError(f"n must be positive, got {n}")
    items = [str(i) for i in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)]
    options = [[str(i), f"s{j}", f"s{j + i + 1}"] for i in range(1, n + 1) for j in range(1, 2 * n - i)]
    return Problem(items, [], options)


def langford_sequence(problem: Problem, solution: Iterable[int]) -> list[int]:
    """The numbers slot by slot (0 for an empty slot) of a Langford solution given as option indices."""
    slots = [0] * ((len(problem.primary) // 3) * 2)
    for k in solution:
        number, *where = (e.item for e in problem.options[k])
        for slot in where:
            slots[int(slot[1:]) - 1] = int(number)
    return slots


PENTOMINOES = {  # each shape as (row, column) cells, in one orientation
    "F": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "N": ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "V": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "W": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Y": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
}


def orientations(cells) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations and reflections of a shape, each moved to the top left corner."""
    found = set()
    for flip in (False, True):
        shape = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            top, left = min(r for r, _ in shape), min(c for _, c in shape)
            found.add(tuple(sorted((r - top, c - left) for r, c in shape)))
    return sorted(found)


def pentominoes(rows: int = 6, cols: int = 10) -> Problem:
    """The twelve pentominoes in a rows x cols box (60 cells): pieces and cells are all primary."""
    if rows * cols != 60:
        raise ProblemError(f"twelve pentominoes cover 60 cells, not {rows}x{cols} = {rows * cols}")
    cells = [f"{r}-{c}" for r in range(rows) for c in range(cols)]
    options, labels = [], []
    for piece, shape in PENTOMINOES.items():
        for form in orientations(shape):
            height = max(r for r, _ in form) + 1
            width = max(c for _, c in form) + 1
            for r in range(rows - height + 1):
                for c in range(cols - width + 1):
                    options.append([piece] + [f"{r + dr}-{c + dc}" for dr, dc in form])
                    labels.append((piece, r, c, form))
    return Problem(list(PENTOMINOES) + cells, [], options, labels=labels)


def pentomino_pieces(problem: Problem, solution: Iterable[int]) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """Each placed piece of a pentomino solution as (letter, its cells as (row, column) pairs)."""
    pieces = []
    for k in solution:
        piece, r, c, form = problem.label(k)
        pieces.append((piece, tuple((r + dr, c + dc) for dr, dc in form)))
    return pieces


SUDOKU_DIGITS = "123456789"
SUDOKU_BLANKS = ".0"


def sudoku_box(r: int, c: int) -> int:
    """The 3x3 box (0..8, left to right, top to bottom) that holds row r, column c."""
    return 3 * (r // 3) + c // 3


def read_sudoku(givens: str | Sequence[str]) -> list[str]:
    """Nine rows of nine characters, a digit or '.', from 81 characters or 9 strings ('.' or '0' for a blank).

    A string may hold blanks and line breaks between its 81 characters; they are skipped.
    """
    if isinstance(givens, str):
        text = "".join(givens.split())
        if len(text) != 81:
            raise ProblemError(f"a Sudoku needs 81 cells, got {len(text)} characters (blanks and line breaks apart)")
        rows = [text[9 * r : 9 * r + 9] for r in range(9)]
    else:
        try:
            rows = list(givens)
        except TypeError:
            raise ProblemError(f"give a Sudoku as 81 characters or 9 strings, not {type(givens).__name__}") from None
        if len(rows) != 9:
            raise ProblemError(f"a Sudoku has 9 rows, got {len(rows)}")
        for r, row in enumerate(rows, 1):
            if not isinstance(row, str) or len(row) != 9:
                raise ProblemError(f"row {r} of the Sudoku must be a string of 9 characters, got {row!r}")
    grid = []
    for r, row in enumerate(rows, 1):
        for c, ch in enumerate(row, 1):
            if ch not in SUDOKU_DIGITS and ch not in SUDOKU_BLANKS:
                raise ProblemError(f"row {r} column {c} of the Sudoku holds {ch!r}; use the digits 1-9, '.' or '0'")
        grid.append(row.replace("0", "."))
    seen: dict[tuple[str, int, str], tuple[int, int]] = {}  # (unit kind, unit number, digit) -> the cell
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            for unit, number in (("row", r), ("column", c), ("box", sudoku_box(r, c))):
                other = seen.setdefault((unit, number, ch), (r, c))
                if other != (r, c):
                    raise ProblemError(
                        f"the givens clash: {ch} at row {other[0] + 1} column {other[1] + 1} "
                        f"and at row {r + 1} column {c + 1}, in the same {unit}"
                    )
    return grid


def sudoku(givens: str | Sequence[str]) -> Problem:
    """A 9x9 Sudoku as exact cover (TAOCP 7.2.2.1): an option puts digit d in row r, column c.

    Its items, all primary: ``p{r}{c}`` (the cell is filled), ``r{r}{d}``, ``c{c}{d}`` and
    ``b{b}{d}`` (row r, column c, box b holds d), rows, columns and boxes counted from 0.
    A given cell has one option, its own digit; a blank cell has nine. Labels are (r, c, d).
    """
    grid = read_sudoku(givens)
    cells = [f"p{r}{c}" for r in range(9) for c in range(9)]
    units = [f"{kind}{u}{d}" for kind in "rcb" for u in range(9) for d in SUDOKU_DIGITS]
    options, labels = [], []
    for r in range(9):
        for c in range(9):
            digits = SUDOKU_DIGITS if grid[r][c] == "." else grid[r][c]
            for d in digits:
                options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{sudoku_box(r, c)}{d}"])
                labels.append((r, c, int(d)))
    return Problem(cells + units, [], options, labels=labels)


def sudoku_grid(problem: Problem, solution: Iterable[int]) -> list[str]:
    """The nine rows of a Sudoku solution (option indices) as strings; cells it leaves open show '.'."""
    grid = [["."] * 9 for _ in range(9)]
    for k in solution:
        r, c, d = problem.label(k)
        grid[r][c] = str(d)
    return ["".join(row) for row in grid]
