"""The fast engine: Algorithm C (and so Algorithm X) compiled with numba, on Knuth's array layout.

The links are the same as the teaching engine's (it builds them, then hands them
over as numpy arrays: node q's TOP, ULINK, DLINK and COLOR side by side, as in
DLX2's node struct); the search is the same loop, steps C2-C8, with the sticker
(``COLOR = -1``). It is one compiled function: hide, unhide, cover and uncover
are written once as functions of their own and numba inlines them; the counters
stay in local variables while the loop runs; indices are unsigned, so numba does
not check them for negative values. numba compiles the loop the first time it is
used and caches the result on disk, so the compile happens once per machine;
while it compiles, a progress bar (tqdm, through :mod:`wordcover.progress`) says
so, on a terminal or in Jupyter.

Solutions come back in batches: the compiled loop fills a buffer of option
indices and returns; the generator resumes it where it stopped. The loop also
pauses every so many nodes when a progress callback wants to hear, and gives up
at a node limit, unwinding every level as the teaching engine does.

Importing this module does nothing but import numba and numpy: the cache is chosen when the loop is first
compiled. Where numba cannot write its cache (a read-only package folder and an unwritable home, as on a
shared lab machine or in a container), the compiled code is cached in a folder of the system's temporary
directory instead, or not cached at all, with a warning.
"""

from __future__ import annotations

import ast
import inspect
import os
import pathlib
import tempfile
import textwrap
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

from .algorithm_c import AlgorithmC
from .dancing_links import SearchStats, check_limits
from .errors import ExtraNeeded
from .problem import Problem
from .progress import Progress, bar


