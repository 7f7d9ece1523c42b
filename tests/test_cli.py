"""The command line: answers on standard output, the bare count last, one-line errors with status 2."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

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
            "--method cliques counts without an engine, so --engine has no effect",
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
            "--output /nonexistent/p.txt: cannot write it (there is no folder /nonexistent)",
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
