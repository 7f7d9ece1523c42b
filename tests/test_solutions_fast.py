"""Notebook 8's solutions and the library pieces it shows, each against an answer found another way.

Oracles: a loop over every start cell and direction, the numpy compatibility matrices of wordcover.cliques,
and brute force over every choice of one placement per word.
"""

from __future__ import annotations

import ast
import itertools
import math
import os
import pathlib
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from lessons import fast as lesson
from solutions import fast as s

from wordcover import WordSearch, make_engine
from wordcover.cliques import compatibility
from wordcover.word_search import DIRECTIONS

NAMES = ["ABEL", "CANTOR", "GAUSS", "EULER"]
TOY = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])  # notebook 8's toy


def _fits(word, rows, cols):
    """Every (row, col, direction) where the word stays inside the grid, by walking its letters."""
    found = []
    for r, c, (dr, dc) in itertools.product(range(rows), range(cols), DIRECTIONS.values()):
        if all(0 <= r + k * dr < rows and 0 <= c + k * dc < cols for k in range(len(word))):
            found.append((r, c, dr, dc))
    return found


@pytest.mark.slow
def test_first_of_three_is_the_sum_over_the_placements_dealt_to_piece_0():
    """Piece 0 of three counts the solutions of CANTOR's placements 0, 3, ..., 27 (each counted alone here), which the
    docstring adds up from the orbits; the four pieces of four are equal and the three pieces of three are not."""
    from wordcover import Problem
    from wordcover.parallel import split

    six = WordSearch(6, 6, NAMES)
    cantor = [k for k, p in enumerate(six.placements) if p.word == "CANTOR"]

    def with_only(chosen):
        keep = [o for k, o in enumerate(six.problem.options) if six.placements[k].word != "CANTOR" or k in chosen]
        return make_engine(Problem(six.problem.primary, six.problem.secondary, keep), "fast").count()

    assert s.first_of_three() == with_only(set(cantor[0::3])) == 4 * 16_029 + 4 * 5_954 + 2 * 2_380 == 92_692
    assert [make_engine(piece, "fast").count() for piece in split(six.problem, 3)] == [92_692, 61_788, 90_312]
    assert len({make_engine(piece, "fast").count() for piece in split(six.problem, 4)}) == 1
    assert "92,692" in s.first_of_three.__doc__ and "61,788 and 90,312" in s.first_of_three.__doc__
    assert not re.search(r"\d\d", s.PIECE_HINT)  # no count in the hint, only "piece 0"


@pytest.mark.parametrize(
    "ws",
    [
        WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"]),
        WordSearch(4, 4, ["ABEL", "LAND", "BELL"]),
        WordSearch(3, 4, ["AAB", "ABA", "BB"]),
    ],
)
def test_agree_matches_the_compatibility_matrices(ws):
    compatible, _ = compatibility(ws)
    groups = [[p for p in ws.placements if p.word == w] for w in ws.words]
    for a, b in itertools.permutations(range(len(ws.words)), 2):
        for i, p in enumerate(groups[a]):
            for j, q in enumerate(groups[b]):
                assert s.agree(p, q) == bool(compatible[a][b][i, j]), (p, q)


@pytest.mark.slow
def test_the_agree_check_accepts_a_learners_own_agree_and_its_hidden_cases_need_all_shared_cells(capsys, learners_copy):
    def agree(p, q):  # written in the notebook, as a learner would
        return all(a == b for c, a in zip(p.cells, p.word) for d, b in zip(q.cells, q.word) if c == d)

    toy = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])
    assert s.check_agree(agree, toy)
    assert capsys.readouterr().out == "✓ Right on all 132 cases (60 of them not shown).\n"
    assert s.check_agree(learners_copy(s.agree), toy)  # the solution's code, written in the notebook
    assert capsys.readouterr().out == "✓ Right on all 132 cases (60 of them not shown).\n"
    cases = s.agree_cases()

    def shared(p, q):
        return [(c, a == b) for c, a in zip(p.cells, p.word) for d, b in zip(q.cells, q.word) if c == d]

    shown = itertools.product(toy.placements[:6], toy.placements[6:])
    assert not any(len({ok for _, ok in shared(p, q)}) == 2 for p, q in shown)  # the toy's pairs cannot tell
    assert any(len({ok for _, ok in shared(p, q)}) == 2 and shared(p, q)[0][1] for p, q in cases)
    assert any(not shared(p, q) for p, q in cases) and any(p.word == q.word and p != q for p, q in cases)


def test_pairs_cannot_see_whether_every_cell_is_covered():
    assert s.why_pairs_are_not_enough_with_primary_cells() == "c"
    ws = WordSearch(1, 4, ["AB", "BA", "AA"])
    groups = [[p for p in ws.placements if p.word == w] for w in ws.words]
    cliques = [t for t in itertools.product(*groups) if all(s.agree(p, q) for p, q in itertools.combinations(t, 2))]
    assert len(cliques) == ws.count()  # without the new rule, the cliques are the solutions
    covering = [t for t in cliques if len({cell for p in t for cell in p.cells}) == 4]
    assert 0 < len(covering) < len(cliques)
    # a clique that leaves a cell empty although each of its pairs also sits in a clique that covers every cell:
    # if "covers every cell" were a test on pairs, this clique would pass it
    good_pairs = {frozenset(pair) for t in covering for pair in itertools.combinations(t, 2)}
    fooled = [
        t
        for t in cliques
        if t not in covering and all(frozenset(pair) in good_pairs for pair in itertools.combinations(t, 2))
    ]
    assert fooled


