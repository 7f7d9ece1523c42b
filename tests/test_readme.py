"""The README's examples are run and their printed output compared, so the docs match the code."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
CONSOLE = re.findall(r"```console\n(.*?)```", README, re.S)


@pytest.mark.parametrize("block", CONSOLE, ids=[b.splitlines()[0][2:40] for b in CONSOLE])
def test_console_example(block):
    command, *expected = block.rstrip("\n").splitlines()
    assert command.startswith("$ wordcover ")
    argv = [sys.executable, "-m", "wordcover", *shlex.split(command[len("$ wordcover "):])]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == expected


def test_python_example():
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    expected = []
    for line in code.splitlines():
        if "print(" in line and "#" in line:
            expected.extend(part.strip() for part in line.split("#", 1)[1].split(" / "))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue().split("\n")[:-1] == expected


def test_quick_start_counts_the_four_names():
    first = README.split("## Quick start", 1)[1].split("```")[1].strip().splitlines()
    assert first[1] == "python -m pytest"
    count = first[0].split("&&", 1)[1].split()
    done = subprocess.run([sys.executable, "-m", "wordcover", *count[1:]], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "244792"
