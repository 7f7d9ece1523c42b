"""The self-checks of notebooks 04 and 07 against the wrong answers a learner writes (08 and 09: test_checks_08_09.py).

Each check must accept the model answer written as a learner would (their own function) and refuse, in bounded time
and with a hint about the reasoning, an off-by-one, rows and columns swapped, a loop that never ends, the library's or
the solutions' own answer, and an answer right only on the cases it shows. No refusal may print the expected value.
"""

from __future__ import annotations

import re

import pytest
import solutions
from solutions import outside, squares

from learner import endless, refused
from wordcover import WordSearch
from wordcover.squares import SquareSearch
from wordcover.wordlists import load_words

EVERYDAY = load_words("everyday")
TOY = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])


# ---- numbers predicted: every check gives a hint about the reasoning, never the value, and no direction --------

NUMERIC = {  # name: (the expected value's solution, its hint, wrong answers a learner writes)
    "04.1 nodes in row L2": (  # 112 pairs that fit x 32 placements of AND
        lambda: outside.row_l2_nodes(WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal")),
        outside.row_l2_hint,
        [3583, 3585, 256 * 32, 144 * 32, 112 * 16, 1 + 16 + 256 + 112 * 32, 112, 256],
    ),
    "07.1 squares of order 2": (squares.squares_of_order_two, squares.squares_of_order_two_hint, [5, 6, 8, 2, 1]),
}


def says(text: str, number: object) -> bool:
    """Whether ``text`` has ``number`` in it as a number of its own (not as a part of another)."""
    return re.search(rf"(?<![\d,.]){re.escape(str(number))}(?![\d,])", text) is not None


WHICH_WAY = re.compile(r"\btoo (high|low|big|small)\b|\b(higher|lower|more|fewer|bigger|smaller) than\b")


@pytest.mark.parametrize("name", list(NUMERIC))
def test_a_numeric_check_refuses_near_misses_with_a_hint_and_never_says_which_way(name, capsys):
    value, hint, wrong = NUMERIC[name]
    expected = value()
    assert solutions.check(expected, expected, hint())  # the right number passes
    assert capsys.readouterr().out == "✓ Right.\n"
    for answer in [*wrong, True, str(expected), value, float("nan")]:
        out = refused(lambda answer=answer: solutions.check(answer, expected, hint()), capsys)
        assert not WHICH_WAY.search(out) and not says(out.replace(repr(answer), ""), expected), out
        if any(answer is w for w in wrong):  # True == 1, so not `in`
            assert out.startswith(f"✗ Not yet: {answer} is not it. ") and hint() in out
    assert len(hint().split()) > 15 and not says(hint(), expected)


# ---- 04.2 (the colour-record search) is tested in test_checks_04.py, with the rest of notebook 04's checks ---


# ---- 07.2 letter_mask ---------------------------------------------------------------------------------------------


def mask_off_by_one_letter(words, prefix, position):  # A as bit 1
    mask = 0
    for w in words:
        if w.startswith(prefix):
            mask |= 1 << (ord(w[position]) - ord("A") + 1)
    return mask


def mask_off_by_one_position(words, prefix, position):
    mask = 0
    for w in words:
        if w.startswith(prefix):
            mask |= 1 << (ord(w[position - 1]) - ord("A"))
    return mask


def mask_adding(words, prefix, position):  # += counts a letter once per word
    mask = 0
    for w in words:
        if w.startswith(prefix):
            mask += 1 << (ord(w[position]) - ord("A"))
    return mask


def mask_anywhere(words, prefix, position):  # the prefix anywhere in the word
    mask = 0
    for w in words:
        if prefix in w:
            mask |= 1 << (ord(w[position]) - ord("A"))
    return mask


def mask_of_the_first_word(words, prefix, position):  # stops at the first word with the prefix
    for w in words:
        if w.startswith(prefix):
            return 1 << (ord(w[position]) - ord("A"))
    return 0


def mask_as_letters(words, prefix, position):
    return "".join(sorted({w[position] for w in words if w.startswith(prefix)}))


EVERYDAY_SEARCH = SquareSearch(4, EVERYDAY)  # built once, before any check runs


def mask_of_the_everyday_list(words, prefix, position):  # the library's masks, always of the shown list
    masks = EVERYDAY_SEARCH.masks.get(prefix)
    if masks is not None and position < len(prefix):  # inside the prefix: its own letter
        return 1 << (ord(prefix[position]) - ord("A"))
    return 0 if masks is None else masks[position - len(prefix)]


def mask_by_the_library(words, prefix, position):  # the library's own, on the words it is given
    return SquareSearch(len(words[0]), words).letters(prefix, position)


@pytest.mark.parametrize(
    "wrong",
    [
        mask_off_by_one_letter,
        mask_off_by_one_position,
        mask_adding,
        mask_anywhere,
        mask_of_the_first_word,
        mask_as_letters,
        mask_of_the_everyday_list,
        mask_by_the_library,
        SquareSearch(4, EVERYDAY).letters,
        endless,
        squares.letter_mask,
    ],
)
@pytest.mark.slow
def test_the_letter_mask_check_refuses(wrong, capsys):
    out = refused(lambda: squares.check_letter_mask(wrong, EVERYDAY), capsys)
    assert out.startswith("✗")


def test_the_letter_mask_check_runs_hidden_cases_a_learner_of_the_shown_list_fails(capsys):
    out = refused(lambda: squares.check_letter_mask(mask_of_the_everyday_list, EVERYDAY), capsys)
    assert "on a further case" in out and squares.MASK_HINT in out


def test_the_letter_mask_check_refuses_the_library_s_masks_however_reached(capsys):
    out = refused(lambda: squares.check_letter_mask(mask_by_the_library, EVERYDAY), capsys)
    assert "calls the very function it is meant to be" in out
