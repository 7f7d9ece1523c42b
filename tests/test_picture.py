"""A picture described once and drawn twice: matplotlib's Figure and the SVG draw the same things in the same places.

For each ported picture, every text matplotlib draws (the Axes' texts, the figure's, tick labels, titles) is in the
SVG with the same string, size, font and colour, its lines placed where the same anchor, after the same
data-to-page transform, puts them; every stroke and rectangle has its twin of the same colour, width and place.
Without matplotlib, the same functions give the Picture, whose SVG parses and holds every letter.
"""

from __future__ import annotations

import functools
import itertools
import json
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest
from matplotlib import font_manager, ft2font
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.lines import Line2D
from matplotlib.patches import Ellipse, Polygon, Rectangle
from solutions import by_hand
from solutions.exact_cover import arrays_of

from test_extras import _without_extras
from wordcover import WordSearch, examples
from wordcover.analysis import align
from wordcover.dancing_links import DancingLinks
from wordcover.double_purify import walk
from wordcover.finder import find_words
from wordcover.generator import make_puzzle
from wordcover.playback import record_writes
from wordcover.squares import SquareSearch, partial_square
from wordcover.views import links as L
from wordcover.views import picture as P
from wordcover.views._render_mpl import ArrowArtist, picture_figure
from wordcover.views.grids import (
    SECOND_OFFSET,
    compatibility_picture,
    grid_figure,
    grid_picture,
    puzzle_picture,
    readings_picture,
)
from wordcover.views.squares import square_cutoff_picture, square_range_picture
from wordcover.word_search import DIRECTIONS, Placement
from wordcover.wordlists import load_words

SVG = "{http://www.w3.org/2000/svg}"
GRID = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
FAMILIES = {P.SANS: f"{P.SANS}, sans-serif", P.MONO: f"{P.MONO}, monospace"}


def grid_with_legend() -> P.Picture:
    """Five words, two of them twice (their legend names the place), a palindrome drawn inside ANNA."""
    return grid_picture(GRID, find_words(GRID, ["ABEL", "CANTOR", "ANNA", "EULER", "GAUSS"]).found, size=4)


STAR = ["ZQZQZ", "QYYYQ", "ZYXYZ", "QYYYQ", "ZQZQZ"]  # XYZ read from the middle in each of the eight directions


def grid_marked() -> P.Picture:
    """The grid with every option on: numbers round it, a ring and an arrowhead for each placement (ABEL and ANNA
    read west too), two cells outlined, one in its own colour."""
    found = find_words(GRID, ["ABEL", "CANTOR", "ANNA", "EULER", "GAUSS"]).found
    return grid_picture(
        GRID, found, size=4, numbers=True, directions=True, cells={(3, 0): "#cc0000", (5, 5): "#0072b2"}
    )


def star() -> P.Picture:
    """One word in all eight directions from one cell: eight arrowheads, four of them on diagonals."""
    return grid_picture(STAR, find_words(STAR, ["XYZ"]).found, size=3, directions=True, cells=[(2, 2)])


def readings() -> P.Picture:
    """Notebook 01's eight readings of three letters from the L at (2, 2), one small numbered grid each."""
    arms = [
        Placement("".join(GRID[2 + dr * k][2 + dc * k] for k in range(3)), 2, 2, name)
        for name, (dr, dc) in DIRECTIONS.items()
    ]
    return readings_picture(GRID, arms)


def compatibility() -> P.Picture:
    """Three words read east in a 3 x 3 grid: nine placements, the three of a solution marked."""
    ws = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E"])
    return compatibility_picture(ws, next(ws.solutions()))


def answer_key() -> P.Picture:
    return puzzle_picture(make_puzzle(8, 8, ["ABEL", "CANTOR", "GAUSS", "EULER"], seed=1), key=True)


def square_range(line: tuple[str, int] = ("col", 1)) -> P.Picture:
    """Notebook 07's: the range of the words starting LO, with a square's top three rows filled."""
    search = SquareSearch(4, load_words("everyday"), "double")
    rows, cols = partial_square(["ALTO", "LOUD", "SAND", "ONES"], 3)
    return square_range_picture(search, rows, cols, line)


def square_cutoff() -> P.Picture:
    search = SquareSearch(4, load_words("everyday"), "double")
    return square_cutoff_picture(search, ["ACID", "BARE", "L", "E"], ["ABLE", "CA", "IR", "DE"], (2, 1))


def every_kind() -> P.Picture:
    """Each kind of item, some on the page itself, in a panel with y up and unequal units (a circle drawn as an
    ellipse), texts of one and two lines at each alignment, turned texts, labels on three sides, a legend."""
    picture = P.Picture(6, 4, caption="every kind of item")
    panel = picture.add_panel(P.Panel((0.12, 0.15, 0.5, 0.7), (0, 10), (0, 5)))
    panel.add(P.Polygon(((1, 1), (3, 1), (2, 3)), face="#56b4e9", edge="0.2", edge_width=1.5, alpha=0.5))
    panel.add(P.Circle(6, 2.5, 1.5, edge="#d55e00", edge_width=2))
    panel.add(P.Rect(7, 0.5, 2, 1, face="0.9", edge="black", edge_width=0.5, alpha=0.7, zorder=0))
    panel.add(P.Line((0, 5, 10), (0, 4, 1), colour="#009e73", width=2, alpha=0.8, cap="butt"))
    for k, (ha, va) in enumerate([("left", "top"), ("center", "center"), ("right", "bottom"), ("center", "baseline")]):
        panel.add(P.Text(1 + 2.5 * k, 4.5, f"{va}\nof two", size=9, ha=ha, va=va))
        panel.add(P.Text(1 + 2.5 * k, 2.0, f"{ha} {va}", size=8, ha=ha, va=va, rotation=90))
    panel.add(P.Text(5, 3.5, "bold", size=11, family=P.MONO, weight="bold", colour="#cc0000", va="center_baseline"))
    entries = (P.LegendEntry("one", "#e69f00"), P.LegendEntry("two", "#0072b2", width=4, alpha=0.5, cap="round"))
    panel.legend = P.Legend(entries, size=8)
    panel.ticks += [
        P.Ticks("bottom", (0, 5, 10), ("0", "5", "10"), size=7),
        P.Ticks("left", (0, 2.5, 5), ("0", "2.5", "5"), size=7, colours=("black", "#cc0000", "0.5")),
    ]
    panel.title, panel.title_size = "above the panel", 9
    second = picture.add_panel(P.Panel((0.7, 0.5, 0.25, 0.3), (0, 10), (10, 0), aspect="equal", frame=False))
    second.ticks.append(P.Ticks("top", (2, 8), ("two", "eight"), size=6, family=P.MONO, rotation=90))
    second.add(P.Line((0, 10), (0, 10), colour="#882255", width=3, cap="round"))
    second.title, second.title_size = "over the top labels", 9
    picture.overlay += [
        P.Line((0.02, 0.98), (0.05, 0.05), colour="0.5", width=1),
        P.Rect(0.75, 0.1, 0.15, 0.2, face="#f0e442"),
        P.Text(0.8, 0.9, "on the page\nitself", size=10, ha="center", va="top", weight="bold"),
    ]
    return picture


def plot() -> P.Picture:
    """A plot as the trees and profiles draw one: a log y scale, markers of every shape, a dashed line, axis labels
    beside tick labels, and a legend of lines, markers, a marker alone and a box, in three columns centred below;
    a second panel with a log x scale."""
    picture = P.Picture(7, 4.5, caption="a plot")
    panel = picture.add_panel(P.Panel((0.12, 0.35, 0.5, 0.55), (-0.5, 5.5), (0.5, 20000), yscale="log"))
    counts = (1, 8, 60, 900, 3000, 12000)
    panel.add(P.Line(tuple(range(6)), counts, colour="#0072b2", width=1.2))
    panel.add(P.Line((-0.5, 5.5), (500, 500), colour="#cc0000", width=1.5, dash=(3.7, 1.6)))
    for k, (shape, n) in enumerate(zip("osD^vX", counts)):
        edge = "0.3" if shape == "s" else "none"
        panel.add(P.Marker(k, n, shape, size=5 + k, face="white" if shape == "s" else "#0072b2", edge=edge))
        panel.add(P.Text(k, n * 1.6, f"{n:,}", size=8, va="bottom"))
    panel.ticks += [
        P.Ticks("bottom", tuple(range(6)), tuple(str(k) for k in range(6)), size=9),
        P.Ticks("left", (1, 10, 100, 1000, 10000), ("1", "10", "100", "1,000", "10,000"), size=9),
    ]
    panel.xlabel, panel.ylabel = "level", "nodes (log scale)"
    ring = P.Marker(0, 0, "o", size=7, face="#009e73", edge="#009e73")
    entries = (
        P.LegendEntry("count", "#0072b2", width=1.2, marker=ring),
        P.LegendEntry("a square alone", "white", width=0, marker=P.Marker(0, 0, "s", 7, "white", "0.3", 1.2)),
        P.LegendEntry("bound", "#cc0000", dash=(3.7, 1.6)),
        P.LegendEntry("a box", "#f4a6a6", patch=True, edge="0.6", width=0.8),
        P.LegendEntry("a cross", "#d55e00", width=0, marker=P.Marker(0, 0, "X", 9, "#d55e00")),
    )
    panel.legend = P.Legend(entries, size=8, anchor=(0.5, -0.22), columns=3, align="center")
    second = picture.add_panel(P.Panel((0.72, 0.35, 0.25, 0.55), (1, 1000), (0, 1), xscale="log"))
    second.add(P.Line((1, 10, 100, 1000), (0.2, 0.5, 0.6, 0.65), colour="#1f4e9c"))
    second.add(P.Marker(10, 0.5, "o", size=2, face="0.7"))
    second.ticks.append(P.Ticks("bottom", (1, 10, 100, 1000), ("1", "10", "100", "1000"), size=8, rotation=90))
    second.xlabel = "paths"
    return picture


