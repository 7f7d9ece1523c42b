"""A picture described once, drawn either by matplotlib or as SVG: pure Python, no matplotlib, no numpy.

A :class:`Picture` is a page of a given size in inches holding panels (each a rectangle of the page with its own
data limits, like a matplotlib Axes) and a few things placed on the page itself (a heading, a note). What is drawn
is in the description: lines, rectangles, polygons, circles, markers (one, or one kind at many points), paths and
texts in data coordinates (a path may instead be measured in points about a data point, as a node so many points
across), arrows between data points with their heads measured in points, widths and font sizes in points, and
legend entries. Two renderers read it: ``_render_mpl`` turns it into matplotlib artists (the notebooks' PNGs, the
command line's PDF pages) and :meth:`Picture.svg` writes SVG with the texts as ``<text>`` (where there is no
matplotlib, as in a Python in the browser). Neither adds or leaves out anything.

The SVG follows matplotlib's geometry: its user unit is the point (72 to the inch) and its size on screen is
the figure's at ``dpi`` pixels per inch; a panel with equal aspect shrinks about its centre as matplotlib's does;
texts are aligned the way matplotlib aligns DejaVu Sans and DejaVu Sans Mono (its default fonts); a legend is
laid out here once (:func:`legend_layout`, matplotlib's default spacings) and both renderers draw it there, as
they draw an arrow where :func:`arrow_geometry` lays out its line and heads on the page; and
``svg()`` crops to what is drawn with a margin of 0.1 inch as the inline backend of Jupyter crops its PNGs.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal
from xml.sax.saxutils import escape, quoteattr

SANS = "DejaVu Sans"  # matplotlib's default font
MONO = "DejaVu Sans Mono"
PT_PER_INCH = 72.0
TIGHT_PAD = 0.1  # inches round what is drawn when cropped, as matplotlib's savefig.pad_inches

Cap = Literal["butt", "round", "projecting"]
HAlign = Literal["left", "center", "right"]
VAlign = Literal["top", "center", "bottom", "baseline", "center_baseline"]
Weight = Literal["normal", "bold"]

# Where matplotlib puts a line of DejaVu text, in ems: from the top of a one-line text to its baseline, and
# below it; a text of several lines takes 1.2 em a line, its first baseline 0.86 em below its top.
ASCENT, DESCENT = 0.76, 0.24
LINE_PITCH, FIRST_BASELINE = 1.2, 0.86

# Advance widths of the printable ASCII characters (space to ~) in thousandths of an em, from DejaVu Sans and
# DejaVu Sans Bold; DejaVu Sans Mono's are all 602. Used only to crop the SVG and lay out its legend.
_SANS_WIDTHS = (
    "318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 636 636 636 636 "
    "337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 695 635 "
    "611 732 684 989 685 611 685 390 337 390 838 500 500 613 635 550 635 615 352 635 634 278 278 579 278 974 634 "
    "612 635 635 411 521 392 634 592 818 592 592 525 636 337 636 838"
)
_BOLD_WIDTHS = (
    "348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 696 696 696 696 "
    "400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 733 850 770 720 "
    "682 812 774 1103 771 724 725 457 365 457 838 500 500 675 716 593 716 678 435 716 712 343 343 665 343 1042 "
    "712 687 716 716 493 595 478 712 652 924 645 652 582 712 365 712 838"
)
WIDTHS = {
    (SANS, "normal"): tuple(int(w) for w in _SANS_WIDTHS.split()),
    (SANS, "bold"): tuple(int(w) for w in _BOLD_WIDTHS.split()),
}
MONO_WIDTH = 602

# matplotlib's defaults that the SVG must copy (rcParams of matplotlib 3.x)
FRAME_WIDTH = 0.8  # axes.linewidth: the frame round a panel, black
TICK_PAD = 3.5  # xtick.major.pad: from the panel's edge to a tick label, points (the views draw no tick marks)
TITLE_PAD = 6.0  # axes.titlepad
LABEL_PAD = 4.0  # axes.labelpad: from the tick labels (or the panel's edge) to an axis label
LEGEND_SPACING = {
    "borderaxespad": 0.5,
    "borderpad": 0.4,
    "handlelength": 2.0,
    "handleheight": 0.7,
    "handletextpad": 0.8,
    "row": 1.5,
    "columnspacing": 2.0,
}

_NAMED = {"black": "#000000", "white": "#ffffff"}


def hex_colour(colour: str) -> str | None:
    """A colour as '#rrggbb' (None for 'none'): from '#rrggbb', a grey level such as '0.85', 'black' or 'white'."""
    if colour == "none":
        return None
    if colour in _NAMED:
        return _NAMED[colour]
    if len(colour) == 7 and colour[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in colour[1:]):
        return colour.lower()
    try:
        grey = float(colour)
    except ValueError:
        grey = -1.0
    if 0.0 <= grey <= 1.0 and colour[:1].isdigit():
        return "#" + f"{round(grey * 255):02x}" * 3
    raise ValueError(f"colour {colour!r}: use '#rrggbb', a grey level from '0' to '1', 'black', 'white' or 'none'")


def text_width(text: str, size: float, family: str = SANS, weight: str = "normal") -> float:
    """The width in points of the longest line of ``text`` at ``size`` points (other characters count 0.6 em)."""
    table = WIDTHS.get((family, weight), WIDTHS[(SANS, "normal")]) if family != MONO else None
    widest = 0
    for line in text.split("\n"):
        units = 0
        for ch in line:
            code = ord(ch) - 32
            units += table[code] if table is not None and 0 <= code < len(table) else MONO_WIDTH
        widest = max(widest, units)
    return widest * size / 1000


@dataclass(frozen=True)
class Line:
    """A line through points (a polyline), in its panel's data coordinates; ``width`` in points."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    colour: str = "black"
    width: float = 1.5
    alpha: float = 1.0
    cap: Cap = "projecting"  # matplotlib's default for solid lines
    zorder: float = 2
    dash: tuple[float, ...] = ()  # on, off, ... in points for a line 1 point wide (longer as the line is wider)

    def __post_init__(self) -> None:
        hex_colour(self.colour)
        if len(self.xs) != len(self.ys) or len(self.xs) < 2:
            raise ValueError("a line needs as many xs as ys, two or more")
        if self.dash and (len(self.dash) % 2 or min(self.dash) < 0 or sum(self.dash) <= 0):
            raise ValueError("a dash pattern is pairs of lengths (on, off), none negative")


@dataclass(frozen=True)
class Rect:
    """A rectangle from its corner (x, y) with the smaller coordinates, ``width`` and ``height`` in data units."""

    x: float
    y: float
    width: float
    height: float
    face: str = "none"
    edge: str = "none"
    edge_width: float = 0.0
    alpha: float = 1.0
    zorder: float = 1

    def __post_init__(self) -> None:
        hex_colour(self.face), hex_colour(self.edge)


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through ``points`` (x, y) in data units."""

    points: tuple[tuple[float, float], ...]
    face: str = "none"
    edge: str = "none"
    edge_width: float = 0.0
    alpha: float = 1.0
    zorder: float = 1

    def __post_init__(self) -> None:
        hex_colour(self.face), hex_colour(self.edge)


@dataclass(frozen=True)
class Circle:
    """A circle of ``radius`` data units about (x, y); an ellipse on the page where the panel's aspect is not equal."""

    x: float
    y: float
    radius: float
    face: str = "none"
    edge: str = "none"
    edge_width: float = 0.0
    alpha: float = 1.0
    zorder: float = 1

    def __post_init__(self) -> None:
        hex_colour(self.face), hex_colour(self.edge)


