"""Shared fixtures for the tests (tests take them as arguments; none imports this file)."""

from __future__ import annotations

import inspect
import pathlib
import signal
import textwrap
from collections.abc import Callable
from importlib import resources

import pytest

from wordcover import WordSearch

QUICK = 0.8  # seconds: a test that takes longer is marked slow, so that the quick loop stays under a minute


def pytest_terminal_summary(terminalreporter) -> None:
    """Name the tests not marked slow that took longer than QUICK seconds (the quick loop's time is theirs)."""
    over = [
        report
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if report.when == "call" and report.nodeid.startswith("tests/")
        and report.duration > QUICK and not {"slow", "browser"} & set(report.keywords)
    ]  # fmt: skip
    if over:
        terminalreporter.section("tests to mark slow")
        for report in sorted(over, key=lambda r: -r.duration):
            terminalreporter.write_line(f"{report.duration:5.1f} s  {report.nodeid}")


@pytest.fixture(autouse=True)
def signals_left_as_they_were():
    """No test may leave Ctrl-C or SIGTERM ignored: every process the later tests start would inherit it."""
    before = [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)]
    yield
    after = [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)]
    assert after == before, f"the test changed the handlers of SIGINT and SIGTERM from {before} to {after}"


@pytest.fixture(scope="session")
def abel_land() -> WordSearch:
    """ABEL LAND in 4x4, orthogonal: the article's small example (112 solutions, 16 crossing)."""
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


@pytest.fixture(scope="session")
def four_names() -> WordSearch:
    """ABEL CANTOR GAUSS EULER in 6x6, all eight directions (244,792 solutions)."""
    return WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"], "all")


@pytest.fixture(scope="session")
def example_file() -> Callable[[str], pathlib.Path]:
    """The path of one of the DLX examples shipped in the package, by name."""
    folder = resources.files("wordcover") / "data" / "examples"

    def path(name: str) -> pathlib.Path:
        return pathlib.Path(str(folder / f"{name}.dlx"))

    return path


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every notebook cell that nbval runs counts as slow: `pytest -m "not slow and not browser"` is the quick loop."""
    for item in items:
        if str(item.fspath).endswith(".ipynb"):
            item.add_marker(pytest.mark.slow)


def _learners_copy(function: Callable) -> Callable:
    """The function's own source compiled again, as a learner's cell would have it: the same names around it, but
    code of its own, so a check takes it for the learner's work (the checks refuse the reference's code, called)."""
    namespace = {**vars(inspect.getmodule(function)), "__name__": "__main__"}
    exec(compile(textwrap.dedent(inspect.getsource(function)), "<a learner's cell>", "exec"), namespace)
    return namespace[function.__name__]


@pytest.fixture(scope="session")
def learners_copy() -> Callable[[Callable], Callable]:
    """A right answer as a learner writes it: ``learners_copy(solution.fits)``."""
    return _learners_copy
