"""The self-checks of notebooks 05 and 06 take only the work: each is fed the wrong answers a learner would write (an
off-by-one, the naive version where the sticker one is wanted, a loop that never ends, the library's own answer) and
must refuse every one in bounded time, with a hint about the reasoning, never the expected value, never "too high"
or "too low". The numbers the new prediction asks for are checked against a replay of the recorded writes."""

from __future__ import annotations

import re
import time
import types

import nbformat
import pytest
import solutions
from bench_knuth import knuth_counters
from lessons.double_purify import swapped_pair
from solutions import double_purify as dp
from solutions import sticker as st

from wordcover import AlgorithmC, NaiveAlgorithmC, examples, make_engine
from wordcover.double_purify import NaiveUncoverDown, changes, list_nodes, walk, walk_list
from wordcover.playback import record_writes

BOUND = 8.0  # seconds any one refusal may take (the checks stop a learner's code after their budget)


def refused(verdict, started: float, out: str, *hidden: object, numeric: bool = True) -> bool:
    """A check's refusal is quick, says no "too high"/"too low" of a number, and shows none of the expected values."""
    assert not verdict, out
    assert time.perf_counter() - started < BOUND, out
    assert not numeric or ("too high" not in out and "too low" not in out), out
    for value in hidden:
        assert repr(value) not in out, (value, out)
    return True


def run_check(capsys, check, *args):
    capsys.readouterr()
    started = time.perf_counter()
    verdict = check(*args)
    return verdict, started, capsys.readouterr().out


# ---- 05 exercise 1: the naive engine on shuffled options ------------------------------------------------------


def test_05_1_the_shuffled_options_take_only_the_numbers_no_cell_prints(capsys):
    """The answers are the naive engine's count on the shuffled options and the right solutions it misses there;
    the numbers the notebook prints (its own order's 106 and 18, the 112 of a correct engine, the headline 16)
    and an off-by-one are refused, and so are the wrong solutions taken for the missed ones."""
    from wordcover import violations

    count, missed = dp.shuffled_count("naive", seed=1), dp.shuffled_missed(seed=1)
    problem = dp.shuffled(1)
    found = list(make_engine(problem, "naive").solutions())
    wrong = sum(1 for s in found if violations(problem, s))
    right = make_engine(problem, "sticker").count()
    assert right == 112 and count == len(found) and missed == right - (count - wrong)  # found right = count - wrong
    assert (count, missed) != (106, 18)  # the notebook's order
    printed = _outputs("05_double_purify")
    for number in (count, missed):
        assert not re.search(rf"\b{number}\b", printed), number  # no cell prints it
    for wrong_answer in (count - 1, count + 1, 106, 112, 16, wrong, True, str(count), dp.shuffled_count):
        verdict, started, out = run_check(capsys, solutions.check, wrong_answer, count, dp.SHUFFLED_COUNT_HINT)
        assert refused(verdict, started, out, *([] if isinstance(wrong_answer, str) else [count]))  # echoes its own
    for wrong_answer in (missed - 1, missed + 1, 18, 112 - count, wrong, right - count, True, dp.shuffled_missed):
        if wrong_answer == missed:
            continue
        verdict, started, out = run_check(capsys, solutions.check, wrong_answer, missed, dp.SHUFFLED_MISSED_HINT)
        assert refused(verdict, started, out, missed)
    for hint in (dp.SHUFFLED_COUNT_HINT, dp.SHUFFLED_MISSED_HINT):
        assert str(count) not in hint and str(missed) not in hint
    assert solutions.check(count, count) and solutions.check(missed, missed)


def test_05_1_the_exercise_cell_builds_the_problem_the_check_counts():
    cells = _cells("05_double_purify")
    code = "\n".join(_exercise(cells, 1)[1:])
    namespace = {"abel_land": dp.abel_land()}
    exec(code.split("naive_count = None")[0], namespace)  # the cell's shuffle, run as the learner runs it
    assert namespace["shuffled"].options == dp.shuffled(1).options
    assert "solution.check_shuffled(naive_count, naive_missed)" in code
    assert "shuffled_count(" not in code and "shuffled_missed(" not in code  # nothing to copy into the answer


def _pair_verdicts_alike(capsys, check, right: tuple, wrong_values: tuple) -> None:
    """A pair with its first number wrong and one with its second wrong get the same words, apart from the numbers
    echoed: the check never says which of the two is wrong, so neither can be found by guessing it alone."""
    said = []
    for answer in ((wrong_values[0], right[1]), (right[0], wrong_values[1])):
        verdict, started, out = run_check(capsys, check, *answer)
        assert refused(verdict, started, out), (answer, out)
        said.append(out.replace(", ".join(map(repr, answer)), "PAIR"))
    assert said[0] == said[1] and "one of the two, or both" in said[0], said


def test_05_1_check_shuffled_takes_only_the_two_numbers(capsys):
    """The check cell passes the learner's two numbers and nothing else; both must be right, they are graded as one
    pair (one line, never which is wrong), and a wrong pair is refused without either expected value."""
    count, missed = dp.shuffled_count("naive", seed=1), dp.shuffled_missed(seed=1)
    verdict, _, out = run_check(capsys, dp.check_shuffled, count, missed)
    assert verdict and out.count("✓ Right") == 1 and out.count("\n") == 1, out
    _pair_verdicts_alike(capsys, dp.check_shuffled, (count, missed), (count + 1, missed - 1))
    for answer in ((count + 1, missed), (count, missed - 1), (106, 18), (missed, count), (112, 0), (None, missed),
                   (str(count), missed), (dp.shuffled_count, missed), (True, missed)):  # fmt: skip
        verdict, started, out = run_check(capsys, dp.check_shuffled, *answer)
        unseen = [v for v in (count, missed) if all(str(v) not in str(a) for a in answer)]  # not echoed from the answer
        assert refused(verdict, started, out, *unseen), answer


# ---- 05 exercise 2: purify and unpurify that survive a second purify ------------------------------------------

STICKER = -1


def learner_purify(engine, p):
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] == c:
            color[q] = STICKER
        else:
            engine.hide(q)
        q = dlink[q]


def learner_unpurify(engine, p):
    top, ulink, color = engine.top, engine.ulink, engine.color
    c, i = color[p], top[p]
    q = ulink[i]
    while q != i:
        if color[q] == STICKER:
            color[q] = c
        else:
            engine.unhide(q)
        q = ulink[q]


def unpurify_downwards(engine, p):  # the other direction: right too (Knuth's remark on uncover holds here)
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] == STICKER:
            color[q] = c
        else:
            engine.unhide(q)
        q = dlink[q]


def naive_purify(engine, p):  # the printed purify, copied: no sticker
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] != c:
            engine.hide(q)
        q = dlink[q]


def naive_unpurify(engine, p):
    top, ulink, color = engine.top, engine.ulink, engine.color
    c, i = color[p], top[p]
    q = ulink[i]
    while q != i:
        if color[q] != c:
            engine.unhide(q)
        q = ulink[q]


def unpurify_keeps_stickers(engine, p):  # forgets to peel the stickers off
    top, ulink, color = engine.top, engine.ulink, engine.color
    i = top[p]
    q = ulink[i]
    while q != i:
        if color[q] != STICKER:
            engine.unhide(q)
        q = ulink[q]


def unpurify_peels_to_zero(engine, p):  # peels the sticker off, but to "no colour"
    top, ulink, color = engine.top, engine.ulink, engine.color
    i = top[p]
    q = ulink[i]
    while q != i:
        if color[q] == STICKER:
            color[q] = 0
        else:
            engine.unhide(q)
        q = ulink[q]


def purify_hides_all(engine, p):  # stickers nothing and hides every option in the list, its own colour too
    top, dlink = engine.top, engine.dlink
    i = top[p]
    q = dlink[i]
    while q != i:
        engine.hide(q)
        q = dlink[q]


def unpurify_unhides_all(engine, p):
    top, ulink = engine.top, engine.ulink
    i = top[p]
    q = ulink[i]
    while q != i:
        engine.unhide(q)
        q = ulink[q]


def purify_stops_early(engine, p):  # off by one: the last node of the list is never looked at
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while dlink[q] != i:
        if color[q] == c:
            color[q] = STICKER
        else:
            engine.hide(q)
        q = dlink[q]


def unpurify_stops_early(engine, p):
    top, ulink, color = engine.top, engine.ulink, engine.color
    c, i = color[p], top[p]
    q = ulink[i]
    while ulink[q] != i:
        if color[q] == STICKER:
            color[q] = c
        else:
            engine.unhide(q)
        q = ulink[q]


def purify_never_moves_on(engine, p):  # a loop that never ends: q is not advanced
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] == c:
            color[q] = STICKER


def solution_wrapper_purify(engine, p):  # a one-line wrapper around the solution's purify
    dp.purify(engine, p)


def solution_wrapper_unpurify(engine, p):
    dp.unpurify(engine, p)


SAVED_PURIFY, SAVED_UNPURIFY = AlgorithmC.purify, AlgorithmC.unpurify  # captured in a cell above the check


def captured_purify(engine, p):
    SAVED_PURIFY(engine, p)


def captured_unpurify(engine, p):
    SAVED_UNPURIFY(engine, p)


