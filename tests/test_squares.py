"""Word rectangles and word squares: two methods, a brute-force oracle and known squares."""

from __future__ import annotations

import itertools
import random

import pytest

from wordcover.cli import main
from wordcover.rectangles import WordRectangle, square_model
from wordcover.squares import SquareSearch, check_square, count_squares_parallel
from wordcover.wordlists import load_words


def brute_squares(order: int, words: list[str], kind: str) -> int:
    """Try every choice of rows; keep the grids whose columns are words (independent oracle)."""
    allowed = set(words)
    total = 0
    for rows in itertools.product(words, repeat=order):
        cols = ["".join(r[j] for r in rows) for j in range(order)]
        if not all(c in allowed for c in cols):
            continue
        if kind == "symmetric" and list(rows) != cols:
            continue
        if kind == "double" and len(set(rows) | set(cols)) != 2 * order:
            continue
        total += 1
    return total


def sample(order: int, size: int, seed: int) -> list[str]:
    words = load_words(length=order)
    return sorted(random.Random(seed).sample(words, size))


def test_the_seed_articles_rectangle_is_found():
    rect = WordRectangle(3, 3, ["CAT", "DOG", "EEL"], ["CDE", "AOE", "TGL"])
    assert list(rect.solutions()) == [["CAT", "DOG", "EEL"]]
    assert rect.count() == 1


def test_rectangles_against_brute_force():
    across, down = sample(3, 150, 1), load_words(length=2)
    rect = WordRectangle(2, 3, across, down)
    allowed = set(down)
    expected = sum(
        1
        for rows in itertools.product(across, repeat=2)
        if all("".join(r[j] for r in rows) in allowed for j in range(3))
    )
    assert rect.count() == expected > 0
    words = ["AB", "CD", "AC", "BD", "AA"]
    grids = [
        list(rows)
        for rows in itertools.product(words, repeat=2)
        if all(rows[0][j] + rows[1][j] in words for j in range(2))
    ]
    assert sorted(WordRectangle(2, 2, words).solutions()) == sorted(grids)
    assert sorted(WordRectangle(2, 2, words, distinct=True).solutions()) == [["AB", "CD"], ["AC", "BD"]]


@pytest.mark.parametrize("kind", ["any", "symmetric", "double"])
@pytest.mark.parametrize("order, size, seed", [(2, 40, 1), (3, 70, 2), (3, 90, 3)])
@pytest.mark.slow
def test_both_methods_agree_with_brute_force(kind, order, size, seed):
    words = sample(order, size, seed)
    expected = brute_squares(order, words, kind)
    assert SquareSearch(order, words, kind).count() == expected
    assert square_model(order, words, kind).count() == expected


def test_all_found_squares_are_valid_and_listed_once():
    words = sample(3, 90, 3)
    found = list(SquareSearch(3, words, "double").squares())
    assert len({tuple(g) for g in found}) == len(found)
    assert all(check_square(g, "double", words) == [] for g in found)
    # each double square is found with its first column before its first row; the transposes are the rest
    assert all("".join(r[0] for r in g) < g[0] for g in found)


def test_full_english_orders_two_and_three_agree_between_methods():
    words = load_words(length=2)
    for kind in ("any", "symmetric", "double"):
        assert SquareSearch(2, words, kind).count() == square_model(2, words, kind).count()


def test_parallel_pieces_add_up():
    words = load_words(length=3)
    serial = SquareSearch(3, words, "symmetric").count()
    assert count_squares_parallel(3, words, "symmetric", jobs=2, pieces=5).squares == serial
    assert count_squares_parallel(3, words, "symmetric", jobs=1, pieces=3).squares == serial


def test_known_squares():
    assert check_square(["SATOR", "AREPO", "TENET", "OPERA", "ROTAS"], "symmetric") == []
    grant = ["TRATTLED", "HEMERINE", "APOTOMES", "METAPORE", "NAILINGS", "ALOISIAS", "TENTMATE", "ASSESSED"]
    assert check_square(grant, "double") == []
    assert check_square(grant, "symmetric")[0] == "row 0 TRATTLED differs from column 0 THAMNATA"
    assert check_square(["SATOR", "AREPO", "TENET", "OPERA", "ROTAS"], "double")[0] == "column 0 repeats SATOR (row 0)"
    assert check_square(["AB", "C"]) == ["not a square: rows of lengths [2, 1]"]
    assert check_square(["AB", "BA"], words=["AB"]) == [
        "row 1 BA is not in the word list",
        "column 1 BA is not in the word list",
    ]


@pytest.mark.slow
def test_counters_of_the_backtracking():
    search = SquareSearch(3, load_words(length=3), "double")
    assert search.count() == 2 * sum(1 for _ in SquareSearch(3, load_words(length=3), "double").squares())
    s = search.stats
    assert s.prefix_cutoffs > 0 and s.mask_cutoffs > 0 and s.deepest == 6 and s.nodes > s.deepest


def test_bad_input():
    with pytest.raises(ValueError, match="unknown kind of square 'magic'"):
        SquareSearch(3, ["ABC"], "magic")
    with pytest.raises(ValueError, match="no words of length 4"):
        SquareSearch(4, ["ABC"])
    with pytest.raises(ValueError, match="no across words of length 5"):
        WordRectangle(3, 5, ["ABC"])
    with pytest.raises(ValueError, match="only a square can be symmetric"):
        WordRectangle(3, 4, ["ABCD"], symmetric=True)


@pytest.mark.slow
def test_command_line(tmp_path, capsys):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(sample(3, 70, 2)))
    expected = brute_squares(3, sample(3, 70, 2), "double")
    for method in ("backtrack", "dlx"):
        assert (
            main(
                [
                    "squares",
                    "--order",
                    "3",
                    "--kind",
                    "double",
                    "--count",
                    "--method",
                    method,
                    "--words-file",
                    str(words),
                ]
            )
            == 0
        )
        out = capsys.readouterr().out.splitlines()
        assert out[-1] == str(expected) and "a square and its transpose are two grids" in out[0]
    assert main(["squares", "--order", "5", "--kind", "symmetric"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "square 1:" and check_square(out[1:6], "symmetric", load_words(length=5)) == []
    rect = tmp_path / "r.txt"
    rect.write_text("CAT DOG EEL\nCDE AOE TGL\n")
    assert main(["rectangle", "--rows", "3", "--cols", "3", "--words-file", str(rect), "--count"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2"  # the article's rectangle and its transpose
