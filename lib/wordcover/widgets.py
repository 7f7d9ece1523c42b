"""Interactive widgets (ipywidgets) on top of the views: tracer, counter inspector, click-to-find puzzle.

Every widget keeps its state in plain attributes and draws into fixed-size
areas, so a page does not jump while frames change, and so tests can drive it
headless by setting values and calling the click handlers.

The widgets need ipywidgets and anywidget; matplotlib only for a PNG of a frame (:meth:`Tracer.picture`), so the
player records, plays and saves its page where matplotlib and numpy are missing (a Python in the browser), and
outside a widget front end shows its frame as SVG there (:meth:`Tracer.svg`).
"""

from __future__ import annotations

import functools
import html
import io
import json
import re
from importlib import resources
from typing import TYPE_CHECKING

from .errors import ExtraNeeded, ProblemError

try:
    import anywidget
    import ipywidgets as widgets
    import traitlets
except ImportError as err:
    raise ExtraNeeded("a widget", "notebooks", err.name or "ipywidgets and anywidget") from None

from .atomic_file import write_file
from .dancing_links import DancingLinks
from .generator import make_puzzle
from .inspection import Snapshot
from .playback import DEFAULT_MAX_EVENTS, WriteTrace, record_writes
from .problem import Problem
from .views.colours import word_colours
from .word_search import DIRECTIONS, cell_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .views.picture import Picture

UNFOUND = "#f4f4f4"  # a cell no found word covers
PICKED = "#333333"  # the first letter clicked (white text on it)


def _lighter(colour: str, towards_white: float = 0.45) -> str:
    """A hex colour mixed with white, light enough for black letters on it."""
    rgb = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * towards_white):02x}" for v in rgb)


FOUND_COLOURS = [_lighter(c) for c in word_colours(12)]


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


@functools.cache
def player_module() -> str:
    """The player as one ES module: the logic (playback.js) and the views (player.js) joined."""
    folder = resources.files("wordcover") / "static"
    logic = (folder / "playback.js").read_text(encoding="utf-8")
    views = (folder / "player.js").read_text(encoding="utf-8")
    views = re.sub(r'^import \{[^}]*\} from "\./playback\.js";\n', "", views, flags=re.M)
    return logic + "\n" + views


def board_of(problem: Problem) -> dict | None:
    """The grid of a word-search problem, from its cell items (``word_search.cell_of``; None if it has none)."""
    cells = {}
    for name in problem.secondary:
        place = cell_of(name)
        if place is not None:
            cells[name] = list(place)
    if not cells:
        return None
    return {
        "rows": 1 + max(r for r, _ in cells.values()),
        "cols": 1 + max(c for _, c in cells.values()),
        "cells": cells,
    }


PLAYER_MIME = "application/vnd.wordcover.player+json"


# the player's legend entries, in its order (player.js's LEGEND): the node states of wordcover.analysis, then the
# marks drawn on them (a sticker, a LEN that differs from the nodes linked, a pointer just written)
LEGEND = (
    "linked",
    "chosen",
    "chosen-off",
    "hidden",
    "purified",
    "twice",
    "stranded",
    "early",
    "sticker",
    "drift",
    "written",
)


def view_options(
    payloads, legend: Sequence[str] | None = None, rows: Sequence[int] | None = None, row_numbers: bool = False
) -> dict:
    """The player's drawing options, checked: ``legend`` limits the legend to these entries (of :data:`LEGEND`),
    and a mark left out of it (the sticker, the drift row, the pointers just written) is not drawn either, so a
    page can leave out what its reader has not met yet; ``rows`` draws only these option rows, in this order;
    ``row_numbers`` labels each row by its option's number alone."""
    options: dict = {}
    if legend is not None:
        unknown = [key for key in legend if key not in LEGEND]
        if unknown:
            raise ProblemError(f"unknown legend entries {unknown}; the player knows {list(LEGEND)}")
        options["legend"] = list(legend)
    if rows is not None:
        count = min(len(payload["labels"]) for payload in payloads)
        rows = [int(o) for o in rows]
        if len(set(rows)) != len(rows) or any(not 0 <= o < count for o in rows):
            raise ProblemError(f"rows must be distinct options 0 to {count - 1}: {rows}")
        options["rows"] = rows
    if row_numbers:
        options["rowNumbers"] = True
    return options


