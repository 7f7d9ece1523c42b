"""Pictures of the classic puzzles: tilings of pentominoes and Sudoku grids."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import PuzzleError
from ._matplotlib import Axes
from ._render_mpl import figure_of


def draw_tiling(ax: Axes, rows: int, cols: int, pieces: Sequence[tuple[str, Sequence[tuple[int, int]]]]) -> None:
    """A rows x cols board tiled by pieces, each given as (name, cells as (row, column) pairs).

    Every piece gets its own colour and its name in the cell nearest its middle; a heavy
    line runs wherever two pieces (or a piece and the edge of the board) meet.
    """
    from matplotlib import colormaps
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Rectangle

    owner: dict[tuple[int, int], int] = {}
    cmap = colormaps["tab20"]
    width_in = ax.get_position().width * figure_of(ax).get_figwidth()
    cell_pt = 72 * width_in / cols  # the size of a cell in points, for the letters
    for n, (name, cells) in enumerate(pieces):
        for r, c in cells:
            if not (0 <= r < rows and 0 <= c < cols):
                raise PuzzleError(f"piece {name} has cell ({r}, {c}) outside the {rows}x{cols} board")
            owner[(r, c)] = n
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=cmap(n % cmap.N), edgecolor="none"))
        mid_r = sum(r for r, _ in cells) / len(cells)
        mid_c = sum(c for _, c in cells) / len(cells)
        r, c = min(cells, key=lambda cell: (cell[0] - mid_r) ** 2 + (cell[1] - mid_c) ** 2)
        ax.text(c + 0.5, r + 0.5, name, ha="center", va="center", fontsize=0.5 * cell_pt, weight="bold")
    edges = []
    for r in range(rows):
        for c in range(cols):
            here = owner.get((r, c))
            if c == 0:
                edges.append([(0, r), (0, r + 1)])
            if r == 0:
                edges.append([(c, 0), (c + 1, 0)])
            if c + 1 == cols or owner.get((r, c + 1)) != here:
                edges.append([(c + 1, r), (c + 1, r + 1)])
            if r + 1 == rows or owner.get((r + 1, c)) != here:
                edges.append([(c, r + 1), (c + 1, r + 1)])
    ax.add_collection(LineCollection(edges, colors="0.15", linewidths=2.0, capstyle="round"))
    ax.set_xlim(-0.1, cols + 0.1)
    ax.set_ylim(rows + 0.1, -0.1)
    ax.set_aspect("equal")
    ax.set_axis_off()


def draw_sudoku(ax: Axes, grid: Sequence[str], givens: Sequence[str] | None = None) -> None:
    """A 9x9 Sudoku: the givens in bold black, the digits the search filled in blue, '.' left empty."""
    ax.set_xlim(0, 9)
    ax.set_ylim(9, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for k in range(10):
        lw = 2.0 if k % 3 == 0 else 0.6
        ax.plot([k, k], [0, 9], color="0.2", lw=lw)
        ax.plot([0, 9], [k, k], color="0.2", lw=lw)
    width_in = ax.get_position().width * figure_of(ax).get_figwidth()
    cell_pt = 72 * width_in / 9
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in ".0":
                continue
            given = givens is not None and givens[r][c] == ch
            ax.text(
                c + 0.5,
                r + 0.5,
                ch,
                ha="center",
                va="center",
                fontsize=0.55 * cell_pt,
                color="black" if given or givens is None else "#1f4e9c",
                weight="bold" if given else "normal",
            )
