"""Pictures of grids and puzzles: a word-search grid with its placements marked, a printable page, and the
compatibility of placements behind the clique count.

Each picture is described once (``grid_picture``, ``puzzle_picture``, ``compatibility_picture`` build a
:class:`~wordcover.views.picture.Picture`); ``grid_figure``, ``puzzle_page`` and ``compatibility_figure`` draw it
with matplotlib where it is installed and otherwise give the Picture, which shows itself as SVG. ``draw_grid``
draws the grid's panel on a matplotlib Axes; saving a PNG or PDF page needs matplotlib.
"""

from __future__ import annotations

import pathlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..atomic_file import replacing, write_file
from ..errors import PuzzleError
from ..generator import Puzzle
from ..word_search import Placement
from ._figure import figure_or_picture
from .colours import spread_colours
from .picture import MONO, Legend, LegendEntry, Line, Panel, Picture, Rect, Text, Ticks

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..word_search import WordSearch

PAGE = (8.27, 11.69)  # A4 portrait, inches
STROKE_ALPHA = 0.45  # a placement's stroke over the letters: light enough to read them through


def legend_labels(placements: Sequence[Placement]) -> list[str]:
    """A label per placement: the word, with its start and direction when the word is marked more than once."""
    counts: dict[str, int] = {}
    for p in placements:
        counts[p.word] = counts.get(p.word, 0) + 1
    return [str(p) if counts[p.word] > 1 else p.word for p in placements]


def grid_panel(
    grid: Sequence[str],
    placements: Sequence[Placement] = (),
    legend: bool = True,
    labels: Sequence[str] | None = None,
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0),
    figure_width: float = 5.0,
) -> Panel:
    """Letters in cells ('.' left empty) and each placement as a rounded translucent stroke, in a panel at
    ``bounds`` of a picture ``figure_width`` inches wide (the letters and strokes follow the cell's size).

    Placements that touch get colours far apart; a placement on the very cells of an earlier one (a palindrome
    read back) is drawn narrower inside it, so both show. ``labels`` name the placements in the legend.
    """
    rows, cols = len(grid), len(grid[0])
    panel = Panel(bounds, (-0.5, cols - 0.5), (rows - 0.5, -0.5), aspect="equal")
    for r in range(rows + 1):
        panel.add(Line((-0.5, cols - 0.5), (r - 0.5, r - 0.5), colour="0.85", width=0.6, zorder=0))
    for c in range(cols + 1):
        panel.add(Line((c - 0.5, c - 0.5), (-0.5, rows - 0.5), colour="0.85", width=0.6, zorder=0))
    # letter size and stroke width follow the cell size in points
    cell_pt = 72 * bounds[2] * figure_width / max(rows, cols)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != ".":
                panel.add(Text(c, r, ch, size=0.55 * cell_pt, family=MONO, zorder=3))
    entries = []
    colours = spread_colours([p.cells for p in placements], STROKE_ALPHA)
    before: dict[frozenset[tuple[int, int]], int] = {}  # strokes already drawn on exactly these cells
    for p, colour, label in zip(placements, colours, labels or legend_labels(placements)):
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
        inside = before.get(frozenset(p.cells), 0)
        before[frozenset(p.cells)] = inside + 1
        width = 0.8 * cell_pt * 0.5**inside
        panel.add(Line((c0, c1), (r0, r1), colour=colour, width=width, alpha=STROKE_ALPHA, cap="round", zorder=2))
        entries.append(LegendEntry(label, colour, width=6, alpha=0.6, cap="round"))
    if legend and entries:
        panel.legend = Legend(tuple(entries), size=9, anchor=(1.02, 1.0))
    return panel


def draw_grid(
    ax: Axes,
    grid: Sequence[str],
    placements: Sequence[Placement] = (),
    legend: bool = True,
    labels: Sequence[str] | None = None,
) -> None:
    """The grid's panel (see :func:`grid_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel, figure_of

    left, bottom, width, height = ax.get_position().bounds
    bounds = (left, bottom, width, height)
    panel = grid_panel(grid, placements, legend, labels, bounds, figure_of(ax).get_figwidth())
    draw_panel(ax, panel)


def _grid_caption(grid: Sequence[str], labels: Sequence[str]) -> str:
    marked = f", marked: {', '.join(labels)}" if labels else ""
    return f"a word-search grid of {len(grid)} rows and {len(grid[0])} columns{marked}"


def grid_picture(
    grid: Sequence[str], placements: Sequence[Placement] = (), size: float = 5.0, labels: Sequence[str] | None = None
) -> Picture:
    """A square picture of one grid, with a legend beside it when words are marked (``labels`` name them)."""
    wide = 1.45 if placements else 1.0
    picture = Picture(size * wide, size)
    picture.add_panel(grid_panel(grid, placements, True, labels, (0.03, 0.03, 0.94 / wide, 0.94), size * wide))
    picture.caption = _grid_caption(grid, list(labels or legend_labels(placements)))
    return picture


def grid_figure(
    grid: Sequence[str], placements: Sequence[Placement] = (), size: float = 5.0, labels: Sequence[str] | None = None
) -> Figure | Picture:
    """:func:`grid_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(grid_picture(grid, placements, size, labels))


def puzzle_picture(puzzle: Puzzle, key: bool = False, title: str | None = None) -> Picture:
    """An A4 page: the grid (with the words marked when ``key``) and the word list below it."""
    heading = title or ("Answer key" if key else "Word search")
    picture = Picture(*PAGE, caption=f"{heading}: a {puzzle.rows} x {puzzle.cols} grid and {len(puzzle.words)} words")
    picture.overlay.append(Text(0.5, 0.955, heading, size=20, ha="center", va="top", weight="bold"))
    cell = min(0.84 * PAGE[0] / puzzle.cols, 0.6 * PAGE[1] / puzzle.rows)  # inches per cell
    width, height = cell * puzzle.cols / PAGE[0], cell * puzzle.rows / PAGE[1]
    bounds = ((1 - width) / 2, 0.92 - height, width, height)
    picture.add_panel(grid_panel(puzzle.grid, puzzle.placements if key else (), False, None, bounds, PAGE[0]))
    columns = 3
    per_column = -(-len(puzzle.words) // columns)
    top = 0.88 - height
    for k, word in enumerate(sorted(puzzle.words)):
        x, y = 0.12 + 0.28 * (k // per_column), top - 0.03 * (k % per_column)
        picture.overlay.append(Text(x, y, word, size=13, ha="left", va="top", family=MONO))
    return picture


def puzzle_page(puzzle: Puzzle, key: bool = False, title: str | None = None) -> Figure | Picture:
    """:func:`puzzle_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(puzzle_picture(puzzle, key, title))


