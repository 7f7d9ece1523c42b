"""The grid pictures of notebooks 01 and 02: where a word's arrowhead sits, a palindrome's second reading drawn so
that it shows, letters read but not found drawn dashed, outlined cells named in the legend, a placer's stack beside
its grid (after a backtrack, the cells it emptied outlined), and a puzzle's two pages side by
side. Each is drawn the same by matplotlib and as SVG (the comparisons of tests/test_picture.py, on these pictures).
"""

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
from wordcover import WordSearch
from wordcover.cliques import compatibility
from wordcover.finder import find_words
from wordcover.generator import backtracking_puzzle
from wordcover.views import picture as P
from wordcover.views.colours import spread_colours
from wordcover.views.grid_row import grid_row_picture
from wordcover.views.grids import (
    COUNTED,
    MASK_BLUE,
    OUTLINE,
    READING,
    READING_DASH,
    READING_RADIUS,
    SECOND_OFFSET,
    SECOND_WIDTH,
    STROKE_ALPHA,
    TAKEN_BACK,
    THIN_OUTLINE,
    WORD_LIST_SIZE,
    grid_panel,
    grid_picture,
    mask_picture,
    placer_stack_picture,
    puzzle_picture,
    readings_picture,
    run_colours,
    stack_picture,
    taken_back_picture,
)
from wordcover.word_search import DIRECTIONS, Placement, letter_grid

GRID = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
STAR = ["ZQZQZ", "QYYYQ", "ZYXYZ", "QYYYQ", "ZQZQZ"]  # XYZ from the middle in all eight directions
STUCK = [Placement("ABEL", 1, 3, "S"), Placement("GAUSS", 5, 0, "E"), Placement("EULER", 0, 1, "E")]
CLASHES = [(0, 1), (5, 0), (0, 2), (0, 3), (0, 4), (0, 5), (1, 3), (2, 3), (3, 3), (4, 3)]


def answer_key() -> P.Picture:
    """An answer key of five words, ANNA read both ways on the same cells (notebook 1 draws those cells once)."""
    found = find_words(GRID, ["ABEL", "CANTOR", "EULER", "GAUSS", "ANNA"]).found
    return grid_picture(GRID, found, size=4, numbers=True, directions=True)


def star() -> P.Picture:
    return grid_picture(STAR, find_words(STAR, ["XYZ"]).found, size=3, directions=True)


def clashes() -> P.Picture:
    """02's CANTOR picture as grid_picture draws it: outlined cells named in the legend, a title over the grid."""
    grid = letter_grid(6, 6, STUCK)
    return grid_picture(grid, STUCK, size=3.5, numbers=True, cells=CLASHES, cells_label="first clash", title="stuck")


def stack() -> P.Picture:
    frames = [(STUCK[0], 70), (STUCK[1], 68), (STUCK[2], 61), ("CANTOR", 0)]
    return stack_picture(
        letter_grid(6, 6, STUCK), frames, cells=CLASHES, cells_label="first clash on a line of CANTOR", title="stuck"
    )


def pages() -> P.Picture:
    words = ["MAZES", "WORD", "SEARCH", "PUZZLE", "GAMES", "PROGRAM"]
    return puzzle_picture(backtracking_puzzle(7, 7, words, seed=2015, difficulty="hard"), both=True)


def taken_back() -> P.Picture:
    words = ["FERMAT", "WOMBAT", "MOOSE"]
    runs = [("seed 0", {"WOMBAT": 3, "MOOSE": 200}, "gave up"), ("seed 1", {"MOOSE": 7}, "done after 1,016 tries")]
    return taken_back_picture(words, runs, title="times each word was taken back")


def row_of_two() -> P.Picture:
    """Two grids side by side that share ABEL and EULER, the second with two cells outlined."""
    moved = [Placement("EULER", 2, 0, "E"), Placement("ABEL", 3, 0, "E"), Placement("ANNA", 4, 0, "E")]
    return grid_row_picture([("first", GRID, STUCK), ("second", GRID, moved, [(2, 0), (3, 0)])], directions=True)


TOY = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])


def mask() -> P.Picture:
    """08's mask picture: CAT's first placement, the TEA x ATE table and its two masks."""
    return mask_picture(TOY, compatibility(TOY)[0], ("CAT", "TEA", "ATE"), 0)


def reading() -> P.Picture:
    """01's EESR picture: letters read NE from (3,2), no word, beside the start cells outlined in red."""
    starts = [(r, c) for r in (3, 4, 5) for c in (0, 1, 2)]
    eesr = Placement("EESR", 3, 2, "NE")
    return grid_picture(GRID, readings=[eesr], size=4, numbers=True, directions=True, cells=starts,
                        cells_label="start cells", title="a 4-letter word read NE")  # fmt: skip


