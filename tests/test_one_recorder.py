"""One recorder: the frames of ``tracing.record`` are read off the write log, and agree with the live engine.

The oracle is the way frames used to be made: run a traced engine and take the engine's own
snapshot each time an event of a kept kind begins (and when the search ends). The frames read
off the recording of array writes must show exactly those links, choices and stickers.
"""

from __future__ import annotations

import pytest

from wordcover import WordSearch, examples
from wordcover.engines import make_traced
from wordcover.errors import ProblemError
from wordcover.playback import ALL_KINDS, DEFAULT_KINDS, record_writes
from wordcover.traced import Watched
from wordcover.tracing import double_purifies, record


def live_frames(problem, engine, kinds, max_frames=10**9):
    """(event, snapshot) for each kept event, the snapshot taken by the engine itself when the next kept one begins."""
    frames, waiting = [], []

    class Enough(Exception):
        pass

    def observe(event, eng):
        if event.kind not in kinds:
            return
        if waiting:
            frames.append((waiting.pop(), eng.snapshot()))
        if len(frames) >= max_frames:
            raise Enough
        waiting.append(event)
        if event.kind == "solution":
            frames.append((waiting.pop(), eng.snapshot()))

    search = make_traced(problem, engine, observer=observe)
    try:
        for _ in search.solutions():
            pass
    except Enough:
        return frames
    if waiting:
        frames.append((waiting.pop(), search.snapshot()))
    return frames


def same(frames, trace):
    assert len(trace.frames) == len(frames)
    for frame, (event, snapshot) in zip(trace.frames, frames):
        assert frame.event == event
        mine = frame.snapshot
        assert (mine.items, mine.linked, mine.stickered) == (snapshot.items, snapshot.linked, snapshot.stickered)
        assert mine.chosen == snapshot.chosen, frame.text
        assert mine.active_options == snapshot.active_options, frame.text


CASES = [
    ("abel land", lambda: WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive"),
    ("abel land", lambda: WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "sticker"),
    ("knuth colours", lambda: examples.load("knuth_tiny_colours").problem, "naive"),
    ("knuth colours", lambda: examples.load("knuth_tiny_colours").problem, "sticker"),
    ("abel land", lambda: WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "outside"),
    ("colour pair", lambda: examples.load("colour_pair").problem, "naive"),
    ("knuth exact cover", lambda: examples.load("knuth_exact_cover").problem, "x"),
]


@pytest.mark.parametrize(("name", "build", "engine"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
@pytest.mark.parametrize("kinds", [DEFAULT_KINDS, ALL_KINDS], ids=["default kinds", "all kinds"])
@pytest.mark.slow
def test_frames_read_off_the_writes_are_the_engines_own(name, build, engine, kinds):
    problem = build()
    same(live_frames(problem, engine, kinds), record(problem, engine, kinds=kinds, max_frames=100_000))


@pytest.mark.slow
def test_a_cut_recording_ends_where_the_live_one_does():
    problem = WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"]).problem
    trace = record(problem, "naive", max_frames=300)
    assert len(trace) == 300 and not trace.complete
    same(live_frames(problem, "naive", DEFAULT_KINDS, max_frames=300), trace)


@pytest.mark.slow
def test_double_purifies_are_the_items_purified_again_on_the_path():
    problem = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem
    trace = record(problem, "naive", kinds=ALL_KINDS, max_frames=100_000)
    purified, expected = [], []  # an independent reading of the frames' events
    for f in trace.frames:
        if f.event.kind == "purify":
            if f.event.item in purified:
                expected.append(f.index)
            purified.append(f.event.item)
        elif f.event.kind == "unpurify" and f.event.item in purified:
            del purified[len(purified) - 1 - purified[::-1].index(f.event.item)]
    assert expected and [f.index for f in double_purifies(trace)] == expected
    assert double_purifies(record(problem, "sticker")) == []


def test_a_traced_engine_reports_its_writes_from_its_own_build():
    problem = examples.load("knuth_exact_cover").problem
    heard = []
    engine = make_traced(problem, "x", on_write=lambda *w: heard.append(w))
    assert isinstance(engine.dlink, Watched) and not heard  # watched from step C1 on; C1 itself is not reported
    assert engine.count() == 1
    assert heard and {w[0] for w in heard} == {"LLINK", "RLINK", "ULINK", "DLINK", "LEN"}
    assert all(old != new for _, _, old, new in heard)
    plain = make_traced(problem, "x")
    assert type(plain.dlink) is list  # no hook, no watching: the untraced search keeps its plain lists


def test_the_recording_counts_only_the_kinds_asked_for():
    problem = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem
    trace = record_writes(problem, "naive", max_events=10, counted={"try"})
    kinds = [trace.event(k).kind for k in range(trace.frames - 1)]
    assert kinds.count("try") == 10 and len(kinds) > 10 and not trace.complete


def test_snapshots_must_go_forward():
    problem = examples.load("knuth_exact_cover").problem
    trace = record_writes(problem, "x")
    assert [s.chosen for s in trace.snapshots([0, trace.frames - 1])] == [(), ()]
    with pytest.raises(ProblemError, match="frames must increase"):
        list(trace.snapshots([3, 2]))
    with pytest.raises(ProblemError, match="frame must be between"):
        trace.snapshot_at(trace.frames)
