"""Pictures of grids and puzzles: a word-search grid with its placements marked, a printable page, and the
compatibility of placements behind the clique count."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..atomic_file import replacing, write_file
from ..errors import PuzzleError
from ..generator import Puzzle
from ..word_search import Placement
from ._matplotlib import Axes, Figure, Line2D, PdfPages
from .colours import spread_colours

if TYPE_CHECKING:
    from ..word_search import WordSearch

PAGE = (8.27, 11.69)  # A4 portrait, inches
STROKE_ALPHA = 0.45  # a placement's stroke over the letters: light enough to read them through


def figure_of(ax: Axes) -> Figure:
    """The figure an axes is drawn on (the top one, where an axes sits in a subfigure)."""
    figure = ax.figure
    while not isinstance(figure, Figure):
        figure = figure.figure
    return figure


def legend_labels(placements: Sequence[Placement]) -> list[str]:
    """A label per placement: the word, with its start and direction when the word is marked more than once."""
    counts: dict[str, int] = {}
    for p in placements:
        counts[p.word] = counts.get(p.word, 0) + 1
    return [str(p) if counts[p.word] > 1 else p.word for p in placements]


def draw_grid(
    ax: Axes,
    grid: Sequence[str],
    placements: Sequence[Placement] = (),
    legend: bool = True,
    labels: Sequence[str] | None = None,
) -> None:
    """Letters in cells ('.' left empty) and each placement as a rounded translucent stroke.

    Placements that touch get colours far apart; a placement on the very cells of an earlier one (a palindrome
    read back) is drawn narrower inside it, so both show. ``labels`` name the placements in the legend.
    """
    rows, cols = len(grid), len(grid[0])
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for r in range(rows + 1):
        ax.axhline(r - 0.5, color="0.85", lw=0.6, zorder=0)
    for c in range(cols + 1):
        ax.axvline(c - 0.5, color="0.85", lw=0.6, zorder=0)
    # letter size and stroke width follow the cell size in points
    width_in = ax.get_position().width * figure_of(ax).get_figwidth()
    cell_pt = 72 * width_in / max(rows, cols)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != ".":
                ax.text(
                    c, r, ch, ha="center", va="center", fontsize=0.55 * cell_pt, family="DejaVu Sans Mono", zorder=3
                )
    handles = []
    colours = spread_colours([p.cells for p in placements], STROKE_ALPHA)
    before: dict[frozenset[tuple[int, int]], int] = {}  # strokes already drawn on exactly these cells
    for p, colour, label in zip(placements, colours, labels or legend_labels(placements)):
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
        inside = before.get(frozenset(p.cells), 0)
        before[frozenset(p.cells)] = inside + 1
        width = 0.8 * cell_pt * 0.5**inside
        ax.plot([c0, c1], [r0, r1], color=colour, alpha=STROKE_ALPHA, lw=width, solid_capstyle="round", zorder=2)
        handles.append(Line2D([], [], color=colour, alpha=0.6, lw=6, solid_capstyle="round", label=label))
    if legend and handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=9)


def grid_figure(
    grid: Sequence[str], placements: Sequence[Placement] = (), size: float = 5.0, labels: Sequence[str] | None = None
) -> Figure:
    """A square figure of one grid, with a legend beside it when words are marked (``labels`` name them)."""
    fig = Figure(figsize=(size * 1.45 if placements else size, size))
    ax = fig.add_axes((0.03, 0.03, 0.94 / (1.45 if placements else 1.0), 0.94))
    draw_grid(ax, grid, placements, labels=labels)
    return fig


def puzzle_page(puzzle: Puzzle, key: bool = False, title: str | None = None) -> Figure:
    """An A4 page: the grid (with the words marked when ``key``) and the word list below it."""
    fig = Figure(figsize=PAGE)
    heading = title or ("Answer key" if key else "Word search")
    fig.text(0.5, 0.955, heading, ha="center", va="top", fontsize=20, weight="bold")
    cell = min(0.84 * PAGE[0] / puzzle.cols, 0.6 * PAGE[1] / puzzle.rows)  # inches per cell
    width, height = cell * puzzle.cols / PAGE[0], cell * puzzle.rows / PAGE[1]
    ax = fig.add_axes(((1 - width) / 2, 0.92 - height, width, height))
    draw_grid(ax, puzzle.grid, puzzle.placements if key else (), legend=False)
    columns = 3
    per_column = -(-len(puzzle.words) // columns)
    top = 0.88 - height
    for k, word in enumerate(sorted(puzzle.words)):
        fig.text(
            0.12 + 0.28 * (k // per_column),
            top - 0.03 * (k % per_column),
            word,
            fontsize=13,
            family="DejaVu Sans Mono",
            va="top",
        )
    return fig


def save_puzzle(puzzle: Puzzle, path: str | pathlib.Path, key: bool = False) -> None:
    """Save as .txt (letters only; with ``key`` the key grid), .png (one page) or .pdf (puzzle and key pages)."""
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix == ".txt":
        write_file(path, puzzle.text(key))
    elif suffix == ".png":
        with replacing(path, binary=True) as handle:
            puzzle_page(puzzle, key=key).savefig(handle, format="png", dpi=100, metadata={"Software": None})
    elif suffix == ".pdf":
        no_dates = {"CreationDate": None, "ModDate": None, "Producer": None}
        with replacing(path, binary=True) as handle, PdfPages(handle, metadata=no_dates) as pdf:
            if not key:
                pdf.savefig(puzzle_page(puzzle))
            pdf.savefig(puzzle_page(puzzle, key=True))
    else:
        raise PuzzleError(f"cannot save {path.name}: use a .txt, .png or .pdf file name")


def compatibility_figure(ws: WordSearch, solution: Sequence[int] = ()) -> Figure:
    """Every pair of placements of different words, dark where they agree on the cells they share.

    The placements are grouped by word; a solution is one placement per word with every pair agreeing, and
    ``solution`` (option indices) is outlined in red, beside its grid.
    """
    from matplotlib.patches import Rectangle

    from ..cliques import compatibility

    compatible, _ = compatibility(ws)
    groups = [[k for k, p in enumerate(ws.placements) if p.word == w] for w in ws.words]
    order = [k for group in groups for k in group]
    where = {k: n for n, k in enumerate(order)}
    word_of = {k: a for a, group in enumerate(groups) for k in group}
    index_in = {k: n for group in groups for n, k in enumerate(group)}
    size = len(order)
    fig = Figure(figsize=(10.0, 5.4))
    ax_grid = fig.add_axes((0.01, 0.3, 0.24, 0.45))
    chosen = list(solution)
    draw_grid(ax_grid, ws.grid(chosen) if chosen else ["." * ws.cols] * ws.rows, ws.decode(chosen), legend=False)
    ax_grid.set_title("a solution: one placement per word", fontsize=10)
    fig.text(
        0.01,
        0.2,
        "dark: the two placements agree\non every cell they share\nwhite: they clash\ngrey: the same word"
        "\nred: the solution's pairs",
        fontsize=9,
        va="top",
    )
    ax = fig.add_axes((0.36, 0.04, 0.62, 0.78))
    for k in order:
        for m in order:
            a, b = word_of[k], word_of[m]
            if a == b:
                face = "0.93"  # two placements of one word: never together (one primary item)
            elif compatible[a][b][index_in[k], index_in[m]]:
                face = "0.25"
            else:
                face = "white"
            ax.add_patch(Rectangle((where[m], where[k]), 1, 1, facecolor=face, edgecolor="0.8", lw=0.3))
    for k in chosen:
        for m in chosen:
            if k != m:
                ax.add_patch(
                    Rectangle((where[m], where[k]), 1, 1, facecolor="#cc0000", edgecolor="0.8", lw=0.3, zorder=3)
                )
    edge = 0
    for group in groups[:-1]:
        edge += len(group)
        ax.axhline(edge, color="0.3", lw=1.2)
        ax.axvline(edge, color="0.3", lw=1.2)
    labels = [
        f"{ws.placements[k].word} ({ws.placements[k].row},{ws.placements[k].col}) {ws.placements[k].direction}"
        for k in order
    ]
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)
    ax.set_aspect("equal")
    ax.set_yticks([n + 0.5 for n in range(size)], labels, fontsize=7, family="DejaVu Sans Mono")
    ax.set_xticks([n + 0.5 for n in range(size)], labels, fontsize=7, rotation=90, family="DejaVu Sans Mono")
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    for n, k in enumerate(order):
        if k in chosen:
            ax.get_yticklabels()[n].set_color("#cc0000")
            ax.get_xticklabels()[n].set_color("#cc0000")
    return fig
