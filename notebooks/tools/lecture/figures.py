"""The deck's pictures, drawn as SVG from what the library computes when the deck is built.

Every picture is drawn at the size it is shown (one SVG unit is one CSS pixel of the 1280 x 720 slide), so its
labels are as large on the slide as the font sizes below say: none under ``SMALLEST`` pixels. Node states
(linked, chosen, hidden, purified, hidden twice, stranded, back too soon) come from ``wordcover.analysis`` through
``WriteTrace.analysis``, the same derivation the player reads; a list's members are walked with
``wordcover.analysis.walk_list``; the colours are the player's own (its ``PALETTE``, read from player.js).
"""

from __future__ import annotations

import functools
import html
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wordcover.analysis import walk_list
from wordcover.playback import WriteTrace

SMALLEST = 24  # px: the smallest text a picture draws (the tests ask for as much rendered)
SANS = "'Source Sans Pro', 'Helvetica Neue', Arial, sans-serif"
MONO = "'DejaVu Sans Mono', Menlo, Consolas, monospace"
INK = "#1a1a1a"
WORD_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]  # Okabe and Ito, by word


@functools.cache
def palette() -> dict[str, str]:
    """The player's colours by state (its ``PALETTE`` in player.js), so a picture and the player agree."""
    from wordcover.widgets import player_module

    block = re.search(r"const PALETTE = \{(.*?)\};", player_module(), re.S)
    if block is None:
        raise RuntimeError("player.js has no PALETTE block to read the colours from")
    return dict(re.findall(r'(\w+): "(#[0-9A-Fa-f]{6})"', block.group(1)))


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


