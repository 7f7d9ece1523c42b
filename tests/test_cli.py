"""The command line: answers on standard output, the bare count last, one-line errors with status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from wordcover.cli import main
from conftest import DATA


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
        status, out, err = run(capsys, "count", "--size", "4x4", "--directions", "E,W,S,N", "--share",
                               "--engine", engine, "ABEL", "LAND")
        assert status == 0
        assert out[-1] == str(shared)
        assert f"{total} solutions in all; {shared} in which every word shares a cell with another" in out
        assert (engine == "naive") == any("double-purify bug" in line for line in err)


def test_show_prints_grids(capsys):
    status, out, _ = run(capsys, "show", "--size", "4x4", "--directions", "orthogonal", "--share", "--limit", "2",
                         "abel", "land")
    assert status == 0
    assert out[:5] == ["solution 1: ABEL at (0,0) E; LAND at (0,3) S", "ABEL", "...A", "...N", "...D"]
    assert out[6].startswith("solution 2: ")


def test_dlx_reads_knuths_files(capsys):
    status, out, err = run(capsys, "dlx", str(DATA / "knuth_tiny_colours.dlx"), "--show", "1")
    assert status == 0
    assert out[:3] == ["solution 1:", "  A C X:1 Y:1", "  B X:1"]
    assert out[-1] == "1"
    assert err == [f"wordcover: {DATA / 'knuth_tiny_colours.dlx'}: line 5: option ignored (no primary items): X:0 Y:1"]


def test_dlx_limit(capsys):
    status, out, _ = run(capsys, "dlx", str(DATA / "knuth_exact_cover.dlx"), "--engine", "x", "--limit", "1")
    assert status == 0 and out[-1] == "1"


@pytest.mark.parametrize("argv, message", [
    (["count", "--size", "0x4", "AB"], "grid size must be positive"),
    (["count", "--size", "4x4", "AB1"], "word 'AB1' contains '1'"),
    (["count", "--size", "3x3", "ABEL"], "fits nowhere"),
    (["count", "--size", "4x4", "--engine", "quick", "AB"], "invalid choice: 'quick'"),
    (["count", "AB"], "the following arguments are required: --size"),
    (["dlx", "no-such-file.dlx"], "No such file or directory"),
    (["dlx", str(DATA / "colour_pair.dlx"), "--engine", "x"], "Algorithm X takes no colours"),
    (["dlx", str(DATA / "knuth_exact_cover.dlx"), "--limit", "0"], "expected a positive number"),
    ([], "required: COMMAND"),
])
def test_errors_are_one_line_with_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert len(err) == 1 and err[0].startswith("wordcover: error: ") and message in err[0]


def test_malformed_dlx_on_standard_input_names_the_line():
    done = subprocess.run([sys.executable, "-m", "wordcover", "dlx", "-"], input="A B | X\nA B\nA Q\n",
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == "wordcover: error: standard input: line 3: unknown item name 'Q'\n"
    assert "Traceback" not in done.stderr


def test_python_dash_m_and_the_console_script_agree():
    args = ["count", "--size", "4x4", "--directions", "orthogonal", "ABEL", "LAND"]
    a = subprocess.run([sys.executable, "-m", "wordcover", *args], capture_output=True, text=True)
    script = subprocess.run(["wordcover", *args], capture_output=True, text=True)
    assert a.returncode == script.returncode == 0
    assert a.stdout == script.stdout and a.stdout.splitlines()[-1] == "112"
