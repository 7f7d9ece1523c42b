"""Every engine behind one interface, and one registry that names them.

:class:`Engine` is the interface (a :class:`typing.Protocol`) that every engine
satisfies. :data:`REGISTRY` maps each engine's name to an :class:`EngineInfo`:
where its class lives, what it can do and a one-line description. The command
line's ``--engine`` choices, :func:`make_engine`, the tracer, the README's table
of engines and the tests all read the registry, so adding an engine is one
entry here. A class is imported only when it is first asked for, so the fast
engine's numba is not loaded by a command that does not use it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .dancing_links import DancingLinks, Observer, OnWrite, SearchStats
from .errors import ExtraNeeded, ProblemError, install_hint
from .problem import Problem
from .progress import Progress
from .traced import traced


@runtime_checkable
class Engine(Protocol):
    """What every engine offers: lazy solutions, a count with limits and progress, Knuth's counters."""

    name: str
    title: str
    problem: Problem
    stats: SearchStats

    def solutions(self, limit: int | None = None, node_limit: int | None = None) -> Iterator[tuple[int, ...]]:
        """Each solution as a tuple of option indices, in the order chosen."""
        ...

    def count(self, limit: int | None = None, node_limit: int | None = None, progress: Progress | None = None) -> int:
        """The number of solutions (up to ``limit``; ``stats.gave_up`` tells whether ``node_limit`` stopped it)."""
        ...

    def first(self) -> tuple[int, ...] | None:
        """The first solution, or None."""
        ...


@dataclass(frozen=True)
class EngineInfo:
    """One registry entry: an engine's name, its class (by module and name), what it can do, what it is."""

    name: str
    module: str  # a module of the wordcover package
    cls: str
    description: str
    colours: bool  # accepts colour items
    tracing: bool  # a DancingLinks: takes an observer and a write hook
    progress: bool = True  # count(progress=...) reports
    node_limit: bool = True  # solutions/count(node_limit=...) give up in time
    correct: bool = True  # False for the engine that is wrong on purpose
    extra: str | None = None  # the pip extra its imports need

    def load(self) -> type:
        """The engine's class (imported now if it was not before)."""
        try:
            module = importlib.import_module(f".{self.module}", __package__)
        except ImportError as err:
            if self.extra is None:
                raise
            raise ExtraNeeded(f"the {self.name} engine", self.extra, err.name or "an optional package") from None
        engine_class: type = getattr(module, self.cls)
        return engine_class


REGISTRY: dict[str, EngineInfo] = {
    info.name: info
    for info in (
        EngineInfo(
            "x",
            "dancing_links",
            "DancingLinks",
            "Algorithm X (Knuth's DLX1): primary and secondary items, no colours; the shared core",
            colours=False,
            tracing=True,
        ),
        EngineInfo(
            "sticker",
            "algorithm_c",
            "AlgorithmC",
            "Algorithm C (DLX2) with stickers: the correct engine for colours, and the default",
            colours=True,
            tracing=True,
        ),
        EngineInfo(
            "naive",
            "naive",
            "NaiveAlgorithmC",
            "Algorithm C without the sticker: the double-purify bug, wrong on purpose",
            colours=True,
            tracing=True,
            correct=False,
        ),
        EngineInfo(
            "outside",
            "outside",
            "ColoursOutside",
            "Algorithm X over the primary items, colours checked in a record outside the matrix",
            colours=True,
            tracing=True,
        ),
        EngineInfo(
            "fast",
            "fast",
            "FastEngine",
            "the sticker engine's Algorithm C compiled with numba: same answers and counters, far faster",
            colours=True,
            tracing=False,
            extra="fast",
        ),
    )
}

ENGINE_NAMES = tuple(REGISTRY)
ALIASES = {"c": "sticker"}  # Algorithm C by its own name, for pages that have not yet met the sticker


def names(*, colours: bool | None = None, tracing: bool | None = None) -> tuple[str, ...]:
    """The registered engine names, optionally only those that take colours or observers."""
    return tuple(
        n
        for n, info in REGISTRY.items()
        if (colours is None or info.colours == colours) and (tracing is None or info.tracing == tracing)
    )


def engine_info(name: str) -> EngineInfo:
    """The registry entry of an engine (an alias such as ``"c"`` gives its engine's); ProblemError naming the choices
    for an unknown name."""
    try:
        return REGISTRY[ALIASES.get(name, name)]
    except (KeyError, TypeError):
        raise ProblemError(f"unknown engine {name!r}; choose from {', '.join(ENGINE_NAMES)}") from None


def make_engine(problem: Problem, engine: str = "sticker", observer: Observer | None = None) -> Engine:
    """An engine of the named kind, ready to search ``problem`` (traced by ``observer`` when one is given)."""
    info = engine_info(engine)
    if observer is not None or info.tracing:
        return make_traced(problem, engine, observer)
    made: Engine = info.load()(problem)  # an engine that cannot be traced takes the problem alone
    return made


def make_traced(
    problem: Problem, engine: str = "sticker", observer: Observer | None = None, on_write: OnWrite | None = None
) -> DancingLinks:
    """A Dancing Links engine of the named kind, which reports to ``observer`` and ``on_write`` when given.

    Every engine but the compiled one is a :class:`DancingLinks`; asking for that one here is a ProblemError.
    """
    info = engine_info(engine)
    engine_class = info.load()
    if not info.tracing or not issubclass(engine_class, DancingLinks):
        raise ProblemError(f"the {engine} engine cannot be traced; engines that can: {', '.join(names(tracing=True))}")
    if observer is None and on_write is None:
        return engine_class(problem)
    return traced(engine_class)(problem, observer, on_write)


def installed(module: str) -> bool:
    """Whether ``module`` could be imported, found without importing it."""
    if module in sys.modules:
        return sys.modules[module] is not None
    return importlib.util.find_spec(module) is not None


def best_engine() -> tuple[str, str | None]:
    """The fastest correct engine installed, and a one-line notice when it is not the compiled one.

    The fast engine when numba and numpy are installed (nothing is imported to find out); else the
    sticker engine, pure Python, with a notice that says how to get the fast one.
    """
    if installed("numba") and installed("numpy"):
        return "fast", None
    extra = REGISTRY["fast"].extra
    return "sticker", (
        f"numba is not installed, so this runs the pure-Python sticker engine; "
        f"the compiled one: {install_hint(f'wordcover[{extra}]')}"
    )


def markdown_table() -> str:
    """The README's table of engines, made from the registry."""
    yes = {True: "yes", False: "no"}
    rows = ["| name | module | colours | tracing | what it is |", "|---|---|---|---|---|"]
    for info in REGISTRY.values():
        rows.append(
            f"| `{info.name}` | `{info.module}.py` | {yes[info.colours]} | {yes[info.tracing]} | {info.description} |"
        )
    return "\n".join(rows)


def count_solutions(problem: Problem, engine: str = "sticker", limit: int | None = None) -> int:
    """The number of solutions of ``problem`` (up to ``limit``)."""
    return make_engine(problem, engine).count(limit)


def solve(problem: Problem, engine: str = "sticker", limit: int | None = None) -> list[tuple[int, ...]]:
    """A list of the solutions of ``problem`` (up to ``limit``), each a tuple of option indices."""
    return list(make_engine(problem, engine).solutions(limit))
