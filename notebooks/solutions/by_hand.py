"""Notebook 3b, Dancing Links by hand: the solutions, the checks for its exercises, a table and a picture.

The arrays live in a dict ``links`` of plain lists named as Knuth names them: NAME, LLINK and RLINK for the items
(0 is the root of the primary items, N + 1 the head of the secondary ones), TOP, ULINK and DLINK for the nodes
(1..N are the items' headers, spacers have TOP <= 0), and LEN for the headers. Every check compares a learner's
arrays, or what a learner's function does to them, with the library's own engine (``DancingLinks``), and refuses
the library's own arrays and code that hands its work to the library or to the solutions (``attempt_own``); a
learner's function that runs past its budget is stopped, with a word on what probably loops.
"""

from __future__ import annotations

import ast
import itertools
import random

from solutions import NOT_YET, Verdict
from solutions.exact_cover import arrays_of, attempt_own, lists_figure
from wordcover import Problem, examples, parse_dlx
from wordcover.classics import langford, queens
from wordcover.dancing_links import DancingLinks

ITEM_ARRAYS = ("NAME", "LLINK", "RLINK")
NODE_ARRAYS = ("TOP", "ULINK", "DLINK", "LEN")
ARRAYS = ITEM_ARRAYS + NODE_ARRAYS
DLX1_EIGHT_QUEENS = {"solutions": 92, "nodes": 1199, "updates": 21375}  # DLX1 on format_dlx(queens(8))
TINY = """\
| a tiny problem, to lay out by hand
A B C | X
A B
C X
A C
B X
"""


# ---- the library's layout, and ways to look at it -----------------------------------------------------------


class LibraryArray(list):
    """One of the arrays the library (or a solution) laid out: equal to a list of the same values, but the checks
    refuse it as a learner's own."""


def _as_library(links: dict[str, list]) -> dict[str, list]:
    return {name: LibraryArray(values) for name, values in links.items()}


def engine_links(engine: DancingLinks) -> dict[str, list]:
    """A copy of an engine's arrays as a dict named in Knuth's words (the engine keeps LEN in a list of its own)."""
    return _as_library({"NAME": engine.names} | arrays_of(engine))


def library_links(problem: Problem) -> dict[str, list]:
    """The library's step X1 for a problem: what every layout in this notebook is compared with."""
    return engine_links(DancingLinks(problem))


def knuth_example() -> Problem:
    """Knuth's first example in DLX1 (items A-E primary, F and G secondary; six options)."""
    return examples.load("knuth_exact_cover").problem


def tiny_problem() -> Problem:
    """The tiny problem of exercise 2: three primary items, one secondary, four options."""
    return parse_dlx(TINY).problem


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


def option_of(links: dict[str, list], x: int) -> int:
    """The option (0, 1, ...) that node x belongs to: the spacer after it has TOP = -(option + 1)."""
    top = links["TOP"]
    while top[x] > 0:
        x += 1
    return -top[x] - 1


def changes(before: dict[str, list], after: dict[str, list]) -> list[str]:
    """Every entry that differs, as 'DLINK[13]: 21 -> 22', array by array."""
    found = []
    for name in ARRAYS:
        for x, (old, new) in enumerate(zip(before[name], after[name])):
            if old != new:
                found.append(f"{name}[{x}]: {old} → {new}")
    return found


def four_way_figure(links: dict[str, list], title: str = "", width: float = 8.2):
    """Knuth's four-way links: the library's picture of ULINK and DLINK, with LLINK and RLINK and the numbers added.

    Each item's list is a column under its header (TOP is the column a node stands in), each option a row. The
    library's ``draw_links`` draws the lists; this adds the root 0 and the head N + 1 of the secondary items,
    the item lists' LLINK/RLINK arrows, every node's number x and, at the right, every spacer's.
    """
    from matplotlib.figure import Figure

    from wordcover.views import draw_links

    names, top = links["NAME"], links["TOP"]
    n = len(names) - 1
    spacers = [x for x in range(n + 1, len(top)) if top[x] <= 0]
    labels = [" ".join(names[top[x]] for x in range(a + 1, b)) for a, b in itertools.pairwise(spacers)]
    fig = Figure(figsize=(width, 0.62 * len(labels) + 2.4), dpi=110)
    ax = fig.add_subplot()
    draw_links(ax, links, names, labels, title=title)
    ax.set_xlim(-2.6, n + 0.6)
    ax.set_ylim(len(labels) + 0.8, -2.1)
    _draw_item_links(ax, links)
    for x in range(n + 1, len(top)):
        if top[x] > 0:
            ax.text(top[x] - 1 + 0.17, _row(top, n, x) + 0.2, str(x), fontsize=8.5, color="0.3", va="top")
    for k, x in enumerate(spacers):
        ax.text(n - 0.25, k + 0.5, f"spacer {x}", fontsize=8, color="0.4", va="center")
    fig.tight_layout()
    return fig


def _row(top: list[int], n: int, x: int) -> int:
    """The row (1 for the first option) in which node x stands."""
    return sum(1 for q in range(n + 1, x) if top[q] <= 0)


