"""Notebook 7's solutions and the library pieces it shows, each against an answer found another way.

Oracles: the Algorithm C model of squares (a different method from the backtracking search), brute force over
every choice of rows, and plain loops over the word list.
"""

from __future__ import annotations

import itertools
import random
import re
from importlib import resources

import pytest
from solutions import squares as s

from wordcover.rectangles import square_model
from wordcover.squares import SquareSearch, mask_letters, partial_square
from wordcover.wordlists import load_words

EVERYDAY = load_words("everyday")


def _transpose(rows):
    return tuple("".join(r[j] for r in rows) for j in range(len(rows)))


def _brute_squares(order, words):
    """Every grid whose rows and columns are words, by trying every choice of rows."""
    allowed = set(words)
    return [rows for rows in itertools.product(words, repeat=order) if all(c in allowed for c in _transpose(rows))]


# ---- the everyday list -----------------------------------------------------------------------------------


def test_the_everyday_list_is_ordinary_four_letter_english_words():
    english = set(load_words("english", length=4))
    assert len(EVERYDAY) == len(set(EVERYDAY)) > 500
    assert all(len(w) == 4 and re.fullmatch(r"[A-Z]+", w) for w in EVERYDAY)
    assert set(EVERYDAY) <= english  # every word is in SCOWL
    raw = (resources.files("wordcover") / "data" / "words" / "themes" / "everyday.txt").read_text(encoding="ascii")
    body = [line for line in raw.splitlines() if not line.startswith("#")]
    assert body == sorted(body) and len(body) == len(EVERYDAY)  # one word a line, sorted
    assert raw.startswith("# everyday:")  # the file says how it was made; the comment lines are no words
    assert not {"ABBR", "REHI"} & set(EVERYDAY)


# ---- the solutions -----------------------------------------------------------------------------------------


def test_squares_of_order_two_are_the_grids_brute_force_finds():
    words = s.TWO_LETTER_WORDS
    grids = _brute_squares(2, words)
    assert s.squares_of_order_two() == len(grids) == square_model(2, words, "any").count()
    symmetric = [g for g in grids if g == _transpose(g)]
    assert (len(symmetric), len(grids) - len(symmetric)) == (5, 2)  # the docstring's 5 + 2
    assert str(len(grids)) not in s.squares_of_order_two_hint()


def test_the_letter_mask_check_accepts_a_learners_own_mask_on_every_case(capsys):
    def letter_mask(words, prefix, position):  # written in the notebook, as a learner would
        mask = 0
        for word in words:
            if word.startswith(prefix) and position < len(word):  # a word too short has no letter there
                mask |= 1 << (ord(word[position]) - ord("A"))
        return mask

    cases = s.letter_mask_cases()
    assert any(not words for words, _, _ in cases) and any(s.letter_mask(*c) == 0 for c in cases[1:])
    assert {3, 4} <= {len(words[0]) for words, _, _ in cases if words}  # four- and three-letter lists, and mixed
    assert s.check_letter_mask(letter_mask, EVERYDAY)
    assert capsys.readouterr().out == "✓ Right on all 46 cases (40 of them not shown).\n"


def test_prefix_range_against_a_plain_filter_and_the_library():
    """Exercise 2's answer: words[lo:hi] are the words that start with the prefix, as a plain filter finds them, and
    lo is where the prefix would sort (so an empty range sits in its place); the library's range is the same."""
    english = load_words()
    search = SquareSearch(4, EVERYDAY)
    for words, prefix in [(EVERYDAY, p) for p in ("", "LO", "IB", "JA", "ABLE", "ZZ", "AA")] + s.prefix_range_cases():
        lo, hi = s.prefix_range(words, prefix)
        assert words[lo:hi] == [w for w in words if w.startswith(prefix)]
        assert lo == sum(w < prefix for w in words)
        if words is EVERYDAY:
            assert (lo, hi) == search.prefix_range(prefix)
    for prefix in ("", "A", "JA", "QU", "ZZZ"):
        lo, hi = s.prefix_range(english, prefix)
        assert english[lo:hi] == [w for w in english if w.startswith(prefix)]
    assert SquareSearch.prefix_range in s.library_ranges()


