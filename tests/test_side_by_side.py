"""The player's side by side as text and its still picture: ``playback.side_by_side`` prints the steps of the timeline
the player steps through (a dash where a search waits), ``playback.first_wrong_solution`` finds the first solution a
search reports that breaks a rule, and a two-engine ``Tracer`` says, in its second panel's title, which frame of the
first engine it stands beside and whether it waits there (notebook 6's two pictures)."""

from __future__ import annotations

import pytest

from wordcover import ProblemError, examples, violations
from wordcover.analysis import WHO, align
from wordcover.playback import first_wrong_solution, record_writes, side_by_side


@pytest.mark.slow  # 1 s: it records both searches of the colour pair and of ABEL LAND
def test_first_wrong_solution_is_the_first_reported_solution_that_breaks_a_rule(abel_land):
    naive = record_writes(abel_land.problem, "naive")
    wrong = [f for f in naive.marks["solution"] if violations(abel_land.problem, naive.snapshot_at(f).chosen)]
    assert first_wrong_solution(naive) == wrong[0] and naive.path_at(wrong[0]) == [0, 31]
    assert first_wrong_solution(record_writes(abel_land.problem, "sticker")) == -1
    pair = examples.load("colour_pair").problem
    assert record_writes(pair, "naive").path_at(first_wrong_solution(record_writes(pair, "naive"))) == [0, 2]


@pytest.mark.slow  # 1.2 s: it records and aligns both searches of ABEL LAND
def test_side_by_side_is_the_players_timeline_as_text(abel_land):
    naive, sticker = record_writes(abel_land.problem, "naive"), record_writes(abel_land.problem, "sticker")
    timeline = align(naive, sticker)
    again = naive.marks["double-purify"][0]
    first, last = naive.jump("prev-choice", again), naive.jump("next-solution", again)
    lines = side_by_side(naive, sticker, first, last)
    assert lines[0].split() == ["naive", "search", "sticker", "search"]
    steps = [t for t in range(len(timeline)) if first <= timeline.lead[t] <= last]
    assert len(lines) == 1 + len(steps)  # no step where the sticker search moves alone in between
    width = lines[0].index("sticker")
    for line, t in zip(lines[1:], steps):
        mine, theirs = line[:width].rstrip(), line[width:]
        who = WHO[timeline.who[t]]
        assert mine == (naive.describe(timeline.lead[t]) if who in ("both", "lead") else "—")
        assert theirs == (sticker.describe(timeline.other[t]) if who in ("both", "other") else "—")
    assert [line[width:] for line in lines[1:]].count("—") == 2  # the second purify of r0c3 and its hide
    assert lines[1].startswith("L1 try (option 27") and lines[-1].split() == ["L2", "solution"] * 2


def test_side_by_side_dashes_the_lead_where_the_other_moves_alone(abel_land):
    sticker, naive = record_writes(abel_land.problem, "sticker"), record_writes(abel_land.problem, "naive")
    lines = side_by_side(sticker, naive, 120, 124)  # the sticker search leads: now the naive one moves alone
    assert any(line.startswith("—") and "purify r0c3 = L" in line for line in lines), lines


def test_side_by_side_refuses_frames_out_of_order(abel_land):
    naive, sticker = record_writes(abel_land.problem, "naive"), record_writes(abel_land.problem, "sticker")
    with pytest.raises(ProblemError, match="not frames of the naive search"):
        side_by_side(naive, sticker, 128, 121)
    with pytest.raises(ProblemError):
        side_by_side(naive, sticker, 0, naive.frames)


@pytest.mark.slow
def test_the_tracers_second_panel_says_which_frame_it_stands_beside(abel_land):
    pytest.importorskip("anywidget")
    from wordcover.widgets import Tracer, short_step

    tracer = Tracer(abel_land.problem, "naive", compare="sticker", ws=abel_land, rows=[0, 27, 31])
    timeline = align(*tracer.traces)
    for where in ("next-double-purify", "next-solution"):
        frame = tracer.goto(where)
        step = next(t for t in range(len(timeline)) if timeline.lead[t] == frame)
        other, note = tracer.beside()
        assert other == timeline.other[step]
        alone = WHO[timeline.who[step]] == "lead"
        assert note == f"beside naive frame {frame}: " + (
            "waiting, the naive search takes this step alone" if alone else "the same step"
        )
        # the still on a few rows: one line a panel, the second saying whether it waits there
        titles = [panel.title for panel in tracer.frame_picture(tracer.rows).panels]
        step = short_step(tracer.traces[1].describe_stop(other))
        assert titles[:2] == [
            f"naive, frame {frame}: {short_step(tracer.trace.describe_stop(frame))}",
            f"sticker, frame {other} ({'waits' if alone else 'same step'}): {step}",
        ]
        assert "\n" not in titles[0] + titles[1] and ": LAND at" not in titles[0] + titles[1]
        assert note not in titles[0]
    assert tracer.goto("next-double-purify") and "alone" in tracer.beside()[1]
    figure = tracer.figure()
    assert figure.axes[1].get_title("left").startswith(f"sticker, frame {tracer.beside()[0]} (waits): ")
    alone = Tracer(abel_land.problem, "naive")
    with pytest.raises(ProblemError, match="compare="):
        alone.beside()


@pytest.mark.slow
def test_a_small_problems_side_by_side_still_says_it_too():
    pytest.importorskip("anywidget")
    from wordcover.widgets import Tracer

    tracer = Tracer(examples.load("colour_pair").problem, "naive", compare="sticker")
    tracer.goto("next-double-purify")
    _, note = tracer.beside()
    assert note in tracer.frame_picture().panels[1].title
