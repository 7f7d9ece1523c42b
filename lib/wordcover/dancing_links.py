"""The Dancing Links core shared by every engine (TAOCP 7.2.2.1, Knuth's DLX1/DLX2).

The data structure is Knuth's array layout, held in Python lists:

* items ``1..N`` (primary first) with ``LLINK``/``RLINK``: the primary items form
  a circular list headed by ``0`` (the root), the secondary items another one
  headed by ``N+1``; an item is *active* while it is in its list;
* nodes with ``TOP``, ``ULINK``, ``DLINK`` and ``COLOR``: node ``i`` (for
  ``1 <= i <= N``) heads the list of item ``i``; the nodes of each option follow
  one another, separated by *spacers* whose ``TOP`` is ``<= 0``, whose ``ULINK``
  is the first node of the option before and whose ``DLINK`` is the last node of
  the option after;
* ``LEN(i)``, the number of nodes in the list of item ``i``.

The class below holds the layout (step C1), the primitives (cover, hide, and
their inverses) and the search (steps C2-C8); with no colours it is exactly
Algorithm X. Subclasses change only the primitives that differ: Algorithm C adds
``purify``/``unpurify`` and the sticker, the naive engine changes only
``purify``/``unpurify``. Inspection (``snapshot``, ``sanity``) lives in
:mod:`wordcover.inspection`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .errors import ProblemError
from .inspection import Inspection
from .problem import Entry, Problem
from .progress import PROGRESS_MASK, Progress


@dataclass
class SearchStats:
    """Knuth's counters for one search, in one plain record."""

    solutions: int = 0  # solutions visited
    nodes: int = 0  # search-tree nodes (entries to step C2)
    updates: int = 0  # removals from a list (Knuth: updates): the item by cover, each node by hide; two writes each
    purifications: int = 0  # calls of purify
    stickers: int = 0  # nodes given a sticker by purify (Knuth: cleansings are purifications + stickers)
    conflicts: int = 0  # options rejected after being tried (colours outside the matrix)
    gave_up: bool = False  # the search stopped at its node limit before it was complete
    profile: list[int] = field(default_factory=list)  # search-tree nodes per level

    def __str__(self) -> str:
        """The counters on short lines, numbers never split: the totals, then the profile by level."""
        lines = [f"{self.solutions:,} solutions, {self.nodes:,} nodes, {self.updates:,} updates"]
        extra = [(self.purifications, "purifications"), (self.stickers, "stickers"), (self.conflicts, "conflicts")]
        if any(n for n, _ in extra):
            lines.append(", ".join(f"{n:,} {name}" for n, name in extra))
        if self.gave_up:
            lines.append("gave up at the node limit: the counts are partial")
        line = "nodes per level:"
        for level, n in enumerate(self.profile):
            cell = f" {level}:{n:,}"
            if len(line) + len(cell) > 88:
                lines.append(line)
                line = " " * len("nodes per level:")
            line += cell
        lines.append(line)
        return "\n".join(lines)


@dataclass(frozen=True)
class Event:
    """One step of a search, as an observer receives it."""

    kind: str  # choose try cover uncover hide unhide purify unpurify commit uncommit conflict solution backtrack
    level: int
    item: str | None = None
    option: int | None = None
    colour: str | None = None
    cause: str | None = None  # the primitive running when this one began: "purify" for its hides, "commit" ...


Observer = Callable[[Event, "DancingLinks"], Any]
OnWrite = Callable[[str, int, int, int], Any]  # on_write(array, index, old, new): a traced engine's array write
ARRAY_NAMES = ("LLINK", "RLINK", "ULINK", "DLINK", "COLOR", "LEN")  # the arrays a search writes, in Knuth's names


