"""Notebook 3, exact cover and Algorithm X: the solutions and the checks of its exercises.

``attempt_own`` runs a learner's code as ``solutions.attempt`` does (the answer's own functions swapped for a
tripwire meanwhile) and also refuses code that calls any other function of the library or of the solutions
(notebook 3b's checks use it too). The notebook's pictures are drawn by ``solutions.pictures``.
"""

from __future__ import annotations

import contextlib
import copy
import os
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import lessons

import solutions
import wordcover
from solutions import BUDGET, RETHINK, Verdict, _is_number, _short, _unanswered, attempt, check, own_work
from solutions.pictures import arrays_of, lists_figure, tried_for  # noqa: F401 (the pictures live in solutions.pictures)
from wordcover import Problem, examples, make_engine
from wordcover.classics import langford, queens
from wordcover.dancing_links import DancingLinks

_LIBRARY = os.path.dirname(wordcover.__file__) + os.sep
_SOLUTIONS = os.path.dirname(solutions.__file__) + os.sep
_LESSONS = os.path.dirname(lessons.__file__) + os.sep  # what the notebooks show, e.g. 3b's engine_links
_OPEN = (_LIBRARY + "problem.py", solutions.__file__)  # a Problem's own attributes; the checks' own timer
OPEN_CODE: set = set()  # code the checks hand to a learner's function (3b's watched arrays): open to it


# ---- the solutions ----------------------------------------------------------------------------------------------


FOUR_QUEENS_HINT = (
    "Put the queen of the top row in each of its four columns in turn, and for each one follow, row by row, where "
    "the rows below can still take a queen; count every board you complete."
)


def four_queens() -> int:
    """2: a queen in a corner of 4 x 4 leaves no room, so row 0 has its queen in column 1 or 2.

    Column 1 forces row 1 column 3, row 2 column 0, row 3 column 2; column 2 is its mirror image. So there are
    exactly two solutions, each the reflection of the other.
    """
    return make_engine(queens(4), "x").count()


FOUR_QUEENS_THEN = 'Now run make_engine(queens(4), "x").count() to see the engine find them.'


def check_four_queens(prediction: Any) -> Verdict:
    """Exercise 1's check: the learner's number of four-queens placements, with a hint on the method, not the value;
    the line that counts them is said only after a right answer."""
    return check(prediction, four_queens(), FOUR_QUEENS_HINT, then=FOUR_QUEENS_THEN)


def count_nodes(primary, secondary, options) -> int:
    """The search of ``exact_covers`` with a counter where step X2 is entered, and no solutions kept.

    Each call of ``search`` is one node: the root, and one for every option tried (a solution too).
    """
    live = {i: {o for o, items in options.items() if i in items} for i in [*primary, *secondary]}

    def cover(i):
        for o in live[i]:
            for j in options[o]:
                if j != i:
                    live[j].discard(o)
        return live.pop(i)

    def uncover(i, hidden):
        live[i] = hidden
        for o in hidden:
            for j in options[o]:
                if j != i:
                    live[j].add(o)

    def search() -> int:  # X2: this call is one node
        left = [i for i in primary if i in live]
        if not left:
            return 1
        nodes = 1
        i = min(left, key=lambda i: len(live[i]))  # X3
        hidden_i = cover(i)  # X4
        for o in sorted(hidden_i):  # X5
            others = [(j, cover(j)) for j in options[o] if j != i]
            nodes += search()
            for j, hidden in reversed(others):  # X6
                uncover(j, hidden)
        uncover(i, hidden_i)  # X7
        return nodes

    return search()


class InOrder(DancingLinks):
    """Algorithm X that chooses the first primary item still in the list (no MRV), as the notebook's InOrder."""

    def choose(self) -> int:
        return self.rlink[0]


def _langford_row(index: int) -> tuple[int, int]:
    """The profile's entry ``index`` on Langford pairs for n = 4: MRV's (engine "x"), then in order (InOrder)."""
    problem = langford(4)
    mrv, in_order = make_engine(problem, "x"), InOrder(problem)
    mrv.count()
    in_order.count()
    return mrv.stats.profile[index], in_order.stats.profile[index]


