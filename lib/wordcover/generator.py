"""Making a word-search puzzle: place every word, fill the rest, keep an answer key.

Three placers produce the same :class:`Puzzle`:

* :func:`quick_puzzle` (the command line's default) places the words longest
  first at random positions and directions drawn one at a time, checking each
  fit on the letters written so far and backtracking a little. It builds no
  exact cover model unless its budget of draws runs out; then it hands the
  words to :func:`make_puzzle`'s search, which either places them or proves
  that they cannot fit together. On a 15 x 15 puzzle of 12 words it is some
  twenty times faster than word-search-generator and several hundred times faster
  than the search on the whole model (``benchmarks/bench_puzzles.py``; the
  figures are in ``benchmarks/README.md``).
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
spells a second copy of a word is drawn again (:func:`quick_puzzle` draws again
only the free cells of the second copy). A word that lies inside another list
word, like CAT in CATS, is allowed its copy inside that word. The check reads
every line of the grid in every direction once, as one string, and finds the
words in it with ``str.find`` (:func:`extra_copies`).

Without a size, :func:`smallest_square_puzzle` tries square grids upwards from
a lower bound until a placer puts every word in one.
"""

from __future__ import annotations

import math
import random
import string
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from operator import itemgetter

from .algorithm_c import AlgorithmC
from .errors import PuzzleError
from .problem import Problem
from .word_search import (
    DIRECTION_SETS,
    DIRECTIONS,
    MAX_NODES,
    Placement,
    WordSearch,
    check_model,
    letter_grid,
    parse_directions,
    placement_count,
)
from .words import LETTERS, a_few, fold, normalise_words

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


@lru_cache(maxsize=32)
def _lines(rows: int, cols: int, directions: tuple[str, ...]) -> tuple[Callable, tuple[int, ...], tuple[str, ...]]:
    """Every line of the grid in every direction, as one text: what to pick, and each position's cell and direction.

    Cell ``r * cols + c`` of the grid is at position ``r * cols + c`` of the
    grid's rows joined; position ``rows * cols`` holds a newline, written after
    each line so that no word reads from one line into the next.
    """
    newline = rows * cols
    cells: list[int] = []
    heading: list[str] = []
    for name in directions:
        dr, dc = DIRECTIONS[name]
        for r in range(rows):
            for c in range(cols):
                if 0 <= r - dr < rows and 0 <= c - dc < cols:
                    continue  # not the first cell of its line
                rr, cc = r, c
                while 0 <= rr < rows and 0 <= cc < cols:
                    cells.append(rr * cols + cc)
                    heading.append(name)
                    rr, cc = rr + dr, cc + dc
                cells.append(newline)
                heading.append(name)
    return itemgetter(*cells), tuple(cells), tuple(heading)


def _stray_readings(
    grid: Sequence[str], placements: Sequence[Placement], directions: Sequence[str]
) -> Iterator[tuple[str, frozenset[int]]]:
    """For each hidden word that reads somewhere else, its first such reading's cells (as ``r * cols + c``)."""
    cols = len(grid[0])
    pick, cell_at, heading = _lines(len(grid), cols, tuple(directions))
    text = "".join(pick("".join(grid) + "\n"))
    own = {p.word: frozenset(r * cols + c for r, c in p.cells) for p in placements}
    home = {p.word: (p.row * cols + p.col, p.direction) for p in placements}  # the reading on its own cells
    for p in placements:
        word = p.word
        at = text.find(word)
        while at >= 0:
            start, name = cell_at[at], heading[at]
            if (start, name) != home[word]:
                dr, dc = DIRECTIONS[name]
                r, c = divmod(start, cols)
                cells = frozenset((r + dr * k) * cols + c + dc * k for k in range(len(word)))
                if cells != own[word] and not any(cells <= own[w] for w in own if w != word):
                    yield word, cells
                    break
            at = text.find(word, at + 1)


def extra_copies(grid: Sequence[str], placements: Sequence[Placement], directions: Sequence[str]) -> list[str]:
    """The words that can be read somewhere other than where they were hidden.

    A reading on the same cells as the hidden word (a palindrome read backwards)
    or wholly inside another hidden word does not count.
    """
    return [word for word, _ in _stray_readings(grid, placements, directions)]


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


