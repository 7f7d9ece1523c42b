"""Notebook 7, word rectangles and word squares: the solutions."""

from __future__ import annotations

from collections.abc import Sequence

from wordcover.squares import SquareSearch


def double_squares_listed(words: Sequence[str]) -> int:
    """Half of what ``count()`` reports: ``squares()`` yields one square of each transposed pair.

    A double square's transpose is another grid (its rows are the old columns, all different from the rows),
    and it is a double square too. The search keeps only the grid whose first column sorts before its first
    row, so it meets each pair once, and ``count()`` adds 2 for each square it meets.
    """
    return sum(1 for _ in SquareSearch(4, words, "double").squares())


def letter_mask(words: Sequence[str], prefix: str, position: int) -> int:
    """Set bit k (k = 0 for A) for the letter at ``position`` of every word that starts with ``prefix``.

    ``1 << k`` is the number with only bit k set, and ``|=`` adds it to the set; a prefix that no word has
    gives the empty set, 0.
    """
    mask = 0
    for word in words:
        if word.startswith(prefix) and position < len(word):
            mask |= 1 << (ord(word[position]) - ord("A"))
    return mask


def why_double_counts_are_even() -> str:
    """d: the transpose of a double square is a different grid that is also a double square.

    So double squares come in pairs, and their count is even. A symmetric square *is* its own transpose
    (row i equals column i), so nothing pairs it with another grid and its count can be odd.
    """
    return "d"


def why_double_counts_are_even_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "Nothing is counted by mistake: a square and its transpose are two different grids, and both are real"
        " double squares.",
        "b": "How many words one square holds says nothing about how many squares there are.",
        "c": "Repeated words are not what pairs squares: the transpose is, and a symmetric square, being its own "
        "transpose, has no partner.",
    }