MarkerShape = Literal["o", "s", "D", "^", "v", "X", "x"]
Point = tuple[float, float]

# Each filled marker's outline in units of its size, y up, as matplotlib's markers ('o' is a circle of diameter 1).
MARKER_OUTLINES: dict[str, tuple[tuple[float, float], ...]] = {
    "s": ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)),
    "D": ((0.0, -0.7071), (0.7071, 0.0), (0.0, 0.7071), (-0.7071, 0.0)),
    "^": ((0.0, 0.5), (-0.5, -0.5), (0.5, -0.5)),
    "v": ((0.0, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    "X": tuple(
        (x / 4, y / 4)
        for x, y in (
            (-1, -2),
            (0, -1),
            (1, -2),
            (2, -1),
            (1, 0),
            (2, 1),
            (1, 2),
            (0, 1),
            (-1, 2),
            (-2, 1),
            (-1, 0),
            (-2, -1),
        )
    ),
}
# A stroked marker's strokes (from, to) in units of its size, y up: matplotlib's thin cross 'x', two lines corner to
# corner of a square of side 1, drawn in the edge colour with butt caps and nothing filled.
MARKER_STROKES: dict[str, tuple[tuple[Point, Point], ...]] = {
    "x": (((-0.5, -0.5), (0.5, 0.5)), ((-0.5, 0.5), (0.5, -0.5))),
}


def _check_marker(shape: str, face: str, edge: str, edge_width: float) -> None:
    hex_colour(face), hex_colour(edge)
    if shape != "o" and shape not in MARKER_OUTLINES and shape not in MARKER_STROKES:
        raise ValueError(f"marker {shape!r}: use one of o s D ^ v X x")
    if shape in MARKER_STROKES and (edge == "none" or edge_width <= 0):
        raise ValueError(f"marker {shape!r} is drawn by its edge alone: give it an edge colour and width")


@dataclass(frozen=True)
class Marker:
    """A mark of ``size`` points at (x, y), whatever the panel's scale, as a matplotlib marker (``ms=size``):
    a circle ('o'), square ('s'), diamond ('D'), triangle up or down ('^', 'v') or filled cross ('X'), filled with
    ``face`` and outlined by ``edge``; or a thin cross ('x') of two strokes in ``edge``, ``edge_width`` wide."""

    x: float
    y: float
    shape: MarkerShape = "o"
    size: float = 6.0
    face: str = "black"
    edge: str = "none"
    edge_width: float = 1.0
    alpha: float = 1.0
    zorder: float = 2

    def __post_init__(self) -> None:
        _check_marker(self.shape, self.face, self.edge, self.edge_width)


@dataclass(frozen=True)
class Markers:
    """Marks of one shape, size and paint at many points (``xs[k]``, ``ys[k]``), each as a :class:`Marker` there:
    one matplotlib Line2D without a line (``plot(xs, ys, ls="", marker=shape)``) and one SVG path, not an element
    for each point, so thousands of dots draw quickly."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    shape: MarkerShape = "o"
    size: float = 6.0
    face: str = "black"
    edge: str = "none"
    edge_width: float = 1.0
    alpha: float = 1.0
    zorder: float = 2

    def __post_init__(self) -> None:
        _check_marker(self.shape, self.face, self.edge, self.edge_width)
        if len(self.xs) != len(self.ys) or not self.xs:
            raise ValueError("markers need as many xs as ys, one or more")

    def each(self) -> Iterator[Marker]:
        """The marker at each point, as a :class:`Marker` draws it."""
        for x, y in zip(self.xs, self.ys):
            yield Marker(x, y, self.shape, self.size, self.face, self.edge, self.edge_width, self.alpha, self.zorder)


@dataclass(frozen=True)
class Text:
    """A text at (x, y), aligned there by ``ha`` and ``va`` as matplotlib aligns it; ``size`` in points.

    ``rotation`` is 0 or 90 (read upwards); a text of several lines (``\\n``) is not rotated. ``va="center_baseline"``
    puts the anchor halfway between the baseline and the top of a line, as matplotlib's y tick labels.
    """

    x: float
    y: float
    text: str
    size: float = 10.0
    ha: HAlign = "center"
    va: VAlign = "center"
    family: str = SANS
    weight: Weight = "normal"
    colour: str = "black"
    rotation: float = 0.0
    zorder: float = 3

    def __post_init__(self) -> None:
        hex_colour(self.colour)
        if self.rotation not in (0, 90) or (self.rotation and "\n" in self.text):
            raise ValueError("a text is turned by 0 or 90 degrees, and only a text of one line")
        if self.va == "center_baseline" and (self.rotation or "\n" in self.text):
            raise ValueError("va='center_baseline' is for a text of one line, not turned")


Join = Literal["miter", "round", "bevel"]
# A path's steps, as SVG and matplotlib's Path say them: ("M", (p,)) moves to p, ("L", (p,)) draws a line to p,
# ("Q", (c, p)) a quadratic curve through control point c, ("C", (c1, c2, p)) a cubic one, ("Z", ()) closes it.
Step = tuple[Literal["M", "L", "Q", "C", "Z"], tuple[Point, ...]]


@dataclass(frozen=True)
class Path:
    """A path of lines and curves (:data:`Step`), filled with ``face`` and stroked with ``edge``.

    Its points are in its panel's data coordinates; or, with ``at`` (a point in data coordinates), in points
    right of and above ``at``, whatever the panel's scale: a node drawn so many points across, as a marker is.
    ``dash`` as a :class:`Line`'s; ``gid`` names what it stands for (matplotlib's gid, the SVG's data-gid).
    """

    steps: tuple[Step, ...]
    at: Point | None = None
    face: str = "none"
    edge: str = "black"
    edge_width: float = 1.0
    dash: tuple[float, ...] = ()
    alpha: float = 1.0
    zorder: float = 2
    cap: Cap = "butt"
    join: Join = "miter"
    gid: str = ""

    def __post_init__(self) -> None:
        hex_colour(self.face), hex_colour(self.edge)
        if not self.steps or self.steps[0][0] != "M":
            raise ValueError("a path starts with a move ('M')")
        for code, points in self.steps:
            if len(points) != _STEP_POINTS.get(code, -1):
                raise ValueError(f"a path's step {code!r} takes {_STEP_POINTS.get(code, '?')} points")
        if self.dash and (len(self.dash) % 2 or min(self.dash) < 0 or sum(self.dash) <= 0):
            raise ValueError("a dash pattern is pairs of lengths (on, off), none negative")

    def points(self) -> Iterator[Point]:
        """Every point of the path, control points too, in order."""
        for _, points in self.steps:
            yield from points


_STEP_POINTS = {"M": 1, "L": 1, "Q": 2, "C": 3, "Z": 0}

ArrowHeads = Literal["end", "both", "none"]


@dataclass(frozen=True)
class Arrow:
    """A link from ``start`` to ``end`` (data coordinates) with a filled arrowhead at the end, or at both ends.

    Straight; or bent as matplotlib's ``arc3`` connection bends it (``bend``: the middle control point of a
    quadratic curve lies ``bend`` times the chord's length off the chord's middle, on the page, to the right of
    the way the link goes for a positive bend); or a cubic curve through the two data points of ``controls``.
    The heads are measured in points, whatever the panel's scale: ``head_length`` along the link and
    ``head_width`` across it, their outline stroked as the line; ``shrink`` (points) pulls each end back along the
    link, as matplotlib's shrinkA and shrinkB. The heads are solid where the line is dashed.
    """

    start: Point
    end: Point
    controls: tuple[Point, ...] = ()
    bend: float = 0.0
    heads: ArrowHeads = "end"
    colour: str = "black"
    width: float = 1.0
    dash: tuple[float, ...] = ()
    alpha: float = 1.0
    zorder: float = 2
    head_length: float = 4.0
    head_width: float = 4.0
    shrink: tuple[float, float] = (0.0, 0.0)
    gid: str = ""

    def __post_init__(self) -> None:
        hex_colour(self.colour)
        if len(self.controls) not in (0, 2) or (self.controls and self.bend):
            raise ValueError("an arrow is straight, bent (bend) or a cubic curve through two control points")
        if self.dash and (len(self.dash) % 2 or min(self.dash) < 0 or sum(self.dash) <= 0):
            raise ValueError("a dash pattern is pairs of lengths (on, off), none negative")


def arrow_geometry(arrow: Arrow, page: list[Point]) -> tuple[tuple[Step, ...], list[tuple[Point, Point, Point]]]:
    """Where an arrow goes on the page: its line (steps) and its heads (triangles: tip, then the two corners).

    ``page`` holds the arrow's start, its controls and its end on the page, in points with y down, as both
    renderers find them; the line stops at the base of each head, so a wide line does not poke through its tip.
    """
    start, end = page[0], page[-1]
    controls = list(page[1:-1])
    if not controls and arrow.bend:  # matplotlib's arc3, with y down: the control point off the chord's middle
        dx, dy = end[0] - start[0], end[1] - start[1]
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        controls = [(middle[0] - arrow.bend * dy, middle[1] + arrow.bend * dx)]

    def toward(a: Point, b: Point, distance: float) -> Point:
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            return a
        return a[0] + (b[0] - a[0]) * distance / length, a[1] + (b[1] - a[1]) * distance / length

    first, last = (controls[0], controls[-1]) if controls else (end, start)  # the tangents at each end
    shrink_a, shrink_b = arrow.shrink
    start, end = toward(start, first, shrink_a), toward(end, last, shrink_b)
    heads: list[tuple[Point, Point, Point]] = []
    half = arrow.head_width / 2
    hypotenuse = math.hypot(arrow.head_length, half)
    pad = 0.5 * arrow.width * hypotenuse / half if half else 0.0  # the stroked tip lands on the point
    ends = [(end, last, "end")] + ([(start, first, "start")] if arrow.heads == "both" else [])
    line_start, line_end = start, end
    for point, before, which in ends if arrow.heads != "none" else ():
        length = math.hypot(point[0] - before[0], point[1] - before[1])
        if length == 0:
            continue
        ux, uy = (point[0] - before[0]) / length, (point[1] - before[1]) / length
        tip = (point[0] - pad * ux, point[1] - pad * uy)
        base = (tip[0] - arrow.head_length * ux, tip[1] - arrow.head_length * uy)
        heads.append((tip, (base[0] - half * uy, base[1] + half * ux), (base[0] + half * uy, base[1] - half * ux)))
        if which == "end":
            line_end = base
        else:
            line_start = base
    if len(controls) == 2:
        steps: tuple[Step, ...] = (("M", (line_start,)), ("C", (controls[0], controls[1], line_end)))
    elif controls:
        steps = (("M", (line_start,)), ("Q", (controls[0], line_end)))
    else:
        steps = (("M", (line_start,)), ("L", (line_end,)))
    return steps, heads


# Shapes for a Path: steps about (0, 0), in whatever unit the path is drawn in (points for a Path with ``at``).
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a cubic curve's control points for a quarter of a circle


def circle_steps(radius: float, centre: Point = (0.0, 0.0)) -> tuple[Step, ...]:
    """A circle as four cubic curves, starting at its right and going round anticlockwise (y up)."""
    x, y = centre
    r, k = radius, KAPPA * radius
    return (
        ("M", ((x + r, y),)),
        ("C", ((x + r, y + k), (x + k, y + r), (x, y + r))),
        ("C", ((x - k, y + r), (x - r, y + k), (x - r, y))),
        ("C", ((x - r, y - k), (x - k, y - r), (x, y - r))),
        ("C", ((x + k, y - r), (x + r, y - k), (x + r, y))),
        ("Z", ()),
    )


def box_steps(width: float, height: float, radius: float = 0.0, centre: Point = (0.0, 0.0)) -> tuple[Step, ...]:
    """A box ``width`` x ``height`` about ``centre``, its corners rounded by ``radius`` as matplotlib's
    ``round`` box style rounds them (a quadratic curve through the corner)."""
    x0, y0 = centre[0] - width / 2, centre[1] - height / 2
    x1, y1 = x0 + width, y0 + height
    r = min(radius, width / 2, height / 2)
    if r <= 0:
        return (("M", ((x0, y0),)), ("L", ((x1, y0),)), ("L", ((x1, y1),)), ("L", ((x0, y1),)), ("Z", ()))
    return (
        ("M", ((x0 + r, y0),)),
        ("L", ((x1 - r, y0),)),
        ("Q", ((x1, y0), (x1, y0 + r))),
        ("L", ((x1, y1 - r),)),
        ("Q", ((x1, y1), (x1 - r, y1))),
        ("L", ((x0 + r, y1),)),
        ("Q", ((x0, y1), (x0, y1 - r))),
        ("L", ((x0, y0 + r),)),
        ("Q", ((x0, y0), (x0 + r, y0))),
        ("Z", ()),
    )


def hatch_steps(width: float, height: float, spacing: float, round_: bool = False) -> tuple[Step, ...]:
    """Lines rising to the right at 45 degrees, ``spacing`` apart, inside a box ``width`` x ``height`` about
    (0, 0), or with ``round_`` inside the ellipse that box holds: the hatching '////' drawn as lines."""
    steps: list[Step] = []
    a, b = width / 2, height / 2
    reach = a + b  # the lines x - y = c cross the box for |c| < a + b
    count = int(reach / spacing)
    for k in range(-count, count + 1):
        c = k * spacing
        if round_:  # x - y = c meets x²/a² + y²/b² = 1 where (a² + b²) y² + 2 b² c y + b² c² - a² b² = 0
            qa, qb, qc = a * a + b * b, 2 * b * b * c, b * b * c * c - a * a * b * b
            disc = qb * qb - 4 * qa * qc
            if disc <= 0:
                continue
            ys = ((-qb - math.sqrt(disc)) / (2 * qa), (-qb + math.sqrt(disc)) / (2 * qa))
        else:
            low, high = max(-b, -a - c), min(b, a - c)
            if high <= low:
                continue
            ys = (low, high)
        if ys[1] - ys[0] < 1e-9:
            continue
        steps += [("M", ((ys[0] + c, ys[0]),)), ("L", ((ys[1] + c, ys[1]),))]
    return tuple(steps)


def cross_steps(half: float) -> tuple[Step, ...]:
    """An x of two strokes from corner to corner of a square ``2 * half`` across about (0, 0)."""
    return (("M", ((-half, -half),)), ("L", ((half, half),)), ("M", ((-half, half),)), ("L", ((half, -half),)))


Item = Line | Rect | Polygon | Circle | Marker | Markers | Text | Path | Arrow


@dataclass(frozen=True)
class LegendEntry:
    """One entry of a legend and its label: a short stroke in ``colour`` (``width`` points, ``alpha``); or with
    ``marker`` a marker on it (``width=0``: the marker alone); or with ``patch`` a filled box (``colour`` its face,
    ``edge`` its outline); or with ``glyph`` those paths (their points in points about the handle's middle, y up)
    instead of a stroke, a marker or a box."""

    label: str
    colour: str
    width: float = 1.5
    alpha: float = 1.0
    cap: Cap = "projecting"
    marker: Marker | None = None  # drawn at the middle of the stroke; its x and y are not read
    patch: bool = False
    edge: str = "none"
    dash: tuple[float, ...] = ()
    glyph: tuple[Path, ...] = ()

    def __post_init__(self) -> None:
        hex_colour(self.colour), hex_colour(self.edge)
        if any(path.at is not None for path in self.glyph):
            raise ValueError("a legend's glyph is drawn about its handle's middle: its paths have no 'at'")


@dataclass(frozen=True)
class Legend:
    """A legend without a frame hanging from ``anchor`` (fractions of its panel), laid out by
    :func:`legend_layout` as matplotlib's ``legend(loc=f"upper {align}", bbox_to_anchor=anchor, frameon=False,
    ncol=columns, handlelength=handle_length, columnspacing=column_spacing)``: entries fill the first column,
    then the next."""

    entries: tuple[LegendEntry, ...]
    size: float = 10.0
    anchor: tuple[float, float] = (1.02, 1.0)
    columns: int = 1
    align: Literal["left", "center", "right"] = "left"
    handle_length: float = LEGEND_SPACING["handlelength"]  # ems
    column_spacing: float = LEGEND_SPACING["columnspacing"]  # ems


@dataclass(frozen=True)
class Ticks:
    """Labels along one side of a panel at data ``positions`` (no tick marks), as matplotlib's tick labels."""

    side: Literal["left", "top", "bottom"]
    positions: tuple[float, ...]
    labels: tuple[str, ...]
    size: float = 10.0
    family: str = SANS
    rotation: float = 0.0
    colours: tuple[str, ...] = ()  # one a label; none: all black
    weights: tuple[Weight, ...] = ()  # one a label; none: all normal

    def __post_init__(self) -> None:
        counts = {len(self.positions), len(self.labels)} | {len(x) for x in (self.colours, self.weights) if x}
        if len(counts) > 1:
            raise ValueError("ticks need a label (and a colour and a weight, if any) for each position")
        for colour in self.colours:
            hex_colour(colour)


