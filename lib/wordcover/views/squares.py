"""Pictures of word squares: a partly filled square, its prefix ranges and the cells a letter mask cuts off."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._matplotlib import Axes, Figure

if TYPE_CHECKING:
    from ..squares import SquareSearch


def _square_letter(rows: Sequence[str], cols: Sequence[str], r: int, c: int) -> str:
    """The letter a partly filled square has at (r, c): from row r's prefix, else column c's, else ''."""
    if c < len(rows[r]):
        return rows[r][c]
    if r < len(cols[c]):
        return cols[c][r]
    return ""


def draw_square(
    ax: Axes,
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
    search: SquareSearch, rows: Sequence[str], cols: Sequence[str], line: tuple[str, int], show: int = 5
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


def square_cutoff_figure(
    search: SquareSearch, rows: Sequence[str], cols: Sequence[str], cell: tuple[int, int]
) -> Figure:
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
