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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from .puzzle_file import read_puzzle
from .word_search import DIRECTIONS, Placement, parse_directions
from .words import fold, normalise_grid, normalise_words  # normalise_grid: importable from here too


@dataclass(frozen=True)
class FindResult:
    """Every occurrence found, in word-list order, and the words not found."""

    found: tuple[Placement, ...]
    missing: tuple[str, ...]

    def occurrences(self, word: str) -> list[Placement]:
        """The occurrences of one word."""
        return [p for p in self.found if p.word == fold(word)]


def read_grid(path: str, what: str = "grid file") -> tuple[str, ...]:
    """The grid of a puzzle file (text or JSON, see :mod:`wordcover.puzzle_file`); any word list in it is ignored."""
    return read_puzzle(path, what).grid


def find_words(grid: Sequence[str], words: Iterable[str], directions: str | Iterable[str] = "all") -> FindResult:
    """Every occurrence of every word in ``grid`` along the given directions."""
    rows = normalise_grid(grid)
    wanted = normalise_words(words, "the words to find")
    found = tuple(find_iter(rows, wanted, directions))
    present = {p.word for p in found}
    return FindResult(found, tuple(w for w in wanted if w not in present))


def find_iter(
    grid: Sequence[str],
    words: Iterable[str],
    directions: str | Iterable[str] = "all",
    progress: Callable[[int], object] | None = None,
) -> Iterator[Placement]:
    """The occurrences of ``find_words``, in its order (word by word), yielded as the scan meets them.

    The grid, the words and the directions are checked at the call, before the first occurrence is asked for.
    ``progress(n)`` hears the number of words searched so far, after each word.
    """
    rows = normalise_grid(grid)
    dirs = parse_directions(directions)
    wanted = normalise_words(words, "the words to find")
    return _find_all(rows, wanted, dirs, progress)


def _find_all(
    rows: Sequence[str],
    words: Sequence[str],
    directions: Sequence[str],
    progress: Callable[[int], object] | None = None,
) -> Iterator[Placement]:
    """Each word's placements in :func:`iter_scan`'s order, read from the grid's lines laid out once for all words.

    The grid is read along its four axes into four strings, each line after a newline; a word reads forward in a
    direction where ``str.find`` meets it, and backward where it meets the word reversed. The four strings are read
    once and serve every word.
    """
    order = {name: k for k, name in enumerate(directions)}
    axes = [axis for axis in _axes(rows) if axis[3] in order or axis[4] in order]
    for done, word in enumerate(words, 1):
        found = []
        last = len(word) - 1
        for text, cell, _, forward, backward in axes:
            for target, name, shift in ((word, forward, 0), (word[::-1], backward, last)):
                if name not in order:
                    continue
                at = text.find(target)
                while at >= 0:
                    r, c = cell(at + shift)  # reading backward, the word starts at the far end of the match
                    found.append((r, c, order[name], name))
                    at = text.find(target, at + 1)
        for r, c, _, name in sorted(found):
            yield Placement(word, r, c, name)
        if progress:
            progress(done)


def _axes(rows: Sequence[str]) -> list[tuple[str, Callable[[int], tuple[int, int]], tuple[int, int], str, str]]:
    """The grid's lines along each axis as one string: (text, offset -> cell, step, forward name, backward name).

    Every line of an axis is as long as the grid is high (or wide, for the rows): the diagonals are the columns of
    the grid with each row shifted by its number, the shift padded with newlines, so a cell is found by arithmetic.
    """
    height, width = len(rows), len(rows[0])
    pad = "\n"
    down_right = ["".join(col) for col in zip(*(pad * (height - 1 - r) + row + pad * r for r, row in enumerate(rows)))]
    down_left = ["".join(col) for col in zip(*(pad * r + row + pad * (height - 1 - r) for r, row in enumerate(rows)))]
    tall = height + 1  # a column and its newline

    def along_rows(at: int) -> tuple[int, int]:
        return divmod(at, width + 1)

    def along_cols(at: int) -> tuple[int, int]:
        c, r = divmod(at, tall)
        return r, c

    def along_se(at: int) -> tuple[int, int]:
        j, r = divmod(at, tall)
        return r, j - (height - 1) + r

    def along_sw(at: int) -> tuple[int, int]:
        j, r = divmod(at, tall)
        return r, j - r

    return [
        (pad.join(rows), along_rows, (0, 1), "E", "W"),
        (pad.join("".join(col) for col in zip(*rows)), along_cols, (1, 0), "S", "N"),
        (pad.join(down_right), along_se, (1, 1), "SE", "NW"),
        (pad.join(down_left), along_sw, (1, -1), "SW", "NE"),
    ]


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
