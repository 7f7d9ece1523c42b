"""Word squares by dedicated backtracking, after Kokkarinen (2024), and a checker.

Kinds of square of order n (every count is a count of grids, so a square and
its transpose are two grids unless they are the same grid):

* ``any``: every row and every column is a word;
* ``symmetric``: row i equals column i (a classic word square, like SATOR);
* ``double``: every row and column is a word and all 2n words are different.

The search fills row 0, column 0, row 1, column 1, ... . Each line's first
letters are already fixed by the lines crossing it, so its candidates are a
range of the sorted word list (found by bisection). A candidate is cut off when
a crossing column would get a prefix that no word has (a *prefix cut-off*), or
when some empty cell has no letter left that both its row and its column could
still take (a *mask cut-off*: each prefix knows, as a 26-bit mask, which letters
its words have at each later position). For double squares the transpose
symmetry is broken by asking the first column to sort before the first row;
each square found then stands for itself and its transpose.
"""

from __future__ import annotations

import bisect
import concurrent.futures
import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .engines import installed
from .errors import ExtraNeeded, PuzzleError
from .parallel import map_pieces
from .progress import PieceProgress
from .words import fold, vocabulary

KINDS = ("any", "symmetric", "double")


def check_square(rows: Sequence[str], kind: str = "any", words: Iterable[str] | None = None) -> list[str]:
    """Every rule of ``kind`` that the grid breaks ([] for a valid square); ``words`` is the allowed list."""
    if kind not in KINDS:
        raise PuzzleError(f"unknown kind of square {kind!r}; choose any, symmetric or double")
    grid = [fold(r) for r in rows]
    n = len(grid)
    problems = []
    if n == 0 or any(len(r) != n for r in grid):
        return [f"not a square: rows of lengths {[len(r) for r in grid]}"]
    cols = ["".join(r[j] for r in grid) for j in range(n)]
    allowed = None if words is None else _allowed(words)
    if allowed is not None:
        problems += [f"row {i} {w} is not in the word list" for i, w in enumerate(grid) if w not in allowed]
        problems += [f"column {j} {w} is not in the word list" for j, w in enumerate(cols) if w not in allowed]
    if kind == "symmetric":
        problems += [f"row {i} {grid[i]} differs from column {i} {cols[i]}" for i in range(n) if grid[i] != cols[i]]
    if kind == "double":
        seen: dict[str, str] = {}
        for name, w in [(f"row {i}", w) for i, w in enumerate(grid)] + [(f"column {j}", w) for j, w in enumerate(cols)]:
            if w in seen:
                problems.append(f"{name} repeats {w} ({seen[w]})")
            seen.setdefault(w, name)
    return problems


def _allowed(words: Iterable[str]) -> set[str] | frozenset[str]:
    """The words of a list under the rule of wordcover.words, as a set; a set already of such words is used as it is
    (checking many grids against one list then costs no folding of the list for each grid)."""
    if isinstance(words, (set, frozenset)) and all(
        isinstance(w, str) and w.isascii() and w.isalpha() and w.isupper() for w in words
    ):
        return words
    return set(vocabulary(words).words)


def mask_letters(mask: int) -> str:
    """The letters of a 26-bit letter mask, A to Z: bit 0 is A."""
    return "".join(chr(65 + k) for k in range(26) if mask >> k & 1)


def partial_square(square: Sequence[str], lines: int) -> tuple[list[str], list[str]]:
    """The row and column prefixes once the first ``lines`` lines of ``square`` are placed.

    Lines go in the search's order for any and double squares: row 0, column 0, row 1, column 1, ...
    """
    n = len(square)
    if not 0 <= lines <= 2 * n:
        raise PuzzleError(f"a square of order {n} has {2 * n} lines, not {lines}")
    full = ["".join(r[j] for r in square) for j in range(n)]
    done_rows, done_cols = (lines + 1) // 2, lines // 2
    rows = [square[i] if i < done_rows else square[i][:done_cols] for i in range(n)]
    cols = [full[j] if j < done_cols else full[j][:done_rows] for j in range(n)]
    return rows, cols


def square_text(rows: Sequence[str], cols: Sequence[str]) -> str:
    """A partly filled square as text, from its row and column prefixes: one line a row, a dot in each empty cell."""
    n = len(rows)

    def letter(r: int, c: int) -> str:
        return rows[r][c] if c < len(rows[r]) else cols[c][r] if r < len(cols[c]) else "."

    return "\n".join(" ".join(letter(r, c) for c in range(n)) for r in range(n))


@dataclass
class SquareStats:
    """Counters of one backtracking search."""

    squares: int = 0  # grids counted (a found double square also stands for its transpose)
    nodes: int = 0  # lines placed
    prefix_cutoffs: int = 0  # candidates refused because a crossing prefix is no word's prefix
    mask_cutoffs: int = 0  # candidates refused because some cell had no letter left
    deepest: int = 0  # the most lines placed at once
    profile: list[int] = field(default_factory=list)

    def add(self, other: SquareStats) -> None:
        self.squares += other.squares
        self.nodes += other.nodes
        self.prefix_cutoffs += other.prefix_cutoffs
        self.mask_cutoffs += other.mask_cutoffs
        self.deepest = max(self.deepest, other.deepest)
        longer, shorter = sorted((self.profile, other.profile), key=len, reverse=True)
        self.profile = [a + (shorter[k] if k < len(shorter) else 0) for k, a in enumerate(longer)]  # level by level


