"""Notebook 7, word rectangles and word squares: the solutions, and the checks its exercise cells call with the
learner's answer only."""

from __future__ import annotations

import bisect
import contextlib
import copy
import io
import random
import time
from collections.abc import Callable, Sequence

from solutions import (
    BUDGET,
    Verdict,
    _case,
    _short,
    answers_refused,
    attempt,
    check,
    check_choice,
    check_function,
    own_work,
    time_limit,
)
from wordcover.errors import ExtraNeeded
from wordcover.squares import SquareSearch
from wordcover.wordlists import load_words

TWO_LETTER_WORDS = ["AN", "AT", "NO", "ON", "TO"]


def squares_of_order_two(words: Sequence[str] = TWO_LETTER_WORDS) -> int:
    """7 grids of order 2 from AN AT NO ON TO: five are their own transpose, and two are a transposed pair.

    A grid of order 2 is two rows, XY over ZW, whose columns XZ and YW must be words too. When the second row
    starts with the first row's last letter (X Y over Y W) the columns are the rows again: a symmetric square.
    Each word has exactly one word starting with its last letter (AN-NO, AT-TO, NO-ON, ON-NO, TO-ON): five
    symmetric squares. The other grids come in pairs, a grid and its transpose, two different grids: AN over TO
    (columns AT and NO) and AT over NO (columns AN and TO). 5 + 2 = 7; the count is of grids, so both of the pair
    count.
    """
    return SquareSearch(2, words, "any").count()


def squares_of_order_two_hint() -> str:
    """What to think about when the prediction is not right (the reasoning, never the number)."""
    return (
        "Write each grid as two rows and read its two columns downwards. Did you count grids, or sets of words? For "
        "each grid you found, list the words in it, rows and columns together: is there another way to write some of "
        "those words into two rows so that the columns are words again?"
    )


ORDER_TWO_THEN = (
    'Now run `SquareSearch(2, two_letter, "any").count()` to see it, and '
    '`list(SquareSearch(2, two_letter, "any").squares())` to see the grids.'
)


def check_squares_of_order_two(prediction) -> Verdict:
    """Exercise 1's check: the learner's number of grids of order 2 from AN AT NO ON TO, against
    :func:`squares_of_order_two`, computed here so that the check cell shows nothing that gives it."""
    return check(prediction, squares_of_order_two(TWO_LETTER_WORDS), squares_of_order_two_hint(), then=ORDER_TWO_THEN)


def prefix_range(words: Sequence[str], prefix: str) -> tuple[int, int]:
    """Two bisections: ``words[lo:hi]`` are the words of the sorted list that start with ``prefix``.

    ``bisect_left(words, prefix)`` is the first place where ``prefix`` could go with the list still sorted: every
    word before it sorts before ``prefix``, so none of them starts with it, and a word equal to ``prefix`` (a prefix
    that is a whole word) is not skipped, as ``bisect_right`` would skip it. Every word that starts with ``prefix``
    sorts before ``prefix + "~"``, since ``"~"`` comes after every letter A to Z, and every later word sorts after
    it; so ``bisect_left(words, prefix + "~")`` is the place just after the last of them. (Any character after Z
    would do; ``prefix + "Z"`` would not, as JAZZ shows for JA, nor would ``prefix`` and a run of Zs, as a longer
    word of Zs shows.) The empty prefix gives the whole list, and a prefix that no word starts with gives
    ``lo == hi``, the place where it would sort.
    """
    lo = bisect.bisect_left(words, prefix)
    hi = bisect.bisect_left(words, prefix + "~")
    return lo, hi


RANGE_HINT = (
    "Check each end on paper. Is words[lo] the first word that starts with the prefix, even when the prefix is "
    "itself a word of the list? Is words[hi - 1] the last one, whatever letter comes after the prefix in it? And "
    "what should the empty prefix give?"
)
RANGE_LOOPS = (
    "Does your function look at the words one by one? In a sorted list both ends can be found by halving, as "
    "bisect_left does."
)
RANGE_BUDGET = 3.0  # seconds for the look-ups in the whole English list: by bisection they take hundredths of a second
RANGE_LOOKUPS = 5000  # a fifth of them the empty prefix: a walk along the words from lo reads the whole list each time
RANGE_NOT_A_TUPLE = (
    "The exercise asks for the pair as a tuple, (lo, hi): in Python a list of two numbers is not equal to the tuple "
    "of the same two ([1, 2] != (1, 2))."
)


