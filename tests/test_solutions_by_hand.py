"""Notebook 3b's solutions (notebooks/solutions/by_hand.py) and its checks, against the library's engine and DLX1.

The solutions, pasted as a learner would paste them into the notebook, must pass every check (the module's own
functions are refused: they are the library's side); a wrong piece of each kind must be turned away with a message
that says what differs; and the whole engine built from the solutions must agree with the library's engine
(solutions, nodes, updates, and the links afterwards) on eight queens and on random small problems, with brute
force as a second oracle for the solutions. tests/test_checks_03.py holds the wrong answers that loop or hand
their work to the library.
"""

from __future__ import annotations

import copy
import inspect
import pathlib
import re
import textwrap
import time
from types import SimpleNamespace

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lessons import by_hand as lesson
from solutions import by_hand as s

from oracles import brute_force
from wordcover import Problem, make_engine
from wordcover.classics import langford, queens
from wordcover.dancing_links import DancingLinks

NOTEBOOK = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "03b_dancing_links_by_hand.ipynb"


def _unwritten(*args):
    raise NotImplementedError


def pasted(module, *names: str) -> SimpleNamespace:
    """Functions of a solutions module as a learner pastes them into a notebook cell: the same code, their own."""
    source = "\n\n".join(textwrap.dedent(inspect.getsource(getattr(module, name))) for name in names)
    namespace: dict = {"__name__": "__main__"}
    exec(compile("from __future__ import annotations\n" + source, "<notebook cell>", "exec"), namespace)
    return SimpleNamespace(**{name: namespace[name] for name in names})


P = pasted(s, "layout", "_nodes", "hide", "unhide", "cover", "uncover", "choose", "cover_others", "uncover_others",
           "search")  # fmt: skip


# ---- wrong pieces, each with one mistake -------------------------------------------------------------------


def hide_without_len(links, p):
    """hide that unlinks the nodes but forgets LEN."""
    top, ulink, dlink = links["TOP"], links["ULINK"], links["DLINK"]
    hidden, q = 0, p + 1
    while q != p:
        x, u, d = top[q], ulink[q], dlink[q]
        if x <= 0:
            q = u
            continue
        dlink[u], ulink[d] = d, u
        hidden += 1
        q += 1
    return hidden


def hide_without_count(links, p):
    """hide that does its work and returns nothing."""
    P.hide(links, p)


def unhide_without_len(links, p):
    """unhide that relinks the nodes but forgets LEN."""
    top, ulink, dlink = links["TOP"], links["ULINK"], links["DLINK"]
    q = p - 1
    while q != p:
        x, u, d = top[q], ulink[q], dlink[q]
        if x <= 0:
            q = d
            continue
        dlink[u] = ulink[d] = q
        q -= 1


def cover_without_the_item_update(links, i):
    """cover that counts only the nodes it hides."""
    return P.cover(links, i) - 1


def cover_leaving_the_item_in(links, i):
    """cover that hides the options but leaves i in the list of items."""
    updates, p = 1, links["DLINK"][i]
    while p != i:
        updates += P.hide(links, p)
        p = links["DLINK"][p]
    return updates


def uncover_leaving_the_item_out(links, i):
    """uncover that unhides the options but never puts i back."""
    p = links["ULINK"][i]
    while p != i:
        P.unhide(links, p)
        p = links["ULINK"][p]


def uncover_top_down(links, i):
    """uncover that unhides the options top down, in the order cover hid them: right, as DLX1 remarks."""
    links["RLINK"][links["LLINK"][i]] = links["LLINK"][links["RLINK"][i]] = i
    p = links["DLINK"][i]
    while p != i:
        P.unhide(links, p)
        p = links["DLINK"][p]


def layout_without_the_secondary_ring(problem):
    """layout that leaves LLINK and RLINK of the head N + 1 at 0."""
    links = P.layout(problem)
    n = len(problem.items)
    links["LLINK"][n + 1] = links["RLINK"][n + 1] = 0
    return links


def uncover_others_left_to_right(links, x):
    """X6 in the same order as X5: left to right, a spacer's ULINK back to the start."""
    top, ulink = links["TOP"], links["ULINK"]
    p = x + 1
    while p != x:
        if top[p] <= 0:
            p = ulink[p]
            continue
        P.uncover(links, top[p])
        p += 1


def first_item(links):
    """X3 without MRV: the first primary item still in the list."""
    return links["RLINK"][0]


def a_search(choose=P.choose, undo=P.uncover_others, solutions_are_nodes=True):
    """The solution's search with one of its steps replaced."""

    def search(links):
        rlink, dlink = links["RLINK"], links["DLINK"]
        found, x, counts = [], [], {"nodes": 0, "updates": 0}

        def enter():
            if rlink[0] == 0:
                counts["nodes"] += solutions_are_nodes
                found.append(list(x))
                return
            counts["nodes"] += 1
            i = choose(links)
            counts["updates"] += P.cover(links, i)
            x.append(dlink[i])
            while x[-1] != i:
                counts["updates"] += P.cover_others(links, x[-1])
                enter()
                undo(links, x[-1])
                x[-1] = dlink[x[-1]]
            x.pop()
            P.uncover(links, i)

        enter()
        return found, counts["nodes"], counts["updates"]

    return search


