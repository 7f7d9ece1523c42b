"""Notebook 6, the sticker fix: the solutions, and the checks its exercise cells call with the learner's answer only."""

from __future__ import annotations

from solutions import (
    BUDGET,
    NOT_YET,
    Verdict,
    _is_number,
    _short,
    _unanswered,
    attempt,
    check_choice,
    own_work,
    same_steps,
)
from wordcover import AlgorithmC, WordSearch, examples
from wordcover.playback import record_writes

STICKER = -1  # Knuth's COLOR(x) = -1: this node already has the right colour in a purified item


def dlx2_example():
    """DLX2's own test case, "A simple example of color controls", as the library loads it (the option with no
    primary item dropped, as DLX2 drops it)."""
    return examples.load("knuth_tiny_colours").problem


def abel_land() -> WordSearch:
    """ABEL and LAND on a 4 x 4 grid, across and down both ways: notebook 5's example, and the colours article's."""
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


def mark_counts() -> tuple[int, int]:
    """(1, 3): one node wears the mark when ABEL's commit is done, and LAND down's commit then runs three purifies.

    The mark must go on the nodes that a later commit could purify the same item with again: the nodes of the
    purify's own colour that are still in the item's list. A node of another colour has its option hidden, so no
    commit meets it while the purify holds; commit reads only the node of its own option in each item, so that is
    where the mark must be.

    On ABEL LAND, step C4's cover of ABEL has hidden all ABEL's options first, so their nodes are out of the cells'
    lists (ABEL up the right-hand column, with its L in r0c3, among them). ABEL's commit then purifies row 0 from
    left to right. r0c0 with A: no LAND option has an A there; the four with another letter are hidden, LAND
    leftwards along row 0 among them (its D is in r0c0). r0c1 with B and r0c2 with E: LAND has neither letter, so
    the two options there are hidden at each. r0c3 with L: LAND down from the corner has its L there, the one node
    of the purify's colour still in the list (LAND leftwards along row 0 has its L there too, but it left the list
    with the purify of r0c0); LAND up the column has its D there and is hidden. One node is marked.

    LAND down's commit meets its marked node in r0c3 and passes it by, then purifies r1c3, r2c3 and r3c3: three
    purifies. The naive engine runs four: it purifies r0c3 again.
    """
    trace = record_writes(abel_land().problem, "sticker")
    tried = next(f for f in range(1, trace.frames) if trace.kind_at(f) == "try")  # ABEL along row 0, at level 0
    committed = next(f for f in range(tried, trace.frames) if trace.kind_at(f) == "choose")  # level 1 begins
    marked = sum(colour == STICKER for colour in trace.arrays_at(committed)["COLOR"])
    return marked, commit_purifies(trace, 27)


def commit_purifies(trace, option: int) -> int:
    """How many purifies the commit of ``option`` runs, the first time the recorded search tries it."""
    down = next(f for f in range(1, trace.frames) if trace.kind_at(f) == "try" and trace.event(f - 1).option == option)
    purifies = 0
    for f in range(down + 1, trace.frames):
        if trace.kind_at(f) in ("choose", "try", "solution", "backtrack"):
            break
        purifies += trace.kind_at(f) == "purify"
    return purifies


MARK_HINT = (
    "Take each purify of ABEL's commit in turn: which nodes are still in that cell's list when it runs, and which "
    "of them could a later commit purify the cell with again? Then follow LAND down's commit cell by cell."
)
MARK_THEN = (
    "Below: Knuth's lines that leave that mark, then the two searches side by side at LAND down's commit. "
    '`lesson.abels_commit(abel_land, "sticker", done=True).figure()` draws the state you worked out.'
)


def _check_numbers(answer: tuple, expected: tuple, hint: str, then: str) -> Verdict:
    """Numbers graded together: one verdict for all of them, never which one is wrong."""
    if all(_unanswered(n) for n in answer):
        print(NOT_YET)
        return Verdict(False)
    if not all(_is_number(n) for n in answer):
        given = ", ".join(_short(n) for n in answer)
        print(f"✗ {'Two' if len(answer) == 2 else 'Three'} numbers are wanted here, not {given}.")
        return Verdict(False)
    if tuple(answer) == tuple(expected):
        print(f"✓ Right, {'both' if len(answer) == 2 else 'all three'}. {then}")
        return Verdict(True)
    print(f"✗ Not yet: {tuple(answer)!r} is not it. {hint}")
    return Verdict(False)


def check_mark(marked, purifies) -> Verdict:
    """The question before the fix: the nodes that wear the mark after ABEL's commit and the purifies of LAND down's
    commit, graded as one pair against :func:`mark_counts` (worked out here, never printed)."""
    return _check_numbers((marked, purifies), mark_counts(), MARK_HINT, MARK_THEN)