def test_search_source_shows_the_loop_with_knuths_steps():
    from wordcover.fast import COMPILED, SOURCES, search_source

    loop = search_source()
    assert loop.startswith("def _run(")  # compiled with njit(cache=...) at its first use, not at import
    assert all(step in loop for step in ("C2", "C3", "C4", "C5", "C6", "C7", "C8"))
    assert COMPILED == ("_run",) and SOURCES == ("_hide", "_unhide", "_cover", "_uncover", "_run")
    assert 'inline="always"' in search_source("_cover") and "_hide(p, nd, length)" in search_source("_cover")
    with pytest.raises(ValueError, match="no search function 'main'"):
        search_source("main")


SCAFFOLDING = (
    "node_limit",
    "pause_at",
    "RESUME",
    "ENTER",
    "capacity",
    "written",
    "GAVE_UP",
    "stopping",
    "phase",
    "out",
)


def test_the_loop_without_its_scaffolding_is_an_excerpt_of_the_source_with_every_step():
    """search_source("_run", scaffolding=False), as notebook 8 prints it: every line but the "# ..." ones is a line
    of the real source, in the source's order; each step C2-C8 is there; no name of the pausing, limits and output
    is left in the loop, and each block left out is said in one line."""
    from wordcover.fast import search_source

    whole, shown = search_source("_run").splitlines(), search_source("_run", scaffolding=False).splitlines()
    said = [line for line in shown if line.strip().startswith("# ... (")]
    assert len(said) == 3 and all(line.endswith(": not part of Algorithm C)") for line in said)
    rest = iter(whole)
    assert all(any(line == other for other in rest) for line in shown if line not in said)  # in order
    start, end = shown.index("    while True:"), shown.index("    state[LEVEL] = level")  # the loop, as printed
    loop = "\n".join(shown[start:end])
    assert all(f"# {step}:" in loop for step in ("C2", "C3", "C4", "C5", "C6", "C7", "C8"))
    code = "\n".join(line for line in loop.splitlines() if line not in said)
    assert not [name for name in SCAFFOLDING if re.search(rf"\b{name}\b", code)]
    assert len(shown) < len(whole) - 15
    for name in ("_hide", "_cover"):  # nothing to leave out there
        assert search_source(name, scaffolding=False) == search_source(name)


@pytest.mark.parametrize("scaffolding", [False, True])
def test_the_loops_three_parts_are_the_loop_cut_where_its_step_labels_begin(scaffolding):
    """search_source(part=...), as notebook 8 prints the loop in three cells: the parts C2-C4, C8-C6 and C5-C7 put
    together in that order are the whole loop, line for line; each begins at a loop's head or at a step's block
    and holds its own steps' labels and no other step's (but "C8 at level 0", the loop's last line)."""
    from wordcover.fast import LOOP_PARTS, search_source

    shown = search_source("_run", scaffolding=scaffolding)
    lines = shown.splitlines()
    start, end = lines.index("    while True:"), lines.index("    state[LEVEL] = level")
    parts = {part: search_source("_run", scaffolding=scaffolding, part=part) for part in LOOP_PARTS}
    assert "".join(parts.values()) == "\n".join(lines[start:end]) + "\n"
    assert [p.splitlines()[0] for p in parts.values()] == [
        "    while True:",
        "        while True:",
        "            if x != i:",
    ]
    for part, steps in LOOP_PARTS.items():
        labels = re.findall(r"# (C\d):", parts[part])
        assert labels == list(steps), part
    with pytest.raises(ValueError, match="a part is one of"):
        search_source("_run", part="C2-C8")
    with pytest.raises(ValueError, match="a part is one of"):
        search_source("_cover", part="C2-C4")
    with pytest.raises(ValueError, match="a part is one of"):
        search_source("_cover", part="C5 purify")


@pytest.mark.parametrize("problem", ["toy", "langford"])
def test_the_loop_as_printed_without_scaffolding_runs_the_same_search(problem):
    """The printed excerpt is the algorithm: run as plain Python (no numba), with the hide, unhide, cover and
    uncover it calls, it makes the fast engine's counters on a problem with colours and on one without."""
    import wordcover.fast as fast
    from wordcover.classics import langford

    p = TOY.problem if problem == "toy" else langford(4)
    names = dict(vars(fast))
    for name in fast.SOURCES:
        source = fast.search_source(name, scaffolding=False)
        exec(re.sub(r"^@njit\(.*\)\n", "", source), names)  # the library's own source, as printed
    engine = fast.FastEngine(p)
    arrays, choice, state = engine._fresh()
    llink, rlink, nd, length, profile = arrays
    none = np.zeros((0, 1), dtype=np.int64)
    names["_run"](
        llink, rlink, nd, length, engine.option_of, choice, state, profile, none, np.zeros(0, dtype=np.int64), 0, 0
    )
    expected = make_engine(p, "fast")
    assert int(state[fast.SOLUTIONS]) == expected.count() > 0
    counters = (fast.NODES, fast.UPDATES, fast.PURIFICATIONS, fast.STICKERS)
    assert [int(state[k]) for k in counters] == [
        expected.stats.nodes,
        expected.stats.updates,
        expected.stats.purifications,
        expected.stats.stickers,
    ]
    assert all(np.array_equal(a, b) for a, b in zip(arrays[:4], engine._start))  # the links end as they began


def test_no_progress_bar_when_nothing_compiles(monkeypatch):
    import wordcover.fast as fast

    make_engine(WordSearch(3, 3, ["AB"]).problem, "fast").count()  # compiled or loaded by now
    opened = []
    monkeypatch.setattr(fast, "bar", lambda *a, **k: opened.append(a))
    assert make_engine(WordSearch(4, 4, NAMES[:1]).problem, "fast").count() == len(_fits("ABEL", 4, 4))
    assert opened == []


