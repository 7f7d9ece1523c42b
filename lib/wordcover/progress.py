"""Progress on long work, drawn by tqdm: a text bar on a terminal, a widget in Jupyter.

Two kinds of callback report progress: an engine's count calls ``progress(n)`` with the
number of solutions found so far (:data:`Progress`, every :data:`PROGRESS_EVERY` solutions),
and a parallel count calls ``progress(done, total)`` with the pieces finished
(:data:`PieceProgress`). :func:`bar` makes a callback of either kind that moves a tqdm bar.
On a terminal the bar goes to standard error; when standard error is not a
terminal (a pipe, a log file, a test) nothing is drawn, and tqdm is not even
imported (it would cost a command about 50 ms of start-up).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Progress = Callable[[int], Any]  # progress(n): an engine's count, called now and then with the solutions so far
PieceProgress = Callable[[int, int], Any]  # progress(done, total): the pieces of a parallel count finished so far
PROGRESS_EVERY = 1 << 14  # an engine calls progress(n) whenever n, the solutions so far, is a multiple of 16,384
PROGRESS_MASK = PROGRESS_EVERY - 1  # n & PROGRESS_MASK == 0 exactly when n is such a multiple


def _shown() -> bool:
    """Whether a bar would be seen: in a Jupyter kernel, or with standard error on a terminal."""
    if "ipykernel" in sys.modules:
        return True
    stream = sys.stderr
    return stream is not None and hasattr(stream, "isatty") and stream.isatty()


@contextmanager
def bar(
    desc: str = "counting", unit: str = "solutions", total: int | None = None, delay: float = 0
) -> Iterator[Callable[..., None]]:
    """A callback ``progress(n)`` that moves a bar to ``n`` (a running total), closed on leaving the block.

    With ``delay``, the bar appears only once the work has taken that many seconds (quick work shows none).

    >>> with bar("counting") as progress:            # doctest: +SKIP
    ...     n = engine.count(progress=progress)
    """
    if not _shown():
        yield lambda n, *_: None
        return
    from tqdm.auto import tqdm

    shown = tqdm(
        total=total,
        desc=desc,
        unit=f" {unit}",
        unit_scale=total is None,
        leave=False,
        disable=None,
        mininterval=0.5,
        delay=delay,
    )

    def progress(n: int, *_: object) -> None:
        shown.update(n - shown.n)

    try:
        yield progress
    finally:
        shown.close()
