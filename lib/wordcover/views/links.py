"""Pictures of the links: the matrix of items and options with each node's state, LEN beside the nodes really
linked, Knuth's four-way links at one frame, and a frame of a recorded search."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..double_purify import list_nodes
from ._matplotlib import Axes, Figure, Polygon, Rectangle
from .grids import draw_grid

if TYPE_CHECKING:
    from ..inspection import Snapshot
    from ..playback import WriteTrace
    from ..problem import Problem
    from ..tracing import Trace
    from ..word_search import WordSearch

NODE_COLOURS = {
    "chosen": "#1f4e9c",  # in the partial solution
    "active": "#8fd19e",  # still available
    "stickered": "#f2b134",  # has the right colour in a purified item (Knuth: COLOR = -1)
    "hidden": "#e3e3e3",  # unlinked by hide
}


def node_state(snapshot: Snapshot, option: int, item: str) -> str:
    """How one node of the matrix stands at this moment."""
    if option in snapshot.chosen:
        return "chosen"
    if (option, item) in snapshot.stickered:
        return "stickered"
    if option in snapshot.active_options:
        return "active"
    return "hidden"


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


def draw_matrix(ax: Axes, problem: Problem, snapshot: Snapshot, max_options: int = 48, max_items: int = 40) -> str:
    """Items as columns, options as rows, each node coloured by its state; LEN/actual on top.

    Returns a note on what was cropped ('' when everything is shown).
    """
    options, note = _visible_options(problem, snapshot, max_options)
    items = list(problem.items)
    if len(items) > max_items:
        used = [i for i in items if any(e.item == i for k in options for e in problem.options[k])]
        items = used[:max_items]
        note = (note + "; " if note else "") + f"showing {len(items)} of {len(problem.items)} items"
    column = {name: j for j, name in enumerate(items)}
    states = {s.name: s for s in snapshot.items}
    ax.set_xlim(-0.5, len(items) - 0.5)
    ax.set_ylim(len(options) - 0.5, -2.2)
    ax.set_xticks(range(len(items)))
    ax.set_xticklabels(items, rotation=90, fontsize=7)
    ax.set_yticks(range(len(options)))
    ax.set_yticklabels([str(k) for k in options], fontsize=6)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    n1 = len(problem.primary)
    for j, name in enumerate(items):
        state = states[name]
        if not state.active:
            ax.axvspan(j - 0.5, j + 0.5, color="0.93", zorder=0)
        colour = "crimson" if state.drift else "0.2"
        ax.text(j, -1.6, str(state.len), ha="center", va="center", fontsize=7, color=colour, weight="bold")
        ax.text(j, -0.9, str(state.actual), ha="center", va="center", fontsize=7, color="0.45")
    if n1 < len(items):
        ax.axvline(n1 - 0.5, color="0.4", lw=1)
    ax.text(-0.6, -1.6, "LEN", ha="right", va="center", fontsize=7, weight="bold")
    ax.text(-0.6, -0.9, "real", ha="right", va="center", fontsize=7, color="0.45")
    for row, k in enumerate(options):
        for entry in problem.options[k]:
            if entry.item not in column:
                continue
            j = column[entry.item]
            how = node_state(snapshot, k, entry.item)
            ax.add_patch(_square(j, row, NODE_COLOURS[how]))
            if how == "chosen" and (k, entry.item) in snapshot.stickered:  # chosen, and wearing a sticker
                ax.add_patch(_sticker_corner(j, row))
            if entry.colour is not None:
                ax.text(
                    j,
                    row,
                    entry.colour,
                    ha="center",
                    va="center",
                    fontsize=6,
                    color="white" if how == "chosen" else "black",
                )
    return note


def _sticker_corner(x: float, y: float) -> Polygon:
    """A sticker-coloured corner on a node's square, so a chosen node shows its sticker too."""
    from matplotlib.patches import Polygon

    return Polygon(
        [(x + 0.42, y - 0.42), (x + 0.42, y + 0.06), (x - 0.06, y - 0.42)],
        facecolor=NODE_COLOURS["stickered"],
        edgecolor="black",
        lw=0.5,
    )


def _square(x: float, y: float, colour: str) -> Rectangle:
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor=colour, edgecolor="none")


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
    trace: Trace, index: int, ws: WordSearch | None = None, size: tuple[float, float] = (11.0, 6.2)
) -> Figure:
    """One frame of a trace: the partial grid (for a word search), the matrix and the counters."""
    frame = trace.frames[index]
    return snapshot_figure(
        trace.problem, frame.snapshot, frame.text, f"frame {index}: level {frame.event.level}", ws, size
    )


