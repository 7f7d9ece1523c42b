"""A search as frames: each event of the kinds asked for, with a snapshot of the links at that moment.

Plain data, usable without widgets: ``record(problem, "naive")`` returns a
:class:`Trace` whose frames can be printed, plotted or scrubbed with a slider.
The frames are read off one recording of the array writes
(:func:`wordcover.playback.record_writes`, the only recorder): each snapshot is that
recording replayed to the moment, and the double purifies are the ones it found.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .dancing_links import Event
from .errors import ProblemError
from .inspection import Snapshot
from .playback import ALL_KINDS, DEFAULT_KINDS, describe, record_writes
from .problem import Problem

__all__ = ["ALL_KINDS", "DEFAULT_KINDS", "Frame", "Trace", "describe", "double_purifies", "record"]


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
    doubles: tuple[int, ...] = ()  # the frames of double purifies: an item purified again on the path

    def __len__(self) -> int:
        return len(self.frames)

    def first(self, kind: str, item: str | None = None) -> Frame | None:
        """The first frame of an event kind (for an item, if given)."""
        for f in self.frames:
            if f.event.kind == kind and (item is None or f.event.item == item):
                return f
        return None


def double_purifies(trace: Trace) -> list[Frame]:
    """The frames where an item already purified on the current path is purified again."""
    return [trace.frames[k] for k in trace.doubles]


def record(
    problem: Problem,
    engine: str = "sticker",
    max_frames: int = 5000,
    kinds: Iterable[str] | None = None,
    limit: int | None = None,
) -> Trace:
    """Run a search and keep a frame for every event of the chosen kinds (at most ``max_frames``).

    A frame's snapshot shows the links when the next frame's event begins (or the search ends): what
    its event did, and the events of kinds not kept after it.
    """
    wanted = DEFAULT_KINDS if kinds is None else frozenset(kinds)
    unknown = wanted - ALL_KINDS
    if unknown:
        raise ProblemError(
            f"unknown event kind(s) {', '.join(sorted(unknown))}; choose from {', '.join(sorted(ALL_KINDS))}"
        )
    if isinstance(max_frames, bool) or not isinstance(max_frames, int) or max_frames < 1:
        raise ProblemError(f"max_frames must be positive, got {max_frames!r}")
    writes = record_writes(problem, engine, max_events=max_frames, limit=limit, counted=wanted)
    events = [writes.event(k) for k in range(writes.frames - 1)]
    kept = [k for k, event in enumerate(events) if event.kind in wanted]  # events kept, by number
    # event k's frame shows the links when the next kept event begins (a solution, which writes nothing, at once)
    ends = [*kept[1:], writes.frames - 1]  # the last kept event shows the links as the recording ends
    shown = [k + 1 if events[k].kind == "solution" else end for k, end in zip(kept, ends)]
    frames = tuple(
        Frame(index, events[k], snapshot, describe(events[k], problem))
        for index, (k, snapshot) in enumerate(zip(kept, writes.snapshots(shown)))
    )
    doubles = set(writes.marks["double-purify"])  # the frames just after a double purify's event
    solutions = writes.solutions
    stopped = not writes.complete and (limit is None or solutions < limit)
    if stopped:
        message = (
            f"stopped at the limit of {max_frames} frames after {solutions} solution{'' if solutions == 1 else 's'}; "
            "raise max_frames or record fewer kinds of event to see more"
        )
    else:
        ending = "the search is complete" if writes.complete else f"stopped at the limit of {limit} solutions"
        message = f"{len(frames)} frames, {solutions} solution{'' if solutions == 1 else 's'}: {ending}"
    return Trace(
        engine,
        problem,
        frames,
        solutions,
        writes.complete,
        message,
        tuple(index for index, k in enumerate(kept) if k + 1 in doubles),
    )
