"""The project's word lists."""

import pytest

from wordcover.wordlists import available, by_length, load_words, read_word_file


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
