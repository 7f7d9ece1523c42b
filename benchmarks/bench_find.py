"""Finding many words in a big grid: the lines laid out once for all words, against a scan from every cell.

Run:  python benchmarks/bench_find.py [--size 1000] [--words 200] [--repeat 3]

A seeded random grid of ``--size`` x ``--size`` letters and ``--words`` words of the English list (four letters
or more, drawn with a seed). ``find_iter`` (what ``wordcover find`` runs) reads the grid's four axes into
strings once and searches each word with ``str.find``; ``iter_scan``, the eight-direction scan that notebook 1
teaches, tries every cell that holds the word's first letter in every direction. The scan is timed on the first
tenth of the words only (it takes about a quarter of a second a word on a 1000 x 1000 grid) and both are printed
per word, with their ratio. The two must find the same placements, in the same order, before a time is printed.
"""

from __future__ import annotations

import argparse
import random

from bench_puzzles import timed  # the median of a few runs, as the puzzle benchmark takes it

from wordcover.finder import find_iter, iter_scan
from wordcover.word_search import DIRECTION_SETS
from wordcover.wordlists import load_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="the grid's side (default 1000)")
    parser.add_argument("--words", type=int, default=200, help="how many words to find (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per median (default 3)")
    args = parser.parse_args()
    rng = random.Random(1)
    grid = ["".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(args.size)) for _ in range(args.size)]
    words = rng.sample(sorted(w for w in load_words(length=None) if len(w) >= 4), args.words)
    few = words[: max(1, args.words // 10)]
    directions = DIRECTION_SETS["all"]

    def lines_once(chosen: list[str]) -> list:
        return list(find_iter(grid, chosen))

    def every_cell(chosen: list[str]) -> list:
        return [p for word in chosen for p in iter_scan(grid, word, directions)]

    assert lines_once(few) == every_cell(few), "the two finders disagree"
    found = lines_once(words)
    once = timed(lambda _: lines_once(words), args.repeat)[0] / len(words)
    scan = timed(lambda _: every_cell(few), args.repeat)[0] / len(few)
    print(f"{args.size} x {args.size} grid, {len(words)} words, {len(found)} placements found")
    print(f"{'finder':<34}{'ms a word':>10}")
    print(f"{'lines laid out once (find_iter)':<34}{once * 1000:>10.2f}")
    print(f"{'scan from every cell (iter_scan)':<34}{scan * 1000:>10.2f}")
    print(f"ratio, scan over lines: {scan / once:.0f}")


if __name__ == "__main__":
    main()
