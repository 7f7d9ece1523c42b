"""Notebook 2, making a puzzle by backtracking: the solutions."""

from __future__ import annotations

import random

STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))  # the eight directions
SHARED_HINT = (
    "Each letter of each word needs a cell of its own unless it shares one. How many letters do the nine words "
    "have, and how many cells does the grid offer?"
)
FITS_HINT = (
    "Follow your loop by hand on that case: which letters does it test, the first one too, and is each row "
    "compared with the number of rows and each column with the number of columns, at both ends?"
)


def shared_hint() -> str:
    """What a wrong number of shared cells is told: compare letters with cells (never the number itself)."""
    return SHARED_HINT


def fits_hint() -> str:
    """What a wrong ``fits`` is told: follow the loop by hand, first letter and both ends of both bounds."""
    return FITS_HINT


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


def hidden_fits_cases(seed: int = 2, count: int = 300) -> list[tuple]:
    """The cases the ``fits`` check tries after the shown ones: the edge cases a learner forgets, then random ones.

    A first letter that clashes; grids of one row, one column, 2 x 4 and 4 x 2, where a word that runs to the last
    row or column fits and one step further does not (an off-by-one, or rows and columns swapped, shows there);
    then ``count`` grids of 1 to 5 rows by 1 to 5 columns drawn with ``seed``, a third of their cells holding A or
    B, and a word of A and B of 1 to 4 letters from a cell inside the grid in one of the eight directions.
    """
    cases: list[tuple] = [
        ({(0, 0): "A"}, "BA", 0, 0, (0, 1), 1, 3),  # the first letter meets A
        ({(1, 0): "A"}, "QA", 0, 0, (1, 0), 2, 1),  # the last letter lands on the same A
        ({}, "ABC", 0, 0, (1, 0), 3, 1),  # one column, down to its last cell
        ({}, "ABC", 0, 0, (0, 1), 1, 3),  # one row, across to its last cell
        ({}, "AB", 1, 0, (1, 0), 2, 4),  # off the bottom of a wide grid
        ({}, "AB", 0, 1, (0, 1), 4, 2),  # off the right of a tall grid
        ({}, "ABCD", 3, 0, (-1, 1), 4, 2),  # north-east off the right
        ({}, "ABCD", 0, 3, (1, -1), 2, 4),  # south-west off the bottom
        ({(0, 3): "B"}, "ABCD", 0, 0, (0, 1), 2, 4),  # D meets B at the far end
    ]
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        cells = {(r, c): rng.choice("AB") for r in range(rows) for c in range(cols) if rng.random() < 1 / 3}
        word = "".join(rng.choice("AB") for _ in range(rng.randint(1, 4)))
        cases.append((cells, word, rng.randrange(rows), rng.randrange(cols), rng.choice(STEPS), rows, cols))
    return cases


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
