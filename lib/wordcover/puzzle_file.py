"""The puzzle file: what ``wordcover make`` writes and ``wordcover find`` reads back, as text or as JSON.

Text: the grid, one row of letters per line; then a blank line; then the words to find, separated by blanks
or new lines (``make`` writes them in alphabetical order, wrapped at 72 columns). A file with no blank line
after the grid, or nothing after it, is a grid with no word list. Blank lines before the grid and a byte-order
mark are ignored, and so is a ``words:`` label before the first word (as ``make`` printed it before this format).

JSON: one object. A reader needs only ``grid`` (a list of rows) and ``words`` (a list, may be left out);
``make`` also writes ``format``, ``version``, ``size`` (rows and cols), ``directions``, ``seed`` (the one
given, or the one drawn, so that the puzzle can be made again), ``method``, ``key`` (the answer key's grid,
``.`` in the free cells) and ``placements`` (each word's row, column and direction, 0-based).
A file is read as JSON when its name ends in ``.json`` or its first character (after blanks) is ``{``,
which no grid can start with.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import PuzzleError, WordcoverError, read_user_file
from .words import normalise_grid, normalise_words

if TYPE_CHECKING:
    from .generator import Puzzle

FORMAT = "wordcover puzzle"
VERSION = 1
WIDTH = 72  # the word list's lines are wrapped at this many characters


@dataclass(frozen=True)
class PuzzleFile:
    """A grid read from a file, and the words the file lists (none for a bare grid)."""

    grid: tuple[str, ...]
    words: tuple[str, ...]


def puzzle_text(grid: Sequence[str], words: Iterable[str]) -> str:
    """The text format: the grid, a blank line, the words in the order given, wrapped at 72 columns."""
    listed = textwrap.fill(" ".join(words), width=WIDTH, break_long_words=False, break_on_hyphens=False)
    return "\n".join(grid) + "\n\n" + listed + "\n"


def puzzle_document(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON format of a made puzzle as a dictionary; words and placements in alphabetical order."""
    placed = sorted(puzzle.placements, key=lambda p: p.word)
    return {
        "format": FORMAT,
        "version": VERSION,
        "size": {"rows": puzzle.rows, "cols": puzzle.cols},
        "grid": list(puzzle.grid),
        "words": [p.word for p in placed],
        "directions": list(puzzle.directions),
        "seed": puzzle.seed,
        "method": puzzle.method,
        "key": list(puzzle.key_grid()),
        "placements": [{"word": p.word, "row": p.row, "col": p.col, "direction": p.direction} for p in placed],
    }


def puzzle_json(puzzle: Puzzle) -> str:
    """The JSON format of a made puzzle as text, one grid row a line."""
    return json.dumps(puzzle_document(puzzle), indent=2) + "\n"


def is_json(text: str, name: str = "") -> bool:
    """Whether a puzzle file is JSON: by its name (``.json``) or its first character (``{``)."""
    return name.lower().endswith(".json") or text.removeprefix("\ufeff").lstrip().startswith("{")


def parse_puzzle(text: str, source: str = "the puzzle", name: str = "") -> PuzzleFile:
    """A puzzle file's grid and words, text or JSON; a fault is a WordcoverError starting with ``source``."""
    try:
        rows, words = _parse_json(text) if is_json(text, name) else _parse_text(text)
        return PuzzleFile(normalise_grid(rows), normalise_words(words, "its word list") if words else ())
    except WordcoverError as err:
        raise PuzzleError(f"{source}: {err}") from None


def read_puzzle(path: str, what: str = "puzzle file") -> PuzzleFile:
    """A puzzle file from disk; a file that cannot be read, or is not a puzzle, is one line naming it."""
    return parse_puzzle(read_user_file(path, what), f"{what} {path}", name=str(path))


def _parse_text(text: str) -> tuple[list[str], list[str]]:
    lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark is not a letter
    while lines and not lines[0].strip():  # nor are blank lines above the grid
        lines.pop(0)
    end = next((k for k, line in enumerate(lines) if not line.strip()), len(lines))
    words = " ".join(lines[end:]).split()
    if words and words[0].lower() == "words:":
        words.pop(0)
    return lines[:end], words


def _parse_json(text: str) -> tuple[list[str], list[str]]:
    try:
        doc = json.loads(text.removeprefix("\ufeff"), parse_int=_json_int)
    except json.JSONDecodeError as err:
        raise PuzzleError(f"not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    except RecursionError:  # lists in lists thousands deep: Python's reader runs out of stack
        raise PuzzleError("its JSON is nested too deeply to read (a puzzle is an object holding lists)") from None
    if not isinstance(doc, dict) or "grid" not in doc:
        raise PuzzleError('a JSON puzzle is an object with a "grid": a list of rows, each a string of letters')
    rows, words = doc["grid"], doc.get("words", [])
    for key, value in (("grid", rows), ("words", words)):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise PuzzleError(f'"{key}" must be a list of strings, got {json.dumps(value)[:40]}')
    return rows, words


def _json_int(digits: str) -> int:
    """A whole number of a JSON file; one too long for Python to convert is a PuzzleError, not a ValueError."""
    try:
        return int(digits)
    except ValueError:
        raise PuzzleError(f"its JSON holds a number of {len(digits.lstrip('-')):,} digits, too long to read") from None
