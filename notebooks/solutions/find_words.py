"""Notebook 1, finding words in a grid: the solutions, the grids the checks try unseen, and the hints."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

from wordcover import finder, generator, word_search
from wordcover.finder import find_words
from wordcover.word_search import DIRECTIONS

from . import Verdict, _case, attempt, check, check_choice, check_function, own_work

LEVEL_GRID = ("LEVEL", "EEXXE", "VXVXV", "EXXEE", "LEVEL")  # exercise 1's grid, as the notebook writes it
LEVEL_HINT = (
    "An occurrence is a start cell and a direction. Find every line of five cells that spells LEVEL, then ask in "
    "how many directions each of those lines reads LEVEL."
)
SCAN_HINT = (
    "Follow your loops by hand on that grid: does every cell get its turn as a start, in all eight directions, "
    "and is every letter's cell, the first one's too, tested against both ends of the rows and of the columns?"
)
DISTINCT_HINT = (
    "Which placements cover exactly the same cells, and how many times does the finder report each such set? "
    "Count sets of cells, not placements."
)
LEVEL_THEN = 'Now run `find_words(level_grid, ["LEVEL"]).found` to see them.'
# the library's own ways to find a word, to list the placements that stay inside the grid, or to read every line of
# a grid (the generator's _lines, behind its search for second copies, and _spots, its placements without listing
# them): a scan_word that calls one of them, directly
# or through a wrapper, is refused (their code is swapped for a tripwire while it runs)
LIBRARY_SCANS = (
    finder.find_words,
    finder.find_iter,
    finder._find_all,
    finder.iter_scan,
    finder.scan,
    word_search.placements,
    generator._lines,
    generator._spots,
)


def check_level(prediction: Any) -> Verdict:
    """Exercise 1: the learner's count of LEVEL's placements in ``LEVEL_GRID``, checked without showing it; only a
    right count is told the line that lists them."""
    return check(prediction, level_occurrences(list(LEVEL_GRID)), LEVEL_HINT, then=LEVEL_THEN)


def level_hint() -> str:
    """What a wrong count of LEVEL is told: think of lines and directions (never the number, nor higher or lower)."""
    return LEVEL_HINT


def distinct_hint() -> str:
    """What a wrong count of distinct occurrences is told: count sets of cells, not placements."""
    return DISTINCT_HINT


def level_occurrences(level_grid: list[str]) -> int:
    """LEVEL is found 10 times: it runs along the 4 edges and down one diagonal, and each of these 5 lines reads
    LEVEL both ways.

    A palindrome's two readings cover the same cells, but they are two placements (two directions), and the
    finder reports placements. The other diagonal reads L X V X L, so it adds nothing.
    """
    return len(find_words(level_grid, ["LEVEL"]).found)


def scan_word(grid: list[str], word: str) -> set[tuple[int, int, str]]:
    """Every start cell, every direction: the word is there when each letter k lands inside the grid on word[k].

    Rows are ``len(grid)`` and columns ``len(grid[0])``; on a grid that is not square a swap of the two misses
    words or reads past an edge. The test ``0 <= ...`` matters as much as ``... < height``: a step off the top or
    the left edge gives row or column -1, which Python reads as the last one, so a word may seem to wrap round.
    The first letter is tested like the others. A palindrome is found from both of its ends.
    """
    found = set()
    height, width = len(grid), len(grid[0])
    for r in range(height):
        for c in range(width):
            for name, (dr, dc) in DIRECTIONS.items():
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(0 <= rr < height and 0 <= cc < width and grid[rr][cc] == letter
                       for (rr, cc), letter in zip(cells, word)):  # fmt: skip
                    found.add((r, c, name))
    return found


def asks_placements(candidate: Any) -> bool:
    """True (after saying why) when the learner's function names the library's ``placements``, which lists the
    placements that stay inside the grid: the bounds test that the exercise asks for."""
    if "placements" not in getattr(getattr(candidate, "__code__", None), "co_names", ()):
        return False
    print("✗ Not yet: your function asks the library's placements which placements stay inside the grid; that "
          "test is the exercise: work it out from the start cell, the step and the grid's size.")  # fmt: skip
    return True


def a_set_is_wanted(candidate: Callable[..., Any], case: tuple) -> bool:
    """True when the learner's function, run on ``case``, gives a set (a frozenset too); otherwise False, after
    saying first that a set is wanted, so that a list of the right triples is not told only that it is wrong."""
    where = f"on {_case(case)}"
    ran, got = attempt(candidate, *copy.deepcopy(case), what="the function above", where=f"{where} it",
                       refused=(scan_word, *LIBRARY_SCANS))  # fmt: skip
    if ran and not isinstance(got, (set, frozenset)):
        kind = "None" if got is None else f"a {type(got).__name__}"
        print(f"✗ Not yet: a set is wanted (the set of (row, column, direction) triples); {where} your function "
              f"gives {kind}. Build the set and return it.")  # fmt: skip
    return ran and isinstance(got, (set, frozenset))


def check_scan(candidate: Callable[..., Any], cases: Sequence[tuple]) -> Verdict:
    """check_function on the cases shown and on ``hidden_grids()``, while the library's finders are refused.

    A function that gives something other than a set on the first case is told first that a set is wanted.

    A ``scan_word`` that hands the work to ``find_words``, ``iter_scan``, the finder's inner search, the generator's
    ``_lines`` (every line of a grid as one text) or ``placements`` (which does the bounds arithmetic, the point of
    the exercise) would pass without a loop of its own: while it runs, each of them raises instead, however it is
    reached; one that names ``placements`` is told so before it runs. ``_lines`` keeps the lines it has read for a
    grid's size: they are forgotten first, so that a call cannot be answered from them.
    """
    if not own_work(candidate, scan_word) or asks_placements(candidate):
        return Verdict(False)
    generator._lines.cache_clear()
    if not a_set_is_wanted(candidate, tuple(cases[0])):
        return Verdict(False)
    generator._lines.cache_clear()
    return check_function(candidate, scan_word, cases, hidden=hidden_grids(), hint=SCAN_HINT, refused=LIBRARY_SCANS)


def hidden_grids(seed: int = 1, count: int = 40, shortest: int = 2) -> list[tuple[list[str], str]]:
    """The (grid, word) cases a check tries after the shown ones: the edge cases a scan forgets, then random ones.

    First a word longer than the grid, grids of one row and of one column (a swap of rows and columns shows
    there), words that would seem to wrap round the top or the left edge (a missing ``0 <=``) and a palindrome;
    then ``count`` grids of 1 to 6 rows by 1 to 6 columns of A and B, drawn with ``seed``, each with a word of
    ``shortest`` to 4 letters, most of them read off the grid itself so that they are there.
    """
    cases = [
        (["AB", "BA"], "ABAB"),
        (["ABCDE"], "EDC"),
        (["A", "B", "C", "D"], "BCD"),
        (["AX", "BX", "CX"], "AC"),
        (["ABCA", "XBXX"], "AA"),
        (["ABA", "BAB", "ABA"], "ABA"),
    ]
    rng = random.Random(seed)
    for _ in range(count):
        height, width = rng.randint(1, 6), rng.randint(1, 6)
        grid = ["".join(rng.choice("AB") for _ in range(width)) for _ in range(height)]
        length = rng.randint(shortest, 4)
        dr, dc = rng.choice(list(DIRECTIONS.values()))
        r, c = rng.randrange(height), rng.randrange(width)
        cells = [(r + dr * k, c + dc * k) for k in range(length)]
        if rng.random() < 0.8 and all(0 <= rr < height and 0 <= cc < width for rr, cc in cells):
            word = "".join(grid[rr][cc] for rr, cc in cells)
        else:
            word = "".join(rng.choice("AB") for _ in range(length))
        cases.append((grid, word))
    return cases


def distinct_occurrences(grid: list[str], word: str) -> int:
    """Occurrences with different sets of cells: put each placement's cells in a set of frozensets.

    A frozenset forgets the order of the cells, so a palindrome read east and read west is one entry. A word of
    one letter is found in all eight directions from each of its cells, and still covers one cell each time.
    """
    return len({frozenset(p.cells) for p in find_words(grid, [word]).found})


def check_distinct(candidate: Callable[..., Any], cases: Sequence[tuple]) -> Verdict:
    """Exercise 3: check_function on the cases shown, then on ``hidden_grids(seed=2, shortest=1)`` (one-letter
    words included), against ``distinct_occurrences``; ``find_words`` may do the finding."""
    return check_function(
        candidate, distinct_occurrences, cases, hidden=hidden_grids(seed=2, shortest=1), hint=DISTINCT_HINT
    )


def check_why_one_copy(answer: Any) -> Verdict:
    """Exercise 4: the learner's letter, with the reason a wrong one is wrong."""
    return check_choice(answer, why_one_copy(), "abcd", why=why_one_copy_not())


def why_one_copy() -> str:
    """b: a stray copy is a true reading of the word, so the puzzle would have two answers where its key gives one.

    A puzzle promises one place for each word, and the answer key shows that place. A second copy spelt by fill
    letters reads the word just as well: a solver who marks it has found the word, and the key would say they have
    not. The check looks only for the list's words: any other word the random letters spell stays, and the level
    (the set of directions) is not what it guards.
    """
    return "b"


def why_one_copy_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "Random letters spell words all the time, and the generators leave them: their check looks only for the"
        " words on the list, so looking random is not what it guards.",
        "c": "The finder reports every reading of a word, in every direction asked for, not only the first it"
        " meets: a second copy would be found beside the placed one, not instead of it.",
        "d": "It is not: a generator's answer key (what Reveal shows in the game) marks the placements the generator"
        " chose (Puzzle.placements), without running the finder on the finished grid. Only the picture of a grid"
        " made by hand, as in this notebook, is drawn by the finder.",
    }
