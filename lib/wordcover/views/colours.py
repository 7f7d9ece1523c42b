"""The colours the pictures and the widgets give words: plain hex strings, no matplotlib needed."""

from __future__ import annotations

# Twelve colours that stay apart from each other and from white: Okabe and Ito's seven (black left out),
# then five of Paul Tol's muted scheme. Past twelve words they repeat; legends name positions.
WORD_COLOURS = (
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
    "#332288", "#44AA99", "#882255", "#DDCC77", "#999933",
)  # fmt: skip


def word_colours(n: int) -> list[str]:
    """One clearly different colour per word (hex strings), repeating after twelve."""
    return [WORD_COLOURS[k % len(WORD_COLOURS)] for k in range(n)]