def _seed_9_run() -> list:
    run: list = []
    names = ["ABEL", "GAUSS", "EULER", "CANTOR"]
    backtracking_puzzle(6, 6, names, seed=9, difficulty="easy", tries_left=True, trace=lambda *step: run.append(step))
    return run


def undo() -> P.Picture:
    """02's backtrack: the stack after step 5 of the four names' run, EULER taken back, its cells outlined."""
    return placer_stack_picture(_seed_9_run(), 5, ["ABEL", "GAUSS", "EULER", "CANTOR"], 6, 6, title="step 5")


PICTURES = {
    "reading": reading,
    "undo": undo,
    "mask": mask,
    "row-of-two": row_of_two,
    "answer-key": answer_key,
    "star": star,
    "clashes": clashes,
    "stack": stack,
    "pages": pages,
    "taken-back": taken_back,
}


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] if name == "pages" else []) for name in sorted(PICTURES)]
)
def test_matplotlib_and_the_svg_draw_the_same_texts_strokes_and_shapes(name):
    picture = PICTURES[name]()
    fig, to_page = laid_out(picture)
    svg = picture.svg()
    assert_same([as_tuple(expected_text(t, to_page)) for t in mpl_texts(fig)], [as_tuple(t) for t in svg_texts(svg)])
    assert_same(mpl_strokes(fig, to_page), svg_strokes(svg))
    for kind in (Rectangle, Polygon, Ellipse):
        assert_same(mpl_patches(fig, to_page, kind), svg_patches(svg, kind))


def _arrowheads(picture: P.Picture) -> list[P.Polygon]:
    return [item for panel in picture.panels for item in panel.items if isinstance(item, P.Polygon)]


@pytest.mark.parametrize(("name", "words"), [("answer-key", ["ABEL", "CANTOR", "EULER", "GAUSS", "ANNA"]),
                                             ("star", ["XYZ"])])  # fmt: skip
def test_an_arrowhead_lies_inside_its_words_last_cell_clear_of_the_letter(name, words):
    """Past the last letter's centre in the word's direction, but inside that letter's cell: never on the next cell
    (GAUSS's was on the X after it) nor over the grid's edge (ANNA read west was on the row numbers)."""
    grid = GRID if name == "answer-key" else STAR
    placements = find_words(grid, words).found
    heads = _arrowheads(PICTURES[name]())
    assert len(heads) == len(placements)
    for p, head in zip(placements, heads):
        last_row, last_col = p.cells[-1]
        dr, dc = DIRECTIONS[p.direction]
        for x, y in head.points:
            assert abs(x - last_col) < 0.5 and abs(y - last_row) < 0.5, (p, head.points)  # inside the last cell
        tip = head.points[0]
        along = ((tip[0] - last_col) * dc + (tip[1] - last_row) * dr) / (dr * dr + dc * dc) ** 0.5
        assert 0.4 <= along < 0.5 * (2**0.5 if dr and dc else 1), p  # past the letter, pointing the word's way
        base = min(((x - last_col) * dc + (y - last_row) * dr) / (dr * dr + dc * dc) ** 0.5 for x, y in head.points)
        assert base >= 0.2 - 1e-9, p  # clear of the letter (0.55 of a cell high, narrower across)


def _anna_marks():
    """The answer key's marks on ANNA: its first reading's stroke, ring and arrowhead, its second's line, dot and
    arrowhead (in the order drawn), and the letters of row 4."""
    panel = answer_key().panels[0]
    lines = [
        i for i in panel.items if isinstance(i, P.Line) and i.cap == "round" and set(i.ys) <= {4, 4 + SECOND_OFFSET}
    ]
    circles = [i for i in panel.items if isinstance(i, P.Circle) and i.y in (4, 4 + SECOND_OFFSET)]
    heads = [i for i in panel.items if isinstance(i, P.Polygon) and all(3.5 < y < 4.5 for _, y in i.points)]
    letters = [i for i in panel.items if isinstance(i, P.Text) and i.y == 4]
    return lines, circles, heads, letters, panel