@dataclass
class Svg:
    """A small SVG builder: elements in drawing order, drawn at width x height CSS pixels."""

    width: float
    height: float
    label: str  # what the picture shows, for a screen reader (role img)
    parts: list[str] = field(default_factory=list)
    defs: list[str] = field(default_factory=list)
    ident: str = "fig"

    def add(self, tag: str, text: str | None = None, **attrs: object) -> None:
        body = " ".join(f'{k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in attrs.items() if v is not None)
        self.parts.append(f"<{tag} {body}/>" if text is None else f"<{tag} {body}>{esc(text)}</{tag}>")

    def text(self, x: float, y: float, text: str, size: float = 24, anchor: str = "middle", **attrs: object) -> None:
        if size < SMALLEST:
            raise ValueError(f"text {text!r} at {size}px: a picture's labels are {SMALLEST}px or more")
        family = attrs.pop("family", SANS)
        self.add(
            "text", text, x=round(x, 1), y=round(y, 1), font_size=size, text_anchor=anchor,
            dominant_baseline="central", font_family=family, fill=attrs.pop("fill", INK), **attrs,
        )  # fmt: skip

    def arrow_marker(self, name: str, colour: str, size: float = 7) -> str:
        """The id of an arrowhead marker in ``colour`` (made once per picture), ``size`` stroke widths long."""
        ident = f"{self.ident}-{name}"
        marker = (
            f'<marker id="{ident}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="{size:g}" '
            f'markerHeight="{size:g}" '
            f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
        )
        if marker not in self.defs:
            self.defs.append(marker)
        return ident

    def hatch(self) -> str:
        ident = f"{self.ident}-hatch"
        pattern = (
            f'<pattern id="{ident}" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            f'<rect width="8" height="8" fill="#fff"/><line x1="0" y1="0" x2="0" y2="8" '
            f'stroke="{palette()["purified"]}" stroke-width="5"/></pattern>'
        )
        if pattern not in self.defs:
            self.defs.append(pattern)
        return ident

    def __str__(self) -> str:
        w, h = round(self.width), round(self.height)
        return (
            f'<svg class="deck-svg" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="{esc(self.label)}">'
            f"<defs>{''.join(self.defs)}</defs>{''.join(self.parts)}</svg>"
        )


_serial = itertools.count(1)


def _svg(width: float, height: float, label: str) -> Svg:
    return Svg(width, height, label, ident=f"f{next(_serial)}")


# ---- a word-search grid -------------------------------------------------------------------------------------


def grid(
    rows: Sequence[str],
    placed: Sequence[object] = (),
    cell: int = 72,
    clash: Iterable[tuple[int, int]] = (),
    label: str = "a word-search grid",
) -> Svg:
    """Letters in a grid, each placement a coloured band along its cells; a clash cell in orange.

    ``placed`` holds :class:`wordcover.word_search.Placement` objects (word, cells).
    """
    clash = set(clash)
    n_rows, n_cols = len(rows), max(len(r) for r in rows)
    pad = 6
    s = _svg(n_cols * cell + 2 * pad, n_rows * cell + 2 * pad, label)
    for r in range(n_rows):
        for c in range(n_cols):
            fill = "#fde3d3" if (r, c) in clash else "#ffffff"
            s.add("rect", x=pad + c * cell, y=pad + r * cell, width=cell, height=cell, fill=fill, stroke="#9a9a9a")
    for k, p in enumerate(placed):
        cells = p.cells  # type: ignore[attr-defined]
        (r0, c0), (r1, c1) = cells[0], cells[-1]
        colour = WORD_COLOURS[k % len(WORD_COLOURS)]
        s.add(
            "line", x1=pad + (c0 + 0.5) * cell, y1=pad + (r0 + 0.5) * cell, x2=pad + (c1 + 0.5) * cell,
            y2=pad + (r1 + 0.5) * cell, stroke=colour, stroke_width=cell * 0.62, stroke_linecap="round",
            stroke_opacity=0.28,
        )  # fmt: skip
    for r, line in enumerate(rows):
        for c, letter in enumerate(line):
            if letter == ".":
                continue
            colour = palette()["drift"] if (r, c) in clash else INK
            s.text(pad + (c + 0.5) * cell, pad + (r + 0.5) * cell + 1, letter, size=cell * 0.48, font_weight=700,
                   fill=colour)  # fmt: skip
    return s


def arrows(
    n_rows: int,
    n_cols: int,
    placed: Sequence[object],
    cell: int = 44,
    colour: str = WORD_COLOURS[0],
    label: str = "",
    marked: Sequence[object] = (),
) -> Svg:
    """An empty grid with each placement drawn as an arrow along its cells, from its first letter to its last; two
    placements on the same cells, read opposite ways, drawn side by side (each moved a little to its own right).
    The arrows along the rarest direction are drawn last, each on a white edge, so that an arrowhead that ends on
    another arrow stays in sight. The ``marked`` placements (among ``placed``), the picture's point, are drawn after
    all the others, in black, thicker, on a wider white edge, with a larger head: the most visible marks."""
    pad = 6
    s = _svg(n_cols * cell + 2 * pad, n_rows * cell + 2 * pad, label or "placements as arrows")
    for r in range(n_rows):
        for c in range(n_cols):
            s.add("rect", x=pad + c * cell, y=pad + r * cell, width=cell, height=cell, fill="#ffffff", stroke="#9a9a9a")
    head = s.arrow_marker("head", colour, size=3.2)
    bold = s.arrow_marker("bold", INK, size=3) if marked else ""

    def axis(p: object) -> tuple[bool, bool]:
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]  # type: ignore[attr-defined]
        return r0 == r1, c0 == c1

    along = [axis(p) for p in placed]
    for p in sorted(placed, key=lambda p: (p in marked, -along.count(axis(p)))):
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]  # type: ignore[attr-defined]
        dx, dy = (c1 > c0) - (c1 < c0), (r1 > r0) - (r1 < r0)
        norm = (dx * dx + dy * dy) ** 0.5 or 1.0  # a one-letter word: a dot
        ox, oy = -dy / norm * cell * 0.2, dx / norm * cell * 0.2  # to the arrow's right
        x0, y0 = (
            pad + (c0 + 0.5) * cell + ox - dx / norm * cell * 0.3,
            pad + (r0 + 0.5) * cell + oy - dy / norm * cell * 0.3,
        )
        x1, y1 = (
            pad + (c1 + 0.5) * cell + ox + dx / norm * cell * 0.3,
            pad + (r1 + 0.5) * cell + oy + dy / norm * cell * 0.3,
        )
        ends = dict(x1=round(x0, 1), y1=round(y0, 1), x2=round(x1, 1), y2=round(y1, 1))
        if p in marked:  # the point of the picture: black, thicker, on a wide white edge, drawn last
            s.add("line", **ends, stroke="#ffffff", stroke_width=16, stroke_linecap="round")
            s.add("line", **ends, stroke=INK, stroke_width=7, stroke_linecap="round", marker_end=f"url(#{bold})")
            continue
        if along.count(axis(p)) < len(placed):  # crosses arrows of another direction: a white edge under it
            s.add("line", **ends, stroke="#ffffff", stroke_width=10, stroke_linecap="round")
        s.add("line", **ends, stroke=colour, stroke_width=4, stroke_linecap="round", marker_end=f"url(#{head})")
    return s


def levels(
    counts: Sequence[int],
    names: Sequence[str] = (),
    mark_last: str = "",
    label: str = "the search tree, level by level",
) -> Svg:
    """The nodes of a search tree at each level, as numbers and as bars drawn to one scale (the largest the whole
    width); ``names[level]`` names a row (else 'level 0', ...); ``mark_last`` is written on the last level's bar."""
    row_h, name_w, count_w, bar_w = 42, 120, 150, 300
    s = _svg(name_w + count_w + 24 + bar_w + 8, len(counts) * row_h + 8, label)
    p = palette()
    top = max(counts) or 1
    for level, n in enumerate(counts):
        y = 4 + level * row_h
        s.text(0, y + row_h / 2, names[level] if names else f"level {level}", size=26, anchor="start", fill="#444")
        s.text(name_w + count_w, y + row_h / 2, f"{n:,}", size=26, anchor="end", font_weight=700)
        last = level == len(counts) - 1
        width = max(2.0, bar_w * n / top)
        fill, edge = (p["chosen"], INK) if last else (p["linked"], "#1b5e84")
        s.add("rect", x=name_w + count_w + 24, y=y + 9, width=round(width, 1), height=row_h - 18, rx=4, fill=fill,
              stroke=edge, stroke_width=1.5)  # fmt: skip
        if last and mark_last:
            s.text(name_w + count_w + 24 + bar_w / 2, y + row_h / 2, mark_last, size=24, font_weight=700)
    return s


