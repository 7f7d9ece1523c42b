"""The double-purify bug taken apart: Knuth's remark, the rule behind it, where it breaks, and the moments that follow.

Knuth remarks in DLX1 and DLX2, just before ``cover``: "When an option is hidden, it leaves all lists except
the list of the item that is being covered. Thus a node is never removed from a list twice." Its mirror (a node
is never put back into a list it is in) and the rule both halves rest on (undo is a stack, and one live cover or
purify holds an option out) are this library's words, not Knuth's. When an option is hidden, each of its nodes
leaves the list of its item, except the node in the item being covered or purified, which stays where it is.
The naive engine (:mod:`wordcover.naive`) breaks the rule: a second purify of the same item hides an option
that is hidden already.

:func:`invariant_breaks` runs a search with a ``hide`` and ``unhide`` that check both halves before each node
they move and lists every breach. :func:`walk` finds, in a recorded search, the six moments of one double
purify, with each counter beside the nodes really in its list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .analysis import options_of, walk_list
from .dancing_links import DancingLinks
from .engines import engine_info
from .errors import ProblemError
from .playback import WriteTrace
from .problem import Problem


def list_nodes(top: Sequence[int], dlink: Sequence[int], i: int) -> list[int]:
    """The nodes reached from item i's header by DLINK (stops after as many steps as there are nodes)."""
    return walk_list(dlink, i, len(top))


@dataclass(frozen=True)
class Breach:
    """One node moved against Knuth's remark (removed twice) or its mirror (inserted twice)."""

    what: str  # "removed twice" (hidden while out of its list) or "inserted twice" (unhidden while in it)
    level: int
    option: int  # the option hidden or unhidden
    item: str  # the list the node was taken out of, or put into
    len_before: int  # LEN(item) just before the move
    linked_before: int  # nodes really in the list just before the move

    def __str__(self) -> str:
        return (
            f"L{self.level}: option {self.option}'s node {self.what} in the list of {self.item} "
            f"(LEN {self.len_before}, {self.linked_before} linked)"
        )


class _Checked(DancingLinks):
    """Mixed in before an engine's class: its hide and unhide note every node they move against either half, then
    move it."""

    breaches: list[Breach]

    def _check(self, p: int, what: str, present: bool) -> None:
        engine = self
        top, color = engine.top, engine.color
        q = engine.option_start[engine.option_of[p]]
        while top[q] > 0:  # the nodes of p's option, up to the spacer after it
            x = top[q]
            if q != p and color[q] >= 0:  # p stays in its list; stickered nodes stay in place too
                members = list_nodes(top, engine.dlink, x)
                if (q in members) == present:
                    self.breaches.append(
                        Breach(what, engine.level, engine.option_of[q], engine.names[x], engine.len[x], len(members))
                    )
            q += 1

    def hide(self, p: int) -> None:
        self._check(p, "removed twice", present=False)
        super().hide(p)

    def unhide(self, p: int) -> None:
        self._check(p, "inserted twice", present=True)
        super().unhide(p)


def invariant_breaks(
    problem: Problem, engine: str | type[DancingLinks] = "naive", limit: int | None = None
) -> list[Breach]:
    """Every node a search removes from a list it is not in, or inserts into a list it is in, in order.

    ``engine`` is an engine's name or a class derived from ``DancingLinks`` (a variant written in a notebook).
    """
    base = engine_info(engine).load() if isinstance(engine, str) else engine
    if not (isinstance(base, type) and issubclass(base, DancingLinks)):
        raise ProblemError(f"the {engine!r} engine keeps no links to check")
    checked = type(f"Checked{base.__name__}", (_Checked, base), {})
    search = checked(problem)
    search.breaches = []
    for _ in search.solutions(limit):
        pass
    breaches: list[Breach] = search.breaches
    return breaches


@dataclass(frozen=True)
class Moment:
    """One moment of a double purify: a frame of the recorded search and the counters it shows."""

    name: str
    frame: int  # the frame just after the event
    event: str  # the trace's line for that event
    counters: dict[str, tuple[int, int]]  # item of the option -> (LEN, nodes really linked)
    in_list: dict[str, bool]  # item of the option -> whether the option's node is in that item's list

    def __str__(self) -> str:
        counts = ", ".join(f"{item} {n} ({linked} linked)" for item, (n, linked) in self.counters.items())
        inside = ", ".join(f"{item} {'in' if yes else 'out'}" for item, yes in self.in_list.items())
        return f"frame {self.frame}: {self.event}\n  LEN: {counts}\n  its nodes: {inside}"


