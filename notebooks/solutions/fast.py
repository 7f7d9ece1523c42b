"""Notebook 8, making it fast: the solutions."""

from __future__ import annotations

import copy
import functools
import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

from solutions import Verdict, _case, _short, attempt, check, check_choice, own_work
from wordcover import WordSearch, make_engine
from wordcover.parallel import split
from wordcover.word_search import Placement

NAMES = ["ABEL", "CANTOR", "GAUSS", "EULER"]  # the notebook's four names


@functools.cache
def first_of_three() -> int:
    """92,692: piece 0 of split(six.problem, 3) gets CANTOR's placements 0, 3, 6, ..., 27, and counts their solutions.

    Every solution uses exactly one of CANTOR's 28 placements, so a piece counts the solutions of the placements dealt
    to it, and nothing else. Dealt round-robin into three, piece 0 gets positions 0, 3, 6, 9, 12, 15, 18, 21, 24 and
    27. In the notebook's list of orbits they are in the orbits of 16,029 (0, 6, 12, 18), of 5,954 (3, 9, 15, 21) and
    of 2,380 (24, 27): 4 x 16,029 + 4 x 5,954 + 2 x 2,380 = 92,692. Dealt into four, piece j gets positions j, j + 4,
    ..., and each piece gets two placements of each orbit of eight and one of the orbit of four: that is why the
    four pieces are equal. Into three they are not: 92,692, 61,788 and 90,312.
    """
    return make_engine(split(WordSearch(6, 6, NAMES).problem, 3)[0], "fast").count()


PIECE_THEN = 'Run `make_engine(split(six.problem, 3)[0], "fast").count()` to see the engine count it.'
PIECE_HINT = (
    "Which positions does split deal to piece 0 of three, and in which orbit is each of them? A solution that uses "
    "a placement of piece 0 is counted in piece 0 and in no other piece."
)
PIECE_FIRST_TEN = (
    "Those are the solutions of the first ten placements, taken in one block; split deals one placement to "
    "each piece in turn, round and round."
)


FIRST_TEN = 3 * 16_029 + 3 * 7_426 + 4 * 5_954  # the solutions of positions 0-9 taken in one block (94,181)


def check_piece(prediction: object) -> Verdict:
    """Exercise 1's check: the learner's count of piece 0 of three, worked out here; taking the first ten placements
    in one block gets its own hint."""
    first_ten = FIRST_TEN
    hint = PIECE_FIRST_TEN if prediction == first_ten else PIECE_HINT
    return check(prediction, first_of_three(), hint, then=PIECE_THEN)


def agree(p: Placement, q: Placement) -> bool:
    """True when every cell that p and q share gets the same letter from both.

    Write p's letters in a dictionary by cell; a cell of q that p does not use agrees by default.
    """
    letters = dict(zip(p.cells, p.word))
    return all(letters.get(cell, letter) == letter for cell, letter in zip(q.cells, q.word))


AGREE_HINT = (
    "Look at every cell the two placements share, not only the first, and compare the letter each writes there: "
    "a cell is a (row, column) pair, and p writes p.word[k] on p.cells[k]. Two placements that share no cell agree."
)


def agree_cases(seed: int = 8, count: int = 60) -> list[tuple[Placement, Placement]]:
    """Hidden cases for the check: pairs that share two cells and agree on only one of them, pairs of one word,
    pairs that share no cell, and random pairs from 4 x 4 and 5 x 5 grids in all eight directions."""
    rng = random.Random(seed)
    grids = [
        WordSearch(4, 4, ["ABEL", "LAND", "BELL", "ALE"]),
        WordSearch(5, 5, ["ANNA", "NAAN", "ABBA", "BAN"]),
        WordSearch(3, 4, ["AAB", "ABA", "BB"]),
    ]
    pairs, shared = [], []  # every ordered pair of placements of one grid, and for each: does each shared cell agree
    for ws in grids:
        letters = [dict(zip(p.cells, p.word)) for p in ws.placements]
        for p, mine in zip(ws.placements, letters):
            for q in ws.placements:
                pairs.append((p, q))
                shared.append([mine[c] == x for c, x in zip(q.cells, q.word) if c in mine])
    split = [k for k, s in enumerate(shared) if len(set(s)) == 2]  # share cells, agree on some and not on others
    rng.shuffle(split)
    first_agrees = [k for k in split if shared[k][0]][:8]  # the first shared cell agrees, a later one does not
    apart = [k for k, s in enumerate(shared) if not s]
    same_word = [k for k, (p, q) in enumerate(pairs) if p.word == q.word and p != q and shared[k]]
    chosen = first_agrees + split[:6] + rng.sample(apart, 4) + rng.sample(same_word, 4)
    return [pairs[k] for k in chosen] + rng.sample(pairs, count - len(chosen))


