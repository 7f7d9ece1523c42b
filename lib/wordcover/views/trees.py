"""Pictures of search trees and their profiles: the tree of tried options, nodes per level, and the running
mean of Knuth's estimates."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ._matplotlib import Axes, Line2D
from .colours import word_colours

PROFILE_LABEL = 9  # points: the counts written beside a profile's points, and its legend

if TYPE_CHECKING:
    from ..tracing import Trace


class Profiled(Protocol):
    """Anything with search-tree nodes per level: SearchStats, SquareStats."""

    profile: list[int]


def draw_profile(ax: Axes, stats: Profiled) -> None:
    """Search-tree nodes per level."""
    levels = range(len(stats.profile))
    ax.bar(levels, stats.profile, color="#4c72b0")
    ax.set_xlabel("level")
    ax.set_ylabel("nodes")
    ax.set_xticks(list(levels))
    for x, n in zip(levels, stats.profile):
        ax.text(x, n, f"{n:,}", ha="center", va="bottom", fontsize=7)


def draw_search_tree(
    ax: Axes,
    trace: Trace,
    max_nodes: int = 400,
    label: Callable[[int], str] | None = None,
    wrong: Callable[[tuple[int, ...]], bool] | None = None,
    stack_leaves: bool = False,
) -> set[str]:
    """The tree of tried options from a trace; returns the kinds of node it drew (for :func:`search_tree_legend`).

    Each tried option is a node one level below the choice it extends: a green disc completes a solution, a small
    grey dot has options tried below it, a hollow grey square is a dead end (no option tried below it, no
    solution). ``label(option)``, if given, names each tried option beside its node (for small trees);
    ``wrong(chosen)``, if given, tells a solution that breaks a rule: it is drawn as a vermillion cross, so it
    differs from a right one by shape as well as colour. With ``stack_leaves``, the leaves under a node whose
    children are all leaves hang in a column below it instead of spreading sideways; they then sit below their
    level, so a caption must say so.
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
            ax.text(0.5, 0.5, f"more than {max_nodes} nodes: too many to draw", ha="center", transform=ax.transAxes)
            ax.set_axis_off()
            return set()
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
    for k, (_, parent, _) in enumerate(nodes):
        px, py = (root_x, 0.0) if parent < 0 else (xs[parent], ys[parent])
        if stack_leaves and px == xs[k] and parent >= 0 and k not in children:  # a stacked leaf: from the one above
            py = max([ys[c] for c in children[parent] if ys[c] < ys[k]], default=py)
        ax.plot([px, xs[k]], [py, ys[k]], color="0.75", lw=0.6, zorder=1)
    small = not label
    drawn: set[str] = set()
    for k, (_, _, solution) in enumerate(nodes):
        kind = ("wrong" if k in bad else "solution") if solution else "tried" if k in children else "dead end"
        drawn.add(kind)
        ax.plot(xs[k], ys[k], **_NODE_STYLE[kind], ms=_NODE_SIZE[kind][0 if small else 1], zorder=3, gid=kind)
        if names[k]:
            ax.annotate(names[k], (xs[k], ys[k]), xytext=(5, -2), textcoords="offset points", fontsize=8, va="top")
    ax.plot(root_x, 0, "o", ms=4 if small else 7, color="black")
    depth = max((n[0] for n in nodes), default=0)
    ax.set_yticks(range(depth + 1))
    ax.invert_yaxis()
    if any(names):  # room under the lowest level for the names written below its nodes
        ax.set_ylim(depth + 0.3, ax.get_ylim()[1])
    ax.set_ylabel("level")
    ax.set_xticks([])
    return drawn


# how each kind of node of a search tree is drawn, and its size (small tree without labels, labelled tree)
_NODE_STYLE: dict[str, dict[str, Any]] = {
    "tried": {"marker": "o", "ls": "", "color": "0.45"},
    "dead end": {"marker": "s", "ls": "", "markerfacecolor": "white", "markeredgecolor": "0.3", "mew": 1.2},
    "solution": {"marker": "o", "ls": "", "color": "#009E73"},
    "wrong": {"marker": "X", "ls": "", "color": "#D55E00"},
}
_NODE_SIZE = {"tried": (3, 5), "dead end": (4, 7), "solution": (4.5, 7), "wrong": (6.5, 9)}
_NODE_LABEL = {
    "tried": "option tried, with options tried below it",
    "dead end": "dead end: nothing tried below, no solution",
    "solution": "solution",
    "wrong": "solution breaking a rule",
}