def _writable(folder: pathlib.Path) -> bool:
    """Whether files can be made in ``folder`` (made first if need be)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _cache_folder() -> tuple[bool, pathlib.Path | None]:
    """(whether to cache, the folder to cache in when numba's own places will not do)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return True, None  # the user chose
    if _writable(pathlib.Path(__file__).resolve().parent / "__pycache__"):
        return True, None  # numba's first choice, beside the source
    home_cache = pathlib.Path(os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache") / "numba"
    if _writable(home_cache):
        return True, None  # numba's second choice
    spare = pathlib.Path(tempfile.gettempdir()) / f"wordcover-numba-{os.getuid() if hasattr(os, 'getuid') else 0}"
    if _writable(spare):
        warnings.warn(
            f"the package folder and {home_cache} are read-only; the fast engine caches in {spare}",
            RuntimeWarning,
            stacklevel=3,
        )
        os.environ["NUMBA_CACHE_DIR"] = str(spare)
        return True, spare
    warnings.warn(
        "nowhere to cache the fast engine's compiled code; it compiles once in every process",
        RuntimeWarning,
        stacklevel=3,
    )
    return False, None


try:
    import numpy as np
    from numba import config as numba_config
    from numba import njit
    from numba.core import event as numba_event
except ImportError as err:
    raise ExtraNeeded("the fast engine", "fast", err.name or "numba and numpy") from None

# state[...] slots shared with the compiled loop
LEVEL, PHASE, SOLUTIONS, NODES, UPDATES, PURIFICATIONS, STICKERS, GAVE_UP, PAUSE_AT = range(9)
FRESH, RESUME, DONE, ENTER = 0, 1, 2, 3  # ENTER: paused at step C2 of LEVEL, for progress
PAUSE_NODES = 1 << 20  # with a progress callback, the loop returns to Python every 2**20 nodes
BIGGEST = (1 << 63) - 1  # the largest limit the compiled loop takes (int64)


# Knuth's node: four fields, TOP, ULINK, DLINK and COLOR, side by side in one flat array, so node q's fields
# are nd[4q + UP] ... nd[4q + COLOR] and share a cache line, as the fields of DLX2's node struct do
UP, DOWN, TOP, COLOR = 0, 1, 2, 3
FIELDS = 4

# An array index as an unsigned number. numba lets a signed index count from the end (a[-1]), so every
# access with a signed index first checks for a negative value; with an unsigned one it checks nothing.
# Every index here is a node or item number, never negative.
U = np.uintp


# hide, unhide, cover and uncover are written once, here, and numba inlines them into _run where they are
# used (inline="always"): one compiled function with no calls in its inner loops (DLX2, too, writes the
# hiding loop out inside cover and purify)


@njit(inline="always")
def _hide(p: int, nd: Any, length: Any) -> int:
    """Hide the option of node p: unlink its other nodes, but stickered ones, from their items; the updates made."""
    updates = 0
    q = p + 1
    while q != p:
        x = nd[U(FIELDS * q + TOP)]
        if x <= 0:  # a spacer: back to the start of the option
            q = nd[U(FIELDS * q + UP)]
            continue
        if nd[U(FIELDS * q + COLOR)] >= 0:  # no sticker: unlink the node (a stickered one, COLOR -1, stays in place)
            u = nd[U(FIELDS * q + UP)]
            d = nd[U(FIELDS * q + DOWN)]
            nd[U(FIELDS * u + DOWN)] = d
            nd[U(FIELDS * d + UP)] = u
            length[U(x)] -= 1
            updates += 1
        q += 1
    return updates


@njit(inline="always")
def _unhide(p: int, nd: Any, length: Any) -> None:
    """Undo _hide(p), right to left."""
    q = p - 1
    while q != p:
        x = nd[U(FIELDS * q + TOP)]
        if x <= 0:  # a spacer: on to the end of the option
            q = nd[U(FIELDS * q + DOWN)]
            continue
        if nd[U(FIELDS * q + COLOR)] >= 0:
            u = nd[U(FIELDS * q + UP)]
            d = nd[U(FIELDS * q + DOWN)]
            nd[U(FIELDS * u + DOWN)] = q
            nd[U(FIELDS * d + UP)] = q
            length[U(x)] += 1
        q -= 1


@njit(inline="always")
def _cover(i: int, llink: Any, rlink: Any, nd: Any, length: Any) -> int:
    """Cover item i: hide every option in its list, then take i out of the item list; the updates made."""
    updates = 1
    p = nd[U(FIELDS * i + DOWN)]
    while p != i:
        updates += _hide(p, nd, length)
        p = nd[U(FIELDS * p + DOWN)]
    left = llink[U(i)]
    right = rlink[U(i)]
    rlink[U(left)] = right
    llink[U(right)] = left
    return updates


@njit(inline="always")
def _uncover(i: int, llink: Any, rlink: Any, nd: Any, length: Any) -> None:
    """Undo _cover(i): put i back, then unhide its options from the bottom up."""
    left = llink[U(i)]
    right = rlink[U(i)]
    rlink[U(left)] = i
    llink[U(right)] = i
    p = nd[U(FIELDS * i + UP)]
    while p != i:
        _unhide(p, nd, length)
        p = nd[U(FIELDS * p + UP)]


def _run(  # the arrays are numpy's; numba compiles the loop for the types it is called with
    llink: Any,
    rlink: Any,
    nd: Any,
    length: Any,
    option_of: Any,
    choice: Any,
    state: Any,
    profile: Any,
    out: Any,
    out_len: Any,
    limit: int,
    node_limit: int,
) -> int:
    """Search from where ``state`` says; write up to len(out) solutions; return how many were written.

    ``out`` may have no rows: then solutions are only counted. ``limit`` and ``node_limit`` 0 mean no limit;
    ``state[PAUSE_AT]`` > 0 makes the loop pause (phase ENTER) when that many nodes have been entered;
    ``profile[l]`` counts the nodes entered on level l.
    At a limit every level is undone (C6, C7, C8 down to level 0), so the links end as they started.
    The counters live in local variables while the loop runs and go back to ``state`` when it returns.
    """
    if state[PHASE] == DONE:
        return 0
    capacity = out.shape[0]
    written = 0
    level = state[LEVEL]
    leave = state[PHASE] == RESUME  # resuming after a full batch: go on from C8
    solutions = state[SOLUTIONS]
    nodes = state[NODES]
    updates = state[UPDATES]
    purifications = state[PURIFICATIONS]
    stickers = state[STICKERS]
    pause_at = state[PAUSE_AT]
    stopping = False  # a limit was reached: undo every level, try nothing more
    phase = DONE
    i = 0
    x = 0
    while True:
        if not leave:
            # C2: [Enter level l.]
            if node_limit > 0 and nodes >= node_limit:  # not Algorithm C: a node limit
                state[GAVE_UP] = 1
                stopping = True
                leave = True
                continue
            if pause_at > 0 and nodes >= pause_at:  # not Algorithm C: a pause for progress
                phase = ENTER
                break
            nodes += 1
            profile[U(level)] += 1
            if rlink[0] == 0:  # every primary item is covered: a solution
                solutions += 1
                leave = True
                if capacity > 0:  # not Algorithm C: output to Python
                    for k in range(level):
                        out[written, k] = option_of[choice[k]]
                    out_len[written] = level
                    written += 1
                if limit > 0 and solutions >= limit:  # not Algorithm C: a limit, a full batch
                    stopping = True
                elif capacity > 0 and written == capacity:
                    phase = RESUME
                    break
            else:
                # C3: [Choose i.] MRV: the item with the shortest list, ties to the first
                i = rlink[0]
                t = length[U(i)]
                k = rlink[U(i)]
                while t > 0 and k != 0:
                    if length[U(k)] < t:
                        i = k
                        t = length[U(k)]
                    k = rlink[U(k)]
                updates += _cover(i, llink, rlink, nd, length)  # C4: [Cover i.]
                x = nd[U(FIELDS * i + DOWN)]
        while True:
            if leave:
                # C8: [Leave level l.]
                if level == 0:
                    break
                level -= 1
                x = choice[level]
                # C6: [Try again.] uncommit the other items of x's option, right to left
                p = x - 1
                while p != x:
                    j = nd[U(FIELDS * p + TOP)]
                    if j <= 0:
                        p = nd[U(FIELDS * p + DOWN)]
                        continue
                    c = nd[U(FIELDS * p + COLOR)]
                    if c == 0:
                        _uncover(j, llink, rlink, nd, length)
                    elif c > 0:
                        # unpurify j: take the stickers off, unhide the rest, from the bottom up
                        q = nd[U(FIELDS * j + UP)]
                        while q != j:
                            if nd[U(FIELDS * q + COLOR)] < 0:
                                nd[U(FIELDS * q + COLOR)] = c
                            else:
                                _unhide(q, nd, length)
                            q = nd[U(FIELDS * q + UP)]
                    p -= 1
                i = nd[U(FIELDS * x + TOP)]
                if stopping:  # not Algorithm C: a stop at a limit, which unwinds every level
                    _uncover(i, llink, rlink, nd, length)
                    continue
                x = nd[U(FIELDS * x + DOWN)]
                leave = False
            if x != i:
                # C5: [Try x_l.] commit the other items of x's option: cover a plain one, purify a coloured one
                choice[level] = x
                p = x + 1
                while p != x:
                    j = nd[U(FIELDS * p + TOP)]
                    if j <= 0:
                        p = nd[U(FIELDS * p + UP)]
                        continue
                    c = nd[U(FIELDS * p + COLOR)]
                    if c == 0:
                        updates += _cover(j, llink, rlink, nd, length)
                    elif c > 0:
                        # purify j: hide the options with another colour; sticker the ones with colour c
                        purifications += 1
                        q = nd[U(FIELDS * j + DOWN)]
                        while q != j:
                            if nd[U(FIELDS * q + COLOR)] == c:
                                nd[U(FIELDS * q + COLOR)] = -1  # the sticker: this node already has the right colour
                                stickers += 1
                            else:
                                updates += _hide(q, nd, length)
                            q = nd[U(FIELDS * q + DOWN)]
                    p += 1
                level += 1
                break
            _uncover(i, llink, rlink, nd, length)  # C7: [Backtrack.]
            leave = True
        if leave and level == 0:
            break  # C8 at level 0: the search is over
    state[LEVEL] = level
    state[PHASE] = phase
    state[SOLUTIONS] = solutions
    state[NODES] = nodes
    state[UPDATES] = updates
    state[PURIFICATIONS] = purifications
    state[STICKERS] = stickers
    return written


# the search's functions, callees first; numba compiles _run (at its first use), with the others inlined
SEARCH_FUNCTIONS: tuple[Callable[..., Any], ...] = (
    _hide.py_func,
    _unhide.py_func,
    _cover.py_func,
    _uncover.py_func,
    _run,
)
SOURCES = tuple(f.__name__ for f in SEARCH_FUNCTIONS)
COMPILED = ("_run",)
_compiled: list[Any] = []  # the compiled loop, once _loop() has made it


def _loop() -> Any:
    """The compiled loop: the first call chooses numba's cache folder (see the module docstring) and compiles it."""
    if not _compiled:
        cache, spare = _cache_folder()
        if spare is not None:
            vars(numba_config)["CACHE_DIR"] = str(spare)  # numba read the environment at import: tell it anew
        _compiled.append(njit(cache=cache)(_run))
    return _compiled[0]


COMPILE_MESSAGE = "compiling the fast engine with numba (once per machine)"


class _CompileProgress(numba_event.Listener):
    """Hears numba's compile events: opens a bar at the first one, moves it as each search function is done.

    When numba finds the compiled code in its cache there are no compile events, so no bar.
    """

    def __init__(self, stack: ExitStack) -> None:
        self.stack = stack
        self.done: set[str] = set()
        self.progress: Callable[..., None] | None = None

    def on_start(self, event: Any) -> None:
        if self.progress is None:
            self.progress = self.stack.enter_context(bar(COMPILE_MESSAGE, unit="functions", total=len(COMPILED)))

    def on_end(self, event: Any) -> None:
        name = getattr(getattr(event.data["dispatcher"], "py_func", None), "__name__", "")
        if name in COMPILED:
            self.done.add(name)
        if self.progress is not None:
            self.progress(len(self.done))


NOT_ALGORITHM_C = "# not Algorithm C: "  # ends the first line of a block that is there for pausing, limits or output


LOOP_PARTS = {  # the three pieces of _run's loop, named by the steps of Algorithm C each holds, in source order
    "C2-C4": ("C2", "C3", "C4"),  # the outer loop's head: enter a level, a solution or choose, cover
    "C8-C6": ("C8", "C6"),  # the inner loop's head: leave a level, uncommit the option tried there
    "C5-C7": ("C5", "C7"),  # the rest of the loop: try an option, or backtrack; the end at level 0
}
PURIFY = "C5 purify"  # a part inside C5: its purify of a coloured item, the loop that puts stickers on, dedented
STEPS = ("C5", "C6")  # the steps whose block in the loop is theirs alone, from their own comment line down


def search_source(name: str = "_run", scaffolding: bool = True, part: str | None = None) -> str:
    """The Python source of one search function of ``SOURCES`` (the loop by default), as numba compiles it.

    With ``scaffolding=False`` each block whose first line ends with ``# not Algorithm C: <what>`` (a node limit,
    a pause, the output to Python, a stop at a limit) is left out, and one line at its place says so:
    ``# ... (<what>: not part of Algorithm C)``. Every other line is the source's own, in its order.
    ``part`` (``_run`` only: a key of ``LOOP_PARTS``) keeps one piece of its loop, cut where its step labels begin;
    ``part=PURIFY`` keeps only C5's purify of a coloured item (its comment, its counter, its walk down the list),
    dedented; ``part`` a step of ``STEPS`` ("C5", ...) keeps that step's block, from its ``# C5:`` comment to the end
    of the block, dedented.
    """
    if name not in SOURCES:
        raise ValueError(f"no search function {name!r}; choose one of {', '.join(SOURCES)}")
    if part is not None:
        return _loop_part(search_source(name, scaffolding), name, part)
    source = inspect.getsource(SEARCH_FUNCTIONS[SOURCES.index(name)])
    if scaffolding:
        return source
    lines = source.splitlines()
    left_out: dict[int, tuple[int, str]] = {}  # first line (0-based) of a block left out -> (its last line, what)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and NOT_ALGORITHM_C in lines[node.lineno - 1]:
            what = lines[node.lineno - 1].split(NOT_ALGORITHM_C, 1)[1]
            left_out[node.lineno - 1] = (node.end_lineno or node.lineno, what)
    kept, k = [], 0
    while k < len(lines):
        if k not in left_out:
            kept.append(lines[k])
            k += 1
            continue
        indent = lines[k][: len(lines[k]) - len(lines[k].lstrip())]
        whats = []
        while k in left_out:  # blocks one after another make one line
            k, what = left_out[k]
            whats.append(what)
        kept.append(f"{indent}# ... ({'; '.join(whats)}: not part of Algorithm C)")
    return "\n".join(kept) + "\n"


def _loop_part(source: str, name: str, part: str) -> str:
    """One piece of the loop in ``_run``'s source: "C2-C4" from the outer ``while True:`` to the end of the block
    that enters a level; "C8-C6" from the inner ``while True:`` to the end of the block that leaves one; "C5-C7"
    from there to the end of the outer loop. A ValueError if a piece lacks the step labels it is named for."""
    if name != "_run" or (part not in LOOP_PARTS and part != PURIFY and part not in STEPS):
        raise ValueError(
            f"a part is one of {', '.join(LOOP_PARTS)}, {PURIFY} or a step of {', '.join(STEPS)}, of _run's loop only"
            f" (not {name!r}, {part!r})"
        )
    if part == PURIFY:
        return _purify_part(source)
    if part in STEPS:
        return _step_part(source, part)
    (function,) = ast.parse(source).body
    outer = next(s for s in function.body if isinstance(s, ast.While))  # type: ignore[attr-defined]
    inner = next(s for s in outer.body if isinstance(s, ast.While))
    spans = {
        "C2-C4": (outer.lineno, outer.body[0].end_lineno),
        "C8-C6": (inner.lineno, inner.body[0].end_lineno),
        "C5-C7": (inner.body[1].lineno, outer.end_lineno),
    }
    first, last = spans[part]
    piece = "\n".join(source.splitlines()[first - 1 : last]) + "\n"
    missing = [step for step in LOOP_PARTS[part] if f"# {step}:" not in piece]
    if missing:
        raise ValueError(f"the part {part} of _run's loop has no step label for {', '.join(missing)}")
    return piece


def _step_part(source: str, step: str) -> str:
    """The block of one step in ``_run``'s source: from the line of its ``# C5:`` comment (for C5) to the last line
    indented as deep as that comment or deeper, dedented."""
    lines = source.splitlines()
    starts = [k for k, line in enumerate(lines) if line.strip().startswith(f"# {step}:")]
    if len(starts) != 1:
        raise ValueError(f"_run's loop has {len(starts)} lines that start with the step label {step}, not one")
    (start,) = starts
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) >= indent):
        end += 1
    return textwrap.dedent("\n".join(lines[start:end])).rstrip() + "\n"