def test_a_second_reading_on_the_same_cells_is_a_thin_line_under_the_letters_with_a_dot_for_its_start():
    """Review 30-Q, notebook 1: ANNA read west was a narrow red stroke over A N N A (dark letters on saturated red)
    and the two arrowheads sat on the rings. Now the first reading keeps the usual stroke and ring; the second is a
    thin line under the letters, inside the first stroke, with a dot where it starts: no mark of the second
    reading covers a letter, and each arrowhead is clear of the other reading's ring or dot."""
    (outer, inner), circles, heads, letters, panel = _anna_marks()
    cell_pt = outer.width / 0.8
    assert (outer.xs, outer.ys, outer.alpha) == ((0, 3), (4, 4), STROKE_ALPHA)
    assert (
        set(inner.ys) == {4 + SECOND_OFFSET}
        and inner.width == pytest.approx(SECOND_WIDTH * cell_pt)
        and inner.alpha == 1.0
    )
    letter_half = 0.55 * 0.73 / 2  # a capital's half height, in cells
    assert 4 + letter_half < 4 + SECOND_OFFSET - SECOND_WIDTH / 2  # the line passes under the letters' feet
    assert 4 + SECOND_OFFSET + SECOND_WIDTH / 2 < 4 + 0.4  # and inside the first stroke, 0.8 of a cell wide
    ring, dot = sorted(circles, key=lambda c: c.radius, reverse=True)
    assert (ring.x, ring.y, ring.radius) == (0, 4, 0.34)  # the first reading starts at (4,0)
    assert (dot.x, dot.y) == (3, 4 + SECOND_OFFSET) and dot.radius < 0.1 and dot.face != "none"
    east, west = heads
    assert min(x for x, _ in east.points) > 3 + dot.radius  # the first reading's arrowhead clears the dot

    def outside_ring(x, y):
        return ((x - ring.x) ** 2 + (y - ring.y) ** 2) ** 0.5 > ring.radius + 0.02

    assert all(outside_ring(x, y) for x, y in west.points)  # the second's clears the first's ring
    assert all(y > 4 + 0.15 for _, y in west.points) and all(-0.5 < x < 0 for x, _ in west.points)
    assert len(letters) == 6 and all(
        s.alpha == STROKE_ALPHA
        for s in panel.items
        if isinstance(s, P.Line) and s.cap == "round" and s is not inner and s.width > 2 * inner.width
    )
    legend = {e.label: e for e in panel.legend.entries}
    assert legend["ANNA at (4,3) W"].width < legend["ANNA at (4,0) E"].width  # the legend draws it thin too


def test_outlined_cells_are_named_in_the_legend_and_a_title_goes_over_the_grid():
    picture = clashes()
    (panel,) = picture.panels
    assert panel.title == "stuck" and picture.caption.startswith("stuck: ")
    labels = [entry.label for entry in panel.legend.entries]
    assert labels == ["ABEL", "GAUSS", "EULER", "first clash"]
    box = panel.legend.entries[-1]
    assert box.patch and box.edge == OUTLINE and box.colour == "none"
    assert "(first clash)" in picture.caption
    # without a label the legend is as it was, and a grid with no words gets no legend for its outlines alone
    assert [e.label for e in grid_picture(GRID, STUCK, cells=CLASHES).panels[0].legend.entries] == labels[:3]
    assert grid_picture(GRID, cells=CLASHES).panels[0].legend is None


def test_side_by_side_a_word_keeps_its_colour_and_each_grid_outlines_its_own_cells():
    picture = row_of_two()
    first, second = picture.panels
    assert (first.title, second.title) == ("first", "second")

    def colour_of(panel: P.Panel) -> dict[tuple, str]:
        strokes = [i for i in panel.items if isinstance(i, P.Line) and i.cap == "round" and i.colour != "white"]
        return {(s.xs, s.ys): s.colour for s in strokes}

    def ends(p: Placement) -> tuple:  # a stroke's (xs, ys): from the first letter's cell to the last's
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
        return (c0, c1), (r0, r1)

    words_first = {p.word: colour_of(first)[ends(p)] for p in STUCK}
    moved = {"EULER": ((0, 4), (2, 2)), "ABEL": ((0, 3), (3, 3)), "ANNA": ((0, 3), (4, 4))}
    words_second = {word: colour_of(second)[key] for word, key in moved.items()}
    assert words_second["ABEL"] == words_first["ABEL"] and words_second["EULER"] == words_first["EULER"]
    assert words_second["ANNA"] not in words_first.values()  # a word met later takes a colour no word has
    assert words_first == dict(zip([p.word for p in STUCK], spread_colours([p.cells for p in STUCK], STROKE_ALPHA)))
    boxes = [(i.x, i.y) for i in second.items if isinstance(i, P.Rect) and i.edge != "none" and i.zorder == 4.5]
    assert len(boxes) == 2 and not [i for i in first.items if isinstance(i, P.Rect) and i.zorder == 4.5]
    with pytest.raises(ValueError, match="2 colours for 3 placements"):
        grid_panel(GRID, STUCK, colours=["#000000", "#ffffff"])


def agree(p: Placement, q: Placement) -> bool:
    """Two placements agree: every cell they share gets the same letter from both (worked out from the cells)."""
    letters = dict(zip(p.cells, p.word))
    return all(letters.get(cell, x) == x for cell, x in zip(q.cells, q.word))


