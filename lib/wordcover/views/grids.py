"""Pictures of grids and puzzles: a word-search grid with its placements marked, a printable page, and the
compatibility of placements behind the clique count.

Each picture is described once (``grid_picture``, ``puzzle_picture``, ``compatibility_picture`` build a
:class:`~wordcover.views.picture.Picture`); ``grid_figure``, ``puzzle_page`` and ``compatibility_figure`` draw it
with matplotlib where it is installed and otherwise give the Picture, which shows itself as SVG. ``draw_grid``
draws the grid's panel on a matplotlib Axes; saving a PNG or PDF page needs matplotlib.
"""

from __future__ import annotations

import math
import pathlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..atomic_file import replacing, write_file
from ..errors import PuzzleError
from ..generator import Puzzle
from ..word_search import DIRECTIONS, Placement, letter_grid
from ._figure import figure_or_picture
from .colours import spread_colours
from .picture import (
    MONO,
    TICK_PAD,
    Arrow,
    Circle,
    Legend,
    LegendEntry,
    Line,
    Panel,
    Picture,
    Polygon,
    Rect,
    Text,
    Ticks,
    hex_colour,
    text_width,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..word_search import WordSearch

PAGE = (8.27, 11.69)  # A4 portrait, inches
STROKE_ALPHA = 0.45  # a placement's stroke over the letters: light enough to read them through
CLASH_SHARE = 1.5  # a cell of several letters ('L/D') is written at CLASH_SHARE / len(text) of a letter's size
SECOND_OFFSET = 0.3  # a reading on the very cells of an earlier one runs this much of a cell under the letters' middle
SECOND_WIDTH = 0.08  # its line's width in cells: between a letter's foot (0.2) and the first stroke's edge (0.4)
OUTLINE = "#cc0000"  # the red of an outlined cell, as the compatibility picture's solution
READING = "#5a5a5a"  # a reading's dashed outline, ring and arrowhead: grey, the colour of no found word
READING_RADIUS = 0.42  # a reading's outline runs this far (in cells) from the middle of the letters it reads
LARGE_NUMBERS = 12.0  # points: a readings picture's row and column numbers, with ``large``
READING_DASH = (3.0, 2.0)  # its dashes, on and off, in points for a line 1 point wide
THIN_OUTLINE = 1.2  # points: a thin outline's width, drawn under the strokes (``thin`` in grid_panel)
LABEL_SIZE = 10.0  # points: the compatibility picture's labels, title and key


def placement_colours(placements: Sequence[Placement]) -> list[str]:
    """A colour per placement, as :func:`~wordcover.views.colours.spread_colours` spreads them, with each
    placement's cells grown by one cell all round first: words that touch, and words with up to two rows or columns
    between them, get colours far apart (GAUSS over ABEL with one row between used to get two yellows)."""
    grown = [{(r + dr, c + dc) for r, c in p.cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)} for p in placements]
    return spread_colours(grown, STROKE_ALPHA)


def legend_labels(placements: Sequence[Placement]) -> list[str]:
    """A label per placement: the word, with its start and direction when the word is marked more than once."""
    counts: dict[str, int] = {}
    for p in placements:
        counts[p.word] = counts.get(p.word, 0) + 1
    return [str(p) if counts[p.word] > 1 else p.word for p in placements]


def darker(colour: str, factor: float = 0.6) -> str:
    """A '#rrggbb' colour with each channel scaled by ``factor``: a word's colour dark enough to mark on its stroke."""
    value = hex_colour(colour) or "#000000"
    return "#" + "".join(f"{round(int(value[k : k + 2], 16) * factor):02x}" for k in (1, 3, 5))


def direction_marks(
    placement: Placement,
    colour: str,
    cell_pt: float,
    edge: bool = False,
    shift: tuple[float, float] | None = None,
    mark_colour: str | None = None,
    reading: bool = False,
    wide: bool = False,
) -> tuple[Circle, Polygon]:
    """A ring round a placement's first letter and an arrowhead past its last one, pointing the way it reads.

    In cell units: the ring's radius 0.34 (round a letter set at 0.55 of a cell); the arrowhead 0.3 across, from 0.2
    to 0.42 of a cell beyond the last letter's centre along a row or a column, from 0.3 to 0.52 along a diagonal
    (where the letter reaches further towards the corner): clear of the letter, inside the stroke's rounded end and
    well inside the last letter's cell, never on the next one. With ``edge`` (the last cell is outlined, e.g. a
    clash where two words end) the arrowhead is smaller and pushed to the cell's edge, from 0.3 to 0.47 (0.4 to 0.62
    along a diagonal), 0.24 across, so that two arrowheads ending in one cell leave its letter free.

    With ``shift`` (a second reading on the same cells, drawn as a line ``shift`` away from the letters' middle) the
    start is a dot on that line in place of a ring, and the arrowhead, 0.18 across, runs from 0.33 to 0.48 of a cell
    past the last letter (0.43 to 0.64 along a diagonal) on the line: clear of the ring and the arrowhead of the
    reading whose cells it shares. ``mark_colour``, if given, is the ring's and the arrowhead's colour in place of
    ``colour`` darkened (a reading's grey, say).

    With ``reading`` (letters read, drawn inside a dashed outline READING_RADIUS from their middle) the arrowhead,
    0.28 across, runs from 0.2 to 0.38 of a cell past the last letter along a row or a column, from 0.24 to 0.39
    along a diagonal: inside the outline's round end, so that neither it nor the outline reaches the grid's frame
    (along a diagonal the 0.52 of a found word would poke through the outline at a corner cell). With ``wide`` too,
    the reading's arrowhead is 0.44 across and runs from 0.16 to 0.42 of a cell, 0.18 to 0.41 along a diagonal: up
    to the outline's end, for a picture whose text asks the reader to find the way each reading runs.
    """
    (r0, c0), (r1, c1) = placement.cells[0], placement.cells[-1]
    dr, dc = DIRECTIONS[placement.direction]
    length = (dr * dr + dc * dc) ** 0.5
    ux, uy = dc / length, dr / length  # along the word, in (column, row) units
    nx, ny = -uy, ux  # across it
    sx, sy = shift or (0.0, 0.0)
    if shift is not None:
        base, tip = (0.43, 0.64) if dr and dc else (0.33, 0.48)
        half = 0.09
    elif reading and wide:
        base, tip = (0.18, 0.41) if dr and dc else (0.16, 0.42)
        half = 0.22
    elif reading:
        base, tip = (0.24, 0.39) if dr and dc else (0.2, 0.38)
        half = 0.14
    elif edge:
        base, tip = (0.4, 0.62) if dr and dc else (0.3, 0.47)
        half = 0.12
    else:
        base, tip = (0.3, 0.52) if dr and dc else (0.2, 0.42)
        half = 0.15
    bx, by = c1 + sx + base * ux, r1 + sy + base * uy
    arrow = (
        (c1 + sx + tip * ux, r1 + sy + tip * uy),
        (bx + half * nx, by + half * ny),
        (bx - half * nx, by - half * ny),
    )
    dark = mark_colour or darker(colour)
    if shift is not None:
        start = Circle(c0 + sx, r0 + sy, 0.08, face=dark, zorder=4)
    else:
        start = Circle(c0, r0, 0.34, edge=dark, edge_width=max(1.0, min(2.0, 0.035 * cell_pt)), zorder=4)
    return start, Polygon(arrow, face=dark, edge="none", zorder=5)  # over an outlined cell's line


