"""The widgets, driven headless: set values, call the click handlers, read what they show."""

from __future__ import annotations

import pytest
from traitlets import TraitError

from wordcover import make_engine
from wordcover.errors import ProblemError
from wordcover.widgets import FOUND_COLOURS, PICKED, UNFOUND, CounterInspector, FindPuzzle, Tracer, counter_table


def test_tracer_frames_jumps_and_compare(abel_land):
    tracer = Tracer(abel_land.problem, "naive", ws=abel_land)
    trace = tracer.trace
    assert tracer.frame == 0 and len(tracer._payloads) == 1
    assert tracer.goto("step") == 1 and trace.event(0).kind == "choose"  # frame 1 follows C3's first choice
    assert tracer.goto("back") == 0 and tracer.goto("back") == 0
    double = tracer.goto("next-double-purify")  # stopping at search steps: the stop that shows that purify done
    assert trace.head(double) == trace.marks["double-purify"][0] and trace.kind_at(trace.head(double)) == "purify"
    assert trace.marks["double-purify"][0] < trace.marks["drift"] <= double  # the drift: a hide that purify makes
    assert tracer.goto("first-drift") == double
    tracer.fine, tracer.frame = True, 0
    assert tracer.goto("next-double-purify") == trace.marks["double-purify"][0]  # fine: the purify itself
    assert tracer.goto("first-drift") == trace.marks["drift"]
    tracer.fine = False
    tracer.frame = trace.frames - 1
    assert tracer.goto("next-solution") == trace.frames - 1  # nowhere to go: stays put
    with pytest.raises(TraitError, match=f"frame must be between 0 and {trace.frames - 1}"):
        tracer.frame = trace.frames
    with pytest.raises(ProblemError, match="frame number or an action"):
        tracer.goto(1.5)
    with pytest.raises(ProblemError, match="unknown jump"):
        tracer.goto("sideways")
    # coarse steps show a cover with all its hides done; fine ones stop at each hide
    hide = next(f for f in range(1, trace.frames) if trace.event(f - 1).kind == "hide")
    tracer.frame = hide - 1  # the cover, announced
    stop = tracer.goto("step")
    assert stop >= hide and trace.head(stop) == hide - 1 and trace.kind_at(stop + 1) not in ("hide", "unhide")
    tracer.fine, tracer.frame = True, hide - 1
    assert tracer.goto("step") == hide
    both = Tracer(abel_land.problem, "naive", compare="sticker")
    assert [p["engine"] for p in both._payloads] == ["naive", "sticker"]
    assert both.summary() == (
        f"Tracer: {trace.frames:,} frames of the naive search beside "
        f"{both.traces[1].frames:,} frames of the sticker search"
    )
    with pytest.raises(ProblemError, match="another engine"):
        Tracer(abel_land.problem, "naive", compare="naive")


def test_tracer_outside_a_widget_front_end(abel_land):
    tracer = Tracer(abel_land.problem, "naive", ws=abel_land)
    data, _ = tracer._repr_mimebundle_()
    assert data["text/plain"] == f"Tracer: {tracer.trace.frames:,} frames of the naive search; run the cell to play"
    assert [p["title"] for p in tracer._payloads] == ["naive Algorithm C (double-purify bug)"]
    assert data["image/png"].startswith(b"\x89PNG")
    assert "model_id" in data["application/vnd.jupyter.widget-view+json"]
    small = Tracer(abel_land.problem, "naive", max_events=100)
    assert "stopped after 100 events" in small.summary()


