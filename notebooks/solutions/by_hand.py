"""Notebook 3b, Dancing Links by hand: the solutions and the checks for its exercises. What DLX1 printed on the
notebook's two files, and ``engine_links`` (an engine's arrays as the notebook's dict), are in ``lessons.by_hand``;
the notebook's tables and pictures are drawn by ``solutions.pictures``.

The arrays live in a dict ``links`` of plain lists named as Knuth names them: NAME, LLINK and RLINK for the items
(0 is the root of the primary items, N + 1 the head of the secondary ones), TOP, ULINK and DLINK for the nodes
(1..N are the items' headers, spacers have TOP <= 0), and LEN for the headers. Every check compares a learner's
arrays, or what a learner's function does to them, with the library's own engine (``DancingLinks``), and refuses
the library's own arrays and code that hands its work to the library or to the solutions (``attempt_own``, with
the answer's own functions in ``REFUSED``); arrays laid out by hand must be typed, in every cell that built them
(``check_links``); a learner's function that runs past its budget is stopped, with a word on what probably loops.
"""

from __future__ import annotations

import ast
import itertools
import random
import weakref

from lessons.by_hand import DLX1_RUNS, LibraryArray, _as_library, dlx1_counts, dlx1_mems, engine_links  # noqa: F401

from solutions import NOT_YET, Verdict, check, own_work
from solutions.exact_cover import OPEN_CODE, attempt_own
from solutions.pictures import (  # noqa: F401 (the tables and pictures live there, apart from the answers)
    ARRAYS,
    ITEM_ARRAYS,
    arrays_of,
    changes,
    four_way_figure,
    four_way_picture,
    memory_figure,
    memory_picture,
    table,
)
from wordcover import Problem, examples, make_engine, parse_dlx
from wordcover.classics import langford, queens
from wordcover.dancing_links import DancingLinks

DLX1_EIGHT_QUEENS = dlx1_counts(DLX1_RUNS["8 queens"])
TINY = """\
| a tiny problem, to lay out by hand
A B C | X
A B
C X
A C
B X
"""


# ---- the library's layout, and ways to look at it -----------------------------------------------------------


def library_links(problem: Problem) -> dict[str, list]:
    """The library's step X1 for a problem: what every layout in this notebook is compared with."""
    return engine_links(DancingLinks(problem))


def knuth_example() -> Problem:
    """Knuth's first example in DLX1 (items A-E primary, F and G secondary; six options)."""
    return examples.load("knuth_exact_cover").problem


def tiny_problem() -> Problem:
    """The tiny problem of exercise 2: three primary items, one secondary, four options."""
    return parse_dlx(TINY).problem


def option_of(links: dict[str, list], x: int) -> int:
    """The option (0, 1, ...) that node x belongs to: the spacer after it has TOP = -(option + 1)."""
    top = links["TOP"]
    while top[x] > 0:
        x += 1
    return -top[x] - 1


# ---- the solutions ------------------------------------------------------------------------------------------


def cover_d_updates() -> int:
    """6: cover(D) takes D out of the list of items (one update) and hides the three options in D's list.

    Hiding an option unlinks its other nodes: A D G loses A and G (2), A D loses A (1), D E G loses E and G (2).
    That is 5 nodes hidden, and 1 + 5 = 6 updates, as DLX1 counts them.
    """
    engine = DancingLinks(knuth_example())
    engine.cover(engine.names.index("D"))
    return engine.stats.updates


COVER_D_HINT = (
    "Count as cover(A) was counted above: one update for taking the item out of the list of items, and one for each "
    "node that hiding its options takes out of another item's list. Walk each option in D's list on the picture."
)


COVER_D_THEN = (
    'Now run e = make_engine(knuth, "x"); e.cover(4); print(e.stats.updates) to see the engine count them '
    "(D is item 4)."
)


def check_cover_d_updates(prediction) -> Verdict:
    """Exercise 1's check: the learner's count of cover(D)'s updates, with a hint on how Knuth counts, not the value;
    the line that counts them is said only after a right answer."""
    return check(prediction, cover_d_updates(), COVER_D_HINT, then=COVER_D_THEN)


def tiny_links() -> dict[str, list]:
    """The tiny problem laid out by hand: N = 4 items (A B C primary, X secondary), four options of two nodes.

    Items: the primary ring is 0 A B C, the secondary ring 5 X (5 = N + 1). Nodes 0-4 are the root's unused node
    and the headers, 5 is the first spacer, then each option is its nodes followed by a spacer:
    6 7 | 8 | 9 10 | 11 | 12 13 | 14 | 15 16 | 17. A header's ULINK is the last node of its list, its DLINK the
    first; a spacer's ULINK is the first node of the option before it, its DLINK the last node of the option
    after it (0 for the last spacer, as for the first spacer's ULINK).
    """
    return _as_library({
        "NAME": ["", "A", "B", "C", "X"],
        "LLINK": [3, 0, 1, 2, 5, 4],
        "RLINK": [1, 2, 3, 0, 5, 4],
        "TOP": [0, 0, 0, 0, 0, 0, 1, 2, -1, 3, 4, -2, 1, 3, -3, 2, 4, -4],
        "ULINK": [0, 12, 15, 13, 16, 0, 1, 2, 6, 3, 4, 9, 6, 9, 12, 7, 10, 15],
        "DLINK": [0, 6, 7, 9, 10, 7, 12, 15, 10, 13, 16, 13, 1, 3, 16, 2, 4, 0],
        "LEN": [0, 2, 2, 2, 2],
    })  # fmt: skip


def layout(problem: Problem) -> dict[str, list]:
    """X1: Knuth's arrays for any problem, built as DLX1 reads its input: the items, then option after option.

    The items are numbered 1..N, primary first. The primary items form a ring through the root 0, the secondary
    items another through N + 1. Each option's nodes are appended at the bottom of their items' lists, and a
    spacer follows each option.
    """
    n1, n = len(problem.primary), len(problem.items)
    links = {"NAME": ["", *problem.items], "LLINK": [0] * (n + 2), "RLINK": [0] * (n + 2)}
    for ring in ([0, *range(1, n1 + 1)], [n + 1, *range(n1 + 1, n + 1)]):
        for a, b in zip(ring, ring[1:] + ring[:1]):
            links["RLINK"][a], links["LLINK"][b] = b, a
    links |= _nodes(problem, n)
    return links


