"""notebooks/lessons/: what the notebooks' own cells call to show something. Each module serves a notebook that
imports it, each function says in its docstring what it shows and is run by a test, and no lesson hands out an
exercise's answer (nothing in lessons/ imports an answer module of solutions/)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import re

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
TESTS = pathlib.Path(__file__).resolve().parent
ANSWERS = {p.stem for p in (NOTEBOOKS / "solutions").glob("*.py")} - {"__init__"}  # one answer module a notebook


def _modules() -> list[str]:
    return sorted(p.stem for p in (NOTEBOOKS / "lessons").glob("*.py") if p.stem != "__init__")


def test_every_lesson_says_what_it_shows_and_is_run_by_a_test():
    tested = "\n".join(p.read_text() for p in TESTS.glob("test_*.py") if p.name != "test_lessons.py")
    for name in _modules():
        module = importlib.import_module(f"lessons.{name}")
        assert module.__doc__, name
        for fname, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ != module.__name__ or fname.startswith("_"):
                continue
            assert function.__doc__, f"lessons.{name}.{fname} says nothing"
            assert re.search(rf"\b{fname}\(", tested), f"no test runs lessons.{name}.{fname}"


def test_every_lesson_module_serves_a_notebook_and_imports_no_answer():
    code = "\n".join(
        cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for path in NOTEBOOKS.glob("*.ipynb")
        for cell in __import__("json").loads(path.read_text())["cells"]
        if cell["cell_type"] == "code"
    )
    for name in _modules():
        assert re.search(rf"\blessons(\.{name}\b| import [^\n]*\b{name}\b)", code), (
            f"no notebook imports lessons.{name}"
        )
        tree = ast.parse((NOTEBOOKS / "lessons" / f"{name}.py").read_text())
        for node in ast.walk(tree):  # the package's shared helpers (record, check) are fine; an answer module is not
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("solutions."), f"lessons.{name} imports {node.module}"
                if node.module == "solutions":
                    taken = {a.name for a in node.names} & ANSWERS
                    assert not taken, f"lessons.{name} imports the answers of solutions.{taken}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("solutions.") for a in node.names), f"lessons.{name}"