def paths_and_arrows() -> P.Picture:
    """Every kind of path and arrow: in data units and in points about a data point, filled, dashed, hatched, with
    rounded corners; arrows straight, bent either way, and cubic, with one head or two, shrunk, dashed; a box round a
    text of two lines; a legend of glyphs; a title at the left over tick labels, some bold; a panel with y up."""
    picture = P.Picture(6, 4, caption="paths and arrows")
    panel = picture.add_panel(P.Panel((0.1, 0.15, 0.55, 0.65), (0, 10), (5, 0), frame=False))
    panel.add(P.Arrow((1, 1), (1, 4), heads="both", colour="0.2"))
    panel.add(P.Arrow((2, 1), (2, 4), bend=-0.35, colour="0.6", width=0.8, shrink=(2, 2)))
    panel.add(P.Arrow((2.5, 4), (2.5, 1), bend=0.35, colour="#0072b2", head_length=3.6, head_width=3.6))
    panel.add(P.Arrow((3, 4), (3, 1), ((3.6, 3.4), (3.6, 1.6)), colour="#d55e00", dash=(3.7, 1.6), gid="bow"))
    header = P.Text(6, 1.5, "A\nLEN 2", 8, colour="#dc143c")
    panel.add(L.text_box(header, 2.4, "0.85", "0.3"), header)
    panel.add(*L.node_glyph("purified", 14, 14, "disc", (8, 1.5), 3, "node 1 purified"))
    panel.add(*L.node_glyph("chosen-off", 20, 14, "rounded", (8, 3.5), gid="node 2 chosen-off"))
    panel.add(P.Path(P.box_steps(0.8, 0.6, 0.2, (5, 4)), face="#e69f00", edge="black", edge_width=1.8, alpha=0.8))
    panel.add(P.Path(P.cross_steps(4), at=(9.3, 1), edge="#d55e00", edge_width=1.4, zorder=4))
    panel.add(L.sticker_glyph(8, (9.3, 4)))
    panel.add(P.Line((0.5, 9.5), (4.6, 4.6), colour="0.75", width=0.8, zorder=1))
    panel.ticks.append(
        P.Ticks("left", (1, 2, 3, 4), ("1", "2", "3", "4"), 8, weights=("normal", "bold", "normal", "bold"))
    )
    panel.ticks.append(P.Ticks("top", (1, 5, 9), ("one", "five", "nine"), 8, rotation=90))
    panel.title, panel.title_size, panel.title_loc = "a title at the left\nof two lines", 9, "left"
    panel.legend = L.state_legend(["linked", "purified", "twice"], True, [L.box_entry("a box", "0.85", "0.3")], 8,
                                  columns=3, discs=True)  # fmt: skip
    second = picture.add_panel(P.Panel((0.72, 0.2, 0.25, 0.3), (0, 4), (0, 4)))
    second.add(P.Arrow((0.5, 0.5), (3.5, 3.5), bend=0.2, heads="both", colour="#009e73", width=1.5))
    second.add(P.Path(P.circle_steps(1, (2, 2)), face="none", edge="#882255", edge_width=1, dash=(2, 2)))
    picture.overlay += [
        P.Arrow((0.7, 0.9), (0.95, 0.9), colour="0.3"),
        P.Path(P.circle_steps(5), at=(0.66, 0.9), face="#56b4e9", edge="#1b5e84", edge_width=0.8),
    ]
    return picture


def markers() -> P.Picture:
    """Marks of one kind at many points, each shape, filled or outlined, half transparent, on a log scale and on the
    page itself; the thin cross alone, in a set and in a legend; a mark the panel's edge cuts."""
    picture = P.Picture(6, 3.5, caption="markers, one and many")
    panel = picture.add_panel(P.Panel((0.1, 0.2, 0.6, 0.7), (-0.5, 7.5), (0.5, 2000), yscale="log"))
    for k, shape in enumerate(("o", "s", "D", "^", "v", "X", "x")):
        ys = tuple(float(3**j) for j in range(1, 7))
        xs = tuple(k + 0.1 * j for j in range(6))
        edge, width = ("#1b5e84", 1.5) if shape in "sx" else ("none", 1.0)
        panel.add(P.Markers(xs, ys, shape, 4 + k, "#56b4e9", edge, width, alpha=0.6 if k % 2 else 1.0))
    panel.add(P.Marker(7.4, 1000, "x", 9, "none", "#cc0000", 1.0))  # half of it past the panel's right edge
    panel.add(P.Markers((7.0,), (1.5,), "o", 2, "0.7"))  # one point is a set too
    panel.ticks += [
        P.Ticks("bottom", tuple(range(8)), tuple(str(k) for k in range(8)), size=9),
        P.Ticks("left", (1, 10, 100, 1000), ("1", "10", "100", "1,000"), size=9),
    ]
    cross = P.Marker(0, 0, "x", 7, "none", "#c0392b", 1.5)
    entries = (P.LegendEntry("conflicts", "#c0392b", width=1.5, cap="butt", dash=(3.7, 1.6), marker=cross),
               P.LegendEntry("a cross alone", "#c0392b", width=0, marker=cross))  # fmt: skip
    panel.legend = P.Legend(entries, size=8, anchor=(1.02, 1.0))
    picture.overlay.append(P.Markers((0.75, 0.8, 0.85), (0.1, 0.1, 0.1), "x", 6, "none", "0.3", 1.0))
    return picture


KNUTH = examples.load("knuth_exact_cover").problem


def knuth_links() -> P.Picture:
    """Notebook 3's DLX1 example as step X1 lays it out: every node and spacer numbered, a caption under it."""
    engine = DancingLinks(KNUTH)
    return L.arrays_picture([("DLX1's example as step X1 lays it out", arrays_of(engine))], engine.names,
                            KNUTH.labels, caption="Nodes 1-7 head the lists; each list is a circle.")  # fmt: skip


def knuth_moments() -> P.Picture:
    """A, D and G's lists after cover(A) (hidden nodes, their dashed links bowed out, links that skip them) and
    after unhide(13) (a one-way DLINK and a ULINK on its own), closed by arcs, options named once."""
    engine = DancingLinks(KNUTH)
    engine.cover(1)
    covered = arrays_of(engine)
    engine.unhide(13)
    return L.arrays_picture([("after cover(A)", covered), ("after unhide(13)", arrays_of(engine))], engine.names,
                            KNUTH.labels, ["A", "D", "G"], "two moments\nof DLX1's example", wrap="arc")  # fmt: skip


@functools.cache
def colour_pair() -> tuple:
    """The colour pair recorded by both engines, and the frame of the naive one's second hide of c1's node."""
    pair = examples.load("colour_pair").problem
    naive, sticker = record_writes(pair, "naive"), record_writes(pair, "sticker")
    return naive, sticker, walk(naive)[1].frame


def pair_links() -> P.Picture:
    """Naive against sticker on the colour pair, as the player's picture draws them: a node hidden twice, a LEN that
    drifts, a node hidden by a purify, a sticker, grey headers, dashed links of nodes off their lists, a legend."""
    naive, sticker, frame = colour_pair()
    titles = [f"naive: frame {frame}\n{naive.describe_stop(frame)}", "sticker: frame 10"]
    return L.links_picture(naive, [frame], titles=titles, width=5.2, beside=(sticker, 10))


@functools.cache
def two_by_two() -> tuple:
    """AB and BA in a 2 x 2 grid (16 options), recorded by the naive and the sticker engines."""
    ws = WordSearch(2, 2, ["AB", "BA"], "orthogonal")
    return ws, record_writes(ws.problem, "naive"), record_writes(ws.problem, "sticker")


def matrix_frame() -> P.Picture:
    """Naive beside sticker as the player pairs them: a stranded node, stickers, a drifting LEN, the event's option
    marked, covered items' columns grey, bold option numbers."""
    _, naive, sticker = two_by_two()
    stranded = naive.marks["stranded"][0]
    timeline = align(naive, sticker)
    partner = timeline.other[next(t for t in range(len(timeline)) if timeline.lead[t] == stranded)]
    return L.frame_picture(naive, stranded, beside=(sticker, partner))


