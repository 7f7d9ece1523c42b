"""The links' pictures as the notebooks asked for them: every header numbered beside its box, a legend of the kinds
of link drawn (and only those), a sticker over a node's corner clear of its letter and as big in the legend, a
frame's matrix cropped to the options asked for, texts of 10 points at least side by side and letters of 11 points
in a frame alone, the player's still picture of a small problem drawn with numbers and short arrows at the ends of
each circle, and the options' names clear of a link that bows left of the first column. Each new picture is drawn
the same by matplotlib and as SVG (the comparisons of tests/test_picture.py).
"""

from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as ET

import pytest
from solutions import exact_cover as ec

from test_extras import _without_extras
from test_picture import (
    as_tuple,
    assert_same,
    expected_text,
    laid_out,
    mpl_paths,
    mpl_strokes,
    mpl_texts,
    svg_paths,
    svg_strokes,
    svg_texts,
)
from wordcover import WordSearch, examples
from wordcover.dancing_links import DancingLinks
from wordcover.double_purify import walk
from wordcover.playback import record_writes
from wordcover.views import links as L
from wordcover.views import picture as P

KNUTH = examples.load("knuth_exact_cover").problem


@functools.cache
def pair() -> tuple:
    """The colour pair recorded by both engines, and the frame of the naive one's second hide of c1's node."""
    problem = examples.load("colour_pair").problem
    naive, sticker = record_writes(problem, "naive"), record_writes(problem, "sticker")
    return naive, sticker, walk(naive)[1].frame


@functools.cache
def two_by_two() -> tuple:
    """AB and BA in a 2 x 2 grid (16 options), recorded by the sticker engine, and its first stickered frame."""
    ws = WordSearch(2, 2, ["AB", "BA"], "orthogonal")
    sticker = record_writes(ws.problem, "sticker")
    return ws, sticker, next(f for f in range(sticker.frames) if sticker.snapshot_at(f).stickered)


def numbered_pair() -> P.Picture:
    """The player's still picture of the colour pair, naive beside sticker: numbers, short arrows at the ends."""
    naive, sticker, frame = pair()
    return L.links_picture(naive, [frame], titles=["naive", "sticker"], width=5.2, beside=(sticker, 10),
                           numbers=True, wrap="edge")  # fmt: skip


def one_way() -> P.Picture:
    """Knuth's example half way through DLX1's uncover (after cover(A), unhide(13)): a one-way DLINK and its node's
    ULINK bowed, under a legend of the kinds of link drawn."""
    engine = DancingLinks(KNUTH)
    engine.cover(1)
    engine.unhide(13)
    picture = P.Picture(5, 5)
    panel = L.links_panel(ec.arrays_of(engine), engine.names, KNUTH.labels, ["A", "D", "G"], "after unhide(13)",
                          True, bounds=(0.05, 0.3, 0.9, 0.6), size=(5, 5))  # fmt: skip
    panel.legend = P.Legend(tuple(L.link_legend([panel], 9.5)), 9.5, (0.0, -0.05), 1, "left", 2.2, 1.2)
    picture.add_panel(panel)
    return picture


def one_column() -> P.Picture:
    """D's list alone after cover(A): 22's own ULINK bows out to the left of the only column."""
    engine = DancingLinks(KNUTH)
    engine.cover(1)
    return L.arrays_picture([("after cover(A)", ec.arrays_of(engine))], engine.names, KNUTH.labels, ["D"], "D",
                            width=4.0)  # fmt: skip


def cropped() -> P.Picture:
    """The sticker search on AB, BA at its first sticker (on option 10's node in r0c0): three rows of the matrix, the
    chosen option 0 and the stickered one among them, the grid beside."""
    ws, sticker, frame = two_by_two()
    return L.frame_picture(sticker, frame, ws, options=[0, 5, 10])