def _nodes(problem: Problem, n: int) -> dict[str, list]:
    """TOP, ULINK, DLINK and LEN: the headers, then every option's nodes with a spacer before and after it."""
    top, ulink, dlink, length = [0] * (n + 2), [*range(n + 1), 0], [*range(n + 1), 0], [0] * (n + 1)
    for k, option in enumerate(problem.options):
        spacer, first = len(top) - 1, len(top)
        for entry in option:
            i, x = problem.items.index(entry.item) + 1, len(top)
            last = ulink[i]  # the new node x goes at the bottom of item i's list, between last and i
            top.append(i)
            ulink.append(last)
            dlink.append(i)
            dlink[last] = ulink[i] = x
            length[i] += 1
        dlink[spacer] = len(top) - 1  # the spacer before: DLINK is the last node of this option
        top.append(-(k + 1))  # the spacer after: ULINK is the first node of this option
        ulink.append(first)
        dlink.append(0)
    return {"TOP": top, "ULINK": ulink, "DLINK": dlink, "LEN": length}


def hide(links: dict[str, list], p: int) -> int:
    """Unlink every node of p's option but p from its item's list; return how many nodes left a list.

    The walk goes right from p; a spacer (TOP <= 0) sends it back to the first node of the option (its ULINK).
    Each node removed keeps its own ULINK and DLINK, so unhide can put it back; LEN of its item goes down by one.
    """
    top, ulink, dlink, length = links["TOP"], links["ULINK"], links["DLINK"], links["LEN"]
    hidden, q = 0, p + 1
    while q != p:
        x, u, d = top[q], ulink[q], dlink[q]
        if x <= 0:  # a spacer: back to the first node of the option
            q = u
            continue
        dlink[u], ulink[d] = d, u
        length[x] -= 1
        hidden += 1
        q += 1
    return hidden


def unhide(links: dict[str, list], p: int) -> None:
    """Undo hide(p): walk left from p (a spacer's DLINK jumps to the last node) and relink each node.

    A node put back between the neighbours it remembers, U and D, needs only DLINK(U) = ULINK(D) = the node.
    """
    top, ulink, dlink, length = links["TOP"], links["ULINK"], links["DLINK"], links["LEN"]
    q = p - 1
    while q != p:
        x, u, d = top[q], ulink[q], dlink[q]
        if x <= 0:  # a spacer: on to the last node of the option
            q = d
            continue
        dlink[u] = ulink[d] = q
        length[x] += 1
        q -= 1


def cover(links: dict[str, list], i: int) -> int:
    """Hide every option in item i's list, top down, then take i out of the list of items; return the updates.

    Knuth counts an update for every link broken: one for taking i out of its list, one for every node hidden.
    """
    llink, rlink, dlink = links["LLINK"], links["RLINK"], links["DLINK"]
    updates, p = 1, dlink[i]
    while p != i:
        updates += hide(links, p)
        p = dlink[p]
    left, right = llink[i], rlink[i]
    rlink[left], llink[right] = right, left
    return updates


def uncover(links: dict[str, list], i: int) -> None:
    """Undo cover(i) in reverse order: put i back between its old neighbours, then unhide its options bottom up."""
    llink, rlink, ulink = links["LLINK"], links["RLINK"], links["ULINK"]
    rlink[llink[i]] = llink[rlink[i]] = i
    p = ulink[i]
    while p != i:
        unhide(links, p)
        p = ulink[p]


def choose(links: dict[str, list]) -> int:
    """X3: the primary item with the smallest LEN (minimum remaining values), the first of them on a tie."""
    rlink, length = links["RLINK"], links["LEN"]
    best = k = rlink[0]
    while k != 0:
        if length[k] < length[best]:
            best = k
        k = rlink[k]
    return best


def cover_others(links: dict[str, list], x: int) -> int:
    """X5: cover the items of x's option other than TOP(x), left to right; return the updates."""
    top, ulink = links["TOP"], links["ULINK"]
    updates, p = 0, x + 1
    while p != x:
        j = top[p]
        if j <= 0:  # a spacer: back to the first node of the option
            p = ulink[p]
            continue
        updates += cover(links, j)
        p += 1
    return updates


def uncover_others(links: dict[str, list], x: int) -> None:
    """X6: uncover the items of x's option other than TOP(x), right to left: the reverse of X5."""
    top, dlink = links["TOP"], links["DLINK"]
    p = x - 1
    while p != x:
        j = top[p]
        if j <= 0:  # a spacer: on to the last node of the option
            p = dlink[p]
            continue
        uncover(links, j)
        p -= 1


def search(links: dict[str, list]) -> tuple[list[list[int]], int, int]:
    """Algorithm X, steps X2-X8: (solutions, nodes, updates); a solution is its chosen nodes x_0, ..., x_{l-1}.

    Each call of ``enter`` is one entry to X2, so one search-tree node, the solutions included (DLX1 counts a
    solution as a node too). The levels are the depth of the recursion, and ``x`` holds x_0 .. x_l.
    """
    rlink, dlink = links["RLINK"], links["DLINK"]
    found: list[list[int]] = []
    x: list[int] = []
    counts = {"nodes": 0, "updates": 0}

    def enter() -> None:  # X2: enter level l = len(x)
        counts["nodes"] += 1
        if rlink[0] == 0:  # no primary item is left: visit a solution
            found.append(list(x))
            return
        i = choose(links)  # X3: choose i
        counts["updates"] += cover(links, i)  # X4: cover i
        x.append(dlink[i])
        while x[-1] != i:  # X5: try x_l
            counts["updates"] += cover_others(links, x[-1])
            enter()
            uncover_others(links, x[-1])  # X6: try again
            x[-1] = dlink[x[-1]]
        x.pop()
        uncover(links, i)  # X7: backtrack; X8: leave level l (return to the level above)

    enter()
    return found, counts["nodes"], counts["updates"]


def resuscitated() -> int:
    """29: the node that uncover(D) puts back into G's list, which uncover(G) then meets (X6 left to right).

    X4 covers A, which hides A D G (15 leaves G's list). X5 tries A D G and covers D, which hides D E G: 28 leaves
    E's list and 29 leaves G's. Then cover(G) meets only 25 in G's list and hides B G. Left to right, X6 uncovers D
    first, which unhides D E G and so puts 29 back into G's list; uncover(G) then walks G's list, meets 25 and 29,
    and unhides D E G a second time: 27 and 28 go back into lists they never left, and LEN(D) and LEN(E) count them
    twice. DLX1 says it in a comment: uncovering a "can resuscitate elements in item b that would mess up the
    uncovering of b". Worked out here on the library's engine: the node in G's list after uncover(D) that was not
    there when cover(G) ran.
    """
    engine = make_engine(knuth_example(), "x")
    names = engine.names
    for item in "ADG":  # X4 covers A; X5 tries A D G and covers D, then G
        engine.cover(names.index(item))
    g = names.index("G")

    def g_list() -> set[int]:
        nodes, x = set(), engine.dlink[g]
        while x != g:
            nodes.add(x)
            x = engine.dlink[x]
        return nodes

    seen = g_list()
    engine.uncover(names.index("D"))  # X6 in X5's own order: D first
    (node,) = g_list() - seen
    return node


