"""Word-search construction as exact cover with colours.

Each word is a primary item (placed exactly once); each cell of the grid is a
secondary item whose colour is the letter written in it (a cell may be crossed
by many words, always with one letter); each placement of a word that fits in
the grid is an option. The options are generated word by word in the order the
words are given, then direction by direction in the order of the direction
list, then by starting row and column; the naive engine's (wrong) count depends
on that order, the correct engines' counts do not.

Words are read case-insensitively and stored in upper case. A word may appear
only once in the list: a repeated word would be two primary items with the same
name, and every solution would be counted twice (once per way of swapping the
copies). A palindrome, or any word that reads the same along two placements,
still counts each placement as its own option, so "ABA" placed east from
(0,0) and west from (0,2) are two solutions with the same grid.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from numbers import Integral

from .engines import Engine, best_engine, engine_info, installed, make_engine
from .errors import PuzzleError
from .problem import Problem
from .progress import PROGRESS_MASK
from .words import a_few, normalise_words

# (row step, column step) for each compass direction; rows grow downwards.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1),
    "W": (0, -1),
    "S": (1, 0),
    "N": (-1, 0),
    "SE": (1, 1),
    "SW": (1, -1),
    "NE": (-1, 1),
    "NW": (-1, -1),
}

DIRECTION_SETS: dict[str, tuple[str, ...]] = {
    "all": ("E", "W", "S", "N", "SE", "SW", "NE", "NW"),
    "orthogonal": ("E", "W", "S", "N"),
    "forward": ("E", "S", "SE", "NE"),  # every word reads left to right or top to bottom
}


def parse_directions(spec: str | Iterable[str]) -> tuple[str, ...]:
    """A named set (all, orthogonal, forward) or a list such as "E,S" or ["E", "S"]."""
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in DIRECTION_SETS:
            return DIRECTION_SETS[key]
        names = [s.strip() for s in spec.split(",")]
    elif isinstance(spec, (bytes, bytearray)) or not hasattr(spec, "__iter__"):
        raise PuzzleError(
            f"directions must be a named set ({', '.join(DIRECTION_SETS)}), a string like 'E,S' or a list of "
            f"names, not {spec!r}"
        )
    else:
        names = list(spec)
    result: list[str] = []
    for name in names:
        upper = str(name).strip().upper()
        if upper not in DIRECTIONS:
            raise PuzzleError(
                f"unknown direction {name!r}; use {', '.join(DIRECTION_SETS)} or a list of {', '.join(DIRECTIONS)}"
            )
        if upper in result:
            raise PuzzleError(f"direction {upper} is given twice")
        result.append(upper)
    if not result:
        raise PuzzleError("no directions given")
    return tuple(result)


def parse_size(spec: str | tuple[int, int]) -> tuple[int, int]:
    """'6x6' (rows x columns) or a pair of positive whole numbers."""
    if isinstance(spec, str):
        parts = spec.lower().replace("×", "x").split("x")
        try:
            rows, cols = (int(part) for part in parts)
        except ValueError:
            raise PuzzleError(f"grid size {spec!r} should look like 6x6 (rows x columns)") from None
    else:
        try:
            rows, cols = spec
        except (TypeError, ValueError):
            raise PuzzleError(f"grid size {spec!r} should be 'RxC' or a pair of whole numbers") from None
    for n in (rows, cols):
        if isinstance(n, bool) or not isinstance(n, int):
            raise PuzzleError(f"grid size {rows!r}x{cols!r}: rows and columns must be whole numbers")
    if rows < 1 or cols < 1:
        raise PuzzleError(f"grid size must be positive, got {rows}x{cols}")
    return rows, cols


MAX_NODES = 4_000_000  # nodes of the exact cover model (a word's item and its letters, for every placement)


def placement_count(word_length: int, rows: int, cols: int, directions: Sequence[str]) -> int:
    """How many placements a word of this length has, worked out without listing them."""
    reach = word_length - 1
    total = 0
    for name in directions:
        dr, dc = DIRECTIONS[name]
        total += max(0, rows - abs(dr) * reach) * max(0, cols - abs(dc) * reach)
    return total


def cell_name(row: int, col: int) -> str:
    """The name of the colour item for a cell, e.g. r0c3."""
    return f"r{row}c{col}"


def cell_of(name: str) -> tuple[int, int] | None:
    """The (row, column) of a cell item named by :func:`cell_name`, e.g. (0, 3) for r0c3; None for any other name."""
    row, c, col = name[1:].partition("c")
    if name[:1] != "r" or not c or not row.isdigit() or not col.isdigit():
        return None
    if cell_name(int(row), int(col)) != name:  # r01c3 is not a name cell_name makes
        return None
    return int(row), int(col)


@dataclass(frozen=True)
class Placement:
    """A word written from (row, col) in a compass direction (0-based)."""

    word: str
    row: int
    col: int
    direction: str

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The (row, column) of each letter, first letter first."""
        dr, dc = DIRECTIONS[self.direction]
        return tuple((self.row + dr * k, self.col + dc * k) for k in range(len(self.word)))

    def __str__(self) -> str:
        return f"{self.word} at ({self.row},{self.col}) {self.direction}"