def matrix_and_grid() -> P.Picture:
    """A frame as notebook 6 shows one: the sticker search's first sticker, the partial grid beside the matrix."""
    ws, _, sticker = two_by_two()
    at = next(f for f in range(sticker.frames) if sticker.snapshot_at(f).stickered)
    return L.frame_picture(sticker, at, ws)


def snapshot() -> P.Picture:
    """A snapshot of the naive search just after its first double purify: grid, matrix and the counters' bars."""
    ws, naive, _ = two_by_two()
    frame = naive.marks["double-purify"][0] + 1
    return L.snapshot_picture(ws.problem, naive.snapshot_at(frame), naive.describe(frame), "AB, BA", ws)


def four_way() -> P.Picture:
    """Notebook 3b's four-way links after cover(A): the lists of items along the top, A's own links dashed."""
    engine = DancingLinks(KNUTH)
    engine.cover(1)
    return by_hand.four_way_picture(by_hand.engine_links(engine), title="after cover(A)")


PICTURES = {
    "grid": grid_with_legend,
    "grid-no-words": lambda: grid_picture(["AB", "C."], size=2),
    "grid-marked": grid_marked,
    "grid-star": star,
    "grid-numbers-only": lambda: grid_picture(["ABCDEFGHIJKL"] * 12, size=3, numbers=True),
    "readings": readings,
    "compatibility": compatibility,
    "answer-key": answer_key,
    "puzzle": lambda: puzzle_picture(make_puzzle(6, 9, ["ABEL", "LAND", "EULER"], seed=3), title="Names & <places>"),
    "square-range": square_range,
    "square-range-row": lambda: square_range(("row", 3)),
    "square-cutoff": square_cutoff,
    "every-kind": every_kind,
    "plot": plot,
    "markers": markers,
    "paths-arrows": paths_and_arrows,
    "links-knuth": knuth_links,
    "links-moments": knuth_moments,
    "links-pair": pair_links,
    "matrix-beside": matrix_frame,
    "matrix-grid": matrix_and_grid,
    "snapshot": snapshot,
    "four-way": four_way,
    "memory": lambda: by_hand.memory_picture(by_hand.library_links(KNUTH)),
}


@functools.cache
def built(name: str) -> P.Picture:
    """One of PICTURES, built once for all the tests that look at it (none changes it)."""
    return PICTURES[name]()


def laid_out(picture: P.Picture):
    """The picture's matplotlib Figure, laid out, with a function from display pixels to page points (y down)."""
    fig = picture_figure(picture)
    FigureCanvasAgg(fig)
    fig.draw_without_rendering()
    scale, height = 72 / fig.dpi, picture.height * 72

    def to_page(x: float, y: float) -> tuple[float, float]:
        return x * scale, height - y * scale

    return fig, to_page


@functools.cache
def drawn(name: str):
    """One of PICTURES laid out by matplotlib (see :func:`laid_out`), once for all the tests that look at it."""
    return laid_out(built(name))


def mpl_texts(fig):
    """Every text matplotlib draws in the figure, with nothing left empty or hidden."""
    texts = list(fig.texts)
    for ax in fig.axes:
        texts += [*ax.texts, ax.title, ax._left_title]
        if ax.axison:  # an axes turned off keeps its tick labels but does not draw them
            texts += [*ax.get_xticklabels(), *ax.get_yticklabels()]
        assert ax.get_legend() is None  # the legend is drawn as strokes and texts, where legend_layout puts them
    return [t for t in texts if t.get_visible() and t.get_text()]


def svg_texts(svg: str) -> list[dict]:
    """Each <text> of the SVG: its string, lines (x, baseline y), anchor, size, font, weight and colour."""
    found = []
    for element in ET.fromstring(svg).iter(f"{SVG}text"):
        spans = element.findall(f"{SVG}tspan")
        turn = element.get("transform")
        if spans:
            lines = [(float(s.get("x")), float(s.get("y")), s.text or "") for s in spans]
        elif turn:
            x, y = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\) rotate\(-90\)", turn).groups()
            lines = [(float(x), float(y), element.text or "")]
        else:
            lines = [(float(element.get("x")), float(element.get("y")), element.text or "")]
        found.append(
            {
                "text": "\n".join(line for _, _, line in lines),
                "lines": lines,
                "rotation": 90.0 if turn else 0.0,
                "anchor": element.get("text-anchor"),
                "size": float(element.get("font-size")),
                "family": element.get("font-family"),
                "weight": element.get("font-weight", "normal"),
                "colour": element.get("fill"),
            }
        )
    return found


def expected_text(text, to_page) -> dict:
    """Where the SVG must put a matplotlib text: its anchor on the page, laid out as picture.text_layout lays it."""
    x, y = to_page(*text.get_transform().transform(text.get_position()))
    item = P.Text(
        x,
        y,
        text.get_text(),
        size=text.get_fontsize(),
        ha=text.get_ha(),
        va=text.get_va(),
        family=text.get_fontfamily()[0],
        weight="bold" if text.get_fontweight() in ("bold", 700) else "normal",
        colour=to_hex(text.get_color()),
        rotation=text.get_rotation(),
    )
    lines, anchor, _ = P.text_layout(item, x, y)
    return {
        "text": item.text,
        "lines": lines,
        "rotation": item.rotation,
        "anchor": anchor,
        "size": item.size,
        "family": FAMILIES[item.family],
        "weight": item.weight,
        "colour": item.colour,
    }


def as_tuple(record: dict) -> tuple:
    fields = ("text", "rotation", "anchor", "size", "family", "weight", "colour")
    return (*(record[k] for k in fields), tuple(tuple(line) for line in record["lines"]))


def close(a, b, tol: float) -> bool:
    """Equal, floats within ``tol`` (the SVG writes three decimals), in nested tuples too."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, float | int) and isinstance(b, float | int):
        return abs(a - b) <= tol
    return a == b


def assert_same(expected: list[tuple], found: list[tuple], tol: float = 0.002) -> None:
    """The same records one for one, both sorted alike (strings first, then where they are)."""
    assert len(found) == len(expected)
    for e, f in zip(sorted(expected), sorted(found)):
        assert close(e, f, tol), (e, f)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_has_matplotlibs_texts_in_the_same_places(name):
    picture = built(name)
    fig, to_page = drawn(name)
    expected = [as_tuple(expected_text(t, to_page)) for t in mpl_texts(fig)]
    found = [as_tuple(t) for t in svg_texts(picture.svg())]
    assert_same(expected, found)
    assert sorted(t[0] for t in found) == sorted(P.iter_texts(picture))  # the description's texts, each once


def _stroke(colour, width, alpha, cap, points, dash=()) -> tuple:
    points = tuple((float(x), float(y)) for x, y in points)
    return (colour, float(width), float(alpha), cap, points, tuple(float(d) for d in dash))


def mpl_strokes(fig, to_page) -> list[tuple]:
    """matplotlib's lines as (colour, width, opacity, cap, points on the page), and its frames as their boxes."""
    strokes = []
    lines = [line for ax in fig.axes for line in ax.lines] + [a for a in fig.artists if isinstance(a, Line2D)]
    for line in lines:
        if line.get_linestyle() == "None":  # a marker
            continue
        points = [to_page(*p) for p in line.get_transform().transform(line.get_xydata())]
        dashed = line.get_linestyle() != "-"
        style = line.get_dash_capstyle() if dashed else line.get_solid_capstyle()
        cap = {"projecting": "square"}.get(style, style)
        dash = line._dash_pattern[1] if dashed else ()  # as drawn: scaled by the line's width
        colour, alpha = to_hex(line.get_color()), line.get_alpha() or 1
        strokes.append(_stroke(colour, line.get_linewidth(), alpha, cap, points, dash))
    for ax in fig.axes:
        visible = [s for s in ax.spines.values() if s.get_visible()]
        if visible and ax.axison:
            assert len(visible) == 4
            x0, y0, x1, y1 = ax.get_window_extent().extents
            (left, bottom), (right, top) = to_page(x0, y0), to_page(x1, y1)
            strokes.append(("frame", left, top, right - left, bottom - top))
    return strokes


