"""The project's word lists."""

import pytest

from wordcover.errors import WordError
from wordcover.wordlists import RANDOM_DEFAULT, available, by_length, load_words, read_word_file, words_to_hide


def test_english_by_length_and_case():
    four = load_words(length=4)
    assert len(four) == len(set(four)) > 2000
    assert all(len(w) == 4 and w.isalpha() and w.isupper() and w.isascii() for w in four)
    assert four == sorted(four)
    assert load_words(length=4, case="lower") == [w.lower() for w in four]
    everything = load_words()
    assert by_length(everything)[4] == four


def test_themes():
    assert {"english", "mathematicians", "animals", "fruits"} <= set(available())
    maths = load_words("mathematicians")
    assert {"ABEL", "CANTOR", "GAUSS", "EULER"} <= set(maths)
    assert load_words("mathematicians", length=5) == ["EULER", "GAUSS", "KNUTH"]


def test_clear_errors(tmp_path):
    with pytest.raises(ValueError, match="no word list 'klingon'; available: english, "):
        load_words("klingon")
    with pytest.raises(ValueError, match="case must be 'upper' or 'lower'"):
        load_words(case="title")
    with pytest.raises(ValueError, match="the English word list is missing"):
        load_words(root=tmp_path)
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n\n")
    with pytest.raises(ValueError, match="no words in the file"):
        read_word_file(empty)


def test_words_to_hide_keeps_the_words_given_and_draws_the_rest_with_the_seed():
    drawn, seed = words_to_hide(["abel"], "animals", 4, seed=3)
    assert seed == 3 and drawn[0] == "abel" and len(drawn) == 5 and set(drawn[1:]) <= set(load_words("animals"))
    assert words_to_hide(["abel"], "animals", 4, seed=3) == (drawn, 3)  # the seed draws the same
    fruits = load_words("fruits")  # a short list: every word of it, less those given
    assert words_to_hide(["kiwi", "Knuth"], "fruits", seed=1) == (
        ["kiwi", "Knuth", *(w for w in fruits if w != "KIWI")],
        1,
    )
    assert set(words_to_hide(random=5, seed=1)[0]) <= set(load_words(RANDOM_DEFAULT))  # no theme: the everyday list
    words, seed = words_to_hide(["ABEL"])
    assert words == ["ABEL"] and 0 <= seed < 2**32  # a seed drawn, so that the puzzle can be made again


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({}, "give some words on the command line, or with --words-file, --theme or --random"),
        ({"theme": "plants"}, "--theme plants: there is no such list; the lists are english, animals, everyday"),
        ({"theme": "animals", "random": 41}, "--random 41: the animals list has only 40 words"),
        ({"words": ["ZEBRA"], "theme": "animals", "random": 40}, "only 39 words besides the words given"),
        ({"theme": "everyday"}, "--theme everyday has 644 words, too many for one puzzle: add --random N"),
        ({"random": 0}, "--random 0: expected a positive whole number"),
        ({"words": "ABEL"}, "the words given must be a list of words, not the string 'ABEL'"),
    ],
)
def test_words_to_hide_refuses_in_one_line_naming_the_option(kwargs, message):
    with pytest.raises(WordError) as refused:
        words_to_hide(**kwargs)
    assert message in str(refused.value)
