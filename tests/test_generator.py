"""Making puzzles: every word hidden exactly once, seeded, with a key and printable output."""

from __future__ import annotations

import pytest

from wordcover.cli import main
from wordcover.finder import find_words
from wordcover.generator import DIFFICULTY, PuzzleError, backtracking_puzzle, make_puzzle
from wordcover.wordlists import load_words

ANIMALS = load_words("animals")[:15]


def hidden_once(puzzle) -> bool:
    """Each word read exactly once (a palindrome's two readings on one set of cells count once)."""
    result = find_words(puzzle.grid, puzzle.words, "all")
    for word, p in zip(puzzle.words, puzzle.placements):
        spots = {frozenset(q.cells) for q in result.occurrences(word)}
        inside_other = {s for s in spots if any(s <= set(o.cells) for o in puzzle.placements if o.word != word)}
        if spots - inside_other != {frozenset(p.cells)}:
            return False
    return not result.missing


@pytest.mark.parametrize("maker", [make_puzzle, backtracking_puzzle])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_every_word_is_hidden_exactly_once_along_allowed_directions(maker, difficulty):
    puzzle = maker(12, 12, ANIMALS, seed=7, difficulty=difficulty)
    assert puzzle.rows == puzzle.cols == 12
    assert all(row.isalpha() and row.isupper() for row in puzzle.grid)
    assert [p.word for p in puzzle.placements] == list(puzzle.words)
    assert {p.direction for p in puzzle.placements} <= set(DIFFICULTY[difficulty])
    for p in puzzle.placements:
        assert "".join(puzzle.grid[r][c] for r, c in p.cells) == p.word
    assert hidden_once(puzzle)


def test_the_same_seed_gives_the_same_puzzle():
    a = make_puzzle(10, 10, ANIMALS[:10], seed=3, difficulty="hard")
    b = make_puzzle(10, 10, ANIMALS[:10], seed=3, difficulty="hard")
    c = make_puzzle(10, 10, ANIMALS[:10], seed=4, difficulty="hard")
    assert a == b and a.grid != c.grid
    assert backtracking_puzzle(10, 10, ANIMALS[:10], seed=3) == backtracking_puzzle(10, 10, ANIMALS[:10], seed=3)


def test_a_hidden_message_fills_the_free_cells_in_reading_order():
    puzzle = make_puzzle(4, 4, ["ABEL", "LAND"], seed=1, difficulty="easy", message="hello all")
    key = puzzle.key_grid()
    free = "".join(g for row_g, row_k in zip(puzzle.grid, key) for g, k in zip(row_g, row_k) if k == ".")
    assert free == "HELLOALL"


def test_a_message_of_the_wrong_length_says_how_many_cells_are_free():
    with pytest.raises(
        PuzzleError, match=r"the hidden message has 2 letters but the 50 placements tried left 8 to 9 free cells"
    ):
        make_puzzle(4, 4, ["ABEL", "LAND"], seed=1, difficulty="easy", message="HI")


def test_words_that_cannot_fit_together_are_named():
    words = ["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY", "ZZZZZ"]
    with pytest.raises(PuzzleError, match="ABCDE, FGHIJ, KLMNO, PQRST, UVWXY, ZZZZZ cannot all fit together in a 5x5"):
        make_puzzle(5, 5, words, seed=1, difficulty="easy")
    with pytest.raises(PuzzleError, match="cannot all fit together in a 3x3 grid"):
        make_puzzle(3, 3, ["ABC", "DEF", "GHI", "XYZ", "CAT"], seed=1, difficulty="easy")
    with pytest.raises(PuzzleError, match=r"gave up after 2,000 tries \(\d+ backtracks\)"):
        backtracking_puzzle(5, 5, words, seed=1, difficulty="easy", max_steps=2000)


def test_the_backtracking_placer_can_prove_impossibility_on_a_tiny_grid():
    with pytest.raises(PuzzleError, match="tried everything"):
        backtracking_puzzle(2, 2, ["AB", "CD", "EF"], seed=0, difficulty="easy")


def test_difficulty_and_directions():
    with pytest.raises(ValueError, match="not both"):
        make_puzzle(5, 5, ["ABC"], difficulty="easy", directions="E")
    with pytest.raises(ValueError, match="unknown difficulty 'extreme'"):
        make_puzzle(5, 5, ["ABC"], difficulty="extreme")
    puzzle = make_puzzle(5, 5, ["ABC", "DEF"], seed=2, directions="N")
    assert {p.direction for p in puzzle.placements} == {"N"}


def test_exports(tmp_path, capsys):
    puzzle = make_puzzle(8, 8, ANIMALS[:6], seed=5, difficulty="hard")
    from wordcover.views import save_puzzle

    save_puzzle(puzzle, tmp_path / "p.txt")
    assert (tmp_path / "p.txt").read_text().splitlines() == list(puzzle.grid)
    save_puzzle(puzzle, tmp_path / "k.txt", key=True)
    assert (tmp_path / "k.txt").read_text().splitlines() == list(puzzle.key_grid())
    save_puzzle(puzzle, tmp_path / "p.png")
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    save_puzzle(puzzle, tmp_path / "p.pdf")
    pdf = (tmp_path / "p.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 2  # the puzzle page and the key page
    with pytest.raises(ValueError, match=r"use a \.txt, \.png or \.pdf"):
        save_puzzle(puzzle, tmp_path / "p.doc")

    args = ["make", "--size", "8x8", "--seed", "5", "--difficulty", "hard", *ANIMALS[:6]]
    assert main(args + ["--output", str(tmp_path / "c.txt"), "--key", str(tmp_path / "ck.pdf")]) == 0
    listed = " ".join(sorted(puzzle.words))  # the puzzle file: the grid, a blank line, the words
    assert (tmp_path / "c.txt").read_text().splitlines() == [*puzzle.grid, "", listed]
    assert (tmp_path / "ck.pdf").exists()
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [*puzzle.grid, "", listed]


def test_make_errors_on_the_command_line(capsys):
    assert main(["make", "--size", "3x3", "ABCDEFG"]) == 2
    assert "fits nowhere" in capsys.readouterr().err
    assert main(["make", "--size", "5x5"]) == 2
    assert "give some words" in capsys.readouterr().err


def test_backtracking_trace_replays_to_the_final_placement():
    steps = []
    puzzle = backtracking_puzzle(6, 6, ["ABEL", "GAUSS", "EULER", "CANTOR"], seed=9, difficulty="easy",
                                 trace=lambda kind, what: steps.append((kind, what)))  # fmt: skip
    placed = []
    for kind, what in steps:
        if kind == "place":
            placed.append(what)
        elif kind == "remove":
            placed.remove(what)
    assert placed == list(puzzle.placements)
    assert sum(kind == "stuck" for kind, _ in steps) == puzzle.stats["backtracks"] >= 1
