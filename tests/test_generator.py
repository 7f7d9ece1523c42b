"""Making puzzles: every word hidden exactly once, seeded, with a key and printable output."""

from __future__ import annotations

import pytest

from wordcover.cli import main
from wordcover.finder import find_words
from wordcover.generator import (
    DIFFICULTY,
    PuzzleError,
    backtracking_puzzle,
    extra_copies,
    make_puzzle,
    quick_puzzle,
    smallest_square_puzzle,
)
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
@pytest.mark.slow
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

    args = ["make", "--size", "8x8", "--seed", "5", "--difficulty", "hard", "--method", "exact", *ANIMALS[:6]]
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


def test_the_smallest_square_is_tried_upwards_from_its_lower_bound():
    four = ["ABEL", "CANTOR", "GAUSS", "EULER"]  # the longest has 6 letters, the four 20: from 6x6 to 6 + 2 = 8x8
    tried = []

    def tight(rows, cols, words, seed=None, difficulty=None, directions=None, message=None):
        tried.append((rows, cols))
        if rows < 8:
            raise PuzzleError("too tight")
        return quick_puzzle(rows, cols, words, seed, difficulty, directions, message)

    puzzle, first = smallest_square_puzzle(four, tight, seed=1)
    assert first == 6 and tried == [(6, 6), (7, 7), (8, 8)] and (puzzle.rows, puzzle.cols) == (8, 8)
    assert puzzle == quick_puzzle(8, 8, four, seed=1)
    assert smallest_square_puzzle(four, make_puzzle, seed=2, difficulty="easy")[0] == make_puzzle(
        6, 6, four, seed=2, difficulty="easy"
    )
    tried.clear()
    with pytest.raises(PuzzleError) as refused:
        smallest_square_puzzle(four, lambda rows, *_, **__: tight(rows - 2, rows - 2, four))  # never at 8x8 or less
    assert tried == [(4, 4), (5, 5), (6, 6)]
    assert str(refused.value) == (
        "no square grid tried from 6x6 held every word (at 8x8: too tight); give --size or fewer words"
    )
    with pytest.raises(PuzzleError, match="'AB1' holds '1'"):
        smallest_square_puzzle(["ABEL", "AB1"], tight)  # a bad word is refused before any size is tried
    assert tried == [(4, 4), (5, 5), (6, 6)]


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


def test_backtracking_trace_hears_the_tries_left_in_each_frame_when_asked():
    """With tries_left=True the trace hears a third argument, each frame's tries left after the step, bottom first: a
    new frame holds every cell with every direction, a stuck frame is counted with 0, a removal leaves the frame
    below it as it was, and a placed word's frame has one try fewer for each try taken off it."""
    words, full = ["ABEL", "GAUSS", "EULER", "CANTOR"], 6 * 6 * 2
    plain, told = [], []
    backtracking_puzzle(6, 6, words, seed=9, difficulty="easy", trace=lambda *step: plain.append(step))
    puzzle = backtracking_puzzle(6, 6, words, seed=9, difficulty="easy", tries_left=True,
                                 trace=lambda *step: told.append(step))  # fmt: skip
    assert [step[:2] for step in told] == plain and all(len(step) == 2 for step in plain)
    assert told[0] == ("place", puzzle.placements[0], [told[0][2][0], full]) and told[0][2][0] < full
    for (kind, what, left), (_, _, before) in zip(told[1:], told):
        if kind == "stuck":
            assert left[-1] == 0 and left[:-1] == before[:-1] and len(left) == len(before)
        elif kind == "remove":
            assert left == before[:-1]
        elif what != puzzle.placements[-1]:
            assert left[-1] == full and len(left) == len(before) + 1 and left[-2] < before[-1]
    assert told[-1][2] == [70, 68, 60, 55] and [kind for kind, *_ in told].count("stuck") == 1


# The quick placer and the fast check for second copies

STEPS = dict(E=(0, 1), W=(0, -1), S=(1, 0), N=(-1, 0), SE=(1, 1), SW=(1, -1), NE=(-1, 1), NW=(-1, -1))


def readings(grid, word, directions):
    """Brute force, apart from the library: the cell sets on which ``word`` reads in ``grid``."""
    found = []
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            for name in directions:
                dr, dc = STEPS[name]
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(0 <= y < len(grid) and 0 <= x < len(grid[0]) for y, x in cells) and all(
                    grid[y][x] == letter for (y, x), letter in zip(cells, word)
                ):
                    found.append(frozenset(cells))
    return found


def hidden_exactly_once(puzzle) -> bool:
    """Each word reads where it is placed and nowhere else in the puzzle's directions (but inside a longer word)."""
    placed = {p.word: frozenset(p.cells) for p in puzzle.placements}
    for word, cells in placed.items():
        others = [c for w, c in placed.items() if w != word]
        elsewhere = {s for s in readings(puzzle.grid, word, puzzle.directions) if s != cells}
        if cells not in readings(puzzle.grid, word, puzzle.directions):
            return False
        if any(not any(s <= o for o in others) for s in elsewhere):
            return False
    return True