@pytest.mark.parametrize("i", range(6))
def test_the_mask_picture_colours_counted_exactly_the_pairs_that_agree_with_each_other_and_with_cat(i):
    picture = mask_picture(TOY, compatibility(TOY)[0], ("CAT", "TEA", "ATE"), i)
    cat, tea, ate = ([p for p in TOY.placements if p.word == w] for w in ("CAT", "TEA", "ATE"))
    (panel,) = picture.panels
    squares = {(round(r.y), round(r.x)): r.face for r in panel.items if isinstance(r, P.Rect)}
    counted = {(j, k) for (j, k), face in squares.items() if j >= 0 and k >= 0 and face == COUNTED}
    triples = {(j, k) for j, q in enumerate(tea) for k, r in enumerate(ate)
               if agree(cat[i], q) and agree(cat[i], r) and agree(q, r)}  # fmt: skip
    assert counted == triples
    assert picture.caption.endswith(f"= {len(triples)}")
    masks = ([squares[(j, -1)] == MASK_BLUE for j in range(6)], [squares[(-1, k)] == MASK_BLUE for k in range(6)])
    assert masks == ([agree(cat[i], q) for q in tea], [agree(cat[i], r) for r in ate])


def test_the_mask_picture_refuses_what_it_cannot_draw():
    tables = compatibility(TOY)[0]
    with pytest.raises(ValueError, match="three different words"):
        mask_picture(TOY, tables, ("CAT", "CAT", "ATE"), 0)
    with pytest.raises(ValueError, match="DOG: not among"):
        mask_picture(TOY, tables, ("CAT", "TEA", "DOG"), 0)
    with pytest.raises(ValueError, match="placements 0 to 5, not 6"):
        mask_picture(TOY, tables, ("CAT", "TEA", "ATE"), 6)


def test_the_stack_has_a_box_a_frame_bottom_first_each_saying_its_word_place_and_tries_left():
    picture = stack()
    grid_panel, stack_panel = picture.panels
    boxes = [item for item in stack_panel.items if isinstance(item, P.Rect) and item.face != "none"]
    texts = [item.text for item in stack_panel.items if isinstance(item, P.Text)]
    assert len(boxes) == 4  # one a frame (the outline's sample, under the stack, is not filled)
    assert texts[:4] == [
        "ABEL at (1,3) S\n70 tries left",
        "GAUSS at (5,0) E\n68 tries left",
        "EULER at (0,1) E\n61 tries left",
        "CANTOR, not placed\n0 tries left",
    ]
    lows = [box.y for box in boxes[:4]]
    assert lows == sorted(lows)  # the bottom frame lowest
    assert boxes[3].face == "white" and any(
        isinstance(item, P.Rect) and item.edge == OUTLINE and item.y == boxes[3].y for item in stack_panel.items
    )
    # each placed word's box in the colour of its stroke on the grid
    strokes = [item for item in grid_panel.items if isinstance(item, P.Line) and item.cap == "round"]
    assert [box.face for box in boxes[:3]] == [stroke.colour for stroke in strokes]
    assert "CANTOR being tried" in picture.caption and "10 cells outlined" in picture.caption


def test_both_pages_side_by_side_each_framed_with_its_heading_grid_and_word_list():
    picture = pages()
    frames = [item for item in picture.overlay if isinstance(item, P.Rect)]
    assert len(frames) == 2 and frames[0].x == 0 and frames[1].x + frames[1].width == pytest.approx(1)
    texts = [item for item in picture.overlay if isinstance(item, P.Text)]
    assert [t.text for t in texts if t.weight == "bold"] == ["Word search", "Answer key"]
    words = sorted(["MAZES", "WORD", "SEARCH", "PUZZLE", "GAMES", "PROGRAM"])
    listed = [t for t in texts if t.family == P.MONO]
    assert [t.text for t in listed] == words * 2 and {t.size for t in listed} == {WORD_LIST_SIZE}
    left, right = picture.panels
    assert left.bounds[0] + left.bounds[2] < 0.5 < right.bounds[0]  # one grid on each page
    assert not any(isinstance(i, P.Line) and i.cap == "round" for i in left.items)  # the puzzle page marks nothing
    assert sum(isinstance(i, P.Line) and i.cap == "round" for i in right.items) == len(words)


def test_a_long_word_list_is_set_smaller_so_that_each_word_stays_in_its_column():
    long = ["ABCDEFGHIJKLMNOPQRSTU", "AB", "CD"]
    picture = puzzle_picture(backtracking_puzzle(21, 21, long, seed=1, difficulty="easy"))
    listed = [t for t in picture.overlay if isinstance(t, P.Text) and t.family == P.MONO]
    assert {t.size for t in listed} != {WORD_LIST_SIZE}
    column = 0.28 * picture.width * 72  # points from one column to the next
    assert all(P.text_width(t.text, t.size, P.MONO) < column for t in listed)


