"""What the exercise-check tests share: a loop a learner writes by mistake, and how a refusal is checked."""

from __future__ import annotations

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
