"""Pictures of the links: the matrix of items and options with each node's state, LEN beside the nodes really
linked, Knuth's four-way links at one frame, and a frame of a recorded search.

A frame of a recording (:class:`~wordcover.playback.WriteTrace`) is drawn with the node states its analysis
derived from the replayed writes (:mod:`wordcover.analysis`), in the player's colours and shapes: a picture and
the player show the same state the same way, and neither derives it again.

Each picture is described once as a :class:`~wordcover.views.picture.Picture` or a panel of one (``matrix_panel``,
``links_panel``, ``counters_panel``; ``frame_picture``, ``snapshot_picture``, ``links_picture``,
``arrays_picture``), in pure Python; ``frame_figure``, ``snapshot_figure``, ``links_figure`` and ``arrays_figure``
draw it with matplotlib where it is installed and otherwise give the Picture, which shows itself as SVG.
``draw_matrix``, ``draw_links`` and ``draw_counters`` draw a panel on a matplotlib Axes.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Literal

from ..analysis import walk_list
from ..double_purify import list_nodes
from ._figure import figure_or_picture
from .grids import grid_panel
from .picture import (
    KAPPA,
    LEGEND_SPACING,
    Arrow,
    Legend,
    LegendEntry,
    Line,
    Marker,
    Panel,
    Path,
    Picture,
    Point,
    Rect,
    Step,
    Text,
    Ticks,
    Weight,
    arrow_geometry,
    box_steps,
    circle_steps,
    cross_steps,
    hatch_steps,
    legend_layout,
    text_layout,
    text_width,
    title_lift,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..inspection import Snapshot
    from ..playback import WriteTrace
    from ..problem import Problem
    from ..tracing import Trace
    from ..word_search import WordSearch

Bounds = tuple[float, float, float, float]
CRIMSON = "#dc143c"  # a LEN that is not the number of nodes linked, in the links picture and the counters
ORANGE = "#d55e00"  # the links of a node off its list
MARKED = "#fff2a8"  # the band under the option of a frame's event
HATCH_SPACING = 3.0  # points between the lines of a purified node's hatching, as matplotlib's '////'


@functools.cache
def player_palette() -> dict[str, str]:
    """The player's colours by name (its ``PALETTE`` in static/player.js), so a picture and the player agree."""
    text = resources.files("wordcover").joinpath("static").joinpath("player.js").read_text(encoding="utf-8")
    block = re.search(r"const PALETTE = \{(.*?)\};", text, re.S)
    if block is None:
        raise RuntimeError("player.js has no PALETTE block to read the colours from")
    return dict(re.findall(r'(\w+): "(#[0-9A-Fa-f]{6})"', block.group(1)))


# the legend's words for each node state of wordcover.analysis (and the sticker), as the player's legend says them
# (the state back too soon said shorter than the player's "back too soon: in its list, a hide in force holds it out",
# so a legend under two panels keeps even columns)
STATE_LABELS = {
    "linked": "in its list",
    "chosen": "chosen option, in its list",
    "chosen-off": "chosen option, off its list",
    "hidden": "hidden by a cover",
    "purified": "hidden by a purify",
    "twice": "hidden twice",
    "stranded": "stranded: off its list, nothing holds it",
    "early": "back in its list too soon",
}


@dataclass(frozen=True)
class NodeStyle:
    """How a node in one state is drawn: fill, outline (colour, width in points, dash pattern) and hatching."""

    face: str
    edge: str
    width: float
    dash: tuple[float, ...] = ()
    hatch: bool = False


def node_style(state: str) -> NodeStyle:
    """How a node in ``state`` is drawn: the player's fill, outline and pattern."""
    p = player_palette()
    return {
        "linked": NodeStyle(p["linked"], "#1b5e84", 0.8),
        "chosen": NodeStyle(p["chosen"], p["ink"], 1.8),
        "chosen-off": NodeStyle(p["chosenOff"], p["ink"], 1.0, (3, 2)),
        "hidden": NodeStyle("white", "#777777", 0.9, (2, 2)),
        "purified": NodeStyle("white", p["purified"], 0.9, hatch=True),
        "twice": NodeStyle("white", p["drift"], 2.0, (1, 1.5)),
        "stranded": NodeStyle("#fde3d3", p["stranded"], 1.4),
        "early": NodeStyle(p["linked"], p["stranded"], 2.0),
    }[state]


NODE_COLOURS = {state: node_style(state).face for state in STATE_LABELS}  # each state's fill


def node_glyph(
    state: str,
    width: float,
    height: float,
    shape: Literal["box", "rounded", "disc"] = "box",
    at: Point | None = None,
    zorder: float = 2,
    gid: str = "",
) -> tuple[Path, ...]:
    """A node in ``state``, ``width`` x ``height`` points about ``at`` (or about the origin, for a legend): a box,
    a box with rounded corners (a chosen option's node in the matrix) or a disc; hatched for a purified node."""
    style = node_style(state)
    if shape == "disc":
        steps = circle_steps(width / 2)
    else:
        steps = box_steps(width, height, 0.4 * min(width, height) if shape == "rounded" else 0.0)
    paths = [Path(steps, at, style.face, style.edge, style.width, style.dash, zorder=zorder, gid=gid)]
    if style.hatch:
        lines = hatch_steps(width, height, HATCH_SPACING, round_=shape == "disc")
        paths.append(Path(lines, at, "none", style.edge, 1.0, zorder=zorder))
    return tuple(paths)


def sticker_glyph(
    size: float,
    at: Point | None = None,
    width: float = 1.0,
    zorder: float = 6,
    corner: Point | None = None,
    gid: str = "",
) -> Path:
    """A sticker (Knuth: COLOR -1): a green right triangle ``size`` points across, outlined in ink, its right angle
    at the top right. The right angle is ``corner`` (points right of and above ``at``), just outside a node's top
    right corner (:func:`sticker_corner`); by default the triangle is centred on ``at``, as in a legend."""
    cx, cy = corner if corner is not None else (size / 2, size / 2)
    steps: tuple[Step, ...] = (("M", ((cx - size, cy),)), ("L", ((cx, cy),)), ("L", ((cx, cy - size),)), ("Z", ()))
    return Path(steps, at, player_palette()["sticker"], player_palette()["ink"], width, zorder=zorder, gid=gid)


TITLE_SLOT = 3.5  # inches from a frame's matrix to the next at least, when only some columns are drawn
CROPPED_ROWS = 8  # a frame's matrix with at most this many rows draws them as tall as they are wide
STICKER_SHARE = 0.72  # a sticker's side, of a node's shorter side (a box in the matrix)
STICKER_OUT = 0.1  # how far its right angle stands outside the node's corner, of the node's shorter side
DISC_STICKER_SHARE = 0.7  # the same two on a node drawn as a disc, of the square round it: a disc's letter is
DISC_STICKER_OUT = 0.15  # larger for its size, and a disc leaves its square's corner empty
STICKER_EDGE = 1.2  # its ink outline, in points


def sticker_corner(width: float, height: float, out: float = STICKER_OUT) -> Point:
    """Where a sticker's right angle goes on a node ``width`` x ``height`` points, from the node's middle: ``out``
    of its shorter side outside its top right corner, so the triangle's long side passes above and right of the
    node's letter (a corner inside the box covered the letter)."""
    beyond = out * min(width, height)
    return (width / 2 + beyond, height / 2 + beyond)


def stranded_badge(node: float, at: Point | None = None, zorder: float = 4.5) -> tuple[Path, Path]:
    """A stranded node's mark: a small cross on a white badge at the top left corner of its disc (``node`` points
    across, about ``at``; without ``at``, about a legend handle's middle), so the colour written in the disc stays
    readable, as the deck draws it."""
    p = player_palette()
    half = 0.17 * node
    dx, dy = -0.36 * node, 0.36 * node  # points from the disc's middle, y up

    def moved(steps: tuple[Step, ...]) -> tuple[Step, ...]:
        return tuple((code, tuple((x + dx, y + dy) for x, y in points)) for code, points in steps)

    badge = Path(moved(circle_steps(half + 1.6)), at, "white", p["stranded"], 1.0, zorder=zorder, gid="stranded")
    cross = Path(moved(cross_steps(0.62 * half)), at, "none", p["stranded"], 1.4, zorder=zorder + 0.1)
    return badge, cross


def text_box(text: Text, pad: float, face: str, edge: str, width: float = 1.0) -> Path:
    """A box with rounded corners round a text drawn at its anchor, ``pad`` points clear of its lines on every side,
    as matplotlib's ``bbox={"boxstyle": "round"}`` draws it (the text's box as :func:`text_layout` measures it)."""
    _, _, box = text_layout(text, 0.0, 0.0)
    middle = ((box.left + box.right) / 2, -(box.top + box.bottom) / 2)  # y up about the anchor
    steps = box_steps(box.width + 2 * pad, box.height + 2 * pad, pad, middle)
    return Path(steps, (text.x, text.y), face, edge, width, zorder=text.zorder - 0.01)


