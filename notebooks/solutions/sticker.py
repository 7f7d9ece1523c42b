"""Notebook 6, the sticker fix: the solutions, and the check for exercise 2."""

from __future__ import annotations

import random

from solutions import BUDGET, Verdict, check_function
from wordcover import WordSearch

STICKER = -1  # Knuth's COLOR(x) = -1: this node already has the right colour in a purified item


def ada_alan_crossings() -> int:
    """16: the words can share only an A, where one runs across and the other down.

    In 4 x 4 with directions E and S, ADA has 16 placements (8 across, 8 down) and ALAN 8 (4 and 4). ALAN
    fills a whole row or column, so an ADA running the same way over it puts D on L, or A on L: a clash.
    A crossing therefore has one word across and the other down, meeting in one cell, and that cell must
    hold A for both. ADA across in row r from column c (c = 0 or 1) meets ALAN down a column c' (ALAN down
    always starts in row 0): the cell (r, c') is an A of ADA when c' = c or c + 2, and an A of ALAN when
    r = 0 or 2. That is 2 x 2 x 2 = 8 crossings, and ADA down with ALAN across gives 8 more: 16 of the
    80 solutions.
    """
    ws = WordSearch(4, 4, ["ADA", "ALAN"], "E,S")
    return ws.count("sticker", share=True)


def naive_commits(colours: list, chosen: list[int]) -> tuple[list, list[int]]:
    """The naive C5 on one cell: every chosen option that writes the cell purifies it again.

    ``colours[k]`` is the colour of option k's node in the cell's list; ``chosen`` lists the options that
    write the cell, in the order they are chosen (all with the same letter). Returns the colours afterwards
    and how many times each option was hidden. The chosen option's own node is not walked: while it is
    being tried, its option is out of the lists.
    """
    colours, hidden = list(colours), [0] * len(colours)
    for p in chosen:
        c = colours[p]
        for q in range(len(colours)):  # purify(p)
            if q != p and colours[q] != c:
                hidden[q] += 1  # hide(q), a second time when the cell was purified already
    return colours, hidden


def sticker_commits(colours: list, chosen: list[int]) -> tuple[list, list[int]]:
    """With the sticker: the first purify stickers the nodes of its colour, and a stickered node commits nothing.

    A chosen option whose node in the cell wears a sticker finds the cell purified already (C5 skips a
    node with COLOR < 0), so every clashing option is hidden once, however many chosen words cross the cell.
    The nodes of the first chosen colour (other than the chosen one) end up as STICKER.
    """
    colours, hidden = list(colours), [0] * len(colours)
    for p in chosen:
        c = colours[p]
        if c == STICKER:
            continue  # purified already: nothing to do
        for q in range(len(colours)):  # purify(p)
            if q == p:
                continue
            if colours[q] == c:
                colours[q] = STICKER
            else:
                hidden[q] += 1
    return colours, hidden


SHOWN = [  # the cases the notebook's check names: the toy above, and four more
    (["L", "L", "D", "A"], [0, 1]),
    (["A", "B", "A", "A", "C"], [2, 0, 3]),
    (["E"], [0]),
    (["A", "B"], []),
    (["N", "D", "N", "N"], [3, 0, 2]),
]
COMMITS_HINT = (
    "Follow the cell through two chosen options of one letter: what does the first purify leave on the other "
    "nodes of its letter, and what does the second option then find on its own node? While an option is being "
    "tried, its own node is not in the list."
)


def more_cases(n: int = 40, seed: int = 60) -> list[tuple[list, list[int]]]:
    """Cases the check does not show: random cells (seeded), then the edges a learner forgets."""
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        colours = [rng.choice("ABC") for _ in range(rng.randint(1, 8))]
        letter = rng.choice(colours)
        same = [k for k, c in enumerate(colours) if c == letter]
        cases.append((colours, rng.sample(same, rng.randint(0, len(same)))))
    cases += [
        (["A", "A", "A"], [2, 1, 0]),  # every node of one letter: nothing hidden, the later two find stickers
        (["B", "A", "B", "A", "B"], [4]),  # one chosen option, the last node: no sticker on its own node
        (["D", "L", "L"], [2, 1]),  # the first node clashes with both
        (["A", "B", "C", "A"], [3, 0]),  # chosen bottom first
    ]
    return cases


def check_commits(candidate, budget: float = BUDGET) -> Verdict:
    """Exercise 2's check: the shown cases, then more_cases(), each within ``budget`` seconds."""
    return check_function(candidate, sticker_commits, SHOWN, hidden=more_cases(), hint=COMMITS_HINT, budget=budget)


def why_reverse() -> str:
    """b: each unpurify must find the lists as its own purify left them.

    A later purify (of another cell of the same option, or deeper in the search) walked lists that an
    earlier purify had already changed: an option hidden by the earlier one had left the other cells'
    lists, so the later purify did not hide it again. Undo the earlier purify first, and that option is
    back in the lists when the later unpurify walks them: it is unhidden a second time and the links break
    (the naive double purify, seen from the other side). Undone in reverse order, the last purify first,
    every unpurify sees the lists as its purify left them; Dancing Links undoes everything in this order.
    What matters is the order of the unpurifies, not the direction in which one unpurify walks its list:
    Knuth remarks in his program DLX2 that uncovering in the same direction as covering does no harm.
    """
    return "b"


def why_reverse_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "The direction inside one unpurify is not what matters: a walk down the list gives the same links back "
        "(Knuth remarks the same of uncover), and every sticker in one list is peeled back to the same colour, "
        "p's. The question is the order of the unpurifies.",
        "c": "A sticker is the colour code -1 and nothing more: it does not say which purify gave it. Unpurify gives "
        "each stickered node the colour of its own p, and only one purify of an item holds at a time.",
        "d": "Another order does not give the same links back: an engine whose C6 undoes an option's items left to "
        "right, the same order as C5, leaves broken lists behind on ABEL and LAND (the test suite runs one).",
    }