def test_the_taken_back_table_has_a_cell_a_word_and_run_white_where_the_word_never_moved():
    picture = taken_back()
    (panel,) = picture.panels
    texts = [item.text for item in panel.items if isinstance(item, P.Text)]
    assert texts == ["0", "3", "200", "gave up", "0", "0", "7", "done after 1,016 tries"]
    filled = [item for item in panel.items if isinstance(item, P.Rect) and item.face == TAKEN_BACK]
    assert [(box.x, box.y) for box in filled] == [(1, 0), (2, 0), (2, 1)]  # FERMAT's column and WOMBAT at seed 1 white
    alphas = {(box.x, box.y): box.alpha for box in filled}
    assert alphas[1, 0] < alphas[2, 1] < alphas[2, 0]  # the more times, the stronger
    assert "never taken back: FERMAT" in picture.caption


def test_words_with_a_row_between_them_get_unlike_colours_and_the_second_reading_stays_thin():
    """Review 30-I, notebook 1: GAUSS (row 1) and ABEL (row 3) were two yellows."""
    from wordcover.views.colours import seen_apart

    panel = answer_key().panels[0]
    strokes = [i for i in panel.items if isinstance(i, P.Line) and i.cap == "round" and i.colour != "white"]
    colour = {(s.xs, s.ys): s.colour for s in strokes}
    gauss, abel = colour[((0, 4), (1, 1))], colour[((0, 3), (3, 3))]
    assert seen_apart(gauss, abel, STROKE_ALPHA) > 120
    (outer, inner), *_ = _anna_marks()
    assert outer.width - inner.width > 0.6 * outer.width / 0.8  # the second reading's line is thin beside the first


def test_stacks_given_one_colour_a_word_keep_each_words_colour_from_one_stack_picture_to_the_next():
    """02 draws the stuck moment and the move after it: EULER, placed in both, must not change colour between them."""
    colours = {"ABEL": "#E69F00", "GAUSS": "#56B4E9", "EULER": "#009E73", "CANTOR": "#F0E442"}
    moved = [STUCK[0], STUCK[1], Placement("EULER", 2, 0, "E"), Placement("CANTOR", 0, 0, "E")]
    pictures = [
        stack_picture(letter_grid(6, 6, STUCK), [(STUCK[0], 70), (STUCK[1], 68), (STUCK[2], 61), ("CANTOR", 0)],
                      colours=colours),
        stack_picture(letter_grid(6, 6, moved), [(p, 5) for p in moved], colours=colours),
    ]  # fmt: skip
    for picture, placed in zip(pictures, [STUCK, moved]):
        grid, column = picture.panels
        boxes = [i for i in column.items if isinstance(i, P.Rect) and i.face not in ("none", "white")]
        strokes = [i for i in grid.items if isinstance(i, P.Line) and i.cap == "round"]
        expected = [colours[p.word] for p in placed]
        assert [box.face for box in boxes] == expected and [s.colour for s in strokes] == expected


def test_two_arrowheads_ending_in_an_outlined_clash_keep_to_its_edge_and_leave_its_letter_free():
    """05's wrong solution: ABEL east along row 0 and LAND north up column 3 both end in the corner, outlined. Both
    arrowheads used to sit on the '?' there; now each keeps to the cell's edge it points at, clear of the letter's
    middle half-cell and of the other arrowhead, still inside the cell. An arrowhead in a cell not outlined is as
    before (the answer key's test above)."""
    grid = ["ABE?", "...N", "...A", "...L"]
    words = [Placement("ABEL", 0, 0, "E"), Placement("LAND", 3, 3, "N")]
    heads = _arrowheads(grid_picture(grid, words, size=4.2, directions=True, cells=[(0, 3)]))
    assert len(heads) == 2
    boxes = []
    for p, head in zip(words, heads):
        dr, dc = DIRECTIONS[p.direction]
        along = [(x - 3) * dc + (y - 0) * dr for x, y in head.points]
        assert min(along) >= 0.3 - 1e-9 and max(along) < 0.5, (p, head.points)  # at the edge, inside the cell
        xs, ys = [x for x, _ in head.points], [y for _, y in head.points]
        boxes.append((min(xs), max(xs), min(ys), max(ys)))
    (ax0, ax1, ay0, ay1), (bx0, bx1, by0, by1) = boxes
    assert ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0  # the two arrowheads do not overlap
    plain = _arrowheads(grid_picture(grid, words, size=4.2, directions=True))
    assert [h.points for h in plain] != [h.points for h in heads]  # without the outline, the usual place