@pytest.mark.parametrize("prefix, position", [("L", 1), ("CA", 2), ("", 0), ("QU", 2), ("ST", 3), ("A", 3), ("X", 1)])
def test_letter_mask_against_the_search_masks_and_a_set_of_letters(prefix, position):
    expected = SquareSearch(4, EVERYDAY).letters(prefix, position)
    letters = {w[position] for w in EVERYDAY if w.startswith(prefix)}
    assert s.letter_mask(EVERYDAY, prefix, position) == expected
    assert mask_letters(expected) == "".join(sorted(letters))


@pytest.mark.slow
def test_the_rule_keeps_one_grid_of_each_pair_of_double_squares():
    """Exercise 3's answer against brute force: the transpose of a double square is another double square, with row 0
    and column 0 swapped, so "column 0 sorts before row 0" keeps exactly one of the two; the search yields just those
    and counts two grids for each."""
    assert s.why_one_of_each_pair() == "d"
    words = sorted(random.Random(21).sample(load_words(length=3), 80))  # the notebook's sample
    grids = set(_brute_squares(3, words))
    double = {g for g in grids if len(set(g) | set(_transpose(g))) == 6}
    assert double and all(_transpose(g) in double and _transpose(g) != g for g in double)  # pairs of different grids
    assert all(g[0] != _transpose(g)[0] for g in double)  # row 0 and column 0 differ
    kept = {g for g in double if _transpose(g)[0] < g[0]}
    assert all((g in kept) != (_transpose(g) in kept) for g in double)  # one of each pair, never both or neither
    search = SquareSearch(3, words, "double")
    assert {tuple(g) for g in search.squares()} == kept and search.stats.squares == len(double) == 2 * len(kept)


# ---- the library pieces the notebook shows -------------------------------------------------------------------


def test_prefix_range_is_the_slice_of_words_with_that_prefix():
    search = SquareSearch(4, EVERYDAY)
    for prefix in ("", "L", "LO", "LOU", "LOUD", "QZ", "ZZ", "A"):
        lo, hi = search.prefix_range(prefix)
        assert search.words[lo:hi] == [w for w in search.words if w.startswith(prefix)]


def test_partial_square_follows_the_search_order():
    square = ["ALTO", "LOUD", "SAND", "ONES"]
    assert partial_square(square, 3) == (["ALTO", "LOUD", "S", "O"], ["ALSO", "LO", "TU", "OD"])
    assert partial_square(square, 0) == ([""] * 4, [""] * 4)
    assert partial_square(square, 8) == (square, ["ALSO", "LOAN", "TUNE", "ODDS"])
    with pytest.raises(ValueError, match="has 8 lines, not 9"):
        partial_square(square, 9)


@pytest.mark.slow
def test_watch_hears_every_cutoff_and_each_mask_cutoff_has_a_dead_cell():
    search = SquareSearch(4, EVERYDAY, "double")
    events = []
    for _ in search.squares(watch=lambda kind, rows, cols: events.append((kind, rows, cols))):
        pass
    kinds = [k for k, *_ in events]
    assert kinds.count("prefix") == search.stats.prefix_cutoffs > 0
    assert kinds.count("mask") == search.stats.mask_cutoffs > 0
    prefixes = {w[:k] for w in EVERYDAY for k in range(5)}
    letters_at: dict[tuple[str, int], set[str]] = {}  # (prefix, position) -> letters there, by a plain loop
    for w in EVERYDAY:
        for k in range(5):
            for position in range(k, 4):
                letters_at.setdefault((w[:k], position), set()).add(w[position])
    for kind, rows, cols in events:
        if kind == "prefix":  # some line got a prefix that no word has
            assert any(line not in prefixes for line in rows + cols)
        else:  # some empty cell: the words of its row's prefix and of its column's share no letter there
            empty = [(r, c) for r in range(4) for c in range(4) if len(rows[r]) <= c and len(cols[c]) <= r]
            dead = [
                (r, c)
                for r, c in empty
                if not letters_at.get((rows[r], c), set()) & letters_at.get((cols[c], r), set())
            ]
            assert search.dead_cells(rows, cols) == dead != []


