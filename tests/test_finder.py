"""Finding words in a grid."""

import json

import pytest

from wordcover.cli import main
from wordcover.finder import find_words, read_grid

GRID = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]


def test_finds_every_occurrence_and_lists_the_missing():
    result = find_words(GRID, ["abel", "Cantor", "euler", "knuth"])
    assert [str(p) for p in result.found] == [
        "ABEL at (3,0) E",
        "ABEL at (5,4) W",
        "CANTOR at (0,0) E",
        "EULER at (2,0) E",
    ]
    assert result.missing == ("KNUTH",)
    assert result.found[0].cells == ((3, 0), (3, 1), (3, 2), (3, 3))


def test_a_palindrome_is_found_both_ways():
    result = find_words(GRID, ["ANNA"])
    assert [str(p) for p in result.occurrences("anna")] == ["ANNA at (4,0) E", "ANNA at (4,3) W"]


def test_directions_limit_the_search():
    assert [str(p) for p in find_words(GRID, ["ABEL"], "E").found] == ["ABEL at (3,0) E"]
    assert [str(p) for p in find_words(["AB", "CD"], ["AD", "CB", "DA"], "all").found] == [
        "AD at (0,0) SE",
        "CB at (1,0) NE",
        "DA at (1,1) NW",
    ]


def test_every_direction_against_a_plain_reading():
    grid = ["ABC", "DEF", "GHI"]
    lines = grid + ["".join(c) for c in zip(*grid)] + ["AEI", "CEG"]
    readings = {s for line in lines for s in (line, line[::-1])}
    result = find_words(grid, sorted(readings))
    assert {p.word for p in result.found} == readings and not result.missing


@pytest.mark.parametrize(
    "grid, words, message",
    [
        (["ABC", "AB"], ["A"], "row 1 has 2 letters but row 0 has 3"),
        ([], ["A"], "the grid is empty"),
        (["", ""], ["A"], "the grid is empty"),
        (["AB1"], ["A"], "row 0, column 2 holds '1'"),
        (["ABC"], [""], "at least one letter"),
        (["ABC"], ["A-B"], "'A-B' holds '-'; a word is letters A-Z only"),
        (["ABC"], ["AB"], None),
    ],
)
def test_bad_input(grid, words, message):
    if message is None:
        assert find_words(grid, words, "up".replace("up", "E")).found
        return
    with pytest.raises(ValueError, match=message):
        find_words(grid, words)


def test_read_grid_and_the_command_line(tmp_path, capsys):
    path = tmp_path / "grid.txt"
    path.write_text("\n".join(GRID).lower() + "\n\n")
    assert read_grid(str(path)) == tuple(GRID)
    assert main(["find", str(path), "--json", "abel", "knuth"]) == 1  # a word not in the grid: status 1
    out, err = capsys.readouterr()
    assert json.loads(out) == [
        {"word": "ABEL", "row": 3, "col": 0, "direction": "E"},
        {"word": "ABEL", "row": 5, "col": 4, "direction": "W"},
    ]
    assert err.strip() == "not found: KNUTH"
    assert main(["find", str(path), "--directions", "orthogonal", "anna"]) == 0
    assert capsys.readouterr().out.splitlines() == ["ANNA at (4,0) E", "ANNA at (4,3) W"]
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("ABC\nAB\n")
    assert main(["find", str(ragged), "abc"]) == 2
    assert "ragged" in capsys.readouterr().err
