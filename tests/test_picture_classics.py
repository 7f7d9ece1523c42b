"""Two small pictures of notebooks 8 and 9: CANTOR's placements by orbit, and a Langford arrangement."""

from __future__ import annotations

import pytest

from wordcover import WordSearch
from wordcover.errors import PuzzleError
from wordcover.views import picture as P
from wordcover.views.classics import langford_picture
from wordcover.views.grids import PIECE_COLOURS, orbits_picture


def _orbits(ws: WordSearch, word: str) -> list[list[int]]:
    """The placements of ``word`` grouped by the eight symmetries of the square grid, found by moving cells."""
    n = ws.rows
    moves = [lambda r, c: (r, c), lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - r, n - 1 - c),
             lambda r, c: (n - 1 - c, r), lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
             lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r)]  # fmt: skip
    by_cells = {tuple(p.cells): k for k, p in enumerate(ws.placements) if p.word == word}
    seen, families = set(), []
    for cells, k in by_cells.items():
        if k in seen:
            continue
        family = sorted({by_cells[tuple(move(r, c) for r, c in cells)] for move in moves})
        seen.update(family)
        families.append(family)
    return families


def test_the_orbit_picture_draws_each_placement_once_numbered_and_coloured_by_its_piece():
    ws = WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    families = _orbits(ws, "CANTOR")
    assert sorted(len(f) for f in families) == [4, 8, 8, 8]
    picture = orbits_picture(ws, "CANTOR", families)
    assert len(picture.panels) == 4
    mine = [k for k, p in enumerate(ws.placements) if p.word == "CANTOR"]
    numbers = []
    for panel, family in zip(picture.panels, families):
        arrows = [a for a in panel.items if isinstance(a, P.Arrow)]
        assert len(arrows) == len(family)
        for arrow, k in zip(arrows, family):
            position = mine.index(k)
            assert arrow.colour == PIECE_COLOURS[position % 4]
            (r0, c0), (r1, c1) = ws.placements[k].cells[0], ws.placements[k].cells[-1]
            assert all(abs(a - (b + 0.5)) < 0.3 for a, b in zip((*arrow.start, *arrow.end), (c0, r0, c1, r1)))
        numbers += [int(t.text) for t in panel.items if isinstance(t, P.Text) and t.text.isdigit()]
    assert sorted(numbers) == list(range(len(mine)))  # each position once
    with pytest.raises(ValueError, match="placements of ABEL"):
        orbits_picture(ws, "ABEL", families)


def test_the_langford_picture_puts_each_number_in_its_two_slots_and_refuses_a_wrong_arrangement():
    sequence = [2, 3, 4, 2, 1, 3, 1, 4]  # Langford n = 4: the k's stand k + 1 slots apart
    picture = langford_picture(sequence, "n = 4")
    texts = [t for t in picture.panels[0].items if isinstance(t, P.Text)]
    in_slots = sorted((t.x, t.text) for t in texts if t.text.isdigit())
    assert [text for _, text in in_slots] == [str(k) for k in sequence]
    assert sum(isinstance(line, P.Line) for line in picture.panels[0].items) == 4  # one arc a pair
    with pytest.raises(PuzzleError):
        langford_picture([1, 2, 1])
