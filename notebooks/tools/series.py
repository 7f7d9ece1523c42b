"""The notebook series in one list, and the script that keeps the index, the links and the README in step.

    python notebooks/tools/series.py      # rewrite 00_index.ipynb, the prev/next links, the README table

Then re-execute what changed with ``python notebooks/tools/execute.py``.
"""

from __future__ import annotations

import functools
import itertools
import pathlib
import re

import nbformat
from execute import stable_ids, write_notebook
from nbformat.v4 import new_markdown_cell, new_notebook

from wordcover import examples
from wordcover.analysis import walk_list
from wordcover.atomic_file import write_file
from wordcover.dancing_links import DancingLinks
from wordcover.engines import make_engine
from wordcover.problem import Problem

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks
README = HERE.parent / "README.md"

# (file, title, what the learner will do in it, what a lecturer might show live)
SERIES = [
    (
        "00_index.ipynb",
        "Index and how to use the series",
        "Find the order of the notebooks and how to run them; a section for lecturers.",
        "—",
    ),
    (
        "01_find_words.ipynb",
        "Finding words in a grid",
        "Write the scan that finds a word in all eight directions; play a puzzle by clicking its words.",
        "the finder on a small grid; the puzzle widget",
    ),
    (
        "02_backtracking_generator.ipynb",
        "Making a puzzle by backtracking",
        "Write the test a random placer makes for each try; watch it back up when a word fits nowhere.",
        "one tight case where the placer gives up",
    ),
    (
        "03_exact_cover.ipynb",
        "Exact cover and Algorithm X",
        "Write a puzzle as items and options; solve it with Algorithm X; watch the links dance; measure what "
        "branching on the fewest options saves.",
        "cover and uncover printed step by step; the player",
    ),
    (
        "03b_dancing_links_by_hand.ipynb",
        "Dancing Links by hand",
        "Lay out Knuth's arrays by hand; write cover, uncover and Algorithm X yourself.",
        "the four-way picture of Knuth's example, then its arrays; what cover(A) writes, entry by entry",
    ),
    (
        "04_colours_outside.ipynb",
        "Colours outside the matrix",
        "Keep the letters in a record beside Algorithm X, then inside the matrix with Algorithm C.",
        "which ABEL × LAND pairs of placements fit, as a chart; both profiles on one log axis",
    ),
    (
        "05_double_purify.ipynb",
        "Colour items and the double-purify bug",
        "Watch an obvious way of writing Algorithm C count wrong solutions; find the step that goes wrong.",
        "the six moments of a double purify, drawn; the wrong grids",
    ),
    (
        "06_sticker_fix.ipynb",
        "The sticker fix",
        "Read the mark Knuth's Algorithm C uses to keep that step right; see the counts come back.",
        "the diff of the two purify functions; the player, naive beside sticker",
    ),
    (
        "07_word_squares.ipynb",
        "Word rectangles and word squares",
        "Build word rectangles and squares with Algorithm C and with a search of their own.",
        "a double square of order 5 found live",
    ),
    (
        "08_making_it_fast.ipynb",
        "Making it fast",
        "Compile Algorithm C; count solutions without listing them; count the 8 × 8 grid.",
        "the 8 × 8 count without enumerating",
    ),
    (
        "09_same_engine_everywhere.ipynb",
        "The same engine everywhere",
        "Pose Sudoku, pentominoes, Langford pairs and queens as exact cover; estimate a search's size.",
        "a pentomino tiling drawn; the estimate converging",
    ),
]

NAV_TAG = "nav"


def nav_markdown(k: int) -> str:
    """The link line for notebook k: previous, index, next."""
    parts = []
    if k > 0:
        parts.append(f"← [{SERIES[k - 1][1]}]({SERIES[k - 1][0]})")
    if k > 1:
        parts.append(f"[Index]({SERIES[0][0]})")
    if k + 1 < len(SERIES):
        parts.append(f"[{SERIES[k + 1][1]}]({SERIES[k + 1][0]}) →")
    return " | ".join(parts)


def markdown_cell(text: str, **fields) -> nbformat.NotebookNode:
    """A markdown cell with no id yet: stable_ids gives it one made from its place and text, not a random one."""
    cell = new_markdown_cell(text, **fields)
    cell.pop("id", None)
    return cell