def test_the_first_mask_cutoff_the_notebook_draws():
    search = SquareSearch(4, EVERYDAY, "double")
    masks = []
    next(search.squares(watch=lambda kind, rows, cols: masks.append((rows, cols)) if kind == "mask" else None))
    rows, cols = masks[0]
    assert search.dead_cells(rows, cols)[0] == (2, 1)
    assert mask_letters(search.letters(rows[2], 1)) == "AEIOU"


def test_letters_refuses_a_position_inside_the_prefix():
    with pytest.raises(ValueError, match="position 1 is not after the prefix 'LO'"):
        SquareSearch(4, EVERYDAY).letters("LO", 1)


@pytest.mark.slow  # 2.7 s at load 6 on two cores: it draws both figures
def test_the_square_figures_draw_what_the_notebook_prints():
    from wordcover.views import square_cutoff_figure, square_range_figure

    search = SquareSearch(4, EVERYDAY, "double")
    rows, cols = partial_square(["ALTO", "LOUD", "SAND", "ONES"], 3)
    fig = square_range_figure(search, rows, cols, ("col", 1))
    texts = [t.get_text() for ax in fig.axes for t in ax.texts]
    lo, hi = search.prefix_range("LO")
    assert any(f"words[{lo}:{hi}]" in t for t in texts) and any("LOAD" in t for t in texts)
    fig = square_cutoff_figure(search, ["ACID", "BARE", "L", "E"], ["ABLE", "CA", "IR", "DE"], (2, 1))
    texts = [t.get_text() for ax in fig.axes for t in ax.texts]
    assert "∅" in texts and any("cut off" in t for t in texts)


def test_check_square_reads_a_set_of_words_as_a_list_of_them():
    """A set of words under the rule is used as it is (the notebook checks 2,638 squares against one set); any other
    set or list is folded first: the verdicts are the same."""
    from wordcover.squares import check_square

    square = ["ABLE", "BEAR", "LAIR", "ERRS"]
    for words in (set(EVERYDAY), frozenset(EVERYDAY), EVERYDAY, {w.lower() for w in EVERYDAY}):
        assert check_square(square, "symmetric", words) == []
    short = ["ABLE", "BEAR"]
    assert check_square(square, "symmetric", set(short)) == check_square(square, "symmetric", short) != []
    assert check_square(square, "symmetric", {"able", "bear", "Lair", "errs"}) == []


def test_the_finished_squares_picture_draws_each_square_and_its_words():
    """Read back from the picture: each grid's letters by their cells, and the words listed beside it, across and
    down, are the square's rows and columns (Sator, and Grant's 8 x 8, as the notebook draws them)."""
    from wordcover.views.picture import Text
    from wordcover.views.squares import squares_picture

    sator = ["SATOR", "AREPO", "TENET", "OPERA", "ROTAS"]
    grant = ["TRATTLED", "HEMERINE", "APOTOMES", "METAPORE", "NAILINGS", "ALOISIAS", "TENTMATE", "ASSESSED"]
    picture = squares_picture([sator, grant], ["Sator", "Grant"])
    assert len(picture.panels) == 4
    for square, grid, words in ((sator, *picture.panels[:2]), (grant, *picture.panels[2:])):
        n = len(square)
        letters = {(round(t.y), round(t.x)): t.text for t in grid.items if isinstance(t, Text)}
        assert ["".join(letters[r, c] for c in range(n)) for r in range(n)] == square
        listed = [t.text for t in words.items if isinstance(t, Text)]
        cols = ["".join(row[j] for row in square) for j in range(n)]
        assert listed == ["rows, across", *(f"{k} {w}" for k, w in enumerate(square))] + [
            "columns, down",
            *(f"{k} {w}" for k, w in enumerate(cols)),
        ]
    assert "columns THAMNATA REPEALES" in picture.caption
