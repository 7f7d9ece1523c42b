"""The ``wordcover`` command line: count, show, dlx, find, make, rectangle and squares.

For ``count`` and ``dlx`` the last line of standard output is the bare count,
so scripts can read it with ``tail -n 1``. Bad input (any
:class:`~wordcover.errors.WordcoverError`) is one line on standard error and exit
status 2; Ctrl-C is one line and status 130, SIGTERM one line and status 143 (128 + the
signal, as a shell reports it), each with every worker stopped; a reader that closes the pipe early
(``wordcover show ... | head -1``) ends the command quietly. Any other exception
is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
import threading
from collections.abc import Mapping, Sequence

from . import __version__
from .atomic_file import write_file
from .dlx_format import dlx_text, parse_dlx
from .engines import ENGINE_NAMES, Engine, best_engine, engine_info, make_engine, names
from .errors import (
    ExtraNeeded,
    Terminated,
    WordcoverError,
    file_trouble,
    install_hint,
    read_stream,
    read_user_bytes,
)
from .progress import PROGRESS_MASK, bar
from .word_search import WordSearch, parse_size
from .wordlists import RANDOM_DEFAULT, load_words, read_word_file, words_to_hide
from .words import Vocabulary


class UsageError(WordcoverError):
    """A mistake in the command line."""


class _Parser(argparse.ArgumentParser):
    words_anywhere = False  # find and make: WORDs may come before, between and after the options

    def error(self, message: str):  # one line, not argparse's usage block
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def parse_known_args(self, args=None, namespace=None):
        namespace, extras = super().parse_known_args(args, namespace)
        if self.words_anywhere:  # argparse fills WORD... from the first run of plain arguments only
            namespace.words = [*namespace.words, *(a for a in extras if not a.startswith("-"))]
            extras = [a for a in extras if a.startswith("-")]
        return namespace, extras


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
    plan = ws.count_plan(args.method or "auto", args.engine, share=args.share, jobs=args.jobs)
    if plan.notice:
        print(f"wordcover: {plan.notice}", file=sys.stderr)
    if plan.engine:
        _warn_naive(plan.engine)
    print(
        f"{' '.join(ws.words)} in {ws.rows}x{ws.cols}, directions {','.join(ws.directions)}: "
        f"{len(ws.placements)} placements"
    )
    if plan.method == "cliques":
        with bar("cliques", unit="steps", total=plan.steps) as progress:
            n = ws.count(share=args.share, progress=progress, method="cliques")
        what = "in which every word shares a cell with another" if args.share else "in all"
        how = " (the default; --method enumerate lists them)" if plan.automatic else ""
        print(f"counted as cliques of compatible placements{how}: {n:,} solutions {what}")
        print(n)
        return 0
    if plan.best:
        why = f"{plan.reason}; " if plan.reason else ""
        print(f"{why}enumerated by the {plan.engine} engine, the best installed (--engine picks another)")
    if args.jobs > 1:
        with bar("pieces", unit="pieces") as progress:
            n = ws.count(plan.engine, progress=progress, method="enumerate", jobs=args.jobs)
        print(f"{plan.engine} engine on {args.jobs} processes: {n:,} solutions")
        print(n)
        return 0
    engine = ws.engine(plan.engine)
    with bar() as progress:
        n = ws.count(engine, share=args.share, progress=progress, method="enumerate")
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
        text, source = dlx_text(read_stream(sys.stdin.buffer, "standard input")), "standard input"
    else:
        text, source = dlx_text(read_user_bytes(args.file, "DLX file")), args.file
    data = parse_dlx(text, source)
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


def cmd_find(args) -> int:
    import json

    from .finder import find_iter
    from .puzzle_file import read_puzzle
    from .words import normalise_words

    puzzle = read_puzzle(args.grid, "GRIDFILE")
    given = list(args.words) + (read_word_file(args.words_file, "--words-file") if args.words_file else [])
    if not (given or puzzle.words):
        raise UsageError(
            f"GRIDFILE {args.grid} lists no words after its grid: give the words to find after it, or --words-file"
        )
    wanted = normalise_words(given or puzzle.words, "the words to find")  # the command line's replace the file's
    found: set[str] = set()
    write = sys.stdout.write
    with bar("finding", unit="words", total=len(wanted), delay=1.0) as progress:  # shown past a second
        hits = find_iter(puzzle.grid, wanted, args.directions, progress)  # checks the directions first
        if args.json:  # one JSON array, written an item at a time as the scan finds it
            write("[")
            for n, p in enumerate(hits):
                found.add(p.word)
                item = {"word": p.word, "row": p.row, "col": p.col, "direction": p.direction}
                write(("" if n == 0 else ", ") + json.dumps(item))
            write("]\n")
        else:
            for p in hits:
                found.add(p.word)
                write(f"{p}\n")
    missing = [w for w in wanted if w not in found]
    if missing:
        print(f"not found: {' '.join(missing)}", file=sys.stderr if args.json else sys.stdout)
        return 1  # as grep does: a word that is not in the grid is an answer a script must see
    return 0


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file: the same device and inode (a hard or symbolic link), or one new name."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them is not there yet: the same file only by the same name, through symbolic links
        return os.path.realpath(a) == os.path.realpath(b)


def _refuse_overwrites(args) -> None:
    """Before any work: --output and --key must be new files (or --force), apart from each other and the input."""
    targets = [(option, path) for option, path in (("--output", args.output), ("--key", args.key)) if path]
    if len(targets) == 2 and _same_file(args.output, args.key):
        raise UsageError(f"--output and --key both name {args.output}: give the answer key a file of its own")
    for option, path in targets:
        if args.words_file and _same_file(path, args.words_file):
            raise UsageError(f"{option} {path} is the word list given to --words-file: write the puzzle elsewhere")
        if os.path.exists(path) and not args.force:
            raise UsageError(f"{option} {path} exists already: choose another file, or add --force to replace it")


def cmd_make(args) -> int:
    from .generator import backtracking_puzzle, make_puzzle, quick_puzzle, smallest_square_puzzle

    _refuse_overwrites(args)
    _check_targets(args)
    maker = quick_puzzle if args.method == "quick" else make_puzzle if args.method == "exact" else backtracking_puzzle
    given = list(args.words) + (read_word_file(args.words_file, "--words-file") if args.words_file else [])
    words, seed = words_to_hide(given, args.theme, args.random, args.seed)
    if args.size is not None:
        rows, cols = args.size
        puzzle = maker(rows, cols, words, seed, args.difficulty, args.directions, args.message)
    else:
        puzzle, first = smallest_square_puzzle(words, maker, seed, args.difficulty, args.directions, args.message)
        print(
            f"wordcover: size {puzzle.rows}x{puzzle.cols}, the smallest square grid tried from {first}x{first} "
            f"(the longest word has {max(map(len, puzzle.words))} letters, the words "
            f"{sum(map(len, puzzle.words))} in all) in which every word was placed",
            file=sys.stderr,
        )
    for target, key in ((args.output, False), (args.key, True)):
        if target is None:
            continue
        option = "--key" if key else "--output"
        try:
            if target.lower().endswith((".txt", ".json")):  # text needs no matplotlib
                text = puzzle.text(key=True) if key and target.lower().endswith(".txt") else _puzzle_as(target, puzzle)
                write_file(target, text)
            else:
                try:
                    from .views import save_puzzle

                    save_puzzle(puzzle, target, key=key)  # refuses before writing where matplotlib is missing
                except (ImportError, ExtraNeeded):  # matplotlib alone draws the pages, not the notebooks' extra
                    raise UsageError(
                        f"{option} {target}: PNG and PDF pages need matplotlib ({install_hint('matplotlib')}); "
                        "write a .txt or .json file"
                    ) from None
        except OSError as err:
            raise UsageError(f"{option} {target}: {file_trouble(err, target, 'write')}") from None
        print(f"wrote {'answer key' if key else 'puzzle'} to {target}", file=sys.stderr)
    if args.output is None:
        sys.stdout.write(_puzzle_as(args.format or "text", puzzle))
    return 0


PUZZLE_FILES = (".txt", ".json", ".png", ".pdf")


def _check_targets(args) -> None:
    """Before any work: --output and --key name a kind of file make writes, and --format agrees with --output."""
    for option, target in (("--output", args.output), ("--key", args.key)):
        if target is not None and not target.lower().endswith(PUZZLE_FILES):
            raise UsageError(f"{option} {target}: the file name must end in .txt, .json, .png or .pdf")
    ending = {"text": ".txt", "json": ".json"}.get(args.format)
    if ending and args.output and not args.output.lower().endswith(ending):
        raise UsageError(
            f"--format {args.format} and --output {args.output} disagree: the file's name says what it holds, "
            "so leave out --format or rename the file"
        )


def _puzzle_as(kind: str, puzzle) -> str:
    """The puzzle file's text: JSON for 'json' or a name ending in .json, else the grid, a blank line and the words."""
    from .puzzle_file import puzzle_json, puzzle_text

    if kind == "json" or kind.lower().endswith(".json"):
        return puzzle_json(puzzle)
    return puzzle_text(puzzle.grid, sorted(puzzle.words))


