"""Notebook 5, colour items and the double-purify bug: the solutions, and the check for exercise 2."""

from __future__ import annotations

import builtins
import contextlib
import random
import types

from lessons.double_purify import swapped_pair  # exercise 3's problem, set up in the notebook

from solutions import BUDGET, NOT_YET, Verdict, _is_number, _short, attempt, check_choice, own_work, same_steps, steps
from wordcover import AlgorithmC, NaiveAlgorithmC, Problem, WordSearch, examples, make_engine
from wordcover.algorithm_c import STICKER  # COLOR(x) = -1: already the right colour in a purified item
from wordcover.dlx_format import parse_dlx


def abel_land() -> WordSearch:
    """ABEL and LAND in 4 x 4, orthogonal directions: the notebook's example."""
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


def shuffled(seed: int = 1) -> Problem:
    """ABEL LAND with its options in the order ``random.Random(seed).shuffle`` gives (exercise 1's problem)."""
    problem = abel_land().problem
    order = list(range(len(problem.options)))
    random.Random(seed).shuffle(order)
    return Problem(problem.primary, problem.secondary, [problem.options[k] for k in order])


def shuffled_count(engine: str, seed: int = 1) -> int:
    """A correct engine counts 112 however the options are ordered; the naive engine's count moves with the order.

    Shuffling the options changes the order of the search, not the set of solutions, so the sticker engine says 112
    again. The naive engine's stale links steer its search (ABEL LAND has two words, so step C3 has one item left
    to choose at level 1 and a drifting LEN changes no choice), and which options it reaches depends on the order
    in which the lists hold them: on these shuffled options it reports another count than
    the 106 of the notebook's order.
    """
    return make_engine(shuffled(seed), engine).count()


def shuffled_missed(seed: int = 1) -> int:
    """The right solutions the naive engine never reports on the shuffled options: those of the sticker engine that
    are not among its own, compared as sets of options (the order of a solution's options is the search's, not
    the solution's). Its count is (right found) + (wrong reported), so the count alone does not say how many are
    missed: the wrong ones must be told apart first, by the verifier or by comparing with a correct engine.
    """
    problem = shuffled(seed)
    found = {frozenset(s) for s in make_engine(problem, "naive").solutions()}
    return sum(1 for s in make_engine(problem, "sticker").solutions() if frozenset(s) not in found)


SHUFFLED_COUNT_HINT = (
    "The puzzle is the same, but the naive engine's count is not a property of the puzzle: stale links decide which "
    "options it meets and which come back too soon, and they depend on the order of the options. "
    "No number found on the notebook's order carries over to this one."
)
SHUFFLED_MISSED_HINT = (
    "The naive engine's count mixes right solutions it finds with wrong ones it reports, so the count alone does not "
    "say how many right ones are missing. A solution is a set of options, whatever order the search lists them in."
)


SHUFFLED_THEN = (
    "Now run `AlgorithmC(shuffled).count()` (after `from wordcover import AlgorithmC`) to test your first "
    "prediction: a correct engine counts the same on any order of the options."
)


def _check_together(answers: tuple, expected: tuple, hints: tuple[str, ...], then: str = "") -> Verdict:
    """Two or three numbers graded together: one verdict for them all, so that none can be found by guessing it alone.

    Wrong numbers are told so with every hint (about the reasoning), never which one is wrong, nor any expected
    value; True, a string or a function is refused as not a number; ``then`` is said after right numbers.
    """
    count = {2: "Two", 3: "Three"}[len(expected)]
    if any(a is None or a is Ellipsis for a in answers):
        print(NOT_YET)
        return Verdict(False)
    odd = next((a for a in answers if not _is_number(a)), None)
    if odd is not None:
        what = "a function: call it, or write the number it gives" if callable(odd) else _short(odd)
        print(f"✗ {count} numbers are wanted here, not {what}.")
        return Verdict(False)
    if tuple(answers) == tuple(expected):
        print(f"✓ Right, {'both' if len(expected) == 2 else 'all three'}." + (f" {then}" if then else ""))
        return Verdict(True)
    given = ", ".join(_short(a) for a in answers)
    which = "one of the two, or both," if len(expected) == 2 else "one of them, or more,"
    print(f"✗ Not yet: ({given}) {'is not the pair' if len(expected) == 2 else 'are not the three'}; {which} "
          "is wrong. " + " ".join(hints))  # fmt: skip
    return Verdict(False)