class DancingLinks(Inspection):
    """Algorithm X in Knuth's array layout; the base of every engine.

    ``solutions()`` yields each solution as a tuple of option indices in the
    order they were chosen; ``count()`` counts without building them; both take
    a ``limit`` and a ``node_limit``. ``stats`` holds the counters of the latest
    search. This class knows Knuth's arrays only; a traced engine, made by
    :func:`wordcover.engines.make_traced` from :mod:`wordcover.traced`, reports every step to an
    ``observer(event, engine)`` and every array write to ``on_write(array, index, old, new)``.
    """

    name = "x"
    title = "Algorithm X"
    colours = False  # whether the engine takes colour items

    observer: Observer | None = None  # a traced engine's (wordcover.traced): hears every step
    on_write: OnWrite | None = None  # a traced engine's: hears every array write

    def __init__(self, problem: Problem) -> None:
        if not isinstance(problem, Problem):
            raise ProblemError(f"expected a Problem, got {type(problem).__name__}")
        if problem.has_colours and not self.colours:
            coloured = next(str(e) for o in problem.options for e in o if e.colour is not None)
            raise ProblemError(
                f"{self.title} takes no colours (found {coloured}); use the 'sticker' engine (Algorithm C)"
            )
        self.problem = problem
        self.stats = SearchStats()
        self.level = 0
        self._busy = False
        self._quiet = False
        self._trying = False
        self._build()

    # ---- C1: initialise the data structure -------------------------------------------

    def _option_entries(self, k: int) -> Sequence[Entry]:
        """The entries of option ``k`` that become nodes of the matrix."""
        return self.problem.options[k]

    def _build(self) -> None:
        """C1: lay out items, nodes and spacers exactly as Knuth does."""
        problem = self.problem
        n1 = len(problem.primary)
        n = n1 + len(problem.secondary)
        self.n1, self.n = n1, n
        self.names = [""] + list(problem.items)  # NAME(i); NAME(0) is the root
        llink = [0] * (n + 2)  # LLINK(i)
        rlink = [0] * (n + 2)  # RLINK(i)
        for head, members in ((0, range(1, n1 + 1)), (n + 1, range(n1 + 1, n + 1))):
            ring = [head, *members]  # primary items circle through the root 0, secondary through N+1
            for a, b in zip(ring, ring[1:] + ring[:1]):
                rlink[a], llink[b] = b, a
        self.llink, self.rlink = self._array("LLINK", llink), self._array("RLINK", rlink)

        colour_code: dict[str, int] = {}
        self.colour_names: list[str | None] = [None]  # COLOR 0 means no colour
        top = [0] * (n + 1)  # TOP(x); headers have TOP 0 here and LEN kept apart
        ulink = list(range(n + 1))  # ULINK(x)
        dlink = list(range(n + 1))  # DLINK(x)
        color = [0] * (n + 1)  # COLOR(x): 0 none, > 0 a colour, -1 a sticker
        length = [0] * (n + 1)  # LEN(i)
        option_of = [-1] * (n + 1)  # the option that node x belongs to (-1: header or spacer)
        self.option_start: list[int] = []

        def add_node(t: int, u: int, d: int, c: int, k: int) -> None:
            """Append a node (or a spacer) with TOP, ULINK, DLINK, COLOR and its option."""
            top.append(t)
            ulink.append(u)
            dlink.append(d)
            color.append(c)
            option_of.append(k)

        add_node(0, 0, 0, 0, -1)  # the first spacer
        spacer = n + 1
        index = problem.index
        for k in range(len(problem.options)):
            first = len(top)
            for entry in self._option_entries(k):
                i = index[entry.item] + 1
                x = len(top)
                if entry.colour is None:
                    code = 0
                else:
                    code = colour_code.setdefault(entry.colour, len(colour_code) + 1)
                    if code == len(self.colour_names):
                        self.colour_names.append(entry.colour)
                u = ulink[i]  # append x at the bottom of item i's list
                add_node(i, u, i, code, k)
                dlink[u] = x
                ulink[i] = x
                length[i] += 1
            dlink[spacer] = len(top) - 1  # the spacer before points to the last node
            spacer = len(top)
            add_node(-(k + 1), first, 0, 0, -1)
            self.option_start.append(first)
        self.top = top
        self.ulink, self.dlink = self._array("ULINK", ulink), self._array("DLINK", dlink)
        self.color, self.len = self._array("COLOR", color), self._array("LEN", length)
        self.option_of = option_of
        self._choice = [0] * (n1 + 1)  # x_0 .. x_{l-1}, the nodes chosen on each level

    def _array(self, name: str, values: list[int]) -> list[int]:
        """An array the search writes (``name`` from ``ARRAY_NAMES``) as C1 makes it; the traced class watches it."""
        return values

    def restore(self, arrays: dict[str, list[int]]) -> None:
        """Put Knuth's arrays (any of ``ARRAY_NAMES``) back as a recording holds them, to inspect that moment."""
        if self._busy:
            raise RuntimeError("cannot restore links while a search is running")
        unknown = set(arrays) - set(ARRAY_NAMES)
        if unknown:
            raise ProblemError(f"unknown array(s) {', '.join(sorted(unknown))}; choose from {', '.join(ARRAY_NAMES)}")
        for name, values in arrays.items():
            mine = getattr(self, name.lower())
            if len(values) != len(mine):
                raise ProblemError(f"{name} has {len(mine)} entries in this engine, not {len(values)}")
            setattr(self, name.lower(), self._array(name, list(values)))

    def reset(self) -> None:
        """Rebuild the links from the problem (the only cure after a naive search)."""
        if self._busy:
            raise RuntimeError("cannot reset while a search is running")
        self._build()

    @contextmanager
    def walking(self) -> Iterator[None]:
        """Hold the engine for a walk of its own through the links (an estimate's probe, say).

        No search may start meanwhile and no observer hears the walk; the counters and level are as
        they were afterwards; an exception in the middle of an update leaves the links rebuilt, as a
        search does. The walk itself must undo what it does.
        """
        if self._busy:
            raise RuntimeError("this engine is searching; walk it before or after the search")
        saved_stats, saved_level = self.stats, self.level
        self.stats = SearchStats()  # cover and hide count updates; the caller's counters stay untouched
        self._busy = self._quiet = True
        try:
            yield
        except BaseException:
            self._build()
            raise
        finally:
            self.stats, self.level = saved_stats, saved_level
            self._busy = self._quiet = False

    # ---- the primitives of TAOCP 7.2.2.1: hide, cover and their inverses ----------------

    def hide(self, p: int) -> None:
        """Unlink the other nodes of p's option from their item lists."""
        top, ulink, dlink, length = self.top, self.ulink, self.dlink, self.len
        q = p + 1
        n = 0
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: back to the start of the option
                q = ulink[q]
                continue
            u, d = ulink[q], dlink[q]
            dlink[u] = d
            ulink[d] = u
            length[x] -= 1
            n += 1
            q += 1
        self.stats.updates += n

    def unhide(self, p: int) -> None:
        """Undo hide(p), relinking the nodes in reverse order."""
        top, ulink, dlink, length = self.top, self.ulink, self.dlink, self.len
        q = p - 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: on to the end of the option
                q = dlink[q]
                continue
            u, d = ulink[q], dlink[q]
            dlink[u] = q
            ulink[d] = q
            length[x] += 1
            q -= 1

    def cover(self, i: int) -> None:
        """Take i out of its list of items, then hide every option of i (the order of DLX1 and DLX2)."""
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = right
        self.llink[right] = left
        self.stats.updates += 1  # Knuth counts taking i out of its list as an update too
        dlink, hide = self.dlink, self.hide
        p = dlink[i]
        while p != i:
            hide(p)
            p = dlink[p]

    def uncover(self, i: int) -> None:
        """Undo cover(i) as TAOCP's (14) does: put i back in its list of items, then unhide its options bottom up.

        TAOCP's (12) covers the other way round (hides top down, takes i out last), so (14) is (12) undone step by
        step. DLX1 and DLX2 take i out first (as ``cover`` here does) and put it back last, after unhiding the
        options top down, in cover's own order, which dlx1.w says does "no harm". Where i leaves and rejoins
        matters to nobody: it writes only LLINK and RLINK, which no hide or unhide reads.
        """
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = i
        self.llink[right] = i
        ulink, unhide = self.ulink, self.unhide
        p = ulink[i]
        while p != i:
            unhide(p)
            p = ulink[p]

    def purify(self, p: int) -> None:
        """Keep only the options that agree with p's colour (Algorithm C only)."""
        raise NotImplementedError(f"{self.title} has no colours to purify")

    def unpurify(self, p: int) -> None:
        """Undo purify(p) (Algorithm C only)."""
        raise NotImplementedError(f"{self.title} has no colours to unpurify")

    def commit(self, x: int) -> bool:
        """C5: commit every item of x's option but the one x is in, left to right.

        True when the option may stay; the colours-outside engine answers False for a clash.
        """
        top, ulink, color = self.top, self.ulink, self.color
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:  # a spacer: back to the start of the option
                p = ulink[p]
                continue
            c = color[p]
            if c == 0:
                self.cover(j)
            elif c > 0:
                self.purify(p)  # c < 0 is a sticker: the item is purified already
            p += 1
        return True

    def uncommit(self, x: int) -> None:
        """C6: undo commit(x), right to left."""
        top, dlink, color = self.top, self.dlink, self.color
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:  # a spacer: on to the end of the option
                p = dlink[p]
                continue
            c = color[p]
            if c == 0:
                self.uncover(j)
            elif c > 0:
                self.unpurify(p)
            p -= 1

    # ---- the search: Algorithm C, steps C2-C8 ---------------------------------------

    def choose(self) -> int:
        """C3: the active primary item with the fewest options (minimum remaining values), ties to the first."""
        rlink, length = self.rlink, self.len
        i = k = rlink[0]
        t = length[i]
        while t and k:
            if length[k] < t:
                i, t = k, length[k]
            k = rlink[k]
        return i

    def _search(
        self, limit: int | None, node_limit: int | None = None, visit: bool = True, progress: Progress | None = None
    ) -> Iterator[int]:
        """Run the search; with ``visit``, yield the level at each solution found (else only count them).

        With ``node_limit`` the search gives up (``stats.gave_up``) before entering more nodes;
        ``progress(n)`` hears the number of solutions now and then.
        """
        if self._busy:
            raise RuntimeError("this engine is already searching; finish or close that search first")
        check_limits(limit, node_limit)
        budget = node_limit
        self._busy = True
        stats = self.stats = SearchStats(profile=[0] * (self.n1 + 2))
        profile = stats.profile
        rlink, dlink, top = self.rlink, self.dlink, self.top
        choose, cover, uncover = self.choose, self.cover, self.uncover
        commit, uncommit = self.commit, self.uncommit
        obs = self.observer
        choice = self._choice
        deepest = len(choice) - 1  # N1 levels at most: x_0 .. x_{N1-1}
        level = solutions = 0
        clash = False  # the option just tried clashed (the colours-outside engine): this node only backtracks
        at_rest = False  # whether the links match the choices x_0 .. x_{l-1}, so that stopping can undo them
        try:
            while True:
                # C2: [Enter level l.] Count the node (giving up past the budget); if no primary item is left,
                # visit a solution.
                if budget is not None:
                    budget -= 1
                    if budget < 0:
                        stats.gave_up = at_rest = True
                        return
                profile[level] += 1
                if clash:  # commit refused the option tried last: a node that backtracks at once
                    stats.conflicts += 1
                    if obs is not None:  # reported at the clash's own level, where x_{l-1} is still committed
                        self.level = level
                        self._emit("conflict", option=self.option_of[choice[level - 1]])
                    leave = True
                elif rlink[0] == 0:
                    solutions += 1
                    if obs is not None or visit:
                        self.level, stats.solutions = level, solutions
                    if obs is not None:
                        self._emit("solution")
                    if visit:
                        at_rest = True
                        yield level
                        at_rest = False
                    elif progress is not None and not solutions & PROGRESS_MASK:
                        progress(solutions)
                    if limit is not None and solutions >= limit:
                        at_rest = True
                        return
                    leave = True
                elif level == deepest:
                    # Every level covers a primary item, so a correct search never gets here with one left;
                    # lists that the naive engine has corrupted can claim one. Take it as a dead end.
                    leave = True
                else:
                    self.level = level
                    i = choose()  # C3: [Choose i.]
                    if obs is not None:
                        self._emit("choose", item=i)
                    cover(i)  # C4: [Cover i.]
                    x = dlink[i]
                    leave = False
                while True:
                    if leave:
                        # C8: [Leave level l.] Then C6: [Try again.] with the next option of item i.
                        if level == 0:
                            at_rest = True
                            return
                        level -= 1
                        if obs is not None:  # reported before self.level moves: the last event's state is whole
                            self._emit("backtrack", level=level)
                        self.level = level
                        x = choice[level]
                        uncommit(x)
                        i = top[x]
                        x = dlink[x]
                    if x != i:
                        # C5: [Try x_l.] Commit the other items of the option, then enter level l + 1.
                        choice[level] = x
                        if obs is not None:
                            self._emit("try", option=self.option_of[x])
                        clash = not commit(x)
                        level += 1
                        break
                    uncover(i)  # C7: [Backtrack.]
                    leave = True
        finally:
            stats.solutions = solutions
            stats.nodes = sum(profile)
            while len(profile) > 1 and profile[-1] == 0:
                profile.pop()
            self._busy = False
            if at_rest:
                self._unwind(level)
            else:  # an exception struck in the middle of an update: start afresh
                self._build()
            self.level = 0

    def _unwind(self, level: int) -> None:
        """Undo the choices on levels ``level-1 .. 0`` (a search stopped early)."""
        self._quiet = True
        try:
            for lev in range(level - 1, -1, -1):
                x = self._choice[lev]
                self.uncommit(x)
                self.uncover(self.top[x])
        finally:
            self._quiet = False

    def solutions(self, limit: int | None = None, node_limit: int | None = None) -> Iterator[tuple[int, ...]]:
        """Yield each solution as a tuple of option indices, in the order chosen.

        ``node_limit`` bounds the search tree; ``stats.gave_up`` tells whether it was reached.
        """
        option_of, choice = self.option_of, self._choice
        for level in self._search(limit, node_limit):
            yield tuple(option_of[choice[k]] for k in range(level))

    def count(self, limit: int | None = None, node_limit: int | None = None, progress: Progress | None = None) -> int:
        """Count the solutions (up to ``limit``) without building any of them.

        ``progress(n)``, when given, is called after every 16,384 solutions; ``node_limit``
        bounds the search tree (``stats.gave_up`` tells whether it was reached).
        """
        for _ in self._search(limit, node_limit, visit=False, progress=progress):
            pass  # nothing is yielded: the search counts by itself
        return self.stats.solutions

    def first(self) -> tuple[int, ...] | None:
        """The first solution, or None when there is none."""
        return next(self.solutions(limit=1), None)

    # ---- tracing ----------------------------------------------------------------------

    def _emit(
        self,
        kind: str,
        item: int | None = None,
        option: int | None = None,
        colour: str | None = None,
        cause: str | None = None,
        level: int | None = None,
    ) -> None:
        if self._quiet or self.observer is None:
            return
        name = self.names[item] if item is not None else None
        self.observer(Event(kind, self.level if level is None else level, name, option, colour, cause), self)


def check_limits(limit: int | None, node_limit: int | None) -> None:  # every engine's limits, fast one included
    """Refuse a limit that is not a positive whole number."""
    for name, value, what in (("limit", limit, "solutions"), ("node_limit", node_limit, "nodes")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise ProblemError(f"{name} must be a positive number of {what}, got {value!r}")