RESUSCITATED_HINT = (
    "Walk G's list as cover(G) found it in the replay, then ask what uncover(D) puts back, node by node, before "
    "uncover(G) walks G's list: which of the nodes it meets there had cover(G) not met?"
)
RESUSCITATED_THEN = (
    "uncover(G) unhides that node's option a second time, so its other nodes go back into lists they never left: "
    "that is why two LEN counters ended one too high."
)


def check_resuscitated(node) -> Verdict:
    """Exercise 6's check: the learner's node number, with a hint on where to look, never the number; what it does
    next is said only after a right answer."""
    return check(node, resuscitated(), RESUSCITATED_HINT, then=RESUSCITATED_THEN)


# ---- the checks ---------------------------------------------------------------------------------------------


def _roles(right: dict[str, list]) -> tuple[dict[int, str], dict[int, str]]:
    """What each entry of the item arrays and of the node arrays stands for, in words."""
    names, top = right["NAME"], right["TOP"]
    n = len(names) - 1
    items = {0: "the root", n + 1: "the head of the secondary items"} | {i: f"item {names[i]}" for i in range(1, n + 1)}
    nodes = {0: "node 0, not used"} | {i: f"the header of {names[i]}" for i in range(1, n + 1)}
    spacers = [x for x in range(n + 1, len(top)) if top[x] <= 0]
    for a, b in itertools.pairwise(spacers):
        label = " ".join(names[top[x]] for x in range(a + 1, b))
        nodes[a] = f"the spacer before {label}"
        nodes |= {x: f"{names[top[x]]}'s node in {label}" for x in range(a + 1, b)}
    nodes[spacers[-1]] = "the last spacer"
    return items, nodes


def _shaped(mine: dict, right: dict[str, list]):
    """Each array in turn: (its name, the learner's entries as a list, "") where it has the right length, else (its
    name, None, what is wrong with it: missing, None or the wrong number of entries)."""
    for name in ARRAYS:
        values = mine.get(name)
        if values is None:
            yield name, None, f"{name} is missing" if name not in mine else f"{name} is still None"
            continue
        values = list(values)  # once: an iterator given as an array is read once
        if len(values) != len(right[name]):
            yield name, None, f"{name} has {len(values)} entries; this problem needs {len(right[name])}"
        else:
            yield name, values, ""


def _differences(mine, right: dict[str, list]) -> list[str]:
    """What differs between a learner's arrays and the right ones, one line each, the first few of each array: the
    entry, what it stands for and the learner's value, never the right one (the learner follows the walk instead)."""
    if not isinstance(mine, dict):
        return [f"the arrays should be a dict with keys {', '.join(ARRAYS)}, not {type(mine).__name__}"]
    items, nodes = _roles(right)
    found = []
    for name, values, shape in _shaped(mine, right):
        if values is None:
            found.append(shape)
            continue
        wrong = [x for x, (a, b) in enumerate(zip(values, right[name])) if a != b]
        roles = items if name in ITEM_ARRAYS else nodes
        for x in wrong[:3]:
            found.append(f"{name}[{x}] ({roles[x]}) is {values[x]!r}")
        if len(wrong) > 3:
            found.append(f"{name}: {len(wrong) - 3} more")
    return found


def _first_wrong(mine, right: dict[str, list]) -> tuple[list[str], str]:
    """The first array, in the order NAME, LLINK, RLINK, TOP, ULINK, DLINK, LEN, that is not right, and a hint on
    the rule it follows: never which entries differ nor how many (a count that falls as one entry is changed would
    let a learner find the arrays by trial, without paper)."""
    if not isinstance(mine, dict):
        return _differences(mine, right), ""
    for name, values, shape in _shaped(mine, right):
        if values is None:
            return [shape], ""
        if values != list(right[name]):
            before = ", ".join(ARRAYS[: ARRAYS.index(name)])
            right_ones = f"{before} {'is' if ARRAYS.index(name) == 1 else 'are'} right"
            said = f"{name} is not right yet" + (f" ({right_ones})" if before else "")
            return [said], f"{name}: {ARRAY_RULES[name]} Go through it again on paper, entry by entry."
    return [], ""


ARRAY_RULES = {  # the rule each array follows, said for the hint when it is the first one wrong
    "NAME": "NAME[0] is the empty string, then the items in the order of the first line, primary first.",
    "LLINK": "the primary items and 0 make one circle, the secondary items and N + 1 another; LLINK[i] is the "
    "item before i in its circle.",
    "RLINK": "the primary items and 0 make one circle, the secondary items and N + 1 another; RLINK[i] is the "
    "item after i in its circle.",
    "TOP": "a node of an option holds its item's number; a header's TOP and the first spacer's are 0, and the "
    "spacer after the k-th option (counted from 1) holds -k.",
    "ULINK": "walking up an item's list from its header meets its nodes bottom up and comes back to the header; a "
    "spacer's ULINK is the first node of the option before it (0 for the first spacer).",
    "DLINK": "walking down an item's list from its header meets its nodes top down and comes back to the header; "
    "a spacer's DLINK is the last node of the option after it (0 for the last spacer).",
    "LEN": "LEN[i] counts the nodes in item i's list; LEN[0] is 0.",
}


X6_HINT = (
    "  Every link is back, yet some LEN is too high: a node was counted back into a list it had not left. In which "
    "order does your X6 uncover the items that X5 covered? (*Which orders matter*)"
)


def _x6_hint(mine, right: dict[str, list]) -> str:
    """X6_HINT when every array but LEN is right and no LEN is too low (what an X6 in X5's own order leaves), else
    nothing."""
    if not isinstance(mine, dict) or any(list(mine.get(name, ())) != list(right[name]) for name in ARRAYS[:-1]):
        return ""
    lens = list(mine.get("LEN", ()))
    if len(lens) != len(right["LEN"]) or any(type(v) is not int for v in lens):
        return ""
    return X6_HINT if all(a >= b for a, b in zip(lens, right["LEN"])) and lens != right["LEN"] else ""


def _report(lines: list[str], before: str = "", hint: str = "") -> Verdict:
    """Print a ✗ with what differs (at most six lines) and ``hint``, or nothing and a right verdict when nothing
    does."""
    if not lines:
        return Verdict(True)
    print(f"✗ Not yet: {before}{lines[0]}")
    for line in lines[1:6]:
        print(f"  {line}")
    if len(lines) > 6:
        print(f"  and {len(lines) - 6} more")
    if hint:
        print(hint)
    return Verdict(False)


