"""The examples in the docs run: the docstrings of the modules below and docs/api_examples.md print what they show."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

# the modules whose docstrings carry examples; the other modules' examples are in the files of DOC_FILES
MODULES = ["wordcover", "wordcover.widgets"]
DOC_FILES = ["docs/api_examples.md"]


def _failures(tests: list[doctest.DocTest]) -> tuple[int, int, str]:
    """Run the examples: how many ran, how many failed, and doctest's report of the failures."""
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test, out=report.append)
    return runner.tries, runner.failures, "".join(report)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name):
    tests = doctest.DocTestFinder().find(importlib.import_module(name))
    tried, failed, report = _failures(tests)
    assert tried > 0, f"{name} has no examples to run"
    assert failed == 0, report


@pytest.mark.parametrize("path", DOC_FILES)
def test_the_examples_in_the_docs_run(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, path, str(ROOT / path), 0)
    tried, failed, report = _failures([test])
    assert tried > 0, f"{path} has no examples to run"
    assert failed == 0, report


def test_a_wrong_example_fails():
    """The runner above reports a wrong output, so the tests above can fail."""
    wrong = doctest.DocTestParser().get_doctest(">>> 6 * 7\n41\n", {}, "wrong", None, 0)
    tried, failed, report = _failures([wrong])
    assert (tried, failed) == (1, 1) and "Expected:\n    41\nGot:\n    42" in report
