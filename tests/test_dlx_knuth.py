"""Knuth's format read as DLX2 reads it: lines end only at a newline, blanks are C's, colours may be | or :."""

from __future__ import annotations

import os
import subprocess
import sys

from oracles import brute_force
from wordcover import format_dlx, make_engine, parse_dlx


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