def svg_strokes(svg: str) -> list[tuple]:
    strokes = []
    root = ET.fromstring(svg)
    for line in root.iter(f"{SVG}polyline"):
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        attrs = (float(line.get("stroke-width")), float(line.get("stroke-opacity", 1)), line.get("stroke-linecap"))
        dash = [float(d) for d in line.get("stroke-dasharray", "").split()]
        strokes.append(_stroke(line.get("stroke"), *attrs, points, dash))
    for line in root.iter(f"{SVG}line"):  # the legend's strokes
        points = [(float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))]
        attrs = (float(line.get("stroke-width")), float(line.get("stroke-opacity", 1)), line.get("stroke-linecap"))
        dash = [float(d) for d in line.get("stroke-dasharray", "").split()]
        strokes.append(_stroke(line.get("stroke"), *attrs, points, dash))
    for frame in root.iter(f"{SVG}rect"):
        if frame.get("class") == "frame":
            assert (frame.get("stroke"), frame.get("stroke-width"), frame.get("fill")) == ("#000000", "0.8", "none")
            strokes.append(("frame", *(float(frame.get(k)) for k in ("x", "y", "width", "height"))))
    return strokes


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_has_matplotlibs_strokes_and_frames(name):
    picture = built(name)
    fig, to_page = drawn(name)
    expected = mpl_strokes(fig, to_page)
    assert len(expected) > 0 or name in ("square-cutoff", "memory")  # rectangles, letters (and arrows) only
    assert_same(expected, svg_strokes(picture.svg()))


def _paint(patch) -> tuple:
    """A patch's face, edge ('none' where it has none), edge width and opacity, as the SVG says them."""
    face, edge = patch.get_facecolor(), patch.get_edgecolor()
    opacity = patch.get_alpha() if patch.get_alpha() is not None else 1.0
    face, edge = (to_hex(c) if c[3] > 0 else "none" for c in (face, edge))
    return (face, edge, patch.get_linewidth(), opacity)


def _svg_paint(element) -> tuple:
    edge = element.get("stroke")
    opacity = float(element.get("fill-opacity", element.get("stroke-opacity", 1)))
    return (element.get("fill"), edge, float(element.get("stroke-width", 0)), opacity)


def mpl_patches(fig, to_page, kind) -> list[tuple]:
    """matplotlib's rectangles (paint and box), polygons (paint and corners) or ellipses (paint, centre, radii)."""
    found = []
    for patch in [p for ax in fig.axes for p in ax.patches] + [a for a in fig.artists if isinstance(a, kind)]:
        if not isinstance(patch, kind):
            continue
        if kind is Rectangle:
            (x0, y0), (x1, y1) = patch.get_transform().transform([(0, 0), (1, 1)])  # its unit square
            (left, top), (right, bottom) = to_page(min(x0, x1), max(y0, y1)), to_page(max(x0, x1), min(y0, y1))
            found.append((*_paint(patch), left, top, right - left, bottom - top))
        elif kind is Polygon:
            corners = patch.get_transform().transform(patch.get_path().vertices[:-1])  # closed: the first again
            found.append((*_paint(patch), tuple(to_page(*c) for c in corners)))
        else:
            centre, across, up = (to_page(*p) for p in patch.get_transform().transform([(0, 0), (1, 0), (0, 1)]))
            found.append((*_paint(patch), *centre, abs(across[0] - centre[0]), abs(centre[1] - up[1])))  # y up or down
    return found


def svg_patches(svg: str, kind) -> list[tuple]:
    root = ET.fromstring(svg)
    clips = {id(r) for clip in root.iter(f"{SVG}clipPath") for r in clip}
    found = []
    if kind is Rectangle:
        for rect in root.iter(f"{SVG}rect"):
            if id(rect) not in clips and rect.get("class") not in ("frame", "background"):
                found.append((*_svg_paint(rect), *(float(rect.get(k)) for k in ("x", "y", "width", "height"))))
    elif kind is Polygon:
        for polygon in root.iter(f"{SVG}polygon"):
            if polygon.get("class") == "marker":
                continue
            corners = tuple(tuple(map(float, p.split(","))) for p in polygon.get("points").split())
            found.append((*_svg_paint(polygon), corners))
    else:
        for ellipse in root.iter(f"{SVG}ellipse"):
            if ellipse.get("class") == "marker":
                continue
            found.append((*_svg_paint(ellipse), *(float(ellipse.get(k)) for k in ("cx", "cy", "rx", "ry"))))
    return found


@pytest.mark.parametrize(
    ("name", "colour", "count"),
    [
        ("compatibility", "#cc0000", 3 * 2),  # each ordered pair of the three chosen placements
        ("grid-marked", "none", 2),  # the two outlined cells
        ("grid-star", "none", 1),
        ("square-range", "#cfe2f3", 4),  # column 1 shaded
        ("square-range", "#3d85c6", 1),  # the candidates' slice of the word list
        ("square-cutoff", "#f4a6a6", 1),  # the dead cell
        ("every-kind", "#f0e442", 1),  # on the page itself
    ],
)
def test_the_svg_has_matplotlibs_rectangles(name, colour, count):
    picture = built(name)
    fig, to_page = drawn(name)
    expected = mpl_patches(fig, to_page, Rectangle)
    assert_same(expected, svg_patches(picture.svg(), Rectangle))
    assert sum(1 for r in expected if r[0] == colour) == count


@pytest.mark.parametrize(
    ("name", "kind", "count"),
    [
        ("every-kind", Polygon, 1),
        ("every-kind", Ellipse, 1),
        ("grid-marked", Polygon, 7),  # an arrowhead a placement
        ("grid-marked", Ellipse, 7),  # a ring a placement
        ("grid-star", Polygon, 8),
        ("grid-star", Ellipse, 8),  # all eight on the middle cell
        ("readings", Polygon, 8),  # one arrowhead a panel
        ("answer-key", Polygon, 4),  # the key marks which way each of its four words reads
        ("answer-key", Ellipse, 4),
        ("readings", Ellipse, 8),
    ],
)
def test_the_svg_has_matplotlibs_polygons_and_circles(name, kind, count):
    picture = built(name)
    fig, to_page = drawn(name)
    expected = mpl_patches(fig, to_page, kind)
    assert len(expected) == count
    assert_same(expected, svg_patches(picture.svg(), kind))


def mpl_markers(fig, to_page) -> list[tuple]:
    """matplotlib's markers, one record a point: paint and outline on the page (a circle as its centre and radius,
    a thin cross as the ends of its strokes and their cap), from its own paths."""
    found = []
    lines = [line for ax in fig.axes for line in ax.lines] + [a for a in fig.artists if isinstance(a, Line2D)]
    for line in lines:
        if line.get_marker() in ("None", None, ""):
            continue
        style = line._marker
        size = line.get_markersize()
        face, edge = line.get_markerfacecolor(), line.get_markeredgecolor()
        paint = (
            "none" if face == "none" or not style.is_filled() else to_hex(face),
            "none" if edge == "none" else to_hex(edge),
            float(line.get_markeredgewidth()) if edge != "none" else 0.0,
        )
        for x, y in line.get_transform().transform(line.get_xydata()):
            cx, cy = to_page(x, y)
            if line.get_marker() == "o":
                found.append((*paint, "o", (round(cx, 2), round(cy, 2), size / 2)))
                continue
            vertices = style.get_transform().transform(style.get_path().vertices)
            if not style.is_filled():  # strokes, not a closed outline
                points = sorted((round(cx + u * size, 2), round(cy - v * size, 2)) for u, v in vertices)
                found.append((*paint, f"strokes {style.get_capstyle()}", tuple(points)))
                continue
            outline = vertices[:-1]  # closed: the first again
            points = sorted((round(cx + u * size, 2), round(cy - v * size, 2)) for u, v in outline)
            found.append((*paint, "polygon", tuple(points)))
    return found


def _marker_pieces(d: str, shape: str) -> list[tuple]:
    """The marks of an SVG path that draws markers (class marker or markers), one (kind, where) a point: a circle
    from its two arcs, a filled shape from its closed outline, a thin cross from its two strokes."""
    pieces = [piece.split() for piece in re.split(r"(?=M)", d) if piece.strip()]
    if shape == "o":  # M x+r y A r r 0 1 0 x-r y A r r 0 1 0 x+r y Z
        return [("o", (round(float(p[1]) - float(p[4]), 2), round(float(p[2]), 2), float(p[4]))) for p in pieces]
    if shape == "x":  # two strokes a mark: M a b L c d, twice
        ends = [(round(float(p[1]), 2), round(float(p[2]), 2), round(float(p[4]), 2), round(float(p[5]), 2))
                for p in pieces]  # fmt: skip
        marks = [ends[k] + ends[k + 1] for k in range(0, len(ends), 2)]
        return [(None, tuple(sorted(zip(m[::2], m[1::2])))) for m in marks]
    outlines = []
    for p in pieces:
        numbers = [float(t) for t in p if t not in ("M", "L", "Z")]
        outlines.append(
            ("polygon", tuple(sorted((round(x, 2), round(y, 2)) for x, y in zip(numbers[::2], numbers[1::2]))))
        )
    return outlines


def svg_markers(svg: str) -> list[tuple]:
    found = []
    for element in ET.fromstring(svg).iter():
        if element.get("class") not in ("marker", "markers"):
            continue
        paint = (element.get("fill"), element.get("stroke"), float(element.get("stroke-width", 0)))
        if element.tag == f"{SVG}ellipse":
            assert element.get("rx") == element.get("ry")
            centre = (round(float(element.get("cx")), 2), round(float(element.get("cy")), 2), float(element.get("rx")))
            found.append((*paint, "o", centre))
        elif element.tag == f"{SVG}path":
            shape = element.get("data-shape")
            for kind, where in _marker_pieces(element.get("d"), shape):
                found.append((*paint, kind or f"strokes {element.get('stroke-linecap')}", where))
        else:
            points = sorted(tuple(round(float(v), 2) for v in p.split(",")) for p in element.get("points").split())
            found.append((*paint, "polygon", tuple(points)))
    return found


