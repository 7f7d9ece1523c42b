"""Pictures of word squares: finished squares with their words, a partly filled square, its prefix ranges, and a
word a letter mask cuts off.

Each picture is described once (``square_panel``, ``squares_picture``, ``square_range_picture`` and
``square_cutoff_picture`` build a :class:`~wordcover.views.picture.Picture` or its panel); ``squares_figure``,
``square_range_figure`` and ``square_cutoff_figure`` draw it with matplotlib where it is installed and otherwise give
the Picture, which shows itself as SVG; ``draw_square`` draws the square's panel on a matplotlib Axes.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._figure import figure_or_picture
from .picture import MONO, Line, Panel, Picture, Polygon, Rect, Text, Ticks

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..squares import SquareSearch


def _square_letter(rows: Sequence[str], cols: Sequence[str], r: int, c: int) -> str:
    """The letter a partly filled square has at (r, c): from row r's prefix, else column c's, else ''."""
    if c < len(rows[r]):
        return rows[r][c]
    if r < len(cols[c]):
        return cols[c][r]
    return ""


INDEX_SIZE = 10.0  # points: the rows' and columns' numbers, and the letters A to Z over the masks
LIST_LETTER_SIZE, LIST_LETTER_GAP = 12.0, 14.0  # points: the first letters beside the sorted list, and their spacing
OUTLINE, OUTLINE_WIDTH = "#1c4587", 2.5  # the line a refused word was tried in


def _line_cells(line: tuple[str, int], n: int) -> set[tuple[int, int]]:
    side, k = line
    return {(k, j) for j in range(n)} if side == "row" else {(i, k) for i in range(n)}


def square_panel(
    rows: Sequence[str],
    cols: Sequence[str],
    line: tuple[str, int] | None = None,
    dead: Sequence[tuple[int, int]] = (),
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0),
    outline: tuple[str, int] | None = None,
    letter_size: float = 16.0,
) -> Panel:
    """A partly filled word square from its row and column prefixes; the next ``line`` shaded, ``dead`` cells red,
    the line ``outline`` (a word tried there) outlined.

    ``line`` and ``outline`` are ('row', i) or ('col', j); a dead cell is an empty cell that no letter can fill.
    The panel sits at ``bounds`` of its picture, its rows and columns numbered along the top and the left.
    """
    n = len(rows)
    panel = Panel(bounds, (-0.5, n - 0.5), (n - 0.5, -0.5), aspect="equal", frame=False)
    numbers = tuple(str(k) for k in range(n))
    panel.ticks += [
        Ticks("top", tuple(range(n)), numbers, size=INDEX_SIZE),
        Ticks("left", tuple(range(n)), numbers, size=INDEX_SIZE),
    ]
    shaded = _line_cells(line, n) if line is not None else set()
    for r in range(n):
        for c in range(n):
            if (r, c) in dead:
                face = "#f4a6a6"
            elif (r, c) in shaded:
                face = "#cfe2f3"
            else:
                face = "white"
            panel.add(Rect(c - 0.5, r - 0.5, 1, 1, face=face, edge="0.6", edge_width=0.8))
            letter = _square_letter(rows, cols, r, c)
            if letter:
                bold = (r, c) in shaded
                panel.add(Text(c, r, letter, size=letter_size, family=MONO, weight="bold" if bold else "normal"))
            elif (r, c) in dead:
                panel.add(Text(c, r, "∅", size=14, colour="#a61c1c"))
    if outline is not None:
        cells = _line_cells(outline, n)
        (r0, c0), (r1, c1) = min(cells), max(cells)
        inset = 0.04  # of a cell: in a cell of 32 pt or more the whole stroke stays inside the panel, which clips
        width, height = c1 - c0 + 1 - 2 * inset, r1 - r0 + 1 - 2 * inset
        panel.add(
            Rect(c0 - 0.5 + inset, r0 - 0.5 + inset, width, height, edge=OUTLINE, edge_width=OUTLINE_WIDTH, zorder=2)
        )
    return panel


def draw_square(
    ax: Axes,
    rows: Sequence[str],
    cols: Sequence[str],
    line: tuple[str, int] | None = None,
    dead: Sequence[tuple[int, int]] = (),
) -> None:
    """The square's panel (see :func:`square_panel`) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel

    draw_panel(ax, square_panel(rows, cols, line, dead))


