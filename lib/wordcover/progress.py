"""Progress on long work, drawn by tqdm: a text bar on a terminal, a widget in Jupyter.

Engines report progress through a plain callback, ``progress(n)`` with the number
of solutions found so far; :func:`bar` makes such a callback that moves a tqdm bar.
On a terminal the bar goes to standard error; when standard error is not a
terminal (a pipe, a log file, a test) nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def bar(desc: str = "counting", unit: str = "solutions", total: int | None = None) -> Iterator[Callable[..., None]]:
    """A callback ``progress(n)`` that moves a bar to ``n`` (a running total), closed on leaving the block.

    >>> with bar("counting") as progress:            # doctest: +SKIP
    ...     n = engine.count(progress=progress)
    """
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