# ---- the solutions against the library and DLX1 ------------------------------------------------------------


def test_dlx1s_figures_for_eight_queens_are_the_librarys():
    engine = make_engine(queens(8), "x")
    assert engine.count() == 92
    assert (engine.stats.solutions, engine.stats.nodes, engine.stats.updates) == (92, 1199, 21375)
    assert s.DLX1_EIGHT_QUEENS == {"solutions": 92, "nodes": 1199, "updates": 21375}


def test_the_recorded_runs_of_dlx1_report_what_the_library_counts():
    for name, problem in (("Knuth's example", s.knuth_example()), ("8 queens", queens(8))):
        run = lesson.DLX1_RUNS[name]
        assert run.splitlines()[0] == (
            f"({len(problem.options)} options, {len(problem.primary)}+{len(problem.secondary)} items, "
            f"{sum(map(len, problem.options)) + len(problem.options)} entries successfully read)"  # spacers too
        )
        engine = make_engine(problem, "x")
        engine.count()
        assert lesson.dlx1_counts(run) == {"solutions": engine.stats.solutions, "nodes": engine.stats.nodes,
                                      "updates": engine.stats.updates}  # fmt: skip
    with pytest.raises(ValueError):
        lesson.dlx1_counts("1 solution")


def test_dlx1s_choice_lines_name_levels_as_the_event_lines_and_its_profile_is_the_librarys():
    """DLX1 run with v131 on Knuth's example: its 'L<level>:' lines are the library's 'L<level> try' lines (the same
    level, the same option, whatever node DLX1 prints it from), its profile the library's, one level deeper."""
    from wordcover.tracing import record

    problem = s.knuth_example()
    lines = lesson.DLX1_RUNS["Knuth's example, v131"].splitlines()
    choices = [line.split(" (")[0].split(": ") for line in lines if line.startswith("L")]
    trace = record(problem, "x")
    tries = [f.event for f in trace.frames if f.event.kind == "try"]
    assert [(f"L{t.level}", set(problem.labels[t.option].split())) for t in tries] == [
        (level, set(option.split())) for level, option in choices
    ]
    profile = [int(line.split(": ")[1]) for line in lines if line.startswith("  ")]
    engine = make_engine(problem, "x")
    engine.count()
    assert profile == list(engine.stats.profile) == [1, 2, 2, 1]
    assert lesson.dlx1_counts(lesson.DLX1_RUNS["Knuth's example, v131"]) == lesson.dlx1_counts(
        lesson.DLX1_RUNS["Knuth's example"]
    )


def test_dlx1s_mems_are_read_off_its_last_line():
    assert lesson.dlx1_mems(lesson.DLX1_RUNS["8 queens"]) == (11168, 305205)
    assert lesson.dlx1_mems(lesson.DLX1_RUNS["Knuth's example"]) == (418, 468)
    with pytest.raises(ValueError):
        lesson.dlx1_mems("Altogether 92 solutions, 21375 updates")


def test_the_whole_engine_from_the_solutions_on_eight_queens():
    links = s.layout(queens(8))
    found, nodes, updates = s.search(links)
    assert (len(found), nodes, updates) == (92, 1199, 21375)
    right = sorted(sorted(sol) for sol in DancingLinks(queens(8)).solutions())
    assert sorted(sorted(s.option_of(links, x) for x in sol) for sol in found) == right
    assert links == s.layout(queens(8))  # the links danced back


@st.composite
def problems(draw):
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"P{k}" for k in range(n_primary)]
    secondary = [f"S{k}" for k in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(1, 10))):
        chosen = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=n_primary, unique=True))
        chosen += draw(st.lists(st.sampled_from(secondary), max_size=n_secondary, unique=True)) if secondary else []
        options.append(chosen)
    return Problem(primary, secondary, options)


@settings(max_examples=150, deadline=None)
@given(problems())
@pytest.mark.slow
def test_the_whole_engine_matches_the_library_and_brute_force(problem):
    links = s.layout(problem)
    assert links == s.library_links(problem)
    found, nodes, updates = s.search(links)
    engine = DancingLinks(problem)
    right = [list(sol) for sol in engine.solutions()]
    assert [[s.option_of(links, x) for x in sol] for sol in found] == right  # the same solutions, in the same order
    assert (nodes, updates) == (engine.stats.nodes, engine.stats.updates)
    assert {frozenset(sol) for sol in right} == brute_force(problem)
    assert links == s.library_links(problem)


@pytest.mark.parametrize("problem", [queens(5), queens(6), langford(4), langford(5)], ids=["q5", "q6", "l4", "l5"])
def test_the_whole_engine_on_classics(problem):
    links = s.layout(problem)
    found, nodes, updates = s.search(links)
    engine = make_engine(problem, "x")
    assert (len(found), nodes, updates) == (engine.count(), engine.stats.nodes, engine.stats.updates)


def test_the_tiny_links_typed_by_hand_are_the_librarys_layout_of_the_notebooks_problem():
    assert s.tiny_links() == s.library_links(s.tiny_problem())
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    (text,) = [c.source for c in cells if c.source.startswith('tiny_text = """')]
    assert text.split('"""')[1] == s.TINY