@pytest.mark.slow
def test_the_first_compile_shows_a_bar_that_ends_full(tmp_path):
    """In a fresh process with an empty cache: one bar, its total the compiled functions, ending at all of them."""
    code = textwrap.dedent(
        """
        from contextlib import contextmanager
        import wordcover.fast as fast
        seen = []

        @contextmanager
        def bar(desc, unit, total):
            seen.append((desc, unit, total))
            yield lambda n, *rest: seen.append(n)

        fast.bar = bar
        from wordcover import WordSearch, make_engine
        print(make_engine(WordSearch(3, 3, ["AB", "BA"]).problem, "fast").count())
        print(seen)
        """
    )
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    count, seen = done.stdout.splitlines()
    assert int(count) == WordSearch(3, 3, ["AB", "BA"]).count()
    events = ast.literal_eval(seen)
    assert events[0] == ("compiling the fast engine with numba (once per machine)", "functions", 1)
    steps = events[1:]
    assert steps == sorted(steps) and steps[-1] == 1


def test_the_compatibility_figure_marks_the_solutions_pairs():
    from wordcover.views import compatibility_figure

    ws = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])
    solution = next(ws.solutions())
    fig = compatibility_figure(ws, solution)
    matrix = fig.axes[1]
    red = [p for p in matrix.patches if p.get_facecolor()[:3] == pytest.approx((0.8, 0.0, 0.0))]
    assert len(red) == 3 * 2  # every ordered pair of the three chosen placements
    assert len(matrix.patches) - len(red) == len(ws.placements) ** 2


def test_bench_knuth_compiles_the_mem_counting_out_of_knuths_c():
    """What --without-mems changes in ctangle's output of dlx2.w and dlx1.w: the three macros, DLX2's lmems, and the
    ccost ratio, which would divide by zero; nothing else."""
    from bench_knuth import strip_mems

    dlx2 = (
        '#define o mems++\n#define oo mems+= 2\n#define ooo mems+= 3\n#define O "%"\n'
        "o,l= cl[c].prev,r= cl[c].next;\nif(cc>=second)lmems+= 2;\n"
        'fprintf(stderr," ccost "O"lld%%.\\n",\n(200*cmems+mems-lmems)/(2*(mems-lmems)));\n'
    )
    assert strip_mems(dlx2) == (
        '#define o 0\n#define oo 0\n#define ooo 0\n#define O "%"\n'
        "o,l= cl[c].prev,r= cl[c].next;\nif(cc>=second)lmems+= 0;\n"
        'fprintf(stderr," ccost "O"lld%%.\\n",\n0LL);\n'
    )
    dlx1 = "#define o mems++\n#define oo mems+= 2\n#define ooo mems+= 3\n(200*cmems+mems)/(2*mems));\n"
    assert strip_mems(dlx1) == "#define o 0\n#define oo 0\n#define ooo 0\n0LL);\n"
    with pytest.raises(ValueError, match="the macros o, oo and ooo"):
        strip_mems("int main() {}")


