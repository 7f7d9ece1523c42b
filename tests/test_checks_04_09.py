"""The self-checks of notebooks 04, 07, 08 and 09 against the wrong answers a learner writes.

Each check must accept the model answer written as a learner would (their own function) and refuse, in bounded time
and with a hint about the reasoning, an off-by-one, rows and columns swapped, a loop that never ends, the library's or
the solutions' own answer, and an answer right only on the cases it shows. No refusal may print the expected value.
"""

from __future__ import annotations

import re
import time

import pytest
import solutions
from solutions import everywhere, fast, outside, squares

from wordcover import Problem, WordSearch
from wordcover.classics import sudoku
from wordcover.squares import SquareSearch
from wordcover.word_search import Placement
from wordcover.wordlists import load_words

EVERYDAY = load_words("everyday")
TOY = WordSearch(3, 3, ["CAT", "TEA", "ATE"], ["E", "S"])


def refused(run, capsys, seconds: float = 15.0) -> str:
    """Run a check that must refuse: assert it returns a false verdict within ``seconds``; its printed text."""
    start = time.perf_counter()
    verdict = run()
    assert not verdict
    assert time.perf_counter() - start < seconds
    return capsys.readouterr().out


def endless(*args):
    """A loop that never ends, as a learner writes one by mistake."""
    n = 0
    while True:
        n += 1


# ---- numbers predicted: every check gives a hint about the reasoning, never the value, and no direction --------

