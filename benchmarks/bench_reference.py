"""The teaching engine against a careful pure-Python Algorithm C, each in its own process, alternated.

Run:  python benchmarks/bench_reference.py [--repeat N] [--reference PATH]

The peer is ``../shared/reference/pydlxc.py`` (array layout, iterative C1-C8, no
counters, no tracing hooks), run as ``pydlxc.py ws6 array``; it prints its count
time. Our side runs this file with ``--ours`` in a fresh process, which counts the
same 244,792 placements (ABEL CANTOR GAUSS EULER in 6x6) with the ``sticker``
engine and prints its count time the same way. The two are run in turn, ``--repeat``
times each, so that a busy moment of the machine falls on both alike; the script
prints each median, each run, and the median of the pair-by-pair ratios.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_REFERENCE = HERE.parent.parent / "shared" / "reference" / "pydlxc.py"
WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]
TIMING = re.compile(r"(\d+) solutions; build [\d.]+s, count ([\d.]+)s")


def ours() -> None:
    """Count in this process and print the line the reference prints."""
    from wordcover import WordSearch, make_engine

    start = time.perf_counter()
    engine = make_engine(WordSearch(6, 6, WORDS, "all").problem, "sticker")
    built = time.perf_counter()
    n = engine.count()
    done = time.perf_counter()
    print(f"sticker: {n} solutions; build {built - start:.3f}s, count {done - built:.3f}s")


def run(command: list[str]) -> tuple[int, float]:
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found = TIMING.search(out)
    if found is None:
        raise SystemExit(f"no timing line in the output of {' '.join(command)}:\n{out}")
    return int(found.group(1)), float(found.group(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each side (default 7)")
    parser.add_argument("--reference", type=pathlib.Path, default=DEFAULT_REFERENCE, help="path of pydlxc.py")
    parser.add_argument("--ours", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ours:
        ours()
        return
    if not args.reference.exists():
        raise SystemExit(f"no reference engine at {args.reference}; give its path with --reference")
    sides = {
        "wordcover sticker": [sys.executable, __file__, "--ours"],
        "pydlxc array": [sys.executable, str(args.reference), "ws6", "array"],
    }
    times: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(args.repeat):
        for name, command in sides.items():
            n, seconds = run(command)
            if n != 244_792:
                raise SystemExit(f"{name} counted {n}, not 244,792")
            times[name].append(seconds)
    ratios = [a / b for a, b in zip(times["wordcover sticker"], times["pydlxc array"])]
    print(f"ABEL CANTOR GAUSS EULER in 6x6: 244,792 solutions; {args.repeat} alternated runs of each, count time only")
    for name, values in times.items():
        runs = " ".join(f"{v:.3f}" for v in values)
        print(f"{name:<18} median {statistics.median(values):.3f} s   runs: {runs}")
    of_medians = statistics.median(times["wordcover sticker"]) / statistics.median(times["pydlxc array"])
    print(
        f"median of the pair-by-pair ratios: {statistics.median(ratios):.2f}   ratio of the medians: {of_medians:.2f}"
    )


if __name__ == "__main__":
    main()
