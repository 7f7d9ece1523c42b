"""Classic exact cover problems, for tests, benchmarks and notebooks.

* ``queens(n)``: rows and columns primary, diagonals secondary (TAOCP 7.2.2.1);
* ``langford(n)``: Langford pairs as plain exact cover (each arrangement and its reversal);
* ``pentominoes(rows, cols)``: the twelve pentominoes in a box, every orientation.
"""

from __future__ import annotations

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