def second_shift(placement: Placement, times: int) -> tuple[float, float]:
    """How far, in (column, row) cell units, the ``times``-th reading on the very cells of an earlier one is drawn
    from their middle: SECOND_OFFSET across the word, below it (right of it where the word runs up or down); a
    third reading goes above, a fourth below again, and so on."""
    dr, dc = DIRECTIONS[placement.direction]
    length = (dr * dr + dc * dc) ** 0.5
    nx, ny = -dr / length, dc / length  # across the word
    if ny < 0 or (ny == 0 and nx < 0):  # the side below the word, or right of it
        nx, ny = -nx, -ny
    side = 1 if times % 2 else -1
    return side * SECOND_OFFSET * nx, side * SECOND_OFFSET * ny


def reading_outline(placement: Placement, cell_pt: float) -> Line:
    """A dashed grey outline round the letters a reading takes, READING_RADIUS of a cell from their middle, with
    round ends: the letters read in a direction, not a word found (a found word is a filled stroke in its colour)."""
    (r0, c0), (r1, c1) = placement.cells[0], placement.cells[-1]
    dr, dc = DIRECTIONS[placement.direction]
    length = (dr * dr + dc * dc) ** 0.5
    ux, uy = dc / length, dr / length  # along the reading, in (column, row) units
    nx, ny = -uy, ux  # across it
    points = []
    for (cx, cy), sign in (((c1, r1), 1), ((c0, r0), -1)):  # round the last letter's end, then the first's
        for k in range(17):
            angle = math.pi * k / 16
            across, along = math.cos(angle), math.sin(angle)
            points.append((cx + sign * READING_RADIUS * (nx * across + ux * along),
                           cy + sign * READING_RADIUS * (ny * across + uy * along)))  # fmt: skip
    points.append(points[0])
    xs, ys = zip(*points)
    width = max(1.0, min(1.6, 0.04 * cell_pt))
    return Line(tuple(xs), tuple(ys), colour=READING, width=width, cap="round", zorder=2, dash=READING_DASH)


def number_size(rows: int, cols: int, cell_pt: float) -> float:
    """The row and column numbers' size in points: 9, smaller where a cell is too narrow for a number."""
    return round(min(9.0, (0.7 if max(rows, cols) > 10 else 1.1) * cell_pt), 1)  # two digits need 1.2 em


def outlined(cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str]) -> list[tuple[tuple[int, int], str]]:
    """Cells to outline with their colours: a mapping (cell, colour) as it is, other cells in red."""
    if isinstance(cells, Mapping):
        return [((r, c), colour) for (r, c), colour in cells.items()]
    return [((r, c), OUTLINE) for r, c in cells]


def grid_panel(
    grid: Sequence[Sequence[str]],
    placements: Sequence[Placement] = (),
    legend: bool = True,
    labels: Sequence[str] | None = None,
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0),
    figure_width: float = 5.0,
    numbers: bool = False,
    directions: bool = False,
    cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str] = (),
    cells_label: str = "",
    colours: Sequence[str] | None = None,
    readings: Sequence[Placement] = (),
    thin: bool = False,
) -> Panel:
    """Letters in cells ('.' left empty; a row is a string, or a list whose cells may hold several letters, such as
    'L/D' where two words write different letters) and each placement as a rounded translucent stroke, in a panel at
    ``bounds`` of a picture ``figure_width`` inches wide (the letters and strokes follow the cell's size).

    Placements that touch get colours far apart; a placement on the very cells of an earlier one (a palindrome
    read back) is drawn as a thin line under the letters, inside the earlier stroke, so that both show and the
    letters stay clear (:func:`second_shift`). ``labels`` name the placements in the legend.
    ``numbers`` writes the row numbers left of the grid and the column numbers above it, from 0, as a
    placement's (row, column) counts them. ``directions`` marks where each placement starts (a ring round its
    first letter) and which way it reads (an arrowhead past its last letter), both in its colour darkened, so a
    word running north or west does not read backwards. ``cells`` outlines the given (row, column) cells: in red,
    or in the colour a mapping gives each; ``cells_label`` names them in the legend, under the words.
    ``colours``, if given, is the colour of each placement in turn, in place of the spread described above (so
    grids side by side can give a word the same colour in each). ``readings`` are letters read in a direction that
    are not a word found (say, the four letters a four-letter word would take from a cell): each gets a dashed grey
    outline round its letters (:func:`reading_outline`), not a stroke, and with ``directions`` a grey ring and
    arrowhead; the legend names each one with its start and direction, under the words. With ``thin`` the outlines
    are THIN_OUTLINE points wide and drawn under the translucent strokes, so that many of them on marked words
    leave the strokes and letters clear.
    """
    rows, cols = len(grid), len(grid[0])
    panel = Panel(bounds, (-0.5, cols - 0.5), (rows - 0.5, -0.5), aspect="equal")
    for r in range(rows + 1):
        panel.add(Line((-0.5, cols - 0.5), (r - 0.5, r - 0.5), colour="0.85", width=0.6, zorder=0))
    for c in range(cols + 1):
        panel.add(Line((c - 0.5, c - 0.5), (-0.5, rows - 0.5), colour="0.85", width=0.6, zorder=0))
    # letter size and stroke width follow the cell size in points
    cell_pt = 72 * bounds[2] * figure_width / max(rows, cols)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != ".":  # a cell of several letters ('L/D': two words clash there) is written smaller, to fit
                shrink = min(1.0, CLASH_SHARE / len(ch))
                panel.add(Text(c, r, ch, size=0.55 * cell_pt * shrink, family=MONO, zorder=3))
    entries = []
    if colours is None:
        colours = placement_colours(placements)
    elif len(colours) != len(placements):
        raise ValueError(f"{len(colours)} colours for {len(placements)} placements")
    boxes = outlined(cells)
    edged = {cell for cell, _ in boxes}  # an arrowhead ending in an outlined cell keeps to the cell's edge
    before: dict[frozenset[tuple[int, int]], int] = {}  # strokes already drawn on exactly these cells
    for p, colour, label in zip(placements, colours, labels or legend_labels(placements)):
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
        times = before.get(frozenset(p.cells), 0)
        before[frozenset(p.cells)] = times + 1
        shift = second_shift(p, times) if times else None
        if shift is None:
            panel.add(Line((c0, c1), (r0, r1), colour=colour, width=0.8 * cell_pt, alpha=STROKE_ALPHA, cap="round"))
            entries.append(LegendEntry(label, colour, width=6, alpha=0.6, cap="round"))
        else:  # on the cells of an earlier stroke: a thin line beside the letters, so that they stay clear
            dr, dc = DIRECTIONS[p.direction]
            reach = (0.43 if dr and dc else 0.33) / (dr * dr + dc * dc) ** 0.5 if directions else 0.0
            xs = (c0 + shift[0], c1 + shift[0] + reach * dc)  # on to the arrowhead's base, when there is one
            ys = (r0 + shift[1], r1 + shift[1] + reach * dr)
            panel.add(Line(xs, ys, colour=darker(colour, 0.85), width=SECOND_WIDTH * cell_pt, cap="round", zorder=3))
            entries.append(LegendEntry(label, darker(colour, 0.85), width=2.5, cap="round"))
        if directions:
            panel.add(*direction_marks(p, colour, cell_pt, edge=p.cells[-1] in edged, shift=shift))
    for p in readings:
        panel.add(reading_outline(p, cell_pt))
        entries.append(LegendEntry(f"{p.word}, read {p.direction} from ({p.row},{p.col})", READING, width=1.5,
                                   cap="round", dash=READING_DASH))  # fmt: skip
        if directions:
            panel.add(*direction_marks(p, READING, cell_pt, mark_colour=READING, reading=True))
    for (r, c), colour in boxes:
        if not (0 <= r < rows and 0 <= c < cols):
            raise ValueError(f"cell ({r},{c}) is outside the {rows} x {cols} grid")
        width = THIN_OUTLINE if thin else max(1.5, min(2.5, 0.05 * cell_pt))
        inset = width / 2 / cell_pt  # the whole line inside the cell, none of it cut off at the grid's edge
        side = 1 - 2 * inset
        panel.add(Rect(c - 0.5 + inset, r - 0.5 + inset, side, side, edge=colour, edge_width=width,
                       zorder=0.5 if thin else 4.5))  # fmt: skip
    if cells_label and boxes:
        entries.append(LegendEntry(cells_label, "none", patch=True, edge=boxes[0][1]))
    if numbers:
        size = number_size(rows, cols, cell_pt)
        panel.ticks.append(
            Ticks("left", tuple(range(rows)), tuple(map(str, range(rows))), size, colours=("0.35",) * rows)
        )
        panel.ticks.append(
            Ticks("top", tuple(range(cols)), tuple(map(str, range(cols))), size, colours=("0.35",) * cols)
        )
    if legend and entries:
        panel.legend = Legend(tuple(entries), size=9, anchor=(1.02, 1.0))
    return panel


