"""Pictures of the links: the matrix of items and options with each node's state, LEN beside the nodes really
linked, Knuth's four-way links at one frame, and a frame of a recorded search.

A frame of a recording (:class:`~wordcover.playback.WriteTrace`) is drawn with the node states its analysis
derived from the replayed writes (:mod:`wordcover.analysis`), in the player's colours and shapes: a picture and
the player show the same state the same way, and neither derives it again."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..double_purify import list_nodes
from ._matplotlib import Axes, Figure, Line2D, Patch, Polygon, Rectangle
from .grids import draw_grid

if TYPE_CHECKING:
    from ..inspection import Snapshot
    from ..playback import WriteTrace
    from ..problem import Problem
    from ..tracing import Trace
    from ..word_search import WordSearch


@functools.cache
def player_palette() -> dict[str, str]:
    """The player's colours by name (its ``PALETTE`` in static/player.js), so a picture and the player agree."""
    text = resources.files("wordcover").joinpath("static").joinpath("player.js").read_text(encoding="utf-8")
    block = re.search(r"const PALETTE = \{(.*?)\};", text, re.S)
    if block is None:
        raise RuntimeError("player.js has no PALETTE block to read the colours from")
    return dict(re.findall(r'(\w+): "(#[0-9A-Fa-f]{6})"', block.group(1)))


# the legend's words for each node state of wordcover.analysis (and the sticker), as the player's legend says them
STATE_LABELS = {
    "linked": "in its list",
    "chosen": "chosen option, in its list",
    "chosen-off": "chosen option, off its list",
    "hidden": "hidden by a cover",
    "purified": "hidden by a purify",
    "twice": "hidden twice",
    "stranded": "stranded: off its list, nothing holds it",
}


def node_style(state: str) -> dict[str, Any]:
    """How a node in ``state`` is drawn (matplotlib patch properties): the player's fill, outline and pattern."""
    p = player_palette()
    return {
        "linked": {"facecolor": p["linked"], "edgecolor": "#1b5e84", "linewidth": 0.8},
        "chosen": {"facecolor": p["chosen"], "edgecolor": p["ink"], "linewidth": 1.8},
        "chosen-off": {"facecolor": p["chosenOff"], "edgecolor": p["ink"], "linewidth": 1.0, "linestyle": (0, (3, 2))},
        "hidden": {"facecolor": "white", "edgecolor": "#777777", "linewidth": 0.9, "linestyle": (0, (2, 2))},
        "purified": {"facecolor": "white", "edgecolor": p["purified"], "linewidth": 0.9, "hatch": "////"},
        "twice": {"facecolor": "white", "edgecolor": p["drift"], "linewidth": 2.0, "linestyle": (0, (1, 1.5))},
        "stranded": {"facecolor": "#fde3d3", "edgecolor": p["stranded"], "linewidth": 1.4},
    }[state]