@pytest.mark.slow
@pytest.mark.skipif(
    not os.path.isfile(os.environ.get("KNUTH_DLX2", "") + ".c"),
    reason="set KNUTH_DLX2 to a dlx2 built from Knuth's dlx2.w, with ctangle's dlx2.c and gb_flip.c beside it",
)
def test_dlx2_without_mems_counts_what_dlx2_counts_and_no_mems(tmp_path):
    from bench_knuth import knuth_counters, without_mems

    from wordcover import write_dlx

    binary = os.environ["KNUTH_DLX2"]
    built = without_mems(binary, tmp_path)
    write_dlx(WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"]).problem, str(tmp_path / "three.dlx"))
    said = []
    for program in (binary, built):
        with open(tmp_path / "three.dlx") as stdin:
            done = subprocess.run([program], stdin=stdin, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        said.append(done.stderr)
    assert knuth_counters(said[0]) == knuth_counters(said[1]) is not None
    assert ", 0+0-0 mems," in said[1] and ", 0+0-0 mems," not in said[0]


# ---- the benchmark record notebook 8 reads from benchmarks/README.md ----------------------------------------------

README_LIKE = """# Benchmarks

## Against Knuth's programs: `bench_knuth.py`

Some text, with a table that is not the record:

| script | what it times |
|---|---|
| `a.py` | a |

Measured on the project's machine (x86-64, 2 cores, gcc 12 with `-O2`), with `--repeat 7`; seconds are
medians:

| problem | program | solutions | Knuth's s | ratio | no mems / with |
|---|---|---:|---:|---:|---:|
| four names in 7 x 7 | DLX2 | 9,664,704 | 0.91 | 2.26 |  |
| four names in 7 x 7 | DLX2 no mems | 9,664,704 | 0.80 | 2.70 | 0.90 |

Later text.

## Another section

| problem | program |
|---|---|
| not | this one |
"""


def test_knuth_record_reads_the_table_after_the_measured_line_as_numbers(tmp_path, capsys, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text(README_LIKE)
    record = lesson.knuth_record(readme)
    assert record["measured"] == "Measured on the project's machine (x86-64, 2 cores, gcc 12 with -O2), with --repeat 7"
    assert record["rows"] == [
        {"problem": "four names in 7 x 7", "program": "DLX2", "solutions": 9664704, "Knuth's s": 0.91, "ratio": 2.26,
         "no mems / with": None},
        {"problem": "four names in 7 x 7", "program": "DLX2 no mems", "solutions": 9664704, "Knuth's s": 0.8,
         "ratio": 2.7, "no mems / with": 0.9},
    ]  # fmt: skip
    with pytest.raises(ValueError, match="a row of 2 cells under a header of 3"):
        lesson.markdown_table(["| a | b | c |", "|---|---|---|", "| 1 | 2 |"])
    monkeypatch.chdir(tmp_path)  # a folder with no benchmarks/ in it or above it
    assert lesson.knuth_record() is None
    assert "benchmarks/README.md is not in this folder" in capsys.readouterr().out


def test_knuth_record_of_the_readme_is_the_table_the_lecture_deck_reads_too():
    """Two parsers written apart (the notebook's and the deck's) read the same rows from benchmarks/README.md."""
    from lecture.facts import knuth_record as decks

    root = pathlib.Path(__file__).resolve().parent.parent
    ours, theirs = lesson.knuth_record(root / "benchmarks" / "README.md"), decks()
    assert theirs is not None and len(ours["rows"]) == len(theirs.rows) > 10
    for mine, text in zip(ours["rows"], theirs.rows, strict=True):
        assert list(mine) == theirs.head
        for column, value in mine.items():
            cell = text[column]
            number = re.fullmatch(r"[\d,.]+", cell)
            assert value == (None if cell == "" else float(cell.replace(",", "")) if number else cell), (column, cell)
    assert ours["measured"].startswith("Measured on the project's machine (x86-64")
    assert "--without-mems --solve-only --repeat 7" in ours["measured"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rows", "cols", "words", "directions"),
    [
        (3, 3, ["CAT", "TEA", "ATE"], ["E", "S"]),  # notebook 8's toy: every N(S) with S not empty is 12
        (4, 4, ["ABEL", "LAND", "EAT"], "all"),
        (4, 5, ["TEA", "EAT", "ATE", "TE"], ["E", "S", "W"]),
    ],
)
def test_count_apart_is_n_of_s_and_the_signed_sum_counts_the_solutions_where_every_word_crosses(
    rows, cols, words, directions
):
    """count_apart(ws, S), the N(S) notebook 8 prints for its toy, equals the solutions listed one by one in which
    each word of S shares no cell with another word; the signed sum over every S is count_placements(share=True)
    and the solutions listed in which every word shares a cell."""
    from wordcover.cliques import count_apart, count_placements

    ws = WordSearch(rows, cols, words, directions)
    listed = [ws.decode(solution) for solution in make_engine(ws.problem, "fast").solutions()]

    def alone(chosen):
        return {p.word for p in chosen if not any(set(p.cells) & set(q.cells) for q in chosen if q is not p)}

    signed = 0
    for size in range(len(words) + 1):
        for apart in itertools.combinations(ws.words, size):
            n = count_apart(ws, apart)
            assert n == sum(set(apart) <= alone(chosen) for chosen in listed), apart
            signed += (-1) ** size * n
    crossing = sum(not alone(chosen) for chosen in listed)
    assert signed == count_placements(ws, share=True) == crossing
    assert count_apart(ws, ()) == len(listed)


def test_count_apart_refuses_a_word_not_in_the_puzzle():
    from wordcover.cliques import count_apart
    from wordcover.errors import PuzzleError

    with pytest.raises(PuzzleError, match="DOG: not among the puzzle's words CAT, TEA, ATE"):
        count_apart(TOY, ["DOG"])


def test_notebook_8_prints_the_purify_then_the_loop_in_one_call_and_works_the_inclusion_exclusion_on_the_toy_first():
    """The core prints only C5's purify, by one short call, after the commit is walked with the teaching engine; the
    whole loop waits in the optional section, one call; the timing cell calls no "median" of one run; the toy's N(S)
    come before the four names' count of words that cross, the picture of one product mask · C · mask comes before
    the cell that computes the products, and the orbits are printed before exercise 1, which uses them."""
    import nbformat

    path = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "08_making_it_fast.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    code = [c.source for c in cells if c.cell_type == "code"]
    (purify,) = [k for k, c in enumerate(cells) if c.source.startswith('print_compiled("C5 purify")')]
    (loop,) = [k for k, c in enumerate(cells) if c.source.startswith('print_compiled("C5", "C6")')]
    assert cells[purify].source.count("\n") == cells[loop].source.count("\n") == 0
    assert sum("print_compiled(" in s for s in code) == 2
    assert not any("search_source" in s or "scaffolding" in s or ".index(" in s for s in code)
    walk = next(k for k, c in enumerate(cells) if c.source.startswith("walk = make_engine(pair.problem"))
    optional = next(k for k, c in enumerate(cells) if c.source.startswith("## Going further"))
    assert walk < purify < optional < loop
    picture = next(k for k, c in enumerate(cells) if "commit_picture(pair)" in c.source)
    assert picture < walk  # the links of the commit are drawn before the walk is printed (review 30-W)
    dealing = next(k for k, c in enumerate(cells) if c.source.startswith("for j, piece in enumerate(pieces):"))
    assert next(k for k, c in enumerate(cells) if c.source.startswith("def orbits(")) < dealing
    assert not any("loop[" in s or "repeat=1" in s for s in code)
    toy_terms = next(k for k, c in enumerate(cells) if "count_apart(toy" in c.source)
    four_names = next(k for k, c in enumerate(cells) if "count_placements(six, share=True))" in c.source)
    assert toy_terms < four_names
    picture = next(k for k, c in enumerate(cells) if c.source.startswith("mask_figure("))
    products = next(k for k, c in enumerate(cells) if c.source.startswith("each = [int(C[CAT][TEA][i]"))
    assert picture < products
    orbits = next(k for k, c in enumerate(cells) if c.source.startswith("def orbits("))
    exercise = next(k for k, c in enumerate(cells) if c.source.startswith("## Exercise 1"))
    assert orbits < exercise < optional


def test_the_purify_part_is_the_c5_purify_of_the_loop_dedented():
    """search_source(part=PURIFY): ten lines, each a line of C5-C7 with its indent taken off, in order, holding the
    sticker and the hide, and none of C6's unpurify."""
    from wordcover.fast import PURIFY, search_source

    part = search_source("_run", scaffolding=False, part=PURIFY).splitlines()
    c5 = search_source("_run", scaffolding=False, part="C5-C7").splitlines()
    assert part[0].startswith("# purify j") and part[-1] == "    q = nd[U(FIELDS * q + DOWN)]" and len(part) == 10
    indent = next(line for line in c5 if line.strip() == part[0]).index("#")
    at = [c5.index(" " * indent + line) for line in part]
    assert at == list(range(at[0], at[0] + len(part)))  # one run of the source's lines
    assert any("= -1" in line for line in part) and any("_hide(q" in line for line in part)
    assert not any("_unhide" in line for line in part)


def test_print_compiled_prints_a_part_of_the_loop_without_scaffolding_or_a_whole_function(capsys):
    """Notebook 8's one-line helper: a part of the loop as search_source(part=..., scaffolding=False) gives it, a
    function as its source, one after another."""
    from wordcover.fast import search_source

    lesson.print_compiled("C5-C7", "_cover", "C5 purify")
    expected = [search_source("_run", scaffolding=False, part="C5-C7"), search_source("_cover")]
    expected.append(search_source("_run", scaffolding=False, part="C5 purify"))
    assert capsys.readouterr().out == "\n".join(expected) + "\n"
    lesson.print_compiled("_run")
    assert capsys.readouterr().out == search_source("_run", scaffolding=False) + "\n"
    with pytest.raises(ValueError, match="no search function"):
        lesson.print_compiled("C2-C8")


@pytest.mark.slow
def test_walk_commit_prints_what_the_recorded_commit_does(capsys):
    """Notebook 8's walk of the first commit (ABEL and CANTOR in 2 x 6, east): the nodes it says get the sticker,
    the nodes it says leave their lists and the walk's p are those the recording of the same search shows, event by
    event, up to the end of the commit; its counters are the fast engine's at level 1."""
    from wordcover.playback import record_writes

    pair = WordSearch(2, 6, ["ABEL", "CANTOR"], ["E"])
    walk = make_engine(pair.problem, "sticker")
    lesson.walk_commit(walk, pair.placements)
    out = capsys.readouterr().out
    trace = record_writes(pair.problem, "sticker", max_events=16)
    final = trace.arrays_at(trace.frames - 1)
    start = trace.arrays_at(0)
    n = len(trace.names) - 1

    def members(arrays, i):
        x, found = arrays["DLINK"][i], set()
        while x != i:
            found.add(x)
            x = arrays["DLINK"][x]
        return found

    before = set().union(*(members(start, i) for i in range(1, n + 1)))
    after = set().union(*(members(final, i) for i in range(1, n + 1)))
    x = int(re.search(r"tries x = node (\d+)", out).group(1))
    option_x = set(range(x, x + 7))
    cover_left = {y for y in before - after if trace.analysis.option_of[y] in {6, 7}}  # CANTOR's two options
    said_sticker = {int(m) for m in re.findall(r"node (\d+) \(.*?\) has \w too: it gets the sticker", out)}
    said_left = {int(m) for line in re.findall(r"nodes ([\d, ()A-Za-z]+) leave their lists", out)
                 for m in re.findall(r"\d+", line)}  # fmt: skip
    assert said_sticker == {y for y in range(len(final["COLOR"])) if final["COLOR"][y] < 0} == {23}
    assert said_left == (before - after) - cover_left - option_x
    assert re.findall(r"  p = (\d+):", out) == [str(p) for p in range(x + 1, x + 8)]
    fast = make_engine(pair.problem, "fast")
    fast.count(node_limit=1)
    for counter in ("purifications", "stickers", "updates"):
        assert getattr(walk.stats, counter) == getattr(fast.stats, counter), counter


# ---- review 30 R (round 14): 08's timing, its first compile, its Vocabulary, its pictures --------------------------


def _cells_08():
    import json

    path = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "08_making_it_fast.ipynb"
    return json.loads(path.read_text())["cells"]


def _by_id(cells, cell_id):
    return next(c for c in cells if c.get("id") == cell_id)


def test_08_the_timing_is_in_two_significant_figures_on_a_problem_the_fast_engine_takes_milliseconds_on():
    cells = _cells_08()
    timing = _by_id(cells, "b2f08759")
    table = "".join("".join(o.get("text", "")) for o in timing["outputs"]).splitlines()
    assert table[0].split() == ["method", "milliseconds", "teaching", "/", "method"]
    ms = {line.rsplit(None, 2)[0].strip(): float(line.split()[-2].replace(",", "")) for line in table[1:]}
    ratio = {line.rsplit(None, 2)[0].strip(): line.split()[-1] for line in table[1:]}
    assert list(ms) == ["teaching (pure Python)", "fast (numba)"]  # the compiled rewrite alone (review 30 AM)
    assert ms["teaching (pure Python)"] > 10 * ms["fast (numba)"]
    for text in ratio.values():  # two significant figures, never a spurious decimal
        digits = text.replace(",", "").replace(".", "").lstrip("0")
        assert len(digits.rstrip("0") or "0") <= 2, text
    prose = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    assert "a few milliseconds" not in prose  # review 30 AM: the print said 1.7 and 1.3 ms
    assert "Two timings, each the median of three runs, in milliseconds to two significant figures" in prose
    (lead,) = ["".join(c["source"]) for c in cells if "".join(c["source"]).startswith("## How long each takes")]
    assert len(lead.split("\n\n")[1].split(". ")) == 3
    nodes = "".join("".join(o.get("text", "")) for o in _by_id(cells, "a81fa68a")["outputs"])
    assert nodes == "search-tree nodes: teaching 27,067, fast 27,067\n"  # "the same search node for node"
    assert "(the cell after the table prints both counts of nodes)" in " ".join(lead.split())
    # review 30 AO (08 item 4): the counts are not printed again as "each counted: X = X"
    assert not any("each counted" in "".join(c["source"]) for c in cells)


def test_08_the_clique_count_is_timed_against_the_fast_engine_on_7_by_7_in_the_main_line():
    """Review 30 AM (08 item 6): the central claim, counting without enumerating wins on big counts, is timed on
    7 x 7 before the exercises, medians of three, the engine reused from the cell that counts 7 x 7, its output
    ignored by nbval; the counts it times were printed by the checked cell that counts 7 x 7 (review 30 AO, 08 item
    4: not printed again after the timing)."""
    cells = _cells_08()
    ids = [c.get("id") for c in cells]
    timing = _by_id(cells, "clique-timing")
    assert ids.index("fc2dfb2b") < ids.index("clique-timing") < ids.index("e6e73be0")  # in the main line
    assert "nbval-ignore-output" in timing["metadata"]["tags"] and "clique-timing-counts" not in ids
    counted = "".join("".join(o.get("text", "")) for o in _by_id(cells, "fc2dfb2b")["outputs"])
    assert "7x7: 9,664,704 (the fast engine, enumerating: 9,664,704)" in counted
    assert "nbval-ignore-output" not in _by_id(cells, "fc2dfb2b")["metadata"].get("tags", [])
    source = "".join(timing["source"])
    assert "median_seconds(engine7.count)" in source and "median_seconds(lambda: count_placements(seven))" in source
    assert "engine7 = make_engine(seven.problem" in "".join(_by_id(cells, "fc2dfb2b")["source"])
    table = "".join("".join(o.get("text", "")) for o in timing["outputs"]).splitlines()
    assert table[0].split() == ["7", "x", "7", "milliseconds", "fast", "/", "method"]
    assert [line.rsplit(None, 2)[0].strip() for line in table[1:]] == ["fast (numba)", "clique count (numpy)"]
    after = " ".join("".join(_by_id(cells, "clique-timing-after")["source"]).split())
    assert after.startswith("The engine's time grows with the solutions it visits; the clique count visits none.")


def test_08_the_benchmark_drops_dlx2s_step_order_and_exercise_1_names_the_optional_section_it_uses():
    cells = _cells_08()
    exercise = "".join(_by_id(cells, "e6e73be0")["source"])
    assert "This exercise uses the optional section *Why the four pieces are equal*: read it first." in exercise
    assert any("".join(c["source"]).startswith("### Why the four pieces are equal") for c in cells)
    assert "A few steps go in another order" not in "".join(_by_id(cells, "a7df2f8c")["source"])


def test_08_exercise_1_is_optional_with_the_section_it_uses_in_the_heading_the_objectives_and_the_summary():
    """Review 30 AO (08): Exercise 1 needs the optional orbits section, so it is optional too, and the main-line
    objectives and summary no longer promise what only that section teaches."""
    cells = _cells_08()
    exercise = "".join(_by_id(cells, "e6e73be0")["source"])
    assert exercise.startswith("## Exercise 1 (optional) · ")
    intro = " ".join("".join(_by_id(cells, "93a3db34")["source"]).split())
    objectives = intro[intro.index("**Objectives.**") : intro.index("**Prerequisites.**")].split(" - ")
    (optional,) = [line for line in objectives if "symmetry" in line]
    assert optional.startswith("(optional) work out a piece's count from the grid's symmetry, as Exercise 1 asks;")
    summary = " ".join("".join(_by_id(cells, "9776dcae")["source"]).split()).split(" - ")
    (orbits,) = [line for line in summary if "orbit" in line]
    assert orbits.startswith("The optional sections explain the four equal pieces")
    assert "(optional on a first reading)" in "".join(_by_id(cells, "equal-pieces")["source"])


def test_08_the_cover_and_uncover_orders_said_in_the_notebook_are_the_sources():
    """Review 30 AO (08 item 2) said the fast engine's uncover is neither TAOCP's (14) nor the mirror of its cover.
    The source says otherwise: _cover hides top down, then takes i out, as TAOCP's (12); _uncover puts i back, then
    unhides bottom up, as (14), which is (12) backwards. The teaching engine takes i out first, as DLX1 and DLX2 do,
    and uncovers as (14): not its cover backwards, which the notebook says and calls harmless (the item list's
    LLINK and RLINK are not read by hide or unhide)."""
    import inspect

    from wordcover.dancing_links import DancingLinks

    root = pathlib.Path(__file__).resolve().parent.parent
    text = (root / "lib" / "wordcover" / "fast.py").read_text()
    source = {f.name: ast.get_source_segment(text, f) for f in ast.parse(text).body if isinstance(f, ast.FunctionDef)}
    cover, uncover = source["_cover"], source["_uncover"]
    assert "FIELDS * i + DOWN" in cover and cover.index("_hide(p") < cover.index("rlink[U(left)] = right")
    assert "FIELDS * i + UP" in uncover and uncover.index("rlink[U(left)] = i") < uncover.index("_unhide(p")
    cover, uncover = inspect.getsource(DancingLinks.cover), inspect.getsource(DancingLinks.uncover)
    assert cover.index("self.rlink[left] = right") < cover.index("hide(p)") and "dlink[i]" in cover
    assert uncover.index("self.rlink[left] = i") < uncover.index("unhide(p)") and "ulink[i]" in uncover
    hiders = (DancingLinks.hide, DancingLinks.unhide)
    for hiding in (source["_hide"], source["_unhide"], *map(inspect.getsource, hiders)):
        assert "llink" not in hiding and "rlink" not in hiding  # so where i leaves its list does not matter to them
    said = " ".join("".join(_by_id(_cells_08(), "4c3b8f26")["source"]).split())
    assert (
        "The fast engine hides the item's options, then takes the item out of the list of items, as TAOCP's cover "
        "does; the teaching engine takes the item out first, as DLX2 does. Both engines uncover as TAOCP does: put "
        "the item back, then unhide its options from the bottom up. So the fast engine's uncover is its cover run "
        "backwards." in said
    )
    assert "TAOCP's order" not in said


def test_08_the_first_compile_and_the_first_solution_are_one_cell_and_the_prose_says_nothing_of_tests():
    cells = _cells_08()
    first = _by_id(cells, "1bb5beec")
    out = "".join("".join(o.get("text", "")) for o in first["outputs"])
    assert "any compile included:" in out and "CANTOR at (0,0) E" in out and "\nCANTOR\n" in out
    assert not any(c.get("id") == "746d40d6" for c in cells)
    prose = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    assert "what is the same everywhere" not in prose


def test_08_the_vocabulary_and_exercise_2_define_agreement_alike_and_the_spacer_sentence_says_here():
    cells = _cells_08()
    vocabulary = " ".join("".join(cells[1]["source"]).split())
    assert "two placements that put the same letter on every cell they share, whatever their words" in vocabulary
    assert "two placements of different words that agree" not in vocabulary
    prose = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    assert "put the same letter on every cell they share" in prose.split("## Exercise 2")[1]
    assert "sends `p` back to the option's first node, which here is `x`" in prose
    record = "".join(_by_id(cells, "knuth-record")["source"])
    assert "knuth_ratios(bench)" in record and 'bench["rows"]' not in record


def test_08_the_orbit_numbers_stand_apart_and_each_title_names_the_word():
    from wordcover.views import picture as P
    from wordcover.views.grids import orbits_picture

    ws = WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    n = ws.rows - 1
    mine = [k for k, p in enumerate(ws.placements) if p.word == "CANTOR"]
    moves = [
        *(lambda r, c, t=t: [(r, c), (c, n - r), (n - r, n - c), (n - c, r)][t] for t in range(4)),
        *(lambda r, c, t=t: [(r, n - c), (n - r, c), (c, r), (n - c, n - r)][t] for t in range(4)),
    ]  # the square's eight turns and mirror images
    by_cells = {ws.placements[k].cells: k for k in mine}
    families = sorted(
        {tuple(sorted({by_cells[tuple(f(*rc) for rc in ws.placements[k].cells)] for f in moves})) for k in mine}
    )
    picture = orbits_picture(ws, "CANTOR", families)
    for panel in picture.panels:
        assert panel.title.startswith("orbit of CANTOR at ")
        numbers = [t for t in panel.items if isinstance(t, P.Text) and t.text.isdigit()]
        for a, b in itertools.combinations(numbers, 2):
            assert math.hypot(a.x - b.x, a.y - b.y) > 0.95, (
                a.text,
                b.text,
            )  # about a cell apart at least: no two crowd


def test_08_the_mask_pictures_white_and_light_grey_differ_at_a_glance():
    from wordcover.views.grids import MASK_KEY

    (kept_clash,) = [face for face, text in MASK_KEY if text.startswith("kept by both masks, but")]
    (left_out,) = [face for face, text in MASK_KEY if text.startswith("left out by a mask")]
    assert kept_clash == "white" and float(left_out) <= 0.8  # left out: one grey, not near white


# ---- review 30 AG (round 15): the show-only helpers in lessons/, C5 and C6 alone, the walk's nodes computed --------


def test_a_step_part_is_the_c5_or_c6_block_of_the_loop_dedented(capsys):
    """The optional listing prints C5 and C6 only (review 30 AG, 08 item 8): each block starts at its step's comment,
    is a run of the source's lines with one indent taken off, and holds what its step does, no other step's. The
    library cuts it (search_source(part="C5")), and the lesson prints what the library gives (review 30 AK, 08 item
    3: one copy of the cutting, not two)."""
    from wordcover.fast import STEPS, search_source

    assert STEPS == ("C5", "C6")
    source = search_source("_run", scaffolding=False).splitlines()
    c5, c6 = (search_source("_run", scaffolding=False, part=step) for step in STEPS)
    lesson.print_compiled("C5", "C6")
    assert capsys.readouterr().out == c5 + "\n" + c6 + "\n"
    assert not hasattr(lesson, "compiled_steps")
    for block, step in ((c5, "C5"), (c6, "C6")):
        lines = block.splitlines()
        assert lines[0].startswith(f"# {step}:")
        start = next(k for k, line in enumerate(source) if line.strip() == lines[0])
        indent = source[start].index("#")
        assert [line[indent:] for line in source[start : start + len(lines)]] == lines  # one run of the source
    assert "_hide(q" in c5 and "stickers += 1" in c5 and "_unhide" not in c5 and "# C7" not in c5
    assert "_unhide(q" in c6 and "_uncover(j" in c6 and "# C5" not in c6 and "# C8" not in c6
    assert len(c5.splitlines()) + len(c6.splitlines()) < 60  # not the ~110-line loop


def test_notebook_8_computes_the_walked_nodes_and_its_record_and_picture_helpers_come_from_lessons():
    import nbformat

    path = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "08_making_it_fast.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    code = "\n".join(c.source for c in cells if c.cell_type == "code")
    assert "from solutions.fast import" not in code and "from lessons.fast import" in code
    picture = _by_id(cells, "c5-picture")["source"]
    assert picture.count("\n") == 1 and "commit_picture(pair)" in picture  # review 30 AK: no plumbing before it
    assert not any(w in picture for w in ("takewhile", "next(", "make_engine", "walked"))
    pair = WordSearch(2, 6, ["ABEL", "CANTOR"], ["E"])
    engine = make_engine(pair.problem, "sticker")
    x = engine.dlink[engine.choose()]
    walked = list(itertools.takewhile(lambda p: engine.top[p] > 0, itertools.count(x + 1)))
    assert walked == [53, 54, 55, 56, 57, 58]  # the nodes the printed walk visits, p = 53 to 58, before the spacer
    prose = " ".join(" ".join(c.source.split()) for c in cells if c.cell_type == "markdown")
    assert "notebook 9 times another problem" not in prose  # review 30 AG, 08 item 6: half true, cut
    assert "**Time.** About an hour to read and run" in prose


def test_the_walk_figure_and_the_ratios_run_on_the_notebooks_inputs():
    from wordcover.playback import record_writes

    pair = WordSearch(2, 6, ["ABEL", "CANTOR"], ["E"])
    commit = record_writes(pair.problem, "sticker", max_events=16)
    drawn = ["CANTOR", "r0c0", "r0c1"]
    rows = [k for k, option in enumerate(pair.problem.options) if any(e.item in drawn for e in option)]
    figure = lesson.walk_figure(commit, [0, commit.frames - 1], drawn, rows, walked=[53, 54], titles=["a", "b"])
    assert figure is not None
    root = pathlib.Path(__file__).resolve().parent.parent
    ratios = lesson.knuth_ratios(lesson.knuth_record(root / "benchmarks" / "README.md"))
    assert ratios and all(isinstance(r[1], int) and r[2] > 0 and r[3] > 0 for r in ratios)
    assert lesson.commit_picture(pair) is not None
    dlx1 = lesson.dlx1_ratios(lesson.knuth_record(root / "benchmarks" / "README.md"))
    assert [problem for problem, _, _ in dlx1] == ["Langford pairs n = 12", "pentominoes in 6 x 10"]


def test_08_a_node_whose_option_a_purify_hides_stays_in_the_purified_items_list_on_the_pictures_frame():
    """Review 30 AK (08 item 2): in the commit's picture, nodes 17, 24 and 29 stay plain "in its list" while the walk
    says their options are hidden. Cell c5-walk-lead says why: hide takes the option's other nodes out, not the
    node in the purified cell's list. On the picture's last frame each is in its cell's list and its option's ABEL
    node is not; the picture's walked nodes are p = 53 to 58; and the prose says so in one line."""
    from wordcover.fast import search_source
    from wordcover.playback import record_writes

    pair = WordSearch(2, 6, ["ABEL", "CANTOR"], ["E"])
    commit = record_writes(pair.problem, "sticker", max_events=16)  # as commit_picture records it
    last = commit.snapshot_at(commit.frames - 1)
    engine = make_engine(pair.problem, "sticker")
    for node, cell in ((17, "r0c0"), (24, "r0c2"), (29, "r0c2")):  # the nodes the printed walk says are hidden
        option = engine.option_of[node]
        assert (option, cell) in last.linked and (option, "ABEL") not in last.linked
    lead = " ".join("".join(_by_id(_cells_08(), "c5-walk-lead")["source"]).split())
    assert "the walk printed after the picture" in lead and "printed under" not in lead
    assert 'stays plain, "in its list": hide takes the option\'s *other* nodes out of their lists' in lead
    with pytest.raises(ValueError, match="a part is one of"):
        search_source("_run", part="C7")


def test_the_orbit_picture_tells_the_pieces_apart_by_dash_as_well_as_colour():
    """Review 30 AG (08 item 10): red and green are hard to tell apart for a colour-blind reader, so each piece has
    its own dash, on its arrows and in the legend."""
    from wordcover.views.grids import PIECE_COLOURS, PIECE_DASHES, orbits_picture
    from wordcover.views.picture import Arrow

    assert len(set(PIECE_DASHES)) == len(PIECE_DASHES) == len(PIECE_COLOURS)
    six = WordSearch(6, 6, NAMES)
    cantor = [k for k, p in enumerate(six.placements) if p.word == "CANTOR"]
    picture = orbits_picture(six, "CANTOR", [cantor])
    arrows = [it for panel in picture.panels for it in panel.items if isinstance(it, Arrow)]
    assert len(arrows) == len(cantor)
    for n, arrow in enumerate(arrows):  # the arrows in the order of the placements, position n
        assert (arrow.colour, arrow.dash) == (PIECE_COLOURS[n % 4], PIECE_DASHES[n % 4])
    assert [e.dash for e in picture.panels[0].legend.entries] == list(PIECE_DASHES[:4])


def test_08_the_orbit_picture_comes_before_the_code_and_finds_the_notebooks_orbits():
    """Review 30 AI (08 item 3): the picture that explains orbits comes before the code that finds them, and the
    orbits it draws by default are the ones that code finds."""
    from wordcover.views.grids import placement_orbits

    cells = _cells_08()
    ids = [c.get("id") for c in cells]
    assert ids.index("orbits-picture") < ids.index("orbits-core")
    namespace: dict[str, object] = {}
    source = "".join(_by_id(cells, "orbits-core")["source"])
    exec(source.split("\n\n\ncantor =")[0], namespace)  # the notebook's own orbits()
    for size in (6, 7):
        ws = WordSearch(size, size, NAMES)
        for word in ("CANTOR", "ABEL"):
            assert placement_orbits(ws, word) == namespace["orbits"](ws, word)


def test_08_the_mask_picture_has_one_grey_for_what_a_mask_leaves_out():
    """Review 30 AM (08 cell 24): four colours in the legend, one grey, every square left out by a mask that grey."""
    from wordcover.cliques import compatibility
    from wordcover.views import picture as P
    from wordcover.views.grids import mask_picture

    toy = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])
    tables = compatibility(toy)[0]
    picture = mask_picture(toy, tables, ("CAT", "TEA", "ATE"), 0)
    (panel,) = picture.panels
    entries = panel.legend.entries
    assert len(entries) == 4 and [e.label for e in entries if e.colour == "0.78"] == ["left out by a mask"]
    faces = {r.face for r in panel.items if isinstance(r, P.Rect) and r.x >= 0 and r.y >= 0}
    assert "0.45" not in faces and "0.78" in faces
    kept_rows, kept_cols = tables[0][1][0], tables[0][2][0]
    for r in panel.items:
        if isinstance(r, P.Rect) and r.x >= 0 and r.y >= 0:
            assert (r.face == "0.78") == (not (kept_rows[round(r.y)] and kept_cols[round(r.x)]))