def _grid_size(text: str) -> tuple[int, int]:
    """make's --size: N for N x N, or ROWSxCOLS."""
    import re

    match = re.fullmatch(r"\s*(\d+)\s*(?:[x×]\s*(\d+)\s*)?", text.lower())
    if not match:
        raise argparse.ArgumentTypeError(f"expected N (an N x N grid) or ROWSxCOLS such as 12x15, got {text!r}")
    rows, cols = int(match[1]), int(match[2] or match[1])
    if rows < 1 or cols < 1:
        raise argparse.ArgumentTypeError(f"a grid needs at least one row and one column, got {rows}x{cols}")
    return rows, cols


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
    from .squares import SquareSearch, count_squares_parallel, square_method

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
            method = square_method()  # compiled when numba is installed
            with bar("pieces", unit="pieces") as progress:
                stats = count_squares_parallel(
                    args.order, words, args.kind, jobs=args.jobs, progress=progress, method=method
                )
            n = stats.squares
            how = "compiled with numba" if method == "compiled" else "in pure Python (the fast extra compiles it)"
            print(f"{args.kind} squares of order {args.order} by backtracking, {how}; {note}")
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


def _theme_names() -> list[str]:
    """The shipped word lists that --theme knows."""
    from .wordlists import available

    return available()


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
        "is installed, neither --engine nor --jobs is given, its arrays fit and it is estimated to be faster); "
        "enumerate: list them with an engine",
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

    p = sub.add_parser(
        "find",
        help="find words in a letter grid",
        description="List every occurrence of each word in a grid, as it is found: the 0-based row and column of "
        "its first letter and its compass direction. Exit status 1 when a word is not in the grid.",
    )
    p.add_argument(
        "grid",
        metavar="GRIDFILE",
        help="a puzzle file as make writes it: text (the grid, one row of letters per line, then a blank line, "
        "then the words, separated by blanks or new lines; a grid alone works too) or JSON (an object with "
        '"grid", a list of rows, and "words"), read as JSON when its name ends in .json or it starts with {',
    )
    p.add_argument("--directions", default="all", help="all (default), orthogonal, forward or a list like E,S")
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON array of {word, row, col, direction}, written an item at a time as they are found",
    )
    p.add_argument(
        "--words-file",
        metavar="FILE",
        help="more words to find, one a line or separated by blanks (with the WORDs, they replace GRIDFILE's)",
    )
    p.add_argument(
        "words",
        nargs="*",
        metavar="WORD",
        help="the words to find; given, they replace the words listed in GRIDFILE (needed when it lists none)",
    )
    p.set_defaults(run=cmd_find)
    p.words_anywhere = True

    p = sub.add_parser(
        "make",
        help="make a word-search puzzle with an answer key",
        description="Hide every word in a grid, fill the free cells, and write the puzzle: by default as text on "
        "standard output, the grid (one row of letters per line), a blank line, then the words, which is the file "
        "that 'wordcover find' reads back. The words are the WORDs and --words-file's, and then --theme's (all of "
        "the list) or --random's (N drawn from it); a word already given is not drawn again.",
    )
    p.add_argument(
        "--size",
        type=_grid_size,
        default=None,
        metavar="N|ROWSxCOLS",
        help="15 is 15x15, 12x15 is 12 rows of 15; left out, the smallest square grid in which the placer puts "
        "every word, tried upwards from the longest word's length or the square root of the letter count, "
        "whichever is larger (the size is printed on standard error)",
    )
    p.add_argument(
        "--theme",
        default=None,
        metavar="NAME",
        help=f"add the words of a shipped list: {', '.join(_theme_names())}; every word of it, or with --random "
        "N of them (english only with --random)",
    )
    p.add_argument(
        "--random",
        type=_positive,
        default=None,
        metavar="N",
        help=f"add N words drawn with --seed from --theme's list, or without --theme from {RANDOM_DEFAULT} "
        "(ordinary four-letter words chosen by hand)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="random seed (the same seed gives the same puzzle; left out, one is drawn and JSON records it)",
    )
    p.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard"),
        default=None,
        help="easy: E,S; medium (default): E,S,SE,NE; hard: all 8 directions",
    )
    p.add_argument("--directions", default=None, help="an explicit list such as E,S,SE (instead of --difficulty)")
    p.add_argument("--message", default=None, help="hide this message in the free cells instead of random letters")
    p.add_argument("--words-file", default=None, help="a file of words, one or more per line")
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default=None,
        help="what standard output gets: text (the default; grid, blank line, words) or json (grid, words, size, "
        "directions, seed and the answer key's placements); with --output the file's name says it instead",
    )
    p.add_argument(
        "--output",
        default=None,
        metavar="FILE",
        help="write the puzzle to FILE.txt (as the text on standard output), FILE.json, FILE.png or FILE.pdf "
        "(PNG and PDF need matplotlib) instead of standard output",
    )
    p.add_argument(
        "--key",
        default=None,
        metavar="FILE",
        help="write the answer key to FILE.txt (its grid, '.' in the free cells), FILE.json (the puzzle's JSON, "
        "which holds the placements), FILE.png or FILE.pdf",
    )
    p.add_argument("--force", action="store_true", help="replace --output and --key files that exist already")
    p.add_argument(
        "--method",
        choices=("quick", "exact", "backtrack"),
        default="quick",
        help="quick (default): random placements longest first, the Algorithm C search if they run out; "
        "exact: randomised Algorithm C; backtrack: the stack-based placer",
    )
    p.add_argument("words", nargs="*", metavar="WORD", help="words to hide (with --words-file, --theme, --random)")
    p.set_defaults(run=cmd_make)
    p.words_anywhere = True

    p = sub.add_parser("rectangle", help="word rectangles: every row and every column a word")
    p.add_argument("--rows", type=_positive, required=True, help="how many rows: the length of the down words")
    p.add_argument("--cols", type=_positive, required=True, help="how many columns: the length of the across words")
    p.add_argument("--words-file", default=None, help="word list (default: the project's English list)")
    p.add_argument("--distinct", action="store_true", help="no word twice")
    p.add_argument("--limit", type=_positive, default=1, help="how many rectangles to print (default 1)")
    p.add_argument("--count", action="store_true", help="count them instead (last line: the bare count)")
    p.set_defaults(run=cmd_rectangle)

    p = sub.add_parser("squares", help="word squares: symmetric, double or any")
    p.add_argument("--order", type=_positive, required=True, help="the side of the square: the length of its words")
    p.add_argument(
        "--kind",
        choices=("symmetric", "double", "any"),
        default="double",
        help="symmetric: row i is column i (SATOR); double (default): all rows and columns different words; "
        "any: every row and column a word",
    )
    p.add_argument(
        "--count",
        action="store_true",
        help="count them (last line: the bare count); the cost grows fast with --order: with the English list and "
        "numba installed (the fast extra), double squares of order 4, 5 and 6 took 1.5, 13 and 41 s of CPU on the "
        "test machine; without numba the pure-Python search took 41 s for order 4; --jobs splits the work",
    )
    p.add_argument("--limit", type=_positive, default=1, help="how many squares to print (default 1)")
    p.add_argument("--words-file", default=None, help="word list (default: the project's English list)")
    p.add_argument(
        "--method",
        choices=("backtrack", "dlx"),
        default="backtrack",
        help="backtrack (default): prefix ranges and letter masks after Kokkarinen; dlx: the Algorithm C model",
    )
    p.add_argument("--jobs", type=_positive, default=1, help="processes for --count with backtrack (default 1)")
    p.set_defaults(run=cmd_squares)
    _add_examples(parser, sub.choices)
    return parser


