"""Notebook 2, making a puzzle by backtracking: the solutions."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

from wordcover import generator, word_search
from wordcover.word_search import DIRECTIONS

from . import (
    NOT_YET,
    Verdict,
    _case,
    _short,
    _unanswered,
    answers_refused,
    attempt,
    check,
    check_function,
    own_work,
)
from .find_words import asks_placements

STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))  # the eight directions
ON_GRID_HINT = (
    "Take one direction at a time and ask from which start cells the last letter still lands inside the grid; "
    "do all eight directions give the same number?"
)
FITS_HINT = (
    "Follow your loop by hand on that case: which letters does it test, the first one too, and is each row "
    "compared with the number of rows and each column with the number of columns, at both ends?"
)


ON_GRID_THEN = (
    'Now count the six words\' grid with the library, `len(placements("MAZES", 7, 7, DIFFICULTY["hard"]))`, and '
    "compare it with `mazes_on_grid(7)`."
)
ON_GRID_SIZES = (7, 5, 6, 8, 9, 13, 3000)  # the six words' grid first, as the exercise says; then unseen
TOO_BIG_TO_LOOP = (
    "A loop over the cells cannot finish on a grid of that size: the number has to come from reasoning about where "
    "a five-letter word can start, not from trying the cells one by one."
)
ENDLESS_LOOP = (
    "A loop over the cells of a grid that small finishes at once, so a loop of yours never ends, or is far slower "
    "than one pass over the cells: does each loop move on every time round, and stop?"
)
BIG_GRID = 1000  # the sizes tried from here on (3,000) are too big for a loop over their cells within the budget
LOOK_ONLY_HINT = (
    "fits is asked about every try, the ones that fail too, and the placer writes a word only once it fits: "
    "which line of yours writes into cells, and how can it read a cell without writing?"
)


def check_on_grid(candidate: Any) -> Verdict:
    """Exercise 1: the learner's formula for MAZES's tries that stay on an n x n grid, all eight directions.

    It is tried on n = 7, the six words' grid, then on sizes the learner does not see, up to 3,000 rows: a loop
    over its 9 million cells and 8 directions cannot finish within the budget (a loop over the rows alone can),
    and the library's ``placements`` (which the notebook's placer asks) raises instead while the learner's function
    runs. So the line that counts the 7 x 7 case with the library, said only after a right answer, cannot stand
    in for the reasoning.
    """
    if _unanswered(candidate):
        print(NOT_YET)
        return Verdict(False)
    if not callable(candidate):
        print(f"✗ A function of n is wanted here, not {_short(candidate)}: it must work for every n, 7 too.")
        return Verdict(False)
    if not own_work(candidate, mazes_on_grid, on_grid_tries):
        return Verdict(False)
    refused = (mazes_on_grid, on_grid_tries, word_search.placements, word_search.placement_count, generator._spots)
    for n in ON_GRID_SIZES:
        where = "for n = 7 it" if n == 7 else f"on a further size, n = {n:,}, it"
        loops = TOO_BIG_TO_LOOP if n >= BIG_GRID else ENDLESS_LOOP
        ran, got = attempt(candidate, n, what="the function above", where=where, loops=loops, refused=refused)
        if not ran:
            return Verdict(False)
        if isinstance(got, bool) or got != mazes_on_grid(n):
            print(f"✗ Not yet: {where} gives {_short(got)}, which is not right. {ON_GRID_HINT}")
            return Verdict(False)
    print(f"✓ Right for n = 7 and {len(ON_GRID_SIZES) - 1} sizes not shown. {ON_GRID_THEN}")
    return Verdict(True)


def mazes_on_grid(n: int) -> int:
    """MAZES's tries that keep it on an n x n grid (n >= 5), all eight directions: 4 n (n - 4) + 4 (n - 4)^2.

    Along a row, east or west, a five-letter word can start in n - 5 + 1 = n - 4 columns of each of the n rows:
    n (n - 4) tries each way; down or up a column as many. On a diagonal both its row and its column must leave
    room: (n - 4)^2 start cells for each of the four diagonal directions. For the six words' grid, n = 7:
    4 x 21 + 4 x 9 = 120 of the 49 x 8 = 392 tries stay on the grid; the placer spends a try on the other 272 too.
    """
    return 4 * n * (n - 4) + 4 * (n - 4) ** 2


def on_grid_hint() -> str:
    """What a wrong number of tries on the grid is told: direction by direction, where may the word start."""
    return ON_GRID_HINT


def fits_hint() -> str:
    """What a wrong ``fits`` is told: follow the loop by hand, first letter and both ends of both bounds."""
    return FITS_HINT


def on_grid_tries(word: str, rows: int, cols: int, directions: Sequence[str]) -> int:
    """The placer's tries (a start cell and a direction each) that keep the whole word inside the grid, counted
    one by one (``mazes_on_grid`` gives MAZES's count by reasoning, for any n x n grid)."""
    return sum(
        0 <= r + dr * (len(word) - 1) < rows and 0 <= c + dc * (len(word) - 1) < cols
        for r in range(rows)
        for c in range(cols)
        for dr, dc in (DIRECTIONS[name] for name in directions)
    )


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


def check_fits(candidate: Callable[..., Any], cases: Sequence[tuple]) -> Verdict:
    """check_function on the cases shown and on ``hidden_fits_cases()``, after a first pass that ``fits`` only looks.

    The placer asks ``fits`` about every try, the failing ones too, and writes a word only once it fits: a ``fits``
    that writes into ``cells`` (``cells.setdefault``, say) would leave letters of failed tries in the grid. So each
    case first runs on a copy of its arguments, and ``cells`` afterwards must equal ``cells`` before. ``placements``
    lists the placements that stay inside the grid (the notebook's placer asks it): a ``fits`` that asks it would
    hand the bounds, the point of the exercise, to the library. One that names it is told so before it runs; while
    the learner's code runs, it raises instead, however it is reached.
    """
    if not own_work(candidate, fits) or asks_placements(candidate):
        return Verdict(False)
    shown, secret = list(cases), hidden_fits_cases()
    with answers_refused(word_search.placements, generator._spots):
        for k, args in enumerate(shown + secret):
            where = f"on {_case(args)}" if k < len(shown) else f"on a further case, {_case(args)},"
            mine = copy.deepcopy(args)
            ran, _ = attempt(candidate, *mine, what="the function above", where=f"{where} it", refused=(fits,))
            if not ran:
                return Verdict(False)
            if mine[0] != args[0]:
                print(f"✗ Not yet: {where} it changed `cells`, to {_short(mine[0])}. {LOOK_ONLY_HINT}")
                return Verdict(False)
        return check_function(candidate, fits, shown, hidden=secret, hint=FITS_HINT)


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


STUCK_CASE = (2, 2, ("AB", "CD", "EF"), ("E", "S", "SE", "NE"))  # exercise 3: the 2 x 2 case at the medium level
TRIES_HINT = (
    "Count frames rather than words: which frames does the placer ever push, and how many tries has a frame had "
    "taken off it by the time it is popped? Two words clash only on a cell they share."
)
TRIES_THEN = (
    "Every frame is emptied before it is popped, whatever order its tries come in, so every seed makes the same "
    "tries. To watch it, add a counter to `place_words` where a try is taken off a frame."
)


def tries_to_fail(
    rows: int = 2, cols: int = 2, words: Sequence[str] = STUCK_CASE[2], directions: Sequence[str] = STUCK_CASE[3]
) -> int:
    """208: the placer empties 13 frames of 16 tries each before its stack is empty, whatever the seed.

    A frame holds every start cell with every direction: 4 cells x 4 directions = 16 tries, the ones that run off
    the grid included, and it is popped only when all 16 have been taken off it. A two-letter word stays on the
    grid on 6 lines: two rows, two columns and two diagonals, (0,0)-(1,1) read SE and (1,0)-(0,1) read NE. The
    three words have no letter in common, so two of them fit together only on lines with no cell in common, and
    each line has exactly one such partner: the other row, the other column, the other diagonal (the diagonals
    cross between the cells, not in one). So AB's frame, the first; a frame for CD each time AB fits, 6; with AB
    and CD on a disjoint pair, every line left shares a cell with one of them, so EF fits nowhere: a frame for EF
    under each of the 6, and no more. 1 + 6 + 6 = 13 frames, 13 x 16 = 208 tries. AB is taken back 6 times, each
    time only after CD's frame and the EF frame above it were emptied: a backtrack moves the word placed last, and
    an earlier word moves only when every try of the later ones has failed. The count is worked out here frame by
    frame, as the reasoning goes, for any case that cannot be finished.
    """
    per_frame = rows * cols * len(directions)

    def frames(cells: dict, k: int) -> int:  # the frame of word k, and every frame pushed above it
        pushed = 1
        for p in word_search.placements(words[k], rows, cols, directions):
            if all(cells.get(cell, letter) == letter for cell, letter in zip(p.cells, p.word)):
                if k + 1 == len(words):
                    raise ValueError("every word fits: the placer would finish, not empty its stack")
                pushed += frames({**cells, **dict(zip(p.cells, p.word))}, k + 1)
        return pushed

    return per_frame * frames({}, 0)


def check_tries_to_fail(answer: Any) -> Verdict:
    """Exercise 3: the learner's count of the tries ``place_words`` makes on the 2 x 2 medium case before it gives
    up."""
    return check(answer, tries_to_fail(), TRIES_HINT, then=TRIES_THEN)
