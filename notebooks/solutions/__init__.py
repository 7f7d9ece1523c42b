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

import contextlib
import copy
import dis
import inspect
import json
import numbers
import pathlib
import signal
import threading
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

NOT_YET = "Not answered yet: replace None with your answer and run this cell again."
RETHINK = "Go back over the reasoning one step at a time; the cells above have what it needs."
BUDGET = 2.0  # seconds a learner's function may run on one case before the check stops it


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


class OverBudget(Exception):
    """A learner's code ran past its time budget (probably a loop that never ends)."""


class UsedTheAnswer(Exception):
    """A learner's code called a function it was asked to write: the reference, or the library's own."""


def _tripwire(*args: Any, **kwargs: Any) -> Any:
    # runs with the globals of the function it stands in for, so it finds the exception through the import system
    raise __import__("solutions").UsedTheAnswer


@contextlib.contextmanager
def answers_refused(*functions: Any) -> Iterator[None]:
    """While the block runs, a call of any of ``functions`` raises UsedTheAnswer, however the call reaches it.

    By name, through a reference saved earlier, a one-line wrapper, a subclass's ``super()``: each function's code
    is swapped for a tripwire for the time of the block and put back after. A function with free variables (a
    closure) or without Python code is left as it is; ``own_work`` still refuses it when it is handed in itself.
    """
    swapped = []
    for function in functions:
        function = inspect.unwrap(getattr(function, "__func__", function))
        code = getattr(function, "__code__", None)
        if code is not None and not code.co_freevars:
            swapped.append((function, code))
    try:
        for function, _ in swapped:
            function.__code__ = _tripwire.__code__
        yield
    finally:
        for function, code in swapped:
            function.__code__ = code