def squares_picture(squares: Sequence[Sequence[str]], titles: Sequence[str] = ()) -> Picture:
    """Finished word squares side by side, each with its rows and columns numbered and, beside it, the words it
    holds: each row read across and each column read down, numbered as the grid is."""
    group, height = 5.0, 3.2  # inches: one square with its words; the picture's height
    picture = Picture(group * len(squares), height, caption="")
    captions = []
    for g, (square, title) in enumerate(itertools.zip_longest(squares, titles, fillvalue="")):
        n = len(square)
        cols = ["".join(row[j] for row in square) for j in range(n)]
        side = 2.3  # inches: the grid, square
        left, bottom = g * group + 0.35, 0.35
        bounds = (left / picture.width, bottom / height, side / picture.width, side / height)
        grid = picture.add_panel(square_panel(square, cols, bounds=bounds, letter_size=16.0 if n <= 5 else 12.0))
        grid.title, grid.title_size, grid.title_pad = title, 11, 8
        words = picture.add_panel(
            Panel(
                ((left + side + 0.15) / picture.width, bottom / height, 1.9 / picture.width, side / height),
                (0.0, 2.0),
                (n - 0.5, -1.5),
                frame=False,
            )
        )
        for x, heading, lines in ((0.0, "rows, across", square), (1.05, "columns, down", cols)):
            words.add(Text(x, -1.1, heading, size=9, ha="left", colour="0.35"))
            for k, word in enumerate(lines):
                words.add(Text(x, k, f"{k} {word}", size=10 if n <= 5 else 9, ha="left", family=MONO))
        captions.append(f"{title or 'a square'}: rows {' '.join(square)}; columns {' '.join(cols)}")
    picture.caption = "; ".join(captions)
    return picture


def squares_figure(squares: Sequence[Sequence[str]], titles: Sequence[str] = ()) -> Figure | Picture:
    """:func:`squares_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(squares_picture(squares, titles))


def spread_labels(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions for labels along one axis, each as near its ``wanted`` place as it can be with ``gap`` between
    neighbours, all within [low, high]: overlapping labels are gathered into a group centred on their wanted
    places, and groups that then overlap are merged, until none do (``wanted`` in increasing order)."""
    groups: list[tuple[float, int, float]] = []  # each: its first position, its labels, the sum of their places
    for place in wanted:
        count, total = 1, place
        while True:
            first = min(max(total / count - gap * (count - 1) / 2, low), high - gap * (count - 1))
            if not groups or groups[-1][0] + gap * groups[-1][1] <= first:
                break
            _, below, below_total = groups.pop()
            count, total = count + below, total + below_total
        groups.append((first, count, total))
    return [first + gap * j for first, count, _ in groups for j in range(count)]


LIST_SHADES = ("0.93", "0.82")  # the sorted list's blocks of words by first letter, one shade and the next
GAP = -2  # the row of an empty range: the gap between the two words the prefix would sort between
CARET = "#a61c1c"  # an empty range: the place where its prefix would sort, on the bar and in the listing


