"""The two placers side by side on tight puzzles: how often the backtracking placer gives up.

Run:  python benchmarks/bench_placers.py [--trials N] [--max-steps S]

Draws seeded random word sets (mathematicians and animals, up to 7 letters) for
6x6 and 7x7 grids, easy directions (E and S). For every set that the exact
cover placer can fill, the backtracking placer gets ``--max-steps`` tries.
Prints each case and, at the end, how many the backtracking placer solved, its
median tries and backtracks, and the median times of both.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wordcover.generator import PuzzleError, backtracking_puzzle, make_puzzle
from wordcover.wordlists import load_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--max-steps", type=int, default=300_000)
    args = parser.parse_args()
    pool = [w for w in load_words("mathematicians") + load_words("animals") if len(w) <= 7]
    rng = random.Random(5)
    exact_times, back_times, tries, backtracks, solved, cases = [], [], [], [], 0, 0
    for _ in range(args.trials):
        n = rng.choice([6, 7])
        words = list(dict.fromkeys(rng.sample(pool, rng.choice([7, 8, 9]))))
        start = time.perf_counter()
        try:
            make_puzzle(n, n, words, seed=1, difficulty="easy")
        except (PuzzleError, ValueError):
            continue
        exact_times.append(time.perf_counter() - start)
        cases += 1
        start = time.perf_counter()
        try:
            puzzle = backtracking_puzzle(n, n, words, seed=1, difficulty="easy", max_steps=args.max_steps)
            outcome = f"placed after {puzzle.stats['tries']:,} tries, {puzzle.stats['backtracks']:,} backtracks"
            tries.append(puzzle.stats["tries"])
            backtracks.append(puzzle.stats["backtracks"])
            solved += 1
        except PuzzleError as err:
            outcome = str(err)
        back_times.append(time.perf_counter() - start)
        print(f"{n}x{n} {' '.join(words)}: {outcome}")
    print()
    print(
        f"{cases} word sets that Algorithm C placed; the backtracking placer placed {solved} "
        f"and gave up on {cases - solved} (limit {args.max_steps:,} tries)"
    )
    if tries:
        print(
            f"when it succeeded: median {statistics.median(tries):,.0f} tries, "
            f"{statistics.median(backtracks):,.0f} backtracks"
        )
    print(
        f"median time: Algorithm C {statistics.median(exact_times):.3f} s, "
        f"backtracking {statistics.median(back_times):.3f} s"
    )


if __name__ == "__main__":
    main()