NODE_COLOURS = {state: str(node_style(state)["facecolor"]) for state in STATE_LABELS}  # each state's fill


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
    """Items as columns, options as rows, each node drawn in its state; LEN and the nodes linked on top.

    ``states`` gives each node's state by (option, item) (:func:`frame_states`); without it each is read off the
    snapshot (:func:`node_state`). A node carrying a sticker has a green corner; a node's colour is written in it.
    A covered item's column is grey; an item whose LEN differs from the nodes linked has its counters outlined,
    LEN in orange. ``marked``, an option, gets a yellow band (the option of the frame's event). Returns a note on what
    was cropped ('' when everything is shown).
    """
    p = player_palette()
    options, note = _visible_options(problem, snapshot, max_options)
    if marked is not None and marked not in options:
        options = sorted([*options, marked])
    items = list(problem.items)
    if len(items) > max_items:
        used = [i for i in items if any(e.item == i for k in options for e in problem.options[k])]
        items = used[:max_items]
        note = (note + "; " if note else "") + f"showing {len(items)} of {len(problem.items)} items"
    column = {name: j for j, name in enumerate(items)}
    counters = {s.name: s for s in snapshot.items}
    ax.set_xlim(-0.5, len(items) - 0.5)
    ax.set_ylim(len(options) - 0.5, -2.5)
    ax.xaxis.tick_top()
    ax.set_xticks(range(len(items)))
    short = all(len(name) <= 3 for name in items)
    ax.set_xticklabels(items, rotation=0 if short else 90, fontsize=fontsize)
    ax.set_yticks(range(len(options)))
    ax.set_yticklabels([str(k) for k in options], fontsize=fontsize - 1)
    for label, k in zip(ax.get_yticklabels(), options):
        if k == marked or k in snapshot.chosen:
            label.set_fontweight("bold")
    ax.tick_params(length=0, pad=2)
    for spine in ax.spines.values():
        spine.set_visible(False)
    if marked is not None:
        ax.axhspan(options.index(marked) - 0.5, options.index(marked) + 0.5, color="#fff2a8", zorder=0.5)
    n1 = len(problem.primary)
    for j, name in enumerate(items):
        counter = counters[name]
        if not counter.active:
            ax.axvspan(j - 0.5, j + 0.5, color="0.9", zorder=0)
        if counter.drift:
            ax.add_patch(Rectangle((j - 0.47, -2.45), 0.94, 1.8, facecolor="#fde3d3", edgecolor=p["drift"], lw=1.5))
        ax.text(j, -1.95, str(counter.len), ha="center", va="center", fontsize=fontsize, weight="bold",
                color=p["drift"] if counter.drift else p["ink"])  # fmt: skip
        ax.text(j, -1.1, str(counter.actual), ha="center", va="center", fontsize=fontsize, color="0.35")
    if 0 < n1 < len(items):
        ax.axvline(n1 - 0.5, color="0.4", lw=1)
    ax.text(-0.62, -1.95, "LEN", ha="right", va="center", fontsize=fontsize, weight="bold")
    ax.text(-0.62, -1.1, "linked", ha="right", va="center", fontsize=fontsize, color="0.35")
    for row, k in enumerate(options):
        for entry in problem.options[k]:
            if entry.item not in column:
                continue
            j = column[entry.item]
            state = states[k, entry.item] if states is not None else node_state(snapshot, k, entry.item)
            _node_box(ax, j, row, state).set_gid(f"node {k} {entry.item} {state}")  # tests read what was drawn
            if (k, entry.item) in snapshot.stickered:
                ax.add_artist(_sticker_corner(j, row))
            if entry.colour is not None:
                ax.text(j, row, entry.colour, ha="center", va="center", fontsize=fontsize, zorder=4,
                        color="0.45" if state == "hidden" else p["ink"],
                        weight="bold" if state.startswith("chosen") else "normal")  # fmt: skip
    return note


def _node_box(ax: Axes, x: float, y: float, state: str) -> Patch:
    """One node of the matrix: a rounded box for a chosen option's node, a square for the others (as the player)."""
    from matplotlib.patches import FancyBboxPatch

    style = "round,pad=0,rounding_size=0.3" if state.startswith("chosen") else "square,pad=0"
    box = FancyBboxPatch((x - 0.38, y - 0.38), 0.76, 0.76, boxstyle=style, zorder=2, **node_style(state))
    ax.add_artist(box)  # the limits are set already: add_patch would update them for each of hundreds of nodes
    if state == "stranded":
        ax.plot([x - 0.25, x + 0.25], [y - 0.25, y + 0.25], color=player_palette()["stranded"], lw=1.4, zorder=3)
        ax.plot([x - 0.25, x + 0.25], [y + 0.25, y - 0.25], color=player_palette()["stranded"], lw=1.4, zorder=3)
    return box


def _sticker_corner(x: float, y: float) -> Polygon:
    """A sticker: a green corner on a node's top right, as the player draws it (Knuth: COLOR -1)."""
    from matplotlib.patches import Polygon

    return Polygon(
        [(x - 0.12, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.12)],
        facecolor=player_palette()["sticker"],
        edgecolor=player_palette()["ink"],
        lw=0.6,
        zorder=5,
    )