def node_state(snapshot: Snapshot, option: int, item: str) -> str:
    """How one node stands in a snapshot taken without a recording: in its list or off it, chosen or not.

    A snapshot cannot tell who holds a node off its list, so every such node not chosen is 'hidden'; a frame of a
    recording is drawn with its analysis' states instead (:func:`frame_states`).
    """
    inside = (option, item) in snapshot.linked
    if option in snapshot.chosen:
        return "chosen" if inside else "chosen-off"
    return "linked" if inside else "hidden"


def frame_states(trace: WriteTrace, frame: int) -> dict[tuple[int, str], str]:
    """Each node's state at ``frame`` as the analysis of the recording derived it, by (option, item)."""
    top, option_of = trace.initial["TOP"], trace.analysis.option_of
    return {(option_of[x], trace.names[top[x]]): state for x, (state, _) in trace.analysis.state_at(frame).items()}


def _visible_options(problem: Problem, snapshot: Snapshot, max_options: int) -> tuple[list[int], str]:
    """All options if they fit, else the chosen and active ones, else the first of those."""
    every = list(range(len(problem.options)))
    if len(every) <= max_options:
        return every, ""
    keep = sorted(set(snapshot.chosen) | set(snapshot.active_options))
    note = f"showing the {len(keep)} chosen and active options of {len(every)}"
    if len(keep) > max_options:
        note = f"showing {max_options} of {len(keep)} chosen and active options (of {len(every)})"
        keep = sorted(set(snapshot.chosen)) + [k for k in keep if k not in snapshot.chosen]
        keep = sorted(keep[:max_options])
    return keep, note


def points_per_unit(panel: Panel, size: tuple[float, float]) -> tuple[float, float]:
    """How many points a data unit of a panel spans across and up on a page ``size`` inches (linear scales)."""
    _, _, width, height = panel.bounds
    return (
        72 * width * size[0] / abs(panel.xlim[1] - panel.xlim[0]),
        72 * height * size[1] / abs(panel.ylim[1] - panel.ylim[0]),
    )


def matrix_node_size(panel: Panel, size: tuple[float, float]) -> tuple[float, float]:
    """The width and height in points of a node's box in the matrix (a panel of :func:`matrix_panel`)."""
    across, up = points_per_unit(panel, size)
    return 0.76 * across, 0.76 * up


def _chosen_rows(options: Sequence[int], count: int) -> tuple[list[int], str]:
    """The options asked for, in order, each once, and a note on them such as 'options 0, 27 and 31 of 32'."""
    rows = sorted(set(options))
    if not rows or rows[0] < 0 or rows[-1] >= count or any(isinstance(k, bool) for k in options):
        raise ValueError(f"options to draw: a few of the option numbers 0 to {count - 1}, got {list(options)!r}")
    if len(rows) == count:
        return rows, ""
    named = ", ".join(map(str, rows[:-1])) + f" and {rows[-1]}" if len(rows) > 1 else str(rows[0])
    return rows, f"option{'s' if len(rows) > 1 else ''} {named} of {count}"


def _chosen_columns(items: Collection[str], every: Sequence[str]) -> tuple[list[str], str]:
    """The items asked for, in the problem's order, each once, and a note on them such as 'items ABEL, LAND and
    r0c0 of 18' (past four of them, the first three and the count: 'items ABEL, LAND, r0c0 ... (9 of 18)')."""
    unknown = [name for name in items if name not in every]
    if isinstance(items, str) or not items or unknown:
        raise ValueError(f"items to draw: a few of the problem's item names, got {items!r}")
    columns = [name for name in every if name in set(items)]
    if len(columns) == len(every):
        return columns, ""
    if len(columns) == 1:
        return columns, f"item {columns[0]} of {len(every)}"
    if len(columns) <= 4:
        return columns, f"items {', '.join(columns[:-1])} and {columns[-1]} of {len(every)}"
    return columns, f"items {', '.join(columns[:3])} ... ({len(columns)} of {len(every)})"


def _on_axes(ax: Axes) -> tuple[Bounds, tuple[float, float]]:
    """Where an Axes sits in its figure (fractions) and the figure's size in inches."""
    from ._render_mpl import figure_of

    left, bottom, width, height = ax.get_position().bounds
    fig = figure_of(ax)
    return (left, bottom, width, height), (fig.get_figwidth(), fig.get_figheight())


def matrix_panel(
    problem: Problem,
    snapshot: Snapshot,
    max_options: int = 48,
    max_items: int = 40,
    states: Mapping[tuple[int, str], str] | None = None,
    marked: int | None = None,
    fontsize: float = 9,
    bounds: Bounds = (0.0, 0.0, 1.0, 1.0),
    size: tuple[float, float] = (6.4, 4.8),
    options: Sequence[int] | None = None,
    row_size: float | None = None,
    items: Collection[str] | None = None,
) -> tuple[Panel, str]:
    """Items as columns, options as rows, each node drawn in its state; LEN and the nodes linked on top: a panel at
    ``bounds`` of a picture ``size`` inches, and a note on what was cropped ('' when everything is shown).

    ``states`` gives each node's state by (option, item) (:func:`frame_states`); without it each is read off the
    snapshot (:func:`node_state`). A node carrying a sticker has a green corner (:func:`sticker_glyph`, its sides
    0.8 of the node's shorter side, about a third of a square box) under the node's colour, which is written in it. A
    covered item's column is grey; an item whose LEN differs from the nodes linked has its counters outlined, LEN in
    orange. ``marked``, an option, gets a yellow band (the option of the frame's event). ``options`` draws those rows
    only, each numbered as it is in the problem (the note says which of how many); by default every option, or the
    chosen and active ones and the marked one when there are more than ``max_options``. ``items`` (names) draws
    those columns only, in the problem's order, with their LEN and nodes linked (the note says which of how many);
    by default every item, or the first ``max_items`` that the rows drawn use. ``fontsize`` sets every text but the
    options' numbers, which are ``row_size`` (by default a point smaller).
    """
    p = player_palette()
    if options is not None:
        options, note = _chosen_rows(options, len(problem.options))
    else:
        options, note = _visible_options(problem, snapshot, max_options)
        if marked is not None and marked not in options:
            options = sorted([*options, marked])
    n1 = len(problem.primary)
    if items is not None:  # the columns asked for: the primary ones among them left of the line
        items, asked = _chosen_columns(items, problem.items)
        n1 = sum(name in problem.primary for name in items)
        note = "; ".join(part for part in (note, asked) if part)
    else:
        items = list(problem.items)
        if len(items) > max_items:
            used = [i for i in items if any(e.item == i for k in options for e in problem.options[k])]
            items = used[:max_items]
            note = (note + "; " if note else "") + f"showing {len(items)} of {len(problem.items)} items"
    column = {name: j for j, name in enumerate(items)}
    counters = {s.name: s for s in snapshot.items}
    xlim, ylim = (-0.5, len(items) - 0.5), (len(options) - 0.5, -2.5)
    panel = Panel(bounds, xlim, ylim, frame=False)
    short = all(len(name) <= 3 for name in items)
    panel.ticks.append(Ticks("top", tuple(range(len(items))), tuple(items), fontsize, rotation=0 if short else 90))
    bold: tuple[Weight, ...] = tuple("bold" if k == marked or k in snapshot.chosen else "normal" for k in options)
    numbers = tuple(str(k) for k in options)
    row_size = fontsize - 1 if row_size is None else row_size
    panel.ticks.append(Ticks("left", tuple(range(len(options))), numbers, row_size, weights=bold))
    if marked is not None and marked in options:
        row = options.index(marked)
        panel.add(Rect(xlim[0], row - 0.5, xlim[1] - xlim[0], 1.0, face=MARKED, zorder=0.5))
    for j, name in enumerate(items):
        counter = counters[name]
        if not counter.active:
            panel.add(Rect(j - 0.5, ylim[1], 1.0, ylim[0] - ylim[1], face="0.9", zorder=0))
        if counter.drift:
            panel.add(Rect(j - 0.47, -2.45, 0.94, 1.8, face="#fde3d3", edge=p["drift"], edge_width=1.5))
        panel.add(
            Text(j, -1.95, str(counter.len), fontsize, weight="bold", colour=p["drift"] if counter.drift else p["ink"])
        )
        panel.add(Text(j, -1.1, str(counter.actual), fontsize, colour="0.35"))
    if 0 < n1 < len(items):
        panel.add(Line((n1 - 0.5, n1 - 0.5), ylim, colour="0.4", width=1))
    panel.add(Text(-0.62, -1.95, "LEN", fontsize, ha="right", weight="bold"))
    panel.add(Text(-0.62, -1.1, "linked", fontsize, ha="right", colour="0.35"))
    width, height = matrix_node_size(panel, size)
    sticker = STICKER_SHARE * min(width, height)
    for row, k in enumerate(options):
        for entry in problem.options[k]:
            if entry.item not in column:
                continue
            j = column[entry.item]
            state = states[k, entry.item] if states is not None else node_state(snapshot, k, entry.item)
            shape: Literal["box", "rounded"] = "rounded" if state.startswith("chosen") else "box"
            gid = f"node {k} {entry.item} {state}"  # tests read what was drawn
            panel.add(*node_glyph(state, width, height, shape, (j, row), gid=gid))
            if state == "stranded":
                for ys in ((row - 0.25, row + 0.25), (row + 0.25, row - 0.25)):
                    panel.add(Line((j - 0.25, j + 0.25), ys, colour=p["stranded"], width=1.4, zorder=3))
            if (k, entry.item) in snapshot.stickered:  # over the node's top right corner, clear of its letter
                corner = sticker_corner(width, height)
                panel.add(sticker_glyph(sticker, (j, row), STICKER_EDGE, 3.5, corner, gid=f"sticker {k} {entry.item}"))
            if entry.colour is not None:
                ink = "0.45" if state == "hidden" else p["ink"]
                weight: Weight = "bold" if state.startswith("chosen") else "normal"
                panel.add(Text(j, row, entry.colour, fontsize, zorder=4, colour=ink, weight=weight))
    return panel, note


