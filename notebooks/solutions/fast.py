"""Notebook 8, making it fast: the solutions."""

from __future__ import annotations

from wordcover import WordSearch
from wordcover.parallel import root_item
from wordcover.word_search import Placement


def root_options(ws: WordSearch) -> int:
    """The options of the first item chosen: for CANTOR in 6 x 6 with eight directions, 28.

    A six-letter word fills a whole line of a 6 x 6 grid: each of the 6 rows read east or west (12), each
    of the 6 columns read south or north (12), and the two long diagonals read both ways (4). The count
    splits into one piece per option, because every solution uses exactly one of them.
    """
    item = root_item(ws.problem)
    return sum(1 for p in ws.placements if p.word == item)


def agree(p: Placement, q: Placement) -> bool:
    """True when every cell that p and q share gets the same letter from both.

    Write p's letters in a dictionary by cell; a cell of q that p does not use agrees by default.
    """
    letters = dict(zip(p.cells, p.word))
    return all(letters.get(cell, letter) == letter for cell, letter in zip(q.cells, q.word))


def why_pairs_are_not_enough_with_primary_cells() -> str:
    """c: "every cell covered" is a condition on the whole set of placements, not on any pair of them.

    Pairwise agreement is enough for the colour items because equal letters are transitive: if every pair of
    placements through a cell agrees, they all agree. But a primary cell must also be *covered*, and a set of
    pairwise compatible placements can leave a cell empty; no test on two placements at a time can see that.
    """
    return "c"


def why_pairs_are_not_enough_with_primary_cells_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "Transitivity makes pairwise agreement enough for the letters, but covering is another condition: a "
        "set of pairwise compatible placements can still leave a cell empty.",
        "b": "Equality of letters stays transitive whatever the items are; the trouble is covering, not agreeing.",
    }
