"""A row of word-search grids side by side, each under its title: solutions of one puzzle held up together.

Described once (``grid_row_picture`` builds a :class:`~wordcover.views.picture.Picture` of
:func:`~wordcover.views.grids.grid_panel` panels); ``grid_row_figure`` draws it with matplotlib where it is
installed and otherwise gives the Picture, which shows itself as SVG.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..word_search import Placement
from ._figure import figure_or_picture
from .colours import WORD_COLOURS, spread_colours
from .grids import STROKE_ALPHA, grid_panel
from .picture import Picture

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Cells = Iterable[tuple[int, int]] | Mapping[tuple[int, int], str]
# (title, grid rows, placements marked), and optionally the cells to outline in that grid
Titled = Sequence[
    tuple[str, Sequence[str], Sequence[Placement]] | tuple[str, Sequence[str], Sequence[Placement], Cells]
]


def shared_colours(grids: Titled) -> dict[str, str]:
    """One colour per word across grids side by side: the first grid's words spread as a single grid spreads them,
    each word met later taking the next colour no word has yet (the palette's order, repeating past twelve)."""
    first = list(grids[0][2]) if grids else []
    mapping: dict[str, str] = {}
    for p, colour in zip(first, spread_colours([p.cells for p in first], STROKE_ALPHA)):
        mapping.setdefault(p.word, colour)
    for entry in grids[1:]:
        for p in entry[2]:
            if p.word not in mapping:
                free = [c for c in WORD_COLOURS if c not in mapping.values()] or list(WORD_COLOURS)
                mapping[p.word] = free[0]
    return mapping


def grid_row_picture(
    grids: Titled, size: float = 3.3, directions: bool = False, numbers: bool = False, title_size: float = 12.0
) -> Picture:
    """Grids side by side, ``size`` inches apart (each 0.4 inch narrower, so they stand apart), each titled and
    with its placements marked as :func:`~wordcover.views.grids.grid_panel` marks them (no legend), a ring and an
    arrowhead on each with ``directions``, its rows and columns numbered with ``numbers``. A word has the same
    colour in every grid (:func:`shared_colours`), so the eye can follow it from one grid to the next. A grid's
    entry may carry a fourth element, the cells to outline in it (as ``grid_panel``'s ``cells``)."""
    if not grids:
        raise ValueError("grid_row_picture needs at least one grid")
    side, below, above = size - 0.4, 0.18, 0.36  # inches: a panel's width, the room under it and over it
    width, height = size * len(grids) + 0.1, side + 0.16 + below + above
    picture = Picture(width, height)
    mapping = shared_colours(grids)
    for k, entry in enumerate(grids):
        title, grid, placements = entry[0], entry[1], entry[2]
        cells: Cells = entry[3] if len(entry) > 3 else ()
        bounds = ((0.2 + k * size) / width, below / height, side / width, (side + 0.16) / height)
        colours = [mapping[p.word] for p in placements]
        panel = grid_panel(grid, placements, False, None, bounds, width, numbers, directions, cells, colours=colours)
        panel.title, panel.title_size = title, title_size
        picture.add_panel(panel)
    words = "; ".join(f"{entry[0]}: {', '.join(str(p) for p in entry[2])}" for entry in grids)
    picture.caption = f"{len(grids)} word-search grids side by side ({words})"
    return picture


def grid_row_figure(
    grids: Titled, size: float = 3.3, directions: bool = False, numbers: bool = False, title_size: float = 12.0
) -> Figure | Picture:
    """:func:`grid_row_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(grid_row_picture(grids, size, directions, numbers, title_size))
