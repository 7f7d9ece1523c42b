"""The fast engine against Knuth's own DLX2 (and DLX1), whole process against whole process, paired.

Run:  python benchmarks/bench_knuth.py --dlx2 PATH [--dlx1 PATH] [--without-mems] [--repeat N] [--solve-only]
                                      [--only NAME ...]

Build the two programs first from Knuth's sources (see benchmarks/README.md); none of his code is in this
project. For each problem the script writes a DLX file, then in every round runs Knuth's program and
``wordcover dlx --engine fast`` on it, one after the other (each program first in turn, round by round), and
checks that the counts agree and that our counters are Knuth's (nodes, updates, and cleansings =
purifications + stickers). It prints the median of each and the median of the round-by-round ratios
(ours / Knuth's). ``--solve-only`` also times the search inside our process, with the links built and the
compiled loop loaded, and prints its median and its ratio to Knuth's whole process. The last row is the
default ``wordcover count`` of the four names in 8x8 (the clique count), against DLX2 enumerating them.
First it measures start-up: whole runs on a tiny problem with and without the fast engine, and, inside a
process, the import of the fast engine and numba's loading of the compiled loop from its cache.

Knuth's programs count every memory access as they go: dlx2.w defines ``@d o mems++ /* count one mem */`` (and
``oo``, ``ooo`` for two and three) and writes ``o,`` before the accesses it counts; ours counts no mems.
``--without-mems`` builds a second binary of each program with those three macros defined as 0 (see
:func:`without_mems`), from the ctangled C beside it (``dlx2.c``, ``dlx1.c`` and ``gb_flip.c``, which the
README's commands leave there), and times it in the same rounds: its rows are marked "no mems", and their
last column is the median of the round-by-round ratios of the build without mems to the published one.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from wordcover import Problem, WordSearch, write_dlx
from wordcover.classics import langford, pentominoes
from wordcover.rectangles import square_model
from wordcover.wordlists import load_words

NAMES = ["ABEL", "CANTOR", "GAUSS", "EULER"]

# what our process prints on its last two lines, and what Knuth's prints on standard error
OURS = re.compile(
    r"(?P<nodes>[\d,]+) nodes?, (?P<updates>[\d,]+) updates?"
    r"(?:, (?P<pur>[\d,]+) purifications?, (?P<st>[\d,]+) stickers?)?"
)
KNUTHS = re.compile(
    r"Altogether (?P<count>\d+) solutions?,.* (?P<updates>\d+) updates,(?: (?P<cleansings>\d+) cleansings,)?"
    r" \d+ bytes, (?P<nodes>\d+) nodes"
)

# the search alone, in our process: build the engine, load the compiled loop, then time one count
SOLVE_ONLY = """
import sys, time
from wordcover import make_engine, read_dlx
engine = make_engine(read_dlx(sys.argv[1]).problem, "fast")
engine.count(node_limit=1)  # loads the compiled loop from the cache
start = time.perf_counter()
n = engine.count()
print(n, time.perf_counter() - start)
"""
SOLVE_ONLY_CLIQUES = """
import sys, time
from wordcover import WordSearch
from wordcover.cliques import count_placements
ws = WordSearch(8, 8, sys.argv[2:])
count_placements(WordSearch(3, 3, ["AB"]))  # numpy warmed up
start = time.perf_counter()
n = count_placements(ws)
print(n, time.perf_counter() - start)
"""


# the fast engine's start-up, inside a process: importing it (numba, numpy) and the first call (the cache load)
STARTUP = """
import time
start = time.perf_counter()
from wordcover import examples, make_engine
import wordcover.fast
imported = time.perf_counter()
engine = make_engine(examples.load("knuth_tiny_colours").problem, "fast")
built = time.perf_counter()
engine.count()
print(imported - start, time.perf_counter() - built)
"""


# what --without-mems changes in the ctangled C of DLX1 and DLX2 (ctangle writes "@d o mems++" as "#define o mems++")
WITHOUT_MEMS = [
    (re.compile(r"^#define (o|oo|ooo) .*$", re.M), r"#define \1 0", "the macros o, oo and ooo"),
    (re.compile(r"lmems\+= 2"), "lmems+= 0", None),  # DLX2's count of the mems secondary items could save
    (re.compile(r"\(200\*cmems\+mems(-lmems)?\)/\(2\*(mems|\(mems-lmems\))\)"), "0LL", "the ccost ratio"),
]


def strip_mems(text: str) -> str:
    """The ctangled C of DLX1 or DLX2 with its mem counting compiled out (ValueError names what is missing)."""
    for pattern, replacement, what in WITHOUT_MEMS:
        text, found = pattern.subn(replacement, text)
        if what and not found:
            raise ValueError(what)
    return text


def without_mems(binary: str, folder: Path) -> str:
    """Build Knuth's program again with its mem counting compiled out; the new binary's path.

    The ctangled source is ``binary`` + ``.c`` beside ``gb_flip.c``. Its macros ``o``, ``oo`` and ``ooo``
    (``mems++``, ``mems+=2``, ``mems+=3``) become ``0``, so ``o,x=y`` is ``0,x=y``: the same accesses, uncounted;
    DLX2's ``lmems+=2`` adds 0; and the last line's ccost, a ratio of mem counts that would now divide by zero,
    prints as 0. Everything else, the counts of nodes, updates and cleansings included, is Knuth's.
    """
    source = Path(binary + ".c")
    flip = source.with_name("gb_flip.c")
    for needed in (source, flip):
        if not needed.is_file():
            sys.exit(f"bench_knuth: --without-mems needs {needed} (ctangle's output; benchmarks/README.md)")
    try:
        text = strip_mems(source.read_text(encoding="latin-1"))
    except ValueError as err:
        sys.exit(f"bench_knuth: {err} not found in {source}; is it ctangle's output of Knuth's program?")
    copy = folder / (source.stem + "-without-mems.c")
    copy.write_text(text, encoding="latin-1")
    built = str(folder / (source.stem + "-without-mems"))
    compiler = os.environ.get("CC", "gcc")
    command = [compiler, "-O2", "-w", "-I", str(source.parent), "-o", built, str(copy), str(flip)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"bench_knuth: {compiler} could not build {built}:\n{done.stderr}")
    return built


def startup(repeat: int) -> None:
    """Median start-up costs: whole tiny runs with and without the fast engine, and its import and cache load."""
    tiny = ["-m", "wordcover", "dlx", "--example", "knuth_tiny_colours", "--engine"]
    whole = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "wordcover dlx, sticker engine, tiny problem": [sys.executable, *tiny, "sticker"],
        "wordcover dlx, fast engine, tiny problem": [sys.executable, *tiny, "fast"],
    }
    times: dict[str, list[float]] = {name: [] for name in whole}
    inside: list[tuple[float, float]] = []
    for _ in range(repeat):
        for name, command in whole.items():
            times[name].append(timed(command)[0])
        _, done = timed([sys.executable, "-c", STARTUP])
        imported, loaded = (float(x) for x in done.stdout.split())
        inside.append((imported, loaded))
    print("start-up, whole processes (median s):")
    for name, values in times.items():
        print(f"  {name:<44} {statistics.median(values):6.3f}")
    print("start-up inside the process (median s):")
    print(f"  {'import wordcover.fast (numba, numpy)':<44} {statistics.median(i for i, _ in inside):6.3f}")
    print(f"  {'first call: numba loads the cached loop':<44} {statistics.median(c for _, c in inside):6.3f}")


@dataclasses.dataclass
class Case:
    """One benchmark problem: how to build it, and the command of ours that solves it."""

    name: str
    build: Callable[[], Problem]
    ours: Callable[[Path], list[str]] = lambda path: ["dlx", "--engine", "fast", str(path)]
    solve_only: Callable[[Path], list[str]] = lambda path: ["-c", SOLVE_ONLY, str(path)]
    counters: bool = True  # our output has Knuth's counters to compare


def word_square() -> Problem:
    """Symmetric word squares of order 4 from the project's word list, by the Algorithm C model."""
    return square_model(4, load_words(length=4), "symmetric").problem