def _no_placement(ws: WordSearch, directions: tuple[str, ...], gave_up: bool, node_limit: int) -> PuzzleError:
    """The error when the search finds no placement: it gave up, or it names words that cannot fit together."""
    if gave_up:
        return PuzzleError(
            f"gave up after {node_limit:,} search nodes without placing every word in {ws.rows}x{ws.cols}; "
            "try a larger grid or fewer words"
        )
    culprits = _culprits(ws.rows, ws.cols, ws.words, directions, node_limit)
    return PuzzleError(
        f"the words {a_few(culprits, sep=', ')} cannot all fit together in a {ws.rows}x{ws.cols} grid "
        f"with directions {','.join(directions)}; try a larger grid"
    )


def _no_puzzle(wanted: int | None, free_seen: set[int], attempts: int) -> PuzzleError:
    """The error when every placement tried left the wrong number of free cells or spelled a word twice."""
    if wanted is not None and free_seen:
        counts = sorted(free_seen)
        span = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        return PuzzleError(
            f"the hidden message has {wanted} letters but the {attempts} placements tried left {span} free cells; "
            "change the message or the grid so that they match"
        )
    return PuzzleError(
        f"every one of {attempts} placements and fills spelled a list word twice; "
        "try another seed, a larger grid or another message"
    )


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


def _usable_key(
    rows: int, cols: int, placed: Sequence[Placement], dirs: Sequence[str], wanted: int | None, free_seen: set[int]
) -> tuple[str, ...] | None:
    """The answer key of a placement, or None when the puzzle cannot be finished from it: a hidden message of
    ``wanted`` letters must fill the free cells exactly (the number seen is noted in ``free_seen``), and the words
    themselves must not spell a second copy of one of them."""
    key = letter_grid(rows, cols, placed)
    free = sum(row.count(".") for row in key)
    if wanted is not None and free != wanted:
        free_seen.add(free)
        return None
    return None if extra_copies(key, placed, dirs) else key


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
            raise _no_placement(ws, dirs, gave_up, node_limit)
        placed.sort(key=lambda p: ws.words.index(p.word))
        key = _usable_key(ws.rows, ws.cols, placed, dirs, wanted, free_seen)
        if key is None:
            continue  # take another placement
        done = _finish(key, placed, dirs, rng, message, alphabet, attempts)
        if done is not None:
            grid, draws = done
            stats = {"placements tried": tries, "fill draws": draws, "options": len(ws.placements)}
            return Puzzle(grid, ws.words, tuple(placed), dirs, seed, "exact cover", stats)
    raise _no_puzzle(wanted, free_seen, attempts)


def _spots(length: int, rows: int, cols: int, directions: Sequence[str]) -> tuple[int, list[tuple]]:
    """The placements of a word of this length, without listing them: how many, and a block per direction.

    A block is (how many, direction, step between cells, first row, first
    column, columns): its placement number t starts at row ``first row + t //
    columns``, column ``first column + t % columns``.
    """
    reach = length - 1
    blocks = []
    for name in directions:
        dr, dc = DIRECTIONS[name]
        height, width = rows - abs(dr) * reach, cols - abs(dc) * reach
        if height > 0 and width > 0:
            blocks.append((height * width, name, dr * cols + dc, reach if dr < 0 else 0, reach if dc < 0 else 0, width))
    return sum(block[0] for block in blocks), blocks


