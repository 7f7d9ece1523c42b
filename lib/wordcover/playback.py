"""A search recorded as the array writes it makes, for a player that steps in both directions.

:func:`record_writes` runs a search once with every event traced (hide and unhide included) and
keeps, beside each event, the writes it made to Knuth's arrays: ``(array, index, old value, new
value)``. Events come in causal order (the traced engine's primitives report as they begin), and
each write is credited to the primitive that made it. Frame 0 is the problem as step C1 left it;
frame ``k`` is the state just after event ``k - 1``. Applying the writes of event ``k`` moves from
frame ``k`` to ``k + 1``; putting the old values back in reverse order moves back, so every frame is
exact and costs only its own writes.

The engine reports its writes itself: :func:`record_writes` makes a traced engine with an
``on_write`` hook (:func:`wordcover.engines.make_traced`), so the arrays that step C1 builds are
watched from the start and every write the search makes is heard here, with its old and new value,
before it is made. This module is the only recorder: the frames with snapshots of
:mod:`wordcover.tracing` are read off a recording made here.

The recorder only logs. What the recording means (each node's state, what an event really moved, the
marks, the double purifies, the alignment of two recordings) is derived once, by
:mod:`wordcover.analysis`, and read from there by the player, the notebooks and the tests
(``WriteTrace.analysis``, ``WriteTrace.marks``, ``WriteTrace.doubles``).

The payload (:meth:`WriteTrace.payload`) is plain JSON with the events and writes packed as base64
int32 arrays; the player in ``wordcover/static/player.js`` reads it in the browser, and
:meth:`WriteTrace.arrays_at` replays it here.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .analysis import INNER, WHO, Analysis, Double, align, analyse, pack
from .dancing_links import ARRAY_NAMES, DancingLinks, Event
from .engines import make_traced
from .errors import ProblemError
from .inspection import Snapshot
from .problem import Problem
from .verify import violations

DEFAULT_KINDS = frozenset(
    {
        "choose",
        "try",
        "cover",
        "uncover",
        "purify",
        "unpurify",
        "commit",
        "uncommit",
        "conflict",
        "solution",
        "backtrack",
    }
)  # hide and unhide are left out of a frame-by-frame recording by default: they come many to one cover or purify
ALL_KINDS = DEFAULT_KINDS | {"hide", "unhide"}  # every kind an engine reports
ARRAYS = ARRAY_NAMES  # the arrays a write can change, by code
KINDS = ("start", *sorted(ALL_KINDS | {"sticker", "unsticker"}))  # event codes: "start" (frame 0), every kind an
# engine emits, and the recorder's own "sticker" and "unsticker" (a COLOR write by purify or unpurify)
EVENT_FIELDS = 6  # kind, level, item, option, colour, end of its writes (in the payload: how many)
WRITE_FIELDS = 4  # array, index, old, new
JUMPS = (
    "next-choice",
    "prev-choice",
    "next-solution",
    "next-purify",
    "next-double-purify",
    "first-drift",
    "next-stranded",
    "next-early",
)
DEFAULT_MAX_EVENTS = 50_000  # about 1 MB of payload: plays smoothly in a browser


class _EventLimit(Exception):
    pass


def describe(event: Event, problem: Problem) -> str:
    """One line for an event, e.g. 'L1 purify r0c3 = L (option 7: ABEL at (0,0) E)'."""
    parts = [f"L{event.level}", event.kind]
    if event.item is not None:
        parts.append(event.item if event.colour is None else f"{event.item} = {event.colour}")
    if event.option is not None:
        parts.append(f"(option {event.option}: {problem.label(event.option)})")
    return " ".join(parts)


@dataclass(frozen=True)
class WriteTrace:
    """One search as events and the array writes each made; see the module docstring."""

    engine: str
    title: str  # the engine's own name for itself, e.g. "Algorithm C"
    problem: Problem
    initial: dict[str, list[int]]  # TOP, ULINK, DLINK, COLOR, LLINK, RLINK, LEN as step C1 leaves them
    names: tuple[str, ...]  # NAME(i), with NAME(0) the root
    primary: int  # N1, the number of primary items
    colour_names: tuple[str | None, ...]  # colour code -> name (0 is no colour)
    events: array[int]  # EVENT_FIELDS int32 per event
    causes: array[int]  # per event, the code of its cause in KINDS (-1: none); kept here, not sent to the player
    writes: array[int]  # WRITE_FIELDS int32 per write
    solutions: int
    complete: bool
    message: str

    @cached_property
    def analysis(self) -> Analysis:
        """Every fact this recording shows, derived once (:mod:`wordcover.analysis`)."""
        return analyse(self)

    @property
    def marks(self) -> dict[str, Any]:
        """Frames of choices, solutions, purifies, double purifies, strandings and stops; the first drift (or -1)."""
        return self.analysis.marks

    @property
    def doubles(self) -> dict[int, Double]:
        """The frame of each double purify -> what that purify did."""
        return self.analysis.doubles

    @property
    def frames(self) -> int:
        """Frames to show: the start and one after each event."""
        return len(self.events) // EVENT_FIELDS + 1

    def event(self, k: int) -> Event:
        """Event ``k`` (frame ``k + 1`` is the state just after it)."""
        kind, level, item, option, colour, _ = self.events[EVENT_FIELDS * k : EVENT_FIELDS * (k + 1)]
        cause = self.causes[k]
        return Event(
            KINDS[kind],
            level,
            self.names[item] if item >= 0 else None,
            option if option >= 0 else None,
            self.colour_names[colour] if colour > 0 else None,
            KINDS[cause] if cause >= 0 else None,
        )

    def describe(self, frame: int) -> str:
        """One line for the event that led to ``frame`` (the player's event line)."""
        if frame == 0:
            return "start: the links as built, before the search"
        return describe(self.event(frame - 1), self.problem)

    def arrays_at(self, frame: int) -> dict[str, list[int]]:
        """Knuth's arrays as they stand at ``frame``, by replaying the writes."""
        if not 0 <= frame < self.frames:
            raise ProblemError(f"frame must be between 0 and {self.frames - 1}, got {frame}")
        state = {name: list(values) for name, values in self.initial.items()}
        self._replay([state[name] for name in ARRAYS], 0, frame)
        return state

    def path_at(self, frame: int) -> list[int]:
        """The options chosen at ``frame``, level by level."""
        path: list[int] = []
        self.follow(path, 0, frame)
        return path

    def _replay(self, lists: list[list[int]], start: int, stop: int) -> None:
        """Make the writes of events ``start`` .. ``stop - 1`` in ``lists`` (by array code; codes past them skipped)."""
        first = self.events[EVENT_FIELDS * start - 1] if start else 0
        last = self.events[EVENT_FIELDS * stop - 1] if stop else 0
        w, known = self.writes, len(lists)
        for at in range(first * WRITE_FIELDS, last * WRITE_FIELDS, WRITE_FIELDS):
            if w[at] < known:
                lists[w[at]][w[at + 1]] = w[at + 3]

    def follow(self, path: list[int], start: int, stop: int) -> None:
        """Follow the choices of events start .. stop - 1 in ``path``: a try sets its level, a backtrack cuts it."""
        for k in range(start, stop):
            kind, level, _, option = self.events[EVENT_FIELDS * k : EVENT_FIELDS * k + 4]
            if KINDS[kind] in ("try", "backtrack"):
                del path[level:]
                if KINDS[kind] == "try":
                    path.append(option)

    def snapshot_at(self, frame: int) -> Snapshot:
        """The engine's own :class:`Snapshot` of the links at ``frame`` (for pictures and checks)."""
        if not 0 <= frame < self.frames:
            raise ProblemError(f"frame must be between 0 and {self.frames - 1}, got {frame}")
        return next(self.snapshots([frame]))

    def snapshots(self, frames: Iterable[int]) -> Iterator[Snapshot]:
        """The engine's own :class:`Snapshot` at each of ``frames`` (in increasing order), replaying the writes once."""
        engine = make_traced(self.problem, self.engine)  # no observer: a plain engine, to be looked at
        state = {name: list(self.initial[name]) for name in ARRAY_NAMES}
        lists = [state[name] for name in ARRAY_NAMES]
        path: list[int] = []
        done = 0  # the frame the state and path stand at
        for frame in frames:
            if frame < done or frame >= self.frames:
                raise ProblemError(f"frames must increase from {done} and stay below {self.frames}, got {frame}")
            self._replay(lists, done, frame)  # event k leads from frame k to frame k + 1
            self.follow(path, done, frame)
            done = frame
            engine.restore(state)
            yield engine.snapshot(chosen=path)

    def kind_at(self, frame: int) -> str:
        """The kind of the event that led to ``frame`` ("start" for frame 0)."""
        return KINDS[self.events[EVENT_FIELDS * (frame - 1)]] if frame > 0 else "start"

    def head(self, frame: int) -> int:
        """The frame of the search step ``frame`` belongs to: itself, or for a hide, unhide or sticker the frame
        of the cover, purify or inverse that made it (events come in causal order)."""
        while frame > 0 and self.kind_at(frame) in INNER:
            frame -= 1
        return frame

    def describe_stop(self, frame: int) -> str:
        """One line for a stop: its search step and what the step did inside it, e.g. 'L0 cover A, then 2 hides'."""
        head = self.head(frame)
        made: dict[str, int] = {}
        for f in range(head + 1, frame + 1):
            made[self.kind_at(f)] = made.get(self.kind_at(f), 0) + 1
        inside = ", ".join(f"{n} {kind}{'' if n == 1 else 's'}" for kind, n in made.items())
        return self.describe(head) + (f", then {inside}" if inside else "")

    def is_stop(self, frame: int) -> bool:
        """Whether the player stops at ``frame`` when it stops at search steps: just before a step begins."""
        stops: list[int] = self.marks["stop"]
        k = bisect_left(stops, frame)
        return k < len(stops) and stops[k] == frame

    def neighbour(self, frame: int, delta: int, fine: bool) -> int:
        """The next (delta 1) or previous (-1) frame to stop at: every frame when ``fine``, else search steps."""
        if fine:
            return min(max(frame + delta, 0), self.frames - 1)
        stops: list[int] = self.marks["stop"]
        k = bisect_right(stops, frame) if delta > 0 else bisect_left(stops, frame) - 1
        return stops[min(max(k, 0), len(stops) - 1)]

    def jump(self, action: str, frame: int, fine: bool = True) -> int:
        """The frame a player's jump goes to from ``frame`` (-1 when there is none); not ``fine``, the stop
        that shows that step done."""
        target = self._mark_after(action, frame)
        if fine or target < 0:
            return target
        stops: list[int] = self.marks["stop"]
        return stops[bisect_left(stops, target)]

    def _mark_after(self, action: str, frame: int) -> int:
        if action == "first-drift":
            return int(self.marks["drift"])
        if action == "prev-choice":
            before = [f for f in self.marks["choice"] if f < frame]
            return before[-1] if before else -1
        name = action.removeprefix("next-")
        if not action.startswith("next-") or name not in self.marks or name == "drift":
            raise ProblemError(f"unknown jump {action!r}; choose from {', '.join(JUMPS)}")
        return next((f for f in self.marks[name] if f > frame), -1)

    def payload(self, board: dict[str, Any] | None = None, beside: WriteTrace | None = None) -> dict[str, Any]:
        """Everything the browser player needs, as JSON-ready data; with ``beside``, the timeline that puts the
        other recording of the same problem beside this one (:func:`wordcover.analysis.align`)."""
        problem = self.problem
        timeline = None if beside is None else align(self, beside).payload()
        return {
            "version": 1,
            "engine": self.engine,
            "title": self.title if self.engine in self.title else f"{self.title} ({self.engine})",
            "names": list(self.names),
            "primary": self.primary,
            "colours": [c or "" for c in self.colour_names],
            "labels": [str(problem.label(k)) for k in range(len(problem.options))],
            "arrays": self.initial,
            "kinds": list(KINDS),
            "events": pack(_with_counts(self.events)),
            "writes": pack(self.writes),
            "causes": pack(self.causes),
            "analysis": self.analysis.payload(),
            "solutions": self.solutions,
            "complete": self.complete,
            "message": self.message,
            "board": board,
            "timeline": timeline,
        }


def first_wrong_solution(trace: WriteTrace) -> int:
    """The frame of the first solution the search reports whose options break a rule of the problem, or -1."""
    wrong = (
        f
        for f, s in zip(trace.marks["solution"], trace.snapshots(trace.marks["solution"]))
        if violations(trace.problem, s.chosen)
    )
    return next(wrong, -1)


def side_by_side(lead: WriteTrace, other: WriteTrace, first: int, last: int) -> list[str]:
    """Two recordings of one problem on the player's one timeline (:func:`~wordcover.analysis.align`), as text: a
    line a step, from the step that shows the lead's frame ``first`` to the one that shows its frame ``last``; the
    lead's event beside the other's, and a dash on the side that waits while the other takes a step alone."""
    timeline = align(lead, other)
    steps = range(len(timeline))
    start = next((t for t in steps if timeline.lead[t] == first), None)
    stop = next((t for t in steps if timeline.lead[t] == last), None)
    if start is None or stop is None or stop < start:
        raise ProblemError(f"frames {first} to {last} are not frames of the {lead.engine} search, in that order")
    rows = []
    for t in range(start, stop + 1):
        who = WHO[timeline.who[t]]
        mine = lead.describe(timeline.lead[t]) if t == 0 or who in ("both", "lead", "cut") else "—"
        theirs = other.describe(timeline.other[t]) if t == 0 or who in ("both", "other", "lead-cut") else "—"
        rows.append((mine, theirs))
    width = max(len(mine) for mine, _ in [*rows, (f"{lead.engine} search", "")]) + 2
    head = f"{lead.engine} search".ljust(width) + f"{other.engine} search"
    return [head, *(mine.ljust(width) + theirs for mine, theirs in rows)]


def _with_counts(events: array[int]) -> array[int]:
    """The events with the end of their writes turned into how many writes each made (smaller numbers)."""
    out = array("i", events)
    previous = 0
    for k in range(EVENT_FIELDS - 1, len(out), EVENT_FIELDS):
        out[k], previous = out[k] - previous, out[k]
    return out


def run_recorded(search: DancingLinks, limit: int | None, stop: type[Exception]) -> tuple[int, bool]:
    """Run a search whose observer records it: (solutions found, whether the recorder's ``stop`` ended it)."""
    solutions = 0
    try:
        for _ in search.solutions(limit):
            solutions += 1
    except stop:
        return solutions, True
    return solutions, False


def record_writes(
    problem: Problem,
    engine: str = "sticker",
    max_events: int = DEFAULT_MAX_EVENTS,
    limit: int | None = None,
    on_event: Callable[[int, Event, DancingLinks], Any] | None = None,
    counted: Iterable[str] | None = None,
) -> WriteTrace:
    """Run a search once, keeping every event and the array writes it made (at most ``max_events``).

    Events come in causal order, each before the events it causes (the engine's primitives report
    as they begin), and each write is credited to the primitive that made it: LLINK and RLINK to a
    cover or uncover, ULINK, DLINK and LEN to a hide or unhide, COLOR to a sticker or unsticker,
    an event of the recorder's own for each sticker that purify gives and unpurify peels off.
    ``on_event(k, event, engine)``, when given, is called once event ``k``'s own writes are all made,
    just before the next event begins (tests use it to take the engine's own snapshot of frame k + 1).
    ``counted``, when given, names the kinds of event that count towards ``max_events`` (by default every kind).
    """
    if isinstance(max_events, bool) or not isinstance(max_events, int) or max_events < 1:
        raise ProblemError(f"max_events must be a positive number, got {max_events!r}")
    counting = None if counted is None else frozenset(counted)
    seen = [0]  # the events counted so far
    assert array("i").itemsize == 4
    events = array("i")
    causes = array("b")
    log = array("i")
    codes = {kind: k for k, kind in enumerate(KINDS)}
    last: list[Any] = []  # the event whose writes are still coming: [its number, the Event]

    def close() -> None:
        """The last event's writes are all made: note where they end, and report it."""
        if not last:
            return
        k, event = last
        last.clear()
        events[EVENT_FIELDS * k + 5] = len(log) // WRITE_FIELDS
        if on_event is not None:
            on_event(k, event, search)

    def add(event: Event) -> None:
        """Begin event ``event``: close the one before, then log it."""
        close()
        n = len(events) // EVENT_FIELDS
        if counting is None or event.kind in counting:
            if seen[0] >= max_events:
                raise _EventLimit
            seen[0] += 1
        option = -1 if event.option is None else event.option
        item = -1 if event.item is None else item_code[event.item]
        colour = 0 if event.colour is None else colour_code[event.colour]
        events.extend((codes[event.kind], event.level, item, option, colour, len(log) // WRITE_FIELDS))
        causes.append(-1 if event.cause is None else codes[event.cause])
        last.extend((n, event))
        if event.kind == "solution":
            close()  # a solution writes nothing: what follows it belongs to the next event, or to no event at all

    def observe(event: Event, eng: DancingLinks) -> None:
        add(event)

    def on_write(name: str, x: int, old: int, new: int) -> None:
        """A write the search is about to make; a COLOR write is an event of its own first: purify giving node x
        a sticker (new is -1), or unpurify peeling it off."""
        if name == "COLOR":
            kind, cause = ("sticker", "purify") if new < 0 else ("unsticker", "unpurify")
            colour = search.colour_names[old if new < 0 else new]
            add(Event(kind, search.level, search.names[search.top[x]], search.option_of[x], colour, cause))
        log.extend((array_code[name], x, old, new))

    search = make_traced(problem, engine, observer=observe, on_write=on_write)
    array_code = {name: code for code, name in enumerate(ARRAYS)}
    item_code = {name: i for i, name in enumerate(search.names)}
    colour_code = {name: c for c, name in enumerate(search.colour_names) if name is not None}
    initial = {
        "TOP": list(search.top),
        "ULINK": list(search.ulink),
        "DLINK": list(search.dlink),
        "COLOR": list(search.color),
        "LLINK": list(search.llink),
        "RLINK": list(search.rlink),
        "LEN": list(search.len),
    }
    solutions, stopped = run_recorded(search, limit, _EventLimit)
    complete = not stopped and (limit is None or solutions < limit)
    if last:
        close()
    elif events:  # a search stopped at its limit undoes its choices quietly: those writes are not shown
        del log[events[-1] * WRITE_FIELDS :]
    if not stopped:
        ending = "the search is complete" if complete else f"stopped at the limit of {limit} solutions"
        message = f"{solutions:,} solution{'' if solutions == 1 else 's'}: {ending}"
    else:
        message = (
            f"stopped after {max_events:,} events ({solutions:,} solution{'' if solutions == 1 else 's'} so far): "
            "solutions past here are not shown; raise max_events or trace a smaller problem"
        )
    return WriteTrace(
        engine=engine,
        title=search.title,
        problem=problem,
        initial=initial,
        names=tuple(search.names),
        primary=search.n1,
        colour_names=tuple(search.colour_names),
        events=events,
        causes=causes,
        writes=log,
        solutions=solutions,
        complete=complete,
        message=message,
    )
