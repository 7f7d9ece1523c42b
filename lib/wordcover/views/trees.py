"""Pictures of search trees and their profiles: the tree of tried options, nodes per level, and the running
mean of Knuth's estimates.

Each picture is described once as a :class:`~wordcover.views.picture.Panel` (``search_tree_panel``,
``profile_panel``, ``profiles_panel``, ``running_mean_panel``) on a
:class:`~wordcover.views.picture.Picture` (``search_tree_picture``, ``search_trees_picture``, ``profile_picture``,
``profiles_picture``, ``running_mean_picture``); the ``..._figure`` functions draw it with matplotlib where it is
installed and otherwise give the Picture, which shows itself as SVG. ``draw_search_tree``, ``search_tree_legend``,
``draw_profile``, ``draw_profiles`` and ``draw_running_mean`` draw the same panels on a matplotlib Axes.

Tick labels are written out (a log axis at 1, 10, 100, 1,000, ...) and the tick marks point into the panel, so
both renderers draw the same axes. A point given in points away from a data point (a count written beside its
marker, a node's name) is turned into data units by the panel's size, which the builders are given.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from ._figure import figure_or_picture
from .colours import word_colours
from .picture import (
    ASCENT,
    DESCENT,
    LABEL_PAD,
    LEGEND_SPACING,
    LINE_PITCH,
    PT_PER_INCH,
    TICK_PAD,
    TITLE_PAD,
    Legend,
    LegendEntry,
    Line,
    Marker,
    Markers,
    MarkerShape,
    Panel,
    Picture,
    Rect,
    Text,
    Ticks,
    legend_layout,
    text_width,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..tracing import Trace

PROFILE_LABEL = 9  # points: the counts written beside a profile's points, and its legend
TICK_SIZE = 10.0  # points: tick labels and axis labels, matplotlib's default
TICK_MARK = 3.5  # points: a tick mark's length, drawn inward from the panel's edge
AIR = 4.0  # points of air added round what a margin must hold

Bounds = tuple[float, float, float, float]
Page = tuple[float, float]  # a picture's width and height, inches


class Profiled(Protocol):
    """Anything with search-tree nodes per level: SearchStats, SquareStats."""

    profile: list[int]


# ---- axes: ticks, offsets and margins, the same for every plot here ----------------------------------------------


def count_label(value: float) -> str:
    """A tick's label: a whole number with thousands separated ('1,000'), a fraction as it is ('0.5')."""
    return f"{round(value):,}" if value >= 1 and value == round(value) else f"{value:g}"


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values from ``low`` to ``high`` for a linear axis, at most ``most`` of them, a step of 1, 2, 2.5 or 5
    times a power of ten."""
    span = high - low
    if span <= 0:
        return [low]
    for power in range(math.floor(math.log10(span)) - 1, math.floor(math.log10(span)) + 2):
        for factor in (1, 2, 2.5, 5):
            step = factor * 10.0**power
            first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
            if last - first + 1 <= most:
                return [k * step for k in range(first, last + 1)]
    return [low, high]


def log_ticks(low: float, high: float, fewest: int = 2) -> list[float]:
    """Values from ``low`` to ``high`` for a log axis: the powers of ten; where fewer than ``fewest`` fall there,
    1, 2 and 5 times each power; where still fewer, every whole multiple of each power (1 to 9)."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    for multiples in ((1,), (1, 2, 5), tuple(range(1, 10))):
        ticks = [m * 10.0**k for k in range(first, last + 1) for m in multiples]
        ticks = [t for t in ticks if low * (1 - 1e-9) <= t <= high * (1 + 1e-9)]
        if len(ticks) >= fewest:
            break
    return ticks


def shifted(value: float, points: float, limits: tuple[float, float], scale: str, length: float) -> float:
    """``value`` moved ``points`` along an axis ``length`` points long that shows ``limits`` (towards the second)."""
    low, high = limits
    if scale == "log":
        return float(value * (high / low) ** (points / length))
    return value + (high - low) * points / length


def fit_limits(
    extents: Sequence[tuple[float, float, float]], length: float, scale: str = "linear", margin: float = 0.05
) -> tuple[float, float]:
    """The limits (low, high) of an axis ``length`` points long that hold each (value, points below, points
    above) of ``extents`` (a marker's radius, a label beside it) and ``margin`` of the values' span either side,
    as matplotlib's own margins; on a log scale the span and the margin are in powers of ten."""
    if not extents:
        raise ValueError("fit_limits needs at least one value")
    if max(b for _, b, _ in extents) + max(a for _, _, a in extents) >= length:
        raise ValueError(f"an axis {length:g} points long cannot hold what is drawn on it")
    values = [(math.log10(v) if scale == "log" else v, b, a) for v, b, a in extents]
    smallest, largest = min(v for v, _, _ in values), max(v for v, _, _ in values)
    spread = (largest - smallest) * margin if largest > smallest else 0.5  # one value: half a unit round it
    low, high = smallest - spread, largest + spread
    per_point = (high - low) / length  # data units a point; grows to the least width holding every extent
    for _ in range(200):
        low = min(smallest - spread, *(v - b * per_point for v, b, _ in values))
        high = max(largest + spread, *(v + a * per_point for v, _, a in values))
        if (high - low) / length <= per_point * (1 + 1e-12):
            break
        per_point = (high - low) / length
    return (10**low, 10**high) if scale == "log" else (low, high)


def _points(bounds: Bounds, page: Page) -> tuple[float, float]:
    """A panel's width and height in points from its bounds on a page (width, height in inches)."""
    return bounds[2] * page[0] * PT_PER_INCH, bounds[3] * page[1] * PT_PER_INCH


def tick_marks(panel: Panel, page: Page) -> None:
    """Short black lines from the panel's edge inwards at its left and bottom labels, as matplotlib's tick marks
    turned in (drawn with the labels' own positions, so both renderers agree)."""
    width, height = _points(panel.bounds, page)
    for ticks in panel.ticks:
        for position in ticks.positions:
            if ticks.side == "left":
                x0 = panel.xlim[0]
                x1 = shifted(x0, TICK_MARK, panel.xlim, panel.xscale, width)
                panel.add(Line((x0, x1), (position, position), width=0.8, cap="butt", zorder=2.5))
            elif ticks.side == "bottom":
                y0 = panel.ylim[0]
                y1 = shifted(y0, TICK_MARK, panel.ylim, panel.yscale, height)
                panel.add(Line((position, position), (y0, y1), width=0.8, cap="butt", zorder=2.5))


def left_room(labels: Sequence[str], ylabel: str, size: float = TICK_SIZE) -> float:
    """Points left of a panel for its left labels and its turned y label, with a little air."""
    room = TICK_PAD + max((text_width(label, size) for label in labels), default=0.0) if labels else 0.0
    if ylabel:
        room += LABEL_PAD + size * (ASCENT + DESCENT)
    return room + AIR


def bottom_room(labelled: bool, xlabel: str, size: float = TICK_SIZE) -> float:
    """Points under a panel for its bottom labels and its x label, with a little air."""
    room = TICK_PAD + size if labelled else 0.0
    if xlabel:
        room += LABEL_PAD + size
    return room + AIR


def title_room(size: float) -> float:
    """Points above a panel for a title of one line at ``size`` points."""
    return TITLE_PAD + ASCENT * size + AIR


def legend_height(rows: int, size: float) -> float:
    """Points a legend of ``rows`` rows takes below its anchor, matplotlib's spacings, air round it included."""
    s = LEGEND_SPACING
    return (s["borderaxespad"] + 2 * s["borderpad"]) * size + ((rows - 1) * s["row"] + ASCENT + DESCENT) * size


def bounds_in(page: Page, left: float, bottom: float, right: float, top: float) -> Bounds:
    """A panel's bounds on a page with these margins in points."""
    width, height = (v * PT_PER_INCH for v in page)
    return (left / width, bottom / height, 1 - (left + right) / width, 1 - (bottom + top) / height)