@dataclass
class Panel:
    """A rectangle of the picture with its own data coordinates, as a matplotlib Axes.

    ``bounds`` is (left, bottom, width, height) in fractions of the picture; ``ylim`` is (the value at the bottom,
    the value at the top), so ``(rows - 0.5, -0.5)`` points y down. With ``aspect="equal"`` a data unit is as long
    across as up, the panel shrinking about its centre. ``frame`` draws a thin black line round it.
    """

    bounds: tuple[float, float, float, float]
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    aspect: Literal["equal", "auto"] = "auto"
    frame: bool = True
    items: list[Item] = field(default_factory=list)
    ticks: list[Ticks] = field(default_factory=list)
    legend: Legend | None = None
    title: str = ""
    title_size: float = 12.0
    title_loc: Literal["center", "left"] = "center"  # over the panel's middle, or from its left edge
    title_pad: float = TITLE_PAD
    xscale: Literal["linear", "log"] = "linear"
    yscale: Literal["linear", "log"] = "linear"
    xlabel: str = ""  # under the panel, below its bottom labels
    ylabel: str = ""  # left of the panel, read upwards, beside its left labels
    label_size: float = 10.0

    def add(self, *items: Item) -> None:
        """Draw these too, above what is there at the same zorder."""
        self.items.extend(items)

    def check(self) -> None:
        """Refuse what matplotlib cannot draw: labels along both the top and the bottom, or one side twice."""
        sides = [ticks.side for ticks in self.ticks]
        if len(set(sides)) < len(sides) or {"top", "bottom"} <= set(sides):
            raise ValueError("a panel has labels along the left and along the top or the bottom, each once")
        for scale, limits in ((self.xscale, self.xlim), (self.yscale, self.ylim)):
            if scale == "log" and min(limits) <= 0:
                raise ValueError("a log scale needs limits above 0")
        if self.aspect == "equal" and "log" in (self.xscale, self.yscale):
            raise ValueError("an equal aspect is for linear scales")


