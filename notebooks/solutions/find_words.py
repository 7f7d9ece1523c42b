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
    """a: with a second copy a solver may mark either one, so the answer key is no longer the only answer.

    A puzzle promises one place for each word; a stray copy spelt by fill letters breaks that promise without
    making the puzzle unsolvable or changing how many letters the grid holds.
    """
    return "a"


def why_one_copy_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "b": "A second copy adds a way to find the word; it takes none away: the key's placement is still in the grid.",
        "c": "The copy is spelt by fill letters already in the grid, so it adds no letters: the grid still has one"
        " letter per cell.",
    }
