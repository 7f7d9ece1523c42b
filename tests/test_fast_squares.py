"""The compiled square search keeps the readable search's every counter: squares, nodes, prefix and mask cut-offs,
the deepest level and the profile, on random word lists and on lists the code was never tried on."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from wordcover.errors import PuzzleError
from wordcover.fast_squares import compiled_count, trie
from wordcover.squares import SquareSearch, count_squares, count_squares_parallel, square_method
from wordcover.wordlists import load_words

KINDS = ("any", "symmetric", "double")


def readable(order, words, kind, first=None):
    search = SquareSearch(order, words, kind)
    search.count(first)
    return search.stats


@pytest.mark.parametrize("seed", range(8))
def test_the_compiled_search_counts_and_cuts_off_as_the_readable_one(seed):
    rng = random.Random(seed)
    order = rng.choice([2, 3, 3, 4])
    pool = load_words(length=order)
    words = rng.sample(pool, min(len(pool), rng.choice([20, 60, 150, 300])))
    for kind in KINDS:
        assert count_squares(order, words, kind, method="compiled") == readable(order, words, kind), (seed, kind)


def test_made_up_alphabets_and_a_first_row_range():
    """Lists of two and three letters (every prefix shared: the trie at its densest), and a slice of the first row."""
    rng = random.Random(7)
    for letters, order in (("AB", 3), ("ABC", 3), ("AB", 4), ("XYZ", 2)):
        words = sorted({"".join(rng.choice(letters) for _ in range(order)) for _ in range(40)})
        search = SquareSearch(order, words, "any")
        for kind in KINDS:
            for first in (None, (0, len(search.words) // 2), (1, 2)):
                got = count_squares(order, words, kind, first, method="compiled")
                assert got == readable(order, words, kind, first), (letters, order, kind, first)


@pytest.mark.slow
def test_held_out_lists():
    """Word lists of the package the compiled search was not developed on: each theme, orders 3 to 5."""
    from wordcover.wordlists import available

    tried = 0
    for theme in available()[1:]:  # every list but English
        words = load_words(theme)
        for order in (3, 4, 5):
            if sum(len(w) == order for w in words) < 2:
                continue
            for kind in KINDS:
                assert count_squares(order, words, kind, method="compiled") == readable(order, words, kind)
                tried += 1
    assert tried >= 9


def test_the_parallel_count_takes_the_method_decided_once():
    words = random.Random(1).sample(load_words(length=3), 120)
    serial = readable(3, words, "double")
    for method in ("compiled", "readable", "auto"):
        assert count_squares_parallel(3, words, "double", jobs=1, pieces=5, method=method) == serial  # profile too
    assert square_method("auto") == "compiled"  # numba is installed here
    with pytest.raises(PuzzleError, match="unknown square search 'fast'"):
        square_method("fast")


def test_the_trie_ranges_and_masks():
    letters, word_node, child, first, last, mask = trie(["ABC", "ABD", "BCA"], 3)
    ab = child[child[0, 0], 1]
    assert (first[ab], last[ab]) == (0, 2) and (first[0], last[0]) == (0, 3)
    assert mask[ab, 2] == (1 << 2) | (1 << 3)  # C or D after AB
    assert letters.tolist()[2] == [1, 2, 0] and child[ab, 4] == -1  # B C A; no word starts ABE
    assert word_node.tolist() == [child[ab, 2], child[ab, 3], child[child[child[0, 1], 2], 0]]


@pytest.mark.slow
def test_order_4_of_the_everyday_list():
    words = load_words("everyday", 4)
    for kind in KINDS:
        assert compiled_count(4, SquareSearch(4, words, kind).words, kind)[0][0] == readable(4, words, kind).squares