def draw_matrix(
    ax: Axes,
    problem: Problem,
    snapshot: Snapshot,
    max_options: int = 48,
    max_items: int = 40,
    states: Mapping[tuple[int, str], str] | None = None,
    marked: int | None = None,
    fontsize: float = 9,
) -> str:
    """The matrix's panel (:func:`matrix_panel`) drawn on a matplotlib Axes; returns the note on what was cropped."""
    from ._render_mpl import draw_panel

    bounds, size = _on_axes(ax)
    panel, note = matrix_panel(problem, snapshot, max_options, max_items, states, marked, fontsize, bounds, size)
    draw_panel(ax, panel)
    return note


def state_legend(
    states: Collection[str],
    sticker: bool = False,
    extra: Sequence[LegendEntry] = (),
    fontsize: float = 9,
    columns: int = 4,
    discs: bool = False,
    anchor: tuple[float, float] = (0.0, -0.01),
    column_spacing: float = 1.4,
    sticker_size: float = 7.0,
) -> Legend:
    """A legend hanging from ``anchor`` (fractions of its panel; by default just under it): the node states a
    picture drew (in STATE_LABELS' order, each as a box or with ``discs`` as a disc), the sticker if it drew one
    (``sticker_size`` points across, as the picture drew it), then ``extra``."""
    entries = []
    handle = 1.6  # ems
    for state in (state for state in STATE_LABELS if state in states):
        height = LEGEND_SPACING["handleheight"] * fontsize
        if discs:
            glyph = node_glyph(state, 1.15 * height, 1.15 * height, "disc")
            if state == "stranded":  # its cross, as the picture draws it on a disc
                glyph += stranded_badge(1.15 * height)
        else:
            glyph = node_glyph(state, handle * fontsize, height)
        entries.append(LegendEntry(STATE_LABELS[state], "none", glyph=glyph))
    if sticker:
        entries.append(
            LegendEntry("sticker (COLOR −1)", "none", glyph=(sticker_glyph(sticker_size, width=STICKER_EDGE),))
        )
    entries += extra
    return Legend(tuple(entries), fontsize, anchor, min(columns, len(entries)), "left", handle, column_spacing)


def box_entry(label: str, face: str, edge: str = "none", width: float = 1.0, fontsize: float = 9) -> LegendEntry:
    """A legend entry whose handle is a box as wide as the state legend's (1.6 em) and 0.7 em high."""
    box = box_steps(1.6 * fontsize, LEGEND_SPACING["handleheight"] * fontsize)
    return LegendEntry(label, "none", glyph=(Path(box, None, face, edge, width if edge != "none" else 0.0),))


def counters_panel(
    snapshot: Snapshot, items: Sequence[str] | None = None, bounds: Bounds = (0.0, 0.0, 1.0, 1.0)
) -> Panel:
    """LEN against the real length of each item's list, as pairs of bars; a drift is drawn in red."""
    shown = [s for s in snapshot.items if items is None or s.name in items]
    values = [v for s in shown for v in (s.len, s.actual)] or [0]
    low, high = min(0, *values), max(0, *values)
    margin = 0.05 * (high - low or 1)
    ylim = (low - margin if low < 0 else 0.0, high + margin)
    panel = Panel(bounds, (-0.5, len(shown) - 0.5), ylim)
    for x, s in enumerate(shown):
        panel.add(Rect(x - 0.4, 0, 0.4, s.len, face=CRIMSON if s.drift else "#4c72b0"))
        panel.add(Rect(x, 0, 0.4, s.actual, face="0.7"))
    panel.add(Line((-0.5, len(shown) - 0.5), (0, 0), colour="0.3", width=0.8))
    short = all(len(s.name) <= 3 for s in shown)  # names like A or r0: horizontal; r0c0: turned to fit
    names = tuple(s.name for s in shown)
    panel.ticks.append(Ticks("bottom", tuple(range(len(shown))), names, 7, rotation=0 if short else 90))
    ticks = nice_ticks(*ylim, most=3)  # a short strip: three labels at most, as matplotlib gives one
    panel.ticks.append(Ticks("left", ticks, tuple(_number(t) for t in ticks), 10))
    entries = (LegendEntry("LEN", "#4c72b0", patch=True), LegendEntry("really linked", "0.7", patch=True))
    panel.legend = Legend(entries, 7, (1.0, 1.0), align="right")
    panel.ylabel, panel.label_size = "nodes", 8
    return panel


def nice_ticks(low: float, high: float, most: int = 6) -> tuple[float, ...]:
    """Round values from ``low`` to ``high``, at most ``most`` of them, a step of 1, 2, 2.5 or 5 times a power of
    ten apart (as matplotlib's default locator picks them)."""
    span = high - low
    if span <= 0:
        return (low,)
    power = 10 ** math.floor(math.log10(span / most))
    step = next(f * power for f in (1, 2, 2.5, 5, 10, 20) if span / (f * power) <= most)
    first = math.ceil(low / step - 1e-9)
    return tuple(round(k * step, 10) for k in range(first, math.floor(high / step + 1e-9) + 1))


def _number(value: float) -> str:
    """A tick label as matplotlib writes it: no trailing '.0', a minus sign for a negative number."""
    text = f"{value:g}"
    return text.replace("-", "−")


def draw_counters(ax: Axes, snapshot: Snapshot, items: Sequence[str] | None = None) -> None:
    """The counters' panel (:func:`counters_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel

    bounds, _ = _on_axes(ax)
    draw_panel(ax, counters_panel(snapshot, items, bounds))


def partial_grid(ws: WordSearch, snapshot: Snapshot) -> list[str]:
    """The letters of the options chosen so far, in a word-search model's grid."""
    return ws.grid(snapshot.chosen)


