"""Counting split over processes, and over any concurrent.futures executor (a dask cluster here)."""

from __future__ import annotations

import concurrent.futures

import pytest

from wordcover import WordSearch, make_engine
from wordcover.classics import langford
from wordcover.parallel import count_parallel, split
from wordcover.squares import SquareSearch, count_squares_parallel
from wordcover.wordlists import load_words


def test_the_pieces_add_up_to_the_whole(abel_land):
    pieces = split(abel_land.problem, 5)
    assert len(pieces) == 5
    assert sum(make_engine(p).count() for p in pieces) == make_engine(abel_land.problem).count() == 112


def test_any_executor_runs_the_pieces(abel_land):
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        heard: list[tuple[int, int]] = []
        n = count_parallel(
            abel_land.problem,
            "sticker",
            executor=pool,
            pieces=6,
            progress=lambda done, total: heard.append((done, total)),
        )
    assert n == 112 and heard[-1] == (6, 6)


@pytest.mark.slow
def test_a_dask_cluster_counts_what_one_process_counts():
    distributed = pytest.importorskip("distributed")
    problem = langford(8)
    words = load_words(length=3)[:300]
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert count_parallel(problem, "x", executor=executor, pieces=8) == make_engine(problem, "x").count() == 300
        squares = count_squares_parallel(3, words, "double", executor=executor, pieces=6)
    assert squares.squares == SquareSearch(3, words, "double").count()


def test_word_search_pieces_on_processes(four_names):
    small = WordSearch(5, 5, ["ABEL", "GAUSS"], "all")
    assert count_parallel(small.problem, "sticker", jobs=2) == make_engine(small.problem).count()


@pytest.mark.parametrize("text", ["A B\nA\n", "A\n"])
def test_a_problem_that_splits_into_no_pieces_counts_0_as_one_process_does(text, monkeypatch, capsys):
    import io

    from wordcover import parse_dlx
    from wordcover.cli import main

    problem = parse_dlx(text).problem  # the first item chosen (B; A alone) has no option: no piece to count
    assert split(problem, 4) == []
    assert count_parallel(problem, "sticker", jobs=2) == make_engine(problem, "sticker").count() == 0
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["dlx", "--engine", "sticker", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["sticker engine on 2 processes", "0"] and captured.err == ""
