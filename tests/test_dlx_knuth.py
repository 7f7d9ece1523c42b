"""Knuth's format read as DLX2 reads it: lines end only at a newline, blanks are C's, colours may be | or :."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from oracles import brute_force
from wordcover import format_dlx, make_engine, parse_dlx, read_dlx
from wordcover.cli import main


def options(text):
    return [[str(e) for e in option] for option in parse_dlx(text).problem.options]


def test_a_form_feed_separates_names_inside_a_line_it_does_not_end_the_line():
    # DLX2 reads this with fgets and isspace: the item line A B, then options {A B}, {A}, {B}: 2 solutions
    text = "A B\nA\fB\nA\nB\n"
    problem = parse_dlx(text).problem
    assert options(text) == [["A", "B"], ["A"], ["B"]]
    assert make_engine(problem, "sticker").count() == len(brute_force(problem)) == 2


def test_c_blanks_and_only_c_blanks_separate_names():
    for blank in " \t\v\f\r":
        assert options(f"A B\nA{blank}B\n") == [["A", "B"]], repr(blank)
    assert options("A B\r\nA B\r\n") == [["A", "B"]]  # a CRLF file: the CR is a blank at the end of the line
    for other in ("\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u2028"):  # str.split() would split at these; C does not
        text = f"A B\nA{other}B\n"
        try:
            parsed = options(text)
        except ValueError as err:
            assert "line 2" in str(err)  # refused, with its line, as a name DLX2 would not know either
        else:
            raise AssertionError(f"{other!r} split a name: {parsed}")


def test_a_colour_may_be_a_bar_or_a_colon_as_in_dlx2():
    problem = parse_dlx("A B | X\nA X:|\nB X:|\nB X::\n").problem
    assert options("A B | X\nA X:|\nB X:|\nB X::\n") == [["A", "X:|"], ["B", "X:|"], ["B", "X::"]]
    assert make_engine(problem, "sticker").count() == len(brute_force(problem)) == 1
    assert options(format_dlx(problem)) == options("A B | X\nA X:|\nB X:|\nB X::\n")  # written and read back


def test_bytes_outside_ascii_on_standard_input_are_one_line_whatever_the_locale():
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8")
    done = subprocess.run(
        [sys.executable, "-m", "wordcover", "dlx", "--engine", "sticker", "-"],
        input=b"A | X\nA X:\xe9\n", capture_output=True, env=env,
    )  # fmt: skip
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("wordcover: error: standard input: line 2: colour")


def test_a_lone_carriage_return_reads_as_in_dlx2_from_a_file_and_from_standard_input(tmp_path, monkeypatch, capsys):
    # DLX2 reads lines with fgets, so A<CR>B is one line, the option {A B} (the CR a blank between two names):
    # the options are {A B}, {A}, {B}, and the count is 2 (a reader that ends lines at a CR sees {A}, {B} too: 4)
    data = b"A B\nA\rB\nA\nB\n"
    path = tmp_path / "cr.dlx"
    path.write_bytes(data)
    assert make_engine(parse_dlx(data.decode()).problem, "sticker").count() == 2
    assert make_engine(read_dlx(path).problem, "sticker").count() == 2
    assert main(["dlx", "--engine", "sticker", str(path)]) == 0
    from_file = capsys.readouterr().out.splitlines()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["dlx", "--engine", "sticker"]) == 0
    assert capsys.readouterr().out.splitlines() == from_file and from_file[-1] == "2"


def test_a_byte_outside_ascii_in_a_file_is_named_on_its_line_as_on_standard_input(tmp_path, monkeypatch, capsys):
    data = b"| caf\xe9: DLX2 skips a comment whatever its bytes\nA | X\nA X:\xe9\n"
    path = tmp_path / "e.dlx"
    path.write_bytes(data)
    assert main(["dlx", "--engine", "sticker", str(path)]) == 2
    from_file = capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["dlx", "--engine", "sticker"]) == 2
    from_stdin = capsys.readouterr().err
    assert from_file.startswith(f"wordcover: error: {path}: line 3: colour")
    assert from_file.replace(str(path), "standard input") == from_stdin and from_stdin.count("\n") == 1
