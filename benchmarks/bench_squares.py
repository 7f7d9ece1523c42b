"""Double word squares: the compiled search against Kokkarinen's wordsquare.c, CPU time, paired, same word list.

Run:  python benchmarks/bench_squares.py --wordsquare '/path/to/wordsquare{n}' [--orders 4 5 6] [--repeat 3]
      (or set WORDSQUARE='/path/to/wordsquare{n}'; without either, only our searches are timed)

Kokkarinen's program is not part of this project. To build it, once per order n (its order is the constant N
at the top of the file, and it reads ``words_sorted.txt``, lower-case, one word a line, from the folder it runs
in; this script writes that file from the project's English list):

    git clone https://github.com/ikokkari/Wordsquare && cd Wordsquare
    for n in 4 5 6; do sed "s/^#define N 6$/#define N $n/" wordsquare.c > ws$n.c && gcc -O3 -o wordsquare$n ws$n.c; done

It counts double squares (``#define DOUBLE 1``) and prints each transposed pair once, so its count is half of
ours (we count grids). For each order and repeat the two run back to back: wordsquare.c as a process (its CPU
time from the operating system, user plus system), then ``count_squares(..., method="compiled")`` in this
process (its CPU time from ``time.process_time``, compiled beforehand, its tables built inside the time).
Printed: the counts (checked equal before any time is printed), the median CPU time of each, and the median
of the paired ratios, ours over wordsquare.c. The readable search (``SquareSearch``) is timed too with
``--readable``, on order 4 only (40 s a run).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import tempfile
import time

from wordcover.squares import SquareSearch, count_squares
from wordcover.wordlists import load_words


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_wordsquare(binary: str, folder: pathlib.Path, order: int) -> tuple[int, float]:
    """(pairs printed, CPU seconds) of one run of Kokkarinen's program."""
    before = children_cpu()
    out = subprocess.run([binary], cwd=folder, capture_output=True, text=True, check=True).stdout
    cpu = children_cpu() - before
    rows = [line for line in out.splitlines() if len(line) == order and line.isalpha() and line.islower()]
    return len(rows) // order, cpu


def run_ours(order: int, words: list[str]) -> tuple[int, float]:
    """(grids counted, CPU seconds) of the compiled search, its tables built inside the time as wordsquare.c's are."""
    start = time.process_time()
    n = count_squares(order, words, "double", method="compiled").squares
    return n, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordsquare", default=os.environ.get("WORDSQUARE"), help="path of the binaries, with {n}")
    parser.add_argument("--orders", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--readable", action="store_true", help="time the pure-Python search on order 4 too")
    args = parser.parse_args()
    english = load_words(length=None)
    count_squares(3, load_words(length=3)[:50], "double", method="compiled")  # compile (or load the cache) first
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        (folder / "words_sorted.txt").write_text("\n".join(sorted(w.lower() for w in english)) + "\n")
        print(f"{'order':>5} {'words':>6} {'squares':>10} {'ours s':>8} {'C s':>8} {'ours/C':>7}")
        for order in args.orders:
            words = [w for w in english if len(w) == order]
            ours, theirs, ratios, count = [], [], [], None
            for _ in range(args.repeat):
                if args.wordsquare:
                    pairs, cpu = run_wordsquare(args.wordsquare.format(n=order), folder, order)
                    theirs.append(cpu)
                n, mine = run_ours(order, words)
                ours.append(mine)
                if args.wordsquare:
                    if n != 2 * pairs:
                        raise SystemExit(f"order {order}: wordsquare.c found {pairs} pairs, we found {n} grids")
                    ratios.append(mine / cpu)
                count = n
            c_time = f"{statistics.median(theirs):>8.2f}" if theirs else f"{'-':>8}"
            ratio = f"{statistics.median(ratios):>7.2f}" if ratios else f"{'-':>7}"
            print(f"{order:>5} {len(words):>6} {count:>10,} {statistics.median(ours):>8.2f} {c_time} {ratio}")
        if args.readable:
            readable = SquareSearch(4, [w for w in english if len(w) == 4], "double")
            start = time.process_time()
            n = readable.count()
            print(f"readable search, order 4: {n:,} squares in {time.process_time() - start:.1f} s CPU")


if __name__ == "__main__":
    main()
