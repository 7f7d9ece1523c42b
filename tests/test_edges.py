"""The smaller edges: a negative size, a full disk, a grid with a byte-order mark, wrong types from Python."""

from __future__ import annotations

import errno
import os
import pathlib
import subprocess
import sys

import pytest

from wordcover import Problem, WordError, WordSearch, parse_dlx
from wordcover.cli import main
from wordcover.errors import DlxFormatError, ProblemError, file_trouble
from wordcover.finder import read_grid
from wordcover.generator import make_puzzle
from wordcover.rectangles import WordRectangle
from wordcover.squares import SquareSearch

DEVICES = ("/dev/full", "/dev/zero", "/dev/urandom")


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


def test_show_takes_any_spelling_of_a_whole_number_0_or_more(capsys):
    assert main(["dlx", "--example", "knuth_exact_cover", "--engine", "x", "--show", "00"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1"  # no solution printed, the count
    assert main(["dlx", "--example", "knuth_exact_cover", "--engine", "x", "--show", "-1"]) == 2
    assert "expected a number 0 or more, got -1" in capsys.readouterr().err


def test_find_says_a_missing_word_with_its_status_as_grep_does(tmp_path, capsys):
    grid = tmp_path / "grid.txt"
    grid.write_text("ABEL\nXXXX\n")
    assert main(["find", str(grid), "ABEL"]) == 0
    assert main(["find", str(grid), "ABEL", "GAUSS"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "not found: GAUSS"


def test_dlx_at_a_terminal_says_that_it_reads_standard_input():
    import os
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordcover", "dlx", "--engine", "x"], stdin=follower, stderr=subprocess.PIPE
    )
    os.write(leader, b"A\nA\n\x04")  # a problem, then Ctrl-D
    _, err = proc.communicate(timeout=60)
    os.close(leader)
    os.close(follower)
    assert err.decode().splitlines()[0] == "wordcover: reading a DLX problem from standard input (end it with Ctrl-D)"
    assert proc.returncode == 0


def test_a_limit_past_int64_is_no_limit_for_the_fast_engine():
    pytest.importorskip("numba")
    from wordcover import examples, make_engine

    problem = examples.load("knuth_exact_cover").problem
    assert make_engine(problem, "fast").count(limit=2**64) == 1
    expected = list(make_engine(problem, "x").solutions())
    assert list(make_engine(problem, "fast").solutions(limit=2**70, node_limit=2**80)) == expected


def test_a_file_that_cannot_be_read_or_written_is_worded_the_same_way(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("ABEL\n")
    (tmp_path / "shelf.txt").mkdir()
    wanted = {
        "missing.txt": "there is no such file",
        "gone/deeper/p.txt": f"there is no folder {tmp_path / 'gone'}",
        "notes.txt/p.txt": f"{tmp_path / 'notes.txt'} is a file, not a folder",
        "shelf.txt": "that is a folder, not a file",
    }
    for name, why in wanted.items():
        path = str(tmp_path / name)
        assert main(["make", "--size", "6x6", "--words-file", path]) == 2
        assert capsys.readouterr().err == f"wordcover: error: --words-file {path}: {why}\n"
        if name != "missing.txt":  # a missing file is written, not refused
            assert main(["make", "--size", "6x6", "--output", path, "--force", "ABEL"]) == 2
            assert capsys.readouterr().err == f"wordcover: error: --output {path}: {why}\n"


@pytest.mark.parametrize(
    "err, doing, why",
    [
        (PermissionError(errno.EACCES, "Permission denied"), "read", "you do not have permission to read it"),
        (PermissionError(errno.EACCES, "Permission denied"), "write", "you do not have permission to write it"),
        (OSError(errno.ENOSPC, "No space left on device"), "write", "cannot write it (No space left on device)"),
        (OSError(errno.EIO, "Input/output error"), "read", "cannot read it (Input/output error)"),
    ],
)
def test_the_rest_of_the_file_errors_in_words(tmp_path, err, doing, why):
    assert file_trouble(err, tmp_path / "p.txt", doing) == why  # root reads and writes anything: made by hand


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: WordSearch(4, 4, 5), "the word list must be a list of words, not 5"),
        (lambda: make_puzzle(6, 6, None), "the word list must be a list of words, not None"),
        (lambda: WordRectangle(2, 2, 5), "the across words must be a list of words, not 5"),
        (lambda: SquareSearch(3, 5), "the word list must be a list of words, not 5"),
    ],
)
def test_a_word_list_that_is_not_a_list_is_a_word_error(call, message):
    with pytest.raises(WordError) as raised:
        call()
    assert str(raised.value) == message


def test_a_grid_that_is_not_a_list_of_rows_is_a_wordcover_error():
    from wordcover.errors import PuzzleError
    from wordcover.finder import find_words

    for grid in (5, None):
        with pytest.raises(PuzzleError, match=f"a grid must be a list of rows of letters .*, not {grid}"):
            find_words(grid, ["AB"])


def _wordcover_in_1_gib(argv, stdin=None):
    """``python -m wordcover ARGV`` in 1 GiB of address space and 60 s: an endless read fails, not the machine."""
    import resource

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run(
        [sys.executable, "-m", "wordcover", *argv], stdin=stdin, capture_output=True, timeout=60, preexec_fn=cap
    )


@pytest.mark.skipif(not all(map(os.path.exists, DEVICES)), reason="needs /dev/full, /dev/zero and /dev/urandom")
@pytest.mark.parametrize(
    "argv, what",
    [
        (["dlx", "--engine", "sticker", "/dev/full"], "DLX file /dev/full"),
        (["find", "/dev/zero", "ABC"], "GRIDFILE /dev/zero"),
        (["make", "--size", "8", "--seed", "1", "--words-file", "/dev/urandom"], "--words-file /dev/urandom"),
    ],
)
def test_a_device_is_refused_in_one_line_before_it_is_read(argv, what):
    done = _wordcover_in_1_gib(argv)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == f"wordcover: error: {what}: that is a device, not a file\n"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_standard_input_is_read_up_to_the_bound_and_no_further():
    from wordcover.errors import MAX_READ

    with open("/dev/zero", "rb") as zeros:
        done = _wordcover_in_1_gib(["dlx", "--engine", "sticker"], stdin=zeros)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == (
        f"wordcover: error: standard input: more than the {MAX_READ // 2**20} MiB that wordcover reads\n"
    )


def test_a_file_past_the_bound_is_refused_as_standard_input_is(tmp_path, monkeypatch, capsys):
    import io

    from wordcover import errors

    monkeypatch.setattr(errors, "MAX_READ", 2**20)  # 1 MiB, so that the test writes little
    path = tmp_path / "big.dlx"
    path.write_bytes(b"A\nA\n" + b"| a comment\n" * 100_000)  # 1.1 MB
    assert main(["dlx", "--engine", "sticker", str(path)]) == 2
    assert capsys.readouterr().err == f"wordcover: error: DLX file {path}: more than the 1 MiB that wordcover reads\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    assert main(["dlx", "--engine", "sticker"]) == 2
    assert capsys.readouterr().err == "wordcover: error: standard input: more than the 1 MiB that wordcover reads\n"
    path.write_bytes(b"A\nA\n" + b"| a comment\n" * 80_000)  # 0.9 MB: read
    assert main(["dlx", "--engine", "sticker", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1"