COPIED_PURIFY = types.FunctionType(AlgorithmC.purify.__code__, AlgorithmC.purify.__globals__)  # the review's case:
COPIED_UNPURIFY = types.FunctionType(AlgorithmC.unpurify.__code__, AlgorithmC.unpurify.__globals__)  # made before


def copied_purify(engine, p):  # a wrapper around a copy of the library's code: the tripwire never meets the copy
    COPIED_PURIFY(engine, p)


def copied_unpurify(engine, p):
    COPIED_UNPURIFY(engine, p)


def _closed_over_copy():
    copy = types.FunctionType(NaiveAlgorithmC.purify.__code__, NaiveAlgorithmC.purify.__globals__)
    return lambda engine, p: copy(engine, p)


def defaulted_copy_unpurify(engine, p, run=COPIED_UNPURIFY):
    run(engine, p)


# review 30-AM: the library's code copied at each call, in the learner's globals, gave "NameError: _LibraryCall"
def copy_built_inside_purify(engine, p):
    types.FunctionType(AlgorithmC.__dict__["purify"].__code__, {})(engine, p)


def copy_built_inside_unpurify(engine, p):
    types.FunctionType(AlgorithmC.__dict__["unpurify"].__code__, {})(engine, p)


def library_purify(engine, p):  # the library's own, called from inside
    AlgorithmC.purify(engine, p)


def library_unpurify(engine, p):
    AlgorithmC.unpurify(engine, p)


def purify_coloured_only(engine, p):  # hides only the options of another letter, not those without a colour
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] == c:
            color[q] = STICKER
        elif color[q] > 0:
            engine.hide(q)
        q = dlink[q]


def unpurify_coloured_only(engine, p):
    top, ulink, color = engine.top, engine.ulink, engine.color
    c, i = color[p], top[p]
    q = ulink[i]
    while q != i:
        if color[q] == STICKER:
            color[q] = c
        elif color[q] > 0:
            engine.unhide(q)
        q = ulink[q]


def purify_counted(engine, p):  # another right fix: count the purifies of an item, hide only at the first
    held = engine.__dict__.setdefault("held", {})
    i = engine.top[p]
    held[i] = held.get(i, 0) + 1
    if held[i] == 1:
        naive_purify(engine, p)


def unpurify_counted(engine, p):
    held = engine.__dict__["held"]
    i = engine.top[p]
    held[i] -= 1
    if held[i] == 0:
        naive_unpurify(engine, p)


def purify_set(engine, p):  # skips the second purify, but its unpurify undoes the first one too soon
    done = engine.__dict__.setdefault("done", set())
    if engine.top[p] not in done:
        done.add(engine.top[p])
        naive_purify(engine, p)


def unpurify_set(engine, p):
    engine.__dict__.setdefault("done", set()).discard(engine.top[p])
    naive_unpurify(engine, p)


def naive_library_counted_purify(engine, p):  # the review's case: a right fix, but its purify is the library's
    held = engine.__dict__.setdefault("held", {})
    i = engine.top[p]
    held[i] = held.get(i, 0) + 1
    if held[i] == 1:
        NaiveAlgorithmC.purify(engine, p)


def naive_library_counted_unpurify(engine, p):
    held = engine.__dict__["held"]
    i = engine.top[p]
    held[i] -= 1
    if held[i] == 0:
        NaiveAlgorithmC.unpurify(engine, p)


def test_05_2_the_exercise_says_one_sentence_about_the_check_and_a_counter_round_the_library_is_refused(capsys):
    """Exercise 2 talks to the learner: one sentence about what the check runs, none about what it refuses. The
    naive engine's purify is the library's too, so a counter that calls it only at an item's first purify (a right
    fix, but not the learner's code) is refused."""
    question = " ".join(_exercise(_cells("05_double_purify"), 2)[0].split())
    assert question.count("The check") == 1 and "refuse" not in question and "budget" not in question
    verdict, started, out = run_check(capsys, dp.check_purify, naive_library_counted_purify,
                                      naive_library_counted_unpurify)  # fmt: skip
    assert refused(verdict, started, out) and "the very function" in out, out
    assert (NaiveAlgorithmC.purify.__code__.co_name, NaiveAlgorithmC.unpurify.__code__.co_name) == (
        "purify",
        "unpurify",
    )  # the library's own code is back after the refusal


def test_05_2_check_purify_takes_a_right_purify_written_here(capsys, learners_copy):
    verdict, _, out = run_check(capsys, dp.check_purify, learners_copy(dp.purify), learners_copy(dp.unpurify))
    assert verdict and out.startswith("✓ Right"), out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("purify", "unpurify"),
    [(learner_purify, learner_unpurify), (learner_purify, unpurify_downwards), (purify_counted, unpurify_counted)],
)
def test_05_2_check_purify_takes_other_right_fixes(capsys, purify, unpurify):
    """Walking down in unpurify, or counting the purifies of an item and hiding only at the first: right too."""
    verdict, _, out = run_check(capsys, dp.check_purify, purify, unpurify)
    assert verdict and out.startswith("✓ Right"), out


def test_05_2_the_uncoloured_problem_is_one_algorithm_c_solves_with_nothing():
    """The review's case: a purify that hides only coloured options passes every word search (each cell a
    placement names, it colours), so check_purify runs a problem where an option names X without a colour."""
    problem = next(p for name, p, _ in dp._problems() if "Q X" in name)
    assert [problem.describe(s) for s in AlgorithmC(problem).solutions()] == [["P X:a", "Q X:a"]]
    assert any(e.colour is None for o in problem.options for e in o if e.item == "X")


@pytest.mark.parametrize(
    ("purify", "unpurify", "says"),
    [
        (naive_purify, naive_unpurify, "finds 2 solutions (1 wrong)"),  # the naive version
        (learner_purify, naive_unpurify, "Not yet"),  # stickers given, never read back
        (learner_purify, unpurify_keeps_stickers, "Not yet"),
        (learner_purify, unpurify_peels_to_zero, "Not yet"),
        (purify_hides_all, unpurify_unhides_all, "Not yet"),
        (purify_stops_early, learner_unpurify, "Not yet"),  # off by one
        (learner_purify, unpurify_stops_early, "Not yet"),
        (purify_coloured_only, unpurify_coloured_only, "with the options P X:a, Q X and Q X:a, your engine finds 2"),
        (purify_set, unpurify_set, "Not yet"),  # the second purify skipped, but undone too soon
        (purify_never_moves_on, learner_unpurify, "ran for 0.5 s without finishing"),  # the budget stops it
        (library_purify, library_unpurify, "the library's own"),  # called from inside
        (AlgorithmC.purify, AlgorithmC.unpurify, "the library's own"),  # passed in
        (NaiveAlgorithmC.purify, NaiveAlgorithmC.unpurify, "the library's own"),
        (naive_library_counted_purify, naive_library_counted_unpurify, "the very function"),  # a counter round it
        (lambda e, p: AlgorithmC.purify(e, p), learner_unpurify, "the library's own"),
        (dp.purify, dp.unpurify, "the solution's own"),  # the solution passed in, one tab-completion away
        (solution_wrapper_purify, solution_wrapper_unpurify, "the very function"),  # a wrapper around it
        (captured_purify, captured_unpurify, "the very function"),  # the library's, saved before the check runs
        (copied_purify, copied_unpurify, "a copy of the library's own"),  # its code object, copied before
        (_closed_over_copy(), learner_unpurify, "a copy of the library's own"),  # held in a closure
        (learner_purify, defaulted_copy_unpurify, "a copy of the library's own"),  # held as a default
        (
            copy_built_inside_purify,
            learner_unpurify,
            "own purify or unpurify, or runs a copy of its code",
        ),  # built inside, not a NameError
        (learner_purify, copy_built_inside_unpurify, "own purify or unpurify, or runs a copy of its code"),
    ],
)
def test_05_2_check_purify_refuses_the_wrong_answers(capsys, purify, unpurify, says):
    verdict, started, out = run_check(capsys, dp.check_purify, purify, unpurify, 0.5)
    assert refused(verdict, started, out) and says in out, out
    assert "right count" not in out and "NameError" not in out  # no expected count, no internal name
    if "Q X:a" in says:
        assert dp.UNCOLOURED_HINT in out
    elif "own" not in says and "ran for" not in says and "very function" not in says:
        assert dp.PURIFY_HINT in out


def _exec(source: str, name: str, **names):
    """A function defined by running ``source`` as a learner's cell would, with ``names`` among its globals."""
    space = {"__name__": "__main__", **names}
    exec(source, space)
    return space[name]


def _pastes():
    """The library's purify as a learner could paste it: the lines working_lines prints (no docstring), with and
    without STICKER defined, with STICKER written -1; its whole source with the docstring; a copy typed by hand with
    other local names (engine, mark, node, first), other comments and other layout."""
    import inspect
    import textwrap

    from wordcover.double_purify import working_lines

    printed = working_lines(AlgorithmC.purify)
    typed = """
def mine(engine, p):
    # my own names
    top, dlink, color = (engine.top,
                         engine.dlink, engine.color)
    mark = color[p]
    first = top[p]
    engine.stats.purifications += 1
    node = dlink[first]
    while node != first:
        if color[node] == mark:   # same letter
            color[node] = -1
            engine.stats.stickers += 1
        else:
            engine.hide(node)
        node = dlink[node]
"""
    return [
        ("working_lines, STICKER defined", _exec(printed, "purify", STICKER=-1)),
        ("working_lines, STICKER not yet defined", _exec(printed, "purify")),
        ("working_lines, STICKER written -1", _exec(printed.replace("STICKER", "-1"), "purify")),
        ("getsource, with its docstring", _exec(textwrap.dedent(inspect.getsource(AlgorithmC.purify)), "purify")),
        ("typed by hand, other names", _exec(typed, "mine")),
        ("working_lines, self renamed engine", _exec(printed.replace("self", "engine"), "purify", STICKER=-1)),
    ]


