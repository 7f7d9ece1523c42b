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
from .picture import MONO, Legend, LegendEntry, Panel, Picture, Rect, Text, text_width

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..word_search import Placement, WordSearch

FIT = "#2e7d32"  # a pair that agrees on every cell it shares: filled, green
CLASH_EDGE = "0.55"  # a pair that clashes: a hollow square, its edge grey
SIZE = 9.0  # points: labels, counts and key


def agree(a: Placement, b: Placement) -> bool:
    """True when two placements write the same letter into every cell they share (read off their cells)."""
    written = dict(zip(a.cells, a.word))
    return all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word))


def _label(p: Placement) -> str:
    return f"({p.row},{p.col}) {p.direction}"


def pairs_picture(ws: WordSearch, first: str, second: str, title: str = "") -> Picture:
    """Every pair of a placement of ``first`` (a row each, in the puzzle's order) and one of ``second`` (a column
    each): filled green where they agree on every cell they share, hollow where a shared cell would get two
    letters. Right of each row, the number of its filled squares; the title (``title`` or one made here) says how
    many pairs there are and how many fit."""
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
    cell = 0.25  # inches a square
    labels = [_label(p) for p in [*rows, *cols]]
    label_room = (max(text_width(t, SIZE, MONO) for t in labels) + 8) / 72 + 0.12  # the word's name and the labels
    count_room = (text_width(f"{len(cols)} fit", SIZE) + 10) / 72
    key_height = 2 * SIZE * 1.6 / 72 + 0.1
    title_room = 0.4
    table_w, table_h = len(cols) * cell, len(rows) * cell
    page_w = math.ceil(10 * (0.15 + label_room + table_w + count_room + 0.15)) / 10  # whole tenths of an inch
    page_w = max(page_w, math.ceil(10 * (0.3 + text_width(title, SIZE + 2) / 72)) / 10)
    page_h = math.ceil(10 * (title_room + label_room + table_h + key_height + 0.15)) / 10
    picture = Picture(page_w, page_h, caption=f"{title}; a row a placement of {first}, a column one of {second}")
    left, bottom = 0.15 + label_room, 0.15 + key_height
    bounds = (left / page_w, bottom / page_h, (table_w + count_room) / page_w, table_h / page_h)
    span = len(cols) + count_room / cell
    panel = picture.add_panel(Panel(bounds, (0, span), (len(rows), 0), aspect="equal", frame=False))
    for r, row in enumerate(fits):
        for c, fit in enumerate(row):
            if fit:
                panel.add(Rect(c + 0.08, r + 0.08, 0.84, 0.84, face=FIT, edge=FIT, edge_width=0.5))
            else:
                panel.add(Rect(c + 0.12, r + 0.12, 0.76, 0.76, face="white", edge=CLASH_EDGE, edge_width=0.9))
        panel.add(Text(len(cols) + 0.3, r + 0.5, f"{sum(row)} fit", SIZE, ha="left", colour=FIT))
    for r, p in enumerate(rows):
        panel.add(Text(-0.2, r + 0.5, _label(p), SIZE, ha="right", family=MONO))
    for c, p in enumerate(cols):
        panel.add(Text(c + 0.5, -0.2, _label(p), SIZE, va="bottom", family=MONO, rotation=90))
    word_gap = (max(text_width(_label(p), SIZE, MONO) for p in rows) + 6) / 72 / cell
    panel.add(Text(-0.2 - word_gap, len(rows) / 2, first, SIZE + 1, ha="right", weight="bold"))
    col_gap = (max(text_width(_label(p), SIZE, MONO) for p in cols) + 6) / 72 / cell
    panel.add(Text(len(cols) / 2, -0.2 - col_gap, second, SIZE + 1, va="bottom", weight="bold"))
    panel.legend = Legend(
        tuple(LegendEntry(text, face, patch=True, edge=FIT if face == FIT else CLASH_EDGE) for face, text in key),
        SIZE,
        (0.0, -0.02),
        columns=2,
    )
    picture.overlay.append(Text(0.15 / page_w, 1 - 0.1 / page_h, title, SIZE + 2, ha="left", va="top"))
    return picture


def pairs_figure(ws: WordSearch, first: str, second: str, title: str = "") -> Figure | Picture:
    """:func:`pairs_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(pairs_picture(ws, first, second, title))
