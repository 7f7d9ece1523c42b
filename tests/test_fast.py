"""The fast engine, the clique count and parallel counting, each against the teaching engines."""

from __future__ import annotations

import collections
import math
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from oracles import COMPASS
from oracles import count_placements as oracle_count
from test_engines import problems
from wordcover import WordSearch, make_engine
from wordcover.classics import langford, pentominoes, queens
from wordcover.cli import main
from wordcover.cliques import count_placements
from wordcover.parallel import count_parallel, root_item, split


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
@pytest.mark.slow
def test_fast_engine_finds_what_algorithm_c_finds(problem):
    fast, teaching = make_engine(problem, "fast"), make_engine(problem, "sticker")
    expected = sorted(teaching.solutions())
    assert sorted(fast.solutions(batch=2)) == expected  # small batches: many resumes
    assert fast.count() == len(expected)
    assert (fast.stats.nodes, fast.stats.updates, fast.stats.purifications, fast.stats.stickers) == (
        teaching.stats.nodes,
        teaching.stats.updates,
        teaching.stats.purifications,
        teaching.stats.stickers,
    )


@pytest.mark.parametrize(
    "build, count", [(lambda: queens(8), 92), (lambda: langford(9), 0), (lambda: langford(8), 300)]
)
def test_fast_engine_on_classics(build, count):
    assert make_engine(build(), "fast").count() == count == make_engine(build(), "x").count()


def test_pentomino_options_and_a_first_tiling():
    problem = pentominoes()
    assert len(problem.options) == 2056  # 1 + 2 + 4 + ... placements per piece, summed
    engine = make_engine(problem, "fast")
    first = engine.first()
    assert first is not None and len(first) == 12
    from wordcover import violations

    assert violations(problem, first) == []


def test_fast_limits_and_the_four_names(four_names):
    fast = make_engine(four_names.problem, "fast")
    assert fast.count(limit=1000) == 1000
    assert len(list(fast.solutions(limit=10))) == 10
    assert list(fast.solutions(limit=3)) == list(make_engine(four_names.problem).solutions(limit=3))
    assert fast.count() == oracle_count(four_names.words, 6, 6, list(COMPASS)) == 244_792
    with pytest.raises(ValueError, match="cannot be traced"):
        make_engine(four_names.problem, "fast", observer=lambda e, g: None)


