"""wordcover: exact cover with Dancing Links, from word searches to Knuth's Algorithm C.

Layers, each knowing only those below it:

* engines: :mod:`~wordcover.problem`, :mod:`~wordcover.dancing_links` (Algorithm X),
  :mod:`~wordcover.algorithm_c` (the sticker fix), :mod:`~wordcover.naive` (the
  double-purify bug), :mod:`~wordcover.outside` (colours outside the matrix),
  :mod:`~wordcover.dlx_format` (Knuth's file format), :mod:`~wordcover.verify`;
* puzzles: :mod:`~wordcover.word_search`;
* the command line: :mod:`~wordcover.cli`.
"""

from .algorithm_c import STICKER, AlgorithmC
from .dancing_links import DancingLinks, Event, ItemState, SearchStats, Snapshot
from .dlx_format import DlxFormatError, DlxInput, format_dlx, parse_dlx, read_dlx, write_dlx
from .engines import ENGINES, count_solutions, make_engine, solve
from .naive import NaiveAlgorithmC
from .outside import ColoursOutside
from .problem import Entry, Problem
from .verify import is_solution, violations
from .word_search import DIRECTION_SETS, DIRECTIONS, Placement, WordSearch, parse_directions, parse_size, shares_cells

AlgorithmX = DancingLinks

__all__ = [
    "AlgorithmC", "AlgorithmX", "ColoursOutside", "DIRECTIONS", "DIRECTION_SETS", "DancingLinks", "DlxFormatError",
    "DlxInput", "ENGINES", "Entry", "Event", "ItemState", "NaiveAlgorithmC", "Placement", "Problem", "STICKER",
    "SearchStats", "Snapshot", "WordSearch", "count_solutions", "format_dlx", "is_solution", "make_engine",
    "parse_directions", "parse_dlx", "parse_size", "read_dlx", "shares_cells", "solve", "violations", "write_dlx",
]
__version__ = "0.1.0"