def _draw_item_links(ax, links: dict[str, list]) -> None:
    """The two lists of items as RLINK walks them (a straight arrow between neighbours, an arc around the ring's
    end), the root and the head N + 1 as boxes, each item's number above it; a covered item's own LLINK and RLINK,
    dashed, still point at its old neighbours."""
    llink, rlink = links["LLINK"], links["RLINK"]
    n = len(links["NAME"]) - 1

    def at(i: int) -> float:
        return -1.0 if i == 0 else float(i - 1)

    box = {"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "0.3"}
    for i, text in ((0, "root"), (n + 1, "head")):
        ax.text(at(i), 0, text, ha="center", va="center", fontsize=8, bbox=box)
    for i in range(n + 2):
        ax.text(at(i), -0.62, str(i), ha="center", va="center", fontsize=8.5, color="0.3")
    linked = set()
    for head in (0, n + 1):
        a, steps = head, 0
        while steps <= n + 1:
            b = rlink[a]
            style = "<|-|>" if llink[b] == a else "-|>"
            _link(ax, at(a), at(b), style, "0.2", "-")
            linked.add(a)
            a, steps = b, steps + 1
            if a == head:
                break
    for i in range(1, n + 1):
        if i not in linked:  # out of its list: its own links still know where it was
            _link(ax, at(i), at(llink[i]), "-|>", "#D55E00", "--")
            _link(ax, at(i), at(rlink[i]), "-|>", "#D55E00", "--")


def _link(ax, x0: float, x1: float, style: str, colour: str, line: str) -> None:
    """An arrow along the row of headers: straight to the next box on the right, else an arc above the boxes."""
    if x1 == x0 + 1:
        start, end, bend = (x0 + 0.3, 0.0), (x1 - 0.3, 0.0), "arc3,rad=0"
    else:
        start, end = (x0, -0.36), (x1, -0.36)
        bend = f"arc3,rad={0.35 if x1 < x0 else -0.35}"
    ax.annotate("", xy=end, xytext=start, arrowprops={
        "arrowstyle": style, "color": colour, "lw": 0.9, "linestyle": line, "connectionstyle": bend,
        "shrinkA": 0, "shrinkB": 0,
    })  # fmt: skip


# ---- which orders matter: replays of the writes -----------------------------------------------------------------


def _in_list(links: dict[str, list], x: int) -> bool:
    """Whether node x is in its item's list now (a walk down the list by DLINK meets it)."""
    i, top, dlink = links["TOP"][x], links["TOP"], links["DLINK"]
    q, steps = dlink[i], 0
    while q != i and steps < len(top):
        if q == x:
            return True
        q, steps = dlink[q], steps + 1
    return False


def _uncover(problem: Problem, item: str, order: str) -> tuple[list[str], list[tuple[str, dict]]]:
    """cover(item) by the library, then uncover(item) in TAOCP's order or DLX1's, written out: (lines, moments).

    TAOCP's (14): the item back first, then its options bottom up, each walked right to left. DLX1's: the options
    top down, each walked left to right (as cover walks it), then the item back. Each node put back is one line
    with its writes; a write into a node still out of its list is marked. ``moments`` holds the arrays after the
    cover and after each unhide.
    """
    engine = DancingLinks(problem)
    start, i = engine_links(engine), engine.names.index(item)
    engine.cover(i)
    links = engine_links(engine)
    names, top, ulink, dlink, length = (links[a] for a in ("NAME", "TOP", "ULINK", "DLINK", "LEN"))
    lines: list[str] = []
    moments = [(f"after cover({item})", {name: list(values) for name, values in links.items()})]

    def item_back() -> None:
        llink, rlink = links["LLINK"], links["RLINK"]
        left, right = llink[i], rlink[i]
        lines.append(f"  {item} back in the list of items: RLINK[{left}] {rlink[left]} → {i}, LLINK[{right}] "
                     f"{llink[right]} → {i}")  # fmt: skip
        rlink[left] = llink[right] = i

    def out(x: int) -> str:
        return "" if x < len(names) or _in_list(links, x) else f" ({x} not back yet)"

    def unhide(p: int, step: int) -> None:
        q = p + step
        while q != p:
            x, u, d = top[q], ulink[q], dlink[q]
            if x <= 0:  # a spacer: DLX1 goes right, back to the start by ULINK; TAOCP left, by DLINK to the end
                q = u if step > 0 else d
                continue
            writes = [f"DLINK[{u}] " + (f"stays {q}" if dlink[u] == q else f"{dlink[u]} → {q}") + out(u)]
            writes += [f"ULINK[{d}] {ulink[d]} → {q}" + out(d), f"LEN[{x}] {length[x]} → {length[x] + 1}"]
            lines.append(f"  unhide({p}): node {q} back in {names[x]}'s list: " + ", ".join(writes))
            dlink[u] = ulink[d] = q
            length[x] += 1
            q += step
        moments.append((f"after unhide({p})", {name: list(values) for name, values in links.items()}))

    if order == "TAOCP":
        lines.append(f"TAOCP's (14): {item} back first, then its options bottom up, each right to left")
        item_back()
        p = ulink[i]
        while p != i:
            unhide(p, -1)
            p = ulink[p]
    elif order == "DLX1":
        lines.append(f"DLX1: {item}'s options top down, each left to right as cover went, then {item} back")
        p = dlink[i]
        while p != i:
            unhide(p, +1)
            p = dlink[p]
        item_back()
    else:
        raise ValueError(f"order is 'TAOCP' or 'DLX1', not {order!r}")
    differ = changes(start, links)
    lines.append("  every entry is back as step X1 laid it out" if not differ else f"  differs: {', '.join(differ)}")
    return lines, moments


def uncover_replay(problem: Problem, item: str, order: str) -> list[str]:
    """cover(item), then uncover(item) in TAOCP's order (14) or DLX1's, one line for each node put back."""
    return _uncover(problem, item, order)[0]


def uncover_figure(problem: Problem, item: str, order: str, items: list[str], width: float = 8.4):
    """The lists of ``items`` after cover(item) and after each unhide of uncover(item) in the given order."""
    return lists_figure(problem, _uncover(problem, item, order)[1], items, width)


def _x6(problem: Problem, item: str, x: int, reverse: bool) -> tuple[list[int], DancingLinks]:
    """X4 covers ``item``, X5 tries node x (its other items covered left to right), X6 uncovers them in reverse
    or in X5's own order: (the items X5 covered, the engine afterwards)."""
    engine = DancingLinks(problem)
    engine.cover(engine.names.index(item))
    others, q = [], x + 1
    while q != x:  # X5's walk: right, and at a spacer back to the start by ULINK
        if engine.top[q] <= 0:
            q = engine.ulink[q]
            continue
        others.append(engine.top[q])
        q += 1
    for j in others:
        engine.cover(j)
    for j in reversed(others) if reverse else others:
        engine.uncover(j)
    return others, engine


def x6_replay(problem: Problem, item: str, x: int) -> list[str]:
    """X4, X5 on node x, then X6 in reverse and in X5's own order: each way, what differs from the arrays X4 left."""
    engine = DancingLinks(problem)
    engine.cover(engine.names.index(item))
    after_x4 = engine_links(engine)
    names = [after_x4["NAME"][j] for j in _x6(problem, item, x, reverse=True)[0]]
    option = " ".join(after_x4["NAME"][after_x4["TOP"][q]] for q in _option_nodes(after_x4, x))
    lines = [f"X4 covers {item}; X5 tries node {x} ({option}): " + ", ".join(f"cover({n})" for n in names)]
    for reverse, how in ((True, "right to left, the reverse of X5"), (False, "left to right, X5's own order")):
        after = engine_links(_x6(problem, item, x, reverse)[1])
        lines.append(f"X6 {how}: " + ", ".join(f"uncover({n})" for n in (names[::-1] if reverse else names)))
        for kind, arrays in (("links", ("LLINK", "RLINK", "ULINK", "DLINK")), ("LEN", ("LEN",))):
            wrong = [line for line in _differences(after, after_x4, reveal=True) if line.split("[")[0] in arrays]
            lines += [f"  {line}" for line in wrong] or [f"  {kind}: every entry as X4 left it"]
    return lines


def _option_nodes(links: dict[str, list], x: int) -> list[int]:
    """The nodes of x's option, left to right."""
    top, first = links["TOP"], x
    while top[first - 1] > 0:
        first -= 1
    last = x
    while top[last + 1] > 0:
        last += 1
    return list(range(first, last + 1))


def x6_figure(problem: Problem, item: str, x: int, items: list[str], width: float = 8.4):
    """The lists of ``items`` after X5 on node x (X4 having covered ``item``), and after X6 each way."""
    engine = DancingLinks(problem)
    engine.cover(engine.names.index(item))
    others = _x6(problem, item, x, reverse=True)[0]
    for j in others:
        engine.cover(j)
    moments = [("X5: " + ", ".join(f"cover({engine.names[j]})" for j in others), arrays_of(engine))]
    for reverse, how in ((True, "X6 in reverse: as X4 left it"), (False, "X6 in X5's order")):
        moments.append((how, arrays_of(_x6(problem, item, x, reverse)[1])))
    return lists_figure(problem, moments, items, width)


# ---- the solutions ------------------------------------------------------------------------------------------


def cover_d_updates() -> int:
    """6: cover(D) takes D out of the list of items (one update) and hides the three options in D's list.

    Hiding an option unlinks its other nodes: A D G loses A and G (2), A D loses A (1), D E G loses E and G (2).
    That is 5 nodes hidden, and 1 + 5 = 6 updates, as DLX1 counts them.
    """
    engine = DancingLinks(knuth_example())
    engine.cover(engine.names.index("D"))
    return engine.stats.updates


def tiny_links() -> dict[str, list]:
    """The tiny problem laid out by hand: N = 4 items (A B C primary, X secondary), four options of two nodes.

    Items: the primary ring is 0 A B C, the secondary ring 5 X (5 = N + 1). Nodes 0-4 are the root's unused node
    and the headers, 5 is the first spacer, then each option is its nodes followed by a spacer:
    6 7 | 8 | 9 10 | 11 | 12 13 | 14 | 15 16 | 17. A header's ULINK is the last node of its list, its DLINK the
    first; a spacer's ULINK is the first node of the option before it, its DLINK the last node of the option
    after it (0 for the last spacer, as for the first spacer's ULINK).
    """
    return _as_library({
        "NAME": ["", "A", "B", "C", "X"],
        "LLINK": [3, 0, 1, 2, 5, 4],
        "RLINK": [1, 2, 3, 0, 5, 4],
        "TOP": [0, 0, 0, 0, 0, 0, 1, 2, -1, 3, 4, -2, 1, 3, -3, 2, 4, -4],
        "ULINK": [0, 12, 15, 13, 16, 0, 1, 2, 6, 3, 4, 9, 6, 9, 12, 7, 10, 15],
        "DLINK": [0, 6, 7, 9, 10, 7, 12, 15, 10, 13, 16, 13, 1, 3, 16, 2, 4, 0],
        "LEN": [0, 2, 2, 2, 2],
    })  # fmt: skip


def layout(problem: Problem) -> dict[str, list]:
    """X1: Knuth's arrays for any problem, built as DLX1 reads its input: the items, then option after option.

    The items are numbered 1..N, primary first. The primary items form a ring through the root 0, the secondary
    items another through N + 1. Each option's nodes are appended at the bottom of their items' lists, and a
    spacer follows each option.
    """
    n1, n = len(problem.primary), len(problem.items)
    links = {"NAME": ["", *problem.items], "LLINK": [0] * (n + 2), "RLINK": [0] * (n + 2)}
    for ring in ([0, *range(1, n1 + 1)], [n + 1, *range(n1 + 1, n + 1)]):
        for a, b in zip(ring, ring[1:] + ring[:1]):
            links["RLINK"][a], links["LLINK"][b] = b, a
    links |= _nodes(problem, n)
    return links


def _nodes(problem: Problem, n: int) -> dict[str, list]:
    """TOP, ULINK, DLINK and LEN: the headers, then every option's nodes with a spacer before and after it."""
    top, ulink, dlink, length = [0] * (n + 2), [*range(n + 1), 0], [*range(n + 1), 0], [0] * (n + 1)
    for k, option in enumerate(problem.options):
        spacer, first = len(top) - 1, len(top)
        for entry in option:
            i, x = problem.items.index(entry.item) + 1, len(top)
            last = ulink[i]  # the new node x goes at the bottom of item i's list, between last and i
            top.append(i)
            ulink.append(last)
            dlink.append(i)
            dlink[last] = ulink[i] = x
            length[i] += 1
        dlink[spacer] = len(top) - 1  # the spacer before: DLINK is the last node of this option
        top.append(-(k + 1))  # the spacer after: ULINK is the first node of this option
        ulink.append(first)
        dlink.append(0)
    return {"TOP": top, "ULINK": ulink, "DLINK": dlink, "LEN": length}


def hide(links: dict[str, list], p: int) -> int:
    """Unlink every node of p's option but p from its item's list; return how many nodes left a list.

    The walk goes right from p; a spacer (TOP <= 0) sends it back to the first node of the option (its ULINK).
    Each node removed keeps its own ULINK and DLINK, so unhide can put it back; LEN of its item goes down by one.
    """
    top, ulink, dlink, length = links["TOP"], links["ULINK"], links["DLINK"], links["LEN"]
    hidden, q = 0, p + 1
    while q != p:
        x, u, d = top[q], ulink[q], dlink[q]
        if x <= 0:  # a spacer: back to the first node of the option
            q = u
            continue
        dlink[u], ulink[d] = d, u
        length[x] -= 1
        hidden += 1
        q += 1
    return hidden


def unhide(links: dict[str, list], p: int) -> None:
    """Undo hide(p): walk left from p (a spacer's DLINK jumps to the last node) and relink each node.

    A node put back between the neighbours it remembers, U and D, needs only DLINK(U) = ULINK(D) = the node.
    """
    top, ulink, dlink, length = links["TOP"], links["ULINK"], links["DLINK"], links["LEN"]
    q = p - 1
    while q != p:
        x, u, d = top[q], ulink[q], dlink[q]
        if x <= 0:  # a spacer: on to the last node of the option
            q = d
            continue
        dlink[u] = ulink[d] = q
        length[x] += 1
        q -= 1


def cover(links: dict[str, list], i: int) -> int:
    """Hide every option in item i's list, top down, then take i out of the list of items; return the updates.

    Knuth counts an update for every link broken: one for taking i out of its list, one for every node hidden.
    """
    llink, rlink, dlink = links["LLINK"], links["RLINK"], links["DLINK"]
    updates, p = 1, dlink[i]
    while p != i:
        updates += hide(links, p)
        p = dlink[p]
    left, right = llink[i], rlink[i]
    rlink[left], llink[right] = right, left
    return updates


def uncover(links: dict[str, list], i: int) -> None:
    """Undo cover(i) in reverse order: put i back between its old neighbours, then unhide its options bottom up."""
    llink, rlink, ulink = links["LLINK"], links["RLINK"], links["ULINK"]
    rlink[llink[i]] = llink[rlink[i]] = i
    p = ulink[i]
    while p != i:
        unhide(links, p)
        p = ulink[p]


def choose(links: dict[str, list]) -> int:
    """X3: the primary item with the smallest LEN (minimum remaining values), the first of them on a tie."""
    rlink, length = links["RLINK"], links["LEN"]
    best = k = rlink[0]
    while k != 0:
        if length[k] < length[best]:
            best = k
        k = rlink[k]
    return best


def cover_others(links: dict[str, list], x: int) -> int:
    """X5: cover the items of x's option other than TOP(x), left to right; return the updates."""
    top, ulink = links["TOP"], links["ULINK"]
    updates, p = 0, x + 1
    while p != x:
        j = top[p]
        if j <= 0:  # a spacer: back to the first node of the option
            p = ulink[p]
            continue
        updates += cover(links, j)
        p += 1
    return updates


def uncover_others(links: dict[str, list], x: int) -> None:
    """X6: uncover the items of x's option other than TOP(x), right to left: the reverse of X5."""
    top, dlink = links["TOP"], links["DLINK"]
    p = x - 1
    while p != x:
        j = top[p]
        if j <= 0:  # a spacer: on to the last node of the option
            p = dlink[p]
            continue
        uncover(links, j)
        p -= 1


def search(links: dict[str, list]) -> tuple[list[list[int]], int, int]:
    """Algorithm X, steps X2-X8: (solutions, nodes, updates); a solution is its chosen nodes x_0, ..., x_{l-1}.

    Each call of ``enter`` is one entry to X2, so one search-tree node, the solutions included (DLX1 counts a
    solution as a node too). The levels are the depth of the recursion, and ``x`` holds x_0 .. x_l.
    """
    rlink, dlink = links["RLINK"], links["DLINK"]
    found: list[list[int]] = []
    x: list[int] = []
    counts = {"nodes": 0, "updates": 0}

    def enter() -> None:  # X2: enter level l = len(x)
        counts["nodes"] += 1
        if rlink[0] == 0:  # no primary item is left: visit a solution
            found.append(list(x))
            return
        i = choose(links)  # X3: choose i
        counts["updates"] += cover(links, i)  # X4: cover i
        x.append(dlink[i])
        while x[-1] != i:  # X5: try x_l
            counts["updates"] += cover_others(links, x[-1])
            enter()
            uncover_others(links, x[-1])  # X6: try again
            x[-1] = dlink[x[-1]]
        x.pop()
        uncover(links, i)  # X7: backtrack; X8: leave level l (return to the level above)

    enter()
    return found, counts["nodes"], counts["updates"]


def why_reverse() -> str:
    """b: uncovering a first can bring a node back into b's list, and uncover(b) would then unhide its option again.

    X5 covers the items a, b of the option left to right. cover(a) hides every option of a's list, among them any
    option o that also holds b, so o's node leaves b's list; cover(b) then hides only the options still in b's
    list. Right to left, X6 uncovers b while o is still out of its list, then uncover(a) puts o back. Left to
    right, uncover(a) puts o's node back into b's list first, and uncover(b) meets it and unhides o a second time:
    its nodes go back into lists they never left, and LEN counts them twice. DLX1 says it in a comment: uncovering
    a "can resuscitate elements in item b that would mess up the uncovering of b".
    """
    return "b"


def why_reverse_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "Each walk meets at most one spacer and jumps over it, so neither is quicker; the order matters "
        "because the one walk gives right lists and the other does not.",
        "c": "Neither walk reaches the item chosen in X3: both start beside x_l and stop when they come back to it, "
        "and x_l's own node, in that item's list, is the one they skip.",
        "d": "Only cover counts updates; uncover counts none, so no order of uncovering can change the counters "
        "by itself. What goes wrong is the arrays (LEN first), and wrong arrays lead the search astray.",
    }


