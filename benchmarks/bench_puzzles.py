"""Median times for the puzzle tools: making a puzzle, finding words, finding a double square.

Run:  python benchmarks/bench_puzzles.py [--repeat N] [--pairs N] [--only-pairs]

* against word-search-generator (``pip install -e .[bench]``): a 15x15 puzzle of
  12 animal names, medium (E, S, SE, NE: its level 2) and hard (all eight: its
  level 3), by the quick placer and by word-search-generator's ``WordSearch``,
  in ``--pairs`` pairs that alternate which runs first; pair k draws its 12
  words from the animal list with seed k (pair 0 takes the first 12) and seeds
  both placers with k. It prints both medians, the median of the pair-by-pair
  ratios, and how many of its puzzles word-search-generator completed: it
  drops a word it cannot place, or that its default validators refuse, without
  an error. The quick placer's puzzles are checked to hold every word exactly
  once. Then the two older placers on the same task (``--repeat`` seeds);
* make: a 12x12 puzzle of 15 animal names, hard (all 8 directions), by the
  randomised Algorithm C placer and by the backtracking placer (seeds 0..N-1);
* find: 20 words in a 15x15 puzzle made with the generator;
* squares: the first double word square of order 5 and of order 6 from the
  English list, by backtracking, and all double squares of order 4 on 2 cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wordcover.finder import find_words
from wordcover.generator import backtracking_puzzle, extra_copies, make_puzzle, quick_puzzle
from wordcover.squares import SquareSearch, count_squares_parallel
from wordcover.word_search import Placement
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


def against_wsg(pairs: int, repeat: int) -> None:
    """The quick placer and word-search-generator, paired, on 15x15 puzzles of 12 words, medium and hard."""
    try:
        from word_search_generator import WordSearch as WsgPuzzle
    except ImportError:
        print("word-search-generator is not installed: pip install -e .[bench] to time the quick placer against it")
        return
    pool = load_words("animals")
    lists = [pool[:12]] + [random.Random(k).sample(pool, 12) for k in range(1, pairs)]
    print(f"15x15, 12 animal names, {pairs} pairs, medians in ms; ratio: median of quick / word-search-generator")
    print(f"{'difficulty':<10} {'quick':>8} {'wsg':>8} {'ratio':>7}  word-search-generator's puzzles")
    for difficulty, level in (("medium", 2), ("hard", 3)):
        ours, theirs, complete, doubled = [], [], 0, 0
        for k, words in enumerate(lists):
            for first in (0, 1) if k % 2 == 0 else (1, 0):
                start = time.perf_counter()
                if first == 0:
                    puzzle = quick_puzzle(15, 15, words, seed=k, difficulty=difficulty)
                    ours.append(time.perf_counter() - start)
                else:
                    random.seed(k)  # it draws from the random module's own generator
                    game = WsgPuzzle(" ".join(words), level=level, size=15)
                    theirs.append(time.perf_counter() - start)
            assert not extra_copies(puzzle.grid, puzzle.placements, puzzle.directions)
            assert sorted(p.word for p in puzzle.placements) == sorted(words)
            placed = [Placement(w.text, w.start_row, w.start_column, w.direction.name) for w in game.placed_words]
            complete += len(placed) == len(words)
            grid = ["".join(row) for row in game.puzzle]
            doubled += bool(extra_copies(grid, placed, tuple(d.name for d in game.directions)))
        ratio = statistics.median(a / b for a, b in zip(ours, theirs))
        print(
            f"{difficulty:<10} {statistics.median(ours) * 1e3:>8.2f} {statistics.median(theirs) * 1e3:>8.2f} "
            f"{ratio:>7.3f}  words placed: 12/12 in {complete} of {pairs} puzzles; "
            f"a placed word read twice in {doubled}"
        )
    words = pool[:12]
    for name, maker in (("exact", make_puzzle), ("backtracking", backtracking_puzzle)):
        for difficulty in ("medium", "hard"):
            took = timed(lambda k, m=maker, d=difficulty: m(15, 15, words, seed=k, difficulty=d), repeat)
            print(f"{difficulty:<10} {name} (the first 12 names, {repeat} seeds): median {took[0] * 1e3:.1f} ms")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=200, help="pairs of puzzles against word-search-generator")
    parser.add_argument("--only-pairs", action="store_true", help="time only the pairs against word-search-generator")
    parser.add_argument("--skip-count", action="store_true", help="skip counting the order-4 double squares")
    args = parser.parse_args()
    against_wsg(args.pairs, args.repeat)
    if args.only_pairs:
        return
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
