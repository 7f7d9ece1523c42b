"""Finding words in a given letter grid: the classic eight-direction solver.

No exact cover is needed to *solve* a word search: for every word, every start
cell and every direction, read the letters and compare. The finder reports
every occurrence as it is; a palindrome such as ANNA is found twice on the same
cells (once each way), and a word hidden twice is found twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import PuzzleError, read_user_file
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
    """A grid from a text file, one row per line (a byte-order mark and blank lines around it are ignored)."""
    lines = read_user_file(path, what).removeprefix("\ufeff").splitlines()  # a byte-order mark is not a letter
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():  # nor are blank lines above the grid
        lines.pop(0)
    return normalise_grid(lines)


def find_words(grid: Sequence[str], words: Iterable[str], directions: str | Iterable[str] = "all") -> FindResult:
    """Every occurrence of every word in ``grid`` along the given directions."""
    rows = normalise_grid(grid)
    dirs = parse_directions(directions)
    wanted = normalise_words(words, "the words to find")
    found = [p for word in wanted for p in scan(rows, word, dirs)]
    present = {p.word for p in found}
    return FindResult(tuple(found), tuple(w for w in wanted if w not in present))


def scan(rows: Sequence[str], word: str, directions: Sequence[str]) -> list[Placement]:
    """Every placement of ``word`` that reads in ``rows`` (which may hold '.' for empty cells)."""
    height, width = len(rows), len(rows[0])
    last = len(word) - 1
    found = []
    for r in range(height):
        for c in range(width):
            if rows[r][c] != word[0]:
                continue
            for name in directions:
                dr, dc = DIRECTIONS[name]
                if not (0 <= r + dr * last < height and 0 <= c + dc * last < width):
                    continue
                if all(rows[r + dr * k][c + dc * k] == word[k] for k in range(1, len(word))):
                    found.append(Placement(word, r, c, name))
    return found