def test_tracer_page_carries_the_module_and_data(abel_land, tmp_path):
    tracer = Tracer(abel_land.problem, "sticker")
    page = tmp_path / "player.html"
    tracer.save_html(page)
    text = page.read_text()
    assert 'type="application/vnd.wordcover.player+json"' in text and "mountAll(document);" in text
    assert "export class Playback" in text and 'from "./playback.js"' not in text
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")  # nothing fetched from a network


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
    assert puzzle.buttons[r0][c0].style.button_color == PICKED
    puzzle.buttons[r0][c0].click()  # the same cell again cancels the selection
    assert puzzle.first is None and puzzle.status.value.startswith("selection cancelled")
    assert puzzle.buttons[r0][c0].style.button_color == UNFOUND
    puzzle.buttons[r0][c0].click()
    puzzle.buttons[r1][c1].click()
    assert target.word in puzzle.found and f"<s>{target.word}</s>" in puzzle.word_list.value
    assert puzzle.status.value == f"found {target.word}! 3 to go"
    assert all(puzzle.buttons[r][c].style.button_color != "#f4f4f4" for r, c in target.cells)
    puzzle.buttons[0][0].click()
    puzzle.buttons[1][2].click()  # not a straight line
    assert puzzle.status.value == "not a straight line; try again" and puzzle.first is None
    other = puzzle.puzzle.placements[2]  # from the last letter back to the first: found too
    puzzle.buttons[other.cells[-1][0]][other.cells[-1][1]].click()
    puzzle.buttons[other.cells[0][0]][other.cells[0][1]].click()
    assert puzzle.status.value == f"found {other.word}! 2 to go"
    puzzle.buttons[other.cells[0][0]][other.cells[0][1]].click()
    puzzle.buttons[other.cells[-1][0]][other.cells[-1][1]].click()
    assert puzzle.status.value == f"{other.word} is already found"
    puzzle.reveal_button.click()
    assert set(puzzle.found) == set(puzzle.puzzle.words)
    old = puzzle.puzzle.grid
    puzzle.new_button.click()
    assert puzzle.seed == 2 and puzzle.found == {} and puzzle.puzzle.grid != old
    assert [b.description for b in puzzle.buttons[0]] == list(puzzle.puzzle.grid[0])


def test_find_puzzle_carries_a_still_picture_for_pages_that_cannot_draw_it():
    """Beside the widget, a PNG of the puzzle and a line of text (not the VBox repr), for a page with no widget
    state; the picture marks no word until one is found, then the words found."""
    puzzle = FindPuzzle(["ABEL", "CANTOR", "GAUSS", "EULER"], 6, 6, seed=1)
    data = puzzle._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == puzzle.widget.model_id
    assert data["image/png"].startswith(b"\x89PNG") and "VBox(" not in data["text/plain"]
    assert data["text/plain"] == "FindPuzzle: puzzle 1, 6 x 6, find ABEL CANTOR EULER GAUSS; run the cell to play"
    still = puzzle.still().caption
    assert still.startswith("puzzle 1: find ABEL, CANTOR, EULER and GAUSS: ") and "marked" not in still  # no answers
    puzzle.reveal()
    marked = puzzle.still().caption.split("marked: ")[1].split(";")[0]
    assert sorted(marked.split(", ")) == sorted(puzzle.puzzle.words)


def _rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour[k : k + 2], 16) for k in (1, 3, 5))


def test_found_colours_stay_apart_from_each_other_and_from_unfound_cells():
    # the smallest distance between any two (sum of channel differences) is far above a barely-visible step
    colours = [*FOUND_COLOURS, UNFOUND]
    gaps = [sum(abs(a - b) for a, b in zip(_rgb(x), _rgb(y))) for i, x in enumerate(colours) for y in colours[i + 1 :]]
    assert len(set(FOUND_COLOURS)) == 12 and min(gaps) >= 40
    assert all(sum(_rgb(c)) / 3 > 110 for c in FOUND_COLOURS)  # light enough for black letters


def test_summary_speaks_of_each_traces_own_state(abel_land):
    # the sticker search takes 2,243 events and the naive one 2,376: a limit of 2,300 cuts only the compared one
    tracer = Tracer(abel_land.problem, "sticker", compare="naive", max_events=2300)
    lead, other = tracer.traces
    assert lead.complete and not other.complete and other.frames == 2301
    sticker_part, naive_part = tracer.summary().removeprefix("Tracer: ").split(" beside ")
    assert sticker_part == f"{lead.frames:,} frames of the sticker search"
    assert naive_part.startswith("2,301 frames of the naive search (stopped after 2,300 events (")
    assert "solutions past here are not shown; raise max_events or trace a smaller problem" in naive_part