def row_l1() -> tuple[int, int]:
    """(6, 14): the options tried at L1 on Langford pairs for n = 4, with MRV and in order.

    With MRV, L0 chooses number 4 (3 places; every slot has 4 options or more) and tries its three placements. After
    each, the smallest LEN left is 2: number 3 has two places left in every branch (a slot may tie with it, and the
    numbers come first), so L1 tries 2 + 2 + 2 = 6. In order, L0 chooses number 1 and tries its six placements; L1
    then chooses number 2, whose five placements lose those that use one of the two slots taken; 3, 2, 2, 2, 2 and
    3 are left, so L1 tries 14. A search's profile holds the row Lk at index k + 1 (index 0 is the start).
    """
    return _langford_row(2)


def row_l0() -> tuple[int, int]:
    """(3, 6): the options tried at L0 on Langford pairs for n = 4, MRV's and in order (the profile's index 1)."""
    return _langford_row(1)


ROW_L1_HINT = (
    "Follow each search from the start: the item it chooses there and each option it tries at L0; after covering "
    "that option's items, the item it chooses next and how many options are left in that item's list. For MRV, "
    "look at every primary item left, the slots too."
)
ROW_L0_SAID = (
    "That pair is what the two searches try at L0, the row just under the start; L1 is the row below it, one "
    "option deeper."
)
ROW_L1_THEN = (
    'Now run mrv = make_engine(langford(4), "x"), mrv.count(), and the same with InOrder(langford(4)), and read '
    "stats.profile[2] of each: a profile's index 0 is the start and index k + 1 the row Lk."
)


def check_row_l1(mrv: Any, in_order: Any) -> Verdict:
    """Exercise 3's check: the learner's two numbers, graded as one pair (one verdict, so neither can be found by
    guessing it alone), against :func:`row_l1`, which is never printed. The L0 pair gets a word on the rows'
    names; any other wrong pair the hint; the lines that show the rows are said only after a right pair."""
    if _unanswered(mrv) or _unanswered(in_order):
        print("Not answered yet: replace both Nones with your numbers and run this cell again.")
        return Verdict(False)
    for value in (mrv, in_order):
        if not _is_number(value):
            what = "a function" if callable(value) else _short(value)
            print(f"✗ A number is wanted for each of the two, not {what}.")
            return Verdict(False)
    if (mrv, in_order) == row_l1():
        print(f"✓ Right, both. {ROW_L1_THEN}")
        return Verdict(True)
    said = ROW_L0_SAID if (mrv, in_order) == row_l0() else ROW_L1_HINT
    print(f"✗ Not yet: {_short(mrv)} and {_short(in_order)} are not the pair. {said}")
    return Verdict(False)


# ---- the learner's own work ---------------------------------------------------------------------------------------


@contextlib.contextmanager
def watching() -> Iterator[list[str]]:
    """Note the first function of the library, the lessons or the solutions that the block calls (a Problem's own
    are open)."""
    called: list[str] = []

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and not called and frame.f_code is not _WATCHING:  # (its own exit is no call of theirs)
            path = frame.f_code.co_filename
            if (
                path.startswith((_LIBRARY, _SOLUTIONS, _LESSONS))
                and path not in _OPEN
                and frame.f_code not in OPEN_CODE
            ):
                called.append(f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_qualname}")

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield called
    finally:
        sys.setprofile(previous)


_WATCHING = watching.__wrapped__.__code__


def attempt_own(
    run: Callable[..., Any],
    *args: Any,
    what: str,
    where: str,
    budget: float | None = BUDGET,
    loops: str = "",
    refused: Iterable[Any] = (),
) -> tuple[bool, Any]:
    """``solutions.attempt`` (the ``refused`` functions swapped for a tripwire while ``run`` runs), and (False, None)
    after saying so when the code called any other function of the library or the solutions."""
    with watching() as called:
        ran, value = attempt(run, *args, what=what, where=where, budget=budget, loops=loops, refused=refused)
    if ran and called:
        print(f"✗ Not yet: {where} called {called[0]}. Write {what} so that it does the work itself.")
        return False, None
    return ran, value


