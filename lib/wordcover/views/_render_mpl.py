"""A :class:`~wordcover.views.picture.Picture` drawn by matplotlib: a panel on an Axes, a picture as a Figure.

Texts, lines, rectangles, polygons, circles and markers become the matplotlib artists the views drew before there
was a description (``ax.text``, a Line2D, a Rectangle, tick labels, ``ax.set_title``; marks of one kind at many
points are one Line2D, as ``plot(xs, ys, ls="")`` draws them), so the PNGs and PDFs look as they did. Two things
are placed by the description instead of by matplotlib, so that the SVG can put them in the same place: a legend's
strokes and labels (:func:`~wordcover.views.picture.legend_layout`, where ``ax.legend`` measured hinted text: rows
1.1 points farther apart at 9 points and 100 dpi) and a title over labels along the top
(:func:`~wordcover.views.picture.title_lift`). A path is a PathPatch, in data coordinates or in points about a
data point (an offset transform, so it stays so many points across whatever the axes' scale). An arrow is an
:class:`ArrowArtist`, laid out when drawn: its ends through the axes' transform to the page, its line and heads
there by :func:`~wordcover.views.picture.arrow_geometry`, as the SVG lays them out (the links were drawn with
matplotlib's FancyArrowPatch before, whose heads the SVG could not copy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ._matplotlib import (
    Affine2D,
    Artist,
    Axes,
    Bbox,
    Ellipse,
    Figure,
    IdentityTransform,
    Line2D,
    Patch,
    Path,
    PathPatch,
    Polygon,
    Rectangle,
    ScaledTranslation,
    Transform,
)
from .picture import (
    LEGEND_SPACING,
    MARKER_STROKES,
    SANS,
    Arrow,
    Circle,
    Item,
    Legend,
    Line,
    Marker,
    Markers,
    Panel,
    Picture,
    Point,
    Rect,
    Step,
    Text,
    arrow_geometry,
    axis_labels,
    legend_layout,
    title_lift,
)
from .picture import Path as PathItem
from .picture import Polygon as PolygonItem

if TYPE_CHECKING:
    from matplotlib.transforms import Affine2DBase


def figure_of(ax: Axes) -> Figure:
    """The figure an axes is drawn on (the top one, where an axes sits in a subfigure)."""
    figure = ax.figure
    while not isinstance(figure, Figure):
        figure = figure.figure
    return figure


def _line(item: Line, transform: Transform) -> Line2D:
    """A line as matplotlib's Line2D."""
    return Line2D(
        item.xs,
        item.ys,
        color=item.colour,
        alpha=item.alpha,
        lw=item.width,
        solid_capstyle=item.cap,
        dash_capstyle=item.cap,
        linestyle=(0, item.dash) if item.dash else "-",
        zorder=item.zorder,
        transform=transform,
    )


def _marker(item: Marker | Markers, xs: Sequence[float], ys: Sequence[float], transform: Transform) -> Line2D:
    """A marker, or marks of one kind at many points, as one Line2D with no line (a thin cross: its edge alone)."""
    edge = item.edge != "none"
    return Line2D(
        xs,
        ys,
        ls="",
        marker=item.shape,
        ms=item.size,
        mfc="none" if item.shape in MARKER_STROKES else item.face,
        mec=item.edge if edge else "none",
        mew=item.edge_width if edge else 0.0,
        alpha=None if item.alpha >= 1 else item.alpha,
        zorder=item.zorder,
        transform=transform,
    )


def _patch(item: Rect | PolygonItem | Circle, transform: Transform) -> Patch:
    """A rectangle, polygon or circle as matplotlib's patch."""
    paint: dict[str, Any] = {
        "facecolor": item.face,
        "edgecolor": item.edge,
        "lw": item.edge_width,
        "alpha": None if item.alpha >= 1 else item.alpha,
        "zorder": item.zorder,
        "transform": transform,
    }
    if isinstance(item, Rect):
        return Rectangle((item.x, item.y), item.width, item.height, **paint)
    if isinstance(item, PolygonItem):
        return Polygon(item.points, closed=True, **paint)
    return Ellipse((item.x, item.y), 2 * item.radius, 2 * item.radius, **paint)


