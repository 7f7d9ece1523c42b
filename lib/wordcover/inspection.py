"""Looking at the links without changing them: each item's LEN beside the truth, Knuth's sanity check.

:class:`Inspection` is mixed into every engine of :mod:`wordcover.dancing_links`, so
``engine.snapshot()``, ``engine.sanity()`` and ``engine.state()`` work on any of them,
while the core class holds only the layout, the primitives and the search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ItemState:
    """One item at one moment: Knuth's LEN beside the nodes really linked in its list."""

    name: str
    primary: bool
    active: bool  # still in its list of items (not covered)
    len: int  # LEN(i), the counter the search believes
    actual: int  # nodes reached by following DLINK from the header
    consistent: bool  # the walk came back to the header with ULINK(DLINK(q)) = q all the way

    @property
    def drift(self) -> int:
        """How far LEN is from the truth."""
        return self.len - self.actual


@dataclass(frozen=True)
class Snapshot:
    """The whole state of the links at one moment of a search."""

    level: int
    chosen: tuple[int, ...]  # options in the partial solution, by level
    items: tuple[ItemState, ...]
    active_options: tuple[int, ...]  # options still available to the search
    linked: frozenset[tuple[int, str]]  # (option, item) nodes linked in their item's list
    stickered: frozenset[tuple[int, str]]  # (option, item) nodes carrying a sticker

    def item(self, name: str) -> ItemState:
        """The state of one item, by name."""
        for state in self.items:
            if state.name == name:
                return state
        raise KeyError(name)


class Inspection:
    """snapshot(), sanity() and state() over Knuth's arrays, for any engine that has them."""

    # the arrays and fields of the engine this is mixed into (see dancing_links.DancingLinks)
    n: int
    n1: int
    names: list[str]
    llink: list[int]
    rlink: list[int]
    top: list[int]
    ulink: list[int]
    dlink: list[int]
    color: list[int]
    len: list[int]
    option_of: list[int]
    option_start: list[int]
    level: int
    _choice: list[int]
    _busy: bool
    _trying: bool

    def _walk(self, i: int) -> tuple[list[int], bool]:
        """The nodes reached from header i by DLINK, and whether the list is sound."""
        ulink, dlink = self.ulink, self.dlink
        bound = len(self.top)
        reached: list[int] = []
        q = dlink[i]
        sound = ulink[q] == i
        while q != i and len(reached) < bound:
            reached.append(q)
            if self.top[q] != i or ulink[dlink[q]] != q:
                sound = False
            q = dlink[q]
        return reached, sound and q == i

    def linked_length(self, i: int) -> int:
        """How many nodes are really in item i's list (what LEN(i) should say)."""
        return len(self._walk(i)[0])

    def _listed_items(self) -> list[int]:
        """The items still in the two lists of items, in list order (a broken list is cut short)."""
        listed = []
        for head in (0, self.n + 1):
            k = self.rlink[head]
            steps = 0
            while k != head and steps <= self.n:
                listed.append(k)
                k = self.rlink[k]
                steps += 1
        return listed

    def snapshot(self, chosen: Sequence[int] | None = None) -> Snapshot:
        """Every item's LEN beside its real length, and which options are still active.

        ``chosen`` names the options of the partial solution, level by level, for links set from outside a
        search (a replayed trace); by default they are the search's own choices.
        """
        active = set(self._listed_items())
        items = []
        linked_nodes: set[int] = set()
        for i in range(1, self.n + 1):
            reached, sound = self._walk(i)
            linked_nodes.update(reached)
            items.append(ItemState(self.names[i], i <= self.n1, i in active, self.len[i], len(reached), sound))
        level = self.level if chosen is None else len(chosen)
        if chosen is None:
            depth = self.level + (1 if self._trying else 0)
            chosen = tuple(self.option_of[self._choice[k]] for k in range(depth)) if self._busy else ()
        chosen = tuple(chosen)
        chosen_set = set(chosen)
        names, top, option_of = self.names, self.top, self.option_of
        linked = frozenset((option_of[x], names[top[x]]) for x in linked_nodes)
        stickered = frozenset(
            (option_of[x], names[top[x]]) for x in range(self.n + 2, len(top)) if top[x] > 0 and self.color[x] < 0
        )
        active_options = []
        for k, start in enumerate(self.option_start):
            if k in chosen_set:
                continue
            x = start
            ok = True
            while top[x] > 0:
                if x not in linked_nodes or (top[x] <= self.n1 and top[x] not in active):
                    ok = False
                    break
                x += 1
            if ok:
                active_options.append(k)
        return Snapshot(level, chosen, tuple(items), tuple(active_options), linked, stickered)

    def sanity(self) -> list[str]:
        """Knuth's sanity(): every list well linked and every LEN right; [] when all is well."""
        problems = []
        for i in range(1, self.n + 1):
            reached, sound = self._walk(i)
            if not sound:
                problems.append(f"item {self.names[i]}: the links of its list do not close up")
            if len(reached) != self.len[i]:
                problems.append(f"item {self.names[i]}: LEN is {self.len[i]} but {len(reached)} nodes are linked")
        for k in self._listed_items():
            if self.llink[self.rlink[k]] != k:
                problems.append(f"item {self.names[k]}: LLINK(RLINK(i)) is not i")
        return problems

    def state(self) -> tuple[tuple[int, ...], ...]:
        """A copy of every link and counter, to compare before and after a search."""
        return tuple(tuple(a) for a in (self.llink, self.rlink, self.top, self.ulink, self.dlink, self.color, self.len))
