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
    """c: the second hide changes only LEN(Q); the harm comes from what undoes it.

    Hiding an option leaves its node in the item being purified (c1) where it is and takes its node in Q out of
    Q's list. At the second purify that node is already out, so the removal writes into DLINK and ULINK the values
    they hold and changes nothing but LEN(Q): Knuth's invariant, that a node is never removed from a list twice,
    is broken, though no link moves. The inner unpurify then unhides the option, putting its node back into Q's
    list while the purify of level 0 still wants it hidden; step C6 finds it there and tries it, and the search
    reports it with P c1:a. Later uncover(Q) unhides it again, relinking its node in c1, which never left, so
    LEN(c1) ends one too high.
    """
    return "c"


def why_corrupt_not() -> dict[str, str]:
    """Why each other account of the colour pair's double purify is wrong, for the self-check to say."""
    return {
        "a": "In the colour pair the second hide writes only LEN(Q): its DLINK and ULINK writes put back the values "
        "already there (moment 2 lists what changed). Stale pointers do appear in ABEL LAND, but the search "
        "reaches Q c1:b because an unhide put it back into Q's list (moment 3).",
        "b": "Dancing Links never deletes a node: a hidden node keeps its own ULINK and DLINK, which is what lets "
        "unhide put it back. Q c1:b's node in c1 is counted once too often because an unhide relinks it into a "
        "list it never left (moment 6).",
        "d": "Both purifies hide the options of another colour, as the code says: Q c1:b, colour b, is the one "
        "hidden, and Q c1:a, colour a, is tried first and gives a right solution before any wrong one is reported.",
    }