# ---- the checks ---------------------------------------------------------------------------------------------


def _roles(right: dict[str, list]) -> tuple[dict[int, str], dict[int, str]]:
    """What each entry of the item arrays and of the node arrays stands for, in words."""
    names, top = right["NAME"], right["TOP"]
    n = len(names) - 1
    items = {0: "the root", n + 1: "the head of the secondary items"} | {i: f"item {names[i]}" for i in range(1, n + 1)}
    nodes = {0: "node 0, not used"} | {i: f"the header of {names[i]}" for i in range(1, n + 1)}
    spacers = [x for x in range(n + 1, len(top)) if top[x] <= 0]
    for a, b in itertools.pairwise(spacers):
        label = " ".join(names[top[x]] for x in range(a + 1, b))
        nodes[a] = f"the spacer before {label}"
        nodes |= {x: f"{names[top[x]]}'s node in {label}" for x in range(a + 1, b)}
    nodes[spacers[-1]] = "the last spacer"
    return items, nodes


def _differences(mine, right: dict[str, list], reveal: bool) -> list[str]:
    """What differs between a learner's arrays and the right ones, one line each, the first few of each array."""
    if not isinstance(mine, dict):
        return [f"the arrays should be a dict with keys {', '.join(ARRAYS)}, not {type(mine).__name__}"]
    items, nodes = _roles(right)
    found = []
    for name in ARRAYS:
        values = mine.get(name)
        if values is None:
            found.append(f"{name} is missing" if name not in mine else f"{name} is still None")
            continue
        values = list(values)
        if len(values) != len(right[name]):
            found.append(f"{name} has {len(values)} entries; this problem needs {len(right[name])}")
            continue
        wrong = [x for x, (a, b) in enumerate(zip(values, right[name])) if a != b]
        roles = items if name in ITEM_ARRAYS else nodes
        for x in wrong[:3]:
            should = f", should be {right[name][x]!r}" if reveal else ""
            found.append(f"{name}[{x}] ({roles[x]}) is {values[x]!r}{should}")
        if len(wrong) > 3:
            found.append(f"{name}: {len(wrong) - 3} more")
    return found