def square_range_picture(
    search: SquareSearch,
    rows: Sequence[str],
    cols: Sequence[str],
    line: tuple[str, int],
    show: int = 5,
    tried: tuple[str, int] | None = None,
    cutoff: bool = False,
) -> Picture:
    """The next line's candidates: its fixed first letters in the square, its range in the sorted word list.

    ``search`` is a :class:`~wordcover.squares.SquareSearch`; the candidates for ``line`` are the words that
    start with its prefix, ``search.words[lo:hi]``, one slice of the sorted list. The list is drawn as a bar, in
    blocks of words by first letter, each labelled with its letter (letters no word starts with have none).
    With ``tried`` (a line whose word was just written in) the picture is a prefix cut-off: that line outlined and
    named in the title, and ``line`` a line it crosses, whose range may be empty (the words round the place its
    prefix would sort to are drawn in grey). With ``cutoff``, the grid is one the search reported at a cut-off (the
    refused word written in) and ``tried`` is found from it by :func:`tried_line`. Beside the listing, the range's
    two ends are named as ``bisect.bisect_left`` finds them. An empty range (``lo == hi``) is a place, not a slice:
    it is drawn as a red caret across the bar and in the gap between the two words either side, with no bracket.
    """
    if cutoff and tried is None:
        tried = tried_line(search.kind, rows, cols)
    side, k = line
    prefix = (rows if side == "row" else cols)[k]
    lo, hi = search.prefix_range(prefix)
    words = search.words
    name = "row" if side == "row" else "column"
    caption = f"the next {name}'s candidates: words[{lo}:{hi}], the words starting {prefix!r}, in the sorted list"
    title = f"next: {name} {k}, starting {prefix!r}"
    if tried is not None:
        word = (rows if tried[0] == "row" else cols)[tried[1]]
        trying = f"trying {word} in {'row' if tried[0] == 'row' else 'column'} {tried[1]}"
        title = f"{trying}:\n{name} {k} starts {prefix!r}"
        caption = f"a prefix cut-off, {trying}: {name} {k} starts {prefix!r}, words[{lo}:{hi}] in the sorted list"
    empty = lo == hi  # no word starts with the prefix: the range is a place in the list, between two words
    if empty:
        between = " and ".join(words[j] for j in (lo - 1, lo) if 0 <= j < len(words))
        caption += f", empty: a red caret, not a bracket, marks where {prefix!r} would sort" + (
            f", between {between}" if between else ""
        )
    picture = Picture(9.0, 5.6, caption=caption)
    square = picture.add_panel(square_panel(rows, cols, line, bounds=(0.02, 0.14, 0.3, 0.62), outline=tried))
    square.title, square.title_size, square.title_pad = title, 10, 16
    bounds = (0.36, 0.03, 0.62, 0.93)
    ax = picture.add_panel(Panel(bounds, (0, 1), (0, 1), frame=False))
    points = bounds[3] * picture.height * 72  # points in the panel's unit of height
    top, bottom = 0.95, 0.03  # the whole list, words[0] at the top
    bar_left, bar_right = 0.08, 0.14

    def y(index: float) -> float:
        return top - (top - bottom) * index / len(words)

    starts = [j for j in range(len(words)) if j == 0 or words[j][0] != words[j - 1][0]]
    blocks = list(zip(starts, starts[1:] + [len(words)]))
    for n, (a, b) in enumerate(blocks):
        face = LIST_SHADES[n % 2]
        ax.add(Rect(bar_left, y(b), bar_right - bar_left, y(a) - y(b), face=face, edge=face, edge_width=0.3))
    ax.add(Rect(bar_left, bottom, bar_right - bar_left, top - bottom, face="none", edge="0.6", edge_width=0.8))
    if empty:  # a caret across the bar at the place, no slice
        ax.add(Line((bar_left - 0.012, bar_right + 0.012), (y(lo), y(lo)), colour=CARET, width=2.0, zorder=3))
    else:
        ax.add(Rect(bar_left, y(hi), bar_right - bar_left, y(lo) - y(hi), face="#3d85c6", zorder=2))
    ax.add(Text((bar_left + bar_right) / 2, top + 0.012, f"words[0:{len(words)}]", size=INDEX_SIZE, va="bottom"))
    wanted = [(y(a) + y(b)) / 2 for a, b in blocks][::-1]  # from the bottom up
    placed = spread_labels(wanted, LIST_LETTER_GAP / points, bottom, top)[::-1]
    for (a, b), at in zip(blocks, placed):
        ours = words[a][0] == prefix[:1]
        colour = "#1c4587" if ours else "0.25"
        ax.add(Line((0.045, bar_left), (at, (y(a) + y(b)) / 2), colour="0.6", width=0.5))
        ax.add(
            Text(0.04, at, words[a][0], size=LIST_LETTER_SIZE, ha="right", family=MONO, colour=colour,
                 weight="bold" if ours else "normal")
        )  # fmt: skip
    shown = [(j, words[j]) for j in range(lo, min(hi, lo + show))]
    if hi - lo > show:
        shown += [(-1, "…"), (hi - 1, words[hi - 1])]
    if empty:
        shown = [(GAP, "")]  # the gap between the two words the prefix would sort between
    before = [(lo - 1, words[lo - 1])] if lo > 0 else []
    after = [(hi, words[hi])] if hi < len(words) else []
    listing = before + shown + after
    step = min(20 / points, 0.7 / max(len(listing), 1))
    first_y = 0.45 + step * (len(listing) - 1) / 2
    inside, at_row = [], {}
    for n, (j, word) in enumerate(listing):
        yy = first_y - n * step
        at_row[j] = yy
        if j == GAP:
            continue
        colour = "#1c4587" if lo <= j < hi or j == -1 else "0.55"
        label = f"{'':>5}  {word}" if j == -1 else f"{j:>5}  {word}"
        ax.add(Text(0.33, yy, label, size=10, ha="left", va="center", family=MONO, colour=colour))
        if colour != "0.55":
            inside.append(yy)
    if empty:  # the caret in the gap, named as bisect_left finds it, and one line from the caret on the bar
        gap = at_row[GAP]
        ax.add(Line((0.335, 0.47), (gap, gap), colour=CARET, width=2.0, zorder=3))
        tip = ((0.315, gap + 0.014), (0.315, gap - 0.014), (0.338, gap))  # a caret pointing into the gap
        ax.add(Polygon(tip, face=CARET, edge=CARET, edge_width=0.5, zorder=3))
        ax.add(Line((bar_right + 0.012, 0.315), (y(lo), gap), colour=CARET, width=0.8))
        ax.add(Text(0.49, gap, f"lo = hi = bisect_left(words, {prefix!r}) = {lo}", size=10, ha="left",
                    va="center", colour=CARET))  # fmt: skip
    else:  # the two ends as bisect_left finds them: lo, where prefix would go in the list, and hi, after its words
        ends = [(lo, f"← lo = bisect_left(words, {prefix!r})"), (hi, "← hi: the first word after them")]
        for j, text in ends:
            if j in at_row:
                ax.add(Text(0.5, at_row[j], text, size=10, ha="left", va="center", colour="0.2"))
        inside_top, inside_bottom = max(inside) + step * 0.35, min(inside) - step * 0.35
        ax.add(
            Line(
                (0.32, 0.31, 0.31, 0.32),
                (inside_top, inside_top, inside_bottom, inside_bottom),
                colour="#3d85c6",
                width=1.0,
            )
        )
        for on_bar, at_list in ((y(lo), inside_top), (y(hi), inside_bottom)):
            ax.add(Line((bar_right, 0.31), (on_bar, at_list), colour="#3d85c6", width=0.8))
    note = f"{hi - lo} candidates: words[{lo}:{hi}],\nthe words that start with {prefix!r}"
    if empty:  # an empty range: where the prefix would sort, between two words that do not start with it
        note = f"no candidate: words[{lo}:{hi}] is empty,\nno word starts with {prefix!r}"
        if tried is not None:
            note += f": {(rows if tried[0] == 'row' else cols)[tried[1]]} is cut off"
    top_row = first_y + step * 0.9
    ax.add(Text(0.33, top_row, note, size=10, ha="left", va="bottom", colour=CARET if empty else "#1c4587"))
    return picture