def set_links(nb: nbformat.NotebookNode, k: int) -> None:
    """Put the link line first and last in a notebook, replacing old link cells."""
    nb.cells = [c for c in nb.cells if NAV_TAG not in c.get("metadata", {}).get("tags", [])]
    line = nav_markdown(k)
    nb.cells.insert(0, markdown_cell(line, metadata={"tags": [NAV_TAG]}))
    nb.cells.append(markdown_cell(line, metadata={"tags": [NAV_TAG]}))


def number(file: str) -> str:
    """A notebook's number as its file name gives it: '3' for 03_exact_cover.ipynb, '3b' for 03b_...."""
    return file.split("_", 1)[0].lstrip("0") or "0"


def entry(notebook: int | str) -> tuple[str, str, str, str]:
    """The SERIES line of a notebook named by its number (3, or '3b'), whatever its place in the list."""
    for line in SERIES:
        if number(line[0]) == str(notebook):
            return line
    raise KeyError(f"no notebook number {notebook} in SERIES")


def table(link_prefix: str = "") -> str:
    """A markdown table of the series."""
    rows = ["| # | notebook | what you will do |", "|---|---|---|"]
    for file, title, summary, _ in SERIES:
        rows.append(f"| {number(file)} | [{title}]({link_prefix}{file}) | {summary} |")
    return "\n".join(rows)


# ---- facts the lecturer's notes state, computed when the index is written (no number in them is typed in) ----


def dlx1_uncover(engine: DancingLinks, c: int) -> None:
    """DLX1's uncover(c): down c's list and along each option left to right, as cover went; then c back in line."""
    top, ulink, dlink, length = engine.top, engine.ulink, engine.dlink, engine.len
    rr = dlink[c]
    while rr != c:
        nn = rr + 1
        while nn != rr:
            if top[nn] <= 0:  # a spacer: back to the start of the option
                nn = ulink[nn]
                continue
            dlink[ulink[nn]] = ulink[dlink[nn]] = nn
            length[top[nn]] += 1
            nn += 1
        rr = dlink[rr]
    engine.rlink[engine.llink[c]] = engine.llink[engine.rlink[c]] = c


def uncover_facts() -> dict[str, int]:
    """On DLX1's example: for how many items DLX1's downward uncover undoes cover exactly, and what uncovering A
    before D (after cover(A), cover(D)) leaves in A's list: its LEN and the nodes really there."""
    engine = DancingLinks(examples.load("knuth_exact_cover").problem)

    def arrays() -> list[list[int]]:
        return [list(engine.llink), list(engine.rlink), list(engine.ulink), list(engine.dlink), list(engine.len)]

    start, restored = arrays(), 0
    for i in range(1, engine.n + 1):
        engine.cover(i)
        dlx1_uncover(engine, i)
        restored += arrays() == start
        engine.reset()
    a, d = engine.names.index("A"), engine.names.index("D")
    engine.cover(a)
    engine.cover(d)
    engine.uncover(a)  # the wrong order: a first
    engine.uncover(d)
    return {
        "items": engine.n,
        "restored": restored,
        "len_a": engine.len[a],
        "in_a": len(walk_list(engine.dlink, a, 99)),
    }


def colour_pair_orders() -> list[tuple[tuple[str, ...], tuple[str, ...], int, int, int]]:
    """The naive engine on the colour pair in every order of its primary items and of its options: (items, options,
    solutions counted, LEN(c1) after the search, nodes really in c1's list)."""
    shipped = examples.load("colour_pair").problem
    options = [" ".join(map(str, option)) for option in shipped.options]
    runs = []
    for items in itertools.permutations(shipped.primary):
        for order in itertools.permutations(options):
            engine = make_engine(Problem(items, shipped.secondary, order), "naive")
            count = engine.count()
            c1 = engine.names.index("c1")
            runs.append((items, order, count, engine.len[c1], len(walk_list(engine.dlink, c1, 99))))
    return runs