def test_05_2_the_library_purify_pasted_in_is_refused_whatever_its_docstring_names_or_layout(capsys):
    """Review 30-AG: the lines ``working_lines(AlgorithmC.purify)`` prints (no docstring), exec'd, were taken, since
    the check compared raw bytecode and a docstring moves the constants' indices. It now compares instructions with
    what each reads (locals by slot, jumps by target, a global number by its value): every paste is refused."""
    for what, pasted in _pastes():
        verdict, started, out = run_check(capsys, dp.check_purify, pasted, learner_unpurify)
        assert refused(verdict, started, out) and "Algorithm C's own purify, instruction for instruction, its" in out, (
            what,
            out,
        )


@pytest.mark.parametrize(
    ("purify", "unpurify"),
    [(learner_purify, learner_unpurify), (learner_purify, unpurify_downwards), (purify_counted, unpurify_counted)],
)
def test_05_2_right_answers_written_otherwise_are_not_taken_for_the_library(purify, unpurify):
    """Knuth's fix written as a learner writes it, an unpurify walking down, a counter round the printed naive code:
    none is the library's purify, instruction for instruction."""
    assert not dp._same_as_the_library(purify) and not dp._same_as_the_library(unpurify)


def test_05_2_the_naive_purify_with_its_pass_replaced_by_the_mark_is_taken(capsys):
    """The printed naive purify with its ``pass`` replaced by a mark of the learner's own (COLOR -1 written as a
    number) is the learner's work: taken. It is the library's purify without its counter lines (review 30-AO asked
    that such a paste be refused; no check can refuse it and take this edit, the natural right answer)."""
    import inspect
    import textwrap

    edited = textwrap.dedent(inspect.getsource(NaiveAlgorithmC.purify)).replace("self", "engine")
    edited = edited.replace("pass  #", "color[q] = -1  #")
    verdict, _, out = run_check(capsys, dp.check_purify, _exec(edited, "purify"), learner_unpurify)
    assert verdict and out.startswith("✓ Right"), out


def test_05_2_the_library_unpurify_is_what_an_edit_of_the_printed_one_gives_so_it_is_not_compared():
    """The naive unpurify printed in the notebook, its ``pass`` replaced by the peeling of the mark, is the library's
    unpurify instruction for instruction: refusing that would refuse a right answer."""
    import inspect
    import textwrap

    from wordcover import algorithm_c

    edited = textwrap.dedent(inspect.getsource(NaiveAlgorithmC.unpurify))
    edited = edited.replace("color[q] == c:\n            pass", "color[q] == STICKER:\n            color[q] = c")
    mine = _exec(edited, "unpurify", STICKER=algorithm_c.STICKER)
    assert dp._working(mine) == dp._working(AlgorithmC.unpurify)


def test_05_2_a_copy_with_one_line_edited_is_an_edit_of_the_naive_one(capsys):
    """Review 30-W: AlgorithmC.purify's source with its counter line replaced by ``pass``, exec'd, runs, line for
    line, the code a learner gets by replacing the naive purify's ``pass`` (printed in the notebook) with the mark:
    no check can refuse one and take the other, so both are taken."""
    import inspect
    import textwrap

    from wordcover import algorithm_c

    space = {"__name__": "__main__", "STICKER": algorithm_c.STICKER}
    near = textwrap.dedent(inspect.getsource(AlgorithmC.purify)).replace("self.stats.stickers += 1", "pass")
    exec(near.replace("def purify", "def near"), space)
    edit = textwrap.dedent(inspect.getsource(NaiveAlgorithmC.purify)).replace("pass", "color[q] = STICKER")
    exec(edit.replace("def purify", "def edit"), space)
    assert dp._working(space["near"]) == dp._working(space["edit"])
    assert [i.opname for i in _instructions(space["near"])] == [i.opname for i in _instructions(space["edit"])]
    for candidate in (space["near"], space["edit"]):
        verdict, _, out = run_check(capsys, dp.check_purify, candidate, learner_unpurify)
        assert verdict and out.startswith("✓ Right"), out


def _instructions(function):
    import dis

    return [i for i in dis.get_instructions(function) if i.opname not in ("NOP", "RESUME")]


def test_05_2_the_library_is_whole_again_after_a_refusal():
    before = AlgorithmC.purify, AlgorithmC.unpurify
    assert not dp.check_purify(library_purify, library_unpurify)
    assert (AlgorithmC.purify, AlgorithmC.unpurify) == before
    assert make_engine(dp.abel_land().problem, "sticker").count() == 112


# ---- 05 exercise 3: the colour pair with Q's options swapped, predicted ----------------------------------------


def replayed_end(problem, item):
    """(solutions, LEN, nodes linked) of an item when the naive search ends, read off a replay of its writes."""
    trace = record_writes(problem, "naive")
    arrays = trace.arrays_at(trace.frames - 1)
    i = trace.names.index(item)
    return trace.solutions, arrays["LEN"][i], len(list_nodes(arrays["TOP"], arrays["DLINK"], i))


def test_05_3_the_swapped_pair_by_replay():
    swapped = swapped_pair()
    assert [swapped.describe([k]) for k in range(3)] == [["P c1:a"], ["Q c1:b"], ["Q c1:a"]]
    assert replayed_end(swapped, "c1") == (1, 4, 3)  # the count right, LEN(c1) one too high
    assert replayed_end(swapped, "Q")[1:] == (2, 2)
    assert make_engine(swapped, "sticker").count() == 1
    assert (dp.swapped_naive_count(), dp.swapped_len_c1(), dp.swapped_purifications()) == (1, 4, 2)
    pair = examples.load("colour_pair").problem
    assert replayed_end(pair, "c1") == (2, 4, 3)  # the notebook's order: a wrong count, the same LEN


def test_05_3_the_prediction_takes_only_the_numbers(capsys):
    """Exercise 3 asks for the swapped pair's solutions and the purifies of its naive search: neither is printed for
    that order, and the notebook's order's numbers (2 solutions, 3 purifies) are refused. The purifies are the
    options tried (each chosen option purifies c1 once), and the engine the exercise names reports them in its
    stats, where a learner checks them; its node count (the root included) is one more, and refused."""
    count, purifies = dp.swapped_naive_count(), dp.swapped_purifications()
    assert (count, purifies) == (1, 2)
    engine = make_engine(swapped_pair(), "naive")
    engine.count()
    assert (engine.stats.solutions, engine.stats.purifications, engine.stats.nodes) == (1, 2, 3)
    assert f"{engine.stats.purifications} purifications" in str(engine.stats)  # what print(engine.stats) shows
    assert len(record_writes(swapped_pair(), "naive").marks["choice"]) == purifies  # the options tried
    pair = make_engine(examples.load("colour_pair").problem, "naive")
    pair.count()
    assert pair.stats.purifications == 3  # the notebook's order: P c1:a, Q c1:a, Q c1:b
    for wrong in (2, 0, True, "1", dp.swapped_naive_count):  # the notebook's order gives 2
        verdict, started, out = run_check(capsys, solutions.check, wrong, count, dp.SWAPPED_COUNT_HINT)
        assert refused(verdict, started, out)
    for wrong in (3, 1, 4, True, "2", dp.swapped_purifications):  # 3: the notebook's order, or the nodes; 4: LEN(c1)
        verdict, started, out = run_check(capsys, solutions.check, wrong, purifies, dp.SWAPPED_PURIFY_HINT)
        assert refused(verdict, started, out)
    assert solutions.check(count, count) and solutions.check(purifies, purifies)
    for hint in (dp.SWAPPED_COUNT_HINT, dp.SWAPPED_PURIFY_HINT):
        assert not re.search(r"\b\d+\b", hint), hint  # no number (a name such as step C5 is not one)


RUN_LINES = ('make_engine(swapped, "naive")', "engine.count()", "print(engine.stats)", "purifications",
             "engine.sanity()")  # fmt: skip


def test_05_3_the_lines_that_show_its_numbers_come_only_after_a_right_prediction(capsys):
    """The question names no line that prints its answers (running it would replace the prediction); the check
    names them, and the count of purifications it must be read from, once all three numbers are right, and never
    after a wrong one, even when the other numbers are right."""
    question = " ".join(_exercise(_cells("05_double_purify"), 3)[0].split())
    for line in RUN_LINES:
        assert line not in question, line
    right = (dp.swapped_naive_count(), dp.swapped_purifications(), dp.swapped_len_c1())
    verdict, _, out = run_check(capsys, dp.check_swapped, *right)
    assert verdict and all(line in out for line in RUN_LINES), out
    for k in range(3):
        for change in (-1, 1, None):
            answer = list(right)
            answer[k] = None if change is None else answer[k] + change
            verdict, started, out = run_check(capsys, dp.check_swapped, *answer)
            assert not verdict and not any(line in out for line in RUN_LINES), (answer, out)
    verdict, started, out = run_check(capsys, dp.check_swapped, 2, 3, 4)  # the notebook's order
    assert refused(verdict, started, out) and not any(line in out for line in RUN_LINES), out


