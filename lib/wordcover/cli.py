"""The ``wordcover`` command line: count, show, dlx, find, make, rectangle and squares.

For ``count`` and ``dlx`` the last line of standard output is the bare count,
so scripts can read it with ``tail -n 1``. Bad input (any
:class:`~wordcover.errors.WordcoverError`) is one line on standard error and exit
status 2; Ctrl-C is one line and status 130; a reader that closes the pipe early
(``wordcover show ... | head -1``) ends the command quietly. Any other exception
is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
from collections.abc import Sequence

from . import __version__
from .dlx_format import parse_dlx
from .engines import ENGINE_NAMES, Engine, best_engine, engine_info, installed, make_engine, names
from .errors import DlxFormatError, WordcoverError, read_user_file
from .progress import PROGRESS_MASK, bar
from .word_search import WordSearch, parse_size
from .wordlists import load_words, read_word_file
from .words import Vocabulary


class UsageError(WordcoverError):
    """A mistake in the command line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, not argparse's usage block
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _engine_name(chosen: str | None) -> str:
    """The engine asked for, or the best one installed (with one line on standard error when it is not the fast one)."""
    if chosen is not None:
        return chosen
    name, notice = best_engine()
    if notice:
        print(f"wordcover: {notice}", file=sys.stderr)
    return name


def _count(engine: Engine) -> int:
    """Count with an engine, with a progress bar on a terminal."""
    with bar() as progress:
        return engine.count(progress=progress)


def _counted(n: int, thing: str) -> str:
    """'1 sticker', '2 stickers', '1,089 updates'."""
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def _stats_line(engine: Engine) -> str:
    s = engine.stats
    parts = [_counted(s.nodes, "node"), _counted(s.updates, "update")]
    if engine_info(engine.name).colours:
        parts += [_counted(s.purifications, "purification"), _counted(s.stickers, "sticker")]
    if s.conflicts:
        parts.append(_counted(s.conflicts, "colour conflict"))
    return f"{engine.name} engine ({engine.title}): " + ", ".join(parts)


def _warn_naive(engine: str) -> None:
    if not engine_info(engine).correct:
        print(
            f"wordcover: warning: the {engine} engine has the double-purify bug on purpose; "
            "its count and solutions can be wrong",
            file=sys.stderr,
        )


def _word_search(args) -> WordSearch:
    rows, cols = parse_size(args.size)
    return WordSearch(rows, cols, args.words, args.directions)


def cmd_count(args) -> int:
    ws = _word_search(args)
    if args.method == "cliques" and args.engine is not None:
        raise UsageError("--method cliques counts without an engine, so --engine has no effect: leave one of them out")
    if args.method == "cliques" and args.jobs > 1:
        raise UsageError("--method cliques runs in one process, so --jobs has no effect: leave one of them out")
    if args.share and args.jobs > 1:
        raise UsageError(
            "--share cannot be split over --jobs: leave out --jobs (the default clique count takes --share)"
        )
    method = args.method
    too_big = ""
    if method is None:  # the clique count when it can run, fits, and nothing asks for an engine, else enumerate
        method = "cliques" if args.engine is None and args.jobs == 1 and installed("numpy") else "enumerate"
        if method == "cliques":
            from .cliques import CLIQUE_BUDGET, clique_bytes

            if clique_bytes(ws) > CLIQUE_BUDGET:
                method = "enumerate"
                too_big = f"the clique count would need about {clique_bytes(ws) / 1024**3:.1f} GiB of arrays; "
    chosen = args.engine
    if method == "enumerate":
        args.engine = _engine_name(args.engine)
        _warn_naive(args.engine)
    print(
        f"{' '.join(ws.words)} in {ws.rows}x{ws.cols}, directions {','.join(ws.directions)}: "
        f"{len(ws.placements)} placements"
    )
    if method == "cliques":
        from .cliques import count_placements

        n = count_placements(ws, share=args.share)
        what = "in which every word shares a cell with another" if args.share else "in all"
        how = " (the default; --method enumerate lists them)" if args.method is None else ""
        print(f"counted as cliques of compatible placements{how}: {n:,} solutions {what}")
        print(n)
        return 0
    if chosen is None:
        print(f"{too_big}enumerated by the {args.engine} engine, the best installed (--engine picks another)")
    if args.jobs > 1:
        from .parallel import count_parallel

        with bar("pieces", unit="pieces") as progress:
            n = count_parallel(ws.problem, args.engine, jobs=args.jobs, progress=progress)
        print(f"{args.engine} engine on {args.jobs} processes: {n:,} solutions")
        print(n)
        return 0
    engine = ws.engine(args.engine)
    with bar() as progress:
        n = ws.count(engine, share=args.share, progress=progress)
    if args.share:
        print(f"{engine.stats.solutions:,} solutions in all; {n:,} in which every word shares a cell with another")
    else:
        print(f"{n:,} solutions")
    print(_stats_line(engine))
    print(n)
    return 0


