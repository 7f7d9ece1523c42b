"""Notebook 2, making a puzzle by backtracking: the runs its cells show (no answers here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from wordcover import generator


def taken_back_runs(
    words: Sequence[str], seeds: Sequence[int], size: int = 7, max_steps: int = 30_000
) -> list[tuple[str, Counter, str]]:
    """Each seed's run of the library's placer (easy directions, size x size): its name, the times each word was
    taken back, and its outcome ("done after N tries" or "gave up")."""
    runs = []
    for seed in seeds:
        removed: Counter = Counter()

        def note(kind: str, what: Any, removed: Counter = removed) -> None:  # the trace: count each word taken back
            if kind == "remove":
                removed[what.word] += 1

        try:
            done = generator.backtracking_puzzle(
                size, size, words, seed=seed, difficulty="easy", max_steps=max_steps, trace=note
            )
            outcome = f"done after {done.stats['tries']:,} tries"
        except generator.PuzzleError:
            outcome = "gave up"
        runs.append((f"seed {seed}", removed, outcome))
    return runs


def words_put(words: Sequence[str], seed: int, size: int = 7, max_steps: int = 30_000) -> tuple[bool, int]:
    """One run of the library's placer (easy directions, size x size): whether it finished, and how many words it
    put on the grid (its "place" steps) before it finished or gave up."""
    put: list[int] = []

    def note(kind: str, what: Any) -> None:  # the trace: count the words put on the grid
        if kind == "place":
            put.append(1)

    try:
        generator.backtracking_puzzle(size, size, words, seed=seed, difficulty="easy", max_steps=max_steps, trace=note)
        return True, len(put)
    except generator.PuzzleError:
        return False, len(put)


def mrv_finishes(words: Sequence[str], seed: int, node_limit: int, size: int = 7) -> bool:
    """Whether the exact cover generator, ``make_puzzle`` (easy directions, size x size), finishes within
    ``node_limit`` search nodes."""
    try:
        generator.make_puzzle(size, size, words, seed=seed, difficulty="easy", node_limit=node_limit)
        return True
    except generator.PuzzleError:
        return False