_CODES: dict[str, int] = {
    "M": int(Path.MOVETO),
    "L": int(Path.LINETO),
    "Q": int(Path.CURVE3),
    "C": int(Path.CURVE4),
    "Z": int(Path.CLOSEPOLY),
}


def mpl_path(steps: tuple[Step, ...]) -> Path:
    """A path's steps as matplotlib's Path (a close takes the point it closes on, as matplotlib's do)."""
    vertices: list[Point] = []
    codes: list[int] = []
    start: Point = (0.0, 0.0)
    for code, points in steps:
        if code == "M":
            start = points[0]
        if code == "Z":
            vertices.append(start)
            codes.append(_CODES["Z"])
        for point in points:
            vertices.append(point)
            codes.append(_CODES[code])
    return Path(vertices, codes)


def _path_patch(item: PathItem, steps: tuple[Step, ...], transform: Transform) -> PathPatch:
    """A path as matplotlib's PathPatch."""
    stroked = item.edge != "none" and item.edge_width > 0
    patch = PathPatch(
        mpl_path(steps),
        facecolor=item.face,
        edgecolor=item.edge if stroked else "none",
        lw=item.edge_width if stroked else 0.0,
        linestyle=(0, item.dash) if item.dash else "-",
        capstyle=item.cap,
        joinstyle=item.join,
        alpha=None if item.alpha >= 1 else item.alpha,
        zorder=item.zorder,
        transform=transform,
    )
    if item.gid:
        patch.set_gid(item.gid)
    return patch


def _at(anchor: Point, data: Transform, figure: Figure) -> Transform:
    """Points right of and above a data point, to pixels: where a Path with ``at`` is drawn."""
    points = Affine2D().scale(1 / 72) + figure.dpi_scale_trans
    return points + ScaledTranslation(*anchor, cast("Affine2DBase", data))  # data may be a panel's scale


class ArrowArtist(Artist):
    """An :class:`~wordcover.views.picture.Arrow`, placed when drawn: its ends go through the data transform to
    the page, :func:`~wordcover.views.picture.arrow_geometry` lays out its line and heads there in points, and
    those are drawn as patches (``pieces``, kept from the last drawing, in pixels)."""

    def __init__(self, item: Arrow, data: Transform) -> None:
        super().__init__()
        self.item, self._data = item, data
        self.set_zorder(item.zorder)
        if item.gid:
            self.set_gid(item.gid)
        self.pieces: list[PathPatch] = []

    def _layout(self) -> list[PathPatch]:
        figure = self.figure
        while not isinstance(figure, Figure):  # drawn in a subfigure: the page is the top figure's
            figure = figure.figure
        dpi, height = figure.dpi, figure.bbox.height
        to_page = 72 / dpi
        item = self.item
        pixels = self._data.transform([item.start, *item.controls, item.end])
        page = [(float(x) * to_page, (height - float(y)) * to_page) for x, y in pixels]
        line, heads = arrow_geometry(item, page)

        def back(steps: tuple[Step, ...]) -> tuple[Step, ...]:
            return tuple((c, tuple((x / to_page, height - y / to_page) for x, y in ps)) for c, ps in steps)

        stroke = PathItem(line, edge=item.colour, edge_width=item.width, dash=item.dash, alpha=item.alpha, gid=item.gid)
        pieces = [_path_patch(stroke, back(line), IdentityTransform())]
        for tip, left, right in heads:
            steps: tuple[Step, ...] = (("M", (tip,)), ("L", (left,)), ("L", (right,)), ("Z", ()))
            head = PathItem(steps, face=item.colour, edge=item.colour, edge_width=item.width, alpha=item.alpha)
            pieces.append(_path_patch(head, back(steps), IdentityTransform()))
        for piece in pieces:
            piece.set_figure(figure)
            piece.set_clip_on(self.get_clip_on())
            piece.set_clip_box(self.get_clip_box())
            piece.set_clip_path(self.get_clip_path())
        return pieces

    def draw(self, renderer: Any) -> None:
        if not self.get_visible():
            return
        self.pieces = self._layout()
        for piece in self.pieces:
            piece.draw(renderer)
        self.stale = False

    def get_window_extent(self, renderer: Any = None) -> Bbox:
        boxes = [piece.get_window_extent(renderer) for piece in self._layout()]
        return Bbox.union(boxes) if boxes else Bbox.null()