def _reverse_order_answer() -> str:
    facts = uncover_facts()
    if facts["len_a"] == facts["in_a"]:
        raise RuntimeError("uncovering A before D no longer leaves LEN(A) wrong: rewrite the model answer")
    every = "each of the" if facts["restored"] == facts["items"] else f"{facts['restored']} of the"
    return (
        "Not every undo. What must be reversed is the order of the items: X6 uncovers the items of the chosen option "
        "right to left, the reverse of X5, because when an item a is uncovered before b, in DLX1's words, \"it can "
        "resuscitate elements in item b that would mess up the uncovering of b. The choreography is delicate "
        f"indeed.\" On DLX1's example, cover(A), cover(D), then uncover(A) before uncover(D) leaves LEN(A) = "
        f"{facts['len_a']} with {facts['in_a']} nodes in A's list. Inside one uncover the options need not come "
        "back in reverse order. DLX1's uncover walks down the list as cover did, since \"no harm is done if the "
        "options are processed again in the same order. So I'll go downward again, just to prove the point. "
        "Whether we go up or down, the pointers execute an exquisitely choreographed dance that returns them "
        "almost magically to their former state.\" Run on DLX1's example, that downward uncover gives back every "
        "array entry after cover(i), "
        f"for {every} {facts['items']} items. Why the order of the items matters, in our words, not Knuth's: "
        "an unhide writes its node into the "
        "links of the neighbours it remembers, and where such a neighbour is itself still hidden, the write changes "
        "what that neighbour remembers, so it comes back beside the node put back before it. Notebook 3b prints X6 "
        "undone both ways, the top-down uncover for every item and the cover(A), cover(D) run, under *Which orders "
        "matter*."
    )


def _any_order_answer() -> str:
    runs = colour_pair_orders()
    shipped = examples.load("colour_pair").problem
    first = tuple(" ".join(map(str, o)) for o in shipped.options)
    swapped = (first[0], first[2], first[1])  # Q's two options the other way round
    _, _, count, length, nodes = next(r for r in runs if r[0] == shipped.primary and r[1] == swapped)
    shipped_count = next(r[2] for r in runs if r[0] == shipped.primary and r[1] == first)
    drifts = sum(r[3] != r[4] for r in runs)
    right = make_engine(shipped, "sticker").count()
    wrong = sum(r[2] != right for r in runs)
    if count != right or length == nodes:
        raise RuntimeError("the swapped colour pair no longer counts right with LEN(c1) wrong: rewrite this answer")
    if shipped_count == right:
        raise RuntimeError("the colour pair as shipped no longer counts wrong: rewrite this answer")
    if drifts != len(runs) or not 0 < wrong < len(runs):
        raise RuntimeError("LEN(c1) no longer drifts in every order, or the count is wrong in all or none: rewrite")
    return (  # the swapped pair's own numbers are 05's exercise 3: checked above, not given away here
        "The drift needs none: in any order the path to the solution purifies c1 twice, once for P and once for "
        "Q, and LEN(c1) drifts. The wrong count does: in some orders the naive engine counts the colour pair right "
        "(05's exercise 3 runs one)."
    )


WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")  # small counts in prose


def _and(names: list[str]) -> str:
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def _branch_answer() -> str:
    """Part 1's model answer, its counts read from DLX1's example."""
    problem = examples.load("knuth_exact_cover").problem
    sizes = {item: sum(1 for option in problem.options if item in {e.item for e in option}) for item in problem.primary}
    fewest = min(sizes.values())
    first, *tied = [item for item in problem.primary if sizes[item] == fewest]
    return (
        f"{first}: it has the fewest options ({WORDS[fewest]}, tied with {_and(tied)}; a tie goes to the first item, "
        f"and {_and(list(problem.secondary))} are secondary, so the search never branches on them). Branching on "
        "the item with the fewest options keeps the tree narrow, and an item with none ends the branch at once."
    )


def _bug_answer() -> str:
    """Part 4's model answer, its counts read from the naive engine's recording of the colour pair."""
    from wordcover.double_purify import walk
    from wordcover.playback import record_writes

    moments = {m.name: m for m in walk(record_writes(examples.load("colour_pair").problem, "naive"))}
    (q, (q_len, q_linked)), _ = moments["hidden again"].counters.items()
    c1_len, c1_linked = moments["unhidden again"].counters["c1"]
    return (
        f"At the second purify of c1: Q c1:b's node in {q}'s list, removed by the first purify, is removed again: "
        f"no link moves, but LEN({q}) falls to {q_len} with {WORDS[q_linked]} node{'' if q_linked == 1 else 's'} "
        f"linked and stays {WORDS[q_linked - q_len]} too low until the last unpurify. The inner unpurify then "
        "unhides it while the outer purify still holds, so the search tries it and reports a wrong solution; later "
        f"uncover({q}) unhides it once more, relinking its node in c1, which never left, and LEN(c1) stays "
        f"{WORDS[c1_len - c1_linked]} too high."
    )


