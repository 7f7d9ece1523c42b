"""The ``wordcover`` command line: count, show, dlx, find, make, rectangle and squares.

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
from .engines import ENGINE_NAMES, make_engine
from .word_search import WordSearch, parse_size
from .wordlists import load_words, read_word_file

WORD_ENGINES = ("sticker", "naive", "outside", "fast")


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


def _count(engine) -> int:
    """Count with an engine, showing progress on a terminal."""
    progress = _Progress()
    n = engine.count(progress=progress)
    progress.done()
    return n


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
    if args.method == "cliques":
        from .cliques import count_placements

        n = count_placements(ws, share=args.share)
        what = "in which every word shares a cell with another" if args.share else "in all"
        print(f"counted as cliques of compatible placements, without listing them: {n} solutions {what}")
        print(n)
        return 0
    if args.jobs > 1:
        if args.share:
            raise UsageError("--jobs counts whole solutions; use --method cliques for --share")
        from .parallel import count_parallel

        n = count_parallel(ws.problem, args.engine, jobs=args.jobs)
        print(f"{args.engine} engine on {args.jobs} processes")
        print(n)
        return 0
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
    if args.jobs > 1:
        if args.show or args.limit:
            raise UsageError("--jobs only counts: leave out --show and --limit")
        from .parallel import count_parallel

        n = count_parallel(data.problem, args.engine, jobs=args.jobs)
        print(f"{args.engine} engine on {args.jobs} processes")
        print(n)
        return 0
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


def _word_list(args, what: str = "words") -> list[str]:
    """The words given on the command line and in --words-file."""
    words = list(getattr(args, "words", []) or [])
    if getattr(args, "words_file", None):
        words += read_word_file(args.words_file)
    if not words:
        raise UsageError(f"give some {what} on the command line or with --words-file")
    return words


def cmd_find(args) -> int:
    import json

    from .finder import find_words, read_grid

    result = find_words(read_grid(args.grid), args.words, args.directions)
    if args.json:
        print(json.dumps([{"word": p.word, "row": p.row, "col": p.col, "direction": p.direction}
                          for p in result.found], indent=None))
    else:
        for p in result.found:
            print(p)
    if result.missing:
        print(f"not found: {' '.join(result.missing)}", file=sys.stderr if args.json else sys.stdout)
    return 0


def cmd_make(args) -> int:
    from .generator import backtracking_puzzle, make_puzzle

    rows, cols = parse_size(args.size)
    maker = make_puzzle if args.method == "exact" else backtracking_puzzle
    puzzle = maker(rows, cols, _word_list(args), seed=args.seed, difficulty=args.difficulty,
                   directions=args.directions, message=args.message)
    for target, key in ((args.output, False), (args.key, True)):
        if target is None:
            continue
        if target.lower().endswith(".txt"):  # text needs no matplotlib
            from pathlib import Path

            Path(target).write_text(puzzle.text(key), encoding="utf-8")
        else:
            from .views import save_puzzle

            save_puzzle(puzzle, target, key=key)
        print(f"wrote {'answer key' if key else 'puzzle'} to {target}", file=sys.stderr)
    if args.output is None:
        print("\n".join(puzzle.grid))
        print()
        print("words: " + " ".join(sorted(puzzle.words)))
    return 0


def cmd_rectangle(args) -> int:
    from .rectangles import WordRectangle

    words = read_word_file(args.words_file) if args.words_file else load_words(length=None)
    rect = WordRectangle(args.rows, args.cols, words, distinct=args.distinct)
    print(f"{args.rows}x{args.cols} word rectangles: {len(rect.across)} across words, {len(rect.down)} down words")
    if args.count:
        engine = make_engine(rect.problem)
        n = _count(engine)
        print(_stats_line(engine))
        print(n)
        return 0
    shown = 0
    for grid in rect.solutions(limit=args.limit):
        shown += 1
        print(f"rectangle {shown}:")
        print("\n".join(grid))
    if not shown:
        print("no rectangles")
    return 0


def cmd_squares(args) -> int:
    from .rectangles import square_model
    from .squares import SquareSearch, count_parallel

    words = read_word_file(args.words_file) if args.words_file else load_words(length=args.order)
    note = "counts are of grids: a square and its transpose are two grids unless they are the same"
    if args.count:
        if args.method == "dlx":
            model = square_model(args.order, words, args.kind)
            engine = make_engine(model.problem)
            n = _count(engine)
            print(f"{args.kind} squares of order {args.order} by Algorithm C; {note}")
            print(_stats_line(engine))
        else:
            tty = sys.stderr.isatty()

            def report(done, total):
                if tty:
                    sys.stderr.write(f"\r  {done}/{total} pieces done...")
                    sys.stderr.flush()

            stats = count_parallel(args.order, words, args.kind, jobs=args.jobs, progress=report)
            if tty:
                sys.stderr.write("\r" + " " * 40 + "\r")
            n = stats.squares
            print(f"{args.kind} squares of order {args.order} by backtracking; {note}")
            print(f"{stats.nodes:,} lines placed, {stats.prefix_cutoffs:,} prefix cut-offs, "
                  f"{stats.mask_cutoffs:,} mask cut-offs, deepest level {stats.deepest}")
        print(n)
        return 0
    if args.method == "dlx":
        found = square_model(args.order, words, args.kind).solutions(limit=args.limit)
    else:
        found = SquareSearch(args.order, words, args.kind).squares(limit=args.limit)
    shown = 0
    for grid in found:
        shown += 1
        print(f"square {shown}:")
        print("\n".join(grid))
    if not shown:
        print(f"no {args.kind} squares of order {args.order}")
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
    p.add_argument("--method", choices=("enumerate", "cliques"), default="enumerate",
                   help="enumerate with an engine (default) or count cliques of compatible placements")
    p.add_argument("--jobs", type=_positive, default=1, help="count on this many processes (default 1)")
    p.set_defaults(run=cmd_count)

    p = sub.add_parser("show", help="print solutions as grids")
    word_arguments(p)
    p.add_argument("--limit", type=_positive, default=1, help="how many solutions to print (default 1)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("dlx", help="solve a problem in Knuth's DLX format")
    p.add_argument("file", nargs="?", default="-", help="the DLX file, or - for standard input (default)")
    p.add_argument("--engine", choices=ENGINE_NAMES, default="sticker", help="default: sticker")
    p.add_argument("--jobs", type=_positive, default=1, help="count on this many processes (default 1)")
    p.add_argument("--limit", type=_positive, default=None, help="stop after this many solutions")
    p.add_argument("--show", type=_non_negative, default=0, metavar="K", help="print the first K solutions")
    p.set_defaults(run=cmd_dlx)

    p = sub.add_parser("find", help="find words in a letter grid")
    p.add_argument("grid", metavar="GRIDFILE", help="a text file, one row of letters per line")
    p.add_argument("--directions", default="all", help="all (default), orthogonal, forward or a list like E,S")
    p.add_argument("--json", action="store_true", help="print a JSON list of {word, row, col, direction}")
    p.add_argument("words", nargs="+", metavar="WORD")
    p.set_defaults(run=cmd_find)

    p = sub.add_parser("make", help="make a word-search puzzle with an answer key")
    p.add_argument("--size", required=True, help="grid size, rows x columns, e.g. 12x12")
    p.add_argument("--seed", type=int, default=None, help="random seed (the same seed gives the same puzzle)")
    p.add_argument("--difficulty", choices=("easy", "medium", "hard"), default=None,
                   help="easy: E,S; medium (default): E,S,SE,NE; hard: all 8 directions")
    p.add_argument("--directions", default=None, help="an explicit list such as E,S,SE (instead of --difficulty)")
    p.add_argument("--message", default=None, help="hide this message in the free cells instead of random letters")
    p.add_argument("--words-file", default=None, help="a file of words, one or more per line")
    p.add_argument("--output", default=None, help="write the puzzle to FILE.txt, FILE.png or FILE.pdf")
    p.add_argument("--key", default=None, help="write the answer key to FILE.txt, FILE.png or FILE.pdf")
    p.add_argument("--method", choices=("exact", "backtrack"), default="exact",
                   help="exact: randomised Algorithm C (default); backtrack: the stack-based placer")
    p.add_argument("words", nargs="*", metavar="WORD")
    p.set_defaults(run=cmd_make)

    p = sub.add_parser("rectangle", help="word rectangles: every row and every column a word")
    p.add_argument("--rows", type=_positive, required=True)
    p.add_argument("--cols", type=_positive, required=True)
    p.add_argument("--words-file", default=None, help="word list (default: the project's English list)")
    p.add_argument("--distinct", action="store_true", help="no word twice")
    p.add_argument("--limit", type=_positive, default=1, help="how many rectangles to print (default 1)")
    p.add_argument("--count", action="store_true", help="count them instead (last line: the bare count)")
    p.set_defaults(run=cmd_rectangle)

    p = sub.add_parser("squares", help="word squares: symmetric, double or any")
    p.add_argument("--order", type=_positive, required=True)
    p.add_argument("--kind", choices=("symmetric", "double", "any"), default="double")
    p.add_argument("--count", action="store_true", help="count them (last line: the bare count)")
    p.add_argument("--limit", type=_positive, default=1, help="how many squares to print (default 1)")
    p.add_argument("--words-file", default=None, help="word list (default: the project's English list)")
    p.add_argument("--method", choices=("backtrack", "dlx"), default="backtrack")
    p.add_argument("--jobs", type=_positive, default=1, help="processes for --count with backtrack (default 1)")
    p.set_defaults(run=cmd_squares)
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
