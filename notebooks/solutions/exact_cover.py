"""Notebook 3, exact cover and Algorithm X: the solutions."""

from __future__ import annotations

from wordcover import make_engine
from wordcover.classics import queens


def four_queens() -> int:
    """2: a queen in a corner of 4 x 4 leaves no room, so row 0 has its queen in column 1 or 2.

    Column 1 forces row 1 column 3, row 2 column 0, row 3 column 2; column 2 is its mirror image. So there are
    exactly two solutions, each the reflection of the other.
    """
    return make_engine(queens(4), "x").count()


def count_nodes(primary, secondary, options) -> int:
    """The search of ``exact_covers`` with a counter where step X2 is entered, and no solutions kept.

    Each call of ``search`` is one node: the root, and one for every option tried.
    """
    live = {i: {o for o, items in options.items() if i in items} for i in [*primary, *secondary]}

    def cover(i):
        for o in live[i]:
            for j in options[o]:
                if j != i:
                    live[j].discard(o)
        return live.pop(i)

    def uncover(i, hidden):
        live[i] = hidden
        for o in hidden:
            for j in options[o]:
                if j != i:
                    live[j].add(o)

    def search() -> int:  # X2: this call is one node
        left = [i for i in primary if i in live]
        if not left:
            return 1
        nodes = 1
        i = min(left, key=lambda i: len(live[i]))  # X3
        hidden_i = cover(i)  # X4
        for o in sorted(hidden_i):  # X5
            others = [(j, cover(j)) for j in options[o] if j != i]
            nodes += search()
            for j, hidden in reversed(others):  # X6
                uncover(j, hidden)
        uncover(i, hidden_i)  # X7
        return nodes

    return search()


def primary_diagonals() -> str:
    """d: each queen lies on one diagonal of each direction, so n queens use 2n diagonals.

    There are 2n - 1 diagonals in each direction, 4n - 2 in all; as primary items every one must be covered, and
    2n < 4n - 2 as soon as n >= 2. So the count is 0 for every n >= 2 (and 1 for n = 1).
    """
    return "d"


def primary_diagonals_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "A primary item must be covered exactly once, not at most once: every diagonal, even a corner one of "
        "a single square, would need its queen.",
        "b": "Making an item primary only adds a demand (exactly one queen instead of at most one), so it can "
        "remove solutions but never add any.",
        "c": "A queen covers one diagonal of each direction whether the diagonals are primary or secondary; what "
        "changes is that every diagonal must now be covered.",
    }
