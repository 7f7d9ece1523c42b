"""Counting word squares in pieces that survive a failure: one results file a piece, on any executor.

The first row's words are cut into ranges, as :func:`wordcover.squares.count_squares_parallel` cuts them; each
piece's counters are written to a file of its own as soon as the piece is done (whole or not at all), and a run
started again after a crash, a lost worker or Ctrl-C counts only the pieces with no file. The executor may be a
local pool or a cluster's (a dask ``Client(...).get_executor()``, by its scheduler's address), so the same call
counts on one machine or on many.

Every piece file names the order, the kind, the number of words, the split and its range, so a file from another
count is refused rather than added in.
"""

from __future__ import annotations

import concurrent.futures
import json
import pathlib
from collections.abc import Callable, Sequence

from .atomic_file import write_file
from .errors import PuzzleError
from .squares import SquareSearch, SquareStats, count_squares, first_row_ranges, square_method


def piece_bounds(total: int, pieces: int) -> list[tuple[int, int]]:
    """The first-row ranges of a split into ``pieces`` (empty ranges left out), as count_squares_parallel cuts them."""
    if isinstance(pieces, bool) or not isinstance(pieces, int) or pieces < 1:
        raise PuzzleError(f"pieces must be a positive whole number, got {pieces!r}")
    return first_row_ranges(total, pieces)


def _count_piece(args: tuple) -> tuple[int, dict]:
    order, words, kind, first, method, k = args
    stats = count_squares(order, words, kind, first, method)
    return k, vars(stats)


def count_in_pieces(
    order: int,
    words: Sequence[str],
    kind: str,
    folder: str | pathlib.Path,
    pieces: int,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    method: str = "auto",
) -> SquareStats:
    """The squares' counters, summed over ``pieces`` first-row ranges; each piece's kept in ``folder``.

    Pieces with a file already are read, not run; the rest run on ``executor`` (in this process when None).
    ``progress(done, total)`` hears each piece, those read from files first.
    """
    search = SquareSearch(order, words, kind)
    method = square_method(method)
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    bounds = piece_bounds(len(search.words), pieces)
    stamp = {"order": order, "kind": kind, "words": len(search.words), "pieces": pieces}

    def path(k: int) -> pathlib.Path:
        return folder / f"{kind}-{order}-piece-{k + 1:04d}-of-{pieces:04d}.json"

    found: dict[int, dict] = {}
    for k, first in enumerate(bounds):
        if path(k).is_file():
            saved = json.loads(path(k).read_text())
            if saved.get("stamp") != {**stamp, "range": list(first)}:
                raise PuzzleError(f"{path(k)} is from another count (not {stamp}, range {first}): move it away")
            found[k] = saved["stats"]
    if progress:
        progress(len(found), len(bounds))
    work = [(order, search.words, kind, first, method, k) for k, first in enumerate(bounds) if k not in found]

    def keep(k: int, stats: dict) -> None:
        found[k] = stats
        record = {"stamp": {**stamp, "range": list(bounds[k])}, "stats": stats}
        write_file(path(k), json.dumps(record) + "\n")  # whole or not at all
        if progress:
            progress(len(found), len(bounds))

    if executor is None:
        for args in work:
            keep(*_count_piece(args))
    else:
        futures = [executor.submit(_count_piece, args) for args in work]
        try:
            for future in concurrent.futures.as_completed(futures):
                keep(*future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    total = SquareStats(profile=[0] * (2 * order + 1))
    for stats in found.values():
        total.add(SquareStats(**stats))
    return total
