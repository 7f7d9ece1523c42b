"""Finding words in a grid."""

import json

import pytest

from wordcover.cli import main
from wordcover.finder import find_iter, find_words, read_grid

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


@pytest.mark.slow
def test_find_iter_yields_the_first_occurrence_before_the_scan_ends(monkeypatch):
    """A 200 x 200 grid of A holds 317,604 readings of AA; the first comes out having built one placement."""
    import wordcover.finder as finder

    made = []

    class Counted(finder.Placement):
        def __init__(self, *args):
            made.append(args)
            super().__init__(*args)

    monkeypatch.setattr(finder, "Placement", Counted)
    grid = ["A" * 200] * 200
    hits = finder.find_iter(grid, ["AA"])
    assert made == []  # nothing scanned at the call
    assert str(next(hits)) == "AA at (0,0) E" and len(made) == 1
    # the rest, counted by hand: an n x n grid has n(n-1) neighbouring pairs along the rows, as many along the
    # columns and (n-1)^2 along each diagonal, so 2n(n-1) + 2(n-1)^2 pairs, each read both ways
    n = 200
    assert 1 + sum(1 for _ in hits) == 2 * (2 * n * (n - 1) + 2 * (n - 1) ** 2) == 317_604


def test_find_iter_gives_what_find_words_gives():
    for words in (["abel", "Cantor", "euler", "knuth"], ["ANNA"], ["A", "X", "AN"]):
        assert tuple(find_iter(GRID, words, "all")) == find_words(GRID, words).found
    with pytest.raises(ValueError, match="unknown direction 'UP'"):
        find_iter(GRID, ["ABEL"], "UP")  # checked at the call, before the first occurrence is asked for


def test_the_command_line_prints_each_occurrence_before_the_next_is_found(tmp_path, monkeypatch, capsys):
    """find streams: when the first line is written only one placement has been built (of 7,812)."""
    import io

    import wordcover.finder as finder

    made = []

    class Counted(finder.Placement):
        def __init__(self, *args):
            made.append(args)
            super().__init__(*args)

    class Watched(io.StringIO):
        def __init__(self):
            super().__init__()
            self.seen: list[int] = []

        def write(self, text):
            self.seen.append(len(made))
            return super().write(text)

    monkeypatch.setattr(finder, "Placement", Counted)
    path = tmp_path / "a.txt"
    path.write_text("\n".join(["A" * 32] * 32) + "\n")
    for json_flag in ([], ["--json"]):
        made.clear()
        out = Watched()
        monkeypatch.setattr("sys.stdout", out)
        assert main(["find", str(path), *json_flag, "AA"]) == 0
        first = out.seen[1] if json_flag else out.seen[0]  # with --json the "[" goes first
        assert first == 1 and len(made) == 7812
        lines = out.getvalue().splitlines()
        if json_flag:
            assert len(json.loads(out.getvalue())) == 7812
        else:
            assert len(lines) == 7812 and lines[0] == "AA at (0,0) E"


@pytest.mark.parametrize("seed", range(6))
def test_reading_the_lines_once_for_all_words_finds_what_a_scan_from_every_cell_finds(seed):
    """find_iter lays the grid's lines out once and searches them with str.find; iter_scan tries every start cell
    and direction. On random grids of two letters (many overlapping readings, palindromes, one-letter words, grids
    one cell wide or high) and every kind of direction list, the two give the same placements in the same order."""
    import random

    from wordcover.finder import iter_scan
    from wordcover.word_search import parse_directions

    rng = random.Random(seed)
    for _ in range(60):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        grid = ["".join(rng.choice("AB") for _ in range(cols)) for _ in range(rows)]
        words = list(dict.fromkeys("".join(rng.choice("AB") for _ in range(rng.randint(1, 4))) for _ in range(5)))
        for directions in ("all", "orthogonal", "forward", "E,N", "SW,NE,NW", "W"):
            scanned = [p for word in words for p in iter_scan(grid, word, parse_directions(directions))]
            assert list(find_iter(grid, words, directions)) == scanned, (grid, words, directions)


def test_progress_hears_each_word_searched():
    heard = []
    assert len(list(find_iter(GRID, ["ABEL", "KNUTH", "EULER"], progress=heard.append))) >= 2
    assert heard == [1, 2, 3]


def test_find_takes_words_from_a_file(tmp_path, capsys):
    grid = tmp_path / "grid.txt"
    grid.write_text("\n".join(GRID) + "\n")
    words = tmp_path / "words.txt"
    words.write_text("abel\nEuler knuth\n")
    assert main(["find", str(grid), "--words-file", str(words)]) == 1  # KNUTH is not in the grid
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "not found: KNUTH" and {line.split()[0] for line in out[:-1]} == {"ABEL", "EULER"}
    assert main(["find", str(grid), "--words-file", str(words), "GAUSS"]) == 1  # WORDs and the file together
    assert capsys.readouterr().out.splitlines()[0].startswith("GAUSS")  # the WORDs first, then the file's
    assert main(["find", str(grid), "--words-file", str(tmp_path / "none.txt")]) == 2
    assert "--words-file" in capsys.readouterr().err
