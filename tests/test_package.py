"""The package as a whole: one error family, one rule for words, one registry, data inside, the lesson's diff."""

from __future__ import annotations

import difflib
import inspect
import pathlib
import re

import pytest

import wordcover
from wordcover import REGISTRY, WordcoverError, WordError, WordSearch, examples, make_engine
from wordcover.algorithm_c import AlgorithmC
from wordcover.engines import Engine, markdown_table, names
from wordcover.naive import NaiveAlgorithmC
from wordcover.words import fold, normalise_word, normalise_words, vocabulary

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: WordSearch(6, 6, "ABEL"), "must be a list of words, not the string 'ABEL'"),
        (lambda: WordSearch(6.5, 6, ["ABEL"]), "rows and columns must be whole numbers"),
        (lambda: WordSearch(6, "6", ["ABEL"]), "rows and columns must be whole numbers"),
        (lambda: WordSearch(6, 6, ["ABEL", 7]), "7 is not a string"),
        (lambda: make_engine(WordSearch(4, 4, ["AB"]).problem, "quick"), "unknown engine 'quick'"),
        (lambda: make_engine(WordSearch(4, 4, ["AB"]).problem, "x"), "takes no colours"),
        (lambda: make_engine(WordSearch(4, 4, ["AB"]).problem, "fast", observer=print), "cannot be traced"),
        (lambda: make_engine("not a problem"), "expected a Problem"),
        (lambda: make_engine(WordSearch(4, 4, ["AB"]).problem).count(limit=2.5), "limit must be a positive number"),
        (lambda: examples.load("nothing"), "no example 'nothing'"),
    ],
)
def test_every_bad_input_is_a_wordcover_error(call, message):
    with pytest.raises(WordcoverError, match=re.escape(message)):
        call()


def test_the_rule_for_words():
    assert normalise_word(" Café ") == "CAFE" and fold("straße") == "STRASSE"
    assert normalise_words(["abel", "Énigme"]) == ("ABEL", "ENIGME")
    for bad, why in (
        ("CAN'T", 'holds "\'"'),
        ("A-B", "holds '-'"),
        ("Æsop", "holds 'Æ'"),
        ("", "at least one letter"),
        ("  ", "is blank"),
        ("X2", "holds '2'"),
    ):
        with pytest.raises(WordError, match=re.escape(why)):
            normalise_word(bad)
    with pytest.raises(WordError, match="word ABEL is given twice"):
        normalise_words(["ABEL", "abel"])
    kept = vocabulary(["abel", "can't", "ABEL", "café"])
    assert kept.words == ("ABEL", "CAFE")
    assert kept.note() == "dropped 2 of 4 words (\"can't\": holds \"'\"; 'ABEL': a repeat of ABEL)"


def test_the_naive_engine_differs_from_the_sticker_engine_only_in_purify_and_unpurify():
    own = {k for k in vars(NaiveAlgorithmC) if not k.startswith("__")}
    assert own == {"name", "title", "purify", "unpurify"}
    sticker = inspect.getsource(AlgorithmC.purify) + inspect.getsource(AlgorithmC.unpurify)
    naive = inspect.getsource(NaiveAlgorithmC.purify) + inspect.getsource(NaiveAlgorithmC.unpurify)
    changed = [
        line
        for line in difflib.unified_diff(sticker.splitlines(), naive.splitlines(), lineterm="")
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert 8 <= len(changed) <= 15  # the lesson: the sticker lines, and the docstrings that say so


def test_every_registered_engine_satisfies_the_interface_and_its_capabilities(abel_land):
    from wordcover.classics import queens

    for name, info in REGISTRY.items():
        problem = abel_land.problem if info.colours else queens(6)
        engine = make_engine(problem, name)  # a fresh engine for each search: the naive one corrupts its links
        assert isinstance(engine, Engine) and engine.name == name and info.description
        full = engine.count()
        assert not engine.stats.gave_up
        if info.node_limit:
            engine = make_engine(problem, name)
            partial = engine.count(node_limit=10)
            assert engine.stats.gave_up and engine.stats.nodes == 10 and partial < full, name
        if info.progress:
            heard: list[int] = []
            assert make_engine(problem, name).count(progress=heard.append) == full
            assert heard == sorted(heard) and all(0 <= n <= full for n in heard)
    assert names(colours=True) == ("sticker", "naive", "outside", "fast")
    assert "fast" not in names(tracing=True)


def test_the_readme_engine_table_is_the_registry():
    readme = (ROOT / "README.md").read_text()
    table = readme.split("<!-- engines -->\n", 1)[1].split("\n<!-- /engines -->", 1)[0]
    assert table == markdown_table()


def test_data_ships_inside_the_package():
    assert examples.names() == ["colour_pair", "knuth_exact_cover", "knuth_tiny_colours"]
    assert examples.load("knuth_exact_cover").problem.primary == ("A", "B", "C", "D", "E")
    from wordcover.wordlists import WORDS

    assert pathlib.Path(str(WORDS)).is_relative_to(pathlib.Path(wordcover.__file__).parent)


def test_one_version():
    text = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and 'version = { attr = "wordcover.__version__" }' in text
    assert re.fullmatch(r"\d+\.\d+\.\d+", wordcover.__version__)
    assert f"## {wordcover.__version__}" in (ROOT / "CHANGELOG.md").read_text()
    assert f"version: {wordcover.__version__}" in (ROOT / "CITATION.cff").read_text()