def add_title(picture: Picture, panel: Panel, title: str, size: float, align: Literal["left", "center"]) -> None:
    """A title over a panel: centred as the panel's own, or from its left edge (matplotlib's ``loc="left"``), its
    baseline ``TITLE_PAD`` points over the panel in both renderers."""
    if not title:
        return
    if align == "center":
        panel.title, panel.title_size = title, size
        return
    left, bottom, _, height = panel.bounds
    y = bottom + height + TITLE_PAD / (picture.height * PT_PER_INCH)
    picture.overlay.append(Text(left, y, title, size, ha="left", va="baseline"))


# ---- search trees ---------------------------------------------------------------------------------------------

# how each kind of node of a search tree is drawn (shape, face, edge, edge width), and its size in points (small
# tree without labels, labelled tree); the edge of a disc or a cross is its own colour, 1 point wide, as
# matplotlib draws ``plot(x, y, "o", color=c)``
_NODE_STYLE: dict[str, tuple[MarkerShape, str, str, float]] = {
    "start": ("o", "black", "black", 1.0),
    "tried": ("o", "0.45", "0.45", 1.0),
    "dead end": ("s", "white", "0.3", 1.2),
    "solution": ("o", "#009e73", "#009e73", 1.0),
    "wrong": ("X", "#d55e00", "#d55e00", 1.0),
}
_NODE_SIZE = {"start": (4, 7), "tried": (3, 5), "dead end": (4, 7), "solution": (4.5, 7), "wrong": (6.5, 9)}
_NODE_LABEL = {
    "start": "start: the root, no option tried yet",
    "tried": "option tried, more tried below it",
    "dead end": "dead end: nothing below, no solution",
    "solution": "solution",
    "wrong": "solution breaking a rule",
}
NAME_GAP = (2.5, 2.0)  # points between a node's marker and its name across, and from its centre up or down
NAME_SIZE = 9.0  # a node's name, and the root's
NUMBER_SIZE = 9.0  # the number under a solution breaking a rule
LEVEL_LABEL = "level"  # the title of the rows start, L0, L1, ... (named as the event lines name levels)
EDGE_COLOUR, EDGE_WIDTH = "0.75", 0.6  # the lines from a node to its parent


def node_marker(kind: str, x: float, y: float, labelled: bool) -> Marker:
    """The marker of a node of this kind at (x, y), the larger size where the tree is labelled."""
    shape, face, edge, edge_width = _NODE_STYLE[kind]
    return Marker(x, y, shape, _NODE_SIZE[kind][1 if labelled else 0], face, edge, edge_width, zorder=3)


@dataclass(frozen=True)
class TreeNode:
    """A tried option as the tree draws it: where, its level, its parent (-1: the root), its kind and its name."""

    x: float
    y: float
    level: int
    parent: int
    kind: str  # "tried", "dead end", "solution" or "wrong"
    name: str


def tree_nodes(
    trace: Trace,
    label: Callable[[int], str] | None = None,
    wrong: Callable[[tuple[int, ...]], bool] | None = None,
    stack_leaves: bool = False,
    max_nodes: int = 400,
) -> tuple[list[TreeNode], float] | None:
    """The tried options of a trace laid out as a tree, and the root's x; None past ``max_nodes`` options.

    Leaves one unit apart from the left, a parent over the middle of its children, a node at its level (with
    ``stack_leaves``, leaves whose parent has only leaves hang in a column below it, 0.28 of a level apart).
    """
    nodes: list[tuple[int, int, bool]] = []  # (level, parent index, is solution)
    bad: set[int] = set()
    names: list[str] = []
    stack: list[int] = []
    for frame in trace.frames:
        e = frame.event
        if e.kind == "try":
            del stack[e.level :]
            nodes.append((e.level + 1, stack[-1] if stack else -1, False))
            names.append(label(e.option) if label is not None and e.option is not None else "")
            stack.append(len(nodes) - 1)
        elif e.kind == "solution" and stack:
            level, parent, _ = nodes[stack[-1]]
            nodes[stack[-1]] = (level, parent, True)
            if wrong is not None and wrong(frame.snapshot.chosen):
                bad.add(stack[-1])
        if len(nodes) > max_nodes:
            return None
    xs: list[float] = [0.0] * len(nodes)
    ys: list[float] = [float(level) for level, _, _ in nodes]
    children: dict[int, list[int]] = {}
    for k, (_, parent, _) in enumerate(nodes):
        children.setdefault(parent, []).append(k)
    counter = [0]
    gap = 0.28  # the distance between stacked leaves, in levels

    def place(k: int) -> float:
        kids = children.get(k, [])
        if kids and stack_leaves and k >= 0 and len(kids) > 1 and all(c not in children for c in kids):
            xs[k] = counter[0]
            counter[0] += 1
            for j, c in enumerate(kids):
                xs[c], ys[c] = xs[k], nodes[c][0] + j * gap
        elif not kids:
            xs[k] = counter[0]
            counter[0] += 1
        else:
            xs[k] = sum(place(c) for c in kids) / len(kids)
        return xs[k]

    roots = children.get(-1, [])
    root_x = sum(place(r) for r in roots) / len(roots) if roots else 0.0
    laid = []
    for k, (level, parent, solution) in enumerate(nodes):
        kind = ("wrong" if k in bad else "solution") if solution else "tried" if k in children else "dead end"
        laid.append(TreeNode(xs[k], ys[k], level, parent, kind, names[k]))
    return laid, root_x


def search_tree_kinds(
    trace: Trace, wrong: Callable[[tuple[int, ...]], bool] | None = None, max_nodes: int = 400
) -> set[str]:
    """The kinds of node the tree of a trace has, as :func:`search_tree_panel` draws them: 'tried', 'dead end',
    'solution', 'wrong' (a solution that ``wrong`` says breaks a rule); none past ``max_nodes`` options."""
    laid = tree_nodes(trace, wrong=wrong, max_nodes=max_nodes)
    return {node.kind for node in laid[0]} if laid is not None else set()


def level_labels(depth: int) -> tuple[str, ...]:
    """The rows of a search tree named as the event lines name levels: the root 'start', then 'L0', 'L1', ...
    (an option tried at level L, printed 'L{L} try', is drawn one row below the root, in row 'L{L}')."""
    return ("start", *(f"L{k}" for k in range(depth)))


def root_name(trace: Trace) -> str:
    """What the root of a trace's tree does: 'choose A' for the item chosen at level 0 ('' if none was recorded)."""
    for frame in trace.frames:
        e = frame.event
        if e.kind == "choose" and e.level == 0 and e.item is not None:
            return f"choose {e.item}"
    return ""


Side = tuple[int, int]  # a name's corner beside its node: (1, -1) right and below, (-1, 1) left and above, ...


def name_side(x: float, parent_x: float | None, children_xs: Sequence[float], numbered: bool) -> Side:
    """Where a node's name goes so that none of the node's own edges runs through it: right and below unless an
    edge goes down to the right (or a number hangs below), else right and above unless the edge up goes to the
    right, else left and below, else left and above. An edge leaves a node up or down, never level, so the
    corner it does not go into is free of it."""
    down_right = any(c > x for c in children_xs)
    down_left = any(c < x for c in children_xs)
    up_right = parent_x is not None and parent_x > x
    for side, blocked in (((1, -1), down_right or numbered), ((1, 1), up_right), ((-1, -1), down_left or numbered)):
        if not blocked:
            return side
    return (-1, 1)  # the edge up goes to the right, so not to the left