def test_knuths_files_through_the_command_line(capsys, example_file):
    for name, expected in (("knuth_tiny_colours", "1"), ("knuth_exact_cover", "1"), ("colour_pair", "1")):
        assert main(["dlx", str(example_file(name)), "--engine", "fast"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[-1] == expected and out[-2].startswith("fast engine")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.integers(2, 3),
    cols=st.integers(2, 4),
    words=st.lists(st.text(alphabet="AB", min_size=2, max_size=3), min_size=1, max_size=5, unique=True),
    directions=st.sampled_from(["orthogonal", "all", "forward", "E,SE"]),
    share=st.booleans(),
)
def test_clique_count_equals_enumeration(rows, cols, words, directions, share):
    """Up to five words: the recursion over the first words, the matrix product over the third-last's placements."""
    try:
        ws = WordSearch(rows, cols, words, directions)
    except ValueError:
        return  # a word that fits nowhere
    per_word = collections.Counter(p.word for p in ws.placements)
    # the count is at most the product of the words' placements; AA AB BA BB ABA in 3 x 4 reaches 28 million
    # solutions, minutes of work that proves nothing more: bound what may be drawn, so the quick loop stays quick
    assume(math.prod(per_word.values()) <= 200_000)
    assert count_placements(ws, share=share) == ws.count("fast", share=share)


@pytest.mark.slow
def test_clique_counts_of_the_four_names(four_names):
    assert count_placements(four_names) == 244_792
    assert count_placements(four_names, share=True) == four_names.count("fast", share=True)
    seven = WordSearch(7, 7, four_names.words)
    assert count_placements(seven) == make_engine(seven.problem, "fast").count()


def test_parallel_pieces_add_up(four_names, abel_land):
    assert root_item(four_names.problem) == "CANTOR"
    pieces = split(abel_land.problem, 3)
    assert sum(make_engine(p).count() for p in pieces) == 112
    assert count_parallel(abel_land.problem, "sticker", jobs=2, pieces=5) == 112
    assert count_parallel(queens(6), "x", jobs=1) == 4


def test_command_line_methods(capsys):
    args = ["count", "--size", "6x6", "ABEL", "CANTOR", "GAUSS", "EULER"]
    assert main(args + ["--method", "cliques"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "244792"
    assert main(args + ["--method", "cliques", "--share"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1160"
    assert main(["count", "--size", "4x4", "--directions", "orthogonal", "--jobs", "2", "ABEL", "LAND"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "112"
    assert main(["count", "--size", "4x4", "--jobs", "2", "--share", "ABEL", "LAND"]) == 2
    assert "(--share / share=True) runs in one process: leave out --jobs" in capsys.readouterr().err
    assert main(["count", "--size", "4x4", "--jobs", "2", "--method", "cliques", "ABEL", "LAND"]) == 2
    assert "the clique count (--method cliques) runs in one process" in capsys.readouterr().err


def test_an_unwritable_cache_falls_back_to_a_temporary_folder_with_a_warning(monkeypatch, tmp_path):
    import wordcover.fast as fast

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(fast.tempfile, "gettempdir", lambda: str(tmp_path))
    real = fast._writable
    monkeypatch.setattr(fast, "_writable", lambda folder: str(folder).startswith(str(tmp_path)) and real(folder))
    with pytest.warns(RuntimeWarning, match="read-only; the fast engine caches in") as heard:
        cache, spare = fast._cache_folder()
    assert len(heard) == 1
    assert cache and spare is not None and spare.parent == tmp_path and spare.is_dir()
    assert fast.os.environ["NUMBA_CACHE_DIR"] == str(spare)
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(fast, "_writable", lambda folder: False)
    with pytest.warns(RuntimeWarning, match="nowhere to cache") as heard:
        assert fast._cache_folder() == (False, None)
    assert len(heard) == 1


def test_importing_the_fast_engine_chooses_no_cache_and_prints_nothing(tmp_path):
    """The cache is chosen when the loop is first compiled, not when the module is imported."""
    code = (
        "import os, wordcover.fast as fast; "
        "print('NUMBA_CACHE_DIR' in os.environ, fast._compiled == [], sorted(os.listdir(os.environ['HOME'])))"
    )
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "[]"] and done.stderr == ""


@pytest.mark.slow
def test_the_fast_engine_keeps_the_profile_of_nodes_per_level_as_algorithm_c_does(abel_land, four_names):
    from wordcover.classics import langford, queens

    for problem in (abel_land.problem, four_names.problem, queens(8), langford(7)):
        teaching, fast = make_engine(problem, "sticker"), make_engine(problem, "fast")
        assert fast.count() == teaching.count()
        assert fast.stats.profile == teaching.stats.profile and sum(fast.stats.profile) == fast.stats.nodes
        assert (fast.stats.updates, fast.stats.purifications) == (teaching.stats.updates, teaching.stats.purifications)
    fast = make_engine(queens(8), "fast")
    fast.count(node_limit=100)
    assert fast.stats.gave_up and sum(fast.stats.profile) == fast.stats.nodes == 100
    assert str(fast.stats).splitlines()[-1].startswith("nodes per level: 0:1 1:")


@pytest.mark.parametrize(
    "blocked, argv, message",
    [
        (
            "numba",
            ["count", "--size", "4x4", "--engine", "fast", "AB"],
            "the fast engine needs numba: pip install 'wordcover[fast]'",
        ),
        (
            "numpy",
            ["count", "--size", "4x4", "--method", "cliques", "AB"],
            "needs numpy: pip install 'wordcover[fast]'",
        ),
    ],
)
def test_a_missing_extra_is_one_line_naming_it(blocked, argv, message):
    code = f"import sys; sys.modules[{blocked!r}] = None; from wordcover.cli import main; sys.exit(main({argv!r}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.strip().endswith(message), done.stderr
    assert "Traceback" not in done.stderr


def _run_blocked(blocked: list[str], argv: list[str], show: str = "") -> subprocess.CompletedProcess:
    """``wordcover argv`` in a fresh process with the modules ``blocked`` made unimportable."""
    code = (
        f"import sys\nfor m in {blocked!r}: sys.modules[m] = None\n"
        f"from wordcover.cli import main\nstatus = main({argv!r})\n{show}\nsys.exit(status)"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_count_picks_the_clique_count_then_the_best_engine(capsys):
    names = ["count", "--size", "6x6", "ABEL", "CANTOR", "GAUSS", "EULER"]
    assert main(names) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "244792" and out[-2].startswith("counted as cliques") and "(the default;" in out[-2]
    assert main([*names, "--method", "enumerate"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "244792" and out[-2].startswith("fast engine") and out[-3] == "244,792 solutions"
    assert out[-4] == "enumerated by the fast engine, the best installed (--engine picks another)"
    assert main([*names, "--engine", "sticker", "--directions", "E,S"]) == 0  # an engine asked for: enumerate
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == str(count_placements(WordSearch(6, 6, names[3:], "E,S"))) and out[-2].startswith("sticker")


def test_without_numba_count_falls_back_to_the_sticker_engine_with_one_line():
    done = _run_blocked(["numba", "numpy"], ["count", "--size", "4x4", "--directions", "orthogonal", "ABEL", "LAND"])
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "112"
    assert done.stdout.splitlines()[-2].startswith("sticker engine")
    assert done.stderr.splitlines() == [
        "wordcover: numba is not installed, so this runs the pure-Python sticker engine; "
        "the compiled one: pip install 'wordcover[fast]'"
    ]
    done = _run_blocked(["numba"], ["dlx", "--example", "knuth_tiny_colours"])
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "1" and "numba is not installed" in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "--size", "4x4", "--engine", "sticker", "ABEL", "LAND"],
        ["show", "--size", "4x4", "ABEL", "LAND"],
        ["dlx", "--example", "knuth_tiny_colours", "--engine", "sticker"],
        ["make", "--size", "6x6", "--seed", "1", "ABEL", "LAND"],
        ["rectangle", "--rows", "2", "--cols", "2", "--limit", "1"],
        ["squares", "--order", "3", "--limit", "1"],
    ],
    ids=lambda argv: " ".join(argv[:3]),
)
@pytest.mark.slow
def test_commands_without_the_fast_engine_import_neither_numba_nor_numpy(argv):
    done = _run_blocked([], argv, show="print(sorted(m for m in ('numba', 'numpy') if m in sys.modules))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.slow
@pytest.mark.parametrize(
    "build, count",
    [
        # 108,144 Langford pairings of 1..12 (OEIS A014552), each found with its reversal
        (lambda: langford(12), 2 * 108_144),
        # 2,339 pentomino tilings of the 6 x 10 rectangle, each in its 4 orientations
        (pentominoes, 4 * 2_339),
    ],
    ids=["Langford n=12", "pentominoes 6x10"],
)
def test_the_benchmark_problems_against_published_counts(build, count):
    """Two rows of benchmarks/bench_knuth.py, counted by the fast engine against the published figures."""
    assert make_engine(build(), "fast").count() == count


def test_notebook_8_prints_the_dlx2_rows_of_the_benchmark_record_and_its_prose_holds_for_them():
    """Notebook 8 types no benchmark figure: one cell prints, for each problem, its solutions and two ratios over DLX2
    as Knuth publishes it (the whole wordcover command, its search alone), read by the notebook's own parser; read
    here by the deck's, written apart. One line gives the start-up, one the search against DLX2 without mems and
    DLX1 (review 30 AM, 08 item 5: two columns, one sentence). The sentence holds for the README's rows: the search
    alone quicker on every problem, the whole command slower exactly where its start-up outlasts the search's lead."""
    import json
    import pathlib
    import re

    from lecture.facts import knuth_record

    record = knuth_record()
    assert record is not None
    notebook = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "08_making_it_fast.ipynb"
    cells = json.loads(notebook.read_text())["cells"]
    at = next(k for k, c in enumerate(cells) if c.get("id") == "knuth-record")
    table = "".join("".join(o.get("text", "")) for o in cells[at]["outputs"])
    published = [row for row in record.rows if row["program"] == "DLX2"]
    without = {row["problem"]: row for row in record.rows if row["program"] == "DLX2 no mems"}
    printed = [line for line in table.splitlines() if line.startswith(("four", "Langford", "pentominoes", "symmetric"))]
    assert len(printed) == len(published) == len(without) == 6
    for line, row in zip(printed, published, strict=True):
        assert line.split() == [*row["problem"].split(), row["solutions"], row["ratio"], row["search ratio"]], line
    assert "Measured on the project's machine (x86-64" in table and "--without-mems --solve-only --repeat 7" in table
    assert table.splitlines()[2].split()[-4:] == ["DLX2", "search", "÷", "DLX2"]  # two ratio columns, no more
    starts = [float(r["wordcover s"]) - float(r["search s"]) for r in published if "default" not in r["problem"]]
    assert f"start-up, before its search: {min(starts):.2f} to {max(starts):.2f} s" in table
    # "Its search alone beat DLX2 as published on every problem it enumerated" (and on the clique count's row too)
    assert all(float(row["search ratio"]) < 1 for row in published)
    # "the whole command lost only where its start-up outlasted the search's lead" (medians of the README)
    for row in published:
        start_up = float(row["wordcover s"]) - float(row["search s"])
        lead = float(row["Knuth's s"]) - float(row["search s"])
        assert (float(row["ratio"]) > 1) == (start_up > lead), row["problem"]
    top = max(without.values(), key=lambda row: float(row["search ratio"]))
    assert f"search alone ÷ DLX2 without mems: at most {top['search ratio']} ({top['problem']})" in table
    dlx1 = [row for row in record.rows if row["program"] == "DLX1"]
    worst = max(dlx1, key=lambda row: float(row["search ratio"]))
    assert f"÷ DLX1: at most {worst['search ratio']} ({worst['problem']})" in table
    assert "the rest in benchmarks/README.md" in table
    prose = "\n".join("".join(c["source"]) for c in cells[at - 2 : at + 2] if c["cell_type"] == "markdown")
    flat = " ".join(prose.split())
    assert "Its search alone beat DLX2 as published on every problem it enumerated (the last row is the clique" in flat
    assert "beat DLX2 on every problem" not in flat  # review 30 AO (08 item 1): against DLX2 without mems it ties
    # "Against DLX2 built without mems, its highest ratio, on the pentominoes, is a tie to two decimals."
    assert top["problem"] == "pentominoes in 6 x 10" and top["search ratio"] == "1.00"
    tie = "Against DLX2 built without mems, its highest ratio, on the pentominoes, is a tie to two decimals."
    assert tie in flat
    # "Against Knuth's DLX1, which has no colours, it is above 1 on the pentominoes."
    assert worst["problem"] == "pentominoes in 6 x 10" and float(worst["search ratio"]) > 1
    assert "Against Knuth's DLX1, which has no colours, it is above 1 on the pentominoes." in flat
    lost = "the whole command lost only where its start-up, printed under the table, outlasted the search's lead"
    assert lost in flat
    assert "*whole ÷ DLX2*" in prose and "*search ÷ DLX2*" in prose and "no slower on any row" not in flat
    assert not re.search(r"\d\.\d\d|\d+%", prose), "a figure of the record typed in the notebook's prose"