class _Ran(str):
    """A cell's text, known to have run to its end without an error (so each binding at its top level ran)."""


_RAN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # each shell: the counts of the cells run to their end


def watch_cells(shell=None) -> None:
    """Note, from now on, which cells run without an error (the notebook's setup cell does this by importing us)."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython is installed wherever the notebooks run
            return
        shell = get_ipython()
    if shell is None or shell in _RAN:
        return
    ran = _RAN[shell] = set()

    def noted(result) -> None:
        if getattr(result, "success", False) and result.execution_count is not None:
            ran.add(result.execution_count)

    shell.events.register("post_run_cell", noted)


watch_cells()


def _history(cell: str | None) -> tuple[list[str], dict | None]:
    """The cells run so far, oldest first, and the names they bound: the notebook's (IPython's ``In`` and the user's
    namespace), or ``[cell]`` and no namespace where there is no notebook (as in the tests)."""
    if cell is not None:
        return [cell], None
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is installed wherever the notebooks run
        return [], None
    shell = get_ipython()
    if shell is None:
        return [], None
    ran = _RAN.get(shell, set())
    cells = shell.user_ns.get("In", [])
    return [_Ran(c) if k in ran else c for k, c in enumerate(cells) if isinstance(c, str)], shell.user_ns


def _parse(cell: str) -> ast.Module | None:
    try:
        return ast.parse(cell)
    except SyntaxError:
        return None


def _binds(tree: ast.Module, name: str) -> bool:
    """Whether a cell binds ``name`` as a whole (``name = ...``, ``for name in ...`` and the like)."""
    return any(isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
               for node in ast.walk(tree))  # fmt: skip


_ANY_NAME = {"globals", "locals", "vars", "exec", "eval", "setattr", "__builtins__", "builtins", "__import__"}


def _binds_unseen(tree: ast.Module) -> list[ast.expr]:
    """What in a cell can bind a name without naming it (``globals()[...] = ...``, ``exec(...)``, ...)."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id in _ANY_NAME]


def _builders(history: list[str], name: str) -> list[ast.expr] | None:
    """Every expression that may have gone into the value ``name`` holds: from the first cell that binds it on, each
    value assigned to it or to an entry of it and each argument of a method called on it (``append``, ``update``,
    ...), the latest cells first.

    None when no cell binds it. Every cell since the first binding is read, not only the last that binds the name:
    a cell whose binding never ran (``if False: name = ...``, or a cell that raised before it) looks like the last
    binding without being it, so what any of them assigned counts. The one exception is a cell known to have run
    to its end (noted by ``watch_cells``) that assigns ``name`` anew at its top level: its value replaced every
    earlier one, so reading starts there, and an early copy does not count against arrays typed since. A binding
    that is not an assignment (``for name in ...``, ``with ... as name``) gives the whole statement's iterable or
    context, so it is judged as well. From the first binding on, a cell that can bind any name unseen (through
    ``globals()``, ``exec`` and the like) counts as binding it, and what it used is what it gives.
    """
    parsed = [(cell, tree) for cell in history if (tree := _parse(cell)) is not None]
    trees = [tree for _, tree in parsed]
    first = next((k for k, tree in enumerate(trees) if _binds(tree, name)), None)
    fresh = [k for k, (cell, tree) in enumerate(parsed) if isinstance(cell, _Ran) and _rebinds(tree, name)]
    if first is not None and fresh:
        first = max(first, fresh[-1])  # what that cell bound replaced every earlier value, whatever it was
    if first is None:
        first = next((k for k, tree in enumerate(trees) if _binds_unseen(tree)), None)
    if first is None:
        return None
    found: list[ast.expr] = []
    for tree in reversed(trees[first:]):
        found += _binds_unseen(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(_names(target, name) for target in targets):
                    found.append(node.value)
            elif isinstance(node, (ast.For, ast.comprehension)) and _names(node.target, name):
                found.append(node.iter)
            elif isinstance(node, ast.withitem) and node.optional_vars is not None and _names(node.optional_vars, name):
                found.append(node.context_expr)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _names(node.func.value, name):
                found += [*node.args, *(k.value for k in node.keywords)]
    return found


def _rebinds(tree: ast.Module, name: str) -> bool:
    """Whether a cell, run to its end, gave ``name`` a new value built without its old one: a statement
    ``name = ...`` at the cell's top level (not inside an if, a loop or a function) whose value does not read
    ``name``, and no statement of the cell can bind a name unseen (``globals()``, ``exec`` ...)."""
    if _binds_unseen(tree):
        return False
    return any(
        isinstance(statement, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in statement.targets)
        and not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(statement.value))
        for statement in tree.body
    )


def _names(target: ast.expr, name: str) -> bool:
    """Whether an assignment target is ``name``, an entry or slice of it, or a tuple holding one of those."""
    if isinstance(target, ast.Name):
        return target.id == name
    if isinstance(target, (ast.Subscript, ast.Attribute, ast.Starred)):
        return _names(target.value, name)
    if isinstance(target, (ast.Tuple, ast.List)):
        return any(_names(e, name) for e in target.elts)
    return False


_TYPED = {"list", "range", "len", "dict", "tuple", "int"}  # what arrays typed by hand may call
_VIEWS = {"items", "keys", "values", "copy"}  # and the methods of a typed dict or list that only read it
_SPLITS = {"split", "splitlines", "strip"}  # and of a typed string, to type the numbers as text: "3 0 1".split()