def test_05_1_the_line_that_tests_the_first_prediction_comes_only_after_both_numbers(capsys):
    """Exercise 1 names no line to run; its check says how to test the prediction about a correct engine only
    after both numbers are right."""
    question = " ".join(_exercise(_cells("05_double_purify"), 1)[0].split())
    assert "make_engine(" not in question and ".count()" not in question
    count, missed = dp.shuffled_count("naive", seed=1), dp.shuffled_missed(seed=1)
    verdict, _, out = run_check(capsys, dp.check_shuffled, count, missed)
    assert verdict and dp.SHUFFLED_THEN in out
    for answer in ((count, missed + 1), (count + 1, missed), (106, 18), (None, missed)):
        verdict, started, out = run_check(capsys, dp.check_shuffled, *answer)
        assert refused(verdict, started, out) and dp.SHUFFLED_THEN not in out, (answer, out)


def test_05_3_nothing_above_the_exercise_gives_its_answers_away():
    """The review found exercise 3 answered twice above it: 'exercise 3 finds an order in which the colour pair is
    even counted right' (cell 35) and 'the count may even come out right' (summary)."""
    cells = _cells("05_double_purify")
    start = next(k for k, c in enumerate(cells) if c.source.startswith("## Exercise 1"))
    before = " ".join(" ".join(c.source.split()) for c in cells[:start] if c.cell_type == "markdown")
    for giveaway in ("counted right", "come out right", "exercise 3 finds", "Exercise 3 finds"):
        assert giveaway not in before, giveaway


# ---- 06 exercises 1 and 2: tests/test_checks_06.py --------------------------------------------------------------


# ---- 06 exercise 3 and the notebooks' questions ---------------------------------------------------------------

ABSOLUTE = re.compile(r"\b(at all|never|for good|always|only a habit)\b", re.I)


def _cells(name):
    return nbformat.read(f"notebooks/{name}.ipynb", as_version=4).cells


def test_06_3_every_wrong_letter_is_refused_with_its_reason(capsys):
    why = st.why_reverse_not()
    for letter in "acd":
        verdict, started, out = run_check(capsys, solutions.check_choice, letter, st.why_reverse(), "abcd", why)
        assert refused(verdict, started, out, numeric=False) and why[letter] in out


def test_06_3_the_options_use_no_absolute_words():
    (question,) = [c.source for c in _cells("06_sticker_fix") if c.source.startswith("## Exercise 3")]
    options = re.findall(r"^- \*\*[a-d]\*\* (.*)$", question, re.M)
    assert len(options) == 4 and not any(ABSOLUTE.search(text) for text in options), options


def _exercise(cells, number):
    """The source of the cells of one exercise, from its heading to the next heading."""
    start = next(k for k, c in enumerate(cells) if c.source.startswith(f"## Exercise {number}"))
    end = next(k for k in range(start + 1, len(cells)) if cells[k].source.startswith("## "))
    return [c.source for c in cells[start:end]]


def test_05_3_asks_for_numbers_not_a_choice():
    cells = _cells("05_double_purify")
    code = "\n".join(_exercise(cells, 3)[1:])
    assert "check_choice" not in code
    assert "solution.check_swapped(solutions_reported, purifies, len_c1)" in code
    assert "from lessons.double_purify import swapped_pair" in code  # the problem, set up by the lessons module
    for answer in ("swapped_naive_count(", "swapped_purifications(", "swapped_len_c1("):
        assert answer not in code  # nothing to copy
    assert "solution.check_purify(purify, unpurify)" in "\n".join(_exercise(cells, 2))


def test_05_3_check_swapped_takes_only_the_three_numbers(capsys):
    """Three numbers graded together in one line: ignoring the bug (the right count and purifies, LEN(c1) as it
    started) and applying the notebook's six moments unchanged (its 2 solutions, 3 purifies, LEN(c1) 4) are both
    refused, so are off-by-ones, swaps, True, a string and the solution's functions, each without an expected value
    it did not echo; a wrong answer never says which number is wrong."""
    right = (dp.swapped_naive_count(), dp.swapped_purifications(), dp.swapped_len_c1())
    assert right == (1, 2, 4)
    started_len = make_engine(swapped_pair(), "sticker")
    c1 = started_len.names.index("c1")
    ignored = (*right[:2], started_len.len[c1])  # a correct engine ends with c1's LEN as it started
    started_len.count()
    assert ignored == (1, 2, 3) and started_len.len[c1] == 3
    verdict, _, out = run_check(capsys, dp.check_swapped, *right)
    assert verdict and out.count("✓ Right") == 1 and out.count("\n") == 1, out
    wrongs = [ignored, (2, 3, 4), (2, 3, 3), (2, 2, 4), (1, 3, 4), (4, 2, 1), (2, 1, 4), (1, 4, 2)]
    wrongs += [tuple(v + d if j == k else v for j, v in enumerate(right)) for k in range(3) for d in (-1, 1)]
    wrongs += [("1", 2, 4), (1, True, 4), (1, 2, dp.swapped_len_c1), (1, 2, 4.5)]
    said = set()
    for answer in wrongs:
        verdict, started, out = run_check(capsys, dp.check_swapped, *answer)
        unseen = [v for v in right if all(str(v) not in str(a) for a in answer)]  # not echoed from the answer
        assert refused(verdict, started, out, *unseen), answer
        if all(isinstance(a, int) and not isinstance(a, bool) for a in answer):
            said.add(out.replace(", ".join(map(repr, answer)), "ANSWER"))
    assert len(said) == 1 and "one of them, or more," in said.pop()  # the same words, whichever number is wrong
    for k in range(3):  # the hints talk about the reasoning: no number in them
        assert not re.search(r"\b\d+\b", (dp.SWAPPED_COUNT_HINT, dp.SWAPPED_PURIFY_HINT, dp.SWAPPED_LEN_HINT)[k])


def test_05_no_check_cell_shows_what_computes_its_answer():
    """Each exercise's check cell passes the learner's values to one solution.check_... function: no cell below the
    first exercise calls check or check_choice with an expected value, or a solution function that gives an answer
    (the swapped pair, the exercise's problem, comes from the lessons module)."""
    cells = _cells("05_double_purify")
    start = next(k for k, c in enumerate(cells) if c.source.startswith("## Exercise 1"))
    code = [c.source for c in cells[start:] if c.cell_type == "code"]
    calls = re.findall(r"solution\.(\w+)\(", "\n".join(code))
    assert calls and all(name.startswith("check_") for name in calls), calls
    assert not any(re.search(r"(^|\W)check(_choice)?\(", c) for c in code)


def test_05_4_the_options_use_no_absolute_words_and_the_answer_holds_in_a_replay(capsys):
    question = _exercise(_cells("05_double_purify"), 4)[0]
    options = re.findall(r"^- \*\*[a-d]\*\* (.*)$", question, re.M)
    assert len(options) == 4 and not any(ABSOLUTE.search(text) for text in options), options
    why = dp.why_harmless_not()
    right = re.search(rf"^- \*\*{dp.why_harmless()}\*\* (.*)$", question, re.M).group(1)
    for letter in "abd":
        verdict, started, out = run_check(capsys, dp.check_why_harmless, letter)
        assert refused(verdict, started, out, numeric=False) and why[letter] in out and right not in out
    # 'a' fails because moment 3's unhide leaves LEN(Q) wrong; its reason must not go on to how long LEN(Q) stays
    # wrong, or when step C3 runs: that is c's argument
    for pointer in ("until", "last unpurify", "C3", "cover", "item list", "backtrack"):
        assert pointer not in why["a"], pointer
    verdict, _, out = run_check(capsys, dp.check_why_harmless, dp.why_harmless().upper())
    assert verdict and out.startswith("✓ Right")
    assert "solution.check_why_harmless(answer)" in "\n".join(_exercise(_cells("05_double_purify"), 4))
    # c: no step C3 (a choose) while LEN(Q) is wrong, and LEN(Q) is wrong from the second hide to the last unpurify
    trace = record_writes(examples.load("colour_pair").problem, "naive")
    q = trace.names.index("Q")
    wrong = []
    for f in range(trace.frames):
        arrays = trace.arrays_at(f)
        if arrays["LEN"][q] != len(list_nodes(arrays["TOP"], arrays["DLINK"], q)):
            wrong.append(f)
    assert wrong == list(range(wrong[0], wrong[-1] + 1))  # one stretch
    assert trace.describe(wrong[0]) == "L1 hide c1 (option 2: Q c1:b)"  # moment 2
    assert trace.describe(wrong[-1] + 1) == "L0 unhide c1 (option 2: Q c1:b)"  # the last unpurify's unhide
    chooses = [f for f in range(1, trace.frames) if trace.kind_at(f) == "choose"]
    assert chooses and all(f < wrong[0] for f in chooses)
    # a's reason: just after moment 3's unhide LEN(Q) is 1 with two nodes linked
    moments = walk(trace)
    assert "LEN: Q 1 (2 linked)" in str(moments[2])
    # b's reason: at moment 2 the LEN that falls is LEN(Q), and Q is a primary item
    assert changes(trace, moments[1].frame) == ["LEN(Q) 1 -> 0"]
    assert "Q" in examples.load("colour_pair").problem.primary


