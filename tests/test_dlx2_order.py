"""Why DLX2 without its sticker finds another count on ABEL LAND than our naive engine: the direction of uncover.

Our ``uncover`` walks item i's list bottom up, as TAOCP's (14) does; DLX2's ``uncover`` walks it top down ("So I'll
go downward again, just to prove the point", dlx2.w), which does no harm on sound lists. Our naive engine with that
one walk turned round gives every counter on the last line of DLX2 without the sticker
(data/dlx2_without_sticker.json), and meets its own node in purify/unpurify as often as DLX2 printed "confusion!".
Relinking each option left to right inside uncover, as DLX2 does (ours goes right to left), changes no counter here,
with the list walked either way: the direction of the walk down item i's list alone accounts for the difference.
"""

from __future__ import annotations

import json
import pathlib

from bench_knuth import knuth_counters

from wordcover import WordSearch, make_engine
from wordcover.algorithm_c import STICKER, AlgorithmC
from wordcover.double_purify import NaiveUncoverDown
from wordcover.naive import NaiveAlgorithmC

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORD = json.loads((ROOT / "data" / "dlx2_without_sticker.json").read_text())
ABEL_LAND = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem  # as benchmarks/dlx2_without_sticker.py builds it


class Confused:
    """Counts DLX2's ``confusion!`` case (a purify or unpurify walk meets its own node p) and DLX2's cleansings.

    Knuth's cleansings are one per purify plus one per node of p's colour that the walk meets; the build without
    the sticker still counts those nodes (``}else cleansings++;``), though it no longer marks them.
    """

    confusions = 0
    same_colour = 0

    def purify(self, p: int) -> None:
        i, c, q = self.top[p], self.color[p], self.dlink[self.top[p]]
        while q != i:  # DLX2's walk in purify, top down, looking only
            self.confusions += q == p
            self.same_colour += self.color[q] == c
            q = self.dlink[q]
        super().purify(p)

    def unpurify(self, p: int) -> None:
        i, q = self.top[p], self.ulink[self.top[p]]
        while q != i:  # DLX2's walk in unpurify, bottom up, looking only
            self.confusions += q == p
            q = self.ulink[q]
        super().unpurify(p)


class OptionLeftToRight:
    """Inside uncover only, each option's nodes relinked left to right, as DLX2 does (unpurify keeps our unhide)."""

    in_uncover = False

    def uncover(self, i: int) -> None:
        self.in_uncover = True
        try:
            super().uncover(i)
        finally:
            self.in_uncover = False

    def unhide(self, p: int) -> None:
        if not self.in_uncover:
            super().unhide(p)
            return
        top, ulink, dlink, color, length = self.top, self.ulink, self.dlink, self.color, self.len
        q = p + 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: back to the start of the option
                q = ulink[q]
                continue
            if color[q] != STICKER:
                dlink[ulink[q]] = ulink[dlink[q]] = q
                length[x] += 1
            q += 1


class NaiveConfused(Confused, NaiveAlgorithmC):
    """Our naive engine as it is (uncover bottom up), counting confusions."""


class NaiveDown(Confused, NaiveUncoverDown):
    """Our naive engine with DLX2's direction of uncover (the library's, as notebooks 5 and 6 run it)."""


class NaiveDownOptionRight(Confused, OptionLeftToRight, NaiveUncoverDown):
    """Our naive engine with DLX2's uncover to the letter."""


class NaiveUpOptionRight(Confused, OptionLeftToRight, NaiveAlgorithmC):
    """Our naive engine walking up as ours does, only each option in uncover relinked left to right."""


class StickerDown(Confused, AlgorithmC):
    """Our sticker engine with DLX2's direction of uncover: sound lists."""

    uncover = NaiveUncoverDown.uncover


def counters(engine) -> dict[str, int]:
    """An engine's counters as DLX2's last line gives them, with its confusions, after counting ABEL LAND."""
    engine.count()
    s = engine.stats
    return {"count": s.solutions, "updates": s.updates, "nodes": s.nodes,
            "cleansings": s.purifications + engine.same_colour, "confusion!": engine.confusions}  # fmt: skip


def dlx2(build: str) -> dict[str, int]:
    """What DLX2 said on ABEL LAND, as the record keeps it."""
    said = RECORD["runs"][f"ABEL LAND, {build}"]
    return {**knuth_counters(said["last line"]), "confusion!": said["confusion!"]}


def test_naive_walking_uncover_down_counts_as_dlx2_without_the_sticker():
    theirs = dlx2("without sticker")
    for variant in (NaiveDown, NaiveDownOptionRight):
        assert counters(variant(ABEL_LAND)) == theirs, variant.__name__


def test_our_naive_engine_walking_up_counts_otherwise():
    ours = make_engine(ABEL_LAND, "naive").count()
    assert ours == 106
    assert ours != RECORD["runs"]["ABEL LAND, without sticker"]["solutions"]
    mine = counters(NaiveConfused(ABEL_LAND))
    assert mine["count"] == ours and mine["confusion!"] == 91  # our own walk meets its own node more often
    assert counters(NaiveUpOptionRight(ABEL_LAND)) == mine  # the direction along each option alone changes nothing


def test_on_sound_lists_the_direction_does_no_harm():
    up, down = make_engine(ABEL_LAND, "sticker"), StickerDown(ABEL_LAND)
    up.count()
    theirs = counters(down)
    assert theirs == {**dlx2("published"), "confusion!": 0}
    assert (up.stats.solutions, up.stats.updates, up.stats.nodes, up.stats.purifications + up.stats.stickers) == (
        theirs["count"], theirs["updates"], theirs["nodes"], theirs["cleansings"])  # fmt: skip