def cmd_show(args) -> int:
    ws = _word_search(args)
    args.engine = args.engine or "sticker"  # the first few solutions come at once; no compiled engine to load
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
    if args.example is not None:
        if args.file is not None:
            raise UsageError("give a DLX file or --example, not both")
        from . import examples

        text, source = examples.text(args.example), f"example {args.example}"
    elif args.file in (None, "-"):
        if sys.stdin.isatty():  # a person at a terminal, who may not know the command waits for them
            print("wordcover: reading a DLX problem from standard input (end it with Ctrl-D)", file=sys.stderr)
        # bytes, as DLX2 reads them: a byte outside ASCII is named in a one-line error, whatever the locale
        text, source = sys.stdin.buffer.read().decode("latin-1"), "standard input"
    else:
        text, source = read_user_file(args.file, "DLX file", encoding="ascii"), args.file
    try:
        data = parse_dlx(text)
    except DlxFormatError as err:
        raise DlxFormatError(err.line_no, err.detail, source=source) from None
    for line_no, option in data.ignored:
        print(f"wordcover: {source}: line {line_no}: option ignored (no primary items): {option}", file=sys.stderr)
    args.engine = _engine_name(args.engine)
    _warn_naive(args.engine)
    if args.jobs > 1:
        if args.show or args.limit:
            raise UsageError("--jobs only counts: leave out --show and --limit")
        from .parallel import count_parallel

        with bar("pieces", unit="pieces") as progress:
            n = count_parallel(data.problem, args.engine, jobs=args.jobs, progress=progress)
        print(f"{args.engine} engine on {args.jobs} processes")
        print(n)
        return 0
    engine = make_engine(data.problem, args.engine)
    with bar() as progress:
        if args.show:
            n = 0
            for n, solution in enumerate(engine.solutions(args.limit), 1):
                if n <= args.show:
                    print(f"solution {n}:")
                    for k in solution:
                        print(f"  {data.problem.label(k)}")
                elif not n & PROGRESS_MASK:
                    progress(n)
        else:
            n = engine.count(args.limit, progress=progress)
    print(_stats_line(engine))
    print(n)
    return 0


def _word_list(args, what: str = "words") -> list[str]:
    """The words given on the command line and in --words-file."""
    words = list(getattr(args, "words", []) or [])
    if getattr(args, "words_file", None):
        words += read_word_file(args.words_file, "--words-file")
    if not words:
        raise UsageError(f"give some {what} on the command line or with --words-file")
    return words


def cmd_find(args) -> int:
    import json

    from .finder import find_words, read_grid

    result = find_words(read_grid(args.grid, "GRIDFILE"), args.words, args.directions)
    if args.json:
        print(
            json.dumps(
                [{"word": p.word, "row": p.row, "col": p.col, "direction": p.direction} for p in result.found],
                indent=None,
            )
        )
    else:
        for p in result.found:
            print(p)
    if result.missing:
        print(f"not found: {' '.join(result.missing)}", file=sys.stderr if args.json else sys.stdout)
        return 1  # as grep does: a word that is not in the grid is an answer a script must see
    return 0


def _refuse_overwrites(args) -> None:
    """Before any work: --output and --key must be new files (or --force), apart from each other and the input."""
    targets = [(option, path) for option, path in (("--output", args.output), ("--key", args.key)) if path]
    real = {option: os.path.realpath(path) for option, path in targets}  # through symbolic links
    if len(real) == 2 and real["--output"] == real["--key"]:
        raise UsageError(f"--output and --key both name {args.output}: give the answer key a file of its own")
    words_file = os.path.realpath(args.words_file) if args.words_file else None
    for option, path in targets:
        if real[option] == words_file:
            raise UsageError(f"{option} {path} is the word list given to --words-file: write the puzzle elsewhere")
        if os.path.exists(path) and not args.force:
            raise UsageError(f"{option} {path} exists already: choose another file, or add --force to replace it")