def test_05_4_choice_d_is_false_and_its_reason_true():
    """Review 30-W: d's old reason (a LEN too low makes C3 take a live item for a dead end and lose solutions) was
    false for this library and for DLX2; d now says that false thing, and its reason says why it is false. C3 stops
    looking at a LEN of 0 but still takes that item, and the search walks the item's list by DLINK: a LEN forced to 0
    on sound lists loses no solution, whatever item it is forced on, in Algorithm X and Algorithm C."""
    import inspect

    from wordcover.dancing_links import DancingLinks

    question = _exercise(_cells("05_double_purify"), 4)[0]
    d = re.search(r"^- \*\*d\*\* (.*)$", question, re.M).group(1)
    assert "dead end" in d and "takes Q for a dead end" in d
    why = dp.why_harmless_not()["d"]
    assert "does not take a LEN of 0 for a dead end" in why and "never which options are tried" in why
    assert "lose" not in why and "ABEL LAND" not in why
    search = inspect.getsource(DancingLinks._search)
    assert "i = choose()" in search and "x = dlink[i]" in search  # C3 then C4, then the item's list by DLINK
    assert "while t and k:" in inspect.getsource(DancingLinks.choose)  # it stops looking at a 0, and takes that item
    problems = [("sticker", examples.load("colour_pair").problem), ("sticker", dp.abel_land().problem),
                ("x", examples.load("knuth_exact_cover").problem)]  # fmt: skip
    for engine_name, problem in problems:
        right = make_engine(problem, engine_name).count()
        for item in range(1, len(problem.primary) + 1):
            engine = make_engine(problem, engine_name)
            engine.len[item] = 0  # a LEN too low, on lists that are sound
            assert engine.count() == right, (engine_name, item)


def test_05_no_sentence_says_drifting_counters_steer_abel_lands_choices():
    """ABEL LAND has two words: at level 1 step C3 has one item left, so no drifting LEN changes a choice (the replay
    finds none of the naive search's 17 C3 steps choosing otherwise than the nodes linked would). The notebook and
    the solutions blame stale links, not counters, for the count moving with the order of the options."""
    trace = record_writes(dp.abel_land().problem, "naive")
    steered = 0
    for f in (f for f in range(1, trace.frames) if trace.kind_at(f) == "choose"):
        arrays = trace.arrays_at(f - 1)
        items = walk_list(arrays["RLINK"], 0, len(arrays["RLINK"]))
        by_len = min(items, key=lambda i: arrays["LEN"][i])
        by_nodes = min(items, key=lambda i: len(list_nodes(arrays["TOP"], arrays["DLINK"], i)))
        steered += by_len != by_nodes
    assert steered == 0
    prose = _prose("05_double_purify")
    assert "counters steer" not in prose and "wrong counters do" not in prose
    assert "counters steer" not in dp.SHUFFLED_COUNT_HINT and "counters do steer" not in inspect_source(dp)


def inspect_source(module):
    import inspect

    return inspect.getsource(module)


# ---- the sentences of 05 and 06 that were false, and the replay that keeps them true ---------------------------

KNUTH_REMARK = (  # dlx1.w and dlx2.w, before cover, word for word (CWEB's |...| markup has none here)
    "When an option is hidden, it leaves all lists except the list of the item that is being covered. Thus a node "
    "is never removed from a list twice."
)


def _prose(name):
    return " ".join(" ".join(c.source.replace(">", " ").split()) for c in _cells(name) if c.cell_type == "markdown")


def _outputs(name):
    return "\n".join(
        "".join(o.get("text", "")) for c in _cells(name) if c.cell_type == "code" for o in c.get("outputs", [])
    )


def test_05_quotes_knuth_and_says_what_is_its_own():
    prose = _prose("05_double_purify")
    assert f'"{KNUTH_REMARK}"' in prose
    assert "Knuth's invariant" not in prose and "Knuth's invariant" not in _prose("06_sticker_fix")
    assert "this series' words, not Knuth's" in prose and "this series' reading, not Knuth's words" in prose
    assert "no damage of its own" not in prose  # the second hide's LEN(Q) is damage that lasts
    # Knuth's sentence on the sticker is quoted in 06; 05 names the colour code -1 only in its optional section,
    # after the exercises, and never calls "sticker" Knuth's word (dlx2.w has no such word: it is the colours
    # article's, as 06 says too)
    assert "won't be purified again" not in prose and "whose COLOR is negative" not in prose
    optional = prose.index("Going further (optional)")
    assert "color code -1" not in prose[:optional] and '"temporarily given the color code -1"' in prose[optional:]
    assert "Knuth calls" not in prose and "sticker*, the colours article's word" in prose
    assert "won't be purified again" in _prose("06_sticker_fix")
    assert "is the colours article's word" in _prose("06_sticker_fix")


def test_05_talks_to_the_learner_not_to_the_tests():
    """No cell prints a boolean for the tests' sake, no prose speaks of what is checked or of a page without a
    kernel, and the player's picture is not drawn a second time beside it."""
    prose, out = _prose("05_double_purify"), _outputs("05_double_purify")
    for phrase in ("not checked", "not compared", "without a kernel", "the tests", "nbval"):
        assert phrase not in prose, phrase
    assert "a dead end among them" not in out
    sources = [c.source for c in _cells("05_double_purify") if c.cell_type == "code"]
    assert not any("frame_figure(" in c for c in sources)
    assert not any("Tracer(" in c for c in sources)  # the pictures of the moments are drawn once, without a player


ARTICLE_ACCOUNT = "During backtracking, the two removals are only undone once, so the counter gets corrupted."


def test_05_the_articles_account_is_quoted_once_before_its_correction():
    """The colours article's own sentence (its text in the project's sources), quoted once, then corrected; no
    paraphrase of it elsewhere."""
    prose = _prose("05_double_purify")
    assert prose.count(f'"{ARTICLE_ACCOUNT}"') == 1
    assert prose.index(ARTICLE_ACCOUNT) < prose.index("The correction.")
    assert "undone only once" not in prose and prose.count("undone once") == 1


def test_q_c1_b_is_hidden_twice_and_unhidden_three_times_not_undone_once():
    """The colours article says the two removals are undone only once; the replay has two hides, three unhides."""
    trace = record_writes(examples.load("colour_pair").problem, "naive")
    moves = [
        (k + 1, trace.event(k).kind, trace.event(k).cause, trace.analysis.effect(k)[0])
        for k in range(trace.frames - 1)
        if trace.event(k).option == 2 and trace.event(k).kind in ("hide", "unhide")
    ]
    assert moves == [
        (7, "hide", "purify", 1),
        (14, "hide", "purify", 0),  # removed twice: moves nothing, lowers LEN(Q)
        (19, "unhide", "unpurify", 1),  # back too soon
        (28, "unhide", "uncover", 0),  # never owed: LEN(c1) one too high from here
        (33, "unhide", "unpurify", 0),
    ]
    # the notebook shows the same pattern on the colours article's own example, ABEL LAND's option 31
    land = record_writes(dp.abel_land().problem, "naive")
    option = land.event(land.marks["drift"] - 1).option  # the second hide of the first option hidden twice
    assert option == 31 and "LAND at (3,3) N" in land.describe(land.marks["drift"])
    land_moves = [
        (k + 1, land.event(k).kind, land.event(k).cause, land.analysis.effect(k)[0])
        for k in range(land.frames - 1)
        if land.event(k).option == option and land.event(k).kind in ("hide", "unhide")
    ][:5]
    assert land_moves == [
        (33, "hide", "purify", 4),
        (124, "hide", "purify", 0),  # removed twice: moves nothing, lowers four counters
        (135, "unhide", "unpurify", 1),  # back too soon: one node of four back in its list (stale ULINKs)
        (153, "unhide", "uncover", 0),  # never owed
        (164, "unhide", "unpurify", 0),  # ABEL's unpurify: owed, finds all four in place
    ]
    out = _outputs("05_double_purify")
    for frame, kind, cause, moved in land_moves:
        assert re.search(rf"^ +{frame} +L\d +{kind} +\S+ +{cause} +{moved} ", out, re.M), frame


def test_one_frame_number_for_the_first_double_purify_of_abel_land(abel_land):
    """05 and 06 name ABEL LAND's first double purify by the player's frames (the recording of record_writes)."""
    naive = record_writes(abel_land.problem, "naive")
    sticker = record_writes(abel_land.problem, "sticker")
    purify = naive.marks["double-purify"][0]
    assert (purify, purify + 1, naive.marks["drift"]) == (123, 124, 124)
    assert naive.describe(purify + 1) == "L1 hide r0c3 (option 31: LAND at (3,3) N)"
    assert sticker.describe(123) == "L1 commit (option 27: LAND at (0,3) S)" == naive.describe(122)
    out5, out6 = _outputs("05_double_purify"), _outputs("06_sticker_fix")
    assert f"frame {purify}: L1 purify r0c3" in out5
    assert re.search(rf"^ +{purify + 1} +L1 +hide +r0c3 +purify ", out5, re.M)  # option 31's second hide
    # 06's table (the player's timeline as text): the two searches' steps from their try of option 27, the double
    # purify and its hide with a dash where the sticker search waits, marked ≠ as steps the two do not share
    assert re.search(r"^≠ L1 purify r0c3 = L \(option 27: LAND at \(0,3\) S\) +—$", out6, re.M), out6
    assert re.search(r"^≠ L1 hide r0c3 \(option 31: LAND at \(3,3\) N\) +—$", out6, re.M), out6
    assert re.search(r"^  L1 commit \(option 27: LAND at \(0,3\) S\) +L1 commit \(option 27", out6, re.M), out6
    # the sticker the sticker search gave LAND's node in r0c3 earlier, which 06 says ABEL's purify gave
    assert [f for f in range(1, 122) if naive.describe(f) != sticker.describe(f)][:1] == [33]
    assert sticker.describe(33) == "L0 sticker r0c3 = L (option 27: LAND at (0,3) S)"
    assert sticker.event(32).cause == "purify" and sticker.path_at(33) == [0]
    assert "the L wears ABEL's green sticker and stays in its list" in " ".join(_prose("06_sticker_fix").split())
    for stale in ("frame 90", "frame 89", "1621 frames", "1667 frames"):  # the step-only recording's numbers
        assert stale not in out5 + out6, stale