def search_tree_panel(
    trace: Trace,
    bounds: Bounds,
    page: Page,
    max_nodes: int = 400,
    label: Callable[[int], str] | None = None,
    wrong: Callable[[tuple[int, ...]], bool] | None = None,
    stack_leaves: bool = False,
    ylim: tuple[float, float] | None = None,
    root: str | None = None,
    number_wrong: bool = True,
    name_size: float = NAME_SIZE,
) -> tuple[Panel, set[str]]:
    """The tree of tried options from a trace in a panel at ``bounds`` of a page ``page`` inches (width, height),
    and the kinds of node it drew (for :func:`search_tree_legend_entries`).

    Each tried option is a node one row below the node it extends, in the row of its level as the event lines
    print it: the root is 'start', an option tried at level L (the line 'L{L} try') is in row 'L{L}'. A green disc
    completes a solution, a small grey dot has options tried below it, a hollow grey square is a dead end (no
    option tried below it, no solution). ``label(option)``, if given, names each tried option beside its node at
    ``name_size`` points (for small trees), on a side none of its edges goes to, and the root by ``root`` (by
    default, where the trace recorded it, the item chosen at level 0: 'choose A'); ``wrong(chosen)``, if given,
    tells a solution that breaks a rule: it is drawn as a vermillion cross, so it differs from a right one by shape
    as well as colour, and with ``number_wrong`` numbered 1, 2, ... from the left under its cross, the order the
    search found them.
    With ``stack_leaves``, the leaves under a node whose children are all leaves hang in a column below it
    instead of spreading sideways; they then sit below their row, so a caption must say so. The limits leave
    room round every node and for every name and number; ``ylim``, if given, sets the levels shown instead
    (bottom, top), so trees side by side can share one scale.
    """
    laid = tree_nodes(trace, label, wrong, stack_leaves, max_nodes)
    if laid is None:
        panel = Panel(bounds, (0, 1), (0, 1), frame=False)
        panel.add(Text(0.5, 0.5, f"more than {max_nodes} nodes: too many to draw", size=TICK_SIZE))
        return panel, set()
    nodes, root_x = laid
    labelled = bool(label)
    if root is None:
        root = root_name(trace) if labelled else ""
    width, height = _points(bounds, page)
    room = max(size[1 if labelled else 0] for size in _NODE_SIZE.values()) / 2 + AIR  # points round a node
    wrong_nodes = [k for k, node in enumerate(nodes) if node.kind == "wrong"]  # in the order the search found them
    numbers = {k: n for n, k in enumerate(wrong_nodes, 1)} if number_wrong else {}
    children_xs: dict[int, list[float]] = {}
    for node in nodes:
        children_xs.setdefault(node.parent, []).append(node.x)
    # (x, y, name, half the marker's size, the side of its name, its number): the root first, then each node
    root_half = _NODE_SIZE["start"][1 if labelled else 0] / 2
    named = [(root_x, 0.0, root, root_half, name_side(root_x, None, children_xs.get(-1, []), False), 0)]
    for k, node in enumerate(nodes):
        parent_x = root_x if node.parent < 0 else nodes[node.parent].x
        half = _NODE_SIZE[node.kind][1 if labelled else 0] / 2
        side = name_side(node.x, parent_x, children_xs.get(k, []), k in numbers)
        named.append((node.x, node.y, node.name, half, side, numbers.get(k, 0)))
    name_height = name_size * (ASCENT + DESCENT)
    number_height = NUMBER_SIZE * (ASCENT + DESCENT)
    across = [(x, room, room) for x, *_ in named]
    for x, _, name, half, (sx, _), number in named:
        reach = half + NAME_GAP[0] + text_width(name, name_size) + AIR if name else 0.0
        if reach:
            across.append((x, reach, room) if sx < 0 else (x, room, reach))
        if number:
            half_number = text_width(str(number), NUMBER_SIZE) / 2 + AIR
            across.append((x, half_number, half_number))
    xlim = fit_limits(across, width)
    per_point = (xlim[1] - xlim[0]) / width
    rows_of: dict[int, int] = {}  # a number's row under its cross: the first where it keeps 2 points from the last
    ends: dict[tuple[float, int], float] = {}  # (level, row) -> the right edge in points of the last number there
    for x, y, _, _, _, number in sorted(named, key=lambda n: n[0]):
        if number:
            w = text_width(str(number), NUMBER_SIZE)
            left = x / per_point - w / 2
            row = next(r for r in itertools.count() if ends.get((y, r), -math.inf) + 2 <= left)
            ends[(y, row)] = left + w
            rows_of[number] = row
    # the levels grow downwards: for fit_limits "below" is up the page, "above" down it
    down = []
    for _x, y, name, half, (_, sy), number in named:
        up_reach, down_reach = room, room
        if name:
            reach = NAME_GAP[1] + name_height + AIR
            up_reach, down_reach = (max(up_reach, reach), down_reach) if sy > 0 else (up_reach, max(down_reach, reach))
        if number:
            down_reach = max(down_reach, half + NAME_GAP[1] + (rows_of[number] + 1) * number_height + AIR)
        down.append((y, up_reach, down_reach))
    top, bottom = fit_limits(down, height)  # level 0 at the top
    panel = Panel(bounds, xlim, ylim if ylim is not None else (bottom, top))
    for node in nodes:
        px, py = (root_x, 0.0) if node.parent < 0 else (nodes[node.parent].x, nodes[node.parent].y)
        if stack_leaves and px == node.x and node.parent >= 0 and node.kind != "tried":  # a stacked leaf
            py = max([n.y for n in nodes if n.parent == node.parent and n.y < node.y], default=py)
        panel.add(Line((px, node.x), (py, node.y), colour=EDGE_COLOUR, width=EDGE_WIDTH, zorder=1))
    drawn: set[str] = set()
    for node in nodes:
        drawn.add(node.kind)
        panel.add(node_marker(node.kind, node.x, node.y, labelled))
    panel.add(node_marker("start", root_x, 0.0, labelled))
    drawn.add("start")
    for x, y, name, half, (sx, sy), number in named:
        if name:
            tx = shifted(x, sx * (half + NAME_GAP[0]), panel.xlim, "linear", width)
            ty = shifted(y, sy * NAME_GAP[1], panel.ylim, "linear", height)
            panel.add(Text(tx, ty, name, name_size, ha="left" if sx > 0 else "right", va="bottom" if sy > 0 else "top"))
        if number:
            ty = shifted(y, -(half + NAME_GAP[1] + rows_of[number] * number_height), panel.ylim, "linear", height)
            panel.add(Text(x, ty, str(number), NUMBER_SIZE, va="top"))
    depth = max((n.level for n in nodes), default=0)
    panel.ticks.append(Ticks("left", tuple(range(depth + 1)), level_labels(depth), size=TICK_SIZE))
    panel.ylabel = LEVEL_LABEL
    return panel, drawn


def search_tree_legend_entries(
    wrong: bool = True, kinds: set[str] | None = None, labelled: bool = True
) -> tuple[LegendEntry, ...]:
    """A legend's entries for a search tree: the kinds of node given (what the tree drew, the root 'start'
    included), or else every kind (a solution breaking a rule only if ``wrong``); each marker at the labelled
    tree's size."""
    shown = [k for k in _NODE_STYLE if (k in kinds if kinds is not None else wrong or k != "wrong")]
    return tuple(
        LegendEntry(_NODE_LABEL[k], _NODE_STYLE[k][1], width=0, marker=node_marker(k, 0, 0, labelled)) for k in shown
    )


def legend_width(legend: Legend) -> float:
    """Points from the left of a legend's first handle to the end of its longest label in the last column."""
    placed = legend_layout(legend)
    if not placed:
        return 0.0
    left = min(stroke[0] for _, stroke, _ in placed)
    return max(label[0] + text_width(entry.label, legend.size) for entry, _, label in placed) - left


def tree_legend(entries: tuple[LegendEntry, ...], size: float, room: float = math.inf) -> Legend:
    """The legend hanging centred under a tree's panel, its entries side by side in one row if that is at most
    ``room`` points wide, else in two rows, three, ... (as many columns as the fewest rows need) until it fits."""
    columns = max(1, len(entries))
    for rows in range(1, len(entries) + 1):
        columns = math.ceil(len(entries) / rows)
        if legend_width(Legend(entries, size=size, columns=columns, align="center")) <= room:
            break
    return Legend(entries, size=size, anchor=(0.5, 0.0), columns=columns, align="center")


