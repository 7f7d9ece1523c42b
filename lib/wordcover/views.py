"""Pictures of grids and puzzles (matplotlib). Nothing below this layer imports matplotlib.

Figures are made with ``matplotlib.figure.Figure`` directly, not pyplot, so they
work headless and leave no global state behind.
"""

from __future__ import annotations

import itertools
import pathlib
from collections.abc import Sequence

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from .double_purify import list_nodes
from .errors import PuzzleError
from .generator import Puzzle
from .word_search import Placement

PAGE = (8.27, 11.69)  # A4 portrait, inches


# Twelve colours that stay apart from each other and from white: Okabe and Ito's seven (black left out),
# then five of Paul Tol's muted scheme. Past twelve words they repeat; legends name positions.
WORD_COLOURS = (
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
    "#332288", "#44AA99", "#882255", "#DDCC77", "#999933",
)  # fmt: skip


def word_colours(n: int) -> list[str]:
    """One clearly different colour per word (hex strings), repeating after twelve."""
    return [WORD_COLOURS[k % len(WORD_COLOURS)] for k in range(n)]


def legend_labels(placements: Sequence[Placement]) -> list[str]:
    """A label per placement: the word, with its start and direction when the word is marked more than once."""
    counts: dict[str, int] = {}
    for p in placements:
        counts[p.word] = counts.get(p.word, 0) + 1
    return [str(p) if counts[p.word] > 1 else p.word for p in placements]


def draw_grid(ax, grid: Sequence[str], placements: Sequence[Placement] = (), legend: bool = True) -> None:
    """Letters in cells ('.' left empty) and each placement as a rounded translucent stroke."""
    rows, cols = len(grid), len(grid[0])
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for r in range(rows + 1):
        ax.axhline(r - 0.5, color="0.85", lw=0.6, zorder=0)
    for c in range(cols + 1):
        ax.axvline(c - 0.5, color="0.85", lw=0.6, zorder=0)
    # letter size and stroke width follow the cell size in points
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    cell_pt = 72 * width_in / max(rows, cols)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != ".":
                ax.text(
                    c, r, ch, ha="center", va="center", fontsize=0.55 * cell_pt, family="DejaVu Sans Mono", zorder=3
                )
    handles = []
    for p, colour, label in zip(placements, word_colours(len(placements)), legend_labels(placements)):
        (r0, c0), (r1, c1) = p.cells[0], p.cells[-1]
        ax.plot([c0, c1], [r0, r1], color=colour, alpha=0.4, lw=0.8 * cell_pt, solid_capstyle="round", zorder=2)
        handles.append(Line2D([], [], color=colour, alpha=0.6, lw=6, solid_capstyle="round", label=label))
    if legend and handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=9)


def grid_figure(grid: Sequence[str], placements: Sequence[Placement] = (), size: float = 5.0) -> Figure:
    """A square figure of one grid, with a legend beside it when words are marked."""
    fig = Figure(figsize=(size * 1.45 if placements else size, size))
    ax = fig.add_axes((0.03, 0.03, 0.94 / (1.45 if placements else 1.0), 0.94))
    draw_grid(ax, grid, placements)
    return fig


