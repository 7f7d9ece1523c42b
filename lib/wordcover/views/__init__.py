"""Pictures (matplotlib), one module a model: grids and puzzles, the links and their counters, search trees,
word squares, the classic puzzles. Nothing below this layer imports matplotlib.

Figures are made with ``matplotlib.figure.Figure`` directly, not pyplot, so they work headless and leave no
global state behind. Every name is also here, so ``from wordcover.views import draw_grid`` works as before.
"""

from .classics import draw_sudoku, draw_tiling
from .grids import (
    PAGE,
    WORD_COLOURS,
    compatibility_figure,
    draw_grid,
    grid_figure,
    legend_labels,
    puzzle_page,
    save_puzzle,
    word_colours,
)
from .links import (
    NODE_COLOURS,
    draw_counters,
    draw_links,
    draw_matrix,
    frame_figure,
    links_figure,
    node_state,
    partial_grid,
    snapshot_figure,
)
from .squares import draw_square, square_cutoff_figure, square_range_figure
from .trees import draw_profile, draw_profiles, draw_running_mean, draw_search_tree, search_tree_legend

__all__ = [
    "NODE_COLOURS",
    "PAGE",
    "WORD_COLOURS",
    "compatibility_figure",
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
    "grid_figure",
    "legend_labels",
    "links_figure",
    "node_state",
    "partial_grid",
    "puzzle_page",
    "save_puzzle",
    "search_tree_legend",
    "snapshot_figure",
    "square_cutoff_figure",
    "square_range_figure",
    "word_colours",
]