def _axes_place(ax: Axes) -> tuple[Bounds, Page]:
    """Where an Axes is on its figure (fractions) and the figure's size in inches."""
    from ._render_mpl import figure_of

    left, bottom, width, height = ax.get_position().bounds
    fig = figure_of(ax)
    return (left, bottom, width, height), (fig.get_figwidth(), fig.get_figheight())


def draw_search_tree(
    ax: Axes,
    trace: Trace,
    max_nodes: int = 400,
    label: Callable[[int], str] | None = None,
    wrong: Callable[[tuple[int, ...]], bool] | None = None,
    stack_leaves: bool = False,
    root: str | None = None,
    number_wrong: bool = True,
) -> set[str]:
    """The tree's panel (see :func:`search_tree_panel`) drawn on a matplotlib Axes; returns the kinds of node it
    drew (for :func:`search_tree_legend`)."""
    from ._render_mpl import draw_panel

    bounds, page = _axes_place(ax)
    panel, drawn = search_tree_panel(
        trace, bounds, page, max_nodes, label, wrong, stack_leaves, root=root, number_wrong=number_wrong
    )
    draw_panel(ax, panel)
    return drawn


def search_tree_legend(ax: Axes, wrong: bool = True, kinds: set[str] | None = None, fontsize: float = 9) -> None:
    """A legend for :func:`draw_search_tree` under ``ax``: the kinds of node given (what it returned), or else
    every kind (a solution breaking a rule only if ``wrong``)."""
    from ._render_mpl import _draw_legend

    _draw_legend(ax, tree_legend(search_tree_legend_entries(wrong, kinds), fontsize))


@dataclass(frozen=True)
class Tree:
    """One search tree for :func:`search_trees_picture`: a trace, its title, and what
    :func:`search_tree_panel` takes (names of options, a rule for wrong solutions, stacked leaves, a size limit,
    the root's name, numbers under the wrong solutions)."""

    trace: Trace
    title: str = ""
    label: Callable[[int], str] | None = None
    wrong: Callable[[tuple[int, ...]], bool] | None = None
    stack_leaves: bool = False
    max_nodes: int = 400
    root: str | None = None
    number_wrong: bool = True
    name_size: float = NAME_SIZE


def search_trees_picture(
    rows: Sequence[Sequence[Tree]],
    size: Page = (11.0, 9.5),
    heights: Sequence[float] | None = None,
    title_size: float = 12.0,
    title_align: Literal["left", "center"] = "center",
    legend_size: float = 9.0,
    share_levels: bool = False,
) -> Picture:
    """Search trees in rows, each row's trees side by side and as wide as one another, the rows as tall as
    ``heights`` says (relative, all alike by default); one legend centred under the last row names the kinds of
    node the trees drew, in as few rows as keep it inside the page's width. With ``share_levels`` the trees of a
    row share one scale of levels (the deepest tree's), so stacked leaves (``Tree.stack_leaves``) can be compared
    by their columns' lengths."""
    if not rows or not all(rows):
        raise ValueError("search_trees_picture needs at least one tree in each row")
    picture = Picture(*size)
    heights = list(heights) if heights is not None else [1.0] * len(rows)
    if len(heights) != len(rows):
        raise ValueError("one height a row")
    width_pt, height_pt = size[0] * PT_PER_INCH, size[1] * PT_PER_INCH
    titled = any(tree.title for row in rows for tree in row)
    head = title_room(title_size) if titled else AIR
    room = left_room(["start", "L10"], LEVEL_LABEL)  # the rows' names (up to L99) and their title, left of each
    kinds = set().union(*(search_tree_kinds(tree.trace, tree.wrong, tree.max_nodes) for row in rows for tree in row))
    middle_pt = (room + width_pt - AIR) / 2  # the last row's middle, where the legend hangs centred
    legend = tree_legend(
        search_tree_legend_entries(kinds=kinds | {"start"} if kinds else set()),
        legend_size,
        2 * min(middle_pt, width_pt - middle_pt) - 2 * AIR,
    )
    foot = legend_height(math.ceil(len(legend.entries) / legend.columns) if legend.entries else 1, legend_size) + AIR
    between = 2 * AIR  # more air between a panel and the title of the one below it
    free = height_pt - len(rows) * head - (len(rows) - 1) * between - foot
    top = height_pt + between
    drawn: set[str] = set()
    names: list[str] = []
    panels: list[Panel] = []
    for row, share in zip(rows, heights):
        tall = free * share / sum(heights)
        top -= between + head
        cell = width_pt / len(row)
        places = [
            ((k * cell + room) / width_pt, (top - tall) / height_pt, (cell - room - AIR) / width_pt, tall / height_pt)
            for k in range(len(row))
        ]

        def panel_of(tree: Tree, bounds: Bounds, ylim: tuple[float, float] | None = None) -> tuple[Panel, set[str]]:
            return search_tree_panel(
                tree.trace,
                bounds,
                size,
                tree.max_nodes,
                tree.label,
                tree.wrong,
                tree.stack_leaves,
                ylim,
                tree.root,
                tree.number_wrong,
                tree.name_size,
            )

        built = [panel_of(tree, bounds) for tree, bounds in zip(row, places)]
        drawn_trees = [p for p, _ in built if p.frame]  # a tree too big to draw has no levels
        if share_levels and drawn_trees:  # the deepest bottom and the highest top of the row, for every tree of it
            shared = (max(p.ylim[0] for p in drawn_trees), min(p.ylim[1] for p in drawn_trees))
            built = [panel_of(tree, bounds, shared) for tree, bounds in zip(row, places)]
        panels = []
        for tree, (tree_panel, kinds_drawn) in zip(row, built):
            drawn |= kinds_drawn
            panels.append(picture.add_panel(tree_panel))
            add_title(picture, tree_panel, tree.title, title_size, title_align)
            names.append(tree.title or "a search tree")
        top -= tall
    if panels and drawn:
        first, last = panels[0].bounds, panels[-1].bounds
        middle = ((first[0] + last[0] + last[2]) / 2 - last[0]) / last[2]  # the row's middle, in the last panel
        entries = search_tree_legend_entries(kinds=drawn)  # the kinds drawn: those counted above
        panels[-1].legend = Legend(entries, legend.size, (middle, 0.0), legend.columns, legend.align)
    picture.caption = (
        f"search trees ({'; '.join(names)}): a mark for each option tried, one row below its parent, in the row of "
        "its level as the event lines print it (start, L0, L1, ...)"
    )
    return picture


