"""Knuth's invariant and the six moments of a double purify, checked against the engine's own snapshots."""

from __future__ import annotations

import random

import pytest

from test_naive import random_problem
from wordcover import WordSearch, examples
from wordcover.double_purify import MOMENTS, changes, invariant_breaks, list_nodes, walk, working_lines
from wordcover.playback import record_writes


@pytest.fixture(scope="module")
def pair():
    return examples.load("colour_pair").problem


def recorded_with_snapshots(problem, engine="naive"):
    """A write trace, and the engine's own snapshot after every event (frame k + 1 follows event k)."""
    snapshots = {}
    trace = record_writes(problem, engine, on_event=lambda k, _e, eng: snapshots.__setitem__(k + 1, eng.snapshot()))
    return trace, snapshots


def test_the_correct_engines_never_break_the_invariant(pair, abel_land):
    rng = random.Random(7)
    for problem in [pair, abel_land.problem] + [random_problem(rng) for _ in range(300)]:
        assert invariant_breaks(problem, "sticker") == []


def test_the_colour_pair_breaks_it_three_times_as_worked_by_hand(pair):
    # by hand: P's purify hides Q c1:b (its node leaves Q); the second purify hides it again (removed twice from
    # Q); uncover(Q) unhides it, relinking its node in c1, which never left; the last unpurify unhides it once more
    found = [(b.what, b.level, b.option, b.item) for b in invariant_breaks(pair, "naive")]
    assert found == [
        ("removed twice", 1, 2, "Q"),
        ("inserted twice", 1, 2, "c1"),
        ("inserted twice", 0, 2, "Q"),
    ]


@pytest.mark.parametrize("which", ["pair", "abel_land"])
def test_each_moment_shows_the_counters_the_engine_itself_saw(which, pair, abel_land):
    problem = pair if which == "pair" else abel_land.problem
    trace, snapshots = recorded_with_snapshots(problem)
    moments = walk(trace)
    assert [m.name for m in moments] == list(MOMENTS)
    assert [m.frame for m in moments] == sorted(m.frame for m in moments)
    for m in moments:
        states = {s.name: s for s in snapshots[m.frame].items}
        assert m.counters == {item: (states[item].len, states[item].actual) for item in m.counters}


def test_the_moments_of_the_colour_pair_say_what_the_notebook_says(pair):
    trace = record_writes(pair, "naive")
    hidden, again, back, tried, wrong, unhidden = walk(trace)
    assert hidden.in_list == {"Q": False, "c1": True}  # hide leaves the node in the list being walked
    assert changes(trace, again.frame) == ["LEN(Q) 1 -> 0"]  # the second removal moves no link
    assert again.counters["Q"] == (0, 1)
    assert back.in_list["Q"] and back.counters["Q"] == (1, 2)  # the option is back while P's purify holds
    assert trace.event(tried.frame - 1).option == 2 and tried.in_list["c1"]  # tried with its node still in c1
    assert trace.path_at(wrong.frame) == [0, 2]
    assert unhidden.counters["c1"] == (2, 1)  # LEN(c1) one too high, the list unchanged
    assert "LEN(c1) 1 -> 2" in changes(trace, unhidden.frame)
    c1 = trace.names.index("c1")
    for frame in range(unhidden.frame, trace.frames):  # and it stays one too high to the end of the search
        arrays = trace.arrays_at(frame)
        assert arrays["LEN"][c1] - len(list_nodes(arrays["TOP"], arrays["DLINK"], c1)) == 1


def test_a_trace_without_a_double_purify_has_no_moments(pair):
    assert walk(record_writes(pair, "sticker")) == []


def test_abel_land_second_removal_writes_stale_pointers(abel_land):
    trace = record_writes(abel_land.problem, "naive")
    again = walk(trace)[1]
    written = [line for line in changes(trace, again.frame) if line.startswith("ULINK")]
    assert len(written) == 3 and all("option 27" in line for line in written)
    assert all(again.counters[c] == (-1, 0) for c in ("r1c3", "r2c3", "r3c3"))  # the lists are empty


def test_a_word_search_without_crossings_breaks_nothing():
    ws = WordSearch(3, 3, ["AB", "CD"], "orthogonal")  # no letters in common: no cell purified twice with one colour
    assert invariant_breaks(ws.problem, "naive") == []