class SquareSearch:
    """Backtracking over rows and columns with prefix ranges and letter masks."""

    def __init__(self, order: int, words: Iterable[str], kind: str = "any") -> None:
        if kind not in KINDS:
            raise PuzzleError(f"unknown kind of square {kind!r}; choose any, symmetric or double")
        if isinstance(order, bool) or not isinstance(order, int) or order < 1:
            raise PuzzleError(f"the order of a square must be positive, got {order!r}")
        self.n, self.kind = order, kind
        vocab = vocabulary(words)
        self.dropped = vocab.dropped  # (word, why) for every word left out under the rule of wordcover.words
        self.words = sorted(w for w in vocab.words if len(w) == order)
        if not self.words:
            raise PuzzleError(f"no words of length {order} in the list")
        # masks[prefix][p]: the letters that words starting with prefix have at position len(prefix) + p
        masks: dict[str, list[int]] = {}
        for w in self.words:
            for k in range(order + 1):
                m = masks.setdefault(w[:k], [0] * (order - k))
                for p in range(k, order):
                    m[p - k] |= 1 << (ord(w[p]) - 65)
        self.masks = masks
        self.stats = SquareStats()

    def prefix_range(self, prefix: str) -> tuple[int, int]:
        """(lo, hi): the words that start with ``prefix`` are ``words[lo:hi]``, found by bisection."""
        lo = bisect.bisect_left(self.words, prefix)
        hi = bisect.bisect_left(self.words, prefix + "\x7f")
        return lo, hi

    def letters(self, prefix: str, position: int) -> int:
        """The letter mask at ``position``: bit k set when some word starting with ``prefix`` has letter k there."""
        if not len(prefix) <= position < self.n:
            raise PuzzleError(f"position {position} is not after the prefix {prefix!r} in a word of {self.n}")
        masks = self.masks.get(prefix)
        return 0 if masks is None else masks[position - len(prefix)]

    def dead_cells(self, rows: Sequence[str], cols: Sequence[str]) -> list[tuple[int, int]]:
        """The empty cells (r, c) whose row and column masks share no letter: rows[r] and cols[c] are prefixes."""
        n, masks, none = self.n, self.masks, [0] * self.n  # a prefix that no word has allows no letter
        return [
            (r, c)
            for r in range(n)
            for c in range(len(rows[r]), n)
            if len(cols[c]) <= r
            and not masks.get(rows[r], none)[c - len(rows[r])] & masks.get(cols[c], none)[r - len(cols[c])]
        ]

    def try_word(self, word: str, side: str, i: int, rows: list[str], cols: list[str]) -> str:
        """Write word into line i of side ('row' or 'col'): '' if it fits, or the cut-off that refuses it."""
        own, cross = (rows, cols) if side == "row" else (cols, rows)
        # the positions after the line's known prefix: at each, it crosses a line it extends by one letter (in a
        # symmetric square row i is column i, so position i crosses no other line)
        crossing = range(len(own[i]) + (self.kind == "symmetric"), self.n)
        own[i] = word  # place the line
        for p in crossing:
            cross[p] += word[p]  # the line it crosses at position p gets one more letter
        for p in crossing:
            if cross[p] not in self.masks:
                return "prefix"  # the line it crosses at p now starts in a way no word does
        if self.dead_cells(rows, cols):
            return "mask"  # an empty cell has no letter that both its row and its column allow
        return ""

    def squares(
        self,
        first: tuple[int, int] | None = None,
        limit: int | None = None,
        watch: Callable[[str, list[str], list[str]], None] | None = None,
    ) -> Iterator[list[str]]:
        """Yield each square found (for double squares, one of each transposed pair).

        ``first`` restricts the first row to words[a:b], to split the work. ``watch(kind, rows, cols)``, when
        given, hears every cut-off ('prefix' or 'mask') with copies of the row and column prefixes as they are
        with the refused word written in.
        """
        n, words, kind = self.n, self.words, self.kind
        stats = self.stats = SquareStats(profile=[0] * (2 * n + 1))
        cols = [""] * n  # the known prefix of each column
        rows = cols if kind == "symmetric" else [""] * n  # the known prefix of each row (row i is column i)
        used: set[str] = set()
        found = 0
        lines = (  # the order the lines are filled in: row 0, column 0, row 1, column 1, ... (symmetric: rows only)
            [("row", i) for i in range(n)]
            if kind == "symmetric"
            else [(side, i) for i in range(n) for side in ("row", "col")]
        )

        def place(level: int) -> Iterator[list[str]]:
            """Try each candidate for lines[level] in turn and, when it fits, fill the lines after it."""
            nonlocal found
            if level == len(lines):  # every line is placed: a square
                found += 1
                stats.squares += 2 if kind == "double" else 1  # a double square stands for its transpose too
                yield list(rows)
                return
            side, i = lines[level]
            lo, hi = self.prefix_range((rows if side == "row" else cols)[i])  # the candidates: words[lo:hi]
            if level == 0 and first is not None:
                lo, hi = max(lo, first[0]), min(hi, first[1])  # only a piece of the first row's words
            if kind == "double" and level == 1:
                hi = min(hi, bisect.bisect_left(words, rows[0]))  # column 0 sorts before row 0
            before = list(rows), list(cols)
            for w in words[lo:hi]:
                if kind == "double" and w in used:
                    continue  # a double square's 2n lines are different words
                stats.profile[level] += 1
                cut = self.try_word(w, side, i, rows, cols)
                if cut:
                    stats.prefix_cutoffs += cut == "prefix"
                    stats.mask_cutoffs += cut == "mask"
                    if watch is not None:
                        watch(cut, list(rows), list(cols))
                else:  # the word fits: fill the next line
                    stats.nodes += 1
                    stats.deepest = max(stats.deepest, level + 1)
                    used.add(w)
                    yield from place(level + 1)
                    used.discard(w)
                rows[:], cols[:] = before  # take the word out: every prefix back as it was
                if limit is not None and found >= limit:
                    return

        yield from place(0)

    def count(self, first: tuple[int, int] | None = None) -> int:
        """The number of grids (both of each transposed pair of double squares)."""
        for _ in self.squares(first):
            pass
        return self.stats.squares


