"""Word squares compiled with numba: the search of :mod:`wordcover.squares`, step for step, on flat arrays.

:class:`~wordcover.squares.SquareSearch` is the readable search that notebook 7 teaches; this is the same search
for the numbers, reached through :func:`wordcover.squares.count_squares` (which picks it when numba is
installed). It fills the same lines in the same order (row 0, column 0, row 1, ...; rows only for
symmetric squares), tries the same candidates, refuses them for the same reasons and so keeps the same counters:
squares, nodes, prefix and mask cut-offs, the deepest level and the per-level profile are equal to the readable
search's on every word list (the tests compare them).

The prefixes of the word list become a trie of numbered nodes, built once in Python:

* ``child[v, x]``: the node of prefix v followed by letter x, or -1 when no word has that prefix (a prefix
  cut-off is one look-up);
* ``first[v]``, ``last[v]``: the words that start with prefix v are ``words[first[v]:last[v]]`` (the list is
  sorted), so a line's candidates are a range, as the readable search finds them by bisection;
* ``mask[v, p]``: the 26-bit set of letters that the words starting with v have at position p.

The search keeps each row's and column's known prefix as a node number, and an undo stack of the nodes each
placed word changed. It runs as one compiled loop with an explicit stack of levels, no recursion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import ExtraNeeded

try:
    import numpy as np
    from numba import njit
except ImportError as err:
    raise ExtraNeeded("the compiled square search", "fast", err.name or "numba and numpy") from None

# the counters the compiled loop fills, in one int64 array, in the order of SquareStats's fields
SQUARES, NODES, PREFIX_CUTOFFS, MASK_CUTOFFS, DEEPEST = range(5)
KIND_NUMBERS = {"any": 0, "symmetric": 1, "double": 2}


def trie(words: list[str], order: int) -> tuple[Any, Any, Any, Any, Any, Any]:
    """(letters, word_node, child, first, last, mask) for a sorted list of words of length ``order``.

    ``letters[k]`` is word k as numbers 0-25 and ``word_node[k]`` the node of the whole word.
    """
    letters = np.array([[ord(ch) - 65 for ch in w] for w in words], dtype=np.int8).reshape(len(words), order)
    ids: dict[str, int] = {"": 0}
    for w in words:
        for k in range(1, order + 1):
            ids.setdefault(w[:k], len(ids))
    size = len(ids)
    child = np.full((size, 26), -1, dtype=np.int32)  # 32 bits: half the cache lines of the hottest table
    first = np.full(size, len(words), dtype=np.int64)
    last = np.zeros(size, dtype=np.int64)
    mask = np.zeros((size, order), dtype=np.int32)  # 26 bits fit
    word_node = np.empty(len(words), dtype=np.int64)
    for index, w in enumerate(words):
        bits = [1 << (ord(ch) - 65) for ch in w]
        node = 0
        for k in range(order + 1):
            if k:
                nxt = ids[w[:k]]
                child[node, ord(w[k - 1]) - 65] = nxt
                node = nxt
            first[node] = min(first[node], index)
            last[node] = index + 1
            for p in range(k, order):
                mask[node, p] |= bits[p]
        word_node[index] = node
    return letters, word_node, child, first, last, mask


@njit(cache=True)
def _cells_ok(n, i, after_col, rows, cols, mask):  # pragma: no cover - compiled
    """After line i: every empty cell still has a letter that both its row and its column could take."""
    for r in range(i + 1, n):
        for c in range(i + after_col, n):
            if mask[rows[r], c] & mask[cols[c], r] == 0:
                return False
    return True


@njit(cache=True)
def _search(n, kind, letters, word_node, child, first, last, mask, lo0, hi0, counters, profile):  # pragma: no cover
    """The search of SquareSearch.squares, counting only: lines, candidates, cut-offs and undo as it does them."""
    symmetric = kind == 1
    double = kind == 2
    levels = n if symmetric else 2 * n
    rows = np.zeros(n, dtype=np.int64)  # the node of each row's known prefix (the root: nothing known)
    cols = rows if symmetric else np.zeros(n, dtype=np.int64)  # row i is column i in a symmetric square
    used = np.zeros(len(word_node), dtype=np.bool_)
    nxt = np.zeros(levels + 1, dtype=np.int64)  # the next candidate to try at each level
    end = np.zeros(levels + 1, dtype=np.int64)
    word = np.full(levels + 1, -1, dtype=np.int64)  # the word placed at each level, -1 for none
    saved_own = np.zeros(levels + 1, dtype=np.int64)
    saved = np.zeros((levels + 1, n), dtype=np.int64)  # the undo stack: the crossing prefixes before the word
    squares = nodes = prefix_cutoffs = mask_cutoffs = deepest = 0
    level = 0
    entering = True
    while level >= 0:
        is_col = (not symmetric) and level % 2 == 1
        i = level if symmetric else level // 2
        own = cols if is_col else rows
        cross = rows if is_col else cols
        if entering:
            if level == levels:  # every line placed: a square
                squares += 2 if double else 1
                level -= 1
                entering = False
                continue
            lo, hi = first[own[i]], last[own[i]]
            if level == 0 and lo0 >= 0:
                lo, hi = max(lo, lo0), min(hi, hi0)
            if double and level == 1:
                hi = min(hi, word[0])  # column 0 sorts before row 0: one of each transposed pair
            nxt[level], end[level] = lo, hi
            word[level] = -1
            entering = False
        # the positions of line i not yet fixed, where the word writes into the crossing lines: row i knows i
        # letters (columns 0 to i-1 crossed it), column i knows i + 1; a symmetric square's row i knows i, and
        # its letter on the diagonal is its own column's, so the crossing begins after it
        start = i + 1 if (is_col or symmetric) else i
        k = word[level]
        if k >= 0:  # take back the word placed here: the undo stack, then the used mark
            for p in range(start, n):
                cross[p] = saved[level, p]
            own[i] = saved_own[level]
            used[k] = False
            word[level] = -1
        placed = False
        while nxt[level] < end[level]:
            k = nxt[level]
            nxt[level] += 1
            if double and used[k]:
                continue
            profile[level] += 1
            cut = False
            for p in range(start, n):
                if child[cross[p], letters[k, p]] < 0:
                    cut = True
                    break
            if cut:
                prefix_cutoffs += 1
                continue
            saved_own[level] = own[i]
            for p in range(start, n):
                saved[level, p] = cross[p]
            own[i] = word_node[k]
            for p in range(start, n):
                cross[p] = child[cross[p], letters[k, p]]
            if _cells_ok(n, i, 1 if (is_col or symmetric) else 0, rows, cols, mask):
                nodes += 1
                if level + 1 > deepest:
                    deepest = level + 1
                used[k] = True
                word[level] = k
                placed = True
                break
            mask_cutoffs += 1
            for p in range(start, n):
                cross[p] = saved[level, p]
            own[i] = saved_own[level]
        if placed:
            level += 1
            entering = True
        else:
            level -= 1
    counters[SQUARES] = squares
    counters[NODES] = nodes
    counters[PREFIX_CUTOFFS] = prefix_cutoffs
    counters[MASK_CUTOFFS] = mask_cutoffs
    counters[DEEPEST] = deepest


def compiled_count(
    order: int, words: Sequence[str], kind: str, first: tuple[int, int] | None = None
) -> tuple[list[int], list[int]]:
    """(squares, nodes, prefix cut-offs, mask cut-offs, deepest) and the per-level profile of one search.

    ``words`` is the readable search's list (sorted, every word of length ``order``), ``first`` its range for the
    first row; the profile has 2 * order + 1 levels, as the readable search's has, whatever the kind.
    """
    levels = order if kind == "symmetric" else 2 * order
    counters = np.zeros(5, dtype=np.int64)
    profile = np.zeros(2 * order + 1, dtype=np.int64)
    lo, hi = first if first is not None else (-1, -1)
    _search(order, KIND_NUMBERS[kind], *trie(list(words), order), lo, hi, counters, profile[: levels + 1])
    return [int(x) for x in counters], [int(x) for x in profile]
