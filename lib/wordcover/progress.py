"""Progress on long work, drawn by tqdm: a text bar on a terminal, a widget in Jupyter.

Engines report progress through a plain callback, ``progress(n)`` with the number
of solutions found so far; :func:`bar` makes such a callback that moves a tqdm bar.
On a terminal the bar goes to standard error; when standard error is not a
terminal (a pipe, a log file, a test) nothing is drawn, and tqdm is not even
imported (it would cost a command about 50 ms of start-up).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def _shown() -> bool:
    """Whether a bar would be seen: in a Jupyter kernel, or with standard error on a terminal."""
    if "ipykernel" in sys.modules:
        return True
    stream = sys.stderr
    return stream is not None and hasattr(stream, "isatty") and stream.isatty()


@contextmanager
def bar(desc: str = "counting", unit: str = "solutions", total: int | None = None) -> Iterator[Callable[..., None]]:
    """A callback ``progress(n)`` that moves a bar to ``n`` (a running total), closed on leaving the block.

    >>> with bar("counting") as progress:            # doctest: +SKIP
    ...     n = engine.count(progress=progress)
    """
    if not _shown():
        yield lambda n, *_: None
        return
    from tqdm.auto import tqdm

    shown = tqdm(
        total=total, desc=desc, unit=f" {unit}", unit_scale=total is None, leave=False, disable=None, mininterval=0.5
    )

    def progress(n: int, *_: object) -> None:
        shown.update(n - shown.n)

    try:
        yield progress
    finally:
        shown.close()
