"""Notebook 4, colours outside the matrix: the solutions, and the checks its exercise cells call with the learner's
answer only."""

from __future__ import annotations

import copy
import functools
import math
import random
from collections import Counter

from solutions import Verdict, attempt, check, check_choice, own_work
from wordcover import AlgorithmC, WordSearch, make_engine
from wordcover.algorithm_c import STICKER
from wordcover.dancing_links import DancingLinks
from wordcover.engines import make_traced
from wordcover.errors import ExtraNeeded

try:
    from wordcover.cliques import count_placements
except ExtraNeeded:  # no numpy, as in the browser edition: the clique count is not there to be called
    count_placements = None

# ---- exercise 1: nodes in row L2 with a third word ----------------------------------------------------------------


def row_l2_nodes(ws: WordSearch) -> int:
    """3,584 = 112 x 32: every pair of ABEL and LAND that fits is followed by every placement of AND.

    Level L0 chooses the word with the fewest placements (Algorithm X's step X3): AND, listed first, has 32 in
    4 x 4 with four directions (4 rows x 2 starts x 2 ways, and as many in the columns), ABEL and LAND 16 each,
    so ABEL is chosen (a tie goes to the first). Covering ABEL takes out only ABEL's own placements, since the
    letters are not in the matrix, so level L1 chooses LAND (16 against 32) and row L1 of the tree holds all
    16 x 16 = 256 pairs. A pair that clashes is a conflict: the search tries nothing below it, so it has no
    children. The 112 pairs that fit (the solutions of ABEL and LAND, printed in the notebook) each try all 32
    placements of AND at level L2: 112 x 32 = 3,584 nodes in row L2 (``stats.profile[3]``, the root being
    ``profile[0]``), whether or not AND fits.
    """
    engine = make_engine(ws.problem, "outside")
    engine.count()
    return engine.stats.profile[3]


def row_l2_hint() -> str:
    """What to think about when the prediction of row L2 is not right (the reasoning, never the number)."""
    return (
        "Which word does each level choose, when the colours take nothing out of the matrix? A node in row L1 "
        "that is a conflict has nothing tried below it; which nodes of row L1 have children, and how many each?"
    )


def check_row_l2(prediction) -> Verdict:
    """Exercise 1's check: the learner's number of nodes in row L2 for AND, ABEL and LAND, against
    :func:`row_l2_nodes`, computed here so that the check cell shows nothing that gives it."""
    ws = WordSearch(4, 4, ["AND", "ABEL", "LAND"], "orthogonal")
    return check(prediction, row_l2_nodes(ws), row_l2_hint(), then=ROW_L2_RUN)


ROW_L2_RUN = (
    'To see it, run `engine = make_engine(and_abel_land.problem, "outside")`, then `engine.count()`, and print '
    "`rows_of(engine.stats.profile)`."
)


# ---- exercise 2: the outside engine's search, written with a colour record -----------------------------------------


def count_fitting(rows: int, cols: int, words: list[str], directions: str, record: dict) -> int:
    """The number of ways to hide every word once, the words agreeing on every cell they share.

    One level a word, in the order of the list, trying each of its placements in turn. ``record`` is the colour
    record as the tutorial keeps it: every cell maps to a list of letters, empty at the start. A placement clashes
    when one of its cells is used (its list is not empty) and the letter on top is not the placement's own; a clash
    is skipped, and nothing below it is tried. Otherwise its letters are appended to the cells' lists, the next
    words are counted below it, and its letters are popped off again, one from each cell's list and no more: a cell
    where two words cross holds a letter for each, and taking one word off must leave the other's. The
    colours-outside engine keeps the same record beside a matrix for the words, but chooses the word with the
    fewest placements left at each level, not the next in the list, and writes the letters of a clashing placement
    too before it takes them off; the count is the same in any order of the words.
    """
    ws = WordSearch(rows, cols, words, directions)
    by_word = [[p for p in ws.placements if p.word == word] for word in ws.words]

    def count(k: int) -> int:
        if k == len(by_word):
            return 1
        total = 0
        for placement in by_word[k]:
            pairs = list(zip(placement.cells, placement.word))
            if any(record[cell] and record[cell][-1] != letter for cell, letter in pairs):
                continue  # a clash: another letter is on top in one of its cells
            for cell, letter in pairs:
                record[cell].append(letter)
            total += count(k + 1)
            for cell, _ in pairs:
                record[cell].pop()
        return total

    return count(0)


class Letters(list):
    """A cell's list in the record a check hands in: a list that tells its record each letter put on or taken off."""

    def __init__(self, record: Record, letters=()) -> None:
        super().__init__(letters)
        self.record = record

    def __copy__(self) -> list:
        return list(self)  # a copy is a plain list: making it puts no letter on the record

    def __deepcopy__(self, memo) -> list:
        return list(self)