def _report(lines: list[str], before: str = "") -> Verdict:
    """Print a ✗ with what differs (at most six lines), or nothing and a right verdict when nothing does."""
    if not lines:
        return Verdict(True)
    print(f"✗ Not yet: {before}{lines[0]}")
    for line in lines[1:6]:
        print(f"  {line}")
    if len(lines) > 6:
        print(f"  and {len(lines) - 6} more")
    return Verdict(False)


def _defining_cell(value) -> tuple[str, set[str]] | None:
    """The latest notebook cell that assigns a name now bound to ``value``, and those names (None outside IPython)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is installed wherever the notebooks run
        return None
    shell = get_ipython()
    if shell is None:
        return None
    names = {name for name, v in shell.user_ns.items() if v is value and not name.startswith("_")}
    cells = [cell for cell in reversed(shell.user_ns.get("In", [])) if _assigned(cell, names)]
    return (cells[0], names) if cells else None


def _assigned(cell: str, names: set[str] | None) -> list[ast.expr]:
    """The expressions a cell assigns to one of ``names`` (to any name when None), or to an entry of one."""
    try:
        tree = ast.parse(cell)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                base = target.value if isinstance(target, ast.Subscript) else target
                if isinstance(base, ast.Name) and (names is None or base.id in names):
                    found.append(node.value)
    return found


LOOPS = {  # what probably loops when a learner's function runs past its budget
    "layout": "Does every loop over the items, the options and their entries end?",
    "hide": "At a spacer (TOP <= 0), does the walk go back to the first node of the option by the spacer's ULINK? "
    "Its DLINK leads into the next option, and the walk never comes back to p.",
    "unhide": "At a spacer (TOP <= 0), does the walk go on to the last node of the option by the spacer's DLINK? "
    "Its ULINK leads into the option before, and the walk never comes back to p.",
    "cover": "Does the walk down i's list move on by DLINK after each hide and stop back at the header i? And at "
    "a spacer, does hide go back by the spacer's ULINK?",
    "uncover": "Does the walk up i's list move on by ULINK after each unhide and stop back at the header i? And "
    "at a spacer, does unhide go on by the spacer's DLINK?",
    "search": "Does X5 and X6's walk along an option jump at a spacer (ULINK going right, DLINK going left), does "
    "each X6 move x_l on by DLINK until it is back at the header i, and does the search stop after level 0?",
}
SEARCH_BUDGET = 10.0  # seconds a learner's search may take on eight queens (the solution's takes a few hundredths)

_TYPED = {"list", "range", "len", "dict", "tuple", "int"}  # what arrays typed by hand may call


def _computed_by(cell: str, names: set[str] | None) -> str | None:
    """The call or attribute in the cell's assignments to ``names`` that computes what a learner should type."""
    for expr in _assigned(cell, names):
        for node in ast.walk(expr):
            if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in _TYPED):
                return ast.unparse(node.func)
            if isinstance(node, ast.Attribute):
                return ast.unparse(node)
    return None