def _add(ax: Axes, item: Item, data: Transform) -> None:
    """A panel's item (not a text) on ``ax`` with its data coordinates through ``data``."""
    if isinstance(item, Line):
        ax.add_line(_line(item, data))
    elif isinstance(item, Marker):
        ax.add_line(_marker(item, [item.x], [item.y], data))
    elif isinstance(item, Markers):
        ax.add_line(_marker(item, item.xs, item.ys, data))
    elif isinstance(item, PathItem):
        transform = data if item.at is None else _at(item.at, data, figure_of(ax))
        ax.add_artist(_path_patch(item, item.steps, transform))  # add_patch would move the limits, path by path
    elif isinstance(item, Arrow):
        ax.add_artist(ArrowArtist(item, data))
    elif not isinstance(item, Text):
        ax.add_patch(_patch(item, data))


def _text_keywords(item: Text) -> dict[str, Any]:
    return {
        "ha": item.ha,
        "va": item.va,
        "fontsize": item.size,
        "family": item.family,
        "weight": item.weight,
        "color": item.colour,
        "rotation": item.rotation,
        "zorder": item.zorder,
    }


def _offset(ax: Axes, fraction: tuple[float, float], flip: bool) -> Transform:
    """Points from a point of the axes (fractions of it) to pixels: right and down if ``flip``, else right and up."""
    fig = figure_of(ax)
    points = Affine2D().scale(1 / 72, -1 / 72 if flip else 1 / 72) + fig.dpi_scale_trans
    return points + ScaledTranslation(*fraction, cast("Affine2DBase", ax.transAxes))  # an affine map


def _draw_legend(ax: Axes, legend: Legend) -> None:
    """The legend's handles and labels where legend_layout puts them: points from its anchor, y down."""
    placed = _offset(ax, legend.anchor, flip=True)
    for entry, (x0, x1, y), (label_x, baseline) in legend_layout(legend):
        artists: list[Any] = []
        if entry.glyph:
            middle = (x0 + x1) / 2
            for path in entry.glyph:  # y up about the handle's middle; here y runs down
                steps = tuple((c, tuple((middle + u, y - v) for u, v in ps)) for c, ps in path.steps)
                artists.append(_path_patch(path, steps, placed))
        elif entry.patch:
            half = LEGEND_SPACING["handleheight"] * legend.size / 2
            outline = entry.width if entry.edge != "none" else 0.0
            box = Rect(x0, y + half, x1 - x0, -2 * half, entry.colour, entry.edge, outline, entry.alpha, zorder=5)
            artists.append(_patch(box, placed))
        elif entry.width > 0:
            stroke = Line((x0, x1), (y, y), entry.colour, entry.width, entry.alpha, entry.cap, 5, entry.dash)
            artists.append(_line(stroke, placed))
        if entry.marker is not None and not entry.patch and not entry.glyph:
            artists.append(_marker(entry.marker, [(x0 + x1) / 2], [y], placed))
        for artist in artists:
            artist.set_clip_on(False)  # it lies outside the axes
            if isinstance(artist, Line2D):
                ax.add_line(artist)
            else:
                ax.add_patch(artist)
        label = Text(label_x, baseline, entry.label, legend.size, ha="left", va="baseline", zorder=5)
        ax.text(label.x, label.y, label.text, transform=placed, **_text_keywords(label))