def puzzle_page(puzzle: Puzzle, key: bool = False, title: str | None = None) -> Figure:
    """An A4 page: the grid (with the words marked when ``key``) and the word list below it."""
    fig = Figure(figsize=PAGE)
    heading = title or ("Answer key" if key else "Word search")
    fig.text(0.5, 0.955, heading, ha="center", va="top", fontsize=20, weight="bold")
    cell = min(0.84 * PAGE[0] / puzzle.cols, 0.6 * PAGE[1] / puzzle.rows)  # inches per cell
    width, height = cell * puzzle.cols / PAGE[0], cell * puzzle.rows / PAGE[1]
    ax = fig.add_axes(((1 - width) / 2, 0.92 - height, width, height))
    draw_grid(ax, puzzle.grid, puzzle.placements if key else (), legend=False)
    columns = 3
    per_column = -(-len(puzzle.words) // columns)
    top = 0.88 - height
    for k, word in enumerate(sorted(puzzle.words)):
        fig.text(
            0.12 + 0.28 * (k // per_column),
            top - 0.03 * (k % per_column),
            word,
            fontsize=13,
            family="DejaVu Sans Mono",
            va="top",
        )
    return fig


def save_puzzle(puzzle: Puzzle, path: str | pathlib.Path, key: bool = False) -> None:
    """Save as .txt (letters only; with ``key`` the key grid), .png (one page) or .pdf (puzzle and key pages)."""
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix == ".txt":
        path.write_text(puzzle.text(key), encoding="utf-8")
    elif suffix == ".png":
        puzzle_page(puzzle, key=key).savefig(path, dpi=100, metadata={"Software": None})
    elif suffix == ".pdf":
        with PdfPages(path, metadata={"CreationDate": None, "ModDate": None, "Producer": None}) as pdf:
            if not key:
                pdf.savefig(puzzle_page(puzzle))
            pdf.savefig(puzzle_page(puzzle, key=True))
    else:
        raise PuzzleError(f"cannot save {path.name}: use a .txt, .png or .pdf file name")


# ---- the search, seen from the inside -------------------------------------------------------

NODE_COLOURS = {
    "chosen": "#1f4e9c",  # in the partial solution
    "active": "#8fd19e",  # still available
    "stickered": "#f2b134",  # has the right colour in a purified item (Knuth: COLOR = -1)
    "hidden": "#e3e3e3",  # unlinked by hide
}


def node_state(snapshot, option: int, item: str) -> str:
    """How one node of the matrix stands at this moment."""
    if option in snapshot.chosen:
        return "chosen"
    if (option, item) in snapshot.stickered:
        return "stickered"
    if option in snapshot.active_options:
        return "active"
    return "hidden"


def _visible_options(problem, snapshot, max_options: int) -> tuple[list[int], str]:
    """All options if they fit, else the chosen and active ones, else the first of those."""
    every = list(range(len(problem.options)))
    if len(every) <= max_options:
        return every, ""
    keep = sorted(set(snapshot.chosen) | set(snapshot.active_options))
    note = f"showing the {len(keep)} chosen and active options of {len(every)}"
    if len(keep) > max_options:
        note = f"showing {max_options} of {len(keep)} chosen and active options (of {len(every)})"
        keep = sorted(set(snapshot.chosen)) + [k for k in keep if k not in snapshot.chosen]
        keep = sorted(keep[:max_options])
    return keep, note


def draw_matrix(ax, problem, snapshot, max_options: int = 48, max_items: int = 40) -> str:
    """Items as columns, options as rows, each node coloured by its state; LEN/actual on top.

    Returns a note on what was cropped ('' when everything is shown).
    """
    options, note = _visible_options(problem, snapshot, max_options)
    items = list(problem.items)
    if len(items) > max_items:
        used = [i for i in items if any(e.item == i for k in options for e in problem.options[k])]
        items = used[:max_items]
        note = (note + "; " if note else "") + f"showing {len(items)} of {len(problem.items)} items"
    column = {name: j for j, name in enumerate(items)}
    states = {s.name: s for s in snapshot.items}
    ax.set_xlim(-0.5, len(items) - 0.5)
    ax.set_ylim(len(options) - 0.5, -2.2)
    ax.set_xticks(range(len(items)))
    ax.set_xticklabels(items, rotation=90, fontsize=7)
    ax.set_yticks(range(len(options)))
    ax.set_yticklabels([str(k) for k in options], fontsize=6)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    n1 = len(problem.primary)
    for j, name in enumerate(items):
        state = states[name]
        if not state.active:
            ax.axvspan(j - 0.5, j + 0.5, color="0.93", zorder=0)
        colour = "crimson" if state.drift else "0.2"
        ax.text(j, -1.6, str(state.len), ha="center", va="center", fontsize=7, color=colour, weight="bold")
        ax.text(j, -0.9, str(state.actual), ha="center", va="center", fontsize=7, color="0.45")
    if n1 < len(items):
        ax.axvline(n1 - 0.5, color="0.4", lw=1)
    ax.text(-0.6, -1.6, "LEN", ha="right", va="center", fontsize=7, weight="bold")
    ax.text(-0.6, -0.9, "real", ha="right", va="center", fontsize=7, color="0.45")
    for row, k in enumerate(options):
        for entry in problem.options[k]:
            if entry.item not in column:
                continue
            j = column[entry.item]
            state = node_state(snapshot, k, entry.item)
            ax.add_patch(_square(j, row, NODE_COLOURS[state]))
            if state == "chosen" and (k, entry.item) in snapshot.stickered:  # chosen, and wearing a sticker
                ax.add_patch(_sticker_corner(j, row))
            if entry.colour is not None:
                ax.text(
                    j,
                    row,
                    entry.colour,
                    ha="center",
                    va="center",
                    fontsize=6,
                    color="white" if state == "chosen" else "black",
                )
    return note


def _sticker_corner(x: float, y: float):
    """A sticker-coloured corner on a node's square, so a chosen node shows its sticker too."""
    from matplotlib.patches import Polygon

    return Polygon(
        [(x + 0.42, y - 0.42), (x + 0.42, y + 0.06), (x - 0.06, y - 0.42)],
        facecolor=NODE_COLOURS["stickered"],
        edgecolor="black",
        lw=0.5,
    )


def _square(x: float, y: float, colour):
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor=colour, edgecolor="none")


def draw_counters(ax, snapshot, items: Sequence[str] | None = None) -> None:
    """LEN against the real length of each item's list; a drift is drawn in red."""
    shown = [s for s in snapshot.items if items is None or s.name in items]
    xs = range(len(shown))
    ax.bar(
        [x - 0.2 for x in xs],
        [s.len for s in shown],
        width=0.4,
        label="LEN",
        color=["crimson" if s.drift else "#4c72b0" for s in shown],
    )
    ax.bar([x + 0.2 for x in xs], [s.actual for s in shown], width=0.4, label="really linked", color="0.7")
    ax.axhline(0, color="0.3", lw=0.8)
    ax.set_xticks(list(xs))
    short = all(len(s.name) <= 3 for s in shown)  # names like A or r0: horizontal; r0c0: turned to fit
    ax.set_xticklabels([s.name for s in shown], rotation=0 if short else 90, fontsize=7)
    ax.legend(fontsize=7, loc="upper right", frameon=False)
    ax.set_ylabel("nodes", fontsize=8)


def draw_profile(ax, stats) -> None:
    """Search-tree nodes per level."""
    levels = range(len(stats.profile))
    ax.bar(levels, stats.profile, color="#4c72b0")
    ax.set_xlabel("level")
    ax.set_ylabel("nodes")
    ax.set_xticks(list(levels))
    for x, n in zip(levels, stats.profile):
        ax.text(x, n, f"{n:,}", ha="center", va="bottom", fontsize=7)


def draw_search_tree(ax, trace, max_nodes: int = 400, label=None, wrong=None, stack_leaves: bool = False) -> None:
    """The tree of tried options from a trace: solutions as green discs, dead ends as small grey dots.

    ``label(option)``, if given, names each tried option beside its node (for small trees);
    ``wrong(chosen)``, if given, tells a solution that breaks a rule: it is drawn as a vermillion cross, so it
    differs from a right one by shape as well as colour. With ``stack_leaves``, the leaves under a node whose
    children are all leaves hang in a column below it instead of spreading sideways, so a wide tree stays legible.
    """
    nodes: list[tuple[int, int, bool]] = []  # (level, parent index, is solution)
    bad: set[int] = set()
    names: list[str] = []
    stack: list[int] = []
    for frame in trace.frames:
        e = frame.event
        if e.kind == "try":
            del stack[e.level :]
            nodes.append((e.level + 1, stack[-1] if stack else -1, False))
            names.append(label(e.option) if label is not None and e.option is not None else "")
            stack.append(len(nodes) - 1)
        elif e.kind == "solution" and stack:
            level, parent, _ = nodes[stack[-1]]
            nodes[stack[-1]] = (level, parent, True)
            if wrong is not None and wrong(frame.snapshot.chosen):
                bad.add(stack[-1])
        if len(nodes) > max_nodes:
            ax.text(0.5, 0.5, f"more than {max_nodes} nodes: too many to draw", ha="center", transform=ax.transAxes)
            ax.set_axis_off()
            return
    xs: list[float] = [0.0] * len(nodes)
    ys: list[float] = [float(level) for level, _, _ in nodes]
    children: dict[int, list[int]] = {}
    for k, (_, parent, _) in enumerate(nodes):
        children.setdefault(parent, []).append(k)
    counter = [0]
    gap = 0.28  # the distance between stacked leaves, in levels

    def place(k: int) -> float:
        kids = children.get(k, [])
        if kids and stack_leaves and k >= 0 and len(kids) > 1 and all(c not in children for c in kids):
            xs[k] = counter[0]
            counter[0] += 1
            for j, c in enumerate(kids):
                xs[c], ys[c] = xs[k], nodes[c][0] + j * gap
        elif not kids:
            xs[k] = counter[0]
            counter[0] += 1
        else:
            xs[k] = sum(place(c) for c in kids) / len(kids)
        return xs[k]

    roots = children.get(-1, [])
    root_x = sum(place(r) for r in roots) / len(roots) if roots else 0.0
    for k, (_, parent, _) in enumerate(nodes):
        px, py = (root_x, 0.0) if parent < 0 else (xs[parent], ys[parent])
        if stack_leaves and px == xs[k] and parent >= 0 and k not in children:  # a stacked leaf: from the one above
            py = max([ys[c] for c in children[parent] if ys[c] < ys[k]], default=py)
        ax.plot([px, xs[k]], [py, ys[k]], color="0.75", lw=0.6, zorder=1)
    small = not label
    for k, (_, _, solution) in enumerate(nodes):
        if solution and k in bad:
            ax.plot(xs[k], ys[k], "X", ms=6 if small else 9, color="#D55E00", zorder=3)
        elif solution:
            ax.plot(xs[k], ys[k], "o", ms=4 if small else 6, color="#009E73", zorder=2)
        else:
            ax.plot(xs[k], ys[k], "o", ms=2.5 if small else 5, color="0.5", zorder=2)
        if names[k]:
            ax.annotate(names[k], (xs[k], ys[k]), xytext=(5, -2), textcoords="offset points", fontsize=8, va="top")
    ax.plot(root_x, 0, "o", ms=4 if small else 7, color="black")
    ax.set_yticks(range(max((n[0] for n in nodes), default=0) + 1))
    ax.invert_yaxis()
    ax.set_ylabel("level")
    ax.set_xticks([])


def search_tree_legend(ax, wrong: bool = True) -> None:
    """A legend for :func:`draw_search_tree`: dead end, solution and (if asked) a solution that breaks a rule."""
    handles = [
        Line2D([], [], marker="o", ls="", ms=4, color="0.5", label="dead end"),
        Line2D([], [], marker="o", ls="", ms=5, color="#009E73", label="solution"),
    ]
    if wrong:
        handles.append(Line2D([], [], marker="X", ls="", ms=7, color="#D55E00", label="solution breaking a rule"))
    ax.legend(handles=handles, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False, ncol=3)


def partial_grid(ws, snapshot) -> list[str]:
    """The letters of the options chosen so far, in a word-search model's grid."""
    return ws.grid(snapshot.chosen)


def frame_figure(trace, index: int, ws=None, size: tuple[float, float] = (11.0, 6.2)) -> Figure:
    """One frame of a trace: the partial grid (for a word search), the matrix and the counters."""
    frame = trace.frames[index]
    return snapshot_figure(
        trace.problem, frame.snapshot, frame.text, f"frame {index}: level {frame.event.level}", ws, size
    )


def snapshot_figure(
    problem, snapshot, text: str, caption: str, ws=None, size: tuple[float, float] = (11.0, 6.2)
) -> Figure:
    """The links at one moment: the partial grid (for a word search), the matrix and the counters."""
    fig = Figure(figsize=size)
    if ws is not None:
        ax_grid = fig.add_axes((0.01, 0.40, 0.22, 0.52))
        draw_grid(ax_grid, partial_grid(ws, snapshot), ws.decode(snapshot.chosen), legend=False)
        ax_grid.set_title(caption, fontsize=9)
    left = 0.28 if ws is not None else 0.06
    ax_m = fig.add_axes((left, 0.36, 0.98 - left, 0.58))
    note = draw_matrix(ax_m, problem, snapshot)
    ax_m.set_title(text + (f"   [{note}]" if note else ""), fontsize=9, loc="left")
    ax_c = fig.add_axes((left, 0.1, 0.98 - left, 0.17))
    draw_counters(ax_c, snapshot)
    ax_c.set_xlim(-0.5, len(snapshot.items) - 0.5)  # each bar under its column of the matrix
    return fig


def draw_profiles(ax, searches, log: bool = True) -> None:
    """Search-tree nodes per level of several searches, one line of points each, on one shared axis.

    ``searches`` maps a name to a search's stats (anything with a ``profile``). A log scale (the
    default) keeps the small top levels readable beside a bottom level thousands of times larger;
    points, not bars, because a bar's length means nothing on a log axis.
    """
    named = list(searches.items())
    if not named:
        raise ValueError("draw_profiles needs at least one search")
    depth = max(len(stats.profile) for _, stats in named)
    tallest = max(max(stats.profile, default=1) for _, stats in named)
    markers = "os^Dv"
    for k, ((name, stats), colour) in enumerate(zip(named, word_colours(len(named)))):
        levels = list(range(len(stats.profile)))
        ax.plot(levels, stats.profile, marker=markers[k % len(markers)], color=colour, label=name, lw=1.2)
        for x, n in zip(levels, stats.profile):
            ax.annotate(f"{n:,}", (x, n), xytext=(0, 5 if k % 2 == 0 else -11), textcoords="offset points",
                        ha="center", fontsize=7, color=colour)  # fmt: skip
    if log:
        ax.set_yscale("log")
        ax.set_ylim(0.5, tallest * 4)  # room above the highest point for its label
    else:
        ax.set_ylim(0, tallest * 1.12)
    ax.set_xticks(list(range(depth)))
    ax.set_xlabel("level")
    ax.set_ylabel("nodes (log scale)" if log else "nodes")
    ax.legend(frameon=False, fontsize=8, loc="upper left")


# ---- word squares (notebook 7) and pairwise compatibility (notebook 8) ----------------------------------------


def _square_letter(rows: Sequence[str], cols: Sequence[str], r: int, c: int) -> str:
    """The letter a partly filled square has at (r, c): from row r's prefix, else column c's, else ''."""
    if c < len(rows[r]):
        return rows[r][c]
    if r < len(cols[c]):
        return cols[c][r]
    return ""


def draw_square(
    ax,
    rows: Sequence[str],
    cols: Sequence[str],
    line: tuple[str, int] | None = None,
    dead: Sequence[tuple[int, int]] = (),
) -> None:
    """A partly filled word square from its row and column prefixes; the next ``line`` shaded, ``dead`` cells red.

    ``line`` is ('row', i) or ('col', j); a dead cell is an empty cell that no letter can fill.
    """
    from matplotlib.patches import Rectangle

    n = len(rows)
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(n))
    ax.set_yticks(range(n))
    ax.tick_params(length=0, labelsize=8, labeltop=True, labelbottom=False)
    for spine in ax.spines.values():
        spine.set_visible(False)
    shaded = set()
    if line is not None:
        side, k = line
        shaded = {(k, j) for j in range(n)} if side == "row" else {(i, k) for i in range(n)}
    for r in range(n):
        for c in range(n):
            if (r, c) in dead:
                face = "#f4a6a6"
            elif (r, c) in shaded:
                face = "#cfe2f3"
            else:
                face = "white"
            ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=face, edgecolor="0.6", lw=0.8))
            letter = _square_letter(rows, cols, r, c)
            if letter:
                weight = "bold" if (r, c) in shaded else "normal"
                ax.text(c, r, letter, ha="center", va="center", fontsize=16, family="DejaVu Sans Mono", weight=weight)
            elif (r, c) in dead:
                ax.text(c, r, "∅", ha="center", va="center", fontsize=14, color="#a61c1c")


