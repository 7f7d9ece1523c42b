"""Notebook 1, finding words in a grid: the solutions."""

from __future__ import annotations

from wordcover.finder import find_words


def level_occurrences(level_grid: list[str]) -> int:
    """LEVEL is found 8 times: it runs along 4 edges, and each edge reads LEVEL both ways.

    A palindrome's two readings cover the same cells, but they are two placements (two directions), and the
    finder reports placements. The diagonals read L X X X L, so they add nothing.
    """
    return len(find_words(level_grid, ["LEVEL"]).found)


def distinct_occurrences(grid: list[str], word: str) -> int:
    """Occurrences with different sets of cells: put each placement's cells in a set of frozensets.

    A frozenset forgets the order of the cells, so a palindrome read east and read west is one entry.
    """
    return len({frozenset(p.cells) for p in find_words(grid, [word]).found})


def why_one_copy() -> str:
    """b: with a second copy a solver may mark either one, so the answer key is no longer the only answer.

    The puzzle stays solvable (a is wrong) and the number of letters does not change (c is wrong).
    """
    return "b"