def draw_grid(
    ax: Axes,
    grid: Sequence[Sequence[str]],
    placements: Sequence[Placement] = (),
    legend: bool = True,
    labels: Sequence[str] | None = None,
    numbers: bool = False,
    directions: bool = False,
    cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str] = (),
    cells_label: str = "",
) -> None:
    """The grid's panel (see :func:`grid_panel`, which says what ``numbers``, ``directions``, ``cells`` and
    ``cells_label`` add) drawn on a matplotlib Axes."""
    from ._render_mpl import draw_panel, figure_of

    left, bottom, width, height = ax.get_position().bounds
    bounds = (left, bottom, width, height)
    fig_width = figure_of(ax).get_figwidth()
    panel = grid_panel(grid, placements, legend, labels, bounds, fig_width, numbers, directions, cells, cells_label)
    draw_panel(ax, panel)


def _grid_caption(
    grid: Sequence[Sequence[str]], labels: Sequence[str], numbers: bool, directions: bool, cells: int
) -> str:
    marked = f", marked: {', '.join(labels)}" if labels else ""
    extras = [
        *(["rows and columns numbered from 0"] if numbers else []),
        *(["a ring on each word's first letter and an arrowhead the way it reads"] if directions and labels else []),
        *([f"{cells} cell{'s' if cells != 1 else ''} outlined"] if cells else []),
    ]
    return f"a word-search grid of {len(grid)} rows and {len(grid[0])} columns{marked}" + "".join(
        f"; {extra}" for extra in extras
    )


def grid_picture(
    grid: Sequence[Sequence[str]],
    placements: Sequence[Placement] = (),
    size: float = 5.0,
    labels: Sequence[str] | None = None,
    numbers: bool = False,
    directions: bool = False,
    cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str] = (),
    cells_label: str = "",
    title: str = "",
    readings: Sequence[Placement] = (),
    colours: Mapping[str, str] | Sequence[str] | None = None,
    thin: bool = False,
) -> Picture:
    """A square picture of one grid, with a legend beside it when words are marked (``labels`` name them);
    ``numbers``, ``directions``, ``cells``, ``cells_label``, ``readings`` and ``thin`` as :func:`grid_panel` says, and
    ``title`` over the grid. With ``numbers`` the grid moves in from the left and top edges to leave room for them.
    ``colours`` is a colour per placement in turn, or a mapping from each word to its colour (say
    :func:`run_colours` of a placer's run, so that the grid shows each word in the colour its stack pictures give
    it); without it the colours are spread as :func:`placement_colours` spreads them."""
    listed = cells if isinstance(cells, Mapping) else list(cells)
    wide = 1.45 if placements or readings or (cells_label and listed) else 1.0
    picture = Picture(size * wide, size)
    room = 0.0  # inches left of and above the grid for its numbers
    if numbers:  # the widest number, its pad and a little air, at the size the numbers will have
        rows, cols = len(grid), len(grid[0])
        cell_pt = 72 * 0.94 * size / max(rows, cols)
        numeral = number_size(rows, cols, cell_pt)
        room = (TICK_PAD + max(numeral, text_width(str(max(rows, cols) - 1), numeral)) + 2) / 72
    bounds = (0.03 + room / picture.width, 0.03, (0.94 * size - room) / picture.width, 0.94 - room / size)
    if isinstance(colours, Mapping):
        colours = [colours[p.word] for p in placements]
    panel = grid_panel(
        grid, placements, True, labels, bounds, picture.width, numbers, directions, listed, cells_label,
        colours=colours, readings=readings, thin=thin,
    )  # fmt: skip
    panel.title, panel.title_size = title, LABEL_SIZE
    picture.add_panel(panel)
    caption = _grid_caption(grid, list(labels or legend_labels(placements)), numbers, directions, len(listed))
    if readings:
        caption += "; read, not found (a dashed outline): " + ", ".join(
            f"{p.word} {p.direction} from ({p.row},{p.col})" for p in readings
        )
    if cells_label and listed:
        caption += f" ({cells_label})"
    picture.caption = f"{title}: {caption}" if title else caption
    return picture