def _not_typed(node: ast.AST | None, history: list[str], local: frozenset[str] = frozenset(),
               seen: frozenset[str] = frozenset()) -> str | None:  # fmt: skip
    """The first piece of an expression that is not typed by hand, as source text, or None when all of it is.

    Typed: numbers and strings; lists, tuples, sets and dicts of typed things; ``+``, ``-``, ``*``; an entry or a
    slice of a typed thing; a comprehension over typed things; a call of list, range, len, dict, tuple or int on
    typed things (``map`` of one of them too), of items, keys, values or copy on a typed thing, or of split,
    splitlines or strip on a typed string; and a name whose value every cell that built it built from typed things.
    """

    def typed(*nodes: ast.AST | None, local: frozenset[str] = local) -> str | None:
        return next((bad for n in nodes if (bad := _not_typed(n, history, local, seen)) is not None), None)

    if node is None or isinstance(node, (ast.Constant, ast.operator, ast.unaryop, ast.expr_context)):
        return None
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return typed(*node.elts)
    if isinstance(node, ast.Dict):
        return typed(*node.keys, *node.values)
    if isinstance(node, ast.Starred):
        return typed(node.value)
    if isinstance(node, ast.UnaryOp):
        return typed(node.operand)
    if isinstance(node, ast.BinOp):
        return typed(node.left, node.right)
    if isinstance(node, ast.Subscript):
        return typed(node.value, node.slice)
    if isinstance(node, ast.Slice):
        return typed(node.lower, node.upper, node.step)
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        bound = local
        for generator in node.generators:
            if (bad := typed(generator.iter, local=bound)) is not None:
                return bad
            bound = bound | {n.id for n in ast.walk(generator.target) if isinstance(n, ast.Name)}
            if (bad := typed(*generator.ifs, local=bound)) is not None:
                return bad
        parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        return typed(*parts, local=bound)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in _TYPED:
            return typed(*node.args, *(k.value for k in node.keywords))
        if isinstance(node.func, ast.Attribute) and node.func.attr in _VIEWS and not node.args and not node.keywords:
            return typed(node.func.value)  # src.items() of a typed dict src is typed; of anything else, not
        if isinstance(node.func, ast.Attribute) and node.func.attr in _SPLITS:
            return typed(node.func.value, *node.args, *(k.value for k in node.keywords))  # "3 0 1".split()
        if isinstance(node.func, ast.Name) and node.func.id == "map" and node.args:
            head = node.args[0]  # map(int, typed): int applied to typed things, as [int(s) for s in typed]
            if isinstance(head, ast.Name) and head.id in _TYPED and head.id not in local:
                return typed(*node.args[1:])
        return ast.unparse(node.func)
    if isinstance(node, ast.Name):
        if node.id in _ANY_NAME:  # globals(), exec(...): whatever they bound was not typed in a cell
            return node.id
        if node.id in local or node.id in seen:
            return None
        builders = _builders(history, node.id)
        if builders is None:
            return node.id
        return next((bad for b in builders if (bad := _not_typed(b, history, frozenset(), seen | {node.id}))), None)
    return ast.unparse(node) if isinstance(node, ast.expr) else type(node).__name__


def _taken_from(mine: dict, cell: str | None, name: str) -> str | None:
    """What the cells that built the learner's arrays took them from, when not typed by hand (None when typed)."""
    history, namespace = _history(cell)
    if namespace is not None:  # in a notebook: the name the check was given, as the learner's cells bound it
        bound = [k for k, v in namespace.items() if v is mine and not k.startswith("_")]
        if not bound:
            return "a value no cell of this notebook assigns to a name"
        name = name if name in bound else bound[0]
    elif not history:
        return None  # no notebook and no cell: only the library's own arrays can be told apart
    return _not_typed(ast.Name(id=name, ctx=ast.Load()), history)


LOOPS = {  # what probably loops when a learner's function runs past its budget
    "layout": "Does every loop over the items, the options and their entries end?",
    "hide": "At a spacer (TOP <= 0), does the walk go back to the first node of the option by the spacer's ULINK? "
    "Its DLINK leads into the next option, and the walk never comes back to p.",
    "unhide": "At a spacer (TOP <= 0), does the walk go on to the last node of the option by the spacer's DLINK? "
    "Its ULINK leads into the option before, and the walk never comes back to p.",
    "cover": "Does the walk down i's list move on by DLINK after each hide and stop back at the header i? And at "
    "a spacer, does hide go back by the spacer's ULINK?",
    "uncover": "Does the walk up i's list move on by ULINK after each unhide and stop back at the header i? And "
    "at a spacer, does unhide go on by the spacer's DLINK?",
    "search": "Does X5 and X6's walk along an option jump at a spacer (ULINK going right, DLINK going left), does "
    "each X6 move x_l on by DLINK until it is back at the header i, and does the search stop after level 0?",
}
SEARCH_LOOP = DancingLinks._search  # refused, not called
REFUSED = {  # while a learner's function runs, these are swapped for a tripwire: the answer it is asked to write
    "layout": (layout, _nodes, DancingLinks._build),  # refused, not called
    "hide": (hide, DancingLinks.hide),
    "unhide": (unhide, DancingLinks.unhide),
    "cover": (cover, hide, DancingLinks.cover, DancingLinks.hide),
    "uncover": (uncover, unhide, DancingLinks.uncover, DancingLinks.unhide),
    "search": (search, cover_others, uncover_others, choose, cover, uncover, SEARCH_LOOP),
}
SEARCH_BUDGET = 10.0  # seconds a learner's search may take on eight queens (the solution's takes a few hundredths)


def check_links(mine, problem: Problem, cell: str | None = None, name: str = "tiny_links") -> Verdict:
    """Compare arrays laid out by hand with the library's layout of the problem; say where they differ.

    The numbers must be typed: the library's own arrays are refused, and so are arrays that any cell building them
    took from somewhere else (a call other than list, range, len, dict, tuple or int, than items, keys, values or
    copy of a typed dict, than split of a typed string, an attribute, a name no cell typed), however many cells
    and names lie between.
    ``cell`` gives the one cell to judge where there is no notebook, as in the tests, and ``name`` the name it
    assigns.
    """
    if mine is None or (isinstance(mine, dict) and all(v is None for v in mine.values())):
        print(NOT_YET)
        return Verdict(False)
    if isinstance(mine, dict) and any(isinstance(v, LibraryArray) for v in mine.values()):
        print("✗ Not yet: these are the library's own arrays (a copy the solutions made), not yours: lay the "
              "problem out by hand, as the exercise asks.")  # fmt: skip
        return Verdict(False)
    taken = _taken_from(mine, cell, name)
    if taken:
        print(f"✗ Not yet: the cells that build these arrays take them from {taken}: type the numbers by hand, "
              "each one worked out on paper, not read or computed from the problem, the library or the solutions "
              f"(exercise 3 then writes the function that computes them). The check reads the cells run since the "
              f"last one that assigned {name} as a whole and ran without an error.")  # fmt: skip
        return Verdict(False)
    lines, hint = _first_wrong(mine, library_links(problem))
    if not _report(lines, hint=hint):
        return Verdict(False)
    print("✓ Right: all seven arrays are as the library lays them out.")
    return Verdict(True)


def _problems() -> list[tuple[str, Problem]]:
    """The problems the layout and search checks use: two by hand, two classics, some random ones."""
    named = [("Knuth's example", knuth_example()), ("the tiny problem", tiny_problem())]
    named += [("4 queens", queens(4)), ("Langford pairs, n = 4", langford(4))]
    return named + [(f"random problem {seed}", random_problem(seed)) for seed in (1, 5, 9, 12)]