def test_a_cell_of_two_letters_is_written_whole_and_smaller():
    """05's wrong solution: the clash cell holds 'L/D', written in full at a size that fits the cell; the other
    cells' letters keep their size."""
    ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    grid = [["A", "B", "E", "L/D"], [".", ".", ".", "N"], [".", ".", ".", "A"], [".", ".", ".", "L"]]
    placed = [p for p in ws.placements if str(p) in ("ABEL at (0,0) E", "LAND at (3,3) N")]
    panel = grid_picture(grid, placed, size=4.2, numbers=True, directions=True, cells=[(0, 3)]).panels[0]
    texts = {t.text: t.size for t in panel.items if isinstance(t, P.Text)}
    assert "L/D" in texts and "?" not in texts
    cell_pt = texts["B"] / 0.55  # a letter is 0.55 of its cell
    assert texts["L/D"] < texts["B"] and 3 * 0.6 * texts["L/D"] < 0.8 * cell_pt  # three monospace letters fit


def test_a_reading_is_a_dashed_grey_outline_round_its_letters_not_a_words_stroke():
    """Review 30-T, notebook 1: EESR, no word, was drawn with the filled stroke that means a word found. A reading
    is a dashed grey outline, READING_RADIUS of a cell round its letters' middle, with a grey ring and arrowhead, and
    the legend draws it dashed; the eight readings from one L are drawn so too, one a panel."""
    panel = reading().panels[0]
    lines = [i for i in panel.items if isinstance(i, P.Line) and i.cap == "round"]
    assert len(lines) == 1 and lines[0].dash == READING_DASH and lines[0].colour == READING and lines[0].alpha == 1
    centres = [(3, 2), (2, 3), (1, 4), (0, 5)]  # (row, column) of E E S R

    def distance(x, y):  # from the segment through the letters' middles, in cells
        (r0, c0), (r1, c1) = centres[0], centres[-1]
        t = max(0.0, min(1.0, ((x - c0) * (c1 - c0) + (y - r0) * (r1 - r0)) / ((c1 - c0) ** 2 + (r1 - r0) ** 2)))
        return ((x - c0 - t * (c1 - c0)) ** 2 + (y - r0 - t * (r1 - r0)) ** 2) ** 0.5

    assert all(abs(distance(x, y) - READING_RADIUS) < 1e-9 for x, y in zip(lines[0].xs, lines[0].ys))
    assert not [i for i in panel.items if isinstance(i, P.Line) and i.width > 5]  # no filled stroke at all
    (ring,) = [i for i in panel.items if isinstance(i, P.Circle)]
    (head,) = [i for i in panel.items if isinstance(i, P.Polygon)]
    assert (ring.x, ring.y, ring.edge) == (2, 3, READING) and head.face == READING
    legend = {e.label: e for e in panel.legend.entries}
    assert legend["EESR, read NE from (3,2)"].dash == READING_DASH and "start cells" in legend
    assert "read, not found (a dashed outline): EESR NE from (3,2)" in reading().caption
    arms = [Placement("LER", 2, 2, "E"), Placement("LUN", 2, 2, "N")]
    for panel in readings_picture(GRID, arms).panels:
        (outline,) = [i for i in panel.items if isinstance(i, P.Line) and i.cap == "round"]
        assert outline.dash == READING_DASH and outline.colour == READING


def test_a_readings_arrowhead_stays_inside_its_outline_and_the_grid_in_every_direction():
    """Review 30-AF, notebook 1: EESR's arrowhead, read NE to the corner cell (0,5), ran from 0.3 to 0.52 of a cell
    along the diagonal, through the dashed outline (0.44 of a cell from the letters' middle) and up to the grid's
    frame, which read as
    a drawing error. A reading's arrowhead now sits inside the outline's round end, from every corner of a 6 x 6
    grid in all eight directions, a reading's own outline inside the grid, and an outlined last cell changes
    nothing (the found words' arrowheads are as they were)."""
    for r0, c0 in ((0, 0), (0, 5), (5, 0), (5, 5), (3, 2)):
        for name, (dr, dc) in DIRECTIONS.items():
            length = 3
            cells = [(r0 + k * dr, c0 + k * dc) for k in range(length)]
            if not all(0 <= r < 6 and 0 <= c < 6 for r, c in cells):
                continue
            word = "".join(GRID[r][c] for r, c in cells)
            read = Placement(word, r0, c0, name)
            for outlined_end in ((), [cells[-1]]):
                panel = grid_picture(GRID, readings=[read], directions=True, cells=outlined_end).panels[0]
                (head,) = [i for i in panel.items if isinstance(i, P.Polygon)]
                (outline,) = [i for i in panel.items if isinstance(i, P.Line) and i.cap == "round"]
                (r1, c1) = cells[-1]
                for x, y in head.points:
                    assert ((x - c1) ** 2 + (y - r1) ** 2) ** 0.5 < READING_RADIUS - 0.02, (read, x, y)
                    assert -0.5 < x < 5.5 and -0.5 < y < 5.5
                assert all(-0.5 < x < 5.5 for x in outline.xs) and all(-0.5 < y < 5.5 for y in outline.ys)
    (head,) = [i for i in reading().panels[0].items if isinstance(i, P.Polygon)]
    assert max(x for x, _ in head.points) < 5 + READING_RADIUS and min(y for _, y in head.points) > -READING_RADIUS
    found = grid_picture(GRID, [Placement("EESR", 3, 2, "NE")], directions=True).panels[0]
    (found_head,) = [i for i in found.items if isinstance(i, P.Polygon)]
    tip = found_head.points[0]
    assert abs(tip[0] - (5 + 0.52 / 2**0.5)) < 1e-9  # a found word's arrowhead is unchanged


