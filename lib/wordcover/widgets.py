"""Interactive widgets (ipywidgets) on top of the views: tracer, counter inspector, click-to-find puzzle.

Every widget keeps its state in plain attributes and draws into fixed-size
areas, so a page does not jump while frames change, and so tests can drive it
headless by setting values and calling the click handlers.
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets

from .dancing_links import DancingLinks
from .generator import make_puzzle
from .inspection import Snapshot
from .problem import Problem
from .tracing import Trace, record
from .views import frame_figure, word_colours
from .word_search import DIRECTIONS

FOUND_COLOURS = ["#{:02x}{:02x}{:02x}".format(*(int(255 * (0.55 + 0.45 * v)) for v in c[:3])) for c in word_colours(20)]


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=72)
    return buffer.getvalue()


def counter_table(snapshot: Snapshot) -> str:
    """An HTML table of every item's LEN beside its real length, drifts highlighted."""
    rows = []
    for s in snapshot.items:
        style = ' style="background:#f8d0d0;font-weight:bold"' if s.drift else ""
        state = "active" if s.active else "covered"
        rows.append(
            f"<tr{style}><td>{html.escape(s.name)}</td><td>{s.len}</td><td>{s.actual}</td>"
            f"<td>{s.drift:+d}</td><td>{state}</td></tr>"
        )
    drifted = sum(1 for s in snapshot.items if s.drift)
    caption = f"{drifted} item(s) with LEN &ne; real length" if drifted else "every LEN is right"
    return (
        "<table class='wordcover-counters' style='font-size:11px;border-collapse:collapse'>"
        f"<caption style='text-align:left'>{caption}</caption>"
        "<tr><th>item</th><th>LEN</th><th>real</th><th>drift</th><th>state</th></tr>" + "".join(rows) + "</table>"
    )


class CounterInspector:
    """A table of items with LEN and real counts; alone on an engine, or fed snapshots by a tracer."""

    def __init__(self, engine: DancingLinks | None = None, height: str = "260px") -> None:
        self.engine = engine
        self.snapshot: Snapshot | None = None
        self.html = widgets.HTML(layout=widgets.Layout(height=height, overflow="auto", width="330px"))
        self.widget = widgets.VBox([widgets.HTML("<b>Counters</b>"), self.html])
        if engine is not None:
            self.update(engine.snapshot())

    def update(self, snapshot: Snapshot) -> None:
        """Show the counters of one snapshot."""
        self.snapshot = snapshot
        self.html.value = counter_table(snapshot)

    def refresh(self) -> None:
        """Show the engine's counters as they are now."""
        if self.engine is None:
            raise ValueError("this inspector has no engine of its own; it is updated by a tracer")
        self.update(self.engine.snapshot())

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


class Tracer:
    """Play, scrub, step and go back through a recorded search; optionally naive beside sticker."""

    def __init__(self, problem: Problem, engine: str = "sticker", ws=None, max_frames: int = 5000, kinds=None) -> None:
        self.problem, self.ws, self.engine = problem, ws, engine
        self.max_frames, self.kinds = max_frames, kinds
        self.traces: dict[str, Trace] = {engine: record(problem, engine, max_frames, kinds)}
        trace = self.trace
        last = max(len(trace) - 1, 0)
        self.play = widgets.Play(min=0, max=last, value=0, interval=600, description="play")
        self.slider = widgets.IntSlider(
            min=0, max=last, value=0, description="frame", continuous_update=False, layout=widgets.Layout(width="420px")
        )
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.speed = widgets.IntSlider(
            min=100, max=2000, step=100, value=600, description="ms/frame", layout=widgets.Layout(width="260px")
        )
        widgets.jslink((self.speed, "value"), (self.play, "interval"))
        self.step_button = widgets.Button(description="Step ▶", layout=widgets.Layout(width="80px"))
        self.back_button = widgets.Button(description="◀ Back", layout=widgets.Layout(width="80px"))
        self.step_button.on_click(lambda _: self.step(1))
        self.back_button.on_click(lambda _: self.step(-1))
        self.compare = widgets.ToggleButton(
            value=False, description="naive beside sticker", layout=widgets.Layout(width="170px")
        )
        self.compare.observe(lambda _: self.show(), "value")
        self.status = widgets.HTML(layout=widgets.Layout(width="700px"))
        self.images = [
            widgets.Image(format="png", layout=widgets.Layout(width="880px", height="500px")) for _ in range(2)
        ]
        self.log = widgets.HTML(layout=widgets.Layout(height="180px", width="540px", overflow="auto"))
        self.inspector = CounterInspector()
        self.slider.observe(lambda change: self._moved(change["new"]), "value")
        controls = widgets.HBox([self.play, self.back_button, self.step_button, self.slider, self.speed, self.compare])
        self.pictures = widgets.HBox([self.images[0]])
        self.widget = widgets.VBox(
            [controls, self.status, self.pictures, widgets.HBox([self.log, self.inspector.widget])]
        )
        self.show()

    @property
    def trace(self) -> Trace:
        return self.traces[self.engine]

    @property
    def frame(self) -> int:
        return self.slider.value

    def _trace_of(self, engine: str) -> Trace:
        if engine not in self.traces:
            self.traces[engine] = record(self.problem, engine, self.max_frames, self.kinds)
        return self.traces[engine]

    def _moved(self, value: int) -> None:
        self.play.value = value  # keep Play in step, so the browser-side link agrees from the first render
        self.show()

    def step(self, delta: int) -> None:
        """Move by ``delta`` frames, staying inside the trace."""
        self.slider.value = min(max(self.slider.value + delta, self.slider.min), self.slider.max)

    def show(self) -> None:
        """Draw the current frame (both engines when comparing)."""
        k = self.slider.value
        engines = [self.engine]
        if self.compare.value:
            engines = ["naive", "sticker"]
            self.pictures.children = tuple(self.images)
            for image in self.images:
                image.layout.width = "560px"
        else:
            self.pictures.children = (self.images[0],)
            self.images[0].layout.width = "880px"
        lines = []
        for image, name in zip(self.images, engines):
            trace = self._trace_of(name)
            j = min(k, len(trace) - 1)
            if j < 0:
                continue
            image.value = _png(frame_figure(trace, j, self.ws))
            frame = trace.frames[j]
            lines.append(f"<b>{name}</b> frame {j} of {len(trace) - 1}: {html.escape(frame.text)}")
            if name == engines[-1]:
                self.inspector.update(frame.snapshot)
                start = max(0, j - 14)
                entries = [
                    ("<b>" if i == j else "") + f"{i}: {html.escape(trace.frames[i].text)}" + ("</b>" if i == j else "")
                    for i in range(start, j + 1)
                ]
                self.log.value = "<div style='font-family:monospace;font-size:11px'>" + "<br>".join(entries) + "</div>"
        self.status.value = "<br>".join(lines) + f"<br><i>{html.escape(self.trace.message)}</i>"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def _line(first: tuple[int, int], last: tuple[int, int]) -> list[tuple[int, int]] | None:
    """The cells from first to last along one of the 8 directions, or None."""
    dr, dc = last[0] - first[0], last[1] - first[1]
    steps = max(abs(dr), abs(dc))
    if steps == 0 or (dr and dc and abs(dr) != abs(dc)):
        return None
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    if (sr, sc) not in DIRECTIONS.values():
        return None
    return [(first[0] + sr * k, first[1] + sc * k) for k in range(steps + 1)]