def test_cover_d_counts_one_for_the_item_and_one_for_each_node_hidden():
    problem = s.knuth_example()
    hidden = sum(len(option) - 1 for option in problem.options if "D" in {e.item for e in option})
    assert s.cover_d_updates() == 1 + hidden == 6


def test_cover_a_writes_what_the_notebook_says():
    engine = DancingLinks(s.knuth_example())
    before = lesson.engine_links(engine)
    engine.cover(1)
    after = lesson.engine_links(engine)
    assert s.changes(before, after) == [
        "LLINK[2]: 1 → 0", "RLINK[0]: 1 → 2", "ULINK[22]: 14 → 4", "ULINK[25]: 15 → 7", "ULINK[27]: 22 → 4",
        "DLINK[4]: 14 → 27", "DLINK[7]: 15 → 25", "LEN[4]: 3 → 1", "LEN[7]: 3 → 2",
    ]  # fmt: skip
    assert engine.stats.updates == 4
    engine.uncover(1)
    assert s.changes(before, lesson.engine_links(engine)) == []


def test_the_solutions_cover_and_uncover_write_what_the_library_writes():
    links = s.library_links(s.knuth_example())
    assert s.cover(links, 1) == 4
    engine = DancingLinks(s.knuth_example())
    engine.cover(1)
    assert links == lesson.engine_links(engine)
    s.uncover(links, 1)
    assert links == s.library_links(s.knuth_example())


def test_x5_and_x6_cover_and_uncover_the_rest_of_an_option_as_the_librarys_commit_does():
    links, engine = s.library_links(s.knuth_example()), DancingLinks(s.knuth_example())
    s.cover(links, 1)  # X4 on A, then X5 tries node 13, A in A D G
    engine.cover(1)
    covered_a = lesson.engine_links(engine)
    # cover(D): 1 + E and G of D E G, the only option left in D's list; then cover(G): 1 + B of B G
    assert s.cover_others(links, 13) == 3 + 2
    engine.commit(13)
    assert links == lesson.engine_links(engine) and engine.stats.updates == 4 + 5
    s.uncover_others(links, 13)
    assert links == covered_a


def test_choose_takes_the_smallest_len_and_the_first_on_a_tie():
    links = s.library_links(s.knuth_example())
    assert s.choose(links) == 1  # A, B, C and E have LEN 2: the first, A
    links["LEN"][3] = 1
    assert s.choose(links) == 3
    links["LEN"][1] = 0
    assert s.choose(links) == 1


def test_option_of_reads_the_spacer_after_a_node():
    links = s.library_links(s.knuth_example())
    assert [s.option_of(links, x) for x in (9, 11, 13, 15, 27, 29)] == [0, 0, 1, 1, 5, 5]


def test_random_problems_of_the_checks_are_small_and_varied():
    sizes = [(len(p.primary), len(p.secondary), len(p.options)) for p in map(s.random_problem, (1, 5, 9, 12))]
    assert all(3 <= a <= 6 and 1 <= b <= 3 and 6 <= c <= 12 for a, b, c in sizes)
    counts = [make_engine(s.random_problem(seed), "x").count() for seed in (1, 5, 9, 12)]
    assert counts == [15, 0, 2, 0]  # problems with many solutions and with none


@pytest.mark.slow
def test_table_and_picture():
    text = s.table(s.library_links(s.knuth_example()))
    lines = text.splitlines()
    assert lines[0].split() == ["i", *map(str, range(9))]
    assert lines[2].split() == ["LLINK", "5", "0", "1", "2", "3", "4", "8", "6", "7"]
    assert "     ULINK   0  21  24  18  27  28  19  29   0   3   5   6   9   1   4   7" in lines
    fig = s.four_way_figure(s.library_links(s.knuth_example()), title="t")
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert {"root", "head", "spacer 8", "spacer 30", "9", "29", "A\nLEN 2"} <= texts
    memory = s.memory_figure(s.library_links(s.knuth_example()))
    boxes = [t.get_text() for t in memory.axes[0].texts]
    assert boxes[:4] == ["8", "0", "9", "C"] and "−6" in boxes  # x above, TOP inside (a spacer's with its minus)
    arcs = [a.item for a in memory.axes[0].artists if type(a).__name__ == "ArrowArtist"]
    assert len(arcs) == 12  # 7 spacers, 14 links, less the first spacer's ULINK and the last one's DLINK (both 0)
    assert all(arc.bend and arc.start[1] == arc.end[1] for arc in arcs)  # each bent, from one box's row to another


def test_the_pictures_number_each_item_once_and_say_what_the_memory_boxes_hold():
    """The four-way picture numbers the items above their boxes, 0 to N + 1, each once (the library's panel leaves
    its own header numbers out there); the memory picture's row label says the boxes hold the item (TOP) and fits
    inside its panel."""
    from wordcover.views.links import points_per_unit
    from wordcover.views.picture import Text, iter_texts, text_width

    links = s.library_links(s.knuth_example())
    texts = list(iter_texts(s.four_way_picture(links, title="t")))
    assert sorted((t for t in texts if t in {str(i) for i in range(9)}), key=int) == [str(i) for i in range(9)]
    memory = s.memory_picture(links)
    panel = memory.panels[0]
    label = next(t for t in panel.items if isinstance(t, Text) and t.text == "item (TOP)")
    across, _ = points_per_unit(panel, (memory.width, memory.height))
    assert panel.xlim[0] < label.x - text_width(label.text, label.size) / across  # it starts inside the panel
    assert label.ha == "right" and label.x < -0.45  # and ends left of the first box