def frame_picture(
    trace: WriteTrace | Trace,
    index: int,
    ws: WordSearch | None = None,
    size: tuple[float, float] | None = None,
    beside: tuple[WriteTrace, int] | None = None,
    options: Sequence[int] | None = None,
    items: Collection[str] | None = None,
) -> Picture:
    """One frame of a recorded search: the partial grid (for a word search), the matrix and its legend.

    A recording of the writes (:class:`~wordcover.playback.WriteTrace`, what the player plays) is drawn with its
    analysis' node states and the event's option marked; a :class:`~wordcover.tracing.Trace` with what its
    snapshots can tell (:func:`node_state`). ``beside`` = (another recording of the same problem, its frame) draws
    that frame's matrix beside this one, as the player's side by side does, and no grid. ``options`` draws those
    rows of the matrix only, numbered as in the problem, the title saying which of how many (``options=[0, 27,
    31]``: 'options 0, 27 and 31 of 32'); up to CROPPED_ROWS rows are drawn as tall as they are wide. ``items``
    (names) draws those columns only, in the problem's order whatever the order given, each with its LEN and nodes
    linked, the title saying which of how many ('items ABEL, LAND and r0c0 of 18'; past four, the first three and
    the count: 'items ABEL, LAND, r0c0 ... (9 of 18)'). The matrix draws nodes, not links: an option's nodes in the
    columns not drawn are simply left out, nothing at the panel's edge stands for them, and an option with none in
    the columns drawn keeps its row, empty. The legend says only what the columns drawn hold. With ``items`` each
    matrix takes TITLE_SLOT inches across at least (the few columns at its left) and the titles are broken to fit
    (:func:`fit_titles`), the picture taller at the top where they need more lines than its head holds. Otherwise
    the size depends only on the problem, ``options`` and ``items``, so every frame of a search has the same size.
    The matrix's letters are 11 points, 10 side by side; no text is under 10 points.
    """
    panels = [(trace, index)] + ([beside] if beside is not None else [])
    problem = trace.problem
    rows = len(set(options)) if options is not None else min(len(problem.options), 48)
    columns = len(_chosen_columns(items, problem.items)[0]) if items is not None else min(len(problem.items), 40)
    two = beside is not None
    fontsize = 10 if two else 11
    cell_w, cell_h = (0.3, 0.22) if two else (0.42, 0.26)
    if rows <= CROPPED_ROWS:  # a few rows: taller ones, so each node's letter and sticker read at a glance
        cell_h = cell_w
    grid_w = 2.7 if ws is not None and not two else 0.0
    panel_w = columns * cell_w + 0.8
    cropped = items is not None and columns < len(problem.items)
    slot = max(panel_w, TITLE_SLOT) if cropped else panel_w  # a few columns: room beside them for the title's lines
    head, foot = 1.25, 1.0  # inches above the matrix (title, item names) and below it (the legend)
    if size is None:
        tall = head + (rows + 2.5) * cell_h + foot
        size = (grid_w + slot * len(panels) + 0.2, max(tall, head + 2.7) if grid_w else tall)
    from ..playback import WriteTrace as WriteTrace_  # at run time: playback does not import the views

    picture = Picture(*size)
    matrices = []
    marked_any = False
    for k, (recording, frame) in enumerate(panels):
        if isinstance(recording, WriteTrace_):  # the analysis' states, the event's option marked
            snapshot, states = recording.snapshot_at(frame), frame_states(recording, frame)
            event = recording.event(frame - 1) if frame > 0 else None
            marked = event.option if event is not None else None
            text, stop = recording.describe(frame), recording.describe_stop(frame)
            if stop != text:  # a search step shown with what it did inside it: the step, then its last event
                text = f"{stop}\nits last event: {text}"
            caption = f"{recording.engine}: frame {frame}" + (f", level {event.level}" if event is not None else "")
        else:  # a tracing.Trace: a snapshot per frame
            shown = recording.frames[frame]
            snapshot, states, marked = shown.snapshot, None, None
            text, caption = shown.text, f"frame {frame}: level {shown.event.level}"
        left = grid_w + 0.55 + k * slot
        bounds = (left / size[0], foot / size[1], (panel_w - 0.65) / size[0], 1 - (head + foot) / size[1])
        panel, note = matrix_panel(problem, snapshot, states=states, marked=marked, fontsize=fontsize, bounds=bounds,
                                   size=size, options=options, row_size=10, items=items)  # fmt: skip
        if options is not None or items is not None:  # the rows or columns asked for: said on the first line
            panel.title = f"{caption}; {note}\n{text}" if note else f"{caption}\n{text}"
        else:
            panel.title = f"{caption}\n{text}" + (f"  [{note}]" if note else "")
        panel.title_size, panel.title_loc = 11, "left"  # side by side too
        picture.add_panel(panel)
        marked_any |= any(isinstance(item, Rect) and item.face == MARKED for item in panel.items)
        matrices.append(panel)
        if ws is not None and not two:
            grid_bounds = (0.1 / size[0], 1 - (head + 2.4) / size[1], (grid_w - 0.3) / size[0], 2.4 / size[1])
            grid = grid_panel(partial_grid(ws, snapshot), ws.decode(snapshot.chosen), legend=False,
                              bounds=grid_bounds, figure_width=size[0])  # fmt: skip
            grid.title, grid.title_size = "the letters of the chosen options", fontsize
            picture.add_panel(grid)
    drawn = {gid.split()[-1] for gid in _gids(matrices, "node ")}  # the states of the nodes drawn, read off them
    sticker = bool(_gids(matrices, "sticker "))
    drift = any(isinstance(item, Rect) and item.edge == player_palette()["drift"] for m in matrices for item in m.items)
    extra = []
    if drift:
        extra.append(box_entry("LEN ≠ nodes linked", "#fde3d3", player_palette()["drift"], 1.5, fontsize))
    if marked_any:
        extra.append(box_entry("the option of the last event", MARKED, fontsize=fontsize))
    node_w, node_h = matrix_node_size(matrices[0], size)
    legend = state_legend(drawn, sticker, extra, fontsize=fontsize, sticker_size=STICKER_SHARE * min(node_w, node_h))
    width = (size[0] - grid_w - 0.55 - 0.1) * 72  # from the matrix's left edge to 0.1 inch short of the page's
    columns = fit_columns(legend, width, most=3 if not two else 5)
    matrices[0].legend = Legend(legend.entries, legend.size, legend.anchor, columns, "left", legend.handle_length,
                                legend.column_spacing)  # fmt: skip
    first = panels[0]
    picture.caption = f"{first[0].engine}: frame {first[1]} of a recorded search, the matrix of its nodes" + (
        f" beside {beside[0].engine}'s frame {beside[1]}" if beside is not None else ""
    )
    if cropped:  # narrower panels: their titles broken to fit, the picture taller if they need it
        fit_titles(picture)
    return picture


def wrap_title(title: str, width: float, size: float) -> str:
    """``title`` with each of its lines that is wider than ``width`` points at ``size`` points broken at spaces into
    as few lines as fit, of about even widths (a word wider than ``width`` stands on a line of its own)."""

    def greedy(words: list[str], room: float) -> list[str]:
        lines, current = [], ""
        for word in words:
            trial = f"{current} {word}" if current else word
            if current and text_width(trial, size) > room:
                lines.append(current)
                current = word
            else:
                current = trial
        return [*lines, current]

    out = []
    for line in title.split("\n"):
        words = line.split(" ")
        lines = greedy(words, width)
        low, high = 0.0, width  # the narrowest room that breaks it into no more lines: the lines as even as can be
        for _ in range(20):
            middle = (low + high) / 2
            low, high = (low, middle) if len(greedy(words, middle)) <= len(lines) else (middle, high)
        out += greedy(words, high) if len(lines) > 1 else lines
    return "\n".join(out)


def fit_titles(picture: Picture) -> None:
    """Break each panel's title so that it ends 0.15 inch short of the next panel's left edge (the last, 0.1 inch
    short of the page's right edge), and make the picture taller at the top, the panels keeping their size in
    inches, until every title stands clear of the page's top edge with 0.1 inch of air above it."""
    lefts = sorted(panel.bounds[0] for panel in picture.panels)
    need = 0.0
    for panel in picture.panels:
        left, bottom, _, height = panel.bounds
        ahead = [x for x in lefts if x > left]
        room = ((min(ahead) - left) * picture.width - 0.15 if ahead else (1 - left) * picture.width - 0.1) * 72
        if panel.title:
            panel.title = wrap_title(panel.title, room, panel.title_size)
            lines = panel.title.count("\n") + 1
            tall = (title_lift(panel) + (1.2 * lines - 0.2) * panel.title_size) / 72 + 0.1  # inches over its top
            need = max(need, tall - (1 - bottom - height) * picture.height)
    if need > 0:
        old, picture.height = picture.height, picture.height + need
        for panel in picture.panels:
            left, bottom, width, height = panel.bounds
            panel.bounds = (left, bottom * old / picture.height, width, height * old / picture.height)


def _gids(panels: Sequence[Panel], prefix: str) -> list[str]:
    """The names of the paths drawn in these panels that start with ``prefix`` (what a legend reads off them)."""
    paths = (item for panel in panels for item in panel.items if isinstance(item, Path))
    return [path.gid for path in paths if path.gid.startswith(prefix)]


def fit_columns(legend: Legend, width: float, most: int) -> int:
    """The most columns, up to ``most``, in which ``legend`` is no wider than ``width`` points (one at least)."""
    for columns in range(min(most, len(legend.entries)), 1, -1):
        trial = Legend(legend.entries, legend.size, (0.0, 0.0), columns, "left", legend.handle_length,
                       legend.column_spacing)  # fmt: skip
        placed = legend_layout(trial)
        right = max(label_x + text_width(entry.label, legend.size) for entry, _, (label_x, _) in placed)
        if right <= width:
            return columns
    return 1