def _unanswered(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


def _is_number(value: Any) -> bool:
    """An int or float, numpy's included (they register as numbers.Real); True and False, numpy's too, are not."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and type(value).__name__ != "bool_"


def check(answer: Any, expected: Any, hint: str = "", then: str = "") -> Verdict:
    """Compare a learner's answer with the expected one and say so in one line, without giving it away.

    A wrong answer is told it is wrong and given ``hint`` (about the reasoning, never the value); no "too high" or
    "too low", which would let a learner find a number by halving instead of by thinking. Where a number is
    expected, True, a string or a function is refused as not a number. ``then`` is said only after a right answer:
    what to run to see it (a predict-then-run exercise names its line there, so the line cannot replace the
    prediction).
    """
    if _unanswered(answer):
        print(NOT_YET)
        return Verdict(False)
    if _is_number(expected) and not _is_number(answer):
        what = "a function: call it, or write the number it gives" if callable(answer) else _short(answer)
        print(f"✗ A number is wanted here, not {what}.")
        return Verdict(False)
    if answer == expected:
        print("✓ Right." + (f" {then}" if then else ""))
        return Verdict(True)
    print(f"✗ Not yet: {_short(answer)} is not it. {hint or RETHINK}")
    return Verdict(False)


def check_choice(
    answer: Any, expected: str, choices: Iterable[str], why: Mapping[str, str] | None = None, then: str = ""
) -> Verdict:
    """A multiple-choice answer: one of ``choices`` (a letter), checked against ``expected``.

    ``why`` maps a wrong letter to the reason it is wrong, said after "not it"; ``then`` is said after the right one.
    """
    choices = list(choices)
    if _unanswered(answer):
        print(NOT_YET)
        return Verdict(False)
    letter = str(answer).strip().lower()
    if letter not in choices:
        print(f"✗ Answer with one of {', '.join(repr(c) for c in choices)}, not {answer!r}.")
        return Verdict(False)
    return check(letter, expected, (why or {}).get(letter, ""), then)


def own_work(candidate: Any, *references: Any) -> bool:
    """False (after saying why) when ``candidate`` is a reference itself or comes from the solutions or the library.

    A check that is handed the answer it compares against would pass without the work; it says so instead.
    """
    module = getattr(candidate, "__module__", "") or ""
    if any(candidate is ref for ref in references) or module.split(".")[0] in ("solutions", "wordcover"):
        name = getattr(candidate, "__name__", "answer")
        top = module.split(".")[0]
        whose = {"wordcover": "the library's", "solutions": "the solution's"}.get(top, "the reference's")
        print(f"✗ That is {whose} own {name}: write your own.")
        return False
    return True


def check_function(
    candidate: Callable[..., Any],
    reference: Callable[..., Any],
    cases: Iterable[tuple],
    hidden: Iterable[tuple] = (),
    hint: str = "",
    budget: float = BUDGET,
    refused: Iterable[Any] = (),
) -> Verdict:
    """Run a learner's function and the reference on each case (a tuple of arguments), then on ``hidden`` cases.

    The first difference is reported with the case and what the learner's function gave, never the reference's
    value (so the check cannot be used as a table of answers), and ``hint``, which says what to think about.
    Each case runs on its own deep copy of the arguments, within ``budget`` seconds. A candidate that still raises
    NotImplementedError counts as not answered yet; the reference itself, or any function of the solutions or of
    the library, is refused, and so is a call of the reference or of any of ``refused`` (the library's own answer)
    while the learner's function runs.
    """
    if not own_work(candidate, reference):
        return Verdict(False)
    shown, secret = list(cases), list(hidden)
    answers = (reference, *refused)
    for k, args in enumerate(shown + secret):
        where = f"on {_case(args)}" if k < len(shown) else f"on a further case, {_case(args)},"
        mine = copy.deepcopy(args)
        ran, got = attempt(
            candidate, *mine, what="the function above", where=f"{where} it", budget=budget, refused=answers
        )
        if not ran:
            return Verdict(False)
        if got != reference(*copy.deepcopy(args)):
            print(f"✗ Not yet: {where} it gives {_short(got)}, which is not right. {hint or RETHINK}")
            return Verdict(False)
    extra = f" ({len(secret)} of them not shown)" if secret else ""
    print(f"✓ Right on all {len(shown) + len(secret)} cases{extra}.")
    return Verdict(True)


_UNREAD = {"NOP", "RESUME", "CACHE", "EXTENDED_ARG", "PRECALL"}  # no work done: ``pass``, line events, padding
_PURE = {"LOAD_FAST", "LOAD_CONST", "BINARY_OP", "STORE_FAST", "UNPACK_SEQUENCE", "BUILD_TUPLE", "SWAP", "COPY"}


def _flow(ins: Any, after: list) -> bool:
    """True for an instruction that is the shape of the code, not a line's work: a jump, or the return at the end
    (the compiler puts them on whichever line comes last, a counter's line too)."""
    ends = ins.opname == "RETURN_VALUE" or (
        ins.opname == "LOAD_CONST" and ins.argval is None and [i.opname for i in after] == ["RETURN_VALUE"]
    )
    return ends or ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs


def steps(function: Any, numbers: Mapping[str, Any] | None = None, counters: bool = False) -> tuple:
    """What a function's code does, whatever its docstring, comments, layout and names; its counters set aside
    unless ``counters`` is true.

    Its instructions, each with what it reads (an attribute's or a global's name, a constant's value, a local's
    place, a jump's target among the instructions kept). Set aside: every line that reads ``stats`` (a counter
    update such as ``self.stats.updates += n``), then every line that only updates a local read nowhere else (the
    ``n = 0`` and ``n += 1`` left behind). A local's place is its order of first use, the parameters first, so
    ``self`` and ``engine``, ``q`` and ``node`` read the same. A global holding a number is read as the number; one
    the function's module lacks is looked up in ``numbers`` (a paste run before STICKER is defined reads -1 too).
    Instructions, not the syntax tree, because a paste run with ``exec`` has no source to parse.
    """
    function = getattr(function, "__func__", function)
    code = function.__code__
    names = {**(numbers or {}), **getattr(function, "__globals__", {})}
    every = list(dis.get_instructions(code))
    line, lines = None, []
    for ins in every:  # the line each instruction belongs to (an instruction with no line: the one before)
        line = ins.positions.lineno if ins.positions and ins.positions.lineno is not None else line
        lines.append(line)
    counted = (
        set() if counters else {n for ins, n in zip(every, lines) if ins.argval == "stats" and "ATTR" in ins.opname}
    )
    flow = {ins.offset for k, ins in enumerate(every) if _flow(ins, every[k + 1 : k + 2])}
    kept = [(ins, n) for ins, n in zip(every, lines) if ins.opname not in _UNREAD]
    kept = [(ins, None if ins.offset in flow else n) for ins, n in kept if n not in counted or ins.offset in flow]
    by_line: dict[Any, list] = {}
    for ins, n in kept:
        by_line.setdefault(n, []).append(ins)
    params = code.co_argcount + code.co_kwonlyargcount
    idle = set()
    for slot in range(params, code.co_nlocals):  # a local read only on lines that store it: a counter left behind
        read = {n for ins, n in kept if ins.opname == "LOAD_FAST" and ins.arg == slot}
        stored = {n for ins, n in kept if ins.opname == "STORE_FAST" and ins.arg == slot}
        if stored and read <= stored:
            idle.add(slot)
    dropped = {
        n
        for n, group in by_line.items()
        if all(ins.opname in _PURE for ins in group)
        and any(ins.opname == "STORE_FAST" for ins in group)
        and all(ins.arg in idle for ins in group if ins.opname == "STORE_FAST")
    }
    kept = [ins for ins, n in kept if n not in dropped or ins.offset in flow]
    returns = {i.offset for k, i in enumerate(kept) if i.opname == "LOAD_CONST" and _flow(i, kept[k + 1 : k + 2])}
    returns |= {ins.offset for ins in kept if ins.opname == "RETURN_VALUE"}
    kept = [ins for k, ins in enumerate(kept) if not (k and ins.offset in returns and kept[k - 1].offset in returns)]
    place = {ins.offset: k for k, ins in enumerate(kept)}
    for ins in every:  # a jump to an instruction set aside lands on the next one kept
        place.setdefault(ins.offset, next((k for k, i in enumerate(kept) if i.offset > ins.offset), len(kept)))
    order = {slot: slot for slot in range(params)}
    result = []
    for ins in kept:
        if "FAST" in ins.opname or ins.opname in ("LOAD_DEREF", "STORE_DEREF", "LOAD_CLOSURE"):
            result.append((ins.opname, order.setdefault(ins.arg, len(order))))
        elif ins.opname == "LOAD_GLOBAL" and _is_number(names.get(ins.argval)):
            result.append(("LOAD_CONST", names[ins.argval]))
        elif ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs:  # a jump to ``return None``: to the end
            to = place.get(ins.argval)
            ends = to is not None and (to >= len(kept) or kept[to].offset in returns)
            result.append((ins.opname, "return" if ends else to))
        elif isinstance(ins.argval, types.CodeType):
            result.append((ins.opname, "code"))
        else:
            result.append((ins.opname, ins.argval))
    return tuple(result)


def same_steps(
    candidate: Any, reference: Any, numbers: Mapping[str, Any] | None = None, counters: bool = False
) -> bool:
    """True when ``candidate`` is a function that does what ``reference`` does, instruction for instruction, once
    docstrings, comments, layout and local names are set aside, and counters too unless ``counters`` (:func:`steps`)."""
    function = getattr(candidate, "__func__", candidate)
    return isinstance(function, types.FunctionType) and steps(function, numbers, counters) == steps(
        reference, numbers, counters
    )


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise OverBudget in the block after ``seconds`` of wall time.

    Uses a real-time timer, so it works where a kernel runs cells: in the main thread of a Unix process. Elsewhere
    (Windows, a worker thread) the block runs unbounded, as before.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise OverBudget

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def attempt(
    run: Callable[..., Any],
    *args: Any,
    what: str,
    where: str,
    budget: float | None = BUDGET,
    loops: str = "",
    refused: Iterable[Any] = (),
) -> tuple[bool, Any]:
    """Run a learner's code on ``args``: (True, its value), or (False, None) after saying it is unwritten, raised, ran
    past ``budget`` seconds or called one of the ``refused`` functions (the answer it was asked to write).

    ``what`` names what to write ("the function above"); ``where`` starts the error line ("on (2,) it"); ``loops``
    says what probably loops forever, when the budget runs out.
    """
    try:
        with answers_refused(*refused):
            if budget is None:
                return True, run(*args)
            with time_limit(budget):
                return True, run(*args)
    except UsedTheAnswer:
        print(f"✗ Not yet: {where} calls the very function it is meant to be (the solution's or the library's "
              f"own), directly or through a wrapper: write your own.")  # fmt: skip
    except NotImplementedError:
        print(f"Not answered yet: write {what} and run this cell again.")
    except OverBudget:
        loops = loops or "Does every loop move on each time round?"
        print(f"✗ Not yet: {where} ran for {budget:g} s without finishing. {loops}")
    except RecursionError:
        print(f"✗ Not yet: {where} went too deep (RecursionError): does every call get nearer to a case that stops?")
    except Exception as err:  # a learner's bug is reported, not raised
        print(f"✗ Not yet: {where} raised {type(err).__name__}: {err}")
    return False, None


def record(name: str) -> dict | None:
    """A record of a long run the project keeps (``name``, such as ``"data/pentominoes_6x10.json"``), read as JSON.

    Looked for in the notebook's folder and each folder above it, where the project keeps its ``data/`` folder;
    when it is not there, one line says so and the result is None.
    """
    here = pathlib.Path.cwd()
    found = next((folder / name for folder in (here, *here.parents) if (folder / name).is_file()), None)
    if found is None:
        print(f"{name} is not in this folder or any above it: it is in the project's repository")
        return None
    return json.loads(found.read_text())


def show(solution: Callable[..., Any]) -> None:
    """Print a solution's code, its docstring (the reasoning) included."""
    print(inspect.getsource(solution))


def _case(args: tuple) -> str:
    """A case's arguments for a message: each shortened on its own, so what tells two cases apart still shows."""
    return "(" + ", ".join(_short(arg, 160) for arg in args) + ("," if len(args) == 1 else "") + ")"


def _short(value: Any, width: int = 70) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"