def state_legend(
    ax: Axes,
    states: Collection[str],
    sticker: bool = False,
    extra: Sequence[tuple[Patch | Line2D, str]] = (),
    fontsize: float = 9,
    columns: int = 4,
) -> None:
    """A legend under ``ax``: the node states a picture drew (in STATE_LABELS' order), the sticker if it drew one,
    and ``extra`` (handle, words) entries."""
    handles = _legend_handles(states, sticker, extra)
    ax.legend(handles=handles, fontsize=fontsize, loc="upper left", bbox_to_anchor=(0.0, -0.01), frameon=False,
              ncol=min(columns, len(handles)), handlelength=1.6, columnspacing=1.4)  # fmt: skip


def _legend_handles(
    states: Collection[str], sticker: bool, extra: Sequence[tuple[Patch | Line2D, str]], discs: bool = False
) -> list[Any]:
    """The legend's entries: each state drawn (as a box, or with ``discs`` as a disc), the sticker, then ``extra``."""
    handles: list[Any] = []
    for state in (state for state in STATE_LABELS if state in states):
        handles.append(Patch(**node_style(state), label=STATE_LABELS[state]))
        if discs:
            handles[-1].disc = True  # drawn round by _DiscHandler
    if sticker:
        corner = [(-1, 1), (1, 1), (1, -1)]
        ink, green = player_palette()["ink"], player_palette()["sticker"]
        handles.append(Line2D([], [], marker=corner, ls="", ms=11, mfc=green, mec=ink, label="sticker (COLOR −1)"))
    for handle, words in extra:
        handle.set_label(words)
        handles.append(handle)
    return handles


def _disc_handlers(handles: Sequence[object]) -> dict[Any, Any]:
    """Legend handlers that draw the entries marked ``disc`` as discs, the shape the links picture gives nodes."""
    from matplotlib.legend_handler import HandlerPatch
    from matplotlib.patches import Ellipse

    class Disc(HandlerPatch):
        def create_artists(  # type: ignore[no-untyped-def]
            self, legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans
        ):
            d = 1.15 * height
            disc = Ellipse((width / 2 - xdescent, height / 2 - ydescent), d, d)
            self.update_prop(disc, orig_handle, legend)
            disc.set_transform(trans)
            return [disc]

    return {h: Disc() for h in handles if getattr(h, "disc", False)}


def draw_counters(ax: Axes, snapshot: Snapshot, items: Sequence[str] | None = None) -> None:
    """LEN against the real length of each item's list; a drift is drawn in red."""
    shown = [s for s in snapshot.items if items is None or s.name in items]
    xs = range(len(shown))
    ax.bar(
        [x - 0.2 for x in xs],
        [s.len for s in shown],
        width=0.4,
        label="LEN",
        color=["crimson" if s.drift else "#4c72b0" for s in shown],
    )
    ax.bar([x + 0.2 for x in xs], [s.actual for s in shown], width=0.4, label="really linked", color="0.7")
    ax.axhline(0, color="0.3", lw=0.8)
    ax.set_xticks(list(xs))
    short = all(len(s.name) <= 3 for s in shown)  # names like A or r0: horizontal; r0c0: turned to fit
    ax.set_xticklabels([s.name for s in shown], rotation=0 if short else 90, fontsize=7)
    ax.legend(fontsize=7, loc="upper right", frameon=False)
    ax.set_ylabel("nodes", fontsize=8)


def partial_grid(ws: WordSearch, snapshot: Snapshot) -> list[str]:
    """The letters of the options chosen so far, in a word-search model's grid."""
    return ws.grid(snapshot.chosen)


