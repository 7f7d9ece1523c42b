"""Notebook 5, colour items and the double-purify bug: exercise 3's problem and a record read (no answer is here)."""

from __future__ import annotations

from solutions import record

from wordcover import Problem, examples
from wordcover.views import links_figure


def swapped_pair() -> Problem:
    """The colour pair with Q's two options swapped: Q c1:b now comes before Q c1:a (exercise 3's problem)."""
    pair = examples.load("colour_pair").problem
    return Problem(pair.primary, pair.secondary, [pair.options[0], pair.options[2], pair.options[1]])


def dlx2_naive(run: str = "ABEL LAND, without sticker") -> int | None:
    """How many solutions DLX2 edited to purify the naive way printed (data/dlx2_without_sticker.json), or None."""
    kept = record("data/dlx2_without_sticker.json")
    return None if kept is None else kept["runs"][run]["solutions"]


def dlx2_naive_line(run: str = "ABEL LAND, without sticker") -> str:
    """The last line DLX2 edited to purify the naive way printed (data/dlx2_without_sticker.json), or a note."""
    kept = record("data/dlx2_without_sticker.json")
    return "(no record here)" if kept is None else kept["runs"][run]["last line"]


def moment(trace, m, title: str):
    """Draw the lists of Q and c1 at a moment's frame, with the dashed links of Q c1:b's nodes (option 2)."""
    return links_figure(trace, [m.frame], titles=[title], items=["Q", "c1"], width=3.6, numbers=True, wrap="edge",
                        follow=[2], legend_at="right")  # fmt: skip