def test_the_svg_has_matplotlibs_markers_each_shape_as_matplotlib_outlines_it():
    fig, to_page = drawn("plot")
    expected = mpl_markers(fig, to_page)
    assert len(expected) == 6 + 1 + 3  # one of each shape, the second panel's dot, three in the legend
    assert_same(expected, svg_markers(built("plot").svg()), tol=0.011)


def _marker_sets(picture: P.Picture) -> list[P.Markers]:
    items = [i for panel in picture.panels for i in panel.items] + list(picture.overlay)
    return [i for i in items if isinstance(i, P.Markers)]


def _one_by_one(picture: P.Picture) -> P.Picture:
    """The same picture with every set of marks drawn as single markers, one a point."""
    import dataclasses

    def split(items):
        return [m for i in items for m in (i.each() if isinstance(i, P.Markers) else [i])]

    panels = [dataclasses.replace(panel, items=split(panel.items)) for panel in picture.panels]
    return P.Picture(picture.width, picture.height, panels, split(picture.overlay), picture.caption, picture.dpi)


def test_marks_at_many_points_are_one_line2d_and_one_svg_path_drawn_as_single_marks_would_be():
    picture = built("markers")
    fig, to_page = drawn("markers")
    sets = _marker_sets(picture)
    lines = [line for ax in fig.axes for line in ax.lines] + [a for a in fig.artists if isinstance(a, Line2D)]
    marked = [line for line in lines if line.get_marker() not in ("None", None, "")]
    assert len(sets) == 9 and len(marked) == len(sets) + 1 + 2  # a Line2D a set, the single cross, the legend's two
    paths = [e for e in ET.fromstring(picture.svg()).iter() if e.get("class") == "markers"]
    assert [len(_marker_pieces(e.get("d"), e.get("data-shape"))) for e in paths] == [len(m.xs) for m in sets]
    expected = mpl_markers(fig, to_page)
    assert len(expected) == sum(len(m.xs) for m in sets) + 1 + 2
    assert_same(expected, svg_markers(picture.svg()), tol=0.011)
    single = _one_by_one(picture)
    assert not _marker_sets(single)
    assert_same(svg_markers(single.svg()), svg_markers(picture.svg()), tol=0.011)  # the same marks, point by point
    fig_single = picture_figure(single)
    FigureCanvasAgg(fig_single)
    fig_single.draw_without_rendering()
    assert_same(mpl_markers(fig_single, to_page), expected, tol=0.011)
    assert ET.fromstring(single.svg()).get("viewBox") == ET.fromstring(picture.svg()).get("viewBox")  # same crop


def test_the_thin_cross_is_two_strokes_with_butt_ends_in_its_edge_colour():
    fig, to_page = drawn("markers")
    crosses = [m for m in mpl_markers(fig, to_page) if m[3] == "strokes butt"]
    assert len(crosses) == 6 + 1 + 3 + 2  # the set of six, the one cut by the edge, the page's three, the legend's
    assert {(face, edge) for face, edge, *_ in crosses} >= {("none", "#1b5e84"), ("none", "#cc0000")}
    svg = built("markers").svg()
    drawn_crosses = [e for e in ET.fromstring(svg).iter() if e.get("data-shape") == "x"]
    assert {(e.get("fill"), e.get("stroke-linecap")) for e in drawn_crosses} == {("none", "butt")}


@pytest.mark.parametrize(
    "make",
    [
        lambda: P.Marker(0, 0, "x", 5),  # a thin cross with no edge would not be drawn at all
        lambda: P.Markers((0,), (0,), "x", 5, edge="black", edge_width=0),
        lambda: P.Markers((0, 1), (0,), "o"),
        lambda: P.Markers((), (), "o"),
        lambda: P.Markers((0,), (0,), "+"),
        lambda: P.Markers((0,), (0,), "o", face="red"),
    ],
)
def test_marks_the_renderers_could_not_draw_alike_are_refused(make):
    with pytest.raises(ValueError):
        make()


def _steps_from_mpl(path, transform, to_page) -> tuple:
    """A matplotlib path as (code, points on the page) steps, as the SVG's d says them."""
    vertices = [to_page(*v) for v in transform.transform(path.vertices)]
    codes = list(path.codes) if path.codes is not None else [1] + [2] * (len(vertices) - 1)
    steps, k = [], 0
    while k < len(codes):
        code = codes[k]
        if code == 79:  # CLOSEPOLY: its vertex is not drawn
            steps.append(("Z", ()))
            k += 1
            continue
        count, letter = {1: (1, "M"), 2: (1, "L"), 3: (2, "Q"), 4: (3, "C")}[code]
        steps.append((letter, tuple(tuple(round(c, 3) for c in v) for v in vertices[k : k + count])))
        k += count
    return tuple(steps)


def _path_record(patch, to_page) -> tuple:
    face, edge, width, opacity = _paint(patch)
    dashed = patch.get_linestyle() not in ("-", "solid")
    dash = tuple(float(d) for d in patch._dash_pattern[1]) if dashed and width else ()
    cap = {"projecting": "square"}.get(patch.get_capstyle(), patch.get_capstyle()) if width else None
    join = patch.get_joinstyle() if width else None
    return (face, edge, float(width), opacity, dash, cap, join, patch.get_gid() or "",
            _steps_from_mpl(patch.get_path(), patch.get_transform(), to_page))  # fmt: skip


def mpl_paths(fig, to_page) -> list[tuple]:
    """matplotlib's paths (the pictures' shapes, glyphs and arrows as drawn): paint, dashes, cap, join, gid and
    steps on the page."""
    from matplotlib.patches import PathPatch

    found = []
    artists = [a for ax in fig.axes for a in (*ax.patches, *ax.artists)] + list(fig.artists)
    for artist in artists:
        pieces = artist.pieces if isinstance(artist, ArrowArtist) else [artist]
        for piece in pieces:
            if isinstance(piece, PathPatch):
                found.append(_path_record(piece, to_page))
    return found


def _svg_steps(d: str) -> tuple:
    tokens = re.findall(r"[MLQCZ]|-?[\d.]+", d)
    steps, k = [], 0
    while k < len(tokens):
        letter = tokens[k]
        count = {"M": 1, "L": 1, "Q": 2, "C": 3, "Z": 0}[letter]
        numbers = [float(t) for t in tokens[k + 1 : k + 1 + 2 * count]]
        steps.append((letter, tuple(tuple(numbers[2 * i : 2 * i + 2]) for i in range(count))))
        k += 1 + 2 * count
    return tuple(steps)


def svg_paths(svg: str) -> list[tuple]:
    found = []
    for path in ET.fromstring(svg).iter(f"{SVG}path"):
        if path.get("class") in ("marker", "markers"):  # markers are compared by svg_markers
            continue
        face, edge, width, opacity = _svg_paint(path)
        dash = tuple(float(d) for d in path.get("stroke-dasharray", "").split())
        found.append((face, edge, width, opacity, dash, path.get("stroke-linecap"), path.get("stroke-linejoin"),
                      path.get("data-gid", ""), _svg_steps(path.get("d"))))  # fmt: skip
    return found


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_has_matplotlibs_paths_and_arrows(name):
    """Every path (a node, a box round a header, a legend's glyph, an arrow's line and heads) is drawn by both, with
    the same paint, dashes, ends and joins, the same name, and the same steps on the page."""
    picture = built(name)
    fig, to_page = drawn(name)
    expected = mpl_paths(fig, to_page)
    found = svg_paths(picture.svg())
    assert_same(expected, found, tol=0.003)
    links = name.startswith(("links", "matrix", "four", "memory", "paths", "snapshot"))
    assert bool(expected) == links  # the other pictures draw no paths


