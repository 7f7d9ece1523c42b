"""The learner's first hour: the README's first command opens a copy, and running and saving it changes nothing
that git tracks."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import my_copy
import nbformat
import pytest
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
@pytest.mark.slow
def test_running_and_saving_the_learners_copy_leaves_the_committed_notebooks_alone(tmp_path):
    readme = (ROOT / "README.md").read_text()
    assert "python notebooks/tools/my_copy.py && jupyter lab my-notebooks/" in readme.split("## Quick start", 1)[1]
    assert my_copy.DEFAULT == ROOT / "my-notebooks"
    ignored = subprocess.run(["git", "check-ignore", "-q", "my-notebooks/01_find_words.ipynb"], cwd=ROOT)
    assert ignored.returncode == 0  # git status will not list the copy, whatever the learner does to it
    before = {p.name: p.read_bytes() for p in NOTEBOOKS.glob("*.ipynb")}
    dest = tmp_path / "my-notebooks"
    my_copy.make_copy(dest)
    path = dest / "01_find_words.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(dest)}}).execute()  # Run All
    nbformat.write(nb, path)  # and save
    assert any(c.get("outputs") for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
    assert {p.name: p.read_bytes() for p in NOTEBOOKS.glob("*.ipynb")} == before
