"""Notebook 4, colours outside the matrix: the solutions."""

from __future__ import annotations

import random

from solutions import Verdict, check_function
from wordcover import WordSearch, make_engine
from wordcover.word_search import Placement, placements


def level_three_nodes(ws: WordSearch) -> int:
    """3,584 = 112 x 32: every pair of ABEL and LAND that fits is followed by every placement of AND.

    Level 0 chooses the word with the fewest placements (Algorithm X's step X3): AND, listed first, has 32 in
    4 x 4 with four directions (4 rows x 2 starts x 2 ways, and as many in the columns), ABEL and LAND 16 each,
    so ABEL is chosen (a tie goes to the first). Covering ABEL takes out only ABEL's own placements, since the
    letters are not in the matrix, so level 1 chooses LAND (16 against 32) and level 2 holds all 16 x 16 = 256
    pairs. A pair that clashes is a conflict: it backs up at once and has no children. The 112 pairs that fit
    (the solutions of ABEL and LAND, printed in the notebook) each try all 32 placements of AND on level 3:
    112 x 32 = 3,584 nodes, whether or not AND fits.
    """
    engine = make_engine(ws.problem, "outside")
    engine.count()
    return engine.stats.profile[3]


def level_three_nodes_hint() -> str:
    """What to think about when the prediction of level 3 is not right (the reasoning, never the number)."""
    return (
        "Which word does each level choose, when the colours take nothing out of the matrix? A node on level 2 "
        "that is a conflict backs up at once; which level-2 nodes have children, and how many does each have?"
    )


def clashes(record: dict[tuple[int, int], list[str]], placement: Placement) -> list[tuple[int, int]]:
    """The cells, in the word's order, where the placement writes a letter other than the one already there.

    ``record`` maps a cell to the letters written there so far (an empty list or no entry: unused). The record
    is that of placements that fit together, so a used cell holds one letter, once for each word through it;
    any of its entries is that letter. A cell that is unused or already holds the same letter is no clash.
    """
    return [
        cell for cell, letter in zip(placement.cells, placement.word) if record.get(cell) and record[cell][0] != letter
    ]


CLASH_HINT = (
    "Walk the placement's cells and letters together, in the word's order. A cell clashes only when the record has "
    "letters there (a missing cell or an empty list is unused) and the letter there is not the placement's letter."
)
WORDS = ["ABEL", "LAND", "ANNA", "GAUSS", "EULER", "DEAN", "NOD"]
EIGHT = ["E", "W", "S", "N", "SE", "NW", "NE", "SW"]
SHOWN_WIDTH = 160  # a failing case is shown argument by argument, each cut at this many characters


def _fit(chosen: list[Placement]) -> bool:
    """True when the placements write the same letter into every cell they share."""
    written: dict[tuple[int, int], str] = {}
    for placement in chosen:
        for cell, letter in zip(placement.cells, placement.word):
            if written.setdefault(cell, letter) != letter:
                return False
    return True


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
    """Hidden cases for the check: the edge cases a learner forgets, then random records in 5 x 5 (all eight
    directions) of one to three placements that fit together, some cells emptied again, each with a random
    placement to test (more often than not one that meets a used cell). Every record is short enough for a failing
    case to be shown whole."""
    rng = random.Random(seed)
    every = [p for word in WORDS for p in placements(word, 5, 5, EIGHT)]
    cases = [
        ({(0, 3): [], (1, 3): [], (2, 3): [], (3, 3): []}, Placement("LAND", 0, 3, "S")),  # emptied: no clash
        ({(0, 3): ["E"], (1, 3): []}, Placement("LAND", 0, 3, "S")),  # one clash beside an empty list
        ({(3, 0): ["D", "D"], (2, 0): ["A"]}, Placement("LAND", 3, 3, "W")),  # stacked letters; read backwards
        ({(0, 0): ["L"], (1, 1): ["B"]}, Placement("LAND", 0, 0, "SE")),  # a diagonal
        ({(1, 1): ["A", "A"], (2, 2): ["N"]}, Placement("ANNA", 1, 1, "SE")),  # two words through A: no clash
    ]
    while len(cases) < count:
        chosen = rng.sample(every, rng.randint(1, 3))
        if not _fit(chosen):
            continue
        record = _record(chosen, rng.sample(every, rng.randint(0, 1)))
        crossing = [p for p in every if any(record.get(cell) for cell in p.cells)]  # meets a used cell
        if len(repr(record)) <= SHOWN_WIDTH:
            cases.append((record, rng.choice(crossing if rng.random() < 0.6 else every)))
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


def where_c_pays() -> str:
    """a: in the purifies above, once for every branch below them.

    Every placement of the level-3 word is an option of Algorithm C's matrix. When a word is chosen, its commit
    purifies the cells it writes, and each purify hides every option that writes another letter there, before any
    is tried. A placement that clashes with the first word chosen is hidden once, and that hide holds in every branch
    below it, where the outside engine tries it again below each node of level 2 that fits and meets the conflict
    each time. So Algorithm C pays for fewer nodes with dearer ones: the link updates of its purifies, counted in
    ``stats.updates``.
    """
    return "a"


def where_c_pays_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "b": "Every placement of every word is an option of the matrix, clashing or not: whether it clashes depends on "
        "the words chosen before it. It leaves the lists only when a purify hides it, and those hides are the work "
        "the updates counter counts.",
        "c": "Step C3 reads the LEN of the words left and chooses the smallest; it compares no letters. When it runs, "
        "the clashing placements are already out of the word's list: something above took them out.",
    }
