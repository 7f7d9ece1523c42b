"""wordcover's core and command line on the Python that runs this file, checked against answers found another way.

``node tests/py314/run.mjs`` runs it on CPython 3.14 compiled to WebAssembly (Pyodide), where numpy, numba,
matplotlib and the widgets are not installed; ``python tests/py314/check.py`` runs the same checks here. Every
module of the package is imported with deprecations as errors (a module that needs a missing extra may only say
so with the library's own ExtraNeeded), then a few searches are compared with the independent counters of
``tests/oracles.py`` and published numbers, and the command line is run through ``wordcover.cli.main``.
One line a check, then ``N passed, M failed``; the exit status is 1 when any check failed.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import pathlib
import pkgutil
import re
import runpy
import sys
import tempfile
import traceback
import warnings
from collections.abc import Callable

# before wordcover is imported: a deprecated import or call anywhere in it is an error, not a warning
warnings.simplefilter("error", DeprecationWarning)
warnings.simplefilter("error", PendingDeprecationWarning)

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path[:0] = [str(ROOT / "lib"), str(ROOT / "tests")]  # the library from this checkout, and tests/oracles.py

# the packages of the extras (fast: numba, numpy; notebooks: matplotlib and the widgets) that the library imports
EXTRA_PACKAGES = {"numpy", "numba", "matplotlib", "ipywidgets", "anywidget", "traitlets"}

CHECKS: list[Callable[[], str | None]] = []


def check(fn: Callable[[], str | None]) -> Callable[[], str | None]:
    """Register a check: it raises on failure and may return a short note to print."""
    CHECKS.append(fn)
    return fn


def module_names() -> list[str]:
    """Every module of wordcover, found on disk without importing any (``__main__`` is run, not imported)."""
    names = ["wordcover"]

    def walk(folder: pathlib.Path, prefix: str) -> None:
        for info in pkgutil.iter_modules([str(folder)]):
            name = f"{prefix}.{info.name}"
            if info.name != "__main__":
                names.append(name)
            if info.ispkg:
                walk(folder / info.name, name)

    walk(ROOT / "lib" / "wordcover", "wordcover")
    return sorted(names)


def missing_extra(err: BaseException) -> str | None:
    """The extra's package whose absence ``err`` reports through ExtraNeeded, else None (a real failure)."""
    errors = sys.modules.get("wordcover.errors")
    if errors is None or not isinstance(err, errors.ExtraNeeded):
        return None
    cause = err.__context__
    if not isinstance(cause, ModuleNotFoundError) or not cause.name:
        return None
    package = cause.name.split(".")[0]
    return package if package in EXTRA_PACKAGES else None


def cli(*argv: str) -> tuple[int, list[str], list[str]]:
    """``wordcover ARGV...`` through ``wordcover.cli.main``: the status and the lines of stdout and stderr."""
    from wordcover.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as done:  # argparse's --version and --help
            status = done.code if isinstance(done.code, int) else 1
    return status, out.getvalue().splitlines(), err.getvalue().splitlines()


def quiet_lines(err: list[str]) -> None:
    """Standard error of a command that worked: only wordcover's own one-line notices, never a traceback."""
    assert all(line.startswith("wordcover: ") and "error" not in line for line in err), err


@check
def every_module_imports() -> str:
    imported, skipped, failed = [], [], []
    for name in module_names():
        try:
            importlib.import_module(name)
        except Exception as err:
            package = missing_extra(err)
            if package is None:
                failed.append(f"{name}: {''.join(traceback.format_exception_only(err)).strip()}")
            else:
                skipped.append(f"{name} ({package})")
        else:
            imported.append(name)
    assert not failed, "\n".join(failed)
    for core in ("wordcover", "wordcover.cli", "wordcover.engines", "wordcover.wordlists", "wordcover.examples"):
        assert core in imported, core
    note = f"{len(imported)} imported"
    return note + (f"; needing an extra that is not installed: {', '.join(skipped)}" if skipped else "")


@check
def knuths_examples_agree_with_brute_force() -> None:
    from oracles import brute_force
    from wordcover import ProblemError, examples, make_engine, solve

    problem = examples.load("knuth_exact_cover").problem
    assert [problem.describe(s) for s in solve(problem)] == [["A D", "C E F", "B G"]]
    for name in examples.names():
        problem = examples.load(name).problem
        expected = brute_force(problem)
        assert len(expected) == 1, (name, expected)
        for engine_name in ("x", "sticker", "outside"):
            try:
                engine = make_engine(problem, engine_name)
            except ProblemError:  # Algorithm X takes no colours
                assert engine_name == "x" and name != "knuth_exact_cover"
                continue
            assert {frozenset(s) for s in engine.solutions()} == expected, (name, engine_name)
    engine = make_engine(examples.load("knuth_exact_cover").problem, "sticker")
    assert (engine.count(), engine.stats.nodes, engine.stats.updates) == (1, 6, 30)  # the counters DLX2 prints
    # the double-purify bug, on purpose: the naive engine finds a second, wrong, solution to colour_pair
    assert make_engine(examples.load("colour_pair").problem, "naive").count() == 2


@check
def queens_and_langford_agree_with_backtracking() -> None:
    from oracles import langford_count, queens_count
    from wordcover import count_solutions
    from wordcover.classics import langford, queens

    assert count_solutions(queens(8), "x") == count_solutions(queens(8), "sticker") == queens_count(8) == 92
    assert count_solutions(langford(7), "sticker") == langford_count(7) == 52  # 26 up to reversal (OEIS A014552)


