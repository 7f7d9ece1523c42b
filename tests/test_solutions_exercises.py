"""The exercises cannot be gamed: multiple-choice answers spread over the letters and over the options' lengths
(no rule such as "the longest" or "the second longest" pays), every wrong choice answered with its reason, and
every exercise marked with its difficulty."""

from __future__ import annotations

import collections
import importlib
import inspect
import pathlib
import re

import nbformat
import pytest

NOTEBOOKS = sorted((pathlib.Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]*.ipynb"))
CHOICE = re.compile(r'check_choice\(answer, solution\.(\w+)\(\), "(\w+)", why=solution\.(\w+)\(\)\)')
# a check that takes the learner's letter only, so that the cell shows nothing that computes the answer: the cell
# reads solution.check_SOMETHING(answer), and that function makes the check_choice call above in its own body
CHECKED = re.compile(r"^solution\.(check_\w+)\(answer\)$", re.M)
INSIDE = re.compile(r'check_choice\(\s*answer,\s*(\w+)\(\),\s*"(\w+)",\s*(?:why=)?(\w+)\(\),?\s*\)')
OPTION = re.compile(r"^- \*\*([a-z])\*\* ", re.M)


def questions(path: pathlib.Path):
    """(letters, right letter, reasons for the wrong ones, {letter: option text}) for each question of a notebook."""
    cells = nbformat.read(path, as_version=4).cells
    module = None
    for k, cell in enumerate(cells):
        found = re.search(r"^from solutions import (\w+) as solution$", cell.source, re.M)
        if found:
            module = importlib.import_module(f"solutions.{found.group(1)}")
        if cell.cell_type != "code" or "import" in cell.source:
            continue
        text = cells[k - 2].source  # the question, above the answer cell
        checked = CHECKED.search(cell.source) if "\n- **a**" in text else None  # a letter for a question's options
        if "check_choice" not in cell.source and not checked:
            continue
        assert module is not None
        parts = OPTION.split(text[text.index("\n- **a**") + 1 :])[1:]
        options = {parts[j]: " ".join(parts[j + 1].split()) for j in range(0, len(parts), 2)}
        call = (
            INSIDE.search(inspect.getsource(getattr(module, checked.group(1))))
            if checked
            else CHOICE.search(cell.source)
        )
        assert call, f"{path.name}: a check_choice without why=: {cell.source!r}"
        yield call.group(2), getattr(module, call.group(1))(), getattr(module, call.group(3))(), options


ALL = [(path.name, *q) for path in NOTEBOOKS for q in questions(path)]


def test_every_explain_why_question_is_found():
    assert len(ALL) >= 6  # the parser finds them all: notebooks 3 and 3b now ask for numbers, not letters


@pytest.mark.parametrize(("notebook", "letters", "right", "why", "options"), ALL, ids=[a[0] for a in ALL])
def test_a_question_has_its_options_and_a_reason_for_every_wrong_one(notebook, letters, right, why, options):
    assert sorted(options) == sorted(letters), notebook
    assert right in letters and sorted(why) == sorted(set(letters) - {right}), notebook
    assert all(len(reason) > 40 for reason in why.values())  # a reason, not a shrug
    lengths = [len(text) for text in options.values()]
    assert max(lengths) <= 1.3 * min(lengths), f"{notebook}: options of unlike length {lengths}"


def test_no_rank_by_length_picks_the_right_option_often():
    """Longest, second longest, ... shortest: no such rule finds the right option in more than 40% of the questions
    (chance is about 30%), and the longest right in at most a third; options tie only where their lengths do."""
    ranks = collections.Counter()
    for _, _, right, _, options in ALL:
        ranks[sorted(options, key=lambda letter: -len(options[letter])).index(right)] += 1
        ranks["shortest"] += all(len(options[right]) <= len(text) for text in options.values())
    assert max(ranks.values()) <= 0.4 * len(ALL), ranks
    assert ranks[0] <= len(ALL) // 3, ranks


def test_the_right_option_is_not_the_shortest_either():
    """Picking the shortest option must not pay: the right one is strictly the shortest in at most a third."""
    shortest = [
        notebook
        for notebook, _, right, _, options in ALL
        if all(len(options[right]) < len(text) for letter, text in options.items() if letter != right)
    ]
    assert len(shortest) <= len(ALL) // 3, shortest


def test_the_right_letters_are_spread_over_the_series():
    counts = collections.Counter(right for _, _, right, _, _ in ALL)
    assert len(counts) >= 3 and max(counts.values()) <= len(ALL) // 2, counts
    by_notebook = collections.defaultdict(list)
    for notebook, _, right, _, _ in ALL:
        by_notebook[notebook].append(right)
    for notebook, rights in by_notebook.items():
        assert len(rights) == 1 or len(set(rights)) > 1, notebook


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_exercise_is_marked_with_one_to_three_stars(path):
    headings = [
        line
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if line.startswith("## Exercise")
    ]
    for heading in headings:
        assert re.search(r" (★{1,3})$", heading), heading


@pytest.mark.parametrize(("notebook", "letters", "right", "why", "options"), ALL, ids=[a[0] for a in ALL])
def test_a_wrong_choice_is_answered_with_its_reason(notebook, letters, right, why, options, capsys):
    import solutions

    for letter in letters:
        verdict = solutions.check_choice(letter.upper(), right, letters, why=why)
        out = capsys.readouterr().out
        if letter == right:
            assert verdict and out.startswith("✓ Right")
        else:
            assert not verdict and why[letter] in out and options[right] not in out
