"""Recording a search as frames: each event with a snapshot of the links at that moment.

Plain data, usable without widgets: ``record(problem, "naive")`` returns a
:class:`Trace` whose frames can be printed, plotted or scrubbed with a slider.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .dancing_links import DancingLinks, Event
from .engines import make_engine
from .errors import ProblemError
from .inspection import Snapshot
from .problem import Problem

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
)  # hide and unhide are left out by default: they come many to one cover or purify
ALL_KINDS = DEFAULT_KINDS | {"hide", "unhide"}


@dataclass(frozen=True)
class Frame:
    """One recorded step: the event and the state of the links just after it.

    Engines report each step as it begins, so the snapshot is taken when the next recorded event
    begins (or the search ends): it shows what this event and the unrecorded events after it did.
    With the default kinds, hides are not recorded, so a cover's frame shows its options hidden.
    """

    index: int
    event: Event
    snapshot: Snapshot
    text: str  # one line for a log


@dataclass(frozen=True)
class Trace:
    """The frames of one search, and why the recording stopped."""

    engine: str
    problem: Problem
    frames: tuple[Frame, ...]
    solutions: int
    complete: bool  # False when the frame limit stopped the recording
    message: str

    def __len__(self) -> int:
        return len(self.frames)

    def first(self, kind: str, item: str | None = None) -> Frame | None:
        """The first frame of an event kind (for an item, if given)."""
        for f in self.frames:
            if f.event.kind == kind and (item is None or f.event.item == item):
                return f
        return None


class _FrameLimit(Exception):
    pass


def describe(event: Event, problem: Problem) -> str:
    """One line for an event, e.g. 'L1 purify r0c3 = L (option 7: ABEL at (0,0) E)'."""
    parts = [f"L{event.level}", event.kind]
    if event.item is not None:
        parts.append(event.item if event.colour is None else f"{event.item} = {event.colour}")
    if event.option is not None:
        parts.append(f"(option {event.option}: {problem.label(event.option)})")
    return " ".join(parts)


def double_purifies(trace: Trace) -> list[Frame]:
    """The frames where an item already purified on the current path is purified again."""
    purified: list[str] = []
    found = []
    for f in trace.frames:
        if f.event.item is None:
            continue
        if f.event.kind == "purify":
            if f.event.item in purified:
                found.append(f)
            purified.append(f.event.item)
        elif f.event.kind == "unpurify" and f.event.item in purified:
            del purified[len(purified) - 1 - purified[::-1].index(f.event.item)]
    return found


def run_recorded(search, limit: int | None, stop: type[Exception]) -> tuple[int, bool]:
    """Run a search whose observer records it: (solutions found, whether the recorder's ``stop`` ended it)."""
    solutions = 0
    try:
        for _ in search.solutions(limit):
            solutions += 1
    except stop:
        return solutions, True
    return solutions, False


def record(
    problem: Problem,
    engine: str = "sticker",
    max_frames: int = 5000,
    kinds: Iterable[str] | None = None,
    limit: int | None = None,
) -> Trace:
    """Run a search and keep a frame for every event of the chosen kinds (at most ``max_frames``)."""
    wanted = DEFAULT_KINDS if kinds is None else frozenset(kinds)
    unknown = wanted - ALL_KINDS
    if unknown:
        raise ProblemError(
            f"unknown event kind(s) {', '.join(sorted(unknown))}; choose from {', '.join(sorted(ALL_KINDS))}"
        )
    if max_frames < 1:
        raise ProblemError(f"max_frames must be positive, got {max_frames}")
    frames: list[Frame] = []
    waiting: list[tuple[Event, str]] = []  # the last kept event, whose snapshot waits for the next event

    def settle(eng: DancingLinks) -> None:
        """Snapshot the waiting event: the links as they stand now, when the next recorded event begins."""
        if waiting:
            event, text = waiting.pop()
            frames.append(Frame(len(frames), event, eng.snapshot(), text))

    def observe(event: Event, eng: DancingLinks) -> None:
        if event.kind not in wanted:
            return
        settle(eng)
        if len(frames) >= max_frames:
            raise _FrameLimit
        waiting.append((event, describe(event, problem)))
        if event.kind == "solution":  # a solution changes nothing, and a search may stop right after it
            settle(eng)

    search = make_engine(problem, engine, observer=observe)
    solutions, stopped = run_recorded(search, limit, _FrameLimit)
    if isinstance(search, DancingLinks):
        settle(search)  # the last event, once the search has finished it
    complete = not stopped and (limit is None or solutions < limit)
    if stopped:
        message = (
            f"stopped at the limit of {max_frames} frames after {solutions} solution{'' if solutions == 1 else 's'}; "
            "raise max_frames or record fewer kinds of event to see more"
        )
    else:
        ending = "the search is complete" if complete else f"stopped at the limit of {limit} solutions"
        message = f"{len(frames)} frames, {solutions} solution{'' if solutions == 1 else 's'}: {ending}"
    return Trace(engine, problem, tuple(frames), solutions, complete, message)