def grid_figure(
    grid: Sequence[Sequence[str]],
    placements: Sequence[Placement] = (),
    size: float = 5.0,
    labels: Sequence[str] | None = None,
    numbers: bool = False,
    directions: bool = False,
    cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str] = (),
    cells_label: str = "",
    title: str = "",
    readings: Sequence[Placement] = (),
    colours: Mapping[str, str] | Sequence[str] | None = None,
    thin: bool = False,
) -> Figure | Picture:
    """:func:`grid_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(
        grid_picture(
            grid, placements, size, labels, numbers, directions, cells, cells_label, title, readings, colours, thin
        )
    )


def stack_picture(
    grid: Sequence[str],
    frames: Sequence[tuple[Placement | str, int]],
    size: float = 3.5,
    cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str] = (),
    cells_label: str = "",
    title: str = "",
    colours: Mapping[str, str] | None = None,
    directions: bool = True,
) -> Picture:
    """A backtracking placer's stack beside its grid.

    ``frames`` lists the stack from the bottom up, one (placement, tries left) a word placed and (word, tries left)
    for a word not placed (the top frame, being tried). Left, the grid ``size`` inches square with the placed words
    as :func:`grid_panel` draws them, rows and columns numbered, ``cells`` outlined; right, one box a frame, the
    bottom frame lowest, each in its word's colour, naming the word, where it stands and the tries it has left. A
    word not placed gets a white box with a red edge. ``cells_label`` says under the stack what the outlines mark;
    ``title`` goes over the grid. ``colours``, a colour per word, keeps a word's colour from one stack picture to
    the next (without it the words are coloured as :func:`grid_panel` spreads them). ``directions``: a ring on each
    placed word's first letter and an arrowhead the way it reads, as the answer keys draw them.
    """
    placed = [what for what, _ in frames if isinstance(what, Placement)]
    chosen = [colours[p.word] for p in placed] if colours is not None else placement_colours(placed)
    colours_left = iter(chosen)  # the box colours, the grid's in the same order
    rows, cols = len(grid), len(grid[0])
    cell_pt = 72 * 0.94 * size / max(rows, cols)
    numeral = number_size(rows, cols, cell_pt)
    room = (TICK_PAD + max(numeral, text_width(str(max(rows, cols) - 1), numeral)) + 2) / 72
    gap, column = 0.35, 2.6  # inches between the grid and the stack; the stack's width
    picture = Picture(size + gap + column, size)
    bounds = (0.03 * size / picture.width + room / picture.width, 0.03, (0.94 * size - room) / picture.width,
              0.94 - room / size)  # fmt: skip
    listed = cells if isinstance(cells, Mapping) else list(cells)
    panel = grid_panel(grid, placed, False, None, bounds, picture.width, True, directions, listed, colours=chosen)
    panel.title, panel.title_size = title, LABEL_SIZE
    picture.add_panel(panel)
    left = (size + gap) / picture.width
    stack = picture.add_panel(Panel((left, 0.0, column / picture.width, 1.0), (0, column), (0, size), frame=False))
    bottom, top = 0.03 * size + (0.3 if cells_label else 0.0), 0.97 * size - room - 0.25
    step = min(0.62, (top - bottom) / max(1, len(frames)))
    box, text_size = step - 0.1, min(LABEL_SIZE, (step - 0.1) * 72 / 2.7)
    for k, (what, left_tries) in enumerate(frames):
        y = bottom + k * step
        tries = f"{left_tries:,} {'try' if left_tries == 1 else 'tries'} left"
        if isinstance(what, Placement):
            name, face, edge, alpha = str(what), next(colours_left), "0.5", STROKE_ALPHA
        else:
            name, face, edge, alpha = f"{what}, not placed", "white", OUTLINE, 1.0
        stack.add(Rect(0, y, column, box, face=face, alpha=alpha, zorder=1))
        stack.add(Rect(0, y, column, box, edge=edge, edge_width=1.2, zorder=2))
        stack.add(Text(0.12, y + box / 2, f"{name}\n{tries}", size=text_size, ha="left", va="center", zorder=3))
    heading = "the stack, its top frame above"
    stack.add(Text(0, bottom + len(frames) * step, heading, size=LABEL_SIZE, ha="left", va="bottom", colour="0.35"))
    if cells_label and listed:
        colour = outlined(listed)[0][1]
        stack.add(Rect(0.02, 0.03 * size, 0.2, 0.2, edge=colour, edge_width=1.5, zorder=2))
        stack.add(Text(0.32, 0.03 * size + 0.1, cells_label, size=LABEL_SIZE, ha="left", va="center"))
    stuck = [what for what, _ in frames if not isinstance(what, Placement)]
    picture.caption = (
        f"a backtracking placer's stack of {len(frames)} frames beside its grid of {rows} rows and {cols} columns: "
        + "; ".join(
            f"{what}, {n} tries left" if isinstance(what, Placement) else f"{what} not placed, {n} tries left"
            for what, n in frames
        )
        + (f"; {len(listed)} cells outlined ({cells_label})" if listed else "")
        + (f"; {', '.join(stuck)} being tried" if stuck else "")
    )
    return picture


def stack_figure(
    grid: Sequence[str],
    frames: Sequence[tuple[Placement | str, int]],
    size: float = 3.5,
    cells: Iterable[tuple[int, int]] | Mapping[tuple[int, int], str] = (),
    cells_label: str = "",
    title: str = "",
    colours: Mapping[str, str] | None = None,
) -> Figure | Picture:
    """:func:`stack_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(stack_picture(grid, frames, size, cells, cells_label, title, colours))


def run_colours(run: Sequence[tuple[str, Any, Sequence[int]]]) -> dict[str, str]:
    """A colour for each word of a placer's recorded run (see :func:`placer_stack_picture`): spread as
    :func:`placement_colours` spreads them over each word's first place in the run, so that every picture of the run
    (its stacks, and a grid given ``colours=run_colours(run)``) shows a word in one colour."""
    firsts: dict[str, Placement] = {}
    for kind, what, *_ in run:
        if kind == "place":
            firsts.setdefault(what.word, what)
    return dict(zip(firsts, placement_colours(list(firsts.values()))))


def placer_stack_picture(
    run: Sequence[tuple[str, Any, Sequence[int]]],
    step: int,
    words: Sequence[str],
    rows: int,
    cols: int,
    title: str = "",
) -> Picture:
    """The stack and grid after step ``step`` (from 1) of a placer's recorded run, each word one colour all run long.

    ``run`` is the list of (kind, what, tries left in each frame) a placer's trace heard (``backtracking_puzzle``
    with ``tries_left=True``, or notebook 2's ``place_words``), ``words`` the words in the order they are placed;
    each word has its :func:`run_colours` colour.
    Where step ``step`` takes a word back, the cells it empties (those of the word that no word still placed holds,
    the cells the word wrote) are outlined in the word's colour, darkened, and named under the stack.
    """
    placed: list[Placement] = []
    for kind, what, _ in run[:step]:
        if kind == "place":
            placed.append(what)
        elif kind == "remove":
            placed.pop()
    colours = run_colours(run)
    kind, what, left = run[step - 1]
    frames = [(placed[k] if k < len(placed) else words[k], n) for k, n in enumerate(left)]
    emptied: dict[tuple[int, int], str] = {}
    label = ""
    if kind == "remove":
        held = {cell for p in placed for cell in p.cells}
        emptied = {cell: darker(colours[what.word]) for cell in what.cells if cell not in held}
        label = f"emptied: the cells {what.word} wrote"
    return stack_picture(letter_grid(rows, cols, placed), frames, cells=emptied, cells_label=label, title=title,
                         colours=colours)  # fmt: skip


def placer_stack_figure(
    run: Sequence[tuple[str, Any, Sequence[int]]],
    step: int,
    words: Sequence[str],
    rows: int,
    cols: int,
    title: str = "",
) -> Figure | Picture:
    """:func:`placer_stack_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(placer_stack_picture(run, step, words, rows, cols, title))