def frame_figure(
    trace: WriteTrace | Trace,
    index: int,
    ws: WordSearch | None = None,
    size: tuple[float, float] | None = None,
    beside: tuple[WriteTrace, int] | None = None,
) -> Figure:
    """One frame of a recorded search: the partial grid (for a word search), the matrix and its legend.

    A recording of the writes (:class:`~wordcover.playback.WriteTrace`, what the player plays) is drawn with its
    analysis' node states and the event's option marked; a :class:`~wordcover.tracing.Trace` with what its
    snapshots can tell (:func:`node_state`). ``beside`` = (another recording of the same problem, its frame) draws
    that frame's matrix beside this one, as the player's side by side does, and no grid. The size depends only on
    the problem, so every frame of a search has the same size.
    """
    panels = [(trace, index)] + ([beside] if beside is not None else [])
    problem = trace.problem
    rows, columns = min(len(problem.options), 48), min(len(problem.items), 40)
    two = beside is not None
    fontsize = 8.5 if two else 10
    cell_w, cell_h = (0.3, 0.22) if two else (0.42, 0.26)
    grid_w = 2.7 if ws is not None and not two else 0.0
    panel_w = columns * cell_w + 0.8
    head, foot = 1.25, 1.0  # inches above the matrix (title, item names) and below it (the legend)
    if size is None:
        size = (grid_w + panel_w * len(panels) + 0.2, head + (rows + 2.5) * cell_h + foot)
    from ..playback import WriteTrace as WriteTrace_  # at run time: playback does not import the views

    fig = Figure(figsize=size)
    drawn: set[str] = set()
    sticker = drift = marked_any = False
    axes = []
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
        left = grid_w + 0.55 + k * panel_w
        ax = fig.add_axes((left / size[0], foot / size[1], (panel_w - 0.65) / size[0], 1 - (head + foot) / size[1]))
        note = draw_matrix(ax, problem, snapshot, states=states, marked=marked, fontsize=fontsize)
        ax.set_title(f"{caption}\n{text}" + (f"  [{note}]" if note else ""), fontsize=fontsize + 1, loc="left")
        drawn |= (
            set(states.values())
            if states is not None
            else {node_state(snapshot, o, e.item) for o in range(len(problem.options)) for e in problem.options[o]}
        )
        sticker |= bool(snapshot.stickered)
        drift |= any(s.drift for s in snapshot.items)
        marked_any |= marked is not None
        axes.append(ax)
        if ws is not None and not two:
            ax_grid = fig.add_axes((0.1 / size[0], 1 - (head + 2.4) / size[1], (grid_w - 0.3) / size[0], 2.4 / size[1]))
            draw_grid(ax_grid, partial_grid(ws, snapshot), ws.decode(snapshot.chosen), legend=False)
            ax_grid.set_title("the letters of the chosen options", fontsize=fontsize)
    extra: list[tuple[Patch | Line2D, str]] = []
    if drift:
        extra.append((Patch(facecolor="#fde3d3", edgecolor=player_palette()["drift"], lw=1.5), "LEN ≠ nodes linked"))
    if marked_any:
        extra.append((Patch(facecolor="#fff2a8", edgecolor="none"), "the option of the last event"))
    state_legend(axes[0], sorted(drawn), sticker, extra, fontsize=fontsize, columns=3 if not two else 5)
    return fig


def snapshot_figure(
    problem: Problem,
    snapshot: Snapshot,
    text: str,
    caption: str,
    ws: WordSearch | None = None,
    size: tuple[float, float] = (11.0, 6.2),
) -> Figure:
    """The links at one moment, from a snapshot alone: the partial grid (for a word search), the matrix and the
    counters. Each node is in its list or off it (:func:`node_state`); a frame of a recording says more
    (:func:`frame_figure`)."""
    fig = Figure(figsize=size)
    if ws is not None:
        ax_grid = fig.add_axes((0.01, 0.40, 0.22, 0.52))
        draw_grid(ax_grid, partial_grid(ws, snapshot), ws.decode(snapshot.chosen), legend=False)
        ax_grid.set_title(caption, fontsize=9)
    left = 0.28 if ws is not None else 0.06
    ax_m = fig.add_axes((left, 0.36, 0.98 - left, 0.5))
    note = draw_matrix(ax_m, problem, snapshot, fontsize=7)
    ax_m.set_title(text + (f"   [{note}]" if note else ""), fontsize=9, loc="left")
    ax_c = fig.add_axes((left, 0.1, 0.98 - left, 0.17))
    draw_counters(ax_c, snapshot)
    ax_c.set_xlim(-0.5, len(snapshot.items) - 0.5)  # each bar under its column of the matrix
    return fig