def prefix_range_cases(seed: int = 11, count: int = 40) -> list[tuple[list[str], str]]:
    """Hidden cases for the check: the edge cases a learner forgets (an empty list, a prefix that is a whole word,
    one that a word continues with Z, or with a run of Zs longer than a learner would type, prefixes before the first
    word and after the last), then random lists of four- and three-letter words with random prefixes."""
    rng = random.Random(seed)
    fours, threes = load_words("everyday"), load_words(length=3)
    cases = [
        ([], ""),
        ([], "AB"),
        (["ABLE"], "ABLE"),
        (["ABLE", "ABLY", "ACHE"], "AB"),
        (fours, "JA"),  # JAZZ: a word that goes on with Z
        (["JAZZ", "JA" + "Z" * 998, "JOKE"], "JA"),  # a word of 1,000 letters: prefix + a run of Zs ends too soon
        (fours, "ABLE"),
        (fours, "ZONE"),
        (fours, "AA"),
        (fours, "ZZ"),
    ]
    while len(cases) < count:
        words = sorted(rng.sample(rng.choice([fours, threes]), rng.randint(5, 150)))
        k = rng.randint(0, len(words[0]))
        prefix = rng.choice(words)[:k] if rng.random() < 0.8 else "".join(rng.sample("QXZJVY", min(k, 3) or 1))
        cases.append((words, prefix))
    return cases


def _lookups(seed: int = 5) -> tuple[list[str], list[str]]:
    """The whole English list and RANGE_LOOKUPS prefixes for the timed part: the empty prefix, the word A (a whole
    word, and the start of many), JA and ZZZ, then prefixes of random words, of 0 to 4 letters."""
    rng = random.Random(seed)
    english = load_words()
    edges = ["", "A", "JA", "ZZZ"]
    return english, edges + [rng.choice(english)[: rng.randint(0, 4)] for _ in range(RANGE_LOOKUPS - len(edges))]


def library_ranges() -> list[Callable]:
    """The library's functions that find a prefix range, which the check refuses: the readable search's
    ``prefix_range`` and, where numba and numpy are installed, the compiled search's ``trie`` (its first/last)."""
    library: list[Callable] = [SquareSearch.prefix_range]
    try:
        from wordcover.fast_squares import trie
    except ExtraNeeded:
        return library
    return [*library, trie]


def check_prefix_range(candidate, words: Sequence[str]) -> Verdict:
    """Check a learner's ``prefix_range`` on three cases of ``words`` and :func:`prefix_range_cases` (not shown),
    then time it on many look-ups in the whole English list (a scan of the words cannot finish them in
    RANGE_BUDGET seconds); the library's own (:func:`library_ranges`), however it is reached, is refused.

    The verdict on the cases is said only once the timing has passed too, so a right answer gets one line."""
    if not own_work(candidate, prefix_range):
        return Verdict(False)
    words = list(words)
    shown = [(words, "LO"), (words, "IB"), (words, "")]
    # a pair in a list is the one slip whose values may be right: say so before comparing any value
    where = f"on {_case(shown[0])} it"
    ran, got = attempt(candidate, list(words), "LO", what="the function above", where=where, budget=BUDGET,
                       refused=(prefix_range, *library_ranges()))  # fmt: skip
    if not ran:
        return Verdict(False)
    if isinstance(got, list):
        print(f"✗ Not yet: {where} gives {_short(got)}, a list. {RANGE_NOT_A_TUPLE}")
        return Verdict(False)
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        right = check_function(
            candidate, prefix_range, shown, hidden=prefix_range_cases(), hint=RANGE_HINT, refused=library_ranges()
        )
    if not right:
        print(said.getvalue(), end="")
        return Verdict(False)
    english, prefixes = _lookups()

    def look_up_all() -> list:
        return [candidate(english, prefix) for prefix in prefixes]

    ran, got = attempt(
        look_up_all,
        what="the function above",
        where=f"on {RANGE_LOOKUPS} look-ups in the whole English list it",
        budget=RANGE_BUDGET,
        loops=RANGE_LOOPS,
        refused=(prefix_range, *library_ranges()),
    )
    if not ran:
        return Verdict(False)
    wrong = next((p for p, g in zip(prefixes, got) if g != prefix_range(english, p)), None)
    if wrong is not None:
        print(f"✗ Not yet: in the whole English list, for the prefix {wrong!r}, it gives "
              f"{got[prefixes.index(wrong)]!r}, which is not right. {RANGE_HINT}")  # fmt: skip
        return Verdict(False)
    print(
        said.getvalue().rstrip("\n") + f" It also finished {RANGE_LOOKUPS} look-ups in the whole English list in time."
    )
    return Verdict(True)