CASES = [
    Case("four names in 7 x 7", lambda: WordSearch(7, 7, NAMES).problem),
    Case("Langford pairs n = 12", lambda: langford(12)),
    Case("pentominoes in 6 x 10", pentominoes),
    Case("symmetric word squares, order 4", word_square),
    Case("four names in 8 x 8", lambda: WordSearch(8, 8, NAMES).problem),
    Case(
        "four names in 8 x 8, default count",
        lambda: WordSearch(8, 8, NAMES).problem,
        ours=lambda path: ["count", "--size", "8x8", *NAMES],
        solve_only=lambda path: ["-c", SOLVE_ONLY_CLIQUES, str(path), *NAMES],
        counters=False,
    ),
]


def timed(command: list[str], stdin: Path | None = None) -> tuple[float, subprocess.CompletedProcess]:
    """Run a whole process; its wall-clock seconds and its result."""
    with open(stdin) if stdin else open(os.devnull) as handle:
        start = time.perf_counter()
        done = subprocess.run(command, stdin=handle, capture_output=True, text=True)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench_knuth: {' '.join(command)} failed:\n{done.stderr}")
    return seconds, done


def knuth_counters(stderr: str) -> dict[str, int] | None:
    """The count and counters of the 'Altogether ...' line Knuth's program ends with (None if there is none).

    Keys: count, updates, nodes, and cleansings from DLX2 (DLX1 has none).
    """
    found = KNUTHS.search(stderr)
    return None if found is None else {k: int(v) for k, v in found.groupdict().items() if v is not None}


