"""Traces and pictures of the search (headless)."""

from __future__ import annotations

import pytest
from matplotlib.figure import Figure

from wordcover import WordSearch, make_engine
from wordcover.tracing import ALL_KINDS, double_purifies, record
from wordcover.views import draw_matrix, draw_profile, draw_search_tree, frame_figure, grid_figure, node_state


def test_a_trace_replays_the_search(abel_land):
    trace = record(abel_land.problem, "sticker")
    assert trace.complete and trace.solutions == 112
    kinds = [f.event.kind for f in trace.frames]
    assert kinds.count("solution") == 112 and "hide" not in kinds
    assert trace.frames[0].text == "L0 choose ABEL"
    assert double_purifies(trace) == []
    with_hides = record(abel_land.problem, "sticker", kinds=ALL_KINDS, max_frames=100_000)
    assert sum(f.event.kind == "hide" for f in with_hides.frames) > 0


@pytest.mark.slow
def test_the_naive_trace_shows_the_second_purify_and_the_drift(abel_land):
    trace = record(abel_land.problem, "naive")
    first = double_purifies(trace)[0]
    assert first.text == "L1 purify r0c3 = L (option 27: LAND at (0,3) S)"
    before = trace.frames[first.index - 1].snapshot
    assert all(s.drift == 0 for s in before.items)  # right up to the second purify
    assert {s.name: s.len for s in first.snapshot.items if s.drift} == {"LAND": 6, "r1c3": -1, "r2c3": -1, "r3c3": -1}
    assert first.snapshot.chosen == (abel_land.placements.index(abel_land.decode([0])[0]), 27)


def test_the_frame_limit_is_reported(abel_land):
    trace = record(abel_land.problem, "naive", max_frames=50)
    assert not trace.complete and len(trace) == 50
    assert trace.message.startswith("stopped at the limit of 50 frames")
    engine = make_engine(abel_land.problem)
    assert engine.count() == 112  # a fresh engine is unaffected
    with pytest.raises(ValueError, match="unknown event kind"):
        record(abel_land.problem, kinds=["dance"])


@pytest.mark.slow
def test_matrix_states_and_cropping(abel_land):
    trace = record(abel_land.problem, "sticker")
    frame = trace.first("solution")
    snap = frame.snapshot
    chosen = snap.chosen
    assert node_state(snap, chosen[0], "ABEL") == "chosen"
    fig = Figure()
    assert draw_matrix(fig.add_subplot(), abel_land.problem, snap) == ""
    big = WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    big_trace = record(big.problem, "sticker", max_frames=10)
    note = draw_matrix(Figure().add_subplot(), big.problem, big_trace.frames[-1].snapshot)
    assert note.startswith("showing 48 of") and "of 264" in note


@pytest.mark.slow
def test_figures_build(abel_land):
    trace = record(abel_land.problem, "naive")
    index = double_purifies(trace)[0].index
    fig = frame_figure(trace, index, abel_land)
    assert fig.get_size_inches().tolist() == [11.0, 6.2]  # fixed size: frames do not jump
    assert len(fig.axes) == 3
    grid_figure(["AB", "C."])
    engine = make_engine(abel_land.problem)
    engine.count()
    tree = Figure()
    draw_search_tree(tree.add_subplot(), trace)
    draw_profile(tree.add_subplot(), engine.stats)
    assert len(tree.axes) == 2


def test_legend_names_a_word_marked_twice_by_its_place():
    from wordcover.finder import find_words
    from wordcover.views import legend_labels

    grid = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
    found = find_words(grid, ["ABEL", "CANTOR", "ANNA"]).found
    assert legend_labels(found) == [
        "ABEL at (3,0) E",
        "ABEL at (5,4) W",
        "CANTOR",
        "ANNA at (4,0) E",
        "ANNA at (4,3) W",
    ]


def test_draw_profiles_puts_every_level_of_both_searches_on_one_log_axis(abel_land):
    from wordcover.views import draw_profiles

    stats = {}
    for name in ("outside", "sticker"):
        engine = make_engine(abel_land.problem, name)
        engine.count()
        stats[name] = engine.stats
    ax = Figure().add_subplot()
    draw_profiles(ax, stats)
    assert ax.get_yscale() == "log"
    assert [list(line.get_ydata()) for line in ax.get_lines()] == [stats["outside"].profile, stats["sticker"].profile]
    assert stats["outside"].profile == [1, 16, 256] and stats["sticker"].profile == [1, 16, 112]
    with pytest.raises(ValueError, match="at least one search"):
        draw_profiles(ax, {})
