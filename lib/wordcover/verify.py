"""An independent check of a proposed solution, written without Dancing Links.

It reads a solution straight off the definition: every primary item covered
exactly once; every secondary item either unused, used once without a colour,
or used any number of times, always with one and the same colour.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from .problem import Problem


def violations(problem: Problem, solution: Iterable[int]) -> list[str]:
    """Every way in which ``solution`` (option indices) fails to be a solution."""
    chosen = list(solution)
    found: list[str] = []
    if len(set(chosen)) != len(chosen):
        found.append("an option is chosen twice")
    uses: dict[str, list[str | None]] = defaultdict(list)
    for k in chosen:
        if not 0 <= k < len(problem.options):
            found.append(f"no option {k}")
            continue
        for entry in problem.options[k]:
            uses[entry.item].append(entry.colour)
    for item in problem.primary:
        n = len(uses.get(item, ()))
        if n != 1:
            found.append(f"primary item {item} covered {n} times")
    for item in problem.secondary:
        colours = uses.get(item, [])
        if len(colours) > 1:
            if None in colours:
                found.append(f"secondary item {item} used {len(colours)} times, once without a colour")
            elif len(set(colours)) > 1:
                found.append(f"colour item {item} gets colours {', '.join(sorted({str(c) for c in colours}))}")
    return found


def is_solution(problem: Problem, solution: Iterable[int]) -> bool:
    """True when ``solution`` satisfies every rule of the problem."""
    return not violations(problem, solution)
