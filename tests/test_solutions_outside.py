"""Notebook 4's solutions (notebooks/solutions/outside.py) against answers found another way."""

from __future__ import annotations

import ast
import functools
import pathlib
from collections import Counter
from itertools import product

import nbformat
import pytest
from solutions import outside as s

from wordcover import WordSearch, make_engine
from wordcover.outside import CountingC, CountingOutside
from wordcover.word_search import Placement


def _fit(a: Placement, b: Placement) -> bool:
    """True when two placements write the same letter into every cell they share (read off the cells)."""
    written = dict(zip(a.cells, a.word))
    return all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word))


@pytest.mark.parametrize("directions, pairs, fitting", [("all", 400, 136), ("orthogonal", 256, 112)])
def test_the_pairs_of_placements_that_fit_are_the_solutions(directions, pairs, fitting):
    ws = WordSearch(4, 4, ["ABEL", "LAND"], directions)
    abel = [p for p in ws.placements if p.word == "ABEL"]
    land = [p for p in ws.placements if p.word == "LAND"]
    assert len(abel) * len(land) == pairs
    misfits = sum(1 for a, b in product(abel, land) if not _fit(a, b))
    assert pairs - misfits == fitting == ws.count()  # the published 112 (orthogonal) and our brute force agree
    engine = make_engine(ws.problem, "outside")
    engine.count()
    assert engine.stats.conflicts == misfits and engine.stats.profile[2] == pairs


def test_row_l2_nodes_are_the_fitting_pairs_times_the_third_word():
    ws = WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal")
    words = {w: [p for p in ws.placements if p.word == w] for w in ws.words}
    fitting = sum(1 for a, b in product(words["ABEL"], words["LAND"]) if _fit(a, b))
    assert s.row_l2_nodes(ws) == fitting * len(words["AND"])


def test_count_fitting_agrees_with_the_engines_and_with_brute_force(abel_land):
    """The colour-record count against Algorithm C, the outside engine and every choice of one placement a word."""
    for case in [
        (4, 4, ["ABEL", "LAND"], "orthogonal"),
        (4, 4, ["AND", "ABEL", "LAND"], "E,S"),
        (3, 3, ["NOD"], "all"),
    ]:
        ws = WordSearch(*case)
        by_word = [[p for p in ws.placements if p.word == w] for w in ws.words]
        brute = sum(
            1 for chosen in product(*by_word) if all(_fit(a, b) for k, a in enumerate(chosen) for b in chosen[k + 1 :])
        )
        counted = s.count_fitting(*case, s.empty_record(*case[:2]))
        assert counted == brute == ws.count() == make_engine(ws.problem, "outside").count()
    assert s.count_fitting(4, 4, ["ABEL", "LAND"], "orthogonal", s.empty_record(4, 4)) == abel_land.count() == 112


def test_count_fitting_leaves_nothing_behind_and_counts_a_crossing_once():
    """Two words that cross on a shared letter: the count of the pairs that fit, each crossing counted once."""
    ws = WordSearch(3, 3, ["CAT", "TEA", "ATE"], "E,S")
    assert s.count_fitting(3, 3, ["CAT", "TEA", "ATE"], "E,S", s.empty_record(3, 3)) == ws.count() == 22


def test_empty_purifies_is_borne_out_by_the_purifies_level_by_level():
    """Algorithm C's last level purifies only empty lists; the first two levels do the hiding."""
    facts = s.purify_facts()
    assert facts["empty_last"] == facts["empty"] - (facts["second"] - facts["second_found"])
    ws = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
    hides = Counter()

    def on_hide(event, _engine):
        if event.kind == "hide":
            hides[event.cause, event.level] += 1

    make_engine(ws.problem, "sticker", observer=on_hide).count()
    assert {level for cause, level in hides if cause == "purify"} == {0, 1}  # none when the last word is tried
    assert s.empty_purifies() == "a"


NOTEBOOK = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "04_colours_outside.ipynb"


@functools.lru_cache(maxsize=1)
def lesson() -> dict:
    """The functions notebook 4 defines in its cells, run from its source with the imports of its Setup cell, so
    that what the page computes is tested here."""
    cells = [c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "code"]
    setup = next(c for c in cells if "import" in c and "%matplotlib" in c)
    space: dict = {}
    exec("\n".join(line for line in setup.splitlines() if not line.startswith("%")), space)
    for source in cells:
        if source.lstrip().startswith("%"):
            continue
        tree = ast.parse(source)
        defined = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
        exec(compile(ast.Module(body=defined, type_ignores=[]), str(NOTEBOOK), "exec"), space)
    return space


def work_counts(problem) -> dict[str, dict[str, int]]:
    """The counting engines the notebook uses (wordcover.outside), each after one complete count of ``problem``."""
    outside, c = CountingOutside(problem), CountingC(problem)
    outside.count(), c.count()
    return {
        "outside": {"nodes": outside.stats.nodes, **outside.work()},
        "sticker": {"nodes": c.stats.nodes, **c.work()},
    }


def test_work_counts_are_the_letters_of_every_try_and_the_link_updates_split_by_cause():
    """The notebook's counters: the outside engine pushes every letter of every placement it tries (a clash
    included) and pops them all: GAUSS and EULER (24 placements each) are chosen before ABEL (56), so rows L0, L1
    and L2 try 5-, 5- and 4-letter words. Algorithm C's link updates are its covers' and its purifies' (9,585 +
    12,664, as test_checks_04 finds them with a counter of its own), and its empty purifies are exercise 3's."""
    ws = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
    work = work_counts(ws.problem)
    o, c = work["outside"], work["sticker"]
    engine = make_engine(ws.problem, "outside")
    engine.count()
    _root, l0, l1, l2 = engine.stats.profile
    assert o["letters pushed"] == o["letters popped"] == 5 * l0 + 5 * l1 + 4 * l2 == 40632
    assert 0 < o["letters compared"] < o["letters pushed"]
    assert (o["nodes"], o["link updates"]) == (engine.stats.nodes, engine.stats.updates)
    assert (c["link updates covering a word"], c["link updates purifying a cell"]) == (9585, 12664)
    assert c["link updates"] == c["link updates covering a word"] + c["link updates purifying a cell"] == 22249
    assert (c["purifies"], c["purifies of an empty list"]) == (s.purify_facts()["purifies"], s.purify_facts()["empty"])


@pytest.mark.slow
def test_what_the_notebook_reads_off_the_searches(abel_land):
    """The tries below each ABEL placement are a row of the pairs table (16 for the outside engine, the 7 that fit
    for Algorithm C); the conflicts per row sum to the engine's own count and sit where its profile has nodes."""
    abel = [p for p in abel_land.placements if p.word == "ABEL"]
    land = [p for p in abel_land.placements if p.word == "LAND"]
    from lessons.outside import tried_below  # moved out of the page (review 30-AF): still run here

    assert tried_below(abel_land.problem, "outside") == [len(land)] * len(abel)
    assert tried_below(abel_land.problem, "sticker") == [sum(_fit(a, b) for b in land) for a in abel] == [7] * 16
    three = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
    engine = make_engine(three.problem, "outside")
    engine.count()
    counting = CountingOutside(three.problem)
    counting.count()
    conflicts = counting.conflicts_per_row  # what the notebook prints and draws
    assert sum(conflicts) == engine.stats.conflicts and len(conflicts) == len(engine.stats.profile)
    assert conflicts == [0, 0, 408, 7224] and all(c <= n for c, n in zip(conflicts, engine.stats.profile))