def _quick_place(
    rows: int, cols: int, words: Sequence[str], directions: Sequence[str], rng: random.Random, draws: int, per_word: int
) -> tuple[list[Placement] | None, int, int]:
    """Every word at a random placement that fits, longest first: the placements, draws made and backtracks.

    Each word draws placements (uniformly, with repeats) until one fits the
    letters written so far; after ``per_word`` draws that do not, the word
    before it moves. None instead of the placements once ``draws`` run out.
    """
    order = sorted(range(len(words)), key=lambda k: -len(words[k]))  # longest first, list order among equals
    spots = {n: _spots(n, rows, cols, directions) for n in {len(w) for w in words}}
    cells = ["."] * (rows * cols)
    chosen: list[tuple[int, str, list[int]]] = []  # start cell, direction and the cells written, per word placed
    left = [per_word] * len(order)  # draws left to each word before the word before it moves
    draw = rng.random
    made = backtracks = depth = 0
    while depth < len(order):
        if not left[depth]:
            left[depth] = per_word
            depth -= 1
            if depth < 0:
                return None, made, backtracks
            backtracks += 1
            for i in chosen.pop()[2]:
                cells[i] = "."
            continue
        if made >= draws:
            return None, made, backtracks
        made += 1
        left[depth] -= 1
        word = words[order[depth]]
        total, blocks = spots[len(word)]
        t = int(draw() * total)
        for block in blocks:
            if t < block[0]:
                break
            t -= block[0]
        _, name, step, row, col, width = block
        start = (row + t // width) * cols + col + t % width
        at = range(start, start + step * len(word), step) if len(word) > 1 else (start,)
        if any(cells[i] != "." and cells[i] != letter for i, letter in zip(at, word)):
            continue
        written = [i for i in at if cells[i] == "."]
        for i, letter in zip(at, word):
            cells[i] = letter
        chosen.append((start, name, written))
        depth += 1
    placed = [Placement(words[k], *divmod(start, cols), name) for k, (start, name, _) in zip(order, chosen)]
    return sorted(placed, key=lambda p: words.index(p.word)), made, backtracks


def _quick_fill(
    key: tuple[str, ...],
    placements: Sequence[Placement],
    directions: Sequence[str],
    rng: random.Random,
    message: str | None,
    alphabet: str,
    rounds: int,
) -> tuple[tuple[str, ...], int] | None:
    """Fill the free cells: the grid and the rounds of draws, or None when a word still reads twice.

    A round draws letters for the free cells that a second copy of a word
    uses (every free cell in the first round) and looks for second copies again.
    """
    if message is not None:
        grid = _fill(key, _message_letters(message))
        return (grid, 1) if not extra_copies(grid, placements, directions) else None
    cols = len(key[0])
    flat = list("".join(key))
    free = [i for i, letter in enumerate(flat) if letter == "."]
    todo = free
    for done in range(1, rounds + 1):
        for i, letter in zip(todo, rng.choices(alphabet, k=len(todo))):
            flat[i] = letter
        text = "".join(flat)
        grid = tuple(text[r : r + cols] for r in range(0, len(text), cols))
        stray: set[int] = set()
        for _, cells in _stray_readings(grid, placements, directions):
            stray |= cells
        if not stray:
            return grid, done
        todo = sorted(stray.intersection(free))  # each second copy uses a free cell: the key has none
        if not todo:
            return None
    return None


def quick_puzzle(
    rows: int,
    cols: int,
    words: Iterable[str],
    seed: int | None = None,
    difficulty: str | None = None,
    directions: str | Iterable[str] | None = None,
    message: str | None = None,
    alphabet: str = string.ascii_uppercase,
    draws: int = 5_000,
    per_word: int = 50,
    node_limit: int = 200_000,
    attempts: int = 50,
) -> Puzzle:
    """A puzzle with every word hidden, placed at random longest first; the exact cover search when that runs out.

    ``draws`` bounds the random draws of one placement (``per_word`` draws for
    a word before the word before it moves). When they run out the puzzle is
    :func:`make_puzzle`'s for the same arguments and seed: its search places
    the words or raises PuzzleError naming those that cannot fit together.
    ``message`` fills the free cells in reading order instead of random letters.
    """
    dirs = resolve_directions(difficulty, directions)
    rows, cols, word_list, dirs = check_model(rows, cols, words, dirs)
    if message is None and not alphabet:
        raise PuzzleError("the alphabet for the free cells is empty")
    rng = random.Random(seed)
    wanted = len(_message_letters(message)) if message is not None else None
    free_seen: set[int] = set()
    made = backtracks = 0
    for tries in range(1, attempts + 1):
        placed, n, b = _quick_place(rows, cols, word_list, dirs, rng, draws, per_word)
        made, backtracks = made + n, backtracks + b
        if placed is None:
            puzzle = make_puzzle(
                rows, cols, word_list, seed, None, dirs, message, alphabet, node_limit=node_limit, attempts=attempts
            )
            return replace(puzzle, stats={**puzzle.stats, "random draws first": made})
        key = _usable_key(rows, cols, placed, dirs, wanted, free_seen)
        if key is None:
            continue  # take another placement
        done = _quick_fill(key, placed, dirs, rng, message, alphabet, attempts)
        if done is not None:
            grid, rounds = done
            stats = {"placements tried": tries, "draws": made, "backtracks": backtracks, "fill rounds": rounds}
            return Puzzle(grid, word_list, tuple(placed), dirs, seed, "quick", stats)
    raise _no_puzzle(wanted, free_seen, attempts)


def backtracking_puzzle(
    rows: int,
    cols: int,
    words: Iterable[str],
    seed: int | None = None,
    difficulty: str | None = None,
    directions: str | Iterable[str] | None = None,
    message: str | None = None,
    alphabet: str = string.ascii_uppercase,
    max_steps: int | None = 200_000,
    attempts: int = 50,
    trace: Callable[..., None] | None = None,
    tries_left: bool = False,
) -> Puzzle:
    """A puzzle made by the stack-based random placer (the 2015 blog post's method).

    ``stats`` counts the tries, the backtracks and the fill letters drawn; the
    placer gives up (PuzzleError) after ``max_steps`` tries (``None``: no budget,
    it runs until every word is placed or its stack empties) or when its stack
    empties, which it can only do after trying everything. ``trace``, if given,
    hears each step: ("place", placement), ("stuck", word) when a word's tries
    run out, ("remove", placement) when a placed word is taken back. With
    ``tries_left`` it hears a third argument too, the tries left in each frame
    after the step, bottom first (a stuck word's frame still counted, with 0).
    """
    dirs = resolve_directions(difficulty, directions)
    word_list = normalise_words(words)
    check_model(rows, cols, word_list, dirs)  # the same checks of size and words as the exact cover model
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

    def tell(kind: str, what: Placement | str, stuck: bool = False, pushing: bool = False) -> None:
        if trace and tries_left:
            left = [len(f["tries"]) for f in stack] + [0] * stuck + [len(positions) * len(dirs)] * pushing
            trace(kind, what, left)
        elif trace:
            trace(kind, what)

    while True:
        if not stack:
            raise PuzzleError(f"the backtracking placer tried everything: the words do not fit in {rows}x{cols}")
        top = stack[-1]
        word = word_list[top["word"]]
        if not top["tries"]:
            stack.pop()  # no try of this word is left: move the previous one
            backtracks += 1
            tell("stuck", word, stuck=True)
            if placed:
                removed = placed.pop()
                for cell in written.pop():
                    del cells[cell]
                tell("remove", removed)
            continue
        if max_steps is not None and steps >= max_steps:
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
        tell("place", p, pushing=len(placed) < len(word_list))
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
            tell("remove", p)
            continue
        stack.append(frame(len(placed)))


def smallest_square_puzzle(
    words: Iterable[str],
    maker: Callable[..., Puzzle] = quick_puzzle,
    seed: int | None = None,
    difficulty: str | None = None,
    directions: str | Iterable[str] | None = None,
    message: str | None = None,
) -> tuple[Puzzle, int]:
    """``maker``'s puzzle in the smallest square grid, tried upwards, that holds every word; and the first side."""
    options = {"seed": seed, "difficulty": difficulty, "directions": directions, "message": message}
    checked = normalise_words(words)  # a bad word is refused before any size is tried
    dirs = resolve_directions(difficulty, directions)
    longest, letters = max(map(len, checked)), sum(map(len, checked))
    first = max(longest, math.isqrt(letters - 1) + 1)
    # every word has a line of its own, whatever the direction, from this side up
    last = max(first, longest + (len(checked) + 1) // 2, len(checked))
    if message is not None:  # the free cells, side * side less the letters written, must be the message's
        wanted = sum(ch in LETTERS for ch in fold(message))
        first = max(first, math.isqrt(wanted + longest - 1) + 1)
        last = math.isqrt(wanted + letters)
        if first > last:
            raise PuzzleError(
                f"no square grid leaves exactly the message's {wanted} letters free around these words: give --size"
            )
    why = ""
    for side in range(first, last + 1):
        nodes = sum(placement_count(len(w), side, side, dirs) * (len(w) + 1) for w in checked)
        if nodes > MAX_NODES:  # and more in every larger grid
            why = f"{side}x{side} would make a model of {nodes:,} nodes, more than the {MAX_NODES:,} this tool builds"
            break
        try:
            return maker(side, side, checked, **options), first
        except PuzzleError as err:
            why = f"at {side}x{side}: {err}"
    raise PuzzleError(f"no square grid tried from {first}x{first} held every word ({why}); give --size or fewer words")
