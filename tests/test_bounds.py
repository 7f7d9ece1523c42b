"""Work that cannot fit is refused with one line before it starts; the count picks a method that fits."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from wordcover import WordSearch
from wordcover.cli import main
from wordcover.errors import PuzzleError

np = pytest.importorskip("numpy")
from wordcover import cliques  # noqa: E402  (needs numpy)


def test_a_grid_too_big_to_model_is_refused_at_once_with_one_line(capsys):
    start = time.monotonic()
    assert main(["count", "--size", "1000000x1000000", "A"]) == 2
    assert time.monotonic() - start < 5  # refused from arithmetic, nothing built
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "16,000,000,000,000 nodes, more than the 4,000,000" in err[0]
    with pytest.raises(PuzzleError, match="choose a smaller grid or fewer directions"):
        WordSearch(3000, 3000, ["ABEL", "CANTOR"])


@pytest.mark.parametrize(
    "size, words, share",
    [
        (9, ["ABEL", "CANTOR", "GAUSS", "EULER"], False),
        (12, ["ABEL", "CANTOR", "GAUSS"], True),
        (20, ["ABCDEFGHIJ", "KLMNOPQRST"], False),
    ],
)
def test_the_clique_estimate_covers_the_arrays_the_count_really_makes(size, words, share):
    ws = WordSearch(size, size, words)
    tracemalloc.start()  # numpy reports the memory of its arrays to tracemalloc
    try:
        before = tracemalloc.get_traced_memory()[0]
        cliques.count_placements(ws, share=share)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak > 1_000_000
    assert peak <= cliques.clique_bytes(ws, share) <= 1.6 * peak


def test_the_default_count_enumerates_when_the_clique_count_would_not_fit(monkeypatch, capsys):
    args = ["count", "--size", "5x5", "ABEL", "GAUSS", "EULER"]
    assert main(args) == 0
    by_cliques = int(capsys.readouterr().out.splitlines()[-1])
    monkeypatch.setattr(cliques, "CLIQUE_BUDGET", 1)  # a machine where nothing fits
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert int(out[-1]) == by_cliques == WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"]).count()
    assert any("the clique count would need about" in line and "enumerated by the" in line for line in out)
    assert main([*args[:3], "--method", "cliques", *args[3:]]) == 2
    assert "more than its 0 GiB budget: count with --method enumerate instead" in capsys.readouterr().err
