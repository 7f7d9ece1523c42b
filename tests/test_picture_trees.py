"""The search trees, profiles, running means, classic puzzles and rows of grids, described once and drawn twice:
matplotlib's Figure and the SVG draw the same texts, strokes, rectangles, polygons, circles and markers in the same
places (the comparisons are test_picture.py's). Without matplotlib each picture function gives the Picture, whose
SVG holds every text it describes."""

from __future__ import annotations

import functools
import itertools
import json
import math
import xml.etree.ElementTree as ET

import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Ellipse, Polygon, Rectangle
from solutions.exact_cover import tried_for

from test_extras import _without_extras
from test_picture import (
    as_tuple,
    assert_same,
    expected_text,
    laid_out,
    mpl_markers,
    mpl_patches,
    mpl_strokes,
    mpl_texts,
    svg_markers,
    svg_patches,
    svg_strokes,
    svg_texts,
)
from wordcover import WordSearch, examples, make_engine, violations
from wordcover.classics import queens, sudoku, sudoku_grid
from wordcover.estimate import estimate
from wordcover.tracing import record
from wordcover.views import picture as P
from wordcover.views import trees as T
from wordcover.views.classics import sudoku_picture, tiling_picture
from wordcover.views.grid_row import grid_row_picture

PUZZLE = [".......34", "...57.9..", ".....45.1", "..1......", "86.45....", "..4.97...", "9...4....", "6..3..7.9",
          ".1.7..84."]  # fmt: skip
TILING = ("UUXIIIIINNNFTWYYYYZV", "UXXXPPLNNFFFTWWYZZZV", "UUXPPPLLLLFTTTWWZVVV")  # notebook 9's first 3 x 20
ABEL_LAND = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
THREE = WordSearch(4, 4, ["ABEL", "LAND", "DEN"], "orthogonal")  # conflicts on two levels


def tiling_pieces(rows=TILING) -> list[tuple[str, list[tuple[int, int]]]]:
    names = sorted({ch for row in rows for ch in row})
    return [(n, [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == n]) for n in names]


def dlx1_tree() -> P.Picture:
    """Notebook 3's first tree: DLX1's example, each node named 'item chosen: option tried'."""
    problem = examples.load("knuth_exact_cover").problem
    trace = record(problem, "x")
    chosen = tried_for(trace)  # the labels notebook 3 gives its tree
    title = "The search tree of DLX1's example (each node: item chosen: option tried)"
    label = lambda k: f"{chosen[k]}: {problem.labels[k]}"  # noqa: E731
    return T.search_tree_picture(trace, title, label=label, size=(7, 3.6), title_size=11, legend_size=10, name_size=11)


def wrong_for(problem):
    return lambda chosen: bool(violations(problem, chosen))


def four_trees() -> P.Picture:
    """Notebook 5's: the colour pair's two trees side by side, named and with the wrong solution crossed; ABEL
    LAND's two below, each across the width; one legend."""
    pair = examples.load("colour_pair").problem
    kinds = ("try", "solution")
    rows = [
        [
            T.Tree(record(pair, name, kinds=kinds), f"{name}: colour pair", lambda o: pair.labels[o], wrong_for(pair))
            for name in ("naive", "sticker")
        ]
    ]
    rows += [
        [T.Tree(record(ABEL_LAND.problem, name, kinds=kinds), f"{name}: ABEL LAND", None, wrong_for(ABEL_LAND.problem))]
        for name in ("naive", "sticker")
    ]
    return T.search_trees_picture(rows, heights=(1, 1.25, 1.25))


def stacked_tree() -> P.Picture:
    """Five queens with the leaves stacked, beside a tree too big to draw."""
    trace = record(queens(5), "x")
    rows = [[T.Tree(trace, "stacked", stack_leaves=True), T.Tree(trace, "too big", max_nodes=10)]]
    return T.search_trees_picture(rows, size=(9, 3.5))


def shared_levels() -> P.Picture:
    """Two trees of different depths side by side on one scale of levels, the leaves stacked, the legend centred
    under the row (notebook 4's outside and sticker trees, made small)."""
    pair = examples.load("colour_pair").problem
    row = [T.Tree(record(queens(4), "x"), "four queens", stack_leaves=True), T.Tree(record(pair, "naive"), "pair")]
    return T.search_trees_picture([row], size=(8, 3.5), title_size=10, legend_size=8, share_levels=True)


def numbered_tree() -> P.Picture:
    """ABEL LAND's sticker tree with every solution taken for wrong: 112 crosses side by side, their numbers (up to
    three digits) in as many rows as they need to stand apart."""
    trace = record(ABEL_LAND.problem, "sticker", kinds=("try", "solution"))
    return T.search_trees_picture([[T.Tree(trace, "all wrong", wrong=lambda chosen: True)]], size=(11, 3.5))


@functools.cache
def outside_and_sticker() -> dict:
    """The colours-outside engine's and the sticker engine's stats on ABEL LAND DEN, and the outside engine's
    conflicts per level."""
    stats = {}
    for name in ("outside", "sticker"):
        engine = make_engine(THREE.problem, name)
        engine.count()
        stats[name] = engine.stats
    conflicts = [0] * len(stats["outside"].profile)

    def note(event, engine):
        if event.kind == "conflict":
            conflicts[event.level] += 1

    make_engine(THREE.problem, "outside", observer=note).count()
    return {"stats": stats, "conflicts": conflicts}


