"""A parallel count under faults: Ctrl-C stops it at once with nothing left running, a lost worker is one line."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from wordcover.errors import ProblemError
from wordcover.parallel import count_parallel, map_pieces

LONG = [sys.executable, "-m", "wordcover", "count", "--size", "8x8", "--jobs", "2", "--engine", "sticker",
        "ABEL", "CANTOR", "GAUSS", "EULER"]  # fmt: skip  # minutes of work in pure Python


def children(pid: int) -> list[int]:
    path = pathlib.Path(f"/proc/{pid}/task/{pid}/children")
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def running(pid: int) -> bool:
    stat = pathlib.Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def start_with_two_workers() -> tuple[subprocess.Popen, list[int]]:
    proc = subprocess.Popen(LONG, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while len(kids := children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1)  # both workers busy on their pieces
    assert len(kids) >= 2, "the workers did not start"
    return proc, kids


pytestmark = pytest.mark.skipif(not pathlib.Path("/proc/self/task").exists(), reason="reads /proc (Linux)")


def test_ctrl_c_stops_a_parallel_count_at_once_and_leaves_no_process():
    proc, kids = start_with_two_workers()
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C at a terminal sends: the whole process group
    start = time.monotonic()
    _, err = proc.communicate(timeout=30)
    waited = time.monotonic() - start
    assert proc.returncode == 130 and err.decode() == "wordcover: interrupted\n"
    assert waited < 2, f"took {waited:.1f} s"
    time.sleep(0.3)
    assert not [k for k in kids if running(k)]


def test_a_second_ctrl_c_while_it_stops_changes_nothing():
    """Two Ctrl-C a few milliseconds apart: still one line, status 130, no traceback and no process left."""
    for _ in range(2):
        proc, kids = start_with_two_workers()
        os.kill(proc.pid, signal.SIGINT)
        time.sleep(0.005)  # the second arrives while the workers are being stopped
        os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 130 and err.decode() == "wordcover: interrupted\n"
        time.sleep(0.3)
        assert not [k for k in kids if running(k)]


def test_a_killed_worker_ends_the_count_with_one_line_and_status_2():
    proc, kids = start_with_two_workers()
    os.kill(kids[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    lines = err.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordcover: error: a worker process ended unexpectedly")
    time.sleep(0.3)
    assert not [k for k in kids if running(k)]


def test_never_more_processes_than_pieces(monkeypatch):
    import concurrent.futures

    asked = []
    real = concurrent.futures.ProcessPoolExecutor

    def recording(max_workers=None, **kwargs):
        asked.append(max_workers)
        return real(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", recording)
    assert sorted(map_pieces(abs, [-1, -2], jobs=256)) == [1, 2]
    assert asked == [2]


@pytest.mark.parametrize(("keyword", "value"), [("jobs", -1), ("jobs", 0), ("pieces", 0), ("pieces", 2.5)])
def test_jobs_and_pieces_must_be_positive_and_the_error_names_the_one_at_fault(keyword, value, abel_land):
    problem = abel_land.problem
    with pytest.raises(ProblemError, match=f"^{keyword} must be a positive whole number, got {value!r}$"):
        count_parallel(problem, "sticker", **{keyword: value})
