"""Notebook 5, colour items and the double-purify bug: exercise 3's problem and a record read (no answer is here)."""

from __future__ import annotations

from solutions import record

from wordcover import Problem, examples


def swapped_pair() -> Problem:
    """The colour pair with Q's two options swapped: Q c1:b now comes before Q c1:a (exercise 3's problem)."""
    pair = examples.load("colour_pair").problem
    return Problem(pair.primary, pair.secondary, [pair.options[0], pair.options[2], pair.options[1]])


def dlx2_naive(run: str = "ABEL LAND, without sticker") -> int | None:
    """How many solutions DLX2 edited to purify the naive way printed (data/dlx2_without_sticker.json), or None."""
    kept = record("data/dlx2_without_sticker.json")
    return None if kept is None else kept["runs"][run]["solutions"]
