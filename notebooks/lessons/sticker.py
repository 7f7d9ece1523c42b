"""Notebook 6, the sticker fix: what its own cells call to show something (a diff, a timeline, a record read)."""

from __future__ import annotations

import difflib

from solutions import record

from wordcover import AlgorithmC, NaiveAlgorithmC
from wordcover.double_purify import working_lines
from wordcover.playback import side_by_side


def fix_diff(name: str) -> str:
    """The naive engine's method ``name`` against the sticker engine's, as a diff of the lines that run."""
    naive, fixed = (working_lines(getattr(engine, name)).splitlines() for engine in (NaiveAlgorithmC, AlgorithmC))
    return "\n".join(difflib.unified_diff(naive, fixed, f"naive {name}", f"sticker {name}", lineterm="", n=2))


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