def test_05_names_no_sticker_before_exercise_2_asks_for_it():
    """Exercise 2 asks what a second purify would need to find in its list: no cell above it (prose, code or output)
    names the sticker or says what the naive purify's pass lines leave out, and the core before the exercises is
    about 30 cells (31 with moment 4 drawn, review 30-R; 33 with the walk-down cell and its sentence, review 30-AK)."""
    cells = _cells("05_double_purify")
    first = next(k for k, c in enumerate(cells) if c.source.startswith("## Exercise 1"))
    second = next(k for k, c in enumerate(cells) if c.source.startswith("## Exercise 2"))
    assert first <= 34, first  # 34 with the loop that finds moment 2 (review 30-AM)
    for c in cells[:second]:
        if "nav" in c.metadata.get("tags", []):
            continue  # the link line names the next notebook by its title, written by series.py for every notebook
        text = c.source + "".join(
            "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")) for o in c.get("outputs", [])
        )
        assert "sticker" not in text.lower(), text[:300]
    prose = _prose("05_double_purify")
    assert "In a sound search" not in prose  # false of Algorithm C: stickered nodes stay in purified lists
    # the fix is notebook 6's: 05 neither prints nor points at it, and its core ends with the question 6 answers
    sources = "".join(c.source for c in cells)
    assert "show(solution.purify)" not in sources and "show(solution.unpurify)" not in sources
    assert "what must its commit be able to tell, and from what?" in prose
    # the question is about what a second commit must tell, not the design: nothing says what purify leaves behind
    for design in ("leave behind", "leave on the nodes", "what does commit then do"):
        assert design not in prose and design not in dp.PURIFY_HINT, design
    assert "nothing walks the list until the item's unpurify" in _prose("06_sticker_fix")


def test_05_cells_show_no_plumbing():
    """No formatter comments, no recording built inside a print, no source sliced in a cell of the notebook."""
    sources = [c.source for c in _cells("05_double_purify") if c.cell_type == "code"]
    for source in sources:
        assert "fmt: skip" not in source and "inspect.getsource" not in source, source
        assert not any(re.search(r"print\(.*record_writes\(", line) for line in source.splitlines()), source


DLX2_CONFUSION = 'if (rr==p) fprintf(stderr,"confusion!\\n");'  # dlx2.w's purify and unpurify, word for word


def land_hides(trace, option):
    """The hide table of one option of naive ABEL LAND (the test's own reading of who hid it)."""
    from wordcover.double_purify import hide_table

    return hide_table(trace, option, items=["LAND", "r0c3", "r1c3", "r2c3", "r3c3"], rows=5)


def test_05_the_unhide_nothing_owed_is_told_without_a_hole():
    """Option 31, back too soon at frame 135, is tried at L1 (frame 136) and gives the first wrong solution the core
    draws (frame 142) before the unpurify of r1c3 is met; that unpurify's walk up meets its own node 209 first (what
    DLX2's confusion! test catches, quoted), then node 184, and unhides option 27, which LAND's cover (still in
    force) hid: three of its nodes go back too soon, node 184 stays out where the cover wants it. Nothing here
    calls node 184 stranded."""
    from wordcover.double_purify import list_nodes, walk_list

    land = record_writes(dp.abel_land().problem, "naive")
    assert land.describe(136) == "L1 try (option 31: LAND at (3,3) N)" and 142 in land.marks["solution"]
    assert land.describe(147) == "L1 unhide r1c3 (option 27: LAND at (0,3) S)" and land.event(146).cause == "unpurify"
    arrays = land.arrays_at(147)
    top, names = arrays["TOP"], land.names
    active = walk_list(arrays["RLINK"], 0, len(arrays["RLINK"]))
    assert names.index("LAND") not in active  # LAND is still covered
    back = [names[top[x]] for x in range(182, 187) if x in list_nodes(top, arrays["DLINK"], top[x])]
    assert back == ["LAND", "r0c3", "r2c3", "r3c3"]  # node 184 (r1c3) stays out
    assert land.describe(154) == "L1 unhide LAND (option 27: LAND at (0,3) S)"  # the unhide that is owed
    r1c3 = names.index("r1c3")
    assert list_nodes(top, land.arrays_at(140)["DLINK"], r1c3) == []  # option 31's purify of r1c3 hid nothing
    out, prose = _outputs("05_double_purify"), _prose("05_double_purify")
    core_wrong = "['ABEL at (0,0) E', 'LAND at (3,3) N'] ['colour item r0c3 gets colours D, L']"
    assert core_wrong in out  # the core's first wrong solution, drawn there, is the one option 31 gives at frame 142
    assert [str(p) for p in dp.abel_land().decode(land.path_at(142))] == ["ABEL at (0,0) E", "LAND at (3,3) N"]
    assert "the first wrong solution, drawn in *The wrong solutions, drawn* above" in prose  # no 'core' (30-AM)
    assert "the core" not in prose
    assert "walking down r1c3's list by DLINK at frame 146: no node" in out
    assert "walking up r1c3's list by ULINK at frame 146: node 209 (option 31), then node 184 (option 27)" in out
    assert "frame 147: L1 unhide r1c3 (option 27: LAND at (0,3) S), inside L1 unpurify r1c3 = N (option 31" in out
    assert re.search(r"^ +42 +L1 +hide +LAND +cover ", land_hides(land, 27), re.M)  # LAND's cover hid option 27
    assert land.event(145).kind == "unpurify" and land.event(145).option == 31  # the unpurify's own node is 209
    assert f"`{DLX2_CONFUSION}`" in " ".join(c.source for c in _cells("05_double_purify") if c.cell_type == "markdown")
    assert "ABEL's purify, which hid it first, is still in force" in prose
    assert "LAND's cover still wants them out" in prose and "stranded" not in (prose + out).lower()


def test_05_the_hints_reason_and_the_predictions_are_said_to_be_worked_on_paper():
    """Exercise 1's hints say why the notebook's numbers do not carry over, not which line to run; exercise 3 says
    plainly that a line of code prints its numbers and that the check only confirms."""
    for hint in (dp.SHUFFLED_COUNT_HINT, dp.SHUFFLED_MISSED_HINT):
        for method in (
            "naive engine itself",
            "Count the shuffled",
            "Compare the two engines",
            "make_engine",
            "count()",
        ):
            assert method not in hint, method
    first = " ".join(_exercise(_cells("05_double_purify"), 1)[0].split())
    third = " ".join(_exercise(_cells("05_double_purify"), 3)[0].split())
    assert "the check does not grade this part" in first
    assert "Work out three numbers on paper first" in third and "the check cell only confirms" in third


def test_05_the_unowed_unhide_is_one_library_call_read_both_ways():
    """unowed_unhide names the first unhide that undoes no hide (the analysis's first spurious unhide) and walks its
    list from the header by DLINK and by ULINK, just before; 05 prints it beside the picture of the walk up."""
    from wordcover.double_purify import unowed_unhide

    land = record_writes(dp.abel_land().problem, "naive")
    found = unowed_unhide(land)
    assert (found.frame, found.item, found.option) == (147, "r1c3", 27) == (land.analysis.marks["spurious"][0],
                                                                            "r1c3", 27)  # fmt: skip
    assert found.down == [] and found.up == [209, 184]
    assert [land.analysis.option_of[x] for x in found.up] == [31, 27]
    sources = [c.source for c in _cells("05_double_purify") if c.cell_type == "code"]
    assert not any("next(f for f in range" in c for c in sources)  # no generator expression hunting frames


def test_05_says_how_a_node_off_its_list_is_drawn_as_the_legend_does():
    """A chosen option's node off its list is a tan disc with a dashed outline, not hollow nor hatched."""
    from wordcover.views.links import STATE_LABELS, node_style

    prose = _prose("05_double_purify")
    assert "hollow or hatched" not in prose
    assert "tan disc with a dashed outline: a chosen option's node off its list" in prose
    assert node_style("chosen-off").dash and node_style("chosen-off").face != "white"
    assert node_style("purified").hatch and STATE_LABELS["chosen-off"] == "chosen option, off its list"


