"""Making a word-search puzzle: place every word, fill the rest, keep an answer key.

Two placers produce the same :class:`Puzzle`:

* :func:`make_puzzle` runs Algorithm C on the word-search model with its options
  shuffled by a seeded random generator, so the first solution it meets is a
  random placement of every word. If there is none it says which words cannot
  fit together.
* :func:`backtracking_puzzle` is the simple stack-based placer of the well-known
  2015 blog post: each word tries shuffled positions x shuffled directions and,
  when it fits nowhere, the previous word moves. It has no view of the whole
  problem, so it may wander for a long time and cannot prove that no placement
  exists; its statistics show how much it backtracks.

After the fill every list word appears exactly once in the grid: a fill that
spells a second copy of a word is drawn again. (A word that lies inside another
list word, like CAT in CATS, is allowed its copy inside that word.)
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .algorithm_c import AlgorithmC
from .errors import PuzzleError
from .finder import scan
from .problem import Problem
from .word_search import DIRECTION_SETS, DIRECTIONS, Placement, WordSearch, letter_grid, parse_directions
from .words import LETTERS, fold, normalise_words

DIFFICULTY: dict[str, tuple[str, ...]] = {
    "easy": ("E", "S"),
    "medium": DIRECTION_SETS["forward"],  # E, S and the two diagonals that read left to right
    "hard": DIRECTION_SETS["all"],  # all eight, backwards included
}


@dataclass(frozen=True)
class Puzzle:
    """A finished word search: the letter grid, the words and where each one is hidden."""

    grid: tuple[str, ...]
    words: tuple[str, ...]
    placements: tuple[Placement, ...]  # one per word, in word-list order
    directions: tuple[str, ...]
    seed: int | None
    method: str
    stats: dict = field(default_factory=dict, compare=False)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def key_grid(self) -> tuple[str, ...]:
        """The answer key as text: the hidden words' letters, '.' elsewhere."""
        return letter_grid(self.rows, self.cols, self.placements)

    def text(self, key: bool = False) -> str:
        """The puzzle as text, one row per line, letters only (with ``key``, the answer key, '.' elsewhere)."""
        return "\n".join(self.key_grid() if key else self.grid) + "\n"

    def free_cells(self) -> int:
        """How many cells no word uses."""
        return sum(row.count(".") for row in self.key_grid())


def resolve_directions(difficulty: str | None = None, directions: str | Iterable[str] | None = None) -> tuple[str, ...]:
    """Directions from a difficulty preset (easy, medium, hard) or an explicit list; medium by default."""
    if difficulty is not None and directions is not None:
        raise PuzzleError("give a difficulty or a list of directions, not both")
    if directions is not None:
        return parse_directions(directions)
    key = (difficulty or "medium").lower()
    if key not in DIFFICULTY:
        raise PuzzleError(f"unknown difficulty {difficulty!r}; choose easy, medium or hard")
    return DIFFICULTY[key]


def extra_copies(grid: Sequence[str], placements: Sequence[Placement], directions: Sequence[str]) -> list[str]:
    """The words that can be read somewhere other than where they were hidden.

    A reading on the same cells as the hidden word (a palindrome read backwards)
    or wholly inside another hidden word does not count.
    """
    own = {p.word: frozenset(p.cells) for p in placements}
    extra = []
    for p in placements:
        for q in scan(grid, p.word, directions):
            cells = frozenset(q.cells)
            if cells == own[p.word] or any(cells <= own[w] for w in own if w != p.word):
                continue
            extra.append(p.word)
            break
    return extra


def _message_letters(message: str) -> str:
    letters = "".join(ch for ch in fold(message) if ch in LETTERS)
    if not letters:
        raise PuzzleError(f"the hidden message {message!r} has no letters")
    return letters


def _fill(key: Sequence[str], letters: Iterable[str]) -> tuple[str, ...]:
    """Write ``letters`` into the free cells of ``key``, left to right, top to bottom."""
    supply = iter(letters)
    return tuple("".join(ch if ch != "." else next(supply) for ch in row) for row in key)


