"""The 6 x 10 pentomino count notebook 9 reads rather than computes (``data/pentominoes_6x10.json``, made by
``benchmarks/record_count.py``): it must be the count it says, agree with Knuth's published 2,339 tilings (each
with the images the box's four symmetries give), and come out again when the compiled engine counts it here (slow:
about ten seconds). The command that made it refuses to replace a file without ``--force``.
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
import subprocess
import sys

import pytest

from wordcover.engines import installed, make_engine

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORD = ROOT / "data" / "pentominoes_6x10.json"
KNUTH_6X10 = 2339  # "Dancing links" (2000): tilings of the 6 x 10 box, each with its mirror images once


def test_the_record_says_what_made_it_and_matches_knuths_count():
    record = json.loads(RECORD.read_text())
    assert record["command"] == "python benchmarks/record_count.py pentominoes 6 10 --record data/pentominoes_6x10.json"
    assert (record["problem"], record["engine"]) == ("pentominoes 6 x 10", "fast")
    stats = record["stats"]
    assert stats["solutions"] == 4 * KNUTH_6X10  # itself, upside down, mirrored, turned half round
    assert sum(stats["profile"]) == stats["nodes"] and stats["profile"][-1] == stats["solutions"]


@pytest.mark.slow
@pytest.mark.skipif(not installed("numba"), reason="the compiled engine needs numba (pip install 'wordcover[fast]')")
def test_the_compiled_engine_counts_the_record_again():
    from wordcover.classics import pentominoes

    engine = make_engine(pentominoes(6, 10), "fast")
    engine.count()
    assert dataclasses.asdict(engine.stats) == json.loads(RECORD.read_text())["stats"]


def test_the_command_will_not_replace_a_file_it_was_not_told_to(tmp_path):
    kept = tmp_path / "kept.json"
    kept.write_text("mine\n")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "record_count.py"), "queens", "4", "--record", str(kept)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "add --force to replace it" in done.stderr
    assert kept.read_text() == "mine\n"