def test_hide_passing_stickers_over_is_a_saving_not_the_fix(abel_land):
    from wordcover import AlgorithmC
    from wordcover.dancing_links import DancingLinks

    class EveryNodeHidden(AlgorithmC):  # notebook 06: the sticker kept, hide and unhide move every node
        hide = DancingLinks.hide
        unhide = DancingLinks.unhide

    rng = random.Random(11)
    for problem in [abel_land.problem] + [random_problem(rng) for _ in range(300)]:
        knuth, every = AlgorithmC(problem), EveryNodeHidden(problem)
        assert sorted(map(sorted, knuth.solutions())) == sorted(map(sorted, every.solutions()))
        assert every.stats.updates >= knuth.stats.updates and every.sanity() == []
        assert invariant_breaks(problem, EveryNodeHidden) == []


def test_invariant_breaks_refuses_an_engine_without_links(pair):
    from wordcover.errors import ProblemError

    with pytest.raises(ProblemError, match="keeps no links"):
        invariant_breaks(pair, "fast")


def test_the_recorded_double_purifies_list_exactly_what_the_engine_hid(pair, abel_land):
    """What the player's note says of each double purify equals what a spy inside the engine saw it hide, and the
    two colours it names (the one in force, the one purified with) are the ones the engine held."""
    from wordcover import NaiveAlgorithmC

    class Spy(NaiveAlgorithmC):
        """Holds as wordcover.analysis defines them, kept from inside the engine: each hide is held by the cover or
        purify running; an unhide takes off the hold of the cover or purify its uncover or unpurify undoes; once that
        inverse returns, its cover or purify holds nothing."""

        def __init__(self, problem):
            self.seen, self.on, self.hid, self.letters, self.on_letter = [], {}, None, [], {}
            self.holds, self.running, self.doing, self.undoing, self.runs = {}, {}, None, None, 0
            super().__init__(problem)

        def _do(self, kind, item, method, arg):
            self.runs += 1
            self.doing = (kind, item, self.runs)
            self.running.setdefault((kind, item), []).append(self.doing)
            method(arg)
            self.doing = None

        def _undo(self, kind, item, method, arg):
            self.undoing = self.running[(kind, item)].pop()
            method(arg)
            for live in self.holds.values():
                live[:] = [hold for hold in live if hold != self.undoing]
            self.undoing = None

        def cover(self, i):
            self._do("cover", i, super().cover, i)

        def uncover(self, i):
            self._undo("cover", i, super().uncover, i)

        def hide(self, p):
            option = self.option_of[p]
            live = self.holds.setdefault(option, [])
            if self.hid is not None:
                self.hid.append((option, bool(live)))
            live.append(self.doing)
            super().hide(p)

        def unhide(self, p):
            live = self.holds.get(self.option_of[p], [])
            if self.undoing in live:
                live.remove(self.undoing)
            super().unhide(p)

        def purify(self, p):
            item, self.hid = self.top[p], []
            self._do("purify", item, super().purify, p)
            if self.on.get(item, 0):
                self.letters.append((self.on_letter[item][-1], self.colour_names[self.color[p]]))
                self.seen.append(
                    (tuple(o for o, again in self.hid if again), tuple(o for o, again in self.hid if not again))
                )
            self.on[item] = self.on.get(item, 0) + 1
            self.on_letter.setdefault(item, []).append(self.colour_names[self.color[p]])
            self.hid = None

        def unpurify(self, p):
            self._undo("purify", self.top[p], super().unpurify, p)
            self.on[self.top[p]] -= 1
            self.on_letter[self.top[p]].pop()

    for problem in (pair, abel_land.problem):
        spy = Spy(problem)
        list(spy.solutions())
        trace = record_writes(problem, "naive")
        assert [(d.again, d.fresh) for _, d in sorted(trace.doubles.items())] == spy.seen
        assert [(d.before, d.colour) for _, d in sorted(trace.doubles.items())] == spy.letters
        assert sorted(trace.doubles) == trace.marks["double-purify"]
    doubles = record_writes(abel_land.problem, "naive").doubles.values()
    assert any(not d.again for d in doubles)  # some hid nothing
    assert any(d.same_letter for d in doubles) and not all(d.same_letter for d in doubles)  # both kinds occur


