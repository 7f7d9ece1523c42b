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