def random_problem(seed: int) -> Problem:
    """A small random problem: 3-6 primary items, 1-3 secondary, 6-12 options of 1-3 primary and 0-2 secondary."""
    rng = random.Random(seed)
    primary = [f"P{k}" for k in range(rng.randint(3, 6))]
    secondary = [f"S{k}" for k in range(rng.randint(1, 3))]
    options = []
    for _ in range(rng.randint(6, 12)):
        items = rng.sample(primary, rng.randint(1, 3))
        options.append(items + rng.sample(secondary, rng.randint(0, min(2, len(secondary)))))
    return Problem(primary, secondary, options)


LAYOUT_RULE = (
    "Step X1 reads the options in order, and each new node goes at the bottom of its item's list: it becomes the "
    "header's ULINK and the DLINK of the node that was last."
)


def _layout_hint(mine, right: dict[str, list]) -> str:
    """The rule of the first array a layout got wrong; for ULINK and DLINK, X1's rule for where a new node goes."""
    if not isinstance(mine, dict):
        return ""
    for name, values, _ in _shaped(mine, right):
        if values is None or values != list(right[name]):
            rule = f"{name}: {ARRAY_RULES[name]}"
            return f"{rule} {LAYOUT_RULE}" if name in ("ULINK", "DLINK") else rule
    return ""


def check_layout(layout_fn) -> Verdict:
    """Run a learner's layout on several problems and compare with the library's layout of each."""
    if not own_work(layout_fn, *REFUSED["layout"]):
        return Verdict(False)
    for name, problem in _problems():
        ran, mine = attempt_own(layout_fn, problem, what="layout above", where=f"on {name} it", loops=LOOPS["layout"],
                                refused=REFUSED["layout"])  # fmt: skip
        if not ran:
            return Verdict(False)
        right = library_links(problem)
        if not _report(_differences(mine, right), f"on {name}, ", hint=_layout_hint(mine, right)):
            return Verdict(False)  # no values: the tiny problem's would be exercise 2's answer
    print(f"✓ Right on all {len(_problems())} problems: the same seven arrays as the library's layout.")
    return Verdict(True)


def _lists(links: dict[str, list]) -> dict[int, list[int]]:
    """Each item's list as DLINK walks it from the header (never longer than the number of nodes)."""
    top, dlink = links["TOP"], links["DLINK"]
    found = {}
    for i in range(1, len(links["NAME"])):
        nodes, q = [], dlink[i]
        while q != i and len(nodes) < len(top):
            nodes.append(q)
            q = dlink[q]
        found[i] = nodes
    return found


WRITES = {  # what each operation writes, said after the entries a learner's leaves otherwise (never their values)
    "hide": "Follow hide's definition above for this p on paper: for each other node q of p's option it writes "
    "DLINK of the node above q, ULINK of the node below q and LEN of q's item, and nothing else.",
    "unhide": "Follow unhide's definition above for this p on paper: for each other node q of p's option, right to "
    "left, the node q remembers above it and the one it remembers below point at q again, and LEN of q's item "
    "goes back up.",
    "cover": "Follow cover's definition above for this i on paper: every option in i's list is hidden, top down from "
    "DLINK(i), and i leaves the list of items (RLINK of its left neighbour, LLINK of its right one).",
    "uncover": "Follow uncover's definition above for this i on paper: i goes back between the neighbours it "
    "remembers, and its options are unhidden bottom up from ULINK(i).",
}


def _compare(what: str, mine, engine: DancingLinks, name: str) -> bool:
    """After one step: the learner's arrays against the library engine's; print what differs and what to follow."""
    return bool(_report(_differences(mine, engine_links(engine)), f"after {what}, ", WRITES[name]))


def _counted(what: str, got, want: int, rule: str) -> bool:
    """A returned count against the library's; print the rule (not the count) when they differ."""
    if got == want:
        return True
    print(f"✗ Not yet: {what} returned {got!r}, which is not Knuth's count: {rule}.")
    return False


def _done_alike(fn, do, links: dict, engine: DancingLinks, step: int, name: str, what: str, rule: str) -> bool:
    """One step by a learner's ``fn(links, step)`` and by the library's ``do(engine, step)``: the same arrays after
    it, and the same count of updates (``rule`` says how Knuth counts them)."""
    start = {array: list(values) for array, values in links.items()}
    ran, got = attempt_own(fn, links, step, what=f"{name} above", where=what, loops=LOOPS[name], refused=REFUSED[name])
    if not ran:
        return False
    before = engine.stats.updates
    do(engine, step)
    if name == "cover" and links != engine_links(engine) and links == _covered_bottom_up(start, step):
        print(f"✗ Not yet: after {what}, the arrays are what hiding i's options bottom up gives. cover hides them "
              "top down, from DLINK(i): a node hidden later keeps the links it had when it left, "
              "and those differ.")  # fmt: skip
        return False
    return _compare(what, links, engine, name) and _counted(what, got, engine.stats.updates - before, rule)


def _covered_bottom_up(links: dict[str, list], i: int) -> dict[str, list]:
    """What a cover that hides i's options bottom up (from ULINK(i)) leaves: a mistake the cover check names."""
    links = {array: list(values) for array, values in links.items()}
    p = links["ULINK"][i]
    while p != i:
        hide(links, p)
        p = links["ULINK"][p]
    left, right = links["LLINK"][i], links["RLINK"][i]
    links["RLINK"][left], links["LLINK"][right] = right, left
    return links


def check_hide(hide_fn) -> Verdict:
    """Hide the options of each item's list one after another with a learner's hide and with the library's."""
    if not own_work(hide_fn, *REFUSED["hide"]):
        return Verdict(False)
    problem = knuth_example()
    for nodes in _lists(library_links(problem)).values():
        engine, links = DancingLinks(problem), library_links(problem)
        for p in nodes:
            what = f"hide(links, {p})" + (f" after hiding {nodes[0]}" if p != nodes[0] else "")
            rule = "one for each node taken out of a list"
            if not _done_alike(hide_fn, DancingLinks.hide, links, engine, p, "hide", what, rule):
                return Verdict(False)
    print("✓ Right: every hide on Knuth's example leaves the arrays as the library's does, and counts as it does.")
    return Verdict(True)


def _undone_each(problem: Problem, steps: list[int], do, undo_fn, name: str, describe) -> bool:
    """Make ``steps`` with the library (``do(engine, step)``), then undo them last first with a learner's
    ``undo_fn(links, step)``: after each undo the arrays must be as they were before that step.

    ``describe(links, step)`` gives the call as the messages name it and the context of a difference.
    """
    engine = DancingLinks(problem)
    states = [engine_links(engine)]
    for step in steps:
        do(engine, step)
        states.append(engine_links(engine))
    links = states.pop()
    for step in reversed(steps):
        what, context = describe(links, step)
        ran, _ = attempt_own(undo_fn, links, step, what=f"{name} above", where=what, loops=LOOPS[name],
                             refused=REFUSED[name])  # fmt: skip
        if not ran or not _report(_differences(links, states.pop()), context, WRITES[name]):
            return False
    return True