@dataclass(repr=False)
class Picture:
    """A figure ``width`` x ``height`` inches: panels, and ``overlay`` items placed in fractions of the page
    ((0, 0) its lower left corner, as matplotlib's ``fig.text``); ``caption`` says in words what it shows (the SVG's
    ``<title>``). In Jupyter it shows itself as SVG."""

    width: float
    height: float
    panels: list[Panel] = field(default_factory=list)
    overlay: list[Item] = field(default_factory=list)
    caption: str = ""
    dpi: float = 100.0  # pixels per inch of the SVG on screen, matplotlib's default figure.dpi

    def add_panel(self, panel: Panel) -> Panel:
        """Add a panel (drawn after, so above, the earlier ones) and give it back."""
        self.panels.append(panel)
        return panel

    def __repr__(self) -> str:
        panels = f"{len(self.panels)} panel" + ("" if len(self.panels) == 1 else "s")
        return f"<Picture {self.width:g} x {self.height:g} in, {panels}>"

    def svg(self, tight: bool = True) -> str:
        """A standalone SVG document; ``tight`` crops it to what is drawn (0.1 inch round), as Jupyter's PNGs."""
        return _Svg(self).document(tight)

    def _repr_svg_(self) -> str:
        return self.svg()


# ----------------------------------------------------------------------------------------------------------------
# SVG: coordinates in points from the page's top left corner


