"""The colours the pictures and the widgets give words: plain hex strings, no matplotlib needed.

How far apart two colours look is judged as the eye judges it: each colour is laid over white at the stroke's
alpha, taken to CIE L*a*b*, and compared with the CIEDE2000 colour difference (:func:`looks_apart`). Near 2 is a
difference barely seen; two strokes side by side read as different colours from about 15.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from itertools import combinations

# Twelve colours that stay apart when laid translucent over white, the way the answer key draws its strokes. The
# first five look far apart at the stroke's alpha (orange, indigo, green, red, sky blue); each next one is the colour
# of Okabe and Ito's, Paul Tol's, Tableau's and ColorBrewer's schemes that looks farthest from those before it.
# Left out: greys, colours too pale for a translucent stroke (Okabe and Ito's yellow and Tol's sand faded into the
# white), and colours whose lighter shade in the puzzle player sits too near another's (the widgets' test).
# Past twelve words they repeat; legends name positions.
WORD_COLOURS = (
    "#E69F00", "#332288", "#117733", "#CC3311", "#56B4E9", "#E377C2",
    "#543005", "#8E0152", "#999933", "#8C564B", "#7570B3", "#44AA99",
)  # fmt: skip


ADJOIN_START = 3.0  # placements that only adjoin need look this much less apart than those that share a cell
FAR_START = 5.0  # placements that do not touch need look this much less apart than those that share a cell


def word_colours(n: int) -> list[str]:
    """One clearly different colour per word (hex strings), repeating after twelve."""
    return [WORD_COLOURS[k % len(WORD_COLOURS)] for k in range(n)]


def seen_apart(a: str, b: str, alpha: float = 1.0) -> float:
    """How far apart two colours are, each laid at ``alpha`` over white, by the red-weighted RGB distance.

    A rough measure, kept for comparison; :func:`looks_apart` is the one the pictures use.
    """
    mixed = [[alpha * int(c[k : k + 2], 16) + (1 - alpha) * 255 for k in (1, 3, 5)] for c in (a, b)]
    (r1, g1, b1), (r2, g2, b2) = mixed
    red = (r1 + r2) / 2
    square = (2 + red / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - red) / 256) * (b1 - b2) ** 2
    return float(square**0.5)


def lab(colour: str, alpha: float = 1.0) -> tuple[float, float, float]:
    """A '#rrggbb' colour laid at ``alpha`` over white, in CIE L*a*b* (sRGB, D65 white)."""
    rgb = [alpha * int(colour[k : k + 2], 16) / 255 + (1 - alpha) for k in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    xyz = (
        (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047,
        0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
        (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two L*a*b* colours (Sharma, Wu and Dalal's formulation, all weights 1)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    c1, c2 = math.hypot((1 + g) * a1, b1), math.hypot((1 + g) * a2, b2)
    h1 = math.degrees(math.atan2(b1, (1 + g) * a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, (1 + g) * a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = -math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2)))) * 2
    rotation *= math.sqrt(mean_cp**7 / (mean_cp**7 + 25**7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc, sh = 1 + 0.045 * mean_cp, 1 + 0.015 * mean_cp * t
    dl, dc, dh_ = (l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh
    return math.sqrt(dl**2 + dc**2 + dh_**2 + rotation * dc * dh_)


def looks_apart(a: str, b: str, alpha: float = 1.0) -> float:
    """How far apart two colours look, each laid at ``alpha`` over white: their CIEDE2000 difference."""
    return ciede2000(lab(a, alpha), lab(b, alpha))


def spread_colours(cell_sets: Sequence[Collection[tuple[int, int]]], alpha: float = 1.0) -> list[str]:
    """A colour per placement (its cells), so that placements that share or adjoin a cell look far apart.

    First, in order, each placement takes the colour not yet used (any, once all are) that looks farthest, at
    ``alpha`` over white, from the colours of the earlier placements it touches; a tie goes to the palette's order.
    Then, for up to twelve placements (a colour each), two placements swap colours or one takes an unused colour,
    the change that helps most each time, while one helps. A change helps when the smallest difference grows (the
    next smallest deciding a tie, and so on), where a pair that only adjoins counts with a head start of
    ``ADJOIN_START`` and a pair apart with ``FAR_START``: the nearest pairs matter most, but the legend keeps the
    others apart too. For up to eight placements this is done twelve times, the first placement starting with each
    colour in turn, and the best outcome kept.
    """
    grown = [{(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)} for cells in cell_sets]
    pairs = [(j, k) for j, k in combinations(range(len(cell_sets)), 2) if grown[k].intersection(cell_sets[j])]
    touching = {k: [j for j, m in pairs if m == k] + [m for j, m in pairs if j == k] for k in range(len(cell_sets))}
    apart: dict[tuple[str, str], float] = {}

    def distance(a: str, b: str) -> float:
        if (a, b) not in apart:
            apart[a, b] = apart[b, a] = looks_apart(a, b, alpha)
        return apart[a, b]

    def greedy(first: str) -> list[str]:
        chosen: list[str] = []
        for k in range(len(cell_sets)):
            free = [c for c in WORD_COLOURS if c not in chosen] or list(WORD_COLOURS)
            if k == 0:
                free.insert(0, first)
            earlier = [chosen[j] for j in touching[k] if j < k]
            if earlier:
                free.sort(key=lambda c: -min(distance(c, t) for t in earlier))  # stable: ties keep the order
            chosen.append(free[0])
        return chosen

    if len(cell_sets) > len(WORD_COLOURS):
        return greedy(WORD_COLOURS[0])

    start = {(j, k): FAR_START for j, k in combinations(range(len(cell_sets)), 2)}
    start.update({(j, k): 0.0 if set(cell_sets[j]) & set(cell_sets[k]) else ADJOIN_START for j, k in pairs})

    def worst(colours: Sequence[str]) -> list[float]:
        return sorted(round(distance(colours[j], colours[k]) + head, 6) for (j, k), head in start.items())

    def improved(chosen: list[str]) -> list[str]:
        best = worst(chosen)
        for _ in range(50):
            trials = [_swapped(chosen, j, k) for j, k in combinations(range(len(chosen)), 2)]
            unused = [c for c in WORD_COLOURS if c not in chosen]
            trials += [chosen[:k] + [c] + chosen[k + 1 :] for k in range(len(chosen)) for c in unused]
            better = max(trials, key=worst, default=chosen)
            if worst(better) <= best:
                break
            chosen, best = better, worst(better)
        return chosen

    firsts = WORD_COLOURS if len(cell_sets) <= 8 else WORD_COLOURS[:1]
    return max((improved(greedy(first)) for first in firsts), key=worst)  # the first of equals: palette order


def _swapped(colours: Sequence[str], j: int, k: int) -> list[str]:
    swapped = list(colours)
    swapped[j], swapped[k] = swapped[k], swapped[j]
    return swapped