MOMENTS = ("hidden", "hidden again", "back too soon", "tried", "wrong solution", "unhidden again")


def walk(trace: WriteTrace) -> list[Moment]:
    """The moments of the first option hidden twice in a recorded search (fewer when the search has fewer).

    hidden: a purify hides the option (its node in the purified item stays in that list);
    hidden again: a second purify of that item hides it again while the first still holds;
    back too soon: the inner unpurify unhides it, though the outer purify still wants it hidden;
    tried: the search reaches it in its item's list and tries it;
    wrong solution: the solution found with it;
    unhidden again: it is unhidden once more, relinking nodes that never left their lists.
    """
    events = [trace.event(k) for k in range(trace.frames - 1)]
    live: dict[int, int] = {}  # option -> hides not yet undone
    first: dict[int, int] = {}  # option -> the event that hid it while it was not hidden
    found: list[tuple[str, int]] = []
    option = -1
    for k, e in enumerate(events):
        if e.kind == "hide" and e.option is not None:
            live[e.option] = live.get(e.option, 0) + 1
            if live[e.option] == 1:
                first[e.option] = k
            elif live[e.option] == 2:
                option = e.option
                found = [("hidden", first[option]), ("hidden again", k)]
                break
        elif e.kind == "unhide" and e.option is not None:
            live[e.option] = live.get(e.option, 0) - 1
    if option < 0:
        return []
    wanted = iter(MOMENTS[2:])
    name = next(wanted)
    for k in range(found[-1][1] + 1, len(events)):
        e = events[k]
        hit = (
            (name == "back too soon" and e.kind == "unhide" and e.option == option)
            or (name == "tried" and e.kind == "try" and e.option == option)
            or (name == "wrong solution" and e.kind == "solution")
            or (name == "unhidden again" and e.kind == "unhide" and e.option == option)
        )
        if hit:
            found.append((name, k))
            name = next(wanted, "")
            if not name:
                break
    return [_moment(trace, option, name, k + 1) for name, k in found]


def _moment(trace: WriteTrace, option: int, name: str, frame: int) -> Moment:
    """The counters of the option's items at one frame, replayed from the trace."""
    arrays = trace.arrays_at(frame)
    top, dlink, length = arrays["TOP"], arrays["DLINK"], arrays["LEN"]
    start = _option_start(top, option)
    counters: dict[str, tuple[int, int]] = {}
    in_list: dict[str, bool] = {}
    q = start
    while top[q] > 0:
        i = top[q]
        members = list_nodes(top, dlink, i)
        counters[trace.names[i]] = (length[i], len(members))
        in_list[trace.names[i]] = q in members
        q += 1
    return Moment(name, frame, trace.describe(frame), counters, in_list)


def _option_start(top: Sequence[int], option: int) -> int:
    """The first node of an option: the one after the spacer before it (TOP 0 for option 0, else -option)."""
    first_spacer = next(x for x in range(1, len(top)) if top[x] <= 0)  # N+1: headers come first
    return top.index(-option, first_spacer) + 1


def changes(trace: WriteTrace, frame: int) -> list[str]:
    """What the event that led to ``frame`` changed in Knuth's arrays, one line a value, e.g. 'LEN(Q) 1 -> 0'.

    Found by comparing the arrays replayed to ``frame - 1`` and to ``frame``, so a write of the value already
    there does not show: it changes nothing.
    """
    if frame < 1:
        return []
    before, after = trace.arrays_at(frame - 1), trace.arrays_at(frame)
    n = len(trace.names) - 1
    option_of, _ = options_of(before["TOP"], n)

    def item(x: int) -> str:  # LLINK and RLINK join items: 0 heads the primary ones, N+1 the secondary ones
        return "root" if x == 0 else "the secondary head" if x == n + 1 else trace.names[x]

    def node(x: int) -> str:
        return item(x) if x <= n else f"node {x} (option {option_of[x]}, {trace.names[before['TOP'][x]]})"

    lines = []
    for name in ("LLINK", "RLINK", "ULINK", "DLINK", "COLOR", "LEN"):
        for x, (old, new) in enumerate(zip(before[name], after[name])):
            if old != new:
                if name in ("LLINK", "RLINK"):
                    lines.append(f"{name}({item(x)}) {item(old)} -> {item(new)}")
                elif name in ("ULINK", "DLINK"):
                    lines.append(f"{name}({node(x)}) {node(old)} -> {node(new)}")
                else:
                    lines.append(f"{name}({node(x)}) {old} -> {new}")
    return lines
