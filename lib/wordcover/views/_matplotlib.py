"""The views' one door to matplotlib: without it, asking for a picture is one line naming the extra to install."""

from __future__ import annotations

from ..errors import ExtraNeeded

try:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Ellipse, Patch, PathPatch, Polygon, Rectangle
    from matplotlib.path import Path
    from matplotlib.transforms import Affine2D, Bbox, IdentityTransform, ScaledTranslation, Transform
except ImportError as err:
    missing = err.name or "matplotlib"
    needs = "matplotlib" if missing.split(".")[0] == "matplotlib" else f"matplotlib and {missing}"
    raise ExtraNeeded("a picture", "notebooks", needs) from None

__all__ = [
    "Affine2D",
    "Artist",
    "Axes",
    "Bbox",
    "Ellipse",
    "Figure",
    "IdentityTransform",
    "Line2D",
    "Patch",
    "Path",
    "PathPatch",
    "PdfPages",
    "Polygon",
    "Rectangle",
    "ScaledTranslation",
    "Transform",
]