@functools.cache
def _abel_land_doubles() -> tuple[int, int]:
    """Naive ABEL LAND's double purifies: (with the letter already in force, with another letter), from a replay."""
    from wordcover import WordSearch
    from wordcover.playback import record_writes

    trace = record_writes(WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem, "naive")
    same = sum(d.same_letter for d in trace.doubles.values())
    if not same:
        raise RuntimeError("naive ABEL LAND no longer purifies an item twice with its letter: rewrite this answer")
    return same, len(trace.doubles) - same


def _cover_answer() -> str:
    """Part 5's model answer: cover takes its item out of play, purify does not (counted on naive ABEL LAND)."""
    same, other = _abel_land_doubles()
    return (
        "Cover hides every option that contains its item, so while the cover holds no option that could cover it "
        "again can be chosen; taking the item out of the item list only stops the search from branching on it. A "
        "purified item stays in play with the options of its colour, so choosing one purifies the item again: on "
        f"ABEL LAND the naive engine does so {same} times, and {other} more double purifies, with another "
        "letter, come from options the bug had let back too soon. The inner unpurify then puts back what the outer "
        "still holds. With the sticker, commit reads -1 and skips the second purify."
    )


def _count_heading() -> str:
    """Notebook 6's heading for the four names in 6 x 6: their count, by cliques (no solution listed)."""
    from wordcover import WordSearch
    from wordcover.cliques import count_placements

    return f"{count_placements(WordSearch(6, 6, ['ABEL', 'CANTOR', 'GAUSS', 'EULER'], 'all')):,}"


# The 50-minute lecture: (minutes, notebook number, heading to open, what to do, a question to ask first)
LECTURE = [  # (minutes, notebook, heading, what to do, the question to ask first, its model answer)
    (
        8,
        3,
        "Modelling: items and options",
        "read DLX1's example (the matrix of Knuth's 2000 paper, with F and G made secondary) as items and options, "
        "then run Algorithm X on it in the next section",
        "Which item would you branch on first, and why?",
        _branch_answer(),
    ),
    (
        8,
        3,
        "Why the links dance",
        "take one node out of its list and put it back, then cover and uncover A, watch LEN, and step the "
        "search in the player",
        "Must every undo run in reverse order?",
        _reverse_order_answer(),
    ),
    (
        8,
        5,
        "The word-search model and Algorithm C",
        "read Algorithm C's steps, then commit and the obvious purify, and run both engines on the colour pair",
        "Why are the words primary items and the cells secondary?",
        "Every word must be placed exactly once, so words are primary. A cell may hold no word or several, provided "
        "they agree on its letter, so a cell is a secondary item whose colour is the letter: Algorithm C lets any "
        "number of chosen options share a secondary item as long as they give it the same colour.",
    ),
    (
        13,
        5,
        "The bug in six moments",
        "step the colour pair through its six moments, stopping at every event, LEN beside the nodes linked; "
        "then (the notebook's optional section) ABEL LAND to its first double purify and the unpurify that brings "
        "back an option LAND's cover still holds out",
        "At the second purify of c1, which node is removed from a list it has already left?",
        _bug_answer(),
    ),
    (
        7,
        6,
        "The whole fix is a few lines",
        "watch purify put the sticker on, commit pass it by and unpurify take it off; read the diff; say why "
        "cover is safe and purify is not",
        "Cover hides options too, and is undone from the same stack: why is cover safe where purify was not?",
        _cover_answer(),
    ),
    (
        6,
        6,
        _count_heading(),
        "read Knuth's counters for both engines and count the four names once with the sticker engine; the second "
        "count is notebook 8's (*The same algorithm, compiled*; *Counting without enumerating*)",
        "The four names give a count too large to list: how can we trust it?",
        "Two methods that count in different ways agree: Algorithm C compiled, which visits every solution, "
        "and the clique count of notebook 8, which lists none and uses only the compatibility of pairs of "
        "placements. Each solution an engine reports can also be checked on its own.",
    ),
]


def _reverse_order_brief() -> str:
    """Part 2's answer in two sentences: what must be reversed, and the run that shows it."""
    facts = uncover_facts()
    items = f"{facts['restored']} of the {facts['items']} items"
    if facts["restored"] == facts["items"]:
        items = "each item i"
    return (
        "Not every undo: covers are undone in reverse order, but the options inside one uncover need not be. On "
        f"DLX1's example, uncovering A before D after cover(A), cover(D) leaves LEN(A) = {facts['len_a']} with "
        f"{facts['in_a']} nodes in A's list; DLX1's uncover, walking cover's order, restores every entry, for {items}."
    )


