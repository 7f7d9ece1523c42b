"""Knuth's Monte Carlo estimate of the size of a search tree ("Estimating the efficiency of backtrack programs", 1975).

Walk one random path down from the root, doing what the engine would do: at each
node choose the item i with the fewest options (step C3, the engine's own
``choose``), cover it (C4), and of its ``d`` options (LEN(i) of them) try one
picked uniformly at random (C5). Stop at a node with no children: a solution,
or an item with no options left. With ``d_1, d_2, ...`` the numbers of children
met on the way, the path's estimate of the number of nodes is

    1 + d_1 + d_1 d_2 + d_1 d_2 d_3 + ...

and, when it ends at a solution, ``d_1 d_2 ... d_k`` estimates the number of
solutions. Each is *unbiased*: its expected value over the random path is the
exact number. The nodes estimated are the ones the engine's ``stats.nodes``
counts (every entry to step C2, the root included, plus the options that the
colours-outside engine rejects after trying them), because the walk runs on the
engine's own links with its own cover, commit and choose, and undoes every step
so that the engine is left as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from .dancing_links import DancingLinks
from .engines import make_engine
from .errors import ProblemError
from .problem import Problem

Pick = Callable[[int], int]  # pick(d): which of d children to take, 0 <= answer < d


@dataclass(frozen=True)
class Probe:
    """One random path from the root: the number of children of each node on it, the last one 0."""

    degrees: tuple[int, ...]  # d_1, d_2, ..., 0: children of the root, of the next node, ..., of the leaf
    solution: bool  # the path ended at a solution (else at a dead end)
    choices: tuple[int, ...] = ()  # the child taken at each depth, counted from 0 in the order C5 tries them

    @property
    def nodes(self) -> int:
        """This path's estimate of the number of nodes: 1 + d_1 + d_1 d_2 + ..."""
        total, weight = 0, 1
        for d in self.degrees:
            total += weight  # the node at this depth stands for ``weight`` nodes
            weight *= d
        return total

    @property
    def solutions(self) -> int:
        """This path's estimate of the number of solutions: d_1 d_2 ... d_k at a solution, else 0."""
        if not self.solution:
            return 0
        product = 1
        for d in self.degrees[:-1]:
            product *= d
        return product

    @property
    def probability(self) -> Fraction:
        """The chance that a uniform random walk follows exactly this path: 1 / (d_1 d_2 ... d_k)."""
        product = 1
        for d in self.degrees[:-1]:
            product *= d
        return Fraction(1, product)


@dataclass(frozen=True)
class Estimate:
    """Many probes of one search tree and what they say on average."""

    probes: tuple[Probe, ...]
    seed: int | None

    @property
    def nodes(self) -> float:
        """The mean of the probes' node estimates."""
        return sum(p.nodes for p in self.probes) / len(self.probes)

    @property
    def solutions(self) -> float:
        """The mean of the probes' solution estimates."""
        return sum(p.solutions for p in self.probes) / len(self.probes)

    @property
    def relative_error(self) -> float:
        """The standard error of ``nodes`` as a fraction of it: the probes' spread / sqrt(samples) / mean.

        It is worked out from the probes themselves, so a tree whose huge subtrees are rarely
        reached can hide them from it as well as from the mean.
        """
        n, mean = len(self.probes), self.nodes
        variance = sum((p.nodes - mean) ** 2 for p in self.probes) / n
        return float((variance / n) ** 0.5 / mean)

    def running_mean(self) -> list[float]:
        """The mean node estimate after 1, 2, ..., all probes."""
        means, total = [], 0
        for k, p in enumerate(self.probes, 1):
            total += p.nodes
            means.append(total / k)
        return means


