"""A file that cannot be written whole is not written at all: the old one stays, byte for byte, and nothing is left."""

from __future__ import annotations

import errno
import os
import subprocess

import pytest

from wordcover import Problem, write_dlx
from wordcover.cli import main

OLD = bytes(range(256)) * 32  # 8 KiB that no puzzle starts with
MAKE = ["make", "--size", "100", "--seed", "1", "--force", "ABEL", "CANTOR", "GAUSS", "EULER"]  # about 10 KB of text
PICTURE = [*MAKE[:2], "15", *MAKE[3:]]  # a PNG page of 15 x 15 is 96 KB, a PDF 15 KB: drawn in a second, not eight


@pytest.fixture
def full_disk(tmp_path):
    """A 64 KiB filesystem (tmpfs, mounted as root) holding only ``old.*`` files of OLD and a filler that fills it."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=True)  # lazy: a file left open must not keep it


def _fill(disk):
    """Fill what is left of the disk."""
    with open(disk / "filler", "wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 1024)
        except OSError as err:
            assert err.errno == errno.ENOSPC


TARGETS = [("--output", "old.txt"), ("--output", "old.json"), ("--output", "old.pdf"), ("--output", "old.png")]


@pytest.mark.parametrize("option, name", [*TARGETS, ("--key", "old.txt"), ("--key", "old.pdf")])
def test_make_on_a_full_disk_leaves_the_old_file_as_it_was_and_nothing_else(full_disk, tmp_path, capsys, option, name):
    picture = name.endswith((".pdf", ".png"))
    if picture:
        pytest.importorskip("matplotlib")
    old = full_disk / name
    old.write_bytes(OLD)
    _fill(full_disk)
    before = sorted(os.listdir(full_disk))
    puzzle = [] if option == "--output" else ["--output", str(tmp_path / "puzzle.txt")]  # written: room elsewhere
    assert main([*(PICTURE if picture else MAKE), *puzzle, option, str(old)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"wordcover: error: {option} {old}: cannot write it (No space left on device)"
    assert old.read_bytes() == OLD
    assert sorted(os.listdir(full_disk)) == before  # no temporary file left


def test_a_write_stopped_by_ctrl_c_or_a_full_disk_leaves_the_old_file(tmp_path, monkeypatch, capsys):
    old = tmp_path / "p.txt"
    old.write_bytes(OLD)

    def stop(_descriptor):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", stop)  # the text written, not yet on the disk
    assert main([*MAKE, "--output", str(old)]) == 130
    assert old.read_bytes() == OLD and os.listdir(tmp_path) == ["p.txt"]

    def full(_descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    assert main([*MAKE, "--output", str(old)]) == 2
    assert capsys.readouterr().err.endswith(f"--output {old}: cannot write it (No space left on device)\n")
    assert old.read_bytes() == OLD and os.listdir(tmp_path) == ["p.txt"]
    from wordcover.atomic_file import replacing

    with pytest.raises(OSError), replacing(old) as handle:
        handle.write("half")
    with pytest.raises(OSError):
        write_dlx(Problem(["A"], [], [["A"]]), str(old))
    assert old.read_bytes() == OLD and os.listdir(tmp_path) == ["p.txt"]


def test_a_file_written_whole_keeps_its_mode_and_the_link_to_it(tmp_path):
    from wordcover.atomic_file import write_file

    old = tmp_path / "p.txt"
    old.write_text("old")
    old.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(old)
    write_file(link, "new\n")
    assert link.is_symlink() and old.read_text() == "new\n" and old.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "fresh.bin"
    write_file(fresh, b"\x00\x01")
    assert fresh.read_bytes() == b"\x00\x01" and fresh.stat().st_mode & 0o777 == 0o666 & ~_umask()
    assert sorted(os.listdir(tmp_path)) == ["fresh.bin", "link.txt", "p.txt"]
    with pytest.raises(IsADirectoryError):
        write_file(tmp_path, "a folder is not replaced")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
