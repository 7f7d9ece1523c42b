"""Traces and pictures of the search (headless)."""

from __future__ import annotations

import pytest
from matplotlib.figure import Figure

from wordcover import WordSearch, examples, make_engine
from wordcover.playback import record_writes
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
    assert node_state(snap, chosen[0], "ABEL") == "chosen"  # the node ABEL's cover started from stays in its list
    assert node_state(snap, chosen[0], "r0c0") == "chosen-off"  # the others left when that cover hid the option
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
    assert fig.get_size_inches().tolist() == frame_figure(trace, 0, abel_land).get_size_inches().tolist()  # no jumps
    assert len(fig.axes) == 2  # the matrix and the grid
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
    data = [line for line in ax.get_lines() if line.get_transform() is ax.transData and len(line.get_xdata()) == 3
            and line.get_linestyle() != "None"]  # the lines, not the points' markers (one Line2D a search)  # fmt: skip
    assert [list(line.get_ydata()) for line in data] == [stats["outside"].profile, stats["sticker"].profile]
    assert stats["outside"].profile == [1, 16, 256] and stats["sticker"].profile == [1, 16, 112]
    with pytest.raises(ValueError, match="at least one search"):
        draw_profiles(ax, {})


@pytest.mark.parametrize("log", [True, False])
def test_draw_profiles_writes_every_count_at_9_pt_inside_the_axes(abel_land, log):
    """Each count beside its point, 9 pt, the first search's above and the second's below, every one inside the
    axes: the lower label of level 0 too (it sat on the axis' edge when the lower limit was 0.5)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from wordcover.views import draw_profiles

    stats = {}
    for name in ("outside", "sticker"):
        engine = make_engine(abel_land.problem, name)
        engine.count()
        stats[name] = engine.stats
    fig = Figure(figsize=(7, 3.8))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    draw_profiles(ax, stats, log=log)
    fig.tight_layout()
    renderer = fig.canvas.get_renderer()
    inside = ax.get_window_extent(renderer)
    counts = [f"{n:,}" for name in stats for n in stats[name].profile]
    written = [t for t in ax.texts if t.get_transform() is ax.transData]  # at data points: not the legend's
    assert [t.get_text() for t in written] == counts
    for text in written:
        box = text.get_window_extent(renderer)
        assert text.get_fontsize() == 9
        assert inside.x0 <= box.x0 and box.x1 <= inside.x1 and inside.y0 <= box.y0 and box.y1 <= inside.y1, text
    level_0 = [t for t in written if t.get_position()[0] == 0]
    above, below = (t.get_window_extent(renderer) for t in level_0)
    assert below.y1 < above.y0  # the second search's label under the first's, not over it
    legend = [t for t in ax.texts if t.get_text() in stats]
    assert [t.get_text() for t in legend] == list(stats) and {t.get_fontsize() for t in legend} == {9}


# ---- the pictures draw the states of the replay ---------------------------------------------------------------


def drawn_nodes(fig) -> dict[tuple[str, ...], str]:
    """What a picture drew for each node, read off the artists' gids: 'node x state' (links) or
    'node option item state' (matrix), per panel."""
    out = {}
    for k, ax in enumerate(fig.axes):
        for artist in [*ax.patches, *ax.collections, *ax.artists]:
            gid = artist.get_gid() or ""
            if gid.startswith("node "):
                *key, state = gid.split()[1:]
                out[(str(k), *key)] = state
    return out


def test_moment_2_draws_one_node_in_c1s_list_where_its_len_says_one():
    """The lecture deck's moment 2 (frame 14 of the naive colour pair) drew three chained nodes in c1."""
    from wordcover.views import links_figure

    trace = record_writes(examples.load("colour_pair").problem, "naive")
    states = drawn_nodes(links_figure(trace, [14], legend=False))
    c1 = trace.names.index("c1")
    in_c1 = sorted(states["0", str(x)] for x in range(len(trace.initial["TOP"])) if trace.initial["TOP"][x] == c1)
    assert in_c1 == ["chosen-off", "chosen-off", "linked"] and trace.arrays_at(14)["LEN"][c1] == 1


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["naive", "sticker"])
def test_the_links_picture_draws_each_node_in_its_state_at_the_moments(engine):
    """At the six moments of the colour pair, every node of the links picture is drawn in the analysis' state."""
    from wordcover.double_purify import walk
    from wordcover.views import links_figure

    trace = record_writes(examples.load("colour_pair").problem, engine)
    frames = [0, *(m.frame for m in walk(trace))] if engine == "naive" else [0, 7, 13, trace.frames - 1]
    for frame in frames:
        drawn = drawn_nodes(links_figure(trace, [frame]))
        assert drawn == {("0", str(x)): s for x, (s, _) in trace.analysis.state_at(frame).items()}, frame


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["naive", "sticker"])
def test_every_drawn_node_has_the_state_the_engines_own_arrays_give_it(abel_land, engine):
    """The matrix (ABEL LAND) and the links (the colour pair) against an independent replay: the live engine's own
    ULINK/DLINK lists walked at each event, its path and the holds counted as the events come (tests/oracles.py)."""
    from oracles import replay
    from wordcover.views import links_figure

    trace, states, _ = replay(abel_land.problem, engine)
    top, option_of = trace.initial["TOP"], trace.analysis.option_of
    frames = [f for f in (*trace.marks["double-purify"][:2], *trace.marks["stranded"][:2]) if f in states]
    frames += [trace.marks["solution"][1], trace.marks["choice"][5] + 1, trace.frames - 1]
    for frame in frames:
        drawn = drawn_nodes(frame_figure(trace, frame, abel_land))
        expected = {(option_of[x], trace.names[top[x]]): s for x, (s, _) in states[frame].items()}
        assert {(int(o), i): s for (_, o, i), s in drawn.items()} == expected, frame
    pair, pair_states, _ = replay(examples.load("colour_pair").problem, engine)
    for frame in range(1, pair.frames):
        drawn = drawn_nodes(links_figure(pair, [frame], legend=False))
        assert {int(x): s for (_, x), s in drawn.items()} == {x: s for x, (s, _) in pair_states[frame].items()}