def readings_picture(
    grid: Sequence[str], placements: Sequence[Placement], columns: int = 4, size: float = 2.0, large: bool = False
) -> Picture:
    """One small numbered grid a placement, ``columns`` to a row, each ``size`` inches wide and titled with the
    placement's direction and word: drawn as a reading (:func:`reading_outline`: a dashed grey outline, not a found
    word's stroke) with its ring and arrowhead, alone, so readings that share cells (every direction read from one
    cell) do not hide one another's marks, and no colour has to tell them apart. With ``large`` the arrowheads are
    wide (:func:`direction_marks`) and the row and column numbers LARGE_NUMBERS points, or as big as a cell allows."""
    rows, cols = len(grid), len(grid[0])
    gap, title = 0.15, 0.3  # inches between panels, and above each for its title
    side = size - gap
    cell_pt = 72 * side / max(rows, cols)
    numeral = min(LARGE_NUMBERS, 0.45 * cell_pt) if large else number_size(rows, cols, cell_pt)
    room = (TICK_PAD + max(numeral, text_width(str(max(rows, cols) - 1), numeral)) + 2) / 72
    side -= room
    tile = title + room + side + gap
    lines = -(-len(placements) // columns)
    picture = Picture(columns * size, lines * tile)
    for k, p in enumerate(placements):
        line, column = divmod(k, columns)
        left = column * size + room
        bottom = picture.height - (line * tile + title + room + side)
        bounds = (left / picture.width, bottom / picture.height, side / picture.width, side / picture.height)
        panel = grid_panel(grid, (), False, None, bounds, picture.width, numbers=not large, directions=not large,
                           readings=[p])  # fmt: skip
        if large:  # the numbers and the ring and arrowhead drawn here, bigger than grid_panel draws them
            down, across = tuple(range(rows)), tuple(range(cols))
            panel.ticks.append(Ticks("left", down, tuple(map(str, down)), numeral, colours=("0.35",) * rows))
            panel.ticks.append(Ticks("top", across, tuple(map(str, across)), numeral, colours=("0.35",) * cols))
            panel.add(*direction_marks(p, READING, 72 * side / max(rows, cols), mark_colour=READING, reading=True,
                                       wide=True))  # fmt: skip
        panel.title, panel.title_size = f"{p.direction}: {p.word}", LABEL_SIZE
        picture.add_panel(panel)
    picture.caption = (
        f"{len(placements)} copies of a word-search grid of {rows} rows and {cols} columns, rows and columns "
        f"numbered from 0, each marking one reading with a dashed outline, a ring on its first letter and an "
        f"arrowhead the way it reads: {', '.join(f'{p.direction} {p.word}' for p in placements)}"
    )
    return picture


def readings_figure(
    grid: Sequence[str], placements: Sequence[Placement], columns: int = 4, size: float = 2.0, large: bool = False
) -> Figure | Picture:
    """:func:`readings_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(readings_picture(grid, placements, columns, size, large))


WORD_LIST_SIZE = 18.0  # points: the word list under a page's grid, smaller only where a long word needs it
PAGE_GAP = 0.4  # inches between the two pages when both are shown side by side


def _page(picture: Picture, puzzle: Puzzle, key: bool, heading: str, left: float) -> None:
    """Draw one A4 page into ``picture``, its left edge ``left`` inches from the picture's: the heading, the grid
    (with the words marked when ``key``) and the word list below it, in three columns."""

    def x(fraction: float) -> float:  # a fraction of the page across, as a fraction of the picture
        return (left + fraction * PAGE[0]) / picture.width

    picture.overlay.append(Text(x(0.5), 0.955, heading, size=20, ha="center", va="top", weight="bold"))
    cell = min(0.84 * PAGE[0] / puzzle.cols, 0.6 * PAGE[1] / puzzle.rows)  # inches per cell
    width, height = cell * puzzle.cols / PAGE[0], cell * puzzle.rows / PAGE[1]
    bounds = (x((1 - width) / 2), 0.92 - height, width * PAGE[0] / picture.width, height)
    marked = puzzle.placements if key else ()  # the key marks each word with its ring and arrowhead, as notebook 1 does
    picture.add_panel(grid_panel(puzzle.grid, marked, False, None, bounds, picture.width, directions=key))
    columns, column_width = 3, 0.28 * PAGE[0] * 72 - 12  # points a column's words may take, a little air kept
    per_column = -(-len(puzzle.words) // columns)
    longest = max(puzzle.words, key=len)
    size = min(WORD_LIST_SIZE, WORD_LIST_SIZE * column_width / text_width(longest, WORD_LIST_SIZE, MONO))
    top = 0.88 - height
    colour_of = dict(zip((p.word for p in marked), placement_colours(marked)))  # the key's colours, as drawn
    for k, word in enumerate(sorted(puzzle.words)):
        spot = x(0.12 + 0.28 * (k // per_column)), top - 0.03 * (k % per_column)
        picture.overlay.append(Text(*spot, word, size=round(size, 1), ha="left", va="top", family=MONO))
        if word in colour_of:  # on the key, a swatch of the word's stroke before it: a key from colour to word
            mid = spot[1] - 0.36 * size / 72 / PAGE[1]
            xs = (x(0.09 + 0.28 * (k // per_column)), spot[0] - 0.008 * PAGE[0] / picture.width)  # inside the margin
            picture.overlay.append(
                Line(xs, (mid, mid), colour=colour_of[word], width=0.8 * size, alpha=STROKE_ALPHA, cap="butt")
            )


def puzzle_picture(puzzle: Puzzle, key: bool = False, title: str | None = None, both: bool = False) -> Picture:
    """An A4 page: the grid (with the words marked when ``key``, each with a ring on its first letter and an
    arrowhead the way it reads) and the word list below it. With ``both``, the puzzle page and the answer-key page
    side by side, each framed in grey as a sheet of paper, as a PDF holds them."""
    if both:
        heading = title or "Word search"
        picture = Picture(
            2 * PAGE[0] + PAGE_GAP,
            PAGE[1],
            caption=f"two A4 pages, {heading} and its answer key: a {puzzle.rows} x {puzzle.cols} grid and "
            f"{len(puzzle.words)} words",
        )
        for left, on_key, name in ((0.0, False, heading), (PAGE[0] + PAGE_GAP, True, "Answer key")):
            page = Rect(left / picture.width, 0, PAGE[0] / picture.width, 1, face="none", edge="0.6", edge_width=1)
            picture.overlay.append(page)
            _page(picture, puzzle, on_key, name, left)
        return picture
    heading = title or ("Answer key" if key else "Word search")
    picture = Picture(*PAGE, caption=f"{heading}: a {puzzle.rows} x {puzzle.cols} grid and {len(puzzle.words)} words")
    _page(picture, puzzle, key, heading, 0.0)
    return picture


def puzzle_page(puzzle: Puzzle, key: bool = False, title: str | None = None, both: bool = False) -> Figure | Picture:
    """:func:`puzzle_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture itself."""
    return figure_or_picture(puzzle_picture(puzzle, key, title, both))


def save_puzzle(puzzle: Puzzle, path: str | pathlib.Path, key: bool = False) -> None:
    """Save as .txt (letters only; with ``key`` the key grid), .png (one page) or .pdf (puzzle and key pages).

    A .png or .pdf page needs matplotlib: without it, :class:`~wordcover.errors.ExtraNeeded` before any file is
    touched.
    """
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix == ".txt":
        write_file(path, puzzle.text(key))
    elif suffix == ".png":
        from ._render_mpl import picture_figure  # matplotlib writes the file: without it, ExtraNeeded

        with replacing(path, binary=True) as handle:
            page = picture_figure(puzzle_picture(puzzle, key=key))
            page.savefig(handle, format="png", dpi=100, metadata={"Software": None})
    elif suffix == ".pdf":
        from ._matplotlib import PdfPages
        from ._render_mpl import picture_figure

        no_dates = {"CreationDate": None, "ModDate": None, "Producer": None}
        with replacing(path, binary=True) as handle, PdfPages(handle, metadata=no_dates) as pdf:
            if not key:
                pdf.savefig(picture_figure(puzzle_picture(puzzle)))
            pdf.savefig(picture_figure(puzzle_picture(puzzle, key=True)))
    else:
        raise PuzzleError(f"cannot save {path.name}: use a .txt, .png or .pdf file name")


def compatibility_picture(ws: WordSearch, solution: Sequence[int] = ()) -> Picture:
    """Every pair of placements of different words, dark where they agree on the cells they share.

    The placements are grouped by word; a solution is one placement per word with every pair agreeing, and
    ``solution`` (option indices) is outlined in red, beside its grid.
    """
    from ..cliques import compatibility

    compatible, _ = compatibility(ws)
    groups = [[k for k, p in enumerate(ws.placements) if p.word == w] for w in ws.words]
    order = [k for group in groups for k in group]
    where = {k: n for n, k in enumerate(order)}
    word_of = {k: a for a, group in enumerate(groups) for k in group}
    index_in = {k: n for group in groups for n, k in enumerate(group)}
    size = len(order)
    chosen = list(solution)
    labels = tuple(
        f"{ws.placements[k].word} ({ws.placements[k].row},{ws.placements[k].col}) {ws.placements[k].direction}"
        for k in order
    )
    # laid out in inches: the grid, its title and the key down the left; the matrix at the bottom right with its
    # labels left of it and above it, each row and column a little taller than a line of its labels
    margin, gap, grid_side, title, cell = 0.1, 0.35, 2.4, 0.3, 0.22
    note = (
        "dark: the two placements agree\non every cell they share\nwhite: they clash\ngrey: the same word"
        "\nred: the solution's pairs"
    )
    note_height = LABEL_SIZE * 1.2 * (note.count("\n") + 1) / 72
    label_room = (TICK_PAD + max(text_width(label, LABEL_SIZE, MONO) for label in labels) + 2) / 72
    side = size * cell
    left_column = title + grid_side + 0.25 + note_height
    height = math.ceil(10 * (2 * margin + max(side + label_room, left_column))) / 10  # whole tenths of an inch
    width = math.ceil(10 * (margin + grid_side + gap + label_room + side + margin)) / 10
    picture = Picture(width, height, caption="which pairs of placements agree on the cells they share, with a solution")
    grid = ws.grid(chosen) if chosen else ["." * ws.cols] * ws.rows
    grid_top = max(margin + note_height + 0.25 + grid_side, min(height - margin - title, margin + side))
    bounds = (margin / width, (grid_top - grid_side) / height, grid_side / width, grid_side / height)
    panel = picture.add_panel(grid_panel(grid, ws.decode(chosen), False, None, bounds, width))
    panel.title, panel.title_size = "a solution: one placement per word", LABEL_SIZE
    picture.overlay.append(
        Text(margin / width, (grid_top - grid_side - 0.25) / height, note, LABEL_SIZE, "left", "top")
    )
    matrix_left = margin + grid_side + gap + label_room
    matrix_bounds = (matrix_left / width, margin / height, side / width, side / height)
    matrix = picture.add_panel(Panel(matrix_bounds, (0, size), (size, 0), aspect="equal"))
    for k in order:
        for m in order:
            a, b = word_of[k], word_of[m]
            if a == b:
                face = "0.93"  # two placements of one word: never together (one primary item)
            elif compatible[a][b][index_in[k], index_in[m]]:
                face = "0.25"
            else:
                face = "white"
            matrix.add(Rect(where[m], where[k], 1, 1, face=face, edge="0.8", edge_width=0.3))
    for k in chosen:
        for m in chosen:
            if k != m:
                matrix.add(Rect(where[m], where[k], 1, 1, face=OUTLINE, edge="0.8", edge_width=0.3, zorder=3))
    edge = 0
    for group in groups[:-1]:
        edge += len(group)
        matrix.add(Line((0, size), (edge, edge), colour="0.3", width=1.2))
        matrix.add(Line((edge, edge), (0, size), colour="0.3", width=1.2))
    colours = tuple(OUTLINE if k in chosen else "black" for k in order)
    middles = tuple(n + 0.5 for n in range(size))
    matrix.ticks.append(Ticks("left", middles, labels, size=LABEL_SIZE, family=MONO, colours=colours))
    matrix.ticks.append(Ticks("top", middles, labels, size=LABEL_SIZE, family=MONO, rotation=90, colours=colours))
    return picture


def compatibility_figure(ws: WordSearch, solution: Sequence[int] = ()) -> Figure | Picture:
    """:func:`compatibility_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(compatibility_picture(ws, solution))


MASK_BLUE, COUNTED = "#3d85c6", "#E69F00"  # a placement a mask keeps; a pair mask · C · mask counts
MASK_KEY = (  # the faces of the mask picture's squares, and what each means
    (MASK_BLUE, "kept by the mask: agrees with {a}"),
    (COUNTED, "counted: kept by both masks, {b} and {c} agree"),
    ("white", "kept by both masks, but {b} and {c} clash"),
    ("0.78", "left out by a mask"),  # grey enough to tell from a white square at a glance
)


def mask_picture(ws: WordSearch, tables: Any, words: Sequence[str], i: int) -> Picture:
    """One step of counting cliques with matrix products: for placement ``i`` of the first of three ``words``, the
    table of the other two (a row for each placement of the second, a column for each of the third, filled where
    they agree) with the two masks beside it, the placements of each that agree with that first placement.

    ``tables[a][b][j][k]`` says whether placement j of word a and placement k of word b agree (a and b indices
    in ``ws.words``), as :func:`wordcover.cliques.compatibility` gives it. The squares counted by
    ``mask · table · mask`` are orange; the title says the count, reckoned here square by square.
    """
    if len(words) != 3 or len(set(words)) != 3:
        raise ValueError("mask_picture needs three different words")
    missing = [w for w in words if w not in ws.words]
    if missing:
        raise ValueError(f"{', '.join(missing)}: not among the puzzle's words {', '.join(ws.words)}")
    a, b, c = (ws.words.index(w) for w in words)
    group = {w: [p for p in ws.placements if p.word == w] for w in words}
    if not 0 <= i < len(group[words[0]]):
        raise ValueError(f"{words[0]} has placements 0 to {len(group[words[0]]) - 1}, not {i}")
    rows = [bool(v) for v in tables[a][b][i]]
    cols = [bool(v) for v in tables[a][c][i]]
    table = [[bool(v) for v in row] for row in tables[b][c]]
    height, width = len(rows), len(cols)
    row_labels = [f"{words[1]} ({p.row},{p.col}) {p.direction}" for p in group[words[1]]]
    col_labels = [f"{words[2]} ({p.row},{p.col}) {p.direction}" for p in group[words[2]]]
    size = 11.0
    cell = 0.42  # inches a square
    key = [(face, text.format(a=words[0], b=words[1], c=words[2])) for face, text in MASK_KEY]
    key_width = (max(text_width(text, size) for _, text in key) + 3 * size) / 72 + 0.2
    label_room = (max(text_width(t, size, MONO) for t in [*row_labels, *col_labels]) + 6) / 72
    title_room = 0.5
    units = (width + 1.55, height + 1.55)  # the table and the mask beside it, in squares
    panel_w, panel_h = units[0] * cell, units[1] * cell
    page_w = math.ceil(10 * (0.15 + label_room + panel_w + key_width + 0.15)) / 10  # whole tenths of an inch
    page_h = math.ceil(10 * (title_room + label_room + panel_h + 0.15)) / 10
    chosen = group[words[0]][i]
    counted = sum(rows[j] and cols[k] and table[j][k] for j in range(height) for k in range(width))
    title = f"{words[0]} at ({chosen.row},{chosen.col}) {chosen.direction}:  mask · C[{words[1]}][{words[2]}] · mask"
    title += f" = {counted}"
    picture = Picture(page_w, page_h, caption=title)
    bounds = ((0.15 + label_room) / page_w, 0.15 / page_h, panel_w / page_w, panel_h / page_h)
    panel = picture.add_panel(Panel(bounds, (-1.5, width + 0.05), (height + 0.05, -1.5), aspect="equal", frame=False))
    for j in range(height):
        for k in range(width):
            kept = rows[j] and cols[k]
            face = (COUNTED if table[j][k] else "white") if kept else "0.78"
            panel.add(Rect(k, j, 1, 1, face=face, edge="0.6", edge_width=0.8))
    for n, on in enumerate(rows):  # the second word's mask left of the table, the third's above it
        panel.add(Rect(-1.4, n, 1, 1, face=MASK_BLUE if on else "white", edge="0.6", edge_width=0.8))
    for n, on in enumerate(cols):
        panel.add(Rect(n, -1.4, 1, 1, face=MASK_BLUE if on else "white", edge="0.6", edge_width=0.8))
    for n, label in enumerate(row_labels):
        panel.add(Text(-1.6, n + 0.5, label, size, ha="right", family=MONO))
    for n, label in enumerate(col_labels):
        panel.add(Text(n + 0.5, -1.6, label, size, va="bottom", family=MONO, rotation=90))
    panel.legend = Legend(
        tuple(LegendEntry(text, face, patch=True, edge="0.6") for face, text in key), size, (1.02, 1.0)
    )
    picture.overlay.append(Text(0.15 / page_w, 1 - 0.12 / page_h, title, size + 2, ha="left", va="top"))
    return picture


def mask_figure(ws: WordSearch, tables: Any, words: Sequence[str], i: int) -> Figure | Picture:
    """:func:`mask_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(mask_picture(ws, tables, words, i))


TAKEN_BACK = "#d62728"  # the red of a cell whose word was taken back: the more times, the stronger


def taken_back_picture(
    words: Sequence[str],
    runs: Sequence[tuple[str, Mapping[str, int], str]],
    title: str = "",
) -> Picture:
    """How many times a backtracking placer took each word back, one row a run: a table with a column a word, in the
    order the words are placed, and a row a run, named ``runs[k][0]`` on the left, its outcome ``runs[k][2]`` on the
    right. A cell holds its count, on white where it is 0 and on a red the stronger the more times (on a log scale
    up to the table's largest count), so the words never taken back show as white columns."""
    cell, row, name_room, outcome_room = 0.62, 0.3, 0.7, 1.9  # inches: a column, a row, the run names, the outcomes
    width, height = name_room + cell * len(words) + outcome_room, row * len(runs) + 0.6
    picture = Picture(width, height)
    left, right = name_room / width, outcome_room / width
    top_room = 0.5 / height
    panel = Panel((left, 0.03, 1 - left - right, 1 - top_room - 0.03), (0, len(words)), (len(runs), 0), frame=False)
    largest = max((count for _, counts, _ in runs for count in counts.values()), default=0)
    for r, (_, counts, outcome) in enumerate(runs):
        for c, word in enumerate(words):
            n = counts.get(word, 0)
            if n:
                strength = 0.15 + 0.75 * math.log1p(n) / math.log1p(largest)
                panel.add(Rect(c, r, 1, 1, face=TAKEN_BACK, alpha=strength, zorder=1))
            panel.add(Rect(c, r, 1, 1, edge="0.8", edge_width=0.6, zorder=2))
            dark = n and math.log1p(n) / math.log1p(largest) > 0.6
            panel.add(Text(c + 0.5, r + 0.5, f"{n:,}", size=9, colour="white" if dark else "black", zorder=3))
        panel.add(Text(len(words) + 0.12, r + 0.5, outcome, size=9, ha="left", zorder=3))
    panel.ticks.append(Ticks("left", tuple(r + 0.5 for r in range(len(runs))), tuple(n for n, _, _ in runs), 9))
    panel.ticks.append(Ticks("top", tuple(c + 0.5 for c in range(len(words))), tuple(words), 9))
    panel.title, panel.title_size = title, LABEL_SIZE
    picture.add_panel(panel)
    never = [w for w in words if not any(counts.get(w, 0) for _, counts, _ in runs)]
    picture.caption = (
        f"{title + ': ' if title else ''}a table of how many times each of {len(words)} words was taken back, "
        f"one row for each of {len(runs)} runs" + (f"; never taken back: {', '.join(never)}" if never else "")
    )
    return picture


def taken_back_figure(
    words: Sequence[str],
    runs: Sequence[tuple[str, Mapping[str, int], str]],
    title: str = "",
) -> Figure | Picture:
    """:func:`taken_back_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(taken_back_picture(words, runs, title))


PIECE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")  # piece 0, 1, ... of a split
PIECE_DASHES = ((), (5.0, 2.0), (1.2, 1.6), (6.0, 1.5, 1.2, 1.5), (2.5, 2.5), (8.0, 3.0))  # the same pieces, apart
# without colour: a reader who cannot tell red from green tells a solid line from a dashed or a dotted one


def placement_orbits(ws: WordSearch, word: str) -> list[list[int]]:
    """The placements of ``word`` (option indices) grouped into the families that the square's eight turns and
    mirror images join, as notebook 8's ``orbits`` finds them (a square grid only)."""
    n = ws.rows - 1
    moves: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c), lambda r, c: (c, n - r), lambda r, c: (n - r, n - c), lambda r, c: (n - c, r),
        lambda r, c: (r, n - c), lambda r, c: (n - r, c), lambda r, c: (c, r), lambda r, c: (n - c, n - r),
    ]  # fmt: skip
    mine = [k for k, p in enumerate(ws.placements) if p.word == word]
    by_cells = {ws.placements[k].cells: k for k in mine}
    found: list[list[int]] = []
    seen: set[int] = set()
    for k in mine:
        if k not in seen:
            orbit = sorted({by_cells[tuple(f(r, c) for r, c in ws.placements[k].cells)] for f in moves})
            seen.update(orbit)
            found.append(orbit)
    return found