class FindPuzzle:
    """A word search to play: click the first and the last letter of a word."""

    def __init__(self, words, rows: int = 10, cols: int = 10, seed: int = 0, difficulty: str = "medium") -> None:
        self.words_in, self.rows, self.cols, self.difficulty = list(words), rows, cols, difficulty
        cell = widgets.Layout(width="34px", height="34px", padding="0px")
        self.buttons = [[widgets.Button(description="", layout=cell) for _ in range(cols)] for _ in range(rows)]
        for r in range(rows):
            for c in range(cols):
                self.buttons[r][c].on_click(lambda _, r=r, c=c: self.pick(r, c))
        self.board = widgets.GridBox(
            [b for row in self.buttons for b in row],
            layout=widgets.Layout(grid_template_columns=f"repeat({cols}, 36px)"),
        )
        self.word_list = widgets.HTML(layout=widgets.Layout(width="200px"))
        self.status = widgets.HTML(layout=widgets.Layout(width="420px"))
        self.reveal_button = widgets.Button(description="Reveal")
        self.new_button = widgets.Button(description="New puzzle")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.new_button.on_click(lambda _: self.new(self.seed + 1))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.board, self.word_list]),
                self.status,
                widgets.HBox([self.reveal_button, self.new_button]),
            ]
        )
        self.new(seed)

    def new(self, seed: int) -> None:
        """Draw a new puzzle from ``seed``."""
        self.seed = seed
        self.puzzle = make_puzzle(self.rows, self.cols, self.words_in, seed=seed, difficulty=self.difficulty)
        self.found: dict[str, list[tuple[int, int]]] = {}
        self.first: tuple[int, int] | None = None
        for r, row in enumerate(self.puzzle.grid):
            for c, letter in enumerate(row):
                self.buttons[r][c].description = letter
        self._paint()
        self.status.value = f"puzzle {seed}: find {len(self.puzzle.words)} words"

    def pick(self, r: int, c: int) -> None:
        """A click on cell (r, c): the first letter, or the last one of a word."""
        if self.first is None:
            self.first = (r, c)
            self._paint()
            self.status.value = f"from {self.puzzle.grid[r][c]} at ({r},{c})... now click the last letter"
            return
        cells = _line(self.first, (r, c))
        self.first = None
        text = "".join(self.puzzle.grid[a][b] for a, b in cells) if cells else ""
        if cells and text in self.puzzle.words and text not in self.found:
            self.found[text] = cells
            left = len(self.puzzle.words) - len(self.found)
            self.status.value = f"found {text}! " + (f"{left} to go" if left else "all words found")
        else:
            self.status.value = "no list word there; try again" if cells else "not a straight line; try again"
        self._paint()

    def reveal(self) -> None:
        """Show the answer key: every word marked."""
        for p in self.puzzle.placements:
            self.found.setdefault(p.word, list(p.cells))
        self.first = None
        self._paint()
        self.status.value = "the answer key"

    def _paint(self) -> None:
        colour_of = {}
        for k, word in enumerate(self.puzzle.words):
            for cell in self.found.get(word, ()):
                colour_of[cell] = FOUND_COLOURS[k % len(FOUND_COLOURS)]
        for r in range(self.rows):
            for c in range(self.cols):
                b = self.buttons[r][c]
                b.style.button_color = "#ffd54f" if self.first == (r, c) else colour_of.get((r, c), "#f4f4f4")
        items = [f"<s>{w}</s>" if w in self.found else w for w in sorted(self.puzzle.words)]
        self.word_list.value = "<div style='font-family:monospace;line-height:1.6'>" + "<br>".join(items) + "</div>"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
