"""The ``wordcover`` command line: count, show and dlx.

For ``count`` and ``dlx`` the last line of standard output is the bare count,
so scripts can read it with ``tail -n 1``. Errors are one line on standard
error and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Sequence

from .dancing_links import DancingLinks
from .dlx_format import parse_dlx
from .engines import ENGINES, make_engine
from .word_search import WordSearch, parse_size

WORD_ENGINES = ("sticker", "naive", "outside")


class UsageError(Exception):
    """A mistake in the command line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, not argparse's usage block
        raise UsageError(f"{message} (see '{self.prog} --help')")


class _Progress:
    """Reports the running count on standard error, at most once a second, when it is a terminal."""

    def __init__(self, stream=sys.stderr) -> None:
        self.stream = stream
        self.active = stream.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def __call__(self, n: int) -> None:
        now = time.monotonic()
        if self.active and now - self.last >= 1.0:
            self.last = now
            self.shown = True
            self.stream.write(f"\r  {n:,} solutions so far ({now - self.start:.0f} s)...")
            self.stream.flush()

    def done(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def _stats_line(engine: DancingLinks) -> str:
    s = engine.stats
    parts = [f"{s.nodes:,} nodes", f"{s.updates:,} updates"]
    if engine.accepts_colours:
        parts += [f"{s.purifications:,} purifications", f"{s.stickers:,} stickers"]
    if s.conflicts:
        parts.append(f"{s.conflicts:,} colour conflicts")
    return f"{engine.name} engine ({engine.title}): " + ", ".join(parts)


def _warn_naive(engine: str) -> None:
    if engine == "naive":
        print(
            "wordcover: warning: the naive engine has the double-purify bug on purpose; "
            "its count and solutions can be wrong",
            file=sys.stderr,
        )


def _word_search(args) -> WordSearch:
    rows, cols = parse_size(args.size)
    return WordSearch(rows, cols, args.words, args.directions)


def cmd_count(args) -> int:
    ws = _word_search(args)
    _warn_naive(args.engine)
    print(f"{' '.join(ws.words)} in {ws.rows}x{ws.cols}, directions {','.join(ws.directions)}: "
          f"{len(ws.placements)} placements")
    engine = ws.engine(args.engine)
    progress = _Progress()
    n = ws.count(engine, share=args.share, progress=progress)
    progress.done()
    if args.share:
        print(f"{engine.stats.solutions} solutions in all; {n} in which every word shares a cell with another")
    print(_stats_line(engine))
    print(n)
    return 0


def cmd_show(args) -> int:
    ws = _word_search(args)
    _warn_naive(args.engine)
    shown = 0
    for solution in ws.solutions(args.engine, limit=args.limit, share=args.share):
        shown += 1
        if shown > 1:
            print()
        print(f"solution {shown}: " + "; ".join(str(p) for p in ws.decode(solution)))
        print("\n".join(ws.grid(solution)))
    if shown == 0:
        print("no solutions")
    return 0


def cmd_dlx(args) -> int:
    if args.file == "-":
        text = sys.stdin.read()
        source = "standard input"
    else:
        try:
            with open(args.file, encoding="ascii") as handle:
                text = handle.read()
        except UnicodeDecodeError:
            raise ValueError(f"{args.file}: not an ASCII text file") from None
        source = args.file
    try:
        data = parse_dlx(text)
    except ValueError as err:
        raise ValueError(f"{source}: {err}") from None
    for line_no, option in data.ignored:
        print(f"wordcover: {source}: line {line_no}: option ignored (no primary items): {option}", file=sys.stderr)
    _warn_naive(args.engine)
    engine = make_engine(data.problem, args.engine)
    progress = _Progress()
    if args.show:
        n = 0
        for solution in engine.solutions(args.limit):
            n += 1
            if n <= args.show:
                print(f"solution {n}:")
                for k in solution:
                    print(f"  {data.problem.label(k)}")
            else:
                progress(n)
    else:
        n = engine.count(args.limit, progress=progress)
    progress.done()
    print(_stats_line(engine))
    print(n)
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def _non_negative(text: str) -> int:
    value = _positive(text) if text.strip() != "0" else 0
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wordcover", description="Exact cover with Dancing Links, and word puzzles.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def word_arguments(p):
        p.add_argument("--size", required=True, help="grid size, rows x columns, e.g. 6x6")
        p.add_argument(
            "--directions",
            default="all",
            help="all (8, the default), orthogonal (E,W,S,N), forward (E,S,SE,NE) or a list like E,S,SE",
        )
        p.add_argument("--engine", choices=WORD_ENGINES, default="sticker", help="default: sticker")
        p.add_argument("--share", action="store_true", help="keep only solutions in which every word crosses another")
        p.add_argument("words", nargs="+", metavar="WORD")

    p = sub.add_parser("count", help="count the ways to place words in a grid")
    word_arguments(p)
    p.set_defaults(run=cmd_count)

    p = sub.add_parser("show", help="print solutions as grids")
    word_arguments(p)
    p.add_argument("--limit", type=_positive, default=1, help="how many solutions to print (default 1)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("dlx", help="solve a problem in Knuth's DLX format")
    p.add_argument("file", nargs="?", default="-", help="the DLX file, or - for standard input (default)")
    p.add_argument("--engine", choices=tuple(ENGINES), default="sticker", help="default: sticker")
    p.add_argument("--limit", type=_positive, default=None, help="stop after this many solutions")
    p.add_argument("--show", type=_non_negative, default=0, metavar="K", help="print the first K solutions")
    p.set_defaults(run=cmd_dlx)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except (UsageError, ValueError, OSError) as err:
        print(f"wordcover: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wordcover: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
