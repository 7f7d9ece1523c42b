"""The problem model refuses malformed problems with a message that names the culprit."""

import pytest

from wordcover import Entry, Problem, ProblemError


def test_options_in_every_spelling_mean_the_same():
    a = Problem(["A"], ["X"], [["A", "X:1"]])
    b = Problem(["A"], ["X"], ["A X:1"])
    c = Problem(["A"], ["X"], [[("A", None), ("X", "1")]])
    assert a.options == b.options == c.options == ((Entry("A"), Entry("X", "1")),)
    assert a.label(0) == "A X:1"
    assert a.has_colours


@pytest.mark.parametrize(
    "primary, secondary, options, message",
    [
        (["A", "A"], [], [["A"]], "duplicate item name 'A'"),
        (["A"], ["A"], [["A"]], "duplicate item name 'A'"),
        (["A"], [], [["A", "Z"]], "unknown item 'Z'"),
        (["A", "B"], [], [["A", "B", "A"]], "item 'A' appears twice"),
        (["A"], ["X"], [["A:1", "X"]], "primary item 'A' cannot carry a colour"),
        (["A"], ["X"], [["X:1"]], "at least one primary item"),
        (["A B"], [], [], "contains ' '"),
        (["A"], [], [["A:"]], "primary item 'A' cannot carry a colour"),
        (["A"], ["X"], [["A", "X:"]], "colour name must be a non-empty string"),
    ],
)
def test_validation_names_the_culprit(primary, secondary, options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        Problem(primary, secondary, options)


def test_labels_must_match_options():
    with pytest.raises(ValueError, match="2 labels given for 1 options"):
        Problem(["A"], [], [["A"]], labels=["x", "y"])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Problem(5, [], []), "primary items must be a list of names, not 5"),
        (lambda: Problem(None), "primary items must be a list of names, not None"),
        (
            lambda: Problem("A B", [], ["A"]),
            "primary items must be a list of names, not the string 'A B': write ['A', 'B']",
        ),
        (lambda: Problem(["A"], 5, []), "secondary items must be a list of names, not 5"),
        (lambda: Problem(["A"], b"X", []), "secondary items must be a list of names, not b'X'"),
        (lambda: Problem(["A"], [], 5), "options must be a list of options, not 5"),
        (lambda: Problem(["A"], [], "A"), "options must be a list of options, not 'A': write ['A'] for one option"),
        (lambda: Problem(["A"], [], ["A"], labels=5), "labels must be a list, one label per option, not 5"),
    ],
)
def test_a_wrong_type_is_a_problem_error_that_says_what_was_wanted(call, message):
    with pytest.raises(ProblemError) as raised:
        call()
    assert str(raised.value) == message