def _bug_brief() -> str:
    """Part 4's answer in two sentences: where, and which unhide."""
    from wordcover.double_purify import walk
    from wordcover.playback import record_writes

    moments = {m.name: m for m in walk(record_writes(examples.load("colour_pair").problem, "naive"))}
    (q, _), _ = moments["hidden again"].counters.items()
    return (
        f"Q c1:b's node in {q}'s list: the first purify of c1 took it out, and the second removes it again. The "
        "inner unpurify then puts it back while the outer purify still holds, so the search tries Q c1:b and "
        "reports a wrong solution."
    )


def _cover_brief() -> str:
    """Part 5's answer in two sentences: why cover is safe, and what a purified item does instead."""
    _abel_land_doubles()  # raises if naive ABEL LAND no longer purifies an item twice with its own letter
    return (
        "Cover hides every option that holds its item, so nothing can cover that item again while the cover "
        "holds. A purified item stays in play with its colour's options, so the naive engine purifies one "
        "again with its own letter, and the inner unpurify puts back what the outer still holds."
    )


# the model answers that run long, said in two sentences (an answer, then why); the long ones are the deck's notes
BRIEF = {LECTURE[1][4]: _reverse_order_brief(), LECTURE[3][4]: _bug_brief(), LECTURE[4][4]: _cover_brief()}
# where a lecturer finds the whole story of an answer
WHERE = {LECTURE[1][4]: " Notebook 3b runs each case under *Which orders matter*."}


MISCONCEPTIONS = [  # (what a learner believes, the correction, where a notebook shows it: [(notebook, heading)])
    (
        "A palindrome found twice is a bug in the finder.",
        "It is two placements (two directions) on the same cells.",
        [(1, "Palindromes and repeats")],
    ),
    (
        "Secondary items must be covered too.",
        "At most once, not exactly once: each queen lies on two of the 30 diagonals, so eight cannot meet them all.",
        [(3, "Eight queens, with secondary items")],
    ),
    (
        "Dancing Links deletes nodes.",
        "Hidden nodes keep their own links; that is what makes undoing exact.",
        [(3, "Why the links dance")],
    ),
    (
        "A faster count means a cleverer algorithm.",
        "Node counts and seconds differ, and notebook 8 runs the same algorithm compiled.",
        [(4, "Nodes are not seconds"), (8, "The same algorithm, compiled")],
    ),
    (
        "Purify removes the other colours from the cell's list.",
        "It hides their options from the *other* items; the nodes stay in the cell's list, so a second purify finds "
        "them again.",
        [(5, "Purify, the obvious way")],
    ),
    (
        "The second hide corrupts the lists by writing stale links.",
        "Not in the colour pair: there it moves no link and only lowers LEN(Q); the harm comes from the unhides "
        "after it. In ABEL LAND it does write stale links too.",
        [(5, "The bug in six moments"), (5, "An unhide that nothing owed")],
    ),
    (
        "Hide skipping stickered nodes is part of the fix.",
        "It is Knuth's saving: without it the counts are the same, with more updates.",
        [(6, "The fix, and a saving")],
    ),
    (
        "A plausible count is a right count.",
        "The naive engine says 106, quietly; check solutions independently.",
        [(5, "ABEL and LAND")],
    ),
    ("The bug needs a special order of options.", _any_order_answer(), [(5, "The bug in six moments")]),
]


def anchor(notebook: int | str, heading: str) -> str:
    """A link to a heading inside a notebook, as JupyterLab and nbconvert name heading anchors."""
    return f"{entry(notebook)[0]}#{heading.replace(' ', '-')}"


def reading_time(file: str) -> str:
    """The notebook's own time estimate: its **Time.** paragraph, which may run over several lines."""
    path = HERE / file
    if not path.exists():
        return "—"
    for cell in nbformat.read(path, as_version=4).cells:
        for paragraph in cell.source.split("\n\n"):
            if paragraph.startswith("**Time.**"):
                return " ".join(paragraph.removeprefix("**Time.**").split())
    return "—"