def player_state(
    payloads,
    frame: int = 0,
    fine: bool = False,
    scale: float = 1.0,
    *,
    legend: Sequence[str] | None = None,
    rows: Sequence[int] | None = None,
    row_numbers: bool = False,
) -> dict:
    """The JSON a static page carries for one player (each payload names its own engine and title); ``legend``,
    ``rows`` and ``row_numbers`` as :func:`view_options` takes them."""
    payloads = list(payloads)
    options: dict = {"frame": frame, "fine": fine, "scale": scale}
    options |= view_options(payloads, legend, rows, row_numbers)
    return {"payloads": payloads, "options": options}


def static_fragment(state: dict, fallback: str = "") -> str:
    """The HTML for one player in a static page: its data, and what shows until the script runs."""
    data = json.dumps(state, separators=(",", ":")).replace("</", "<\\/")
    return f'<div class="wordcover-fallback">{fallback}</div><script type="{PLAYER_MIME}">{data}</script>'


def page_script() -> str:
    """The one script a static page needs: the player module, inline (file:// pages cannot import modules)."""
    code = player_module().replace("</script", "<\\/script")
    return f'<script type="module">\n{code}\nmountAll(document);\n</script>'


def standalone_page(states, title: str = "wordcover player") -> str:
    """A whole HTML page holding the given players."""
    body = "\n".join(static_fragment(state) for state in states)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"</head><body>\n{body}\n{page_script()}\n</body></html>\n"
    )


PICTURE_LINKS = 12  # options: up to this many, the picture of a frame draws the four-way links