# ---- every check accepts the solution and turns a wrong piece away ------------------------------------------


def typed(links: dict) -> dict:
    """The arrays as a learner types them: plain lists of the same numbers."""
    return {name: list(values) for name, values in links.items()}


def test_every_check_accepts_the_solutions(capsys):
    knuth, tiny = s.knuth_example(), s.tiny_problem()
    assert s.check_links(typed(s.tiny_links()), tiny) and s.check_links(typed(s.library_links(knuth)), knuth)
    assert s.check_layout(P.layout)
    assert s.check_hide(P.hide) and s.check_unhide(P.unhide)
    assert s.check_cover(P.cover) and s.check_uncover(P.uncover)
    assert s.check_search(P.search)
    assert s.check_eight_queens(P.layout, P.search)
    out = capsys.readouterr().out
    assert out.count("✓ Right") == 9 and "✗" not in out
    assert "     nodes    1,199    1,199" in out and "   updates   21,375   21,375" in out


def test_every_check_says_not_answered_yet_to_a_stub(capsys):
    skeleton = dict.fromkeys(s.ARRAYS)
    assert not s.check_links(None, s.tiny_problem()) and not s.check_links(skeleton, s.tiny_problem())
    for check in (s.check_layout, s.check_hide, s.check_unhide, s.check_cover, s.check_uncover, s.check_search):
        assert not check(_unwritten)
    assert not s.check_eight_queens(_unwritten, P.search) and not s.check_eight_queens(P.layout, _unwritten)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 10 and all(line.startswith("Not answered yet") for line in lines)
    assert lines[3] == "Not answered yet: write hide above and run this cell again."


def test_arrays_by_hand_are_told_the_first_wrong_array_but_not_which_entry(capsys):
    tiny = s.tiny_problem()
    mine = typed(s.tiny_links())
    mine["ULINK"][11] = 10  # the spacer before A C: it should be 9, the first node of C X
    mine["LEN"] = None
    assert not s.check_links(mine, tiny)
    mine = typed(s.tiny_links())
    mine["TOP"] = mine["TOP"][:-1]
    mine["RLINK"] = (1, 2, 3, 0, 5, 4)  # a tuple is as good as a list
    assert not s.check_links(mine, tiny)
    assert not s.check_links([1, 2], tiny)
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["✗ Not yet: ULINK is not right yet (NAME, LLINK, RLINK, TOP are right)",
                       f"ULINK: {s.ARRAY_RULES['ULINK']} Go through it again on paper, entry by entry."]  # fmt: skip
    assert out[2] == "✗ Not yet: TOP has 17 entries; this problem needs 18"  # the right RLINK, as a tuple, passes
    assert out[3].startswith("✗ Not yet: the arrays should be a dict with keys NAME, LLINK") and len(out) == 4
    assert "should be" not in "\n".join(out[:3]) and "differ" not in "\n".join(out)


def test_a_layout_without_the_secondary_ring_is_turned_away(capsys):
    assert not s.check_layout(layout_without_the_secondary_ring)
    out = capsys.readouterr().out
    assert out.startswith("✗ Not yet: on Knuth's example, LLINK[8] (the head of the secondary items) is 0\n")
    assert "should be" not in out  # the layout's values are never shown: the tiny problem's are exercise 2's answer


@pytest.mark.parametrize(
    ("check", "wrong", "said", "right"),
    [
        (s.check_hide, hide_without_len, "after hide(links, 13), LEN[4] (the header of D) is 3\n", 2),
        (s.check_hide, hide_without_count, "hide(links, 13) returned None, which is not Knuth's count: one for", 2),
        (s.check_unhide, unhide_without_len, "LEN[4] (the header of D) is 1\n", 2),
        (s.check_unhide, P.hide, "ULINK[27] (D's node in D E G) is 4\n", 22),
        (s.check_cover, cover_without_the_item_update, "on Knuth's example returned 3, which is not Knuth's count", 4),
        (s.check_cover, cover_leaving_the_item_in, "LLINK[2] (item B) is 1\n", 0),
        (s.check_uncover, uncover_leaving_the_item_out, "LLINK[2] (item B) is 0\n", 1),
    ],
    ids=["hide-LEN", "hide-count", "unhide-LEN", "unhide-is-hide", "cover-count", "cover-item", "uncover-item"],
)
def test_a_wrong_primitive_is_turned_away_with_what_differs_but_not_the_value_it_should_have(
    check, wrong, said, right, capsys
):
    """Review 30 E: 'ULINK[21] ... is 1, should be 13' invited fixing the code until the numbers agree. The check names
    the entry, what it stands for and the learner's value, then what the operation writes, never the right value."""
    assert not check(wrong)
    out = capsys.readouterr().out
    assert out.startswith("✗ Not yet:") and said in out and "✓" not in out
    assert "should be" not in out and "count is" not in out and f"is {right}" not in out.replace(said, "")
    if "returned" not in said:  # a wrong entry: what the operation writes, to follow on paper
        assert out.rstrip().splitlines()[-1] in s.WRITES.values()