def check_links(mine, problem: Problem, cell: str | None = None) -> Verdict:
    """Compare arrays laid out by hand with the library's layout of the problem; say where they differ.

    The library's own arrays are refused, and so are arrays that the notebook cell defining them computes by a
    call (``cell`` gives that cell's source where there is no notebook, as in the tests).
    """
    if mine is None or (isinstance(mine, dict) and all(v is None for v in mine.values())):
        print(NOT_YET)
        return Verdict(False)
    if isinstance(mine, dict) and any(isinstance(v, LibraryArray) for v in mine.values()):
        print("✗ Not yet: these are the library's own arrays (a copy the solutions made), not yours: lay the "
              "problem out by hand, as the exercise asks.")  # fmt: skip
        return Verdict(False)
    defining = (cell, None) if cell is not None else _defining_cell(mine)
    made = _computed_by(*defining) if defining else None
    if made:
        print(f"✗ Not yet: the cell that defines these arrays computes them with {made}: lay them out by hand, "
              "number by number (exercise 3 then writes the function).")  # fmt: skip
        return Verdict(False)
    if not _report(_differences(mine, library_links(problem), reveal=False)):
        return Verdict(False)
    print("✓ Right: all seven arrays are as the library lays them out.")
    return Verdict(True)


def _problems() -> list[tuple[str, Problem]]:
    """The problems the layout and search checks use: two by hand, two classics, some random ones."""
    named = [("Knuth's example", knuth_example()), ("the tiny problem", tiny_problem())]
    named += [("4 queens", queens(4)), ("Langford pairs, n = 4", langford(4))]
    return named + [(f"random problem {seed}", random_problem(seed)) for seed in (1, 5, 9, 12)]