def profiles(log: bool = True) -> P.Picture:
    data = outside_and_sticker()
    named = {"colours outside: nodes": data["stats"]["outside"], "Algorithm C: nodes": data["stats"]["sticker"]}
    marked = {"colours outside: conflicts": data["conflicts"]}
    return T.profiles_picture(named, log, "ABEL LAND DEN in 4 × 4: nodes and conflicts per level", marked)


@functools.cache
def six_queens_stats():
    engine = make_engine(queens(6), "x")
    engine.count()
    return engine.stats


def profile_bars() -> P.Picture:
    return T.profile_picture(six_queens_stats(), "Six queens: search-tree nodes at each level")


@functools.cache
def six_queens_estimate() -> tuple[list[int], int]:
    return [p.nodes for p in estimate(queens(6), 300, seed=1, engine="x").probes], six_queens_stats().nodes


def running_mean(log_x: bool = True) -> P.Picture:
    estimates, exact = six_queens_estimate()
    return T.running_mean_picture(estimates, exact, log_x=log_x)


def running_mean_inside() -> P.Picture:
    """The Axes version's panel: a linear x axis, the legend in the upper right corner, no exact count."""
    estimates, _ = six_queens_estimate()
    picture = P.Picture(6, 3)
    picture.add_panel(T.running_mean_panel(estimates[:40], (0.15, 0.2, 0.8, 0.7), (6, 3)))
    return picture


@functools.cache
def solved_sudoku() -> list[str]:
    problem = sudoku(PUZZLE)
    return sudoku_grid(problem, make_engine(problem, "x").first())


def sudoku_solved() -> P.Picture:
    return sudoku_picture(solved_sudoku(), PUZZLE)


def grid_row() -> P.Picture:
    """Notebook 6's row: three solutions of ABEL LAND, titled, a ring and an arrowhead on each word."""
    solutions = ABEL_LAND.solutions()
    picked = [next(solutions) for _ in range(3)]
    titled = [(f"solution {k}", ABEL_LAND.grid(s), ABEL_LAND.decode(s)) for k, s in enumerate(picked)]
    return grid_row_picture(titled, directions=True)


PICTURES = {
    "tree-dlx1": dlx1_tree,
    "tree-queens": lambda: T.search_tree_picture(record(queens(5), "x"), "five queens"),
    "trees-four": four_trees,
    "trees-stacked": stacked_tree,
    "trees-shared": shared_levels,
    "trees-numbered": numbered_tree,
    "profile": profile_bars,
    "profiles": profiles,
    "profiles-linear": lambda: profiles(log=False),
    "profile-both": lambda: T.profile_picture(six_queens_stats(), "Six queens", size=(6, 3), rows="both"),
    "profiles-both": lambda: T.profiles_picture({"six queens": six_queens_stats()}, rows="both"),
    "running-mean": running_mean,
    "running-mean-linear": lambda: running_mean(log_x=False),
    "running-mean-inside": running_mean_inside,
    "sudoku": sudoku_solved,
    "sudoku-plain": lambda: sudoku_picture(PUZZLE),
    "tiling": lambda: tiling_picture(3, 20, tiling_pieces()),
    "sudoku-titled": lambda: sudoku_picture(solved_sudoku(), PUZZLE, title="givens in bold, the search's in blue"),
    "tiling-titled": lambda: tiling_picture(3, 20, tiling_pieces(), title="3 x 20: the first tiling"),
    "grid-row": grid_row,
    "bars": lambda: T.bars_picture(
        [
            ("colours outside: letters pushed", 4.06, "#e69f00"),
            ("Algorithm C: link updates purifying a cell", 5.33, "#56b4e9"),
            ("Algorithm C: purifies", 0.0, "#56b4e9"),
        ],
        title="the work at a node",
        xlabel="per search-tree node",
    ),
}


@functools.cache
def built(name: str) -> P.Picture:
    return PICTURES[name]()


@functools.cache
def drawn(name: str):
    return laid_out(built(name))


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_has_matplotlibs_texts_in_the_same_places(name):
    picture = built(name)
    fig, to_page = drawn(name)
    expected = [as_tuple(expected_text(t, to_page)) for t in mpl_texts(fig)]
    found = [as_tuple(t) for t in svg_texts(picture.svg())]
    assert_same(expected, found)
    assert sorted(t[0] for t in found) == sorted(P.iter_texts(picture))


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_has_matplotlibs_strokes_and_frames(name):
    fig, to_page = drawn(name)
    expected = mpl_strokes(fig, to_page)
    assert len(expected) > 0
    assert_same(expected, svg_strokes(built(name).svg()))


@pytest.mark.parametrize(
    ("name", "colour", "count"),
    [
        ("profile", T.PROFILE_BAR, 7),  # a bar a level of six queens
        ("tiling", "#1f77b4", 5),  # the first piece's five cells, each a square of its colour
        ("tiling", None, 60),  # every cell of the board
        ("sudoku", None, 0),
    ],
)
def test_the_svg_has_matplotlibs_rectangles(name, colour, count):
    fig, to_page = drawn(name)
    expected = mpl_patches(fig, to_page, Rectangle)
    assert_same(expected, svg_patches(built(name).svg(), Rectangle))
    assert sum(1 for r in expected if colour is None or r[0] == colour) == count


@pytest.mark.parametrize(("kind", "count"), [(Polygon, 6), (Ellipse, 6)])  # two words in each of three grids
def test_the_row_of_grids_has_matplotlibs_rings_and_arrowheads(kind, count):
    fig, to_page = drawn("grid-row")
    expected = mpl_patches(fig, to_page, kind)
    assert len(expected) == count
    assert_same(expected, svg_patches(built("grid-row").svg(), kind))