def orbits_picture(
    ws: WordSearch, word: str, orbits: Sequence[Sequence[int]] | None = None, pieces: int = 4
) -> Picture:
    """The placements of ``word``, one panel for each orbit of ``orbits`` (lists of option indices, as the
    notebooks' ``orbits`` gives them; by default :func:`placement_orbits`): each placement an arrow from its first
    letter to its last, a little to the right of its line so that the two readings of one line stand apart,
    numbered at its start by its position among the word's placements (the order ``parallel.split`` deals them)
    and coloured by the piece of ``pieces`` that the round-robin deal gives it (position mod ``pieces``), each
    piece dashed its own way too."""
    if orbits is None:
        orbits = placement_orbits(ws, word)
    mine = [k for k, p in enumerate(ws.placements) if p.word == word]
    position = {k: n for n, k in enumerate(mine)}
    if pieces > len(PIECE_COLOURS):
        raise ValueError(f"orbits_picture colours at most {len(PIECE_COLOURS)} pieces, not {pieces}")
    if any(k not in position for orbit in orbits for k in orbit):
        raise ValueError(f"every orbit must hold placements of {word}")
    size, cell = 10.0, 0.4  # points for the texts, inches a cell
    out = 0.85  # cells from an arrow's start back to its number: two numbers at one corner stay apart
    across, down = ws.cols + 2 * out + 0.7, ws.rows + 2 * out + 0.7  # the grid and a margin for the numbers, in cells
    panel_w, panel_h, gap, title_room, key_room = across * cell, down * cell, 0.2, 0.5, 0.45
    page_w = round(0.1 + len(orbits) * (panel_w + gap), 1)
    page_h = round(title_room + panel_h + key_room, 1)
    picture = Picture(page_w, page_h, caption=f"{word}'s placements by orbit, numbered by position")
    for n, orbit in enumerate(orbits):
        left = (0.1 + n * (panel_w + gap)) / page_w
        bounds = (left, key_room / page_h, panel_w / page_w, panel_h / page_h)
        xlim, ylim = (-out - 0.35, ws.cols + out + 0.35), (ws.rows + out + 0.35, -out - 0.35)
        first = ws.placements[orbit[0]]
        title = f"orbit of {word} at ({first.row},{first.col}) {first.direction}: {len(orbit)} placements"
        panel = picture.add_panel(Panel(bounds, xlim, ylim, aspect="equal", frame=False, title=title, title_size=size))
        for r in range(ws.rows):
            for c in range(ws.cols):
                panel.add(Rect(c, r, 1, 1, face="0.97", edge="0.75", edge_width=0.6, zorder=0))
        for k in orbit:
            p = ws.placements[k]
            (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
            dr, dc = DIRECTIONS[p.direction]
            length = math.hypot(dr, dc)
            off_x, off_y = -dr / length * 0.2, dc / length * 0.2  # right of the way it reads (y runs down)
            start = (c0 + 0.5 + off_x, r0 + 0.5 + off_y)
            end = (c1 + 0.5 + off_x, r1 + 0.5 + off_y)
            colour, dash = PIECE_COLOURS[position[k] % pieces], PIECE_DASHES[position[k] % pieces]
            panel.add(Arrow(start, end, colour=colour, width=1.6, dash=dash, head_length=6, head_width=5, zorder=2))
            panel.add(Text(start[0] - dc / length * out, start[1] - dr / length * out, str(position[k]), size,
                           colour=colour, weight="bold", zorder=3))  # fmt: skip
    entries = tuple(
        LegendEntry(
            f"piece {j}: positions {j}, {j + pieces}, {j + 2 * pieces}, ...",
            PIECE_COLOURS[j],
            width=2.0,
            dash=PIECE_DASHES[j],
        )
        for j in range(pieces)
    )
    picture.panels[0].legend = Legend(entries, size, (0.0, -0.02), columns=pieces)
    return picture


def orbits_figure(
    ws: WordSearch, word: str, orbits: Sequence[Sequence[int]] | None = None, pieces: int = 4
) -> Figure | Picture:
    """:func:`orbits_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    return figure_or_picture(orbits_picture(ws, word, orbits, pieces))