def random_problem(seed: int) -> Problem:
    """A small random problem: 3-6 primary items, 1-3 secondary, 6-12 options of 1-3 primary and 0-2 secondary."""
    rng = random.Random(seed)
    primary = [f"P{k}" for k in range(rng.randint(3, 6))]
    secondary = [f"S{k}" for k in range(rng.randint(1, 3))]
    options = []
    for _ in range(rng.randint(6, 12)):
        items = rng.sample(primary, rng.randint(1, 3))
        options.append(items + rng.sample(secondary, rng.randint(0, min(2, len(secondary)))))
    return Problem(primary, secondary, options)


def check_layout(layout_fn) -> Verdict:
    """Run a learner's layout on several problems and compare with the library's layout of each."""
    for name, problem in _problems():
        ran, mine = attempt_own(layout_fn, problem, what="layout above", where=f"on {name} it", loops=LOOPS["layout"])
        if not ran:
            return Verdict(False)
        if not _report(_differences(mine, library_links(problem), reveal=True), f"on {name}, "):
            return Verdict(False)
    print(f"✓ Right on all {len(_problems())} problems: the same seven arrays as the library's layout.")
    return Verdict(True)


def _lists(links: dict[str, list]) -> dict[int, list[int]]:
    """Each item's list as DLINK walks it from the header (never longer than the number of nodes)."""
    top, dlink = links["TOP"], links["DLINK"]
    found = {}
    for i in range(1, len(links["NAME"])):
        nodes, q = [], dlink[i]
        while q != i and len(nodes) < len(top):
            nodes.append(q)
            q = dlink[q]
        found[i] = nodes
    return found


def _compare(what: str, mine, engine: DancingLinks) -> bool:
    """After one step: the learner's arrays against the library engine's; print what differs."""
    return bool(_report(_differences(mine, engine_links(engine), reveal=True), f"after {what}, "))