def tree_kinds_counted(trace) -> dict[str, int]:
    """The kinds of node of a trace's tree, counted from the order of its events alone."""
    events = [f.event for f in trace.frames if f.event.kind in ("try", "solution")]
    counted = {"tried": 0, "dead end": 0, "solution": 0}
    for e, after in zip(events, [*events[1:], None]):
        if e.kind == "try":
            below = after is not None and after.kind == "try" and after.level > e.level
            done = after is not None and after.kind == "solution"
            counted["solution" if done else "tried" if below else "dead end"] += 1
    return counted


@pytest.mark.parametrize(
    "name", ["tree-dlx1", "tree-queens", "trees-four", "trees-stacked", "profiles", "running-mean"]
)
def test_the_svg_has_matplotlibs_markers(name):
    fig, to_page = drawn(name)
    assert_same(mpl_markers(fig, to_page), svg_markers(built(name).svg()), tol=0.011)


def test_each_tried_option_is_one_marker_of_its_kind_and_the_legend_names_the_kinds_drawn():
    trace = record(queens(5), "x")
    counted = {"start": 1, **tree_kinds_counted(trace)}  # the root, drawn and named as a kind of its own
    panel = built("tree-queens").panels[0]
    styles = {(shape, P.hex_colour(face)): kind for kind, (shape, face, _, _) in T._NODE_STYLE.items()}
    drawn_kinds = [styles.get((m.shape, P.hex_colour(m.face))) for m in panel.items if isinstance(m, P.Marker)]
    assert {k: drawn_kinds.count(k) for k in counted} == counted and drawn_kinds.count(None) == 0
    assert panel.legend is not None
    assert [e.label for e in panel.legend.entries] == [T._NODE_LABEL[k] for k in T._NODE_STYLE if counted.get(k)]
    fig, to_page = drawn("tree-queens")
    markers = mpl_markers(fig, to_page)
    assert len(markers) == sum(counted.values()) + len(panel.legend.entries)
    assert T.search_tree_kinds(trace) == {k for k, v in counted.items() if v and k != "start"}


def test_the_four_trees_share_one_legend_of_the_kinds_they_drew():
    picture = built("trees-four")
    legends = [p.legend for p in picture.panels if p.legend is not None]
    assert len(legends) == 1 and picture.panels[-1].legend is legends[0]
    assert [e.label for e in legends[0].entries] == [T._NODE_LABEL[k] for k in ("start", "tried", "solution", "wrong")]
    assert [p.title for p in picture.panels] == ["naive: colour pair", "sticker: colour pair", "naive: ABEL LAND",
                                                 "sticker: ABEL LAND"]  # fmt: skip
    crosses = [m for m in picture.panels[2].items if isinstance(m, P.Marker) and m.shape == "X"]
    naive = make_engine(ABEL_LAND.problem, "naive")
    assert len(crosses) == sum(bool(violations(ABEL_LAND.problem, s)) for s in naive.solutions()) > 0


def test_trees_side_by_side_can_share_one_scale_of_levels_and_the_legend_is_centred_under_their_row():
    picture = built("trees-shared")
    left, right = picture.panels
    assert left.ylim == right.ylim and left.ylim[0] > 4 > 2  # four queens' level 4 sets both
    alone = T.search_trees_picture([[T.Tree(record(examples.load("colour_pair").problem, "naive"), "pair")]])
    assert alone.panels[0].ylim[0] < 3  # alone, the pair's tree goes down to level 2 and a little more
    fig, to_page = drawn("trees-shared")
    boxes = [ax.get_window_extent() for ax in fig.axes]
    row_middle = (to_page(boxes[0].x0, 0)[0] + to_page(boxes[-1].x1, 0)[0]) / 2
    labels = [t for t in svg_texts(picture.svg()) if t["text"] in T._NODE_LABEL.values()]
    handle = (P.LEGEND_SPACING["handlelength"] + P.LEGEND_SPACING["handletextpad"]) * 8  # before the first label
    start = min(label["lines"][0][0] for label in labels) - handle  # the legend's first column's handles
    end = max(label["lines"][0][0] + P.text_width(label["text"], 8) for label in labels)  # its widest label's end
    assert (start + end) / 2 == pytest.approx(row_middle, abs=0.5)
    legend = picture.panels[-1].legend
    assert legend.columns < len(legend.entries) and T.legend_width(legend) < picture.width * 72  # in rows, on the page


def test_a_small_trees_names_can_be_larger_and_a_legend_too_wide_for_one_row_takes_two():
    """Review 30-T: notebook 3's first tree had 9 pt names and a legend of four entries in one row wider than the
    figure, so the plot filled only the middle of the picture. Its names are 11 pt; its legend is two rows of two,
    on the page; a tree with room for one row keeps one."""
    picture = built("tree-dlx1")
    (panel,) = picture.panels
    names = [t for t in panel.items if isinstance(t, P.Text)]
    assert names and {t.size for t in names} == {11}
    legend = panel.legend
    assert (len(legend.entries), legend.columns) == (4, 2)
    assert T.legend_width(legend) <= picture.width * 72 - 2 * T.AIR
    assert T.legend_width(T.Legend(legend.entries, legend.size, columns=4)) > picture.width * 72  # one row: too wide
    wide = T.search_tree_picture(record(queens(4), "x"), "four queens", size=(11, 3.3))
    assert wide.panels[0].legend.columns == len(wide.panels[0].legend.entries)