def draw_panel(ax: Axes, panel: Panel) -> None:
    """Draw a panel on ``ax`` (whose place in its figure is the axes', not ``panel.bounds``)."""
    panel.check()
    ax.set_xscale(panel.xscale)
    ax.set_yscale(panel.yscale)
    ax.minorticks_off()
    ax.set_xlim(*panel.xlim)
    ax.set_ylim(*panel.ylim)
    ax.set_aspect(panel.aspect)
    sides = {ticks.side for ticks in panel.ticks}
    if not panel.frame and not sides:
        ax.axis("off")
    else:
        if not panel.frame:
            for spine in ax.spines.values():
                spine.set_visible(False)
        if not sides & {"top", "bottom"}:
            ax.set_xticks([])
        if "left" not in sides:
            ax.set_yticks([])
    for ticks in panel.ticks:
        style: dict[str, Any] = {"fontsize": ticks.size, "family": ticks.family, "rotation": ticks.rotation}
        if ticks.side == "left":
            ax.set_yticks(ticks.positions, ticks.labels, **style)
            shown = ax.get_yticklabels()
        else:
            ax.set_xticks(ticks.positions, ticks.labels, **style)
            if ticks.side == "top":
                ax.xaxis.tick_top()
            shown = ax.get_xticklabels()  # the labels on the side that shows them
        for label, colour in zip(shown, ticks.colours):
            label.set_color(colour)
        for label, weight in zip(shown, ticks.weights):
            label.set_fontweight(weight)
    if panel.ticks:
        ax.tick_params(length=0)
    for item in panel.items:
        if isinstance(item, Text):
            ax.text(item.x, item.y, item.text, **_text_keywords(item))
        else:
            _add(ax, item, ax.transData)
    ax.set_xlim(*panel.xlim)  # as set: nothing added may move them
    ax.set_ylim(*panel.ylim)
    for fraction, (dx, dy), axis_label in axis_labels(panel):
        where = _offset(ax, fraction, flip=False)
        ax.text(dx, dy, axis_label.text, transform=where, **_text_keywords(axis_label))
    if panel.legend is not None:
        _draw_legend(ax, panel.legend)
    if panel.title:
        # at y=1 plus a pad, matplotlib does not move it: over labels along the top, title_lift says how far
        ax.set_title(panel.title, fontsize=panel.title_size, y=1.0, pad=title_lift(panel), family=SANS,
                     loc=panel.title_loc)  # fmt: skip


class CaptionedFigure(Figure):
    """A Figure that hands Jupyter its picture's caption as the PNG's alt text; Jupyter's own formatter for Figures
    still draws the PNG (the static pages write the caption into ``<img alt>``)."""

    caption = ""

    def __repr__(self) -> str:  # what a notebook prints under the picture: matplotlib's own words for a Figure
        return super().__repr__().replace(type(self).__name__, "Figure", 1)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        return {}, ({"image/png": {"alt": self.caption}} if self.caption else {})


def picture_figure(picture: Picture) -> Figure:
    """A matplotlib Figure of the picture, at the picture's dpi (matplotlib's figure.dpi unless it says another)."""
    fig = CaptionedFigure(figsize=(picture.width, picture.height), dpi=picture.dpi)
    fig.caption = picture.caption
    for panel in picture.panels:
        draw_panel(fig.add_axes(panel.bounds), panel)
    for item in picture.overlay:
        if isinstance(item, Text):
            fig.text(item.x, item.y, item.text, **_text_keywords(item))
        elif isinstance(item, Line):
            fig.add_artist(_line(item, fig.transFigure))
        elif isinstance(item, Marker):
            fig.add_artist(_marker(item, [item.x], [item.y], fig.transFigure))
        elif isinstance(item, Markers):
            fig.add_artist(_marker(item, item.xs, item.ys, fig.transFigure))
        elif isinstance(item, PathItem):
            transform = fig.transFigure if item.at is None else _at(item.at, fig.transFigure, fig)
            fig.add_artist(_path_patch(item, item.steps, transform))
        elif isinstance(item, Arrow):
            fig.add_artist(ArrowArtist(item, fig.transFigure))
        else:
            fig.add_artist(_patch(item, fig.transFigure))
    return fig
