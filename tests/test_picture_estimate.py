"""Notebook 9's picture of Knuth's estimate: one path through a small search tree, and a table of what each of its
nodes stands for. Matplotlib's Figure and the SVG draw the same texts, strokes and markers in the same places (the
comparisons are test_picture.py's), and what the table says is what the library's Probe computes for that path."""

from __future__ import annotations

import functools
import itertools
import math

import pytest

from test_picture import (
    as_tuple,
    assert_same,
    expected_text,
    laid_out,
    mpl_markers,
    mpl_strokes,
    mpl_texts,
    svg_markers,
    svg_strokes,
    svg_texts,
)
from wordcover import examples, make_engine
from wordcover.classics import queens
from wordcover.estimate import probe
from wordcover.tracing import record
from wordcover.views import picture as P
from wordcover.views import trees as T

TITLE = "Four queens: one random path, and what each of its nodes stands for"


@functools.cache
def four_queens():
    return record(queens(4), "x")


def every_choice(trace) -> list[tuple[int, ...]]:
    """The choices (child numbers from 0, depth by depth) of every root-to-leaf path of a trace's tree."""
    nodes, _ = T.tree_nodes(trace, max_nodes=10_000)
    children: dict[int, list[int]] = {}
    for k, node in enumerate(nodes):
        children.setdefault(node.parent, []).append(k)

    def below(here: int) -> list[tuple[int, ...]]:
        kids = children.get(here, [])
        if not kids:
            return [()]
        return [(c, *rest) for c, kid in enumerate(kids) for rest in below(kid)]

    return below(-1)


def probed(problem, choices) -> object:
    """The library's Probe for the path that takes child ``choices[k]`` at depth k, walked on the engine's links."""
    steps = iter(choices)
    return probe(make_engine(problem, "x"), lambda d: next(steps))


@functools.cache
def built() -> P.Picture:
    return T.estimate_path_picture(four_queens(), (0, 1, 0), title=TITLE)


@functools.cache
def drawn():
    return laid_out(built())


def test_the_svg_has_matplotlibs_texts_in_the_same_places():
    fig, to_page = drawn()
    expected = [as_tuple(expected_text(t, to_page)) for t in mpl_texts(fig)]
    found = [as_tuple(t) for t in svg_texts(built().svg())]
    assert_same(expected, found)
    assert sorted(t[0] for t in found) == sorted(P.iter_texts(built()))


def test_the_svg_has_matplotlibs_strokes_and_markers():
    fig, to_page = drawn()
    assert len(mpl_strokes(fig, to_page)) > 16  # an edge a node, the path's over them, the table's rules
    assert_same(mpl_strokes(fig, to_page), svg_strokes(built().svg()))
    assert_same(mpl_markers(fig, to_page), svg_markers(built().svg()), tol=0.011)


@pytest.mark.parametrize(
    ("problem", "name"),
    [(queens(4), "four queens"), (queens(5), "five queens"), (examples.load("knuth_exact_cover").problem, "DLX1's")],
)
def test_every_path_drawn_says_what_the_librarys_probe_says_for_it(problem, name):
    """For each root-to-leaf path: the degrees, the products and their sum the table shows are the Probe's, walked on
    the engine's own links; the tree's column counts the nodes at each depth, and its sum is stats.nodes."""
    trace = record(problem, "x")
    engine = make_engine(problem, "x")
    engine.count()
    every = every_choice(trace)
    assert len(every) > 1
    for choices in every:
        said = probed(problem, choices)
        path = T.estimate_path(trace, choices)
        assert path.degrees == said.degrees and path.estimate == said.nodes, (name, choices)
        assert path.weights == tuple(math.prod(said.degrees[:k]) for k in range(len(said.degrees)))
        assert path.counts == tuple(engine.stats.profile) and sum(path.counts) == engine.stats.nodes
        table = [t.text for t in T.estimate_path_picture(trace, choices).panels[1].items if isinstance(t, P.Text)]
        products = table[4 : 4 + 3 * len(said.degrees) : 3]  # the "stands for" column, depth by depth
        assert [int(text.split("= ")[-1]) for text in products] == list(path.weights)
        assert table[-2:] == [str(said.nodes), str(engine.stats.nodes)]  # the sums: the estimate, the tree's size


def test_the_path_is_drawn_thick_from_the_root_to_its_leaf_and_ringed_at_each_node():
    picture = built()
    tree = picture.panels[0]
    nodes, root_x = T.tree_nodes(four_queens())
    path = T.estimate_path(four_queens(), (0, 1, 0))
    thick = [item for item in tree.items if isinstance(item, P.Line) and item.colour == T.PATH_COLOUR]
    points = [(root_x, 0.0)] + [(nodes[k].x, nodes[k].y) for k in path.nodes]
    assert [((a.xs[0], a.ys[0]), (a.xs[1], a.ys[1])) for a in thick] == list(itertools.pairwise(points))
    rings = [(m.x, m.y) for m in tree.items if isinstance(m, P.Marker) and m.edge == T.PATH_COLOUR]
    assert rings == points
    assert path.degrees == (4, 2, 1, 0) and path.weights == (1, 4, 8, 8) and path.counts == (1, 4, 6, 4, 2)


def test_a_path_that_stops_above_a_leaf_or_takes_a_child_that_is_not_there_is_refused():
    with pytest.raises(ValueError, match="above a leaf"):
        T.estimate_path(four_queens(), (0,))
    with pytest.raises(ValueError, match="not child 4"):
        T.estimate_path(four_queens(), (4,))


def test_the_tables_header_says_which_degree_each_depth_shows():
    """Depth k's row shows the degree of its own node and stands for the product of the degrees above it. Review
    30-AM (09 item 7): 'd₂ = 2' on the row of depth 1 beside 'stands for d₁…dₖ' made a learner stumble, so the
    table carries no index: 'degree of this node', then the bare degree; the tree's axis names its depths k."""
    picture = built()
    table = [t.text for t in picture.panels[1].items if isinstance(t, P.Text)]
    assert table[:3] == ["degree of this node", "stands for", "in the tree"]
    assert table[3] == "4" and table[4] == "1"  # depth 0: the root's degree, standing for itself
    assert table[6:8] == ["2", "4"]  # depth 1: its node's degree 2, standing for the root's 4
    assert not any(ch in text for text in table for ch in "ₖ₁₂₃₄")  # no index anywhere in the table
    assert picture.panels[0].ylabel == "depth k"


def test_the_table_keeps_a_margin_from_the_pages_right_edge():
    """Review 30-U: the last column's header, 'in the tree', ran almost to the picture's edge. The table, its rules
    and every text in it end TABLE_MARGIN points before the page's right edge."""
    picture = built()
    tree, table = picture.panels
    page = picture.width * 72
    left, _, width, _ = table.bounds
    right = (left + width) * page
    assert page - right == pytest.approx(T.TABLE_MARGIN) and T.TABLE_MARGIN >= 16
    per_point = (table.xlim[1] - table.xlim[0]) / (width * page)
    texts = [t for t in table.items if isinstance(t, P.Text)]
    ends = [
        left * page + (t.x - table.xlim[0]) / per_point + P.text_width(t.text, t.size, weight=t.weight) for t in texts
    ]
    assert max(ends) <= right
    assert (tree.bounds[0] + tree.bounds[2]) * page < left * page  # the tree stays left of the table
