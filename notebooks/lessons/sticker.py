"""Notebook 6, the sticker fix: what its own cells call to show something (a diff, a timeline, a record read)."""

from __future__ import annotations

import difflib

from solutions import record

from wordcover import AlgorithmC, NaiveAlgorithmC
from wordcover.double_purify import working_lines
from wordcover.playback import side_by_side
from wordcover.widgets import Tracer


def fix_diff(name: str) -> str:
    """The naive engine's method ``name`` against the sticker engine's, as a diff of the lines that run."""
    naive, fixed = (working_lines(getattr(engine, name)).splitlines() for engine in (NaiveAlgorithmC, AlgorithmC))
    diff = difflib.unified_diff(naive, fixed, f"naive {name}", f"sticker {name}", lineterm="", n=2)
    return "\n".join(line for line in diff if not line.startswith("@@"))


def timeline(naive_run, sticker_run, first: int, last: int) -> str:
    """The two recorded searches side by side, one step a line, a ≠ before each step they do not share."""
    head, *steps = side_by_side(naive_run, sticker_run, first, last)
    width = head.index("sticker search")
    marked = [("≠ " if line[:width].rstrip() != line[width:] else "  ") + line for line in steps]
    return "\n".join(["  " + head, *marked])


def dlx2_printed(run: str = "ABEL LAND, published") -> str:
    """The last line DLX2 printed for one of the runs kept on record (data/dlx2_without_sticker.json)."""
    kept = record("data/dlx2_without_sticker.json")
    return "(no record here)" if kept is None else kept["runs"][run]["last line"]


def abels_commit(ws, engine: str = "naive", done: bool = False) -> Tracer:
    """A player of ABEL LAND at ABEL's try along row 0 (``done``: its commit over), drawing the rows on row 0."""
    placements = ws.decode(list(range(len(ws.problem.options))))
    on_row_0 = [k for k, p in enumerate(placements) if p.word == "LAND" and any(row == 0 for row, _ in p.cells)]
    tracer = Tracer(ws.problem, engine, ws=ws, rows=[0, *on_row_0])
    trace = tracer.trace
    frame = trace.jump("next-choice", 0, fine=False)  # the try of ABEL along row 0: its commit comes next
    if done:  # the last frame before the search chooses at level 1
        frame = next(k for k in range(frame, trace.frames - 1) if trace.kind_at(k + 1) == "choose")
    tracer.goto(frame)
    return tracer


def first_purify_done(run) -> int:
    """The frame at which a recorded search's first purify is over, with all it did inside."""
    return run.jump("next-purify", 0, fine=False)
