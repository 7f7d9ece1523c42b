"""Notebook 04's table of pairs (views/pairs.py): a square for each pair of a placement of ABEL and one of LAND,
filled exactly where the two agree on every cell they share, as worked out here from the placements' cells and from
the solutions an engine finds; each row's count and the title's totals say what the squares show; matplotlib and
the SVG draw the same."""

from __future__ import annotations

import pytest
from matplotlib.patches import Ellipse, Polygon, Rectangle

from test_picture import (
    as_tuple,
    assert_same,
    expected_text,
    laid_out,
    mpl_patches,
    mpl_strokes,
    mpl_texts,
    svg_patches,
    svg_strokes,
    svg_texts,
)
from wordcover import WordSearch, make_engine
from wordcover.views import pairs, pairs_figure, pairs_picture
from wordcover.views import picture as P
from wordcover.views.pairs import FIT


def _squares(picture: P.Picture) -> dict[tuple[int, int], bool]:
    """(row, column) of each square of the table, counted from the top left by its middle, and whether it is
    filled (the groups of placements leave gaps between them, so a square's place is its rank, not its x or y)."""
    (panel,) = picture.panels
    rects = [r for r in panel.items if isinstance(r, P.Rect)]
    ys = sorted({round(r.y + r.height / 2, 6) for r in rects})
    xs = sorted({round(r.x + r.width / 2, 6) for r in rects})
    return {
        (ys.index(round(r.y + r.height / 2, 6)), xs.index(round(r.x + r.width / 2, 6))): r.face == FIT for r in rects
    }


def _clash_free(a, b) -> bool:
    """No cell given two letters: the letters of both placements, cell by cell, one per cell (an oracle of its own)."""
    grid: dict[tuple[int, int], set[str]] = {}
    for p in (a, b):
        for (r, c), letter in zip(p.cells, p.word):
            grid.setdefault((r, c), set()).add(letter)
    return all(len(letters) == 1 for letters in grid.values())


@pytest.mark.parametrize("directions", ["orthogonal", "all", "E,S"])
def test_filled_exactly_where_the_pair_fits_worked_out_from_the_cells_and_from_the_solutions(directions):
    ws = WordSearch(4, 4, ["ABEL", "LAND"], directions)
    abel = [p for p in ws.placements if p.word == "ABEL"]
    land = [p for p in ws.placements if p.word == "LAND"]
    squares = _squares(pairs_picture(ws, "ABEL", "LAND"))
    assert set(squares) == {(r, c) for r in range(len(abel)) for c in range(len(land))}
    by_cells = {(r, c) for r, a in enumerate(abel) for c, b in enumerate(land) if _clash_free(a, b)}
    assert {rc for rc, filled in squares.items() if filled} == by_cells
    where = {id(p): k for k, p in enumerate(ws.placements)}
    index = {where[id(p)]: n for n, p in enumerate(abel)} | {where[id(p)]: n for n, p in enumerate(land)}
    word = {where[id(p)]: p.word for p in ws.placements}
    solutions = set()
    for solution in make_engine(ws.problem, "sticker").solutions():
        pair = sorted(solution, key=lambda k: word[k] != "ABEL")
        solutions.add((index[pair[0]], index[pair[1]]))
    assert solutions == by_cells


def test_the_counts_beside_the_rows_and_the_title_are_the_squares_counted():
    ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    picture = pairs_picture(ws, "ABEL", "LAND")
    squares = _squares(picture)
    (panel,) = picture.panels
    counts = [t.text for t in panel.items if isinstance(t, P.Text) and t.text.endswith(" fit")]
    assert counts == [f"{sum(squares[r, c] for c in range(16))} fit" for r in range(16)] == ["7 fit"] * 16
    texts = [t.text for t in picture.overlay if isinstance(t, P.Text)]
    assert texts == ["ABEL × LAND: 256 pairs of placements, 112 fit"] == [picture.caption.split(";")[0]]
    assert sum(squares.values()) == ws.count() == 112
    abel = [p for p in ws.placements if p.word == "ABEL"]
    land = [p for p in ws.placements if p.word == "LAND"]
    starts = [t.text for t in panel.items if isinstance(t, P.Text) and t.family == P.MONO]
    assert starts == [f"{p.row},{p.col}" for p in abel + land]  # each row and column named by its first cell
    ways = [t.text for t in panel.items if isinstance(t, P.Text) and t.weight == "bold" and len(t.text) <= 2]
    assert ways == ["E", "W", "S", "N"] * 2  # the groups, rows then columns, in the puzzle's order
    assert [p.direction for p in abel] == [p.direction for p in land] == [w for w in "EWSN" for _ in range(4)]
    lines = [item for item in panel.items if isinstance(item, P.Line)]
    assert len(lines) == 8  # a bracket for each group


def test_the_labels_are_large_and_written_across_where_they_fit():
    """Review 30-O: the labels were about 8 pt on screen and the columns' turned on their side. The start cells are
    written across at 10.5 pt (the words' names larger), each within its own column; they turn only where they
    would not fit (two-digit rows)."""
    ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    (panel,) = pairs_picture(ws, "ABEL", "LAND").panels
    texts = [t for t in panel.items if isinstance(t, P.Text)]
    assert min(t.size for t in texts) >= 9.5 and all(t.rotation == 0 for t in texts)
    columns = [t for t in texts if t.family == P.MONO and t.va == "bottom"]
    assert len(columns) == 16
    unit = pairs.CELL * 72
    assert all(P.text_width(t.text, t.size, P.MONO) <= unit - pairs.GAP for t in columns)
    (wide,) = pairs_picture(WordSearch(11, 2, ["AB", "CD"], "E"), "AB", "CD").panels
    turned = [t for t in wide.items if isinstance(t, P.Text) and t.family == P.MONO and t.va == "bottom"]
    assert {t.rotation for t in turned} == {90} and "10,0" in {t.text for t in turned}


@pytest.mark.slow
def test_matplotlib_and_the_svg_draw_the_same_texts_strokes_and_shapes():
    picture = pairs_picture(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal"), "ABEL", "LAND")
    fig, to_page = laid_out(picture)
    svg = picture.svg()
    assert_same([as_tuple(expected_text(t, to_page)) for t in mpl_texts(fig)], [as_tuple(t) for t in svg_texts(svg)])
    assert_same(mpl_strokes(fig, to_page), svg_strokes(svg))
    for kind in (Rectangle, Polygon, Ellipse):
        assert_same(mpl_patches(fig, to_page, kind), svg_patches(svg, kind))


def test_the_figure_is_the_picture_drawn_and_what_cannot_be_drawn_is_refused():
    ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    fig = pairs_figure(ws, "ABEL", "LAND")
    picture = pairs_picture(ws, "ABEL", "LAND")
    assert tuple(fig.get_size_inches()) == (picture.width, picture.height)
    with pytest.raises(ValueError, match="DOG: not among"):
        pairs_picture(ws, "ABEL", "DOG")
    with pytest.raises(ValueError, match="two different words"):
        pairs_picture(ws, "ABEL", "ABEL")
