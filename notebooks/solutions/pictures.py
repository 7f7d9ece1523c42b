"""The tables and pictures of notebooks 3 and 3b: how each is drawn, and nothing else (no answer to an exercise).

The arrays are a dict named as Knuth names them (NAME, LLINK, RLINK, TOP, ULINK, DLINK, LEN), as notebook 3b keeps
them; ``arrays_of`` copies an engine's into one. The pictures are drawn by the library's views
(``wordcover.views``): ``four_way_figure`` and ``memory_figure`` add the lists of items and the spacers' links to
what they draw, ``lists_figure`` puts some items' lists side by side at several moments, ``named_tree_figure``
names the nodes of notebook 3's first search tree. Notebook 4's picture of one purify is drawn by
``lessons.outside``.
"""

from __future__ import annotations

import itertools
from typing import Any

from wordcover import Problem
from wordcover.dancing_links import DancingLinks

ITEM_ARRAYS = ("NAME", "LLINK", "RLINK")
NODE_ARRAYS = ("TOP", "ULINK", "DLINK", "LEN")
ARRAYS = ITEM_ARRAYS + NODE_ARRAYS


# ---- the arrays as numbers ------------------------------------------------------------------------------------------


def table(links: dict[str, list], width: int = 16) -> str:
    """The arrays as text: the items (i, NAME, LLINK, RLINK), then the nodes in blocks (x, LEN, TOP, ULINK, DLINK)."""

    def row(name: str, values: list, start: int, stop: int) -> str:
        cells = [str(values[k]) if k < len(values) else "" for k in range(start, stop)]
        return f"{name:>10}" + "".join(f"{c:>4}" for c in cells).rstrip()

    items = len(links["LLINK"])
    lines = [row("i", list(range(items)), 0, items)] + [row(a, links[a], 0, items) for a in ITEM_ARRAYS]
    nodes = len(links["TOP"])
    for start in range(0, nodes, width):
        stop = min(start + width, nodes)
        lines.append("")
        lines.append(row("x", list(range(nodes)), start, stop))
        shown = ("LEN", "TOP", "ULINK", "DLINK") if start < len(links["LEN"]) else ("TOP", "ULINK", "DLINK")
        lines += [row(a, links[a], start, stop) for a in shown]
    return "\n".join(lines)


def changes(before: dict[str, list], after: dict[str, list]) -> list[str]:
    """Every entry that differs, as 'DLINK[13]: 21 -> 22', array by array."""
    found = []
    for name in ARRAYS:
        for x, (old, new) in enumerate(zip(before[name], after[name])):
            if old != new:
                found.append(f"{name}[{x}]: {old} → {new}")
    return found


# ---- Knuth's four-way links, and the nodes in memory -----------------------------------------------------------------


def four_way_picture(links: dict[str, list], title: str = "", width: float = 8.2):
    """Knuth's four-way links: the library's picture of ULINK and DLINK, with LLINK and RLINK added (a Picture).

    Each item's list is a column under its header (TOP is the column a node stands in), each option a row. The
    library's ``links_panel`` draws the lists, every node's number x and every spacer's; this adds the root 0 and
    the head N + 1 of the secondary items and the item lists' LLINK/RLINK arrows. A picture helper: it holds no
    answer to an exercise.
    """
    from wordcover.views.links import links_panel, title_room
    from wordcover.views.picture import Picture

    names = links["NAME"]
    n = len(names) - 1
    labels = _option_labels(links)
    picture = Picture(width, 0.62 * len(labels) + 2.4, dpi=110)
    top = title_room(title, 9)
    bounds = (0.1 / picture.width, 0.1 / picture.height, 1 - 0.2 / picture.width, 1 - (0.1 + top) / picture.height)
    size = (picture.width, picture.height)  # the headers are numbered above their boxes here, as 0 and N + 1 are
    panel = links_panel(links, names, labels, title=title, numbers=True, wrap="edge", bounds=bounds, size=size,
                        number_headers=False)  # fmt: skip
    panel.xlim, panel.ylim = (panel.xlim[0], n + 0.8), (len(labels) + 0.8, -2.2)
    panel.add(*_item_links(links))
    picture.add_panel(panel)
    picture.caption = "Knuth's four-way links: each item's list a column, the lists of items along the top" + (
        f": {title}" if title else ""
    )
    return picture


def four_way_figure(links: dict[str, list], title: str = "", width: float = 8.2):
    """:func:`four_way_picture` drawn by matplotlib, or where matplotlib is missing the Picture itself."""
    from wordcover.views._figure import figure_or_picture

    return figure_or_picture(four_way_picture(links, title, width))


def _option_labels(links: dict[str, list]) -> list[str]:
    """Each option's items, as the spacers around it delimit them."""
    names, top = links["NAME"], links["TOP"]
    spacers = [x for x in range(len(names), len(top)) if top[x] <= 0]
    return [" ".join(names[top[x]] for x in range(a + 1, b)) for a, b in itertools.pairwise(spacers)]