def test_the_number_checks_of_exercises_1_and_6_take_only_the_answer(capsys):
    """The check cells read solution.check_cover_d_updates(prediction) and solution.check_resuscitated(node): no
    expression there computes the answer; a wrong number gets the counting rule or where to look, never the value."""
    assert s.check_cover_d_updates(6) and s.check_cover_d_updates(6.0)
    assert capsys.readouterr().out == f"✓ Right. {s.COVER_D_THEN}\n" * 2  # the line to run, after a right answer
    for wrong in (5, 7, 3, 11, 30):  # the nodes alone, one too many, D's options, a link write each + 1, the search's
        assert not s.check_cover_d_updates(wrong)
        out = capsys.readouterr().out
        assert out == f"✗ Not yet: {wrong} is not it. {s.COVER_D_HINT}\n" and "stats.updates" not in out
    for wrong in (True, "6", s.cover_d_updates):
        assert not s.check_cover_d_updates(wrong)
        assert capsys.readouterr().out.startswith("✗ A number is wanted here")
    assert not s.check_cover_d_updates(None) and capsys.readouterr().out.startswith("Not answered yet")
    assert "6" not in s.COVER_D_HINT
    assert s.check_resuscitated(29) and s.check_resuscitated(29.0)
    assert capsys.readouterr().out == f"✓ Right. {s.RESUSCITATED_THEN}\n" * 2
    # D E G's other nodes, B G's node that cover(G) met, A D G's node in G, one off, and cell 33's 14 and 22
    for wrong in (27, 28, 25, 15, 24, 30, 14, 22, 13, 4, 7):
        assert not s.check_resuscitated(wrong)
        out = capsys.readouterr().out
        assert out == f"✗ Not yet: {wrong} is not it. {s.RESUSCITATED_HINT}\n"
    for wrong in (True, "29", s.resuscitated, [29]):
        assert not s.check_resuscitated(wrong)
        assert capsys.readouterr().out.startswith("✗ A number is wanted here")
    assert not s.check_resuscitated(None) and capsys.readouterr().out.startswith("Not answered yet")
    assert "29" not in s.RESUSCITATED_HINT + s.RESUSCITATED_THEN


def test_an_uncover_that_unhides_top_down_is_right_as_knuth_remarks_in_dlx1(monkeypatch):
    assert s.check_uncover(uncover_top_down)
    monkeypatch.setattr(s, "uncover", uncover_top_down)  # in X6 and X7 of the whole search
    for problem in (s.knuth_example(), queens(6), langford(5)):
        links = s.library_links(problem)
        found, nodes, updates = s.search(links)
        engine = make_engine(problem, "x")
        assert (len(found), nodes, updates) == (engine.count(), engine.stats.nodes, engine.stats.updates)
        assert links == s.library_links(problem)


def test_a_search_without_mrv_is_turned_away_by_both_checks(capsys):
    wrong = a_search(choose=first_item)
    assert not s.check_search(wrong)
    assert not s.check_eight_queens(P.layout, wrong)
    out = capsys.readouterr().out
    assert "on Knuth's example your search finds 1 solution, 7 nodes, 35 updates: its nodes and updates are not " in out
    assert "the library's engine finds" not in out  # the right counters are never printed
    assert "The same solutions, other counts" in out
    assert "     nodes    2,057    1,199" in out and "✗ Not yet: your nodes and updates differ from DLX1's." in out


def test_a_search_that_does_not_count_solutions_as_nodes_is_turned_away(capsys):
    wrong = a_search(solutions_are_nodes=False)
    assert not s.check_search(wrong) and not s.check_eight_queens(P.layout, wrong)
    out = capsys.readouterr().out
    assert "     nodes    1,107    1,199" in out and "✗ Not yet: your nodes differ from DLX1's." in out


def test_x6_left_to_right_breaks_the_links_yet_gives_dlx1s_figures_on_eight_queens(capsys):
    wrong = a_search(undo=uncover_others_left_to_right)
    assert not s.check_search(wrong)
    out = capsys.readouterr().out
    assert out.startswith("✗ Not yet: on Knuth's example, after the search, LEN[3] (the header of C) is 4\n")
    assert s.X6_HINT in out and "4" not in s.X6_HINT and "LEN[" not in s.X6_HINT  # reasoning, not values
    links = s.layout(queens(8))  # two squares never share two lines: no option holds two items that X5 covers
    found, nodes, updates = wrong(links)
    assert (len(found), nodes, updates) == (92, 1199, 21375) and links == s.layout(queens(8))
    assert not s.check_eight_queens(P.layout, wrong)  # so exercise 8's check runs Knuth's example first
    out = capsys.readouterr().out
    assert out.startswith("✗ Not yet: on Knuth's example, after the search, LEN[3] (the header of C) is 4\n")
    assert s.X6_HINT in out  # review 30-AJ: the refusal points at X6's order, in both checks

    def share_two(problem):
        """Two options with two items in common: what the wrong X6 needs to do harm."""
        items = [{e.item for e in option} for option in problem.options]
        return any(len(a & b) >= 2 for k, a in enumerate(items) for b in items[k + 1 :])

    assert share_two(s.knuth_example()) and not share_two(queens(8))