def test_the_board_is_read_from_the_models_own_cell_names(abel_land):
    from wordcover.widgets import board_of
    from wordcover.word_search import cell_name, cell_of

    assert all(cell_of(cell_name(r, c)) == (r, c) for r in range(12) for c in range(12))
    assert [cell_of(name) for name in ("r01c3", "rc3", "r1c", "ABEL", "r1c2c3")] == [None] * 5
    board = board_of(abel_land.problem)
    assert (board["rows"], board["cols"], len(board["cells"])) == (4, 4, 16) and board["cells"]["r2c3"] == [2, 3]


def test_a_static_player_may_limit_its_legend_and_rows(abel_land):
    """player_state passes a page's legend and rows to the player, refusing what the player would refuse; its legend's
    entries are the player's own (player.js's LEGEND, read by Node where it is installed)."""
    import json
    import pathlib
    import shutil
    import subprocess

    from wordcover.playback import record_writes
    from wordcover.widgets import LEGEND, player_state

    payload = record_writes(abel_land.problem, "naive", max_events=200).payload()
    count = len(payload["labels"])
    assert player_state([payload])["options"] == {"frame": 0, "fine": False, "scale": 1.0}  # nothing limited
    state = player_state([payload], 5, legend=["linked", "drift"], rows=[count - 1, 0], row_numbers=True)
    assert state["options"] == {
        "frame": 5, "fine": False, "scale": 1.0, "legend": ["linked", "drift"], "rows": [count - 1, 0],
        "rowNumbers": True,
    }  # fmt: skip
    assert player_state([payload], legend=[])["options"]["legend"] == []
    with pytest.raises(ProblemError, match="unknown legend entries"):
        player_state([payload], legend=["linked", "sticker (COLOR -1)"])
    for rows in ([count], [-1], [1, 1]):
        with pytest.raises(ProblemError, match=f"rows must be distinct options 0 to {count - 1}"):
            player_state([payload], rows=rows)
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed: the legend's entries not compared with player.js's")
    player = pathlib.Path(__file__).resolve().parents[1] / "lib" / "wordcover" / "static" / "player.js"
    script = f"import({json.dumps(player.as_uri())}).then((m) => console.log(JSON.stringify(m.LEGEND)))"
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    assert tuple(json.loads(out.stdout)) == LEGEND


def test_a_tracer_may_draw_only_some_rows_and_legend_entries_in_the_page_and_in_its_picture(abel_land):
    """06's player is about three options of 32: Tracer(rows=, legend=) hands them to the page (the widget's _view,
    the saved page's options) and crops the picture shown without a widget front end to those rows."""
    rows, legend = [0, 27, 31], ["linked", "chosen", "hidden", "purified", "sticker"]
    tracer = Tracer(abel_land.problem, "naive", compare="sticker", ws=abel_land, rows=rows, legend=legend)
    assert tracer._view == {"rows": rows, "legend": legend}
    options = tracer.state()["options"]
    assert options["rows"] == rows and options["legend"] == legend and "rowNumbers" not in options
    tracer.goto("next-double-purify")
    assert tracer.state()["options"]["frame"] == tracer.frame
    # the still picture shown without a widget front end is the matrix of those rows, as views.frame_picture crops it
    shown = tracer._repr_mimebundle_()[0]["image/png"]
    assert shown == tracer.picture(options=rows) != tracer.picture()
    assert tracer.frame_picture(rows).svg().count("<text") < tracer.frame_picture().svg().count("<text")
    plain = Tracer(abel_land.problem, "naive", max_events=50)
    assert plain._view == {} and "rows" not in plain.state()["options"]
    with pytest.raises(ProblemError, match="rows must be distinct options 0 to 31"):
        Tracer(abel_land.problem, "naive", max_events=50, rows=[32])
    with pytest.raises(ProblemError, match="unknown legend entries"):
        Tracer(abel_land.problem, "naive", max_events=50, legend=["stuck"])