def search_loop_source() -> str:
    """The search of :meth:`SquareSearch.squares` as notebook 7 prints it: its source from the order of the lines
    (``lines = (``) to the end, without the signature, docstring and counters set up before it."""
    import inspect
    import textwrap

    source = inspect.getsource(SquareSearch.squares).splitlines()
    start = next(k for k, line in enumerate(source) if line.lstrip().startswith("lines = ("))
    return textwrap.dedent("\n".join(source[start:]))


METHODS = ("auto", "compiled", "readable")


def square_method(method: str = "auto") -> str:
    """The search that counts: 'compiled' (numba) when asked or, for 'auto', when numba is installed; else 'readable'.

    The one place that decides, for the command line, the parallel count and the notebooks alike.
    """
    if method not in METHODS:
        raise PuzzleError(f"unknown square search {method!r}: use {', '.join(METHODS)}")
    if method == "auto":
        return "compiled" if installed("numba") and installed("numpy") else "readable"
    return method


@contextlib.contextmanager
def compiled_only() -> Iterator[None]:
    """A block that counts with the compiled search: where numba or numpy is missing, one line says so, instead of
    a traceback, and the rest of the block is skipped."""
    try:
        yield
    except ExtraNeeded as missing:
        print(f"skipped: {missing}")


def count_squares(
    order: int, words: Iterable[str], kind: str = "any", first: tuple[int, int] | None = None, method: str = "auto"
) -> SquareStats:
    """Count the squares of ``kind`` (as :meth:`SquareSearch.count`) and return the search's counters.

    ``method`` chooses the search (:func:`square_method`); the compiled one keeps the same counters as the
    readable one, cut-offs and profile included, so the choice changes the time and nothing else.
    """
    search = SquareSearch(order, words, kind)
    if square_method(method) == "readable":
        search.count(first)
        return search.stats
    from .fast_squares import compiled_count

    (squares, nodes, prefix, masks, deepest), profile = compiled_count(order, search.words, kind, first)
    return SquareStats(squares, nodes, prefix, masks, deepest, profile)


def first_row_ranges(total: int, pieces: int) -> list[tuple[int, int]]:
    """The first row's word list cut into ``pieces`` ranges as even as can be, the empty ones left out."""
    bounds = [(total * k // pieces, total * (k + 1) // pieces) for k in range(pieces)]
    return [b for b in bounds if b[0] < b[1]]


def _count_piece(args) -> SquareStats:
    order, words, kind, first, method = args
    return count_squares(order, words, kind, first, method)


def count_squares_parallel(
    order: int,
    words: Sequence[str],
    kind: str = "any",
    jobs: int = 2,
    pieces: int | None = None,
    progress: PieceProgress | None = None,
    executor: concurrent.futures.Executor | None = None,
    method: str = "auto",
) -> SquareStats:
    """Count squares by splitting the first row's words into ranges: on ``executor``, or one process per job.

    ``method`` chooses the search each piece runs (:func:`square_method`, decided here, once).
    """
    base = SquareSearch(order, words, kind)
    method = square_method(method)
    bounds = first_row_ranges(len(base.words), pieces or max(1, 4 * jobs))
    work = [(order, base.words, kind, b, method) for b in bounds]
    result = SquareStats(profile=[0] * (2 * order + 1))
    for stats in map_pieces(_count_piece, work, jobs, progress, executor):
        result.add(stats)
    return result
