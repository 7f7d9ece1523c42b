"""Notebook 6's solutions (notebooks/solutions/sticker.py) against answers found another way, and notebook 5's
prediction of what the engine without the sticker does to the colour pair with Q's options swapped."""

from __future__ import annotations

import pytest
from lessons import sticker as lesson
from solutions import double_purify as dp
from solutions import sticker as s

from wordcover import WordSearch
from wordcover.algorithm_c import STICKER, AlgorithmC
from wordcover.dancing_links import DancingLinks
from wordcover.double_purify import list_nodes
from wordcover.playback import record_writes


def test_dlx2_example_counts_read_off_the_recording_and_dlx2s_cleansings():
    """The pair counted another way: the purify and sticker events of the recorded search (not the engine's
    counters), and DLX2's own last line on this example, whose cleansings are one for each purify and each sticker."""
    from test_dlx2_binary import TINY_COLOURS_DLX2, knuth_counters

    problem = s.dlx2_example()
    assert [" ".join(e.item for e in o) for o in problem.options] == ["A B X Y", "A C X Y", "B X", "C Y"]
    trace = record_writes(problem, "sticker")
    kinds = [trace.kind_at(f) for f in range(1, trace.frames)]
    assert s.dlx2_example_counts() == (kinds.count("purify"), kinds.count("sticker"))
    assert sum(s.dlx2_example_counts()) == knuth_counters(TINY_COLOURS_DLX2)["cleansings"]
    naive = record_writes(problem, "naive")
    naive_kinds = [naive.kind_at(f) for f in range(1, naive.frames)]
    assert (naive_kinds.count("purify"), naive_kinds.count("sticker")) == (sum(s.dlx2_example_counts()), 0)


class _Written(AlgorithmC):
    """Algorithm C with the solution's hide and unhide."""

    def hide(self, p: int) -> None:
        s.hide(self, p)

    def unhide(self, p: int) -> None:
        s.unhide(self, p)


class _Counting(AlgorithmC):
    """Algorithm C whose hide and unhide move stickered nodes too (Algorithm X's), counting the stickered nodes its
    hide meets: the nodes Knuth's hide' would have passed by."""

    passed = 0
    unhide = DancingLinks.unhide

    def hide(self, p: int) -> None:
        q = p + 1
        while q != p:
            if self.top[q] <= 0:
                q = self.ulink[q]
                continue
            self.passed += self.color[q] == STICKER
            q += 1
        DancingLinks.hide(self, p)


@pytest.mark.slow
def test_hide_and_unhide_are_knuths_on_every_problem_of_the_check_and_on_three_words():
    four = WordSearch(5, 5, ["ABEL", "LAND", "ANNA"], "orthogonal").problem
    for _, problem in [*s.hide_problems(), ("ABEL LAND ANNA", four)]:
        knuth, written = AlgorithmC(problem), _Written(problem)
        start = written.state()
        assert sorted(map(sorted, written.solutions())) == sorted(map(sorted, knuth.solutions()))
        assert written.stats.updates == knuth.stats.updates and written.state() == start == knuth.state()


@pytest.mark.slow
def test_the_saving_is_one_update_for_each_stickered_node_hide_meets():
    for _, problem in s.hide_problems():
        knuth, every = _Written(problem), _Counting(problem)
        assert knuth.count() == every.count()
        assert every.stats.updates - knuth.stats.updates == every.passed > 0


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


def test_dlx2_printed_is_the_recorded_last_line_with_our_counters(abel_land, monkeypatch):
    """Notebook 6 prints DLX2's recorded line for ABEL LAND above ours: the four counters it names are ours."""
    import pathlib
    import re

    monkeypatch.chdir(pathlib.Path(__file__).parent.parent / "notebooks")
    line = lesson.dlx2_printed()
    engine = AlgorithmC(abel_land.problem)
    engine.count()
    st = engine.stats
    found = dict((k, int(v)) for v, k in re.findall(r"(\d+) (solutions|updates|cleansings|nodes)", line))
    assert found == {
        "solutions": st.solutions,
        "updates": st.updates,
        "cleansings": st.purifications + st.stickers,
        "nodes": st.nodes,
    }, line


def test_the_timeline_marks_exactly_the_steps_the_two_searches_do_not_share():
    """timeline() (06's side-by-side table) against playback.side_by_side read another way: a line is marked ≠ when
    its two halves, cut where the header's second column starts, differ; on the colour pair the two searches share
    their first steps and part at the second purify."""
    from wordcover import examples
    from wordcover.playback import side_by_side

    pair = examples.load("colour_pair").problem
    naive, sticker = record_writes(pair, "naive"), record_writes(pair, "sticker")
    last = min(naive.frames, sticker.frames) - 1
    table = lesson.timeline(naive, sticker, 1, last).splitlines()
    head, *steps = side_by_side(naive, sticker, 1, last)
    assert table[0] == "  " + head and len(table) == 1 + len(steps)
    cut = head.index("sticker search")
    for line, step in zip(table[1:], steps, strict=True):
        differ = step[:cut].strip() != step[cut:].strip()
        assert line == ("≠ " if differ else "  ") + step
    marks = [line[:1] for line in table[1:]]
    assert marks[0] == " " and "≠" in marks  # they start alike and part somewhere