def _as_dict(problem: Problem) -> tuple:
    """A problem as exercise 2's arguments: (primary, secondary, {option name: set of items})."""
    options = {str(k): {e.item for e in entries} for k, entries in enumerate(problem.options)}
    return list(problem.primary), list(problem.secondary), options


def random_problem(seed: int) -> Problem:
    """A small random problem for the hidden cases: 2-6 primary items, 0-3 secondary, 3-12 options."""
    rng = random.Random(seed)
    primary = [f"p{k}" for k in range(rng.randint(2, 6))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(3, 12)):
        chosen = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        options.append(chosen + rng.sample(secondary, rng.randint(0, min(2, len(secondary)))))
    return Problem(primary, secondary, options)


def count_nodes_cases() -> tuple[list[tuple[str, tuple]], list[tuple[str, tuple]]]:
    """Exercise 2's cases, each (name, arguments): the four the notebook names, then hidden ones.

    Hidden: random problems (seeded), a primary item in no option, options none at all, every option holding
    the same primary item, and three items tied for the fewest options, given in the order b, a, c: the first on
    the tie (b) gives 9 nodes, where the first in alphabetical order (a) or the last (c) gives 8.
    """
    knuth = examples.load("knuth_exact_cover").problem
    shown = [("Knuth's example", knuth), ("4 queens", queens(4)), ("6 queens", queens(6))]
    shown += [("Langford pairs, n = 4", langford(4))]
    hidden = [(f"a random problem ({seed})", random_problem(seed)) for seed in range(1, 9)]
    hidden += [("a primary item in no option", Problem(["a", "b", "c"], [], [["a"], ["b"]]))]
    hidden += [("no options at all", Problem(["a", "b"], [], []))]
    hidden += [("one item in every option", Problem(["b", "a", "c"], ["x"], [["a", "b"], ["a", "c", "x"], ["a"]]))]
    hidden += [("three items tied, b before a", Problem(["b", "a", "c"], [], [["a"], ["c"], ["a", "c"], ["b"], ["b"]]))]
    return [(name, _as_dict(p)) for name, p in shown], [(name, _as_dict(p)) for name, p in hidden]


def check_count_nodes(candidate: Callable[..., Any], budget: float = BUDGET) -> Verdict:
    """Exercise 2's check: a learner's count of search-tree nodes on the four problems, then on hidden ones.

    Like ``check_function``, and the learner's function must count the nodes itself: one that runs the library's
    engine (and reads ``stats.nodes``) or calls a solution is refused, as is a count that is not a whole number.
    """
    if not own_work(candidate, count_nodes):
        return Verdict(False)
    shown, hidden = count_nodes_cases()
    hint = (
        "Count an entry to step X2 each time one happens (the root, and one for every option tried, a solution "
        "included), and choose as exact_covers does: the fewest options, the first such item on a tie."
    )
    for k, (name, args) in enumerate(shown + hidden):
        where = f"on {name}" + ("" if k < len(shown) else ", a case not shown,")
        ran, got = attempt_own(
            candidate, *copy.deepcopy(args), what="count_nodes", where=f"{where} it", budget=budget,
            loops="Does every loop over the items and options end, and does each call go one level deeper?",
            refused=(count_nodes, DancingLinks._search, DancingLinks.count),  # refused, not called
        )  # fmt: skip
        if not ran:
            return Verdict(False)
        if not isinstance(got, int) or isinstance(got, bool):
            kind = "True or False" if isinstance(got, bool) else f"a {type(got).__name__}"
            print(f"✗ Not yet: {where} it gives {got!r:.60}, {kind}; a count of nodes is an int, 1 for each entry "
                  "to step X2, added up.")  # fmt: skip
            return Verdict(False)
        if got != count_nodes(*copy.deepcopy(args)):
            print(f"✗ Not yet: {where} it gives {got}, which is not right. {hint or RETHINK}")
            return Verdict(False)
    print(f"✓ Right on all {len(shown) + len(hidden)} problems ({len(hidden)} of them not shown).")
    return Verdict(True)