@dataclass(frozen=True)
class Box:
    """A rectangle on the page in points, y down."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def union(self, other: Box) -> Box:
        return Box(
            min(self.left, other.left),
            min(self.top, other.top),
            max(self.right, other.right),
            max(self.bottom, other.bottom),
        )


def panel_box(picture: Picture, panel: Panel) -> Box:
    """Where a panel is drawn on the page, in points (after an equal aspect shrinks it about its centre)."""
    page_w, page_h = picture.width * PT_PER_INCH, picture.height * PT_PER_INCH
    left, bottom, width, height = panel.bounds
    box = Box(left * page_w, page_h * (1 - bottom - height), (left + width) * page_w, page_h * (1 - bottom))
    if panel.aspect == "equal":
        data_w = abs(panel.xlim[1] - panel.xlim[0])
        data_h = abs(panel.ylim[1] - panel.ylim[0])
        mid_x, mid_y = (box.left + box.right) / 2, (box.top + box.bottom) / 2
        if box.height * data_w > box.width * data_h:  # too tall: keep the width
            half = box.width * data_h / data_w / 2
            box = Box(box.left, mid_y - half, box.right, mid_y + half)
        else:
            half = box.height * data_w / data_h / 2
            box = Box(mid_x - half, box.top, mid_x + half, box.bottom)
    return box


def _scaled(value: float, scale: str) -> float:
    """A data value where a scale puts it: itself, or on a log scale its logarithm (a value <= 0 far below)."""
    if scale != "log":
        return value
    return math.log10(value) if value > 0 else -1e6


class _Transform:
    """Data coordinates of a panel (or fractions of the page) to points on the page."""

    def __init__(
        self, box: Box, xlim: tuple[float, float], ylim: tuple[float, float], xscale: str = "linear", yscale: str = ""
    ) -> None:
        self.box, self.xscale, self.yscale = box, xscale, yscale or "linear"
        self.xlim = (_scaled(xlim[0], xscale), _scaled(xlim[1], xscale))
        self.ylim = (_scaled(ylim[0], self.yscale), _scaled(ylim[1], self.yscale))

    def x(self, x: float) -> float:
        x = _scaled(x, self.xscale)
        return self.box.left + (x - self.xlim[0]) / (self.xlim[1] - self.xlim[0]) * self.box.width

    def y(self, y: float) -> float:
        y = _scaled(y, self.yscale)
        return self.box.bottom - (y - self.ylim[0]) / (self.ylim[1] - self.ylim[0]) * self.box.height

    def scale(self) -> tuple[float, float]:
        """Points per data unit across and up (of the scaled values, on a log scale per power of 10)."""
        return (
            abs(self.box.width / (self.xlim[1] - self.xlim[0])),
            abs(self.box.height / (self.ylim[1] - self.ylim[0])),
        )


def _num(value: float) -> str:
    """A coordinate for the SVG: three decimals at most, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(**values: object) -> str:
    """XML attributes from keywords (underscores become dashes; None left out)."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        text = _num(value) if isinstance(value, float) else str(value)
        parts.append(f"{key.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return " ".join(parts)


def _dashes(dash: tuple[float, ...], width: float) -> str | None:
    """An SVG dash array: the pattern scaled by the line's width, as matplotlib's lines.scale_dashes does."""
    if not dash:
        return None
    return " ".join(_num(d * max(width, 0.0) if width else d) for d in dash)


def _paint(colour: str, alpha: float) -> tuple[str, float | None]:
    """An SVG paint and its opacity (None when opaque)."""
    value = hex_colour(colour)
    return ("none" if value is None else value), (None if alpha >= 1 else alpha)


def _mapped(steps: tuple[Step, ...], where: Callable[[Point], Point]) -> tuple[Step, ...]:
    """A path's steps with each point moved by ``where``."""
    return tuple((code, tuple(where(p) for p in points)) for code, points in steps)


def _d(steps: tuple[Step, ...]) -> str:
    """An SVG path's d attribute."""
    return " ".join(code + "".join(f" {_num(x)} {_num(y)}" for x, y in points) for code, points in steps)


# points on the page as they are: y down, so a Rect's y is its top
_PAGE_POINTS = _Transform(Box(0.0, 0.0, 1.0, 1.0), (0.0, 1.0), (1.0, 0.0))

_CAPS = {"butt": "butt", "round": "round", "projecting": "square"}
_ANCHORS = {"left": "start", "center": "middle", "right": "end"}
_FONTS = {SANS: f"{SANS}, sans-serif", MONO: f"{MONO}, monospace"}


def title_lift(panel: Panel) -> float:
    """How far above its panel's top edge a title's baseline is, in points: its pad, and over labels along the top
    (as matplotlib lifts a title over them) their pad and height too. Both renderers put the title there."""
    tallest = 0.0
    for ticks in panel.ticks:
        if ticks.side == "top" and ticks.labels:
            if ticks.rotation == 90:  # read upwards: as tall as the longest label is long
                tallest = max(tallest, *(text_width(label, ticks.size, ticks.family) for label in ticks.labels))
            else:  # a line of text, 1 em high
                tallest = max(tallest, ticks.size)
    return panel.title_pad + (TICK_PAD + tallest if tallest else 0.0)


def axis_labels(panel: Panel) -> list[tuple[tuple[float, float], tuple[float, float], Text]]:
    """A panel's axis labels: for each, a point of the panel (fractions of it), an offset from there in points
    (right, up) and the text to draw there. Both renderers place them so; matplotlib's own ``set_xlabel`` would
    measure its tick labels with hinting the SVG cannot copy.

    The x label hangs centred under the panel, ``LABEL_PAD`` below its bottom labels (or its edge); the y label is
    read upwards, its right edge ``LABEL_PAD`` left of its widest left label (or its edge).
    """
    placed = []
    for ticks_side, text in (("bottom", panel.xlabel), ("left", panel.ylabel)):
        if not text:
            continue
        gap = LABEL_PAD
        for ticks in panel.ticks:
            if ticks.side == ticks_side and ticks.labels:
                widest = max(text_width(label, ticks.size, ticks.family) for label in ticks.labels)
                across = (ticks.rotation == 90) == (ticks_side == "bottom")  # the labels' lengths lie this way
                gap += TICK_PAD + (widest if across else ticks.size)
        if ticks_side == "bottom":
            placed.append(((0.5, 0.0), (0.0, -gap), Text(0, 0, text, panel.label_size, "center", "top")))
        else:
            placed.append(((0.0, 0.5), (-gap, 0.0), Text(0, 0, text, panel.label_size, "right", "center", rotation=90)))
    return placed


def text_layout(item: Text, x: float, y: float) -> tuple[list[tuple[float, float, str]], str, Box]:
    """Where each line of a text goes on the page (x, baseline y, line), its SVG text-anchor, and its box.

    (x, y) is the text's anchor in points; the box is matplotlib's (the height of the lines; the width from the
    font's advance widths).
    """
    lines = item.text.split("\n")
    size = item.size
    width = text_width(item.text, size, item.family, item.weight)
    if len(lines) == 1:
        height, first = 1.0 * size, ASCENT * size
    else:
        height, first = LINE_PITCH * len(lines) * size, FIRST_BASELINE * size
    if item.rotation == 90:  # one line, read upwards: the block's height lies across the page
        left = {"left": x, "center": x - height / 2, "right": x - height}[item.ha]
        baseline_x = left + first
        anchor = {"top": "end", "center": "middle"}.get(item.va, "start")  # bottom or baseline: it starts at y
        top = {"top": y, "center": y - width / 2}.get(item.va, y - width)
        return [(baseline_x, y, lines[0])], anchor, Box(left, top, left + height, top + width)
    last_baseline = first + LINE_PITCH * size * (len(lines) - 1)  # below the top
    top = {
        "top": y,
        "center": y - height / 2,
        "bottom": y - height,
        "baseline": y - last_baseline,
        "center_baseline": y - first / 2,  # the anchor halfway up from the baseline (matplotlib's y tick labels)
    }[item.va]
    left = {"left": x, "center": x - width / 2, "right": x - width}[item.ha]
    placed = [(x, top + first + LINE_PITCH * size * k, line) for k, line in enumerate(lines)]
    return placed, _ANCHORS[item.ha], Box(left, top, left + width, top + height)


