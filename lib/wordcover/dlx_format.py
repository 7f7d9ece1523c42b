"""Knuth's text format for exact cover problems, as his programs DLX1 and DLX2 read it.

* Lines end at a newline only, and blanks are C's (space, tab, newline, vertical tab, form feed, carriage
  return), as DLX2 reads lines with ``fgets`` and skips blanks with ``isspace``: a form feed or a lone carriage
  return inside a line separates two names, it does not start a new line. A file and standard input are read
  the same way, as bytes (:func:`dlx_text`), so no reader translates line endings.
* Lines that start with ``|`` (after any blanks) are comments; blank lines are skipped.
* The first other line names the primary items, then ``|``, then the secondary
  items (the ``|`` may be left out when every item is primary).
* Every later line is an option: item names separated by blanks; ``X:c`` gives
  the secondary item X the colour c, a single character (``|`` and ``:`` included, as in DLX2).
* An item name has one to eight printable ASCII characters other than ``:`` and ``|``.
* An option with no primary item is ignored, with a warning (DLX2 does the same).
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .atomic_file import write_file
from .errors import DlxFormatError, ProblemError, read_user_bytes
from .problem import Problem

MAX_NAME = 8  # Knuth's limit on the length of an item name
BLANKS = " \t\n\v\f\r"  # C's isspace(), which DLX2 uses; str.split() would also split at \x1c-\x1f and more
_BLANK_RUN = re.compile(f"[{re.escape(BLANKS)}]+")


@dataclass(frozen=True)
class DlxInput:
    """A problem read from DLX text, with the options that were ignored."""

    problem: Problem
    ignored: tuple[tuple[int, str], ...]  # (line number, text) of options with no primary item
    option_lines: tuple[int, ...]  # the line number of each option of the problem


def _name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an item name in Knuth's format, or None."""
    if not name.isascii() or not name.isprintable():
        return f"item name {name!r} has a character other than printable ASCII"
    if ":" in name or "|" in name:
        return f"item name {name!r} contains ':' or '|'"
    if len(name) > MAX_NAME:
        return f"item name {name!r} is longer than {MAX_NAME} characters"
    return None


def _colour_problem(colour: str) -> str | None:
    if len(colour) != 1 or not colour.isascii() or not colour.isprintable() or colour.isspace():
        return f"colour {colour!r} is not a single printable ASCII character"
    return None


def dlx_text(data: bytes) -> str:
    """DLX bytes as DLX2 reads them: a character a byte, no line ending translated (parse_dlx names any non-ASCII)."""
    return data.decode("latin-1")


def parse_dlx(text: str, source: str | None = None) -> DlxInput:
    """Read a problem in Knuth's format; a malformed line raises DlxFormatError (naming ``source`` when given)."""
    if not isinstance(text, str):
        raise DlxFormatError(0, f"parse_dlx reads text, not {type(text).__name__}: decode it first, or use read_dlx")
    try:
        return _parse(text)
    except DlxFormatError as err:
        if source is None:
            raise
        raise DlxFormatError(err.line_no, err.detail, source=source) from None


def _parse(text: str) -> DlxInput:
    """The problem in ``text``: the item line, then the options, line by line as DLX2 reads them."""
    primary: list[str] | None = None
    secondary: list[str] = []
    options: list[list[tuple[str, str | None]]] = []
    labels: list[str] = []
    option_lines: list[int] = []
    ignored: list[tuple[int, str]] = []
    for line_no, line in enumerate(text.split("\n"), start=1):  # fgets: a line ends at a newline and nowhere else
        stripped = line.strip(BLANKS)
        if not stripped or stripped.startswith("|"):
            continue
        tokens = _BLANK_RUN.split(stripped)
        if primary is None:
            primary = []
            names = primary
            seen: set[str] = set()
            for token in tokens:
                if token == "|":
                    if names is secondary:
                        raise DlxFormatError(line_no, "the item line holds '|' twice")
                    names = secondary
                    continue
                trouble = _name_problem(token)
                if trouble:
                    raise DlxFormatError(line_no, trouble)
                if token in seen:
                    raise DlxFormatError(line_no, f"duplicate item name {token!r}")
                seen.add(token)
                names.append(token)
            primary_set, secondary_set = set(primary), set(secondary)
            continue
        entries: list[tuple[str, str | None]] = []
        in_option: set[str] = set()
        for token in tokens:
            name, sep, colour = token.partition(":")
            if name not in primary_set and name not in secondary_set:
                raise DlxFormatError(line_no, f"unknown item name {name!r}")
            if name in in_option:
                raise DlxFormatError(line_no, f"item {name!r} appears twice in this option")
            in_option.add(name)
            if sep:
                if name in primary_set:
                    raise DlxFormatError(line_no, f"primary item {name!r} must be uncoloured")
                trouble = _colour_problem(colour)
                if trouble:
                    raise DlxFormatError(line_no, f"{trouble} (in {token!r})")
            entries.append((name, colour if sep else None))
        if not in_option & primary_set:
            ignored.append((line_no, stripped))
            continue
        options.append(entries)
        labels.append(" ".join(tokens))
        option_lines.append(line_no)
    if primary is None:
        raise DlxFormatError(0, "no item line: the input is empty or holds only comments")
    problem = Problem(primary, secondary, options, labels=labels)
    return DlxInput(problem, tuple(ignored), tuple(option_lines))


def read_dlx(path: str | pathlib.Path) -> DlxInput:
    """Read a DLX file; an unreadable file or a malformed line raises a WordcoverError naming the file."""
    return parse_dlx(dlx_text(read_user_bytes(path, "DLX file")), source=str(path))


def format_dlx(problem: Problem, comments: Iterable[str] = ()) -> str:
    """Write ``problem`` in Knuth's format; ProblemError when his programs could not read it."""
    for name in problem.items:
        trouble = _name_problem(name)
        if trouble:
            raise ProblemError(f"cannot write in Knuth's format: {trouble}")
    lines = [f"| {c}" for c in comments]
    head = " ".join(problem.primary)
    if problem.secondary:
        head += " | " + " ".join(problem.secondary)
    lines.append(head)
    for option in problem.options:
        for entry in option:
            if entry.colour is not None:
                trouble = _colour_problem(entry.colour)
                if trouble:
                    raise ProblemError(f"cannot write in Knuth's format: {trouble} on item {entry.item!r}")
        lines.append(" ".join(str(entry) for entry in option))
    return "\n".join(lines) + "\n"


def write_dlx(problem: Problem, path: str, comments: Iterable[str] = ()) -> None:
    """Write ``problem`` to a DLX file, whole or not at all (:mod:`wordcover.atomic_file`)."""
    write_file(path, format_dlx(problem, comments), encoding="ascii")
