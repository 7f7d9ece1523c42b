"""How reading a word list and splitting a problem grow with their size: linear, not quadratic.

Run:  python benchmarks/bench_scale.py [--repeat N]

* words: ``normalise_words`` (the rule every word list passes through) on 25,000, 50,000 and
  100,000 distinct made-up words;
* options: ``parallel.split`` into two pieces, as ``dlx --jobs 2`` does, on an exact cover problem
  of 25,000, 50,000 and 100,000 options (each option the one primary item and a secondary item of its own).

Each row prints the median time and its ratio to the row above: about 2 when the work is linear in
the size, about 4 when it is quadratic. The count of words kept and of options in the pieces is
checked before a time is printed.
"""

from __future__ import annotations

import argparse
import itertools
import string

from bench_puzzles import timed  # the median of a few runs, as the puzzle benchmark takes it

from wordcover.parallel import split
from wordcover.problem import Problem
from wordcover.words import normalise_words

SIZES = (25_000, 50_000, 100_000)


def made_up_words(n: int) -> list[str]:
    """``n`` distinct words of five letters, in a fixed order."""
    letters = string.ascii_uppercase
    return ["".join(w) for w in itertools.islice(itertools.product(letters, repeat=5), n)]


def chain(n: int) -> Problem:
    """``n`` options: option k holds the one primary item HUB and a secondary item Sk of its own."""
    return Problem(["HUB"], [f"S{k}" for k in range(n)], [["HUB", f"S{k}"] for k in range(n)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per size; the median is printed (default 3)")
    args = parser.parse_args()
    print(f"{'task':<40} {'size':>9} {'median s':>9} {'x previous':>11}")
    previous = None
    for n in SIZES:
        words = made_up_words(n)
        seconds, _, _, kept = timed(lambda k, w=words: normalise_words(w), args.repeat)
        assert len(kept) == n
        ratio = f"{seconds / previous:>11.2f}" if previous else f"{'':>11}"
        print(f"{'normalise_words':<40} {n:>9,} {seconds:>9.3f} {ratio}")
        previous = seconds
    previous = None
    for n in SIZES:
        problem = chain(n)
        seconds, _, _, pieces = timed(lambda k, p=problem: split(p, 2), args.repeat)
        assert sum(len(piece.options) for piece in pieces) == n  # every option holds HUB, so each goes to one piece
        ratio = f"{seconds / previous:>11.2f}" if previous else f"{'':>11}"
        print(f"{'split into 2 pieces':<40} {n:>9,} {seconds:>9.3f} {ratio}")
        previous = seconds


if __name__ == "__main__":
    main()
