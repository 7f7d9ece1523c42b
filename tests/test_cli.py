"""The command line: answers on standard output, the bare count last, one-line errors with status 2."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

from oracles import count_placements
from test_word_search import REFUSED
from wordcover import __version__
from wordcover.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def test_count_ends_with_the_bare_count(capsys):
    status, out, err = run(capsys, "count", "--size", "4x4", "--directions", "orthogonal", "ABEL", "LAND")
    assert status == 0 and err == []
    assert out[0] == "ABEL LAND in 4x4, directions E,W,S,N: 32 placements"
    assert out[-1] == "112"


def test_count_with_share_and_each_engine(capsys):
    for engine, total, shared in (("sticker", 112, 16), ("outside", 112, 16), ("naive", 106, 26)):
        status, out, err = run(
            capsys, "count", "--size", "4x4", "--directions", "E,W,S,N", "--share", "--engine", engine, "ABEL", "LAND"
        )
        assert status == 0
        assert out[-1] == str(shared)
        assert f"{total} solutions in all; {shared} in which every word shares a cell with another" in out
        assert (engine == "naive") == any("double-purify bug" in line for line in err)


def test_show_prints_grids(capsys):
    status, out, _ = run(
        capsys, "show", "--size", "4x4", "--directions", "orthogonal", "--share", "--limit", "2", "abel", "land"
    )
    assert status == 0
    assert out[:5] == ["solution 1: ABEL at (0,0) E; LAND at (0,3) S", "ABEL", "...A", "...N", "...D"]
    assert out[6].startswith("solution 2: ")


def test_dlx_reads_knuths_files(capsys, example_file):
    status, out, err = run(capsys, "dlx", str(example_file("knuth_tiny_colours")), "--show", "1")
    assert status == 0
    assert out[:3] == ["solution 1:", "  A C X:1 Y:1", "  B X:1"]
    assert out[-1] == "1"
    assert err == [
        f"wordcover: {example_file('knuth_tiny_colours')}: line 5: option ignored (no primary items): X:0 Y:1"
    ]


def test_dlx_limit(capsys, example_file):
    status, out, _ = run(capsys, "dlx", str(example_file("knuth_exact_cover")), "--engine", "x", "--limit", "1")
    assert status == 0 and out[-1] == "1"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["count", "--size", "0x4", "AB"], "grid size must be positive"),
        (["count", "--size", "4x4", "AB1"], "'AB1' holds '1'; a word is letters A-Z only"),
        (["count", "--size", "4x4", "AB", "ab"], "word AB is given twice"),
        (["count", "--size", "3x3", "ABEL"], "fits nowhere"),
        (["count", "--size", "4x4", "--engine", "quick", "AB"], "invalid choice: 'quick'"),
        (
            ["count", "--size", "4x4", "--method", "cliques", "--engine", "naive", "AB"],
            "the clique count (--method cliques) uses no engine: leave out --engine / engine=..., or enumerate",
        ),
        (["count", "AB"], "the following arguments are required: --size"),
        (["dlx", "no-such-file.dlx"], "DLX file no-such-file.dlx: there is no such file"),
        (["dlx", "@colour_pair", "--engine", "x"], "Algorithm X takes no colours"),
        (["dlx", "@knuth_exact_cover", "--limit", "0"], "expected a positive number"),
        (["dlx", "--example", "sudoku"], "no example 'sudoku'; the examples are colour_pair, knuth_exact_cover"),
        (
            ["make", "--size", "6x6", "--words-file", "/nonexistent", "ABEL"],
            "--words-file /nonexistent: there is no such file",
        ),
        (
            ["make", "--size", "6x6", "--words-file", "/nonexistent/words.txt", "ABEL"],
            "--words-file /nonexistent/words.txt: there is no folder /nonexistent",
        ),
        (
            ["make", "--size", "6x6", "--output", "/nonexistent/p.txt", "ABEL"],
            "--output /nonexistent/p.txt: there is no folder /nonexistent",
        ),
        (["make", "--size", "6x6", "--output", "p.doc", "ABEL"], "--output p.doc: the file name must end in .txt"),
        (["find", "/nonexistent.txt", "ABEL"], "GRIDFILE /nonexistent.txt: there is no such file"),
        (["rectangle", "--rows", "2", "--cols", "2", "--words-file", "/"], "--words-file /: that is a folder"),
        ([], "required: COMMAND"),
    ],
)
def test_errors_are_one_line_with_status_2(capsys, example_file, argv, message):
    argv = [str(example_file(a[1:])) if a.startswith("@") else a for a in argv]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert len(err) == 1 and err[0].startswith("wordcover: error: ") and message in err[0], err


@pytest.mark.parametrize("flags, message", [(flags, message) for _, flags, message in REFUSED])
def test_count_refuses_what_the_plan_refuses_in_its_words(capsys, flags, message):
    """The command line has no rules of its own here: WordSearch.count_plan refuses, and says which flags."""
    status, out, err = run(capsys, "count", "--size", "4x4", *flags, "ABEL", "LAND")
    assert (status, out, err) == (2, [], [f"wordcover: error: {message}"])


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"wordcover {__version__}\n"


def test_a_word_list_keeps_one_rule_and_says_what_it_dropped(capsys, tmp_path):
    listing = tmp_path / "words.txt"
    listing.write_text("ab\nCAN'T\nba\nAB\nCafé\n")
    status, out, err = run(capsys, "squares", "--order", "2", "--kind", "any", "--count", "--words-file", str(listing))
    assert status == 0 and out[-1] == "2"  # from {AB, BA}: AB over BA, and BA over AB (CAFE is not of length 2)
    assert err == [f"wordcover: {listing}: dropped 2 of 5 words (\"CAN'T\": holds \"'\"; 'AB': a repeat of AB)"]
    status, out, err = run(capsys, "rectangle", "--rows", "2", "--cols", "2", "--count", "--words-file", str(listing))
    assert status == 0 and out[-1] == "2"
    assert err == [f"wordcover: {listing}: dropped 2 of 5 words (\"CAN'T\": holds \"'\"; 'AB': a repeat of AB)"]
    status, _, err = run(capsys, "make", "--size", "6x6", "--words-file", str(listing))
    assert status == 2 and err == [
        'wordcover: error: "CAN\'T" holds "\'"; a word is letters A-Z only (accents are taken off)'
    ]


def test_ctrl_c_exits_130_with_one_line(capsys, monkeypatch):
    import wordcover.cli as cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_count", interrupted)
    status, _, err = run(capsys, "count", "--size", "4x4", "AB")
    assert status == 130 and err == ["wordcover: interrupted"]


def test_a_closed_pipe_ends_quietly():
    reader = "import sys; sys.stdin.readline()"
    command = f"{sys.executable} -m wordcover show --size 5x5 --limit 3000 ABC DEF | {sys.executable} -c '{reader}'"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == ""


def test_any_other_exception_keeps_its_traceback(monkeypatch):
    import wordcover.cli as cli

    def broken(args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli, "cmd_count", broken)
    with pytest.raises(ZeroDivisionError):
        main(["count", "--size", "4x4", "AB"])


def test_malformed_dlx_on_standard_input_names_the_line():
    done = subprocess.run(
        [sys.executable, "-m", "wordcover", "dlx", "-"], input="A B | X\nA B\nA Q\n", capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr == "wordcover: error: standard input: line 3: unknown item name 'Q'\n"
    assert "Traceback" not in done.stderr


def test_python_dash_m_and_the_console_script_agree():
    args = ["count", "--size", "4x4", "--directions", "orthogonal", "ABEL", "LAND"]
    a = subprocess.run([sys.executable, "-m", "wordcover", *args], capture_output=True, text=True)
    # the console script installed beside this Python (its bin/ need not be on PATH: venv/bin/python -m pytest)
    beside = pathlib.Path(sys.executable).with_name("wordcover")
    command = str(beside) if beside.exists() else shutil.which("wordcover")
    assert command, "the wordcover console script is not installed"
    script = subprocess.run([command, *args], capture_output=True, text=True)
    assert a.returncode == script.returncode == 0
    assert a.stdout == script.stdout and a.stdout.splitlines()[-1] == "112"


# ---- make and find: the puzzle file, sizes, word sources, help --------------------------------------------------

FOUR = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def _spelled(grid, placement):
    """The letters a placement covers, read off the grid by hand."""
    from wordcover.word_search import DIRECTIONS

    dr, dc = DIRECTIONS[placement["direction"]]
    return "".join(grid[placement["row"] + dr * k][placement["col"] + dc * k] for k in range(len(placement["word"])))


def test_a_made_puzzle_reads_back_into_find_as_text_and_as_json(capsys, tmp_path):
    import json

    make = ["make", "--size", "9", "--seed", "4", "--difficulty", "hard", *FOUR]
    status, text, _ = run(capsys, *make)
    assert status == 0 and text[9:] == ["", "ABEL CANTOR EULER GAUSS"] and len(text[0]) == 9
    status, doc, _ = run(capsys, *make, "--format", "json")
    doc = json.loads("\n".join(doc))
    assert doc["grid"] == text[:9] and doc["words"] == sorted(FOUR) and doc["seed"] == 4
    assert doc["size"] == {"rows": 9, "cols": 9} and doc["directions"] == ["E", "W", "S", "N", "SE", "SW", "NE", "NW"]
    assert [p["word"] for p in doc["placements"]] == sorted(FOUR)
    assert all(_spelled(doc["grid"], p) == p["word"] for p in doc["placements"])
    expected = [f"{p['word']} at ({p['row']},{p['col']}) {p['direction']}" for p in doc["placements"]]

    # --output writes what standard output gets; find reads either file as it is, with no words given
    for name in ("p.txt", "p.json"):
        assert run(capsys, *make, "--output", str(tmp_path / name))[0] == 0
        status, found, err = run(capsys, "find", str(tmp_path / name))
        assert status == 0 and err == []
        assert sorted(found) == sorted(expected)  # each word once (make checks that), where the key says
    assert (tmp_path / "p.txt").read_text().splitlines() == text
    assert json.loads((tmp_path / "p.json").read_text()) == doc

    # the old standard output, with its 'words:' line, reads too
    old = tmp_path / "old.txt"
    old.write_text("\n".join(text[:9]) + "\n\nwords: ABEL CANTOR EULER GAUSS\n")
    assert sorted(run(capsys, "find", str(old))[1]) == sorted(expected)
    # JSON is told by its first character as well as by its name
    renamed = tmp_path / "json-inside.txt"
    renamed.write_text((tmp_path / "p.json").read_text())
    assert sorted(run(capsys, "find", str(renamed))[1]) == sorted(expected)


def test_find_takes_the_words_of_the_command_line_over_the_files(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("ABELX\nGAUSS\n\nABEL GAUSS\n")
    assert run(capsys, "find", str(path)) == (0, ["ABEL at (0,0) E", "GAUSS at (1,0) E"], [])
    assert run(capsys, "find", str(path), "GAUSS") == (0, ["GAUSS at (1,0) E"], [])
    assert run(capsys, "find", str(path), "knuth") == (1, ["not found: KNUTH"], [])  # a missing word: status 1
    bare = tmp_path / "bare.txt"
    bare.write_text("ABELX\nGAUSS\n")
    status, _, err = run(capsys, "find", str(bare))
    assert status == 2 and err == [f"wordcover: error: GRIDFILE {bare} lists no words after its grid: give the "
                                   "words to find after it, or --words-file"]  # fmt: skip
    status, out, _ = run(capsys, "find", str(bare), "--json", "GAUSS", "--directions", "E", "ABEL")
    gauss = '{"word": "GAUSS", "row": 1, "col": 0, "direction": "E"}'
    abel = '{"word": "ABEL", "row": 0, "col": 0, "direction": "E"}'
    assert status == 0 and out == [f"[{gauss}, {abel}]"]  # words anywhere among the options; in the order given


@pytest.mark.parametrize(
    "content, name, message",
    [
        ('{"grid": ["AB", "CD"', "p.json", "GRIDFILE {}: not valid JSON (line 1, column 21: Expecting ','"),
        ("ABC\n", "p.json", "GRIDFILE {}: not valid JSON (line 1, column 1"),
        ('{"words": ["AB"]}', "p.txt", 'GRIDFILE {}: a JSON puzzle is an object with a "grid"'),
        ('{"grid": "ABCD"}', "p.json", 'GRIDFILE {}: "grid" must be a list of strings, got "ABCD"'),
        ('{"grid": ["AB"], "words": [1]}', "p.json", 'GRIDFILE {}: "words" must be a list of strings, got [1]'),
        ("AB\nCD\n\nAB C1\n", "p.txt", "GRIDFILE {}: 'C1' holds '1'"),
        ("AB\nCD\n\nAB ab\n", "p.txt", "GRIDFILE {}: word AB is given twice in its word list"),
        ("AB\nC\n\nAB\n", "p.txt", "GRIDFILE {}: row 1 has 1 letters but row 0 has 2: the grid is ragged"),
        ("\n\n", "p.txt", "GRIDFILE {}: the grid is empty"),
        ("[" * 100_000 + "]" * 100_000, "p.json", "GRIDFILE {}: its JSON is nested too deeply to read (a puzzle is "),
        ('{"grid": ["AB"], "seed": ' + "9" * 100_000 + "}", "p.json", "GRIDFILE {}: its JSON holds a number of 100,"),
    ],
)
def test_a_bad_puzzle_file_is_one_line_naming_it(capsys, tmp_path, content, name, message):
    path = tmp_path / name
    path.write_text(content)
    status, out, err = run(capsys, "find", str(path), "AB")
    assert status == 2 and out == [] and len(err) == 1
    assert err[0].startswith("wordcover: error: " + message.format(path)), err


def test_make_with_a_size_of_one_number_or_none(capsys):
    status, out, err = run(capsys, "make", "--size", "15", "--seed", "1", *FOUR)
    assert status == 0 and err == [] and len(out) == 15 + 2 and {len(row) for row in out[:15]} == {15}
    status, out, err = run(capsys, "make", "--size", "5x7", "--seed", "1", "--difficulty", "easy", "ABEL", "GAUSS")
    assert status == 0 and len(out) == 5 + 2 and {len(row) for row in out[:5]} == {7}
    # ABC DE FG HI along E only: 9 letters, so the sizes are tried from 3x3, where they do not fit (the count
    # says so: no solution), and 4x4 is chosen
    words = ["ABC", "DE", "FG", "HI"]
    assert run(capsys, "count", "--size", "3x3", "--directions", "E", *words)[1][-1] == "0"
    status, out, err = run(capsys, "make", "--directions", "E", "--seed", "2", *words)
    assert status == 0 and len(out) == 4 + 2 and len(out[0]) == 4
    assert err == [
        "wordcover: size 4x4, the smallest square grid tried from 3x3 (the longest word has 3 letters, "
        "the words 9 in all) in which every word was placed"
    ]
    # the longest word sets the start when it is longer than the letter count's square root
    status, out, err = run(capsys, "make", "--seed", "2", "ABCDEFGHIJ")
    assert status == 0 and len(out) == 10 + 2 and err[0].startswith("wordcover: size 10x10, ")


@pytest.mark.parametrize(
    "size, message",
    [
        ("0", "argument --size: a grid needs at least one row and one column, got 0x0"),
        ("4x0", "argument --size: a grid needs at least one row and one column, got 4x0"),
        ("-3", "argument --size: expected N (an N x N grid) or ROWSxCOLS such as 12x15, got '-3'"),
        ("15x", "got '15x'"),
        ("1.5", "got '1.5'"),
        ("big", "got 'big'"),
        ("3", "word ABEL (4 letters) fits nowhere in a 3x3 grid"),
    ],
)
def test_make_refuses_a_nonsense_size_in_one_line(capsys, size, message):
    status, out, err = run(capsys, "make", "--size", size, *FOUR)
    assert status == 2 and out == [] and len(err) == 1 and message in err[0], err


def test_make_draws_words_from_a_theme_with_the_seed(capsys):
    from wordcover.wordlists import load_words

    def words_of(*argv):
        status, out, _ = run(capsys, "make", "--format", "json", *argv)
        assert status == 0
        return __import__("json").loads("\n".join(out))["words"]

    animals = set(load_words("animals"))
    drawn = words_of("--theme", "animals", "--random", "6", "--seed", "3")
    assert len(drawn) == 6 and set(drawn) <= animals
    assert words_of("--theme", "animals", "--random", "6", "--seed", "3") == drawn  # the seed draws the same
    assert len({tuple(words_of("--theme", "animals", "--random", "6", "--seed", str(s))) for s in range(4)}) > 1
    assert words_of("--theme", "fruits", "--seed", "1") == sorted(load_words("fruits"))  # the whole list
    everyday = words_of("--random", "5", "--seed", "1")  # without --theme: the everyday list
    assert len(everyday) == 5 and set(everyday) <= set(load_words("everyday"))
    # words given come first and are kept; the theme adds others
    mixed = words_of("--theme", "animals", "--random", "4", "--seed", "1", "ABEL", "zebra")
    assert len(mixed) == 6 and {"ABEL", "ZEBRA"} <= set(mixed) and len(set(mixed) - {"ABEL"} - animals) == 0
    whole = words_of("--theme", "fruits", "--seed", "1", "kiwi", "Knuth")  # KIWI is a fruit: not twice
    assert sorted(whole) == sorted(set(load_words("fruits")) | {"KNUTH"})


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--theme", "plants"], "--theme plants: there is no such list; the lists are english, animals, everyday"),
        (["--theme", "animals", "--random", "41"], "--random 41: the animals list has only 40 words"),
        (["--theme", "animals", "--random", "40", "ZEBRA"], "only 39 words besides the words given"),
        (["--theme", "everyday"], "--theme everyday has 644 words, too many for one puzzle: add --random N"),
        (["--random", "0"], "argument --random: expected a positive number, got 0"),
        ([], "give some words on the command line, or with --words-file, --theme or --random"),
        (["--format", "json", "--output", "p.txt", "ABEL"], "--format json and --output p.txt disagree"),
        (["--output", "p.doc", "ABEL"], "--output p.doc: the file name must end in .txt, .json, .png or .pdf"),
        (["--key", "k", "ABEL"], "--key k: the file name must end in .txt, .json, .png or .pdf"),
    ],
)
def test_make_refuses_bad_word_sources_and_outputs_in_one_line(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "make", "--size", "12", *argv)
    assert status == 2 and out == [] and len(err) == 1 and message in err[0], err
    assert list(tmp_path.iterdir()) == []


def test_make_never_replaces_a_json_file_without_force(capsys, tmp_path):
    page = tmp_path / "p.json"
    page.write_text("mine")
    status, _, err = run(capsys, "make", "--size", "6", "--output", str(page), "ABEL")
    assert status == 2 and "exists already: choose another file, or add --force" in err[0]
    assert page.read_text() == "mine"
    assert run(capsys, "make", "--size", "6", "--seed", "1", "--output", str(page), "--force", "ABEL")[0] == 0
    assert __import__("json").loads(page.read_text())["words"] == ["ABEL"]
    key = tmp_path / "k.txt"
    assert run(capsys, "make", "--size", "6", "--seed", "1", "--key", str(key), "ABEL")[0] == 0
    assert "ABEL" in "".join(key.read_text().split()).replace(".", "") or "LEBA" in key.read_text()


def test_pictures_without_matplotlib_name_matplotlib_alone(tmp_path):
    """The error names matplotlib, not the notebooks' extra (JupyterLab and the rest, some 600 MB)."""
    block = (
        "import importlib.abc, sys\n"
        "class Missing(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.partition('.')[0] == 'matplotlib':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Missing())\n"
        "from wordcover.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    target = tmp_path / "p.png"
    done = subprocess.run(
        [sys.executable, "-c", block, "make", "--size", "6", "--seed", "1", "--output", str(target), "ABEL"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"wordcover: error: --output {target}: PNG and PDF pages need matplotlib (pip install 'matplotlib'); "
        "write a .txt or .json file\n"
    )
    readme = (pathlib.Path(__file__).resolve().parent.parent / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `pip install '.[notebooks]'`"))
    assert "PNG" not in row and "`pip install matplotlib`" in readme


def _parsers():
    """build_parser's parser and each command's, by name."""
    import argparse

    from wordcover.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    return {"wordcover": parser, **commands}


def test_every_command_has_an_example_and_every_option_its_help():
    import argparse

    parsers = _parsers()
    assert sorted(parsers) == ["count", "dlx", "find", "make", "rectangle", "show", "squares", "wordcover"]
    for name, parser in parsers.items():
        examples = [line for line in (parser.epilog or "").splitlines() if line.startswith("  wordcover ")]
        assert examples, f"{name} has no example in its epilog"
        assert all(f"\n{line}\n" in parser.format_help() for line in examples), name  # kept as written
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            what = action.option_strings or [action.metavar or action.dest]
            assert action.help and action.help != argparse.SUPPRESS, f"{name} {what[0]} has no help"


@pytest.mark.slow
def test_every_example_in_the_help_runs(capsys, tmp_path, monkeypatch, example_file):
    """Each command's examples, run in order in a fresh folder holding the files they name."""
    import shlex

    for name, parser in _parsers().items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / "words.txt").write_text("abel cantor\ngauss euler\n")
        (folder / "problem.dlx").write_text(example_file("knuth_exact_cover").read_text())
        monkeypatch.chdir(folder)
        for line in parser.epilog.splitlines():
            if line.startswith("  wordcover "):
                status, out, err = run(capsys, *shlex.split(line)[1:])
                assert status == 0 and (out or err[-1].startswith("wrote")), (line, err)


def test_make_without_a_size_says_when_no_square_will_do(capsys):
    # 500 words would need a 45x45 model of 18,270,000 nodes at least (500 x 4 directions x 42 x 45 starts x 5)
    status, out, err = run(capsys, "make", "--random", "500", "--seed", "1")
    assert (
        status == 2
        and out == []
        and err
        == [
            "wordcover: error: no square grid tried from 45x45 held every word (45x45 would make a model of "
            "18,270,000 nodes, more than the 4,000,000 this tool builds); give --size or fewer words"
        ]
    )
    # a message fills the free cells exactly: ABEL GAUSS write 9 letters at most, so 5x5 leaves 16 or more free
    status, out, err = run(capsys, "make", "--message", "hello world", "ABEL", "GAUSS")
    assert status == 2 and err == [
        "wordcover: error: no square grid leaves exactly the message's 10 letters free around these words: give --size"
    ]
    status, out, err = run(
        capsys, "make", "--message", "wordcover puzzles", "--seed", "1", "--format", "json", "ABEL", "GAUSS"
    )
    assert status == 0 and err[0].startswith("wordcover: size 5x5, ")
    doc = __import__("json").loads("\n".join(out))
    free = "".join(
        g for grid_row, key_row in zip(doc["grid"], doc["key"]) for g, k in zip(grid_row, key_row) if k == "."
    )
    assert free == "WORDCOVERPUZZLES"  # the message, in reading order, in the cells no word uses


def test_the_clique_count_moves_a_bar_to_its_total(capsys, monkeypatch):
    pytest.importorskip("numpy")
    import contextlib

    import wordcover.cli as cli

    bars = []

    @contextlib.contextmanager
    def recording(desc="counting", unit="solutions", total=None):
        heard = []
        bars.append((desc, unit, total, heard))
        yield lambda n, *_: heard.append(n)

    monkeypatch.setattr(cli, "bar", recording)
    status, out, _ = run(capsys, "count", "--size", "6x6", "ABEL", "CANTOR", "GAUSS", "EULER")
    assert status == 0 and out[-1] == "244792" and out[-2].startswith("counted as cliques")
    # 6 pairs of words in one block of rows each, then one step per placement of CANTOR (28 of them)
    assert [(desc, unit, total) for desc, unit, total, _ in bars] == [("cliques", "steps", 34)]
    assert bars[0][3] == list(range(1, 35))


@pytest.mark.slow
def test_count_says_why_it_enumerates_when_that_is_estimated_faster(capsys, monkeypatch):
    pytest.importorskip("numpy")
    import wordcover.word_search as word_search

    monkeypatch.setattr(word_search, "SECONDS_PER_LOOP", 1.0)  # a machine where the clique count's loop crawls
    status, out, _ = run(capsys, "count", "--size", "5x5", "--directions", "orthogonal", "AB", "BA", "AA", "BB")
    assert status == 0
    why, how = out[-4].split("; ")
    assert why.startswith("enumerating is estimated to take about ") and why.endswith(" for the clique count")
    assert how.startswith("enumerated by the ") and how.endswith(" engine, the best installed (--engine picks another)")
    assert out[-1] == str(count_placements(["AB", "BA", "AA", "BB"], 5, 5, ["E", "W", "S", "N"]))


def test_an_impossible_make_of_100000_words_names_a_few_and_the_count(capsys, tmp_path):
    import itertools
    import string

    letters = ("".join(t) for t in itertools.product(string.ascii_uppercase, repeat=4))
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(itertools.islice(letters, 100_000)) + "\n")
    status, out, err = run(capsys, "make", "--size", "5", "--seed", "1", "--words-file", str(listing))
    assert status == 2 and out == [] and len(err) == 1
    assert err[0] == (
        "wordcover: error: AAAA AAAB AAAC AAAD AAAE AAAF AAAG AAAH and 99,992 more (100,000 words) in a 5x5 grid "
        "would make an exact cover model of 14,000,000 nodes, more than the 4,000,000 this tool builds: choose a "
        "smaller grid or fewer directions"
    )