NUMERIC = {  # name: (the expected value's solution, its hint, wrong answers a learner writes)
    "04.1 nodes on level 3": (  # 112 pairs that fit x 32 placements of AND
        lambda: outside.level_three_nodes(WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal")),
        outside.level_three_nodes_hint,
        [3583, 3585, 256 * 32, 144 * 32, 112 * 16, 1 + 16 + 256 + 112 * 32, 112, 256],
    ),
    "07.1 squares of order 2": (squares.squares_of_order_two, squares.squares_of_order_two_hint, [5, 6, 8, 2, 1]),
    "08.1 CANTOR's placements": (
        lambda: fast.root_options(WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"])),
        fast.root_options_hint,
        [27, 29, 24, 12, 14],
    ),
    "09.1 six queens": (everywhere.six_queens, everywhere.six_queens_hint, [3, 5, 10, 8, 92]),
    "09.4 one path's estimate": (everywhere.path_estimate, everywhere.path_estimate_hint, [21, 23, 4, 8, 12, 13, 10]),
}


def says(text: str, number: object) -> bool:
    """Whether ``text`` has ``number`` in it as a number of its own (not as a part of another)."""
    return re.search(rf"(?<![\d,.]){re.escape(str(number))}(?![\d,])", text) is not None


WHICH_WAY = re.compile(r"\btoo (high|low|big|small)\b|\b(higher|lower|more|fewer|bigger|smaller) than\b")


@pytest.mark.parametrize("name", list(NUMERIC))
def test_a_numeric_check_refuses_near_misses_with_a_hint_and_never_says_which_way(name, capsys):
    value, hint, wrong = NUMERIC[name]
    expected = value()
    assert solutions.check(expected, expected, hint())  # the right number passes
    assert capsys.readouterr().out == "✓ Right.\n"
    for answer in [*wrong, True, str(expected), value, float("nan")]:
        out = refused(lambda answer=answer: solutions.check(answer, expected, hint()), capsys)
        assert not WHICH_WAY.search(out) and not says(out.replace(repr(answer), ""), expected), out
        if any(answer is w for w in wrong):  # True == 1, so not `in`
            assert out.startswith(f"✗ Not yet: {answer} is not it. ") and hint() in out
    assert len(hint().split()) > 15 and not says(hint(), expected)


# ---- 04.2 clashes -------------------------------------------------------------------------------------------------


def clashes_without_empty_lists(record, placement):  # record[cell][-1] on an empty list raises IndexError
    return [c for c, x in zip(placement.cells, placement.word) if c in record and record[c][-1] != x]


def clashes_comparing_lists(record, placement):  # ["D", "D"] is not ["D"]: a stacked cell counted as a clash
    return [c for c, x in zip(placement.cells, placement.word) if record.get(c) and record[c] != [x]]


def clashes_swapped(record, placement):  # (column, row) looked up
    return [
        (r, c) for (r, c), x in zip(placement.cells, placement.word) if record.get((c, r)) and record[c, r][-1] != x
    ]


def clashes_off_by_one(record, placement):  # the letters shifted by one against the cells
    return [c for c, x in zip(placement.cells[1:], placement.word) if record.get(c) and record[c][-1] != x]


def clashes_sorted(record, placement):  # the right cells, in the grid's order instead of the word's
    return sorted(c for c, x in zip(placement.cells, placement.word) if record.get(c) and record[c][-1] != x)


def clashes_used_cells(record, placement):  # every used cell, same letter or not
    return [c for c in placement.cells if record.get(c)]


def clashes_of_the_shown_cases(record, placement):  # right on what the cell shows, by heart
    return [(0, 2)] if placement == Placement("LAND", 0, 2, "S") else []


@pytest.mark.parametrize(
    "wrong",
    [
        clashes_without_empty_lists,
        clashes_comparing_lists,
        clashes_swapped,
        clashes_off_by_one,
        clashes_sorted,
        clashes_used_cells,
        clashes_of_the_shown_cases,
        endless,
        outside.clashes,
    ],
)
@pytest.mark.slow
def test_the_clashes_check_refuses(wrong, capsys):
    out = refused(lambda: outside.check_clashes(wrong), capsys)
    assert out.startswith("✗")
    if "raised" not in out and "ran for" not in out and "write your own" not in out:
        assert outside.CLASH_HINT in out


def test_the_clashes_check_has_empty_lists_among_its_cases():
    cases = outside.clash_cases()
    assert any(letters == [] for record, _ in cases for letters in record.values())
    assert any(outside.clashes(r, p) for r, p in cases) and any(not outside.clashes(r, p) for r, p in cases)


# ---- 07.2 letter_mask ---------------------------------------------------------------------------------------------


def mask_off_by_one_letter(words, prefix, position):  # A as bit 1
    mask = 0
    for w in words:
        if w.startswith(prefix):
            mask |= 1 << (ord(w[position]) - ord("A") + 1)
    return mask


def mask_off_by_one_position(words, prefix, position):
    mask = 0
    for w in words:
        if w.startswith(prefix):
            mask |= 1 << (ord(w[position - 1]) - ord("A"))
    return mask


def mask_adding(words, prefix, position):  # += counts a letter once per word
    mask = 0
    for w in words:
        if w.startswith(prefix):
            mask += 1 << (ord(w[position]) - ord("A"))
    return mask


def mask_anywhere(words, prefix, position):  # the prefix anywhere in the word
    mask = 0
    for w in words:
        if prefix in w:
            mask |= 1 << (ord(w[position]) - ord("A"))
    return mask


def mask_of_the_first_word(words, prefix, position):  # stops at the first word with the prefix
    for w in words:
        if w.startswith(prefix):
            return 1 << (ord(w[position]) - ord("A"))
    return 0


def mask_as_letters(words, prefix, position):
    return "".join(sorted({w[position] for w in words if w.startswith(prefix)}))


def mask_of_the_everyday_list(words, prefix, position):  # the library's masks, always of the shown list
    return SquareSearch(4, EVERYDAY).letters(prefix, position)


@pytest.mark.parametrize(
    "wrong",
    [
        mask_off_by_one_letter,
        mask_off_by_one_position,
        mask_adding,
        mask_anywhere,
        mask_of_the_first_word,
        mask_as_letters,
        mask_of_the_everyday_list,
        SquareSearch(4, EVERYDAY).letters,
        endless,
        squares.letter_mask,
    ],
)
@pytest.mark.slow
def test_the_letter_mask_check_refuses(wrong, capsys):
    out = refused(lambda: squares.check_letter_mask(wrong, EVERYDAY), capsys)
    assert out.startswith("✗")


def test_the_letter_mask_check_runs_hidden_cases_a_learner_of_the_shown_list_fails(capsys):
    out = refused(lambda: squares.check_letter_mask(mask_of_the_everyday_list, EVERYDAY), capsys)
    assert "on a further case" in out and squares.MASK_HINT in out


# ---- 08.2 agree ---------------------------------------------------------------------------------------------------


def agree_first_shared_cell(p, q):  # looks at the first shared cell only
    letters = dict(zip(p.cells, p.word))
    for cell, letter in zip(q.cells, q.word):
        if cell in letters:
            return letters[cell] == letter
    return True


def agree_apart(p, q):  # "compatible" read as "sharing no cell"
    return not set(p.cells) & set(q.cells)


def agree_swapped(p, q):  # q's cells read as (column, row)
    letters = dict(zip(p.cells, p.word))
    return all(letters.get((c, r), x) == x for (r, c), x in zip(q.cells, q.word))


def agree_by_index(p, q):  # the k-th letters compared, wherever they stand
    return all(p.word[k] == q.word[k] for k in range(min(len(p.word), len(q.word))) if p.cells[k] in q.cells)


def agree_off_by_one(p, q):
    letters = dict(zip(p.cells, p.word[1:] + p.word[:1]))
    return all(letters.get(cell, x) == x for cell, x in zip(q.cells, q.word))


def compatible(p, q):
    """The notebook's own function, defined above the exercise."""
    letters = dict(zip(p.cells, p.word))
    return all(letters.get(cell, letter) == letter for cell, letter in zip(q.cells, q.word))


@pytest.mark.parametrize(
    "wrong",
    [
        agree_first_shared_cell,
        agree_apart,
        agree_swapped,
        agree_by_index,
        agree_off_by_one,
        endless,
        compatible,
        fast.agree,
    ],
)
@pytest.mark.slow
def test_the_agree_check_refuses(wrong, capsys):
    out = refused(lambda: fast.check_agree(wrong, TOY, compatible), capsys)
    assert out.startswith("✗")


@pytest.mark.slow
def test_the_agree_check_catches_the_first_shared_cell_only_on_hidden_cases(capsys):
    """Every toy pair shares at most one cell, so only the hidden cases tell this one apart."""
    out = refused(lambda: fast.check_agree(agree_first_shared_cell, TOY, compatible), capsys)
    assert "on a further case" in out and fast.AGREE_HINT in out


# ---- 09.2 sudoku4 -------------------------------------------------------------------------------------------------


def model(read=lambda givens: givens, box=lambda r, c: 2 * (r // 2) + c // 2, label=lambda r, c, d: (r, c, d)):
    """A 4 x 4 Sudoku model as a learner writes it, with the places a learner goes wrong as arguments."""

    def sudoku4(givens):
        cells = read("".join(givens.split()))
        items = [f"p{r}{c}" for r in range(4) for c in range(4)]
        items += [f"{kind}{u}{d}" for kind in "rcb" for u in range(4) for d in "1234"]
        options, labels = [], []
        for r in range(4):
            for c in range(4):
                for d in "1234" if cells[4 * r + c] == "." else cells[4 * r + c]:
                    options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{box(r, c)}{d}"])
                    labels.append(label(r, c, int(d)))
        return Problem(items, [], options, labels=labels)

    return sudoku4


def by_columns(givens):
    return "".join(givens[4 * r + c] for c in range(4) for r in range(4))


def sudoku4_twice(givens):  # the options of the first cell twice: each grid found twice
    p = model()(givens)
    again = [k for k, label in enumerate(p.labels) if label[:2] == (0, 0)]
    options = list(p.options) + [p.options[k] for k in again]
    return Problem(p.primary, [], options, labels=list(p.labels) + [p.labels[k] for k in again])


def sudoku4_without_labels(givens):
    p = model()(givens)
    return Problem(p.primary, [], p.options)


def sudoku4_without_boxes(givens):  # the box items forgotten
    p = model()(givens)
    keep = [[str(entry) for entry in o if not str(entry).startswith("b")] for o in p.options]
    return Problem([i for i in p.primary if not i.startswith("b")], [], keep, labels=p.labels)


@pytest.mark.parametrize(
    "wrong",
    [
        model(read=by_columns),  # the givens read column by column: the same counts on symmetric cases
        model(read=lambda givens: givens[::-1]),  # backwards: the same counts on every case
        model(read=lambda givens: "." * 16),  # the givens ignored
        model(box=lambda r, c: r // 2 + c // 2),  # boxes 1 and 2 merged
        model(label=lambda r, c, d: (c, r, d)),  # rows and columns swapped in the labels
        model(label=lambda r, c, d: (r + 1, c + 1, d)),  # counted from 1
        sudoku4_twice,
        sudoku4_without_labels,
        sudoku4_without_boxes,
        endless,
        everywhere.sudoku4,
        sudoku,  # the library's 9 x 9 model
    ],
)
@pytest.mark.slow
def test_the_sudoku4_check_refuses(wrong, capsys):
    out = refused(lambda: everywhere.check_sudoku4(wrong), capsys)
    assert out.startswith("✗")


def test_counts_alone_would_pass_a_model_that_reads_the_givens_backwards_or_by_columns():
    """Why the check compares grids: these wrong models have the reference's count on every case the old check
    showed, and the backwards one on every hidden case too."""
    from wordcover import count_solutions

    for wrong in (model(read=by_columns), model(read=lambda givens: givens[::-1])):
        for givens in everywhere.SUDOKU4_SHOWN:
            assert count_solutions(wrong(givens), "x") == count_solutions(everywhere.sudoku4(givens), "x")


def test_the_sudoku4_check_shows_the_learners_grid_and_the_rule_it_breaks(capsys):
    out = refused(lambda: everywhere.check_sudoku4(sudoku4_without_boxes), capsys)
    assert "which breaks box" in out and everywhere.SUDOKU4_HINT in out
    out = refused(lambda: everywhere.check_sudoku4(model(box=lambda r, c: r // 2 + c // 2)), capsys)
    assert "it misses grids" in out  # boxes 1 and 2 merged into one of eight cells: too strict
    out = refused(lambda: everywhere.check_sudoku4(model(read=lambda givens: givens[::-1])), capsys)
    assert "which breaks the given" in out
    out = refused(lambda: everywhere.check_sudoku4(sudoku4_twice), capsys)
    assert "more than once" in out


# ---- 09.5 dominoes ------------------------------------------------------------------------------------------------


def dominoes_model(rows_of_verticals=lambda rows: rows - 1, name=lambda r, c: f"r{r}c{c}", twice=False):
    def dominoes(rows, cols):
        cells = [f"r{r}c{c}" for r in range(rows) for c in range(cols)]
        options = [[name(r, c), name(r, c + 1)] for r in range(rows) for c in range(cols - 1)]
        options += [[name(r, c), name(r + 1, c)] for r in range(rows_of_verticals(rows)) for c in range(cols)]
        return Problem(cells, [], options * (2 if twice else 1))

    return dominoes


def dominoes_slow(rows, cols):  # right, but every option a hundred times: the search takes far too long
    right = dominoes_model()(rows, cols)
    return Problem(right.primary, [], list(right.options) * 100)


@pytest.mark.parametrize(
    "wrong",
    [
        dominoes_model(rows_of_verticals=lambda rows: rows - 2),  # the last row of vertical dominoes forgotten
        dominoes_model(rows_of_verticals=lambda rows: 0),  # no vertical dominoes
        dominoes_model(name=lambda r, c: f"r{c}c{r}"),  # rows and columns swapped
        dominoes_model(twice=True),
        dominoes_slow,
        endless,
        everywhere.dominoes,
    ],
)
def test_the_dominoes_check_refuses_in_bounded_time(wrong, capsys):
    out = refused(lambda: everywhere.check_dominoes(wrong, budget=0.5), capsys, seconds=6)
    assert out.startswith("✗")
    assert "more" not in out and "fewer" not in out