@pytest.mark.slow
def test_the_side_by_side_picture_shows_both_engines(abel_land):
    """The static picture of the side-by-side player has a panel per engine, the sticker panel at the frame the
    timeline pairs with the naive one (06 once showed the naive panel alone, the same image as 05's)."""
    from wordcover.analysis import align
    from wordcover.widgets import Tracer

    both = Tracer(abel_land.problem, "naive", compare="sticker", ws=abel_land)
    alone = Tracer(abel_land.problem, "naive", ws=abel_land)
    for tracer in (both, alone):
        tracer.goto("next-double-purify")
    assert both.picture() != alone.picture()
    naive, sticker = both.traces
    timeline = align(naive, sticker)
    partner = timeline.other[next(t for t in range(len(timeline)) if timeline.lead[t] == both.frame)]
    fig = frame_figure(naive, both.frame, beside=(sticker, partner))
    titles = [ax.get_title("left").splitlines()[0] for ax in fig.axes]
    assert titles == [f"naive: frame {both.frame}, level 1", f"sticker: frame {partner}, level 1"]
    drawn = drawn_nodes(fig)
    assert drawn["1", "27", "r0c3"] == "chosen" and (27, "r0c3") in sticker.snapshot_at(partner).stickered
    assert drawn["0", "27", "r0c3"] == "chosen-off"  # the naive engine's cover of LAND took it off r0c3's list


@pytest.mark.slow
def test_the_tree_tells_inner_nodes_dead_ends_and_solutions_apart():
    """Every tried option is drawn by what followed it: an option tried below it, a solution, or nothing (a dead
    end), counted here from the order of the events; the legend names only the kinds drawn."""
    from matplotlib.colors import to_hex

    from wordcover import examples as ex
    from wordcover.classics import queens
    from wordcover.views import search_tree_legend
    from wordcover.views.trees import _NODE_STYLE as NODE_STYLE

    for trace in (record(queens(5), "x"), record(ex.load("colour_pair").problem, "naive")):
        events = [f.event for f in trace.frames if f.event.kind in ("try", "solution")]
        expected = {"start": 1, "tried": 0, "dead end": 0, "solution": 0}  # the root, then each tried option
        for e, after in zip(events, [*events[1:], None]):
            if e.kind == "try":
                below = after is not None and after.kind == "try" and after.level > e.level
                done = after is not None and after.kind == "solution"
                expected["solution" if done else "tried" if below else "dead end"] += 1
        ax = Figure().add_subplot()
        kinds = draw_search_tree(ax, trace)
        drawn = [(line.get_marker(), to_hex(line.get_markerfacecolor())) for line in ax.get_lines()]
        counted = {k: drawn.count((shape, to_hex(face))) for k, (shape, face, _, _) in NODE_STYLE.items()}
        assert counted == {**expected, "wrong": 0} and kinds == {k for k, v in expected.items() if v}
        search_tree_legend(ax, kinds=kinds)
        legend = [t.get_text() for t in ax.texts if t.get_transform() is not ax.transData
                  and not t.get_text().startswith("level")]  # not the rows' title  # fmt: skip
        assert legend[0].startswith("start: the root")
        assert legend[1].startswith("option tried" if expected["tried"] else "dead end")