def square_range_figure(
    search, rows: Sequence[str], cols: Sequence[str], line: tuple[str, int], show: int = 5
) -> Figure:
    """The next line's candidates: its fixed first letters in the square, its range in the sorted word list.

    ``search`` is a :class:`~wordcover.squares.SquareSearch`; the candidates for ``line`` are the words that
    start with its prefix, ``search.words[lo:hi]``, one slice of the sorted list.
    """
    from matplotlib.patches import Rectangle

    side, k = line
    prefix = (rows if side == "row" else cols)[k]
    lo, hi = search.prefix_range(prefix)
    words = search.words
    fig = Figure(figsize=(9.0, 3.6))
    ax_sq = fig.add_axes((0.02, 0.08, 0.3, 0.78))
    draw_square(ax_sq, rows, cols, line)
    name = "row" if side == "row" else "column"
    ax_sq.set_title(f"next: {name} {k}, starting {prefix!r}", fontsize=10, pad=16)
    ax = fig.add_axes((0.38, 0.04, 0.6, 0.9))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    top, bottom = 0.92, 0.06  # the whole list, words[0] at the top

    def y(index: float) -> float:
        return top - (top - bottom) * index / len(words)

    ax.add_patch(Rectangle((0.02, bottom), 0.07, top - bottom, facecolor="0.9", edgecolor="0.6", lw=0.8))
    ax.add_patch(Rectangle((0.02, y(hi)), 0.07, max(y(lo) - y(hi), 0.004), facecolor="#3d85c6", edgecolor="none"))
    ax.text(0.055, top + 0.02, f"words[0:{len(words)}]", ha="center", va="bottom", fontsize=8)
    shown = [(j, words[j]) for j in range(lo, min(hi, lo + show))]
    if hi - lo > show:
        shown += [(-1, "…"), (hi - 1, words[hi - 1])]
    before = [(lo - 1, words[lo - 1])] if lo > 0 else []
    after = [(hi, words[hi])] if hi < len(words) else []
    listing = before + shown + after
    step = min(0.085, 0.8 / max(len(listing), 1))
    first_y = 0.5 + step * (len(listing) - 1) / 2
    inside = []
    for n, (j, word) in enumerate(listing):
        yy = first_y - n * step
        colour = "#1c4587" if lo <= j < hi or j == -1 else "0.55"
        label = f"{'':>5}  {word}" if j == -1 else f"{j:>5}  {word}"
        ax.text(0.3, yy, label, ha="left", va="center", fontsize=10, family="DejaVu Sans Mono", color=colour)
        if colour != "0.55":
            inside.append(yy)
    inside_top, inside_bottom = max(inside, default=0.5), min(inside, default=0.5)
    for a, b in ((y(lo), inside_top + step / 2), (y(hi), inside_bottom - step / 2)):
        ax.plot([0.09, 0.28], [a, b], color="#3d85c6", lw=0.8)
    ax.text(
        0.62,
        0.5,
        f"{hi - lo} candidates:\nwords[{lo}:{hi}],\nthe words that\nstart with {prefix!r}",
        ha="left",
        va="center",
        fontsize=10,
        color="#1c4587",
    )
    return fig