# Examples for each command's --help, each with what it does; tests/test_cli.py runs every one (in a fresh
# folder that holds words.txt and problem.dlx), so they stay true.
EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "wordcover": [
        ("wordcover make --size 12 --theme animals --random 10 --seed 7", "a puzzle of 10 animals in 12x12"),
        ("wordcover count --size 6x6 ABEL CANTOR GAUSS EULER", "the ways to hide four names in 6x6: 244,792"),
    ],
    "count": [
        ("wordcover count --size 6x6 ABEL CANTOR GAUSS EULER", "244,792 ways (the last line is the bare count)"),
        (
            "wordcover count --size 4x4 --directions orthogonal --share --engine sticker ABEL LAND",
            "16 in which the words cross, with Knuth's counters of the search",
        ),
    ],
    "show": [("wordcover show --size 4x4 --directions orthogonal --share --limit 2 ABEL LAND", "two grids")],
    "dlx": [
        ("wordcover dlx --example knuth_tiny_colours --show 1", "Knuth's example with colours: one solution"),
        ("wordcover dlx problem.dlx --engine sticker --show 2", "a file in DLX1/DLX2 format"),
    ],
    "find": [
        ("wordcover make --theme fruits --seed 3 --output fruits.txt", "make a puzzle file, then"),
        ("wordcover find fruits.txt", "find the words it lists"),
        ("wordcover find fruits.txt --json --directions forward LEMON LIME", "find two words, as JSON"),
    ],
    "make": [
        ("wordcover make --size 15 --theme animals --random 12 --seed 7", "12 animals drawn with seed 7, 15x15"),
        ("wordcover make --theme fruits --seed 3 --format json", "every fruit, the size chosen, as JSON"),
        ("wordcover make --random 10 --seed 5 --difficulty hard", "10 everyday words, all 8 directions"),
        (
            "wordcover make --size 12x12 --seed 1 --output puzzle.txt --key key.txt ABEL CANTOR GAUSS EULER",
            "the puzzle and its answer key in files",
        ),
        ("wordcover make --size 8 --seed 2 --words-file words.txt", "the words of a file"),
    ],
    "rectangle": [
        ("wordcover rectangle --rows 3 --cols 4", "a 3x4 rectangle of English words"),
        ("wordcover rectangle --rows 2 --cols 2 --count", "how many 2x2 there are"),
    ],
    "squares": [
        ("wordcover squares --order 5 --kind double", "a double word square of order 5"),
        ("wordcover squares --order 3 --kind symmetric --count", "how many symmetric squares of order 3"),
    ],
}


