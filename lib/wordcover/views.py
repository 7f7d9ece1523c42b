"""Pictures of grids and puzzles (matplotlib). Nothing below this layer imports matplotlib.

Figures are made with ``matplotlib.figure.Figure`` directly, not pyplot, so they
work headless and leave no global state behind.
"""

from __future__ import annotations

import pathlib
from typing import Sequence

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from .generator import Puzzle
from .word_search import Placement

PAGE = (8.27, 11.69)  # A4 portrait, inches


def word_colours(n: int) -> list:
    """One clearly different colour per word (tab10, then tab20 for more)."""
    from matplotlib import colormaps

    cmap = colormaps["tab10"] if n <= 10 else colormaps["tab20"]
    return [cmap(k % cmap.N) for k in range(n)]


def draw_grid(ax, grid: Sequence[str], placements: Sequence[Placement] = (), legend: bool = True) -> None:
    """Letters in cells ('.' left empty) and each placement as a rounded translucent stroke."""
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
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    cell_pt = 72 * width_in / max(rows, cols)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != ".":
                ax.text(c, r, ch, ha="center", va="center", fontsize=0.55 * cell_pt, family="DejaVu Sans Mono",
                        zorder=3)
    handles = []
    for p, colour in zip(placements, word_colours(len(placements))):
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
        ax.plot([c0, c1], [r0, r1], color=colour, alpha=0.35, lw=0.8 * cell_pt, solid_capstyle="round", zorder=2)
        handles.append(Line2D([], [], color=colour, alpha=0.6, lw=6, solid_capstyle="round", label=p.word))
    if legend and handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=9)


def grid_figure(grid: Sequence[str], placements: Sequence[Placement] = (), size: float = 5.0) -> Figure:
    """A square figure of one grid, with a legend beside it when words are marked."""
    fig = Figure(figsize=(size * 1.45 if placements else size, size))
    ax = fig.add_axes((0.03, 0.03, 0.94 / (1.45 if placements else 1.0), 0.94))
    draw_grid(ax, grid, placements)
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
        fig.text(0.12 + 0.28 * (k // per_column), top - 0.03 * (k % per_column), word, fontsize=13,
                 family="DejaVu Sans Mono", va="top")
    return fig


def save_puzzle(puzzle: Puzzle, path: str | pathlib.Path, key: bool = False) -> None:
    """Save as .txt (letters only; with ``key`` the key grid), .png (one page) or .pdf (puzzle and key pages)."""
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix == ".txt":
        lines = puzzle.key_grid() if key else puzzle.grid
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elif suffix == ".png":
        puzzle_page(puzzle, key=key).savefig(path, dpi=100, metadata={"Software": None})
    elif suffix == ".pdf":
        with PdfPages(path, metadata={"CreationDate": None, "ModDate": None, "Producer": None}) as pdf:
            if not key:
                pdf.savefig(puzzle_page(puzzle))
            pdf.savefig(puzzle_page(puzzle, key=True))
    else:
        raise ValueError(f"cannot save {path.name}: use a .txt, .png or .pdf file name")