def dlx2_example_counts() -> tuple[int, int]:
    """(4, 1): the sticker engine runs four purifies on DLX2's example and gives one sticker.

    Step C3 finds A, B and C with two options each and takes the first, A; cover(A) hides both of A's options,
    so their nodes leave the lists of B, C, X and Y. Trying `A B X:0 Y:0`, commit covers B, which hides `B X:1`
    (its node leaves X's list), then purifies X with 0 (X's list is empty now: nothing to hide or sticker) and Y
    with 0 (`C Y:1` is there, of another colour: hidden). C is left with no option, a dead end, and all is undone.
    Trying `A C X:1 Y:1`, commit covers C, which hides `C Y:1`, then purifies X with 1 (`B X:1` is there, of the
    same colour: its sticker, the only one) and Y with 1 (its list is empty). Level 1 chooses B and tries `B X:1`:
    its commit meets the sticker in X and passes it by, so it purifies nothing. Four purifies, one sticker.

    Without the sticker that last commit purifies X again (its list is empty by then, so that purify hides
    nothing): the naive engine runs five purifies and gives no sticker. DLX2 prints "5 cleansings", one for each
    purify and one for each sticker: 4 + 1.
    """
    engine = AlgorithmC(dlx2_example())
    engine.count()
    return engine.stats.purifications, engine.stats.stickers


def dlx2_example_len_x() -> int:
    """1: LEN(X) when the sticker engine reports the solution of DLX2's example.

    X's list starts with three nodes, one each of `A B X:0 Y:0`, `A C X:1 Y:1` and `B X:1`. Step C4's cover of A
    hides A's two options, so their nodes leave it: one is left, `B X:1`'s. On the branch that succeeds, the commit
    of `A C X:1 Y:1` purifies X with 1 and gives that node the sticker. At level 1, C4's cover of B hides `B X:1`,
    and Knuth's hide passes the stickered node by: it stays in X's list, and LEN(X) stays 1. The commit of `B X:1`
    meets the sticker and purifies nothing, so LEN(X) is 1 at the solution.

    An engine that hides stickered nodes too (`EveryNodeHidden` in the notebook) has LEN(X) = 0 there, and so has
    the naive engine, which gives no sticker.
    """
    engine = AlgorithmC(dlx2_example())
    x = engine.names.index("X")
    for _ in engine.solutions():  # the search stands still at its solution: its lists are as it found it
        return engine.len[x]
    raise AssertionError("DLX2's example has a solution")


DLX2_EXAMPLE_HINT = (
    "Go through the search one step at a time: which item does step C3 choose at each level, and which options are "
    "tried there? At every purify, which nodes are still in the item's list at that moment, and which of them have "
    "its colour? At every commit of a coloured node, does a purify run at all? Each time a hide meets a node in X, "
    "does that node leave X's list?"
)
DLX2_EXAMPLE_THEN = (
    "Now run it: `engine = AlgorithmC(dlx2_example)`, `engine.count()` and `print(engine.stats)` print the first "
    'two, and the same with `make_engine(dlx2_example, "naive")` shows what the sticker saved; '
    "`Tracer(dlx2_example)`, stepped to the solution, shows LEN(X) above X's column."
)


def check_dlx2_example(purifications, stickers, len_x) -> Verdict:
    """Exercise 1's check: the learner's purifies, stickers and LEN(X) at the solution on DLX2's example, graded as
    one answer against :func:`dlx2_example_counts` and :func:`dlx2_example_len_x` (worked out here, never printed),
    so that no number can be found alone."""
    expected = (*dlx2_example_counts(), dlx2_example_len_x())
    return _check_numbers((purifications, stickers, len_x), expected, DLX2_EXAMPLE_HINT, DLX2_EXAMPLE_THEN)


def hide(engine, p: int) -> None:
    """hide(p) as DLX2 writes its loop inside cover and purify: Algorithm X's hide, passing by stickered nodes.

    Walk the other nodes of p's option (a spacer sends the walk back to the option's first node) and unlink each
    from its item's list, one update each, unless its colour is STICKER: that node sits in a purified item, whose
    list nothing reads until its unpurify, so it may stay where it is.
    """
    top, ulink, dlink, length, color = engine.top, engine.ulink, engine.dlink, engine.len, engine.color
    q = p + 1
    while q != p:
        x = top[q]
        if x <= 0:  # a spacer: back to the first node of the option
            q = ulink[q]
            continue
        if color[q] != STICKER:
            u, d = ulink[q], dlink[q]
            dlink[u] = d
            ulink[d] = u
            length[x] -= 1
            engine.stats.updates += 1
        q += 1