def test_an_arrows_heads_end_on_its_points_and_its_line_stops_at_them():
    """A stroked head's tip lies on the point (its outline's half width in front of the filled tip) and its base
    across the link; the line ends at the base, and a bent arrow leaves and arrives along its curve."""
    arrow = P.Arrow((0, 0), (0, 1), heads="both", width=1.0)
    line, heads = P.arrow_geometry(arrow, [(10.0, 10.0), (10.0, 50.0)])  # down the page
    (tip, left, right), (tip0, _, _) = heads
    half, length = arrow.head_width / 2, arrow.head_length
    pad = 0.5 * (length**2 + half**2) ** 0.5 / half  # the miter of the stroked tip
    assert tip == pytest.approx((10, 50 - pad)) and tip0 == pytest.approx((10, 10 + pad))
    assert left[1] == right[1] == pytest.approx(50 - pad - length) and abs(left[0] - right[0]) == pytest.approx(4)
    assert line == (("M", ((10.0, pytest.approx(10 + pad + length)),)), ("L", ((10.0, left[1]),)))
    bent = P.Arrow((0, 0), (0, 1), bend=-0.35)
    line, [(tip, left, right)] = P.arrow_geometry(bent, [(10.0, 10.0), (10.0, 50.0)])
    (_, (control, end)) = line[1]
    assert control == pytest.approx((10 + 0.35 * 40, 30))  # matplotlib's arc3: off the middle, to the left going down
    direction = (end[0] - control[0], end[1] - control[1])
    across = (tip[0] - (left[0] + right[0]) / 2, tip[1] - (left[1] + right[1]) / 2)
    assert direction[0] * across[1] - direction[1] * across[0] == pytest.approx(0, abs=1e-9)  # along the curve
    with pytest.raises(ValueError, match="straight, bent"):
        P.Arrow((0, 0), (1, 1), ((0.5, 0.5),))


def test_hatching_stays_inside_its_box_and_its_disc():
    for round_ in (False, True):
        steps = P.hatch_steps(20, 12, 3, round_)
        points = [p for _, ps in steps for p in ps]
        assert len(points) > 8 and len(points) % 2 == 0
        for x, y in points:
            inside = (x / 10) ** 2 + (y / 6) ** 2 if round_ else max(abs(x) / 10, abs(y) / 6)
            assert inside == pytest.approx(1) if round_ else inside <= 1 + 1e-9
        for (_, (a,)), (_, (b,)) in zip(steps[::2], steps[1::2]):
            assert b[0] - a[0] == pytest.approx(b[1] - a[1])  # 45 degrees


def test_a_log_scale_puts_each_power_of_ten_equally_far_apart():
    fig, to_page = drawn("plot")
    ticks = [to_page(*t.get_transform().transform(t.get_position())) for t in fig.axes[0].get_yticklabels()]
    gaps = [round(a[1] - b[1], 6) for a, b in itertools.pairwise(ticks)]
    assert len(set(gaps)) == 1 and gaps[0] > 0
    with pytest.raises(ValueError, match="log scale"):
        P.Panel((0, 0, 1, 1), (0, 1), (0, 1), xscale="log").check()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_is_cropped_as_jupyter_crops_the_png(name):
    """The SVG shows what matplotlib's tight box holds, 0.1 inch round, within 3 points: the SVG measures texts by
    the font's advance widths (as Chromium draws them), while matplotlib's hinting at 100 dpi makes small texts a
    few per cent wider (2.7 points on the grid's longest legend label)."""
    picture = built(name)
    fig, _ = drawn(name)
    box = fig.get_tightbbox(fig.canvas.get_renderer())  # inches
    viewbox = [float(v) for v in ET.fromstring(picture.svg()).get("viewBox").split()]
    left, top, pad = box.x0 * 72, (picture.height - box.y1) * 72, 7.2
    tight = [left - pad, top - pad, box.width * 72 + 2 * pad, box.height * 72 + 2 * pad]
    assert viewbox == pytest.approx(tight, abs=3.0)
    root = ET.fromstring(picture.svg(tight=False))
    assert root.get("viewBox") == f"0 0 {P._num(picture.width * 72)} {P._num(picture.height * 72)}"
    assert float(root.get("width")) == pytest.approx(picture.width * picture.dpi)  # as matplotlib's PNG (100 dpi)


@pytest.mark.parametrize(("family", "weight"), [(P.SANS, "normal"), (P.SANS, "bold"), (P.MONO, "normal")])
def test_the_width_table_is_dejavus(family, weight):
    """The advance widths the crop uses are the font's own, read here from matplotlib's copy of DejaVu."""
    font = ft2font.FT2Font(font_manager.findfont(font_manager.FontProperties(family=family, weight=weight)))
    for code in range(32, 127):
        glyph = font.load_char(code, flags=ft2font.LoadFlags.NO_SCALE)
        assert P.text_width(chr(code), 1000, family, weight) == round(glyph.horiAdvance * 1000 / font.units_per_EM)


def test_a_picture_says_what_it_is_and_escapes_its_texts():
    picture = PICTURES["puzzle"]()
    assert repr(picture) == "<Picture 8.27 x 11.69 in, 1 panel>"
    svg = picture._repr_svg_()
    root = ET.fromstring(svg)  # it parses, '&' and '<' escaped
    assert root.find(f"{SVG}title").text == "Names & <places>: a 6 x 9 grid and 3 words"
    assert "Names &amp; &lt;places&gt;" in svg
    clip_ids = [c.get("id") for c in root.iter(f"{SVG}clipPath")]
    other = ET.fromstring(grid_with_legend().svg())
    assert not set(clip_ids) & {c.get("id") for c in other.iter(f"{SVG}clipPath")}  # two pictures on one page


@pytest.mark.parametrize(
    ("colour", "expected"), [("0.85", "#d9d9d9"), ("0", "#000000"), ("white", "#ffffff"), ("#CC0000", "#cc0000")]
)
def test_colours_are_matplotlibs(colour, expected):
    assert P.hex_colour(colour) == expected == to_hex(colour)
    assert P.hex_colour("none") is None


@pytest.mark.parametrize("colour", ["red", "1.5", "#12345", "-0.5", "C0"])
def test_a_colour_the_svg_cannot_say_is_refused_when_described(colour):
    with pytest.raises(ValueError, match="colour"):
        P.Line((0, 1), (0, 1), colour=colour)


def test_labels_go_along_the_top_or_the_bottom_of_a_panel_not_both():
    """matplotlib has one set of x ticks, shown at the top or the bottom: a description cannot ask for both."""
    panel = P.Panel((0, 0, 1, 1), (0, 1), (0, 1))
    panel.ticks += [P.Ticks("top", (0.5,), ("up",)), P.Ticks("bottom", (0.5,), ("down",))]
    with pytest.raises(ValueError, match="top or the bottom"):
        P.Picture(2, 2, [panel]).svg()
    with pytest.raises(ValueError, match="top or the bottom"):
        picture_figure(P.Picture(2, 2, [panel]))


def test_a_turned_text_is_one_line():
    with pytest.raises(ValueError, match="90 degrees"):
        P.Text(0, 0, "two\nlines", rotation=90)
    with pytest.raises(ValueError, match="90 degrees"):
        P.Text(0, 0, "slanted", rotation=45)


def _inside_and_apart(fig, labels, across: bool) -> None:
    """Each label wholly inside the figure, and no two overlapping (``across``: side by side, else one above
    another)."""
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in labels]
    for box in boxes:
        assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= fig.bbox.width and box.y1 <= fig.bbox.height
    spans = sorted((b.x0, b.x1) if across else (b.y0, b.y1) for b in boxes)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def _marks(picture: P.Picture) -> tuple[list[P.Circle], list[P.Polygon]]:
    items = picture.panels[0].items
    return [i for i in items if isinstance(i, P.Circle)], [i for i in items if isinstance(i, P.Polygon)]


@pytest.mark.parametrize("name", ["grid-marked", "grid-star"])
def test_a_ring_marks_each_first_letter_and_an_arrowhead_points_the_way_the_word_reads_on_the_page(name):
    """The ring is round the first letter; the arrowhead's tip lies past the last letter in the placement's
    direction as the page shows it (north up, east right), in matplotlib's drawing and in the SVG."""
    from wordcover.word_search import DIRECTIONS

    grid = GRID if name == "grid-marked" else STAR
    words = ["ABEL", "CANTOR", "ANNA", "EULER", "GAUSS"] if name == "grid-marked" else ["XYZ"]
    placements = find_words(grid, words).found
    rings, arrows = _marks(built(name))
    fig, to_page = drawn(name)
    ax = fig.axes[0]
    svg_arrows = svg_patches(built(name).svg(), Polygon)
    assert len(rings) == len(arrows) == len(svg_arrows) == len(placements)
    directions, seen = set(), set()
    for p, ring, arrow, svg_arrow in zip(placements, rings, arrows, svg_arrows):
        # a second reading on the very cells of an earlier one (ANNA west) is drawn under the letters' middle
        under = SECOND_OFFSET if frozenset(p.cells) in seen else 0.0
        seen.add(frozenset(p.cells))
        assert (ring.y, ring.x) == pytest.approx((p.cells[0][0] + under, p.cells[0][1]))
        dr, dc = DIRECTIONS[p.direction]
        last_row, last_col = p.cells[-1]
        centre = to_page(*ax.transData.transform((last_col, last_row + under)))
        for tip in (to_page(*ax.transData.transform(arrow.points[0])), svg_arrow[-1][0]):
            across, down = tip[0] - centre[0], tip[1] - centre[1]  # on the page, y down
            assert (round(across / abs(across)) if abs(across) > 0.01 else 0) == dc, p
            assert (round(down / abs(down)) if abs(down) > 0.01 else 0) == dr, p  # north: up the page
        directions.add(p.direction)
    assert name != "grid-star" or directions == set(DIRECTIONS)
    assert name != "grid-marked" or directions == {"E", "W"}