def square_cutoff_figure(search, rows: Sequence[str], cols: Sequence[str], cell: tuple[int, int]) -> Figure:
    """A mask cut-off: the letters an empty cell's row allows, those its column allows, and their (empty) meet."""
    from matplotlib.patches import Rectangle

    r, c = cell
    fig = Figure(figsize=(9.0, 3.0))
    ax_sq = fig.add_axes((0.02, 0.08, 0.26, 0.76))
    draw_square(ax_sq, rows, cols, dead=[cell])
    ax_sq.set_title(f"cell ({r}, {c}) has no letter left", fontsize=10, pad=16)
    row_mask = search.letters(rows[r], c)
    col_mask = search.letters(cols[c], r)
    lines = [
        (f"row {r}, words {rows[r]}…, letter {c + 1}", row_mask, "#3d85c6"),
        (f"column {c}, words {cols[c]}…, letter {r + 1}", col_mask, "#e69138"),
        ("both", row_mask & col_mask, "#a61c1c"),
    ]
    ax = fig.add_axes((0.3, 0.1, 0.69, 0.78))
    ax.set_xlim(-13.5, 26)
    ax.set_ylim(len(lines) + 0.2, -0.8)
    ax.axis("off")
    for k in range(26):
        ax.text(k, -0.65, chr(65 + k), ha="center", va="center", fontsize=8, family="DejaVu Sans Mono")
    for n, (label, mask, colour) in enumerate(lines):
        ax.text(-0.9, n, label, ha="right", va="center", fontsize=9)
        for k in range(26):
            on = bool(mask >> k & 1)
            ax.add_patch(
                Rectangle(
                    (k - 0.42, n - 0.32), 0.84, 0.64, facecolor=colour if on else "white", edgecolor="0.7", lw=0.5
                )
            )
    if not row_mask & col_mask:
        ax.text(12.5, len(lines) - 0.05, "no letter fits both ways: cut off", ha="center", fontsize=10, color="#a61c1c")
    return fig


