"""Colours kept outside the matrix: Algorithm X over the primary items plus a colour record.

This is the approach of the popular Algorithm X playground tutorials. The
matrix holds only the primary items. Beside it, a record lists for each
secondary item the colours given to it by the options chosen so far. Trying an
option pushes its colours; if an item then holds two different colours (or an
uncoloured use beside any other use) the option is a conflict and the search
backtracks at once; leaving an option pops its colours again. It finds the same
solutions as Algorithm C, but it only notices a conflict after trying the
option, where purify would have removed that option in advance: ``stats.conflicts``
and ``stats.nodes`` show the extra work.

:class:`CountingOutside` and :class:`CountingC` count what each engine does at a node, for notebook 4's
comparison of the two: letters pushed, compared and popped on the record, and link updates split by cause.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .algorithm_c import AlgorithmC
from .dancing_links import DancingLinks
from .problem import Entry, Problem

ALONE = 0  # the record's mark for a use without a colour: no other use may join it


class ColoursOutside(DancingLinks):
    """Algorithm X on the primary items, colours checked in a record outside the matrix."""

    name = "outside"
    title = "Algorithm X with colours outside the matrix"
    colours = True

    def _build(self) -> None:
        super()._build()
        index = self.problem.index
        n1 = self.n1
        codes = {name: code for code, name in enumerate(self.colour_names) if name is not None}
        for entry in (e for o in self.problem.options for e in o):  # colours never reach the matrix
            if entry.colour is not None and entry.colour not in codes:
                codes[entry.colour] = len(self.colour_names)
                self.colour_names.append(entry.colour)
        self._uses = [
            [(index[e.item] + 1, ALONE if e.colour is None else codes[e.colour]) for e in option if index[e.item] >= n1]
            for option in self.problem.options
        ]  # per option: (secondary item, colour) pairs kept outside the matrix
        self.record: list[list[int]] = [[] for _ in range(self.n + 1)]  # colours given to each item so far

    def _option_entries(self, k: int) -> Sequence[Entry]:
        """Only the primary items of an option become nodes."""
        index, n1 = self.problem.index, self.n1
        return [e for e in self.problem.options[k] if index[e.item] < n1]

    def commit(self, x: int) -> bool:
        """C5, then push the option's colours onto the record; False when one clashes."""
        super().commit(x)
        record = self.record
        ok = True
        for i, c in self._uses[self.option_of[x]]:
            held = record[i]
            if held and (c == ALONE or held[-1] != c):
                ok = False
            held.append(c)  # pushed even on a clash, popped again by uncommit
        return ok

    def uncommit(self, x: int) -> None:
        """Pop the colours that commit pushed for this option, then C6."""
        record = self.record
        for i, _ in self._uses[self.option_of[x]]:
            record[i].pop()
        super().uncommit(x)


class _Zeroed:
    """A counting engine's search: its counters (``_zero``) start from zero, then the engine searches as it does."""

    def _zero(self) -> None:
        raise NotImplementedError

    def _search(self, *args: Any, **kwargs: Any) -> Iterator[int]:
        self._zero()
        return super()._search(*args, **kwargs)  # type: ignore[misc,no-any-return]


class CountingOutside(_Zeroed, ColoursOutside):
    """The outside engine, counting the letters its commit pushes and compares, those its uncommit pops, and its
    conflicts row by row of the search tree."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self._zero()

    def _zero(self) -> None:
        """Every counter at zero, as before a search."""
        self.pushed = self.compared = self.popped = 0
        self._conflict_rows = [0] * (self.n1 + 2)

    def work(self) -> dict[str, int]:
        """The last search's work, each count in its own unit: link updates, and letters pushed, compared, popped."""
        return {
            "link updates": self.stats.updates,
            "letters pushed": self.pushed,
            "letters compared": self.compared,
            "letters popped": self.popped,
        }

    @property
    def conflicts_per_row(self) -> list[int]:
        """The conflicts in each row of the last search's tree, rows named as in ``stats.profile``."""
        return self._conflict_rows[: len(self.stats.profile)]

    def commit(self, x: int) -> bool:
        """Commit as the outside engine does, counting each letter pushed and each compared with the top."""
        lists = [self.record[i] for i, _ in self._uses[self.option_of[x]]]  # the option's cells' lists of letters
        before = [len(letters) for letters in lists]
        ok = super().commit(x)
        for letters, held in zip(lists, before):
            if len(letters) > held:  # a letter pushed onto this cell's list
                self.pushed += 1
                self.compared += held > 0  # compared with the letter on top, if the list held one
        if not ok:
            self._conflict_rows[self.level + 1] += 1  # the tried option's node: row level + 1 (row 0 is start)
        return ok

    def uncommit(self, x: int) -> None:
        """Uncommit as the outside engine does, counting the letters popped."""
        lists = [self.record[i] for i, _ in self._uses[self.option_of[x]]]  # the option's cells' lists of letters
        before = sum(map(len, lists))
        super().uncommit(x)
        self.popped += before - sum(map(len, lists))


class CountingC(_Zeroed, AlgorithmC):
    """Algorithm C, counting apart the link updates of its covers and of its purifies, and the purifies that find
    their cell's list empty."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self._zero()

    def _zero(self) -> None:
        """Every counter at zero, as before a search."""
        self.by_cover = self.by_purify = self.empty = 0

    def work(self) -> dict[str, int]:
        """The last search's work, each count in its own unit: link updates (in all, and by cause), and purifies."""
        return {
            "link updates": self.stats.updates,
            "link updates covering a word": self.by_cover,
            "link updates purifying a cell": self.by_purify,
            "purifies": self.stats.purifications,
            "purifies of an empty list": self.empty,
        }

    def cover(self, i: int) -> None:
        """Cover item i as Algorithm C does, counting the link updates it makes."""
        before = self.stats.updates
        super().cover(i)
        self.by_cover += self.stats.updates - before

    def purify(self, p: int) -> None:
        """Purify p's cell as Algorithm C does, counting the link updates it makes and noting a list found empty."""
        self.empty += self.len[self.top[p]] == 0  # LEN of p's cell: no node left in its list
        before = self.stats.updates
        super().purify(p)
        self.by_purify += self.stats.updates - before
