"""Pictures, one module a model: grids and puzzles, the links and their counters, search trees, word squares, the
classic puzzles. Nothing below this layer imports matplotlib.

Figures are made with ``matplotlib.figure.Figure`` directly, not pyplot, so they work headless and leave no
global state behind. Every name is also here, so ``from wordcover.views import draw_grid`` works as before.
The picture modules load when one of their names is first asked for, so this package imports without
matplotlib. Every picture (the grids', the word squares', the search trees' and profiles', the classic puzzles'
and the links') is described once as a :class:`~wordcover.views.picture.Picture` (pure Python) and drawn by
matplotlib or as SVG: without matplotlib, ``grid_figure``, ``puzzle_page``, ``compatibility_figure``,
``grid_row_figure``, ``stack_figure``, ``square_range_figure``, ``square_cutoff_figure``, ``search_tree_figure``,
``search_trees_figure``, ``profile_figure``, ``profiles_figure``, ``running_mean_figure``, ``bars_figure``,
``tiling_figure``, ``sudoku_figure``, ``frame_figure``, ``snapshot_figure``, ``links_figure`` and
``arrays_figure`` give the Picture, which shows itself as SVG. Every ``draw_...`` function draws on a matplotlib
Axes, and PNG and PDF pages are matplotlib's: without it, they raise :class:`~wordcover.errors.ExtraNeeded`, one
line naming the extra. The word colours (:mod:`~wordcover.views.colours`) need no matplotlib.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .colours import WORD_COLOURS, word_colours

if TYPE_CHECKING:
    from .classics import draw_sudoku, draw_tiling, sudoku_figure, sudoku_picture, tiling_figure, tiling_picture
    from .grid_row import grid_row_figure, grid_row_picture
    from .grids import (
        PAGE,
        compatibility_figure,
        compatibility_picture,
        draw_grid,
        grid_figure,
        grid_panel,
        grid_picture,
        legend_labels,
        mask_figure,
        mask_picture,
        puzzle_page,
        puzzle_picture,
        readings_figure,
        readings_picture,
        save_puzzle,
        stack_figure,
        stack_picture,
    )
    from .links import (
        NODE_COLOURS,
        arrays_figure,
        arrays_picture,
        counters_panel,
        draw_counters,
        draw_links,
        draw_matrix,
        frame_figure,
        frame_picture,
        links_figure,
        links_panel,
        links_picture,
        matrix_panel,
        node_state,
        partial_grid,
        snapshot_figure,
        snapshot_picture,
    )
    from .pairs import pairs_figure, pairs_picture
    from .picture import Picture
    from .squares import (
        draw_square,
        square_cutoff_figure,
        square_cutoff_picture,
        square_panel,
        square_range_figure,
        square_range_picture,
    )
    from .trees import (
        Tree,
        bars_figure,
        bars_picture,
        draw_profile,
        draw_profiles,
        draw_running_mean,
        draw_search_tree,
        profile_figure,
        profile_picture,
        profiles_figure,
        profiles_picture,
        running_mean_figure,
        running_mean_picture,
        search_tree_figure,
        search_tree_kinds,
        search_tree_legend,
        search_tree_picture,
        search_trees_figure,
        search_trees_picture,
    )

# where each picture lives: the module is imported (and matplotlib with it) when the name is first asked for
_HOME = {
    "draw_sudoku": "classics",
    "draw_tiling": "classics",
    "sudoku_figure": "classics",
    "sudoku_picture": "classics",
    "tiling_figure": "classics",
    "tiling_picture": "classics",
    "grid_row_figure": "grid_row",
    "grid_row_picture": "grid_row",
    "PAGE": "grids",
    "compatibility_figure": "grids",
    "compatibility_picture": "grids",
    "draw_grid": "grids",
    "grid_figure": "grids",
    "grid_panel": "grids",
    "grid_picture": "grids",
    "legend_labels": "grids",
    "mask_figure": "grids",
    "mask_picture": "grids",
    "puzzle_page": "grids",
    "puzzle_picture": "grids",
    "readings_figure": "grids",
    "readings_picture": "grids",
    "save_puzzle": "grids",
    "stack_figure": "grids",
    "stack_picture": "grids",
    "pairs_figure": "pairs",
    "pairs_picture": "pairs",
    "Picture": "picture",
    "NODE_COLOURS": "links",
    "arrays_figure": "links",
    "arrays_picture": "links",
    "counters_panel": "links",
    "draw_counters": "links",
    "draw_links": "links",
    "draw_matrix": "links",
    "frame_figure": "links",
    "frame_picture": "links",
    "links_figure": "links",
    "links_panel": "links",
    "links_picture": "links",
    "matrix_panel": "links",
    "node_state": "links",
    "partial_grid": "links",
    "snapshot_figure": "links",
    "snapshot_picture": "links",
    "draw_square": "squares",
    "square_cutoff_figure": "squares",
    "square_cutoff_picture": "squares",
    "square_panel": "squares",
    "square_range_figure": "squares",
    "square_range_picture": "squares",
    "draw_profile": "trees",
    "draw_profiles": "trees",
    "draw_running_mean": "trees",
    "draw_search_tree": "trees",
    "search_tree_legend": "trees",
    "Tree": "trees",
    "bars_figure": "trees",
    "bars_picture": "trees",
    "profile_figure": "trees",
    "profile_picture": "trees",
    "profiles_figure": "trees",
    "profiles_picture": "trees",
    "running_mean_figure": "trees",
    "running_mean_picture": "trees",
    "search_tree_figure": "trees",
    "search_tree_kinds": "trees",
    "search_tree_picture": "trees",
    "search_trees_figure": "trees",
    "search_trees_picture": "trees",
}


def __getattr__(name: str) -> object:
    """A picture's name, from its module (imported now); without matplotlib, ExtraNeeded."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value: object = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # asked once: later look-ups find it without coming here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))


__all__ = [
    "NODE_COLOURS",
    "PAGE",
    "WORD_COLOURS",
    "Picture",
    "Tree",
    "arrays_figure",
    "arrays_picture",
    "bars_figure",
    "bars_picture",
    "compatibility_figure",
    "compatibility_picture",
    "counters_panel",
    "draw_counters",
    "draw_grid",
    "draw_links",
    "draw_matrix",
    "draw_profile",
    "draw_profiles",
    "draw_running_mean",
    "draw_search_tree",
    "draw_square",
    "draw_sudoku",
    "draw_tiling",
    "frame_figure",
    "frame_picture",
    "grid_figure",
    "grid_panel",
    "grid_picture",
    "grid_row_figure",
    "grid_row_picture",
    "legend_labels",
    "links_figure",
    "links_panel",
    "links_picture",
    "mask_figure",
    "mask_picture",
    "matrix_panel",
    "node_state",
    "pairs_figure",
    "pairs_picture",
    "partial_grid",
    "profile_figure",
    "profile_picture",
    "profiles_figure",
    "profiles_picture",
    "puzzle_page",
    "puzzle_picture",
    "readings_figure",
    "readings_picture",
    "running_mean_figure",
    "running_mean_picture",
    "save_puzzle",
    "search_tree_figure",
    "search_tree_kinds",
    "search_tree_legend",
    "search_tree_picture",
    "search_trees_figure",
    "search_trees_picture",
    "snapshot_figure",
    "snapshot_picture",
    "square_cutoff_figure",
    "square_cutoff_picture",
    "square_panel",
    "square_range_figure",
    "square_range_picture",
    "stack_figure",
    "stack_picture",
    "sudoku_figure",
    "sudoku_picture",
    "tiling_figure",
    "tiling_picture",
    "word_colours",
]
