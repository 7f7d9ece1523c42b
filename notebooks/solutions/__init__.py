"""Solutions to the exercises, one module a notebook, and the helpers the self-check cells call.

Every solution is a function whose docstring says why it is the answer; a notebook imports its
module and checks a learner's answer against it without printing it:

    from solutions import check, show
    from solutions import find_words as solution

    prediction = None                                 # the learner writes a number here
    check(prediction, solution.anna_occurrences())    # ✓, ✗ with a hint, or "not answered yet"
    show(solution.anna_occurrences)                   # the solution's code and reasoning, on demand

``tests/test_solutions.py`` runs every solution and compares it with an answer found another way.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

NOT_YET = "Not answered yet: replace None with your answer and run this cell again."


class Verdict:
    """True or false like a bool, but shown as nothing in a notebook: the printed line is the answer."""

    def __init__(self, right: bool) -> None:
        self.right = bool(right)

    def __bool__(self) -> bool:
        return self.right

    def __repr__(self) -> str:
        return f"Verdict({self.right})"

    def _ipython_display_(self) -> None:
        """Display nothing, so a check cell shows only its one printed line."""


def _unanswered(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


def check(answer: Any, expected: Any, hint: str = "") -> Verdict:
    """Compare a learner's answer with the expected one and say so in one line, without giving it away."""
    if _unanswered(answer):
        print(NOT_YET)
        return Verdict(False)
    if answer == expected:
        print("✓ Right.")
        return Verdict(True)
    numbers = (int, float)
    if isinstance(expected, numbers) and isinstance(answer, numbers) and not isinstance(answer, bool):
        direction = "too high" if answer > expected else "too low"
        print(f"✗ Not yet: {answer!r} is {direction}. {hint}".rstrip())
    else:
        print(f"✗ Not yet: {_short(answer)} is not it. {hint}".rstrip())
    return Verdict(False)


def check_choice(answer: Any, expected: str, choices: Iterable[str], why: Mapping[str, str] | None = None) -> Verdict:
    """A multiple-choice answer: one of ``choices`` (a letter), checked against ``expected``.

    ``why`` maps a wrong letter to the reason it is wrong, said after "not it".
    """
    choices = list(choices)
    if _unanswered(answer):
        print(NOT_YET)
        return Verdict(False)
    letter = str(answer).strip().lower()
    if letter not in choices:
        print(f"✗ Answer with one of {', '.join(repr(c) for c in choices)}, not {answer!r}.")
        return Verdict(False)
    return check(letter, expected, (why or {}).get(letter, ""))


def check_function(candidate: Callable[..., Any], reference: Callable[..., Any], cases: Iterable[tuple]) -> Verdict:
    """Run a learner's function and the reference on each case (a tuple of arguments); report the first difference.

    A candidate that still raises NotImplementedError counts as not answered yet.
    """
    cases = list(cases)
    for args in cases:
        ran, got = attempt(candidate, *args, what="the function above", where=f"on {_short(args)} it")
        if not ran:
            return Verdict(False)
        want = reference(*args)
        if got != want:
            print(f"✗ Not yet: on {_short(args)} it gives {_short(got)}, the reference gives {_short(want)}.")
            return Verdict(False)
    print(f"✓ Right on all {len(cases)} cases.")
    return Verdict(True)


def attempt(run: Callable[..., Any], *args: Any, what: str, where: str) -> tuple[bool, Any]:
    """Run a learner's code on ``args``: (True, its value), or (False, None) after saying it is unwritten or raised.

    ``what`` names what to write ("the function above"); ``where`` starts the error line ("on (2,) it").
    """
    try:
        return True, run(*args)
    except NotImplementedError:
        print(f"Not answered yet: write {what} and run this cell again.")
    except Exception as err:  # a learner's bug is reported, not raised
        print(f"✗ Not yet: {where} raised {type(err).__name__}: {err}")
    return False, None


def show(solution: Callable[..., Any]) -> None:
    """Print a solution's code, its docstring (the reasoning) included."""
    print(inspect.getsource(solution))


def _short(value: Any, width: int = 70) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"