def cmd_make(args) -> int:
    from .generator import backtracking_puzzle, make_puzzle

    _refuse_overwrites(args)
    rows, cols = parse_size(args.size)
    maker = make_puzzle if args.method == "exact" else backtracking_puzzle
    puzzle = maker(
        rows,
        cols,
        _word_list(args),
        seed=args.seed,
        difficulty=args.difficulty,
        directions=args.directions,
        message=args.message,
    )
    for target, key in ((args.output, False), (args.key, True)):
        if target is None:
            continue
        option = "--key" if key else "--output"
        if not target.lower().endswith((".txt", ".png", ".pdf")):
            raise UsageError(f"{option} {target}: the file name must end in .txt, .png or .pdf")
        try:
            if target.lower().endswith(".txt"):  # text needs no matplotlib
                with open(target, "w", encoding="utf-8") as handle:
                    handle.write(puzzle.text(key))
            else:
                try:
                    from .views import save_puzzle
                except ImportError:
                    raise UsageError(
                        f"{option} {target}: PNG and PDF pages need matplotlib: "
                        "pip install matplotlib, or write a .txt file"
                    ) from None
                save_puzzle(puzzle, target, key=key)
        except OSError as err:
            raise UsageError(f"{option} {target}: cannot write it ({_why(err, target)})") from None
        print(f"wrote {'answer key' if key else 'puzzle'} to {target}", file=sys.stderr)
    if args.output is None:
        print("\n".join(puzzle.grid))
        print()
        print("words: " + " ".join(sorted(puzzle.words)))
    return 0


def cmd_rectangle(args) -> int:
    from .rectangles import WordRectangle

    words = read_word_file(args.words_file, "--words-file") if args.words_file else load_words(length=None)
    rect = WordRectangle(args.rows, args.cols, words, distinct=args.distinct)
    _say_dropped(rect.vocabulary, args.words_file)
    print(f"{args.rows}x{args.cols} word rectangles: {len(rect.across)} across words, {len(rect.down)} down words")
    if args.count:
        engine = make_engine(rect.problem, _engine_name(None))
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
    from .squares import SquareSearch, count_squares_parallel

    words = read_word_file(args.words_file, "--words-file") if args.words_file else load_words(length=args.order)
    if args.words_file:
        from .words import vocabulary

        _say_dropped(vocabulary(words), args.words_file)
    note = "counts are of grids: a square and its transpose are two grids unless they are the same"
    if args.count:
        if args.method == "dlx":
            model = square_model(args.order, words, args.kind)
            engine = make_engine(model.problem, _engine_name(None))
            n = _count(engine)
            print(f"{args.kind} squares of order {args.order} by Algorithm C; {note}")
            print(_stats_line(engine))
        else:
            with bar("pieces", unit="pieces") as progress:
                stats = count_squares_parallel(args.order, words, args.kind, jobs=args.jobs, progress=progress)
            n = stats.squares
            print(f"{args.kind} squares of order {args.order} by backtracking; {note}")
            print(
                f"{stats.nodes:,} lines placed, {stats.prefix_cutoffs:,} prefix cut-offs, "
                f"{stats.mask_cutoffs:,} mask cut-offs, deepest level {stats.deepest}"
            )
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


def _say_dropped(words: Vocabulary, source: str | None) -> None:
    """One line on standard error naming the words of a list that the rule for words left out."""
    note = words.note()
    if note:
        print(f"wordcover: {source or 'the word list'}: {note}", file=sys.stderr)


def _why(err: OSError, target: str) -> str:
    """An OSError in plain words."""
    folder = os.path.dirname(os.path.abspath(target))
    if isinstance(err, FileNotFoundError) and not os.path.isdir(folder):
        return f"there is no folder {folder}"
    if isinstance(err, PermissionError):
        return "permission denied"
    if isinstance(err, IsADirectoryError):
        return "that is a folder"
    return err.strerror or str(err)


