"""One rule for words, shared by the finder, the generator, the word-search model, rectangles and squares.

The rule, applied to each word:

1. blanks around the word are trimmed;
2. accents are taken off (Unicode NFKD, then the combining marks are dropped: ``café`` becomes ``CAFE``);
3. the word is upper-cased (by Python's rules, so ``ß`` becomes ``SS``);
4. what is left must be one or more of the 26 letters A-Z. A word holding anything else (a digit, an
   apostrophe as in ``CAN'T``, a hyphen, a blank inside, a letter outside A-Z such as ``Æ``) breaks the rule.

What happens to a word that breaks the rule, and to a repeat, depends on what the list is for:

* **words to place or find** (:func:`normalise_words`): each one matters, so a bad word, a repeat or an
  empty list is refused with a :class:`~wordcover.errors.WordError` that names it;
* **a vocabulary to draw from** (:func:`vocabulary`, for rectangles and squares): a dictionary file often
  holds words like ``CAN'T``, so bad words and repeats are dropped and :attr:`Vocabulary.dropped` says
  which (the command line prints it).

The rows of a letter grid follow steps 1-3 too, and must then hold letters A-Z only, every row as long as
the first (:func:`normalise_grid`, read by the finder and the puzzle file alike).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import PuzzleError, WordError

LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def fold(text: str) -> str:
    """Steps 1-3 of the rule: trim, take accents off, upper-case."""
    decomposed = unicodedata.normalize("NFKD", text.strip())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).upper()


def word_problem(word: object) -> str | None:
    """Why ``word`` breaks the rule, or None when it keeps it."""
    if not isinstance(word, str):
        return f"{word!r} is not a string"
    folded = fold(word)
    if not folded:
        return "a word must have at least one letter" if not word else f"{word!r} is blank"
    bad = next((ch for ch in folded if ch not in LETTERS), None)
    if bad is not None:
        return f"{word!r} holds {bad!r}; a word is letters A-Z only (accents are taken off)"
    return None


def normalise_word(word: object) -> str:
    """The word under the rule (e.g. ``' Café '`` -> ``'CAFE'``); WordError when it breaks the rule."""
    trouble = word_problem(word)
    if trouble:
        raise WordError(trouble)
    assert isinstance(word, str)
    return fold(word)


def _refuse_single_string(words: object, what: str) -> None:
    if isinstance(words, (str, bytes)):
        raise WordError(f"{what} must be a list of words, not the string {words!r}; write [{words!r}] for one word")
    if not hasattr(words, "__iter__"):
        raise WordError(f"{what} must be a list of words, not {words!r}")


def normalise_words(words: Iterable[str], what: str = "the word list") -> tuple[str, ...]:
    """Words to place or find, under the rule, in order; a bad word, a repeat or an empty list is refused."""
    _refuse_single_string(words, what)
    result: list[str] = []
    seen: set[str] = set()  # a set beside the list, so that a long list is read in linear time
    for word in words:
        upper = normalise_word(word)
        if upper in seen:
            raise WordError(f"word {upper} is given twice in {what}; each word is placed exactly once, so list it once")
        seen.add(upper)
        result.append(upper)
    if not result:
        raise WordError(f"{what} is empty")
    return tuple(result)


def a_few(words: Sequence[str], shown: int = 8, sep: str = " ") -> str:
    """The words for a message: all when few, else the first ``shown`` and the count ('A B and 98 more (100 words)')."""
    if len(words) <= shown:
        return sep.join(words)
    return f"{sep.join(words[:shown])} and {len(words) - shown:,} more ({len(words):,} words)"


@dataclass(frozen=True)
class Vocabulary:
    """The words of a list under the rule, first occurrences in order, and what was dropped with why."""

    words: tuple[str, ...]
    dropped: tuple[tuple[str, str], ...]  # (the word as given, why it was dropped)

    def note(self, shown: int = 5) -> str:
        """One line saying what was dropped ('' when nothing was)."""
        if not self.dropped:
            return ""
        listed = "; ".join(f"{w!r}: {why}" for w, why in self.dropped[:shown])
        more = f"; and {len(self.dropped) - shown} more" if len(self.dropped) > shown else ""
        total = len(self.words) + len(self.dropped)
        return f"dropped {len(self.dropped)} of {total} words ({listed}{more})"


def vocabulary(words: Iterable[str], what: str = "the word list") -> Vocabulary:
    """A vocabulary to draw from: bad words and repeats are dropped and reported, not refused."""
    _refuse_single_string(words, what)
    kept: dict[str, None] = {}
    dropped: list[tuple[str, str]] = []
    for word in words:
        trouble = word_problem(word)
        if trouble:
            dropped.append((str(word), trouble.split("; ")[0].replace(f"{word!r} ", "")))
            continue
        upper = fold(word)
        if upper in kept:
            dropped.append((word, f"a repeat of {upper}"))
            continue
        kept[upper] = None
    return Vocabulary(tuple(kept), tuple(dropped))


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
