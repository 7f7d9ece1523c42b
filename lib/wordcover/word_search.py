"""Word-search construction as exact cover with colours.

Each word is a primary item (placed exactly once); each cell of the grid is a
secondary item whose colour is the letter written in it (a cell may be crossed
by many words, always with one letter); each placement of a word that fits in
the grid is an option. The options are generated word by word in the order the
words are given, then direction by direction in the order of the direction
list, then by starting row and column; the naive engine's (wrong) count depends
on that order, the correct engines' counts do not.

Words are read case-insensitively and stored in upper case. A word may appear
only once in the list: a repeated word would be two primary items with the same
name, and every solution would be counted twice (once per way of swapping the
copies). A palindrome, or any word that reads the same along two placements,
still counts each placement as its own option, so "ABA" placed east from
(0,0) and west from (0,2) are two solutions with the same grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .engines import Engine, make_engine
from .errors import PuzzleError
from .problem import Problem
from .words import normalise_words

# (row step, column step) for each compass direction; rows grow downwards.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1),
    "W": (0, -1),
    "S": (1, 0),
    "N": (-1, 0),
    "SE": (1, 1),
    "SW": (1, -1),
    "NE": (-1, 1),
    "NW": (-1, -1),
}

DIRECTION_SETS: dict[str, tuple[str, ...]] = {
    "all": ("E", "W", "S", "N", "SE", "SW", "NE", "NW"),
    "orthogonal": ("E", "W", "S", "N"),
    "forward": ("E", "S", "SE", "NE"),  # every word reads left to right or top to bottom
}


def parse_directions(spec: str | Iterable[str]) -> tuple[str, ...]:
    """A named set (all, orthogonal, forward) or a list such as "E,S" or ["E", "S"]."""
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in DIRECTION_SETS:
            return DIRECTION_SETS[key]
        names = [s.strip() for s in spec.split(",")]
    else:
        names = list(spec)
    result: list[str] = []
    for name in names:
        upper = str(name).strip().upper()
        if upper not in DIRECTIONS:
            raise PuzzleError(
                f"unknown direction {name!r}; use {', '.join(DIRECTION_SETS)} or a list of {', '.join(DIRECTIONS)}"
            )
        if upper in result:
            raise PuzzleError(f"direction {upper} is given twice")
        result.append(upper)
    if not result:
        raise PuzzleError("no directions given")
    return tuple(result)


def parse_size(spec: str | tuple[int, int]) -> tuple[int, int]:
    """'6x6' (rows x columns) or a pair of positive whole numbers."""
    if isinstance(spec, str):
        parts = spec.lower().replace("×", "x").split("x")
        try:
            rows, cols = (int(part) for part in parts)
        except ValueError:
            raise PuzzleError(f"grid size {spec!r} should look like 6x6 (rows x columns)") from None
    else:
        try:
            rows, cols = spec
        except (TypeError, ValueError):
            raise PuzzleError(f"grid size {spec!r} should be 'RxC' or a pair of whole numbers") from None
    for n in (rows, cols):
        if isinstance(n, bool) or not isinstance(n, int):
            raise PuzzleError(f"grid size {rows!r}x{cols!r}: rows and columns must be whole numbers")
    if rows < 1 or cols < 1:
        raise PuzzleError(f"grid size must be positive, got {rows}x{cols}")
    return rows, cols


MAX_NODES = 4_000_000  # nodes of the exact cover model (a word's item and its letters, for every placement)


def placement_count(word_length: int, rows: int, cols: int, directions: Sequence[str]) -> int:
    """How many placements a word of this length has, worked out without listing them."""
    reach = word_length - 1
    total = 0
    for name in directions:
        dr, dc = DIRECTIONS[name]
        total += max(0, rows - abs(dr) * reach) * max(0, cols - abs(dc) * reach)
    return total


def cell_name(row: int, col: int) -> str:
    """The name of the colour item for a cell, e.g. r0c3."""
    return f"r{row}c{col}"


def cell_of(name: str) -> tuple[int, int] | None:
    """The (row, column) of a cell item named by :func:`cell_name`, e.g. (0, 3) for r0c3; None for any other name."""
    row, c, col = name[1:].partition("c")
    if name[:1] != "r" or not c or not row.isdigit() or not col.isdigit():
        return None
    if cell_name(int(row), int(col)) != name:  # r01c3 is not a name cell_name makes
        return None
    return int(row), int(col)


@dataclass(frozen=True)
class Placement:
    """A word written from (row, col) in a compass direction (0-based)."""

    word: str
    row: int
    col: int
    direction: str

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The (row, column) of each letter, first letter first."""
        dr, dc = DIRECTIONS[self.direction]
        return tuple((self.row + dr * k, self.col + dc * k) for k in range(len(self.word)))

    def __str__(self) -> str:
        return f"{self.word} at ({self.row},{self.col}) {self.direction}"


