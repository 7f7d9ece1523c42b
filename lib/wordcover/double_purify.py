"""The double-purify bug taken apart: Knuth's remark, the rule behind it, where it breaks, and the moments that follow.

Knuth remarks in DLX1 and DLX2, just before ``cover``: "When an option is hidden, it leaves all lists except
the list of the item that is being covered. Thus a node is never removed from a list twice." Its mirror (a node
is never put back into a list it is in) and the rule both halves rest on (undo is a stack, and one live cover or
purify holds an option out) are this library's words, not Knuth's. When an option is hidden, each of its nodes
leaves the list of its item, except the node in the item being covered or purified, which stays where it is.
The naive engine (:mod:`wordcover.naive`) breaks the rule: a second purify of the same item hides an option
that is hidden already.

:func:`invariant_breaks` runs a search with a ``hide`` and ``unhide`` that check both halves before each node
they move and lists every breach, one a node. :func:`walk` finds, in a recorded search, the six moments of one double
purify, with each counter beside the nodes really in its list; :func:`unowed_unhide` finds the first unhide that no
hide owed, and reads the list it starts from both ways. :class:`NaiveUncoverDown` is the naive engine with DLX2's
uncover, which walks each list down where ours walks up.
"""

from __future__ import annotations

import ast
import inspect
import io
import textwrap
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .analysis import options_of, walk_list
from .dancing_links import DancingLinks
from .engines import engine_info
from .errors import ProblemError
from .naive import NaiveAlgorithmC
from .playback import WriteTrace
from .problem import Problem


def working_lines(function: Callable[..., object]) -> str:
    """A function's source without its docstring, comments and blank lines: the lines that run."""
    source = textwrap.dedent(inspect.getsource(function))
    body = ast.parse(source).body[0].body  # type: ignore[attr-defined]
    doc = body[0] if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else None
    dropped = set(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1)) if doc else set()
    cut = {
        t.start[0]: t.start[1]
        for t in tokenize.generate_tokens(io.StringIO(source).readline)
        if t.type == tokenize.COMMENT
    }
    lines = [line[: cut.get(n, len(line))] for n, line in enumerate(source.splitlines(), 1) if n not in dropped]
    return "\n".join(line.rstrip() for line in lines if line.strip())


class NaiveUncoverDown(NaiveAlgorithmC):
    """The naive engine with DLX2's uncover(i): i's options unhidden top down, then i put back (ours: i first, then
    bottom up). On sound lists the two restore the same links; on the naive engine's broken ones they differ."""

    def uncover(self, i: int) -> None:
        dlink, unhide = self.dlink, self.unhide
        p = dlink[i]
        while p != i:  # the one change: DLINK, where ours follows ULINK
            unhide(p)
            p = dlink[p]
        self.rlink[self.llink[i]] = i
        self.llink[self.rlink[i]] = i


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
    every_node = False  # True: check stickered nodes too (for an engine whose hide moves them)

    def _check(self, p: int, what: str, present: bool) -> None:
        engine = self
        top, color = engine.top, engine.color
        q = engine.option_start[engine.option_of[p]]
        while top[q] > 0:  # the nodes of p's option, up to the spacer after it
            x = top[q]
            if q != p and (color[q] >= 0 or self.every_node):  # p stays in its list; stickered nodes stay too
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
    problem: Problem, engine: str | type[DancingLinks] = "naive", limit: int | None = None, every_node: bool = False
) -> list[Breach]:
    """Every node a search removes from a list it is not in, or inserts into a list it is in, in order.

    ``engine`` is an engine's name or a class derived from ``DancingLinks`` (a variant written in a notebook).
    A node with a sticker is passed over, as Knuth's hide passes it over, unless ``every_node`` (for a variant
    whose hide and unhide move stickered nodes too).
    """
    base = engine_info(engine).load() if isinstance(engine, str) else engine
    if not (isinstance(base, type) and issubclass(base, DancingLinks)):
        raise ProblemError(f"the {engine!r} engine keeps no links to check")
    checked = type(f"Checked{base.__name__}", (_Checked, base), {})
    search = checked(problem)
    search.breaches = []
    search.every_node = every_node
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


