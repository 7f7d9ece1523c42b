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


SQUARES = [sys.executable, "-m", "wordcover", "squares", "--order", "6", "--count", "--jobs", "2"]  # 40 s, compiled


def ignores_sigint(pid: int) -> bool:
    """True once a worker has run its initializer (SIGINT in its ignored set), so a Ctrl-C now is the parent's."""
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    ignored = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
    return bool(ignored & (1 << (signal.SIGINT - 1)))


def start_with_two_workers(command: list[str] = LONG) -> tuple[subprocess.Popen, list[int]]:
    """The command started in its own process group, returned once two workers are ready and busy.

    Ready means each has set its signals (read from /proc, not guessed by a sleep), so the test holds on a slow
    machine: a signal sent before a worker's initializer ran would test Python's start-up, not ours.
    """
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    kids: list[int] = []
    while time.monotonic() < deadline:
        kids = children(proc.pid)
        if len(kids) >= 2 and all(ignores_sigint(k) for k in kids):
            break
        time.sleep(0.1)
    assert len(kids) >= 2 and all(ignores_sigint(k) for k in kids), "the workers did not start"
    time.sleep(0.5)  # both workers busy on their pieces
    return proc, kids


def finish(proc: subprocess.Popen) -> tuple[bytes, bytes]:
    """The command's output once it ends; if it is still running after 30 s, its group is killed and the test fails."""
    try:
        return proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # leave nothing running for the tests after this one
        proc.communicate()
        raise


def group_left(pgid: int) -> list[int]:
    """Processes of a process group still alive (zombies apart): what a command must not leave behind."""
    left = []
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            left.append(int(stat.parent.name))
    return left


pytestmark = pytest.mark.skipif(not pathlib.Path("/proc/self/task").exists(), reason="reads /proc (Linux)")


def test_ctrl_c_stops_a_parallel_count_at_once_and_leaves_no_process():
    proc, kids = start_with_two_workers()
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C at a terminal sends: the whole process group
    start = time.monotonic()
    _, err = finish(proc)
    waited = time.monotonic() - start
    assert proc.returncode == 130 and err.decode() == "wordcover: interrupted\n"
    assert waited < 5, f"took {waited:.1f} s"  # at once: the workers are stopped, not waited for
    time.sleep(0.3)
    assert not [k for k in kids if running(k)] and not group_left(proc.pid)


@pytest.mark.parametrize("command", [LONG, SQUARES], ids=["count", "squares"])
@pytest.mark.slow
def test_sigterm_stops_the_workers_and_exits_143_with_one_line(command):
    """`kill PID` (SIGTERM to the parent alone, as kill, timeout and CI runners send it): the workers are stopped,
    the status is 143 (128 + 15) and standard error has one line; no process of the group is left."""
    proc, kids = start_with_two_workers(command)
    os.kill(proc.pid, signal.SIGTERM)
    start = time.monotonic()
    _, err = finish(proc)
    waited = time.monotonic() - start
    assert proc.returncode == 143 and err.decode() == "wordcover: terminated\n"
    assert waited < 5, f"took {waited:.1f} s"
    time.sleep(0.3)
    assert not [k for k in kids if running(k)] and not group_left(proc.pid)


@pytest.mark.slow
def test_ctrl_c_on_squares_exits_with_one_line_every_time():
    """Ctrl-C on `squares --count --jobs 2`, four times: one line and 130 each time, never the pool's thread
    complaining at exit about a closed pipe ("Exception ignored ... Bad file descriptor")."""
    for _ in range(4):
        proc, _ = start_with_two_workers(SQUARES)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = finish(proc)
        assert proc.returncode == 130 and err.decode() == "wordcover: interrupted\n"
        time.sleep(0.3)
        assert not group_left(proc.pid)


@pytest.mark.slow
def test_a_second_ctrl_c_while_it_stops_changes_nothing():
    """Two Ctrl-C a few milliseconds apart: still one line, status 130, no traceback and no process left."""
    for _ in range(2):
        proc, kids = start_with_two_workers()
        os.kill(proc.pid, signal.SIGINT)
        time.sleep(0.005)  # the second arrives while the workers are being stopped
        os.kill(proc.pid, signal.SIGINT)
        _, err = finish(proc)
        assert proc.returncode == 130 and err.decode() == "wordcover: interrupted\n"
        time.sleep(0.3)
        assert not [k for k in kids if running(k)] and not group_left(proc.pid)


@pytest.mark.slow
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


def test_a_count_waiting_on_an_executor_cancels_what_is_left_when_interrupted(monkeypatch):
    """On any executor (a dask cluster's included), Ctrl-C withdraws the pieces not yet counted, so the cluster
    does not go on counting for nobody."""
    import concurrent.futures

    futures = [concurrent.futures.Future() for _ in range(3)]
    futures[0].set_result(1)

    class Fixed(concurrent.futures.Executor):
        def submit(self, fn, /, *args, **kwargs):
            return pending.pop(0)

    pending = list(futures)

    def interrupted(fs, timeout=None):
        yield fs[0]
        raise KeyboardInterrupt

    monkeypatch.setattr(concurrent.futures, "as_completed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        map_pieces(abs, [-1, -2, -3], jobs=2, executor=Fixed())
    assert [f.cancelled() for f in futures] == [False, True, True]


DASK_SCRIPT = """
import distributed
from wordcover import WordSearch
from wordcover.parallel import count_parallel

if __name__ == "__main__":
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            print("ready", flush=True)
            ws = WordSearch(8, 8, ["ABEL", "CANTOR", "GAUSS", "EULER"])
            print(count_parallel(ws.problem, "sticker", executor=client.get_executor(), pieces=8))
"""


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_dask_path_leaves_no_process_when_stopped(stop, tmp_path):
    """A script counting on a two-worker LocalCluster, stopped by Ctrl-C (to the group) or SIGTERM (to the script):
    within 10 s no process of its group is left, the cluster's workers included."""
    pytest.importorskip("distributed")
    script = tmp_path / "count_on_dask.py"
    script.write_text(DASK_SCRIPT)
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    assert proc.stdout.readline() == b"ready\n"
    time.sleep(2)  # the pieces are on the workers
    assert len(group_left(proc.pid)) >= 3  # the script and its two workers
    if stop == signal.SIGINT:
        os.killpg(proc.pid, stop)
    else:
        os.kill(proc.pid, stop)
    proc.communicate(timeout=60)
    deadline = time.monotonic() + 10
    while group_left(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not group_left(proc.pid)