def check_shuffled(naive_count, naive_missed) -> Verdict:
    """Exercise 1's check: the naive engine's count on the shuffled options and the right solutions it misses there,
    graded together (_check_together).

    Only the learner's two numbers come in; what they are compared with is worked out here, so the check cell shows
    nothing a learner could copy into the answer. The line that tests the first prediction is said only after both
    numbers are right (``then``).
    """
    expected = (shuffled_count("naive", seed=1), shuffled_missed(seed=1))
    hints = (SHUFFLED_COUNT_HINT, SHUFFLED_MISSED_HINT)
    return _check_together((naive_count, naive_missed), expected, hints, SHUFFLED_THEN)


def purify(engine, p: int) -> None:
    """Hide each option of another colour, and give each node of p's colour a sticker (COLOR = -1).

    The sticker is the mark the naive purify forgets: commit does nothing for a stickered node, so a second
    option of the same colour no longer purifies the item again. This is Knuth's fix (DLX2's purify). Another fix
    also passes the check, though it is not Knuth's: count the live purifies of each item, purify only when the
    count goes from 0 to 1 and unpurify only when it goes back from 1 to 0.
    """
    top, dlink, color = engine.top, engine.dlink, engine.color
    c, i = color[p], top[p]
    q = dlink[i]
    while q != i:
        if color[q] == c:
            color[q] = STICKER
        else:
            engine.hide(q)
        q = dlink[q]


def unpurify(engine, p: int) -> None:
    """Undo purify(p) bottom up: peel each sticker back to p's colour, unhide every other option.

    The walk runs upwards, as in Knuth's DLX2; a walk downwards would do as well (Knuth remarks of uncover that
    the direction does no harm, and check_purify accepts either): what must be reversed is the order of the
    purifies, last first, which the search gives. p itself keeps its colour throughout: its option was hidden
    when the chosen item was covered (step C4), so p is not in the item's list while purify walks it.
    """
    top, ulink, color = engine.top, engine.ulink, engine.color
    c, i = color[p], top[p]
    q = ulink[i]
    while q != i:
        if color[q] == STICKER:
            color[q] = c
        else:
            engine.unhide(q)
        q = ulink[q]


class _LibraryCall(Exception):
    """The learner's purify or unpurify called the library's own."""


def _guard(*args, **kwargs):
    raise _LibraryCall


@contextlib.contextmanager
def _library_refused():
    """While the learner's engine runs, Algorithm C's own purify and unpurify raise _LibraryCall when called."""
    saved = {name: AlgorithmC.__dict__[name] for name in ("purify", "unpurify")}
    try:
        for name in saved:
            setattr(AlgorithmC, name, _guard)
        yield
    finally:
        for name, method in saved.items():
            setattr(AlgorithmC, name, method)


_ORIGINALS = (
    AlgorithmC.purify,
    AlgorithmC.unpurify,
    NaiveAlgorithmC.purify,
    NaiveAlgorithmC.unpurify,
    purify,
    unpurify,
)  # the library's purify and unpurify, Algorithm C's and the naive engine's, and the solution's
_LIBRARY_CODES = {f.__code__ for f in _ORIGINALS}  # taken when the module loads, before any check swaps a code


_LIBRARY_GLOBALS = {"STICKER": STICKER}  # the global number Algorithm C's purify reads