def draw_links(
    ax: Axes,
    arrays: dict[str, list[int]],
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
    """Knuth's four-way links at one moment: each item's list as a column, each option as a row.

    ``arrays`` holds TOP, ULINK, DLINK, LEN, LLINK and RLINK (``WriteTrace.arrays_at`` gives them).
    A node in its item's list is a filled disc joined to the nodes above and below it by its ULINK
    and DLINK; a node out of its list is a hollow disc whose own ULINK and DLINK, dashed, still point
    where they pointed when it left. An option's nodes are joined left to right by a thin line. LEN
    stands in each header, in red where it differs from the nodes really in the list (those met walking down by
    DLINK); a link is two-headed only where the lower node's ULINK points back up at the node above it, else the
    DLINK is drawn one-way and the lower node's ULINK as its own arrow, bowed to the right. A covered item
    (out of the list of items) has a grey header. A link that skips hidden nodes bows round them (``_skip_link``),
    so it is not read as running through them. With ``numbers``, each node's number x stands beside it and, when
    every item is shown, each spacer's at the right, between the rows of the options it separates
    (``_number_nodes``). ``wrap`` "edge" draws the links that close each circle (the header's ULINK, the last
    node's DLINK) as short arrows leaving the header upwards and the last node downwards, instead of an arc beside
    the column (``_wrap_at_the_edges``). ``states`` (node -> a state of :mod:`wordcover.analysis`) draws each node
    in its state as the player does (:func:`node_style`), ``colours`` (node -> colour name) writes a node's colour
    in it, ``stickers`` (nodes with COLOR -1) gives those a green corner; ``fontsize`` sets the size of every text.
    """
    top, ulink, dlink, length = arrays["TOP"], arrays["ULINK"], arrays["DLINK"], arrays["LEN"]
    n = len(names) - 1
    shown = list(items) if items is not None else list(names[1:])
    column = {names.index(name): j for j, name in enumerate(shown)}
    active, k = set(), arrays["RLINK"][0]
    while k and k not in active:  # the primary items still in the list of items
        active.add(k)
        k = arrays["RLINK"][k]
    k = arrays["RLINK"][n + 1] if n + 1 < len(arrays["RLINK"]) else n + 1
    while k != n + 1 and k not in active:  # and the secondary ones
        active.add(k)
        k = arrays["RLINK"][k]
    row, option = {}, 0
    for x in range(n + 2, len(top)):  # every node's row is its option's; spacers end an option
        if top[x] <= 0:
            option += 1
        else:
            row[x] = option + 1

    def y_of(x: int) -> float:
        return 0.0 if x <= n else float(row[x])

    ax.set_xlim(-2.6, len(shown) - 0.3)
    ax.set_ylim(len(labels) + 0.7, -0.8)
    ax.axis("off")
    for k, label in enumerate(labels):
        ax.text(-0.45, k + 1, f"{k}: {label}", ha="right", va="center", fontsize=fontsize)
        xs = [column[top[x]] for x in row if row[x] == k + 1 and top[x] in column]
        if len(xs) > 1:
            ax.plot([min(xs), max(xs)], [k + 1, k + 1], color="0.75", lw=0.8, zorder=1)
    for i, j in column.items():
        members = list_nodes(top, dlink, i)
        drift = length[i] != len(members)
        ax.text(
            j, 0, f"{names[i]}\nLEN {length[i]}", ha="center", va="center", fontsize=fontsize,
            color="crimson" if drift else "black",
            bbox={"boxstyle": "round,pad=0.3", "facecolor": "white" if i in active else "0.85", "edgecolor": "0.3"},
        )  # fmt: skip
        chain = [i, *members]
        out = [y_of(x) for x in row if top[x] == i and x not in members]
        for a, b in itertools.pairwise(chain):
            start, end = y_of(a) + (0.3 if a == i else 0.22), y_of(b) - 0.22
            both = ulink[b] == a  # a two-way link only where b's ULINK points back at a
            if any(y_of(a) < y < y_of(b) for y in out):  # the link skips hidden nodes
                _skip_link(ax, j, start, end, both=both)
            else:
                ax.annotate(
                    "", xy=(j, end), xytext=(j, start),
                    arrowprops={"arrowstyle": "<|-|>" if both else "-|>", "color": "0.2", "lw": 1, "shrinkA": 0,
                                "shrinkB": 0},
                )  # fmt: skip
            if not both:  # b is in the list by DLINK, but its own ULINK points elsewhere: drawn on its own
                _up_link(ax, j, y_of(b) - 0.22, y_of(ulink[b]) + (0.3 if ulink[b] <= n else 0.22))
        if members and wrap == "edge":
            _wrap_at_the_edges(ax, j, y_of(members[-1]))
        elif members:  # the last node's DLINK and the header's ULINK close the circle
            ax.annotate(
                "", xy=(j + 0.12, 0.3), xytext=(j + 0.12, y_of(members[-1]) + 0.22),
                arrowprops={"arrowstyle": "<|-|>", "color": "0.6", "lw": 0.8, "connectionstyle": "arc3,rad=-0.35"},
            )  # fmt: skip
        for x in (x for x in row if top[x] == i):
            inside = x in members
            if states is not None:
                _disc(ax, j, y_of(x), states[x], 1.3 * fontsize + 2).set_gid(f"node {x} {states[x]}")
            else:
                ax.plot(
                    j, y_of(x), "o", ms=9, zorder=3, color="0.2" if inside else "white", markeredgecolor="0.2",
                )  # fmt: skip
            if colours and colours.get(x):
                hidden = states is not None and states[x] == "hidden"
                ax.text(j, y_of(x), colours[x], ha="center", va="center", fontsize=fontsize, weight="bold", zorder=5,
                        color="0.45" if hidden else player_palette()["ink"])  # fmt: skip
            if x in stickers:
                ax.plot(j + 0.12, y_of(x) - 0.17, ls="", marker=[(-1, 1), (1, 1), (1, -1)], ms=1.1 * fontsize, zorder=6,
                        mfc=player_palette()["sticker"], mec=player_palette()["ink"], mew=0.8)  # fmt: skip
            if not inside:  # a node out of its list still knows its neighbours
                for target, dx in ((ulink[x], -0.18), (dlink[x], 0.18)):
                    if target <= n:  # a header: the arrow ends under its box
                        end = 0.3
                    else:  # a node: the arrow stops short of it, from above or below
                        end = y_of(target) + (0.15 if y_of(target) < y_of(x) else -0.15)
                    low, high = sorted((y_of(x), y_of(target)))
                    if any(low < y_of(z) < high for z in row if top[z] == i):  # it passes other nodes: bowed out
                        _dashed_bow(ax, j, dx, y_of(x), end)
                        continue
                    ax.annotate(
                        "", xy=(j + dx, end), xytext=(j + dx, y_of(x)),
                        arrowprops={"arrowstyle": "-|>", "color": "#D55E00", "lw": 1, "linestyle": "--"},
                    )  # fmt: skip
    if numbers:
        _number_nodes(ax, top, n, column, len(shown), spacers=items is None)
    if title:
        ax.set_title(title, fontsize=fontsize + 1, loc="left")


def _disc(ax: Axes, x: float, y: float, state: str, size: float) -> Any:
    """One node of the links drawn as a disc of ``size`` points in ``state``, the player's fill and outline."""
    style = node_style(state)
    disc = ax.scatter(
        [x], [y], s=size**2, marker="o", zorder=3, facecolors=style["facecolor"], edgecolors=style["edgecolor"],
        linewidths=style["linewidth"], linestyles=style.get("linestyle", "solid"), hatch=style.get("hatch"),
    )  # fmt: skip
    if state == "stranded":
        ax.scatter([x], [y], s=(0.6 * size) ** 2, marker="x", zorder=4, color=style["edgecolor"], linewidths=1.5)
    return disc


def _skip_link(ax: Axes, x: float, y0: float, y1: float, bow: float = 0.36, both: bool = True) -> None:
    """The link of two nodes of a column with hidden nodes between them, bowed to the left round those nodes; a
    DLINK alone (``both`` False: the lower node's ULINK points elsewhere) has one arrowhead, at the lower node."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.path import Path

    reach = min(0.6, (y1 - y0) / 3)
    path = Path([(x, y0), (x - bow, y0 + reach), (x - bow, y1 - reach), (x, y1)], [Path.MOVETO] + [Path.CURVE4] * 3)
    style = "<|-|>" if both else "-|>"
    ax.add_patch(FancyArrowPatch(path=path, arrowstyle=style, color="0.2", lw=1, mutation_scale=10, zorder=2))


def _dashed_bow(ax: Axes, x: float, dx: float, y0: float, y1: float, bow: float = 0.62) -> None:
    """A hidden node's own link (dashed) that passes other nodes of its column, bowed out on its side (``dx``) past
    the links that skip hidden nodes, so it is not read as another node's link or as running through them."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.path import Path

    side = 1 if dx > 0 else -1
    reach = min(0.6, abs(y1 - y0) / 3) * (1 if y1 > y0 else -1)
    out = x + side * bow
    path = Path([(x + dx, y0), (out, y0 + reach), (out, y1 - reach), (x + side * 0.34, y1)],
                [Path.MOVETO] + [Path.CURVE4] * 3)  # fmt: skip
    ax.add_patch(FancyArrowPatch(path=path, arrowstyle="-|>", color="#D55E00", lw=1, linestyle="--",
                                 mutation_scale=10, zorder=2))  # fmt: skip


def _up_link(ax: Axes, x: float, y0: float, y1: float, bow: float = 0.3) -> None:
    """A node's ULINK where it does not point back at the node above it by DLINK: a one-way arrow up from the node
    (``y0``) to where it points (``y1``), bowed to the right of the column."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.path import Path

    reach = min(0.6, (y0 - y1) / 3)
    path = Path([(x, y0), (x + bow, y0 - reach), (x + bow, y1 + reach), (x, y1)], [Path.MOVETO] + [Path.CURVE4] * 3)
    ax.add_patch(FancyArrowPatch(path=path, arrowstyle="-|>", color="0.2", lw=1, mutation_scale=10, zorder=2))


def _wrap_at_the_edges(ax: Axes, x: float, last: float) -> None:
    """The ends of a column's circle: the header's ULINK leaves upwards, the last node's DLINK downwards, each a
    short arrow (a long one would run past the hidden nodes below the last node, as if through them)."""
    style = {"arrowstyle": "-|>", "color": "0.55", "lw": 0.8, "shrinkA": 0, "shrinkB": 0}
    ax.annotate("", xy=(x, -0.72), xytext=(x, -0.3), arrowprops=style)
    ax.annotate("", xy=(x, last + 0.64), xytext=(x, last + 0.22), arrowprops=style)


def _number_nodes(ax: Axes, top: Sequence[int], n: int, column: dict[int, int], width: int, spacers: bool) -> None:
    """Each node's number x beside it and, with ``spacers`` (every item shown), each spacer's at the right, halfway
    between the rows it separates."""
    row = 0
    for x in range(n + 1, len(top)):
        if top[x] <= 0:
            if spacers:
                ax.text(width - 0.2, row + 0.5, f"spacer {x}", fontsize=7.5, color="0.4", va="center")
            row += 1
        elif top[x] in column:
            ax.text(column[top[x]] + 0.16, row + 0.2, str(x), fontsize=7.5, color="0.3", va="top")
    if spacers:
        ax.set_xlim(ax.get_xlim()[0], width + 0.75)


def links_figure(
    trace: WriteTrace,
    frames: Sequence[int],
    items: Sequence[str] | None = None,
    titles: Sequence[str] = (),
    width: float = 3.6,
    fontsize: float = 10,
    legend: bool = True,
    beside: tuple[WriteTrace, int] | None = None,
) -> Figure:
    """Several frames of a recorded search (``playback.WriteTrace``) side by side, drawn by :func:`draw_links`;
    ``beside`` = (another recording of the same problem, its frame) adds that frame last (two engines compared).

    Each node is drawn in the state the analysis of the recording gives it (the player's colours and shapes), with
    its colour written in it and a sticker where COLOR is -1; with ``legend``, a legend under the frames says what
    each drawn state, the red LEN, the dashed orange links and a grey header mean.
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
    body = (0.55 * len(labels) + 1.2) * scale
    fig = Figure(figsize=(width * scale * len(panels), body))
    drawn: set[str] = set()
    drift = sticker = covered = off = False
    n = len(trace.names) - 1
    shown = set(items) if items is not None else set(trace.names[1:])
    for k, (recording, frame) in enumerate(panels):
        ax = fig.add_subplot(1, len(panels), k + 1)
        title = titles[k] if k < len(titles) else f"frame {frame}"
        arrays = recording.arrays_at(frame)
        states = {x: state for x, (state, _) in recording.analysis.state_at(frame).items()}
        stickers = {x for x in states if arrays["COLOR"][x] < 0}
        draw_links(ax, arrays, trace.names, labels, items, title=title, states=states, colours=colours,
                   stickers=stickers, fontsize=fontsize)  # fmt: skip
        mine = {x: state for x, state in states.items() if trace.names[top[x]] in shown}
        drawn |= set(mine.values())
        sticker |= bool(stickers & set(mine))
        off |= any(state not in ("linked", "chosen") for state in mine.values())
        active = _active_items(arrays, n)
        for i in (i for i in range(1, n + 1) if trace.names[i] in shown):
            drift |= arrays["LEN"][i] != len(list_nodes(arrays["TOP"], arrays["DLINK"], i))
            covered |= i not in active
    if not legend:
        fig.tight_layout()
        return fig
    extra: list[tuple[Patch | Line2D, str]] = []
    if drift:
        extra.append((Patch(facecolor="white", edgecolor="crimson"), "LEN in red: not the nodes linked"))
    if off:
        extra.append((Line2D([], [], color="#D55E00", ls="--", lw=1), "links of a node off its list"))
    if covered:
        extra.append((Patch(facecolor="0.85", edgecolor="0.3"), "grey header: item covered"))
    handles = _legend_handles(drawn, sticker, extra, discs=True)
    columns = max(1, min(len(handles), int(fig.get_size_inches()[0] / (2.6 * fontsize / 10))))
    foot = 0.2 + 0.25 * scale * -(-len(handles) // columns)
    fig.set_size_inches(fig.get_size_inches()[0], body + foot)
    fig.tight_layout(rect=(0, foot / (body + foot), 1, 1))
    fig.legend(
        handles=handles, loc="lower left", bbox_to_anchor=(0.01, 0.0), frameon=False, ncol=columns,
        fontsize=fontsize - 0.5, handlelength=1.6, columnspacing=1.2, handler_map=_disc_handlers(handles),
    )  # fmt: skip
    return fig


def _active_items(arrays: Mapping[str, Sequence[int]], n: int) -> set[int]:
    """The items still in the list of items (primary and secondary): the ones not covered."""
    active, rlink = set(), arrays["RLINK"]
    for head in (0, n + 1):
        k = rlink[head] if head < len(rlink) else head
        while k not in (0, n + 1) and k not in active:
            active.add(k)
            k = rlink[k]
    return active
