"""Notebook 8, making it fast: the solutions."""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections.abc import Callable

from solutions import Verdict, _case, _short, attempt, check, check_choice, own_work
from wordcover import WordSearch, make_engine
from wordcover.parallel import split
from wordcover.word_search import Placement

NAMES = ["ABEL", "CANTOR", "GAUSS", "EULER"]  # the notebook's four names


@functools.cache
def first_of_three() -> int:
    """92,692: piece 0 of split(six.problem, 3) gets CANTOR's placements 0, 3, 6, ..., 27, and counts their solutions.

    Every solution uses exactly one of CANTOR's 28 placements, so a piece counts the solutions of the placements dealt
    to it, and nothing else. Dealt round-robin into three, piece 0 gets positions 0, 3, 6, 9, 12, 15, 18, 21, 24 and
    27. In the notebook's list of orbits they are in the orbits of 16,029 (0, 6, 12, 18), of 5,954 (3, 9, 15, 21) and
    of 2,380 (24, 27): 4 x 16,029 + 4 x 5,954 + 2 x 2,380 = 92,692. Dealt into four, piece j gets positions j, j + 4,
    ..., and each piece gets two placements of each orbit of eight and one of the orbit of four: that is why the
    four pieces are equal. Into three they are not: 92,692, 61,788 and 90,312.
    """
    return make_engine(split(WordSearch(6, 6, NAMES).problem, 3)[0], "fast").count()


PIECE_THEN = 'Run `make_engine(split(six.problem, 3)[0], "fast").count()` to see the engine count it.'
PIECE_HINT = (
    "Which positions does split deal to piece 0 of three, and in which orbit is each of them? A solution that uses "
    "a placement of piece 0 is counted in piece 0 and in no other piece."
)
PIECE_FIRST_TEN = (
    "Those are the solutions of the first ten placements, taken in one block; split deals one placement to "
    "each piece in turn, round and round."
)


FIRST_TEN = 3 * 16_029 + 3 * 7_426 + 4 * 5_954  # the solutions of positions 0-9 taken in one block (94,181)


def check_piece(prediction: object) -> Verdict:
    """Exercise 1's check: the learner's count of piece 0 of three, worked out here; taking the first ten placements
    in one block gets its own hint."""
    first_ten = FIRST_TEN
    hint = PIECE_FIRST_TEN if prediction == first_ten else PIECE_HINT
    return check(prediction, first_of_three(), hint, then=PIECE_THEN)


def agree(p: Placement, q: Placement) -> bool:
    """True when every cell that p and q share gets the same letter from both.

    Write p's letters in a dictionary by cell; a cell of q that p does not use agrees by default.
    """
    letters = dict(zip(p.cells, p.word))
    return all(letters.get(cell, letter) == letter for cell, letter in zip(q.cells, q.word))


AGREE_HINT = (
    "Look at every cell the two placements share, not only the first, and compare the letter each writes there: "
    "a cell is a (row, column) pair, and p writes p.word[k] on p.cells[k]. Two placements that share no cell agree."
)


def agree_cases(seed: int = 8, count: int = 60) -> list[tuple[Placement, Placement]]:
    """Hidden cases for the check: pairs that share two cells and agree on only one of them, pairs of one word,
    pairs that share no cell, and random pairs from 4 x 4 and 5 x 5 grids in all eight directions."""
    rng = random.Random(seed)
    grids = [
        WordSearch(4, 4, ["ABEL", "LAND", "BELL", "ALE"]),
        WordSearch(5, 5, ["ANNA", "NAAN", "ABBA", "BAN"]),
        WordSearch(3, 4, ["AAB", "ABA", "BB"]),
    ]
    pairs, shared = [], []  # every ordered pair of placements of one grid, and for each: does each shared cell agree
    for ws in grids:
        letters = [dict(zip(p.cells, p.word)) for p in ws.placements]
        for p, mine in zip(ws.placements, letters):
            for q in ws.placements:
                pairs.append((p, q))
                shared.append([mine[c] == x for c, x in zip(q.cells, q.word) if c in mine])
    split = [k for k, s in enumerate(shared) if len(set(s)) == 2]  # share cells, agree on some and not on others
    rng.shuffle(split)
    first_agrees = [k for k in split if shared[k][0]][:8]  # the first shared cell agrees, a later one does not
    apart = [k for k, s in enumerate(shared) if not s]
    same_word = [k for k, (p, q) in enumerate(pairs) if p.word == q.word and p != q and shared[k]]
    chosen = first_agrees + split[:6] + rng.sample(apart, 4) + rng.sample(same_word, 4)
    return [pairs[k] for k in chosen] + rng.sample(pairs, count - len(chosen))