def _purify_part(source: str) -> str:
    """C5's purify in ``_run``'s source: the body of its ``elif c > 0:`` with the comment above it, dedented."""
    c5 = ast.parse(_step_part(source, "C5"))  # the step's block, parsed alone
    block = next(node for node in ast.walk(c5) if isinstance(node, ast.If) and ast.unparse(node.test) == "c > 0")
    lines = _step_part(source, "C5").splitlines()
    first, last = block.body[0].lineno - 1, block.body[-1].end_lineno or block.body[-1].lineno
    if "# purify" not in lines[first - 1]:
        raise ValueError("C5's purify has no comment line above it")
    return textwrap.dedent("\n".join(lines[first - 1 : last])) + "\n"


def _run_showing_compile(*args: Any) -> Any:
    """The compiled ``_run(*args)``; if numba has to compile it first, a progress bar shows the compile."""
    run = _loop()
    if run.signatures:  # compiled, or loaded from the cache, earlier in this process
        return run(*args)
    with ExitStack() as stack:
        listener = _CompileProgress(stack)
        with numba_event.install_listener("numba:compile", listener):
            return run(*args)


class FastEngine:
    """Algorithm C compiled with numba: the same answers and counters as ``AlgorithmC``, far faster.

    ``count(limit, node_limit, progress)`` counts in compiled calls (one, without ``progress``);
    ``solutions(limit, node_limit, batch)`` yields tuples of option indices, fetched from the
    compiled loop ``batch`` at a time. It cannot be traced: use the ``sticker`` engine for that.
    """

    name = "fast"
    title = "Algorithm C compiled with numba"
    colours = True

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        teaching = AlgorithmC(problem)  # the same links, laid out by the same code
        fields = np.zeros((len(teaching.top), FIELDS), dtype=np.int32)
        for column, values in (
            (UP, teaching.ulink),
            (DOWN, teaching.dlink),
            (TOP, teaching.top),
            (COLOR, teaching.color),
        ):
            fields[:, column] = values
        nodes = fields.reshape(-1)  # node q's fields at 4q ... 4q + 3
        self._start = (
            np.asarray(teaching.llink, dtype=np.int32),
            np.asarray(teaching.rlink, dtype=np.int32),
            nodes,
            np.asarray(teaching.len, dtype=np.int32),
        )
        self.option_of = np.asarray(teaching.option_of, dtype=np.int32)
        self.n1 = teaching.n1
        self.stats = SearchStats()

    def _fresh(self) -> tuple[tuple[np.ndarray, ...], np.ndarray, np.ndarray]:
        arrays = tuple(a.copy() for a in self._start)
        profile = np.zeros(self.n1 + 2, dtype=np.int64)  # nodes per level, as the teaching engine keeps them
        return (*arrays, profile), np.zeros(self.n1 + 1, dtype=np.int32), np.zeros(PAUSE_AT + 1, dtype=np.int64)

    def _call(
        self, arrays: Any, choice: Any, state: Any, out: Any, out_len: Any, limit: int | None, node_limit: int | None
    ) -> int:
        # a limit past int64 is no limit any search reaches: the loop takes it as the largest int64
        llink, rlink, nodes, length, profile = arrays
        written = _run_showing_compile(
            llink, rlink, nodes, length, self.option_of, choice, state, profile, out, out_len,
            min(limit or 0, BIGGEST), min(node_limit or 0, BIGGEST),
        )  # fmt: skip
        levels = profile.tolist()
        while len(levels) > 1 and levels[-1] == 0:
            levels.pop()
        self.stats = SearchStats(
            solutions=int(state[SOLUTIONS]),
            nodes=int(state[NODES]),
            updates=int(state[UPDATES]),
            purifications=int(state[PURIFICATIONS]),
            stickers=int(state[STICKERS]),
            gave_up=bool(state[GAVE_UP]),
            profile=levels,
        )
        return int(written)

    def count(self, limit: int | None = None, node_limit: int | None = None, progress: Progress | None = None) -> int:
        """The number of solutions (up to ``limit``); ``progress(n)`` hears the count every 2**20 nodes."""
        check_limits(limit, node_limit)
        arrays, choice, state = self._fresh()
        no_rows = np.zeros((0, max(self.n1, 1)), dtype=np.int64)
        no_lengths = np.zeros(0, dtype=np.int64)
        while state[PHASE] != DONE:
            if progress is not None:
                state[PAUSE_AT] = state[NODES] + PAUSE_NODES
            self._call(arrays, choice, state, no_rows, no_lengths, limit, node_limit)
            if progress is not None:
                progress(int(state[SOLUTIONS]))
        return int(state[SOLUTIONS])

    def solutions(
        self, limit: int | None = None, node_limit: int | None = None, batch: int = 4096
    ) -> Iterator[tuple[int, ...]]:
        """Each solution as a tuple of option indices (in the order chosen), fetched in batches."""
        check_limits(limit, node_limit)
        arrays, choice, state = self._fresh()
        out = np.zeros((batch, max(self.n1, 1)), dtype=np.int64)
        out_len = np.zeros(batch, dtype=np.int64)
        while state[PHASE] != DONE:
            written = self._call(arrays, choice, state, out, out_len, limit, node_limit)
            for row, n in zip(out[:written].tolist(), out_len[:written].tolist()):
                yield tuple(row[:n])

    def first(self) -> tuple[int, ...] | None:
        """The first solution, or None."""
        return next(self.solutions(limit=1, batch=1), None)