def _working(function) -> tuple:
    """What a function's code does once its counters, docstring, comments, layout and local names are set aside
    (``solutions.steps``), STICKER read as -1 even where a paste has not defined it."""
    return steps(function, _LIBRARY_GLOBALS, counters=True)


def _same_as_the_library(candidate) -> bool:
    """True when ``candidate`` does what Algorithm C's own purify does, instruction for instruction, counters
    included: its lines pasted in, with or without the docstring, whatever the comments, layout, local names, or
    STICKER written as -1. Without its two counter lines it is, line for line, the printed naive purify with its
    ``pass`` replaced by the mark, the learner's own edit: no check can refuse one and take the other, so both are
    taken. Only purify is compared: the unpurify a learner gets from the naive one printed in the notebook, its
    ``pass`` replaced by the peeling of the mark, is the library's too."""
    return same_steps(candidate, AlgorithmC.purify, _LIBRARY_GLOBALS, counters=True)


def _reaches_a_copy(candidate, depth: int = 4) -> bool:
    """True when ``candidate`` is, or reaches, a function running the library's or the solution's purify code.

    ``types.FunctionType(AlgorithmC.purify.__code__, ...)`` made before the check is a new function with the
    library's code object: the tripwire, which swaps the original function's code, never meets it. So the learner's
    functions are searched before they run, through the global names their code reads, their defaults and their
    closures (``depth`` steps deep), for a function other than those whose code is one of theirs. The originals
    themselves, saved or wrapped, are left to the tripwire of ``attempt``, which says so when they are called.
    """
    seen: set[int] = set()

    def vars_of(cell):  # what a closure holds (nothing yet, for a name assigned later)
        try:
            return cell.cell_contents
        except ValueError:
            return None

    def reaches(thing, depth: int) -> bool:
        if id(thing) in seen or depth < 0:
            return False
        seen.add(id(thing))
        thing = getattr(thing, "__func__", thing)  # a bound method: its function
        if any(thing is f for f in _ORIGINALS):
            return False
        if isinstance(thing, types.FunctionType):
            if thing.__code__ in _LIBRARY_CODES:
                return True
            names: set[str] = set()
            stack = [thing.__code__]
            while stack:  # the code and the functions, lambdas and comprehensions defined inside it
                code = stack.pop()
                names.update(code.co_names)
                stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
            held = [thing.__globals__[n] if n in thing.__globals__ else getattr(builtins, n, None) for n in names]
            held += [vars_of(cell) for cell in thing.__closure__ or ()]
            held += list(thing.__defaults__ or ()) + list((thing.__kwdefaults__ or {}).values())
            return any(reaches(h, depth - 1) for h in held)
        if hasattr(thing, "func") and callable(thing.func):  # functools.partial
            return reaches(thing.func, depth - 1)
        if isinstance(thing, type) and not thing.__module__.startswith(("wordcover", "solutions", "builtins")):
            return any(reaches(v, depth - 1) for v in vars(thing).values())  # a class of the learner's
        return False

    return reaches(candidate, depth)


def _sorted_solutions(engine) -> list[list[int]]:
    return sorted(sorted(s) for s in engine.solutions())


def _ws(words: list[str]) -> Problem:
    return WordSearch(4, 4, words, "orthogonal").problem


UNCOLOURED = "P Q | X\nP X:a\nQ X\nQ X:a\n"  # Q X names the secondary item X without a colour


def _problems() -> list[tuple[str, Problem, str]]:
    """The problems check_purify runs, each with the hint for a wrong answer on it: the two the notebook names,
    then three more it does not show, one of them with an option that names a secondary item without a colour
    (a word search colours every cell it names, so there a purify that passes over uncoloured options goes
    unnoticed)."""
    return [
        ("the colour pair", examples.load("colour_pair").problem, PURIFY_HINT),
        ("ABEL LAND", abel_land().problem, PURIFY_HINT),
        ("a further problem, ABEL LAND ANNA in 4 x 4,", _ws(["ABEL", "LAND", "ANNA"]), PURIFY_HINT),
        ("a further problem, ADA ALAN NAN in 4 x 4,", _ws(["ADA", "ALAN", "NAN"]), PURIFY_HINT),
        ("a further problem, P Q | X with the options P X:a, Q X and Q X:a,", parse_dlx(UNCOLOURED).problem,
         UNCOLOURED_HINT),
    ]  # fmt: skip


