"""Notebook 5, colour items and the double-purify bug: the solutions, and the check for exercise 2."""

from __future__ import annotations

import random

from solutions import Verdict, attempt
from wordcover import AlgorithmC, Problem, WordSearch, examples, make_engine
from wordcover.algorithm_c import STICKER  # COLOR(x) = -1: already the right colour in a purified item


def abel_land() -> WordSearch:
    """ABEL and LAND in 4 x 4, orthogonal directions: the notebook's example."""
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


def shuffled_count(engine: str, seed: int = 1) -> int:
    """A correct engine counts 112 however the options are ordered: a count is a property of the problem.

    Shuffling the options changes the order of the search, not the set of solutions. The naive engine's count
    is another matter: its corrupted counters steer the search, so its wrong count moves with the order.
    """
    problem = abel_land().problem
    order = list(range(len(problem.options)))
    random.Random(seed).shuffle(order)
    shuffled = Problem(problem.primary, problem.secondary, [problem.options[k] for k in order])
    return make_engine(shuffled, engine).count()


def purify(engine, p: int) -> None:
    """Hide each option of another colour, and give each node of p's colour a sticker (COLOR = -1).

    The sticker is the mark the naive purify forgets: commit does nothing for a stickered node, so a second
    option of the same colour no longer purifies the item again.
    """
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] == c:
            color[q] = STICKER
        else:
            engine.hide(q)
        q = dlink[q]


def unpurify(engine, p: int) -> None:
    """Undo purify(p) bottom up: peel each sticker back to p's colour, unhide every other option.

    The walk runs in the opposite direction to purify's, so each option comes back in exactly reverse order.
    p itself keeps its colour throughout: its option was hidden when the chosen item was covered (step C4), so p
    is not in the item's list while purify walks it.
    """
    top, ulink, color = engine.top, engine.ulink, engine.color
    c, i = color[p], top[p]
    q = ulink[i]
    while q != i:
        if color[q] == STICKER:
            color[q] = c
        else:
            engine.unhide(q)
        q = ulink[q]


def _sorted_solutions(engine) -> list[list[int]]:
    return sorted(sorted(s) for s in engine.solutions())


def check_purify(purify_fn, unpurify_fn) -> Verdict:
    """Run Algorithm C with the given purify and unpurify on the colour pair and on ABEL LAND; report."""

    class Learner(AlgorithmC):
        def purify(self, p: int) -> None:
            purify_fn(self, p)

        def unpurify(self, p: int) -> None:
            unpurify_fn(self, p)

    for name, problem in (
        ("the colour pair", examples.load("colour_pair").problem),
        ("ABEL LAND", abel_land().problem),
    ):
        right = _sorted_solutions(AlgorithmC(problem))
        engine = Learner(problem)
        ran, found = attempt(_sorted_solutions, engine, what="purify and unpurify above", where=f"on {name} the search")
        if not ran:
            return Verdict(False)
        broken = engine.sanity()
        if found != right or broken:
            wrong = sum(1 for s in found if s not in right)
            print(
                f"✗ Not yet: on {name} your engine finds {len(found)} solutions ({wrong} wrong); the right count "
                f"is {len(right)}." + (f" The links are left broken: {broken[0]}" if broken else "")
            )
            return Verdict(False)
    print("✓ Right: both problems give the right solutions, and the links are intact afterwards.")
    return Verdict(True)


def why_corrupt() -> str:
    """b: hide(q) rewrites the neighbours of each node from the node's own ULINK and DLINK.

    Those fields were left as they were at the first hide (that is what lets unhide work). By the second hide the
    lists have changed, so the rewrite links stale neighbours back in, and LEN is decreased a second time for
    nodes that were not in the list. Nothing is deleted (a) and the colours are compared correctly (c).
    """
    return "b"
