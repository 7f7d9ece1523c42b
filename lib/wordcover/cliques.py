"""Counting word-search placements without listing them.

In the word-search model the only primary items are the words, and every other
item is a cell with a colour. So a solution is just one placement per word with
every *pair* of placements compatible (the same letter on every cell they share):
a clique that takes one vertex from each word's group. This module counts those
cliques with numpy:

* compatibility of every pair of placements, by matrix products: two placements
  share ``occupied_a · occupied_b`` cells and agree on ``letters_a · letters_b``
  of them, so they are compatible when the two numbers are equal;
* a loop over the placements of all words but the last three, narrowing each
  remaining word to the placements compatible with every choice so far; the last
  two words are counted at once as ``mask_a · C_ab · mask_b``, and for the word
  before them all its placements are taken in one matrix product, one row each.

With ``share`` (every word must share a cell with another word) it counts by
inclusion and exclusion over the words forced to be alone: for a set S of words,
N(S) counts the solutions in which no word of S meets any other word, a pairwise
condition again; the answer is the sum of (-1)^|S| N(S) over all 2^k sets.
"""

from __future__ import annotations

import itertools
from typing import Any

from .errors import ExtraNeeded, PuzzleError

try:
    import numpy as np
except ImportError:
    raise ExtraNeeded("the clique count (--method cliques)", "fast", "numpy") from None

from .word_search import WordSearch


def _encode(ws: WordSearch):
    """Per word: the 0/1 occupancy of cells and the 0/1 (cell, letter) incidence of its placements."""
    cells = ws.rows * ws.cols
    letters = sorted({ch for w in ws.words for ch in w})
    code = {ch: k for k, ch in enumerate(letters)}
    occupied, lettered = [], []
    for word in ws.words:
        group = [p for p in ws.placements if p.word == word]
        occ = np.zeros((len(group), cells))
        let = np.zeros((len(group), cells * len(letters)))
        for n, p in enumerate(group):
            for (r, c), ch in zip(p.cells, p.word):
                cell = r * ws.cols + c
                occ[n, cell] = 1
                let[n, cell * len(letters) + code[ch]] = 1
        occupied.append(occ)
        lettered.append(let)
    return occupied, lettered


def compatibility(ws: WordSearch) -> tuple[list[list[np.ndarray]], list[list[np.ndarray]]]:
    """C[a][b][i, j]: placements i of word a and j of word b agree; O[a][b][i, j]: they share a cell."""
    occupied, lettered = _encode(ws)
    k = len(ws.words)
    compatible: list[list[Any]] = [[None] * k for _ in range(k)]  # boolean matrices, one per pair of words
    overlap: list[list[Any]] = [[None] * k for _ in range(k)]
    for a, b in itertools.permutations(range(k), 2):
        shared = occupied[a] @ occupied[b].T
        agree = lettered[a] @ lettered[b].T
        compatible[a][b] = shared == agree
        overlap[a][b] = shared > 0
    return compatible, overlap


def _count(compatible, sizes: list[int]) -> int:
    """One-per-group cliques of the compatibility relation."""
    k = len(sizes)
    order = sorted(range(k), key=lambda w: sizes[w])  # fewest placements first
    if k == 1:
        return sizes[0]
    last_a, last_b = order[-2], order[-1]
    final = compatible[last_a][last_b].astype(np.float64)

    def extend(level: int, masks: dict[int, np.ndarray]) -> int:
        if level == k - 2:
            return int(round(masks[last_a].astype(np.float64) @ final @ masks[last_b].astype(np.float64)))  # noqa: RUF046 (numpy 1.x rounds to a float)
        word = order[level]
        if level == k - 3:  # the last word before the final two: all its placements in one matrix product
            chosen = np.flatnonzero(masks[word])
            left = (masks[last_a] & compatible[word][last_a][chosen]).astype(np.float64)
            right = (masks[last_b] & compatible[word][last_b][chosen]).astype(np.float64)
            return int(round(((left @ final) * right).sum()))  # noqa: RUF046
        total = 0
        rest = order[level + 1 :]
        for p in np.flatnonzero(masks[word]):
            narrowed = {w: masks[w] & compatible[word][w][p] for w in rest}
            if all(m.any() for m in narrowed.values()):
                total += extend(level + 1, narrowed)
        return total

    return extend(0, {w: np.ones(sizes[w], dtype=bool) for w in range(k)})


CLIQUE_BUDGET = 2 * 1024**3  # bytes of numpy arrays the clique count may use; past that, enumerate instead


def clique_bytes(ws: WordSearch) -> int:
    """About how many bytes of arrays the clique count needs: each word's cell and letter incidence (float64),
    then for every ordered pair of words their two products (float64) and two boolean matrices."""
    sizes = [sum(1 for p in ws.placements if p.word == w) for w in ws.words]
    cells = ws.rows * ws.cols
    letters = len({ch for w in ws.words for ch in w})
    incidence = sum(8 * n * cells * (1 + letters) for n in sizes)
    pairs = sum(18 * a * b for i, a in enumerate(sizes) for j, b in enumerate(sizes) if i != j)
    return incidence + pairs


def count_placements(ws: WordSearch, share: bool = False) -> int:
    """The number of solutions of the word-search model, without enumerating them.

    ``share`` counts only the solutions in which every word shares a cell with another. A problem whose
    arrays would pass :data:`CLIQUE_BUDGET` is refused with one line, before anything is allocated.
    """
    need = clique_bytes(ws)
    if need > CLIQUE_BUDGET:
        raise PuzzleError(
            f"the clique count would need about {need / 1024**3:.1f} GiB of arrays here, more than its "
            f"{CLIQUE_BUDGET / 1024**3:.0f} GiB budget: count with --method enumerate instead"
        )
    compatible, overlap = compatibility(ws)
    sizes = [sum(1 for p in ws.placements if p.word == w) for w in ws.words]
    if not share:
        return _count(compatible, sizes)
    k = len(ws.words)
    if k == 1:
        return 0  # a single word has no other word to meet
    total = 0
    for size in range(k + 1):
        for alone in itertools.combinations(range(k), size):
            apart = [[None if c is None else c.copy() for c in row] for row in compatible]
            for a in alone:  # word a may meet no other word, in either direction of the pair
                for b in range(k):
                    if b != a:
                        apart[a][b] &= ~overlap[a][b]
                        apart[b][a] &= ~overlap[b][a]
            total += (-1) ** size * _count(apart, sizes)
    return total
