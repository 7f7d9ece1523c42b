"""The smaller edges: a negative size, a full disk, a grid with a byte-order mark, wrong types from Python."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from wordcover import Problem, parse_dlx
from wordcover.cli import main
from wordcover.errors import DlxFormatError, ProblemError
from wordcover.finder import read_grid


def test_a_negative_size_is_named_as_a_size(capsys):
    assert main(["count", "--size", "-1x5", "AB"]) == 2
    assert capsys.readouterr().err == "wordcover: error: grid size must be positive, got -1x5\n"


@pytest.mark.skipif(not pathlib.Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "wordcover", "count", "--size", "4x4", "AB"], stdout=full, stderr=subprocess.PIPE
        )
    assert done.returncode == 1
    assert done.stderr.decode() == "wordcover: error: cannot write the output: No space left on device\n"


def test_a_grid_file_with_a_byte_order_mark_and_blank_lines_around_it(tmp_path):
    path = tmp_path / "grid.txt"
    path.write_bytes(b"\xef\xbb\xbf\n\nABC\nDEF\n\n")
    assert read_grid(str(path)) == ("ABC", "DEF")


def test_wrong_types_from_python_are_wordcover_errors_that_say_what_was_wanted():
    with pytest.raises(ProblemError, match=r"option 0 is 5: an option is a list of items"):
        Problem(["A"], [], [5])
    with pytest.raises(DlxFormatError, match="parse_dlx reads text, not bytes"):
        parse_dlx(b"A B\nA B\n")
