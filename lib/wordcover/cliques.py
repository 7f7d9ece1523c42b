"""Counting word-search placements without listing them.

In the word-search model the only primary items are the words, and every other
item is a cell with a colour. So a solution is just one placement per word with
every *pair* of placements compatible (the same letter on every cell they share):
a clique that takes one vertex from each word's group. This module counts those
cliques with numpy:

* compatibility of every pair of placements, by matrix products: two placements
  share ``occupied_a · occupied_b`` cells and agree on ``letters_a · letters_b``
  of them, so they are compatible when the two numbers are equal. Only the letters
  both words hold can agree, so the second product is one per common letter (none
  for ABCDEFGHIJ and KLMNOPQRST); each pair of words is multiplied once, in float32
  (every sum is a whole number below 2**24, so exact), a block of rows at a time;
* a loop over the placements of all words but the last three, narrowing each
  remaining word to the placements compatible with every choice so far; the last
  two words are counted at once as ``mask_a · C_ab · mask_b``, and for the word
  before them all its placements are taken in one matrix product, one row each.

With ``share`` (every word must share a cell with another word) it counts by
inclusion and exclusion over the words forced to be alone: for a set S of words,
N(S) counts the solutions in which no word of S meets any other word, a pairwise
condition again (:func:`count_apart`); the answer is the sum of (-1)^|S| N(S)
over all 2^k sets.

:func:`work` estimates, before counting, what the clique count and an engine would
each have to do; :meth:`WordSearch.count <wordcover.word_search.WordSearch.count>`
chooses between them with it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import ExtraNeeded, PuzzleError

try:
    import numpy as np
except ImportError:
    raise ExtraNeeded("the clique count (--method cliques)", "fast", "numpy") from None

if TYPE_CHECKING:  # a counting method of the word-search model, which imports it: the names only, for the types
    from .word_search import WordSearch

BLOCK = 512  # rows of one word's placements per block of the pair products: one progress step each


def _sizes(ws: WordSearch) -> list[int]:
    """How many placements each word has, in the order of the word list."""
    return [sum(1 for p in ws.placements if p.word == w) for w in ws.words]


def _shared_letters(ws: WordSearch) -> list[str]:
    """The letters that two or more words hold: only there can two placements agree on a cell."""
    held = [set(w) for w in ws.words]
    return sorted({ch for a, b in itertools.combinations(held, 2) for ch in a & b})


def _encode(ws: WordSearch) -> tuple[list[np.ndarray], list[dict[str, np.ndarray]]]:
    """Per word: the 0/1 occupancy of cells by its placements, and per letter it shares with another word,
    the 0/1 occupancy of cells by that letter (float32: every product below is a whole number under 2**24)."""
    cells = ws.rows * ws.cols
    shared = set(_shared_letters(ws))
    occupied: list[np.ndarray] = []
    lettered: list[dict[str, np.ndarray]] = []
    for word in ws.words:
        group = [p for p in ws.placements if p.word == word]
        occ = np.zeros((len(group), cells), dtype=np.float32)
        by_letter = {ch: np.zeros((len(group), cells), dtype=np.float32) for ch in sorted(set(word) & shared)}
        for n, p in enumerate(group):
            for (r, c), ch in zip(p.cells, p.word):
                occ[n, r * ws.cols + c] = 1
                if ch in by_letter:
                    by_letter[ch][n, r * ws.cols + c] = 1
        occupied.append(occ)
        lettered.append(by_letter)
    return occupied, lettered


def pair_blocks(sizes: Sequence[int]) -> int:
    """How many blocks of rows the pair products take: the steps :func:`compatibility` reports."""
    return sum(-(-sizes[a] // BLOCK) for a, _ in itertools.combinations(range(len(sizes)), 2))


def compatibility(
    ws: WordSearch, progress: Callable[[int], object] | None = None
) -> tuple[list[list[np.ndarray]], list[list[np.ndarray]]]:
    """C[a][b][i, j]: placements i of word a and j of word b agree; O[a][b][i, j]: they share a cell.

    Each pair of words is multiplied once, a block of rows at a time (C[b][a] is C[a][b] transposed):
    ``shared`` counts the cells two placements share, ``agree`` those of them with the same letter, summed
    over the letters both words hold. ``progress(n)`` hears the blocks done so far.
    """
    occupied, lettered = _encode(ws)
    k = len(ws.words)
    compatible: list[list[Any]] = [[None] * k for _ in range(k)]  # boolean matrices, one per pair of words
    overlap: list[list[Any]] = [[None] * k for _ in range(k)]
    done = 0
    for a, b in itertools.combinations(range(k), 2):
        common = sorted(lettered[a].keys() & lettered[b].keys())
        rows = occupied[a].shape[0]
        agrees = np.empty((rows, occupied[b].shape[0]), dtype=bool)
        meets = np.empty_like(agrees)
        for start in range(0, rows, BLOCK):
            block = slice(start, start + BLOCK)
            shared = occupied[a][block] @ occupied[b].T
            agree = np.zeros_like(shared)
            for ch in common:
                agree += lettered[a][ch][block] @ lettered[b][ch].T
            np.equal(shared, agree, out=agrees[block])
            np.greater(shared, 0, out=meets[block])
            done += 1
            if progress is not None:
                progress(done)
        compatible[a][b], compatible[b][a] = agrees, np.ascontiguousarray(agrees.T)
        overlap[a][b], overlap[b][a] = meets, np.ascontiguousarray(meets.T)
    return compatible, overlap


def count_steps(sizes: Sequence[int]) -> int:
    """How many steps :func:`_count` reports: one per placement of the word with fewest, past three words."""
    return min(sizes) if len(sizes) > 3 else 1


def _count(compatible, sizes: list[int], progress: Callable[[int], object] | None = None) -> int:
    """One-per-group cliques of the compatibility relation; ``progress(n)`` hears the steps done so far."""
    k = len(sizes)
    order = sorted(range(k), key=lambda w: sizes[w])  # fewest placements first
    if k == 1:
        if progress is not None:
            progress(1)
        return sizes[0]
    final = compatible[order[-2]][order[-1]].astype(np.float32)  # row sums below 2**24: float32 adds them exactly
    total = _extend(compatible, order, final, 0, {w: np.ones(sizes[w], dtype=bool) for w in range(k)}, progress)
    if k <= 3 and progress is not None:
        progress(1)
    return total


def _pairs(left: np.ndarray, final: np.ndarray, right: np.ndarray) -> int:
    """The sum over rows of left·final·right: each row exact in float32, the sum in float64."""
    return int(round(((left.astype(np.float32) @ final) * right).sum(dtype=np.float64)))  # noqa: RUF046


def _extend(compatible, order: list[int], final: np.ndarray, level: int, masks: dict[int, np.ndarray], progress) -> int:
    """The cliques that extend a choice of the first ``level`` words of ``order``, the others narrowed to ``masks``.

    ``progress(n)``, given at level 0 only, hears how many placements of the first word have been tried.
    """
    k = len(order)
    last_a, last_b = order[-2], order[-1]
    if level == k - 2:
        return _pairs(masks[last_a], final, masks[last_b])
    word = order[level]
    if level == k - 3:  # the last word before the final two: all its placements in one matrix product
        chosen = np.flatnonzero(masks[word])
        left = masks[last_a] & compatible[word][last_a][chosen]
        return _pairs(left, final, masks[last_b] & compatible[word][last_b][chosen])
    total = 0
    rest = order[level + 1 :]
    for p in np.flatnonzero(masks[word]):
        narrowed = {w: masks[w] & compatible[word][w][p] for w in rest}
        if all(m.any() for m in narrowed.values()):
            total += _extend(compatible, order, final, level + 1, narrowed, None)
        if progress is not None:
            progress(int(p) + 1)
    return total


SAMPLE = 4096  # pairs of placements per pair of words, drawn to estimate how many agree (all when fewer)


@dataclass(frozen=True)
class Work:
    """The work of each way of counting, estimated before counting (independent agreement of pairs assumed)."""

    solutions: float  # solutions expected: an engine visits about as many nodes, the last level of its tree
    pairs: float  # multiply-adds of the pair products (compatibility)
    last: float  # multiply-adds of the products that count the last two words' placements (one count)
    loops: float  # passes of the count's Python loop over the placements of all words but the last three


def _agreement(ws: WordSearch, sizes: Sequence[int]) -> dict[tuple[int, int], float]:
    """For each pair of words, the share of their pairs of placements that agree: every pair when there are
    at most :data:`SAMPLE`, else a sample drawn with a fixed seed (so the same problem gets the same answer)."""
    groups = [[p for p in ws.placements if p.word == w] for w in ws.words]
    codes = {ch: n for n, ch in enumerate(sorted({ch for w in ws.words for ch in w}))}
    cells = [np.array([[r * ws.cols + c for r, c in p.cells] for p in g]) for g in groups]
    letters = [np.array([[codes[ch] for ch in w]] * len(g)) for w, g in zip(ws.words, groups)]
    rng = np.random.default_rng(0)
    share = {}
    for a, b in itertools.combinations(range(len(sizes)), 2):
        if sizes[a] * sizes[b] <= SAMPLE:
            i, j = (x.ravel() for x in np.meshgrid(np.arange(sizes[a]), np.arange(sizes[b]), indexing="ij"))
        else:
            i, j = rng.integers(sizes[a], size=SAMPLE), rng.integers(sizes[b], size=SAMPLE)
        meet = cells[a][i][:, :, None] == cells[b][j][:, None, :]
        clash = meet & (letters[a][i][:, :, None] != letters[b][j][:, None, :])
        share[a, b] = share[b, a] = 1.0 - float(clash.any(axis=(1, 2)).mean())
    return share


def work(ws: WordSearch) -> Work:
    """The work of the clique count and of an enumeration of ``ws``, estimated from a sample of pairs."""
    sizes = _sizes(ws)
    k = len(sizes)
    agree = _agreement(ws, sizes)
    order = sorted(range(k), key=lambda w: sizes[w])  # the clique count's order, fewest placements first
    partial = [1.0]  # partial[j]: choices of the first j words in that order that agree pairwise
    for j, w in enumerate(order):
        partial.append(partial[-1] * sizes[w] * math.prod(agree[w, v] for v in order[:j]))
    shared = set(_shared_letters(ws))
    cells = ws.rows * ws.cols
    products = sum(
        sizes[a] * sizes[b] * cells * (1 + len(set(ws.words[a]) & set(ws.words[b]) & shared))
        for a, b in itertools.combinations(range(k), 2)
    )
    last = sizes[order[-1]] * sizes[order[-2]] * partial[k - 2] if k > 1 else 0.0
    return Work(solutions=partial[k], pairs=products, last=last, loops=sum(partial[1 : max(k - 2, 1)]))


CLIQUE_BUDGET = 2 * 1024**3  # bytes of numpy arrays the clique count may use; past that, enumerate instead


def clique_bytes(ws: WordSearch, share: bool = False) -> int:
    """About how many bytes of arrays the clique count needs at its peak, worked out before any is made.

    Each word's occupancy of cells, once for the word and once per letter it shares with another word
    (float32); for every pair of words four boolean matrices (compatible and overlapping, both ways) and,
    while one is made, three float32 blocks; the last two words' matrix in float32 and the rows of the word
    before them; with ``share``, one more copy of the compatible matrices.
    """
    sizes = _sizes(ws)
    cells = ws.rows * ws.cols
    shared = set(_shared_letters(ws))
    incidence = sum(4 * n * cells * (1 + len(set(w) & shared)) for n, w in zip(sizes, ws.words))
    pairs = [(sizes[a], sizes[b]) for a, b in itertools.combinations(range(len(sizes)), 2)]
    booleans = sum(4 * a * b for a, b in pairs)
    blocks = max((12 * min(a, BLOCK) * b for a, b in pairs), default=0)
    ranked = sorted(sizes)
    counting = 0
    if len(ranked) > 1:
        counting = 4 * ranked[-1] * ranked[-2]
        if len(ranked) > 2:
            counting += 9 * ranked[-3] * (ranked[-1] + ranked[-2])
    copies = booleans // 2 if share else 0
    return incidence + booleans + max(blocks, counting + copies)


def count_placements(ws: WordSearch, share: bool = False, progress: Callable[[int, int], object] | None = None) -> int:
    """The number of solutions of the word-search model, without enumerating them.

    ``share`` counts only the solutions in which every word shares a cell with another. A problem whose
    arrays would pass :data:`CLIQUE_BUDGET` is refused with one line, before anything is allocated.
    ``progress(done, total)`` hears the steps done so far: the blocks of the pair products, then the
    placements of the word with fewest tried (for each set of words that ``share`` counts apart).
    """
    need = clique_bytes(ws, share)
    if need > CLIQUE_BUDGET:
        raise PuzzleError(
            f"the clique count would need about {need / 1024**3:.1f} GiB of arrays here, more than its "
            f"{CLIQUE_BUDGET / 1024**3:.0f} GiB budget: count with --method enumerate instead"
        )
    sizes = _sizes(ws)
    k = len(sizes)
    products, each, total_steps = pair_blocks(sizes), count_steps(sizes), clique_steps(ws, share)

    def heard(base: int) -> Callable[[int], object] | None:
        """A progress callback for one part of the work, which begins after ``base`` steps."""
        return None if progress is None else lambda n: progress(base + n, total_steps)

    compatible, overlap = compatibility(ws, heard(0))
    if not share:
        return _count(compatible, sizes, heard(products))
    if k == 1:
        if progress is not None:
            progress(total_steps, total_steps)
        return 0  # a single word has no other word to meet
    total = 0
    for term, alone in enumerate(s for size in range(k + 1) for s in itertools.combinations(range(k), size)):
        apart = _kept_apart(compatible, overlap, alone)
        total += (-1) ** len(alone) * _count(apart, sizes, heard(products + term * each))
    return total


def _kept_apart(compatible, overlap, alone: Sequence[int]) -> list[list[Any]]:
    """The compatible tables with every pair that shares a cell struck out where either word is in ``alone``."""
    apart = [[None if c is None else c.copy() for c in row] for row in compatible]
    for a in alone:  # word a may meet no other word, in either direction of the pair
        for b in range(len(compatible)):
            if b != a:
                apart[a][b] &= ~overlap[a][b]
                apart[b][a] &= ~overlap[b][a]
    return apart


def count_apart(ws: WordSearch, alone: Sequence[str]) -> int:
    """N(S) of the inclusion and exclusion that ``count_placements(ws, share=True)`` adds up: the solutions in which
    each word of ``alone`` (the set S) shares no cell with any other word. "Word a meets no other word" is a test on
    the pairs a is in, so N(S) is a clique count again, on the tables with those pairs struck out."""
    unknown = [w for w in alone if w not in ws.words]
    if unknown:
        raise PuzzleError(f"{', '.join(unknown)}: not among the puzzle's words {', '.join(ws.words)}")
    need = clique_bytes(ws, share=True)
    if need > CLIQUE_BUDGET:
        raise PuzzleError(
            f"the clique count would need about {need / 1024**3:.1f} GiB of arrays here, more than its "
            f"{CLIQUE_BUDGET / 1024**3:.0f} GiB budget"
        )
    compatible, overlap = compatibility(ws)
    return _count(_kept_apart(compatible, overlap, [ws.words.index(w) for w in alone]), _sizes(ws))


def clique_steps(ws: WordSearch, share: bool = False) -> int:
    """How many steps :func:`count_placements` reports to its ``progress`` callback in all."""
    sizes = _sizes(ws)
    k = len(sizes)
    if share and k == 1:
        return pair_blocks(sizes) + 1
    return pair_blocks(sizes) + (2**k if share else 1) * count_steps(sizes)