def memory_picture(links: dict[str, list], width: float = 9.6):
    """The nodes after the headers as they lie in memory, one box each, with every spacer's ULINK and DLINK.

    Each box shows x above it and in it the item TOP(x) (its name for a node, TOP itself for a spacer, shaded), the
    row so labelled ('item (TOP)'). A spacer's
    ULINK arcs back above the boxes to the first node of the option before it, its DLINK below them to the last
    node of the option after it; a link of 0 (the first spacer's ULINK, the last one's DLINK) is not drawn. A
    picture helper: it holds no answer to an exercise.
    """
    from wordcover.views.picture import Arrow, Panel, Picture, Rect, Text, text_width

    names, top, ulink, dlink = links["NAME"], links["TOP"], links["ULINK"], links["DLINK"]
    first = len(names)
    nodes = list(range(first, len(top)))
    picture = Picture(width, 2.7, dpi=110)
    row_label = "item (TOP)"  # what the boxes hold: the item TOP(x) names (a spacer's TOP itself)
    small, large = 9.5, 10.5  # points: x and the row's labels; the names and TOP values in the boxes
    across, right, room = 0.98 * width * 72, len(nodes) - 0.2, text_width(row_label, small) + 6  # points, data, points
    left = (-0.6 - room * right / across) / (1 - room / across)  # the label, ending at x = -0.6, fits in the panel
    panel = picture.add_panel(Panel((0.01, 0.02, 0.98, 0.96), (left, right), (-1.75, 2.05), frame=False))
    for k, x in enumerate(nodes):
        spacer = top[x] <= 0
        panel.add(Rect(k - 0.45, -0.35, 0.9, 0.7, face="0.85" if spacer else "white", edge="0.3", edge_width=1.0))
        panel.add(Text(k, 0.42, str(x), small, va="bottom", colour="0.3"))
        inside = f"{top[x]}" if spacer else names[top[x]]
        panel.add(Text(k, 0, inside.replace("-", "−"), large))
    panel.add(Text(-0.6, 0.42, "x", small, ha="right", va="bottom", colour="0.3"))
    panel.add(Text(-0.6, 0, row_label, small, ha="right"))
    for k, x in enumerate(nodes):
        if top[x] > 0:
            continue
        for target, above, colour in ((ulink[x], True, "#0072b2"), (dlink[x], False, "#009e73")):
            if target < first:  # 0: no option on that side
                continue
            y, step = (0.9 if above else -0.4), (1 if target > x else -1)
            bend = -0.45 * step if above else 0.45 * step  # as matplotlib's arc3: to the right of the way it goes
            panel.add(Arrow((k, y), (target - first, y), bend=bend, colour=colour, width=0.9, head_length=3.6,
                            head_width=3.6, shrink=(2, 2), gid=f"spacer {x}"))  # fmt: skip
    # each arc's meaning in its colour, over the first arcs above the boxes and under the first arcs below them
    panel.add(Text(-0.45, 1.65, "a spacer's ULINK (above): back to the first node of the option before it",
                   small, ha="left", va="baseline", colour="#0072b2"))  # fmt: skip
    panel.add(Text(-0.45, -1.45, "a spacer's DLINK (below): on to the last node of the option after it",
                   small, ha="left", va="baseline", colour="#009e73"))  # fmt: skip
    picture.caption = "the nodes in memory after the headers, with each spacer's ULINK and DLINK"
    return picture


def memory_figure(links: dict[str, list], width: float = 9.6):
    """:func:`memory_picture` drawn by matplotlib, or where matplotlib is missing the Picture itself."""
    from wordcover.views._figure import figure_or_picture

    return figure_or_picture(memory_picture(links, width))


def _item_links(links: dict[str, list]) -> list:
    """The two lists of items as RLINK walks them (a straight arrow between neighbours, an arc around the ring's
    end), the root and the head N + 1 as boxes, each item's number above it; a covered item's own LLINK and RLINK,
    dashed, still point at its old neighbours."""
    from wordcover.views.links import text_box
    from wordcover.views.picture import Text

    llink, rlink = links["LLINK"], links["RLINK"]
    n = len(links["NAME"]) - 1

    def at(i: int) -> float:
        return -1.0 if i == 0 else float(i - 1)

    drawn: list = []
    for i, text in ((0, "root"), (n + 1, "head")):
        box = Text(at(i), 0, text, 8)
        drawn += [text_box(box, 0.3 * 8, "white", "0.3"), box]
    for i in range(n + 2):
        drawn.append(Text(at(i), -1.75, str(i), 8.5, colour="0.3"))  # above the arcs, clear of them
    linked = set()
    for head in (0, n + 1):
        a, steps = head, 0
        while steps <= n + 1:
            b = rlink[a]
            drawn.append(_link(at(a), at(b), llink[b] == a, "0.2", dashed=False, ends=(a, b, n)))
            linked.add(a)
            a, steps = b, steps + 1
            if a == head:
                break
    for i in range(1, n + 1):
        if i not in linked:  # out of its list: its own links still know where it was
            drawn.append(_link(at(i), at(llink[i]), False, "#d55e00", dashed=True, ends=(i, llink[i], n)))
            drawn.append(_link(at(i), at(rlink[i]), False, "#d55e00", dashed=True, ends=(i, rlink[i], n)))
    return drawn