def _counted(name: str):
    method = getattr(list, name)

    def counted(self, *args):
        before = len(self)
        result = method(self, *args)
        self.record.moved(len(self) - before, put_in=name == "__setitem__" and isinstance(args[0], slice))
        return result

    counted.__name__ = name
    return counted


for _name in ("append", "extend", "insert", "pop", "remove", "clear", "__iadd__", "__imul__", "__delitem__",
              "__setitem__"):  # fmt: skip
    setattr(Letters, _name, _counted(_name))


class Record(dict):
    """The colour record a check hands to the learner's count: every cell of the grid maps to an empty list, as the
    tutorial keeps it, and the record notes each letter put on a list or taken off, however it is done (a list's
    append or pop, ``record[cell] = ...``, ``record[cell][:] = ...``, ``setdefault``, ``update``, ``del``), and
    apart, the letters taken off by a list put in place of a cell's list or of a slice of it, or several at once
    (a restore from a saved copy does that); it behaves as a dict otherwise."""

    def __init__(self, rows: int, cols: int) -> None:
        super().__init__()
        self.pushed = self.popped = self.held = self.rounds = self.not_lists = self.put_back = 0
        for cell in empty_record(rows, cols):
            dict.__setitem__(self, cell, Letters(self))

    def moved(self, change: int, put_in: bool = False) -> None:
        """``change`` letters put on (taken off, if negative) one of the lists; ``put_in`` when a list put in
        place of the cell's list, or of a slice of it, made the change. A search pops one letter at a time."""
        if change == 0:
            return
        if change > 0:
            self.rounds += self.held == 0  # the record held no letter and now holds one
            self.pushed += change
        else:
            self.popped -= change
            self.put_back -= change if put_in or change < -1 else 0
        self.held += change

    def __setitem__(self, cell, letters) -> None:
        old = dict.get(self, cell)
        if old is letters:
            return
        before = len(old) if isinstance(old, list) else 0
        if isinstance(letters, list):
            letters = Letters(self, letters)
            self.moved(len(letters) - before, put_in=True)  # a list put in for another: the letters it adds or removes
        else:
            self.moved(-before)
            self.not_lists += 1
        dict.__setitem__(self, cell, letters)

    def __delitem__(self, cell) -> None:
        old = dict.__getitem__(self, cell)
        self.moved(-len(old) if isinstance(old, list) else 0)
        dict.__delitem__(self, cell)

    def pop(self, cell, *default):
        if cell not in self:
            return dict.pop(self, cell, *default)
        old = dict.__getitem__(self, cell)
        del self[cell]
        return old

    def setdefault(self, cell, default=None):
        if cell not in self:
            self[cell] = default
        return dict.__getitem__(self, cell)

    def update(self, *args, **kwargs) -> None:
        for cell, letters in dict(*args, **kwargs).items():
            self[cell] = letters

    def __ior__(self, other):
        self.update(other)
        return self

    def clear(self) -> None:
        for cell in list(self):
            del self[cell]

    def __deepcopy__(self, memo):
        return self  # the check looks at this very record after the call


def empty_record(rows: int, cols: int) -> dict:
    """The colour record at the start, as the tutorial keeps it: every cell of the grid maps to an empty list."""
    return {(r, c): [] for r in range(rows) for c in range(cols)}


def record_use(rows: int, cols: int, words: list[str], directions: str) -> tuple[int, int, int]:
    """What a search with a colour record writes into it: the placements of the first word (each written once, the
    record empty before it), the letters written when a placement is written only if it fits, and the letters
    written when every placement tried is written before it is judged (as the tutorial and the engine do). A search
    that stops writing at a clash writes a number between the two."""
    ws = WordSearch(rows, cols, words, directions)
    by_word = [[p for p in ws.placements if p.word == word] for word in ws.words]
    record: dict = {}
    kept = tried = 0

    def walk(k: int) -> None:
        nonlocal kept, tried
        for placement in by_word[k] if k < len(by_word) else ():
            pairs = list(zip(placement.cells, placement.word))
            tried += len(pairs)
            if any(record.get(cell) and record[cell][-1] != letter for cell, letter in pairs):
                continue
            kept += len(pairs)
            for cell, letter in pairs:
                record.setdefault(cell, []).append(letter)
            walk(k + 1)
            for cell, _ in pairs:
                record[cell].pop()

    walk(0)
    return len(by_word[0]), kept, tried