def check_unhide(unhide_fn) -> Verdict:
    """Hide the options of each item's list with the library, then unhide them bottom up with a learner's unhide."""
    if not own_work(unhide_fn, *REFUSED["unhide"]):
        return Verdict(False)
    problem = knuth_example()
    for i, nodes in _lists(library_links(problem)).items():

        def describe(links: dict[str, list], p: int, i: int = i) -> tuple[str, str]:
            what = f"unhide(links, {p})"
            return what, f"after {what} ({links['NAME'][i]}'s options hidden top down, unhidden bottom up), "

        if not _undone_each(problem, nodes, DancingLinks.hide, unhide_fn, "unhide", describe):
            return Verdict(False)
    print("✓ Right: every unhide puts back exactly what the hide before it took out.")
    return Verdict(True)


def _cover_orders(problem: Problem) -> list[list[int]]:
    """Orders in which the checks cover items: every item alone, then all of them one after another, both ways."""
    n = len(problem.items)
    return [[i] for i in range(1, n + 1)] + [list(range(1, n + 1)), list(range(n, 0, -1))]


def check_cover(cover_fn) -> Verdict:
    """Cover items alone and one after another with a learner's cover and with the library's; compare each step."""
    if not own_work(cover_fn, *REFUSED["cover"]):
        return Verdict(False)
    for name, problem in (("Knuth's example", knuth_example()), ("the tiny problem", tiny_problem())):
        for order in _cover_orders(problem):
            engine, links = DancingLinks(problem), library_links(problem)
            for step, i in enumerate(order):
                what = f"cover(links, {i}) (item {links['NAME'][i]}) on {name}"
                if step:
                    what += f", after {', '.join(links['NAME'][j] for j in order[:step])}"
                rule = "one for taking the item out of the list of items, one for each node hidden"
                if not _done_alike(cover_fn, DancingLinks.cover, links, engine, i, "cover", what, rule):
                    return Verdict(False)
    print("✓ Right: every cover leaves the arrays as the library's does, and counts the updates as Knuth does.")
    return Verdict(True)


def check_uncover(uncover_fn) -> Verdict:
    """Cover items with the library, then uncover them in reverse with a learner's uncover; compare each step."""
    if not own_work(uncover_fn, *REFUSED["uncover"]):
        return Verdict(False)
    for name, problem in (("Knuth's example", knuth_example()), ("the tiny problem", tiny_problem())):

        def describe(links: dict[str, list], i: int, name: str = name) -> tuple[str, str]:
            what = f"uncover(links, {i}) (item {links['NAME'][i]}) on {name}"
            return what, f"after {what}, "

        for order in _cover_orders(problem):
            if not _undone_each(problem, order, DancingLinks.cover, uncover_fn, "uncover", describe):
                return Verdict(False)
    print("✓ Right: every uncover puts back exactly what the cover before it changed.")
    return Verdict(True)


class _Watched(list):
    """An array handed to a learner's search: it counts the entries written one at a time and notes every change
    made to the whole array at once (a saved copy put back, say). A copy of it is a plain list."""

    def __init__(self, values, log: dict[str, int]):
        super().__init__(values)
        self.log = log

    def __setitem__(self, key, value):
        self.log["bulk" if isinstance(key, slice) else "writes"] += 1
        super().__setitem__(key, value)

    def __reduce_ex__(self, protocol):
        return list, (list(self),)


class _WatchedLinks(dict):
    """The dict of arrays handed to a learner's search: it notes an array replaced, added or removed."""

    def __reduce_ex__(self, protocol):
        return dict, (dict(zip(dict.keys(self), map(list, dict.values(self)))),)  # no comprehension: one code object


def _bulk(cls, name: str):
    method = getattr(cls.__mro__[1], name)

    def noted(self, *args, **kwargs):
        self.log["bulk"] += 1
        return method(self, *args, **kwargs)

    setattr(cls, name, noted)


for _name in ("__delitem__", "__iadd__", "__imul__", "append", "clear", "extend", "insert", "pop", "remove",
              "reverse", "sort"):  # fmt: skip
    _bulk(_Watched, _name)
for _name in ("__setitem__", "__delitem__", "__ior__", "clear", "pop", "popitem", "setdefault", "update"):
    _bulk(_WatchedLinks, _name)
OPEN_CODE.update(  # a learner's search may write, copy and replace these arrays: the checks judge that afterwards
    getattr(cls, name).__code__
    for cls in (_Watched, _WatchedLinks)
    for name, value in vars(cls).items()
    if callable(value) and hasattr(value, "__code__")
)


def _watched(links: dict[str, list]) -> _WatchedLinks:
    """The arrays as a learner's search gets them; ``_writes(links)`` reads what it did to them."""
    log = {"writes": 0, "bulk": 0}
    watched = _WatchedLinks({name: _Watched(v, log) if isinstance(v, list) else v for name, v in links.items()})
    watched.log = log
    return watched


def _writes(links: _WatchedLinks) -> dict[str, int]:
    return links.log


def _dance_writes(problem_links: dict[str, list]) -> int:
    """How many entries the solution's search writes, one at a time, on these arrays: the dance's own count."""
    links = _watched(problem_links)
    search(links)
    return _writes(links)["writes"]


def _danced(links: _WatchedLinks, dance: int, name: str) -> bool:
    """Refuse a search that undid its covers by copying arrays back rather than by uncover, or worked on copies."""
    log = _writes(links)
    if log["bulk"]:
        print(f"✗ Not yet: on {name} your search wrote whole arrays at once (a saved copy put back, or an array "
              "replaced): Dancing Links needs no copy. Undo each cover with your uncover, which puts back exactly the "
              "links the cover changed, one entry at a time.")  # fmt: skip
        return False
    if log["writes"] < dance:
        print(f"✗ Not yet: on {name} your search wrote fewer entries of the arrays it was given than covering and "
              "uncovering them needs: did it cover a copy? Cover and uncover the arrays it is given.")  # fmt: skip
        return False
    if log["writes"] > dance + dance // 2:
        print(f"✗ Not yet: on {name} your search wrote many more entries than covering and uncovering need: did it "
              "put entries back from a saved copy? Undo each cover with your uncover alone.")  # fmt: skip
        return False
    return True