def compatibility_figure(ws, solution: Sequence[int] = ()) -> Figure:
    """Every pair of placements of different words, dark where they agree on the cells they share.

    The placements are grouped by word; a solution is one placement per word with every pair agreeing, and
    ``solution`` (option indices) is outlined in red, beside its grid.
    """
    from matplotlib.patches import Rectangle

    from .cliques import compatibility

    compatible, _ = compatibility(ws)
    groups = [[k for k, p in enumerate(ws.placements) if p.word == w] for w in ws.words]
    order = [k for group in groups for k in group]
    where = {k: n for n, k in enumerate(order)}
    word_of = {k: a for a, group in enumerate(groups) for k in group}
    index_in = {k: n for group in groups for n, k in enumerate(group)}
    size = len(order)
    fig = Figure(figsize=(10.0, 5.4))
    ax_grid = fig.add_axes((0.01, 0.3, 0.24, 0.45))
    chosen = list(solution)
    draw_grid(ax_grid, ws.grid(chosen) if chosen else ["." * ws.cols] * ws.rows, ws.decode(chosen), legend=False)
    ax_grid.set_title("a solution: one placement per word", fontsize=10)
    fig.text(
        0.01,
        0.2,
        "dark: the two placements agree\non every cell they share\nwhite: they clash\ngrey: the same word"
        "\nred: the solution's pairs",
        fontsize=9,
        va="top",
    )
    ax = fig.add_axes((0.36, 0.04, 0.62, 0.78))
    for k in order:
        for m in order:
            a, b = word_of[k], word_of[m]
            if a == b:
                face = "0.93"  # two placements of one word: never together (one primary item)
            elif compatible[a][b][index_in[k], index_in[m]]:
                face = "0.25"
            else:
                face = "white"
            ax.add_patch(Rectangle((where[m], where[k]), 1, 1, facecolor=face, edgecolor="0.8", lw=0.3))
    for k in chosen:
        for m in chosen:
            if k != m:
                ax.add_patch(
                    Rectangle((where[m], where[k]), 1, 1, facecolor="#cc0000", edgecolor="0.8", lw=0.3, zorder=3)
                )
    edge = 0
    for group in groups[:-1]:
        edge += len(group)
        ax.axhline(edge, color="0.3", lw=1.2)
        ax.axvline(edge, color="0.3", lw=1.2)
    labels = [
        f"{ws.placements[k].word} ({ws.placements[k].row},{ws.placements[k].col}) {ws.placements[k].direction}"
        for k in order
    ]
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)
    ax.set_aspect("equal")
    ax.set_yticks([n + 0.5 for n in range(size)], labels, fontsize=7, family="DejaVu Sans Mono")
    ax.set_xticks([n + 0.5 for n in range(size)], labels, fontsize=7, rotation=90, family="DejaVu Sans Mono")
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    for n, k in enumerate(order):
        if k in chosen:
            ax.get_yticklabels()[n].set_color("#cc0000")
            ax.get_xticklabels()[n].set_color("#cc0000")
    return fig


