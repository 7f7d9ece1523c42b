"""The notebook tools under Ctrl-C and SIGTERM: one line, status 130 or 143, and no kernel left running."""

from __future__ import annotations

import contextlib
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.skipif(not pathlib.Path("/proc/self/task").exists(), reason="reads /proc (Linux)"),
    pytest.mark.slow,
]


def children(pid: int) -> list[int]:
    """Every child of a process, whichever of its threads started it (a kernel is started from a thread)."""
    kids = []
    for task in pathlib.Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            kids += [int(x) for x in (task / "children").read_text().split()]
    return kids


def alive(pid: int) -> bool:
    try:
        return pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize(
    ("stop", "status", "line"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_export_stopped_while_its_kernel_runs_says_one_line_and_leaves_no_kernel(stop, status, line, tmp_path):
    command = [sys.executable, "notebooks/tools/export.py", "--out", str(tmp_path), "03_exact_cover"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 90
    while not (kernels := children(proc.pid)) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    assert kernels, "no kernel started"
    time.sleep(1)  # the kernel is running the notebook's cells
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=60)
    lines = [text for text in err.decode().splitlines() if "[IPKernelApp]" not in text]  # the kernel's own notice
    assert proc.returncode == status and lines == [f"export: {line}"]
    time.sleep(0.5)
    assert not [k for k in kernels if alive(k)]
    assert not (tmp_path / "03_exact_cover.html").exists()  # no page from a stopped run


def test_a_signal_while_the_tool_loads_stops_it_before_it_starts(tmp_path):
    """Ctrl-C in the first second (the imports): noted, and the tool stops as soon as it could start, not after
    doing the whole job as if nothing had been asked."""
    command = [sys.executable, "notebooks/tools/export.py", "--out", str(tmp_path), "03_exact_cover"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(0.3)
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode in (130, -signal.SIGINT) and not list(tmp_path.iterdir())  # -2: before `stopping` loaded
    if proc.returncode == 130:
        assert err.decode() == "export: interrupted\n" and out == b""