def test_numbers_name_rows_and_columns_from_0_and_fit_in_the_picture():
    """Row numbers left of the grid, column numbers above it, grey, each at its row or column, none cut off by the
    figure's edge and none overlapping its neighbour (two digits on a 12 x 12 grid too)."""
    for name, rows in (("grid-marked", 6), ("grid-numbers-only", 12)):
        panel = built(name).panels[0]
        left, top = (next(t for t in panel.ticks if t.side == side) for side in ("left", "top"))
        assert left.labels == top.labels == tuple(str(k) for k in range(rows))
        assert left.positions == top.positions == tuple(range(rows))
        assert set(left.colours) == {"0.35"}
        fig, _ = drawn(name)
        ax = fig.axes[0]
        for labels, across in ((ax.get_yticklabels(), False), (ax.get_xticklabels(), True)):
            assert [t.get_text() for t in labels] == list(left.labels)
            _inside_and_apart(fig, labels, across)


def test_each_reading_has_its_own_panel_titled_with_it_and_one_stroke_ring_and_arrowhead():
    picture = built("readings")
    assert [panel.title for panel in picture.panels] == ["E: LER", "W: LUE", "S: LEN", "N: LUN", "SE: LLX",
                                                         "SW: LBA", "NE: LSO", "NW: LAC"]  # fmt: skip
    for panel in picture.panels:
        kinds = [type(item).__name__ for item in panel.items]
        strokes = [item for item in panel.items if isinstance(item, P.Line) and item.cap == "round"]
        assert len(strokes) == 1 and kinds.count("Circle") == 1 and kinds.count("Polygon") == 1
        assert panel.legend is None and len(panel.ticks) == 2  # numbered rows and columns, no legend
    boxes = [panel.bounds for panel in picture.panels]  # no two panels overlap, and all lie on the page
    assert all(min(x, y) >= 0 and x + w <= 1 and y + h <= 1 for x, y, w, h in boxes)
    for (x0, y0, w0, h0), (x1, y1, w1, h1) in itertools.combinations(boxes, 2):
        assert x0 + w0 <= x1 or x1 + w1 <= x0 or y0 + h0 <= y1 or y1 + h1 <= y0
    fig, _ = drawn("readings")
    titles = [ax.get_title() for ax in fig.axes]
    assert titles == [panel.title for panel in picture.panels]


def test_the_options_are_off_by_default_and_change_nothing_else():
    found = find_words(GRID, ["ABEL", "ANNA"]).found
    plain = grid_picture(GRID, found, size=4)
    assert plain.panels[0].bounds == (0.03, 0.03, 0.94 / 1.45, 0.94)  # where it always was
    assert _marks(plain) == ([], []) and plain.panels[0].ticks == []
    assert not [i for i in plain.panels[0].items if isinstance(i, P.Rect)]
    marked = grid_picture(GRID, found, size=4, directions=True, cells=[(0, 0)])
    assert marked.panels[0].bounds == plain.panels[0].bounds  # only numbers need room
    kept = [i for i in marked.panels[0].items if not isinstance(i, P.Circle | P.Polygon | P.Rect)]

    # ANNA's second reading, a line under the letters, runs on to meet its arrowhead when arrowheads are drawn
    def same(a, b):
        if isinstance(a, P.Line) and isinstance(b, P.Line) and a.ys == b.ys and a.ys[0] % 1:
            return (a.colour, a.xs[0]) == (b.colour, b.xs[0]) and abs(a.xs[-1] - b.xs[-1]) < 0.5
        return a == b

    assert len(kept) == len(plain.panels[0].items)
    assert all(same(a, b) for a, b in zip(kept, plain.panels[0].items))


@pytest.mark.parametrize(
    ("kind", "rows", "cols", "line"),
    [
        ("double", ["ACID", "BARE", "L", "E"], ["ABLE", "CA", "IR", "DE"], ("row", 1)),  # notebook 7's cut-off
        ("double", ["ACID", "B", "L", "E"], ["ABLE", "C", "I", "D"], ("col", 0)),
        ("any", ["ALTO", "LOUD", "SAND", "ONES"], ["ALSO", "LOAN", "TUNE", "ODDS"], ("row", 3)),  # whole: the last row
        ("symmetric", ["ABLE", "BEAR", "LA", "ER"], ["ABLE", "BEAR", "LA", "ER"], ("row", 1)),
    ],
)
def test_the_refused_word_is_in_the_last_whole_line_in_the_searchs_order(kind, rows, cols, line):
    from wordcover.views.squares import tried_line

    assert tried_line(kind, rows, cols) == line
    with pytest.raises(ValueError, match="no line is whole"):
        tried_line(kind, ["A", "B", "L", "E"], ["ABLE", "", "", ""])


@pytest.mark.parametrize("kind", ["double", "any", "symmetric"])
def test_tried_line_names_the_word_the_search_was_trying_at_every_cut_off(kind):
    """The search tries each candidate with ``try_word``; the last word it tried when it reports a cut-off is the
    word refused, and it is in the line tried_line finds, for cut-offs of both kinds up to the twentieth square."""
    from wordcover.views.squares import tried_line

    search = SquareSearch(4, load_words("everyday"), kind)
    tried = []
    try_word = search.try_word

    def spy(word, *rest):
        tried.append(word)
        return try_word(word, *rest)

    search.try_word = spy
    heard = []

    def watch(cut, rows, cols):
        side, i = tried_line(kind, rows, cols)
        heard.append((cut, (rows if side == "row" else cols)[i], tried[-1]))

    squares = list(itertools.islice(search.squares(watch=watch), 20))
    assert {cut for cut, _, _ in heard} == {"prefix", "mask"} and len(squares) == 20
    assert all(word == read for _, word, read in heard) and len(heard) > 100


def test_the_cut_off_outlines_the_refused_words_line_and_names_it_in_10_pt_labels():
    from wordcover.views import squares as SQ

    picture = built("square-cutoff")
    square, masks = picture.panels
    assert square.title == "trying BARE in row 1" and picture.caption.startswith("trying BARE in row 1: cell (2, 1)")
    [outline] = [i for i in square.items if isinstance(i, P.Rect) and i.edge == SQ.OUTLINE]
    inset = outline.x + 0.5
    assert outline.face == "none" and (outline.y + 0.5, outline.width, outline.height) == pytest.approx(
        (1 + inset, 4 - 2 * inset, 1 - 2 * inset)
    )
    cell = P.panel_box(picture, square).width / 4  # points a cell
    assert SQ.OUTLINE_WIDTH / 2 <= inset * cell <= SQ.OUTLINE_WIDTH  # the whole stroke inside the square, just
    assert min(t.size for p in picture.panels for t in p.ticks) >= 10
    letters = [t for t in masks.items if isinstance(t, P.Text) and len(t.text) == 1]
    assert "".join(t.text for t in letters) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ" and min(t.size for t in letters) >= 10
    texts = [t.text for t in masks.items if isinstance(t, P.Text)]
    assert "no letter fits cell (2, 1) both ways: BARE is cut off" in texts
    ranged = built("square-range")
    assert min(t.size for p in ranged.panels for t in p.ticks) >= 10
    assert not [i for i in ranged.panels[0].items if isinstance(i, P.Rect) and i.edge == SQ.OUTLINE]


def test_an_outlined_cell_is_inside_the_grid_and_its_line_inside_the_cell():
    rects = [i for i in built("grid-marked").panels[0].items if isinstance(i, P.Rect)]
    assert [(r.edge, r.face) for r in rects] == [("#cc0000", "none"), ("#0072b2", "none")]
    for rect, (row, col) in zip(rects, [(3, 0), (5, 5)]):
        assert col - 0.5 < rect.x < col - 0.45 and row - 0.5 < rect.y < row - 0.45
        assert rect.x + rect.width == pytest.approx(col + 0.5 - (rect.x - (col - 0.5)))
    with pytest.raises(ValueError, match=r"cell \(6,0\) is outside the 6 x 6 grid"):
        grid_picture(GRID, size=4, cells=[(6, 0)])


def test_the_compatibility_labels_are_10_pt_and_none_overlaps_another_or_the_edge():
    """Notebook 8's toy: 18 placements, each labelled left of its row and above its column in 10 pt monospace."""
    ws = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])
    picture = compatibility_picture(ws, next(ws.solutions()))
    matrix = picture.panels[1]
    assert [(t.size, t.family, len(t.labels)) for t in matrix.ticks] == [(10, P.MONO, 18)] * 2
    fig = picture_figure(picture)
    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[1]
    for labels, across in ((ax.get_yticklabels(), False), (ax.get_xticklabels(), True)):
        assert len(labels) == 18 and all(t.get_fontsize() == 10 for t in labels)
        _inside_and_apart(fig, labels, across)
    grid_box = fig.axes[0].get_window_extent(renderer)
    assert grid_box.x1 < min(b.x0 for b in (t.get_window_extent(renderer) for t in ax.get_yticklabels()))