WORD_SETS = [
    (15, 15, load_words("animals")[:12]),
    (12, 12, ANIMALS),
    (6, 6, ["CAT", "CATS", "SCAT", "TAC", "ACT"]),  # words inside words, and words that read backwards as others
    (5, 5, ["ABA", "ANNA", "BOB", "NAN"]),  # palindromes
]


@pytest.mark.parametrize("rows, cols, words", WORD_SETS, ids=lambda x: str(x)[:12])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.slow
def test_the_quick_placer_hides_every_word_exactly_once(rows, cols, words, difficulty):
    for seed in range(8):
        puzzle = quick_puzzle(rows, cols, words, seed=seed, difficulty=difficulty)
        assert (puzzle.rows, puzzle.cols) == (rows, cols) and all(row.isalpha() for row in puzzle.grid)
        assert [p.word for p in puzzle.placements] == [w.upper() for w in words]
        assert {p.direction for p in puzzle.placements} <= set(DIFFICULTY[difficulty])
        assert hidden_exactly_once(puzzle), (seed, puzzle.text())
        if (rows, difficulty) == (15, "hard"):
            assert hidden_once(puzzle)  # and by the finder, in all eight directions


def test_the_brute_force_check_can_fail():
    puzzle = quick_puzzle(6, 6, ["CAT", "DOG"], seed=1, difficulty="easy")
    p = puzzle.placements[0]
    spare = next((r, c) for r in range(5) for c in range(3) if not {(r, c + k) for k in range(3)} & set(p.cells))
    rows = [list(row) for row in puzzle.grid]
    for k, letter in enumerate("CAT"):
        rows[spare[0]][spare[1] + k] = letter
    copied = type(puzzle)(tuple("".join(row) for row in rows), *[getattr(puzzle, f) for f in ("words", "placements",
                          "directions", "seed", "method")])  # fmt: skip
    assert hidden_exactly_once(puzzle) and not hidden_exactly_once(copied)
    assert extra_copies(copied.grid, copied.placements, copied.directions) == ["CAT"]


def test_the_quick_placer_is_seeded():
    words = load_words("animals")[:12]
    a, b = quick_puzzle(15, 15, words, seed=3), quick_puzzle(15, 15, words, seed=3)
    assert a == b and a.stats == b.stats and a.method == "quick"
    grids = {quick_puzzle(15, 15, words, seed=s).grid for s in range(10)}
    assert len(grids) == 10


def test_the_quick_placer_builds_no_model_unless_it_must(monkeypatch):
    import wordcover.generator as generator

    def refuse(*args, **kwargs):
        raise AssertionError("the exact cover model was built")

    monkeypatch.setattr(generator, "WordSearch", refuse)
    puzzle = quick_puzzle(15, 15, load_words("animals")[:12], seed=0, difficulty="hard")
    assert puzzle.stats["draws"] >= 12 and "random draws first" not in puzzle.stats
    assert backtracking_puzzle(8, 8, ANIMALS[:5], seed=0).method == "backtracking"
    with pytest.raises(PuzzleError, match="fits nowhere in a 3x3 grid"):
        backtracking_puzzle(3, 3, ["ABCDEFG"], seed=0)
    with pytest.raises(PuzzleError, match="fits nowhere in a 3x3 grid"):
        quick_puzzle(3, 3, ["ABCDEFG"], seed=0)
    # two 6-letter words, E and S 400 x 395 each, SE and NE 395 x 395 each; 7 nodes a placement
    with pytest.raises(PuzzleError, match=f"exact cover model of {2 * 7 * (2 * 400 * 395 + 2 * 395 * 395):,} nodes"):
        quick_puzzle(400, 400, ANIMALS[:2], seed=0)


def test_when_the_draws_run_out_the_puzzle_is_the_searchs():
    words = ["ABEL", "GAUSS", "EULER", "CANTOR"]
    quick = quick_puzzle(6, 6, words, seed=9, difficulty="easy", draws=0)
    exact = make_puzzle(6, 6, words, seed=9, difficulty="easy")
    assert quick == exact and quick.method == "exact cover" and quick.stats["random draws first"] == 0
    tight = quick_puzzle(7, 7, ["BADGER", "BEAVER", "CAMEL", "COBRA", "EAGLE", "GECKO", "HERON", "KOALA"], seed=2,
                         difficulty="easy", draws=20)  # fmt: skip
    assert tight.method == "exact cover" and tight.stats["random draws first"] == 20 and hidden_exactly_once(tight)