def test_the_x6_hint_is_given_only_when_every_link_is_back_and_no_len_is_too_low(capsys):
    """Review 30-AJ: the X6 hint names X6's order; a search that leaves a LEN too low, or a link wrong, is refused
    without it (its cause is elsewhere)."""

    def len_too_low(links):
        result = P.search(links)
        links["LEN"][1] -= 1
        return result

    def link_wrong(links):
        result = P.search(links)
        links["ULINK"][9], links["ULINK"][10] = links["ULINK"][10], links["ULINK"][9]
        return result

    for wrong in (len_too_low, link_wrong):
        started = time.perf_counter()
        assert not s.check_search(wrong)
        out = capsys.readouterr().out
        assert out.startswith("✗ Not yet: on ") and s.X6_HINT not in out
        assert time.perf_counter() - started < 30


def test_a_wrong_x6_that_puts_the_arrays_back_by_copying_them_is_still_turned_away(capsys):
    wrong = a_search(undo=uncover_others_left_to_right)

    def tidy(links):
        saved = {name: list(values) for name, values in links.items()}
        result = wrong(links)
        links.update(saved)  # the arrays as they were, whatever the search did to them
        return result

    assert not s.check_eight_queens(P.layout, tidy)
    out = capsys.readouterr().out
    assert out.startswith("✗ Not yet: on Knuth's example your search wrote whole arrays at once (a saved copy put back")


def _copying_search(restore):
    """The solution's search, each cover undone by putting back a copy saved before it: no uncover at all."""

    def search(links):
        found, x, counts = [], [], {"nodes": 0, "updates": 0}

        def enter():
            counts["nodes"] += 1
            if links["RLINK"][0] == 0:
                found.append(list(x))
                return
            i = P.choose(links)
            saved = copy.deepcopy(links)
            counts["updates"] += P.cover(links, i)
            x.append(links["DLINK"][i])
            while x[-1] != i:
                inner = copy.deepcopy(links)
                counts["updates"] += P.cover_others(links, x[-1])
                enter()
                restore(links, inner)
                x[-1] = links["DLINK"][x[-1]]
            x.pop()
            restore(links, saved)

        enter()
        return found, counts["nodes"], counts["updates"]

    return search


def _by_slices(links, saved):
    for name in links:
        links[name][:] = saved[name]


def _entry_by_entry(links, saved):
    for name in links:
        for k, value in enumerate(saved[name]):
            links[name][k] = value


def _by_dict(links, saved):
    links.update(saved)  # the search reads links["DLINK"] afresh each time, so the copies become its arrays


def _on_a_copy(links):
    """Every level covers a copy of the arrays it was given and hands the copy down: nothing is ever uncovered."""
    found, counts = [], {"nodes": 0, "updates": 0}

    def enter(arrays, x):
        counts["nodes"] += 1
        if arrays["RLINK"][0] == 0:
            found.append(list(x))
            return
        mine = copy.deepcopy(arrays)
        i = P.choose(mine)
        counts["updates"] += P.cover(mine, i)
        p = mine["DLINK"][i]
        while p != i:
            below = copy.deepcopy(mine)
            counts["updates"] += P.cover_others(below, p)
            enter(below, x + [p])
            p = mine["DLINK"][p]

    enter(links, [])
    return found, counts["nodes"], counts["updates"]


@pytest.mark.parametrize(
    ("wrong", "said"),
    [
        (_copying_search(_by_slices), "wrote whole arrays at once (a saved copy put back, or an array replaced)"),
        (_copying_search(_by_dict), "wrote whole arrays at once (a saved copy put back, or an array replaced)"),
        (_copying_search(_entry_by_entry), "wrote many more entries than covering and uncovering need"),
        (_on_a_copy, "wrote fewer entries of the arrays it was given than covering and uncovering them needs"),
    ],
    ids=["slices", "dict", "entry-by-entry", "copy-handed-down"],
)
def test_a_search_that_undoes_by_copies_rather_than_by_uncover_is_turned_away(wrong, said, capsys):
    """Review 30 G, top 1: a search that saved copy.deepcopy(links) and put it back, never calling uncover, passed
    both checks with DLX1's 92/1,199/21,375. The checks hand the search arrays that count what is written to them."""
    links = s.layout(queens(6))
    found, nodes, updates = wrong(links)  # right answers: only how it undid its covers is wrong
    engine = make_engine(queens(6), "x")
    assert (len(found), nodes, updates) == (engine.count(), engine.stats.nodes, engine.stats.updates)
    assert not s.check_search(wrong)
    assert said in capsys.readouterr().out
    start = time.perf_counter()
    assert not s.check_eight_queens(P.layout, wrong)
    assert said in capsys.readouterr().out and time.perf_counter() - start < 3  # refused on Knuth's example first