def test_the_rows_are_named_as_the_event_lines_name_levels_and_the_root_says_what_it_chose():
    """An option tried at level L, printed 'L{L} try ...', is drawn in the row named 'L{L}', one row below the root
    ('start'); the labelled tree names its root by the item chosen there, as the line 'L0 choose A' says."""
    problem = examples.load("knuth_exact_cover").problem
    trace = record(problem, "x")
    panel = built("tree-dlx1").panels[0]
    left = next(t for t in panel.ticks if t.side == "left")
    assert left.labels == ("start", "L0", "L1", "L2") and left.positions == (0, 1, 2, 3)
    assert panel.ylabel == T.LEVEL_LABEL == "level"
    row = dict(zip(left.positions, left.labels))
    nodes, _ = T.tree_nodes(trace)
    tries = [f.text for f in trace.frames if f.event.kind == "try"]  # 'L0 try (option 1: A D G)', ...
    assert [row[n.y] for n in nodes] == [line.split()[0] for line in tries] and len(tries) == 5
    first_choice = next(f.text for f in trace.frames if f.event.kind == "choose")
    assert first_choice == "L0 choose A"
    texts = [t for t in panel.items if isinstance(t, P.Text)]
    assert "choose A" in [t.text for t in texts] and T.root_name(trace) == "choose A"
    assert min(t.size for t in texts) >= 9  # every name, the root's too
    unnamed = T.search_tree_picture(trace, "DLX1", label=lambda k: problem.labels[k], root="")
    assert "choose A" not in list(P.iter_texts(unnamed))


def test_short_and_tall_trees_title_their_rows_level():
    trace = record(queens(4), "x")
    short = T.search_tree_picture(trace, "four queens", size=(6, 1.6)).panels[0]
    tall = T.search_tree_picture(trace, "four queens", size=(6, 3.3)).panels[0]
    assert (short.ylabel, tall.ylabel) == ("level", "level")
    assert P.text_width(T.LEVEL_LABEL, 10) < P.panel_box(P.Picture(6, 1.6), short).height  # it fits the short one