def _finish(
    key: tuple[str, ...],
    placements: Sequence[Placement],
    directions: Sequence[str],
    rng: random.Random,
    message: str | None,
    alphabet: str,
    attempts: int,
) -> tuple[tuple[str, ...], int] | None:
    """Fill the free cells; the grid and the number of draws, or None when every draw spells a word twice."""
    free = sum(row.count(".") for row in key)
    if message is not None:
        letters = _message_letters(message)
        if len(letters) != free:
            raise PuzzleError(
                f"the hidden message has {len(letters)} letters but the puzzle has {free} free cells; "
                "the message must fill them exactly"
            )
        grid = _fill(key, letters)
        return (grid, 1) if not extra_copies(grid, placements, directions) else None
    for draw in range(1, attempts + 1):
        grid = _fill(key, (rng.choice(alphabet) for _ in range(free)))
        if not extra_copies(grid, placements, directions):
            return grid, draw
    return None


def _shuffled_model(ws: WordSearch, rng: random.Random) -> tuple[Problem, list[Placement]]:
    order = list(range(len(ws.placements)))
    rng.shuffle(order)
    placements = [ws.placements[k] for k in order]
    options = [ws.problem.options[k] for k in order]
    return Problem(ws.problem.primary, ws.problem.secondary, options, labels=placements), placements


def _first_placement(ws: WordSearch, rng: random.Random, node_limit: int) -> tuple[list[Placement] | None, bool]:
    """A random placement of every word, and whether the search gave up."""
    problem, placements = _shuffled_model(ws, rng)
    engine = AlgorithmC(problem)
    solution = next(engine.solutions(limit=1, node_limit=node_limit), None)
    if solution is None:
        return None, engine.stats.gave_up
    return [placements[k] for k in solution], False


def _culprits(rows: int, cols: int, words: Sequence[str], directions, node_limit: int) -> list[str]:
    """A small set of words that cannot be placed together (first failing prefix, then shrunk)."""
    rng = random.Random(0)

    def fits(subset):
        found, gave_up = _first_placement(WordSearch(rows, cols, subset, directions), rng, node_limit)
        return found is not None or gave_up  # when unsure, treat the subset as fitting

    prefix = list(words)
    for k in range(1, len(words) + 1):
        if not fits(words[:k]):
            prefix = list(words[:k])
            break
    core = list(prefix)
    for w in prefix[:-1]:
        trial = [x for x in core if x != w]
        if trial and not fits(trial):
            core = trial
    return core


def make_puzzle(
    rows: int,
    cols: int,
    words: Iterable[str],
    seed: int | None = None,
    difficulty: str | None = None,
    directions: str | Iterable[str] | None = None,
    message: str | None = None,
    alphabet: str = string.ascii_uppercase,
    node_limit: int = 200_000,
    attempts: int = 50,
) -> Puzzle:
    """A puzzle with every word hidden, by a seeded random Algorithm C search.

    ``message`` fills the free cells in reading order instead of random letters.
    Raises PuzzleError naming the words that cannot fit together.
    """
    dirs = resolve_directions(difficulty, directions)
    ws = WordSearch(rows, cols, words, dirs)
    rng = random.Random(seed)
    wanted = len(_message_letters(message)) if message is not None else None
    free_seen: set[int] = set()
    for tries in range(1, attempts + 1):
        placed, gave_up = _first_placement(ws, rng, node_limit)
        if placed is None:
            if gave_up:
                raise PuzzleError(
                    f"gave up after {node_limit:,} search nodes without placing every word in {ws.rows}x{ws.cols}; "
                    "try a larger grid or fewer words"
                )
            culprits = _culprits(ws.rows, ws.cols, ws.words, dirs, node_limit)
            raise PuzzleError(
                f"the words {', '.join(culprits)} cannot all fit together in a {ws.rows}x{ws.cols} grid "
                f"with directions {','.join(dirs)}; try a larger grid"
            )
        placed.sort(key=lambda p: ws.words.index(p.word))
        key = letter_grid(ws.rows, ws.cols, placed)
        free = sum(row.count(".") for row in key)
        if wanted is not None and free != wanted:
            free_seen.add(free)  # the message must fill the free cells exactly: try another placement
            continue
        if extra_copies(key, placed, dirs):
            continue  # the words themselves spell a second copy: take another placement
        done = _finish(key, placed, dirs, rng, message, alphabet, attempts)
        if done is not None:
            grid, draws = done
            stats = {"placements tried": tries, "fill draws": draws, "options": len(ws.placements)}
            return Puzzle(grid, ws.words, tuple(placed), dirs, seed, "exact cover", stats)
    if wanted is not None and free_seen:
        counts = sorted(free_seen)
        span = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        raise PuzzleError(
            f"the hidden message has {wanted} letters but the {attempts} placements tried left {span} free cells; "
            "change the message or the grid so that they match"
        )
    raise PuzzleError(
        f"every one of {attempts} placements and fills spelled a list word twice; "
        "try another seed, a larger grid or another message"
    )


