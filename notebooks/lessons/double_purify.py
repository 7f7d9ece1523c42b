"""Notebook 5, colour items and the double-purify bug: the problem exercise 3 sets up (no answer is here)."""

from __future__ import annotations

from wordcover import Problem, examples


def swapped_pair() -> Problem:
    """The colour pair with Q's two options swapped: Q c1:b now comes before Q c1:a (exercise 3's problem)."""
    pair = examples.load("colour_pair").problem
    return Problem(pair.primary, pair.secondary, [pair.options[0], pair.options[2], pair.options[1]])
