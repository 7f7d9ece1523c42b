"""Notebook 2, making a puzzle by backtracking: the solutions."""

from __future__ import annotations


def least_shared_cells(words: list[str], rows: int, cols: int) -> int:
    """The letters that do not fit into distinct cells must land on cells already used: letters minus cells.

    The nine words have 50 letters and the grid 49 cells, so at least one cell holds a letter of two words.
    (It is a lower bound from counting; a real puzzle may share more.)
    """
    return max(0, sum(len(w) for w in words) - rows * cols)


def fits(cells: dict, word: str, r: int, c: int, step: tuple[int, int], rows: int, cols: int) -> bool:
    """Walk the word from (r, c) one step at a time; fail at the first letter off the grid or on another letter.

    ``cells.get(cell, letter)`` gives the letter itself for an empty cell, so one comparison covers both the
    empty cell and the same letter.
    """
    dr, dc = step
    for k, letter in enumerate(word):
        rr, cc = r + dr * k, c + dc * k
        if not (0 <= rr < rows and 0 <= cc < cols) or cells.get((rr, cc), letter) != letter:
            return False
    return True


def why_slow() -> str:
    """b: a word is checked only on its turn, so the placer cannot see that a late word has nowhere to go.

    It then rearranges early words that were never the problem, many thousands of times. The exact cover
    search keeps every word's remaining options up to date and chooses the word with the fewest, so a word
    that fits nowhere stops the search at once. (a: a fixed order is no better in general; c: both methods run
    in the same pure Python here.)
    """
    return "b"