NOT_LISTS = (
    "it puts something other than a list into the record. `record[cell]` is the list of letters written into the "
    "cell: append a placement's letter to it, and pop it off again."
)
NO_RECORD = (
    "it counts without writing anything into the record it is handed. The exercise is the colour record: write "
    "each placement's letters into `record`, count below it, and take them off again."
)
LEFT_IN = (
    "the record it is handed still holds letters when it returns. Take each placement's letters off again after "
    "counting below it, one from each cell."
)
TOO_FEW = (
    "it writes fewer letters into the record than the placements it keeps. A cell holds a letter for each word "
    "through it: a placement that crosses a word already written puts its letter on that cell's list too."
)
COUNT_HINT = (
    "Follow the record through one branch and back: after a placement is taken off again, does every cell hold "
    "what it held before the placement was tried, when another word crosses there too? And is a cell whose list "
    "is empty used or unused?"
)
PUT_BACK = (
    "it gets the count, but it takes letters off by putting a list in place of a cell's list or of a slice of it "
    "(`record[cell] = ...`, `record[cell][:] = ...`), or several off one cell at once, as a restore from a saved "
    "copy does. The record needs no copy: after counting below a placement, pop each of its letters off the list "
    "you appended it to."
)
NOT_A_SEARCH = (
    "it gets the count, but the record does not follow a search. A search writes a placement's letters once, "
    "counts every way to place the words after it with those letters in the record, then takes them off; below a "
    "placement that clashes it writes nothing. Yours writes more than that."
)
POOL = ["ABEL", "LAND", "ANNA", "GAUSS", "EULER", "DEAN", "NOD", "AND", "LEA", "SEA", "ALE"]
WAYS = ["all", "orthogonal", "E,S", "E,S,SE"]
MOST_TRIES = 3000  # the ways of choosing one placement a word, in a hidden case

# the library's own answers, reached any way: its counts, its engines (made, or searching), the clique count
LIBRARY_COUNTS = tuple(
    f
    for f in (
        WordSearch.count,
        make_engine,
        make_traced,
        DancingLinks._search,  # refused, not called
        count_placements,
    )
    if f is not None
)


def fitting_cases(seed: int = 4, count: int = 20) -> list[tuple[int, int, list[str], str]]:
    """Hidden cases for the check: the edge cases a learner forgets (one word; a palindrome, whose two readings
    write the same cells; words that cannot all fit; crossings where two words stack a letter), then random lists
    of two or three words in 3 x 3 to 5 x 5 with at most ``MOST_TRIES`` ways of choosing one placement a word, so
    that even a count that tries every choice finishes each case in a fraction of a second."""
    rng = random.Random(seed)
    cases = [
        (3, 3, ["NOD"], "all"),  # one word: every placement is a way
        (4, 4, ["ANNA", "LAND"], "E,S,SE"),  # a palindrome: two placements on the same cells
        (3, 3, ["LEA", "ALE", "SEA"], "E,S"),  # three words in a tight grid
        (2, 3, ["NOD", "SEA", "ALE"], "E"),  # three words, two rows: no way at all
        (4, 4, ["ABEL", "LAND", "DEAN"], "E,S"),  # crossings stack letters
    ]
    while len(cases) < count:
        rows, cols = rng.randint(3, 5), rng.randint(3, 5)
        words = rng.sample(POOL, rng.randint(2, 3))
        ways = rng.choice(WAYS)
        try:
            ws = WordSearch(rows, cols, words, ways)
        except Exception:  # a word that fits nowhere with these directions
            continue
        if math.prod(sum(p.word == word for p in ws.placements) for word in ws.words) <= MOST_TRIES:
            cases.append((rows, cols, words, ways))
    return cases


def check_count_fitting(candidate) -> Verdict:
    """Exercise 2's check: the learner's ``count_fitting`` on the three cases the notebook names, then on
    :func:`fitting_cases` (not shown), each with a new :class:`Record`. A right count is refused when the record is
    not used as a search uses it (:func:`record_use`): nothing written into it, something other than lists, letters
    left in it, fewer letters than the placements kept, the first word's placements written more than once each,
    more letters than a search that writes every placement it tries, or letters taken off by a list put in place
    of a cell's list or several at once (a restore from a saved copy) rather than popped one by one. A call of the
    library's counts or engines, or of the solution, is refused too."""
    if not own_work(candidate, count_fitting):
        return Verdict(False)
    shown = [
        (3, 3, ["CAT", "TEA", "ATE"], "E,S"),
        (4, 4, ["ABEL", "LAND"], "orthogonal"),
        (4, 4, ["ANNA", "NOD"], "orthogonal"),
    ]
    secret = fitting_cases()
    answers = (count_fitting, *LIBRARY_COUNTS)
    for k, case in enumerate(shown + secret):
        where = f"on {case}" if k < len(shown) else f"on a further case, {case},"
        record = Record(*case[:2])
        ran, got = attempt(
            candidate, *copy.deepcopy(case), record, what="the function above", where=f"{where} it", refused=answers
        )
        if not ran:
            return Verdict(False)
        if isinstance(got, bool) or got != count_fitting(*case, empty_record(*case[:2])):
            print(f"✗ Not yet: {where} it gives {got!r}, which is not right. {COUNT_HINT}")
            return Verdict(False)
        first, fewest, most = record_use(*case)
        problem = (
            NOT_LISTS if record.not_lists
            else NO_RECORD if not record.pushed
            else LEFT_IN if any(record.values())
            else TOO_FEW if record.pushed < fewest
            else NOT_A_SEARCH if record.rounds != first or record.pushed > most
            else PUT_BACK if record.put_back
            else ""
        )  # fmt: skip
        if problem:
            print(f"✗ Not yet: {where} {problem}")
            return Verdict(False)
    print(f"✓ Right on all {len(shown) + len(secret)} cases ({len(secret)} of them not shown).")
    return Verdict(True)


