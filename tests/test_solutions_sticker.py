"""Notebook 6's solutions (notebooks/solutions/sticker.py) against answers found another way, and notebook 5's
prediction of what the engine without the sticker does to the colour pair with Q's options swapped."""

from __future__ import annotations

import random
from itertools import product

from solutions import double_purify as dp
from solutions import sticker as s

from wordcover import WordSearch
from wordcover.algorithm_c import STICKER, AlgorithmC
from wordcover.double_purify import list_nodes
from wordcover.playback import record_writes
from wordcover.word_search import placements


def test_ada_alan_crossings_by_brute_force():
    ada = placements("ADA", 4, 4, ("E", "S"))
    alan = placements("ALAN", 4, 4, ("E", "S"))
    fitting = crossing = 0
    for a, b in product(ada, alan):
        written = dict(zip(a.cells, a.word))
        if all(written.get(cell, letter) == letter for cell, letter in zip(b.cells, b.word)):
            fitting += 1
            crossing += bool(set(a.cells) & set(b.cells))
    assert (len(ada), len(alan), fitting, crossing) == (16, 8, 80, 16)
    assert s.ada_alan_crossings() == crossing


def _cases(n: int = 300) -> list[tuple[list[str], list[int]]]:
    """Random cells: colours of the nodes in one list, and options of one colour chosen in some order."""
    rng = random.Random(6)
    cases = []
    for _ in range(n):
        colours = [rng.choice("ABC") for _ in range(rng.randint(1, 8))]
        letter = rng.choice(colours)
        same = [k for k, c in enumerate(colours) if c == letter]
        cases.append((colours, rng.sample(same, rng.randint(0, len(same)))))
    return cases


def test_commits_on_one_cell_against_the_definition():
    """Read off the rule: the sticker version hides each clashing option once, the naive one once per commit."""
    for colours, chosen in _cases():
        first = chosen[0] if chosen else None
        clash = [bool(chosen) and c != colours[first] for c in colours]
        stickered = [STICKER if chosen and q != first and c == colours[first] else c for q, c in enumerate(colours)]
        assert s.sticker_commits(colours, chosen) == (stickered, [int(x) for x in clash])
        assert s.naive_commits(colours, chosen) == (colours, [len(chosen) * x for x in clash])


def test_the_toy_shows_the_double_hide():
    assert s.naive_commits(["L", "L", "D", "A"], [0, 1]) == (["L", "L", "D", "A"], [0, 0, 2, 2])
    assert s.sticker_commits(["L", "L", "D", "A"], [0, 1]) == (["L", STICKER, "D", "A"], [0, 0, 1, 1])


class _ForwardUncommit(AlgorithmC):
    """Algorithm C with C6 undoing an option's commits left to right, in the same order as C5 made them."""

    def uncommit(self, x: int) -> None:
        top, ulink, color = self.top, self.ulink, self.color
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
                continue
            if color[p] == 0:
                self.uncover(j)
            elif color[p] > 0:
                self.unpurify(p)
            p += 1


def test_why_reverse_an_engine_that_unpurifies_in_the_same_order_breaks():
    # a word-search option has one primary item and coloured cells only: C6 undoes nothing but purifies
    for size, words, directions, right in (
        (4, ["ABEL", "LAND"], "orthogonal", 112),
        (5, ["ABEL", "GAUSS", "EULER"], "all", 2184),
    ):
        ws = WordSearch(size, size, words, directions)
        good, bad = AlgorithmC(ws.problem), _ForwardUncommit(ws.problem)
        start = bad.state()
        assert good.count() == right and good.sanity() == []
        count = bad.count()
        assert bad.state() != start and bad.sanity() != []
        assert size == 4 or count != right
    assert s.why_reverse() == "b"


def test_check_commits_takes_the_model_and_refuses_the_naive_toy(capsys, learners_copy):
    assert len(s.more_cases()) >= 40 and all(isinstance(colours, list) for colours, _ in s.more_cases())
    assert s.check_commits(learners_copy(s.sticker_commits))  # the model, written in a cell
    assert not s.check_commits(lambda colours, chosen: s.naive_commits(colours, chosen))
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("✓ Right on all") and out[1].startswith("✗ Not yet: on (")


def test_the_swapped_colour_pair_against_a_replay_of_its_writes():
    """Notebook 5, exercise 3: with Q c1:b before Q c1:a the naive count is right (1), LEN(c1) one too high."""
    swapped = dp.swapped_pair()
    trace = record_writes(swapped, "naive")
    end = trace.arrays_at(trace.frames - 1)
    c1 = trace.names.index("c1")
    tried = [trace.event(k).option for k in range(trace.frames - 1) if trace.event(k).kind == "try"]
    assert tried == [0, 2]  # Q c1:b, option 1, is never tried
    assert dp.swapped_naive_count() == trace.solutions == 1
    assert dp.swapped_len_c1() == end["LEN"][c1] == len(list_nodes(end["TOP"], end["DLINK"], c1)) + 1 == 4