def _marker_paint(item: Marker | Markers, kind: str) -> str:
    """A marker's fill and stroke as SVG attributes (a thin cross: its stroke alone, with butt ends)."""
    face, face_opacity = _paint(item.face, item.alpha)
    edge, edge_opacity = _paint(item.edge, item.alpha)
    stroked = item.shape in MARKER_STROKES
    if stroked:
        face, face_opacity = "none", None
    return _attrs(
        class_=kind,
        fill=face,
        fill_opacity=face_opacity,
        stroke=edge,
        stroke_width=float(item.edge_width) if edge != "none" else None,
        stroke_opacity=edge_opacity if edge != "none" else None,
        stroke_linejoin="miter" if edge != "none" else None,
        stroke_linecap="butt" if stroked else None,
    )


def _marker_reach(item: Marker | Markers) -> float:
    """How far a marker reaches from its centre on the page, in points, its stroke included."""
    stroke = item.edge_width / 2 if item.edge != "none" else 0.0
    if item.shape == "o" or item.shape in MARKER_STROKES:
        return item.size / 2 + stroke
    return max(max(abs(u), abs(v)) for u, v in MARKER_OUTLINES[item.shape]) * item.size + stroke


def _marker_d(shape: str, size: float, x: float, y: float) -> str:
    """A marker centred on (x, y) on the page as an SVG path's d: a circle as two arcs, a filled shape as its
    closed outline, a thin cross as its strokes."""
    if shape == "o":
        r = size / 2
        return (
            f"M {_num(x + r)} {_num(y)} A {_num(r)} {_num(r)} 0 1 0 {_num(x - r)} {_num(y)} "
            f"A {_num(r)} {_num(r)} 0 1 0 {_num(x + r)} {_num(y)} Z"
        )
    if shape in MARKER_STROKES:
        return " ".join(
            f"M {_num(x + a * size)} {_num(y - b * size)} L {_num(x + c * size)} {_num(y - e * size)}"
            for (a, b), (c, e) in MARKER_STROKES[shape]
        )
    corners = [f"{_num(x + u * size)} {_num(y - v * size)}" for u, v in MARKER_OUTLINES[shape]]
    return "M " + " L ".join(corners) + " Z"