def square_range_figure(
    search: SquareSearch,
    rows: Sequence[str],
    cols: Sequence[str],
    line: tuple[str, int],
    show: int = 5,
    tried: tuple[str, int] | None = None,
    cutoff: bool = False,
) -> Figure | Picture:
    """:func:`square_range_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(square_range_picture(search, rows, cols, line, show, tried, cutoff))


def tried_line(kind: str, rows: Sequence[str], cols: Sequence[str]) -> tuple[str, int]:
    """The line whose word a cut-off refused, from the prefixes the search reports with that word written in.

    The search places its lines in a fixed order (row 0, column 0, row 1, column 1, ...; a symmetric square its
    rows alone), each when the lines before it are whole: the refused word is in the last whole line before the
    first that is not (where every line is whole, in the last row, which completes the last column too).
    """
    n = len(rows)
    order = (
        [("row", i) for i in range(n)] if kind == "symmetric" else [(s, i) for i in range(n) for s in ("row", "col")]
    )
    whole = [len((rows if side == "row" else cols)[i]) == n for side, i in order]
    if not whole[0]:
        raise ValueError("no line is whole: no word has been tried yet")
    first_gap = whole.index(False) if False in whole else None
    return order[first_gap - 1] if first_gap is not None else ("row", n - 1)


def square_cutoff_picture(
    search: SquareSearch,
    rows: Sequence[str],
    cols: Sequence[str],
    cell: tuple[int, int],
    tried: tuple[str, int] | None = None,
) -> Picture:
    """A mask cut-off: the square as the search reports it, the line of the refused word outlined (``tried``, by
    default found by :func:`tried_line`) and titled 'trying WORD in row i'; then the letters the empty ``cell``'s
    row allows, those its column allows, and their (empty) meet.

    Each mask is labelled by the cell it is read for: row r's words' letter in column c (their position c, counting
    from 0 as the rows and columns are numbered), column c's words' letter in row r."""
    r, c = cell
    side, k = tried if tried is not None else tried_line(search.kind, rows, cols)
    word = (rows if side == "row" else cols)[k]
    trying = f"trying {word} in {'row' if side == 'row' else 'column'} {k}"
    caption = f"{trying}: cell ({r}, {c}), the letters its row allows, its column allows, and both"
    picture = Picture(9.0, 3.0, caption=caption)
    panel = square_panel(rows, cols, dead=[cell], bounds=(0.02, 0.08, 0.26, 0.76), outline=(side, k))
    square = picture.add_panel(panel)
    square.title, square.title_size, square.title_pad = trying, 10, 12
    row_mask = search.letters(rows[r], c)
    col_mask = search.letters(cols[c], r)
    lines = [
        (f"row {r}: words {rows[r]}…,\ntheir letters in column {c}", row_mask, "#3d85c6"),
        (f"column {c}: words {cols[c]}…,\ntheir letters in row {r}", col_mask, "#e69138"),
        ("both", row_mask & col_mask, "#a61c1c"),
    ]
    ax = picture.add_panel(Panel((0.3, 0.1, 0.69, 0.78), (-13.5, 26), (len(lines) + 0.2, -0.8), frame=False))
    for letter in range(26):
        ax.add(Text(letter, -0.65, chr(65 + letter), size=INDEX_SIZE, family=MONO))
    for n, (label, mask, colour) in enumerate(lines):
        ax.add(Text(-0.9, n, label, size=9, ha="right", va="center"))
        for letter in range(26):
            on = bool(mask >> letter & 1)
            face = colour if on else "white"
            ax.add(Rect(letter - 0.42, n - 0.32, 0.84, 0.64, face=face, edge="0.7", edge_width=0.5))
    if not row_mask & col_mask:
        cut = f"no letter fits cell ({r}, {c}) both ways: {word} is cut off"
        ax.add(Text(12.5, len(lines) - 0.05, cut, size=10, ha="center", va="baseline", colour="#a61c1c"))
    return picture


def square_cutoff_figure(
    search: SquareSearch,
    rows: Sequence[str],
    cols: Sequence[str],
    cell: tuple[int, int],
    tried: tuple[str, int] | None = None,
) -> Figure | Picture:
    """:func:`square_cutoff_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(square_cutoff_picture(search, rows, cols, cell, tried))