def check_agree(candidate: Callable[[Placement, Placement], bool], toy: WordSearch, *shown_above: Callable) -> Verdict:
    """Check a learner's ``agree`` on the toy's pairs (CAT with TEA), then on :func:`agree_cases` (not shown).

    The first wrong answer is named with its pair, as ``check_function`` names it. The hidden pairs of two words
    come before those of one word, so SAME_WORD_HINT is given only to a function right on every pair of two words
    and wrong on a pair of one word; any other mistake gets AGREE_HINT. ``shown_above`` are functions the notebook
    itself defines for the same test: handing one of them in is refused like the reference. While the learner's
    function runs, the library's compatibility matrices and its own ``agree`` (wordcover.views.pairs) are refused too
    (they hold the answer for every pair of a grid's placements).
    """
    from wordcover.cliques import compatibility, count_placements  # numpy, which notebook 8 needs anyway
    from wordcover.views.pairs import agree as pictures_agree  # the library's own test, which the pictures use

    if not own_work(candidate, agree, pictures_agree, *shown_above):
        return Verdict(False)
    refused = (agree, pictures_agree, compatibility, count_placements)
    shown = [(p, q) for p, q in itertools.product(toy.placements[:6], toy.placements[6:])]
    hidden = agree_cases()
    two_words = [(p, q) for p, q in hidden if p.word != q.word]
    one_word = [(p, q) for p, q in hidden if p.word == q.word]
    for k, (p, q) in enumerate(shown + two_words + one_word):
        where = f"on {_case((p, q))}" if k < len(shown) else f"on a further case, {_case((p, q))},"
        ran, said = attempt(candidate, *copy.deepcopy((p, q)), what="the function above", where=f"{where} it",
                            refused=refused)  # fmt: skip
        if not ran:
            return Verdict(False)
        if said != agree(p, q):
            same_word = k >= len(shown) + len(two_words) and said is False
            hint = SAME_WORD_HINT if same_word else AGREE_HINT
            print(f"✗ Not yet: {where} it gives {_short(said)}, which is not right. {hint}")
            return Verdict(False)
    print(f"✓ Right on all {len(shown) + len(hidden)} cases ({len(hidden)} of them not shown).")
    return Verdict(True)


SAME_WORD_HINT = (
    "That pair is two placements of one word, and every pair of two different words came out right. agree asks "
    "about letters only: that one word never stands in two places is kept by taking one placement per word, not by "
    "a clash of letters."
)


def why_pairs_are_not_enough_with_primary_cells() -> str:
    """c: "every cell filled" is a condition on the whole set of placements, not on any pair of them.

    Pairwise agreement is enough for the colour items because equal letters are transitive: if every pair of
    placements through a cell agrees, they all agree. But under the new rule every cell must also get at least one
    letter, and a set of pairwise compatible placements can leave a cell empty: the toy's crossing solution leaves
    two of its nine cells empty. No test on two placements at a time can see that. (Algorithm C could not even
    pose the rule: a cell covered by two crossing words would be covered twice. It needs Knuth's multiplicities,
    an item covered at least once, as his Algorithm M allows.) Inclusion and exclusion would bring cliques back,
    as it does for the rule that every word crosses another: add the clique counts of the placements that avoid a
    set T of cells, with the sign of (-1)^|T|, over every set T. But that is one clique count for each set of
    cells, 2^36 of them in 6 x 6, not a clique count alone.
    """
    return "c"


def check_cells_question(answer: object) -> Verdict:
    """Exercise 3's check: the learner's letter, with a reason for each wrong one that does not give the right one."""
    return check_choice(
        answer, why_pairs_are_not_enough_with_primary_cells(), "abcd", why_pairs_are_not_enough_with_primary_cells_not()
    )


