"""The counting engines of wordcover.outside (notebook 4's per-node work) against counts found another way: the
same search as the plain engines, letters and comparisons read off the placements' cells, conflicts per row as the
search's own conflict events place them, link updates split by cause with the causes summing to the total."""

from __future__ import annotations

from itertools import product

import pytest

from wordcover import WordSearch, make_engine
from wordcover.outside import CountingC, CountingOutside

ABEL_LAND = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
THREE = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")


def _fit(a, b) -> bool:
    """Two placements agree on every cell they share."""
    written = dict(zip(a.cells, a.word))
    return all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word))


@pytest.mark.slow
@pytest.mark.parametrize("ws", [ABEL_LAND, THREE], ids=["abel_land", "three"])
def test_the_counting_engines_search_as_the_plain_ones(ws):
    for counting, name in ((CountingOutside, "outside"), (CountingC, "sticker")):
        engine, plain = counting(ws.problem), make_engine(ws.problem, name)
        assert engine.count() == plain.count()
        assert engine.stats == plain.stats
        assert sorted(engine.solutions()) == sorted(plain.solutions())


def test_the_letters_pushed_and_compared_are_those_of_the_placements_tried():
    """ABEL is chosen first (a tie of 16), and every LAND placement is tried below each ABEL placement: row L0
    pushes ABEL's 4 letters onto an empty record, row L1 pushes LAND's 4 and compares one for each cell the pair
    shares. Every letter pushed is popped again."""
    engine = CountingOutside(ABEL_LAND.problem)
    engine.count()
    abel = [p for p in ABEL_LAND.placements if p.word == "ABEL"]
    land = [p for p in ABEL_LAND.placements if p.word == "LAND"]
    shared = sum(len(set(a.cells) & set(b.cells)) for a, b in product(abel, land))
    assert engine.pushed == engine.popped == 4 * len(abel) + 4 * len(abel) * len(land) == 1088
    assert engine.compared == shared
    misfits = sum(not _fit(a, b) for a, b in product(abel, land))
    assert engine.conflicts_per_row == [0, 0, misfits] == [0, 0, 144]
    assert engine.work() == {
        "link updates": 17,
        "letters pushed": 1088,
        "letters compared": shared,
        "letters popped": 1088,
    }


@pytest.mark.slow
def test_the_conflicts_per_row_are_where_the_search_reports_them():
    """The search reports a conflict at the node it makes, ``event.level`` being that node's row in the profile."""
    reported = [0] * 4

    def hear(event, _engine):
        if event.kind == "conflict":
            reported[event.level] += 1

    make_engine(THREE.problem, "outside", observer=hear).count()
    engine = CountingOutside(THREE.problem)
    engine.count()
    assert engine.conflicts_per_row == reported == [0, 0, 408, 7224]
    assert sum(engine.conflicts_per_row) == engine.stats.conflicts


def test_algorithm_cs_link_updates_split_by_cause_and_its_empty_purifies():
    """The covers' and the purifies' link updates sum to the engine's own count; a purify that finds its cell's
    list empty is one whose walk meets no node (it hides nothing and stickers nothing)."""
    walked_nothing = 0

    class Walks(CountingC):
        def purify(self, p):
            nonlocal walked_nothing
            i = self.top[p]
            walked_nothing += self.dlink[i] == i
            super().purify(p)

    for ws, cover, purify in ((ABEL_LAND, 513, 576), (THREE, 9585, 12664)):
        walked_nothing = 0
        engine = Walks(ws.problem)
        engine.count()
        work = engine.work()
        assert (work["link updates covering a word"], work["link updates purifying a cell"]) == (cover, purify)
        assert work["link updates"] == cover + purify == engine.stats.updates
        assert work["purifies"] == engine.stats.purifications
        assert work["purifies of an empty list"] == walked_nothing
    assert walked_nothing == 8672


def test_the_counters_start_from_zero_at_every_search():
    outside, c = CountingOutside(THREE.problem), CountingC(THREE.problem)
    assert outside.work()["letters pushed"] == 0 and c.work()["link updates covering a word"] == 0
    outside.count(), c.count()
    first = outside.work(), outside.conflicts_per_row, c.work()
    outside.count(), c.count()
    assert (outside.work(), outside.conflicts_per_row, c.work()) == first
