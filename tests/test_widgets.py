"""The widgets, driven headless: set values, call the click handlers, read what they show."""

from __future__ import annotations

import pytest

from wordcover import WordSearch, make_engine
from wordcover.widgets import CounterInspector, FindPuzzle, Tracer, counter_table


@pytest.fixture(scope="module")
def abel_land():
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


def test_tracer_steps_back_and_compares(abel_land):
    tracer = Tracer(abel_land.problem, "naive", ws=abel_land)
    first_image = bytes(tracer.images[0].value)
    assert first_image.startswith(b"\x89PNG")
    assert "frame 0 of 2352" in tracer.status.value
    tracer.step_button.click()
    assert tracer.frame == 1 and "frame 1 of 2352: L0 cover ABEL" in tracer.status.value
    assert bytes(tracer.images[0].value) != first_image
    tracer.back_button.click()
    tracer.back_button.click()  # stays at 0
    assert tracer.frame == 0
    tracer.slider.value = 128
    assert "L1 purify r0c3 = L" in tracer.status.value
    assert tracer.inspector.html.value.count("#f8d0d0") == 4  # four drifting counters
    assert "<b>128: L1 purify r0c3 = L" in tracer.log.value
    tracer.compare.value = True
    assert len(tracer.pictures.children) == 2
    assert "<b>naive</b> frame 128" in tracer.status.value and "<b>sticker</b> frame 128" in tracer.status.value
    tracer.slider.value = tracer.slider.max
    assert tracer.frame == 2352
    tracer.step_button.click()
    assert tracer.frame == 2352


def test_inspector_alone(abel_land):
    engine = make_engine(abel_land.problem, "naive")
    inspector = CounterInspector(engine)
    assert "every LEN is right" in inspector.html.value
    engine.count()
    inspector.refresh()
    assert "with LEN &ne; real length" in inspector.html.value
    with pytest.raises(ValueError, match="no engine of its own"):
        CounterInspector().refresh()
    assert counter_table(make_engine(abel_land.problem).snapshot()).count("<tr>") == 19


def test_find_puzzle_click_reveal_and_new():
    puzzle = FindPuzzle(["ABEL", "CANTOR", "GAUSS", "EULER"], 6, 6, seed=1)
    target = puzzle.puzzle.placements[1]
    (r0, c0), (r1, c1) = target.cells[0], target.cells[-1]
    puzzle.buttons[r0][c0].click()
    assert puzzle.buttons[r0][c0].style.button_color == "#ffd54f"
    puzzle.buttons[r1][c1].click()
    assert target.word in puzzle.found and f"<s>{target.word}</s>" in puzzle.word_list.value
    assert puzzle.status.value == f"found {target.word}! 3 to go"
    assert all(puzzle.buttons[r][c].style.button_color != "#f4f4f4" for r, c in target.cells)
    puzzle.buttons[0][0].click()
    puzzle.buttons[1][2].click()  # not a straight line
    assert puzzle.status.value == "not a straight line; try again" and puzzle.first is None
    puzzle.reveal_button.click()
    assert set(puzzle.found) == set(puzzle.puzzle.words)
    old = puzzle.puzzle.grid
    puzzle.new_button.click()
    assert puzzle.seed == 2 and puzzle.found == {} and puzzle.puzzle.grid != old
    assert [b.description for b in puzzle.buttons[0]] == list(puzzle.puzzle.grid[0])