def test_05_the_vocabulary_points_purify_at_the_code_it_describes_and_the_prose_reads_without_frames():
    """Review 30 AA (05): the vocabulary's purify(p), hiding every option of another colour and nothing more, is the
    naive engine's; the legend of the LEN colours is a paragraph of its own; the optional section's prose names no
    frame numbers (the printed table keeps them)."""
    cells = _cells("05_double_purify")
    vocabulary = next(c.source for c in cells if "**Vocabulary**" in c.source)
    entry = " ".join(next(e for e in vocabulary.split("\n- ") if e.startswith("*purify(p)*")).split())
    assert "`NaiveAlgorithmC.purify`" in entry and "`AlgorithmC.purify`" not in entry.replace("NaiveAlgorithmC", "")
    hidden_again = next(c.source for c in cells if c.source.startswith("**2. Hidden again.**"))
    legend = next(p for p in hidden_again.split("\n\n") if "A LEN is drawn red" in p or "a LEN is drawn red" in p)
    assert legend.startswith("In the pictures") and "LEN(Q)" not in legend
    assert all(len(line) <= 120 for line in hidden_again.splitlines())
    start = next(k for k, c in enumerate(cells) if c.source.startswith("## Going further"))
    end = next(k for k, c in enumerate(cells) if c.source.startswith("## References"))
    for c in cells[start:end]:
        if c.cell_type == "markdown":
            assert not re.search(r"\b[Ff]rames? \d", c.source), c.source[:200]
    assert re.search(r"^ +33 .*\n(.*\n)* +124 ", land_hides(record_writes(dp.abel_land().problem, "naive"), 31), re.M)


def test_05_the_summary_says_what_shows_the_wrong_count_and_the_notebook_prints_it():
    """Review 30-R: 'it says so nowhere' was half true: the naive engine raises nothing, but sanity() reports its
    broken lists (on the colour pair in the core, on ABEL LAND after its search, printed beside the counts)."""
    from wordcover import violations

    problem = dp.abel_land().problem
    naive = make_engine(problem, "naive")
    found = list(naive.solutions())  # raises nothing
    assert len(found) == 106 and any(violations(problem, s) for s in found)
    assert naive.sanity()  # the check of its lists shows it
    prose, out = _prose("05_double_purify"), _outputs("05_double_purify")
    assert "says so nowhere" not in prose
    assert (
        "it raises no error: a check of its lists (`sanity()`) or of its solutions (an independent verifier)" in prose
    )
    assert f"its lists afterwards: {naive.sanity()[:2]!r}" in out


def test_05_the_optional_sections_numbers_are_printed_beside_them():
    """Review 30-R: 'four counters fall by one' and 'three of its nodes go back' are printed (the second hide's
    changes, option 27's hide table), and 'hidden twice and unhidden three times' is said from ABEL's purify to its
    unpurify inclusive, the third unhide being that unpurify."""
    land = record_writes(dp.abel_land().problem, "naive")
    again = land.marks["double-purify"][0]
    changed = changes(land, again + 1)
    falls = [line for line in changed if line.startswith("LEN(")]
    assert falls == ["LEN(LAND) 7 -> 6", "LEN(r1c3) 0 -> -1", "LEN(r2c3) 0 -> -1", "LEN(r3c3) 0 -> -1"]
    stale = [line for line in changed if line.startswith("ULINK(")]
    assert len(stale) == 3 and all("(option 27," in line for line in stale)
    out, prose = _outputs("05_double_purify"), _prose("05_double_purify")
    assert "\n".join(changed) in out
    assert "Four counters fall by one: LAND's and those of `r1c3`, `r2c3` and `r3c3`. And three pointers move" in prose
    assert re.search(r"^ +147 +L1 +unhide +r1c3 +unpurify +3 +1 ", out, re.M)  # three of option 27's nodes go back
    assert re.search(r"^ +42 +L1 +hide +LAND +cover +4 +0 ", out, re.M)  # LAND's cover hid them
    assert "so three of its nodes go back into their lists (the second row)" in prose
    moves = [k + 1 for k in range(land.frames - 1) if land.event(k).option == 31 and land.event(k).kind in
             ("hide", "unhide")]  # fmt: skip
    owed = moves[moves.index(33) :]
    inside = [f for f in owed if f <= 164]
    assert [land.event(f - 1).kind for f in inside] == ["hide", "hide", "unhide", "unhide", "unhide"]
    assert land.event(163).cause == "unpurify" and land.event(163).level == 0  # the third unhide: ABEL's unpurify
    assert "from ABEL's purify to its unpurify, inclusive, option 31 is hidden twice and unhidden three times" in prose
    assert "the third unhide is ABEL's unpurify, the owed one" in prose


def test_05_moment_4_is_drawn_like_the_others():
    """Review 30-R: the try of Q c1:b, the option a purify took out, has the moment picture the other moments have,
    and the notebook hunts no frame with a generator expression (frames_after, one call)."""
    sources = [c.source for c in _cells("05_double_purify") if c.cell_type == "code"]
    assert any('moment(pair_writes, moments[3], "4. tried")' in c for c in sources)
    assert not any("def moment(" in c for c in sources)  # review 30-AK: the helper lives in lessons.double_purify
    for c in sources:
        assert "enumerate(events)" not in c and "next(k + 1" not in c and "max(k + 1" not in c, c
    trace = record_writes(examples.load("colour_pair").problem, "naive")
    tried = walk(trace)[3]
    assert tried.frame == 20 and trace.describe(20) == "L1 try (option 2: Q c1:b)"
    arrays = trace.arrays_at(20)
    q = trace.names.index("Q")
    assert list_nodes(arrays["TOP"], arrays["DLINK"], q) == [8, 11]  # Q c1:a's node, then Q c1:b's, back too soon


def test_05_the_stale_ulinks_are_told_cause_first_as_the_replay_has_them():
    """Review 30-AG, cell 49: what puts option 31's nodes back is each node's own ULINK, pointing since ABEL's
    purify at option 27's node just above it, which LAND's cover then took out of the list; the header's stale
    ULINK is what the second hide made of it. The prose says it in that order, and the replay bears each step out
    (r1c3 here; r2c3 and r3c3 alike)."""
    from wordcover.double_purify import _option_start

    trace = record_writes(dp.abel_land().problem, "naive")
    again = trace.marks["double-purify"][0]
    twice = trace.event(again).option  # the notebook's cell: the option the hide just after it takes out again
    frames = [k + 1 for k in range(trace.frames - 1) if trace.event(k).option == twice and trace.event(k).kind in
              ("hide", "unhide")]  # fmt: skip
    first, second, inner = frames[:3]
    assert second == again + 1 and trace.event(inner - 1).kind == "unhide"
    for name in ("r1c3", "r2c3", "r3c3"):
        i = trace.names.index(name)
        start = trace.arrays_at(0)["TOP"]
        x = next(n for n in range(_option_start(start, twice), len(start)) if start[n] == i)  # option 31's node
        before = trace.arrays_at(first - 1)
        u = trace.arrays_at(first)["ULINK"][x]
        assert before["DLINK"][u] == x and u != i  # its own ULINK: the node just above it
        gone = next(f for f in range(first, second) if u not in list_nodes(*_td(trace, f), i))
        assert trace.event(gone - 1).kind == "hide" and trace.event(gone - 1).cause == "cover"  # LAND's cover
        assert trace.describe(gone).startswith("L1 hide LAND") and list_nodes(*_td(trace, gone), i) == []
        at = trace.arrays_at(second)
        assert at["ULINK"][i] == u == at["ULINK"][x] and u not in list_nodes(at["TOP"], at["DLINK"], i)  # stale
        back = trace.arrays_at(inner)
        assert back["DLINK"][u] == x and list_nodes(back["TOP"], back["DLINK"], i) == []  # after a node not in it
    prose = _prose("05_double_purify")
    steps = ["kept its own ULINK", "LAND's cover then took node 184 out", "is now *stale*", "The inner unpurify puts"]
    assert sorted(steps, key=prose.index) == steps
    assert "ULINK(r1c3) r1c3 -> node 184" in _outputs("05_double_purify")  # the number the prose names, printed
    assert "the stale ULINKs put the other three" not in prose


def _td(trace, frame):
    arrays = trace.arrays_at(frame)
    return arrays["TOP"], arrays["DLINK"]