PURIFY_HINT = (
    "Follow one cell, on paper, through two chosen options of the same letter. When the second option's commit "
    "reaches that cell, the cell is purified already: what must that commit be able to tell there, and from what? "
    "Each unpurify must leave the list and every colour as its purify found them."
)
UNCOLOURED_HINT = (
    "Here an option names the secondary item without giving it a colour. Which options may be chosen beside one "
    "that colours the item, and which of the others does your purify leave in play?"
)
PURIFY_LOOPS = "Does the walk along the item's list move on at every node, and stop when it is back at the header?"


def check_purify(purify_fn, unpurify_fn, budget: float = BUDGET) -> Verdict:
    """Run Algorithm C with the given purify and unpurify on the colour pair, ABEL LAND and three problems not shown.

    Each search runs within ``budget`` seconds; its solutions are compared with Algorithm C's, and its links and
    colours after the search with those before. The library's own purify and unpurify, Algorithm C's and the naive
    engine's, are refused, passed in or called from inside (a counter around the naive engine's purify is a fix,
    but not the learner's own code), and so is a copy of their code made before the check (``_reaches_a_copy``).
    """
    answers = (purify, unpurify, AlgorithmC.purify, AlgorithmC.unpurify, NaiveAlgorithmC.purify,
               NaiveAlgorithmC.unpurify)  # ours and the library's  # fmt: skip
    if not (own_work(purify_fn, *answers) and own_work(unpurify_fn, *answers)):
        return Verdict(False)
    if _reaches_a_copy(purify_fn) or _reaches_a_copy(unpurify_fn):
        print("✗ That runs a copy of the library's own purify or unpurify: write your own.")
        return Verdict(False)
    if _same_as_the_library(purify_fn):
        print(
            "✗ That is Algorithm C's own purify, instruction for instruction, its counters too: the library's "
            "answer, pasted in. Write your own."
        )
        return Verdict(False)

    class Learner(AlgorithmC):
        def purify(self, p: int) -> None:
            purify_fn(self, p)

        def unpurify(self, p: int) -> None:
            unpurify_fn(self, p)

    def search(engine):
        try:
            with _library_refused():
                return _sorted_solutions(engine)
        except _LibraryCall:
            return _LibraryCall
        except NameError as err:  # a copy of _guard's code made inside the learner's purify, with their globals
            if err.name == _LibraryCall.__name__:
                return _LibraryCall
            raise

    for name, problem, hint in _problems():
        right = _sorted_solutions(AlgorithmC(problem))
        engine = Learner(problem)
        before = engine.state()
        ran, found = attempt(
            search,
            engine,
            what="purify and unpurify above",
            where=f"on {name} the search",
            budget=budget,
            loops=PURIFY_LOOPS,
            refused=answers,  # however they are reached: by name, saved earlier, through super() or a wrapper
        )
        if not ran:
            return Verdict(False)
        if found is _LibraryCall:
            print("✗ That calls the library's own purify or unpurify, or runs a copy of its code: write your own.")
            return Verdict(False)
        if found != right:
            wrong = sum(1 for s in found if s not in right)
            noun = "solution" if len(found) == 1 else "solutions"
            print(f"✗ Not yet: on {name} your engine finds {len(found)} {noun} ({wrong} wrong). {hint}")
            return Verdict(False)
        if engine.state() != before:
            broken = engine.sanity()
            what = f"the links are left broken ({broken[0]})" if broken else "the links or colours are not as they were"
            print(f"✗ Not yet: on {name} the solutions are right, but after the search {what}. {hint}")
            return Verdict(False)
    print("✓ Right: every problem gives the right solutions, and the links and colours are as they were afterwards.")
    return Verdict(True)


