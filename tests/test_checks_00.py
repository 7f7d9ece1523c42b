"""The index (00) after the blind review of issue 30: the path drawn from each notebook's own Prerequisites, the Python
it needs from pyproject.toml, a two-sentence answer before each long model answer, short corrections of the
misconceptions, and no sentence about how the series is tested (that is CONTRIBUTING.md's)."""

from __future__ import annotations

import pathlib
import re

import nbformat
import series

ROOT = pathlib.Path(__file__).resolve().parent.parent
INDEX = ROOT / "notebooks" / "00_index.ipynb"


def _text() -> str:
    return "\n".join(c.source for c in nbformat.read(INDEX, as_version=4).cells)


def _sentences(text: str) -> int:
    return len(re.findall(r"[.?!](?:\s|$)", text))


def test_each_notebook_builds_on_what_its_own_prerequisites_name():
    assert {series.number(file): series.builds_on(file) for file, *_ in series.SERIES[1:]} == {
        "1": [],
        "2": ["1"],
        "3": ["2"],
        "3b": ["3"],
        "4": ["3"],
        "5": ["3", "4"],
        "6": ["3", "4", "5"],
        "7": ["3", "4", "5", "6"],
        "8": ["3", "5", "6"],
        "9": ["3"],
    }


def test_the_path_is_drawn_as_a_tree_under_the_last_notebook_each_builds_on():
    tree = series.path_tree()
    assert tree.splitlines() == [
        "1  Finding words in a grid",
        "└─ 2  Making a puzzle by backtracking",
        "   └─ 3  Exact cover and Algorithm X",
        "      ├─ 3b Dancing Links by hand",
        "      ├─ 4  Colours outside the matrix",
        "      │  └─ 5  Colour items and the double-purify bug",
        "      │     └─ 6  The sticker fix",
        "      │        ├─ 7  Word rectangles and word squares",
        "      │        └─ 8  Making it fast",
        "      └─ 9  The same engine everywhere",
    ]
    text = _text()
    assert f"```text\n{tree}\n```" in text
    assert "| builds on |" not in text  # the tree replaces the table that repeated the first one's rows


def test_the_python_the_series_needs_is_the_one_pyproject_asks_for():
    wanted = re.search(r'^requires-python = ">=(\d+\.\d+)"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert series.python_needed() == f"Python {wanted[1]} or newer"
    assert f"with Python {wanted[1]} or newer, in a fresh virtual environment" in _text()
    assert "what Python it asks for" not in _text()  # read as a version, though the Prerequisites list ideas


def test_every_long_model_answer_starts_with_an_answer_and_its_reason():
    """A lecturer reads two sentences in the room, once; the long answers, with Knuth's words, are the deck's notes."""
    text = _text()
    for _minutes, _k, _heading, _do, ask, answer in series.LECTURE:
        brief = series.BRIEF.get(ask)
        if len(answer.split()) > 60:
            assert brief, ask
        if brief:
            assert _sentences(brief) == 2 and len(brief.split()) <= 60, (ask, len(brief.split()))
            assert f"- **{ask}** {brief}" in text and answer not in text
        else:
            assert f"- **{ask}** {answer}" in text


def test_each_misconception_is_corrected_in_at_most_two_sentences():
    for belief, correction, _shown in series.MISCONCEPTIONS:
        assert _sentences(correction) <= 2 and len(correction.split()) <= 45, belief


def test_the_page_talks_to_its_readers_not_to_the_tests():
    text = " ".join(_text().split())
    for said in ("nbval", "output comparison", "requirements-dev", "pytest", "the project's tests", "series.py"):
        assert said not in text, said
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    assert "nbval" in contributing and "requirements-dev.txt" in contributing  # where the maintainer reads it


def test_the_briefs_say_what_the_library_counts():
    facts = series.uncover_facts()
    reverse = series.BRIEF["Must every undo run in reverse order?"]
    assert f"leaves LEN(A) = {facts['len_a']} with {facts['in_a']} nodes in A's list" in reverse
    assert facts["restored"] == facts["items"] and reverse.endswith("for each item i.")
    cover = next(b for ask, b in series.BRIEF.items() if ask.startswith("Cover hides options too"))
    assert "purifies one again with its own letter, and the inner unpurify" in cover
    same, _ = series._abel_land_doubles()
    assert same and f"the naive engine does so {same} times" in series.LECTURE[4][5]  # the deck's longer answer


def test_the_short_answers_first_clause_is_true_on_its_own_and_slides_say_when_they_need_a_network():
    """'No: ... must come back in reverse order' taught the opposite of its facts; 'no network' hid the npm step."""
    text = " ".join(_text().split())
    assert "- **Must every undo run in reverse order?** Not every undo: covers are undone in reverse order" in text
    assert "At more length" not in text  # each model answer once (review 30-I)
    assert "reverse order?** No:" not in text and "*At more length:* No." not in text
    assert "no kernel and no network" not in text and "For slides that show without a network:" not in text
    assert "The first build on a machine needs npm and a network" in text
    assert "measure what branching on the fewest options saves" in text  # 03's row, as what the learner will do


def test_the_index_names_the_numbers_no_notebook_prints_and_claims_no_python_it_does_not_check():
    """Review 30-I: 'computed by the library where none prints it' did not say which; '(sets, dicts and generators
    from the third on)' was false of 3b and 4."""
    text = " ".join(_text().split())
    items = series.uncover_facts()["items"]
    assert "printed by none" not in text  # review 30-O: every number is printed by a notebook or the deck
    assert "Each count this section quotes is printed by the notebook it names, or by the lecture deck." in text
    assert "times on ABEL LAND" not in text  # review 30-Q: no notebook printed the 17
    # DLX1's uncover for every item is printed by notebook 3b, which the lecture plan names for it
    three = nbformat.read(ROOT / "notebooks" / "03b_dancing_links_by_hand.ipynb", as_version=4)
    printed = "".join(o.get("text", "") for c in three.cells if c.cell_type == "code" for o in c.outputs)
    assert f"every entry back for {items} of the {items} items" in printed
    assert "Notebook 3b runs each case under *Which orders matter*" in text
    assert "sets, dicts and generators from the third on" not in text
    assert "| what you will do |" in text and "what it teaches" not in text


def test_the_series_time_in_all_adds_up_the_notebooks_own_time_lines():
    """Review 30-Z: '6.8 to 7.2 hours' rounded 7.25 down; the total is said in hours and minutes, and each
    notebook's share is the first time its own Time paragraph gives for reading and running it."""
    low = high = 0
    for file, *_ in series.SERIES[1:]:
        said = series.reading_time(file).split(";")[0].split(",")[0].lower()
        fewest, most = series.read_minutes(file)
        if "hour" in said:
            assert (fewest, most) == ((60, 90) if "and a half" in said else (60, 60)), said
        else:
            assert f"{fewest} minutes" in said and fewest == most, said
        low, high = low + fewest, high + most
    line = series.total_time()

    def said(minutes):
        return f"{minutes // 60} h {minutes % 60} min" if minutes % 60 else f"{minutes // 60} hours"

    assert f"about {said(low)}" in line and said(high) in line
    assert line in " ".join(_text().split())