@check
def word_searches_agree_with_backtracking() -> None:
    from oracles import COMPASS, count_placements
    from wordcover import WordSearch, make_engine

    for directions, expected in (("orthogonal", 112), ("all", 136)):
        ws = WordSearch(4, 4, ["ABEL", "LAND"], directions)
        oracle = count_placements(ws.words, 4, 4, ws.directions)
        assert set(ws.directions) <= set(COMPASS)
        for engine_name in ("sticker", "outside"):
            assert make_engine(ws.problem, engine_name).count() == oracle == expected, (directions, engine_name)
    assert make_engine(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive").count() == 106  # the bug


@check
def word_lists_load() -> None:
    from wordcover.wordlists import WORDS, available, load_words

    assert {"english", "mathematicians", "animals", "fruits"} <= set(available())
    text = (ROOT / "lib" / "wordcover" / "data" / "words" / "themes" / "mathematicians.txt").read_text("ascii")
    by_hand = sorted(w.upper() for line in text.splitlines() if not line.lstrip().startswith("#") for w in line.split())
    assert load_words("mathematicians") == by_hand
    assert load_words("mathematicians", length=5) == ["EULER", "GAUSS", "KNUTH"]
    assert (WORDS / "english" / "len04.txt").is_file() and "LAND" in load_words(length=4)


@check
def tqdm_draws_a_bar() -> str:
    import tqdm

    from wordcover import progress

    if sys.platform == "emscripten":  # Pyodide starts no threads: no monitor thread, rather than a warning
        tqdm.tqdm.monitor_interval = 0
    shown = io.StringIO()
    for _ in tqdm.tqdm(range(5), file=shown, ascii=True, disable=False, mininterval=0):
        pass
    assert "5/5" in shown.getvalue(), shown.getvalue()
    with contextlib.ExitStack() as stack:  # wordcover's bar, as on a terminal: it imports tqdm.auto
        stack.enter_context(contextlib.redirect_stderr(io.StringIO()))
        real, progress._shown = progress._shown, lambda: True
        stack.callback(setattr, progress, "_shown", real)
        with progress.bar() as move:
            move(3)
    assert "tqdm.auto" in sys.modules
    return f"tqdm {tqdm.__version__}"


@check
def cli_version() -> None:
    import wordcover

    assert cli("--version") == (0, [f"wordcover {wordcover.__version__}"], [])
    out = io.StringIO()  # python -m wordcover --version
    argv, sys.argv = sys.argv, ["wordcover", "--version"]
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            runpy.run_module("wordcover", run_name="__main__", alter_sys=True)
    finally:
        sys.argv = argv
    assert out.getvalue() == f"wordcover {wordcover.__version__}\n"


@check
def cli_count() -> None:
    status, out, err = cli("count", "--size", "4x4", "ABEL", "LAND")
    assert status == 0, err
    assert out[0] == "ABEL LAND in 4x4, directions E,W,S,N,SE,SW,NE,NW: 40 placements", out
    assert out[-1] == "136", out  # as on CPython 3.11, and as tests/oracles.py counts
    quiet_lines(err)
    argv = ("count", "--size", "4x4", "--directions", "orthogonal", "--share", "--engine", "sticker", "ABEL", "LAND")
    status, out, err = cli(*argv)
    assert status == 0 and err == [], err
    assert "112 solutions in all; 16 in which every word shares a cell with another" in out, out
    assert out[-1] == "16", out


@check
def cli_dlx() -> None:
    status, out, err = cli("dlx", "--example", "knuth_exact_cover", "--show", "1")
    assert status == 0, err
    assert out[:4] == ["solution 1:", "  A D", "  C E F", "  B G"], out
    assert ": 6 nodes, 30 updates" in out[-2] and out[-1] == "1", out
    quiet_lines(err)
    status, out, err = cli("dlx", "--example", "knuth_tiny_colours", "--engine", "sticker", "--show", "1")
    assert status == 0 and out[:3] == ["solution 1:", "  A C X:1 Y:1", "  B X:1"] and out[-1] == "1", out
    assert err == ["wordcover: example knuth_tiny_colours: line 5: option ignored (no primary items): X:0 Y:1"], err


@check
def cli_make_then_find() -> None:
    from oracles import COMPASS

    with tempfile.TemporaryDirectory() as folder:
        puzzle = pathlib.Path(folder) / "puzzle.txt"
        status, _, err = cli("make", "--size", "6x6", "--seed", "1", "--output", str(puzzle), "ABEL", "LAND", "GAUSS")
        assert status == 0 and puzzle.is_file(), err
        grid = puzzle.read_text("utf-8").split("\n\n")[0].split()
        status, out, err = cli("find", str(puzzle))
    assert status == 0 and err == [] and len(grid) == 6, err
    found = [re.fullmatch(r"([A-Z]+) at \((\d+),(\d+)\) ([NSEW]+)", line) for line in out]
    assert all(found) and sorted(m[1] for m in found) == ["ABEL", "GAUSS", "LAND"], out
    for word, row, col, direction in (m.groups() for m in found):  # read each word back off the grid, by hand
        dr, dc = COMPASS[direction]
        assert "".join(grid[int(row) + dr * k][int(col) + dc * k] for k in range(len(word))) == word, (word, grid)


@check
def cli_bad_input_is_one_line() -> None:
    status, out, err = cli("count", "--size", "0x4", "ABEL")
    assert status == 2 and out == [] and len(err) == 1 and err[0].startswith("wordcover: error: "), err


def main() -> int:
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name}, {sys.platform})")
    passed = failed = 0
    for fn in CHECKS:
        try:
            note = fn()
        except Exception:
            failed += 1
            print(f"FAIL {fn.__name__}\n{traceback.format_exc()}")
        else:
            passed += 1
            print(f"ok   {fn.__name__}" + (f": {note}" if note else ""))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