# ---- the exact cover matrix -----------------------------------------------------------------------------------


def matrix(
    primary: Sequence[str],
    secondary: Sequence[str],
    options: Sequence[Sequence[str]],
    labels: Sequence[str],
    chosen: Iterable[int] = (),
    cell: int = 54,
    label: str = "the exact cover matrix",
    colours: dict[tuple[int, str], str] | None = None,
    wrong: Iterable[int] = (),
) -> Svg:
    """Items as columns, options as rows, a square where an option holds an item; chosen rows marked.

    ``colours[(row, item)]`` is written in that square; ``wrong`` rows are marked in orange.
    """
    wrong = set(wrong)
    items = [*primary, *secondary]
    chosen = set(chosen)
    label_w = 24 + 15 * max(len(f"{k}: {t}") for k, t in enumerate(labels))
    gap = 18  # between the primary and the secondary items
    head = 48
    x0 = label_w + 12

    def col_x(j: int) -> float:
        return x0 + j * cell + (gap if j >= len(primary) else 0)

    s = _svg(col_x(len(items) - 1) + cell + 8, head + len(options) * cell + 8, label)
    p = palette()
    for r, _ in enumerate(options):
        if r in chosen or r in wrong:
            s.add("rect", x=4, y=head + r * cell + 2, width=s.width - 8, height=cell - 4, rx=8,
                  fill="#fde3d3" if r in wrong else "#fff2cc", stroke=p["drift"] if r in wrong else "#b08400",
                  stroke_width=2)  # fmt: skip
    for j, name in enumerate(items):
        primary_item = j < len(primary)
        s.text(col_x(j) + cell / 2, head / 2, name, size=28, font_weight=700 if primary_item else 400,
               font_style="normal" if primary_item else "italic")  # fmt: skip
    sep = col_x(len(primary)) - gap / 2
    s.add("line", x1=sep, y1=6, x2=sep, y2=s.height - 4, stroke="#999", stroke_dasharray="6 5", stroke_width=2)
    for r, option in enumerate(options):
        y = head + r * cell
        s.text(label_w, y + cell / 2, f"{r}: {labels[r]}", size=24, anchor="end", family=MONO)
        for name in option:
            j = items.index(name)
            fill = p["chosen"] if r in chosen else p["linked"]
            s.add("rect", x=col_x(j) + 7, y=y + 7, width=cell - 14, height=cell - 14, rx=6, fill=fill,
                  stroke=INK if r in chosen else "#1b5e84", stroke_width=2.5 if r in chosen else 1.5)  # fmt: skip
            if colours and (r, name) in colours:
                s.text(col_x(j) + cell / 2, y + cell / 2 + 1, colours[(r, name)], size=24, font_weight=700)
    return s


# ---- the search tree --------------------------------------------------------------------------------------------


@dataclass
class TreeNode:
    text: str  # the option tried ("" for the root)
    item: str = ""  # the item the level below chooses
    left: int = 0  # how many options that item has when it is chosen
    end: str = ""  # "solution" or "dead end"
    children: list[TreeNode] = field(default_factory=list)


def search_tree(trace: WriteTrace) -> TreeNode:
    """The search tree of a recorded search: the options tried, the item chosen below each, how each ends."""
    root = TreeNode("")
    path = [root]
    for frame in range(1, trace.frames):
        e = trace.event(frame - 1)
        if e.kind == "choose":
            length = trace.arrays_at(frame)["LEN"][trace.names.index(e.item)]
            node = path[e.level]
            node.item, node.left = e.item, length
            if length == 0:
                node.end = "dead end"
        elif e.kind == "try":
            del path[e.level + 1 :]
            child = TreeNode(str(trace.problem.label(e.option)))
            path[e.level].children.append(child)
            path.append(child)
        elif e.kind == "solution":
            path[e.level].end = "solution"
    return root