class _Formatter(argparse.HelpFormatter):
    """argparse's help, except that indented lines of a description or epilog (the examples) are kept as written."""

    def _fill_text(self, text, width, indent):
        return "\n".join(
            line if line.startswith(" ") or not line else super(_Formatter, self)._fill_text(line, width, indent)
            for line in text.splitlines()
        )


def _add_examples(parser: argparse.ArgumentParser, commands: Mapping[str, argparse.ArgumentParser]) -> None:
    """Give the parser and each command's parser its examples, as an epilog."""
    for name, p in {"wordcover": parser, **commands}.items():
        p.formatter_class = _Formatter
        p.epilog = "examples:\n" + "\n".join(f"  {command}\n      {what}" for command, what in EXAMPLES[name])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    as_a_function = argv is not None  # called from Python (a test, a notebook): its Ctrl-C is given back
    given, argv = list(sys.argv[1:] if argv is None else argv), []
    while given:  # --size -1x5: a value that starts with '-' is still --size's value, so that the error says why
        word = given.pop(0)
        argv.append(f"--size={given.pop(0)}" if word == "--size" and given and given[0].startswith("-") else word)
    main_thread = threading.current_thread() is threading.main_thread()
    was_sigint = signal.getsignal(signal.SIGINT)
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except WordcoverError as err:
        print(f"wordcover: error: {err}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Terminated) as stop:
        if main_thread:  # a second signal while we stop must not interrupt the stop
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if isinstance(stop, Terminated):
            print("wordcover: terminated", file=sys.stderr)
            return 143
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
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
            if as_a_function:  # the caller gets its Ctrl-C back; a program about to exit goes on ignoring it
                signal.signal(signal.SIGINT, was_sigint)


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM (kill, timeout, a CI runner) unwinds like Ctrl-C, so the workers are stopped on the way out."""
    raise Terminated


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
