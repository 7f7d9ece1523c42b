"""Count double word squares of one order on a dask cluster, in pieces kept on disk, checked by a second split.

Run:  python benchmarks/squares_on_dask.py --order 7 [--scheduler tcp://host:8786] [--workers 2] [--pieces 64 48]

Without ``--scheduler`` a LocalCluster of ``--workers`` processes runs here; with it, the same code runs on the
cluster that scheduler leads (every worker needs wordcover with the fast extra). The first row's words are split
into the first number of ``--pieces``; each piece's counters go to a file in ``--folder`` as it finishes
(``wordcover.square_pieces``), so a run stopped half way and started again counts only what is missing. Then the
count is made again under the second split, in a folder of its own, and the two totals must agree counter for
counter (squares, nodes placed, both cut-offs, the profile); only then are the count and the times printed.
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import time

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
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    words = load_words(length=args.order)
    print(f"{args.kind} squares of order {args.order}, {len(words):,} words, the {square_method()} search")
    cluster = None if args.scheduler else LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
    with Client(args.scheduler or cluster) as client:
        executor = client.get_executor()
        totals = []
        for pieces in args.pieces:
            folder = args.folder / f"{args.kind}-{args.order}-in-{pieces}"
            start = time.perf_counter()
            with bar(f"{pieces} pieces", unit="pieces", total=pieces) as progress:
                stats = count_in_pieces(args.order, words, args.kind, folder, pieces, executor, progress)
            took = time.perf_counter() - start
            print(f"{pieces} pieces: {stats.squares:,} squares, {stats.nodes:,} lines placed, {took:.1f} s wall")
            print(f"  (the pieces' files are in {folder}: a run started again reads them instead of counting)")
            totals.append(dataclasses.asdict(stats))
    if cluster is not None:
        cluster.close()
    if totals[0] != totals[1]:
        raise SystemExit(f"the two splits disagree: {totals[0]} against {totals[1]}")
    print(f"the two splits agree on every counter: {totals[0]['squares']:,} {args.kind} squares of order {args.order}")


if __name__ == "__main__":
    main()
