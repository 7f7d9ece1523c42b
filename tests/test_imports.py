"""Every module of wordcover imports on this Python with deprecations as errors.

The imports run in a fresh interpreter started with ``-W error::DeprecationWarning -W
error::PendingDeprecationWarning``, so a module the test process has imported already cannot hide a deprecated
import (``importlib.abc.Traversable`` was deprecated in 3.12 and is gone in 3.14). A module that needs an extra
which is not installed may only say so with the library's ExtraNeeded, raised over the ModuleNotFoundError of one
of the extras' packages; any other error fails. ``tests/py314/`` runs the same imports on Python 3.14.

And the modules import one another one way: no module imports, at its top or inside a function, a module that
imports it back, directly or through others. An import under ``if TYPE_CHECKING:`` is for the type checker only
and does not count.
"""

from __future__ import annotations

import ast
import json
import os
import pathlib
import subprocess
import sys

from wordcover import __version__

LIB = pathlib.Path(__file__).resolve().parent.parent / "lib"
STRICT = [sys.executable, "-W", "error::DeprecationWarning", "-W", "error::PendingDeprecationWarning"]
EXTRA_PACKAGES = {"numpy", "numba", "matplotlib", "ipywidgets", "anywidget", "traitlets"}  # the extras' imports

IMPORT_ALL = """
import importlib, json, pkgutil, sys, traceback, warnings

def walk(folder, prefix):
    for info in pkgutil.iter_modules([folder]):
        yield f"{prefix}.{info.name}"
        if info.ispkg:
            yield from walk(f"{folder}/{info.name}", f"{prefix}.{info.name}")

lib, extras = sys.argv[1], set(sys.argv[2:])
sys.path.insert(0, lib)  # this checkout's wordcover
names = ["wordcover", *sorted(n for n in walk(f"{lib}/wordcover", "wordcover") if not n.endswith(".__main__"))]
imported, skipped, failed = [], {}, {}
for name in names:
    try:
        importlib.import_module(name)
    except Exception as err:
        cause = err.__context__
        errors = sys.modules.get("wordcover.errors")
        if (
            errors is not None and isinstance(err, errors.ExtraNeeded)
            and isinstance(cause, ModuleNotFoundError) and (cause.name or "").split(".")[0] in extras
        ):
            skipped[name] = str(err)
        else:
            failed[name] = "".join(traceback.format_exception(err))
    else:
        imported.append(name)
filters = {}
for kind in (DeprecationWarning, PendingDeprecationWarning):  # still errors after every import
    try:
        warnings.warn("probe", kind)
        filters[kind.__name__] = "shown"
    except kind:
        filters[kind.__name__] = "error"
print(json.dumps({"imported": imported, "skipped": skipped, "failed": failed, "filters": filters}))
"""


def test_every_module_imports_with_deprecations_as_errors():
    argv = [*STRICT, "-c", IMPORT_ALL, str(LIB), *sorted(EXTRA_PACKAGES)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["failed"] == {}, "\n".join(report["failed"].values())
    assert report["filters"] == {"DeprecationWarning": "error", "PendingDeprecationWarning": "error"}
    for core in ("wordcover", "wordcover.cli", "wordcover.engines", "wordcover.wordlists", "wordcover.dancing_links"):
        assert core in report["imported"]
    for name, message in report["skipped"].items():
        assert "pip install 'wordcover[" in message, (name, message)
    assert len(report["imported"]) + len(report["skipped"]) >= 30  # the walk found the package's modules


def test_python_m_wordcover_imports_with_deprecations_as_errors():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(LIB), os.environ.get("PYTHONPATH")]))}
    argv = [*STRICT, "-m", "wordcover", "--version"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"wordcover {__version__}\n", "")


# The one cycle left: analysis reads playback's field names inside its functions, and playback builds its frames on
# analysis. It is listed so that no other cycle can come in; the test fails when it is gone, to take it off.
KNOWN_CYCLES = [["wordcover.analysis", "wordcover.playback"]]


def module_names() -> dict[str, pathlib.Path]:
    """Every module of wordcover by its dotted name (a package by its own name), with its file."""
    names = {}
    for path in sorted((LIB / "wordcover").rglob("*.py")):
        parts = path.relative_to(LIB).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def _type_only(node: ast.AST) -> bool:
    """Whether a statement is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``), whose imports never run."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: pathlib.Path, modules: set[str]) -> set[str]:
    """The modules of wordcover that a module imports anywhere in it (top, functions, classes), not for types only."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        if _type_only(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                source = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            submodules = {f"{source}.{alias.name}" for alias in node.names} & modules
            found.update(submodules)  # from . import examples: the module examples
            if len(submodules) < len(node.names):  # from .words import fold: the module words
                found.add(source)
    return (found & modules) - {name}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that reach one another through imports (Tarjan's strongly connected parts)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(groups)


def test_the_modules_import_one_another_one_way():
    modules = module_names()
    graph = {name: imports_of(name, path, set(modules)) for name, path in modules.items()}
    assert len(graph) >= 30 and "wordcover.views" in graph  # the walk found the package and its subpackage
    assert "wordcover.parallel" in graph["wordcover.word_search"]  # an import inside a function counts
    assert "wordcover.word_search" not in graph["wordcover.cliques"]  # one under TYPE_CHECKING does not
    assert import_cycles(graph) == KNOWN_CYCLES


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import(tmp_path):
    package = tmp_path / "wordcover"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from . import c\n")
    (package / "c.py").write_text("import wordcover.a\n")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n")
    files = {f"wordcover.{n}": package / f"{n}.py" for n in "abcd"}
    graph = {name: imports_of(name, path, set(files)) for name, path in files.items()}
    assert graph == {
        "wordcover.a": {"wordcover.b"},
        "wordcover.b": {"wordcover.c"},
        "wordcover.c": {"wordcover.a"},
        "wordcover.d": set(),
    }
    assert import_cycles(graph) == [["wordcover.a", "wordcover.b", "wordcover.c"]]
