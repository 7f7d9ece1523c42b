"""Notebook 4, colours outside the matrix: the solutions."""

from __future__ import annotations

import random

from solutions import Verdict, check_function
from wordcover import WordSearch, make_engine
from wordcover.word_search import Placement, placements


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


def level_two_conflicts_hint() -> str:
    """What to think about when the prediction of conflicts is not right (the reasoning, never the number)."""
    return (
        "Count each word's placements in 4 x 4 with eight directions (rows, columns and both diagonals, each read "
        "both ways). Nothing removes a LAND placement before it is tried, so every ABEL placement meets every LAND "
        "placement on level 2; of those pairs, the ones that fit are the solutions printed above."
    )


def clashes(record: dict[tuple[int, int], list[str]], placement: Placement) -> list[tuple[int, int]]:
    """The cells, in the word's order, where the placement writes a letter other than the one already there.

    ``record`` maps a cell to the letters written there so far (an empty list or no entry: unused). A cell
    that is used holds one letter however many words cross it, so its last entry is that letter; a cell
    that is unused or already holds the same letter is no clash.
    """
    return [
        cell for cell, letter in zip(placement.cells, placement.word) if record.get(cell) and record[cell][-1] != letter
    ]


CLASH_HINT = (
    "Walk the placement's cells and letters together, in the word's order. A cell clashes only when the record has "
    "letters there (a missing cell or an empty list is unused) and the letter there is not the placement's letter."
)
WORDS = ["ABEL", "LAND", "ANNA", "GAUSS", "EULER", "DEAN", "NOD"]


def _record(chosen: list[Placement], emptied: list[Placement]) -> dict[tuple[int, int], list[str]]:
    """A colour record as the notebook's ``record_of`` makes it, with the cells of ``emptied`` left as empty lists
    (the state after placing and removing a word)."""
    record: dict[tuple[int, int], list[str]] = {}
    for placement in emptied:
        for cell in placement.cells:
            record.setdefault(cell, [])
    for placement in chosen:
        for cell, letter in zip(placement.cells, placement.word):
            record.setdefault(cell, []).append(letter)
    return record


def clash_cases(seed: int = 4, count: int = 40) -> list[tuple[dict, Placement]]:
    """Hidden cases for the check: random records of one to three placements in 5 x 5 (all eight directions, some
    cells emptied again), each with a random placement to test, and the edge cases a learner forgets."""
    rng = random.Random(seed)
    every = [p for word in WORDS for p in placements(word, 5, 5, ["E", "W", "S", "N", "SE", "NW", "NE", "SW"])]
    cases = [
        ({(0, 3): [], (1, 3): [], (2, 3): [], (3, 3): []}, Placement("LAND", 0, 3, "S")),  # emptied: no clash
        ({(0, 3): ["E"], (1, 3): []}, Placement("LAND", 0, 3, "S")),  # one clash beside an empty list
        ({(3, 0): ["D", "D"], (2, 0): ["A"]}, Placement("LAND", 3, 3, "W")),  # stacked letters; read backwards
        ({(0, 0): ["L"], (1, 1): ["B"]}, Placement("LAND", 0, 0, "SE")),  # a diagonal
    ]
    while len(cases) < count:
        chosen = rng.sample(every, rng.randint(1, 3))
        emptied = rng.sample(every, rng.randint(0, 1))
        cases.append((_record(chosen, emptied), rng.choice(every)))
    return cases


def check_clashes(candidate) -> Verdict:
    """Check a learner's ``clashes`` on the notebook's five cases, then on :func:`clash_cases` (not shown)."""
    top_row = _record([Placement("ABEL", 0, 0, "E")], [])
    shown = [
        (top_row, Placement("LAND", 0, 2, "S")),
        (top_row, Placement("LAND", 0, 3, "S")),
        (top_row, Placement("LAND", 0, 3, "W")),
        ({}, Placement("LAND", 3, 0, "E")),
        (_record([Placement("ABEL", 0, 0, "E"), Placement("LAND", 0, 3, "S")], []), Placement("ABEL", 3, 3, "W")),
    ]
    return check_function(candidate, clashes, shown, hidden=clash_cases(), hint=CLASH_HINT)


def why_nodes_are_not_seconds() -> str:
    """a: a node of Algorithm C costs more than a node of the colours-outside search.

    Trying an option in Algorithm C purifies the cell items of its letters (those not purified already): purify
    walks the cell's list and hides every option that writes another letter there, and each hide unlinks nodes
    from other lists (the updates counter counts them). The colours-outside search only pushes a few letters onto
    the record and compares them with what is there. So the node ratio overstates the time ratio.
    """
    return "a"


def why_nodes_are_not_seconds_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "b": "The timing cell counts the solutions seven times with each engine and takes the median, so the "
        "clock's noise is small beside the gap between the two ratios: the gap comes from the work each node does, "
        "which the updates counter shows without any clock.",
        "c": "Nothing is cached between runs: each count searches again from the links and an empty record, and the "
        "timing cell's median is taken over all seven runs, the first included.",
    }
