"""The figures notebook 7 reads rather than computes: the order-7 record made on a dask cluster
(``data/squares_order7.json``, by ``benchmarks/squares_on_dask.py``) and Kokkarinen's count of order 4.

The record's pieces must add up to its totals under both splits and cover every first-row word once; the compiled
search, run in one process, must give the totals again (slow: a minute or more); the README must quote the record as
it is. Order 4 of the English list must be twice the 821,788 transposed pairs that Kokkarinen's ``wordsquare.c``
prints for it (``benchmarks/bench_squares.py`` runs his program and stops when the two disagree).
"""

from __future__ import annotations

import json
import pathlib

import pytest

from wordcover.squares import SquareStats, count_squares, first_row_ranges
from wordcover.wordlists import load_words

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORD = ROOT / "data" / "squares_order7.json"
WORDSQUARE_PAIRS_ORDER_4 = 821_788  # wordsquare.c on the English list, order 4, double squares, one per pair


@pytest.fixture(scope="module")
def record() -> dict:
    return json.loads(RECORD.read_text())


def piece_stats(piece: dict) -> SquareStats:
    return SquareStats(**{k: v for k, v in piece.items() if k != "range"})


def test_the_record_is_the_count_it_says(record):
    assert (record["order"], record["kind"], record["method"]) == (7, "double", "compiled")
    assert record["words"] == len(load_words(length=7))
    assert record["command"].startswith("python benchmarks/squares_on_dask.py ")
    assert "--order 7" in record["command"]


def test_the_pieces_of_each_split_add_up_to_the_totals(record):
    totals = SquareStats(**record["stats"])
    assert len(totals.profile) == 2 * 7 + 1
    assert [split["pieces"] for split in record["splits"]] == [64, 48]
    for split in record["splits"]:
        ranges = [tuple(piece["range"]) for piece in split["each"]]
        assert ranges == first_row_ranges(record["words"], split["pieces"])  # every first-row word once, in order
        summed = SquareStats(profile=[])
        for piece in split["each"]:
            summed.add(piece_stats(piece))
        assert summed == totals, split["pieces"]  # every counter, the profile too


def test_the_readme_quotes_the_record(record):
    readme = " ".join((ROOT / "README.md").read_text().split())
    stats = record["stats"]
    assert f"`{record['command']}`" in readme
    assert f"{record['words']:,} seven-letter words" in readme
    assert f"{stats['nodes']:,} lines placed" in readme
    assert ("no double square" in readme) == (stats["squares"] == 0)
    walls = " and ".join(f"{split['wall_seconds']:g} s" for split in record["splits"])
    assert f"{walls} wall" in readme
    assert f"{record['workers']} worker processes" in readme and f"{record['cpus']} CPUs" in readme


@pytest.mark.slow
def test_the_compiled_search_counts_the_record_again_in_one_process(record):
    pytest.importorskip("numba")
    again = count_squares(7, load_words(length=7), "double", method="compiled")
    assert again == SquareStats(**record["stats"])


@pytest.mark.slow
def test_order_4_is_twice_the_pairs_of_wordsquare_c():
    pytest.importorskip("numba")
    stats = count_squares(4, load_words(length=4), "double", method="compiled")
    assert stats.squares == 2 * WORDSQUARE_PAIRS_ORDER_4
