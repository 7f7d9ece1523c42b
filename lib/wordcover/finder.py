"""Finding words in a given letter grid: the classic eight-direction solver.

No exact cover is needed to *solve* a word search: for every word, every start
cell and every direction, read the letters and compare. The finder reports
every occurrence as it is; a palindrome such as ANNA is found twice on the same
cells (once each way), and a word hidden twice is found twice.

:func:`find_words` gathers every occurrence into a :class:`FindResult`;
:func:`find_iter` yields them one at a time as the scan meets them, in the same
order, so a huge grid with millions of occurrences needs memory for the grid
only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .errors import PuzzleError
from .word_search import DIRECTIONS, Placement, parse_directions
from .words import LETTERS, fold, normalise_words


@dataclass(frozen=True)
class FindResult:
    """Every occurrence found, in word-list order, and the words not found."""

    found: tuple[Placement, ...]
    missing: tuple[str, ...]

    def occurrences(self, word: str) -> list[Placement]:
        """The occurrences of one word."""
        return [p for p in self.found if p.word == fold(word)]


def normalise_grid(rows: Iterable[str]) -> tuple[str, ...]:
    """Upper-case the rows of a letter grid, refusing ragged, empty or non-letter grids."""
    if isinstance(rows, str):
        rows = rows.split()  # "ABC DEF" or one row per line
    if not isinstance(rows, Iterable):
        raise PuzzleError(f"a grid must be a list of rows of letters (or one string of them), not {rows!r:.40}")
    grid = [fold(str(row)) for row in rows]
    while grid and not grid[-1]:
        grid.pop()
    if not grid:
        raise PuzzleError("the grid is empty")
    width = len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != width:
            raise PuzzleError(f"row {r} has {len(row)} letters but row 0 has {width}: the grid is ragged")
        for c, ch in enumerate(row):
            if ch not in LETTERS:
                raise PuzzleError(f"row {r}, column {c} holds {ch!r}; a grid is letters A-Z only")
    return tuple(grid)


def read_grid(path: str, what: str = "grid file") -> tuple[str, ...]:
    """The grid of a puzzle file (text or JSON, see :mod:`wordcover.puzzle_file`); any word list in it is ignored."""
    from .puzzle_file import read_puzzle  # the file format reads grids with normalise_grid, above

    return read_puzzle(path, what).grid


def find_words(grid: Sequence[str], words: Iterable[str], directions: str | Iterable[str] = "all") -> FindResult:
    """Every occurrence of every word in ``grid`` along the given directions."""
    rows = normalise_grid(grid)
    wanted = normalise_words(words, "the words to find")
    found = tuple(find_iter(rows, wanted, directions))
    present = {p.word for p in found}
    return FindResult(found, tuple(w for w in wanted if w not in present))


def find_iter(
    grid: Sequence[str], words: Iterable[str], directions: str | Iterable[str] = "all"
) -> Iterator[Placement]:
    """The occurrences of ``find_words``, in its order (word by word), yielded as the scan meets them.

    The grid, the words and the directions are checked at the call, before the first occurrence is asked for.
    """
    rows = normalise_grid(grid)
    dirs = parse_directions(directions)
    wanted = normalise_words(words, "the words to find")
    return (p for word in wanted for p in iter_scan(rows, word, dirs))


def scan(rows: Sequence[str], word: str, directions: Sequence[str]) -> list[Placement]:
    """Every placement of ``word`` that reads in ``rows`` (which may hold '.' for empty cells)."""
    return list(iter_scan(rows, word, directions))


def iter_scan(rows: Sequence[str], word: str, directions: Sequence[str]) -> Iterator[Placement]:
    """The placements of :func:`scan` one at a time: row by row, column by column, then direction by direction."""
    height, width = len(rows), len(rows[0])
    last = len(word) - 1
    steps = [(name, *DIRECTIONS[name]) for name in directions]
    rest = range(1, len(word))
    for r, line in enumerate(rows):
        c = line.find(word[0])  # str.find skips the cells that cannot start the word at C speed
        while c >= 0:
            for name, dr, dc in steps:
                if not (0 <= r + dr * last < height and 0 <= c + dc * last < width):
                    continue
                if all(rows[r + dr * k][c + dc * k] == word[k] for k in rest):
                    yield Placement(word, r, c, name)
            c = line.find(word[0], c + 1)