def why_pairs_are_not_enough_with_primary_cells_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "Look at the toy's solution drawn beside its compatibility matrix: its three pairs all agree, yet two "
        "of its nine cells stay empty. The new rule rejects it, and a count of cliques counts it.",
        "b": "Equal letters stay equal in threes whatever the rule: if p and q write the same letter on a cell, "
        "and q and r do too, then p and r do. So three placements that agree in pairs never clash on a letter.",
        "d": "A cell that no word uses has no placement through it, so no two placements meet there and none can "
        "clash on it: a test of letters has nothing to say about an empty cell, neither yes nor no.",
    }


# ---- the record of benchmarks/bench_knuth.py, read from benchmarks/README.md --------------------------------------

KNUTH_SECTION = "## Against Knuth's programs"  # the README's section that holds the record
MEASURED = "Measured on the project's machine"  # the start of the paragraph that says where and how it was measured


def markdown_table(lines: list[str]) -> list[dict[str, object]]:
    """The rows of the first markdown table in ``lines``, each a dict from the header's names to the cells.

    A cell like ``9,664,704`` becomes an int, ``0.91`` a float, an empty cell None, anything else stays text.
    """
    found = [line.strip() for line in lines]
    start = next(k for k, line in enumerate(found) if line.startswith("|"))
    table = list(itertools.takewhile(lambda line: line.startswith("|"), found[start:]))

    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip("|").split("|")]

    def value(cell: str) -> object:
        if cell == "":
            return None
        if re.fullmatch(r"\d{1,3}(,\d{3})*|\d+", cell):
            return int(cell.replace(",", ""))
        if re.fullmatch(r"\d*\.\d+", cell):
            return float(cell)
        return cell

    header = cells(table[0])
    rows = [cells(line) for line in table[1:] if not re.fullmatch(r"[|:\- ]+", line)]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"a row of {len(row)} cells under a header of {len(header)}: {row}")
    return [dict(zip(header, map(value, row))) for row in rows]


def knuth_record(readme: str | Path | None = None) -> dict[str, object] | None:
    """The record of ``benchmarks/bench_knuth.py`` as ``benchmarks/README.md`` keeps it.

    ``measured``: the README's sentence that says on which machine and with which options it was measured (up to
    its first semicolon); ``rows``: its table, one dict a row (see :func:`markdown_table`). Without ``readme``, the
    file is looked for in the notebook's folder and each folder above it; when it is not there, one line says so
    and the result is None.
    """
    if readme is None:
        here = Path.cwd()
        readme = next(
            (f / "benchmarks" / "README.md" for f in (here, *here.parents) if (f / "benchmarks").is_dir()), None
        )
        if readme is None or not readme.is_file():
            print("benchmarks/README.md is not in this folder or any above it: it is in the project's repository")
            return None
    text = Path(readme).read_text(encoding="utf-8")
    section = text[text.index(KNUTH_SECTION) :].split("\n## ", 1)[0]
    after = section[section.index(MEASURED) :]
    paragraph = after.split("\n\n", 1)[0]
    measured = " ".join(paragraph.split(";", 1)[0].replace("`", "").split())
    return {"measured": measured, "rows": markdown_table(after.splitlines())}


def knuth_ratios(bench: dict[str, object]) -> list[tuple[str, int, float, float]]:
    """The record's rows side by side, one per problem, in its order: (problem, solutions, the whole ``wordcover``
    command's time over DLX2's, over DLX2's without mems)."""
    rows = {(row["problem"], row["program"]): row for row in bench["rows"]}
    return [
        (problem, row["solutions"], row["ratio"], rows[problem, "DLX2 no mems"]["ratio"])
        for (problem, program), row in rows.items()
        if program == "DLX2"
    ]


def print_compiled(*pieces: str) -> None:
    """Print the fast engine's source as numba compiles it, its pausing, limits and output each said in one line: a
    part of its loop ("C5-C7", ..., or "C5 purify") or a whole function ("_run", "_cover", ...)."""
    from wordcover.fast import LOOP_PARTS, PURIFY, search_source  # here, so that the solutions load without numba

    for piece in pieces:
        if piece in LOOP_PARTS or piece == PURIFY:
            print(search_source("_run", scaffolding=False, part=piece))
        else:
            print(search_source(piece, scaffolding=False))


