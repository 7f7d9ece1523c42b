"""Counting on all cores: split the search by the options of the first item chosen.

Every solution contains exactly one option of the item that the search would
choose first (the primary item with the fewest options, ties to the first). So
the problem splits into pieces, one per group of that item's options, each
keeping every other option; the pieces' counts add up to the whole count, and
each piece runs in its own process (``concurrent.futures``).

Ctrl-C belongs to the parent: local workers ignore it, and the parent, interrupted, terminated or failing, stops
every worker at once and leaves no process behind. A worker that dies (killed, out of memory) ends the count with
one :class:`~wordcover.errors.WorkerLost` error rather than a traceback; no partial total is given.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool

from .engines import make_engine
from .errors import ProblemError, WorkerLost
from .problem import Problem
from .progress import PieceProgress


def root_item(problem: Problem) -> str:
    """The item Algorithm X chooses first: fewest options, ties to the first primary item."""
    counts = {item: 0 for item in problem.primary}
    for option in problem.options:
        for entry in option:
            if entry.item in counts:
                counts[entry.item] += 1
    return min(problem.primary, key=lambda item: counts[item])


def split(problem: Problem, pieces: int) -> list[Problem]:
    """Pieces whose solution counts add up to the problem's: the first item's options dealt round-robin."""
    _check_count("pieces", pieces)
    item = root_item(problem)
    mine = [k for k, option in enumerate(problem.options) if any(e.item == item for e in option)]
    taken = set(mine)
    others = [k for k in range(len(problem.options)) if k not in taken]
    groups = [mine[j::pieces] for j in range(pieces) if mine[j::pieces]]
    result = []
    for group in groups:
        keep = sorted(others + group)
        result.append(
            Problem(
                problem.primary,
                problem.secondary,
                [problem.options[k] for k in keep],
                labels=[problem.labels[k] for k in keep],
            )
        )
    return result


def _count_piece(args: tuple[Problem, str]) -> int:
    piece, engine_name = args
    return make_engine(piece, engine_name).count()


def map_pieces(
    fn: Callable,
    work: list,
    jobs: int,
    progress: PieceProgress | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> list:
    """fn applied to every piece of work: on ``executor`` when given, else on ``jobs`` local processes.

    With no executor and one job, or no pieces, the pieces run in this process. Results come in the order they finish.
    """
    if executor is None and (jobs <= 1 or not work):  # no pieces (an item with no options): no pool of 0 workers
        results = []
        for done, args in enumerate(work, 1):
            results.append(fn(args))
            if progress:
                progress(done, len(work))
        return results
    if executor is not None:
        return _run_on(executor, fn, work, progress)
    # never more processes than pieces; workers leave Ctrl-C to this process
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(jobs, len(work)), initializer=_leave_sigint) as pool:
        try:
            return _run_on(pool, fn, work, progress)
        except BaseException:  # Ctrl-C, a lost worker, a bug: stop every worker now, not after the queue
            main = threading.current_thread() is threading.main_thread()
            stops = (signal.SIGINT, signal.SIGTERM)
            previous = [signal.signal(s, signal.SIG_IGN) for s in stops] if main else []  # a second signal waits
            try:
                _stop(pool)
            finally:
                for number, handler in zip(stops, previous):
                    signal.signal(number, handler)
            raise


def _leave_sigint() -> None:
    """In a worker: ignore Ctrl-C, which the parent handles by stopping the whole pool; die of SIGTERM at once.

    A forked worker inherits the parent's Python handlers: the command line's SIGTERM handler raises, and a pool
    worker would catch that, report it and carry on, so the default (end the process) is put back.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel the pieces not started and end the running workers at once (Python 3.14's terminate_workers)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # taken first: shutdown forgets them
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(1)
    # The pool's own thread sees its workers gone and closes its pipes; left to run into interpreter exit, it may
    # write to a pipe already closed ("Exception ignored ... Bad file descriptor"), so it is seen out here.
    if manager is not None and manager.is_alive():
        manager.join(2)


def _run_on(executor: concurrent.futures.Executor, fn: Callable, work: list, progress: PieceProgress | None) -> list:
    futures = [executor.submit(fn, args) for args in work]
    results = []
    try:
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            results.append(future.result())
            if progress:
                progress(done, len(work))
    except BaseException as stop:  # Ctrl-C, SIGTERM, a failed piece: the pieces not yet run are withdrawn
        for future in futures:
            future.cancel()  # on a cluster's executor too, so it does not go on counting for nobody
        if not isinstance(stop, BrokenProcessPool):
            raise
        raise WorkerLost(
            "a worker process ended unexpectedly (killed, or out of memory) before its piece was counted; "
            "no total is given: run again, with fewer --jobs if memory is short"
        ) from None
    return results


def count_parallel(
    problem: Problem,
    engine_name: str = "sticker",
    jobs: int | None = None,
    pieces: int | None = None,
    progress: PieceProgress | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> int:
    """The number of solutions, counted piece by piece by the engine named on ``executor`` or ``jobs`` processes.

    ``jobs`` defaults to every core; ``pieces`` to four per job. ``progress(done, total)`` hears each piece.
    """
    if jobs is not None:
        _check_count("jobs", jobs)
    if pieces is not None:
        _check_count("pieces", pieces)
    jobs = jobs or os.cpu_count() or 1
    parts = split(problem, pieces or 4 * jobs)
    return sum(map_pieces(_count_piece, [(part, engine_name) for part in parts], jobs, progress, executor))


def _check_count(name: str, value: object) -> None:
    """Refuse a number of jobs or pieces that is not a positive whole number, naming it."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ProblemError(f"{name} must be a positive whole number, got {value!r}")
