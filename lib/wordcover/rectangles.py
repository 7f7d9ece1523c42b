"""Word rectangles and word squares as exact cover with colours (Algorithm C).

An m x n word rectangle has a word from list A (length n) in every row and a
word from list B (length m) in every column. Model: one primary item per row
and per column; one colour item per cell, whose colour is its letter; an option
for every (row, word of A) and every (column, word of B). With ``distinct`` each
word also gets a secondary item of its own, used without a colour, so no word
can be used twice.

A *symmetric* square (row i equals column i) needs only the rows: the option for
row i writes its word along row i and down column i, into the cells {i, j}.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .engines import make_engine
from .errors import PuzzleError
from .problem import Problem
from .words import Vocabulary, vocabulary


def _of_length(words: Vocabulary, length: int) -> list[str]:
    return [w for w in words.words if len(w) == length]


@dataclass(frozen=True)
class LinePlacement:
    """A word written in one row or one column."""

    line: str  # 'row' or 'col'
    index: int
    word: str


class WordRectangle:
    """The Algorithm C model of m x n word rectangles."""

    def __init__(
        self,
        rows: int,
        cols: int,
        across: Iterable[str],
        down: Iterable[str] | None = None,
        distinct: bool = False,
        symmetric: bool = False,
    ) -> None:
        if isinstance(rows, bool) or not isinstance(rows, int) or isinstance(cols, bool) or not isinstance(cols, int):
            raise PuzzleError(f"a rectangle's size must be whole numbers, got {rows!r}x{cols!r}")
        if rows < 1 or cols < 1:
            raise PuzzleError(f"a rectangle needs a positive size, got {rows}x{cols}")
        if symmetric and rows != cols:
            raise PuzzleError("only a square can be symmetric")
        self.rows, self.cols, self.distinct, self.symmetric = rows, cols, distinct, symmetric
        across_words = vocabulary(across, "the across words")
        down_words = across_words if down is None else vocabulary(down, "the down words")
        self.vocabulary = across_words  # the across list under the rule of wordcover.words, and what it dropped
        self.dropped = across_words.dropped + (down_words.dropped if down is not None else ())
        self.across = _of_length(across_words, cols)
        self.down = _of_length(down_words, rows)
        if not self.across:
            raise PuzzleError(f"no across words of length {cols}")
        if not self.down:
            raise PuzzleError(f"no down words of length {rows}")

        def cell(i: int, j: int) -> str:
            if symmetric:
                i, j = min(i, j), max(i, j)
            return f"r{i}c{j}"

        lines = [f"R{i}" for i in range(rows)] + ([] if symmetric else [f"C{j}" for j in range(cols)])
        cells = sorted({cell(i, j) for i in range(rows) for j in range(cols)}, key=lambda s: (len(s), s))
        word_items = [f"={w}" for w in dict.fromkeys(self.across + self.down)] if distinct else []
        options, labels = [], []
        for i in range(rows):
            for w in self.across:
                entries = [f"R{i}"] + [(cell(i, j), w[j]) for j in range(cols)]
                options.append(entries + ([f"={w}"] if distinct else []))
                labels.append(LinePlacement("row", i, w))
        if not symmetric:
            for j in range(cols):
                for w in self.down:
                    entries = [f"C{j}"] + [(cell(i, j), w[i]) for i in range(rows)]
                    options.append(entries + ([f"={w}"] if distinct else []))
                    labels.append(LinePlacement("col", j, w))
        self.problem = Problem(lines, cells + word_items, options, labels=labels)

    def grid(self, solution: Iterable[int]) -> list[str]:
        """The letters of a solution, row by row."""
        rows = ["" for _ in range(self.rows)]
        for k in solution:
            p = self.problem.label(k)
            if p.line == "row":
                rows[p.index] = p.word
        return rows

    def solutions(self, engine: str = "sticker", limit: int | None = None) -> Iterator[list[str]]:
        """Each solution as a grid of rows."""
        for solution in make_engine(self.problem, engine).solutions(limit):
            yield self.grid(solution)

    def count(self, engine: str = "sticker") -> int:
        """The number of rectangles (grids)."""
        return make_engine(self.problem, engine).count()


def square_model(order: int, words: Sequence[str], kind: str = "any") -> WordRectangle:
    """Word squares of one kind as a rectangle model: any, symmetric or double."""
    if kind not in ("any", "symmetric", "double"):
        raise PuzzleError(f"unknown kind of square {kind!r}; choose any, symmetric or double")
    return WordRectangle(order, order, words, distinct=(kind == "double"), symmetric=(kind == "symmetric"))