def test_hide_table_and_drifting_read_knuths_arrays():
    """Notebook 5's table of one option's hides and unhides, and the drift list, read off the replayed arrays."""
    from wordcover import WordSearch, examples
    from wordcover.double_purify import drifting, hide_table
    from wordcover.playback import record_writes

    pair = record_writes(examples.load("colour_pair").problem, "naive")
    assert [list(nodes) for nodes in pair.analysis.option_nodes] == [[5, 6], [8, 9], [11, 12]]
    rows = hide_table(pair, 2, ["Q", "c1"]).splitlines()[1:]
    assert [row.split()[:5] for row in rows] == [
        ["7", "L0", "hide", "c1", "purify"],
        ["14", "L1", "hide", "c1", "purify"],
        ["19", "L1", "unhide", "c1", "unpurify"],
        ["28", "L1", "unhide", "Q", "uncover"],
        ["33", "L0", "unhide", "c1", "unpurify"],
    ]
    assert [row.split()[5:] for row in rows][1] == ["0", "1", "Q", "0", "(1)", "c1", "1", "(1)"]
    land = record_writes(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive")
    assert drifting(land, 123) == "none"
    assert drifting(land, 124) == "LAND 6 (7), r1c3 -1 (0), r2c3 -1 (0), r3c3 -1 (0)"


def test_invariant_breaks_every_node_watches_stickered_nodes_too():
    """With every_node, an engine whose hide moves stickered nodes is watched on them too: none breaks either half."""
    from wordcover import AlgorithmC, WordSearch
    from wordcover.dancing_links import DancingLinks

    class EveryNodeHidden(AlgorithmC):
        hide = DancingLinks.hide
        unhide = DancingLinks.unhide

    problem = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem
    assert invariant_breaks(problem, EveryNodeHidden, every_node=True) == []
    assert len(invariant_breaks(problem, "naive", every_node=True)) == len(invariant_breaks(problem, "naive")) == 754


def test_frames_after_lists_the_frames_after_each_event_of_a_kind_cause_and_option(pair):
    """Notebook 5's pictures open at the first hide a purify made and print the last unhide of Q c1:b: one call
    each, frames_after(trace, cause="purify")[0] and frames_after(trace, kind="unhide", option=2)[-1]."""
    from wordcover.double_purify import frames_after

    trace = record_writes(pair, "naive")
    assert frames_after(trace, cause="purify") == [7, 14]  # P's purify hides Q c1:b, Q c1:a's purify hides it again
    assert frames_after(trace, cause="unpurify") == [19, 33]
    assert frames_after(trace, kind="unhide", option=2) == [19, 28, 33]  # the two unpurifies and Q's uncover
    assert frames_after(trace, kind="hide", cause="purify", option=2) == [7, 14]
    assert frames_after(trace, kind="try", option=2) == [20]
    assert [trace.describe(f) for f in (7, 33)] == ["L0 hide c1 (option 2: Q c1:b)", "L0 unhide c1 (option 2: Q c1:b)"]
    assert frames_after(trace, cause="no such cause") == [] and frames_after(trace, option=99) == []
    assert frames_after(trace) == list(range(1, trace.frames))  # nothing asked: every frame after an event


@pytest.mark.slow
def test_the_already_column_counts_the_breaches_node_by_node(abel_land):
    """Notebook 5: hide_table's 'already' column, summed over every option's hides and unhides, is the number of
    breaches invariant_breaks lists (one a node): both count the nodes moved against the rule or its mirror."""
    from wordcover.double_purify import hide_table

    trace = record_writes(abel_land.problem, "naive")
    already = 0
    for option in range(len(abel_land.problem.options)):
        rows = hide_table(trace, option, []).splitlines()[1:]
        already += sum(int(row.split()[6]) for row in rows)
    assert already == len(invariant_breaks(abel_land.problem, "naive")) == 754


def test_working_lines_leave_out_the_docstring_and_the_comments_and_nothing_else():
    """05 prints the naive purify's working lines: its docstring and comments would answer exercise 2."""
    from wordcover import NaiveAlgorithmC

    lines = working_lines(NaiveAlgorithmC.purify).splitlines()
    assert lines[0] == "def purify(self, p: int) -> None:"
    assert "            pass" in lines and "            self.hide(q)" in lines
    assert not any('"""' in line or "#" in line or "sticker" in line.lower() for line in lines)
    assert len(lines) == 12
