"""A picture as the notebooks show it: a matplotlib Figure where matplotlib is installed, else the Picture itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ExtraNeeded

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .picture import Picture


def figure_or_picture(picture: Picture) -> Figure | Picture:
    """The picture drawn by matplotlib, or where matplotlib cannot be imported the picture (it shows as SVG)."""
    try:
        from ._render_mpl import picture_figure
    except ExtraNeeded:
        return picture
    return picture_figure(picture)