def placements(word: str, rows: int, cols: int, directions: Sequence[str]) -> list[Placement]:
    """Every placement of ``word`` that fits in the grid, direction by direction, then row, column."""
    found = []
    last = len(word) - 1
    for name in directions:
        dr, dc = DIRECTIONS[name]
        for r in range(rows):
            for c in range(cols):
                if 0 <= r + dr * last < rows and 0 <= c + dc * last < cols:
                    found.append(Placement(word, r, c, name))
    return found


def letter_grid(rows: int, cols: int, placed: Iterable[Placement]) -> tuple[str, ...]:
    """The letters that ``placed`` write into a rows x cols grid, '.' for an empty cell."""
    cells = [["."] * cols for _ in range(rows)]
    for p in placed:
        for (r, c), letter in zip(p.cells, p.word):
            cells[r][c] = letter
    return tuple("".join(row) for row in cells)


def shares_cells(chosen: Sequence[Placement]) -> bool:
    """True when every word shares at least one cell with another word."""
    cells = [set(p.cells) for p in chosen]
    return all(any(cells[a] & cells[b] for b in range(len(cells)) if b != a) for a in range(len(cells)))


def check_model(
    rows: int, cols: int, words: Iterable[str], directions: str | Iterable[str]
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """The size, words and directions of a word-search model, checked without building it (PuzzleError if not)."""
    rows, cols = parse_size((rows, cols))
    checked = normalise_words(words)
    dirs = parse_directions(directions)
    nodes = sum(placement_count(len(w), rows, cols, dirs) * (len(w) + 1) for w in checked)
    if nodes > MAX_NODES:  # refuse before building anything: a huge grid would fill the memory first
        raise PuzzleError(
            f"{a_few(checked)} in a {rows}x{cols} grid would make an exact cover model of "
            f"{nodes:,} nodes, more than the {MAX_NODES:,} this tool builds: choose a smaller grid or fewer "
            "directions"
        )
    for word in checked:
        if not placement_count(len(word), rows, cols, dirs):
            raise PuzzleError(
                f"word {word} ({len(word)} letters) fits nowhere in a {rows}x{cols} grid "
                f"with directions {','.join(dirs)}"
            )
    return rows, cols, checked, dirs


class WordSearch:
    """The exact cover model of hiding ``words`` in a rows x cols grid."""

    def __init__(self, rows: int, cols: int, words: Iterable[str], directions: str | Iterable[str] = "all") -> None:
        self.rows, self.cols, self.words, self.directions = check_model(rows, cols, words, directions)
        self.placements: list[Placement] = []
        for word in self.words:
            self.placements.extend(placements(word, self.rows, self.cols, self.directions))
        cells = [cell_name(r, c) for r in range(self.rows) for c in range(self.cols)]
        options = [
            [p.word] + [(cell_name(r, c), letter) for (r, c), letter in zip(p.cells, p.word)] for p in self.placements
        ]
        self.problem = Problem(self.words, cells, options, labels=self.placements)

    def decode(self, solution: Iterable[int]) -> list[Placement]:
        """The placements of a solution, in the order of the word list."""
        chosen = [self.placements[k] for k in self._option_numbers(solution)]
        order = {w: n for n, w in enumerate(self.words)}
        return sorted(chosen, key=lambda p: order[p.word])

    def _option_numbers(self, solution: Iterable[int]) -> list[int]:
        """The option numbers of a solution, each checked to be one of this model's."""
        if isinstance(solution, (str, bytes, bytearray)) or not hasattr(solution, "__iter__"):
            raise PuzzleError(f"a solution must be a list of option numbers, not {solution!r}")
        numbers = list(solution)
        for k in numbers:
            if isinstance(k, bool) or not isinstance(k, Integral) or not 0 <= k < len(self.placements):
                raise PuzzleError(f"a solution holds option numbers from 0 to {len(self.placements) - 1}, not {k!r}")
        return [int(k) for k in numbers]

    def grid(self, solution: Iterable[int]) -> list[str]:
        """The grid of a solution as text rows, '.' for an empty cell."""
        return list(letter_grid(self.rows, self.cols, self.decode(solution)))

    def engine(self, name: str = "sticker") -> Engine:
        """A fresh engine of the named kind on this problem."""
        return make_engine(self.problem, name)

    def solutions(
        self, engine: str | Engine = "sticker", limit: int | None = None, share: bool = False
    ) -> Iterator[tuple[int, ...]]:
        """Solutions as option indices; with ``share`` only those in which every word crosses another."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise PuzzleError(f"limit must be a positive whole number or None, got {limit!r}")
        return self._solutions(self.engine(engine) if isinstance(engine, str) else engine, limit, share)

    def _solutions(self, search: Engine, limit: int | None, share: bool) -> Iterator[tuple[int, ...]]:
        """The solutions :meth:`solutions` gives, from an engine built (so a bad argument is refused at the call)."""
        found = 0
        for solution in search.solutions():
            if share and not shares_cells([self.placements[k] for k in solution]):
                continue
            yield solution
            found += 1
            if limit is not None and found >= limit:
                return

    def count_plan(
        self, method: str = "auto", engine: str | Engine | None = None, share: bool = False, jobs: int = 1
    ) -> CountPlan:
        """How :meth:`count` would count with these arguments, and why, without counting."""
        return plan_count(self, method, engine, share, jobs)

    def count(
        self,
        engine: str | Engine | None = None,
        share: bool = False,
        progress: Callable[..., object] | None = None,
        *,
        method: str = "auto",
        jobs: int = 1,
    ) -> int:
        """The number of solutions (with ``share``, of those in which every word crosses another).

        ``method`` is ``"cliques"`` (count compatible placements with numpy, listing none), ``"enumerate"``
        (list them with an engine) or ``"auto"``: the clique count when numpy is installed, no engine is
        named, its arrays fit and it is estimated to be faster; :meth:`count_plan` says which and why.
        ``engine`` is an engine name or an engine built by :meth:`engine` (whose ``stats`` then tell the
        whole search); without one, enumerating takes the best engine installed. ``jobs`` enumerates on
        that many processes. ``progress`` hears the work done so far: ``progress(n)`` with the solutions
        seen when enumerating, ``progress(done, total)`` with the steps of the clique count (or the pieces
        over ``jobs``).
        """
        plan = plan_count(self, method, engine, share, jobs)
        if plan.method == "cliques":
            from .cliques import count_placements

            return count_placements(self, share=share, progress=progress)
        if jobs > 1:
            from .parallel import count_parallel

            return count_parallel(self.problem, plan.engine, jobs=jobs, progress=progress)
        search = engine if engine is not None and not isinstance(engine, str) else self.engine(plan.engine)
        if not share:
            return search.count(progress=progress)
        kept = 0
        for seen, solution in enumerate(search.solutions(), 1):
            if progress is not None and not seen & PROGRESS_MASK:
                progress(seen)
            if shares_cells([self.placements[k] for k in solution]):
                kept += 1
        return kept

    def __repr__(self) -> str:
        return (
            f"WordSearch({self.rows}x{self.cols}, {len(self.words)} words, "
            f"{','.join(self.directions)}: {len(self.placements)} placements)"
        )


METHODS = ("auto", "cliques", "enumerate")

# Seconds per unit of work, the least of three runs on the test machine (2 cores, OpenBLAS, numba 0.68) on 15
# problems from 4x4 to 40x40 (the commit that set them lists them). Within each method they spread over a factor
# of 2 to 4, and on a busy machine the clique count's threaded matrix products slow down more than the engine;
# the choice matters where the two ways differ by more than that.
SECONDS_PER_SOLUTION = {"fast": 4e-8, "sticker": 5e-6}  # an engine's count, per solution (measured 2e-8 to 7e-8)
SECONDS_PER_KEPT = 5e-6  # with share, each solution comes back to Python to be tested (5.5e-6 to 7.3e-6 in all)
SECONDS_PER_FLOP = 3e-11  # the clique count's float32 matrix products, per multiply-add (1e-11 to 8e-11)
SECONDS_PER_LOOP = 3e-5  # the clique count's Python loop, per pass estimated (1.5e-5 to 6.7e-5)
FAST_START = 0.45  # importing numba and loading the compiled engine from its cache, once a process (measured)


@dataclass(frozen=True)
class CountPlan:
    """How :meth:`WordSearch.count` counts, and why; :meth:`WordSearch.count_plan` makes one."""

    method: str  # "cliques" (compatible placements counted with numpy) or "enumerate" (an engine lists them)
    engine: str  # the engine that enumerates; "" for the clique count
    automatic: bool  # the method was chosen here (method "auto"), not named by the caller
    best: bool  # the engine was chosen here, the best installed, not named by the caller
    reason: str = ""  # why an automatic choice enumerates: the clique count would not fit, or would be slower
    notice: str | None = None  # the best engine is not the fast one: how to install it
    seconds: tuple[float, float] | None = None  # estimated seconds (clique count, enumeration) when weighed
    steps: int = 0  # the steps the clique count reports to its progress callback, in all


def estimate_seconds(ws: WordSearch, engine: str, share: bool = False) -> tuple[float, float]:
    """Estimated seconds of the clique count and of enumerating with ``engine``: see :func:`cliques.work`."""
    from .cliques import work

    done = work(ws)
    terms = 2 ** len(ws.words) if share and len(ws.words) > 1 else 1  # inclusion and exclusion: one count per set
    cliques = SECONDS_PER_FLOP * (done.pairs + terms * done.last) + SECONDS_PER_LOOP * terms * done.loops
    per = SECONDS_PER_SOLUTION.get(engine, SECONDS_PER_SOLUTION["sticker"]) + (SECONDS_PER_KEPT if share else 0.0)
    start = FAST_START if engine == "fast" and "numba" not in sys.modules else 0.0
    return cliques, start + per * done.solutions


def plan_count(
    ws: WordSearch, method: str = "auto", engine: str | Engine | None = None, share: bool = False, jobs: int = 1
) -> CountPlan:
    """The method and engine :meth:`WordSearch.count` takes, and why; the one place refusing arguments that clash."""
    if method not in METHODS:
        raise PuzzleError(f"unknown counting method {method!r}: use {', '.join(METHODS)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise PuzzleError(f"jobs must be a positive whole number, got {jobs!r}")
    named = engine if isinstance(engine, str) or engine is None else engine.name
    if named is not None:
        engine_info(named)  # an unknown name is refused here, with the names there are
    if method == "cliques":  # the refusals name the command line's flag beside the argument: both read them
        if engine is not None:
            raise PuzzleError(
                "the clique count (--method cliques) uses no engine: leave out --engine / engine=..., or enumerate"
            )
        if jobs > 1:
            raise PuzzleError(
                "the clique count (--method cliques) runs in one process: leave out --jobs / jobs=..., or enumerate"
            )
        from .cliques import clique_steps

        return CountPlan("cliques", "", automatic=False, best=False, steps=clique_steps(ws, share))
    if share and jobs > 1:
        raise PuzzleError(
            "the count of solutions in which every word crosses another (--share / share=True) runs in one "
            "process: leave out --jobs / jobs=..., or --share / share=True"
        )
    best, notice = best_engine()
    reason, seconds = "", None
    if method == "auto" and engine is None and jobs == 1 and installed("numpy"):
        from .cliques import CLIQUE_BUDGET, clique_bytes, clique_steps

        need = clique_bytes(ws, share)
        if need > CLIQUE_BUDGET:
            reason = f"the clique count would need about {need / 1024**3:.1f} GiB of arrays"
        else:
            seconds = estimate_seconds(ws, best, share)
            if seconds[0] <= seconds[1]:
                return CountPlan("cliques", "", True, False, seconds=seconds, steps=clique_steps(ws, share))
            reason = (
                f"enumerating is estimated to take about {_seconds(seconds[1])} against "
                f"{_seconds(seconds[0])} for the clique count"
            )
    return CountPlan(
        "enumerate",
        named or best,
        automatic=method == "auto",
        best=named is None,
        reason=reason,
        notice=notice if named is None else None,
        seconds=seconds,
    )


def _seconds(t: float) -> str:
    """A duration to two significant figures: '0.012 s', '3.4 s', '110 s'."""
    return f"{float(f'{t:.2g}'):g} s"