def search_trees_figure(
    rows: Sequence[Sequence[Tree]],
    size: Page = (11.0, 9.5),
    heights: Sequence[float] | None = None,
    title_size: float = 12.0,
    title_align: Literal["left", "center"] = "center",
    legend_size: float = 9.0,
    share_levels: bool = False,
) -> Figure | Picture:
    """:func:`search_trees_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    picture = search_trees_picture(rows, size, heights, title_size, title_align, legend_size, share_levels)
    return figure_or_picture(picture)


def search_tree_picture(
    trace: Trace,
    title: str = "",
    label: Callable[[int], str] | None = None,
    wrong: Callable[[tuple[int, ...]], bool] | None = None,
    stack_leaves: bool = False,
    max_nodes: int = 400,
    size: Page = (9.0, 3.3),
    title_size: float = 9.0,
    legend_size: float = 8.0,
    root: str | None = None,
    number_wrong: bool = True,
    name_size: float = NAME_SIZE,
) -> Picture:
    """One search tree (see :func:`search_tree_panel`) with its title from the left edge and the legend of the
    kinds of node it drew under it."""
    tree = Tree(trace, title, label, wrong, stack_leaves, max_nodes, root, number_wrong, name_size)
    return search_trees_picture([[tree]], size, None, title_size, "left", legend_size)


def search_tree_figure(
    trace: Trace,
    title: str = "",
    label: Callable[[int], str] | None = None,
    wrong: Callable[[tuple[int, ...]], bool] | None = None,
    stack_leaves: bool = False,
    max_nodes: int = 400,
    size: Page = (9.0, 3.3),
    title_size: float = 9.0,
    legend_size: float = 8.0,
    root: str | None = None,
    number_wrong: bool = True,
    name_size: float = NAME_SIZE,
) -> Figure | Picture:
    """:func:`search_tree_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    picture = search_tree_picture(
        trace,
        title,
        label,
        wrong,
        stack_leaves,
        max_nodes,
        size,
        title_size,
        legend_size,
        root,
        number_wrong,
        name_size,
    )
    return figure_or_picture(picture)


# ---- profiles: nodes per level ----------------------------------------------------------------------------------

PROFILE_BAR = "#4c72b0"
BAR_LABEL = 9.0  # points: the count over a bar
BAR_GAP = 2.0  # points between a bar's top and the bottom of its count
MARKED = ("#c0392b", "#7f3c8d", "#11a579")  # the crosses of other counts per level (conflicts), in turn
DASH = (3.7, 1.6)  # matplotlib's "--" for a line 1 point wide
PROFILE_MARKERS: tuple[MarkerShape, ...] = ("o", "s", "^", "D", "v")
CROSS_WIDTH = 1.5  # points: the strokes of the thin cross ('x') at each of the marked counts


def _bar_ticks(tallest: float) -> list[float]:
    return [t for t in nice_ticks(0, tallest) if t >= 0]


Rows = Literal["depth", "events", "both"]  # a profile's levels named by depth (0, 1, 2, ...), as the event lines
# do (start, L0, L1, ...), or both, the event lines' name over DLX1's level number


def level_ticks(count: int, rows: Rows) -> tuple[tuple[float, ...], tuple[str, ...], str]:
    """The positions, labels and axis title of ``count`` levels of a profile: by depth, 0 (the root), 1, 2, ...
    under 'level', as DLX1 numbers the lines of its profile; with ``rows="events"`` as the search trees name their
    rows, 'start', 'L0', 'L1', ... (depth k is the row of the options tried at level L(k-1), as the event lines
    print them); with ``rows="both"`` each label is the trees' name over DLX1's number, 'start' over '(level 0)',
    'L0' over '(level 1)', ..., and no axis title (each label says both)."""
    if rows not in ("depth", "events", "both"):
        raise ValueError(f"rows is 'depth', 'events' or 'both', not {rows!r}")
    levels = tuple(float(k) for k in range(count))
    if rows == "events":
        return levels, level_labels(count - 1), LEVEL_LABEL
    if rows == "both":
        return levels, tuple(f"{name}\n(level {k})" for k, name in enumerate(level_labels(count - 1))), ""
    return levels, tuple(str(k) for k in range(count)), "level"


def _bottom_room(rows: Rows) -> float:
    """Points under a profile's panel for its level labels (two lines with ``rows="both"``) and axis title."""
    if rows == "both":
        return TICK_PAD + LINE_PITCH * 2 * TICK_SIZE + AIR
    return bottom_room(True, "level")


def profile_panel(stats: Profiled, bounds: Bounds, page: Page, rows: Rows = "depth") -> Panel:
    """Search-tree nodes per level as bars at ``bounds`` of a page ``page`` inches, each count ``BAR_GAP`` points
    over its bar (over the axis, for a bar too short to see); the levels named as :func:`level_ticks` names them,
    with tick marks on the count axis only (a bar marks its level, and a mark there would run into a short bar's
    count)."""
    profile = list(stats.profile)
    if not profile:
        raise ValueError("a profile needs at least one level")
    width, height = _points(bounds, page)
    xlim = fit_limits([(k + side, 0, 0) for k in range(len(profile)) for side in (-0.4, 0.4)], width)
    label_room = BAR_GAP + BAR_LABEL * (ASCENT + DESCENT) + AIR
    _, top = fit_limits([(0, 0, 0)] + [(n, 0, label_room) for n in profile], height)
    panel = Panel(bounds, xlim, (0.0, top))
    for k, n in enumerate(profile):
        panel.add(Rect(k - 0.4, 0, 0.8, n, face=PROFILE_BAR))
        panel.add(Text(k, shifted(n, BAR_GAP, panel.ylim, "linear", height), f"{n:,}", BAR_LABEL, va="bottom"))
    levels, names, xlabel = level_ticks(len(profile), rows)
    ticks = _bar_ticks(top)
    panel.ticks.append(Ticks("left", tuple(ticks), tuple(count_label(t) for t in ticks), size=TICK_SIZE))
    tick_marks(panel, page)  # before the levels' labels go in: no tick marks under the bars
    panel.ticks.append(Ticks("bottom", levels, names, size=TICK_SIZE))
    panel.xlabel, panel.ylabel = xlabel, "nodes"
    return panel


def draw_profile(ax: Axes, stats: Profiled) -> None:
    """Search-tree nodes per level (see :func:`profile_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel

    draw_panel(ax, profile_panel(stats, *_axes_place(ax)))


def profile_picture(
    stats: Profiled, title: str = "", size: Page = (5.0, 2.8), title_size: float = 9.0, rows: Rows = "depth"
) -> Picture:
    """Search-tree nodes per level as bars (see :func:`profile_panel`), the title from the panel's left edge."""
    picture = Picture(*size, caption=f"{title or 'search-tree nodes per level'}: bars of {list(stats.profile)}")
    labels = [count_label(t) for t in _bar_ticks(max(stats.profile, default=1) * 1.15)]
    top = title_room(title_size) if title else AIR
    bounds = bounds_in(size, left_room(labels, "nodes"), _bottom_room(rows), 2 * AIR, top)
    panel = picture.add_panel(profile_panel(stats, bounds, size, rows))
    add_title(picture, panel, title, title_size, "left")
    return picture


