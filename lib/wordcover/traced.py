"""A traced engine: the core's primitives wrapped so that each reports to an observer, and its arrays watched.

:func:`traced` makes, once per engine class, a subclass whose primitives (cover, hide, purify, commit and
their inverses) tell an ``observer(event, engine)`` what they are about to do, then do it, each event
carrying its cause (the primitive running when it began), so events come in causal order. With an
``on_write(array, index, old, new)`` hook, the arrays step C1 builds are watched: every write the search
makes to them is heard, with its old and new value, before it is made. The core
(:mod:`wordcover.dancing_links`) knows nothing of this; the one door to a traced engine is
:func:`wordcover.engines.make_traced`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .dancing_links import DancingLinks, Observer, OnWrite
from .problem import Problem


class Watched(list[int]):
    """One of Knuth's arrays in a traced engine: each write that changes a value is told to ``on_write`` first."""

    def __init__(self, values: list[int], name: str, on_write: OnWrite) -> None:
        super().__init__(values)
        self.name, self.on_write = name, on_write

    def __setitem__(self, index: Any, value: Any) -> None:  # the search writes one entry at a time
        old = list.__getitem__(self, index)
        if old != value:
            self.on_write(self.name, index, old, value)
        list.__setitem__(self, index, value)


class Traced(DancingLinks):
    """Each primitive tells the observer what it is about to do, then does it; each array write is heard.

    Mixed in before an engine's class by :func:`traced`, so an event always comes before the
    events it causes (commit before its covers and purifies, cover and purify before their
    hides) and carries its cause: the primitive that was running when it began. With an
    ``on_write`` hook, the arrays C1 makes are watched: every write the search makes to them is
    reported, with its old and new value, before it is made.
    """

    def __init__(self, problem: Problem, observer: Observer | None = None, on_write: OnWrite | None = None) -> None:
        self._running: list[str] = []  # the primitives running now, outermost first
        self.observer, self.on_write = observer, on_write
        super().__init__(problem)

    def _array(self, name: str, values: list[int]) -> list[int]:
        return Watched(values, name, self.on_write) if self.on_write is not None else values

    def _within(self, kind: str, run: Callable[[int], Any], x: int, **event: Any) -> Any:
        """Report ``kind`` with its cause (the primitive running now), then run it as the cause of what it does."""
        self._emit(kind, cause=self._running[-1] if self._running else None, **event)
        self._running.append(kind)
        try:
            return run(x)
        finally:
            self._running.pop()

    def _colour(self, p: int) -> str | None:
        return self.colour_names[self.color[p]] if self.color[p] > 0 else None

    def cover(self, i: int) -> None:
        self._within("cover", super().cover, i, item=i)

    def uncover(self, i: int) -> None:
        self._within("uncover", super().uncover, i, item=i)

    def hide(self, p: int) -> None:
        self._within("hide", super().hide, p, item=self.top[p], option=self.option_of[p])

    def unhide(self, p: int) -> None:
        self._within("unhide", super().unhide, p, item=self.top[p], option=self.option_of[p])

    def purify(self, p: int) -> None:
        self._within("purify", super().purify, p, item=self.top[p], option=self.option_of[p], colour=self._colour(p))

    def unpurify(self, p: int) -> None:
        colour = self._colour(p)
        self._within("unpurify", super().unpurify, p, item=self.top[p], option=self.option_of[p], colour=colour)

    def commit(self, x: int) -> bool:
        self._trying = True  # from the commit event on, a snapshot counts x_l as chosen
        try:
            return bool(self._within("commit", super().commit, x, option=self.option_of[x]))
        finally:
            self._trying = False

    def uncommit(self, x: int) -> None:
        self._within("uncommit", super().uncommit, x, option=self.option_of[x])


_TRACED: dict[type, type] = {}


def traced(cls: type[DancingLinks]) -> type[Traced]:
    """The traced subclass of an engine class (made once per class): its primitives report to the observer."""
    if issubclass(cls, Traced):
        return cls
    if cls not in _TRACED:
        _TRACED[cls] = type(f"Traced{cls.__name__}", (Traced, cls), {"__module__": cls.__module__})
    return _TRACED[cls]
