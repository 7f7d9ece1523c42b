"""wordcover: exact cover with Dancing Links, from word searches to Knuth's Algorithm C.

Layers, each knowing only those below it:

* engines: :mod:`~wordcover.problem`, :mod:`~wordcover.dancing_links` (Algorithm X),
  :mod:`~wordcover.algorithm_c` (the sticker fix), :mod:`~wordcover.naive` (the
  double-purify bug), :mod:`~wordcover.outside` (colours outside the matrix),
  :mod:`~wordcover.fast` (compiled), :mod:`~wordcover.engines` (the registry),
  :mod:`~wordcover.dlx_format` (Knuth's file format), :mod:`~wordcover.verify`;
* puzzles: :mod:`~wordcover.words` (the rule for words), :mod:`~wordcover.word_search`,
  :mod:`~wordcover.finder`, :mod:`~wordcover.generator`, :mod:`~wordcover.rectangles`,
  :mod:`~wordcover.squares`, :mod:`~wordcover.wordlists`;
* views and widgets (matplotlib, ipywidgets), and the command line :mod:`~wordcover.cli`.

Every bad input raises a :class:`WordcoverError` (a ``ValueError``).

DLX1's example of exact cover (five primary items, two secondary, six options; one solution), with
the counters his DLX2 prints for it, 6 nodes and 30 updates:

>>> from wordcover import Problem, WordSearch, count_solutions, make_engine, solve
>>> problem = Problem(["A", "B", "C", "D", "E"], ["F", "G"], ["C E F", "A D G", "B C F", "A D", "B G", "D E G"])
>>> [problem.describe(s) for s in solve(problem)]
[['A D', 'C E F', 'B G']]
>>> engine = make_engine(problem)
>>> engine.count(), engine.stats.nodes, engine.stats.updates
(1, 6, 30)

Eight queens have 92 solutions; the article's ABEL and LAND in a 4x4 grid, read across or down, have 112:

>>> from wordcover.classics import queens
>>> count_solutions(queens(8))
92
>>> count_solutions(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem)
112

More examples, one for each module, are in ``docs/api_examples.md``.
"""

__version__ = "0.2.0"

from .algorithm_c import STICKER, AlgorithmC
from .dancing_links import DancingLinks, Event, SearchStats
from .dlx_format import DlxInput, format_dlx, parse_dlx, read_dlx, write_dlx
from .engines import ENGINE_NAMES, REGISTRY, Engine, EngineInfo, count_solutions, make_engine, solve
from .errors import DlxFormatError, ExtraNeeded, ProblemError, PuzzleError, WordcoverError, WordError
from .inspection import ItemState, Snapshot
from .naive import NaiveAlgorithmC
from .outside import ColoursOutside
from .problem import Entry, Problem
from .verify import is_solution, violations
from .word_search import DIRECTION_SETS, DIRECTIONS, Placement, WordSearch, parse_directions, parse_size, shares_cells
from .words import normalise_word, normalise_words

AlgorithmX = DancingLinks

__all__ = [
    "DIRECTIONS",
    "DIRECTION_SETS",
    "ENGINE_NAMES",
    "REGISTRY",
    "STICKER",
    "AlgorithmC",
    "AlgorithmX",
    "ColoursOutside",
    "DancingLinks",
    "DlxFormatError",
    "DlxInput",
    "Engine",
    "EngineInfo",
    "Entry",
    "Event",
    "ExtraNeeded",
    "ItemState",
    "NaiveAlgorithmC",
    "Placement",
    "Problem",
    "ProblemError",
    "PuzzleError",
    "SearchStats",
    "Snapshot",
    "WordError",
    "WordSearch",
    "WordcoverError",
    "__version__",
    "count_solutions",
    "format_dlx",
    "is_solution",
    "make_engine",
    "normalise_word",
    "normalise_words",
    "parse_directions",
    "parse_dlx",
    "parse_size",
    "read_dlx",
    "shares_cells",
    "solve",
    "violations",
    "write_dlx",
]
