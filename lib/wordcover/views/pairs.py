"""A picture of the pairs of two words' placements: a table with a row for each placement of the first word and
a column for each placement of the second, a square filled where the two agree on every cell they share and
hollow where they clash. With two words these pairs are every choice a search can make, and the filled ones are
the solutions. Described once as a :class:`~wordcover.views.picture.Picture` (pure Python, no numpy) and drawn by
matplotlib or as SVG.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ._figure import figure_or_picture
from .picture import MONO, Legend, LegendEntry, Line, Panel, Picture, Rect, Text, text_width

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..word_search import Placement, WordSearch

FIT = "#2e7d32"  # a pair that agrees on every cell it shares: filled, green
CLASH_EDGE = "0.55"  # a pair that clashes: a hollow square, its edge grey
BRACKET = "0.35"  # the line under (or beside) a group of placements that read the same way
SIZE = 10.5  # points: the labels, the counts and the key
WORD_SIZE = 12.5  # points: the two words' names, bold
CELL = 0.34  # inches a square: wide enough for a start cell "r,c" written across it at SIZE
GAP = 4.0  # points between a label and what it names
GROUP_GAP = 0.3  # squares between two groups of placements that read different ways


def agree(a: Placement, b: Placement) -> bool:
    """True when two placements write the same letter into every cell they share (read off their cells)."""
    written = dict(zip(a.cells, a.word))
    return all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word))


def _start(p: Placement) -> str:
    """A placement's first cell, ``row,col``: its label under the group of the direction it reads."""
    return f"{p.row},{p.col}"


def _groups(placements: list[Placement]) -> list[tuple[int, int, str]]:
    """The runs of consecutive placements that read the same way: (first index, past the last, direction)."""
    runs: list[tuple[int, int, str]] = []
    for k, p in enumerate(placements):
        if runs and runs[-1][2] == p.direction:
            runs[-1] = (runs[-1][0], k + 1, p.direction)
        else:
            runs.append((k, k + 1, p.direction))
    return runs


def _spaced(groups: list[tuple[int, int, str]]) -> list[float]:
    """Where each placement's square starts along its axis, in squares: a gap of ``GROUP_GAP`` between groups."""
    return [k + g * GROUP_GAP for g, (lo, hi, _) in enumerate(groups) for k in range(lo, hi)]