def knuth_run(binary: str, path: Path) -> tuple[float, dict[str, int]]:
    """Knuth's program on a DLX file (his programs read standard input): seconds, count and counters."""
    seconds, done = timed([binary], stdin=path)
    counters = knuth_counters(done.stderr)
    if counters is None:
        sys.exit(f"bench_knuth: no 'Altogether ...' line from {binary}:\n{done.stderr[-2000:]}")
    return seconds, counters


def our_run(case: Case, path: Path) -> tuple[float, dict[str, int]]:
    """Our whole process: seconds, count and counters (from the last two lines of its output)."""
    seconds, done = timed([sys.executable, "-m", "wordcover", *case.ours(path)])
    lines = done.stdout.splitlines()
    result = {"count": int(lines[-1])}
    if case.counters:
        found = OURS.search(lines[-2])
        if not found:
            sys.exit(f"bench_knuth: no counters in {lines[-2]!r}")
        nums = {k: int(v.replace(",", "")) for k, v in found.groupdict().items() if v is not None}
        result.update(nodes=nums["nodes"], updates=nums["updates"])
        if "pur" in nums:
            result["cleansings"] = nums["pur"] + nums["st"]
    return seconds, result


def solve_only_run(case: Case, path: Path) -> tuple[float, int]:
    """The search inside our process: its seconds and count."""
    _, done = timed([sys.executable, *case.solve_only(path)])
    count, seconds = done.stdout.split()
    return float(seconds), int(count)


def agree(case: Case, program: str, theirs: dict[str, int], ours: dict[str, int]) -> None:
    """Stop with a message unless the counts (and, where we print them, the counters) agree."""
    keys = ["count"] + ([k for k in ("nodes", "updates", "cleansings") if k in theirs] if case.counters else [])
    wrong = [f"{k}: {program} {theirs[k]:,}, ours {ours.get(k, 0):,}" for k in keys if theirs[k] != ours.get(k)]
    if wrong:
        sys.exit(f"bench_knuth: {case.name} disagrees: " + "; ".join(wrong))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dlx2", required=True, help="Knuth's DLX2, built from dlx2.w (benchmarks/README.md)")
    parser.add_argument("--dlx1", help="Knuth's DLX1, built from dlx1.w: also timed on the problems without colours")
    parser.add_argument(
        "--without-mems",
        action="store_true",
        help="also time each of Knuth's programs built with its mem counting compiled out (from the ctangled C)",
    )
    parser.add_argument("--repeat", type=rounds, default=5, help="rounds (default 5)")
    parser.add_argument("--solve-only", action="store_true", help="also time the search inside our process")
    parser.add_argument(
        "--only", nargs="+", metavar="TEXT", help="only the problems whose name contains TEXT (any case; x for ×)"
    )
    parser.add_argument("--keep", metavar="DIR", help="write the DLX files here and keep them")
    args = parser.parse_args()
    for option, binary in (("--dlx2", args.dlx2), ("--dlx1", args.dlx1)):
        if binary is not None and not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            parser.error(f"{option} {binary}: not an executable file; benchmarks/README.md says how to build it")
    cases = [c for c in CASES if not args.only or any(squeezed(t) in squeezed(c.name) for t in args.only)]
    if not cases:
        parser.error(
            f"--only {' '.join(args.only)}: no problem matches; the problems: {'; '.join(c.name for c in CASES)}"
        )
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
        run(args, cases, Path(args.keep))
    else:
        with tempfile.TemporaryDirectory(prefix="bench-knuth-") as folder:
            run(args, cases, Path(folder))