def walk_commit(engine: object, labels: list[str]) -> None:
    """Print step C5's first commit at the root, as the teaching ``engine`` (made, not yet run) takes it one step at a
    time: C3 and C4, then the walk of ``p`` along the option ``x``, each purify with the nodes it stickers and the
    options it hides (each hidden option's nodes that leave their lists), and the spacer that ends the walk.
    ``labels`` names the options (a word search's placements)."""
    e = engine  # Knuth's arrays, as the teaching engine keeps them: TOP, ULINK, DLINK, COLOR, LEN
    i = e.choose()  # C3
    lengths, k = [], e.rlink[0]
    while k != 0:  # every primary item still to cover, with its LEN
        lengths.append(f"{e.names[k]} {e.len[k]}")
        k = e.rlink[k]
    e.cover(i)  # C4
    print(f"C3: the options each primary item has: {', '.join(lengths)}")
    print(f"C3 chooses {e.names[i]}, the fewest; C4 covers it: {e.stats.updates} updates")
    x = e.dlink[i]  # C5: the first option left in i's list
    print(f"C5 tries x = node {x}, {labels[e.option_of[x]]}; p walks right from node {x + 1}:")

    def nodes_of(q: int) -> list[int]:
        """The nodes of q's option, left to right."""
        first = q
        while e.top[first - 1] > 0:
            first -= 1
        last = q
        while e.top[last + 1] > 0:
            last += 1
        return list(range(first, last + 1))

    p = x + 1
    while p != x:
        if e.top[p] <= 0:
            print(f"  p = {p}: a spacer (TOP <= 0); p = ULINK({p}) = {e.ulink[p]}, which is x: the commit is done")
            p = e.ulink[p]
            continue
        j, c = e.top[p], e.color[p]
        print(f"  p = {p}: item {e.names[j]}, colour {e.colour_names[c]}: purify {e.names[j]}")
        q, done = e.dlink[j], False
        while q != j:  # what purify will do, read before it does it
            option = labels[e.option_of[q]]
            if e.color[q] == c:
                print(f"      node {q} ({option}) has {e.colour_names[c]} too: it gets the sticker")
            else:
                others = [r for r in nodes_of(q) if r != q]
                leave = ", ".join(f"{r} (in {e.names[e.top[r]]})" if e.top[r] <= e.n1 else str(r)
                                  for r in others if e.color[r] >= 0)  # fmt: skip
                stay = [str(r) for r in others if e.color[r] < 0]  # hide leaves a stickered node in its list
                print(
                    f"      node {q} ({option}) has {e.colour_names[e.color[q]]}: its option is hidden,"
                    f" nodes {leave} leave their lists" + (f"; {', '.join(stay)}, stickered, stays" if stay else "")
                )
            q, done = e.dlink[q], True
        if not done:
            print("      its list is empty: nothing to do")
        e.purify(p)
        p += 1


def walk_figure(
    trace: object, frames: list[int], items: list[str], options: list[int], walked: list[int], titles: list[str]
) -> object:
    """:func:`wordcover.views.links_figure` of ``frames`` (every node numbered), with two changes for the commit's
    walk: each header's number sits under its box, as a node's under its node, not between two boxes; and on the
    last frame, each node of ``walked`` (the nodes ``p`` visits, in order) gets its step 1, 2, ... in red at its upper
    left."""
    from wordcover.views._figure import figure_or_picture
    from wordcover.views.links import links_picture
    from wordcover.views.picture import Text

    picture = links_picture(trace, frames, items, titles, 5.0, 9, True, None, True, "edge", [], options)
    for n, panel in enumerate(picture.panels):
        kept = []
        for it in panel.items:
            if isinstance(it, Text) and it.y == 0 and it.ha == "left" and it.text.isdigit():  # a header's number
                kept.append(Text(int(it.x) + 0.27, 0.42, it.text, size=it.size, ha="left", va="top",
                                 colour=it.colour, zorder=it.zorder))  # fmt: skip
                continue
            kept.append(it)
            last = n == len(picture.panels) - 1
            if last and isinstance(it, Text) and it.va == "top" and it.text.isdigit() and int(it.text) in walked:
                step = walked.index(int(it.text)) + 1  # a walked node's number: its step beside it
                kept.append(Text(it.x - 0.37, it.y - 0.36, f"p{step}", size=it.size, ha="right", va="bottom",
                                 colour="#c0392b", weight="bold", zorder=it.zorder))  # fmt: skip
        panel.items[:] = kept
    return figure_or_picture(picture)