def test_after_a_backtrack_the_stack_picture_outlines_the_cells_the_word_taken_back_wrote():
    """Review 30-T, notebook 2: no picture showed the undo itself. After step 5 of the four names' run (EULER taken
    back) the grid has ABEL and GAUSS, and the five cells EULER wrote along row 0 are outlined in EULER's colour,
    darkened, named under the stack; a word that shared a cell with one still placed leaves that cell outlined
    out, and a step that takes nothing back outlines nothing."""
    from wordcover.views.grids import darker

    run = _seed_9_run()
    assert run[4][0] == "remove" and str(run[4][1]) == "EULER at (0,1) E"
    grid, column = undo().panels
    boxes = [i for i in grid.items if isinstance(i, P.Rect) and i.edge not in ("none",)]
    assert sorted((round(b.x + b.width / 2), round(b.y + b.height / 2)) for b in boxes) == [(c, 0) for c in range(1, 6)]
    euler = next(i for i in column.items if isinstance(i, P.Text) and i.text.startswith("EULER"))
    assert euler.text == "EULER, not placed\n61 tries left"
    assert {b.edge for b in boxes} == {darker(undo_colours()["EULER"])}
    assert any(isinstance(i, P.Text) and i.text == "emptied: the cells EULER wrote" for i in column.items)
    names = ["ABEL", "GAUSS", "EULER", "CANTOR"]
    assert not [i for i in placer_stack_picture(run, 4, names, 6, 6).panels[0].items if isinstance(i, P.Rect)]
    shared = [("place", Placement("AB", 0, 0, "E"), [1, 4]), ("place", Placement("BC", 0, 1, "S"), [1, 3]),
              ("stuck", "CD", [1, 3, 0]), ("remove", Placement("BC", 0, 1, "S"), [1, 3])]  # fmt: skip
    grid, _ = placer_stack_picture(shared, 4, ["AB", "BC", "CD"], 2, 2).panels
    outlined = [i for i in grid.items if isinstance(i, P.Rect) and i.edge != "none"]
    assert [(round(b.x + b.width / 2), round(b.y + b.height / 2)) for b in outlined] == [(1, 1)]  # B stays on (0,1)


def undo_colours() -> dict:
    """The colours placer_stack_picture gives the four names' run: each word's first place, spread."""
    from wordcover.views.grids import placement_colours

    firsts: dict = {}
    for kind, what, _ in _seed_9_run():
        if kind == "place":
            firsts.setdefault(what.word, what)
    return dict(zip(firsts, placement_colours(list(firsts.values()))))


def test_the_clash_grid_given_the_runs_colours_shows_each_word_as_every_stack_picture_of_the_run_does():
    """Review 30-V, notebook 2: the clash grid (cell 15) drew ABEL, GAUSS and EULER in other colours than the three
    stack pictures around it (EULER in GAUSS's yellow). grid_picture given ``colours=run_colours(run)`` (a word ->
    colour mapping) strokes each word in the colour of its boxes and strokes in placer_stack_picture at every step;
    run_colours is what placer_stack_picture uses, each word's first place spread."""
    run = _seed_9_run()
    names = ["ABEL", "GAUSS", "EULER", "CANTOR"]
    colours = run_colours(run)
    assert colours == undo_colours() and list(colours) == names and len(set(colours.values())) == 4
    placed = [what for _, what, _ in run[:3]]
    grid = grid_picture(letter_grid(6, 6, placed), placed, size=3.5, cells=CLASHES, colours=colours, thin=True)
    strokes = [i.colour for i in grid.panels[0].items if isinstance(i, P.Line) and i.cap == "round"]
    assert strokes == [colours[p.word] for p in placed]
    for step in (4, 5, len(run)):
        grid_panel_, column = placer_stack_picture(run, step, names, 6, 6).panels
        boxes = [i for i in column.items if isinstance(i, P.Rect) and i.face not in ("none", "white")]
        drawn = [i for i in grid_panel_.items if isinstance(i, P.Line) and i.cap == "round"]
        assert all(b.face in colours.values() for b in boxes)
        assert {s.colour for s in drawn} <= set(colours.values())
        assert [b.face for b in boxes] == [s.colour for s in drawn]
    assert [e.colour for e in grid.panels[0].legend.entries[:3]] == [colours[p.word] for p in placed]
    # a sequence still works as before, and a mapping missing a word says which
    same = grid_picture(letter_grid(6, 6, placed), placed, colours=[colours[p.word] for p in placed])
    assert [i.colour for i in same.panels[0].items if isinstance(i, P.Line) and i.cap == "round"] == strokes
    with pytest.raises(KeyError, match="EULER"):
        grid_picture(letter_grid(6, 6, placed), placed, colours={"ABEL": "#000000", "GAUSS": "#ffffff"})