def _whole(text: str, least: int, wanted: str) -> int:
    """A whole number of at least ``least`` from the command line, or one line saying what was wanted."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected {wanted}, got {value}")
    return value


def _positive(text: str) -> int:
    return _whole(text, 1, "a positive number")


def _non_negative(text: str) -> int:
    return _whole(text, 0, "a number 0 or more")


BEST = "fast when numba is installed, else sticker"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wordcover", description="Exact cover with Dancing Links, and word puzzles.")
    parser.add_argument("--version", action="version", version=f"wordcover {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def word_arguments(p, engine_help: str):
        p.add_argument("--size", required=True, help="grid size, rows x columns, e.g. 6x6")
        p.add_argument(
            "--directions",
            default="all",
            help="all (8, the default), orthogonal (E,W,S,N), forward (E,S,SE,NE) or a list like E,S,SE",
        )
        p.add_argument("--engine", choices=names(colours=True), default=None, help=engine_help)
        p.add_argument("--share", action="store_true", help="keep only solutions in which every word crosses another")
        p.add_argument("words", nargs="+", metavar="WORD", help="the words to hide in the grid")

    p = sub.add_parser("count", help="count the ways to place words in a grid")
    word_arguments(p, f"the engine to enumerate with (so --method enumerate); default: {BEST}")
    p.add_argument(
        "--method",
        choices=("enumerate", "cliques"),
        default=None,
        help="cliques: count the choices of compatible placements without listing them (the default when numpy "
        "is installed and neither --engine nor --jobs is given); enumerate: list them with an engine",
    )
    p.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        help="enumerate on this many processes (default 1; so --method enumerate; not with --share)",
    )
    p.set_defaults(run=cmd_count)

    p = sub.add_parser("show", help="print solutions as grids")
    word_arguments(p, "default: sticker")
    p.add_argument("--limit", type=_positive, default=1, help="how many solutions to print (default 1)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("dlx", help="solve a problem in Knuth's DLX format")
    p.add_argument("file", nargs="?", default=None, help="the DLX file, or - for standard input (default)")
    p.add_argument(
        "--example",
        default=None,
        metavar="NAME",
        help="one of the examples shipped with wordcover: knuth_exact_cover, knuth_tiny_colours, colour_pair",
    )
    p.add_argument("--engine", choices=ENGINE_NAMES, default=None, help=f"default: {BEST}")
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
    p.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard"),
        default=None,
        help="easy: E,S; medium (default): E,S,SE,NE; hard: all 8 directions",
    )
    p.add_argument("--directions", default=None, help="an explicit list such as E,S,SE (instead of --difficulty)")
    p.add_argument("--message", default=None, help="hide this message in the free cells instead of random letters")
    p.add_argument("--words-file", default=None, help="a file of words, one or more per line")
    p.add_argument("--output", default=None, help="write the puzzle to FILE.txt, FILE.png or FILE.pdf")
    p.add_argument("--key", default=None, help="write the answer key to FILE.txt, FILE.png or FILE.pdf")
    p.add_argument("--force", action="store_true", help="replace --output and --key files that exist already")
    p.add_argument(
        "--method",
        choices=("exact", "backtrack"),
        default="exact",
        help="exact: randomised Algorithm C (default); backtrack: the stack-based placer",
    )
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
    p.add_argument(
        "--count",
        action="store_true",
        help="count them (last line: the bare count); the cost grows fast with --order: with the English list, "
        "order 4 took 50 s on one core of the test machine, so try --jobs or a smaller --words-file",
    )
    p.add_argument("--limit", type=_positive, default=1, help="how many squares to print (default 1)")
    p.add_argument("--words-file", default=None, help="word list (default: the project's English list)")
    p.add_argument("--method", choices=("backtrack", "dlx"), default="backtrack")
    p.add_argument("--jobs", type=_positive, default=1, help="processes for --count with backtrack (default 1)")
    p.set_defaults(run=cmd_squares)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    given, argv = list(sys.argv[1:] if argv is None else argv), []
    while given:  # --size -1x5: a value that starts with '-' is still --size's value, so that the error says why
        word = given.pop(0)
        argv.append(f"--size={given.pop(0)}" if word == "--size" and given and given[0].startswith("-") else word)
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except WordcoverError as err:
        print(f"wordcover: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C while we stop must not interrupt the stop
        print("wordcover: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader closed the pipe (| head): stop quietly, and keep Python from complaining at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as err:
        if err.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT):
            raise
        # standard output cannot be written (a full disk): one line, and no second complaint at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        print(f"wordcover: error: cannot write the output: {err.strerror}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