def letter_mask(words: Sequence[str], prefix: str, position: int) -> int:
    """Set bit k (k = 0 for A) for the letter at ``position`` of every word that starts with ``prefix``.

    ``1 << k`` is the number with only bit k set, and ``|=`` adds it to the set; a prefix that no word has
    gives the empty set, 0. At a position inside the prefix every word counted has the prefix's own letter there,
    so the mask is that one bit (the search asks only for positions after the prefix, but the mask means the same).
    """
    mask = 0
    for word in words:
        if word.startswith(prefix) and position < len(word):
            mask |= 1 << (ord(word[position]) - ord("A"))
    return mask


MASK_HINT = (
    "The answer is one number whose bits are letters. Which words count: those that start with the whole prefix, or "
    "any that hold it somewhere? Which bit stands for A, and which for Z? And when two words have the same letter "
    "there, does your way of adding its bit still leave one bit set? And is it right at every position, inside the "
    "prefix too?"
)


def letter_mask_cases(seed: int = 7, count: int = 40) -> list[tuple[list[str], str, int]]:
    """Hidden cases for the check: random word lists of four and three letters, random prefixes (the start of a
    word, or one that no word has) and positions anywhere in the word, and the edge cases a learner forgets: an
    empty list, positions inside the prefix, there for a prefix that no word has too, and words of mixed lengths
    (a word too short for the position has no letter there)."""
    rng = random.Random(seed)
    fours, threes = load_words("everyday"), load_words(length=3)
    cases = [
        ([], "", 0),
        (["ZERO"], "", 0),
        (["ABLE", "AXLE"], "A", 3),
        (["QUIT", "QUIZ"], "QUI", 3),
        (["ABLE", "AXLE"], "AB", 0),  # inside the prefix: A
        (["QUIT", "QUIZ"], "QX", 1),  # inside a prefix that no word has: 0
        (["AT", "ATE", "ATOM"], "AT", 3),  # words of mixed lengths: only ATOM reaches position 3
        (["ZOO", "ZOOM", "ZOOS"], "ZOO", 3),
        (fours, "ST", 1),
    ]
    while len(cases) < count:
        words = sorted(rng.sample(rng.choice([fours, threes]), rng.randint(5, 120)))
        size = len(words[0])
        k = rng.randint(0, size - 1)
        prefix = rng.choice(words)[:k] if rng.random() < 0.85 else "".join(rng.sample("QXZJV", k))
        cases.append((words, prefix, rng.randint(0, size - 1)))
    return cases


def library_masks() -> list[Callable]:
    """The library's functions that build the masks the exercise asks for, which the check refuses: the readable
    search's (its constructor and ``letters``) and, where numba and numpy are installed, the compiled search's
    ``trie``."""
    library: list[Callable] = [SquareSearch.__init__, SquareSearch.letters]
    try:
        from wordcover.fast_squares import trie
    except ExtraNeeded:  # no compiled search here, so no trie to refuse
        return library
    return [*library, trie]


MASK_HINTS = {  # a known mistake, found by what the learner's mask gives on the first case it gets wrong
    "short": "Some word that starts with the prefix may be too short to have a letter at that position: what should "
    "your function do with it?",
    "position": "Your letters come from a neighbouring position: where does your count of positions start, and at "
    "which letter of the word?",
    "bit": "Your letters sit on the wrong bits: which bit stands for A, and which for Z?",
    "adding": "When two words have the same letter there, does your way of adding its bit still leave one bit set?",
    "anywhere": "Which words count: those that start with the whole prefix, or any that hold it somewhere?",
}


def _mistaken_mask(words: Sequence[str], prefix: str, position: int, mistake: str) -> int | None:
    """The mask a learner who makes ``mistake`` (a key of :data:`MASK_HINTS` but "short") gets; None where that
    mistake gives nothing to compare (a position before the first)."""
    if mistake in ("before", "after"):
        position += 1 if mistake == "after" else -1
        if position < 0:
            return None
    mask = 0
    for w in words:
        if (prefix in w if mistake == "anywhere" else w.startswith(prefix)) and position < len(w):
            bit = 1 << (ord(w[position]) - 65)
            if mistake in ("bit+1", "bit-reversed"):
                bit = bit << 1 if mistake == "bit+1" else 1 << (90 - ord(w[position]))
            mask = mask + bit if mistake == "adding" else mask | bit
    return mask


