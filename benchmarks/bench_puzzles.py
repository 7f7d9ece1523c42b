"""Median times for the puzzle tools: making a puzzle, finding words, finding a double square.

Run:  python benchmarks/bench_puzzles.py [--repeat N]

* make: a 12x12 puzzle of 15 animal names, hard (all 8 directions), by the
  randomised Algorithm C placer and by the backtracking placer (seeds 0..N-1);
* find: 20 words in a 15x15 puzzle made with the generator;
* squares: the first double word square of order 5 and of order 6 from the
  English list, by backtracking, and all double squares of order 4 on 2 cores.
"""

from __future__ import annotations

import argparse
import statistics
import time

from wordcover.finder import find_words
from wordcover.generator import backtracking_puzzle, make_puzzle
from wordcover.squares import SquareSearch, count_squares_parallel
from wordcover.wordlists import load_words


def timed(fn, repeat: int) -> tuple[float, float, float, object]:
    times, result = [], None
    for k in range(repeat):
        start = time.perf_counter()
        result = fn(k)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times), result


def row(name: str, stats, detail: str = "") -> None:
    median, low, high, _ = stats
    print(f"{name:<44} {median:>9.4f} {low:>9.4f} {high:>9.4f}  {detail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-count", action="store_true", help="skip counting the order-4 double squares")
    args = parser.parse_args()
    animals = load_words("animals")[:15]
    print(f"{'task':<44} {'median s':>9} {'min s':>9} {'max s':>9}")
    exact = timed(lambda k: make_puzzle(12, 12, animals, seed=k, difficulty="hard"), args.repeat)
    back = timed(lambda k: backtracking_puzzle(12, 12, animals, seed=k, difficulty="hard"), args.repeat)
    row("make 12x12, 15 words (Algorithm C)", exact)
    row("make 12x12, 15 words (backtracking)", back, f"last run: {back[3].stats}")
    words20 = load_words("animals")[:20]
    puzzle = make_puzzle(15, 15, words20, seed=1, difficulty="hard")
    row("find 20 words in 15x15", timed(lambda k: find_words(puzzle.grid, words20), args.repeat))
    for order in (5, 6):
        words = load_words(length=order)
        found = timed(lambda k, n=order, w=words: next(SquareSearch(n, w, "double").squares()), 1)
        row(f"first double square of order {order} ({len(words)} words)", found, " ".join(found[3]))
    if not args.skip_count:
        words = load_words(length=4)
        counted = timed(lambda k: count_squares_parallel(4, words, "double", jobs=2, pieces=16), 1)
        row("count double squares of order 4 (2 jobs)", counted, f"{counted[3].squares:,} grids")
        single = timed(lambda k: count_squares_parallel(4, words, "double", jobs=1, pieces=16), 1)
        row("count double squares of order 4 (1 job)", single, f"speed-up {single[0] / counted[0]:.2f}x on 2 cores")


if __name__ == "__main__":
    main()
