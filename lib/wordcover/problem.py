"""Exact cover problems with primary, secondary and colour items (TAOCP 7.2.2.1).

A problem names its *primary* items (each must be covered exactly once) and its
*secondary* items (covered at most once, or any number of times with one
colour). An *option* is a set of items; a secondary item in an option may carry
a colour, written ``item:colour`` in Knuth's notation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ProblemError

FORBIDDEN_NAME_CHARS = frozenset(":|")


@dataclass(frozen=True)
class Entry:
    """One item of an option, with its colour (None when uncoloured)."""

    item: str
    colour: str | None = None

    def __str__(self) -> str:
        return self.item if self.colour is None else f"{self.item}:{self.colour}"


def _parse_entry(raw: Any) -> Entry:
    """Turn ``"X"``, ``"X:c"``, ``("X", "c")`` or an Entry into an Entry."""
    if isinstance(raw, Entry):
        return raw
    if isinstance(raw, str):
        item, sep, colour = raw.partition(":")
        return Entry(item, colour if sep else None)
    if isinstance(raw, tuple) and len(raw) == 2:
        item, colour = raw
        return Entry(str(item), None if colour is None else str(colour))
    raise ProblemError(f"cannot read option entry {raw!r}: use 'item', 'item:colour' or (item, colour)")


def _check_name(name: str, what: str) -> None:
    """An item name may hold neither blanks nor ':' nor '|'; a colour only no blanks (DLX2 reads X:| and X::)."""
    if not isinstance(name, str) or not name:
        raise ProblemError(f"{what} name must be a non-empty string, got {name!r}")
    forbidden = FORBIDDEN_NAME_CHARS if what == "item" else frozenset()
    bad = [ch for ch in name if ch.isspace() or ch in forbidden]
    if bad:
        rule = "blanks, ':' or '|'" if what == "item" else "blanks"
        raise ProblemError(f"{what} name {name!r} contains {bad[0]!r}; {what} names may not hold {rule}")


def _names(given: Any, what: str) -> tuple[str, ...]:
    """A list of item names as a tuple; anything else is one ProblemError saying what was wanted."""
    if isinstance(given, str):
        raise ProblemError(f"{what} must be a list of names, not the string {given!r}: write {given.split()!r}")
    if isinstance(given, (bytes, bytearray)) or not hasattr(given, "__iter__"):
        raise ProblemError(f"{what} must be a list of names, not {given!r}")
    return tuple(given)


class Problem:
    """An exact cover problem: items, options and an optional label per option.

    Options are kept in the order given; solutions are reported as indices into
    ``options`` (0-based), and ``label(k)`` maps an index back to its label.
    """

    def __init__(
        self,
        primary: Sequence[str],
        secondary: Sequence[str] = (),
        options: Iterable[Iterable[Any]] = (),
        labels: Sequence[Any] | None = None,
    ) -> None:
        self.primary: tuple[str, ...] = _names(primary, "primary items")
        self.secondary: tuple[str, ...] = _names(secondary, "secondary items")
        if isinstance(options, (str, bytes, bytearray)) or not hasattr(options, "__iter__"):
            one = f": write [{options!r}] for one option" if isinstance(options, str) else ""
            raise ProblemError(f"options must be a list of options, not {options!r}{one}")
        seen: dict[str, int] = {}
        for name in self.primary + self.secondary:
            _check_name(name, "item")
            if name in seen:
                raise ProblemError(f"duplicate item name {name!r}")
            seen[name] = len(seen)
        self.index: dict[str, int] = seen  # item name -> 0-based position
        primary_set = frozenset(self.primary)

        parsed: list[tuple[Entry, ...]] = []
        for k, raw_option in enumerate(options):
            if isinstance(raw_option, str):  # "A B X:0" is read as Knuth writes it
                raw_option = raw_option.split()
            if isinstance(raw_option, (bytes, bytearray)) or not hasattr(raw_option, "__iter__"):
                raise ProblemError(f"option {k} is {raw_option!r}: an option is a list of items, or a string 'A B X:c'")
            option = tuple(_parse_entry(raw) for raw in raw_option)
            where = f"option {k} ({' '.join(map(str, option))})"
            names = set()
            for entry in option:
                if entry.item not in seen:
                    raise ProblemError(f"{where}: unknown item {entry.item!r}")
                if entry.item in names:
                    raise ProblemError(f"{where}: item {entry.item!r} appears twice")
                names.add(entry.item)
                if entry.colour is not None:
                    if entry.item in primary_set:
                        raise ProblemError(f"{where}: primary item {entry.item!r} cannot carry a colour")
                    _check_name(entry.colour, "colour")
            if not names & primary_set:
                raise ProblemError(f"{where}: an option needs at least one primary item")
            parsed.append(option)
        self.options: tuple[tuple[Entry, ...], ...] = tuple(parsed)

        if labels is None:
            self.labels: tuple[Any, ...] = tuple(" ".join(map(str, o)) for o in self.options)
        else:
            if isinstance(labels, (str, bytes, bytearray)) or not hasattr(labels, "__iter__"):
                raise ProblemError(f"labels must be a list, one label per option, not {labels!r}")
            self.labels = tuple(labels)
            if len(self.labels) != len(self.options):
                raise ProblemError(f"{len(self.labels)} labels given for {len(self.options)} options")

    @property
    def items(self) -> tuple[str, ...]:
        """All item names, primary first."""
        return self.primary + self.secondary

    @property
    def has_colours(self) -> bool:
        """True when some option gives a secondary item a colour."""
        return any(e.colour is not None for o in self.options for e in o)

    def label(self, k: int) -> Any:
        """The label of option ``k``."""
        return self.labels[k]

    def describe(self, solution: Iterable[int]) -> list[Any]:
        """The labels of the options in a solution."""
        return [self.labels[k] for k in solution]

    def __repr__(self) -> str:
        return (
            f"Problem({len(self.primary)} primary, {len(self.secondary)} secondary items, {len(self.options)} options)"
        )