# ---- tilings and Sudoku grids ---------------------------------------------------------------


def draw_tiling(ax, rows: int, cols: int, pieces: Sequence[tuple[str, Sequence[tuple[int, int]]]]) -> None:
    """A rows x cols board tiled by pieces, each given as (name, cells as (row, column) pairs).

    Every piece gets its own colour and its name in the cell nearest its middle; a heavy
    line runs wherever two pieces (or a piece and the edge of the board) meet.
    """
    from matplotlib import colormaps
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Rectangle

    owner: dict[tuple[int, int], int] = {}
    cmap = colormaps["tab20"]
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    cell_pt = 72 * width_in / cols  # the size of a cell in points, for the letters
    for n, (name, cells) in enumerate(pieces):
        for r, c in cells:
            if not (0 <= r < rows and 0 <= c < cols):
                raise PuzzleError(f"piece {name} has cell ({r}, {c}) outside the {rows}x{cols} board")
            owner[(r, c)] = n
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=cmap(n % cmap.N), edgecolor="none"))
        mid_r = sum(r for r, _ in cells) / len(cells)
        mid_c = sum(c for _, c in cells) / len(cells)
        r, c = min(cells, key=lambda cell: (cell[0] - mid_r) ** 2 + (cell[1] - mid_c) ** 2)
        ax.text(c + 0.5, r + 0.5, name, ha="center", va="center", fontsize=0.5 * cell_pt, weight="bold")
    edges = []
    for r in range(rows):
        for c in range(cols):
            here = owner.get((r, c))
            if c == 0:
                edges.append([(0, r), (0, r + 1)])
            if r == 0:
                edges.append([(c, 0), (c + 1, 0)])
            if c + 1 == cols or owner.get((r, c + 1)) != here:
                edges.append([(c + 1, r), (c + 1, r + 1)])
            if r + 1 == rows or owner.get((r + 1, c)) != here:
                edges.append([(c, r + 1), (c + 1, r + 1)])
    ax.add_collection(LineCollection(edges, colors="0.15", linewidths=2.0, capstyle="round"))
    ax.set_xlim(-0.1, cols + 0.1)
    ax.set_ylim(rows + 0.1, -0.1)
    ax.set_aspect("equal")
    ax.set_axis_off()


