"""The browser player's trace: array writes replayed in Python and in JavaScript agree with the engine itself.

The JavaScript half runs under Node (Debian's ``nodejs``); those tests skip, saying why, where
``node`` is missing. ``.ci/run`` installs it and also runs the Node tests in ``tests/js/``.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from wordcover import examples
from wordcover.errors import ProblemError
from wordcover.playback import JUMPS, record_writes

ROOT = pathlib.Path(__file__).resolve().parent.parent
JS = ROOT / "tests" / "js"
node = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(node is None, reason="Node.js is not installed (apt-get install nodejs)")
sys.path.insert(0, str(JS))
from make_fixtures import FIXTURES, fixture  # noqa: E402


def live(problem, engine):
    """Record a trace and, beside it, the engine's own snapshot after every event."""
    snapshots = {}
    trace = record_writes(problem, engine, on_event=lambda k, _e, eng: snapshots.__setitem__(k + 1, eng.snapshot()))
    return trace, snapshots


def first_drift(snapshots) -> int:
    return next((f for f in sorted(snapshots) if any(s.drift for s in snapshots[f].items)), -1)


@pytest.mark.parametrize(("example", "engine"), FIXTURES)
def test_node_fixtures_are_fresh(example, engine):
    saved = (JS / "fixtures" / f"{example}-{engine}.json").read_text()
    assert saved == fixture(example, engine), "run: python tests/js/make_fixtures.py"


@pytest.mark.parametrize("engine", ["naive", "sticker"])
def test_python_replay_matches_the_engine_at_every_frame(abel_land, engine):
    trace, snapshots = live(abel_land.problem, engine)
    assert trace.frames == len(snapshots) + 1
    for frame in range(0, trace.frames, 37):
        if frame == 0:
            continue
        mine, theirs = trace.snapshot_at(frame), snapshots[frame]
        assert mine.items == theirs.items
        assert mine.linked == theirs.linked
        assert mine.stickered == theirs.stickered
        assert mine.chosen == theirs.chosen


@pytest.mark.slow
def test_marks_against_the_engines_own_counters(abel_land):
    naive, snapshots = live(abel_land.problem, "naive")
    assert naive.marks["drift"] == first_drift(snapshots) > 0
    assert len(naive.marks["solution"]) == naive.solutions == 106  # the article program's count, as in notebook 05
    sticker, snapshots = live(abel_land.problem, "sticker")
    assert sticker.marks["drift"] == first_drift(snapshots) == -1
    assert sticker.marks["double-purify"] == []
    assert len(sticker.marks["solution"]) == sticker.solutions == 112


def test_the_whole_trace_returns_to_the_start(abel_land):
    trace = record_writes(abel_land.problem, "sticker")
    assert trace.arrays_at(trace.frames - 1) == trace.initial


def test_event_limit_says_so(abel_land):
    trace = record_writes(abel_land.problem, "naive", max_events=500)
    assert trace.frames == 501 and not trace.complete
    assert "stopped after 500 events" in trace.message and "raise max_events" in trace.message
    with pytest.raises(ProblemError, match="max_events"):
        record_writes(abel_land.problem, "naive", max_events=0)
    with pytest.raises(ProblemError, match="frame must be between 0 and 500"):
        trace.arrays_at(501)


def test_jumps(abel_land):
    trace = record_writes(abel_land.problem, "naive")
    first = trace.jump("next-double-purify", 0)
    assert trace.event(first - 1).kind == "purify"
    assert trace.jump("next-choice", 0) == trace.marks["choice"][0]
    assert trace.jump("prev-choice", trace.marks["choice"][1]) == trace.marks["choice"][0]
    assert trace.jump("next-solution", trace.marks["solution"][-1]) == -1
    with pytest.raises(ProblemError, match="unknown jump"):
        trace.jump("next-drift", 0)
    assert set(JUMPS) == {
        "next-choice",
        "prev-choice",
        "next-solution",
        "next-purify",
        "next-double-purify",
        "first-drift",
        "next-stranded",
        "next-early",
    }
    early = trace.jump("next-early", 0)  # option 31's node in LAND's list, let back while ABEL's purify holds it
    assert trace.analysis.state_at(early)[206] == ("early", trace.names.index("r0c3"))
    assert all(state != "early" for f in range(early) for state, _ in trace.analysis.state_at(f).values())
    stranded = trace.jump("next-stranded", 0)
    assert stranded == trace.analysis.strandings[0].frame > early


@needs_node
@pytest.mark.parametrize("engine", ["naive", "sticker"])
def test_javascript_state_matches_the_engine(abel_land, engine, tmp_path):
    """At sampled frames the player's LEN, linked nodes, stickers and path equal the engine's own snapshot."""
    trace, snapshots = live(abel_land.problem, engine)
    file = tmp_path / "trace.json"
    file.write_text(json.dumps(trace.payload()))
    frames = [0, *range(1, trace.frames, 53), *trace.marks["double-purify"][:3], trace.frames - 1]
    if trace.marks["drift"] > 0:
        frames += [trace.marks["drift"] - 1, trace.marks["drift"]]
    out = subprocess.run(
        [node, str(JS / "state_at.mjs"), str(file), *map(str, frames)], capture_output=True, text=True, check=True
    )
    js = json.loads(out.stdout)
    assert {k: js["marks"][k] for k in trace.marks} == trace.marks
    for frame in frames:
        state = js["frames"][str(frame)]
        snap = snapshots[frame] if frame else trace.snapshot_at(0)
        assert state["len"] == [s.len for s in snap.items], frame
        assert state["real"] == [s.actual for s in snap.items], frame
        assert state["active"] == [s.active for s in snap.items], frame
        assert {tuple(p) for p in state["linked"]} == set(snap.linked), frame
        assert {tuple(p) for p in state["stickered"]} == set(snap.stickered), frame
        assert tuple(state["chosen"]) == snap.chosen, frame


def test_example_traces_are_small():
    """Knuth's examples trace whole, in a few kilobytes."""
    for name in examples.names():
        problem = examples.load(name).problem
        trace = record_writes(problem, "sticker")
        assert trace.complete
        assert len(json.dumps(trace.payload())) < 10_000


def test_readme_figures(abel_land):
    """The README's numbers for the naive ABEL LAND player come from the code."""
    readme = (ROOT / "README.md").read_text()
    trace = record_writes(abel_land.problem, "naive")
    size = len(json.dumps(trace.payload())) // 1024
    assert f"is {trace.frames:,} frames in {size} KB of JSON" in readme
    assert (
        f'tracer.goto("next-double-purify")                             # {trace.jump("next-double-purify", 0, False)}'
        in readme
    )