def snapshot_figure(
    problem: Problem,
    snapshot: Snapshot,
    text: str,
    caption: str,
    ws: WordSearch | None = None,
    size: tuple[float, float] = (11.0, 6.2),
) -> Figure:
    """The links at one moment: the partial grid (for a word search), the matrix and the counters."""
    fig = Figure(figsize=size)
    if ws is not None:
        ax_grid = fig.add_axes((0.01, 0.40, 0.22, 0.52))
        draw_grid(ax_grid, partial_grid(ws, snapshot), ws.decode(snapshot.chosen), legend=False)
        ax_grid.set_title(caption, fontsize=9)
    left = 0.28 if ws is not None else 0.06
    ax_m = fig.add_axes((left, 0.36, 0.98 - left, 0.58))
    note = draw_matrix(ax_m, problem, snapshot)
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
) -> None:
    """Knuth's four-way links at one moment: each item's list as a column, each option as a row.

    ``arrays`` holds TOP, ULINK, DLINK, LEN, LLINK and RLINK (``WriteTrace.arrays_at`` gives them).
    A node in its item's list is a filled disc joined to the nodes above and below it by its ULINK
    and DLINK; a node out of its list is a hollow disc whose own ULINK and DLINK, dashed, still point
    where they pointed when it left. An option's nodes are joined left to right by a thin line. LEN
    stands in each header, in red where it differs from the nodes really in the list; a covered item
    (out of the list of items) has a grey header. A link that skips hidden nodes bows round them (``_skip_link``),
    so it is not read as running through them. With ``numbers``, each node's number x stands beside it and, when
    every item is shown, each spacer's at the right, between the rows of the options it separates
    (``_number_nodes``). ``wrap`` "edge" draws the links that close each circle (the header's ULINK, the last
    node's DLINK) as short arrows leaving the header upwards and the last node downwards, instead of an arc beside
    the column (``_wrap_at_the_edges``).
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
        ax.text(-0.45, k + 1, f"{k}: {label}", ha="right", va="center", fontsize=8)
        xs = [column[top[x]] for x in row if row[x] == k + 1 and top[x] in column]
        if len(xs) > 1:
            ax.plot([min(xs), max(xs)], [k + 1, k + 1], color="0.75", lw=0.8, zorder=1)
    for i, j in column.items():
        members = list_nodes(top, dlink, i)
        drift = length[i] != len(members)
        ax.text(
            j, 0, f"{names[i]}\nLEN {length[i]}", ha="center", va="center", fontsize=8,
            color="crimson" if drift else "black",
            bbox={"boxstyle": "round,pad=0.3", "facecolor": "white" if i in active else "0.85", "edgecolor": "0.3"},
        )  # fmt: skip
        chain = [i, *members]
        out = [y_of(x) for x in row if top[x] == i and x not in members]
        for a, b in itertools.pairwise(chain):
            start, end = y_of(a) + (0.3 if a == i else 0.22), y_of(b) - 0.22
            if any(y_of(a) < y < y_of(b) for y in out):  # the link skips hidden nodes
                _skip_link(ax, j, start, end)
                continue
            ax.annotate(
                "", xy=(j, end), xytext=(j, start),
                arrowprops={"arrowstyle": "<|-|>", "color": "0.2", "lw": 1, "shrinkA": 0, "shrinkB": 0},
            )  # fmt: skip
        if members and wrap == "edge":
            _wrap_at_the_edges(ax, j, y_of(members[-1]))
        elif members:  # the last node's DLINK and the header's ULINK close the circle
            ax.annotate(
                "", xy=(j + 0.12, 0.3), xytext=(j + 0.12, y_of(members[-1]) + 0.22),
                arrowprops={"arrowstyle": "<|-|>", "color": "0.6", "lw": 0.8, "connectionstyle": "arc3,rad=-0.35"},
            )  # fmt: skip
        for x in (x for x in row if top[x] == i):
            inside = x in members
            ax.plot(
                j, y_of(x), "o", ms=9, zorder=3, color="0.2" if inside else "white", markeredgecolor="0.2",
            )  # fmt: skip
            if not inside:  # a node out of its list still knows its neighbours
                for target, dx in ((ulink[x], -0.18), (dlink[x], 0.18)):
                    if target <= n:  # a header: the arrow ends under its box
                        end = 0.3
                    else:  # a node: the arrow stops short of it, from above or below
                        end = y_of(target) + (0.15 if y_of(target) < y_of(x) else -0.15)
                    ax.annotate(
                        "", xy=(j + dx, end), xytext=(j + dx, y_of(x)),
                        arrowprops={"arrowstyle": "-|>", "color": "#D55E00", "lw": 1, "linestyle": "--"},
                    )  # fmt: skip
    if numbers:
        _number_nodes(ax, top, n, column, len(shown), spacers=items is None)
    if title:
        ax.set_title(title, fontsize=9, loc="left")


def _skip_link(ax: Axes, x: float, y0: float, y1: float, bow: float = 0.36) -> None:
    """The link of two nodes of a column with hidden nodes between them, bowed to the left round those nodes."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.path import Path

    reach = min(0.6, (y1 - y0) / 3)
    path = Path([(x, y0), (x - bow, y0 + reach), (x - bow, y1 - reach), (x, y1)], [Path.MOVETO] + [Path.CURVE4] * 3)
    ax.add_patch(FancyArrowPatch(path=path, arrowstyle="<|-|>", color="0.2", lw=1, mutation_scale=10, zorder=2))


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
) -> Figure:
    """Several frames of a recorded search (``playback.WriteTrace``) side by side, drawn by :func:`draw_links`."""
    labels = [str(trace.problem.label(k)) for k in range(len(trace.problem.options))]
    fig = Figure(figsize=(width * len(frames), 0.55 * len(labels) + 1.6))
    for k, frame in enumerate(frames):
        ax = fig.add_subplot(1, len(frames), k + 1)
        title = titles[k] if k < len(titles) else f"frame {frame}"
        draw_links(ax, trace.arrays_at(frame), trace.names, labels, items, title=title)
    fig.tight_layout()
    return fig