MISTAKES = {"before": "position", "after": "position", "bit+1": "bit", "bit-reversed": "bit", "adding": "adding",
            "anywhere": "anywhere"}  # fmt: skip


def mask_mistake(candidate, cases: Sequence[tuple[list[str], str, int]]) -> str:
    """The hint for a learner's ``letter_mask``: the known mistake whose masks its values equal on every case up to
    the first it gets wrong (:data:`MASK_HINTS`), else :data:`MASK_HINT`; it never names the right value. The
    learner's function runs here within BUDGET / 2 seconds in all, the answer refused; past that, check_function
    says what went wrong."""
    start, values = time.perf_counter(), []
    for words, prefix, position in cases:  # up to the first case it gets wrong, as check_function goes
        left = BUDGET / 2 - (time.perf_counter() - start)
        try:
            with answers_refused(letter_mask, *library_masks()), time_limit(max(left, 0.01)):
                values.append(candidate(*copy.deepcopy((words, prefix, position))))
        except IndexError:
            short = any(w.startswith(prefix) and len(w) <= position for w in words)
            return MASK_HINTS["short"] if short else MASK_HINT
        except Exception:  # ran too long, called the answer, or raised: check_function says so
            return MASK_HINT
        if values[-1] != letter_mask(words, prefix, position):
            break
    else:
        return MASK_HINT  # right on every case
    for mistake, hint in MISTAKES.items():
        made = [_mistaken_mask(*case, mistake) for case in cases[: len(values)]]
        if all(m is None or m == got for m, got in zip(made, values)):
            return MASK_HINTS[hint]
    return MASK_HINT


def check_letter_mask(candidate, words: Sequence[str]) -> Verdict:
    """Check a learner's ``letter_mask`` on six cases of ``words`` (one at a position inside its prefix), then on
    :func:`letter_mask_cases` (not shown); a call of the library's masks (:func:`library_masks`), however it is
    reached, is refused. A wrong value gets the hint of the mistake it shows (:func:`mask_mistake`)."""
    words = list(words)
    shown = [(words, "L", 1), (words, "CA", 2), (words, "", 0), (words, "QU", 2), (words, "ST", 3), (words, "CA", 1)]
    hidden = letter_mask_cases()
    hint = mask_mistake(candidate, shown + hidden)
    verdict = check_function(candidate, letter_mask, shown, hidden=hidden, hint=hint, refused=library_masks())
    if not verdict and hint == MASK_HINTS["short"]:  # check_function named the IndexError: say what to think about
        print(hint)
    return verdict


def why_one_of_each_pair() -> str:
    """d: transposing a grid swaps its row 0 and its column 0, and in a double square those are two different words.

    The transpose of a double square is a double square too: its rows are the other's columns and its columns the
    other's rows, the same 2n different words. It is another grid, since row 0 and column 0 differ. Of the two
    grids, one has the smaller of those two words in column 0 and the other has it in row 0, so the rule "column 0
    sorts before row 0" keeps exactly one of them. Counting each grid the search finds as two therefore counts
    every double square once: none is missed and none is counted twice. Brute force, which tries every grid,
    gives the same count on the sample of three-letter words.
    """
    return "d"


def why_one_of_each_pair_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say (never which choice is right)."""
    return {
        "a": "If every double square had its column 0 sorting first, the rule would keep them all, and counting each"
        " one found as two grids would give twice what brute force counts. Brute force agrees with the search.",
        "b": "The order in which the search tries words decides which grid it meets first, not which grids the rule"
        " keeps: the rule compares two words of one finished grid, whatever order the list is in.",
        "c": "A grid with row i equal to column i for every i is a symmetric square, and a symmetric square uses"
        " each of its words twice, which a double square may not do: the kinds do not overlap.",
        "e": "That is true of every square, double or not, since the corner cell belongs to both lines. It tells which"
        " letters the comparison reads, not which grids it keeps: a fact that holds for every grid cannot be why the"
        " rule keeps exactly one of two.",
    }


def check_why_one_of_each_pair(answer) -> Verdict:
    """Exercise 3's check: the learner's letter against :func:`why_one_of_each_pair`, a wrong one told why."""
    return check_choice(answer, why_one_of_each_pair(), "abcde", why=why_one_of_each_pair_not())