def tree(root: TreeNode, label: str = "the search tree") -> Svg:
    """A search tree drawn top down: the item each level chooses, the options tried as boxes, the ends."""
    leaves: list[TreeNode] = []

    def collect(node: TreeNode) -> None:
        if not node.children:
            leaves.append(node)
        for child in node.children:
            collect(child)

    collect(root)
    col_w, level_h, box_h = 330, 126, 50
    depth = 0

    def measure(node: TreeNode, level: int) -> None:
        nonlocal depth
        depth = max(depth, level)
        for child in node.children:
            measure(child, level + 1)

    measure(root, 0)
    s = _svg(len(leaves) * col_w + 20, (depth + 1) * level_h + 40, label)
    p = palette()
    place: dict[int, tuple[float, float]] = {}
    counter = itertools.count()

    def layout(node: TreeNode, level: int) -> None:
        for child in node.children:
            layout(child, level + 1)
        place[id(node)] = (x_of_cache[id(node)], 20 + level * level_h)

    x_of_cache: dict[int, float] = {}

    def fill_x(node: TreeNode) -> float:
        if not node.children:
            x_of_cache[id(node)] = 10 + (next(counter) + 0.5) * col_w
        else:
            xs = [fill_x(child) for child in node.children]
            x_of_cache[id(node)] = sum(xs) / len(xs)
        return x_of_cache[id(node)]

    fill_x(root)
    layout(root, 0)

    def draw(node: TreeNode) -> None:
        x, y = place[id(node)]
        start = y + (box_h + 40 if node.text else 30)  # below the words naming the item chosen
        for child in node.children:
            cx, cy = place[id(child)]
            s.add("line", x1=x, y1=start, x2=cx, y2=cy, stroke="#777", stroke_width=2)
        if node.text:
            colour = p["chosen"] if node.end == "solution" else "#ffffff"
            w = 30 + 15 * len(node.text)
            s.add("rect", x=x - w / 2, y=y, width=w, height=box_h, rx=10, fill=colour, stroke=INK, stroke_width=2)
            s.text(x, y + box_h / 2, node.text, size=26, family=MONO)
        below = f"choose {node.item} · {node.left} option{'' if node.left == 1 else 's'}" if node.item else ""
        if below:
            s.text(x, y + (box_h + 22 if node.text else 12), below, size=24, fill="#444")
        if node.end:
            mark = "✓ solution" if node.end == "solution" else "✗ dead end"
            colour = "#1b5e20" if node.end == "solution" else p["drift"]
            s.text(x, y + box_h + (56 if node.item else 22), mark, size=24, font_weight=700, fill=colour)
        for child in node.children:
            draw(child)

    draw(root)
    return s


# ---- one list, drawn large: a node out and back ------------------------------------------------------------------


def strip(
    arrays: dict[str, list[int]],
    item: int,
    nodes: Sequence[int],
    names: Sequence[str],
    labels: dict[int, str],
    out: int | None = None,
    written: Sequence[tuple[str, int]] = (),
    label: str = "one list",
    own_links: bool = True,
    lifted: bool = True,
) -> Svg:
    """One item's list drawn left to right, large: its header, then ``nodes`` (the list's nodes at the start).

    A node in the list is joined to its neighbours by DLINK (above, pointing right) and ULINK (below, pointing
    left), as the arrays say; ``out``, a node off the list, is drawn lifted out, its own ULINK and DLINK dashed
    (not drawn when not ``own_links``: a question about them is asked first). Not ``lifted``, the room kept above
    the row for a node lifted out is halved (a line of the slide goes above the picture instead).
    ``written`` names the links just written, drawn in orange: ("DLINK", x) or ("ULINK", x).
    """
    p = palette()
    box_w, box_h, step = 170, 84, 250
    top_y = 128 if lifted else 68
    s = _svg(60 + (len(nodes) + 1) * step, 328 - (128 - top_y), label)
    ulink, dlink = arrays["ULINK"], arrays["DLINK"]
    members = walk_list(dlink, item, len(arrays["TOP"]))
    order = [item, *nodes]
    xs = {x: 40 + k * step for k, x in enumerate(order)}
    ys = {x: top_y + (-118 if x == out else 0) for x in order}
    orange = s.arrow_marker("o", p["written"])
    ink = s.arrow_marker("i", INK)

    def anchor(x: int, side: str) -> tuple[float, float]:
        cx, cy = xs[x] + box_w / 2, ys[x] + box_h / 2
        return {
            "right": (xs[x] + box_w, cy),
            "left": (xs[x], cy),
            "top": (cx, ys[x]),
            "bottom": (cx, ys[x] + box_h),
        }[side]

    def link(a: int, b: int, kind: str, dashed: bool) -> None:
        """Node a's DLINK (or ULINK) pointing at b, as an arrow."""
        hot = (kind, a) in written
        colour = p["written"] if hot or dashed else INK
        marker = orange if hot or dashed else ink
        lift = -22 if kind == "DLINK" else 22
        if b == item and a != item and kind == "DLINK":  # the last node's DLINK: back round to the header
            (x1, y1), (x2, y2) = anchor(a, "bottom"), anchor(item, "bottom")
            d = f"M{x1},{y1} C{x1},{y1 + 96} {x2},{y2 + 96} {x2},{y2 + 4}"
        elif a == item and kind == "ULINK" and b != item:  # the header's ULINK: round to the last node
            (x1, y1), (x2, y2) = anchor(item, "bottom"), anchor(b, "bottom")
            x1 += 30
            x2 -= 30
            d = f"M{x1},{y1} C{x1},{y1 + 70} {x2},{y2 + 70} {x2},{y2 + 4}"
        else:
            forward = xs[b] > xs[a]
            (x1, y1) = anchor(a, "right" if forward else "left")
            (x2, y2) = anchor(b, "left" if forward else "right")
            y1 += lift / 2
            y2 += lift / 2
            if ys[a] != ys[b]:
                (x1, y1) = anchor(a, "bottom" if ys[a] < ys[b] else "top")
                x1 += -24 if kind == "ULINK" else 24
                (x2, y2) = anchor(b, "top" if ys[a] < ys[b] else "bottom")
                x2 += 30 if forward else -30
            d = f"M{x1},{y1} L{x2},{y2}"
        s.add("path", d=d, fill="none", stroke=colour, stroke_width=4 if hot else 2.5,
              stroke_dasharray="9 7" if dashed else None, marker_end=f"url(#{marker})")  # fmt: skip

    for x in order:
        in_list = x == item or x in members
        fill = "#eeeeee" if x == item else (p["linked"] if in_list else "#ffffff")
        s.add("rect", x=xs[x], y=ys[x], width=box_w, height=box_h, rx=12, fill=fill, stroke=INK,
              stroke_width=2.5, stroke_dasharray=None if in_list else "8 6")  # fmt: skip
        if x == item:
            s.text(xs[x] + box_w / 2, ys[x] + 28, f"{names[x]} (header)", size=24, font_weight=700)
            s.text(xs[x] + box_w / 2, ys[x] + 60, f"LEN {arrays['LEN'][x]}", size=24)
        else:
            s.text(xs[x] + box_w / 2, ys[x] + 28, f"node {x}", size=24, font_weight=700)
            s.text(xs[x] + box_w / 2, ys[x] + 60, labels[x], size=24, family=MONO)
    chain = [item, *members]
    for a, b in zip(chain, [*chain[1:], item]):
        link(a, b, "DLINK", False)
    for a, b in zip(chain, [chain[-1], *chain[:-1]]):
        link(a, b, "ULINK", False)
    if out is not None and own_links:
        link(out, dlink[out], "DLINK", True)
        link(out, ulink[out], "ULINK", True)
    first = chain[1] if len(chain) > 1 else item  # name the two links on the header's own arrows
    mid = (xs[item] + box_w + xs[first]) / 2
    s.text(mid, ys[item] + box_h / 2 - 34, "DLINK", size=24, fill="#444")
    s.text(mid, ys[item] + box_h / 2 + 34, "ULINK", size=24, fill="#444")
    last = chain[-1]
    if last != item:  # the two arcs under the row close the circle: say which links they are
        s.text(
            s.width / 2, top_y + box_h + 100,
            f"the circle closes: node {last}'s DLINK is {names[item]}, {names[item]}'s ULINK is node {last}",
            size=24, fill="#444",
        )  # fmt: skip
    return s