def pairs_picture(ws: WordSearch, first: str, second: str, title: str = "") -> Picture:
    """Every pair of a placement of ``first`` (a row each, in the puzzle's order) and one of ``second`` (a column
    each): filled green where they agree on every cell they share, hollow where a shared cell would get two
    letters. Rows and columns come in groups by the direction the word reads (its letter by a bracket, a gap
    between groups), each named by the cell of its first letter, ``row,col``, written across. Right of each row,
    the number of its filled squares; the title (``title`` or one made here) says how many pairs there are and how
    many fit."""
    for word in (first, second):
        if word not in ws.words:
            raise ValueError(f"{word}: not among the puzzle's words {', '.join(ws.words)}")
    if first == second:
        raise ValueError("pairs_picture needs two different words")
    rows = [p for p in ws.placements if p.word == first]
    cols = [p for p in ws.placements if p.word == second]
    fits = [[agree(a, b) for b in cols] for a in rows]
    fitting = sum(map(sum, fits))
    pairs = len(rows) * len(cols)
    title = title or f"{first} × {second}: {pairs:,} pairs of placements, {fitting:,} fit"
    key = (
        (FIT, "filled: they agree on every cell they share"),
        ("white", "hollow: a shared cell would get two letters"),
    )
    corner = "row,col of the\nfirst letter"
    row_groups, col_groups = _groups(rows), _groups(cols)
    ys, xs = _spaced(row_groups), _spaced(col_groups)
    unit = CELL * 72  # points a square
    start_w = max(text_width(_start(p), SIZE, MONO) for p in [*rows, *cols])
    turned = start_w > unit - GAP  # too wide to write across a column: turned, as a y label is
    way_w = max(text_width(p.direction, SIZE, weight="bold") for p in rows)
    # points, from the table outwards: the start labels, a bracket, the direction, the word
    bracket_y = GAP + (start_w if turned else SIZE) + 5
    way_y = bracket_y + 3
    word_y = way_y + SIZE + 5
    top = (word_y + WORD_SIZE + 2) / unit  # squares above the table
    bracket_x = GAP + start_w + 6
    way_x = bracket_x + 4
    word_x = way_x + way_w + 8
    left = max(word_x + text_width(first, WORD_SIZE, weight="bold"), GAP + text_width(corner, SIZE - 1)) / unit
    right = xs[-1] + 1 + (text_width(f"{len(cols)} fit", SIZE) + 10) / unit
    bottom = ys[-1] + 1
    key_height = 2 * SIZE * 1.5 / 72 + 0.15
    title_room = 0.45
    panel_w, panel_h = (left + right) * CELL, (top + bottom) * CELL
    page_w = math.ceil(10 * (0.3 + panel_w)) / 10  # whole tenths of an inch
    page_w = max(page_w, math.ceil(10 * (0.3 + text_width(title, SIZE + 2) / 72)) / 10)
    page_h = math.ceil(10 * (title_room + panel_h + key_height + 0.15)) / 10
    caption = (
        f"{title}; a row a placement of {first}, a column one of {second}, grouped by the direction the word reads "
        "and named by the cell of its first letter"
    )
    picture = Picture(page_w, page_h, caption=caption)
    bounds = (0.15 / page_w, (0.15 + key_height) / page_h, panel_w / page_w, panel_h / page_h)
    panel = picture.add_panel(Panel(bounds, (-left, right), (bottom, -top), aspect="equal", frame=False))
    for y, row in zip(ys, fits):
        for x, fit in zip(xs, row):
            if fit:
                panel.add(Rect(x + 0.08, y + 0.08, 0.84, 0.84, face=FIT, edge=FIT, edge_width=0.5))
            else:
                panel.add(Rect(x + 0.12, y + 0.12, 0.76, 0.76, face="white", edge=CLASH_EDGE, edge_width=0.9))
        panel.add(Text(xs[-1] + 1.3, y + 0.5, f"{sum(row)} fit", SIZE, ha="left", colour=FIT))
    for y, p in zip(ys, rows):
        panel.add(Text(-GAP / unit, y + 0.5, _start(p), SIZE, ha="right", family=MONO))
    for x, p in zip(xs, cols):
        panel.add(Text(x + 0.5, -GAP / unit, _start(p), SIZE, va="bottom", family=MONO, rotation=90 if turned else 0))
    for lo, hi, way in row_groups:
        x, low, high = -bracket_x / unit, ys[lo] + 0.1, ys[hi - 1] + 0.9
        panel.add(Line((x, x), (low, high), colour=BRACKET, width=1.2, cap="butt"))
        panel.add(Text(-way_x / unit, (low + high) / 2, way, SIZE, ha="right", weight="bold"))
    for lo, hi, way in col_groups:
        y, low, high = -bracket_y / unit, xs[lo] + 0.1, xs[hi - 1] + 0.9
        panel.add(Line((low, high), (y, y), colour=BRACKET, width=1.2, cap="butt"))
        panel.add(Text((low + high) / 2, -way_y / unit, way, SIZE, va="bottom", weight="bold"))
    panel.add(Text(-word_x / unit, (ys[-1] + 1) / 2, first, WORD_SIZE, ha="right", weight="bold"))
    panel.add(Text((xs[-1] + 1) / 2, -word_y / unit, second, WORD_SIZE, va="bottom", weight="bold"))
    panel.add(Text(-GAP / unit, -GAP / unit, corner, SIZE - 1, ha="right", va="bottom", colour="0.3"))
    panel.legend = Legend(
        tuple(LegendEntry(text, face, patch=True, edge=FIT if face == FIT else CLASH_EDGE) for face, text in key),
        SIZE,
        (left / (left + right), -0.02),
        columns=1,
    )
    picture.overlay.append(Text(0.15 / page_w, 1 - 0.1 / page_h, title, SIZE + 2, ha="left", va="top"))
    return picture


def pairs_figure(ws: WordSearch, first: str, second: str, title: str = "") -> Figure | Picture:
    """:func:`pairs_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(pairs_picture(ws, first, second, title))