def _link(x0: float, x1: float, both: bool, colour: str, dashed: bool, ends: tuple[int, int, int] | None = None):
    """An arrow along the row of headers: straight to the next box on the right, else an arc above the boxes.

    ``ends`` (from, to, N): an arc's end at an item's box (not the root 0 or the head N + 1) moves off the middle of
    the box towards the other end, clear of the grey ULINK arrow that leaves the box upwards."""
    from wordcover.views.links import DASHED
    from wordcover.views.picture import Arrow

    if x1 == x0 + 1:
        start, end, bend = (x0 + 0.3, 0.0), (x1 - 0.3, 0.0), 0.0
    else:
        shift = [0.0, 0.0]
        if ends is not None:
            a, b, n = ends
            toward = 1.0 if x1 > x0 else -1.0
            shift = [0.2 * toward if 1 <= a <= n else 0.0, -0.2 * toward if 1 <= b <= n else 0.0]
        start, end = (x0 + shift[0], -0.36), (x1 + shift[1], -0.36)
        bend = 0.35 if x1 < x0 else -0.35
    return Arrow(start, end, bend=bend, heads="both" if both else "end", colour=colour, width=0.9,
                 dash=DASHED if dashed else (), gid="item link")  # fmt: skip


# ---- a search's tries, and some lists at several moments (notebooks 3 and 3b) ----------------------------------------


def tried_for(trace: Any) -> dict[int, str]:
    """For each option a recording tries, the item it was tried for: the item last chosen at its level."""
    item_at, chosen = {}, {}
    for frame in trace.frames:
        if frame.event.kind == "choose":
            item_at[frame.event.level] = frame.event.item
        elif frame.event.kind == "try":
            chosen[frame.event.option] = item_at[frame.event.level]
    return chosen


def dead_ends(trace: Any) -> dict[int, str]:
    """For each option a recording tries that leads to a dead end, the item chosen after it that had no option."""
    steps = [f.event for f in trace.frames if f.event.kind in ("choose", "try", "solution")]
    last_try, found = {}, {}
    for event, after in zip(steps, [*steps[1:], None]):
        if event.kind == "try":
            last_try[event.level] = event.option
        elif (
            event.kind == "choose"
            and event.level > 0
            and not (after and after.kind == "try" and after.level == event.level)
        ):
            found[last_try[event.level - 1]] = event.item
    return found


def named_tree_figure(trace: Any, problem: Problem, title: str, **options: Any):
    """The library's ``search_tree_figure`` of a recording, each node named 'item chosen: option tried' and a dead
    end also '(item: none left)', the item chosen after it that had no option (from ``tried_for`` and
    ``dead_ends``); ``options`` go to ``search_tree_figure``. A picture helper: it holds no answer to an exercise.
    """
    from wordcover.views import search_tree_figure

    chosen, stuck = tried_for(trace), dead_ends(trace)

    def label(k: int) -> str:
        return f"{chosen[k]}: {problem.labels[k]}" + (f" ({stuck[k]}: none left)" if k in stuck else "")

    return search_tree_figure(trace, title, label=label, **options)


def arrays_of(engine: DancingLinks) -> dict[str, list[int]]:
    """A copy of an engine's arrays, named as Knuth names them (what ``draw_links`` reads)."""
    fields = {"LLINK": engine.llink, "RLINK": engine.rlink, "TOP": engine.top}
    fields |= {"ULINK": engine.ulink, "DLINK": engine.dlink, "LEN": engine.len}
    return {name: list(values) for name, values in fields.items()}


def lists_figure(
    problem: Problem, moments: list[tuple[str, dict]], items: list[str], caption: str = "", width: float = 8.4
):
    """Some items' lists at several moments side by side, drawn by the library's ``arrays_figure``, every node
    numbered.

    ``moments`` holds (title, arrays) pairs, the arrays as ``arrays_of`` copies them; the options are named once,
    at the left; ``caption`` goes under the panels. A picture helper: it holds no answer to an exercise.
    """
    from wordcover.views import arrays_figure

    names = ["", *problem.items]
    labels = [str(problem.label(k)) for k in range(len(problem.options))]
    height = 0.45 * len(labels) + 1.6
    return arrays_figure(moments, names, labels, items, caption, width=width, height=height, dpi=110)
