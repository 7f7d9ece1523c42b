"""Every module of wordcover imports on this Python with deprecations as errors.

The imports run in a fresh interpreter started with ``-W error::DeprecationWarning -W
error::PendingDeprecationWarning``, so a module the test process has imported already cannot hide a deprecated
import (``importlib.abc.Traversable`` was deprecated in 3.12 and is gone in 3.14). A module that needs an extra
which is not installed may only say so with the library's ExtraNeeded, raised over the ModuleNotFoundError of one
of the extras' packages; any other error fails. ``tests/py314/`` runs the same imports on Python 3.14.
"""

from __future__ import annotations

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