def test_05_the_wrong_counts_are_said_to_depend_on_the_walks_direction_with_dlx2s_97_printed():
    """Our uncover walks up, DLX2's down: the same links on sound lists, other counts on the naive engine's broken
    ones (tests/test_dlx2_order.py runs our naive engine walking down and gets all of DLX2's counters). The notebook
    prints DLX2's 97 from its record beside our 106 and says both causes: the order of the options and the walk's
    direction. Nothing says the inherited uncover restores the same links without the sound-lists proviso."""
    import json
    import pathlib

    from lessons.double_purify import dlx2_naive, dlx2_naive_line

    kept = json.loads((pathlib.Path(__file__).resolve().parent.parent / "data/dlx2_without_sticker.json").read_text())
    theirs = kept["runs"]["ABEL LAND, without sticker"]["solutions"]
    assert dlx2_naive() == theirs == 97
    assert make_engine(dp.abel_land().problem, "naive").count() == 106 != theirs
    prose, out = _prose("05_double_purify"), _outputs("05_double_purify")
    assert f"Knuth's DLX2, edited to purify the naive way (its record): {theirs} solutions" in out
    assert "naive: 106 solutions in all" in out
    assert "which restores the same links" not in prose
    # review 30-AM: the direction in one clause where the engines first run, told in full at ABEL LAND
    assert "its uncover walks each list the other way, which matters only once lists are broken" in prose
    assert f"106 solutions where DLX2, edited to purify the naive way, prints {theirs}" in prose
    assert "on the order in which the lists hold the options (exercise 1 shuffles them) and on the direction" in prose
    # review 30-AK (05 item 1): the walk-down claim is printed beside its sentence, with the library's engine
    assert "our naive engine made to walk down" not in prose
    assert "Walking down, our naive engine gives DLX2's count, updates and nodes." in prose
    said = knuth_counters(kept["runs"]["ABEL LAND, without sticker"]["last line"])
    down = NaiveUncoverDown(dp.abel_land().problem)
    down.count()
    assert (down.stats.solutions, down.stats.updates, down.stats.nodes) == (
        said["count"],
        said["updates"],
        said["nodes"],
    )
    assert (f"naive, uncover walking down:      {theirs} solutions, {said['updates']} updates, {said['nodes']} nodes"
            in out)  # fmt: skip
    assert "naive, uncover walking up, ours:  106 solutions" in out
    assert kept["runs"]["ABEL LAND, without sticker"]["last line"] == dlx2_naive_line() in out


def test_05_lessons_moment_draws_q_and_c1_with_q_c1_b_followed():
    """Review 30-AK (05 item 4): the moments' picture helper, now in lessons, draws one frame of Q's and c1's lists."""
    from lessons.double_purify import moment

    trace = record_writes(examples.load("colour_pair").problem, "naive")
    figure = moment(trace, walk(trace)[2], "3. back too soon")
    from matplotlib.text import Text

    assert len(figure.axes) == 1
    assert any(t.get_text() == "3. back too soon" for t in figure.findobj(Text))


def test_05_the_hide_table_says_what_its_two_columns_leave_out_and_its_rows_are_named_as_printed():
    """Row 135 (option 31's too early unhide) moves 1 node and finds 0 already in, of its 4 other nodes: the prose
    before the table names the third case. Option 27's two rows are one hide and one unhide."""
    land = record_writes(dp.abel_land().problem, "naive")
    row = next(line for line in land_hides(land, 31).splitlines() if re.match(r"^ +135 ", line))
    moved, already = (int(n) for n in row.split()[5:7])
    others = len(land.analysis.option_nodes[31]) - 1
    assert (moved, already, others) == (1, 0, 4)
    prose = _prose("05_double_purify")
    assert "The two columns need not add up to the option's other nodes: a node in neither was written" in prose
    cells = _cells("05_double_purify")
    ids = [c.get("id") for c in cells]
    assert "need not add up" not in cells[ids.index("d05e0ptional")].source  # review 30-AK: said after the table
    assert "need not add up" in cells[ids.index("c5a4c593")].source
    table = land_hides(land, 31).splitlines()
    assert max(map(len, table)) <= 108, table  # fits a notebook column (it wrapped at 117)
    from wordcover.double_purify import hide_table

    kinds = [line.split()[2] for line in hide_table(land, 27, items=["LAND"], rows=2).splitlines()[1:]]
    assert kinds == ["hide", "unhide"]
    assert "Option 27's first hide and first unhide:" in prose and "first two hides" not in prose


def test_05_cover_keeps_the_rule_in_algorithm_x_and_in_the_naive_engine_only_until_a_purify_is_doubled():
    """Review 30-AK (05 item 2): 'In Algorithm X and in the naive engine, an option a cover hid has left every list but
    i's' was half true: at moment 6 the naive engine's uncover(Q) unhides Q c1:b, which Q's cover never hid."""
    prose = " ".join(_prose("05_double_purify").split())
    assert "In Algorithm X and in the naive engine, an option a cover" not in prose
    # review 30-AM: the cover does not break the rule; moment 3's unhide, too soon, leaves it a wrong list
    assert (
        "The naive engine keeps this too, until a purify is doubled. Then an unpurify puts `Q c1:b` back into Q's "
        "list while Q is covered and a purify still holds the option out (moment 3)." in prose
    )
    assert (
        "Q's cover breaks no rule: at moment 6 its uncover unhides from a list the too-soon unhide had already made "
        "wrong." in prose
    )
    trace = record_writes(examples.load("colour_pair").problem, "naive")
    third, sixth = walk(trace)[2], walk(trace)[5]
    back = trace.event(third.frame - 1)  # moment 3: an unpurify's unhide of Q c1:b, Q covered, P's purify live
    assert (back.kind, back.cause, back.option) == ("unhide", "unpurify", 2) and back.level == 1
    covered = [f for f in range(third.frame) if trace.event(f).kind == "cover" and trace.event(f).item == "Q"]
    assert covered and covered[-1] < third.frame < sixth.frame  # Q covered at moment 3, uncovered at moment 6
    event = trace.event(sixth.frame - 1)
    assert (event.kind, event.cause, event.item, event.option) == ("unhide", "uncover", "Q", 2)
    hid_by_q_cover = [f for f in range(1, sixth.frame) if trace.event(f - 1).cause == "cover" and
                      trace.event(f - 1).item == "Q" and trace.event(f - 1).kind == "hide"]  # fmt: skip
    assert hid_by_q_cover and all(trace.event(f - 1).option != 2 for f in hid_by_q_cover)


def test_05_moment_2_is_found_by_a_visible_loop_and_the_picture_is_read_from_the_header():
    """Review 30-AM (05 items 1, 5, 6): one moment is found by ten visible lines, beside walk's frame; 'frame' is
    said where first used, 'owed' where first used, 'the core' nowhere; purify is printed before commit; the
    unowed unhide's picture says where to start reading and what its frame is."""
    cells = _cells("05_double_purify")
    (loop,) = [c for c in cells if c.get("id") == "f33a05d2e0b2"]
    assert "walk(" not in loop.source and "pair_writes.event(" in loop.source
    assert "the loop: frame 14, L1 hide c1 (option 2: Q c1:b); walk: frame 14" in loop.outputs[0]["text"]
    trace = record_writes(examples.load("colour_pair").problem, "naive")
    assert walk(trace)[1].frame == 14
    prose = _prose("05_double_purify")
    assert "Printed, a moment gives its frame, the count of events done so far, and the event that led to it." in prose
    assert (
        "Its unhide is the one here that is *owed*: it undoes a hide made by the purify that this unpurify undoes."
        in prose
    )
    assert "Start at the header, at the top, and follow the arrows." in prose
    (listing,) = [c for c in cells if c.get("id") == "4fd6f31736d1"]
    printed = listing.outputs[0]["text"]
    assert printed.index("def purify") < printed.index("def unpurify") < printed.index("def commit")
    assert "walks each list up and puts the item back first" not in prose  # the direction is told at ABEL LAND


KNUTH_SAVING = (  # dlx2.w, the paragraph after KNUTH_REMARK, its first sentence word for word
    "We can save time by not removing nodes from secondary items that have been purified."
)


def test_05_says_what_knuths_remark_covers_and_what_the_next_paragraph_says():
    """Review 30-AO: "it says nothing of purify" was half true, since the section's next paragraph turns to purified
    items (for a saving). Its sentence is quoted, its parenthesis (which names the mark) is left to notebook 6."""
    prose = _prose("05_double_purify")
    assert "it says nothing of purify" not in prose
    assert f'The section\'s next paragraph turns to purified items, for a saving: "{KNUTH_SAVING}"' in prose
    assert "Neither paragraph says what a second purify of one item must do, nor speaks of a node put back twice." in (
        prose
    )
    assert prose.index(KNUTH_REMARK) < prose.index(KNUTH_SAVING) < prose.index("Exercise 2")
    assert "color<0" not in prose[: prose.index("Going further (optional)")]


def test_05_says_our_uncover_puts_the_item_back_first_and_why_that_changes_nothing():
    """Review 30-AO: the library's uncover puts the item back first, then unhides going up (TAOCP's (14)); DLX2's
    unhides going down and puts the item back last. Nothing hide or unhide reads is written by putting it back."""
    import inspect

    from wordcover.dancing_links import DancingLinks

    source = inspect.getsource(DancingLinks.uncover)
    assert source.index("self.rlink[left] = i") < source.index("unhide(p)") and "ulink[p]" in source
    for method in (DancingLinks.hide, DancingLinks.unhide, AlgorithmC.hide, AlgorithmC.unhide):
        assert not {"llink", "rlink"} & set(method.__code__.co_names), method
    prose = _prose("05_double_purify")
    assert "Its uncover follows TAOCP's (14) instead: it puts the item back first, where DLX2 does so last" in prose
    assert "that writes only LLINK and RLINK, which no hide or unhide reads." in prose
    assert "`uncover(Q)` does what TAOCP's (14) does: it puts Q back into the list of items, then unhides" in prose


def test_05_the_rule_and_moment_2_are_a_third_shorter():
    """Review 30-AO (05 item 6): the rule's cell (281 words) and moment 2's (203) cut by about a third, their tested
    sentences kept."""
    cells = {c.get("id"): c.source for c in _cells("05_double_purify")}
    assert len(cells["1af5dfa4"].split()) <= 200 and len(cells["24c5397b"].split()) <= 150
    assert "two live purifies now hold it out" in " ".join(cells["24c5397b"].split())
