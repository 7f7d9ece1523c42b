"""Count double word squares of one order on a dask cluster, in pieces kept on disk, checked by a second split.

Run:  python benchmarks/squares_on_dask.py --order 7 [--scheduler tcp://host:8786] [--workers 2] [--pieces 64 48]

Without ``--scheduler`` a LocalCluster of ``--workers`` processes runs here; with it, the same code runs on the
cluster that scheduler leads (every worker needs wordcover with the fast extra). The first row's words are split
into the first number of ``--pieces``; each piece's counters go to a file in ``--folder`` as it finishes
(``wordcover.square_pieces``), so a run stopped half way and started again counts only what is missing. Then the
count is made again under the second split, in a folder of its own, and the two totals must agree counter for
counter (squares, nodes placed, both cut-offs, the profile); only then are the count and the times printed,
and, with ``--record FILE``, written to FILE as JSON with the command that made them (notebook 07 reads
``data/squares_order7.json``, made this way).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import shlex
import sys
import time

from wordcover.atomic_file import write_file
from wordcover.progress import bar
from wordcover.square_pieces import count_in_pieces
from wordcover.squares import square_method
from wordcover.wordlists import load_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--order", type=int, default=7)
    parser.add_argument("--kind", default="double", choices=("any", "symmetric", "double"))
    parser.add_argument("--scheduler", help="a dask scheduler's address (default: a LocalCluster here)")
    parser.add_argument("--workers", type=int, default=2, help="processes of the LocalCluster (default 2)")
    parser.add_argument("--pieces", type=int, nargs=2, default=[64, 48], help="the two splits (default 64 48)")
    parser.add_argument("--folder", type=pathlib.Path, default=pathlib.Path("build/squares"))
    parser.add_argument("--record", type=pathlib.Path, help="write the agreed counters and times to this JSON file")
    parser.add_argument("--force", action="store_true", help="let --record replace a file that is there")
    args = parser.parse_args()
    if args.record and args.record.exists() and not args.force:
        raise SystemExit(f"{args.record} is there already; add --force to replace it")
    from dask.distributed import Client, LocalCluster

    words = load_words(length=args.order)
    print(f"{args.kind} squares of order {args.order}, {len(words):,} words, the {square_method()} search")
    cluster = None if args.scheduler else LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
    with Client(args.scheduler or cluster) as client:
        executor = client.get_executor()
        totals: list[dict] = []
        splits: list[dict] = []
        for pieces in args.pieces:
            folder = args.folder / f"{args.kind}-{args.order}-in-{pieces}"
            start = time.perf_counter()
            with bar(f"{pieces} pieces", unit="pieces", total=pieces) as progress:
                stats = count_in_pieces(args.order, words, args.kind, folder, pieces, executor, progress)
            took = time.perf_counter() - start
            print(f"{pieces} pieces: {stats.squares:,} squares, {stats.nodes:,} lines placed, {took:.1f} s wall")
            print(f"  (the pieces' files are in {folder}: a run started again reads them instead of counting)")
            totals.append(dataclasses.asdict(stats))
            kept = [json.loads(f.read_text()) for f in sorted(folder.glob(f"{args.kind}-{args.order}-piece-*.json"))]
            each = [{"range": k["stamp"]["range"], **k["stats"]} for k in kept]
            splits.append({"pieces": pieces, "wall_seconds": round(took, 1), "each": each})
    if cluster is not None:
        cluster.close()
    if totals[0] != totals[1]:
        raise SystemExit(f"the two splits disagree: {totals[0]} against {totals[1]}")
    print(f"the two splits agree on every counter: {totals[0]['squares']:,} {args.kind} squares of order {args.order}")
    if args.record:
        command = "python benchmarks/squares_on_dask.py " + shlex.join(a for a in sys.argv[1:] if a != "--force")
        record = {
            "command": command,
            "order": args.order,
            "kind": args.kind,
            "words": len(words),
            "method": square_method(),
            "workers": args.workers if not args.scheduler else None,
            "cpus": os.cpu_count(),
            "splits": splits,
            "stats": totals[0],
        }
        write_file(args.record, json.dumps(record, indent=1) + "\n")
        print(f"recorded in {args.record}")


if __name__ == "__main__":
    main()
