"""Knuth's DLX text format, read and written as his programs DLX1 and DLX2 do."""

import pytest

from wordcover import DlxFormatError, Problem, count_solutions, examples, format_dlx, parse_dlx
from wordcover.classics import queens


def test_knuths_first_example_has_one_solution():
    data = examples.load("knuth_exact_cover")
    assert data.problem.primary == ("A", "B", "C", "D", "E")
    assert data.problem.secondary == ("F", "G")
    solutions = [sorted(data.problem.describe(s)) for s in _engine(data.problem).solutions()]
    assert solutions == [["A D", "B G", "C E F"]]  # as DLX1's documentation says


def test_knuths_colour_example_ignores_the_option_without_primary_items():
    data = examples.load("knuth_tiny_colours")
    assert data.ignored == ((5, "X:0 Y:1"),)
    assert len(data.problem.options) == 4
    assert data.option_lines == (3, 4, 6, 7)
    solutions = [sorted(data.problem.describe(s)) for s in _engine(data.problem).solutions()]
    assert solutions == [["A C X:1 Y:1", "B X:1"]]


def _engine(problem):
    from wordcover import make_engine

    return make_engine(problem, "sticker")


def test_all_primary_needs_no_bar():
    data = parse_dlx("| comment\n\n  A B\nA\n  | indented comment\nB\nA B\n")
    assert data.problem.secondary == ()
    assert count_solutions(data.problem, "x") == 2


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("A B | X\nA Z\n", 2, "unknown item name 'Z'"),
        ("A B | X\nA A\n", 2, "appears twice"),
        ("A B | X\nA:1 X\n", 2, "primary item 'A' must be uncoloured"),
        ("A B | X\nA X:12\n", 2, "not a single printable ASCII character"),
        ("A B | X\nA X:\n", 2, "not a single printable ASCII character"),
        ("| c\nA A | X\n", 2, "duplicate item name 'A'"),
        ("A | X | Y\n", 1, "'|' twice"),
        ("| X Y\n\n| only comments\n", 0, "no item line"),
        ("| X\n", 0, "no item line"),
        ("ABCDEFGHI\n", 1, "longer than 8 characters"),
        ("A:B\n", 1, "contains ':' or '|'"),
        ("\n| a\n | X Y\n", 0, "no item line"),
    ],
)
def test_malformed_files_give_the_line_number(text, line, message):
    with pytest.raises(DlxFormatError, match=message) as caught:
        parse_dlx(text)
    assert caught.value.line_no == line
    assert str(caught.value).startswith(f"line {line}: ") if line else not str(caught.value).startswith("line")


def test_a_line_starting_with_a_bar_is_a_comment_never_an_item_line():
    data = parse_dlx("| X Y\nA | X\nA X:1\n")
    assert data.problem.primary == ("A",) and data.problem.secondary == ("X",)


@pytest.mark.parametrize("name", ["queens5", "abel_land"])
def test_writing_then_reading_gives_the_same_problem(name, request):
    problem = queens(5) if name == "queens5" else request.getfixturevalue(name).problem
    again = parse_dlx(format_dlx(problem, comments=["written by the tests"])).problem
    assert again.primary == problem.primary
    assert again.secondary == problem.secondary
    assert again.options == problem.options
    assert count_solutions(again) == count_solutions(problem)


def test_what_knuth_cannot_read_is_refused_when_writing():
    with pytest.raises(ValueError, match="longer than 8 characters"):
        format_dlx(Problem(["ALGORITHM"], [], [["ALGORITHM"]]))
    with pytest.raises(ValueError, match="single printable ASCII character"):
        format_dlx(Problem(["A"], ["X"], [["A", "X:red"]]))


def test_the_written_format_is_knuths():
    text = format_dlx(Problem(["A", "B"], ["X"], [["A", "X:1"], ["B", "X:1"]]), comments=["hello"])
    assert text == "| hello\nA B | X\nA X:1\nB X:1\n"
