"""Every text the player shows at every frame, checked against a replay of the engine's own arrays.

``tests/js/walk.mjs`` steps the page's logic through every frame at the finest granularity and prints what it
says: each node's drawn state and its words in the fields box, the note of each hide and unhide, the note of a
stranding, the event line. ``oracles.replay`` reads the same search off the live engine (its own lists walked at
each event, the holds counted as the events come), not off the recording; the two must agree everywhere.
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess

import pytest

from oracles import replay
from wordcover import WordSearch, examples

node = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(node is None, reason="Node.js is not installed (apt-get install nodejs)")
WALK = pathlib.Path(__file__).resolve().parent / "js" / "walk.mjs"
WORDS = {"hidden": "held out by the cover of", "purified": "held out by the purify of", "twice": "hidden twice"}

CASES = [
    ("ABEL LAND naive", lambda: WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive", 50_000),
    ("ABEL LAND sticker", lambda: WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "sticker", 50_000),
    ("colour pair naive", lambda: examples.load("colour_pair").problem, "naive", 50_000),
    ("colour pair sticker", lambda: examples.load("colour_pair").problem, "sticker", 50_000),
    ("HEART EARTH HATER naive, cut", lambda: WordSearch(5, 5, ["HEART", "EARTH", "HATER"]).problem, "naive", 3_000),
]


def walk(trace, tmp_path) -> list[dict]:
    file = tmp_path / "trace.json"
    file.write_text(json.dumps(trace.payload()))
    out = subprocess.run([node, str(WALK), str(file)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def count(note: str, words: str) -> int:
    found = re.search(rf"(\d+) {words}", note)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize(("name", "problem", "engine", "events"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.slow
def test_every_text_at_every_frame_agrees_with_the_replay(name, problem, engine, events, tmp_path):
    trace, states, effects = replay(problem(), engine, max_events=events)
    shown = walk(trace, tmp_path)
    assert len(shown) == trace.frames
    now: dict[int, tuple] = {}
    stranded_before: set[int] = set()
    for frame, page in enumerate(shown):
        for x, state, by, sticker, words in page["changed"]:
            now[x] = (state, by, sticker)
            if state in WORDS:
                assert WORDS[state] in words and (state == "twice" or words.endswith(by)), (frame, x, words)
            elif state == "stranded":
                assert words.startswith("stranded: off its list, but no cover or purify holds it out"), words
        assert page["line"] == trace.describe(frame)
        if frame == 0:
            continue
        names = trace.names
        expected = {x: (s, names[item] if item else "") for x, (s, item) in states[frame].items()}
        assert {x: v[:2] for x, v in now.items()} == expected, f"{name}, frame {frame}: {trace.describe(frame)}"
        event = trace.event(frame - 1)
        if event.kind in ("hide", "unhide"):
            moved, already, stickered, stuck = effects[frame - 1]
            note = page["hide"]
            assert note.startswith(f"{event.kind}s option {event.option} for the {event.cause} of {event.item}: ")
            verb = "leaves? (its|their) lists?" if event.kind == "hide" else "rejoins? (its|their) lists?"
            assert count(note, rf"nodes? {verb}") == moved, (frame, note)
            assert count(note, "nodes? (was|were) (off|in) already") == already, (frame, note)
            assert count(note, "nodes? keeps?") == stickered, (frame, note)
            assert count(note, "nodes? stays?") == stuck, (frame, note)
        else:
            assert page["hide"] == ""
        newly = {x for x, (s, _) in states[frame].items() if s == "stranded"} - stranded_before
        stranded_before |= newly
        if newly:
            for x in newly:
                assert f"node {x} of option" in page["strand"] or "more" in page["strand"], (frame, page["strand"])
            assert page["strand"].endswith("the lists no longer say what the search has done")
        else:
            assert page["strand"] == "", (frame, page["strand"])
