"""The record of DLX2 with its sticker taken out (benchmarks/dlx2_without_sticker.py) that notebook 5 quotes.

Knuth's DLX2 as published agrees with our sticker engine counter for counter on both problems; without its sticker it
does what our naive engine's bug predicts on the colour pair (a second option of Q tried while LEN says one). When the
environment variable KNUTH_SOURCES names a folder with dlx2.w, gb_flip.w and boilerplate.w, the slow test makes the
record again and finds it the same.
"""

from __future__ import annotations

import json
import os
import pathlib

import pytest
from bench_knuth import knuth_counters
from dlx2_without_sticker import EDITS, record

from wordcover import WordSearch, examples, make_engine

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORD = json.loads((ROOT / "data" / "dlx2_without_sticker.json").read_text())
SOURCES = os.environ.get("KNUTH_SOURCES", "")


def test_the_published_dlx2_counts_as_our_sticker_engine_does():
    problems = {
        "colour pair": examples.load("colour_pair").problem,
        "ABEL LAND": WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem,
    }
    for name, problem in problems.items():
        engine = make_engine(problem, "sticker")
        engine.count()
        theirs = knuth_counters(RECORD["runs"][f"{name}, published"]["last line"])
        s = engine.stats
        assert theirs == {"count": s.solutions, "updates": s.updates, "nodes": s.nodes,
                          "cleansings": s.purifications + s.stickers}, name  # fmt: skip
        assert RECORD["runs"][f"{name}, published"]["confusion!"] == 0


def test_without_the_sticker_dlx2_goes_wrong_as_the_naive_engine_does():
    runs = RECORD["runs"]
    assert RECORD["edits"] == [{"ctangled": old, "without sticker": new} for old, new in EDITS]
    pair = runs["colour pair, without sticker, v63"]
    assert pair["solutions"] == make_engine(examples.load("colour_pair").problem, "naive").count() == 2
    assert pair["choices"][-1] == "L1: Q c1:b (2 of 1)" and pair["confusion!"] == 2  # moment 4, in DLX2's words
    land = runs["ABEL LAND, without sticker"]
    assert (land["solutions"], land["confusion!"]) == (97, 69)
    assert land["solutions"] != make_engine(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive").count()


@pytest.mark.slow
@pytest.mark.skipif(not SOURCES, reason="KNUTH_SOURCES names no folder with dlx2.w, gb_flip.w and boilerplate.w")
def test_the_record_is_made_again_the_same():
    again = record(pathlib.Path(SOURCES))
    assert again["runs"] == RECORD["runs"] and again["sources"] == RECORD["sources"]