def frame_figure(
    trace: WriteTrace | Trace,
    index: int,
    ws: WordSearch | None = None,
    size: tuple[float, float] | None = None,
    beside: tuple[WriteTrace, int] | None = None,
    options: Sequence[int] | None = None,
    items: Collection[str] | None = None,
) -> Figure | Picture:
    """:func:`frame_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(frame_picture(trace, index, ws, size, beside, options, items))


def snapshot_picture(
    problem: Problem,
    snapshot: Snapshot,
    text: str,
    caption: str,
    ws: WordSearch | None = None,
    size: tuple[float, float] = (11.0, 6.2),
) -> Picture:
    """The links at one moment, from a snapshot alone: the partial grid (for a word search), the matrix and the
    counters. Each node is in its list or off it (:func:`node_state`); a frame of a recording says more
    (:func:`frame_picture`)."""
    picture = Picture(*size, caption=f"{caption}: {text}")
    if ws is not None:
        grid = grid_panel(partial_grid(ws, snapshot), ws.decode(snapshot.chosen), legend=False,
                          bounds=(0.01, 0.40, 0.22, 0.52), figure_width=size[0])  # fmt: skip
        grid.title, grid.title_size = caption, 9
        picture.add_panel(grid)
    left = 0.28 if ws is not None else 0.06
    matrix, note = matrix_panel(problem, snapshot, fontsize=7, bounds=(left, 0.36, 0.98 - left, 0.5), size=size)
    matrix.title, matrix.title_size, matrix.title_loc = text + (f"   [{note}]" if note else ""), 9, "left"
    picture.add_panel(matrix)
    picture.add_panel(counters_panel(snapshot, bounds=(left, 0.1, 0.98 - left, 0.17)))
    return picture


def snapshot_figure(
    problem: Problem,
    snapshot: Snapshot,
    text: str,
    caption: str,
    ws: WordSearch | None = None,
    size: tuple[float, float] = (11.0, 6.2),
) -> Figure | Picture:
    """:func:`snapshot_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(snapshot_picture(problem, snapshot, text, caption, ws, size))


def links_panel(
    arrays: Mapping[str, Sequence[int]],
    names: Sequence[str],
    labels: Sequence[str],
    items: Sequence[str] | None = None,
    title: str = "",
    numbers: bool = False,
    wrap: str = "arc",
    states: Mapping[int, str] | None = None,
    colours: Mapping[int, str] | None = None,
    stickers: Collection[int] = (),
    fontsize: float = 8,
    bounds: Bounds = (0.0, 0.0, 1.0, 1.0),
    option_names: bool = True,
    size: tuple[float, float] = (6.4, 4.8),
    number_headers: bool = True,
    own_links: Collection[int] | None = None,
    options: Collection[int] | None = None,
    stale: bool = False,
    up_only: bool = False,
) -> Panel:
    """Knuth's four-way links at one moment: each item's list as a column, each option as a row, in a panel at
    ``bounds`` of its picture.

    ``arrays`` holds TOP, ULINK, DLINK, LEN, LLINK and RLINK (``WriteTrace.arrays_at`` gives them). A node in its
    item's list is a filled disc joined to the nodes above and below it by its ULINK and DLINK; a node out of its
    list is a hollow disc whose own ULINK and DLINK, dashed, still point where they pointed when it left. An
    option's nodes are joined left to right by a thin line. LEN stands in each header, in red where it differs from
    the nodes really in the list (those met walking down by DLINK); a link is two-headed only where the lower node's
    ULINK points back up at the node above it, else the DLINK is drawn one-way and the lower node's ULINK as its own
    arrow, bowed to the right. A covered item (out of the list of items) has a grey header. A link that skips hidden
    nodes bows round them (``_skip_link``), so it is not read as running through them. With ``numbers``, each node's
    number x stands beside it, each header's right of its box (unless ``number_headers`` is False) and, when every
    item is shown, each spacer's at the right, between the rows of the options it separates (``_number_nodes``).
    ``wrap`` "edge" draws the links that close each circle (the header's ULINK, the last node's DLINK) as short
    arrows leaving the header upwards and the last node downwards, instead of an arc beside the column. ``states``
    (node -> a state of :mod:`wordcover.analysis`) draws each node in its state as the player does
    (:func:`node_style`), ``colours`` (node -> colour name) writes a node's colour in it, ``stickers`` (nodes with
    COLOR -1) gives those a green corner half a node across (:func:`sticker_glyph`); ``fontsize`` sets the size of
    every text but the numbers. ``option_names`` False leaves out the options' names at the left (a panel beside one
    that names them); the names stand clear of the links that bow to the left of the first column. ``size`` is the
    picture's size in inches, which places what is measured in points (a header's number beside its box).
    ``own_links`` (nodes) draws the dashed links of those nodes alone, when they are off their list; None draws
    every such node's. ``options`` draws those options' rows alone, one under another in their order (a few rows of a
    long matrix); a link drawn from a node of theirs must point at a node of theirs or a header, else ValueError.
    ``stale`` draws a header's ULINK where it points at a node that the walk down by DLINK does not meet (the two
    walks of a corrupted list disagree), as a solid arrow from the header bowed to the left. ``up_only`` draws only
    the ULINK of a node off its list, not its DLINK: with ``stale``, the walk up a corrupted list, arrow by arrow.
    """
    top, ulink, dlink, length = arrays["TOP"], arrays["ULINK"], arrays["DLINK"], arrays["LEN"]
    n = len(names) - 1
    shown = list(items) if items is not None else list(names[1:])
    column = {names.index(name): j for j, name in enumerate(shown)}
    active = _active_items(arrays, n)
    kept = list(range(len(labels))) if options is None else sorted(options)
    place = {k: r + 1 for r, k in enumerate(kept)}  # option -> its row
    row, option = {}, 0
    for x in range(n + 2, len(top)):  # every node's row is its option's; spacers end an option
        if top[x] <= 0:
            option += 1
        elif option in place:
            row[x] = place[option]

    def y_of(x: int) -> float:
        if x <= n:
            return 0.0
        if x not in row:
            raise ValueError(f"a link drawn points at node {x}, whose option is not among the rows drawn")
        return float(row[x])

    right = len(shown) + 0.75 if numbers and items is None else len(shown) - 0.3  # room for the spacers' numbers
    panel = Panel(bounds, (-2.6 if option_names else -0.6, right), (len(kept) + 0.7, -0.8), frame=False)
    ink = player_palette()["ink"]
    node = 1.3 * fontsize + 2 if states is not None else 9.0  # a node's disc, points across
    for k in range(1, len(kept) + 1):
        xs = [column[top[x]] for x in row if row[x] == k and top[x] in column]
        if len(xs) > 1:
            panel.add(Line((min(xs), max(xs)), (k, k), colour="0.75", width=0.8, zorder=1))
    for i, j in column.items():
        members = list_nodes(top, dlink, i)
        upward = set(walk_list(ulink, i, len(top)))  # the nodes met walking up from the header by ULINK
        drift = length[i] != len(members)
        header = Text(j, 0, f"{names[i]}\nLEN {length[i]}", fontsize, colour=CRIMSON if drift else "black")
        panel.add(text_box(header, 0.3 * fontsize, "white" if i in active else "0.85", "0.3"), header)
        chain = [i, *members]
        out = [y_of(x) for x in row if top[x] == i and x not in members]
        for a, b in itertools.pairwise(chain):
            start, end = y_of(a) + (0.3 if a == i else 0.22), y_of(b) - 0.22
            both = ulink[b] == a  # a two-way link only where b's ULINK points back at a
            heads: Literal["both", "end"] = "both" if both else "end"
            if any(y_of(a) < y < y_of(b) for y in out):  # the link skips hidden nodes
                panel.add(_skip_link(j, start, end, heads))
            else:
                panel.add(Arrow((j, start), (j, end), heads=heads, colour="0.2", gid=f"link {a} {b}"))
            if not both:  # b is in the list by DLINK, but its own ULINK points elsewhere: drawn on its own
                panel.add(_up_link(j, y_of(b) - 0.22, y_of(ulink[b]) + (0.3 if ulink[b] <= n else 0.22)))
        if stale and ulink[i] > n and ulink[i] not in members:  # walking up meets a node walking down does not
            panel.add(_stale_ulink(j, y_of(ulink[i]) - 0.22))
        if members and wrap == "edge":
            panel.add(*_wrap_at_the_edges(j, y_of(members[-1])))
        elif members:  # the last node's DLINK and the header's ULINK close the circle
            ends = ((j + 0.12, y_of(members[-1]) + 0.22), (j + 0.12, 0.3))
            panel.add(Arrow(*ends, bend=-0.35, heads="both", colour="0.6", width=0.8, shrink=(2, 2), gid="wrap"))
        for x in (x for x in row if top[x] == i):
            inside = x in members
            if states is not None:
                panel.add(*node_glyph(states[x], node, node, "disc", (j, y_of(x)), 3, f"node {x} {states[x]}"))
                if states[x] == "stranded":  # a small cross on the disc's top left corner: its letter reads
                    panel.add(*stranded_badge(node, (j, y_of(x))))
            elif inside and x not in upward:  # in the list going down, not going up: half filled
                panel.add(Marker(j, y_of(x), "o", 9, "white", "0.2", 1.0, zorder=3))
                panel.add(Path(half_disc_steps(4.5), (j, y_of(x)), "0.2", "none", 0, zorder=3.1, gid=f"half {x}"))
            else:
                face = "0.2" if inside else "white"
                panel.add(Marker(j, y_of(x), "o", 9, face, "0.2", 1.0, zorder=3))
            if colours and colours.get(x):
                hidden = states is not None and states[x] == "hidden"
                panel.add(Text(j, y_of(x), colours[x], fontsize, weight="bold", zorder=5,
                               colour="0.45" if hidden else ink))  # fmt: skip
            if x in stickers:  # over the top right corner of the square round the disc, clear of its letter
                corner = sticker_corner(node, node, DISC_STICKER_OUT)
                panel.add(
                    sticker_glyph(DISC_STICKER_SHARE * node, (j, y_of(x)), STICKER_EDGE, 6, corner, f"sticker {x}")
                )
            if not inside and (own_links is None or x in own_links):  # a node out of its list knows its neighbours
                for target, dx in ((ulink[x], -0.18), (dlink[x], 0.18))[: 1 if up_only else 2]:
                    if target <= n:  # a header: the arrow ends under its box
                        end = 0.3
                    else:  # a node: the arrow stops short of it, from above or below
                        end = y_of(target) + (0.15 if y_of(target) < y_of(x) else -0.15)
                    low, high = sorted((y_of(x), y_of(target)))
                    if any(low < y_of(z) < high for z in row if top[z] == i):  # it passes other nodes: bowed out
                        panel.add(_dashed_bow(j, dx, y_of(x), end))
                        continue
                    panel.add(Arrow((j + dx, y_of(x)), (j + dx, end), colour=ORANGE, dash=DASHED, shrink=(2, 2),
                                    gid="own link"))  # fmt: skip
    across, up = points_per_unit(panel, size)
    left = min((x for item in panel.items if isinstance(item, Arrow) for x in _reach(item, up / across)), default=0.0)
    names_x = min(-0.45, left - 0.1)  # the options' names end left of every link that bows out of the first column
    panel.xlim = (panel.xlim[0] + names_x + 0.45, panel.xlim[1])
    if option_names:
        panel.add(*(Text(names_x, place[k], f"{k}: {labels[k]}", fontsize, ha="right") for k in kept))
    if numbers:
        if options is None:
            panel.add(*_number_nodes(top, n, column, len(shown), spacers=items is None))
        else:  # the rows drawn: each node's number beside it, as _number_nodes writes it
            panel.add(*(Text(column[top[x]] + 0.27, row[x] + 0.2, str(x), NUMBER_SIZE, ha="left", va="top",
                             colour=NUMBER_COLOUR) for x in row if top[x] in column))  # fmt: skip
        if number_headers:  # right of the box, on its middle line
            across, _ = points_per_unit(panel, size)
            for i, j in column.items():
                _, _, box = text_layout(Text(0, 0, f"{names[i]}\nLEN {length[i]}", fontsize), 0, 0)
                beside = j + (box.width / 2 + 0.3 * fontsize + 2) / across
                panel.add(Text(beside, 0, str(i), NUMBER_SIZE, ha="left", colour=NUMBER_COLOUR))
    if title:
        panel.title, panel.title_size, panel.title_loc = title, fontsize + 1, "left"
    return panel


NUMBER_SIZE, NUMBER_COLOUR = 9.0, "0.15"  # a node's number x beside it: large and dark enough to read at 1440 px
HALF_NOTE = "Half-filled: a node in its list going down (by DLINK) but not met going up (by ULINK)."


def half_disc_steps(radius: float) -> tuple[Step, ...]:
    """The left half of a disc ``radius`` points across about (0, 0): what fills a node that is in its list one
    way only."""
    k = KAPPA * radius
    return (
        ("M", ((0.0, radius),)),
        ("C", ((-k, radius), (-radius, k), (-radius, 0.0))),
        ("C", ((-radius, -k), (-k, -radius), (0.0, -radius))),
        ("Z", ()),
    )


def _reach(arrow: Arrow, aspect: float) -> list[float]:
    """The x of an arrow's ends and control points, and for a bent arrow of its curve's middle (``aspect``: how
    many times longer a data unit is up the page than across it): no part of the arrow lies left of these."""
    xs = [x for x, _ in (arrow.start, *arrow.controls, arrow.end)]
    if arrow.bend:  # as arc3 bends it: the middle of the curve is half way to its control point, off the chord
        xs.append((arrow.start[0] + arrow.end[0]) / 2 - 0.5 * arrow.bend * (arrow.end[1] - arrow.start[1]) * aspect)
    return xs


DASHED = (3.7, 1.6)  # matplotlib's '--' for a line 1 point wide


def draw_links(
    ax: Axes,
    arrays: Mapping[str, Sequence[int]],
    names: Sequence[str],
    labels: Sequence[str],
    items: Sequence[str] | None = None,
    title: str = "",
    numbers: bool = False,
    wrap: str = "arc",
    states: Mapping[int, str] | None = None,
    colours: Mapping[int, str] | None = None,
    stickers: Collection[int] = (),
    fontsize: float = 8,
) -> None:
    """Knuth's four-way links at one moment (:func:`links_panel`, which says what each argument draws) on a
    matplotlib Axes."""
    from ._render_mpl import draw_panel

    bounds, size = _on_axes(ax)
    panel = links_panel(arrays, names, labels, items, title, numbers, wrap, states, colours, stickers, fontsize,
                        bounds, size=size)  # fmt: skip
    draw_panel(ax, panel)


def _skip_link(x: float, y0: float, y1: float, heads: Literal["both", "end"], bow: float = 0.36) -> Arrow:
    """The link of two nodes of a column with hidden nodes between them, bowed to the left round those nodes; a
    DLINK alone (``heads`` 'end': the lower node's ULINK points elsewhere) has one arrowhead, at the lower node."""
    reach = min(0.6, (y1 - y0) / 3)
    controls = ((x - bow, y0 + reach), (x - bow, y1 - reach))
    return Arrow((x, y0), (x, y1), controls, heads=heads, colour="0.2", gid="skip")


def _dashed_bow(x: float, dx: float, y0: float, y1: float, bow: float = 0.62) -> Arrow:
    """A hidden node's own link (dashed) that passes other nodes of its column, bowed out on its side (``dx``) past
    the links that skip hidden nodes, so it is not read as another node's link or as running through them."""
    side = 1 if dx > 0 else -1
    reach = min(0.6, abs(y1 - y0) / 3) * (1 if y1 > y0 else -1)
    out = x + side * bow
    controls = ((out, y0 + reach), (out, y1 - reach))
    return Arrow((x + dx, y0), (x + side * 0.34, y1), controls, colour=ORANGE, dash=DASHED, gid="own bow")


def _up_link(x: float, y0: float, y1: float, bow: float = 0.3, aside: float = 0.1) -> Arrow:
    """A node's ULINK where it does not point back at the node above it by DLINK: a one-way arrow up from the node
    (``y0``) to where it points (``y1``), bowed to the right of the column; both its ends ``aside`` right of the
    column's middle, so it leaves and reaches a node apart from the arrowheads of the links in the column."""
    reach = min(0.6, (y0 - y1) / 3)
    ends = ((x + aside, y0), (x + aside, y1))
    return Arrow(*ends, ((x + bow, y0 - reach), (x + bow, y1 + reach)), colour="0.2", gid="up")


def _stale_ulink(x: float, y: float, bow: float = 0.55) -> Arrow:
    """A header's ULINK that points at a node its list going down does not meet: from under the header's box down
    to the node (``y``), solid, bowed to the left of the column, clear of the dashed links and the numbers."""
    reach = min(0.6, (y - 0.3) / 3)
    return Arrow((x - 0.1, 0.3), (x - 0.1, y), ((x - bow, 0.3 + reach), (x - bow, y - reach)), colour="0.2",
                 gid="stale")  # fmt: skip


def _wrap_at_the_edges(x: float, last: float) -> tuple[Arrow, Arrow]:
    """The ends of a column's circle: the header's ULINK leaves upwards, the last node's DLINK downwards, each a
    short arrow (a long one would run past the hidden nodes below the last node, as if through them)."""
    return (
        Arrow((x, -0.3), (x, -0.72), colour="0.55", width=0.8, gid="wrap up"),
        Arrow((x, last + 0.22), (x, last + 0.64), colour="0.55", width=0.8, gid="wrap down"),
    )


def _number_nodes(top: Sequence[int], n: int, column: dict[int, int], width: int, spacers: bool) -> list[Text]:
    """Each node's number x beside it and, with ``spacers`` (every item shown), each spacer's at the right, halfway
    between the rows it separates."""
    texts, row = [], 0
    for x in range(n + 1, len(top)):
        if top[x] <= 0:
            if spacers:
                texts.append(Text(width - 0.2, row + 0.5, f"spacer {x}", NUMBER_SIZE, ha="left", colour="0.3"))
            row += 1
        elif top[x] in column:
            texts.append(Text(column[top[x]] + 0.27, row + 0.2, str(x), NUMBER_SIZE, ha="left", va="top",
                              colour=NUMBER_COLOUR))  # fmt: skip
    return texts


def _active_items(arrays: Mapping[str, Sequence[int]], n: int) -> set[int]:
    """The items still in the list of items (primary and secondary): the ones not covered."""
    active, rlink = set(), arrays["RLINK"]
    for head in (0, n + 1):
        k = rlink[head] if head < len(rlink) else head
        while k not in (0, n + 1) and k not in active:
            active.add(k)
            k = rlink[k]
    return active


def _page_panels(
    picture: Picture, widths: Sequence[float], top: float, bottom: float, gap: float = 0.08
) -> list[Bounds]:
    """Panels side by side across a picture, as wide as ``widths`` say relative to one another, ``top`` and
    ``bottom`` inches of the page left free, 0.1 inch at each side and ``gap`` inches between them."""
    usable = picture.width - 0.2 - gap * (len(widths) - 1)
    bounds, left = [], 0.1
    for share in widths:
        width = usable * share / sum(widths)
        bounds.append((left / picture.width, bottom / picture.height, width / picture.width,
                       1 - (top + bottom) / picture.height))  # fmt: skip
        left += width + gap
    return bounds


def title_room(title: str, size: float) -> float:
    """Inches above a panel that a title of ``size`` points takes, with its pad and 0.1 inch of air."""
    if not title:
        return 0.1
    lines = title.count("\n") + 1
    return (title_lift(Panel((0, 0, 1, 1), (0, 1), (0, 1))) + (1.2 * lines - 0.2) * size) / 72 + 0.1


def links_picture(
    trace: WriteTrace,
    frames: Sequence[int],
    items: Sequence[str] | None = None,
    titles: Sequence[str] = (),
    width: float = 3.6,
    fontsize: float = 10,
    legend: bool = True,
    beside: tuple[WriteTrace, int] | None = None,
    numbers: bool = False,
    wrap: str = "arc",
    follow: Collection[int] | None = None,
    options: Collection[int] | None = None,
    stale: bool = False,
    up_only: bool = False,
    legend_at: Literal["below", "right"] = "below",
) -> Picture:
    """Several frames of a recorded search (``playback.WriteTrace``) side by side, drawn by :func:`links_panel`;
    ``beside`` = (another recording of the same problem, its frame) adds that frame last (two engines compared).

    Each node is drawn in the state the analysis of the recording gives it (the player's colours and shapes), with
    its colour written in it and a sticker where COLOR is -1; ``numbers`` and ``wrap`` as :func:`links_panel`
    says (every node numbered, headers and spacers too; the circles closed at the edges). With ``legend``, a legend
    under the frames says what each drawn state, the sticker, the kinds of link drawn (:func:`link_legend`), the red
    LEN, the dashed orange links and a grey header mean: only what some panel drew. ``follow`` (options) draws the
    dashed links of those options' nodes alone, so that one option can be followed in a crowded column; None draws
    every node's. ``options`` draws those options' rows alone, ``stale`` a header's ULINK that the walk down does
    not meet, and ``up_only`` only the ULINKs of the nodes off their lists (:func:`links_panel`). ``legend_at``
    "right" puts the legend in one column right of the frames, the picture that much wider, instead of under them.
    """
    problem = trace.problem
    labels = [str(problem.label(k)) for k in range(len(problem.options))]
    panels = [(trace, frame) for frame in frames] + ([beside] if beside is not None else [])
    top, option_of = trace.initial["TOP"], trace.analysis.option_of
    colours = {}
    for x, option in enumerate(option_of):
        if option >= 0:
            entry = next(e for e in problem.options[option] if e.item == trace.names[top[x]])
            colours[x] = entry.colour or ""
    scale = fontsize / 8
    body = (0.55 * (len(labels) if options is None else len(options)) + 1.2) * scale
    titled = [titles[k] if k < len(titles) else f"frame {frame}" for k, (_, frame) in enumerate(panels)]
    page_width = width * scale * len(panels)
    room = max(title_room(title, fontsize + 1) for title in titled)
    placed = _page_panels(Picture(page_width, body), [1.0] * len(panels), room, 0.1)  # across: as on the final page
    drawn: set[str] = set()
    drift = covered = off = False
    n = len(trace.names) - 1
    shown = set(items) if items is not None else set(trace.names[1:])
    described = []
    followed = None if follow is None else {x for x, option in enumerate(option_of) if option in set(follow)}
    for k, (recording, frame) in enumerate(panels):
        arrays = recording.arrays_at(frame)
        states = {x: state for x, (state, _) in recording.analysis.state_at(frame).items()}
        stickers = {x for x in states if arrays["COLOR"][x] < 0}
        described.append(links_panel(arrays, trace.names, labels, items, titled[k], numbers, wrap, states, colours,
                                     stickers, fontsize, placed[k], size=(page_width, body),
                                     own_links=followed, options=options, stale=stale, up_only=up_only))  # fmt: skip
        mine = {x: state for x, state in states.items() if trace.names[top[x]] in shown
                and (options is None or option_of[x] in options)}  # fmt: skip
        drawn |= set(mine.values())
        active = _active_items(arrays, n)
        for i in (i for i in range(1, n + 1) if trace.names[i] in shown):
            drift |= arrays["LEN"][i] != len(list_nodes(arrays["TOP"], arrays["DLINK"], i))
            covered |= i not in active
    entries: list[LegendEntry] = []
    size = fontsize - 0.5
    off = any(isinstance(item, Arrow) and item.colour == ORANGE for panel in described for item in panel.items)
    if legend:
        extra = link_legend(described, size)
        if drift:
            extra.append(box_entry("LEN in red: not the nodes linked", "white", CRIMSON, fontsize=size))
        if off:
            whose = " and ".join(labels[k] for k in sorted(set(follow or ()))) + "'s nodes off their lists"
            label = "links of a node off its list" if follow is None else f"links of {whose}"
            if up_only:  # the walk up: one kind of link, said short enough for a one-column picture
                label = "ULINK of a node off its list"
            extra.append(LegendEntry(label, ORANGE, width=1, cap="butt", dash=DASHED))
        if covered:
            extra.append(box_entry("grey header: item covered", "0.85", "0.3", fontsize=size))
        sticker = DISC_STICKER_SHARE * (1.3 * fontsize + 2)  # as links_panel draws it on a node's disc
        found = state_legend(drawn, bool(_gids(described, "sticker ")), extra, size, discs=True, sticker_size=sticker)
        entries = list(found.entries)
    handle, spacing = 2.2, 1.2
    if entries and legend_at == "right":  # one column right of the frames, which keep the size they were drawn at
        column = Legend(tuple(entries), size, (0, 0), 1, "left", handle, spacing)
        reach = max(x + text_width(entry.label, size) for entry, _, (x, _) in legend_layout(column))
        beside_w = (reach + 0.9 * size) / 72 + 0.1  # inches: the legend, its pad and 0.1 of air
        tall = (LEGEND_SPACING["row"] * size * len(entries) + 2 * size) / 72  # inches the column takes
        height = max(body, room + tall)
        picture = Picture(page_width + beside_w, height)
        for panel, (px, py, pw, ph) in zip(described, placed):  # the same inches as drawn, the extra height below
            panel.bounds = (px * page_width / picture.width, (py * body + height - body) / height,
                            pw * page_width / picture.width, ph * body / height)  # fmt: skip
            picture.add_panel(panel)
        last = picture.panels[-1]
        left, _, w, _ = last.bounds
        anchor = (((page_width - 0.05) / picture.width - left) / w, 1.0)  # the column's top left, beside the frames
        last.legend = Legend(tuple(entries), size, anchor, 1, "left", handle, spacing)
    else:
        columns = 1
        if entries:
            columns = fit_columns(Legend(tuple(entries), size, (0, 0), 1, "left", handle, spacing),
                                  (page_width - 0.2) * 72, most=len(entries))  # fmt: skip
        foot = 0.2 + 0.25 * scale * -(-len(entries) // columns) if entries else 0.0
        picture = Picture(page_width, body + foot)
        for panel, bounds in zip(described, _page_panels(picture, [1.0] * len(described), room, foot + 0.1)):
            panel.bounds = bounds
            picture.add_panel(panel)
        if entries:
            first = picture.panels[0]
            left, bottom, w, h = first.bounds
            anchor = ((0.01 - left) / w, ((foot - 0.05) / picture.height - bottom) / h)
            first.legend = Legend(tuple(entries), size, anchor, columns, "left", handle, spacing)
    engines = " beside ".join(f"{t.engine} frame {f}" for t, f in panels)
    picture.caption = f"Knuth's links of each item's list, at {engines}"
    return picture


def link_legend(panels: Sequence[Panel], fontsize: float) -> list[LegendEntry]:
    """Legend entries for the kinds of link that these panels of :func:`links_panel` drew (read off the arrows'
    names), each with a glyph of its arrows: two nodes' DLINK and ULINK pointing at each other (one arrow, two
    heads); a DLINK whose lower node's ULINK points elsewhere (one head, and that ULINK bowed); the links that close
    a list's circle (a grey arc beside the column, or short grey arrows at its ends)."""
    arrows = [item for panel in panels for item in panel.items if isinstance(item, Arrow)]
    kinds = {
        "two-way": any(a.heads == "both" and (a.gid.startswith("link ") or a.gid == "skip") for a in arrows),
        "one-way": any(a.gid == "up" for a in arrows),
        "arc": any(a.gid == "wrap" for a in arrows),
        "edge": any(a.gid.startswith("wrap ") for a in arrows),
        "stale": any(a.gid == "stale" for a in arrows),
    }
    length = 2.2 * fontsize  # the handle, points
    h = length / 2
    glyphs: dict[str, tuple[str, list[tuple[Arrow, list[Point]]]]] = {
        "two-way": ("DLINK down, ULINK back up", [
            (Arrow((0, 0), (0, 0), heads="both", colour="0.2"), [(-h, 0), (h, 0)]),
        ]),
        "one-way": ("DLINK one way; bowed: that node's ULINK", [
            (Arrow((0, 0), (0, 0), colour="0.2"), [(-h, -2.5), (h, -2.5)]),
            (Arrow((0, 0), (0, 0), ((0, 0), (0, 0)), colour="0.2"), [(h - 1, 0), (h - 3, 6), (-h + 5, 6), (-h + 3, 1)]),
        ]),
        "arc": ("grey: last node and header, closing the circle", [
            (Arrow((0, 0), (0, 0), bend=0.35, heads="both", colour="0.6", width=0.8), [(-h, -1.8), (h, -1.8)]),
        ]),
        "edge": ("grey: header's ULINK, last node's DLINK", [
            (Arrow((0, 0), (0, 0), colour="0.55", width=0.8), [(-h / 3, 5), (-h / 3, -5)]),
            (Arrow((0, 0), (0, 0), colour="0.55", width=0.8), [(h / 3, -5), (h / 3, 5)]),
        ]),
        "stale": ("a header's ULINK, left pointing at a node off its list", [
            (Arrow((0, 0), (0, 0), ((0, 0), (0, 0)), colour="0.2"),
             [(-h + 1, 0), (-h + 3, 6), (h - 5, 6), (h - 3, -1)]),
        ]),
    }  # fmt: skip
    entries = []
    for kind, (label, drawings) in glyphs.items():
        if kinds[kind]:
            paths = [path for arrow, page in drawings for path in _arrow_paths(arrow, page)]
            entries.append(LegendEntry(label, "none", glyph=tuple(paths)))
    return entries


def _arrow_paths(arrow: Arrow, page: list[Point]) -> list[Path]:
    """An arrow as a legend's glyph draws it: its line and heads laid out by ``arrow_geometry`` on ``page`` (points
    about the handle's middle, y down, as on the page), turned into paths with y up."""
    line, heads = arrow_geometry(arrow, page)

    def up(steps: tuple[Step, ...]) -> tuple[Step, ...]:
        return tuple((code, tuple((x, -y) for x, y in points)) for code, points in steps)

    paths = [Path(up(line), None, "none", arrow.colour, arrow.width, arrow.dash)]
    for tip, left, right in heads:
        steps: tuple[Step, ...] = (("M", (tip,)), ("L", (left,)), ("L", (right,)), ("Z", ()))
        paths.append(Path(up(steps), None, arrow.colour, arrow.colour, arrow.width))
    return paths


def links_figure(
    trace: WriteTrace,
    frames: Sequence[int],
    items: Sequence[str] | None = None,
    titles: Sequence[str] = (),
    width: float = 3.6,
    fontsize: float = 10,
    legend: bool = True,
    beside: tuple[WriteTrace, int] | None = None,
    numbers: bool = False,
    wrap: str = "arc",
    follow: Collection[int] | None = None,
    options: Collection[int] | None = None,
    stale: bool = False,
    up_only: bool = False,
    legend_at: Literal["below", "right"] = "below",
) -> Figure | Picture:
    """:func:`links_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(links_picture(trace, frames, items, titles, width, fontsize, legend, beside, numbers,
                                           wrap, follow, options, stale, up_only, legend_at))  # fmt: skip