def test_thin_outlines_lie_under_the_translucent_strokes_and_are_thinner_than_the_default():
    """Review 30-V: the red clash outlines of notebook 2's cell 15 sat on the strokes and crowded them. With
    ``thin`` they are THIN_OUTLINE points wide and drawn under the strokes (which are translucent, so they show
    through); without it they are as before, wider and over the letters."""
    grid = letter_grid(6, 6, STUCK)
    bold, thin = (grid_picture(grid, STUCK, size=3.5, cells=CLASHES, thin=t).panels[0] for t in (False, True))

    def boxes(panel):
        return [i for i in panel.items if isinstance(i, P.Rect) and i.edge == OUTLINE]

    strokes = [i for i in thin.items if isinstance(i, P.Line) and i.cap == "round"]
    letters = [i for i in thin.items if isinstance(i, P.Text)]
    assert len(boxes(thin)) == len(boxes(bold)) == len(CLASHES)
    assert all(b.edge_width == THIN_OUTLINE < min(o.edge_width for o in boxes(bold)) for b in boxes(thin))
    assert max(b.zorder for b in boxes(thin)) < min(s.zorder for s in strokes) < min(t.zorder for t in letters)
    assert all(s.alpha < 1 for s in strokes) and all(b.zorder == 4.5 for b in boxes(bold))


def test_a_stack_picture_marks_each_placed_word_as_the_answer_keys_do():
    """Review 30-AD: 02's stack pictures drew words without the ring and arrowhead notebook 1 taught: now one
    arrowhead a placed word (none for the word not placed), inside that word's last cell; without directions none."""
    heads = _arrowheads(stack())
    assert len(heads) == len(STUCK)
    for p, head in zip(STUCK, heads):
        last_row, last_col = p.cells[-1]
        assert all(abs(x - last_col) < 0.5 and abs(y - last_row) < 0.5 for x, y in head.points), p
    frames = [(STUCK[0], 70), ("CANTOR", 0)]
    assert not _arrowheads(stack_picture(letter_grid(6, 6, STUCK[:1]), frames, directions=False))


def test_the_answer_key_page_has_a_key_from_colour_to_word():
    """Review 30-AH, notebook 2: the answer-key page named no word by its colour. Under the key's grid each word of
    the list has a swatch of its stroke's colour before it; the puzzle page has none."""
    from wordcover.generator import backtracking_puzzle
    from wordcover.views.grids import puzzle_picture

    puzzle = backtracking_puzzle(7, 7, ["MAZES", "WORD", "SEARCH", "PUZZLE", "GAMES", "PROGRAM"], seed=2015)
    plain = puzzle_picture(puzzle)
    assert not [i for i in plain.overlay if isinstance(i, P.Line)]
    key = puzzle_picture(puzzle, key=True)
    strokes = {
        i.colour for i in key.panels[0].items if isinstance(i, P.Line) and i.cap == "round" and i.alpha == STROKE_ALPHA
    }
    swatches = [i for i in key.overlay if isinstance(i, P.Line)]
    words = [i for i in key.overlay if isinstance(i, P.Text) and i.text in puzzle.words]
    assert len(swatches) == len(words) == len(puzzle.words) and {s.colour for s in swatches} == strokes
    for swatch, word in zip(swatches, words):
        assert swatch.ys[0] < word.y and max(swatch.xs) < word.x  # beside the word, on its line, clear of its letters
    from wordcover.views.grids import placement_colours

    colour = dict(zip((p.word for p in puzzle.placements), placement_colours(puzzle.placements)))
    assert [s.colour for s in swatches] == [colour[w.text] for w in words]