def swapped_naive_count() -> int:
    """1, the right count, though the naive engine breaks the rule just as before.

    P's purify hides Q c1:b; at level 1 the cover of Q hides Q c1:a's node in c1, Q c1:a is tried, the second
    purify of c1 hides Q c1:b again, and after the solution the inner unpurify puts Q c1:b back into Q's list
    while P's purify still holds (moments 2 and 3). But Q c1:b's node goes back where it stood, above Q c1:a's,
    and step C6 moves down from Q c1:a to the node after it, which is Q's header: Q c1:b is never tried, and
    no wrong solution is reported. A right count does not mean right counters (swapped_len_c1).
    """
    return make_engine(swapped_pair(), "naive").count()


def swapped_purifications() -> int:
    """2: P c1:a's commit purifies c1 at level 0, Q c1:a's purifies it again at level 1, and nothing more.

    Each option chosen purifies c1 once, when step C5 commits it, so the purifies are the options tried. Moments 1,
    2 and 3 happen as before, but Q c1:b comes back above Q c1:a in Q's list, and step C6 goes down from the option
    it has just tried: it meets Q's header and level 1 is done. Moment 4, the try of an option a purify removed,
    does not happen, and with it go the third purify and the wrong solution (swapped_naive_count). The engine's
    ``stats.purifications`` counts them; in the notebook's order it says 3.
    """
    engine = make_engine(swapped_pair(), "naive")
    engine.count()
    return engine.stats.purifications


SWAPPED_COUNT_HINT = "After the inner unpurify, which node comes after the one being tried in Q's list?"
SWAPPED_PURIFY_HINT = (
    "Each option chosen purifies the shared cell when step C5 commits it. Which options are chosen, level by level, "
    "once the inner unpurify has put the option that writes b back, and where in Q's list?"
)


SWAPPED_LEN_HINT = (
    "The shared cell's LEN rises at every unhide that relinks a node into its list, whether that node had left the "
    "list or not. Which unhides run as the search backs out, and which options are in Q's list by then?"
)


SWAPPED_THEN = (
    'Now run `engine = make_engine(swapped, "naive")`, `engine.count()`, then `print(engine.stats)` (it counts the '
    "purifications) and `engine.sanity()`: a right count need not mean right lists."
)


def check_swapped(solutions_reported, purifies, len_c1) -> Verdict:
    """Exercise 3's check: the naive engine's solutions on the swapped pair, the purifies it makes and LEN(c1) when
    its search ends, graded together (_check_together).

    Only the learner's three numbers come in; the expected ones are worked out here (swapped_naive_count,
    swapped_purifications, swapped_len_c1), so the check cell shows nothing a learner could copy into the answer.
    Ignoring the bug gives the first two right and LEN(c1) as it started; applying the notebook's six moments
    unchanged gives the notebook's numbers: both are refused. The lines that show the numbers are said only after
    all three are right (``then``), so running them cannot replace the prediction.
    """
    expected = (swapped_naive_count(), swapped_purifications(), swapped_len_c1())
    hints = (SWAPPED_COUNT_HINT, SWAPPED_PURIFY_HINT, SWAPPED_LEN_HINT)
    return _check_together((solutions_reported, purifies, len_c1), expected, hints, SWAPPED_THEN)