WITHOUT_MATPLOTLIB = """
import json, xml.etree.ElementTree as ET
from wordcover import ExtraNeeded
from wordcover.finder import find_words
from wordcover.generator import make_puzzle
from wordcover.squares import SquareSearch
from wordcover.views import draw_grid, draw_square, grid_figure, puzzle_page, save_puzzle, square_cutoff_figure
from wordcover.wordlists import load_words

grid = {grid!r}
found = find_words(grid, ["ABEL", "CANTOR", "ANNA"]).found
picture = grid_figure(grid, found, size=4)
root = ET.fromstring(picture._repr_svg_())
texts = ["".join(t.itertext()) for t in root.iter("{{http://www.w3.org/2000/svg}}text")]
page = puzzle_page(make_puzzle(6, 6, ["ABEL", "LAND"], seed=1), key=True)
search = SquareSearch(4, load_words("everyday"), "double")
cutoff = square_cutoff_figure(search, ["ACID", "BARE", "L", "E"], ["ABLE", "CA", "IR", "DE"], (2, 1))
cutoff_texts = ["".join(t.itertext()) for t in ET.fromstring(cutoff.svg()).iter("{{http://www.w3.org/2000/svg}}text")]
try:
    save_puzzle(make_puzzle(6, 6, ["ABEL"], seed=1), {png!r})
    saved = "saved"
except ExtraNeeded as err:
    saved = str(err)
print(json.dumps({{
    "type": type(picture).__name__, "repr": repr(picture), "texts": texts, "page": type(page).__name__,
    "saved": saved, "cutoff": cutoff_texts,
    "loaded": sorted(m for m in sys.modules if m.partition(".")[0] == "matplotlib"),
}}))
"""


def test_without_matplotlib_grid_figure_gives_a_picture_whose_svg_holds_every_letter(tmp_path):
    png = tmp_path / "page.png"
    done = _without_extras(WITHOUT_MATPLOTLIB.format(grid=GRID, png=str(png)), blocked=("matplotlib",))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (out["type"], out["repr"], out["page"]) == ("Picture", "<Picture 5.8 x 4 in, 1 panel>", "Picture")
    letters = [t for t in out["texts"] if len(t) == 1]
    assert sorted(letters) == sorted(ch for row in GRID for ch in row if ch != ".")  # every letter, once
    labels = [label for label in out["texts"] if len(label) > 1]
    assert labels == ["ABEL at (3,0) E", "ABEL at (5,4) W", "CANTOR", "ANNA at (4,0) E", "ANNA at (4,3) W"]
    assert out["saved"] == "a picture needs matplotlib: pip install 'wordcover[notebooks]'"
    assert not png.exists()  # refused before the file was touched
    assert "∅" in out["cutoff"] and "no letter fits cell (2, 1) both ways: BARE is cut off" in out["cutoff"]
    assert "trying BARE in row 1" in out["cutoff"]
    assert [chr(65 + k) for k in range(26)] == [t for t in out["cutoff"] if len(t) == 1 and "A" <= t <= "Z"][-26:]
    assert out["loaded"] == []


LINKS_WITHOUT_MATPLOTLIB = """
import json, sys, xml.etree.ElementTree as ET
sys.path.insert(0, {notebooks!r})
from solutions import by_hand, exact_cover as ec
from wordcover import WordSearch, examples
from wordcover.analysis import align
from wordcover.dancing_links import DancingLinks
from wordcover.playback import record_writes
from wordcover.tracing import record
from wordcover.views import arrays_figure, frame_figure, links_figure, snapshot_figure
from wordcover.views.picture import iter_texts
from wordcover.widgets import Tracer

def drawn(svg):
    found = []
    for text in ET.fromstring(svg).iter("{{http://www.w3.org/2000/svg}}text"):
        spans = text.findall("{{http://www.w3.org/2000/svg}}tspan")
        found.append("\\n".join(s.text or "" for s in spans) if spans else text.text or "")
    return sorted(found)

knuth = examples.load("knuth_exact_cover").problem
engine = DancingLinks(knuth)
pair = examples.load("colour_pair").problem
naive, sticker = record_writes(pair, "naive"), record_writes(pair, "sticker")
ws = WordSearch(2, 2, ["AB", "BA"], "orthogonal")
small, small_sticker = record_writes(ws.problem, "naive"), record_writes(ws.problem, "sticker")
stranded = small.marks["stranded"][0]
trace = record(ws.problem, "naive", max_frames=80)
pictures = {{
    "arrays_figure": arrays_figure([("DLX1's example", ec.arrays_of(engine))], engine.names, knuth.labels,
                                   caption="a caption"),
    "links_figure": links_figure(naive, [0, 14], beside=(sticker, 10)),
    "frame_figure": frame_figure(small, stranded, ws),
    "frame_figure of a Trace": frame_figure(trace, 70, ws),
    "snapshot_figure": snapshot_figure(ws.problem, small.snapshot_at(stranded), "a text", "a caption", ws),
    "lists_figure": ec.lists_figure(knuth, [("before", ec.arrays_of(engine))] * 2, ["A", "D", "G"], "a caption"),
    "four_way_figure": by_hand.four_way_figure(by_hand.library_links(knuth), title="a title"),
    "memory_figure": by_hand.memory_figure(by_hand.library_links(knuth)),
}}
out = {{name: [type(p).__name__, drawn(p.svg()) == sorted(iter_texts(p)), len(drawn(p.svg()))]
       for name, p in pictures.items()}}
for problem in (pair, ws.problem):  # drawn as the links (at most 12 options), and as the matrix
    tracer = Tracer(problem, "naive", compare="sticker")
    tracer.goto("next-double-purify")
    picture = tracer.frame_picture()
    data = tracer._repr_mimebundle_()[0]
    out[f"Tracer {{len(problem.options)}}"] = [sorted(data), data["image/svg+xml"] == picture.svg(),
                                               drawn(tracer.svg()) == sorted(iter_texts(picture))]
out["loaded"] = sorted(m for m in sys.modules if m.partition(".")[0] == "matplotlib")
print(json.dumps(out))
"""


@pytest.mark.slow
def test_without_matplotlib_every_links_picture_is_a_picture_whose_svg_holds_its_texts():
    """frame_figure (of a recording and of a Trace), snapshot_figure, links_figure, arrays_figure, the solutions'
    lists_figure, four_way_figure and memory_figure, and a Tracer outside a widget front end."""
    notebooks = str(pathlib.Path(__file__).resolve().parent.parent / "notebooks")
    done = _without_extras(LINKS_WITHOUT_MATPLOTLIB.format(notebooks=notebooks), blocked=("matplotlib",))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out.pop("loaded") == []
    bundle = ["application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"]
    assert out.pop("Tracer 3") == out.pop("Tracer 16") == [bundle, True, True]
    assert {name: kind for name, (kind, _, _) in out.items()} == dict.fromkeys(out, "Picture")
    assert all(same and count > 5 for _, same, count in out.values()), out


def test_grid_figure_is_matplotlibs_figure_where_matplotlib_is_installed():
    from matplotlib.figure import Figure

    fig = grid_figure(GRID, find_words(GRID, ["ABEL"]).found, size=4)
    assert isinstance(fig, Figure)
    assert repr(fig) == "<Figure size 580x400 with 1 Axes>"  # what the notebooks print under the picture


@pytest.mark.slow
@pytest.mark.browser
def test_chromium_draws_the_svg_with_dejavu_at_the_widths_the_crop_counts():
    """In Chromium every text of the grid's SVG is as long as the font's advance widths say (so the crop and the
    legend hold), and the picture is as many pixels as matplotlib's PNG at 100 dpi. The screenshots of both are
    written to screenshots/ for eyes."""
    import pathlib
    import shutil

    sync_api = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    shots = pathlib.Path(__file__).resolve().parent.parent / "screenshots"
    shots.mkdir(exist_ok=True)
    picture = grid_with_legend()
    svg = picture.svg()
    picture_figure(picture).savefig(shots / "picture-grid-matplotlib.png", dpi=100, bbox_inches="tight")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
            lengths = page.eval_on_selector_all(
                "text", "els => els.map(e => [e.textContent, e.getComputedTextLength()])"
            )
            box = page.locator("svg").bounding_box()
            page.locator("svg").screenshot(path=str(shots / "picture-grid-svg.png"))
        finally:
            browser.close()
    texts = {t["text"]: t for t in svg_texts(svg)}
    assert len(lengths) == len(svg_texts(svg))
    for text, length in lengths:
        size, family = texts[text]["size"], texts[text]["family"].split(",")[0]
        assert length == pytest.approx(P.text_width(text, size, family), rel=0.01), text
    root = ET.fromstring(svg)
    assert (box["width"], box["height"]) == pytest.approx((float(root.get("width")), float(root.get("height"))), abs=1)
