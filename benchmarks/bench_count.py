"""Median times for counting the 244,792 placements of ABEL CANTOR GAUSS EULER (6x6, 8 directions).

Run:  python benchmarks/bench_count.py [--repeat N] [--engines sticker,outside,naive]

Each engine counts the solutions ``--repeat`` times on a freshly built engine;
the script prints the median, the spread, the search-tree nodes and each
median's ratio to the sticker engine (Algorithm C). The naive engine is timed
for completeness only: its count is wrong by design.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from wordcover import WordSearch, make_engine

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def time_engine(problem, name: str, repeat: int) -> tuple[list[float], int, int]:
    """Seconds per run, the count and the node count for one engine."""
    times = []
    count = nodes = 0
    for _ in range(repeat):
        engine = make_engine(problem, name)
        start = time.perf_counter()
        count = engine.count()
        times.append(time.perf_counter() - start)
        nodes = engine.stats.nodes
    return times, count, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per engine (default 5)")
    parser.add_argument("--engines", default="sticker,outside,naive", help="comma-separated engine names")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    ws = WordSearch(6, 6, WORDS, "all")
    print(
        f"{' '.join(WORDS)} in 6x6, 8 directions: {len(ws.placements)} options; "
        f"Python {platform.python_version()}, {args.repeat} runs each"
    )
    print(f"{'engine':<9} {'count':>8} {'nodes':>10} {'median s':>9} {'min s':>7} {'max s':>7} {'ratio':>6}")
    base = None
    for name in args.engines.split(","):
        times, count, nodes = time_engine(ws.problem, name.strip(), args.repeat)
        median = statistics.median(times)
        base = base or median
        print(
            f"{name:<9} {count:>8} {nodes:>10} {median:>9.3f} {min(times):>7.3f} {max(times):>7.3f} "
            f"{median / base:>5.2f}x"
        )


if __name__ == "__main__":
    main()