def unhide(engine, p: int) -> None:
    """unhide(p) as DLX2 writes its loop: relink, right to left, exactly the nodes hide(p) unlinked.

    A node that wears a sticker now wore it when hide passed it by: every sticker given after that hide is peeled
    off again before it is undone, the last change first. So the same test finds the same nodes, and LEN gets
    back what hide took.
    """
    top, ulink, dlink, length, color = engine.top, engine.ulink, engine.dlink, engine.len, engine.color
    q = p - 1
    while q != p:
        x = top[q]
        if x <= 0:  # a spacer: on to the last node of the option
            q = dlink[q]
            continue
        if color[q] != STICKER:
            u, d = ulink[q], dlink[q]
            dlink[u] = q
            ulink[d] = q
            length[x] += 1
        q -= 1


def hide_problems() -> list[tuple[str, object]]:
    """The problems the check runs: the two the notebook names, then those it does not show."""
    return [
        ("the colour pair", examples.load("colour_pair").problem),
        ("ABEL LAND", WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem),
        ("a further problem", WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all").problem),
        ("a further problem", WordSearch(5, 5, ["ADA", "ALAN", "NAN"], "E,S").problem),
    ]


SHOWN_PROBLEMS = 2
SOLUTIONS_HINT = (
    "Walk the option as Algorithm X's hide does, and its unhide the other way; pass by only the nodes that wear a "
    "sticker, in both."
)
UPDATES_HINT = (
    "The solutions are right, so every clashing option still leaves the lists. The updates counter counts the nodes "
    "a hide unlinks: which nodes does DLX2's hide loop leave where they are, and what does it count?"
)
LEN_HINT = (
    "LEN counts the nodes in its list: after each hide or unhide it must have changed by exactly as many nodes as "
    "left that list or came back to it, no more and no fewer."
)
STATE_HINT = (
    "When the search ends, every list and every LEN must be as they began: does your unhide relink exactly the nodes "
    "your hide took out, and give LEN back what hide took?"
)


def _solutions(engine) -> list[list[int]]:
    return sorted(sorted(s) for s in engine.solutions())


class _CallsItself(Exception):
    """The learner's hide or unhide called engine.hide or engine.unhide, which the check has made theirs."""


def _guarded_solutions(engine) -> list[list[int]] | type[_CallsItself]:
    try:
        return _solutions(engine)
    except _CallsItself:
        return _CallsItself


def check_hide(candidate_hide, candidate_unhide, budget: float = BUDGET) -> Verdict:
    """Exercise 2's check: Algorithm C with the learner's hide and unhide on :func:`hide_problems`, each search within
    ``budget`` seconds, against Knuth's (the library's AlgorithmC): at every hide and unhide, each LEN against the
    nodes that really left its list or came back (a stickered node left in place keeps its LEN, the LEN(X) of
    exercise 1); then the solutions, the updates counter, and the links and LEN left when the search ends. The
    library's hide and unhide and the solution's are refused, however they are reached; so is a hide or unhide that
    calls the engine's, which in this check are the learner's own."""
    for candidate in (candidate_hide, candidate_unhide):
        if not own_work(candidate, hide, unhide, AlgorithmC.hide, AlgorithmC.unhide):
            return Verdict(False)
    for candidate, library in ((candidate_hide, AlgorithmC.hide), (candidate_unhide, AlgorithmC.unhide)):
        if same_steps(candidate, library, {"STICKER": STICKER}, counters=True):
            print(f"✗ That is Algorithm C's own {library.__name__}, instruction for instruction, its counter too: "
                  "the library's answer, pasted in. Write your own.")  # fmt: skip
            return Verdict(False)

    class Learners(AlgorithmC):
        len_kept = True  # False once a LEN changed by another amount than the nodes that left or rejoined its list
        inside = False  # True while a candidate runs: a call of engine.hide or engine.unhide then is the candidate's

        def _others(self, p: int) -> list[int]:  # the nodes of p's option but p, up to the spacer after it
            q, found = self.option_start[self.option_of[p]], []
            while self.top[q] > 0:
                if q != p:
                    found.append(q)
                q += 1
            return found

        def _moved(self, p: int, candidate) -> None:
            others = self._others(p)
            was_in = [self.dlink[self.ulink[q]] == q for q in others]
            lens = [self.len[self.top[q]] for q in others]
            if self.inside:
                raise _CallsItself
            self.inside = True
            try:
                candidate(self, p)
            finally:
                self.inside = False
            for q, before, n in zip(others, was_in, lens):  # one node per item in an option: its LEN's own change
                moved = (self.dlink[self.ulink[q]] == q) - before  # -1 it left its list, +1 it came back, 0 stayed
                if self.len[self.top[q]] - n != moved:
                    self.len_kept = False

        def hide(self, p: int) -> None:
            self._moved(p, candidate_hide)

        def unhide(self, p: int) -> None:
            self._moved(p, candidate_unhide)

    problems = hide_problems()
    for k, (name, problem) in enumerate(problems):
        reference = AlgorithmC(problem)
        want = _solutions(reference)
        where = f"on {name}" + (" (not shown)" if k >= SHOWN_PROBLEMS else "")
        engine = Learners(problem)
        ran, found = attempt(
            _guarded_solutions,
            engine,
            what="hide and unhide above",
            where=f"{where} the search with your hide and unhide",
            budget=budget,
            loops="Does each walk move on at every node, and does a spacer send it round the option?",
            refused=(hide, unhide, AlgorithmC.hide, AlgorithmC.unhide),
        )
        if not ran:
            return Verdict(False)
        if found is _CallsItself:
            print("✗ Not yet: your hide or unhide calls engine.hide or engine.unhide, which in this check are your own "
                  "two functions. Walk the option's nodes yourself, on the engine's arrays.")  # fmt: skip
            return Verdict(False)
        if not engine.len_kept:
            print(f"✗ Not yet: {where} the search with your hide and unhide changed a LEN by another amount than the "
                  f"nodes that left its list or came back to it. {LEN_HINT}")  # fmt: skip
            return Verdict(False)
        if found != want:
            print(f"✗ Not yet: {where} Algorithm C with your hide and unhide finds {len(found):,} solutions, "
                  f"not the right ones. {SOLUTIONS_HINT}")  # fmt: skip
            return Verdict(False)
        if engine.stats.updates != reference.stats.updates:
            print(f"✗ Not yet: {where} the solutions are right, but the search with your hide counted "
                  f"{engine.stats.updates:,} updates, which is not Knuth's count. {UPDATES_HINT}")  # fmt: skip
            return Verdict(False)
        if engine.state() != reference.state():
            print(f"✗ Not yet: {where} the solutions and the updates are right, but the links or LEN are not as they "
                  f"began when the search ends. {STATE_HINT}")  # fmt: skip
            return Verdict(False)
    print(f"✓ Right on all {len(problems)} problems ({len(problems) - SHOWN_PROBLEMS} of them not shown): the same "
          "solutions, updates and links as DLX2's hide and unhide loops.")  # fmt: skip
    return Verdict(True)


def why_reverse() -> str:
    """b: each unpurify must find the lists as its own purify left them.

    A later purify (of another cell of the same option, or deeper in the search) walked lists that an
    earlier purify had already changed: an option hidden by the earlier one had left the other cells'
    lists, so the later purify did not hide it again. Undo the earlier purify first, and that option is
    back in the lists when the later unpurify walks them: it is unhidden a second time and the links break
    (the naive double purify, seen from the other side). Undone in reverse order, the last purify first,
    every unpurify sees the lists as its purify left them; Dancing Links undoes everything in this order.
    What matters is the order of the unpurifies, not the direction in which one unpurify walks its list:
    Knuth remarks in his program DLX2 that uncovering in the same direction as covering does no harm.

    Knuth makes the same point about cover and uncover in DLX1, at the step that undoes an option's covers right
    to left: "When a is uncovered, it can resuscitate elements in item b that would mess up the uncovering of b.
    The choreography is delicate indeed." (dlx1.w, read in the copy of Knuth's programs at
    github.com/shreevatsa/knuth-literate-programs; older copies say "column" for "item".) In our words, not his: a
    purify hides options as a cover does, only those of another colour, so its undo needs the same reverse order.
    """
    return "b"


def why_reverse_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say (never which choice is right)."""
    return {
        "a": "Within one unpurify the direction of the walk changes nothing: a walk down the list gives the same "
        "links back (Knuth remarks the same of uncover), and every sticker in one list is peeled back to the same "
        "colour, p's.",
        "c": "A sticker is the colour code -1 and nothing more: it does not say which purify gave it. Unpurify gives "
        "each stickered node the colour of its own p, and only one purify of an item holds at a time.",
        "d": "The LEN counters in between cannot be the trouble: step C3 reads them only when the search enters a "
        "level, after every undo of the level it left is done, so no value in between is ever read.",
    }


def check_why_reverse(answer) -> Verdict:
    """Exercise 3's check: the learner's letter against :func:`why_reverse`, a wrong one told why it is wrong."""
    return check_choice(answer, why_reverse(), "abcd", why=why_reverse_not())