def _engine_for(target: Problem | DancingLinks, engine: str) -> DancingLinks:
    """The engine to walk: the one given, or a new one of the named kind for a problem."""
    walker: object = make_engine(target, engine) if isinstance(target, Problem) else target
    if not isinstance(walker, DancingLinks):
        raise ProblemError(
            f"the estimate walks the links of a pure-Python engine (x, sticker, outside, naive), "
            f"not {type(walker).__name__}; its search tree is the same as the sticker engine's"
        )
    return walker


def probe(engine: DancingLinks, pick: Pick) -> Probe:
    """Walk one path down the engine's search tree, taking child ``pick(d)`` of each node's ``d``.

    The engine's links, counters and level are as they were when this returns.
    """
    rlink, dlink = engine.rlink, engine.dlink
    path: list[int] = []  # x_0, x_1, ...: the node tried on each level
    taken: list[int] = []  # the child number of each x_l
    degrees: list[int] = []
    with engine.walking():  # no search meanwhile, no observer hears it; counters and level kept
        while True:
            # C2: [Enter level l.] A node of the tree; no primary item left means a solution.
            if rlink[0] == 0:
                degrees.append(0)
                solution = True
                break
            engine.level = len(path)
            i = engine.choose()  # C3: the item the engine would choose (MRV)
            engine.cover(i)  # C4
            children = []  # the options of i, in the order C5 and C6 would try them
            x = dlink[i]
            while x != i:
                children.append(x)
                x = dlink[x]
            d = len(children)
            degrees.append(d)
            if d == 0:  # a dead end: C7 uncovers i at once
                engine.uncover(i)
                solution = False
                break
            k = pick(d)
            if not 0 <= k < d:
                raise ProblemError(f"pick({d}) gave {k!r}, not a child number 0..{d - 1}")
            x = children[k]
            path.append(x)
            taken.append(k)
            if not engine.commit(x):  # C5; only the colours-outside engine says no
                degrees.append(0)  # a node that it enters and leaves at once (stats.conflicts)
                solution = False
                break
        for x in reversed(path):  # C6, C7, C8 all the way back up
            engine.uncommit(x)
            engine.uncover(engine.top[x])
    return Probe(tuple(degrees), solution, tuple(taken))


def estimate(
    target: Problem | DancingLinks, samples: int = 1000, seed: int | None = 0, engine: str = "sticker"
) -> Estimate:
    """Knuth's estimate from ``samples`` random paths, with ``random.Random(seed)``.

    ``target`` is an engine of this module's family or a problem (then an engine of
    the named kind is made for it). The engine is left in its start state.
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ProblemError(f"samples must be a positive number of paths, got {samples!r}")
    walker = _engine_for(target, engine)
    rng = random.Random(seed)
    pick = rng.randrange
    return Estimate(tuple(probe(walker, pick) for _ in range(samples)), seed)


def paths(target: Problem | DancingLinks, engine: str = "sticker") -> Iterator[Probe]:
    """Every root-to-leaf path of the search tree, leftmost first (for small problems only).

    Summing ``probe.probability * probe.nodes`` over them gives the exact expected
    value of Knuth's estimate.
    """
    walker = _engine_for(target, engine)
    prefix: list[int] = []
    while True:
        taken: list[int] = []

        def follow(d: int, taken: list[int] = taken, prefix: list[int] = prefix) -> int:
            """Follow the prefix, then take the first child."""
            k = prefix[len(taken)] if len(taken) < len(prefix) else 0
            taken.append(k)
            return k

        found = probe(walker, follow)
        yield found
        # the next path: the deepest level with an untried child moves one child on
        level = len(taken) - 1
        while level >= 0 and taken[level] + 1 >= found.degrees[level]:
            level -= 1
        if level < 0:
            return
        prefix = taken[:level] + [taken[level] + 1]


def expected_nodes(target: Problem | DancingLinks, engine: str = "sticker") -> Fraction:
    """The exact expected value of the node estimate, by summing over every path (small problems only)."""
    return sum((p.probability * p.nodes for p in paths(target, engine)), Fraction(0))
