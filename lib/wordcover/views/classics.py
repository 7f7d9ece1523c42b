"""Pictures of the classic puzzles: tilings of pentominoes and Sudoku grids.

Each picture is described once (``tiling_panel``, ``sudoku_panel`` build a
:class:`~wordcover.views.picture.Panel`; ``tiling_picture``, ``sudoku_picture`` a
:class:`~wordcover.views.picture.Picture`); ``tiling_figure`` and ``sudoku_figure`` draw it with matplotlib where it
is installed and otherwise give the Picture, which shows itself as SVG. ``draw_tiling`` and ``draw_sudoku`` draw the
panel on a matplotlib Axes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import PuzzleError
from ._figure import figure_or_picture
from .picture import PT_PER_INCH, Line, Panel, Picture, Rect, Text
from .trees import title_room

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

Bounds = tuple[float, float, float, float]
Pieces = Sequence[tuple[str, Sequence[tuple[int, int]]]]

# matplotlib's tab20, the colours the tilings have always had: a piece takes the next one
TAB20 = (
    "#1f77b4", "#aec7e8", "#ff7f0e", "#ffbb78", "#2ca02c", "#98df8a", "#d62728", "#ff9896", "#9467bd", "#c5b0d5",
    "#8c564b", "#c49c94", "#e377c2", "#f7b6d2", "#7f7f7f", "#c7c7c7", "#bcbd22", "#dbdb8d", "#17becf", "#9edae5",
)  # fmt: skip
BORDER = "0.15"  # the heavy line where two pieces meet
GIVEN, FILLED = "black", "#1f4e9c"  # a Sudoku's givens, and the digits the search filled in


def _cell_points(bounds: Bounds, page: tuple[float, float], across: float, down: float) -> float:
    """The side in points of a data unit of an equal-aspect panel ``across`` x ``down`` units at ``bounds``."""
    width, height = bounds[2] * page[0] * PT_PER_INCH, bounds[3] * page[1] * PT_PER_INCH
    return min(width / across, height / down)


def tiling_panel(rows: int, cols: int, pieces: Pieces, bounds: Bounds, page: tuple[float, float]) -> Panel:
    """A rows x cols board tiled by pieces, each given as (name, cells as (row, column) pairs), in a panel at
    ``bounds`` of a page ``page`` inches (width, height).

    Every piece gets its own colour and its name in the cell nearest its middle, in bold at half a cell; a heavy
    line runs wherever two pieces (or a piece and the edge of the board) meet.
    """
    panel = Panel(bounds, (-0.1, cols + 0.1), (rows + 0.1, -0.1), aspect="equal", frame=False)
    cell_pt = _cell_points(bounds, page, cols + 0.2, rows + 0.2)
    owner: dict[tuple[int, int], int] = {}
    names = []
    for n, (name, cells) in enumerate(pieces):
        for r, c in cells:
            if not (0 <= r < rows and 0 <= c < cols):
                raise PuzzleError(f"piece {name} has cell ({r}, {c}) outside the {rows}x{cols} board")
            owner[(r, c)] = n
            panel.add(Rect(c, r, 1, 1, face=TAB20[n % len(TAB20)]))
        mid_r = sum(r for r, _ in cells) / len(cells)
        mid_c = sum(c for _, c in cells) / len(cells)
        r, c = min(cells, key=lambda cell: (cell[0] - mid_r) ** 2 + (cell[1] - mid_c) ** 2)
        names.append(Text(c + 0.5, r + 0.5, name, size=round(0.5 * cell_pt, 1), weight="bold"))
    for r in range(rows):
        for c in range(cols):
            here = owner.get((r, c))
            edges = []
            if c == 0:
                edges.append(((0, 0), (r, r + 1)))
            if r == 0:
                edges.append(((c, c + 1), (0, 0)))
            if c + 1 == cols or owner.get((r, c + 1)) != here:
                edges.append(((c + 1, c + 1), (r, r + 1)))
            if r + 1 == rows or owner.get((r + 1, c)) != here:
                edges.append(((c, c + 1), (r + 1, r + 1)))
            for xs, ys in edges:
                panel.add(Line(xs, ys, colour=BORDER, width=2.0, cap="round"))
    panel.add(*names)
    return panel


def draw_tiling(ax: Axes, rows: int, cols: int, pieces: Pieces) -> None:
    """The tiling's panel (see :func:`tiling_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel, figure_of

    fig = figure_of(ax)
    bounds = ax.get_position().bounds
    draw_panel(ax, tiling_panel(rows, cols, pieces, bounds, (fig.get_figwidth(), fig.get_figheight())))


def _titled(picture: Picture, panel: Panel, title: str) -> None:
    """``panel`` on the page, with ``title`` centred over it (room for it was left at the top of the page)."""
    if title:
        panel.title, panel.title_size = title, TITLE_SIZE
    picture.add_panel(panel)


TITLE_SIZE = 11.0  # points: a board's title


def _title_inches(title: str) -> float:
    return (title_room(TITLE_SIZE) + 2) / 72 if title else 0.0