class Tracer(anywidget.AnyWidget):
    """A Dancing Links player drawn in the browser from a search recorded once in the kernel.

    ``Tracer(problem, "naive")`` plays one search; ``compare="sticker"`` shows a second
    engine beside it, aligned by search path. ``frame`` (readable and settable) stays in
    step with the page; ``goto("next-double-purify")`` jumps as the page's buttons do.
    Outside a widget front end it shows a picture of its current frame. ``rows``, ``legend`` and ``row_numbers``
    (see :func:`view_options`) draw only some option rows and legend entries, in the page and in that picture.

    >>> from wordcover import WordSearch
    >>> abel_land = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    >>> Tracer(abel_land.problem, "naive", compare="sticker", ws=abel_land).summary()
    'Tracer: 2,377 frames of the naive search beside 2,244 frames of the sticker search'
    """

    _esm = traitlets.Unicode("").tag(sync=True)
    _payloads = traitlets.List(traitlets.Dict()).tag(sync=True)
    frame = traitlets.Int(0).tag(sync=True)
    fine = traitlets.Bool(False).tag(sync=True)  # stop at every hide, unhide and sticker, not only at search steps
    scale = traitlets.Float(1.0).tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)  # the drawing options, fixed when the player is made (view_options)

    def __init__(
        self,
        problem: Problem,
        engine: str = "sticker",
        compare: str | None = None,
        ws=None,
        max_events: int = DEFAULT_MAX_EVENTS,
        frame: int = 0,
        fine: bool = False,
        scale: float = 1.0,
        *,
        rows: Sequence[int] | None = None,
        legend: Sequence[str] | None = None,
        row_numbers: bool = False,
    ) -> None:
        if not isinstance(problem, Problem):
            raise ProblemError(f"Tracer needs a Problem, got {type(problem).__name__}")
        if compare == engine:
            raise ProblemError(f"compare with another engine than {engine!r} itself")
        self.problem, self.ws = problem, ws
        self.engines = [engine] if compare is None else [engine, compare]
        self.traces = [record_writes(problem, name, max_events) for name in self.engines]
        board = board_of(problem)
        payloads = [
            t.payload(board, beside=self.traces[1] if k == 0 and compare else None) for k, t in enumerate(self.traces)
        ]
        view = view_options(payloads, legend, rows, row_numbers)
        self.rows = view.get("rows")
        super().__init__(_esm=player_module(), _payloads=payloads, frame=frame, fine=fine, scale=scale, _view=view)

    @property
    def trace(self) -> WriteTrace:
        """The recorded search that leads (the first engine)."""
        return self.traces[0]

    @traitlets.validate("frame")
    def _valid_frame(self, proposal):
        value = proposal["value"]
        if hasattr(self, "traces") and not 0 <= value < self.trace.frames:
            raise traitlets.TraitError(f"frame must be between 0 and {self.trace.frames - 1}, got {value}")
        return value

    @traitlets.validate("scale")
    def _valid_scale(self, proposal):
        if not 0.25 <= proposal["value"] <= 4:
            raise traitlets.TraitError(f"scale must be between 0.25 and 4, got {proposal['value']}")
        return proposal["value"]

    def goto(self, where: int | str) -> int:
        """Go to a frame number, or take a jump or a step as the page's buttons do; return the frame.

        Jumps: next-choice, prev-choice, next-solution, next-purify, next-double-purify, first-drift;
        steps: step, back (at the granularity chosen by ``fine``). A jump with nowhere to go stays put.
        """
        if isinstance(where, bool) or not isinstance(where, (int, str)):
            raise ProblemError(f"goto takes a frame number or an action name, got {where!r}")
        if isinstance(where, int):
            self.frame = where
        elif where in ("step", "back"):
            self.frame = self.trace.neighbour(self.frame, 1 if where == "step" else -1, self.fine)
        else:
            target = self.trace.jump(where, self.frame, self.fine)
            if target >= 0:
                self.frame = target
        return self.frame

    def summary(self) -> str:
        """One line for a text console: what was recorded and how to play it."""
        parts = [
            f"{t.frames:,} frames of the {t.engine} search" + ("" if t.complete else f" ({t.message})")
            for t in self.traces
        ]  # each trace speaks of its own state: the compared one may be the one cut short
        return f"Tracer: {' beside '.join(parts)}"

    def __repr__(self) -> str:
        return f"{self.summary()}; run the cell to play"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs) or ({}, {})
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = repr(self)
        try:
            data["image/png"] = self.picture(options=self.rows)
        except ExtraNeeded:  # no matplotlib: the same picture as SVG
            data["image/svg+xml"] = self.svg(self.rows)
        return data, metadata

    def state(self) -> dict:
        """What a static page needs to show this player: the traces and the settings."""
        return {
            "payloads": list(self._payloads),
            "options": {"frame": self.frame, "fine": self.fine, "scale": self.scale, **self._view},
        }

    def save_html(self, path) -> None:
        """Write the player as one page that plays with no kernel and no network (whole, or not at all)."""
        write_file(path, standalone_page([self.state()], title=self.summary()))

    def frame_picture(self, options: Sequence[int] | None = None) -> Picture:
        """The current frame described once (a :class:`~wordcover.views.picture.Picture`, pure Python), for places
        with no widget front end (GitHub, an unrun notebook).

        A small problem (at most ``PICTURE_LINKS`` options) is drawn as Knuth draws the links, as ``draw_links``
        draws them with ``numbers=True, wrap="edge"``: each item's list a column with its ULINK and DLINK, every
        node numbered, each circle closed by short arrows at its ends; a larger one as the matrix. Either way each
        node is drawn in the state the analysis of the recording gives it, as the player draws it. ``options``
        draws the matrix with those rows only (``views.frame_picture``'s crop), whatever the problem's size. Side
        by side, the second engine's panel shows the frame the player shows beside this one (the first step of the
        timeline at this frame).
        """
        from .views.links import frame_picture, links_picture

        panels = [(self.trace, self.frame)]
        note = ""
        if len(self.traces) > 1:
            frame, note = self.beside()
            panels.append((self.traces[1], frame))
        beside = panels[1] if len(panels) > 1 else None
        if beside is not None and options is not None:  # two searches on a few rows: the compact still
            return side_by_side_still(panels[0], beside, options, note)
        if options is None and len(self.problem.options) <= PICTURE_LINKS:
            titles = [f"{t.engine}: frame {f} (frames 0 to {t.frames - 1:,})\n{t.describe_stop(f)}" for t, f in panels]
            if note:
                titles[1] = titles[1].replace("\n", f"\n{note}\n", 1)
            return links_picture(self.trace, [self.frame], titles=titles, width=5.2, beside=beside, numbers=True,
                                 wrap="edge")  # fmt: skip
        picture = frame_picture(self.trace, self.frame, self.ws, beside=beside, options=options)
        if note:  # the second panel's title says which step of the lead's it stands beside
            panel = picture.panels[1]
            panel.title = panel.title.replace("\n", f"\n{note}\n", 1)
        return picture

    @functools.cached_property
    def _timeline(self):
        from .analysis import align

        return align(*self.traces)

    def beside(self) -> tuple[int, str]:
        """With a second engine: its frame that the player shows beside the current one (the first step of their
        timeline at this frame), and a line that says so and whether it waits there while the first engine takes
        its step alone."""
        from .analysis import WHO

        if len(self.traces) < 2:
            raise ProblemError("beside needs a player made with compare=")
        timeline, lead = self._timeline, self.trace
        step = next(t for t in range(len(timeline)) if timeline.lead[t] == self.frame)
        who = WHO[timeline.who[step]] if step > 0 else "both"
        if who == "both":
            note = f"beside {lead.engine} frame {self.frame}: the same step"
        else:
            note = f"beside {lead.engine} frame {self.frame}: waiting, the {lead.engine} search takes this step alone"
        return timeline.other[step], note

    def figure(self, options: Sequence[int] | None = None):
        """The current frame's picture (:meth:`frame_picture`; its rows those the player was made with, unless
        ``options``) drawn by matplotlib, or the Picture itself where matplotlib is missing."""
        from .views._figure import figure_or_picture

        return figure_or_picture(self.frame_picture(self.rows if options is None else options))

    def svg(self, options: Sequence[int] | None = None) -> str:
        """The current frame's picture (:meth:`frame_picture`) as an SVG document: no matplotlib needed."""
        return self.frame_picture(options).svg()

    def picture(self, dpi: int = 100, options: Sequence[int] | None = None) -> bytes:
        """A PNG of the current frame's picture (:meth:`frame_picture`, ``options`` its rows of the matrix), drawn by
        matplotlib; without matplotlib it raises :class:`~wordcover.errors.ExtraNeeded` (:meth:`svg` draws the same
        picture without it)."""
        from .views._render_mpl import picture_figure  # matplotlib only when a PNG is asked for

        fig = picture_figure(self.frame_picture(options))
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
        return buffer.getvalue()