def rounds(text: str) -> int:
    """A number of rounds: a whole number, at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of rounds, at least 1, got {text!r}")
    return int(text)


def squeezed(name: str) -> str:
    """A problem name without case, spaces or punctuation, × read as x: what --only compares."""
    return re.sub(r"[^a-z0-9]", "", name.lower().replace("×", "x"))


def run(args: argparse.Namespace, cases: list[Case], folder: Path) -> None:
    """Time every case, printing a row for each of Knuth's programs it is timed against."""
    plural = "s" if args.repeat > 1 else ""
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; {args.repeat} round{plural}"
    )
    subprocess.run(
        [sys.executable, "-m", "wordcover", "dlx", "--engine", "fast", "--example", "knuth_tiny_colours"],
        check=True,
        capture_output=True,
    )  # compile the fast engine once, if it never was
    builds = {}
    for name, binary in (("DLX2", args.dlx2), ("DLX1", args.dlx1)):
        if binary:
            builds[name] = binary
            if args.without_mems:
                builds[f"{name} no mems"] = without_mems(binary, folder)
    startup(args.repeat)
    knuths = "Knuth's s"
    header = f"{'problem':<36} {'program':<12} {'solutions':>12} {knuths:>9} {'wordcover s':>11} {'ratio':>6}"
    if args.solve_only:
        header += f" {'search s':>8} {'search ratio':>12}"
    if args.without_mems:
        header += f" {'no mems / with':>14}"
    print(header)
    for case in cases:
        problem = case.build()
        path = folder / (re.sub(r"[^a-z0-9]+", "_", case.name.lower()).strip("_") + ".dlx")
        write_dlx(problem, str(path))
        programs = [name for name in builds if name.startswith("DLX2") or not problem.has_colours]
        runs = ["ours", *programs]
        times: dict[str, list[float]] = {name: [] for name in runs}
        solve_times: list[float] = []
        for round_no in range(args.repeat):
            turn = round_no % len(runs)  # each program runs first in turn, then the others in order
            theirs: dict[str, dict[str, int]] = {}
            for name in runs[turn:] + runs[:turn]:
                if name == "ours":
                    seconds, ours = our_run(case, path)
                else:
                    seconds, theirs[name] = knuth_run(builds[name], path)
                times[name].append(seconds)
            for name in programs:
                agree(case, name, theirs[name], ours)
            if args.solve_only:
                s_s, s_count = solve_only_run(case, path)
                if s_count != ours["count"]:
                    sys.exit(f"bench_knuth: {case.name}: solve-only count {s_count:,}, ours {ours['count']:,}")
                solve_times.append(s_s)
        for name in programs:
            knuth_times = times[name]
            line = (
                f"{case.name:<36} {name:<12} {ours['count']:>12,} {statistics.median(knuth_times):>9.2f} "
                f"{statistics.median(times['ours']):>11.2f} {paired(times['ours'], knuth_times):>6.2f}"
            )
            if args.solve_only:
                line += f" {statistics.median(solve_times):>8.2f} {paired(solve_times, knuth_times):>12.2f}"
            if name.endswith(" no mems"):
                line += f" {paired(knuth_times, times[name.removesuffix(' no mems')]):>14.2f}"
            print(line, flush=True)
    if args.keep:
        print(f"DLX files in {folder}")
    print("ratio: the median of the round-by-round ratios, ours / Knuth's whole process")
    if args.without_mems:
        print("no mems / with: the same, Knuth's program built without its mem counting / as published")
    print("every count agreed with Knuth's, and so did nodes, updates and cleansings on every row that enumerates")


def paired(top: list[float], bottom: list[float]) -> float:
    """The median of the round-by-round ratios top / bottom."""
    return statistics.median(t / b for t, b in zip(top, bottom))


if __name__ == "__main__":
    main()