def test_a_right_search_passes_on_the_arrays_that_count_its_writes(capsys):
    assert s.check_search(P.search) and s.check_eight_queens(P.layout, P.search)
    assert capsys.readouterr().out.rstrip().endswith("✓ Right: your engine finds the 92 solutions with Knuth's own "
                                                     "counters.")  # fmt: skip
    links = s._watched(s.library_links(queens(5)))
    copied = copy.deepcopy(links)
    assert type(copied) is dict and all(type(v) is list for v in copied.values()) and copied == links


def test_a_search_that_keeps_the_list_x_itself_is_told_to_keep_a_copy(capsys):
    def search(links):
        found, nodes, updates = P.search(links)
        return [[] for _ in found], nodes, updates  # what appending x itself leaves: every solution the empty x

    assert not s.check_search(search)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("✗ Not yet: on Knuth's example your search finds 1 solution, 6 nodes, 30 updates")
    assert "As many solutions, but not the same ones: yours, as option numbers, [[]]" in out[1]
    assert "keep a copy" in out[1]


def test_a_search_returning_the_wrong_shape_is_told_so(capsys):
    assert not s.check_search(lambda links: 92)
    assert not s.check_search(lambda links: ([[None]], 1, 1))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "✗ Not yet: search should return (solutions, nodes, updates), not int 92."
    assert out[1].startswith("✗ Not yet: each solution should be the list of its nodes")


# ---- the notebook and its module fit together -----------------------------------------------------------------


def test_every_exercise_has_a_check_that_names_a_solution_that_exists():
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    starts = [k for k, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith("## Exercise")]
    assert len(starts) == 8
    for start, end in zip(starts, [*starts[1:], len(cells)]):
        code = "\n".join(c.source for c in cells[start:end] if c.cell_type == "code")
        assert re.search(r"\bcheck\w*\(", code), cells[start].source.splitlines()[0]
        for name in re.findall(r"\bsolution\.(\w+)", code):
            assert callable(getattr(s, name, None)), name
    stubs = [c.source for c in cells if "raise NotImplementedError" in c.source]
    assert [re.match(r"def (\w+)", stub).group(1) for stub in stubs] == [
        "layout", "hide", "unhide", "cover", "uncover", "search",
    ]  # fmt: skip


def test_every_public_function_of_the_module_explains_itself_and_is_run_here():
    tested = pathlib.Path(__file__).read_text()
    asked = "\n".join(c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "code")
    public = [n for n, f in inspect.getmembers(s, inspect.isfunction) if f.__module__ == s.__name__ and n[0] != "_"]
    assert len(public) > 20
    for name in public:
        assert getattr(s, name).__doc__, name
        assert re.search(rf"\b{name}\(", tested) or f"why=solution.{name}()" in asked, name


def test_the_left_to_right_x6_claims_are_printed_where_the_page_makes_them():
    """Review 30-V: exercise 8 and the summary say an X6 that uncovers left to right gives DLX1's three numbers on
    eight queens and leaves the arrays as they were, and leaves LEN wrong on Knuth's example; the cell under *Which
    orders matter* prints both runs, and the cover(A), cover(D) run prints every LEN that differs (two: A and G)."""
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    printed = "\n\n".join(o.get("text", "") for c in cells if c.cell_type == "code" for o in c.outputs)
    assert ("8 queens, X6 left to right: 92 solutions, 1,199 nodes, 21,375 updates; entries that differ from step "
            "X1's layout: none") in printed  # fmt: skip
    knuth = re.search(r"Knuth's example, X6 left to right: .*layout: (.*)", printed)[1]
    assert knuth != "none" and all(entry.startswith("LEN[") for entry in knuth.split(", "))
    differ = printed.split("every LEN that differs from its list's length:\n")[1].split("\n\n")[0].splitlines()
    assert [line.split()[0] for line in differ] == ["LEN(A)", "LEN(G)"]
    text = " ".join(" ".join(c.source.split()) for c in cells if c.cell_type == "markdown")
    assert "and LEN(A) and LEN(G) end too high" in text
    table = printed.split("each node taken out or put back\n")[1].split("every LEN")[0].splitlines()[1:]
    extra = {int(line.split()[0]) for line in table if line.rstrip().endswith("+1")}
    assert extra == {13, 15, 21}  # the prose names these three as counted again
    assert (
        "gives all three of DLX1's numbers there and leaves the arrays as they were, as *Which orders matter* "
        "printed" in text
    )


def test_the_node_that_comes_back_is_the_one_uncover_d_puts_into_gs_list_and_is_explained():
    """Exercise 6: X4 covers A, X5 covers D then G; uncover(D) first puts node 29 (G's node of D E G) back into
    G's list, where cover(G) had not met it, and uncover(G) then unhides D E G again: LEN(D) and LEN(E) one high."""
    engine = make_engine(s.knuth_example(), "x")
    names = engine.names
    for item in "ADG":
        engine.cover(names.index(item))
    g = names.index("G")

    def g_list() -> list[int]:
        nodes, x = [], engine.dlink[g]
        while x != g:
            nodes.append(x)
            x = engine.dlink[x]
        return nodes

    assert g_list() == [25]
    engine.uncover(names.index("D"))
    assert g_list() == [25, 29] and engine.top[29] == g
    assert [engine.top[x] for x in (27, 28, 29)] == [names.index(i) for i in "DEG"]
    assert s.resuscitated() == 29
    assert "resuscitate" in inspect.getdoc(s.resuscitated)


