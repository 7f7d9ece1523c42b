"""The colours the pictures and the widgets give words: plain hex strings, no matplotlib needed."""

from __future__ import annotations

from collections.abc import Collection, Sequence

# Twelve colours that stay apart from each other and from white: Okabe and Ito's seven (black left out),
# then five of Paul Tol's muted scheme. Past twelve words they repeat; legends name positions.
WORD_COLOURS = (
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
    "#332288", "#44AA99", "#882255", "#DDCC77", "#999933",
)  # fmt: skip


def word_colours(n: int) -> list[str]:
    """One clearly different colour per word (hex strings), repeating after twelve."""
    return [WORD_COLOURS[k % len(WORD_COLOURS)] for k in range(n)]


def seen_apart(a: str, b: str, alpha: float = 1.0) -> float:
    """How far apart two colours look, each laid at ``alpha`` over white (the red-weighted RGB distance)."""
    mixed = [[alpha * int(c[k : k + 2], 16) + (1 - alpha) * 255 for k in (1, 3, 5)] for c in (a, b)]
    (r1, g1, b1), (r2, g2, b2) = mixed
    red = (r1 + r2) / 2
    square = (2 + red / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - red) / 256) * (b1 - b2) ** 2
    return float(square**0.5)


def spread_colours(cell_sets: Sequence[Collection[tuple[int, int]]], alpha: float = 1.0) -> list[str]:
    """A colour per placement (its cells), as unlike as the palette allows the colours of the placements it touches.

    In order, each placement takes the colour not yet used (any, once all are) that looks farthest, at ``alpha``
    over white, from the colours of the earlier placements that share or adjoin one of its cells; a tie goes to
    the palette's order, so placements apart from all others get the palette's colours in turn.
    """
    chosen: list[str] = []
    for k, cells in enumerate(cell_sets):
        near = {(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        touching = [chosen[j] for j in range(k) if near.intersection(cell_sets[j])]
        free = [c for c in WORD_COLOURS if c not in chosen] or list(WORD_COLOURS)
        if touching:
            free.sort(key=lambda c: -min(seen_apart(c, t, alpha) for t in touching))  # stable: ties keep order
        chosen.append(free[0])
    return chosen