def test_the_quick_placer_names_the_words_that_cannot_fit():
    words = ["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY", "ZZZZZ"]
    with pytest.raises(PuzzleError, match="ABCDE, FGHIJ, KLMNO, PQRST, UVWXY, ZZZZZ cannot all fit together in a 5x5"):
        quick_puzzle(5, 5, words, seed=1, difficulty="easy")
    with pytest.raises(PuzzleError, match="the words ABC, DEF, GHI, XYZ cannot all fit together in a 3x3 grid"):
        quick_puzzle(3, 3, ["ABC", "DEF", "GHI", "XYZ", "CAT"], seed=1, difficulty="easy")


def test_the_quick_placer_hides_a_message():
    puzzle = quick_puzzle(4, 4, ["ABEL", "LAND"], seed=1, difficulty="easy", message="hello all")
    key = puzzle.key_grid()
    free = "".join(g for row_g, row_k in zip(puzzle.grid, key) for g, k in zip(row_g, row_k) if k == ".")
    assert free == "HELLOALL" and hidden_exactly_once(puzzle)
    with pytest.raises(PuzzleError, match=r"the hidden message has 2 letters but the 50 placements tried left 8"):
        quick_puzzle(4, 4, ["ABEL", "LAND"], seed=1, difficulty="easy", message="HI")
    with pytest.raises(PuzzleError, match="has no letters"):
        quick_puzzle(4, 4, ["ABEL", "LAND"], seed=1, message="1 2 3")


def test_the_quick_fill_draws_again_only_where_a_word_reads_twice():
    puzzle = quick_puzzle(7, 7, ["ABBA", "BAAB", "ABAB"], seed=4, difficulty="hard", alphabet="AB")
    assert set("".join(puzzle.grid)) == {"A", "B"} and hidden_exactly_once(puzzle)
    assert puzzle.stats["fill rounds"] > 1
    with pytest.raises(PuzzleError, match="the alphabet for the free cells is empty"):
        quick_puzzle(5, 5, ["ABC"], seed=0, alphabet="")


def test_make_on_the_command_line_is_quick_by_default(capsys):
    words = ANIMALS[:6]
    assert main(["make", "--size", "8x8", "--seed", "5", *words]) == 0
    quick = capsys.readouterr().out
    assert main(["make", "--size", "8x8", "--seed", "5", "--method", "quick", *words]) == 0
    assert capsys.readouterr().out == quick
    assert quick.splitlines()[:8] == list(quick_puzzle(8, 8, words, seed=5).grid)
    assert main(["make", "--size", "8x8", "--seed", "5", "--method", "exact", *words]) == 0
    assert capsys.readouterr().out.splitlines()[:8] == list(make_puzzle(8, 8, words, seed=5).grid)


def extra_copies_by_scan(grid, placements, directions):
    """The check as it was first written, word by word with the finder's scan: the oracle for the fast one."""
    from wordcover.finder import scan

    own = {p.word: frozenset(p.cells) for p in placements}
    extra = []
    for p in placements:
        for q in scan(grid, p.word, directions):
            cells = frozenset(q.cells)
            if cells == own[p.word] or any(cells <= own[w] for w in own if w != p.word):
                continue
            extra.append(p.word)
            break
    return extra


def test_the_fast_check_for_second_copies_agrees_with_the_scan():
    import random

    from wordcover.word_search import DIRECTION_SETS, letter_grid, placements

    rng = random.Random(1)
    checked = found = 0
    while checked < 600:
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        alphabet = rng.choice(["AB", "ABN", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"])
        dirs = rng.choice([DIRECTION_SETS["all"], DIRECTION_SETS["forward"], ("E", "S"), ("N",), ("SW", "E")])
        hidden, used = [], set()
        for _ in range(rng.randint(1, 5)):
            word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, max(rows, cols))))
            if rng.random() < 0.3:
                word += word[-2::-1]  # a palindrome
            if rng.random() < 0.3 and hidden:
                longer = rng.choice(hidden).word
                start = rng.randrange(len(longer))
                word = longer[start : rng.randint(start + 1, len(longer))]  # a word inside another
            spots = placements(word, rows, cols, dirs)
            if spots and word not in used:
                used.add(word)
                hidden.append(rng.choice(spots))
        if not hidden:
            continue
        key = letter_grid(rows, cols, hidden)
        random_grid = ["".join(rng.choice(alphabet + ".") for _ in range(cols)) for _ in range(rows)]
        filled = ["".join(k if k != "." else rng.choice(alphabet) for k in row) for row in key]
        for grid in (key, filled, random_grid):
            expected = extra_copies_by_scan(grid, hidden, dirs)
            assert extra_copies(grid, hidden, dirs) == expected, (grid, hidden, dirs)
            checked += 1
            found += bool(expected)
    assert 100 < found < checked - 100  # both answers are well represented
