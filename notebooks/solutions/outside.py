"""Notebook 4, colours outside the matrix: the solutions."""

from __future__ import annotations

from wordcover import WordSearch, make_engine
from wordcover.word_search import Placement


def level_two_conflicts(ws: WordSearch) -> int:
    """Every pair of placements is tried, and each pair that does not fit is a conflict: 400 - 136 = 264.

    With two words the search has two levels of choices. Level 0 chooses a word (ABEL: both have 20
    placements, ties go to the first) and level 1 tries each of its 20 placements. No placement of LAND is
    taken out of the matrix in advance, because the colours live outside it, so every ABEL placement is
    followed by all 20 LAND placements: 20 x 20 = 400 nodes at level 2. A node there is a solution when the
    two words fit together (Algorithm C counts 136 of those) and a conflict otherwise: 400 - 136 = 264.
    (4 x 4 holds a four-letter word in 4 rows x 2 ways, 4 columns x 2 ways and 2 diagonals x 2 ways: 20.)
    """
    engine = make_engine(ws.problem, "outside")
    engine.count()
    return engine.stats.conflicts


def clashes(record: dict[tuple[int, int], list[str]], placement: Placement) -> list[tuple[int, int]]:
    """The cells, in the word's order, where the placement writes a letter other than the one already there.

    ``record`` maps a cell to the letters written there so far (an empty list or no entry: unused). A cell
    that is used holds one letter however many words cross it, so its last entry is that letter; a cell
    that is unused or already holds the same letter is no clash.
    """
    return [
        cell for cell, letter in zip(placement.cells, placement.word) if record.get(cell) and record[cell][-1] != letter
    ]


def why_nodes_are_not_seconds() -> str:
    """a: a node of Algorithm C costs more than a node of the colours-outside search.

    Trying an option in Algorithm C purifies one cell item per letter: purify walks the cell's list and
    hides every option that writes another letter there, and each hide unlinks nodes from other lists (the
    updates counter counts them). The colours-outside search only pushes a few letters onto the record
    and compares them with what is there. So the node ratio overstates the time ratio.
    """
    return "a"


def why_nodes_are_not_seconds_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "b": "The timing cell counts the solutions seven times with each engine and takes the median, so the "
        "clock's noise is small beside the gap between the two ratios.",
        "c": "Conflict nodes are not free: each pushes and pops its letters like any other try. Leaving them out "
        "would hide work the search really does.",
    }