def tiling_picture(rows: int, cols: int, pieces: Pieces, width: float = 9.0, title: str = "") -> Picture:
    """A tiling (see :func:`tiling_panel`) ``width`` inches wide, as tall as the board needs, ``title`` over it."""
    side = 0.98 * width / (cols + 0.2)  # inches a cell
    board = side * (rows + 0.2) / 0.94
    room = _title_inches(title)
    height = round(board + room, 2)
    names = " ".join(name for name, _ in pieces)
    caption = f"{title + ': ' if title else ''}a {rows} x {cols} board tiled by {len(pieces)} pieces: {names}"
    picture = Picture(width, height, caption=caption)
    bounds = (0.01, 0.03 * board / height, 0.98, 0.94 * board / height)
    _titled(picture, tiling_panel(rows, cols, pieces, bounds, (width, height)), title)
    return picture


def tiling_figure(rows: int, cols: int, pieces: Pieces, width: float = 9.0, title: str = "") -> Figure | Picture:
    """:func:`tiling_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(tiling_picture(rows, cols, pieces, width, title))


def sudoku_panel(
    grid: Sequence[str], bounds: Bounds, page: tuple[float, float], givens: Sequence[str] | None = None
) -> Panel:
    """A 9x9 Sudoku in a panel at ``bounds`` of a page ``page`` inches: the givens in bold black, the digits the
    search filled in blue, '.' (or '0') left empty; heavy lines round the boxes."""
    panel = Panel(bounds, (0, 9), (9, 0), aspect="equal", frame=False)
    for k in range(10):
        width = 2.0 if k % 3 == 0 else 0.6
        panel.add(Line((k, k), (0, 9), colour="0.2", width=width))
        panel.add(Line((0, 9), (k, k), colour="0.2", width=width))
    size = round(0.55 * _cell_points(bounds, page, 9, 9), 1)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in ".0":
                continue
            given = givens is not None and givens[r][c] == ch
            colour = GIVEN if given or givens is None else FILLED
            panel.add(Text(c + 0.5, r + 0.5, ch, size, colour=colour, weight="bold" if given else "normal"))
    return panel


def draw_sudoku(ax: Axes, grid: Sequence[str], givens: Sequence[str] | None = None) -> None:
    """The Sudoku's panel (see :func:`sudoku_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel, figure_of

    fig = figure_of(ax)
    bounds = ax.get_position().bounds
    draw_panel(ax, sudoku_panel(grid, bounds, (fig.get_figwidth(), fig.get_figheight()), givens))


def sudoku_picture(
    grid: Sequence[str], givens: Sequence[str] | None = None, size: float = 3.6, title: str = ""
) -> Picture:
    """A Sudoku (see :func:`sudoku_panel`) on a square ``size`` inches across, ``title`` over it."""
    filled = sum(ch not in ".0" for row in grid for ch in row)
    caption = f"a 9 x 9 Sudoku of {filled} digits"
    if givens is not None:
        given = sum(g == ch and ch not in ".0" for a, b in zip(givens, grid) for g, ch in zip(a, b))
        caption += f": {given} givens in bold black, {filled - given} filled in blue"
    room = _title_inches(title)
    height = round(size + room, 2)
    picture = Picture(size, height, caption=f"{title + ': ' if title else ''}{caption}")
    bounds = (0.02, 0.02 * size / height, 0.96, 0.96 * size / height)
    _titled(picture, sudoku_panel(grid, bounds, (size, height), givens), title)
    return picture


def sudoku_figure(
    grid: Sequence[str], givens: Sequence[str] | None = None, size: float = 3.6, title: str = ""
) -> Figure | Picture:
    """:func:`sudoku_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(sudoku_picture(grid, givens, size, title))


def langford_picture(sequence: Sequence[int], title: str = "") -> Picture:
    """A Langford arrangement: its 2n slots as boxes numbered from 1 under them, each number in its two slots, and an
    arc over each pair in the number's colour, the higher the farther apart."""
    slots = len(sequence)
    numbers = sorted(set(sequence))
    if slots != 2 * len(numbers) or any(sequence.count(k) != 2 for k in numbers):
        raise PuzzleError("a Langford arrangement holds each of its numbers twice")
    cell = 0.5  # inches a slot
    room = _title_inches(title)
    width, height = round(slots * cell + 0.4, 2), round(2.6 * cell + room, 2)
    picture = Picture(width, height, caption=f"{title + ': ' if title else ''}a Langford arrangement of {slots} slots")
    body = 2.6 * cell / height
    panel = Panel((0.2 / width, 0.0, slots * cell / width, body), (0, slots), (1.1, -1.5), aspect="equal", frame=False)
    size = 12.0
    for k in numbers:
        a, b = (j for j, x in enumerate(sequence) if x == k)
        colour = TAB20[2 * (k - 1) % len(TAB20)]
        mid, rise = (a + b) / 2 + 0.5, -0.25 - 0.22 * (b - a)
        panel.add(Line((a + 0.5, a + 0.5, mid, b + 0.5, b + 0.5), (0, rise, rise, rise, 0), colour=colour, width=1.6))
    for j, k in enumerate(sequence):
        colour = TAB20[2 * (k - 1) % len(TAB20)]
        panel.add(Rect(j, 0, 1, 1, face="white", edge="0.3", edge_width=1.0, zorder=1))
        panel.add(Text(j + 0.5, 0.5, str(k), size, colour=colour, weight="bold", zorder=3))
        panel.add(Text(j + 0.5, 1.05, f"s{j + 1}", size * 0.75, va="top", colour="0.35"))
    _titled(picture, panel, title)
    return picture


def langford_figure(sequence: Sequence[int], title: str = "") -> Figure | Picture:
    """:func:`langford_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(langford_picture(sequence, title))
