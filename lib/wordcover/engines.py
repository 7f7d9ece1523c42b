"""The engines by name, as the command line and the notebooks choose them."""

from __future__ import annotations

from .algorithm_c import AlgorithmC
from .dancing_links import DancingLinks, Observer
from .naive import NaiveAlgorithmC
from .outside import ColoursOutside
from .problem import Problem

ENGINES: dict[str, type[DancingLinks]] = {
    "x": DancingLinks,
    "sticker": AlgorithmC,
    "naive": NaiveAlgorithmC,
    "outside": ColoursOutside,
}


ENGINE_NAMES = (*ENGINES, "fast")  # "fast" needs numba, so it is imported only when asked for


def make_engine(problem: Problem, engine: str = "sticker", observer: Observer | None = None) -> DancingLinks:
    """An engine of the named kind, ready to search ``problem``."""
    if engine == "fast":
        from .fast import FastEngine

        return FastEngine(problem, observer=observer)
    try:
        cls = ENGINES[engine]
    except KeyError:
        raise ValueError(f"unknown engine {engine!r}; choose from {', '.join(ENGINE_NAMES)}") from None
    return cls(problem, observer=observer)


def count_solutions(problem: Problem, engine: str = "sticker", limit: int | None = None) -> int:
    """The number of solutions of ``problem`` (up to ``limit``)."""
    return make_engine(problem, engine).count(limit)


def solve(problem: Problem, engine: str = "sticker", limit: int | None = None) -> list[tuple[int, ...]]:
    """A list of the solutions of ``problem`` (up to ``limit``), each a tuple of option indices."""
    return list(make_engine(problem, engine).solutions(limit))