class _Svg:
    """One picture written as SVG, keeping the box of everything drawn for the crop."""

    def __init__(self, picture: Picture) -> None:
        self.picture = picture
        self.body: list[str] = []
        self.clips: list[str] = []
        self.drawn: Box | None = None

    def _grow(self, box: Box) -> None:
        self.drawn = box if self.drawn is None else self.drawn.union(box)

    def document(self, tight: bool) -> str:
        picture = self.picture
        page = Box(0.0, 0.0, picture.width * PT_PER_INCH, picture.height * PT_PER_INCH)
        for number, panel in enumerate(picture.panels):
            self._panel(number, panel)
        page_transform = _Transform(page, (0.0, 1.0), (0.0, 1.0))
        for item in sorted(picture.overlay, key=lambda i: i.zorder):
            self._item(item, page_transform, None)
        view = page
        if tight and self.drawn is not None:
            pad = TIGHT_PAD * PT_PER_INCH
            d = self.drawn
            view = Box(d.left - pad, d.top - pad, d.right + pad, d.bottom + pad)
        body = "\n".join(self.body)
        key = hashlib.sha1(body.encode()).hexdigest()[:10]  # clip ids unique to this picture on a page of many
        body = body.replace("url(#clip-", f"url(#{key}-clip-")
        clips = "".join(c.replace('id="clip-', f'id="{key}-clip-') for c in self.clips)
        scale = picture.dpi / PT_PER_INCH
        head = _attrs(
            xmlns="http://www.w3.org/2000/svg",
            width=float(view.width * scale),
            height=float(view.height * scale),
            viewBox=" ".join(_num(v) for v in (view.left, view.top, view.width, view.height)),
        )
        title = f"<title>{escape(picture.caption)}</title>\n" if picture.caption else ""
        page_box = {"x": view.left, "y": view.top, "width": view.width, "height": view.height}
        background = f"<rect {_attrs(class_='background', **page_box, fill='#ffffff')}/>"
        return f"<svg {head}>\n{title}<defs>{clips}</defs>\n{background}\n{body}\n</svg>\n"

    def _panel(self, number: int, panel: Panel) -> None:
        panel.check()
        box = panel_box(self.picture, panel)
        self._grow(box)
        transform = _Transform(box, panel.xlim, panel.ylim, panel.xscale, panel.yscale)
        clip = f"clip-{number}"
        self.clips.append(
            f'<clipPath id="{clip}"><rect {_attrs(x=box.left, y=box.top, width=box.width, height=box.height)}/>'
            "</clipPath>"
        )
        self.body.append(f'<g class="panel" data-panel="{number}">')
        layers: list[tuple[float, int, Item | None]] = [(i.zorder, k, i) for k, i in enumerate(panel.items)]
        if panel.frame:
            layers.append((2.5, len(layers), None))  # matplotlib draws the frame (spines) at zorder 2.5
        for _, _, item in sorted(layers, key=lambda layer: (layer[0], layer[1])):
            if item is None:
                frame = _attrs(
                    class_="frame",
                    x=box.left,
                    y=box.top,
                    width=box.width,
                    height=box.height,
                    fill="none",
                    stroke="#000000",
                    stroke_width=FRAME_WIDTH,
                )
                self.body.append(f"<rect {frame}/>")
            else:
                self._item(item, transform, clip)
        for ticks in panel.ticks:
            self._ticks(ticks, transform)
        for (fx, fy), (dx, dy), label in axis_labels(panel):
            x, y = box.left + fx * box.width + dx, box.bottom - fy * box.height - dy
            self._text(label, x, y, 'class="axis-label" ')
        if panel.legend is not None:
            self._legend(panel.legend, box)
        if panel.title:
            left = panel.title_loc == "left"
            x, baseline = box.left if left else (box.left + box.right) / 2, box.top - title_lift(panel)
            title = Text(x, baseline, panel.title, panel.title_size, ha="left" if left else "center", va="baseline")
            self._text(title, title.x, title.y, 'class="title" ')
        self.body.append("</g>")

    def _item(self, item: Item, t: _Transform, clip: str | None) -> None:
        clipped = f' clip-path="url(#{clip})"' if clip is not None else ""
        if isinstance(item, Text):
            self._text(item, t.x(item.x), t.y(item.y))
            return
        if isinstance(item, Marker):
            drawn = self._marker(item, t.x(item.x), t.y(item.y), clipped)
        elif isinstance(item, Markers):
            drawn = self._markers(item, t, clipped)
        elif isinstance(item, Path):
            if item.at is None:
                steps = _mapped(item.steps, lambda p: (t.x(p[0]), t.y(p[1])))
            else:
                ax, ay = t.x(item.at[0]), t.y(item.at[1])
                steps = _mapped(item.steps, lambda p: (ax + p[0], ay - p[1]))
            drawn = self._path(item, steps, clipped)
        elif isinstance(item, Arrow):
            drawn = self._arrow(item, t, clipped)
        elif isinstance(item, Line):
            stroke, opacity = _paint(item.colour, item.alpha)
            points = " ".join(f"{_num(t.x(x))},{_num(t.y(y))}" for x, y in zip(item.xs, item.ys))
            attrs = _attrs(
                points=points,
                fill="none",
                stroke=stroke,
                stroke_width=float(item.width),
                stroke_opacity=opacity,
                stroke_linecap=_CAPS[item.cap],
                stroke_linejoin="round",
                stroke_dasharray=_dashes(item.dash, item.width),
            )
            self.body.append(f"<polyline {attrs}{clipped}/>")
            xs, ys = [t.x(x) for x in item.xs], [t.y(y) for y in item.ys]
            reach = item.width / 2
            drawn = Box(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)
        else:
            face, face_opacity = _paint(item.face, item.alpha)
            edge, edge_opacity = _paint(item.edge, item.alpha)
            paint = {
                "fill": face,
                "fill_opacity": face_opacity,
                "stroke": edge,
                "stroke_width": float(item.edge_width) if edge != "none" else None,
                "stroke_opacity": edge_opacity if edge != "none" else None,
            }
            if isinstance(item, Rect):
                xs = [t.x(item.x), t.x(item.x + item.width)]
                ys = [t.y(item.y), t.y(item.y + item.height)]
                drawn = Box(min(xs), min(ys), max(xs), max(ys))
                shape = _attrs(x=drawn.left, y=drawn.top, width=drawn.width, height=drawn.height, **paint)
                self.body.append(f"<rect {shape}{clipped}/>")
            elif isinstance(item, Polygon):
                xs = [t.x(x) for x, _ in item.points]
                ys = [t.y(y) for _, y in item.points]
                drawn = Box(min(xs), min(ys), max(xs), max(ys))
                points = " ".join(f"{_num(x)},{_num(y)}" for x, y in zip(xs, ys))
                self.body.append(f"<polygon {_attrs(points=points, **paint)}{clipped}/>")
            else:
                across, up = t.scale()
                rx, ry = item.radius * across, item.radius * up
                cx, cy = t.x(item.x), t.y(item.y)
                drawn = Box(cx - rx, cy - ry, cx + rx, cy + ry)
                self.body.append(f"<ellipse {_attrs(cx=cx, cy=cy, rx=rx, ry=ry, **paint)}{clipped}/>")
        if clip is None:  # what a panel clips stays inside the panel, whose box is counted already
            self._grow(drawn)

    def _path(self, item: Path, steps: tuple[Step, ...], clipped: str = "", kind: str = "shape") -> Box:
        """A path whose steps are on the page already."""
        face, face_opacity = _paint(item.face, item.alpha)
        edge, edge_opacity = _paint(item.edge, item.alpha)
        stroked = edge != "none" and item.edge_width > 0
        attrs = _attrs(
            class_=kind,
            d=_d(steps),
            fill=face,
            fill_opacity=face_opacity,
            stroke=edge if stroked else "none",
            stroke_width=float(item.edge_width) if stroked else None,
            stroke_opacity=edge_opacity if stroked else None,
            stroke_linecap=_CAPS[item.cap] if stroked else None,
            stroke_linejoin=item.join if stroked else None,
            stroke_dasharray=_dashes(item.dash, item.edge_width) if stroked else None,
            data_gid=item.gid or None,
        )
        self.body.append(f"<path {attrs}{clipped}/>")
        xs = [x for _, points in steps for x, _ in points]
        ys = [y for _, points in steps for _, y in points]
        reach = item.edge_width / 2 if stroked else 0.0
        return Box(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)

    def _arrow(self, item: Arrow, t: _Transform, clipped: str = "") -> Box:
        """An arrow: its line, then its heads, placed by :func:`arrow_geometry` on the page."""
        page = [(t.x(x), t.y(y)) for x, y in (item.start, *item.controls, item.end)]
        line, heads = arrow_geometry(item, page)
        stroke = Path(line, edge=item.colour, edge_width=item.width, dash=item.dash, alpha=item.alpha, gid=item.gid)
        drawn = self._path(stroke, line, clipped, kind="arrow")
        for head in heads:
            steps: tuple[Step, ...] = (("M", (head[0],)), ("L", (head[1],)), ("L", (head[2],)), ("Z", ()))
            shape = Path(steps, face=item.colour, edge=item.colour, edge_width=item.width, alpha=item.alpha)
            drawn = drawn.union(self._path(shape, steps, clipped, kind="arrowhead"))
        return drawn

    def _marker(self, item: Marker, x: float, y: float, clipped: str = "") -> Box:
        """A marker centred on (x, y) on the page, ``item.size`` points across as matplotlib draws it: a circle as
        an ellipse, a filled shape as a polygon, a thin cross as a path of two strokes."""
        paint = _marker_paint(item, "marker")
        if item.shape == "o":
            r = item.size / 2
            self.body.append(f"<ellipse {_attrs(cx=x, cy=y, rx=r, ry=r)} {paint}{clipped}/>")
        elif item.shape in MARKER_STROKES:
            d = _marker_d(item.shape, item.size, x, y)
            self.body.append(f"<path {_attrs(d=d, data_shape=item.shape)} {paint}{clipped}/>")
        else:
            outline = MARKER_OUTLINES[item.shape]
            points = " ".join(f"{_num(x + u * item.size)},{_num(y - v * item.size)}" for u, v in outline)
            self.body.append(f"<polygon {_attrs(points=points)} {paint}{clipped}/>")
        reach = _marker_reach(item)
        return Box(x - reach, y - reach, x + reach, y + reach)

    def _markers(self, item: Markers, t: _Transform, clipped: str = "") -> Box:
        """Marks at many points as one path, each point's mark a piece of it (a circle as two arcs)."""
        points = [(t.x(x), t.y(y)) for x, y in zip(item.xs, item.ys)]
        d = " ".join(_marker_d(item.shape, item.size, x, y) for x, y in points)
        shape = _attrs(d=d, data_shape=item.shape)  # the shape, for a reader of the SVG to take the path apart
        self.body.append(f"<path {shape} {_marker_paint(item, 'markers')}{clipped}/>")
        reach = _marker_reach(item)
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return Box(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)

    def _text(self, item: Text, x: float, y: float, extra: str = "") -> Box:
        placed, anchor, box = text_layout(item, x, y)
        fill, opacity = _paint(item.colour, 1.0)
        attrs = _attrs(
            font_family=_FONTS.get(item.family, item.family),
            font_size=float(item.size),
            font_weight=item.weight if item.weight != "normal" else None,
            fill=fill,
            fill_opacity=opacity,
            text_anchor=anchor,
        )
        if item.rotation == 90:
            bx, by, line = placed[0]
            turn = f"translate({_num(bx)} {_num(by)}) rotate(-90)"
            self.body.append(f'<text {extra}{attrs} transform="{turn}" xml:space="preserve">{escape(line)}</text>')
        elif len(placed) == 1:
            bx, by, line = placed[0]
            where = _attrs(x=bx, y=by)
            self.body.append(f'<text {extra}{where} {attrs} xml:space="preserve">{escape(line)}</text>')
        else:
            spans = "".join(f"<tspan {_attrs(x=bx, y=by)}>{escape(line)}</tspan>" for bx, by, line in placed)
            self.body.append(f'<text {extra}{attrs} xml:space="preserve">{spans}</text>')
        self._grow(box)
        return box

    def _ticks(self, ticks: Ticks, t: _Transform) -> None:
        """Tick labels beside a panel's edge, as matplotlib places them with tick marks of length 0."""
        box = t.box
        for k, (position, label) in enumerate(zip(ticks.positions, ticks.labels)):
            colour = ticks.colours[k] if ticks.colours else "black"
            weight = ticks.weights[k] if ticks.weights else "normal"
            if ticks.side == "left":
                x, y, ha, va = box.left - TICK_PAD, t.y(position), "right", "center_baseline"
            elif ticks.side == "top":
                x, y, ha, va = t.x(position), box.top - TICK_PAD, "center", "bottom"
            else:
                x, y, ha, va = t.x(position), box.bottom + TICK_PAD, "center", "top"
            item = Text(x, y, label, ticks.size, ha, va, ticks.family, weight, colour, ticks.rotation)  # type: ignore[arg-type]
            self._text(item, item.x, item.y, 'class="tick" ')

    def _legend(self, legend: Legend, box: Box) -> None:
        """The legend's handles and labels where :func:`legend_layout` puts them."""
        anchor_x = box.left + legend.anchor[0] * box.width
        anchor_y = box.bottom - legend.anchor[1] * box.height
        self.body.append('<g class="legend">')
        for entry, (x0, x1, y), (label_x, baseline) in legend_layout(legend):
            x0, x1, y = anchor_x + x0, anchor_x + x1, anchor_y + y
            if entry.glyph:
                middle = (x0 + x1) / 2
                for path in entry.glyph:
                    steps = _mapped(path.steps, lambda p, m=middle, y=y: (m + p[0], y - p[1]))  # type: ignore[misc]
                    self._grow(self._path(path, steps))
            elif entry.patch:
                half = LEGEND_SPACING["handleheight"] * legend.size / 2
                self._item(Rect(x0, y - half, x1 - x0, 2 * half, face=entry.colour, edge=entry.edge,
                                edge_width=entry.width if entry.edge != "none" else 0.0, alpha=entry.alpha),
                           _PAGE_POINTS, None)  # fmt: skip
            elif entry.width > 0:
                stroke, opacity = _paint(entry.colour, entry.alpha)
                line = _attrs(
                    x1=x0,
                    y1=y,
                    x2=x1,
                    y2=y,
                    stroke=stroke,
                    stroke_width=float(entry.width),
                    stroke_opacity=opacity,
                    stroke_linecap=_CAPS[entry.cap],
                    stroke_dasharray=_dashes(entry.dash, entry.width),
                )
                self.body.append(f"<line {line}/>")
                reach = entry.width / 2
                self._grow(Box(x0 - reach, y - reach, x1 + reach, y + reach))
            if entry.marker is not None and not entry.patch and not entry.glyph:
                self._grow(self._marker(entry.marker, (x0 + x1) / 2, y))
            x, y_text = anchor_x + label_x, anchor_y + baseline
            self._text(Text(x, y_text, entry.label, legend.size, ha="left", va="baseline"), x, y_text)
        self.body.append("</g>")