# ---- which orders matter: what the notebook's replays stand on ---------------------------------------------


def test_within_one_option_unhiding_left_to_right_or_right_to_left_writes_the_same_entries():
    """The notebook builds DLX1's uncover from the library's unhide (right to left): each node of an option is in a
    different item's list, so the order inside one option changes nothing, on every problem and every option."""
    for problem in (s.knuth_example(), s.tiny_problem(), queens(5), langford(4), *map(s.random_problem, (1, 5, 9))):
        for i in range(1, len(problem.items) + 1):
            for p in s._lists(s.library_links(problem))[i]:
                right_to_left, left_to_right = s.library_links(problem), s.library_links(problem)
                for links in (right_to_left, left_to_right):
                    s.cover(links, i)
                s.unhide(right_to_left, p)
                q = p + 1  # DLX1's unhide: left to right, a spacer's ULINK back to the start
                while q != p:
                    if left_to_right["TOP"][q] <= 0:
                        q = left_to_right["ULINK"][q]
                        continue
                    x, u, d = left_to_right["TOP"][q], left_to_right["ULINK"][q], left_to_right["DLINK"][q]
                    left_to_right["DLINK"][u] = left_to_right["ULINK"][d] = q
                    left_to_right["LEN"][x] += 1
                    q += 1
                assert right_to_left == left_to_right


def test_x6_in_x5s_order_leaves_two_len_too_high_on_knuths_example_and_every_link_right():
    names = s.knuth_example().items
    results = {}
    for order in ("GD", "DG"):
        engine = DancingLinks(s.knuth_example())
        engine.cover(1)
        after_x4 = lesson.engine_links(engine)
        for item in "DG":
            engine.cover(names.index(item) + 1)
        for item in order:
            engine.uncover(names.index(item) + 1)
        results[order] = s.changes(after_x4, lesson.engine_links(engine))
    assert results == {"GD": [], "DG": ["LEN[4]: 1 → 2", "LEN[5]: 2 → 3"]}


def test_watch_cells_notes_each_cell_run_to_its_end_once_per_shell():
    """Exercise 2's check starts reading at the last cell that ran to its end and assigned the arrays anew; the cells
    that ran are noted by one post_run_cell callback a shell, however often the solutions are imported."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        s.watch_cells(shell)
        s.watch_cells(shell)
        assert len([f for f in shell.events.callbacks["post_run_cell"] if f.__qualname__.endswith("noted")]) == 1
        assert shell.run_cell("x = 1", store_history=True).success
        assert not shell.run_cell("1 / 0\nx = 2", store_history=True).success
        assert s._RAN[shell] == {1}
    finally:
        InteractiveShell.clear_instance()


def test_the_detour_has_a_road_sign_exercise_6_is_two_stars_and_exercises_talk_to_the_learner():
    """Review 30-AF: *Which orders matter* runs 18 cells before Algorithm X: a road sign says it is optional on a
    first reading (review 30-AJ: only after what exercises 6 and 8 need; a checkpoint says where to stop);
    exercise 6, the hardest reasoning step, is ★★; exercises 2 and 7
    said at length what their checks refuse: at most one sentence about the check now (the checks stay as strict)."""
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    sections = [c.source for c in cells if c.cell_type == "markdown"]
    orders = next(k for k, c in enumerate(cells) if c.source.startswith("## Which orders matter\n"))
    # review 30-AJ: what exercises 6 and 8 need (X6's order, the whole wrong search) comes before the optional part
    optional = next(k for k, c in enumerate(cells) if c.source.startswith("### Going further (optional)\n"))
    needed = "\n".join(c.source for c in cells[orders:optional])
    assert "def x6(" in needed and "class LeftToRight(" in needed and "Optional" not in needed
    # review 30-AN: the cover(A), cover(D), uncover(A), uncover(D) case, the one 00's model answer cites, is X6's kind
    # of order (of items), so it runs before the optional part too
    assert "class Logged(" in needed and "every LEN that differs from its list's length" in needed
    assert "*No exercise needs this part. Short of time? Skip to [Algorithm X on the arrays]" in cells[optional].source
    algorithm_x = next(k for k, c in enumerate(cells) if c.source.startswith("## Algorithm X on the arrays\n"))
    assert all(not c.source.startswith("#") for c in cells[optional + 1 : algorithm_x])
    exercises = [k for k, c in enumerate(cells) if c.source.startswith("## Exercise ")]
    stop = next(k for k, c in enumerate(cells) if c.source.startswith("**Short of time? Stop here.**"))
    assert exercises[4] < stop < exercises[5]  # after exercise 5, before exercise 6
    assert any(s.startswith("## Exercise 6 · explain why: the node that comes back ★★\n") for s in sections)
    for number in range(1, 9):
        (text,) = [s for s in sections if s.startswith(f"## Exercise {number} ")]
        sentences = re.split(r"(?<=[.:;?])\s+", " ".join(text.split("\n", 1)[1].split()))
        about_check = [s for s in sentences if re.search(r"\b[Tt]he checks?\b", s)]
        assert len(about_check) <= 1, (number, about_check)