def read_minutes(file: str) -> tuple[int, int]:
    """The fewest and most minutes a notebook's **Time.** paragraph gives for reading and running it (exercises and
    optional sections apart), read from its first clause; a clause this cannot read stops the build."""
    clause = reading_time(file).split(";")[0].split(",")[0].lower()
    words = {"an hour to an hour and a half": (60, 90), "about an hour": (60, 60)}
    for said, minutes in words.items():
        if said in clause:
            return minutes
    found = re.search(r"about (\d+) minutes", clause)
    if not found:
        raise RuntimeError(f"{file}'s Time paragraph starts in a way the index cannot add up: {clause!r}")
    return int(found[1]), int(found[1])


def total_time() -> str:
    """The series' reading-and-running time in all, from the notebooks' own Time paragraphs, in hours."""
    low = sum(read_minutes(file)[0] for file, *_ in SERIES[1:])
    high = sum(read_minutes(file)[1] for file, *_ in SERIES[1:])

    def said(minutes: int) -> str:
        hours, rest = divmod(minutes, 60)
        return f"{hours} h {rest} min" if rest else f"{hours} hours"

    span = said(low) if low == high else f"{said(low)} to {said(high)}"
    return f"In all, reading and running the series takes about {span}, exercises and optional sections apart."


def prerequisites(file: str) -> str:
    """The sentence of the notebook's own **Prerequisites.** paragraph that names the earlier notebooks it needs."""
    path = HERE / file
    if not path.exists():
        return "—"
    for cell in nbformat.read(path, as_version=4).cells:
        for paragraph in cell.source.split("\n\n"):
            if paragraph.startswith("**Prerequisites.**"):
                text = " ".join(paragraph.removeprefix("**Prerequisites.**").split())
                sentences = [s if s.endswith(".") else s + "." for s in text.split(". ")]
                return next((s for s in sentences if "otebook" in s), text)
    return "—"


def builds_on(file: str) -> list[str]:
    """The earlier notebooks a notebook's own Prerequisites name ('3 to 5' and '4–6' are runs of whole numbers)."""
    said = prerequisites(file)
    if said.startswith("No earlier notebook"):
        return []
    names = re.sub(r"\([^)]*\)", "", said.split(":")[0])  # what is said of each notebook left out
    found: list[str] = []
    for first, last in re.findall(r"(\d+b?)(?:\s*(?:to|–)\s*(\d+))?", names):
        found += [str(k) for k in range(int(first), int(last) + 1)] if last else [first]
    if not found:
        raise RuntimeError(f"{file}: its Prerequisites name no notebook that can be read: {said!r}")
    return found


def path_tree() -> str:
    """The series as a tree, in text: each notebook under the last one it builds on (its Prerequisites name that
    one and the ones above it, or a notebook above it builds on them)."""
    numbers = [number(file) for file, *_ in SERIES[1:]]
    titles = {number(file): title for file, title, *_ in SERIES[1:]}
    before = {n: builds_on(file) for n, (file, *_) in zip(numbers, SERIES[1:])}

    def above(n: str) -> set[str]:
        return set().union(*({p} | above(p) for p in before[n])) if before[n] else set()

    parent: dict[str, str | None] = {}
    for n in numbers:
        nearest = [p for p in before[n] if not any(p in above(q) for q in before[n] if q != p)]
        if len(nearest) > 1:
            raise RuntimeError(f"notebook {n} builds on {nearest}, none through another: the path is not a tree")
        parent[n] = nearest[0] if nearest else None
    lines: list[str] = []

    def draw(n: str, indent: str, mark: str, rest: str) -> None:
        lines.append(f"{indent}{mark}{n:<3}{titles[n]}")
        children = [m for m in numbers if parent[m] == n]
        for k, child in enumerate(children):
            last = k == len(children) - 1
            draw(child, indent + rest, "└─ " if last else "├─ ", "   " if last else "│  ")

    for root in (n for n in numbers if parent[n] is None):
        draw(root, "", "", "")
    return "\n".join(lines)