def _run(search_fn, problem: Problem, name: str, what: str = "search above"):
    """A learner's search on fresh arrays: (solutions as sorted option lists, nodes, updates, arrays after), or None."""
    links = _watched(library_links(problem))
    ran, got = attempt_own(search_fn, links, what=what, where=f"on {name} the search", loops=LOOPS["search"],
                           refused=REFUSED["search"])  # fmt: skip
    if not ran:
        return None
    if not (isinstance(got, tuple) and len(got) == 3):
        print(f"✗ Not yet: search should return (solutions, nodes, updates), not {type(got).__name__} {got!r:.60}.")
        return None
    found, nodes, updates = got
    try:
        options = sorted(sorted(option_of(links, x) for x in s) for s in found)
    except (TypeError, IndexError):
        print(f"✗ Not yet: each solution should be the list of its nodes x_0, x_1, ...; found {found!r:.60}.")
        return None
    return options, nodes, updates, links


def _right(problem: Problem) -> tuple[list[list[int]], int, int]:
    """The library engine's solutions (sorted option lists), nodes and updates."""
    engine = DancingLinks(problem)
    options = sorted(sorted(s) for s in engine.solutions())
    return options, engine.stats.nodes, engine.stats.updates


def _counters(solutions: int, nodes, updates) -> str:
    numbers = [f"{v:,}" if isinstance(v, int) else repr(v) for v in (nodes, updates)]
    return f"{solutions:,} solution{'s' * (solutions != 1)}, {numbers[0]} nodes, {numbers[1]} updates"


def check_search(search_fn) -> Verdict:
    """Run a learner's search on several small problems against the library's engine: solutions, nodes, updates,
    and the links as they were before the search."""
    if not own_work(search_fn, *REFUSED["search"]):
        return Verdict(False)
    problems = _problems() + [("5 queens", queens(5))]
    for name, problem in problems:
        run = _run(search_fn, problem, name)
        if run is None:
            return Verdict(False)
        options, nodes, updates, after = run
        right = library_links(problem)
        if not _report(_differences(after, right), f"on {name}, after the search, ", _x6_hint(after, right)):
            return Verdict(False)
        want = _right(problem)
        if (options, nodes, updates) != want:
            wrong = [what for what, a, b in zip(("solutions", "nodes", "updates"), (options, nodes, updates), want)
                     if a != b]  # fmt: skip
            print(f"✗ Not yet: on {name} your search finds {_counters(len(options), nodes, updates)}: its "
                  f"{' and '.join(wrong)} are not what Algorithm X finds there.")  # fmt: skip
            if options == want[0]:
                print("  The same solutions, other counts: is every entry to X2 a node (a solution too), does X3 take "
                      "the smallest LEN (the first on a tie), and does every cover add its updates?")  # fmt: skip
            elif len(options) == len(want[0]):
                print(f"  As many solutions, but not the same ones: yours, as option numbers, {options[:2]!r:.70}. A "
                      "solution is the nodes x_0 .. x_{l-1} when X2 finds no primary item left: keep a copy (the "
                      "list x changes as the search goes on).")  # fmt: skip
            return Verdict(False)
        if not _danced(after, _dance_writes(library_links(problem)), name):
            return Verdict(False)
    print(f"✓ Right on all {len(problems)} problems: the library's solutions, nodes and updates, and the links put "
          "back as they were.")  # fmt: skip
    return Verdict(True)


def check_eight_queens(layout_fn, search_fn) -> Verdict:
    """The learner's whole engine (layout, then search) on 8 queens, against DLX1's figures and the library.

    Knuth's example comes first: an X6 that uncovers left to right gives all three of DLX1's numbers on eight
    queens and even leaves its arrays as they were, but leaves LEN wrong on Knuth's example.
    """
    if not (own_work(layout_fn, *REFUSED["layout"]) and own_work(search_fn, *REFUSED["search"])):
        return Verdict(False)
    board = queens(8)
    ran, links = attempt_own(layout_fn, board, what="layout (exercise 3)", where="on 8 queens the layout",
                             loops=LOOPS["layout"], refused=REFUSED["layout"])  # fmt: skip
    if not ran:
        return Verdict(False)
    first = _run(search_fn, knuth_example(), "Knuth's example", what="search (exercise 7)")
    if first is None:
        return Verdict(False)
    right = library_links(knuth_example())
    if not _report(_differences(first[3], right), "on Knuth's example, after the search, ",
                   _x6_hint(first[3], right)):  # fmt: skip
        return Verdict(False)
    if not _danced(first[3], _dance_writes(library_links(knuth_example())), "Knuth's example"):
        return Verdict(False)
    if isinstance(links, dict):
        links = _watched(links)
    ran, got = attempt_own(search_fn, links, what="search (exercise 7)", where="on 8 queens the search",
                           budget=SEARCH_BUDGET, loops=LOOPS["search"], refused=REFUSED["search"])  # fmt: skip
    if not ran:
        return Verdict(False)
    if not (isinstance(got, tuple) and len(got) == 3):
        print(f"✗ Not yet: search should return (solutions, nodes, updates), not {type(got).__name__}.")
        return Verdict(False)
    found, nodes, updates = got
    mine = {"solutions": len(found), "nodes": nodes, "updates": updates}
    print(f"{'':>10} {'yours':>8} {'DLX1':>8}")
    for key, value in DLX1_EIGHT_QUEENS.items():
        shown = f"{mine[key]:,}" if isinstance(mine[key], int) else repr(mine[key])
        print(f"{key:>10} {shown:>8} {value:>8,}")
    if mine != DLX1_EIGHT_QUEENS:
        wrong = [key for key in DLX1_EIGHT_QUEENS if mine[key] != DLX1_EIGHT_QUEENS[key]]
        print(f"✗ Not yet: your {' and '.join(wrong)} differ from DLX1's.")
        return Verdict(False)
    right = sorted(sorted(s) for s in DancingLinks(board).solutions())
    try:
        options = sorted(sorted(option_of(links, x) for x in s) for s in found)
    except (TypeError, IndexError):
        options = None
    if options != right:
        print("✗ Not yet: the counts agree, but the solutions are not the library's 92.")
        return Verdict(False)
    want = _right(knuth_example())
    if tuple(first[:3]) != want:
        mine = _counters(len(first[0]), first[1], first[2])
        print(f"✗ Not yet: right on eight queens, but on Knuth's example your search finds {mine}, which is not what "
              "Algorithm X finds there: run exercise 7's check.")  # fmt: skip
        return Verdict(False)
    if isinstance(links, _WatchedLinks) and not _danced(links, _dance_writes(library_links(board)), "8 queens"):
        return Verdict(False)
    print("✓ Right: your engine finds the 92 solutions with Knuth's own counters.")
    return Verdict(True)