def _counted(what: str, got, want: int, rule: str) -> bool:
    """A returned count against the library's; print the rule when they differ."""
    if got == want:
        return True
    print(f"✗ Not yet: {what} returned {got!r}; Knuth's count is {want}: {rule}.")
    return False


def _done_alike(fn, do, links: dict, engine: DancingLinks, step: int, name: str, what: str, rule: str) -> bool:
    """One step by a learner's ``fn(links, step)`` and by the library's ``do(engine, step)``: the same arrays after
    it, and the same count of updates (``rule`` says how Knuth counts them)."""
    ran, got = attempt_own(fn, links, step, what=f"{name} above", where=what, loops=LOOPS[name])
    if not ran:
        return False
    before = engine.stats.updates
    do(engine, step)
    return _compare(what, links, engine) and _counted(what, got, engine.stats.updates - before, rule)


def check_hide(hide_fn) -> Verdict:
    """Hide the options of each item's list one after another with a learner's hide and with the library's."""
    problem = knuth_example()
    for nodes in _lists(library_links(problem)).values():
        engine, links = DancingLinks(problem), library_links(problem)
        for p in nodes:
            what = f"hide(links, {p})" + (f" after hiding {nodes[0]}" if p != nodes[0] else "")
            rule = "one for each node taken out of a list"
            if not _done_alike(hide_fn, DancingLinks.hide, links, engine, p, "hide", what, rule):
                return Verdict(False)
    print("✓ Right: every hide on Knuth's example leaves the arrays as the library's does, and counts as it does.")
    return Verdict(True)


def _undone_each(problem: Problem, steps: list[int], do, undo_fn, name: str, describe) -> bool:
    """Make ``steps`` with the library (``do(engine, step)``), then undo them last first with a learner's
    ``undo_fn(links, step)``: after each undo the arrays must be as they were before that step.

    ``describe(links, step)`` gives the call as the messages name it and the context of a difference.
    """
    engine = DancingLinks(problem)
    states = [engine_links(engine)]
    for step in steps:
        do(engine, step)
        states.append(engine_links(engine))
    links = states.pop()
    for step in reversed(steps):
        what, context = describe(links, step)
        ran, _ = attempt_own(undo_fn, links, step, what=f"{name} above", where=what, loops=LOOPS[name])
        if not ran or not _report(_differences(links, states.pop(), reveal=True), context):
            return False
    return True


def check_unhide(unhide_fn) -> Verdict:
    """Hide the options of each item's list with the library, then unhide them bottom up with a learner's unhide."""
    problem = knuth_example()
    for i, nodes in _lists(library_links(problem)).items():

        def describe(links: dict[str, list], p: int, i: int = i) -> tuple[str, str]:
            what = f"unhide(links, {p})"
            return what, f"after {what} ({links['NAME'][i]}'s options hidden top down, unhidden bottom up), "

        if not _undone_each(problem, nodes, DancingLinks.hide, unhide_fn, "unhide", describe):
            return Verdict(False)
    print("✓ Right: every unhide puts back exactly what the hide before it took out.")
    return Verdict(True)


def _cover_orders(problem: Problem) -> list[list[int]]:
    """Orders in which the checks cover items: every item alone, then all of them one after another, both ways."""
    n = len(problem.items)
    return [[i] for i in range(1, n + 1)] + [list(range(1, n + 1)), list(range(n, 0, -1))]


def check_cover(cover_fn) -> Verdict:
    """Cover items alone and one after another with a learner's cover and with the library's; compare each step."""
    for name, problem in (("Knuth's example", knuth_example()), ("the tiny problem", tiny_problem())):
        for order in _cover_orders(problem):
            engine, links = DancingLinks(problem), library_links(problem)
            for step, i in enumerate(order):
                what = f"cover(links, {i}) (item {links['NAME'][i]}) on {name}"
                if step:
                    what += f", after {', '.join(links['NAME'][j] for j in order[:step])}"
                rule = "one for taking the item out of the list of items, one for each node hidden"
                if not _done_alike(cover_fn, DancingLinks.cover, links, engine, i, "cover", what, rule):
                    return Verdict(False)
    print("✓ Right: every cover leaves the arrays as the library's does, and counts the updates as Knuth does.")
    return Verdict(True)


def check_uncover(uncover_fn) -> Verdict:
    """Cover items with the library, then uncover them in reverse with a learner's uncover; compare each step."""
    for name, problem in (("Knuth's example", knuth_example()), ("the tiny problem", tiny_problem())):

        def describe(links: dict[str, list], i: int, name: str = name) -> tuple[str, str]:
            what = f"uncover(links, {i}) (item {links['NAME'][i]}) on {name}"
            return what, f"after {what}, "

        for order in _cover_orders(problem):
            if not _undone_each(problem, order, DancingLinks.cover, uncover_fn, "uncover", describe):
                return Verdict(False)
    print("✓ Right: every uncover puts back exactly what the cover before it changed.")
    return Verdict(True)


def _run(search_fn, problem: Problem, name: str, what: str = "search above"):
    """A learner's search on fresh arrays: (solutions as sorted option lists, nodes, updates, arrays after), or None."""
    links = library_links(problem)
    ran, got = attempt_own(search_fn, links, what=what, where=f"on {name} the search", loops=LOOPS["search"])
    if not ran:
        return None
    if not (isinstance(got, tuple) and len(got) == 3):
        print(f"✗ Not yet: search should return (solutions, nodes, updates), not {type(got).__name__} {got!r:.60}.")
        return None
    found, nodes, updates = got
    try:
        options = sorted(sorted(option_of(links, x) for x in s) for s in found)
    except (TypeError, IndexError):
        print(f"✗ Not yet: each solution should be the list of its nodes x_0, x_1, ...; found {found!r:.60}.")
        return None
    return options, nodes, updates, links