def python_needed() -> str:
    """The Python the library asks for, as pyproject.toml's requires-python says: 'Python 3.10 or newer'."""
    text = (HERE.parent / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^requires-python\s*=\s*">=\s*(\d+\.\d+)"', text, re.MULTILINE)
    if found is None:
        raise RuntimeError('pyproject.toml names no lowest Python (requires-python = ">=3.x")')
    return f"Python {found[1]} or newer"


def index_notebook() -> nbformat.NotebookNode:
    """00_index.ipynb, written from SERIES, LECTURE and MISCONCEPTIONS."""
    live = "\n".join(f"- **{title}** ({file}): {show}" for file, title, _, show in SERIES[1:])
    times = "\n".join(
        f"| {number(file)} | [{title}]({file}) | {reading_time(file)} |" for file, title, *_ in SERIES[1:]
    )
    plan, clock = [], 0
    answers = []
    for minutes, k, heading, do, ask, answer in LECTURE:
        plan.append(f"| {clock}–{clock + minutes} | [{k:02d}: {heading}]({anchor(k, heading)}) | {do} | {ask} |")
        answers.append(f"- **{ask}** {BRIEF.get(ask, answer)}{WHERE.get(ask, '')}")  # each answer once, short
        clock += minutes
    wrong = "\n".join(
        f"- *{belief}* {answer} Shown in "
        + ", ".join(f"[{k:02d}: {heading}]({anchor(k, heading)})" for k, heading in shown)
        + "."
        for belief, answer, shown in MISCONCEPTIONS
    )
    cells = [
        markdown_cell(
            "# Word puzzles and Dancing Links: the series\n\n"
            "From hiding words in a grid to Knuth's Algorithm C (exact cover with colours); then a bug that an "
            "obvious way of writing one of Algorithm C's steps lets in, and the mark Knuth uses to keep it out.\n\n"
            "The notebooks build on each other, in order. Each starts with its objectives, prerequisites and a time "
            "estimate, and ends with a summary, exercises that check themselves and references.\n\n"
            "Each exercise is marked by its difficulty: ★ a few minutes with the notebook open, ★★ puts two of its "
            "ideas together, ★★★ a real piece of work. The check cells import their answers from `solutions/`; a "
            "wrong choice in a multiple-choice check is told why it is wrong."
        ),
        markdown_cell("## The notebooks\n\n" + table()),
        markdown_cell(
            "## The path\n\n"
            "Read down a branch: each notebook hangs under the last one it builds on, and needs the ones above it.\n\n"
            "```text\n" + path_tree() + "\n```\n\n"
            "A notebook's own *Prerequisites* say which ideas it takes from each notebook above it, and which ideas of "
            "Python it uses."
        ),
        markdown_cell(
            "## How to run\n\n"
            f"From the project folder, with {python_needed()}, in a fresh virtual environment, install the library "
            "with what the notebooks need, make your own copy of the series and open it:\n\n"
            "```\npython -m venv .venv\n"
            "source .venv/bin/activate          # on Windows: .venv\\Scripts\\activate\n"
            "python -m pip install -r requirements.txt\n"
            "python notebooks/tools/my_copy.py && jupyter lab my-notebooks/\n```\n\n"
            '(As root, JupyterLab wants `--allow-root`.) If `python -c "import wordcover"` prints nothing, the '
            "library is installed. Run each notebook from the top (*Run → Run All Cells*). "
            "A widget (the puzzle to click, a player that steps through a search) needs a live kernel: read as a "
            "static page, it shows a still picture of what it draws, and the text beside it says what to look at."
        ),
        markdown_cell(
            "## Your own copy\n\n"
            "The copy in `my-notebooks/` is yours: run it, change it, save it. The notebooks in `notebooks/` are the "
            "originals: leave them as they are, and you can always compare your copy with them. "
            "`python notebooks/tools/my_copy.py DEST` copies elsewhere; it never overwrites your edits unless you add "
            "`--force`. If you have edited the originals by mistake, `git checkout -- notebooks/` restores them."
        ),
        markdown_cell(
            "## For lecturers: a lecture plan, with its answers\n\n"
            "*Learners can stop here and open [notebook 1](01_find_words.ipynb).* This section gives away the "
            "answers to the lecture's questions. It uses words that later notebooks introduce:\n\n"
            "- *purify* (notebook 5): when a chosen option gives a secondary item a colour, hide the options that give "
            "it another colour;\n"
            "- *the sticker* (notebook 6): our word for Knuth's mark, COLOR -1, which purify gives the options of "
            "the chosen colour so that they are not purified again;\n"
            "- *ABEL LAND*: the words ABEL and LAND in a 4 × 4 grid, along rows or columns either way, sharing a "
            "cell only with the same letter;\n"
            "- *the colour pair*: notebook 5's smallest problem, with primary items P and Q, one colour item c1, "
            "and the options `P c1:a`, `Q c1:a`, `Q c1:b`;\n"
            "- *outer* and *inner purify*: a purify of c1 made for an option chosen higher on the path is the outer "
            "one; a second purify of c1 below it, the inner one.\n\n"
            "Each count this section quotes is printed by the notebook it names, or by the lecture deck.\n\n"
            "### Time per notebook\n\n"
            "Each notebook's own estimate for reading and running (exercises apart):\n\n"
            "| # | notebook | time |\n|---|---|---|\n" + times + "\n\n" + total_time() + "\n\n"
            "### A 50-minute lecture\n\n"
            "The plan is for a class that has read notebook 3: its first two parts recall Algorithm X and the "
            "links briefly. Before the lecture, run each notebook once from the top (*Run → Run All Cells*): the "
            "cells build on the "
            "ones above them. In class, open each notebook at the heading linked, ask the question *before* running "
            "the cell, then run it.\n\n"
            "| minutes | where | do | ask first |\n|---|---|---|---|\n" + "\n".join(plan) + "\n\n"
            "The plan leaves out notebooks 3b and 4: 3b is a lab, where learners write the links by hand, and the "
            "lecture reaches colours through notebook 5, so 4 (colours kept outside the matrix) can be set as "
            "reading.\n\n"
            "The same plan also comes as a slide deck that needs no kernel. "
            "`python notebooks/tools/slides.py lecture` writes `build/slides/lecture.slides.html`; the first build "
            "on a machine fetches reveal.js with npm (see *Slides* below). Open it in a browser. S shows the speaker "
            "notes: what to say, the question, a longer answer, the misconception to expect and the minutes of each "
            "slide. On the three slides with a player, Enter gives it the keys and Esc gives them back. "
            "`python notebooks/tools/slides.py handout` prints the deck one slide a page, with its notes, and a "
            "one-page summary of Algorithm C with the sticker (it prints with Chromium, which must be installed).\n\n"
            "### Model answers\n\n" + "\n".join(answers)
        ),
        markdown_cell(
            "### Misconceptions to expect\n\n" + wrong + "\n\n"
            "### Cells worth running live, notebook by notebook\n\n" + live + "\n\n"
            "On a screen without a live kernel each widget shows a still picture of what it draws."
        ),
        markdown_cell(
            "### Slides\n\n"
            "The key cells of each notebook carry slide metadata. JupyterLab's *View → Presentation Mode* "
            "enlarges a notebook for a projector as it is. For slides that show without a network once built:\n\n"
            "```\npython notebooks/tools/slides.py 03_exact_cover\n```\n\n"
            "writes `build/slides/03_exact_cover.slides.html`. The first build on a machine needs npm and a network: "
            "it installs reveal.js from npm into `build/slides/`; after that nothing is fetched. Each slide-marked "
            "cell starts a slide; a tall slide scrolls."
        ),
    ]
    nb = new_notebook()
    nb.cells = cells  # given after: new_notebook would fill in random ids
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    return nb


def readme_with_table(text: str) -> str:
    """The README with its notebook table between the markers replaced."""
    start, end = "<!-- notebooks -->", "<!-- /notebooks -->"
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{start}\n{table('notebooks/')}\n{end}{tail}"


def write_if_changed(nb: nbformat.NotebookNode, path: pathlib.Path, was: str | None) -> bool:
    """Write the notebook only when its text differs from ``was``, the text it was read from; True if written."""
    if nbformat.writes(nb) + "\n" == was:
        return False
    write_notebook(nb, path)
    return True


def main() -> None:
    index = index_notebook()
    set_links(index, 0)
    stable_ids(index)
    first = HERE / SERIES[0][0]
    was = first.read_text(encoding="utf-8") if first.exists() else None
    written = [SERIES[0][0]] if write_if_changed(index, first, was) else []
    for k, (file, *_rest) in enumerate(SERIES[1:], start=1):
        path = HERE / file
        was = path.read_text(encoding="utf-8")
        nb = nbformat.reads(was, as_version=4)
        set_links(nb, k)
        stable_ids(nb)
        nbformat.validate(nb)
        if write_if_changed(nb, path, was):
            written.append(file)
    write_file(README, readme_with_table(README.read_text(encoding="utf-8")))
    print(f"{len(SERIES)} notebooks, written: {', '.join(written) or 'none'} (the rest were as they are); README table")


if __name__ == "__main__":
    main()