def save_puzzle(puzzle: Puzzle, path: str | pathlib.Path, key: bool = False) -> None:
    """Save as .txt (letters only; with ``key`` the key grid), .png (one page) or .pdf (puzzle and key pages).

    A .png or .pdf page needs matplotlib: without it, :class:`~wordcover.errors.ExtraNeeded` before any file is
    touched.
    """
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix == ".txt":
        write_file(path, puzzle.text(key))
    elif suffix == ".png":
        from ._render_mpl import picture_figure  # matplotlib writes the file: without it, ExtraNeeded

        with replacing(path, binary=True) as handle:
            page = picture_figure(puzzle_picture(puzzle, key=key))
            page.savefig(handle, format="png", dpi=100, metadata={"Software": None})
    elif suffix == ".pdf":
        from ._matplotlib import PdfPages
        from ._render_mpl import picture_figure

        no_dates = {"CreationDate": None, "ModDate": None, "Producer": None}
        with replacing(path, binary=True) as handle, PdfPages(handle, metadata=no_dates) as pdf:
            if not key:
                pdf.savefig(picture_figure(puzzle_picture(puzzle)))
            pdf.savefig(picture_figure(puzzle_picture(puzzle, key=True)))
    else:
        raise PuzzleError(f"cannot save {path.name}: use a .txt, .png or .pdf file name")


def compatibility_picture(ws: WordSearch, solution: Sequence[int] = ()) -> Picture:
    """Every pair of placements of different words, dark where they agree on the cells they share.

    The placements are grouped by word; a solution is one placement per word with every pair agreeing, and
    ``solution`` (option indices) is outlined in red, beside its grid.
    """
    from ..cliques import compatibility

    compatible, _ = compatibility(ws)
    groups = [[k for k, p in enumerate(ws.placements) if p.word == w] for w in ws.words]
    order = [k for group in groups for k in group]
    where = {k: n for n, k in enumerate(order)}
    word_of = {k: a for a, group in enumerate(groups) for k in group}
    index_in = {k: n for group in groups for n, k in enumerate(group)}
    size = len(order)
    picture = Picture(10.0, 5.4, caption="which pairs of placements agree on the cells they share, with a solution")
    chosen = list(solution)
    grid = ws.grid(chosen) if chosen else ["." * ws.cols] * ws.rows
    bounds = (0.01, 0.3, 0.24, 0.45)
    panel = picture.add_panel(grid_panel(grid, ws.decode(chosen), False, None, bounds, picture.width))
    panel.title, panel.title_size = "a solution: one placement per word", 10
    note = (
        "dark: the two placements agree\non every cell they share\nwhite: they clash\ngrey: the same word"
        "\nred: the solution's pairs"
    )
    picture.overlay.append(Text(0.01, 0.2, note, size=9, ha="left", va="top"))
    matrix = picture.add_panel(Panel((0.36, 0.04, 0.62, 0.78), (0, size), (size, 0), aspect="equal"))
    for k in order:
        for m in order:
            a, b = word_of[k], word_of[m]
            if a == b:
                face = "0.93"  # two placements of one word: never together (one primary item)
            elif compatible[a][b][index_in[k], index_in[m]]:
                face = "0.25"
            else:
                face = "white"
            matrix.add(Rect(where[m], where[k], 1, 1, face=face, edge="0.8", edge_width=0.3))
    for k in chosen:
        for m in chosen:
            if k != m:
                matrix.add(Rect(where[m], where[k], 1, 1, face="#cc0000", edge="0.8", edge_width=0.3, zorder=3))
    edge = 0
    for group in groups[:-1]:
        edge += len(group)
        matrix.add(Line((0, size), (edge, edge), colour="0.3", width=1.2))
        matrix.add(Line((edge, edge), (0, size), colour="0.3", width=1.2))
    labels = tuple(
        f"{ws.placements[k].word} ({ws.placements[k].row},{ws.placements[k].col}) {ws.placements[k].direction}"
        for k in order
    )
    colours = tuple("#cc0000" if k in chosen else "black" for k in order)
    middles = tuple(n + 0.5 for n in range(size))
    matrix.ticks.append(Ticks("left", middles, labels, size=7, family=MONO, colours=colours))
    matrix.ticks.append(Ticks("top", middles, labels, size=7, family=MONO, rotation=90, colours=colours))
    return picture


def compatibility_figure(ws: WordSearch, solution: Sequence[int] = ()) -> Figure | Picture:
    """:func:`compatibility_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(compatibility_picture(ws, solution))