def arrays_picture(
    moments: Sequence[tuple[str, Mapping[str, Sequence[int]]]],
    names: Sequence[str],
    labels: Sequence[str],
    items: Sequence[str] | None = None,
    caption: str = "",
    width: float | None = None,
    height: float | None = None,
    numbers: bool = True,
    wrap: str = "edge",
    fontsize: float = 8,
    dpi: float = 100.0,
) -> Picture:
    """Knuth's arrays at one moment or several, side by side: each a panel of :func:`links_panel` under its title,
    every node numbered (``numbers``), the circles closed at the edges (``wrap``), the options named once at the
    left, and ``caption`` under the panels.

    ``moments`` holds (title, arrays) pairs, the arrays as ``DancingLinks``' own (TOP, ULINK, DLINK, LEN, LLINK,
    RLINK); ``names`` are NAME(0..N) (an engine's ``names``), ``labels`` the options' names; ``items`` shows only
    those items' lists. The size is 7.4 x 5 inches for DLX1's example at one moment, 8.4 inches wide for several;
    ``dpi`` sets how many pixels an inch takes on screen.
    """
    one = len(moments) == 1
    n = len(names) - 1
    if any(_one_way_nodes(arrays, n, names, items) for _, arrays in moments):
        caption = f"{caption}\n{HALF_NOTE}" if caption else HALF_NOTE
    width = width if width is not None else (7.4 if one else 8.4)
    height = height if height is not None else (0.55 if one else 0.45) * len(labels) + (1.7 if one else 1.6)
    picture = Picture(width, height, dpi=dpi)
    shown = len(items) if items is not None else len(names) - 1
    span = shown + 0.3 + (1.05 if numbers and items is None else 0.0)  # the room the spacers' numbers take
    widths = [span + 2 * (k == 0) for k in range(len(moments))]  # the first panel also names the options
    lines = caption.count("\n") + 1 if caption else 0
    foot = 0.1 + (1.2 * lines * 8.5) / 72 + 0.05 if caption else 0.05
    room = max(title_room(title, fontsize + 1) for title, _ in moments)
    for k, ((title, arrays), bounds) in enumerate(zip(moments, _page_panels(picture, widths, room, foot))):
        panel = links_panel(arrays, names, labels, items, title, numbers, wrap, fontsize=fontsize, bounds=bounds,
                            option_names=k == 0, size=(width, height))  # fmt: skip
        picture.add_panel(panel)
    if caption:
        picture.overlay.append(Text(0.1 / width, 0.1 / height, caption, 8.5, ha="left", va="bottom", colour="0.25"))
    titles = "; ".join(title for title, _ in moments if title)
    picture.caption = f"Knuth's links of each item's list{': ' + titles if titles else ''}" + (
        f". {caption}" if caption else ""
    )
    return picture


def _one_way_nodes(
    arrays: Mapping[str, Sequence[int]], n: int, names: Sequence[str], items: Sequence[str] | None
) -> list[int]:
    """The nodes of the shown items' lists met walking down from their header but not walking up."""
    top, ulink, dlink = arrays["TOP"], arrays["ULINK"], arrays["DLINK"]
    shown = [i for i in range(1, n + 1) if items is None or names[i] in items]
    upward = {i: set(walk_list(ulink, i, len(top))) for i in shown}  # each list walked up once
    return [x for i in shown for x in list_nodes(top, dlink, i) if x not in upward[i]]


def arrays_figure(
    moments: Sequence[tuple[str, Mapping[str, Sequence[int]]]],
    names: Sequence[str],
    labels: Sequence[str],
    items: Sequence[str] | None = None,
    caption: str = "",
    width: float | None = None,
    height: float | None = None,
    numbers: bool = True,
    wrap: str = "edge",
    fontsize: float = 8,
    dpi: float = 100.0,
) -> Figure | Picture:
    """:func:`arrays_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    picture = arrays_picture(moments, names, labels, items, caption, width, height, numbers, wrap, fontsize, dpi)
    return figure_or_picture(picture)