def profile_figure(
    stats: Profiled, title: str = "", size: Page = (5.0, 2.8), title_size: float = 9.0, rows: Rows = "depth"
) -> Figure | Picture:
    """:func:`profile_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(profile_picture(stats, title, size, title_size, rows))


def _labels_above(named: Sequence[tuple[str, Sequence[int]]]) -> list[list[bool]]:
    """Whether each count is written above its point. With two searches, at each level the larger count goes above
    and the smaller below (the first search's above on a tie), so that neither lands on the other line where the two
    run close; with more, the first search's above, the second's below, and so on."""
    if len(named) != 2:
        return [[k % 2 == 0] * len(counts) for k, (_, counts) in enumerate(named)]
    (_, first), (_, second) = named
    top = [x >= len(second) or first[x] >= second[x] for x in range(len(first))]
    return [top, [x >= len(first) or not top[x] for x in range(len(second))]]


def _profile_limits(
    named: Sequence[tuple[str, Sequence[int]]], marked: Sequence[tuple[str, Sequence[int]]], log: bool, height: float
) -> tuple[float, float]:
    """The y limits of :func:`profiles_panel`: room for every count written above or below its point."""
    values = [n for _, counts in [*named, *marked] for n in counts if n > 0 or not log]
    tallest, lowest = max(values, default=1), min(values, default=1)
    label = 6 + PROFILE_LABEL * (ASCENT + DESCENT) + AIR / 2  # a count's reach from its point
    up = _labels_above(named)
    extents = [(n, AIR if up[k][x] else label, label if up[k][x] else AIR) for k, (_, c) in enumerate(named)
               for x, n in enumerate(c) if n > 0 or not log]  # fmt: skip
    extents += [(n, 4 + DESCENT * PROFILE_LABEL + AIR, 4.0 + AIR) for _, c in marked for n in c if n > 0]
    low, high = fit_limits(extents, height, "log" if log else "linear", margin=0.0)
    if log:
        return min(low, lowest / 4), max(high, tallest * 4)
    return min(low, -0.12 * tallest), max(high, 1.12 * tallest)


def profiles_panel(
    searches: Mapping[str, Profiled],
    bounds: Bounds,
    page: Page,
    log: bool = True,
    marked: Mapping[str, Sequence[int]] | None = None,
    rows: Rows = "depth",
) -> Panel:
    """Search-tree nodes per level of several searches, one line of points each, on one shared axis, in a panel at
    ``bounds`` of a page ``page`` inches.

    ``searches`` maps a name to a search's stats (anything with a ``profile``). A log scale (the default) keeps
    the small top levels readable beside a bottom level thousands of times larger; points, not bars, because a
    bar's length means nothing on a log axis. Each point's count is written beside it at 9 pt (the first
    search's above, the second's below, and so on; with two searches the larger count of each level above, the
    smaller below), and the limits leave room for every count inside the panel,
    the lower one at level 0 included. ``marked`` maps a name to other counts per level (the conflicts of
    notebook 4, say): each is a thin cross ('x') at every level where it is not 0, its count written right of the
    cross, with no line between levels (a count of events at one level, not a quantity that runs between them).
    The legend names them all, in the upper left corner. The levels are named as
    :func:`level_ticks` names them.
    """
    named = [(name, list(stats.profile)) for name, stats in searches.items()]
    if not named:
        raise ValueError("draw_profiles needs at least one search")
    others = [(name, list(counts)) for name, counts in (marked or {}).items()]
    scale: Literal["linear", "log"] = "log" if log else "linear"
    width, height = _points(bounds, page)
    depth = max(len(counts) for _, counts in [*named, *others])
    right = [(k, AIR, 8 + text_width(f"{n:,}", PROFILE_LABEL) + AIR) for _, c in others for k, n in enumerate(c)]
    low_x, high_x = fit_limits([(0, 0, 0), (depth - 1, 0, 0), *right], width, margin=0.0)
    xlim = (min(low_x, -0.4), max(high_x, depth - 0.6))  # room either side for the first and last levels' labels
    panel = Panel(bounds, xlim, _profile_limits(named, others, log, height), yscale=scale)
    entries = []
    up = _labels_above(named)
    shown = (lambda n: n > 0) if log else (lambda n: True)
    for k, ((name, counts), colour) in enumerate(zip(named, word_colours(len(named)))):
        points = [(x, n) for x, n in enumerate(counts) if shown(n)]
        shape = PROFILE_MARKERS[k % len(PROFILE_MARKERS)]
        if len(points) > 1:
            panel.add(Line(tuple(x for x, _ in points), tuple(n for _, n in points), colour=colour, width=1.2))
        if points:
            panel.add(Markers(tuple(x for x, _ in points), tuple(n for _, n in points), shape, 6, colour, colour))
        for x, n in points:
            above = up[k][x]  # two searches: the larger count above, the smaller below (see _labels_above)
            y = shifted(n, 6 if above else -6, panel.ylim, scale, height)
            panel.add(Text(x, y, f"{n:,}", PROFILE_LABEL, va="bottom" if above else "top", colour=colour))
        entries.append(LegendEntry(name, colour, width=1.2, marker=Marker(0, 0, shape, 6, colour, colour, 1.0)))
    for k, (name, counts) in enumerate(others):
        colour = MARKED[k % len(MARKED)]
        points = [(x, n) for x, n in enumerate(counts) if n > 0]
        cross = Marker(0, 0, "x", 7, "none", colour, CROSS_WIDTH)
        xs, ys = tuple(x for x, _ in points), tuple(n for _, n in points)
        if points:
            panel.add(Markers(xs, ys, "x", 7, "none", colour, CROSS_WIDTH))
        for x, n in points:
            tx = shifted(x, 8, panel.xlim, "linear", width)
            ty = shifted(n, -4, panel.ylim, scale, height)
            panel.add(Text(tx, ty, f"{n:,}", PROFILE_LABEL, ha="left", va="baseline", colour=colour))
        entries.append(LegendEntry(name, colour, width=0, marker=cross))
    levels, names, xlabel = level_ticks(depth, rows)
    ticks = log_ticks(*panel.ylim) if log else [t for t in nice_ticks(*panel.ylim) if t >= 0]
    panel.ticks += [
        Ticks("bottom", levels, names, size=TICK_SIZE),
        Ticks("left", tuple(ticks), tuple(count_label(t) for t in ticks), size=TICK_SIZE),
    ]
    panel.xlabel, panel.ylabel = xlabel, "nodes (log scale)" if log else "nodes"
    panel.legend = Legend(tuple(entries), size=PROFILE_LABEL, anchor=(0.0, 1.0), align="left")
    tick_marks(panel, page)
    return panel


def draw_profiles(ax: Axes, searches: Mapping[str, Profiled], log: bool = True) -> None:
    """Search-tree nodes per level of several searches (see :func:`profiles_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel

    bounds, page = _axes_place(ax)
    draw_panel(ax, profiles_panel(searches, bounds, page, log))


def profiles_picture(
    searches: Mapping[str, Profiled],
    log: bool = True,
    title: str = "",
    marked: Mapping[str, Sequence[int]] | None = None,
    size: Page = (7.0, 3.8),
    title_size: float = 12.0,
    rows: Rows = "depth",
) -> Picture:
    """Several searches' nodes per level on one axis, and other counts marked by crosses (see
    :func:`profiles_panel`), titled above the middle."""
    names = [*searches, *(marked or {})]
    picture = Picture(*size, caption=f"{title or 'nodes per level'}: {', '.join(names)}")
    values = [n for stats in searches.values() for n in stats.profile if n > 0]
    widest = count_label(10 ** math.floor(math.log10(max(values, default=1) * 4))) if log else f"{max(values):,}"
    top = title_room(title_size) if title else AIR
    ylabel = "nodes (log scale)" if log else "nodes"
    bounds = bounds_in(size, left_room([widest], ylabel), _bottom_room(rows), 2 * AIR, top)
    panel = picture.add_panel(profiles_panel(searches, bounds, size, log, marked, rows))
    add_title(picture, panel, title, title_size, "center")
    return picture


def profiles_figure(
    searches: Mapping[str, Profiled],
    log: bool = True,
    title: str = "",
    marked: Mapping[str, Sequence[int]] | None = None,
    size: Page = (7.0, 3.8),
    title_size: float = 12.0,
    rows: Rows = "depth",
) -> Figure | Picture:
    """:func:`profiles_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(profiles_picture(searches, log, title, marked, size, title_size, rows))


# ---- the running mean of Knuth's estimates ----------------------------------------------------------------------

DOT_COLOUR, MEAN_COLOUR, EXACT_COLOUR = "0.8", "#1f4e9c", "#e8837a"  # the real count a light red, under the mean
MEAN_WIDTH = 2.2  # points: the running mean, drawn over the light dots so that it reads where thousands crowd
DOT_SIZE = (
    3.0  # points across a single estimate's dot: seen on its own; where thousands crowd, the mean is drawn over them
)
RUNNING_TICKS = 4  # the fewest values marked on the running mean's node axis


def running_mean_panel(
    estimates: Sequence[float],
    bounds: Bounds,
    page: Page,
    exact: float | None = None,
    log_x: bool = False,
    legend_above: bool = False,
    legend_size: float = 8.0,
) -> Panel:
    """Single estimates as faint dots, their running mean as a line and the exact value (if known) dashed, in a
    panel at ``bounds`` of a page ``page`` inches.

    The y axis is logarithmic, since single estimates of a tree's size spread over orders of magnitude; with
    ``log_x`` the x axis too, so 10, 100 and 1,000 paths are equally far apart. The legend sits in the upper
    right corner, or with ``legend_above`` above the panel, its three entries side by side.
    """
    if not estimates:
        raise ValueError("a running mean needs at least one estimate")
    width, height = _points(bounds, page)
    xs = tuple(range(1, len(estimates) + 1))
    means, total = [], 0.0
    for k, value in zip(xs, estimates):
        total += value
        means.append(total / k)
    values = [*estimates, *means, *([exact] if exact is not None else [])]
    ylim = fit_limits([(v, 1, 1) for v in values], height, "log")
    xscale: Literal["linear", "log"] = "log" if log_x else "linear"
    xlim = fit_limits([(1, 1, 1), (len(xs), 1, 1)], width, xscale)
    panel = Panel(bounds, xlim, ylim, xscale=xscale, yscale="log")
    dots = tuple(map(float, xs)), tuple(map(float, estimates))
    panel.add(Markers(*dots, "o", DOT_SIZE, DOT_COLOUR))  # one Line2D, one path
    dot = Marker(0, 0, "o", DOT_SIZE, DOT_COLOUR)
    entries = [LegendEntry("one path's estimate", DOT_COLOUR, width=0, marker=dot)]
    if len(xs) > 1:
        panel.add(Line(xs, tuple(means), colour=MEAN_COLOUR, width=MEAN_WIDTH, zorder=3))
    entries.append(LegendEntry("mean so far", MEAN_COLOUR, width=MEAN_WIDTH))
    if exact is not None:
        panel.add(Line(xlim, (exact, exact), colour=EXACT_COLOUR, width=1.2, cap="butt", dash=DASH, zorder=1.5))
        entries.append(LegendEntry(f"real count {exact:,.0f}", EXACT_COLOUR, width=1.2, cap="butt", dash=DASH))
    xticks = log_ticks(*xlim) if log_x else [t for t in nice_ticks(*xlim) if t >= 1]
    yticks = log_ticks(*ylim, fewest=RUNNING_TICKS)
    panel.ticks += [
        Ticks("bottom", tuple(xticks), tuple(count_label(t) for t in xticks), size=TICK_SIZE),
        Ticks("left", tuple(yticks), tuple(count_label(t) for t in yticks), size=TICK_SIZE),
    ]
    panel.xlabel, panel.ylabel = "paths", "nodes"
    if legend_above:
        lift = 1 + legend_height(1, legend_size) / height
        legend = Legend(tuple(entries), legend_size, (0.5, lift), columns=len(entries), align="center")
    else:
        legend = Legend(tuple(entries), legend_size, (1.0, 1.0), align="right")
    panel.legend = legend
    tick_marks(panel, page)
    return panel


def draw_running_mean(ax: Axes, estimates: Sequence[float], exact: float | None = None, log_x: bool = False) -> None:
    """Single estimates, their running mean and the exact value (see :func:`running_mean_panel`) drawn on a
    matplotlib Axes, the legend in its upper right corner."""
    from ._render_mpl import draw_panel

    bounds, page = _axes_place(ax)
    draw_panel(ax, running_mean_panel(estimates, bounds, page, exact, log_x))


def running_mean_picture(
    estimates: Sequence[float],
    exact: float | None = None,
    log_x: bool = True,
    size: Page = (8.0, 3.3),
    legend_size: float = 10.0,
    title: str = "",
    title_size: float = 10.0,
) -> Picture:
    """Single estimates, their running mean and the exact value (see :func:`running_mean_panel`), the legend
    above the panel, both axes logarithmic unless ``log_x`` is False; ``title`` above the legend, from the left."""
    count = f", the real count {exact:,.0f} dashed" if exact is not None else ""
    caption = f"{len(estimates):,} single estimates of a search tree's nodes and their running mean{count}"
    picture = Picture(*size, caption=caption)
    values = [*estimates, *([exact] if exact is not None else [])]
    labels = [count_label(t) for t in log_ticks(min(values) / 1.5, max(values) * 1.5, RUNNING_TICKS)]
    head = title_room(title_size) if title else 0.0
    top = legend_height(1, legend_size) + AIR + head
    bounds = bounds_in(size, left_room(labels, "nodes"), bottom_room(True, "paths"), 3 * AIR, top)
    picture.add_panel(running_mean_panel(estimates, bounds, size, exact, log_x, True, legend_size))
    if title:  # its baseline a title's room under the page's top, the legend between it and the panel
        y = 1 - (head - TITLE_PAD) / (size[1] * PT_PER_INCH)
        picture.overlay.append(Text(bounds[0], y, title, title_size, ha="left", va="baseline"))
    return picture


def running_mean_figure(
    estimates: Sequence[float],
    exact: float | None = None,
    log_x: bool = True,
    size: Page = (8.0, 3.3),
    legend_size: float = 10.0,
    title: str = "",
    title_size: float = 10.0,
) -> Figure | Picture:
    """:func:`running_mean_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(running_mean_picture(estimates, exact, log_x, size, legend_size, title, title_size))


# ---- one path of Knuth's estimate on a small tree ----------------------------------------------------------------

PATH_COLOUR = "#0072b2"  # the random path: its edges, the rings round its nodes and the numbers it says
PATH_WIDTH = 2.5  # points: the path's edges
RING_SIZE = 14.0  # points: the ring round a node of the path
TABLE_SIZE = 10.0  # points: the table beside the tree
TABLE_MARGIN = 5 * AIR  # points between the table's right end and the page's edge
LEGEND_SIZE = 9.0  # points: the legend under the tree


@dataclass(frozen=True)
class EstimatePath:
    """One root-to-leaf path through a drawn search tree and what Knuth's estimate makes of it.

    ``nodes`` are the path's nodes below the root (indices of :func:`tree_nodes`), ``degrees`` the number of
    children of the root and of each node on the path (the last 0), ``weights`` the nodes each node on the path
    stands for (d₁…d_k at depth k, 1 at the root), ``counts`` the tree's nodes at each depth, the root's included.
    """

    nodes: tuple[int, ...]
    degrees: tuple[int, ...]
    weights: tuple[int, ...]
    counts: tuple[int, ...]

    @property
    def estimate(self) -> int:
        """The path's estimate of the tree's nodes: the sum of its weights."""
        return sum(self.weights)


def estimate_path(trace: Trace, choices: Sequence[int]) -> EstimatePath:
    """The path that takes child ``choices[k]`` (from 0, in the order the search tried them) at depth k, down to a
    leaf, in the tree of a trace; a ValueError where a choice is out of range or the path stops above a leaf."""
    laid = tree_nodes(trace, max_nodes=10_000)
    if laid is None:
        raise ValueError("the tree is too big to draw")
    nodes, _ = laid
    children: dict[int, list[int]] = {}
    for k, node in enumerate(nodes):
        children.setdefault(node.parent, []).append(k)
    here, path, degrees = -1, [], []
    for depth, choice in enumerate(choices):
        below = children.get(here, [])
        if not 0 <= choice < len(below):
            raise ValueError(f"at depth {depth} the path has {len(below)} children to choose from, not child {choice}")
        degrees.append(len(below))
        here = below[choice]
        path.append(here)
    if children.get(here):
        raise ValueError(f"the path stops at depth {len(path)}, above a leaf: give a choice for every depth")
    degrees.append(0)
    weights = [math.prod(degrees[:k]) for k in range(len(degrees))]
    depth = max((node.level for node in nodes), default=0)
    counts = [1] + [sum(node.level == k for node in nodes) for k in range(1, depth + 1)]
    return EstimatePath(tuple(path), tuple(degrees), tuple(weights), tuple(counts))


def _weight_text(degrees: Sequence[int], k: int) -> str:
    """What the node at depth k stands for, worked out: '1', '4', '4 × 2 = 8'."""
    if k < 2:
        return str(math.prod(degrees[:k]))
    return " × ".join(str(d) for d in degrees[:k]) + f" = {math.prod(degrees[:k])}"


def estimate_path_picture(
    trace: Trace, choices: Sequence[int], title: str = "", size: Page = (8.0, 3.0), title_size: float = 10.0
) -> Picture:
    """Knuth's picture of his estimate: a small search tree with one root-to-leaf path drawn thick (the path of
    :func:`estimate_path`), and beside it a table with a row for each depth k: the degree of the path's node there
    (headed "degree of this node", with no index), the nodes it stands for (the product of the degrees above it,
    worked out), and the tree's own nodes at that depth; under them the two sums, the path's
    estimate and the tree's size."""
    path = estimate_path(trace, choices)
    laid = tree_nodes(trace, max_nodes=10_000)
    assert laid is not None  # estimate_path has laid it out already
    nodes, root_x = laid
    depth = len(path.counts) - 1
    picture = Picture(
        *size,
        caption=f"a search tree of {sum(path.counts)} nodes with one path of degrees {path.degrees}, which estimates "
        f"{' + '.join(map(str, path.weights))} = {path.estimate} nodes",
    )
    # at depth k the node's own degree, with no index: it is d₍ₖ₊₁₎, one off from the d₁…dₖ it stands for
    rows = [("degree of this node", "stands for", "in the tree")]
    for k in range(depth + 1):
        walked = k < len(path.degrees)
        degree = str(path.degrees[k]) if walked else ""
        stands_for = _weight_text(path.degrees, k) if walked else "0"
        rows.append((degree, stands_for, str(path.counts[k])))
    rows.append(("sum", str(path.estimate), str(sum(path.counts))))
    gap = 2.2 * TABLE_SIZE
    widths = [max(text_width(row[c], TABLE_SIZE, weight="bold") for row in rows) for c in range(3)]
    table_width = sum(widths) + 2 * gap + 2 * AIR
    head = title_room(title_size) if title else AIR
    foot = legend_height(1, LEGEND_SIZE) + AIR
    labels = [str(k) for k in range(depth + 1)]
    left = left_room(labels, "depth k")
    page_w = size[0] * PT_PER_INCH
    margin = TABLE_MARGIN  # right of the table: its last column's header must not touch the page's edge
    tree_bounds = bounds_in(size, left, foot, table_width + margin + AIR, head)
    table_bounds = bounds_in(size, page_w - table_width - margin, foot, margin, head)
    ylim = (depth + 1.5, -1.5)  # the header row above depth 0, the sums below the last depth
    width, _ = _points(tree_bounds, size)
    room = RING_SIZE / 2 + AIR
    xlim = fit_limits([(root_x, room, room), *((node.x, room, room) for node in nodes)], width)
    tree = picture.add_panel(Panel(tree_bounds, xlim, ylim, frame=False))
    on_path = set(path.nodes)
    for k, node in enumerate(nodes):
        px, py = (root_x, 0.0) if node.parent < 0 else (nodes[node.parent].x, nodes[node.parent].y)
        if k in on_path:
            tree.add(Line((px, node.x), (py, node.y), colour=PATH_COLOUR, width=PATH_WIDTH, cap="round", zorder=1.5))
        else:
            tree.add(Line((px, node.x), (py, node.y), colour=EDGE_COLOUR, width=1.0, zorder=1))
    ring = dict(shape="o", size=RING_SIZE, face="white", edge=PATH_COLOUR, edge_width=1.8, zorder=2.5)
    tree.add(Marker(root_x, 0.0, **ring))  # type: ignore[arg-type]
    for k in path.nodes:
        tree.add(Marker(nodes[k].x, nodes[k].y, **ring))  # type: ignore[arg-type]
    tree.add(node_marker("start", root_x, 0.0, True))
    for node in nodes:
        tree.add(node_marker(node.kind, node.x, node.y, True))
    tree.ticks.append(Ticks("left", tuple(float(k) for k in range(depth + 1)), tuple(labels), size=TICK_SIZE))
    tree.ylabel = "depth k"
    table = picture.add_panel(Panel(table_bounds, (0.0, table_width), ylim, frame=False))
    xs = [AIR, AIR + widths[0] + gap, AIR + widths[0] + widths[1] + 2 * gap]
    for r, row in enumerate(rows):
        y = float(r - 1) if r < len(rows) - 1 else depth + 1.0
        header = r == 0
        for c, text in enumerate(row):
            if not text:
                continue
            said_by_the_path = (c < 2 and 0 < r < len(rows) - 1) or (c == 1 and r == len(rows) - 1)
            colour = PATH_COLOUR if said_by_the_path else "black"
            weight: Literal["normal", "bold"] = "bold" if header or r == len(rows) - 1 else "normal"
            table.add(Text(xs[c], y, text, TABLE_SIZE, ha="left", va="center", colour=colour, weight=weight))
    table.add(Line((0.0, table_width), (depth + 0.5, depth + 0.5), colour="0.5", width=0.8, cap="butt"))
    table.add(Line((0.0, table_width), (-0.5, -0.5), colour="0.5", width=0.8, cap="butt"))
    kinds = [kind for kind in ("dead end", "solution") if any(node.kind == kind for node in nodes)]
    entries = [LegendEntry("the path walked", PATH_COLOUR, width=PATH_WIDTH, cap="round")]
    entries += [
        LegendEntry(kind, _NODE_STYLE[kind][1], width=0, marker=node_marker(kind, 0, 0, True)) for kind in kinds
    ]
    tree.legend = tree_legend(tuple(entries), LEGEND_SIZE)
    if title:
        tree.title, tree.title_size, tree.title_loc = title, title_size, "left"
    return picture


def estimate_path_figure(
    trace: Trace, choices: Sequence[int], title: str = "", size: Page = (8.0, 3.0), title_size: float = 10.0
) -> Figure | Picture:
    """:func:`estimate_path_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(estimate_path_picture(trace, choices, title, size, title_size))


# ---- bars: a few counts side by side ------------------------------------------------------------------------------


def bars_picture(
    bars: Sequence[tuple[str, float, str]],
    title: str = "",
    xlabel: str = "",
    size: Page = (8.5, 3.4),
    digits: int = 2,
    title_size: float = 11.0,
) -> Picture:
    """Horizontal bars from the top down, one per (label, value, colour), each value written at its bar's end
    with ``digits`` decimals; the labels left of the panel, the axis from 0 with round ticks below it."""
    if not bars:
        raise ValueError("bars_picture needs at least one bar")
    if min(value for _, value, _ in bars) < 0:
        raise ValueError("bars_picture draws values of 0 or more")
    values = [f"{value:.{digits}f}" for _, value, _ in bars]
    picture = Picture(
        *size, caption=f"{title or 'bars'}: " + ", ".join(f"{lab} {v}" for (lab, _, _), v in zip(bars, values))
    )
    labels = [label for label, _, _ in bars]
    top = title_room(title_size) if title else AIR
    bounds = bounds_in(size, left_room(labels, ""), bottom_room(True, xlabel), 2 * AIR, top)
    width, _ = _points(bounds, size)
    largest = max(value for _, value, _ in bars)
    widest = max(text_width(v, TICK_SIZE) for v in values)  # the values written after the bars must fit inside
    high = max(largest, 1e-9) * width / max(width - widest - 3 * AIR, 1.0)
    ticks = [t for t in nice_ticks(0.0, high) if t <= high]
    n = len(bars)
    panel = picture.add_panel(Panel(bounds, (0.0, high), (n - 0.4, -0.6)))
    for k, ((_, value, colour), text) in enumerate(zip(bars, values)):
        panel.add(Rect(0.0, k - 0.4, value, 0.8, face=colour))
        x = shifted(value, AIR, panel.xlim, "linear", width)
        panel.add(Text(x, k, text, TICK_SIZE, ha="left", va="center"))
    panel.ticks += [
        Ticks("left", tuple(float(k) for k in range(n)), tuple(labels), size=TICK_SIZE),
        Ticks("bottom", tuple(ticks), tuple(count_label(t) for t in ticks), size=TICK_SIZE),
    ]
    panel.xlabel, panel.label_size = xlabel, TICK_SIZE
    tick_marks(panel, size)
    add_title(picture, panel, title, title_size, "center")
    return picture


def bars_figure(
    bars: Sequence[tuple[str, float, str]],
    title: str = "",
    xlabel: str = "",
    size: Page = (8.5, 3.4),
    digits: int = 2,
    title_size: float = 11.0,
) -> Figure | Picture:
    """:func:`bars_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(bars_picture(bars, title, xlabel, size, digits, title_size))