def swapped_len_c1() -> int:
    """4, for the 3 nodes linked in c1's list when the search ends: one too many, as in the notebook's order.

    Nodes of c1 leave its list twice: the cover of P hides P c1:a, the cover of Q hides Q c1:a (the purifies
    walk c1's own list, so they move no node of c1). LEN(c1) rises three times: uncover(Q) unhides every option
    in Q's list, and Q c1:b is back in it, so besides Q c1:a it unhides Q c1:b and relinks its node in c1, which
    never left; then uncover(P) brings P c1:a back. 3 - 2 + 3 = 4.
    """
    engine = make_engine(swapped_pair(), "naive")
    engine.count()
    return engine.len[engine.names.index("c1")]


def why_corrupt() -> str:
    """c: the second hide changes only LEN(Q), wrongly; the rest of the harm comes from what undoes it.

    Hiding an option leaves its node in the item being purified (c1) where it is and takes its node in Q out of
    Q's list. At the second purify that node is already out, so the removal writes into DLINK and ULINK the values
    they hold and changes nothing but LEN(Q), which now says 0 with one node linked and stays one too low until
    the last unpurify: Knuth's remark, that a node is never removed from a list twice, no longer holds, though no
    link moves. The inner unpurify then unhides the option, putting its node back into Q's
    list while the purify of level 0 still wants it hidden; step C6 finds it there and tries it, and the search
    reports it with P c1:a. Later uncover(Q) unhides it again, relinking its node in c1, which never left, so
    LEN(c1) ends one too high.
    """
    return "c"


def why_corrupt_not() -> dict[str, str]:
    """Why each other account of the colour pair's double purify is wrong, for the self-check to say."""
    return {
        "a": "In the colour pair the second hide writes only LEN(Q): its DLINK and ULINK writes put back the values "
        "already there (moment 2 lists what changed). Stale pointers do appear in ABEL LAND, but the search "
        "reaches Q c1:b because an unhide put it back into Q's list (moment 3).",
        "b": "Dancing Links never deletes a node: a hidden node keeps its own ULINK and DLINK, which is what lets "
        "unhide put it back. Q c1:b's node in c1 is counted once too often because an unhide relinks it into a "
        "list it never left (moment 6).",
        "d": "Both purifies hide the options of another colour, as the code says: Q c1:b, colour b, is the one "
        "hidden, and Q c1:a, colour a, is tried first and gives a right solution before any wrong one is reported.",
    }


def why_harmless() -> str:
    """c: LEN is read by step C3 alone, and no C3 runs while LEN(Q) is wrong.

    LEN(Q) is one too low from the second hide (moment 2) to the last unpurify. A LEN matters only when step C3
    compares the LENs of the items still in the list of items, to choose one. Q left that list when it was
    covered at level 1, before moment 2, and comes back at its uncover; after that level 0 has no other option of
    P to try and only backtracks, undoing its purify, whose unhide brings LEN(Q) back to the truth. The colour
    pair's two C3 steps (choose P, choose Q) both come before moment 2. Even a C3 that reads a wrong LEN only
    chooses another item: the options it then tries are those met walking that item's list (why_harmless_not, d).
    """
    return "c"


def why_harmless_not() -> dict[str, str]:
    """Why each other account of the harmless wrong LEN(Q) is wrong, for the self-check to say."""
    return {
        "a": "Read moment 3's printout: just after that unhide LEN(Q) is 1 with two nodes linked. The unhide does "
        "not put LEN(Q) right.",
        "b": "A hide lowers the LEN of every item in which the option has a node outside the list being walked: at "
        "moment 2 the LEN that falls is LEN(Q), and Q is a primary item.",
        "d": "Step C3 does not take a LEN of 0 for a dead end, in this library or in Knuth's DLX2: it chooses the "
        "item with the smallest LEN (and stops looking when it meets a 0), then walks that item's list by DLINK "
        "down to the header and tries every option it meets there. A LEN steers which item is chosen, never which "
        "options are tried.",
    }


def check_why_harmless(answer) -> Verdict:
    """Exercise 4's check: the learner's letter, and for a wrong one the reason it fails (never the right one)."""
    return check_choice(answer, why_harmless(), "abcd", why=why_harmless_not())