def _page_parts(picture: P.Picture, panel: P.Panel):
    """A panel's texts and markers as boxes on the page, and its edges as points every quarter point along them."""
    box = P.panel_box(picture, panel)
    t = P._Transform(box, panel.xlim, panel.ylim, panel.xscale, panel.yscale)
    texts = [(i.text, P.text_layout(i, t.x(i.x), t.y(i.y))[2]) for i in panel.items if isinstance(i, P.Text)]
    marks = []
    for m in panel.items:
        if isinstance(m, P.Marker):
            r = m.size / 2 + (m.edge_width / 2 if m.edge != "none" else 0)
            marks.append(P.Box(t.x(m.x) - r, t.y(m.y) - r, t.x(m.x) + r, t.y(m.y) + r))
    edges = []
    for line in panel.items:
        if isinstance(line, P.Line) and line.colour == T.EDGE_COLOUR:
            (x0, x1), (y0, y1) = (t.x(x) for x in line.xs), (t.y(y) for y in line.ys)
            steps = max(1, int(math.hypot(x1 - x0, y1 - y0) * 4))
            edges.append([(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(steps + 1)])
    return texts, marks, edges


def _apart(a: P.Box, b: P.Box) -> bool:
    return a.right <= b.left or b.right <= a.left or a.bottom <= b.top or b.bottom <= a.top


@pytest.mark.parametrize("name", ["tree-dlx1", "trees-four", "trees-numbered"])
def test_no_edge_runs_through_a_name_or_a_number_and_none_touches_a_node_or_another(name):
    picture = built(name)
    for panel in picture.panels:
        texts, marks, edges = _page_parts(picture, panel)
        reach = T.EDGE_WIDTH / 2
        for text, where in texts:
            grown = P.Box(where.left - reach, where.top - reach, where.right + reach, where.bottom + reach)
            for points in edges:
                assert not any(grown.left < x < grown.right and grown.top < y < grown.bottom for x, y in points), text
            assert all(_apart(where, mark) for mark in marks), text
        for (a, box_a), (b, box_b) in itertools.combinations(texts, 2):
            assert _apart(box_a, box_b), (a, b)


def test_the_wrong_solutions_are_numbered_from_the_left_in_the_order_the_search_found_them():
    panel = built("trees-four").panels[2]  # naive: ABEL LAND
    crosses = sorted((m for m in panel.items if isinstance(m, P.Marker) and m.shape == "X"), key=lambda m: m.x)
    numbers = sorted((t for t in panel.items if isinstance(t, P.Text) and t.text.isdigit()), key=lambda t: t.x)
    assert [t.text for t in numbers] == [str(k) for k in range(1, len(crosses) + 1)] and len(crosses) > 9
    assert [t.x for t in numbers] == [m.x for m in crosses] and all(t.y > m.y for t, m in zip(numbers, crosses))
    trace = record(ABEL_LAND.problem, "naive", kinds=("try", "solution"))
    wrong = wrong_for(ABEL_LAND.problem)
    reported = [f.snapshot.chosen for f in trace.frames if f.event.kind == "solution" and wrong(f.snapshot.chosen)]
    nodes, _ = T.tree_nodes(trace, wrong=wrong)
    assert [n.x for n in nodes if n.kind == "wrong"] == [m.x for m in crosses]  # tried in this order, left to right
    assert len(reported) == len(crosses)
    unnumbered = T.search_trees_picture([[T.Tree(trace, "naive", wrong=wrong, number_wrong=False)]])
    assert not [t for t in unnumbered.panels[0].items if isinstance(t, P.Text) and t.text.isdigit()]


def test_a_name_goes_to_the_corner_none_of_its_nodes_edges_goes_to():
    right_below, right_above, left_below, left_above = (1, -1), (1, 1), (-1, -1), (-1, 1)
    assert T.name_side(1, 1, [1], False) == right_below  # straight up and down
    assert T.name_side(1, 0, [0, 1, 2], False) == right_above  # a child down to the right
    assert T.name_side(1, 2, [0, 2], False) == left_above  # children either side, the parent up to the right
    assert T.name_side(1, 2, [1], False) == right_below  # the parent up to the right, the child straight down
    assert T.name_side(1, 2, [2], False) == left_below  # both up and down to the right
    assert T.name_side(1, 2, [], True) == left_above  # a number hangs below
    assert T.name_side(0.5, None, [0, 1], False) == right_above  # the root


def _inside(picture: P.Picture, panel: P.Panel, items) -> None:
    """Every text and marker of ``items`` wholly inside its panel's box on the page."""
    box = P.panel_box(picture, panel)
    t = P._Transform(box, panel.xlim, panel.ylim, panel.xscale, panel.yscale)
    for item in items:
        if isinstance(item, P.Text):
            _, _, where = P.text_layout(item, t.x(item.x), t.y(item.y))
        else:
            r = item.size / 2
            where = P.Box(t.x(item.x) - r, t.y(item.y) - r, t.x(item.x) + r, t.y(item.y) + r)
        inside = box.left <= where.left and where.right <= box.right and box.top <= where.top
        assert inside and where.bottom <= box.bottom, (item, where, box)


@pytest.mark.parametrize(
    "name", ["tree-dlx1", "trees-four", "trees-numbered", "profile", "profiles", "profiles-linear"]
)
def test_every_name_count_and_node_lies_inside_its_panel(name):
    """The limits leave room for what is written beside a point: a node's name right of it and below, a count above
    or below its point, on a log scale too (the counts of level 0 included)."""
    picture = built(name)
    for panel in picture.panels:
        _inside(picture, panel, [i for i in panel.items if isinstance(i, P.Text | P.Marker)])


def test_the_profiles_write_each_count_beside_its_point_and_name_every_line():
    picture = built("profiles")
    panel = picture.panels[0]
    data = outside_and_sticker()
    written = [i.text for i in panel.items if isinstance(i, P.Text)]
    nodes = [f"{n:,}" for s in ("outside", "sticker") for n in data["stats"][s].profile]
    conflicts = [f"{n:,}" for n in data["conflicts"] if n]
    assert written == nodes + conflicts and conflicts
    assert panel.yscale == "log" and panel.ylabel == "nodes (log scale)"
    left = next(t for t in panel.ticks if t.side == "left")
    assert left.labels == tuple(f"{10**k:,}" for k in range(len(left.labels)))  # '1', '10', '100', '1,000'
    assert [e.label for e in panel.legend.entries] == [
        "colours outside: nodes",
        "Algorithm C: nodes",
        "colours outside: conflicts",
    ]
    assert not any(isinstance(i, P.Line) and i.dash for i in panel.items)  # counts at a level: no line between
    crosses = [i for i in panel.items if isinstance(i, P.Markers) and i.shape == "x"]
    assert len(crosses) == 1 and crosses[0].ys == tuple(n for n in data["conflicts"] if n)
    assert panel.legend.entries[-1].width == 0 and panel.legend.entries[-1].marker.shape == "x"


def test_a_profiles_counts_stand_clear_of_their_bars_and_no_tick_mark_runs_into_them():
    """Review 30-T: the '1' over eight queens' start bar (1 of 298) was drawn on the axis line, through the tick
    mark under the bar. Each count's bottom is BAR_GAP points over its bar, and only the count axis has marks."""
    picture = built("profile")
    (panel,) = picture.panels
    height = picture.height * 72 * panel.bounds[3]
    per_point = (panel.ylim[1] - panel.ylim[0]) / height
    bars = {round(b.x + b.width / 2): b.height for b in panel.items if isinstance(b, P.Rect)}
    counts = [t for t in panel.items if isinstance(t, P.Text)]
    assert len(counts) == len(bars) and min(bars.values()) == 1
    for t in counts:
        assert t.va == "bottom" and t.text == f"{bars[round(t.x)]:,}"
        assert t.y - bars[round(t.x)] == pytest.approx(T.BAR_GAP * per_point)
    marks = [line for line in panel.items if isinstance(line, P.Line) and line.cap == "butt"]
    assert marks and all(line.xs[0] == panel.xlim[0] for line in marks)  # every mark leaves the left edge


def test_the_running_mean_is_the_mean_so_far_on_two_log_axes_with_its_legend_above():
    picture = built("running-mean")
    panel = picture.panels[0]
    estimates, exact = six_queens_estimate()
    mean = next(i for i in panel.items if isinstance(i, P.Line) and i.colour == T.MEAN_COLOUR)
    assert mean.ys[-1] == pytest.approx(sum(estimates) / len(estimates)) and mean.ys[0] == estimates[0]
    assert (panel.xscale, panel.yscale) == ("log", "log")
    assert next(t for t in panel.ticks if t.side == "bottom").labels == ("1", "10", "100")
    assert panel.legend is not None and panel.legend.anchor[1] > 1 and panel.legend.columns == 3
    assert panel.legend.entries[-1].label == f"real count {exact:,}"
    [dots] = [i for i in panel.items if isinstance(i, P.Markers)]  # every estimate's dot in one item
    assert dots.ys == tuple(estimates) and dots.xs == tuple(range(1, len(estimates) + 1))
    assert dots.size == T.DOT_SIZE >= 3 and panel.legend.entries[0].marker.size == dots.size  # not specks (review)
    assert not any(isinstance(i, P.Marker) for i in panel.items)
    fig, _ = drawn("running-mean")
    drawn_dots = [line for line in fig.axes[0].lines if line.get_marker() == "o" and line.get_linestyle() == "None"]
    assert len(drawn_dots) == 2 and len(drawn_dots[0].get_xdata()) == len(estimates)  # and the legend's one dot
    paths = [e for e in ET.fromstring(picture.svg()).iter() if e.get("class") == "markers"]
    assert len(paths) == 1 and paths[0].get("d").count("M") == len(estimates)  # one path, a piece a dot


def test_the_sudoku_writes_givens_bold_and_the_rest_in_blue():
    panel = built("sudoku").panels[0]
    digits = [i for i in panel.items if isinstance(i, P.Text)]
    assert len(digits) == 81
    bold = {(int(d.y), int(d.x)) for d in digits if d.weight == "bold"}
    assert bold == {(r, c) for r, row in enumerate(PUZZLE) for c, ch in enumerate(row) if ch != "."}
    assert {d.colour for d in digits if d.weight != "bold"} == {"#1f4e9c"}
    assert sum(i.width == 2.0 for i in panel.items if isinstance(i, P.Line)) == 8  # round the boxes


def test_the_tiling_draws_each_border_once_and_names_each_piece():
    panel = built("tiling").panels[0]
    names = sorted(i.text for i in panel.items if isinstance(i, P.Text))
    assert names == sorted("FILNPTUVWXYZ")
    borders = {(line.xs, line.ys) for line in panel.items if isinstance(line, P.Line)}
    assert len(borders) == len([line for line in panel.items if isinstance(line, P.Line)])  # none twice
    assert ((0, 20), (0, 0)) not in borders and ((0, 1), (0, 0)) in borders  # edge by edge
    with pytest.raises(Exception, match="outside the 3x20 board"):
        tiling_picture(3, 20, [("I", [(0, 20)])])


def test_ticks_are_round_and_a_log_axis_is_labelled_as_counts():
    assert T.nice_ticks(0, 320) == [0, 100, 200, 300]
    assert T.nice_ticks(0, 9.4) == [0, 2, 4, 6, 8]
    assert T.log_ticks(0.25, 40000) == [1, 10, 100, 1000, 10000]
    assert T.log_ticks(40, 600) == [50, 100, 200, 500]  # one power of ten: 1, 2 and 5 times each
    assert T.log_ticks(58, 178) == [60, 70, 80, 90, 100]  # none of those but 100: every whole multiple
    assert [T.count_label(v) for v in (1, 10, 1000, 10000.0, 0.5)] == ["1", "10", "1,000", "10,000", "0.5"]


def test_fit_limits_leave_room_for_what_is_drawn_beside_a_point():
    low, high = T.fit_limits([(0, 10, 10), (1, 10, 50)], 200, margin=0)
    per_point = (high - low) / 200
    assert low == pytest.approx(-10 * per_point) and high == pytest.approx(1 + 50 * per_point)
    low, high = T.fit_limits([(1, 0, 0), (1000, 0, 30)], 300, "log", margin=0)
    assert high == pytest.approx(1000 * (high / low) ** (30 / 300))
    assert T.shifted(10, 30, (low, high), "log", 300) == pytest.approx(10 * (high / low) ** 0.1)
    with pytest.raises(ValueError, match="cannot hold"):
        T.fit_limits([(0, 60, 60)], 100)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_svg_is_cropped_as_jupyter_crops_the_png(name):
    picture = built(name)
    fig, _ = drawn(name)
    box = fig.get_tightbbox(fig.canvas.get_renderer())
    viewbox = [float(v) for v in ET.fromstring(picture.svg()).get("viewBox").split()]
    left, top, pad = box.x0 * 72, (picture.height - box.y1) * 72, 7.2
    tight = [left - pad, top - pad, box.width * 72 + 2 * pad, box.height * 72 + 2 * pad]
    assert viewbox == pytest.approx(tight, abs=3.0)


def test_the_axes_entry_points_draw_the_panels_the_pictures_hold():
    """draw_sudoku, draw_tiling, draw_profile, draw_profiles, draw_running_mean and draw_search_tree on an Axes
    placed where the picture puts its panel draw the same texts."""
    from wordcover.views import (
        draw_profile,
        draw_profiles,
        draw_running_mean,
        draw_search_tree,
        draw_sudoku,
        draw_tiling,
    )

    def texts(ax) -> list[str]:
        return sorted(t.get_text() for t in ax.texts if t.get_text())

    grid = solved_sudoku()
    estimates, _ = six_queens_estimate()
    data = outside_and_sticker()
    cases = [
        (built("sudoku"), lambda ax: draw_sudoku(ax, grid, PUZZLE)),
        (built("tiling"), lambda ax: draw_tiling(ax, 3, 20, tiling_pieces())),
        (built("profile"), lambda ax: draw_profile(ax, six_queens_stats())),
        (built("running-mean-inside"), lambda ax: draw_running_mean(ax, estimates[:40])),
    ]
    for picture, draw in cases:
        fig = Figure(figsize=(picture.width, picture.height))
        draw(fig.add_axes(picture.panels[0].bounds))
        panel = picture.panels[0]
        expected = [i.text for i in panel.items if isinstance(i, P.Text)]
        expected += [label for label in (panel.xlabel, panel.ylabel) if label]
        expected += [e.label for e in panel.legend.entries] if panel.legend else []
        assert texts(fig.axes[0]) == sorted(expected)
        shown = [t.get_text() for t in fig.axes[0].get_yticklabels()] if fig.axes[0].axison else []  # off: none
        assert shown == [label for t in panel.ticks if t.side == "left" for label in t.labels]
    ax = Figure(figsize=(7, 3.8)).add_subplot()
    draw_profiles(ax, data["stats"], log=False)
    counts = [f"{n:,}" for stats in data["stats"].values() for n in stats.profile]
    assert ax.get_yscale() == "linear" and [t.get_text() for t in ax.texts][: len(counts)] == counts
    ax = Figure().add_subplot()
    assert draw_search_tree(ax, record(queens(4), "x"), max_nodes=3) == set()
    assert texts(ax) == ["more than 3 nodes: too many to draw"]


WITHOUT_MATPLOTLIB = """
import json, sys, xml.etree.ElementTree as ET
from wordcover import WordSearch, examples, make_engine
from wordcover.classics import queens, sudoku, sudoku_grid
from wordcover.estimate import estimate
from wordcover.tracing import record
from wordcover.views import (
    Tree, grid_row_figure, profile_figure, profiles_figure, running_mean_figure, search_tree_figure,
    search_trees_figure, sudoku_figure, tiling_figure,
)
from wordcover.views.picture import iter_texts

problem = examples.load("knuth_exact_cover").problem
trace = record(problem, "x")
engine = make_engine(queens(5), "x")
engine.count()
ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
solutions = ws.solutions()
picked = [next(solutions) for _ in range(2)]
puzzle = {puzzle!r}
board = sudoku(puzzle)
pictures = {{
    "search_tree_figure": search_tree_figure(trace, "DLX1", label=lambda k: problem.labels[k]),
    "search_trees_figure": search_trees_figure([[Tree(trace, "one"), Tree(trace, "two")]]),
    "profile_figure": profile_figure(engine.stats, "five queens"),
    "profiles_figure": profiles_figure({{"five queens": engine.stats}}, marked={{"more": [0, 3, 9]}}),
    "running_mean_figure": running_mean_figure([p.nodes for p in estimate(queens(5), 20, seed=1).probes], 54),
    "sudoku_figure": sudoku_figure(sudoku_grid(board, make_engine(board, "x").first()), puzzle),
    "tiling_figure": tiling_figure(1, 5, [("I", [(0, k) for k in range(5)])]),
    "grid_row_figure": grid_row_figure([(str(k), ws.grid(s), ws.decode(s)) for k, s in enumerate(picked)]),
}}
out = {{}}
for name, picture in pictures.items():
    root = ET.fromstring(picture._repr_svg_())
    texts = ["".join(t.itertext()) for t in root.iter("{{http://www.w3.org/2000/svg}}text")]
    out[name] = {{"type": type(picture).__name__, "texts": sorted(texts), "described": sorted(iter_texts(picture))}}
out["loaded"] = sorted(m for m in sys.modules if m.partition(".")[0] == "matplotlib")
print(json.dumps(out))
"""


@pytest.mark.slow
def test_without_matplotlib_each_picture_function_gives_a_picture_whose_svg_holds_its_texts():
    done = _without_extras(WITHOUT_MATPLOTLIB.format(puzzle=PUZZLE))  # numpy and numba blocked too
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out.pop("loaded") == []
    assert len(out) == 8
    for name, found in out.items():
        assert found["type"] == "Picture", name
        assert found["texts"] == found["described"] and found["texts"], name
    assert "DLX1" in out["search_tree_figure"]["texts"] and "A D G" in out["search_tree_figure"]["texts"]
    assert {"1", "10", "five queens", "level", "nodes"} <= set(out["profile_figure"]["texts"])
    assert "more" in out["profiles_figure"]["texts"] and "1,000" not in out["profiles_figure"]["texts"]
    assert "real count 54" in out["running_mean_figure"]["texts"]
    assert out["sudoku_figure"]["texts"].count("9") == 9 and out["tiling_figure"]["texts"] == ["I"]
    assert {"0", "1", "A", "B", "E", "L"} <= set(out["grid_row_figure"]["texts"])


def test_the_figure_functions_give_matplotlibs_figure_where_matplotlib_is_installed():
    from wordcover.views import sudoku_figure

    fig = sudoku_figure(PUZZLE)
    assert isinstance(fig, Figure) and repr(fig) == "<Figure size 360x360 with 1 Axes>"


def test_bars_write_each_value_at_its_bars_end_and_refuse_what_they_cannot_draw():
    picture = built("bars")
    texts = [item.text for item in picture.panels[0].items if isinstance(item, P.Text)]
    assert texts == ["4.06", "5.33", "0.00"]
    bars = [item for item in picture.panels[0].items if isinstance(item, P.Rect)]
    assert [b.width for b in bars] == [4.06, 5.33, 0.0] and picture.panels[0].xlim[1] > 5.33
    with pytest.raises(ValueError, match="at least one bar"):
        T.bars_picture([])
    with pytest.raises(ValueError, match="0 or more"):
        T.bars_picture([("less than nothing", -1.0, "#000000")])


@pytest.mark.parametrize("kind", ["profile", "profiles"])
def test_a_profile_can_name_its_levels_as_the_trees_and_the_event_lines_do(kind):
    """With rows='events' the bar or point at depth k is labelled as the trees label the row of the options tried
    at level L(k-1): the root 'start', then 'L0', 'L1', ...; the count there is the number of 'L{k-1} try' lines."""
    problem = queens(5)
    engine = make_engine(problem, "x")
    engine.count()
    trace = record(problem, "x")
    tries = [sum(1 for f in trace.frames if f.event.kind == "try" and f.event.level == k) for k in range(6)]
    if kind == "profile":
        picture = T.profile_picture(engine.stats, rows="events")
    else:
        picture = T.profiles_picture({"five queens": engine.stats}, rows="events")
    (panel,) = picture.panels
    bottom = next(t for t in panel.ticks if t.side == "bottom")
    names = dict(zip(bottom.positions, bottom.labels))
    assert panel.xlabel == T.LEVEL_LABEL
    assert names[0] == "start" and engine.stats.profile[0] == 1
    for depth in range(1, len(engine.stats.profile)):
        assert names[depth] == f"L{depth - 1}"
        assert engine.stats.profile[depth] == tries[depth - 1]
    plain = T.profile_picture(engine.stats).panels[0]
    assert next(t for t in plain.ticks if t.side == "bottom").labels[:3] == ("0", "1", "2") and plain.xlabel == "level"
    with pytest.raises(ValueError, match="'depth', 'events' or 'both'"):
        T.profile_picture(engine.stats, rows="levels")


@pytest.mark.parametrize("name", ["profile-both", "profiles-both"])
def test_a_profile_can_name_each_level_both_ways_the_trees_name_over_dlx1s_number(name):
    """With rows='both' the label at depth k is the trees' name of the row over DLX1's level k, 'L0' over '(level
    1)'; no axis title, no two labels side by side overlapping, and room under the panel for both lines."""
    picture = built(name)
    (panel,) = picture.panels
    bottom = next(t for t in panel.ticks if t.side == "bottom")
    depth = len(six_queens_stats().profile)
    events = T.level_ticks(depth, "events")[1]
    assert bottom.labels == tuple(f"{row}\n(level {k})" for k, row in enumerate(events))
    assert bottom.labels[:2] == ("start\n(level 0)", "L0\n(level 1)") and panel.xlabel == ""
    page_width = picture.width * 72 * panel.bounds[2]
    step = page_width / (panel.xlim[1] - panel.xlim[0])  # points between two levels
    widest = max(P.text_width(line, bottom.size) for label in bottom.labels for line in label.split("\n"))
    assert widest < step
    room = picture.height * 72 * panel.bounds[1]  # points under the panel
    assert room >= P.TICK_PAD + 2 * P.LINE_PITCH * bottom.size
    svg = picture.svg()
    assert "(level 0)" in svg and ">start<" in svg


@pytest.mark.parametrize("name", ["sudoku", "tiling"])
def test_a_board_can_be_titled_over_it_and_keeps_its_size(name):
    plain, titled = built(name), built(f"{name}-titled")
    (board,), (under,) = plain.panels, titled.panels
    assert under.title and under.title_size == 11 and titled.caption.startswith(under.title + ": ")
    assert titled.width == plain.width and titled.height > plain.height
    inches = [(b[2] * p.width, b[3] * p.height) for b, p in ((board.bounds, plain), (under.bounds, titled))]
    assert inches[0] == pytest.approx(inches[1], abs=0.01)  # the board itself as big as untitled
    top = (under.bounds[1] + under.bounds[3]) * titled.height
    assert titled.height - top >= (T.title_room(11) + 2) / 72 - 0.01  # room above it for the title


def test_two_profiles_write_each_levels_larger_count_above_and_the_smaller_below():
    """Where two profiles run close (Langford n = 8, MRV against the first item, notebook 3), a count written on a
    fixed side landed on the other line; now the larger count of a level is written above its point."""
    from types import SimpleNamespace

    first, second = [1, 7, 42, 170, 300], [1, 14, 134, 840, 300]
    picture = T.profiles_picture({"a": SimpleNamespace(profile=first), "b": SimpleNamespace(profile=second)})
    written = {}
    for item in picture.panels[0].items:
        if isinstance(item, P.Text) and item.text.replace(",", "").isdigit():
            written.setdefault((round(item.x), int(item.text.replace(",", ""))), []).append(item.va)
    for x, (a, b) in enumerate(zip(first, second)):
        top, low = (a, b) if a >= b else (b, a)
        assert written[(x, top)][0] == "bottom"  # above its point
        assert written[(x, low)][-1] == "top"  # below its point


def test_the_running_mean_has_a_title_above_its_legend_and_its_mean_over_light_dots():
    """Review 30-W: 09's running mean had no title, and 2,000 grey dots swamped the mean. The title stands above the
    legend, which stands above the panel; the dots are light and the mean is drawn over them, thicker than before."""
    estimates, exact = six_queens_estimate()
    picture = T.running_mean_picture(estimates, exact, title="Six queens: the mean so far")
    panel = picture.panels[0]
    [title] = [t for t in picture.overlay if isinstance(t, P.Text) and t.text == "Six queens: the mean so far"]
    top = panel.bounds[1] + panel.bounds[3]
    legend_top = top + (panel.legend.anchor[1] - 1) * panel.bounds[3]
    assert title.y > legend_top > top and title.y < 1 and title.x == panel.bounds[0]
    mean = next(i for i in panel.items if isinstance(i, P.Line) and i.colour == T.MEAN_COLOUR)
    [dots] = [i for i in panel.items if isinstance(i, P.Markers)]
    assert mean.zorder > dots.zorder and mean.width == T.MEAN_WIDTH >= 2
    assert float(T.DOT_COLOUR) >= 0.75  # a light grey
    assert not any(isinstance(t, P.Text) for t in T.running_mean_picture(estimates, exact).overlay)
