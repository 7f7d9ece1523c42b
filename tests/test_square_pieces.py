"""Counting squares in pieces kept on disk: the sum of the pieces is the whole count, counter for counter, under two
different splits; a run started again counts only the pieces with no file; a file of another count is refused."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import random

import pytest

import wordcover.square_pieces as square_pieces
from wordcover.errors import PuzzleError
from wordcover.square_pieces import count_in_pieces, piece_bounds
from wordcover.squares import count_squares
from wordcover.wordlists import load_words

WORDS = random.Random(5).sample(load_words(length=3), 150)


@pytest.mark.parametrize("kind", ["any", "symmetric", "double"])
def test_two_splits_sum_to_the_whole_search(kind, tmp_path):
    whole = count_squares(3, WORDS, kind, method="readable")
    for pieces in (5, 7):
        got = count_in_pieces(3, WORDS, kind, tmp_path / str(pieces), pieces, method="readable")
        assert dataclasses.asdict(got) == dataclasses.asdict(whole), pieces


def test_a_run_started_again_counts_only_the_missing_pieces(tmp_path, monkeypatch):
    first = count_in_pieces(3, WORDS, "double", tmp_path, 6)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 6
    files[2].unlink()  # as if the run had stopped before this piece was written
    ran = []
    real = square_pieces.count_squares

    def counting(*args):
        ran.append(args[3])
        return real(*args)

    monkeypatch.setattr(square_pieces, "count_squares", counting)
    again = count_in_pieces(3, WORDS, "double", tmp_path, 6)
    assert ran == [piece_bounds(len({w for w in WORDS}), 6)[2]] and again == first


def test_a_file_of_another_count_is_refused(tmp_path):
    count_in_pieces(3, WORDS, "double", tmp_path, 4)
    with pytest.raises(PuzzleError, match="from another count"):
        count_in_pieces(3, WORDS[:-10], "double", tmp_path, 4)  # fewer words: other ranges under the same names


def test_on_an_executor_with_progress(tmp_path):
    heard = []
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        got = count_in_pieces(3, WORDS, "any", tmp_path, 5, executor=pool, progress=lambda d, t: heard.append((d, t)))
    assert got.squares == count_squares(3, WORDS, "any").squares
    assert heard[0] == (0, 5) and heard[-1] == (5, 5) and len(heard) == 6
    with pytest.raises(PuzzleError, match="pieces must be a positive whole number"):
        piece_bounds(10, 0)
