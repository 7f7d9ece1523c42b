"""Count one of the classic problems with the compiled engine and keep its counters in a record a notebook reads.

Run:  python benchmarks/record_count.py pentominoes 6 10 --record data/pentominoes_6x10.json [--force]
      python benchmarks/record_count.py queens 12

The count is made twice, on links built afresh, and the two must agree counter for counter (solutions, nodes,
updates, the profile) before anything is printed or written. Notebook 09 sets its estimate of the 6 x 10 pentomino
tree beside ``data/pentominoes_6x10.json``, made this way: a count of about 9 seconds here, more than a notebook
cell may take. ``tests/test_records.py`` counts it again and compares.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import platform
import shlex
import sys
import time

from wordcover.atomic_file import write_file
from wordcover.classics import langford, pentominoes, queens
from wordcover.engines import make_engine

PROBLEMS = {
    "pentominoes": (pentominoes, 2, "the twelve pentominoes in a ROWS x COLS box"),
    "queens": (queens, 1, "N queens on an N x N board"),
    "langford": (langford, 1, "Langford pairs of 1..N"),
}


def count(kind: str, sizes: list[int]) -> tuple[dict, float]:
    """The counters of the compiled engine's whole search, and its seconds (the links built outside the clock)."""
    build, _, _ = PROBLEMS[kind]
    engine = make_engine(build(*sizes), "fast")
    start = time.perf_counter()
    engine.count()
    return dataclasses.asdict(engine.stats), time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=sorted(PROBLEMS), help="; ".join(f"{k}: {v[2]}" for k, v in PROBLEMS.items()))
    parser.add_argument("sizes", type=int, nargs="+", help="the problem's sizes (pentominoes ROWS COLS, queens N)")
    parser.add_argument("--record", type=pathlib.Path, help="write the counters and times to this JSON file")
    parser.add_argument("--force", action="store_true", help="let --record replace a file that is there")
    args = parser.parse_args(argv)
    wanted = PROBLEMS[args.kind][1]
    if len(args.sizes) != wanted or min(args.sizes) < 1:
        parser.error(f"{args.kind} takes {wanted} positive size{'s' if wanted > 1 else ''}")
    if args.record and args.record.exists() and not args.force:
        raise SystemExit(f"{args.record} is there already; add --force to replace it")
    name = f"{args.kind} {' x '.join(map(str, args.sizes))}"
    first, seconds = count(args.kind, args.sizes)
    second, again = count(args.kind, args.sizes)
    if first != second:
        raise SystemExit(f"{name}: two counts disagree: {first} against {second}")
    print(f"{name}: {first['solutions']:,} solutions, {first['nodes']:,} nodes, {first['updates']:,} updates")
    print(f"  {seconds:.1f} s and {again:.1f} s (the compiled engine, links built outside the clock)")
    if args.record:
        command = "python benchmarks/record_count.py " + shlex.join(a for a in sys.argv[1:] if a != "--force")
        record = {
            "command": command,
            "problem": name,
            "engine": "fast",
            "seconds": [round(seconds, 2), round(again, 2)],
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
            "stats": first,
        }
        write_file(args.record, json.dumps(record, indent=1) + "\n")
        print(f"recorded in {args.record}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped: nothing was written", file=sys.stderr)
        raise SystemExit(130) from None