def backtracking_puzzle(
    rows: int,
    cols: int,
    words: Iterable[str],
    seed: int | None = None,
    difficulty: str | None = None,
    directions: str | Iterable[str] | None = None,
    message: str | None = None,
    alphabet: str = string.ascii_uppercase,
    max_steps: int = 200_000,
    attempts: int = 50,
    trace: Callable[[str, Placement | str], None] | None = None,
) -> Puzzle:
    """A puzzle made by the stack-based random placer (the 2015 blog post's method).

    ``stats`` counts the tries, the placements made and the backtracks; the
    placer gives up (PuzzleError) after ``max_steps`` tries or when its stack
    empties, which it can only do after trying everything. ``trace``, if given,
    hears each step: ("place", placement), ("stuck", word) when a word's tries
    run out, ("remove", placement) when a placed word is taken back.
    """
    dirs = resolve_directions(difficulty, directions)
    word_list = normalise_words(words)
    WordSearch(rows, cols, word_list, dirs)  # the same checks of size and words as the exact cover model
    rng = random.Random(seed)
    positions = [(r, c) for r in range(rows) for c in range(cols)]

    def fits(cells: dict, word: str, r: int, c: int, d: str) -> bool:
        dr, dc = DIRECTIONS[d]
        for k, letter in enumerate(word):
            rr, cc = r + dr * k, c + dc * k
            if not (0 <= rr < rows and 0 <= cc < cols) or cells.get((rr, cc), letter) != letter:
                return False
        return True

    def frame(index: int) -> dict:
        return {
            "word": index,
            "tries": [(pos, d) for pos in rng.sample(positions, len(positions)) for d in rng.sample(dirs, len(dirs))],
        }

    cells: dict[tuple[int, int], str] = {}
    stack = [frame(0)]
    placed: list[Placement] = []
    written: list[list[tuple[int, int]]] = []  # the cells each placed word wrote, to undo on backtrack
    steps = backtracks = 0
    while True:
        if not stack:
            raise PuzzleError(f"the backtracking placer tried everything: the words do not fit in {rows}x{cols}")
        top = stack[-1]
        word = word_list[top["word"]]
        if not top["tries"]:
            stack.pop()  # this word fits nowhere: move the previous one
            backtracks += 1
            if trace:
                trace("stuck", word)
            if placed:
                removed = placed.pop()
                for cell in written.pop():
                    del cells[cell]
                if trace:
                    trace("remove", removed)
            continue
        if steps >= max_steps:
            raise PuzzleError(
                f"the backtracking placer gave up after {max_steps:,} tries ({backtracks:,} backtracks) "
                f"with {len(placed)} of {len(word_list)} words placed"
            )
        steps += 1
        (r, c), d = top["tries"].pop()
        if not fits(cells, word, r, c, d):
            continue
        p = Placement(word, r, c, d)
        new = [cell for cell in p.cells if cell not in cells]
        for cell, letter in zip(p.cells, word):
            cells[cell] = letter
        placed.append(p)
        written.append(new)
        if trace:
            trace("place", p)
        if len(placed) == len(word_list):
            key = letter_grid(rows, cols, placed)
            done = (
                None
                if extra_copies(key, placed, dirs)
                else _finish(key, placed, dirs, rng, message, alphabet, attempts)
            )
            if done is not None:
                grid, draws = done
                stats = {"tries": steps, "backtracks": backtracks, "fill draws": draws}
                return Puzzle(grid, word_list, tuple(placed), dirs, seed, "backtracking", stats)
            placed.pop()  # a second copy would show: undo the last word and go on searching
            for cell in written.pop():
                del cells[cell]
            if trace:
                trace("remove", p)
            continue
        stack.append(frame(len(placed)))