def legend_layout(
    legend: Legend,
) -> list[tuple[LegendEntry, tuple[float, float, float], tuple[float, float]]]:
    """Where each entry of a legend goes, in points right of and below its anchor: the handle (from x, to x, its
    middle at y) and the label's start and baseline. Both renderers draw the legend here.

    The spacings are matplotlib's defaults for a legend without a frame at ``legend.size`` points: half an em
    from the anchor, 0.4 em inside, handles 2 em long (``handle_length``) and 0.7 em high, 0.8 em before the label,
    rows 1.5 em apart, columns 2 em apart (``column_spacing``; the first columns take one entry more where they do
    not divide evenly), each handle's
    middle 0.35 em above its label's baseline. Labels are measured by the font's advance widths.
    """
    size = legend.size
    s = LEGEND_SPACING
    entries = legend.entries
    columns = max(1, min(legend.columns, len(entries)))
    rows, larger = divmod(len(entries), columns)
    counts = [rows + 1 if c < larger else rows for c in range(columns)]
    handle = (legend.handle_length + s["handletextpad"]) * size
    widths, start = [], 0
    for count in counts:
        labels = entries[start : start + count]
        widths.append(handle + max((text_width(e.label, size) for e in labels), default=0.0))
        start += count
    content = sum(widths) + (columns - 1) * legend.column_spacing * size
    outside = (s["borderaxespad"] + s["borderpad"]) * size
    left = {"left": outside, "center": -content / 2, "right": -outside - content}[legend.align]
    top = outside
    placed = []
    k = 0
    for c, count in enumerate(counts):
        for row in range(count):
            entry = entries[k]
            baseline = top + row * s["row"] * size + ASCENT * size
            stroke = (left, left + legend.handle_length * size, baseline - 0.35 * size)
            label = (left + handle, baseline)
            placed.append((entry, stroke, label))
            k += 1
        left += widths[c] + legend.column_spacing * size
    return placed


def iter_texts(picture: Picture) -> Iterator[str]:
    """Every string the picture draws: items, tick labels, legend labels and titles, panel by panel, then the page's."""
    for panel in picture.panels:
        for item in panel.items:
            if isinstance(item, Text):
                yield item.text
        for ticks in panel.ticks:
            yield from ticks.labels
        yield from (label.text for _, _, label in axis_labels(panel))
        if panel.legend is not None:
            yield from (entry.label for entry in panel.legend.entries)
        if panel.title:
            yield panel.title
    for item in picture.overlay:
        if isinstance(item, Text):
            yield item.text


__all__ = [
    "MONO",
    "SANS",
    "Arrow",
    "Circle",
    "Legend",
    "LegendEntry",
    "Line",
    "Marker",
    "Markers",
    "Panel",
    "Path",
    "Picture",
    "Polygon",
    "Rect",
    "Text",
    "Ticks",
    "arrow_geometry",
    "axis_labels",
    "box_steps",
    "circle_steps",
    "cross_steps",
    "hatch_steps",
    "hex_colour",
    "iter_texts",
    "legend_layout",
    "panel_box",
    "text_layout",
    "text_width",
    "title_lift",
]