# ---- Knuth's four-way links: items as columns, options as rows ---------------------------------------------------


LEGEND = {
    "linked": "in its list",
    "chosen": "chosen, in its list",
    "chosen-off": "chosen, off its list",
    "hidden": "hidden by a cover",
    "purified": "hidden by a purify",
    "twice": "hidden twice",
    "stranded": "stranded",
    "early": "back too soon",
    "chosen-early": "chosen, back too soon",
    "off-list": "off its list",
    "reached": "held out by a purify, yet the walk up reaches it",
    "asked": "in its list or not? (the question)",
    "sticker": "sticker (COLOR −1)",
    "peeled": "ringed, its corner empty: sticker just taken off",
    "off": "LEN ≠ nodes linked",
    "wrap": "the circle: last node ⇄ header",
}


def links(
    trace: WriteTrace,
    frame: int,
    items: Sequence[str] | None = None,
    options: Sequence[int] | None = None,
    col_w: int = 150,
    row_h: int = 84,
    own_links: bool = True,
    label: str = "the links",
    peeled: Sequence[int] = (),
    circle: bool = False,
    walk_up: str | None = None,
    unmarked: bool = False,
    asked: Sequence[int] = (),
) -> Svg:
    """The lists at one frame of a recording: each item a column headed by its name and LEN, each option a row.

    A node is drawn in the state the analysis gives it; the nodes of a list are joined top to bottom as DLINK
    walks them from the header; a node off its list shows its own ULINK and DLINK, dashed, still pointing where
    they pointed. A header whose LEN differs from the nodes really linked says both, in orange. A node in
    ``peeled`` has just had its sticker taken off: the sticker's place is drawn empty, dashed in orange, and the node
    ringed in orange, the colour of what the step shown has written. With ``circle``, the legend also says what the
    grey arcs are: the last node's DLINK and the header's ULINK, closing each list's circle. With ``walk_up`` (an
    item's name), the only own links drawn are the ULINKs met walking that item's list up from its header, thick and
    dashed, and a node they reach that is hidden (off the list walked down) gets its own mark. With ``unmarked``, a
    stranded node is drawn only as off its list, without its cross, and a node back too soon as any node in its list
    (a slide that asks about it first). With ``unmarked``, the nodes of the options in ``asked`` are drawn alike,
    grey, whatever their state, and no list's links nor a LEN that differs are drawn: the question is whether they
    are in their lists.
    """
    p = palette()
    arrays = trace.arrays_at(frame)
    analysis = trace.analysis
    states = analysis.state_at(frame)
    path = set(trace.path_at(frame))  # the options chosen at this frame: a chosen node back too soon is drawn orange
    names = trace.names
    n = len(names) - 1
    shown_items = [names.index(i) for i in items] if items is not None else list(range(1, n + 1))
    shown_options = list(options) if options is not None else list(range(len(analysis.option_nodes)))
    labels = {k: str(trace.problem.label(k)) for k in shown_options}
    label_w = 30 + 13.5 * max(len(f"{k}: {t}") for k, t in labels.items())
    head_h = 92
    x0 = label_w + 20
    col = {i: x0 + j * col_w + col_w / 2 for j, i in enumerate(shown_items)}
    row = {k: head_h + 34 + r * row_h + row_h / 2 for r, k in enumerate(shown_options)}
    legend_h = 50
    height = head_h + 34 + len(shown_options) * row_h + 14 + legend_h
    s = _svg(x0 + len(shown_items) * col_w + 10, height, label)
    radius = min(24, row_h * 0.3)
    top, color, length = arrays["TOP"], arrays["COLOR"], arrays["LEN"]
    active = set()
    for head in (0, n + 1):
        k = arrays["RLINK"][head]
        while k not in (0, n + 1) and k not in active:
            active.add(k)
            k = arrays["RLINK"][k]
    node_at: dict[int, tuple[float, float]] = {}
    for k in shown_options:
        for x in analysis.option_nodes[k]:
            if top[x] in col:
                node_at[x] = (col[top[x]], row[k])
    # option rows: a light band and the label
    for r, k in enumerate(shown_options):
        y = row[k]
        if r % 2 == 0:
            s.add("rect", x=0, y=y - row_h / 2, width=s.width, height=row_h, fill="#f6f6f6")
        s.text(label_w, y, f"{k}: {labels[k]}", size=24, anchor="end", family=MONO)
        xs = [node_at[x][0] for x in analysis.option_nodes[k] if x in node_at]
        if len(xs) > 1:
            s.add("line", x1=min(xs), y1=y, x2=max(xs), y2=y, stroke="#bbbbbb", stroke_width=3)
    ink = s.arrow_marker("i", INK)
    grey = s.arrow_marker("g", "#888888")
    small = s.arrow_marker("is", INK, size=4.5)  # for two nodes close together: see below
    orange = s.arrow_marker("o", p["written"])
    header_bottom = head_h + 4
    used: set[str] = set()  # what the legend explains: the states drawn, a sticker, a LEN that differs, a circle
    # each list as DLINK walks it from the header (not drawn when the question is which nodes are in their lists)
    asking = unmarked and bool(asked)
    for i in shown_items if not asking else ():
        members = [x for x in walk_list(arrays["DLINK"], i, len(top))]
        cx = col[i]
        ys = [header_bottom] + [node_at[x][1] for x in members if x in node_at]
        off = [y for x, (_, y) in node_at.items() if top[x] == i and x not in members]  # nodes off this list
        for y1, y2 in itertools.pairwise(ys):
            a, b = y1 + (0 if y1 == header_bottom else radius), y2 - radius - 2
            if any(y1 < y < y2 for y in off):  # the link passes nodes that are off the list: it bows round them
                bow, reach = cx - col_w * 0.3, min(row_h * 0.6, (b - a) / 3)
                s.add("path", d=f"M{cx},{a} C{bow},{a + reach} {bow},{b - reach} {cx},{b}", fill="none", stroke=INK,
                      stroke_width=2.5, marker_end=f"url(#{ink})", marker_start=f"url(#{ink})")  # fmt: skip
                continue
            if b - a < 44:  # too short for two heads on one line: DLINK down on the left, ULINK up on the right
                for dx, end in ((-5, "marker_end"), (5, "marker_start")):
                    s.add("line", x1=cx + dx, y1=a, x2=cx + dx, y2=b, stroke=INK, stroke_width=2.5,
                          **{end: f"url(#{small})"})  # fmt: skip
                continue
            s.add("line", x1=cx, y1=a, x2=cx, y2=b,
                  stroke=INK, stroke_width=2.5, marker_end=f"url(#{ink})", marker_start=f"url(#{ink})")  # fmt: skip
        if len(ys) > 1:  # the last node's DLINK and the header's ULINK close the circle
            if circle:
                used.add("wrap")
            xr = cx + col_w * 0.36
            s.add("path", d=f"M{cx + radius},{ys[-1]} C{xr},{ys[-1]} {xr},{header_bottom} {cx + 26},{header_bottom}",
                  fill="none", stroke="#888888", stroke_width=2, marker_end=f"url(#{grey})",
                  marker_start=f"url(#{grey})")  # fmt: skip
    # the walk up one list: the header's ULINK, then each node's, as far as the nodes drawn go
    reached: set[int] = set()
    walked: list[tuple[int, int]] = []  # the walk's steps up the list: (node, the node its ULINK names)
    walk_head = -1  # the header the walk starts from
    if walk_up is not None:
        i = walk_head = names.index(walk_up)
        cx, thick = col[i], s.arrow_marker("ot", p["written"], size=3.2)
        members = set(walk_list(arrays["DLINK"], i, len(top)))
        x, steps = i, 0
        while steps <= len(top):
            target = arrays["ULINK"][x]
            if target != i and target not in node_at:
                break
            y0 = header_bottom if x == i else node_at[x][1] - radius
            y1 = header_bottom + 6 if target == i else node_at[target][1] + (radius + 3)
            if target != i and (x == i or node_at[target][1] > node_at[x][1]):  # downwards: round the nodes between
                y1 = node_at[target][1]
                bow = cx - col_w * 0.36
                d = f"M{cx - 20},{y0} C{bow},{y0 + 30} {bow},{y1} {cx - radius - 4},{y1}"
            else:
                d = f"M{cx + 6},{y0} L{cx + 6},{y1}"
            s.add("path", d=d, fill="none", stroke=p["written"], stroke_width=5, stroke_dasharray="12 7",
                  marker_end=f"url(#{thick})")  # fmt: skip
            walked.append((x, target))
            if target == i:
                break
            if target not in members and states[target][0] == "purified":
                reached.add(target)
            x, steps = target, steps + 1
    # nodes off their lists still point where they pointed
    if own_links and walk_up is None:
        for x, (cx, cy) in node_at.items():
            if states[x][0] in ("linked", "chosen"):
                continue
            for target, dx in ((arrays["ULINK"][x], -radius * 0.7), (arrays["DLINK"][x], radius * 0.7)):
                if target == top[x]:
                    ty = header_bottom + 4
                elif target in node_at:
                    ty = node_at[target][1] + (radius + 3 if node_at[target][1] < cy else -radius - 3)
                else:
                    continue
                y1 = cy + (radius if ty > cy else -radius)
                s.add("line", x1=cx + dx, y1=y1, x2=cx + dx, y2=ty, stroke=p["written"], stroke_width=2.5,
                      stroke_dasharray="7 5", marker_end=f"url(#{orange})")  # fmt: skip
    # headers
    for i in shown_items:
        cx = col[i]
        linked = len(walk_list(arrays["DLINK"], i, len(top)))
        off = length[i] != linked and not asking
        if off:
            used.add("off")
        fill = "#ffffff" if i in active else "#dddddd"
        s.add("rect", x=cx - col_w * 0.42, y=6, width=col_w * 0.84, height=head_h - 4, rx=10, fill=fill,
              stroke=p["drift"] if off else INK, stroke_width=4 if off else 2)  # fmt: skip
        primary = i <= trace.primary
        s.text(cx, 32, names[i], size=28, font_weight=700 if primary else 400,
               font_style="normal" if primary else "italic")  # fmt: skip
        s.text(cx, 70, f"LEN {length[i]}", size=24, font_weight=700 if off else 400,
               fill=p["drift"] if off else INK)  # fmt: skip
    # nodes
    hatch = s.hatch()
    for x, (cx, cy) in node_at.items():
        state = states[x][0]
        if unmarked and state == "stranded":
            state = "off-list"
        if unmarked and state == "early":  # asked first: in its list, drawn as any node in its list
            state = "linked"
        if unmarked and analysis.option_of[x] in asked:  # the question's nodes: neither in nor out
            state = "asked"
        if state == "early" and analysis.option_of[x] in path:  # chosen while back too soon: orange, still square
            state = "chosen-early"
        used.add("reached" if x in reached else state)
        _node(s, cx, cy, radius, state, hatch)
        if x in reached:  # hidden, yet on the walk up: an orange ring round its hatching
            s.add("circle", cx=round(cx, 1), cy=round(cy, 1), r=radius + 6, fill="none", stroke=p["written"],
                  stroke_width=4)  # fmt: skip
        if color[x] < 0:
            used.add("sticker")
            s.add(
                "path",
                d=f"M{cx + radius * 0.2},{cy - radius - 4} L{cx + radius + 6},{cy - radius - 4} "
                f"L{cx + radius + 6},{cy - radius * 0.2} Z",
                fill=p["sticker"],
                stroke=INK,
                stroke_width=1.5,
            )
        if x in peeled and color[x] >= 0:
            used.add("peeled")
            s.add("circle", cx=round(cx, 1), cy=round(cy, 1), r=radius + 7, fill="none", stroke=p["written"],
                  stroke_width=4)  # fmt: skip
            s.add(
                "path",
                d=f"M{cx + radius * 0.2},{cy - radius - 4} L{cx + radius + 6},{cy - radius - 4} "
                f"L{cx + radius + 6},{cy - radius * 0.2} Z",
                fill="#ffffff",
                stroke=p["written"],
                stroke_width=2.5,
                stroke_dasharray="5 3",
            )
        colour = trace.colour_names[color[x]] if color[x] > 0 else ""
        if color[x] < 0:  # a sticker: the node's colour is the purified item's, kept by the node beside it
            colour = _colour_of(trace, x)
        if colour:
            s.text(cx, cy + 1, colour, size=24, font_weight=700, fill="#888888" if state == "hidden" else INK)
    # the walk drawn in words: each node it meets by number, and a ULINK from a node to one off the list walked down
    # (named though it is out) called stale, beside its arrow
    for x, target in walked:
        if target == walk_head:
            continue
        tx, ty = node_at[target]
        below = x == walk_head  # the node the header names: its number below it, clear of the stale label
        s.text(tx + radius + 8, ty + (radius - 4 if below else -radius + 4), str(target), size=24, anchor="start",
               font_weight=700)  # fmt: skip
        if x != walk_head and target not in members and node_at[target][1] < node_at[x][1]:
            s.text(node_at[x][0] + 16, (node_at[x][1] + ty) / 2, "stale ULINK", size=24, anchor="start",
                   font_weight=700, fill=p["written"])  # fmt: skip
    # the legend: the states this picture shows, on as many lines as the picture's width needs
    entries = [state for state in LEGEND if state in used]
    lx, ly = 20.0, height - legend_h + 22
    for state in entries:
        width = 52 + 12.6 * len(LEGEND[state])
        if lx + width > s.width and lx > 20:
            lx, ly = 20.0, ly + 38
        if state == "sticker":
            s.add("path", d=f"M{lx},{ly - 12} L{lx + 22},{ly - 12} L{lx + 22},{ly + 10} Z", fill=p["sticker"],
                  stroke=INK, stroke_width=1.5)  # fmt: skip
        elif state == "peeled":  # as on the node: an orange ring, and the sticker's place empty, dashed in orange
            _node(s, lx + 10, ly + 2, 9, "linked", hatch)
            s.add("circle", cx=lx + 10, cy=ly + 2, r=14, fill="none", stroke=p["written"], stroke_width=3)
            s.add("path", d=f"M{lx + 12},{ly - 15} L{lx + 27},{ly - 15} L{lx + 27},{ly} Z", fill="#ffffff",
                  stroke=p["written"], stroke_width=2, stroke_dasharray="4 2")  # fmt: skip
        elif state == "wrap":  # the grey arc that closes a list's circle
            s.add("path", d=f"M{lx + 2},{ly + 10} C{lx + 30},{ly + 10} {lx + 30},{ly - 10} {lx + 2},{ly - 10}",
                  fill="none", stroke="#888888", stroke_width=2, marker_end=f"url(#{grey})",
                  marker_start=f"url(#{grey})")  # fmt: skip
        elif state == "reached":  # as on the node: hatched, ringed in orange
            _node(s, lx + 12, ly, 11, "purified", hatch)
            s.add("circle", cx=lx + 12, cy=ly, r=15, fill="none", stroke=p["written"], stroke_width=3)
        elif state == "off":  # a header outlined in orange
            s.add("rect", x=lx - 1, y=ly - 12, width=26, height=24, rx=5, fill="#ffffff", stroke=p["drift"],
                  stroke_width=4)  # fmt: skip
        else:
            _node(s, lx + 12, ly, 13, state, hatch)
        s.text(lx + 34, ly, LEGEND[state], size=24, anchor="start")
        lx += width
    s.height = max(s.height, ly + 24)
    return s