def _right(problem: Problem) -> tuple[list[list[int]], int, int]:
    """The library engine's solutions (sorted option lists), nodes and updates."""
    engine = DancingLinks(problem)
    options = sorted(sorted(s) for s in engine.solutions())
    return options, engine.stats.nodes, engine.stats.updates


def _counters(solutions: int, nodes, updates) -> str:
    numbers = [f"{v:,}" if isinstance(v, int) else repr(v) for v in (nodes, updates)]
    return f"{solutions:,} solution{'s' * (solutions != 1)}, {numbers[0]} nodes, {numbers[1]} updates"


def check_search(search_fn) -> Verdict:
    """Run a learner's search on several small problems against the library's engine: solutions, nodes, updates,
    and the links as they were before the search."""
    problems = _problems() + [("5 queens", queens(5))]
    for name, problem in problems:
        run = _run(search_fn, problem, name)
        if run is None:
            return Verdict(False)
        options, nodes, updates, after = run
        if not _report(_differences(after, library_links(problem), reveal=True), f"on {name}, after the search, "):
            return Verdict(False)
        want = _right(problem)
        if (options, nodes, updates) != want:
            print(f"✗ Not yet: on {name} your search finds {_counters(len(options), nodes, updates)}; the library's "
                  f"engine finds {_counters(len(want[0]), want[1], want[2])}.")  # fmt: skip
            if options == want[0]:
                print("  The same solutions, other counts: is every entry to X2 a node (a solution too), does X3 take "
                      "the smallest LEN (the first on a tie), and does every cover add its updates?")  # fmt: skip
            elif len(options) == len(want[0]):
                print(f"  The same number of solutions, but not the same ones: yours, as option numbers, "
                      f"{options[:2]!r:.70}; the library's {want[0][:2]!r:.70}. A solution is the nodes x_0 .. "
                      "x_{l-1} when X2 finds no primary item left: keep a copy (the list x changes as the search "
                      "goes on).")  # fmt: skip
            return Verdict(False)
    print(f"✓ Right on all {len(problems)} problems: the library's solutions, nodes and updates, and the links put "
          "back as they were.")  # fmt: skip
    return Verdict(True)


def check_eight_queens(layout_fn, search_fn) -> Verdict:
    """The learner's whole engine (layout, then search) on 8 queens, against DLX1's figures and the library.

    Knuth's example comes first: an X6 that uncovers left to right gives all three of DLX1's numbers on eight
    queens and even leaves its arrays as they were, but leaves LEN wrong on Knuth's example.
    """
    board = queens(8)
    ran, links = attempt_own(layout_fn, board, what="layout (exercise 3)", where="on 8 queens the layout",
                             loops=LOOPS["layout"])  # fmt: skip
    if not ran:
        return Verdict(False)
    first = _run(search_fn, knuth_example(), "Knuth's example", what="search (exercise 7)")
    if first is None:
        return Verdict(False)
    if not _report(_differences(first[3], library_links(knuth_example()), reveal=True),
                   "on Knuth's example, after the search, "):  # fmt: skip
        return Verdict(False)
    ran, got = attempt_own(search_fn, links, what="search (exercise 7)", where="on 8 queens the search",
                           budget=SEARCH_BUDGET, loops=LOOPS["search"])  # fmt: skip
    if not ran:
        return Verdict(False)
    if not (isinstance(got, tuple) and len(got) == 3):
        print(f"✗ Not yet: search should return (solutions, nodes, updates), not {type(got).__name__}.")
        return Verdict(False)
    found, nodes, updates = got
    mine = {"solutions": len(found), "nodes": nodes, "updates": updates}
    print(f"{'':>10} {'yours':>8} {'DLX1':>8}")
    for key, value in DLX1_EIGHT_QUEENS.items():
        shown = f"{mine[key]:,}" if isinstance(mine[key], int) else repr(mine[key])
        print(f"{key:>10} {shown:>8} {value:>8,}")
    if mine != DLX1_EIGHT_QUEENS:
        wrong = [key for key in DLX1_EIGHT_QUEENS if mine[key] != DLX1_EIGHT_QUEENS[key]]
        print(f"✗ Not yet: your {' and '.join(wrong)} differ from DLX1's.")
        return Verdict(False)
    right = sorted(sorted(s) for s in DancingLinks(board).solutions())
    try:
        options = sorted(sorted(option_of(links, x) for x in s) for s in found)
    except (TypeError, IndexError):
        options = None
    if options != right:
        print("✗ Not yet: the counts agree, but the solutions are not the library's 92.")
        return Verdict(False)
    want = _right(knuth_example())
    if tuple(first[:3]) != want:
        mine, right = _counters(len(first[0]), first[1], first[2]), _counters(len(want[0]), want[1], want[2])
        print(f"✗ Not yet: right on eight queens, but on Knuth's example your search finds {mine}; the library's "
              f"engine finds {right}: run exercise 7's check.")  # fmt: skip
        return Verdict(False)
    print("✓ Right: your engine finds the 92 solutions with Knuth's own counters.")
    return Verdict(True)
