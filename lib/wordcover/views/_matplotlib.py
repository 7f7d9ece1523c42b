"""The views' one door to matplotlib: without it, asking for a picture is one line naming the extra to install."""

from __future__ import annotations

from ..errors import ExtraNeeded

try:
    from matplotlib.axes import Axes
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Ellipse, Patch, Polygon, Rectangle
    from matplotlib.transforms import Affine2D, ScaledTranslation, Transform
except ImportError as err:
    missing = err.name or "matplotlib"
    needs = "matplotlib" if missing.split(".")[0] == "matplotlib" else f"matplotlib and {missing}"
    raise ExtraNeeded("a picture", "notebooks", needs) from None

__all__ = [
    "Affine2D",
    "Axes",
    "Ellipse",
    "Figure",
    "Line2D",
    "Patch",
    "PdfPages",
    "Polygon",
    "Rectangle",
    "ScaledTranslation",
    "Transform",
]