def draw_sudoku(ax, grid: Sequence[str], givens: Sequence[str] | None = None) -> None:
    """A 9x9 Sudoku: the givens in bold black, the digits the search filled in blue, '.' left empty."""
    ax.set_xlim(0, 9)
    ax.set_ylim(9, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for k in range(10):
        lw = 2.0 if k % 3 == 0 else 0.6
        ax.plot([k, k], [0, 9], color="0.2", lw=lw)
        ax.plot([0, 9], [k, k], color="0.2", lw=lw)
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    cell_pt = 72 * width_in / 9
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in ".0":
                continue
            given = givens is not None and givens[r][c] == ch
            ax.text(
                c + 0.5,
                r + 0.5,
                ch,
                ha="center",
                va="center",
                fontsize=0.55 * cell_pt,
                color="black" if given or givens is None else "#1f4e9c",
                weight="bold" if given else "normal",
            )


def draw_running_mean(ax, estimates: Sequence[float], exact: float | None = None) -> None:
    """Single estimates as faint dots, their running mean as a line and the exact value (if known) dashed.

    The y axis is logarithmic, since single estimates of a tree's size spread over orders of magnitude.
    """
    xs = range(1, len(estimates) + 1)
    means, total = [], 0.0
    for k, value in zip(xs, estimates):
        total += value
        means.append(total / k)
    ax.plot(xs, estimates, ".", ms=2, color="0.7", label="one path's estimate")
    ax.plot(xs, means, color="#1f4e9c", lw=1.6, label="mean so far")
    if exact is not None:
        ax.axhline(exact, color="#cc0000", ls="--", lw=1.2, label=f"real count {exact:,.0f}")
    ax.set_yscale("log")
    ax.set_xlabel("paths")
    ax.set_ylabel("nodes")
    ax.legend(fontsize=8, frameon=False, loc="upper right")


def draw_links(
    ax,
    arrays: dict[str, list[int]],
    names: Sequence[str],
    labels: Sequence[str],
    items: Sequence[str] | None = None,
    title: str = "",
) -> None:
    """Knuth's four-way links at one moment: each item's list as a column, each option as a row.

    ``arrays`` holds TOP, ULINK, DLINK, LEN, LLINK and RLINK (``WriteTrace.arrays_at`` gives them).
    A node in its item's list is a filled disc joined to the nodes above and below it by its ULINK
    and DLINK; a node out of its list is a hollow disc whose own ULINK and DLINK, dashed, still point
    where they pointed when it left. An option's nodes are joined left to right by a thin line. LEN
    stands in each header, in red where it differs from the nodes really in the list; a covered item
    (out of the list of items) has a grey header.
    """
    top, ulink, dlink, length = arrays["TOP"], arrays["ULINK"], arrays["DLINK"], arrays["LEN"]
    n = len(names) - 1
    shown = list(items) if items is not None else list(names[1:])
    column = {names.index(name): j for j, name in enumerate(shown)}
    active, k = set(), arrays["RLINK"][0]
    while k and k not in active:  # the primary items still in the list of items
        active.add(k)
        k = arrays["RLINK"][k]
    k = arrays["RLINK"][n + 1] if n + 1 < len(arrays["RLINK"]) else n + 1
    while k != n + 1 and k not in active:  # and the secondary ones
        active.add(k)
        k = arrays["RLINK"][k]
    row, option = {}, 0
    for x in range(n + 2, len(top)):  # every node's row is its option's; spacers end an option
        if top[x] <= 0:
            option += 1
        else:
            row[x] = option + 1

    def y_of(x: int) -> float:
        return 0.0 if x <= n else float(row[x])

    ax.set_xlim(-2.6, len(shown) - 0.3)
    ax.set_ylim(len(labels) + 0.7, -0.8)
    ax.axis("off")
    for k, label in enumerate(labels):
        ax.text(-0.45, k + 1, f"{k}: {label}", ha="right", va="center", fontsize=8)
        xs = [column[top[x]] for x in row if row[x] == k + 1 and top[x] in column]
        if len(xs) > 1:
            ax.plot([min(xs), max(xs)], [k + 1, k + 1], color="0.75", lw=0.8, zorder=1)
    for i, j in column.items():
        members = list_nodes(top, dlink, i)
        drift = length[i] != len(members)
        ax.text(
            j, 0, f"{names[i]}\nLEN {length[i]}", ha="center", va="center", fontsize=8,
            color="crimson" if drift else "black",
            bbox={"boxstyle": "round,pad=0.3", "facecolor": "white" if i in active else "0.85", "edgecolor": "0.3"},
        )  # fmt: skip
        chain = [i, *members]
        for a, b in itertools.pairwise(chain):
            ax.annotate(
                "", xy=(j, y_of(b) - 0.22), xytext=(j, y_of(a) + (0.3 if a == i else 0.22)),
                arrowprops={"arrowstyle": "<|-|>", "color": "0.2", "lw": 1, "shrinkA": 0, "shrinkB": 0},
            )  # fmt: skip
        if members:  # the last node's DLINK and the header's ULINK close the circle
            ax.annotate(
                "", xy=(j + 0.12, 0.3), xytext=(j + 0.12, y_of(members[-1]) + 0.22),
                arrowprops={"arrowstyle": "<|-|>", "color": "0.6", "lw": 0.8, "connectionstyle": "arc3,rad=-0.35"},
            )  # fmt: skip
        for x in (x for x in row if top[x] == i):
            inside = x in members
            ax.plot(
                j, y_of(x), "o", ms=9, zorder=3, color="0.2" if inside else "white", markeredgecolor="0.2",
            )  # fmt: skip
            if not inside:  # a node out of its list still knows its neighbours
                for target, dx in ((ulink[x], -0.18), (dlink[x], 0.18)):
                    if target <= n:  # a header: the arrow ends under its box
                        end = 0.3
                    else:  # a node: the arrow stops short of it, from above or below
                        end = y_of(target) + (0.15 if y_of(target) < y_of(x) else -0.15)
                    ax.annotate(
                        "", xy=(j + dx, end), xytext=(j + dx, y_of(x)),
                        arrowprops={"arrowstyle": "-|>", "color": "#D55E00", "lw": 1, "linestyle": "--"},
                    )  # fmt: skip
    if title:
        ax.set_title(title, fontsize=9, loc="left")


def links_figure(
    trace, frames: Sequence[int], items: Sequence[str] | None = None, titles: Sequence[str] = (), width: float = 3.6
) -> Figure:
    """Several frames of a recorded search (``playback.WriteTrace``) side by side, drawn by :func:`draw_links`."""
    labels = [str(trace.problem.label(k)) for k in range(len(trace.problem.options))]
    fig = Figure(figsize=(width * len(frames), 0.55 * len(labels) + 1.6))
    for k, frame in enumerate(frames):
        ax = fig.add_subplot(1, len(frames), k + 1)
        title = titles[k] if k < len(titles) else f"frame {frame}"
        draw_links(ax, trace.arrays_at(frame), trace.names, labels, items, title=title)
    fig.tight_layout()
    return fig