@functools.cache
def abel_land_naive():
    """ABEL LAND's naive search, every event recorded (05's optional section)."""
    return record_writes(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive")


def first_spurious(trace):
    """The first unhide that undoes no hide: (its frame, the node its walk reached, that node's option, its item)."""
    frame = trace.analysis.marks["spurious"][0]
    event = trace.event(frame - 1)
    nodes = trace.analysis.option_nodes[event.option]
    node = next(x for x in nodes if trace.names[trace.initial["TOP"][x]] == event.item)
    return frame, node, event.option, event.item


def stranded() -> P.Picture:
    """05's stale walk: r1c3's list just before and just after its unpurify walks up through a stale ULINK to node
    184 and unhides option 27, two rows of the 32 (options 27 and 31), with the header's ULINK that the walk down
    does not meet."""
    trace = abel_land_naive()
    frame, _, _, item = first_spurious(trace)
    return L.links_picture(trace, [frame - 1, frame], items=[item], options=[27, 31],
                           numbers=True, wrap="edge", follow=[27, 31], stale=True, up_only=True)  # fmt: skip


@functools.cache
def abel_land_c():
    """ABEL LAND's search by Algorithm C, every event recorded, and its first purify's frames (04's cell)."""
    from lessons.outside import first_purify

    trace = record_writes(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "c")
    return trace, *first_purify(trace)


THROUGH_R0C0 = [0, 4, 8, 12, 16, 20, 24, 28]  # the options with a node in r0c0
WRITTEN = ["r3c0", "LAND", "ABEL", "r0c0", "r0c1", "r0c2", "r0c3", "r1c0", "r2c0"]  # their items, out of order


def columns() -> P.Picture:
    """04's first purify, before beside after: the rows through r0c0 and only the columns of the items they use."""
    trace, before, after = abel_land_c()
    return L.frame_picture(trace, before, beside=(trace, after), options=THROUGH_R0C0, items=WRITTEN)


PICTURES = {"numbered-pair": numbered_pair, "one-way": one_way, "one-column": one_column, "cropped": cropped,
            "stranded": stranded, "columns": columns}  # fmt: skip


@functools.cache
def built(name: str) -> P.Picture:
    return PICTURES[name]()


@functools.cache
def drawn(name: str):
    return laid_out(built(name))


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_both_renderers_draw_the_same_texts_strokes_and_paths(name):
    picture = built(name)
    fig, to_page = drawn(name)
    svg = picture.svg()
    assert_same([as_tuple(expected_text(t, to_page)) for t in mpl_texts(fig)], [as_tuple(t) for t in svg_texts(svg)])
    assert sorted(t["text"] for t in svg_texts(svg)) == sorted(P.iter_texts(picture))
    assert_same(mpl_strokes(fig, to_page), svg_strokes(svg))
    assert_same(mpl_paths(fig, to_page), svg_paths(svg), tol=0.003)
    box = fig.get_tightbbox(fig.canvas.get_renderer())  # cropped alike, within 3 points
    viewbox = [float(v) for v in ET.fromstring(svg).get("viewBox").split()]
    tight = [box.x0 * 72 - 7.2, (picture.height - box.y1) * 72 - 7.2, box.width * 72 + 14.4, box.height * 72 + 14.4]
    assert viewbox == pytest.approx(tight, abs=3.0)


def _texts(panel: P.Panel) -> list[P.Text]:
    return [item for item in panel.items if isinstance(item, P.Text)]


def test_every_header_is_numbered_right_of_its_box_with_numbers_only():
    """numbers=True writes each header's number i once, right of its box on its middle line, as well as every
    node's; without it no number is written."""
    naive, _, frame = pair()
    names = naive.names
    for panel in built("numbered-pair").panels:
        texts = _texts(panel)
        for i in range(1, len(names)):
            (number,) = [t for t in texts if t.text == str(i) and t.y == 0]
            (header,) = [t for t in texts if t.text.startswith(f"{names[i]}\nLEN ")]
            _, _, box = P.text_layout(header, 0, 0)
            across, _ = L.points_per_unit(panel, (built("numbered-pair").width, built("numbered-pair").height))
            assert number.ha == "left" and number.x - header.x == pytest.approx((box.width / 2 + 5) / across)
        nodes = [x for x in range(len(names), len(naive.initial["TOP"])) if naive.initial["TOP"][x] > 0]
        assert {str(x) for x in nodes} <= {t.text for t in texts}
    plain = L.links_picture(naive, [frame], legend=False)
    assert not [t for t in _texts(plain.panels[0]) if t.text.isdigit()]


def _legend_labels(picture: P.Picture) -> list[str]:
    return [entry.label for panel in picture.panels if panel.legend for entry in panel.legend.entries]


LINK_LABELS = {
    "two-way": "DLINK down, ULINK back up",
    "one-way": "DLINK one way; bowed: that node's ULINK",
    "arc": "grey: last node and header, closing the circle",
    "edge": "grey: header's ULINK, last node's DLINK",
}


def test_the_legend_names_the_kinds_of_link_drawn_and_no_other():
    """Two-headed links and short grey arrows in the player's picture; an arc instead where the circle is closed
    beside the column; a one-way DLINK with its node's ULINK bowed only where one is drawn (half way through DLX1's
    uncover). Each entry's glyph is its arrows: lines and filled heads."""
    naive, sticker, frame = pair()
    assert [label for label in _legend_labels(built("numbered-pair")) if label in LINK_LABELS.values()] == [
        LINK_LABELS["two-way"], LINK_LABELS["edge"]
    ]  # fmt: skip
    arcs = L.links_picture(naive, [frame], beside=(sticker, 10))
    assert [label for label in _legend_labels(arcs) if label in LINK_LABELS.values()] == [
        LINK_LABELS["two-way"], LINK_LABELS["arc"]
    ]  # fmt: skip
    assert _legend_labels(built("one-way")) == [LINK_LABELS[k] for k in ("two-way", "one-way", "arc")]
    for entry in built("one-way").panels[0].legend.entries:
        heads = [path for path in entry.glyph if path.face != "none"]
        assert heads and all(len(path.steps) == 4 for path in heads)  # triangles
    gids = {item.gid for item in built("one-way").panels[0].items if isinstance(item, P.Arrow)}
    assert "up" in gids  # the one-way DLINK's partner, drawn
    assert L.links_picture(naive, [frame], legend=False).panels[0].legend is None


def _extent(path: P.Path) -> tuple[float, float]:
    xs = [x for x, _ in path.points()]
    ys = [y for _, y in path.points()]
    return max(xs) - min(xs), max(ys) - min(ys)


def _clear_of_the_letter(mark: P.Path, letter: P.Text) -> bool:
    """True when the sticker's triangle (right angle top right) misses the box of the letter drawn at its node: the
    letter's advance width across, a capital's height (0.73 em) up, both about the node's middle."""
    cx, cy = max(p[0] for p in mark.points()), max(p[1] for p in mark.points())
    leg = _extent(mark)[0]
    a, b = P.text_width(letter.text, letter.size) / 2, 0.73 * letter.size / 2
    return (cx - a) + (cy - b) >= leg  # the letter's nearest corner lies beyond the triangle's long side


def test_a_sticker_is_a_corner_over_its_node_clear_of_the_letter_and_as_big_in_the_legend():
    """A sticker's legs are STICKER_SHARE of its node's shorter side (a matrix box, or the square round a disc), its
    right angle a little outside the node's top right corner (sticker_corner, as the player's stickerCorner), so its
    long side misses the node's letter (review 30-W: a bigger corner inside the box covered the L the text asks
    about); the legend draws it as big."""
    _, sticker, _ = pair()
    links = built("numbered-pair").panels[1]  # the sticker engine's frame 10: one stickered node
    (mark,) = [item for item in links.items if isinstance(item, P.Path) and item.gid.startswith("sticker ")]
    x = int(mark.gid.split()[1])
    assert sticker.arrays_at(10)["COLOR"][x] < 0
    disc = 1.3 * 10 + 2
    assert _extent(mark) == pytest.approx((L.DISC_STICKER_SHARE * disc,) * 2)
    assert max(p[0] for p in mark.points()) == pytest.approx(L.sticker_corner(disc, disc, L.DISC_STICKER_OUT)[0])
    (letter,) = [t for t in links.items if isinstance(t, P.Text) and t.zorder == 5 and (t.x, t.y) == mark.at]
    assert _clear_of_the_letter(mark, letter)
    glyph = next(e for e in built("numbered-pair").panels[0].legend.entries if e.label.startswith("sticker"))
    assert _extent(glyph.glyph[0]) == _extent(mark)
    picture = built("cropped")
    matrix = picture.panels[0]
    (mark,) = [item for item in matrix.items if isinstance(item, P.Path) and item.gid.startswith("sticker ")]
    width, height = L.matrix_node_size(matrix, (picture.width, picture.height))
    assert _extent(mark) == pytest.approx((L.STICKER_SHARE * min(width, height),) * 2)
    (letter,) = [t for t in matrix.items if isinstance(t, P.Text) and t.zorder == 4 and (t.x, t.y) == mark.at]
    assert _clear_of_the_letter(mark, letter)
    for wide in ("W", "M"):  # the widest capitals clear it too
        assert _clear_of_the_letter(mark, P.Text(letter.x, letter.y, wide, letter.size))
    assert (max(p[0] for p in mark.points()), max(p[1] for p in mark.points())) == pytest.approx(
        L.sticker_corner(width, height)
    )
    glyph = next(e for e in matrix.legend.entries if e.label.startswith("sticker"))
    assert _extent(glyph.glyph[0]) == pytest.approx(_extent(mark))


def test_a_sticker_is_big_yet_stays_in_the_gap_round_its_node():
    """Review 30-R: a 10-px corner was too small for the one mark notebook 6 is about. Its legs are now most of a
    node's side (at least 0.7 of it, were 0.55), yet its right angle stands less than halfway into the gap to the
    next node, so it never touches the node to the right or above."""
    picture = built("cropped")
    matrix = picture.panels[0]
    (mark,) = [item for item in matrix.items if isinstance(item, P.Path) and item.gid.startswith("sticker ")]
    width, height = L.matrix_node_size(matrix, (picture.width, picture.height))
    across, up = L.points_per_unit(matrix, (picture.width, picture.height))
    assert _extent(mark)[0] >= 0.7 * min(width, height)
    right, top = max(p[0] for p in mark.points()), max(p[1] for p in mark.points())
    assert right < width / 2 + (across - width) / 2 and top < height / 2 + (up - height) / 2
    assert L.DISC_STICKER_SHARE >= 0.7


def test_a_frame_draws_only_the_options_asked_for_and_says_which_of_how_many():
    ws, sticker, frame = two_by_two()
    picture = built("cropped")
    matrix = picture.panels[0]
    (rows,) = [t for t in matrix.ticks if t.side == "left"]
    assert rows.labels == ("0", "5", "10")
    drawn = {gid.split()[1] for gid in L._gids([matrix], "node ")}
    assert drawn == {"0", "5", "10"}
    assert matrix.title.splitlines()[0].endswith("; options 0, 5 and 10 of 16")
    states = {gid.split()[-1] for gid in L._gids([matrix], "node ")}
    legend = {e.label for e in matrix.legend.entries}
    assert {L.STATE_LABELS[s] for s in states} <= legend
    assert not {label for label in legend if label in L.STATE_LABELS.values()} - {L.STATE_LABELS[s] for s in states}
    whole = L.frame_picture(sticker, frame, ws)
    assert picture.height < whole.height and picture.width == whole.width
    for wrong in ([], [16], [-1], [True]):
        with pytest.raises(ValueError, match="option numbers 0 to 15"):
            L.frame_picture(sticker, frame, ws, options=wrong)


def _all_texts(picture: P.Picture) -> list[tuple[str, float]]:
    found = []
    for panel in picture.panels:
        found += [(t.text, t.size) for t in _texts(panel)]
        found += [(label, ticks.size) for ticks in panel.ticks for label in ticks.labels]
        found += [(e.label, panel.legend.size) for e in panel.legend.entries] if panel.legend else []
        found += [(panel.title, panel.title_size)] if panel.title else []
    return found


def test_side_by_side_no_text_is_under_10_points_and_alone_the_letters_are_11():
    """Side by side every text is 10 points or more; a frame alone writes the nodes' letters at 11 points (11
    pixels high at 100 dpi, the picture's own size at 1440 pixels across)."""
    ws, sticker, frame = two_by_two()
    naive = record_writes(ws.problem, "naive")
    both = L.frame_picture(naive, 3, beside=(sticker, 3))
    assert min(size for _, size in _all_texts(both)) >= 10
    alone = L.frame_picture(sticker, frame, ws)
    letters = [t for t in _texts(alone.panels[0]) if len(t.text) == 1 and t.text.isalpha()]
    assert letters and {t.size for t in letters} == {11}


def test_the_options_names_stand_clear_of_a_link_bowing_left_of_the_only_column():
    picture = built("one-column")
    panel = picture.panels[0]
    names = [t for t in _texts(panel) if ": " in t.text]
    bows = [item for item in panel.items if isinstance(item, P.Arrow) and item.controls]
    assert names and bows
    leftmost = min(x for arrow in bows for x, _ in (arrow.start, *arrow.controls, arrow.end))
    assert leftmost < -0.45  # the bow reaches where the names stood
    assert all(t.ha == "right" and t.x < leftmost for t in names)
    across, _ = L.points_per_unit(panel, (picture.width, picture.height))
    widest = max(P.text_width(t.text, t.size) for t in names)
    assert panel.xlim[0] <= names[0].x - widest / across  # and the names still lie inside the panel


def test_the_players_still_picture_of_a_small_problem_is_numbered_with_short_arrows_and_can_be_cropped():
    from wordcover.widgets import Tracer

    tracer = Tracer(KNUTH, "x")
    tracer.frame = next(k for k in range(tracer.trace.frames) if tracer.trace.event(k).kind == "try")
    picture = tracer.frame_picture()
    panel = picture.panels[0]
    gids = {item.gid for item in panel.items if isinstance(item, P.Arrow)}
    assert "wrap" not in gids and {"wrap up", "wrap down"} <= gids  # no long grey arcs
    assert {str(i) for i in range(1, 8)} <= {t.text for t in _texts(panel) if t.y == 0}  # headers numbered
    assert {f"spacer {x}" for x in (8, 12, 30)} <= {t.text for t in _texts(panel)}
    crop = tracer.frame_picture(options=[1, 3])
    (rows,) = [t for t in crop.panels[0].ticks if t.side == "left"]
    assert rows.labels == ("1", "3") and "options 1 and 3 of 6" in crop.panels[0].title
    assert tracer.svg(options=[1, 3]) == crop.svg()
    assert tracer.picture(options=[1, 3])[:4] == b"\x89PNG" and tracer.picture(options=[1, 3]) != tracer.picture()


CROPPED_WITHOUT_MATPLOTLIB = """
import json, sys, xml.etree.ElementTree as ET
from wordcover import WordSearch
from wordcover.playback import record_writes
from wordcover.views import frame_figure, links_figure
from wordcover.views.picture import iter_texts

ws = WordSearch(2, 2, ["AB", "BA"], "orthogonal")
trace = record_writes(ws.problem, "sticker")
out = {{}}
for name, picture in (("frame", frame_figure(trace, 5, ws, options=[0, 5, 10])),
                      ("links", links_figure(trace, [5], numbers=True, wrap="edge"))):
    spans = ET.fromstring(picture.svg()).iter("{{http://www.w3.org/2000/svg}}text")
    out[name] = [type(picture).__name__, len(list(spans)) == len(list(iter_texts(picture)))]
out["loaded"] = sorted(m for m in sys.modules if m.partition(".")[0] == "matplotlib")
print(json.dumps(out))
"""


@pytest.mark.slow
def test_without_matplotlib_the_cropped_frame_and_the_numbered_links_are_pictures():
    done = _without_extras(CROPPED_WITHOUT_MATPLOTLIB.format(), blocked=("matplotlib",))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == {"frame": ["Picture", True], "links": ["Picture", True], "loaded": []}


def test_a_node_in_its_list_going_down_but_not_going_up_is_half_filled_and_the_caption_says_so():
    """After cover(A) and DLX1's unhide(13), walking down D's list meets 14, 22 and 27, walking up only 27 (ULINK[27]
    is still D's header, as cover(A) left it): 14 and 22 are half filled, every other node whole."""
    panel = one_way().panels[0]
    halves = sorted(int(item.gid.split()[1]) for item in panel.items if isinstance(item, P.Path) and
                    item.gid.startswith("half "))  # fmt: skip
    assert halves == [14, 22]
    engine = DancingLinks(KNUTH)
    engine.cover(1)
    engine.unhide(13)
    arrays = ec.arrays_of(engine)
    note = L.arrays_picture([("after unhide(13)", arrays)], engine.names, KNUTH.labels, ["A", "D"]).overlay[-1]
    assert note.text == L.HALF_NOTE
    assert L.HALF_NOTE not in one_column().caption  # after cover(A) alone every list is whole both ways


def test_follow_draws_the_dashed_links_of_one_option_only():
    """Notebook 5's moments follow Q c1:b (option 2): its nodes' dashed links are drawn, those of the chosen options'
    nodes off their lists (P's and Q c1:a's node in c1) are not, and the legend says whose links they are."""
    naive, _, frame = pair()

    def dashed(picture: P.Picture) -> int:
        return sum(1 for item in picture.panels[0].items if isinstance(item, P.Arrow) and item.colour == L.ORANGE)

    every = L.links_picture(naive, [frame], items=["Q", "c1"], numbers=True, wrap="edge")
    followed = L.links_picture(naive, [frame], items=["Q", "c1"], numbers=True, wrap="edge", follow=[2])
    off = [x for x in naive.analysis.option_nodes[2] if naive.analysis.state_at(frame)[x][0] != "linked"]
    assert off and dashed(followed) == 2 * len(off) < dashed(every)  # its ULINK and DLINK, each node off its list
    assert "links of Q c1:b's nodes off their lists" in _legend_labels(followed)
    assert "links of a node off its list" in _legend_labels(every)


def test_a_few_rows_of_a_long_matrix_and_a_stale_ulink():
    """``options`` draws those rows alone (32 options, two rows: a picture a few inches high), numbered as in the
    whole matrix; ``stale`` draws r1c3's header ULINK, which points at node 209 while the walk down meets no node;
    a row left out that a drawn link points at is refused rather than drawn wrong."""
    trace = abel_land_naive()
    frame, node, option, item = first_spurious(trace)
    assert (node, option, item, frame) == (184, 27, "r1c3", 147)
    picture = built("stranded")
    assert picture.height < 4.5  # the whole matrix would be 24 inches
    for panel in picture.panels:
        names = sorted(t.text for t in panel.items if isinstance(t, P.Text) and ": LAND" in t.text)
        assert names == ["27: LAND at (0,3) S", "31: LAND at (3,3) N"]
        assert sum(isinstance(a, P.Arrow) and a.gid == "stale" for a in panel.items) == 1
        numbers = {t.text for t in panel.items if isinstance(t, P.Text) and t.text.isdigit()}
        assert {"184", "209"} <= numbers
    assert "a header's ULINK, left pointing at a node off its list" in _legend_labels(picture)
    # up_only: the walk up alone, header -> 209 (the stale ULINK), 209 -> 184, 184 -> header: two dashed ULINKs,
    # both left of the column, and no dashed DLINK
    for panel in picture.panels:
        dashed = [a for a in panel.items if isinstance(a, P.Arrow) and a.dash]
        assert len(dashed) == 2 and all(a.start[0] < 0 for a in dashed), dashed
    assert "ULINK of a node off its list" in _legend_labels(picture)
    # node 184 stays off its list, held there by LAND's cover: hidden, not stranded (no cross on it)
    assert trace.analysis.state_at(frame)[node] == ("hidden", trace.names.index("LAND"))
    assert not any(getattr(p, "gid", "") == "stranded" for panel in picture.panels for p in panel.items)
    plain = L.links_picture(trace, [frame - 1], items=[item], options=[27, 31])
    assert not any(isinstance(a, P.Arrow) and a.gid == "stale" for a in plain.panels[0].items)
    with pytest.raises(ValueError, match="not among the rows drawn"):
        L.links_picture(trace, [frame - 1], items=[item], options=[27])


def test_a_stranded_node_wears_a_small_cross_on_its_corner():
    """A stranded node (off its list, nothing holding it out) gets its cross as a badge on the disc's top left
    corner, clear of the letter in the disc."""
    trace = abel_land_naive()
    first = trace.analysis.strandings[0]
    item = trace.names.index(first.item)
    tops = trace.initial["TOP"]
    rows = sorted({trace.analysis.option_of[x] for x, top in enumerate(tops) if top == item and x > item})
    picture = L.links_picture(trace, [first.frame], items=[first.item], options=rows)
    badges = [p for p in picture.panels[0].items if isinstance(p, P.Path) and p.gid == "stranded"]
    assert len(badges) == 1
    xs, ys = zip(*badges[0].points())
    assert max(xs) < 0 < min(ys)  # points right of and above the node's middle: wholly up and to the left


def test_a_legend_on_the_right_lists_only_what_is_drawn_and_keeps_the_frame_as_drawn():
    """Notebook 5's moments: with legend_at="right" the legend is one column beside the frame, the picture no taller
    than the frame below it needs, and only what is drawn is listed (review 30-W: moment 6 listed the dashed links of
    Q c1:b's nodes, though both nodes are in their lists and none is drawn). The spacers' numbers read as the nodes'."""
    from wordcover.double_purify import walk

    naive = record_writes(examples.load("colour_pair").problem, "naive")
    moments = walk(naive)
    kwargs = dict(items=["Q", "c1"], width=3.6, numbers=True, wrap="edge", follow=[2])
    for moment in moments[1:]:
        below = L.links_picture(naive, [moment.frame], **kwargs)
        right = L.links_picture(naive, [moment.frame], legend_at="right", **kwargs)
        (panel,) = right.panels
        assert [e.label for e in panel.legend.entries] == [e.label for e in below.panels[0].legend.entries]
        assert panel.legend.columns == 1 and panel.legend.anchor[0] > 1 and panel.legend.anchor[1] == 1.0
        assert right.height < below.height and right.width > below.width
        drawn = any(isinstance(item, P.Arrow) and item.colour == L.ORANGE for item in panel.items)
        assert drawn == any(e.colour == L.ORANGE for e in panel.legend.entries), moment.frame
    sixth = L.links_picture(naive, [moments[5].frame], legend_at="right", **kwargs).panels[0]
    assert not any(e.colour == L.ORANGE for e in sixth.legend.entries)  # both of Q c1:b's nodes in their lists
    spacers = [t for t in L.links_picture(naive, [7], numbers=True).panels[0].items
               if isinstance(t, P.Text) and t.text.startswith("spacer")]  # fmt: skip
    assert spacers and all(t.size == L.NUMBER_SIZE for t in spacers)


def test_a_frame_draws_only_the_items_asked_for_in_the_problems_order_and_says_which_of_how_many():
    trace, before, after = abel_land_c()
    problem = trace.problem
    picture = built("columns")
    order = [name for name in problem.items if name in WRITTEN]
    assert order[:3] == ["ABEL", "LAND", "r0c0"] and order[-1] == "r3c0"
    for panel in picture.panels:
        (top,) = [t for t in panel.ticks if t.side == "top"]
        assert list(top.labels) == order and panel.xlim == (-0.5, len(order) - 0.5)
        assert {gid.split()[2] for gid in L._gids([panel], "node ")} == set(order)  # no node of another column
        lens = [t for t in _texts(panel) if t.y == -1.95 and t.text != "LEN"]
        assert len(lens) == len(order)  # LEN, and the nodes linked, of the columns drawn only
        (line,) = [t for t in panel.items if isinstance(t, P.Line)]
        assert line.xs == (1.5, 1.5)  # the two words left of the line, the cells right of it
        assert panel.title.replace("\n", " ").split("; ")[2].startswith("items ABEL, LAND, r0c0 ... (9 of 18)")
    lens = {t.x: t.text for t in _texts(picture.panels[1]) if t.y == -1.95 and t.text != "LEN"}
    assert lens[order.index("LAND")] == "12" and lens[order.index("r0c0")] == "4"  # after the purify
    states = {gid.split()[-1] for gid in L._gids(picture.panels, "node ")}
    legend = {e.label for e in picture.panels[0].legend.entries}
    assert {label for label in legend if label in L.STATE_LABELS.values()} == {L.STATE_LABELS[s] for s in states}
    whole = L.frame_picture(trace, before, beside=(trace, after), options=THROUGH_R0C0)
    assert picture.width < 0.6 * whole.width
    assert min(size for _, size in _all_texts(picture)) >= 10
    three = L.frame_picture(trace, before, items=["r0c0", "LAND", "ABEL"])
    assert three.panels[0].title.replace("\n", " ").startswith("c: frame 20, level 0; items ABEL, LAND and r0c0 of 18")
    assert three.width == pytest.approx(L.TITLE_SLOT + 0.2)  # room for the title beside three columns
    for wrong in ([], ["r4c0"], "ABEL", ["ABEL", "abel"]):
        with pytest.raises(ValueError, match="item names"):
            L.frame_picture(trace, before, items=wrong)


def test_narrow_panels_titles_are_broken_to_fit_before_the_next_panel():
    picture = built("columns")
    first, second = picture.panels
    room = ((second.bounds[0] - first.bounds[0]) * picture.width - 0.15) * 72
    for panel in picture.panels:
        assert max(P.text_width(line, panel.title_size) for line in panel.title.splitlines()) <= room
        assert panel.title.replace("\n", " ").startswith("c: frame")
        above = (1 - panel.bounds[1] - panel.bounds[3]) * picture.height * 72  # points over the panel's top
        lines = panel.title.count("\n") + 1
        assert above >= P.title_lift(panel) + (1.2 * lines - 0.2) * panel.title_size + 7.2  # and 0.1 inch of air
    assert second.title.count("\n") + 1 == 7  # the longer title: the picture grew at the top to hold it
    assert L.wrap_title("a bb ccc dddd", 1000, 10) == "a bb ccc dddd"
    assert L.wrap_title("aaaa bbbb cccc dddd\nx", P.text_width("aaaa bbbb cccc", 10), 10) == "aaaa bbbb\ncccc dddd\nx"


def test_items_none_draws_as_every_item_in_order_does():
    """items=None draws exactly what naming every item draws, in any order (so every earlier call draws as before)."""
    trace, before, after = abel_land_c()
    every = list(reversed(trace.problem.items))
    ws, sticker, frame = two_by_two()
    pairs = [
        (L.frame_picture(trace, before, beside=(trace, after), options=THROUGH_R0C0),
         L.frame_picture(trace, before, beside=(trace, after), options=THROUGH_R0C0, items=every)),
        (L.frame_picture(trace, after), L.frame_picture(trace, after, items=every)),
        (L.frame_picture(sticker, frame, ws, options=[0, 5, 10]),
         L.frame_picture(sticker, frame, ws, options=[0, 5, 10], items=ws.problem.items)),
    ]  # fmt: skip
    for default, named in pairs:
        assert default == named and default.svg() == named.svg()


def test_04s_purify_picture_passes_items_through_and_draws_as_before_without_them():
    from lessons.outside import purify_picture

    trace, before, after = abel_land_c()
    plain = purify_picture(trace, before, after, "r0c0")
    assert plain == purify_picture(trace, before, after, "r0c0", items=trace.problem.items)
    written = purify_picture(trace, before, after, "r0c0", items="written")
    assert written == purify_picture(trace, before, after, "r0c0", items=WRITTEN)
    assert [t.labels for p in written.panels for t in p.ticks if t.side == "top"] == [
        tuple(name for name in trace.problem.items if name in WRITTEN)
    ] * 2
    assert [p.title for p in written.panels] == [  # review 30-AH: two lines a title (were four)
        "Algorithm C, frame 20:\nbefore option 0 purifies r0c0",
        "Algorithm C, frame 25:\nafter it and its 4 hides",
    ]
    assert written.caption.endswith("the rows through r0c0, the columns of 9 of the 18 items")
    assert written.width < 0.6 * plain.width
