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
    """c: a word is checked only on its turn, so the placer cannot see that a late word has nowhere to go.

    It then rearranges the words placed just before the stuck one, which were never the problem, many thousands
    of times, while the word that blocks it stays where it is. The exact cover search keeps every word's
    remaining options up to date and chooses the word with the fewest, so a word that fits nowhere stops that
    branch at once.
    """
    return "c"


def why_slow_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "The tries counted here are placements of words, made before any fill letter is drawn: fill letters "
        "play no part in them.",
        "b": "The shuffle changes the order of a word's tries, not their number: every position and direction is "
        "in the list, and all are tried before the placer backs up.",
    }
