"""Notebook 4's shown things: the picture of Algorithm C's first purify, and the placements each engine tries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from wordcover import Problem, tracing
from wordcover.outside import CountingC


def first_purify(recording: Any) -> tuple[int, int]:
    """The frames just before a recording's first purify (event k leads to frame k + 1) and just after its hides."""
    events = [recording.event(k) for k in range(recording.frames - 1)]
    before = next(k for k, event in enumerate(events) if event.kind == "purify")
    after = next(k for k in range(before + 1, len(events)) if events[k].cause != "purify")
    return before, after


def purify_picture(
    recording: Any,
    before: int,
    after: int,
    cell: str,
    engine: str = "Algorithm C",
    items: Sequence[str] | Literal["written"] | None = None,
):
    """Two frames side by side, the rows through ``cell`` only, ``items`` their columns ("written": the rows' items)."""
    from wordcover.views.links import fit_titles, frame_picture
    from wordcover.views.picture import Text

    problem = recording.problem
    rows = [k for k, option in enumerate(problem.options) if any(entry.item == cell for entry in option)]
    if items == "written":
        items = sorted({entry.item for k in rows for entry in problem.options[k]}, key=problem.items.index)
    picture = frame_picture(recording, before, beside=(recording, after), options=rows, items=items)
    purify = recording.event(before)  # the purify itself leads from frame before to before + 1
    titles = (  # two short lines each: the cell above the picture prints the events in full
        f"{engine}, frame {before}:\nbefore option {purify.option} purifies {purify.item}",
        f"{engine}, frame {after}:\nafter it and its {after - before - 1} hides",
    )
    for frame in (before, after):
        if any(item.len != item.actual for item in recording.snapshot_at(frame).items):
            raise ValueError(f"frame {frame} has a LEN that is not the nodes linked: draw it with frame_picture")
    for panel, title in zip(picture.panels, titles):
        kept = [item for item in panel.items if not (isinstance(item, Text) and item.y == LINKED_ROW)]
        panel.items[:] = [
            replace(item, y=LINKED_ROW) if isinstance(item, Text) and item.y == LEN_ROW else item for item in kept
        ]  # LEN just over the rows, where the nodes linked were
        panel.title = title
    hidden = [recording.event(k).option for k in range(before + 1, after)]  # the purify's hides, in order
    words = list(dict.fromkeys(e.item for k in hidden for e in problem.options[k] if e.colour is None))
    letters = sorted({e.colour for k in hidden for e in problem.options[k] if e.item == cell})
    picture.overlay.append(  # review 30-AL: one line under the panels says what the hatched rows are
        Text(0.5, -0.02, f"Hatched on the right, rows {', '.join(map(str, hidden[:-1]))} and {hidden[-1]}: the "
             f"{' and '.join(words)} placements the purify hides, each writing {' or '.join(letters)} "
             f"into {cell}, not {purify.colour}", 8.5, ha="center", va="top", colour="0.25")
    )  # fmt: skip
    picture.caption = (  # review 30-AJ: a LEN counts rows the picture leaves out
        f"{engine}: frames {before} and {after} of a recorded search (each LEN counts its item's whole list, rows not "
        f"drawn included), the rows through {cell}"
    )
    if items is not None and len(set(items)) < len(problem.items):  # narrower panels: the titles broken to fit them
        fit_titles(picture)
        picture.caption += f", the columns of {len(set(items))} of the {len(problem.items)} items"
    return picture


def purify_figure(
    recording: Any,
    before: int,
    after: int,
    cell: str,
    engine: str = "Algorithm C",
    items: Sequence[str] | Literal["written"] | None = None,
):
    """:func:`purify_picture` drawn by matplotlib (a Figure), or where matplotlib is missing the Picture."""
    from wordcover.views._figure import figure_or_picture

    return figure_or_picture(purify_picture(recording, before, after, cell, engine, items))


LEN_ROW, LINKED_ROW = -1.95, -1.1  # where the library's matrix_panel writes each LEN, and the nodes linked under it


def tried_below(problem: Problem, engine: str) -> list[int]:
    """The placements an engine tries at level L1 below each placement it tries at L0, read off its "try" events."""
    counts: list[int] = []
    for frame in tracing.record(problem, engine, kinds=("try",)).frames:
        if frame.event.level == 0:
            counts.append(0)  # a new placement at L0
        else:
            counts[-1] += 1  # one more tried below it
    return counts


def compared(problem: Problem, engines: Sequence[str] = ("outside", "c")) -> str:
    """Two engines' solutions compared placement for placement (each a set of options), as a line to print."""
    from wordcover import make_engine

    found = [{frozenset(solution) for solution in make_engine(problem, name).solutions()} for name in engines]
    both, only = found[0] & found[1], found[0] ^ found[1]
    return (
        f"the two engines' solutions, compared placement for placement: {len(both):,} found by both,"
        f" {len(only):,} by one only"
    )


class _EmptyByLevel(CountingC):
    """CountingC noting, level by level, the purifies that find their cell's list empty."""

    def purify(self, p: int) -> None:
        if self.len[self.top[p]] == 0:
            self.levels[self.level] = self.levels.get(self.level, 0) + 1
        super().purify(p)


def empty_purifies_by_level(problem: Problem) -> list[int]:
    """Algorithm C's purifies that find their cell's list empty, counted as CountingC counts them, L0 first."""
    engine = _EmptyByLevel(problem)
    engine.levels = {}
    engine.count()
    return [engine.levels.get(level, 0) for level in range(len(engine.stats.profile) - 1)]
