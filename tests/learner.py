"""What the exercise-check tests share: a loop a learner writes by mistake, and how a refusal is checked."""

from __future__ import annotations

import json
import pathlib
import re
import time
from collections.abc import Callable


def refused(run: Callable[[], object], capsys, seconds: float = 15.0) -> str:
    """Run a check that must refuse: assert it returns a false verdict within ``seconds``; its printed text."""
    start = time.perf_counter()
    verdict = run()
    assert not verdict
    assert time.perf_counter() - start < seconds
    return capsys.readouterr().out


def endless(*args: object) -> None:
    """A loop that never ends, as a learner writes one by mistake."""
    n = 0
    while True:
        n += 1


NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"


def choices(notebook: str, check_call: str) -> dict[str, str]:
    """The choices of a multiple-choice exercise, letter to text: the ``- **a** ...`` lines of the last markdown cell
    before the code cell that makes ``check_call``."""
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    at = next(k for k, c in enumerate(cells) if c["cell_type"] == "code" and check_call in "".join(c["source"]))
    text = next("".join(c["source"]) for c in reversed(cells[:at]) if c["cell_type"] == "markdown")
    found = dict(re.findall(r"^- \*\*([a-e])\*\* (.+)$", text, re.M))
    assert len(found) >= 2, (notebook, check_call)
    return found


def words_shared(a: str, b: str, run: int = 4) -> list[str]:
    """Runs of ``run`` words that ``a`` and ``b`` both have (case and punctuation aside)."""

    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9']+", text.lower())
        return {tuple(words[k : k + run]) for k in range(len(words) - run + 1)}

    return [" ".join(r) for r in sorted(runs(a) & runs(b))]