def search_tree_legend(ax: Axes, wrong: bool = True, kinds: set[str] | None = None, fontsize: float = 9) -> None:
    """A legend for :func:`draw_search_tree` under ``ax``: the kinds of node given (what it returned), or else
    every kind (a solution breaking a rule only if ``wrong``)."""
    shown = [k for k in _NODE_STYLE if (k in kinds if kinds is not None else wrong or k != "wrong")]
    handles = [Line2D([], [], **_NODE_STYLE[k], ms=_NODE_SIZE[k][1], label=_NODE_LABEL[k]) for k in shown]
    ax.legend(handles=handles, fontsize=fontsize, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False,
              ncol=len(handles))  # fmt: skip


def draw_profiles(ax: Axes, searches: Mapping[str, Profiled], log: bool = True) -> None:
    """Search-tree nodes per level of several searches, one line of points each, on one shared axis.

    ``searches`` maps a name to a search's stats (anything with a ``profile``). A log scale (the
    default) keeps the small top levels readable beside a bottom level thousands of times larger;
    points, not bars, because a bar's length means nothing on a log axis. Each point's count is written beside it
    at 9 pt (the first search's above, the second's below, and so on), and the limits leave room for every count
    inside the axes, the lower one at level 0 included.
    """
    named = list(searches.items())
    if not named:
        raise ValueError("draw_profiles needs at least one search")
    depth = max(len(stats.profile) for _, stats in named)
    tallest = max(max(stats.profile, default=1) for _, stats in named)
    lowest = min((n for _, stats in named for n in stats.profile if n > 0), default=1)
    markers = "os^Dv"
    for k, ((name, stats), colour) in enumerate(zip(named, word_colours(len(named)))):
        levels = list(range(len(stats.profile)))
        ax.plot(levels, stats.profile, marker=markers[k % len(markers)], color=colour, label=name, lw=1.2)
        above = k % 2 == 0  # the first search's counts above its points, the second's below, and so on
        for x, n in zip(levels, stats.profile):
            ax.annotate(f"{n:,}", (x, n), xytext=(0, 6 if above else -6), textcoords="offset points", ha="center",
                        va="bottom" if above else "top", fontsize=PROFILE_LABEL, color=colour)  # fmt: skip
    if log:
        ax.set_yscale("log")
        ax.set_ylim(lowest / 4, tallest * 4)  # room below the lowest point and above the highest for their labels
    else:
        ax.set_ylim(-0.12 * tallest, tallest * 1.12)
    ax.set_xlim(-0.4, depth - 0.6)  # room either side for the labels of the first and last levels
    ax.set_xticks(list(range(depth)))
    ax.set_xlabel("level")
    ax.set_ylabel("nodes (log scale)" if log else "nodes")
    ax.legend(frameon=False, fontsize=PROFILE_LABEL, loc="upper left")


def draw_running_mean(ax: Axes, estimates: Sequence[float], exact: float | None = None) -> None:
    """Single estimates as faint dots, their running mean as a line and the exact value (if known) dashed.

    The y axis is logarithmic, since single estimates of a tree's size spread over orders of magnitude.
    """
    xs = range(1, len(estimates) + 1)
    means, total = [], 0.0
    for k, value in zip(xs, estimates):
        total += value
        means.append(total / k)
    ax.plot(xs, estimates, ".", ms=2, color="0.7", label="one path's estimate")
    ax.plot(xs, means, color="#1f4e9c", lw=1.6, label="mean so far")
    if exact is not None:
        ax.axhline(exact, color="#cc0000", ls="--", lw=1.2, label=f"real count {exact:,.0f}")
    ax.set_yscale("log")
    ax.set_xlabel("paths")
    ax.set_ylabel("nodes")
    ax.legend(fontsize=8, frameon=False, loc="upper right")
