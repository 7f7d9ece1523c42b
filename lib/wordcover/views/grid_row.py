"""A row of word-search grids side by side, each under its title: solutions of one puzzle held up together.

Described once (``grid_row_picture`` builds a :class:`~wordcover.views.picture.Picture` of
:func:`~wordcover.views.grids.grid_panel` panels); ``grid_row_figure`` draws it with matplotlib where it is
installed and otherwise gives the Picture, which shows itself as SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..word_search import Placement
from ._figure import figure_or_picture
from .grids import grid_panel
from .picture import Picture

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Titled = Sequence[tuple[str, Sequence[str], Sequence[Placement]]]  # (title, grid rows, placements marked)


def grid_row_picture(
    grids: Titled, size: float = 3.3, directions: bool = False, numbers: bool = False, title_size: float = 12.0
) -> Picture:
    """Grids side by side, ``size`` inches apart (each 0.4 inch narrower, so they stand apart), each titled and
    with its placements marked as :func:`~wordcover.views.grids.grid_panel` marks them (no legend), a ring and an
    arrowhead on each with ``directions``, its rows and columns numbered with ``numbers``."""
    if not grids:
        raise ValueError("grid_row_picture needs at least one grid")
    side, below, above = size - 0.4, 0.18, 0.36  # inches: a panel's width, the room under it and over it
    width, height = size * len(grids) + 0.1, side + 0.16 + below + above
    picture = Picture(width, height)
    for k, (title, grid, placements) in enumerate(grids):
        bounds = ((0.2 + k * size) / width, below / height, side / width, (side + 0.16) / height)
        panel = grid_panel(grid, placements, False, None, bounds, width, numbers=numbers, directions=directions)
        panel.title, panel.title_size = title, title_size
        picture.add_panel(panel)
    words = "; ".join(f"{title}: {', '.join(str(p) for p in placements)}" for title, _, placements in grids)
    picture.caption = f"{len(grids)} word-search grids side by side ({words})"
    return picture


def grid_row_figure(
    grids: Titled, size: float = 3.3, directions: bool = False, numbers: bool = False, title_size: float = 12.0
) -> Figure | Picture:
    """:func:`grid_row_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(grid_row_picture(grids, size, directions, numbers, title_size))
