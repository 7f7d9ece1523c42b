"""The engines side by side: teaching (pure Python), fast (numba), clique count, and xcover when installed.

Run:  python benchmarks/bench_fast.py [--repeat N] [--slow]

Problems: the four names in 6x6 (244,792) and 7x7 (9,664,704), Langford pairs
n = 11 (35,584), the pentominoes in 6x10 (9,356). Each cell is the median of
``--repeat`` runs of solving only (problem already built; the fast engine and
xcover compiled once before timing). The teaching engine runs the 7x7 and the
pentominoes only with ``--slow`` (minutes). Then: the whole process with a warm
cache, and the speed-up of parallel counting on the cores of this machine.
xcover: ``pip install -e .[bench]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import warnings

from wordcover import WordSearch, make_engine
from wordcover.classics import langford, pentominoes
from wordcover.cliques import count_placements
from wordcover.parallel import count_parallel

NAMES = ["ABEL", "CANTOR", "GAUSS", "EULER"]
warnings.filterwarnings("ignore", module="xcover")  # its own numba type warnings


def median_time(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def xcover_counter(problem):
    """A function counting the problem's solutions with xcover, or None when xcover is not installed."""
    try:
        from xcover import covers
    except ImportError:
        return None
    colored = problem.has_colours  # xcover reads colours written item:colour, as Knuth does
    options = [[str(e) for e in option] for option in problem.options]
    primary, secondary = list(problem.primary), list(problem.secondary)

    def count():
        return sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=colored))

    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--slow", action="store_true", help="also time the teaching engine on the big problems")
    args = parser.parse_args()

    six, seven = WordSearch(6, 6, NAMES), WordSearch(7, 7, NAMES)
    cases = [
        ("4 names 6x6", six.problem, six, False),
        ("4 names 7x7", seven.problem, seven, True),
        ("Langford 11", langford(11), None, False),
        ("pentominoes 6x10", pentominoes(), None, True),
    ]
    make_engine(six.problem, "fast").count(limit=1)  # compile (or load the cache) before timing
    print(
        f"{'problem':<18} {'count':>10} {'teaching s':>11} {'fast s':>9} {'cliques s':>10} {'xcover s':>9} "
        f"{'teach/fast':>10} {'xcover/fast':>11}"
    )
    for name, problem, ws, slow in cases:
        fast_t, count = median_time(lambda p=problem: make_engine(p, "fast").count(), args.repeat)
        teach_t = float("nan")
        if args.slow or not slow:
            reps = 1 if slow else args.repeat
            teach_t, teach_count = median_time(lambda p=problem: make_engine(p, "sticker").count(), reps)
            assert teach_count == count
        clique_t = float("nan")
        if ws is not None:
            clique_t, clique_count = median_time(lambda w=ws: count_placements(w), args.repeat)
            assert clique_count == count
        x_t = float("nan")
        counter = xcover_counter(problem)
        if counter is not None and not (slow and not args.slow):
            counter()  # compile
            x_t, x_count = median_time(counter, 1 if slow else args.repeat)
            assert x_count == count, (x_count, count)
        print(
            f"{name:<18} {count:>10} {teach_t:>11.3f} {fast_t:>9.4f} {clique_t:>10.4f} {x_t:>9.3f} "
            f"{teach_t / fast_t:>9.0f}x {x_t / fast_t:>10.1f}x"
        )

    command = [sys.executable, "-m", "wordcover", "count", "--size", "6x6", "--engine", "fast", *NAMES]
    whole, _ = median_time(lambda: subprocess.run(command, check=True, capture_output=True), args.repeat)
    print(f"\nwhole process, warm cache (`wordcover count --engine fast` 6x6): {whole:.2f} s median")
    eight = WordSearch(8, 8, NAMES)
    t8, n8 = median_time(lambda: count_placements(eight), args.repeat)
    ten = WordSearch(10, 10, NAMES)
    t10, n10 = median_time(lambda: count_placements(ten), 1)
    print(f"clique count: 8x8 {n8:,} in {t8:.2f} s; 10x10 {n10:,} in {t10:.2f} s")
    cores = os.cpu_count() or 1
    one, _ = median_time(lambda: count_parallel(six.problem, "sticker", jobs=1), 1)
    many, total = median_time(lambda: count_parallel(six.problem, "sticker", jobs=cores), 1)
    print(
        f"parallel counting, teaching engine, 6x6 ({total:,}): 1 process {one:.2f} s, {cores} processes "
        f"{many:.2f} s, speed-up {one / many:.2f}x"
    )


if __name__ == "__main__":
    main()