def placements(word: str, rows: int, cols: int, directions: Sequence[str]) -> list[Placement]:
    """Every placement of ``word`` that fits in the grid, direction by direction, then row, column."""
    found = []
    last = len(word) - 1
    for name in directions:
        dr, dc = DIRECTIONS[name]
        for r in range(rows):
            for c in range(cols):
                if 0 <= r + dr * last < rows and 0 <= c + dc * last < cols:
                    found.append(Placement(word, r, c, name))
    return found


def letter_grid(rows: int, cols: int, placed: Iterable[Placement]) -> tuple[str, ...]:
    """The letters that ``placed`` write into a rows x cols grid, '.' for an empty cell."""
    cells = [["."] * cols for _ in range(rows)]
    for p in placed:
        for (r, c), letter in zip(p.cells, p.word):
            cells[r][c] = letter
    return tuple("".join(row) for row in cells)


def shares_cells(chosen: Sequence[Placement]) -> bool:
    """True when every word shares at least one cell with another word."""
    cells = [set(p.cells) for p in chosen]
    return all(any(cells[a] & cells[b] for b in range(len(cells)) if b != a) for a in range(len(cells)))


def check_model(
    rows: int, cols: int, words: Iterable[str], directions: str | Iterable[str]
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """The size, words and directions of a word-search model, checked without building it (PuzzleError if not)."""
    rows, cols = parse_size((rows, cols))
    checked = normalise_words(words)
    dirs = parse_directions(directions)
    nodes = sum(placement_count(len(w), rows, cols, dirs) * (len(w) + 1) for w in checked)
    if nodes > MAX_NODES:  # refuse before building anything: a huge grid would fill the memory first
        raise PuzzleError(
            f"{' '.join(checked)} in a {rows}x{cols} grid would make an exact cover model of "
            f"{nodes:,} nodes, more than the {MAX_NODES:,} this tool builds: choose a smaller grid or fewer "
            "directions"
        )
    for word in checked:
        if not placement_count(len(word), rows, cols, dirs):
            raise PuzzleError(
                f"word {word} ({len(word)} letters) fits nowhere in a {rows}x{cols} grid "
                f"with directions {','.join(dirs)}"
            )
    return rows, cols, checked, dirs


class WordSearch:
    """The exact cover model of hiding ``words`` in a rows x cols grid."""

    def __init__(self, rows: int, cols: int, words: Iterable[str], directions: str | Iterable[str] = "all") -> None:
        self.rows, self.cols, self.words, self.directions = check_model(rows, cols, words, directions)
        self.placements: list[Placement] = []
        for word in self.words:
            self.placements.extend(placements(word, self.rows, self.cols, self.directions))
        cells = [cell_name(r, c) for r in range(self.rows) for c in range(self.cols)]
        options = [
            [p.word] + [(cell_name(r, c), letter) for (r, c), letter in zip(p.cells, p.word)] for p in self.placements
        ]
        self.problem = Problem(self.words, cells, options, labels=self.placements)

    def decode(self, solution: Iterable[int]) -> list[Placement]:
        """The placements of a solution, in the order of the word list."""
        chosen = [self.placements[k] for k in solution]
        order = {w: n for n, w in enumerate(self.words)}
        return sorted(chosen, key=lambda p: order[p.word])

    def grid(self, solution: Iterable[int]) -> list[str]:
        """The grid of a solution as text rows, '.' for an empty cell."""
        return list(letter_grid(self.rows, self.cols, self.decode(solution)))

    def engine(self, name: str = "sticker") -> Engine:
        """A fresh engine of the named kind on this problem."""
        return make_engine(self.problem, name)

    def solutions(
        self, engine: str | Engine = "sticker", limit: int | None = None, share: bool = False
    ) -> Iterator[tuple[int, ...]]:
        """Solutions as option indices; with ``share`` only those in which every word crosses another."""
        search = self.engine(engine) if isinstance(engine, str) else engine
        found = 0
        for solution in search.solutions():
            if share and not shares_cells([self.placements[k] for k in solution]):
                continue
            yield solution
            found += 1
            if limit is not None and found >= limit:
                return

    def count(self, engine: str | Engine = "sticker", share: bool = False, progress=None) -> int:
        """The number of solutions (with ``share``, of those in which every word crosses another).

        ``engine`` is an engine name or an engine built by :meth:`engine` (whose
        ``stats`` then tell the whole search); ``progress(n)``, when given,
        hears how many solutions have been seen so far.
        """
        search = self.engine(engine) if isinstance(engine, str) else engine
        if not share:
            return search.count(progress=progress)
        kept = 0
        for seen, solution in enumerate(search.solutions(), 1):
            if progress is not None and not seen & 0x3FFF:
                progress(seen)
            if shares_cells([self.placements[k] for k in solution]):
                kept += 1
        return kept

    def __repr__(self) -> str:
        return (
            f"WordSearch({self.rows}x{self.cols}, {len(self.words)} words, "
            f"{','.join(self.directions)}: {len(self.placements)} placements)"
        )