# ---- exercise 3: why most of Algorithm C's purifies find an empty list ---------------------------------------------


class _PurifyCounts(AlgorithmC):
    """Algorithm C, counting its purifies level by level, and those that find the cell's list empty."""

    def __init__(self, problem) -> None:
        super().__init__(problem)
        self.purifies: Counter[int] = Counter()
        self.empty: Counter[int] = Counter()
        self.passed_by = 0  # cells of a chosen option that an option above it on the path purified already

    def commit(self, x: int) -> bool:
        q = x + 1
        while q != x:  # the option's other nodes, as commit walks them
            if self.top[q] <= 0:  # a spacer: back to the start of the option
                q = self.ulink[q]
                continue
            self.passed_by += self.color[q] == STICKER
            q += 1
        return super().commit(x)

    def purify(self, p: int) -> None:
        self.purifies[self.level] += 1
        self.empty[self.level] += self.len[self.top[p]] == 0
        super().purify(p)


@functools.lru_cache(maxsize=1)
def purify_facts() -> dict[str, int]:
    """On the three names in 5 x 5: the purifies, those that find an empty list, those of them on the last level,
    the second word's purifies and those of them that find nodes, the fewest nodes in a cell's list
    before the search starts, the fewest placements of one word through a cell (0 if a cell has none), and the
    cells of a chosen placement that a placement above it on the path had purified already (not purified again)."""
    ws = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
    problem = ws.problem
    through = [Counter(cell for p in ws.placements if p.word == word for cell in p.cells) for word in ws.words]
    engine = _PurifyCounts(problem)
    fewest = min(engine.len[i] for i in range(engine.n1 + 1, engine.n + 1))
    engine.count()
    last = max(engine.purifies)
    return {
        "purifies": sum(engine.purifies.values()),
        "empty": sum(engine.empty.values()),
        "empty_last": engine.empty[last],
        "last": last,
        "second": engine.purifies[1],
        "second_found": engine.purifies[1] - engine.empty[1],
        "fewest_at_start": fewest,
        "fewest_of_a_word": min(min(cells.values()) if len(cells) == 25 else 0 for cells in through),
        "passed_by": engine.passed_by,
    }


def empty_purifies() -> str:
    """a: nearly all of them are the last word's, and by then no other word's placement is left in any list.

    A cell's list holds a node for each placement, of any word, that writes the cell. Covering a word (step C4)
    hides every placement of that word still in play from the lists of the cells it writes, except in a cell
    purified already, where Knuth's mark lets the node stay; the placement then tried is one of them. On the last
    level every other word has been covered on the way down, and the last word purifies only cells not purified
    before, so nothing is left in their lists: each of its purifies walks an empty list and hides nothing. On the
    three names in 5 x 5, 8,440 of the 8,672 purifies that find an empty list are the last word's, and every one of
    the last word's purifies finds one. The purifies of the first two words, whose lists still hold the words below,
    are those that do the hiding.
    """
    return "a"


def empty_purifies_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say, with no number that no cell of
    the notebook prints (purify_facts counts them, for the tests)."""
    return {
        "b": "Every cell of this grid lies on placements of all three words, so before the search starts every "
        "cell's list holds nodes of every word.",
        "c": "A purify looks only at its own cell's list: it hides the placements that write another letter there, "
        "and every placement that does not pass through that cell stays where it is. Most of the second word's "
        "purifies still find nodes in the list.",
        "d": "A purify takes no node out of its own cell's list: each placement it hides keeps its node there. And a "
        "cell that a placement above on the path has purified is not purified again: a placement chosen below passes "
        "such a cell by, and those cells are not among the purifies counted.",
    }


def check_empty_purifies(answer) -> Verdict:
    """Exercise 3's check: the learner's letter, with a reason for each wrong one that does not give the right one."""
    return check_choice(answer, empty_purifies(), "abcd", why=empty_purifies_not())
