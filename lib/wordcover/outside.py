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
"""

from __future__ import annotations

from collections.abc import Sequence

from .dancing_links import DancingLinks
from .problem import Entry

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