def _colour_of(trace: WriteTrace, x: int) -> str:
    """A node's own colour name as the problem gives it (a stickered node's COLOR reads -1)."""
    option = trace.analysis.option_of[x]
    item = trace.names[trace.initial["TOP"][x]]
    for entry in trace.problem.options[option]:
        if entry.item == item:
            return entry.colour or ""
    return ""


def _node(s: Svg, cx: float, cy: float, r: float, state: str, hatch: str) -> None:
    """One node, drawn as the player draws its state: each its colour and its own outline."""
    p = palette()
    style = {
        "linked": {"fill": p["linked"], "stroke": "#1b5e84", "stroke_width": 2},
        "chosen": {"fill": p["chosen"], "stroke": INK, "stroke_width": 4},
        "chosen-off": {"fill": p["chosenOff"], "stroke": INK, "stroke_width": 2.5, "stroke_dasharray": "6 4"},
        "hidden": {"fill": "#ffffff", "stroke": "#777777", "stroke_width": 2.5, "stroke_dasharray": "5 4"},
        "purified": {"fill": f"url(#{hatch})", "stroke": p["purified"], "stroke_width": 2.5},
        "twice": {"fill": "#ffffff", "stroke": p["drift"], "stroke_width": 5, "stroke_dasharray": "2 4"},
        "stranded": {"fill": "#fde3d3", "stroke": p["stranded"], "stroke_width": 3},
        "off-list": {"fill": "#fde3d3", "stroke": p["stranded"], "stroke_width": 3},
        # back too soon: in its list (the linked fill) while a hide in force holds it out; the player draws it square,
        # in a heavy black outline, and so does a picture: the one node not drawn round
        "early": {"fill": p["linked"], "stroke": p["stranded"], "stroke_width": 4.5},
        "chosen-early": {"fill": p["chosen"], "stroke": p["stranded"], "stroke_width": 4.5},
        # asked about: neither state drawn (a slide whose question is which of them are in their lists)
        "asked": {"fill": "#eeeeee", "stroke": "#555555", "stroke_width": 2.5},
    }[state]
    if state in ("early", "chosen-early"):
        side = 2 * r * 0.92
        s.add("rect", x=round(cx - side / 2, 1), y=round(cy - side / 2, 1), width=round(side, 1),
              height=round(side, 1), **style)  # fmt: skip
        return
    s.add("circle", cx=round(cx, 1), cy=round(cy, 1), r=r, **style)
    if state == "stranded":  # a cross on a badge at the node's corner, so the node's own letter stays readable
        bx, by, d = cx - r * 0.9, cy - r * 0.9, max(5.0, r * 0.36)
        s.add("circle", cx=round(bx, 1), cy=round(by, 1), r=round(d + 3, 1), fill="#ffffff",
              stroke=p["stranded"], stroke_width=2)  # fmt: skip
        s.add("path", d=f"M{bx - d * 0.62},{by - d * 0.62} L{bx + d * 0.62},{by + d * 0.62} "
              f"M{bx + d * 0.62},{by - d * 0.62} L{bx - d * 0.62},{by + d * 0.62}", stroke=p["stranded"],
              stroke_width=3)  # fmt: skip