@dataclass(frozen=True)
class UnowedUnhide:
    """The first unhide that no hide owed, and the list its unpurify walks, read both ways just before it."""

    frame: int  # the frame just after that unhide
    event: str  # the trace's line for it
    inside: str  # the trace's line for the unpurify (or uncover) that runs it
    item: str  # the list that operation walks
    option: int  # the option it unhides
    down: list[int]  # the nodes met from the item's header by DLINK, just before
    up: list[int]  # the nodes met from the item's header by ULINK, just before
    option_of: dict[int, int]  # each of those nodes -> its option

    def __str__(self) -> str:
        def met(nodes: list[int]) -> str:
            return ", then ".join(f"node {x} (option {self.option_of[x]})" for x in nodes) or "no node"

        return (
            f"frame {self.frame}: {self.event}, inside {self.inside}\n"
            f"  walking down {self.item}'s list by DLINK at frame {self.frame - 1}: {met(self.down)}\n"
            f"  walking up {self.item}'s list by ULINK at frame {self.frame - 1}: {met(self.up)}"
        )


def unowed_unhide(trace: WriteTrace) -> UnowedUnhide:
    """The first unhide of a recorded search that undoes no hide, with its list walked down and up just before."""
    frame = trace.analysis.marks["spurious"][0]
    event = trace.event(frame - 1)
    assert event.item is not None and event.option is not None
    arrays = trace.arrays_at(frame - 1)
    i = trace.names.index(event.item)
    down = walk_list(arrays["DLINK"], i, len(arrays["DLINK"]))
    up = walk_list(arrays["ULINK"], i, len(arrays["ULINK"]))
    return UnowedUnhide(
        frame,
        trace.describe(frame),
        trace.describe(trace.head(frame)),
        event.item,
        event.option,
        down,
        up,
        {x: trace.analysis.option_of[x] for x in down + up},
    )


def frames_after(
    trace: WriteTrace, kind: str | None = None, cause: str | None = None, option: int | None = None
) -> list[int]:
    """The frames just after each event of this kind, run by this cause, on this option (each one given), in order."""
    wanted = {"kind": kind, "cause": cause, "option": option}
    return [
        f
        for f in range(1, trace.frames)
        if all(v is None or getattr(trace.event(f - 1), k) == v for k, v in wanted.items())
    ]


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


def counters(trace: WriteTrace, frame: int, items: Sequence[str]) -> str:
    """LEN beside the nodes really linked, for each of the items at a frame: 'Q 0 (1)' is LEN 0 with 1 node linked."""
    arrays, index = trace.arrays_at(frame), trace.names.index
    return "  ".join(
        f"{i} {arrays['LEN'][index(i)]} ({len(list_nodes(arrays['TOP'], arrays['DLINK'], index(i)))})" for i in items
    )


def drifting(trace: WriteTrace, frame: int) -> str:
    """Every LEN that differs from the nodes really linked at a frame, as :func:`counters` writes them, or 'none'."""
    arrays = trace.arrays_at(frame)
    top, dlink, length = arrays["TOP"], arrays["DLINK"], arrays["LEN"]
    items = [name for i, name in enumerate(trace.names) if i and length[i] != len(list_nodes(top, dlink, i))]
    return ", ".join(counters(trace, frame, [i]) for i in items) or "none"


def hide_table(trace: WriteTrace, option: int, items: Sequence[str], rows: int | None = None) -> str:
    """Each hide and unhide of one option, a line each (the first ``rows`` of them): its frame (the one just
    after it), level, the item it comes from, what ran it, how many of the option's other nodes it really moved
    and how many were already where it puts them (out for a hide, in for an unhide), and the counters of
    ``items`` just after. Read off Knuth's arrays: a node is in its list when walking down from the header by
    DLINK meets it."""
    top, mine = trace.arrays_at(0)["TOP"], trace.analysis.option_nodes[option]
    names = trace.names

    def linked(arrays: dict[str, list[int]], x: int) -> bool:
        return x in list_nodes(arrays["TOP"], arrays["DLINK"], top[x])

    lines = ["frame lvl event  from run by   moved already  LEN (nodes linked) just after"]
    events = [k for k in range(trace.frames - 1) if trace.event(k).option == option]
    for k in [k for k in events if trace.event(k).kind in ("hide", "unhide")][:rows]:
        e, before, after = trace.event(k), trace.arrays_at(k), trace.arrays_at(k + 1)
        puts_in = e.kind == "unhide"  # a hide takes the other nodes out of their lists, an unhide puts them back
        others = [x for x in mine if names[top[x]] != e.item]  # its node in the walked list stays
        already = [x for x in others if linked(before, x) == puts_in]
        moved = [x for x in others if x not in already and linked(after, x) == puts_in]
        lines.append(
            f"{k + 1:>5} L{e.level:<3}{e.kind:<7}{e.item:<5}{e.cause:<9}{len(moved):>5}{len(already):>8}  "
            f"{counters(trace, k + 1, items)}"
        )
    return "\n".join(lines)