def test_the_static_export_keeps_the_rows_and_legend_a_tracer_was_made_with(abel_land):
    """export.py turns a saved Tracer into a static player: the page must draw the rows and legend entries the
    notebook asked for (06 draws options 0, 27 and 31), not the whole matrix."""
    import json
    import pathlib
    import sys

    import nbformat

    tools = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "tools"
    sys.path.insert(0, str(tools))
    try:
        import export
    finally:
        sys.path.remove(str(tools))
    tracer = Tracer(abel_land.problem, "naive", max_events=200, rows=[0, 27, 31], legend=["linked", "hidden"])
    model = {"_payloads": tracer._payloads, "frame": 3, "fine": False, "scale": 1.0, "_view": tracer._view}
    cell = nbformat.v4.new_code_cell("tracer")
    cell.outputs = [nbformat.v4.new_output("display_data", data={export.WIDGET_VIEW: {"model_id": "m"}})]
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb.metadata["widgets"] = {export.WIDGET_STATE: {"state": {"m": {"state": model}}}}
    assert export.static_outputs(nb) == 1
    fragment = cell.outputs[0]["data"]["text/html"]
    state = json.loads(fragment.split('">', 2)[-1].removesuffix("</script>").replace("<\\/", "</"))
    assert state["options"] == {"frame": 3, "fine": False, "scale": 1.0, "rows": [0, 27, 31],
                                "legend": ["linked", "hidden"]}  # fmt: skip


def test_the_static_export_keeps_a_widget_s_own_still_picture_above_its_note():
    import pathlib
    import sys

    import nbformat

    tools = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "tools"
    sys.path.insert(0, str(tools))
    try:
        import export
    finally:
        sys.path.remove(str(tools))
    with_picture = nbformat.v4.new_output(
        "display_data", data={export.WIDGET_VIEW: {"model_id": "a"}, "image/png": "UE5H"}
    )
    without = nbformat.v4.new_output(
        "display_data", data={export.WIDGET_VIEW: {"model_id": "b"}, "text/plain": "VBox(...)"}
    )
    cell = nbformat.v4.new_code_cell("puzzle")
    cell.outputs = [with_picture, without]
    nb = nbformat.v4.new_notebook(cells=[cell])
    assert export.static_outputs(nb) == 0
    page = cell.outputs[0]["data"]["text/html"]
    assert page.index('src="data:image/png;base64,UE5H"') < page.index("open the notebook in JupyterLab")
    assert cell.outputs[1]["data"] == {"text/plain": export.NEEDS_KERNEL}


def test_a_picture_s_caption_is_the_static_page_s_alt_text():
    """A picture shown in a cell carries its caption to the saved output, and the exported page writes it as the
    image's alt text: a reader without the picture (a screen reader, a page with images off) still has the words."""
    import pathlib
    import sys

    import nbformat

    tools = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "tools"
    sys.path.insert(0, str(tools))
    try:
        import export
        from execute import run
    finally:
        sys.path.remove(str(tools))
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "%matplotlib inline\nfrom wordcover.views import grid_figure\ngrid_figure(['AB', 'CD'])"
            ),
            nbformat.v4.new_code_cell(
                "from matplotlib.figure import Figure\nFigure(figsize=(1, 1)).add_subplot().figure"
            ),
        ]
    )
    run(nb)
    captioned, plain = (cell.outputs[-1] for cell in nb.cells)
    alt = captioned.metadata["image/png"]["alt"]
    assert alt.startswith("a word-search grid of 2 rows and 2 columns") and "image/png" in captioned.data
    assert "image/png" not in plain.get("metadata", {})  # a figure of the learner's own gets no made-up words
    exporter = export.HTMLExporter(template_name="export_template", extra_template_basedirs=[str(tools)])
    page, _ = exporter.from_notebook_node(nb, resources={"wordcover_nav": "", "wordcover_script": ""})
    assert page.count("<img ") == 2
    assert f'alt="{export.html.escape(alt)}"' in page
