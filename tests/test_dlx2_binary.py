"""Our counters against Knuth's own DLX2, run on the same problems written in his format.

The comparison needs a DLX2 built from Knuth's dlx2.w (benchmarks/README.md says how); point the environment
variable KNUTH_DLX2 at it, or the slow test is skipped. The parser of DLX2's last line (benchmarks/bench_knuth.py,
shared with the benchmark) is checked here on lines DLX1 and DLX2 printed.
"""

from __future__ import annotations

import os
import subprocess

import pytest
from bench_knuth import knuth_counters

from wordcover import WordSearch, examples, make_engine, write_dlx
from wordcover.classics import langford, queens

DLX2 = os.environ.get("KNUTH_DLX2", "")

# what DLX2 and DLX1 wrote on standard error for examples/knuth_tiny_colours.dlx and examples/knuth_exact_cover.dlx
TINY_COLOURS_DLX2 = (
    "Option ignored (no primary items): X:0 Y:1\n"
    "(4 options, 3+2 items, 16 entries successfully read)\n"
    "Altogether 1 solution, 376+268-24 mems, 14 updates, 5 cleansings, 456 bytes, 4 nodes, ccost 5%.\n"
)
EXACT_COVER_DLX1 = (
    "(6 options, 5+2 items, 22 entries successfully read)\n"
    "Altogether 1 solution, 418+468 mems, 30 updates, 620 bytes, 6 nodes, ccost 7%.\n"
)

PROBLEMS = {
    "knuth_exact_cover": lambda: examples.load("knuth_exact_cover").problem,
    "knuth_tiny_colours": lambda: examples.load("knuth_tiny_colours").problem,
    "colour_pair": lambda: examples.load("colour_pair").problem,
    "8 queens": lambda: queens(8),
    "Langford n=7": lambda: langford(7),
    "ABEL LAND 4x4 orthogonal": None,  # the abel_land fixture
    "ABEL LAND 4x4 all": lambda: WordSearch(4, 4, ["ABEL", "LAND"], "all").problem,
    "ABEL LAND ANNA 5x5 orthogonal": lambda: WordSearch(5, 5, ["ABEL", "LAND", "ANNA"], "orthogonal").problem,
    "ABEL GAUSS EULER 5x5 all": lambda: WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all").problem,
}


def test_the_parser_reads_dlx2_and_dlx1():
    assert knuth_counters(TINY_COLOURS_DLX2) == {"count": 1, "updates": 14, "cleansings": 5, "nodes": 4}
    assert knuth_counters(EXACT_COVER_DLX1) == {"count": 1, "updates": 30, "nodes": 6}  # DLX1 does not cleanse
    many = TINY_COLOURS_DLX2.replace("1 solution,", "244792 solutions,").replace("4 nodes", "270317 nodes")
    assert knuth_counters(many) == {"count": 244792, "updates": 14, "cleansings": 5, "nodes": 270317}
    assert knuth_counters("(4 options, 3+2 items, 16 entries successfully read)\n") is None  # stopped early


@pytest.mark.slow
@pytest.mark.skipif(
    not (os.path.isfile(DLX2) and os.access(DLX2, os.X_OK)),
    reason="set KNUTH_DLX2 to a dlx2 built from Knuth's dlx2.w (benchmarks/README.md)",
)
@pytest.mark.parametrize("engine", ["sticker", "fast"])
@pytest.mark.parametrize("name", list(PROBLEMS))
def test_counts_and_counters_are_dlx2s(name, engine, request, tmp_path):
    """The same problem, written as a DLX file: DLX2's count, nodes, updates and cleansings are ours."""
    if engine == "fast":
        pytest.importorskip("numba", reason="the fast engine needs the fast extra")
    build = PROBLEMS[name]
    problem = request.getfixturevalue("abel_land").problem if build is None else build()
    path = tmp_path / "problem.dlx"
    write_dlx(problem, str(path))
    with open(path) as stdin:
        done = subprocess.run([DLX2], stdin=stdin, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    theirs = knuth_counters(done.stderr)
    assert theirs is not None, done.stderr
    ours = make_engine(problem, engine)
    count = ours.count()
    s = ours.stats
    cleansings = s.purifications + s.stickers  # DLX2 counts a cleansing per purify and per sticker
    assert {"count": count, "updates": s.updates, "cleansings": cleansings, "nodes": s.nodes} == theirs
