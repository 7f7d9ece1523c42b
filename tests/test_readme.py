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
@pytest.mark.slow
def test_console_example(block):
    command, *expected = block.rstrip("\n").splitlines()
    assert command.startswith("$ wordcover ")
    argv = [sys.executable, "-m", "wordcover", *shlex.split(command[len("$ wordcover ") :])]
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


def test_quick_start():
    section = README.split("## Quick start", 1)[1]
    commands = section.split("```")[1].strip().splitlines()
    assert commands == [
        "python -m pip install -r requirements.txt && python notebooks/tools/my_copy.py && jupyter lab my-notebooks/",
        "python -m pip install -r requirements-dev.txt && python -m pytest",
    ]
    assert (ROOT / "notebooks" / "00_index.ipynb").exists()
    claim = re.search(r"`wordcover (count [^`]*)` prints (\d+)", section)
    done = subprocess.run(
        [sys.executable, "-m", "wordcover", *claim.group(1).split()[:]], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == claim.group(2)


def test_the_notebook_table_and_index_follow_the_series_list():
    sys.path.insert(0, str(ROOT / "notebooks"))
    try:
        import series
    finally:
        sys.path.pop(0)
    assert series.readme_with_table(README) == README
    for k, (name, *_rest) in enumerate(series.SERIES):
        cells = __import__("nbformat").read(ROOT / "notebooks" / name, as_version=4).cells
        assert cells[0].source == cells[-1].source == series.nav_markdown(k), name
    index = __import__("nbformat").read(ROOT / "notebooks" / "00_index.ipynb", as_version=4)
    assert [c.source for c in index.cells[1:-1]] == [c.source for c in series.index_notebook().cells]


def test_every_notebook_is_valid_nbformat_4_5():
    """JupyterLab opens them unmodified: valid 4.5 files, every cell with its own id."""
    nbformat = __import__("nbformat")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        assert (nb.nbformat, nb.nbformat_minor) == (4, 5), path.name
        assert len({c.id for c in nb.cells}) == len(nb.cells), path.name


def test_execute_keeps_tags_and_slides():
    sys.path.insert(0, str(ROOT / "notebooks"))
    try:
        import execute
    finally:
        sys.path.pop(0)
    nbformat = __import__("nbformat")
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell("1", metadata={"tags": ["x"], "slideshow": {"slide_type": "slide"}, "jp": 1}),
            nbformat.v4.new_markdown_cell("a"),
        ]
    )
    nb.nbformat_minor = 4
    for cell in nb.cells:
        cell.pop("id", None)
    execute.clean(nb)
    nbformat.validate(nb)
    assert nb.cells[0].metadata == {"tags": ["x"], "slideshow": {"slide_type": "slide"}}
    first = [c.id for c in nb.cells]
    execute.clean(nb)
    assert [c.id for c in nb.cells] == first  # ids do not change from run to run
    # a line printed in two pieces by a busy kernel comes out as one stream output, one line on a static page
    cell = nb.cells[0]
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=t) for t in ("112", " solutions\n")]
    execute.clean(nb)
    assert [(o.name, o.text) for o in cell.outputs] == [("stdout", "112 solutions\n")]