_OPTION_LABEL = re.compile(r"\(option (\d+): [^()]*(?:\([^()]*\)[^()]*)*\)")


def short_step(text: str) -> str:
    """A step's line with each option named by its number alone: 'L1 commit (option 27)'."""
    return _OPTION_LABEL.sub(r"(option \1)", text)


STILL_CELL = 0.46  # inches a node of the side-by-side still takes, across and down
STILL_TEXT = 12  # points: its titles, item names, counters and legend


def side_by_side_still(
    lead: tuple[WriteTrace, int], other: tuple[WriteTrace, int], options: Sequence[int], note: str = ""
) -> Picture:
    """Two searches' frames side by side on a few option rows: each panel only the items those rows use, titled in
    one line (engine, frame, the step it shows; the second '(waits)' when the first takes its step alone), one legend
    under both."""
    from .views.links import (
        MARKED,
        STICKER_SHARE,
        _gids,
        box_entry,
        fit_columns,
        frame_states,
        matrix_node_size,
        matrix_panel,
        player_palette,
        state_legend,
    )
    from .views.picture import Legend, Panel, Picture, Rect

    problem = lead[0].problem
    rows = list(dict.fromkeys(int(k) for k in options))
    used = [i for i in problem.items if any(e.item == i for k in rows for e in problem.options[k])]
    left, gap, head, foot = 0.85, 0.9, 1.05, 0.85  # inches: row labels, between panels, above, legend below
    panel_w = len(used) * STILL_CELL
    size = (2 * (left + panel_w + gap), head + (len(rows) + 2.5) * STILL_CELL + foot)  # a gap right for the title
    picture = Picture(*size)
    matrices = []
    waits = "waiting" in note  # Tracer.beside: the first search takes this step alone
    for k, (recording, frame) in enumerate((lead, other)):
        x = left + k * (left + panel_w + gap)
        bounds = (x / size[0], foot / size[1], panel_w / size[0], 1 - (head + foot) / size[1])
        event = recording.event(frame - 1) if frame > 0 else None
        panel, _ = matrix_panel(
            problem,
            recording.snapshot_at(frame),
            states=frame_states(recording, frame),
            marked=event.option if event is not None else None,
            fontsize=STILL_TEXT,
            bounds=bounds,
            size=size,
            options=rows,
            max_items=len(used),
            row_size=STILL_TEXT - 1,
        )
        aside = " (waits)" if k == 1 and waits else (" (same step)" if k == 1 else "")
        panel.title = f"{recording.engine}, frame {frame}{aside}: {short_step(recording.describe_stop(frame))}"
        panel.title_size, panel.title_loc = STILL_TEXT, "left"
        picture.add_panel(panel)
        matrices.append(panel)
    drawn = {gid.split()[-1] for gid in _gids(matrices, "node ")}
    extra = []
    if any(isinstance(i, Rect) and i.edge == player_palette()["drift"] for m in matrices for i in m.items):
        extra.append(box_entry("LEN ≠ nodes linked", "#fde3d3", player_palette()["drift"], 1.5, STILL_TEXT))
    if any(isinstance(i, Rect) and i.face == MARKED for m in matrices for i in m.items):
        extra.append(box_entry("the option of the last event", MARKED, fontsize=STILL_TEXT))
    node_w, node_h = matrix_node_size(matrices[0], size)
    legend = state_legend(
        drawn,
        bool(_gids(matrices, "sticker ")),
        extra,
        fontsize=STILL_TEXT,
        sticker_size=STICKER_SHARE * min(node_w, node_h),
    )
    under = Panel((0.2 / size[0], 0.0, 1 - 0.4 / size[0], foot / size[1]), (0, 1), (0, 1), frame=False)
    columns = fit_columns(legend, (size[0] - 0.4) * 72, most=4)
    under.legend = Legend(
        legend.entries, legend.size, (0.5, 1.0), columns, "center", legend.handle_length, legend.column_spacing
    )
    picture.add_panel(under)
    picture.caption = (
        f"{lead[0].engine} search, frame {lead[1]}, beside the {other[0].engine} search's frame {other[1]}: the "
        f"matrix of options {', '.join(map(str, rows))} of {len(problem.options)}, on the items they use"
    )
    return picture


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
        if self.first == (r, c):  # a second click on the same letter takes the first one back
            self.first = None
            self._paint()
            self.status.value = "selection cancelled; click the first letter of a word"
            return
        cells = _line(self.first, (r, c))
        self.first = None
        text = "".join(self.puzzle.grid[a][b] for a, b in cells) if cells else ""
        word = text if text in self.puzzle.words else text[::-1]  # last letter to first reads it backwards
        if not cells:
            self.status.value = "not a straight line; try again"
        elif word in self.found:
            self.status.value = f"{word} is already found"
        elif word in self.puzzle.words:
            self.found[word] = cells
            left = len(self.puzzle.words) - len(self.found)
            self.status.value = f"found {word}! " + (f"{left} to go" if left else "all words found")
        else:
            self.status.value = "no list word there; try again"
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
                picked = self.first == (r, c)
                b.style.button_color = PICKED if picked else colour_of.get((r, c), UNFOUND)
                b.style.text_color = "white" if picked else "black"
        items = [f"<s>{w}</s>" if w in self.found else w for w in sorted(self.puzzle.words)]
        self.word_list.value = "<div style='font-family:monospace;line-height:1.6'>" + "<br>".join(items) + "</div>"

    def __repr__(self) -> str:
        words = " ".join(sorted(self.puzzle.words))
        return f"FindPuzzle: puzzle {self.seed}, {self.rows} x {self.cols}, find {words}; run the cell to play"

    def still(self) -> Picture:
        """The puzzle as the widget shows it now, as a still picture for pages with no widget front end (GitHub,
        nbviewer, nbconvert's HTML): the grid with its rows and columns numbered, the words found so far marked
        (none at first, so no answers), and the words to find in the title."""
        from .views.grids import grid_picture

        found = [p for p in self.puzzle.placements if p.word in self.found]
        words = sorted(self.puzzle.words)
        listed = f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else words[0]
        return grid_picture(self.puzzle.grid, found, size=4, numbers=True, title=f"puzzle {self.seed}: find {listed}")

    def _repr_mimebundle_(self, **kwargs):
        """The widget for a front end that draws widgets; beside it the still picture (:meth:`still`) and a line of
        text, which a page that cannot draw the widget shows in its place."""
        data = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        data["text/plain"] = repr(self)
        picture = self.still()
        try:
            from .views._render_mpl import picture_figure  # matplotlib only when a PNG is asked for

            fig = picture_figure(picture)
        except ExtraNeeded:  # no matplotlib: the same picture as SVG
            data["image/svg+xml"] = picture.svg()
            return data
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight", pad_inches=0.1, metadata={"Software": None})
        data["image/png"] = buffer.getvalue()
        return data