def check_agree(candidate: Callable[[Placement, Placement], bool], toy: WordSearch, *shown_above: Callable) -> Verdict:
    """Check a learner's ``agree`` on the toy's pairs (CAT with TEA), then on :func:`agree_cases` (not shown).

    The first wrong answer is named with its pair, as ``check_function`` names it. The hidden pairs of two words
    come before those of one word, so SAME_WORD_HINT is given only to a function right on every pair of two words
    and wrong on a pair of one word; any other mistake gets AGREE_HINT. ``shown_above`` are functions the notebook
    itself defines for the same test: handing one of them in is refused like the reference. While the learner's
    function runs, the library's compatibility matrices and its own ``agree`` (wordcover.views.pairs) are refused too
    (they hold the answer for every pair of a grid's placements).
    """
    from wordcover.cliques import compatibility, count_placements  # numpy, which notebook 8 needs anyway
    from wordcover.views.pairs import agree as pictures_agree  # the library's own test, which the pictures use

    if not own_work(candidate, agree, pictures_agree, *shown_above):
        return Verdict(False)
    refused = (agree, pictures_agree, compatibility, count_placements)
    shown = [(p, q) for p, q in itertools.product(toy.placements[:6], toy.placements[6:])]
    hidden = agree_cases()
    two_words = [(p, q) for p, q in hidden if p.word != q.word]
    one_word = [(p, q) for p, q in hidden if p.word == q.word]
    for k, (p, q) in enumerate(shown + two_words + one_word):
        where = f"on {_case((p, q))}" if k < len(shown) else f"on a further case, {_case((p, q))},"
        ran, said = attempt(candidate, *copy.deepcopy((p, q)), what="the function above", where=f"{where} it",
                            refused=refused)  # fmt: skip
        if not ran:
            return Verdict(False)
        if said != agree(p, q):
            same_word = k >= len(shown) + len(two_words) and said is False
            hint = SAME_WORD_HINT if same_word else AGREE_HINT
            print(f"✗ Not yet: {where} it gives {_short(said)}, which is not right. {hint}")
            return Verdict(False)
    print(f"✓ Right on all {len(shown) + len(hidden)} cases ({len(hidden)} of them not shown).")
    return Verdict(True)


SAME_WORD_HINT = (
    "That pair is two placements of one word, and every pair of two different words came out right. agree asks "
    "about letters only: that one word never stands in two places is kept by taking one placement per word, not by "
    "a clash of letters."
)


def why_pairs_are_not_enough_with_primary_cells() -> str:
    """c: "every cell filled" is a condition on the whole set of placements, not on any pair of them.

    Pairwise agreement is enough for the colour items because equal letters are transitive: if every pair of
    placements through a cell agrees, they all agree. But under the new rule every cell must also get at least one
    letter, and a set of pairwise compatible placements can leave a cell empty: the toy's crossing solution leaves
    two of its nine cells empty. No test on two placements at a time can see that. (Algorithm C could not even
    pose the rule: a cell covered by two crossing words would be covered twice. It needs Knuth's multiplicities,
    an item covered at least once, as his Algorithm M allows.) Inclusion and exclusion would bring cliques back,
    as it does for the rule that every word crosses another: add the clique counts of the placements that avoid a
    set T of cells, with the sign of (-1)^|T|, over every set T. But that is one clique count for each set of
    cells, 2^36 of them in 6 x 6, not a clique count alone.
    """
    return "c"


def check_cells_question(answer: object) -> Verdict:
    """Exercise 3's check: the learner's letter, with a reason for each wrong one that does not give the right one."""
    return check_choice(
        answer, why_pairs_are_not_enough_with_primary_cells(), "abcd", why_pairs_are_not_enough_with_primary_cells_not()
    )


def why_pairs_are_not_enough_with_primary_cells_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "Equal letters are still transitive, but transitivity is about letters agreeing, which was all the old "
        "rule asked of a set of placements. Is that all the new rule asks?",
        "b": "Equal letters stay equal in threes whatever the rule: if p and q write the same letter on a cell, "
        "and q and r do too, then p and r do. So three placements that agree in pairs never clash on a letter.",
        "d": "A cell that no word uses has no placement through it, so no two placements meet there and none can "
        "clash on it: a test of letters has nothing to say about an empty cell, neither yes nor no.",
    }
