"""The slides of the 50-minute lecture: one idea a slide, each with its speaker notes and its minutes.

The parts of the lecture are the rows of ``series.LECTURE`` (minutes, notebook, heading, what to do, the question
to ask first, its model answer): each part opens with a slide made from its row, and the slides that follow it
are the ones this module writes for that heading (:data:`PARTS`). The minutes of a part's slides add up to the
row's minutes, or the build stops and says which part disagrees. Every number on a slide comes from
:func:`lecture.facts.gather`, run when the deck is built.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from . import figures
from .facts import Bag, Facts, num, where

esc = html.escape
NBSP = "\u00a0"  # a space that never breaks a line


@dataclass
class Slide:
    """One slide: its title, its body (HTML), its speaker notes and its minutes."""

    key: str  # the slide's id, in the deck's address: lecture.slides.html#/key
    title: str  # HTML; says the slide's one idea
    body: str  # HTML
    say: str  # what to say
    ask: str  # the question to ask the room
    answer: str  # its model answer
    expect: str  # the misconception to expect, in its first sentence; the correction after it
    minutes: float
    kind: str = "content"  # title, opener, content, live, closing
    aside: str = ""  # for the lecturer, not to be said: the player's keys, where a number on the slide comes from
    core: bool = False  # the question is one of the lecture's core ones (the others are asked if time allows)
    told: bool = False  # a told slide: it asks nothing (its ask and answer are empty; the notes say so)
    # a question asked only if the lecture is early: the first to drop (the others, not core, if time allows)
    drop_first: bool = False
    part: int = 0  # the part of the lecture (0: before the first)
    clock: float = 0.0  # the minute of the lecture the slide starts at (set by the deck)
    number: int = 0  # the slide's number in the deck, from 1 (set by the deck)
    in_hand: float = 0.0  # on the last slide of a part: the minutes the part keeps free after it (set by the deck)
    plan: dict | None = None  # for an opener: the row of series.LECTURE it is made from
    asked: Slide | None = None  # for an opener: the slide that asks its part's core question (set by the deck)
    also: list[Slide] = field(default_factory=list)  # for an opener: the part's other core questions (the deck's)
    elsewhere: str = ""  # for an opener: where its part is in the notebooks, for a lecture given from them
    behind: str = ""  # for an opener: what to skip or shorten in its part when behind, and the minutes it saves
    # the notes' numbered steps: what the lecturer does (a key of the player, its frame), what happens, what to point at
    chain: list[str] = field(default_factory=list)


@dataclass
class Part:
    """One part of the lecture: its title on the slides and the slides after its opener.

    ``heading`` names the row of ``series.LECTURE`` the part follows (the notebook heading the row links to); a
    function of the facts where the heading is a number the library computes. The row's question is the part's core
    question, asked on the slide ``asked_on`` names (the opener, a divider of a quarter of a minute, asks nothing).
    """

    heading: str | Callable[[Facts], str]
    title: str
    slides: Callable[[Facts], list[Slide]]
    aim: str  # what the part does, in a sentence: on its opener, and what to say there
    asked_on: str  # the key of the slide that asks the plan's question: the one that shows what it asks about
    opener_minutes: float = 0.25  # a divider: the part's name and aim, said in a sentence
    # the model answer for the room, where the plan's (written for the index, 00) runs long
    answer: Callable[[Facts], str] | None = None
    # what a lecturer who is behind drops: (slide key, its name, None to skip it or (what to do instead, the minutes
    # it keeps)); {slide:key} in a name is the number of the slide key
    behind: Sequence[tuple[str, str, tuple[str, float] | None]] = ()
    # where the part's slides are in the notebooks, where the plan's one notebook does not hold them all: a line for
    # the divider, after the plan's notebook, and a sentence for its notes (functions of the facts and of the titles)
    also_in: Callable[[Facts, Callable[[int], str]], tuple[str, str]] | None = None
    also_notebooks: tuple[int, ...] = ()  # the notebooks ``also_in`` names, for the plan's table on the first slide

    def heading_for(self, f: Facts) -> str:
        return self.heading(f) if callable(self.heading) else self.heading


# ---- small pieces of HTML ---------------------------------------------------------------------------------------


def code(lines: Sequence[str], mark: Callable[[str], str] | None = None, cls: str = "") -> str:
    """A block of code, one line a line; ``mark(line)`` names a class for a line ('' for none)."""
    out = []
    for line in lines:
        kind = mark(line) if mark else ""
        text = esc(line) or " "
        out.append(f'<span class="line {kind}">{text}</span>' if kind else f'<span class="line">{text}</span>')
    return f'<pre class="deck-code {cls}"><code>{"".join(out)}</code></pre>'


def fig(svg: object, caption: str, cls: str = "") -> str:
    return f'<figure class="deck-fig {cls}">{svg}<figcaption>{caption}</figcaption></figure>'


def zoom(svg: object, k: float) -> str:
    """A picture drawn k times larger, labels included (its viewBox kept, its width and height scaled)."""
    text = str(svg)
    w, h = re.search(r'width="(\d+)" height="(\d+)"', text).groups()
    return text.replace(f'width="{w}" height="{h}"', f'width="{round(int(w) * k)}" height="{round(int(h) * k)}"', 1)


def cols(*parts: str, cls: str = "") -> str:
    return f'<div class="deck-cols {cls}">{"".join(f"<div>{p}</div>" for p in parts)}</div>'


def table(head: Sequence[str], rows: Sequence[Sequence[object]], cls: str = "", marks: Sequence[str] = ()) -> str:
    """A table; ``marks[k]`` is a class for row k."""
    th = "".join(f"<th>{h}</th>" for h in head)
    body = []
    for k, row in enumerate(rows):
        mark = f' class="{marks[k]}"' if k < len(marks) and marks[k] else ""
        body.append(f"<tr{mark}>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    return f'<table class="deck-table {cls}"><thead><tr>{th}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def say(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{text}</p>' if cls else f"<p>{text}</p>"


def c(text: object) -> str:
    """Inline code."""
    return f"<code>{esc(str(text))}</code>"


def signed(n: int) -> str:
    """A count with a true minus sign: −1."""
    return f"−{num(-n)}" if n < 0 else num(n)


def times(n: int) -> str:
    """How many presses of a key, in words: once, twice, three times."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times" if n > 9 else f"{NUMBER_WORDS[n]} times")


NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def and_list(names: Sequence[str]) -> str:
    """Names as a sentence lists them: a, b and c."""
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{num(n)} {word if n == 1 else (many or word + 's')}"


def keys_line() -> str:
    """Which keys step the player: shown in the player's own row of buttons (deck.css places it)."""
    return (
        '<p class="deck-keys"><span class="deck-keys-off"><kbd>Enter</kbd> player keys</span>'
        '<span class="deck-keys-on"><kbd>Esc</kbd> slide keys</span></p>'
    )


def player(name: str, state: dict, cls: str, after: str = "", more_legend: str = "", **data: object) -> str:
    """A static player (the exported pages' player) in its slide's host; ``data`` become data- attributes
    (``print_frame``: the frame the handout prints); ``after`` is a line under the player; ``more_legend``, entries
    the deck adds to the player's legend for marks the player draws but its legend does not name (deck.js)."""
    from wordcover.widgets import static_fragment

    fallback = '<p class="deck-fallback">The player runs in the browser, from this file, with no network.</p>'
    attrs = "".join(f' data-{k.replace("_", "-")}="{esc(str(v))}"' for k, v in data.items())
    below = f'<p class="deck-player-note">{after}</p>' if after else ""
    more = f'<div class="deck-legend-more">{more_legend}</div>' if more_legend else ""
    return (
        f'<div class="deck-player {cls}" data-player="{name}"{attrs}>{static_fragment(state, fallback)}'
        f"{keys_line()}{below}{more}</div>"
    )


# ---- part 1: exact cover and Algorithm X ---------------------------------------------------------------------


def part_exact_cover(f: Facts) -> list[Slide]:
    k, al = f.knuth, f.abel_land
    ws = al.ws
    p = k.problem
    options = [[e.item for e in option] for option in p.options]
    labels = [str(p.label(j)) for j in range(len(p.options))]
    root = figures.search_tree(k.trace)
    tries = dead = solved = 0

    def walk(node: figures.TreeNode) -> None:
        nonlocal tries, dead, solved
        tries += bool(node.text)
        dead += node.end == "dead end"
        solved += node.end == "solution"
        for child in node.children:
            walk(child)

    walk(root)
    lens = k.lens
    wide = max(p.primary, key=lambda i: lens[i][0])  # the primary item with the most options at the start
    apart, crossing = ws.decode(al.apart_example), ws.decode(al.crossing_example)
    shared = sorted(set(crossing[0].cells) & set(crossing[1].cells))
    letter = ws.grid(al.crossing_example)[shared[0][0]][shared[0][1]]
    pairs = al.pairs
    # a solution is a pair of placements that agree on every cell they share: apart, or crossing on equal letters
    accounted = (pairs.agree, pairs.apart + pairs.agree) == (al.crossing, al.count)
    rows = [labels.index(s) for s in k.solution]
    algorithm_x = [
        "def search():",
        "    if no primary item is left:",
        "        report the options chosen; return          # X2",
        "    i = the primary item with the fewest options   # X3",
        "    cover(i)                                       # X4",
        "    for each option o in the list of i:            # X5",
        "        choose o; cover o's other items",
        "        search()",
        "        uncover them; unchoose o                   # X6",
        "    uncover(i)                                     # X7",
    ]
    return [
        Slide(
            "abel-land",
            f"ABEL and LAND hide in a 4 × 4 grid, read {al.ways}, in {num(al.count)} ways",
            say(f"Two of the {num(al.count)} ways: the words apart, and the words crossing.", "deck-lead")
            + cols(
                fig(figures.grid(ws.grid(al.apart_example), apart, cell=92, label="ABEL and LAND apart"), "apart"),
                fig(
                    figures.grid(ws.grid(al.crossing_example), crossing, cell=92, label="ABEL and LAND crossing"),
                    f"crossing at {esc(letter)}, a letter both write there",
                ),
                cls="deck-pair",
            )
            + say(
                f"{num(al.crossing)} of the {num(al.count)} cross. Of the {num(pairs.total)} pairs of placements, "
                f"{num(pairs.apart)} lie apart and {num(pairs.agree)} meet on the same letters: "
                f"{num(pairs.apart)} + {num(pairs.agree)} = {num(al.count)} solutions; the other "
                f"{num(pairs.meet - pairs.agree)} meet on different letters."
                if accounted
                else f"{num(al.crossing)} of the {num(al.count)} cross; the pairs of placements do NOT add up to the "
                "solutions: look at facts._pairs.",
                "deck-box deck-box-tight fragment",
            ),
            say="A puzzle maker must place every word exactly once; two words may share a cell only where they "
            f"write the same letter. A word may read in {len(al.ways.split())} directions here, {al.ways}: across "
            f"and down, either way. The library counts {num(al.count)} ways for these two words.",
            ask=f"How many of the {num(al.count)} would you guess have the words crossing?",
            answer=f"{num(al.crossing)}. Of the {num(pairs.total)} pairs of placements, {num(pairs.meet)} share a "
            f"cell, but only {num(pairs.agree)} write the same letter on every cell they share"
            + (f"; the other {num(pairs.apart)} solutions keep the words apart." if accounted else "."),
            aside="The box with the count comes on the next → (a fragment): ask first, then show it.",
            expect=f"About half. Most pairs of placements do meet, {num(pairs.meet)} of {num(pairs.total)}, but a "
            f"pair that meets must agree on every cell it shares, and only {num(pairs.agree)} do.",
            minutes=0.75,
        ),
        Slide(
            "exact-cover",
            "Exact cover: choose options covering every primary item exactly once",
            cols(
                fig(
                    zoom(figures.matrix(p.primary, p.secondary, options, labels, label="DLX1's example"), 1.2),
                    f"DLX1's example: {plural(len(p.items), 'item')}, {plural(len(options), 'option')}",
                ),
                "<ul class='deck-list deck-list-big'>"
                # short enough for one line each beside the matrix; the rule's words never split
                f"<li>Primary {esc(p.primary[0])}–{esc(p.primary[-1])}: exactly{NBSP}once</li>"
                f"<li>Secondary {esc(', '.join(p.secondary))}: at{NBSP}most{NBSP}once</li>"
                "<li>An option is a set of items, taken whole or not at all</li></ul>",
                cls="deck-fig-left",
            ),
            say=f"The example of Knuth's program DLX1: the matrix of his 2000 paper, with {' and '.join(p.secondary)} "
            "secondary. Items are the columns, options the rows. Choose rows "
            f"so that each of {p.primary[0]} to {p.primary[-1]} gets exactly one square, and "
            f"{' and '.join(p.secondary)} at most one.",
            ask="Take half a minute: which rows would you choose?",
            answer=f"{', '.join(k.solution)} (rows {', '.join(map(str, rows))}); the next slide shows it is the "
            "only solution.",
            aside="Give the room half a minute, then take one answer before moving on.",
            expect=f"{' and '.join(p.secondary)} must be covered too. They are secondary: they may stay uncovered, "
            "and only the primary items must be covered exactly once.",
            minutes=1,
        ),
        Slide(
            "one-solution",
            f"It has exactly {plural(k.count, 'solution')}: {esc(', '.join(k.solution))}",
            fig(
                zoom(figures.matrix(p.primary, p.secondary, options, labels, chosen=rows, label="the solution"), 1.25),
                f"Rows {', '.join(map(str, rows))}: one square in each primary column, at most one in each secondary "
                f"one; the library's verifier finds {plural(len(k.checked), 'violation')}",
            ),
            say=f"The library's search finds {plural(k.count, 'solution')}"
            + (", as Knuth writes of this example." if k.count == 1 else "; Knuth writes of one.")
            + f" To know there is no other, without trying all {num(2 ** len(options))} subsets of the options, "
            "branch: every solution covers each primary item, so take one and try each of its options in turn.",
            ask="",  # the part's core question, from the plan (series.LECTURE): which item to branch on first
            answer="",
            aside="Asked before Algorithm X is shown, the question is a prediction: let the room guess and say why, "
            "and leave the answer open; the next slide's step X3 settles it, and the search tree after it shows "
            "what the choice saves.",
            expect=f"{p.secondary[0]}: it is in few options. {' and '.join(p.secondary)} are secondary: a solution "
            "need not cover them, so branching on one could miss the solutions that leave it uncovered.",
            minutes=3,
        ),
        Slide(
            "algorithm-x",
            "Algorithm X: choose an item, cover it, try each of its options, undo",
            code(algorithm_x, lambda line: "hl" if "fewest" in line else "", cls="deck-code-huge")
            + say(
                f"{c('cover(i)')}: take item i out, and every option that contains i out of the other items' "
                "lists. A sketch in words (ours); X2 to X7 are the steps of Knuth's Algorithm X.",
                "deck-sub",
            ),
            say="This is all of Algorithm X. Covering removes the item and every option that contains it; the rest "
            "is recursion, and each cover is undone by an uncover (part 2 shows in which order).",
            ask="Why must X6 undo what X5 did before the next option of i is tried?",
            answer="The next option must start from the lists as they were before this one was chosen: X5 covered "
            "this option's other items, and the next option may need them.",
            expect="The undoing can wait until the search is over. Each option of i is tried against the same lists; "
            "without the undo, the second would find the first one's items covered.",
            minutes=0.75,
            drop_first=True,
        ),
        Slide(
            "search-tree",
            f"The whole search: {plural(tries, 'option')} tried, {plural(dead, 'dead end')}, "
            f"{plural(solved, 'solution')}",
            fig(
                figures.tree(root, label="the search tree of DLX1's example"),
                "Each box an option tried; under it, the item the next level chooses and how many options it has",
            ),
            say=f"Read from the top: level 0 chooses {root.item}, which has the fewest options, and tries them left "
            "to right; each level below does the same. A dead end is an item with no option left.",
            ask=f"What would the top of the tree look like if the search chose {wide} first?",
            answer=f"{wide} has {plural(lens[wide][0], 'option')} at the start, against {lens[root.item][0]} for "
            f"{root.item}: {lens[wide][0]} branches at the top instead of {lens[root.item][0]}. Choosing the fewest "
            "options is a heuristic: it usually keeps the tree smaller, with no promise for the whole tree.",
            expect="Another first item finds another solution. Every choice of item finds the same solutions, here "
            "the one; only the size of the tree changes.",
            minutes=0.5,
            drop_first=True,
        ),
    ]


def word_search_model(f: Facts) -> Slide:
    """Part 3's first slide: ABEL LAND as items and options, each word a primary item, each cell a colour item."""
    al = f.abel_land
    ws = al.ws
    abel = next(q for q in ws.placements if q.word == "ABEL")
    abel_option = ws.placements.index(abel)
    option_text = " ".join([abel.word, *(f"{e.item}:{e.colour}" for e in ws.problem.options[abel_option][1:])])
    r0, c0 = abel.cells[-1]
    letters = " and ".join(f"{word}'s {len(word)}" for word in ws.words)
    # every placement of ABEL, as arrows: one small grid for each line of the grid they run along
    abel_all = [q for q in ws.placements if q.word == abel.word]
    lines = {"in the rows": [], "in the columns": [], "on the diagonals": []}
    for q in abel_all:
        (ra, ca), (rb, cb) = q.cells[0], q.cells[-1]
        lines["in the rows" if ra == rb else "in the columns" if ca == cb else "on the diagonals"].append(q)
    minis = [
        fig(
            figures.arrows(ws.rows, ws.cols, group, cell=50, label=f"{abel.word}'s placements {name}"),
            f"{num(len(group))} {name}",
        )
        for name, group in lines.items()
        if group
    ]
    counts = {word: sum(1 for q in ws.placements if q.word == word) for word in ws.words}
    others = [w for w in ws.words if w != abel.word]
    alike = all(counts[w] == counts[abel.word] for w in others)
    minis_line = say(
        f"{abel.word}'s {plural(len(abel_all), 'placement')}"
        + "".join(f" ({w} has {num(counts[w])} too)" for w in others if alike)
        + ":",
        "deck-minis-lead",
    )
    return Slide(
        "word-search-model",
        "ABEL LAND as exact cover: an option for each placement of a word",
        cols(
            fig(
                figures.grid(ws.grid([abel_option]), [abel], cell=104, label="one placement of ABEL"),
                f"the option {esc(where(abel))}",
            ),
            code([option_text], cls="deck-code-one") + "<ul class='deck-list'>"
            f"<li>{plural(al.options, 'option')}: every placement of each word</li>"
            f"<li>{plural(al.cells, 'cell')}; each option gives a cell its letter as colour</li>"
            f"<li>{c(f'r{r0}c{c0}')}: row {r0}, column {c0}, counted from 0; the arrow is the way the word "
            "reads</li></ul>" + minis_line + cols(*minis, cls="deck-minis"),
            cls="deck-fig-left deck-fig-top",
        ),
        say="Back to ABEL LAND, now as exact cover. An option is one placement: the word's own item, then each "
        "cell the word covers, given as its colour the letter the word writes there. The arrows are "
        f"{abel.word}'s {plural(len(abel_all), 'placement')}, "
        + ", ".join(f"{num(len(group))} {name}" for name, group in lines.items() if group)
        + f": {plural(len(abel_all), 'option')}.",
        ask="",  # the part's core question, from the plan: why words are primary and cells secondary
        answer="",
        expect=f"Cells are primary too. Then every cell would need a word through it, and {letters} letters could "
        f"never fill {num(al.cells)} cells.",
        minutes=3,
    )


# ---- part 2: the links ----------------------------------------------------------------------------------------


def _node_name(trace, x: int) -> str:
    return trace.names[x] if x < len(trace.names) else f"node {x}"


def part_links(f: Facts) -> list[Slide]:
    k = f.knuth
    t = k.trace
    item = t.names[k.item]
    a = t.event(k.hide_frame - 1).item  # the item the first cover covers (A in DLX1's example)
    out = k.out
    d_list = [x for x in range(len(t.initial["TOP"])) if t.initial["TOP"][x] == k.item]
    labels = {x: str(t.problem.label(t.analysis.option_of[x])) for x in d_list}

    def writes(ws: list[tuple[str, int, int, int]]) -> str:
        """The writes of a hide or an unhide to the list: links name the node they point at, LEN is a count."""
        rows = [
            [f"{name}({esc(_node_name(t, x))})", f"{old} → {new}"]
            if name == "LEN"
            else [f"{name}({esc(_node_name(t, x))})", f"{esc(_node_name(t, old))} → {esc(_node_name(t, new))}"]
            for name, x, old, new in ws
        ]
        return table(["written", "old → new"], rows, cls="deck-writes")

    after = t.arrays_at(k.hide_frame)
    strip = dict(  # A's list after the hide, its writes marked
        out=out, written=[(w[0], w[1]) for w in k.hide_writes if w[0] != "LEN"], label=f"{item}'s list after the hide"
    )
    strip_hide = figures.strip(after, k.item, d_list, t.names, labels, **strip)
    # the question first: node 14 lifted out, its own links not drawn yet
    strip_asked = figures.strip(after, k.item, d_list, t.names, labels, own_links=False, **strip)
    strip_back = figures.strip(
        t.arrays_at(k.unhide_frame),
        k.item,
        d_list,
        t.names,
        labels,
        written=[(w[0], w[1]) for w in k.unhide_writes if w[0] != "LEN"],
        label=f"{item}'s list after the unhide",
        lifted=False,
    )
    lens = k.lens
    lost = {name: v[0] - v[1] for name, v in lens.items() if v[0] != v[1]}
    a_options = lens[a][0]
    hid = t.event(k.hide_frame - 1).option  # the option the first hide hides
    before_hide = t.arrays_at(k.hide_frame - 1)["LEN"]
    hide_drops = [t.names[x] for x, n in enumerate(t.arrays_at(k.hide_frame)["LEN"]) if x and n < before_hide[x]]
    hid_text = f"option {hid}, {esc(t.problem.label(hid))}"
    # hide(p) acts on the option of node p, the node in the list of the item being covered: its other nodes leave
    # their lists (node ``out`` leaves the list of ``item``, the one the slides draw)
    top0 = t.initial["TOP"]
    nodes_of_hid = [x for x in range(len(top0)) if top0[x] > 0 and t.analysis.option_of[x] == hid]
    hide_p = next(x for x in nodes_of_hid if t.names[top0[x]] == a)
    leave = [f"node {x} from {t.names[top0[x]]}'s list" for x in nodes_of_hid if x != hide_p]
    hidden_by_cover = [t.event(fr).option for fr in range(k.cover_done) if t.event(fr).kind == "hide"]
    up, down = _node_name(t, after["ULINK"][out]), _node_name(t, after["DLINK"][out])
    changed = [name for name, v in lens.items() if len(set(v)) > 1]
    orders = k.orders

    def and_(names: Sequence[str]) -> str:
        return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]

    def len_row(label: str, values: Sequence[int]) -> list[str]:
        return [label, *(f'<span class="deck-changed">{v}</span>' if name in changed else str(v)
                         for name, v in zip(lens, values))]  # fmt: skip

    return [
        Slide(
            "lists",
            "Each item heads a circular list of the nodes of its options",
            fig(
                figures.links(t, 0, col_w=128, row_h=54, label="the lists of DLX1's example", circle=True),
                "DLX1's example as built, before the search; LEN in each header",
            ),
            say="Knuth keeps Algorithm X's sets as circular doubly linked lists, one for each item, through the "
            "nodes of the options that contain it. The header holds LEN, the list's length. An option's nodes sit "
            "in a row.",
            ask=f"How many nodes does {item}'s list hold, and how do you know without counting?",
            answer=f"{lens[item][0]}: LEN({item}) says so. The header keeps the count as nodes leave and return.",
            expect="LEN must be counted again after each change, so it costs a walk. Every hide and unhide adds or "
            "takes one as it moves a node, so LEN is always at hand; step X3 reads it to choose the item with the "
            "fewest options.",
            minutes=0.75,
            drop_first=True,
        ),
        Slide(
            "hide",
            f"cover({a}) hides option {hid}: node {out} leaves {item}'s list",
            '<div class="r-stack"><div class="fragment fade-out" data-fragment-index="0">'
            + fig(strip_asked, f"cover({a}) hides {hid_text}: in {item}'s list, node {out} is passed by", "deck-wide")
            + '</div><div class="fragment" data-fragment-index="0">'
            + fig(
                strip_hide,
                f"cover({a}) hides {hid_text}; dashed: node {out}'s own links, still {up} and {down}",
                "deck-wide",
            )
            + "</div></div>"
            + cols(code(f.code.hide_lines, cls="deck-code-mid"), writes(k.hide_writes), cls="deck-under"),
            say=f"cover({a}) calls hide({hide_p}) on option {hid}, and hide takes the option's other nodes out of "
            f"their lists: {and_(leave)}. In {item}'s, the node above node {out} skips down past it, the node "
            f"below skips up past it, and LEN({item}) drops by one. Node {out}'s own links are not touched.",
            ask=f"After the hide, what do node {out}'s own ULINK and DLINK hold?",
            answer=f"What they held before: ULINK {up} and DLINK {down}, the two places it must go back between.",
            aside=f"Node {out}'s own links, dashed, come on the next → (a fragment): ask first, then show them. The "
            f"table of writes is the clue: no write touches node {out}. Knuth, in dlx1.w beside cover (DLX1 has no "
            "hide routine: its cover hides each option inline): “When an "
            "option is hidden, it leaves all lists except the list of the item that is being covered.”",
            expect=f"Removing node {out} should clear its own links, as many list deletes do. Leaving them is the "
            "point: they are the two places unhide puts the node back, with no search.",
            minutes=1.25,
            core=False,
        ),
        Slide(
            "unhide",
            f"uncover({a}) unhides option {hid}: node {out}'s own links say where it goes back",
            say(
                f"unhide({hide_p}) reads node {out}'s ULINK and DLINK, {up} and {down}, and points them back at it.",
                "deck-lead",
            )
            + fig(
                strip_back,
                f"uncover({a}) unhides {hid_text}: node {out} goes back between {up} and {down}",
                "deck-wide",
            )
            + cols(code(f.code.unhide_lines, cls="deck-code-mid"), writes(k.unhide_writes), cls="deck-under"),
            say=f"uncover({a}) calls unhide({hide_p}): option {hid}'s other nodes go back, the last out first. Node "
            f"{out}'s own links name its neighbours; unhide points them back at it and adds one to LEN({item}). No "
            "copy was kept.",
            ask=f"Which values does the unhide read to know where node {out} goes?",
            answer=f"Only node {out}'s own ULINK and DLINK, {up} and {down}, which the hide left as they were. No copy "
            "of the list was kept.",
            expect="Unhide must keep a copy of the list, or search it, to find where the node goes back. Neither: "
            f"node {out}'s own ULINK and DLINK, which hide left alone, name its two neighbours, and those still stand "
            "either side of the gap as long as every hide made after it has been undone first.",
            minutes=0.5,
            drop_first=True,
        ),
        Slide(
            "cover",
            f"cover({a}) hides {'both' if a_options == 2 else f'all {a_options}'} options of {a}: "
            + ", ".join(f"{name} loses {plural(n, 'node')}" for name, n in lost.items()),
            fig(
                figures.links(t, k.cover_done, col_w=128, row_h=54, label=f"after cover({a})", circle=True),
                f"After cover({a}): {a} is out of the item list (grey), options "
                f"{and_([str(o) for o in hidden_by_cover])} are hidden; dashed: a hidden node's own links",
            ),
            say=f"cover({a}) takes {a} out of the list of items, then hides each of {a}'s {a_options} options. "
            f"Their nodes in the other items' lists leave those lists; their nodes in {a}'s own list stay, since "
            "that is the list being walked.",
            ask=f"Why does cover leave the nodes in {a}'s own list alone?",
            answer=f"Cover walks {a}'s list to find the options to hide; {a} itself is out of play, and leaving its "
            "list as it is lets uncover walk the same list back.",
            expect=f"The covered item's list is emptied. {a}'s list is the one list cover walks and leaves as it was, "
            "so that uncover can walk the same list back.",
            minutes=1,
            drop_first=True,
        ),
        Slide(
            "undo",
            f"uncover({a}) undoes cover({a}): every link and every LEN come back",
            table(
                ["LEN", *lens],
                [
                    len_row("at the start", [v[0] for v in lens.values()]),
                    len_row(f"after cover({a})", [v[1] for v in lens.values()]),
                    len_row(f"after uncover({a})", [v[2] for v in lens.values()]),
                ],
                cls="deck-lens",
            )
            + say(
                f"After uncover({a}) every link and LEN entry ({num(k.entries)}) is back as it began "
                "(compared entry by entry)."
                if k.restored
                else "The arrays do NOT come back as this line would say: look at facts._knuth.",
                "deck-sub",
            )
            + say(
                f"What must run in reverse is the order of the items. After cover({a}) and cover(D), uncovering "
                f"{a}, then D, leaves the lists broken: "
                + "; ".join(f"{name}: LEN {n} with {num(linked)} linked" for name, n, linked in orders["broken"])
                + ". Step X6 uncovers right to left.",
                "deck-box fragment",
            ),
            say=f"Every hide is undone by its unhide, and the changed LENs ({', '.join(changed)}, marked) come "
            "back. The order that matters is the order of the items: X6 uncovers the chosen option's items right "
            "to left, the reverse of X5.",
            ask="",  # the part's core question, from the plan: must every undo run in reverse order?
            answer="",
            aside="The box with the answer comes on the next → (a fragment): ask first, then show it. Know before "
            "asking: dlx1.w's uncover walks each list down, in cover's order, and says why it may. "
            + (
                f"All {num(k.entries)} entries come back: ULINK and DLINK, {num(k.slots.links)} each "
                f"({num(k.slots.headers)} headers with entry 0, {num(k.slots.nodes)} nodes, {num(k.slots.spacers)} "
                f"spacers); LLINK and RLINK, {num(k.slots.item_list)} each (the {num(k.slots.headers)} headers and "
                f"entry {k.slots.secondary_head}, the secondary items' head); LEN, {num(k.slots.len)}."
                if k.restored
                and k.entries == 2 * k.slots.links + 2 * k.slots.item_list + k.slots.len
                and k.slots.item_list == k.slots.headers + 1
                else ""
            ),
            expect="Every loop of the undo must run backwards. Only the order of the items must; DLX1's uncover "
            "takes the options in cover's order. Knuth, in DLX1: “When a is uncovered, it can resuscitate elements "
            "in item b that would mess up the uncovering of b. The choreography is delicate indeed.”",
            minutes=3,
        ),
        Slide(
            "live-knuth",
            "Step DLX1's example by hand and watch each hide and unhide",
            player(
                "knuth",
                f.players["knuth"],
                "deck-player-knuth",
                after="frame: one recorded event · L0, L1: the level of the search, counted from 0",
                print_frame=k.try_done,
            ),
            say=f"The first hide: {and_([f'LEN({n})' for n in hide_drops])} "
            f"{'drops' if len(hide_drops) == 1 else 'drop'}, and the orange arrow is the pointer just written. "
            "Then the search "
            f"tries {k.tried}: the covers of {and_(k.covered_by_try)} shrink the lists of {and_(k.losing)}.",
            # two stops, for its minute (review 31.16): the first hide, and the first cover of the try that shrinks
            aside=f"Enter gives the player the keys (its frame turns blue). → {times(k.hide_frame)}: frame "
            f"{k.hide_frame}, the first hide. "
            + "".join(
                f"→ {times(frame - k.hide_frame)}: frame {frame}, cover({item})'s hide, {and_list(drops)} "
                f"{'drops' if len(drops) == 1 else 'drop'}"
                for frame, item, drops in k.shrinks[:1]
            )
            + ". Esc gives the keys back."
            + "".join(
                f" The handout shows frame {frame}, where cover({item})'s hide drops {and_list(drops)} too."
                for frame, item, drops in k.shrinks[-1:]
                if frame == k.try_done and len(k.shrinks) > 1
            ),
            ask=f"Before stepping: when the search tries {k.tried}, which lists will lose nodes?",
            answer=f"{and_(k.losing)}. Committing {k.tried} covers {and_(k.covered_by_try)}; each cover hides the "
            f"options still in that item's list, and their other nodes leave the lists of {and_(k.losing)}.",
            expect="Covering D takes D's nodes out. It takes out the other nodes of D's options.",
            minutes=0.75,  # review 31.16: cut to two stops, which fit (part 2 keeps only its half minute in hand)
            drop_first=True,  # its two stops in under a minute: its question only when early
            kind="live",
        ),
    ]


# ---- part 3: colour items, commit and purify ---------------------------------------------------------------------


ENGINE_NAMES = {"sticker": "Knuth's purify, with the sticker", "naive": "the obvious purify"}


def step_name(name: str) -> str:
    """TAOCP's name of a step as a slide sets it: x_l as x with a subscript l, in italics."""
    return esc(name).replace("x_l", '<i>x</i><sub class="deck-index"><i>l</i></sub>').replace(" l.", " <i>l</i>.")


def pair_matrix(pair, chosen: Sequence[int] = (), wrong: Sequence[int] = (), label: str = "the colour pair") -> object:
    """The colour pair as a matrix: P and Q primary, c1 a colour item, each option's colour in its square."""
    problem = pair.problem
    return figures.matrix(
        problem.primary,
        problem.secondary,
        [[e.item for e in o] for o in problem.options],
        [str(problem.label(j)) for j in range(len(problem.options))],
        colours={(j, e.item): e.colour for j, o in enumerate(problem.options) for e in o if e.colour},
        cell=64,
        chosen=chosen,
        wrong=wrong,
        label=label,
    )


STEP_WORDS = {
    "C1": "Build a list for each item, a node for each of its options",
    "C2": "No primary item left? Visit a solution; go to C8",
    "C3": "Take the primary item with the fewest options",
    "C4": "Hide its options; take it out of the item list",
    "C5": "Commit the others: cover a plain item, purify a coloured one",
    "C6": "Uncommit them, right to left; take the item's next option",
    "C7": "Uncover the item",
    "C8": "Stop at level 0; else go back to C6, one level up",
}


def part_colours(f: Facts) -> list[Slide]:
    al, pair, code_ = f.abel_land, f.pair, f.code
    ws = al.ws
    steps = []
    for step, words in STEP_WORDS.items():
        # C5's sticker clause, greyed: TAOCP's and DLX2's C5 pass a stickered node by (the summary sheet says it too)
        later = ' <span class="deck-later">(skip a sticker: part 5)</span>' if step == "C5" else ""
        steps.append([f"<b>{step}</b>", step_name(code_.steps.get(step, "")), words + later])
    first = al.first_commit  # the search's first commit, purify by purify (facts._first_commit)
    label_of = ws.problem.label
    purify_table = table(
        ["purify", "hides", "leaves"],
        [[f"{p_.item} {p_.colour}", num(len(p_.hidden)), num(len(p_.same))] for p_ in first.purifies],
        cls="deck-costs deck-purifies",
    )
    purify_after = say(
        "".join(
            f"Left in play: {esc(', '.join(where(label_of(o)) for o in p_.same))}, with {p_.colour} in {p_.item} too. "
            for p_ in first.purifies
            if p_.same
        )
        + f"{first.next_item} keeps {num(first.len_next)} of its {plural(first.options_of_next, 'option')}"
        + (f", {num(len(first.crossing))} crossing {first.placement.word}." if first.crossing else "."),
        "deck-sub deck-after-three",
    )
    kept = [p_ for p_ in first.purifies if p_.same]  # the purify that leaves an option of its colour in play
    # that option, tried later, purifies the cell again: ABEL LAND's first double purify (part 4)
    t_al = al.naive_trace
    again = t_al.event(al.double_purify_frame - 1)
    leads_on = len(kept) == 1 and kept[0].same == [again.option] and kept[0].item == again.item
    first_slide = Slide(
        "first-commit",
        f"ABEL LAND's first commit: {first.next_item} keeps {num(first.len_next)} of its "
        f"{plural(first.options_of_next, 'option')}",
        say(
            f"The naive search commits {esc(where(label_of(first.option)))} and purifies each of its cells.",
            "deck-lead",
        )
        + cols(
            fig(
                figures.grid(ws.grid([first.option]), [first.placement], cell=90, label="the first commit"),
                f"{esc(where(label_of(first.option)))}",
            ),
            fig(
                figures.arrows(
                    ws.rows,
                    ws.cols,
                    [ws.placements[o] for o in first.left],
                    cell=90,
                    colour=figures.WORD_COLOURS[1],
                    label=f"{first.next_item}'s options left",
                    marked=[ws.placements[o] for o in first.crossing],
                ),
                f"{first.next_item}'s {num(first.len_next)} left"
                + (f"; black: crossing {first.placement.word}" if first.crossing else ""),
            ),
            purify_table,
            cls="deck-three",
        )
        + purify_after,
        say=f"{first.placement.word}'s commit purifies its {plural(len(first.purifies), 'cell')}, one by one, each "
        f"with the letter {first.placement.word} writes there. Each purify hides the options that give its cell "
        "another letter and leaves those with the same one.",
        aside="The table is ABEL LAND's naive search, its first commit: each cell's list walked as purify walks "
        "it, from the recording of that search, event by event (record_writes, as in notebook 5).",
        ask=f"Why does the purify of {kept[0].item} leave one option in play?" if kept else "Which options are hidden?",
        answer=(
            f"{esc(where(label_of(kept[0].same[0])))} gives {kept[0].item} the same {kept[0].colour}, and purify "
            "keeps the options of its colour. When the search tries it, its commit purifies "
            f"{kept[0].item} a second time: ABEL LAND's first double purify (part 4)."
            if leads_on
            else "Those that give a cell another letter."
        ),
        expect=f"Purify hides every option that touches the word's cells. Only those that give a cell another "
        f"letter: {esc(where(label_of(kept[0].same[0])))} touches {kept[0].item} with {kept[0].colour} too, and "
        "stays."
        if kept
        else "Purify hides every option that touches the word's cells. Only those that give a cell another letter.",
        minutes=0.5,
        drop_first=True,  # half a minute: its question only when early
    )
    found = pair.found
    extra = " and ".join(" + ".join(x) for x in found["naive"] if x not in found["sticker"])  # the wrong one(s)
    return [
        word_search_model(f),
        Slide(
            "algorithm-c",
            "Algorithm C is Algorithm X's loop, with commit in C5 and uncommit in C6",
            table(["", "TAOCP", "what the step does"], steps, cls="deck-steps", marks=["", "", "", "", "hl", "hl"])
            + say(
                "Step names as TAOCP §7.2.2.1 gives them and the library's comments carry them; the sentences "
                "are ours.",
                "deck-sub",
            ),
            say="The loop is Algorithm X's: choose a primary item, cover it, try its options, back up. New: C5 "
            "commits the option's other items, covering a plain one, purifying a coloured one; C6 uncommits them.",
            aside="C5's grey clause is part 5's mark: Knuth's C5 neither covers nor purifies a node that purify has "
            "marked, and his hide passes such nodes by. "
            "C4's words follow TAOCP's (12): hide the options, then take the item out of the item list. Part 2's "
            "cover takes the item out first, as DLX1, DLX2 and the library do; if asked, either order works, since "
            "taking the item out writes only LLINK and RLINK, which no hide or unhide reads.",
            ask="Which steps of Algorithm C do something Algorithm X's do not?",
            answer="C5 and C6: they commit and uncommit an option's other items, where X5 and X6 cover and uncover "
            "them. Choosing, covering and backing up are X's, apart from the mark that hide passes by (part 5).",
            expect="C3 may choose a cell to branch on. C3 chooses among the primary items only; a cell is reached "
            "only through the options chosen for the words.",
            minutes=1.25,  # eight steps, read as X's loop with C5 and C6 new: review 31.17's honest figure
            drop_first=True,
        ),
        Slide(
            "purify",
            "The obvious purify: hide every option of another colour, leave the rest",
            cols(
                code(code_.naive_purify, lambda line: "hl" if "pass" in line else "", cls="deck-code-big"),
                code(code_.naive_unpurify, lambda line: "hl" if "pass" in line else "", cls="deck-code-big"),
                cls="deck-two-code deck-centre-row",
            )
            + cols(
                "<ul class='deck-list'>"
                "<li>Another colour: hide the option.</li>"
                "<li>The same colour: <code>pass</code>, left as it is.</li>"
                "<li><code>unpurify</code>: the same walk, bottom up.</li></ul>",
                say(
                    "Not Knuth's: his purify puts −1 on the nodes of the same colour (part 5). The naive engine's "
                    "code; its counter left out.",
                    "deck-sub deck-box-note deck-flush",
                ),
                cls="deck-under-row",
            ),
            say="Purify walks down the cell's list: an option giving the cell another letter is hidden, one with "
            "the same letter left as it is. This purify is ours, written from a loose paraphrase, “take out the "
            "options of other colours”, as the colours article tells it (blog.morefreeze.top/2026/03/dlx-xcc_en.html)."
            " Knuth's description in dlx2.w goes on: "
            "“All options that want the chosen color in a purified item are temporarily given the color code −1.” "
            "The bug that follows belongs to the paraphrase, not to Knuth's algorithm.",
            ask="Two chosen options write the same letter into one cell: what does the second commit do to it?",
            answer="It purifies the cell again. Purify left the same-letter options in play, so the second one can "
            "be chosen; its commit purifies the cell and hides a second time the other-coloured options the first "
            "purify still holds hidden.",
            expect="Purify takes the other colours out of the cell's list. It hides those options from the other "
            "items; their nodes stay in the cell's list, so a second purify finds them again.",
            minutes=1.25,
            core=False,
        ),
        first_slide,
        Slide(
            "colour-pair",
            f"P and Q share one cell: {plural(len(found['sticker']), 'solution')}, and the naive engine reports "
            f"{num(len(found['naive']))}",
            cols(
                fig(
                    zoom(pair_matrix(pair), 1.8),
                    "P, Q primary; c1 a colour item",
                ),
                table(
                    ["engine", "solutions found"],
                    [
                        [ENGINE_NAMES[name], "<br>".join(esc(" + ".join(x)) for x in found[name])]
                        for name in ("sticker", "naive")
                    ],
                    cls="deck-found",
                )
                + say(
                    f"The verifier, on the naive engine's {esc(extra)}: "
                    f"{esc('; '.join(w for ws_ in pair.wrong for w in ws_))}.",
                    "deck-sub",
                ),
                cls="deck-fig-left",
            ),
            say="The smallest input with the bug, the example of parts 4 and 5: two words, P and Q, primary, and "
            "one cell, c1, a colour item. P writes a into c1; Q writes a or b. The one solution: both write a. "
            "The naive engine also reports Q writing b beside P's a.",
            ask="Which of the two purifies of c1 does the damage?",
            answer="Neither on its own: the second hides Q c1:b again while it is hidden; the damage comes when "
            "the inner unpurify brings it back too soon. The next part follows it moment by moment.",
            aside="The naive engine also leaves the lists broken: " + "; ".join(pair.sanity["naive"]) + ".",
            expect="The second solution is right too: Q may write a or b. Each option is allowed on its own, but "
            "the options chosen must give c1 one colour: P writes a there and Q writes b, and the verifier refuses "
            "it.",
            minutes=0.75,
            drop_first=True,
        ),
    ]


# ---- part 4: the double-purify bug ---------------------------------------------------------------------------------


def _moment_titles(f: Facts) -> dict[str, tuple[str, str]]:
    """Each moment's title and its one sentence, from the recording, by the moment's name."""
    pair = f.pair
    t = pair.naive
    label = t.problem.label
    out = {}
    ordinal = {1: "first", 2: "second", 3: "third"}
    for k, m in enumerate(pair.moments):
        e = t.event(m.frame - 1)
        head = t.event(t.head(m.frame) - 1)
        option = str(label(e.option)) if e.option is not None else ""
        lens = [line for line in pair.changes[m.name] if line.startswith("LEN")]
        lens_text = ", ".join(x.replace(" -> ", " → ") for x in lens)
        items = list(m.counters)
        if m.name == "hidden":
            title = f"{k + 1} · Hidden: {label(head.option)} purifies {head.item} and hides {option}"
            line = f"Its node in {items[0]} leaves {items[0]}'s list; its node in {items[1]} stays. {lens_text}."
        elif m.name == "hidden again":
            title = f"{k + 1} · Hidden again: {label(head.option)} purifies {head.item} again, hiding {option} again"
            line = f"Its node in {items[0]} has left already: the only change is {lens_text}."
        elif m.name == "back too soon":
            title = f"{k + 1} · Back too soon: undoing the second purify puts {option} back"
            line = f"The first purify still holds, yet {option}'s node is in {items[0]}'s list again. {lens_text}."
        elif m.name == "tried":
            title = f"{k + 1} · Tried: the search takes {option} from {items[0]}'s list and tries it"
            line = f"An option the first purify removed is tried at level {e.level}."
        elif m.name == "wrong solution":
            path = [str(label(o)) for o in t.path_at(m.frame)]
            title = f"{k + 1} · A wrong solution: {' with '.join(path)}"
            wrong = "; ".join(w for ws_ in pair.wrong for w in ws_)
            line = f"Both options it reports are drawn chosen, in gold. The verifier: {wrong}."
        else:
            unhides = sum(1 for fr in range(t.head(m.frame), m.frame) if t.event(fr).kind == "unhide")
            title = (
                f"{k + 1} · Unhidden again: {head.kind}({head.item})'s {ordinal.get(unhides, f'{unhides}th')} unhide "
                "relinks a node in its list"
            )
            line = f"Its node in {items[1]} was in {items[1]}'s list all along: the only change is {lens_text}."
        out[m.name] = (title, line)
    return out


def moments_by_name(pair) -> dict:
    """The colour pair's moments by name."""
    return {m.name: m for m in pair.moments}


def _moment_option(f: Facts, m) -> str:
    """The option a moment follows: the first one hidden twice."""
    option, _, _ = f.pair.naive.analysis.twice
    return str(f.pair.problem.label(option))


MOMENT_NOTES = {
    "hidden": (
        "P is chosen first and purifies c1 with a. Q c1:b gives c1 another letter, so its option is hidden: its "
        "node in Q leaves Q's list, its node in c1 stays, because c1's list is the one being walked.",
        "Which list still holds a node of Q c1:b?",
        "c1's: the purify walks c1's list and leaves the node it starts each hide from in place.",
        "The option is gone from every list. Its node in c1 stays: purify walks c1's list and hides the option "
        "from the other lists only, as cover leaves the covered item's own list alone.",
    ),
    "hidden again": (
        "Level 1 chooses Q and tries Q c1:a. It writes a into c1 too, so the naive commit purifies c1 again, and "
        "Q c1:b is hidden a second time. Its node in Q is out already: the links written are the ones already "
        "there, and only LEN(Q) changes, to {len} with {linked} linked. Knuth's remark no longer holds here. The "
        "question's second half is answered on the next slide.",
        "",  # the part's core question, from the plan
        "",
        "The second hide scrambles the pointers. In the colour pair it writes the values already there; only a "
        "LEN changes.",
    ),
    "back too soon": (
        "The search reports P c1:a with Q c1:a, backs up, and unpurifies c1 for Q c1:a. That unhides Q c1:b, and "
        "its node goes back into Q's list. But P's purify still holds, and it wants the option hidden.",
        "Two hides and one unhide: should Q c1:b be in or out?",
        "Out: one hide is still in force. It is in, because the second hide took nothing out, yet its unhide put "
        "something back.",
        "The unpurify only undid its own hide. Its hide moved nothing; its unhide moved a node.",
    ),
    "tried": (
        "Step C6 takes the node after Q c1:a in Q's list, and that is now Q c1:b: the search tries an option that "
        "P's purify removed. Committing it purifies c1 with b; c1's list holds only Q c1:b's own node, so nothing "
        "clashes, no primary item is left, and the search reports P c1:a with Q c1:b.",
        "Does the search check Q c1:b against what P wrote in c1 before trying it?",
        "No: C5 tries whatever comes next in Q's list, and the lists are the only record of what is still "
        "allowed. The inner unpurify put Q c1:b back, so it is tried; only a check of the solution finds c1 given "
        "two colours.",
        "Purifying c1 with b will catch the clash. cover(P) and cover(Q) took the other nodes out of c1's list, so "
        "the purify finds nothing to clash with.",
    ),
    "unhidden again": (
        "Leaving level 1, uncover(Q) unhides Q c1:b, back in Q's list now. Its node in c1 never left: the links "
        "written are those already there, and LEN(c1) gains one.",
        "What do the naive engine's lists say when the search is over?",
        "{sanity}.",
        "A count that is off is the only harm done. It is what is left at the end; on the way, the unhide of moment "
        "{back} let {option} back while {holder}'s purify still held it, and the search reported {wrong}, a wrong "
        "solution, which the lists at the end no longer show.",
    ),
}
MOMENT_MINUTES = {"hidden": 0.5, "hidden again": 3}
MOMENT_DROP_FIRST = {"hidden"}  # moment 1's question: the first to drop (moment 2 asks the part's core question)
FOLDED = ("back too soon", "tried", "unhidden again")  # moments 3 to 6 (4 and 5 share a picture): one slide
FOLDED_MINUTES = 2  # four moments, each pointed at: about 30 seconds each
REMARK_MINUTES = 0.5  # Knuth's remark, read out with its table: a told slide
WALK_MINUTES = 2.5  # ABEL LAND's player: four stops (it opens, E, V, E), a key and a pointing at each
ABEL_SCALE = 1.8  # ABEL LAND's matrix drawn this much larger than the player draws it: its text 24 px or more
EARLY_MINUTES = 0.5  # option 27 back under a covered LAND: its title over the picture, the squares pointed at


def _folded_moments(f: Facts, folded: list, sanity: str) -> Slide:
    """Moments 3 to 6 on one slide, in one pass: the lists after each move, the next one on →. Its notes step
    through them, the first moment's question asked if time allows."""
    names = [m.name for m, *_ in folded]
    if names != list(FOLDED):
        raise RuntimeError(f"the colour pair's later moments are {names}, not {FOLDED}: rewrite the folded slide")
    n = len(folded)
    problem = f.pair.problem
    labels = [str(problem.label(j)) for j in range(len(problem.options))]

    def tight(text: str) -> str:
        """No line break inside an option's name (Q c1:b) or a change (LEN(c1) 1 → 2)."""
        for name in labels:
            text = text.replace(name, name.replace(" ", NBSP))
        return re.sub(r"(\S+) (\d+) → (\d+)", lambda m: f"{m[1]}{NBSP}{m[2]}{NBSP}→{NBSP}{m[3]}", text)

    states = []
    for k, (_, title, line, picture, counters, _) in enumerate(folded):
        # the first fades out at step 0; the middle ones show at their step only; the last stays
        how = "fragment fade-out" if k == 0 else "fragment fade-in-then-out" if k < n - 1 else "fragment"
        index = max(k - 1, 0) if k < n - 1 else n - 2
        step = f'class="{how}" data-fragment-index="{index}"'
        number, words = title.split(" · ", 1)
        states.append(
            f"<div {step}>"
            + say(f"<b>{esc(number)}</b> · {tight(esc(words))}.", "deck-lead")
            + cols(picture, tight(counters) + say(tight(esc(line)), "deck-sub deck-folded-line"), cls="deck-moment")
            + "</div>"
        )
    first, last = folded[0][1].split(" · ")[0], folded[-1][1].split(" · ")[0]
    option = _moment_option(f, folded[0][0])
    frames = "; ".join(frames for *_, frames in folded)
    _, ask, answer, _ = MOMENT_NOTES["back too soon"]
    _, _, _, expect = MOMENT_NOTES["tried"]
    return Slide(
        "moments-later",
        f"{first}–{last} · Put back too soon, {esc(option)} is tried: a wrong solution, broken lists",
        f'<div class="r-stack deck-stack-top deck-folded">{"".join(states)}</div>',
        say=f"What the second purify sets up, in three moves, one a →: an unhide puts {esc(option)} back too soon, "
        "the search tries it and reports a wrong solution, and the lists end broken.",
        chain=[
            f"Moment {first} (it opens): backing up, the unpurify of c1 unhides {esc(option)}: its node is back in "
            "Q's list while P's purify still holds.",
            f"→ moments 4, 5: C6 takes the next node in Q's list, now {esc(option)}; its commit finds nothing in c1 "
            "to clash with, and the search reports a wrong solution.",
            f"→ moment {last}: uncover(Q) unhides {esc(option)} again; its node in c1 never left, so LEN(c1) gains "
            f"one. At the end: {sanity}.",
        ],
        aside=f"In notebook 5's recording of the naive search (pair_writes): {frames}.",
        ask=ask,
        answer=answer,
        expect=expect,
        minutes=FOLDED_MINUTES,
    )


def part_bug(f: Facts) -> list[Slide]:
    pair = f.pair
    kinds = pair.breach_kinds["naive"]
    if pair.relinks.stale or pair.relinks.in_list != kinds["inserted twice"]:
        raise RuntimeError("the colour pair's unhides of a node in its list now write new links: rewrite the notes")
    # the claim slide 22's notes make (off the slide, so as not to answer slide 24 first), of the colour pair only:
    # the option hidden twice has its node in Q hidden twice at moment 2, and back too soon at moment 3, the first of
    # its two unhides (in ABEL LAND the first unhide leaves some out)
    twice_option, _, _ = pair.naive.analysis.twice
    in_q = next(
        x for x in pair.naive.analysis.option_nodes[twice_option] if pair.naive.initial["TOP"][x] <= pair.naive.primary
    )
    by_name = moments_by_name(pair)
    if (
        pair.naive.analysis.state_at(by_name["hidden again"].frame)[in_q][0] != "twice"
        or pair.naive.analysis.state_at(by_name["back too soon"].frame)[in_q][0] != "early"
    ):
        raise RuntimeError("the colour pair's node hidden twice does not come back at its first unhide: rewrite 22")
    twice_name = esc(str(pair.problem.label(twice_option)))
    slides = [
        Slide(
            "remark",
            "Knuth's remark: a node is never removed from a list twice",
            '<blockquote class="deck-quote deck-quote-big">“Thus a node is never removed from a list twice.”'
            "<cite>D. E. Knuth, DLX2, beside <code>cover</code></cite></blockquote>"
            + say("In short (our words): a node that is out stays out until its own unhide.", "deck-roomy")
            + table(
                ["the colour pair, checked at every move", "sticker", "naive"],
                [
                    [
                        "a node removed from a list it has left",
                        *(num(pair.breach_kinds[e]["removed twice"]) for e in ("sticker", "naive")),
                    ],
                    [
                        "its mirror image: one put into a list it is in",
                        *(num(pair.breach_kinds[e]["inserted twice"]) for e in ("sticker", "naive")),
                    ],
                ],
                cls="deck-costs",
            ),
            say="Unhide relies on it: it puts a node back between the neighbours the node remembers, undoing the one "
            "hide that took it out. A node removed twice gets put back by an unhide that is not its own.",
            aside="Knuth's context, if asked. His sentence before: “When an option is hidden, it leaves all lists "
            "except the list of the item that is being covered.” His next adds a saving: “We can save time by not "
            "removing nodes from secondary items that have been purified.” Those nodes, part 5's −1, stay in their "
            "lists too. The line under the quotation is ours, not his.",
            ask="",  # told: an unhide of a node already in its list is moment 6's, and slide 27's
            answer="",
            told=True,
            expect="Removing a node twice does no harm: it is out already. It still lowers LEN, and "
            f"in the colour pair {twice_name}'s node in Q comes back at the first of its two unhides, while the other "
            "hide still holds it out.",
            minutes=REMARK_MINUTES,
        )
    ]
    titles = _moment_titles(f)
    t_naive = pair.naive
    holder = str(pair.problem.label(t_naive.event(t_naive.head(moments_by_name(pair)["hidden"].frame) - 1).option))
    reported_wrong = [
        str(pair.problem.label(o)) for o in reversed(t_naive.path_at(moments_by_name(pair)["wrong solution"].frame))
    ]
    sanity = "; ".join(pair.sanity["naive"])
    moments = {m.name: m for m in pair.moments}
    folded = []  # moments 3 to 6, gathered for one slide
    for m in pair.moments:
        if m.name == "wrong solution":
            continue  # on the slide of the moment before it: the search tries the option and reports it at once
        say_, ask, answer, expect = MOMENT_NOTES[m.name]
        title, line = titles[m.name]
        q_len, q_linked = next(iter(m.counters.values()))
        shown = m
        frames = f"frame {m.frame}"
        if m.name == "tried":
            shown = moments["wrong solution"]  # the same lists, with both options the search reports drawn chosen
            number, _ = titles["tried"][0].split(" · ", 1)
            reported = [str(pair.problem.label(o)) for o in reversed(pair.naive.path_at(shown.frame))]
            title = f"{number}, {int(number) + 1} · Tried, then a wrong solution: {' with '.join(reported)}"
            verifier = "; ".join(w for ws_ in pair.wrong for w in ws_)
            # its node in Q, drawn back too soon (a square) from moment 3 on: why C6 finds it next in Q's list
            option_, _, _ = t_naive.analysis.twice
            in_q = next(
                x for x in t_naive.analysis.option_nodes[option_] if t_naive.initial["TOP"][x] <= t_naive.primary
            )
            if (
                t_naive.analysis.state_at(m.frame)[in_q][0] != "early"
                or t_naive.analysis.state_at(shown.frame)[in_q][0] != "early"
                or option_ not in t_naive.path_at(shown.frame)
            ):
                raise RuntimeError("Q c1:b's node in Q is no longer back too soon when it is tried: rewrite moment 4")
            line = (
                f"Back too soon (the square), {_moment_option(f, m)} is next in Q's list: tried, reported; chosen, "
                "its square turns orange."
            )
            frames = f"frames {m.frame} and {shown.frame}"
        rows = [
            [esc(item), num(n), num(linked), "in" if shown.in_list[item] else "out"]
            for item, (n, linked) in shown.counters.items()
        ]
        marks = ["deck-off" if n != linked else "" for _, (n, linked) in shown.counters.items()]
        # every moment in the same picture: the lists just after the move (at the wrong solution, both options it
        # reports are drawn chosen)
        picture = fig(
            figures.links(pair.naive, shown.frame, col_w=176, row_h=88, label=title),
            "The colour pair's lists in the naive search, just after this move",
        )
        counters = table(["item", "LEN", "linked", "its node"], rows, cls="deck-counters", marks=marks) + say(
            "LEN beside the nodes really linked, for the items of " + esc(_moment_option(f, m)), "deck-sub"
        )
        lead = say(esc(line), "deck-lead")
        if m.name == "hidden again":
            # the slide that asks the part's core question keeps its answer back: the lists just before the second
            # purify, then (on →, a fragment) the lists after it, with the line and the counters that answer it
            before = t_naive.head(m.frame) - 1
            purifier = esc(str(pair.problem.label(t_naive.event(before).option)))
            title = f"{title.split(' · ')[0]} · {purifier} purifies c1 again"
            step = 'data-fragment-index="0"'
            picture = (
                f'<div class="r-stack"><div class="fragment fade-out" {step}>'
                + fig(
                    figures.links(pair.naive, before, col_w=176, row_h=88, label="before the second purify"),
                    "The colour pair's lists in the naive search, just before this move",
                )
                + f'</div><div class="fragment" {step}>'
                + fig(
                    figures.links(pair.naive, shown.frame, col_w=176, row_h=88, label=title),
                    "The colour pair's lists in the naive search, just after this move",
                )
                + "</div></div>"
            )
            # the counters just before it too, so the table's place is not empty while the room thinks
            arrays = t_naive.arrays_at(before)
            option, _, _ = t_naive.analysis.twice
            then = []
            for item in shown.counters:
                i = t_naive.names.index(item)
                members = []
                x = arrays["DLINK"][i]
                while x != i and len(members) <= len(arrays["TOP"]):
                    members.append(x)
                    x = arrays["DLINK"][x]
                own = next(x for x in t_naive.analysis.option_nodes[option] if t_naive.initial["TOP"][x] == i)
                then.append((item, arrays["LEN"][i], len(members), own in members))
            before_counters = table(
                ["item", "LEN", "linked", "its node"],
                [[esc(item), num(n), num(linked), "in" if inside else "out"] for item, n, linked, inside in then],
                cls="deck-counters",
                marks=["deck-off" if n != linked else "" for _, n, linked, _ in then],
            ) + say("The same counters, just before the move", "deck-sub")
            counters = (
                f'<div class="r-stack deck-stack-top"><div class="fragment fade-out" {step}>{before_counters}</div>'
                f'<div class="fragment" {step}>{counters}</div></div>'
            )
            holder_ = esc(str(pair.problem.label(t_naive.event(t_naive.head(moments["hidden"].frame) - 1).option)))
            item_ = esc(t_naive.event(before).item)
            lead = (
                f'<div class="r-stack deck-stack-top"><p class="deck-lead fragment fade-out" {step}>{purifier} is '
                f"tried, and its commit reaches {item_}, which {holder_} has purified already.</p>"
                f'<p class="deck-lead fragment" {step}>{esc(line)}</p></div>'
            )
        if m.name in FOLDED:  # moments 3 to 6: one slide, one pass, each moment on the next → (see below)
            verdict = say(f"The verifier: {esc(verifier)}.", "deck-verdict") if m.name == "tried" else ""
            folded.append((m, title, line, picture, counters + verdict, frames))
            continue
        slides.append(
            Slide(
                f"moment-{m.name.replace(' ', '-')}",
                esc(title) if m.name != "hidden again" else title,
                lead
                + cols(
                    picture,
                    counters + (say(f"The verifier: {esc(verifier)}.", "deck-verdict") if m.name == "tried" else ""),
                    cls="deck-moment",
                ),
                say=say_.format(len=q_len, linked=q_linked),
                aside=f"In notebook 5's recording of the naive search (pair_writes): {frames}."
                + (
                    " The picture is of the lists just before the purify; → shows them after it, with the line and "
                    "the counters that answer the question (fragments). Here the sticker engine's commit passes the "
                    "node by (part 5)."
                    if m.name == "hidden again"
                    else ""
                ),
                ask=ask,
                answer=answer.format(sanity=sanity),
                expect=expect.format(
                    option=_moment_option(f, m),
                    holder=holder,
                    wrong=" with ".join(reported_wrong),
                    back=[x.name for x in pair.moments].index("back too soon") + 1,
                ),
                minutes=MOMENT_MINUTES.get(m.name, 1),
                core=False,  # part 4's core questions: the plan's (hidden again) and slide 27's
                drop_first=m.name in MOMENT_DROP_FIRST,
            )
        )
    slides.append(_folded_moments(f, folded, sanity))
    return slides + _abel_land_story(f)


def _abel_land_story(f: Facts) -> list[Slide]:
    """Slides 26 and 27: naive ABEL LAND's player from its first double purify, stepped to the option it hides twice
    coming back too soon (E), the wrong solution it gives (V) and the spurious unhide that undoes it (E); then that
    unhide's lists, with the question the room answers from them. Every frame and node is facts._story's, which
    checks the recording still runs so."""
    al = f.abel_land
    t, st = al.naive_trace, al.story
    names, top = t.names, t.initial["TOP"]
    *right, (wrong_frame, wrong_why) = al.after_double
    if [fr for fr, _ in right] != [st.right] or wrong_frame != st.wrong:
        raise RuntimeError("the solutions after ABEL LAND's first double purify moved: rewrite slide 26's stops")
    rows_shown = f.players["abel"]["options"]["rows"]
    abel_rows = f"Rows: options {', '.join(map(str, rows_shown))} of {num(al.options)}"
    primary_drift = [(n, v, linked) for n, v, linked in al.drifting if n in t.problem.primary]
    negative = [n for n, v, _ in al.drifting if v < 0]
    point_open = "; ".join(
        f"{esc(n)}'s column, LEN {signed(v)} against {num(linked)} linked" for n, v, linked in primary_drift
    ) + (f", then the −1s of {esc(and_list(negative))}" if negative else "")
    word = names[top[st.word_node]]  # LAND: the word of the option hidden twice
    covered = st.cover.item  # LAND again: the word whose cover holds the option the spurious unhide puts back
    cells = and_list([esc(c) for c in st.early_items])
    # the caption names row 31's squares too: behind the nodes put back, by stale DLINKs, option 31's own come back
    if list(st.also) != [st.option]:
        raise RuntimeError("the spurious unhide puts back nodes of options other than 27 and 31: rewrite slide 27")
    reached_in = names[top[st.reached]]  # the cell whose list holds the node the walk reaches (r1c3)
    played_chain = [
        f"Frame {num(st.opened)}, where it opens: option {st.option} hidden twice. Point at {point_open}.",
        f"E, frame {num(st.back)}: backing up from frame {num(st.right)}'s solution, {esc(st.undoing.item)}'s "
        f"unpurify unhides option {st.option}: its {esc(word)} node is back (black square), held out by option "
        f"{st.first.option}'s purify of {esc(st.first.item)}. Ask here.",
        f"V, frame {num(st.wrong)}: option {st.option}, tried at frame {num(st.tried)}, gives a wrong solution: "
        f"{esc('; '.join(wrong_why))}.",
        f"E, frame {num(st.spur)}: {esc(st.cell)}'s unpurify unhides option {st.put_back}: its nodes in {cells} "
        f"are back (squares), {esc(covered)} still covered; its node in {esc(reached_in)} stays off. Then "
        "Esc, →.",
    ]
    say_counts = (
        f"The naive engine reports {num(al.naive_count)} solutions: the {num(al.count)} right ones, less "
        f"{num(al.missed)} never found, plus {num(len(al.wrong))} wrong."
        if al.count - al.missed + len(al.wrong) == al.naive_count
        else f"The right count is {num(al.count)}; the naive engine reports {num(al.naive_count)}."
    )
    live = Slide(
        "live-abel-land",
        f"Naive ABEL LAND: {num(al.naive_count)} solutions found, {num(len(al.wrong))} of them wrong",
        player(
            "abel",
            f.players["abel"],
            "deck-player-abel",
            scale=ABEL_SCALE,
            # one line beside the path: the orange mark is the legend's, in the player's words (LEN ≠ nodes linked)
            after=f"{abel_rows}.",
            more_legend=abel_legend_more(al),
            open_frame=al.first_double,
            shared_legend="yes",  # its key under the matrix and the board (deck.js), the line beside the path
            note_beside="yes",
            # the key in two lines: the states' long words are in the player's line when they turn up
            legend_words='{"chosen option, in its list": "chosen", '
            '"back too soon: in its list, a hide in force holds it out": "back too soon"}',
        ),
        say=say_counts + " Step as numbered (E, V; Home rewinds); a black square is back too soon.",
        chain=played_chain,
        ask=f"Option {st.option} is back in {esc(word)}'s list too soon: will the search try it?",
        answer=f"Yes: step C6 takes the next node in {esc(word)}'s list, option {st.option}'s, tried at frame "
        f"{num(st.tried)}; at frame {num(st.wrong)}, a wrong solution.",
        expect="A length can't be negative. A second hide of a node already out takes one more; the −1s are "
        "secondary items' LENs, which step C3 never reads.",
        minutes=WALK_MINUTES,
        kind="live",
    )

    def lists(marked: bool) -> object:
        """Option 27's and option 31's lists just after the spurious unhide: with the states drawn (the squares) and
        the walk up the cell's list, or (asked first) with every node in a list drawn alike."""
        return figures.links(
            t,
            st.spur,
            items=[covered, *(f"r{r}c{c}" for r, c in al.ws.placements[st.put_back].cells)],
            options=sorted({st.put_back, st.option}),
            col_w=170,
            row_h=78,
            own_links=False,
            walk_up=st.cell if marked else None,
            unmarked=not marked,
            asked=() if marked else [st.put_back],
            label="the lists after the unhide" if marked else "which nodes are in their lists",
        )

    # slide 26's stops, as the notes of slide 27 name them: the room saw these frames, no others
    stop_at = {
        st.opened: "where the player opens",
        st.back: "at its first E",
        st.wrong: "at V",
        st.spur: "at its last E",
    }

    # slide 27's "if asked how": what the ULINK of the cell's header holds at each step, and why, in sentences to
    # say; the recording's writes to it must be these four, at these stops (facts._story finds them)
    header = names.index(st.cell)
    writes = [(stop_at.get(frame), value) for frame, _, value in st.header_writes]
    if (
        writes != [(None, st.reached), (None, header), (stop_at[st.opened], st.reached), (stop_at[st.back], st.own)]
        or ([frame for frame, _, _ in st.header_writes[:2]] != [st.first_frame, st.cover_frame])
        or (t.arrays_at(st.back)["DLINK"][header], t.analysis.state_at(st.back)[st.reached][0]) != (header, "hidden")
    ):
        raise RuntimeError(f"the writes to {st.cell}'s header moved: rewrite slide 27's script")
    cell, own, reached = esc(st.cell), num(st.own), num(st.reached)
    script = [
        f"Before the player opens, {cell}'s list ends with {reached}, then {own}. Option "
        f"{st.first.option}'s purify of {esc(st.first.item)} hides option {st.option}: {own} leaves; the header's "
        f"ULINK names {reached}, and so does {own}'s.",
        f"{esc(covered)}'s cover hides option {st.put_back}: {reached} leaves; the header's ULINK names itself, empty.",
        f"Where the player opens, {esc(st.first.item)} is purified again: taking {own} out again copies its ULINK, "
        f"{reached}, into the header's. Stale: the cover holds {reached} out.",
        f"At the first E that purify is undone: {own} goes back only half ({reached}, its ULINK, is out): the "
        f"header's links: ULINK {own}, DLINK itself. Up: {own}, then {reached}; down: nothing.",
        f"At the last E, {cell}'s unpurify walks up: {own}, option {st.option}'s own (DLX2: “confusion!”), then "
        f"{reached}, colour {esc(st.colours[1])}, not {esc(st.colours[0])}: it unhides option {st.put_back}.",
    ]

    early_slide = Slide(
        "back-too-soon",
        f"{esc(covered)} is still covered: where are option {st.put_back}'s nodes?",
        say(
            f"Undoing option {st.option}, the unpurify of {esc(st.cell)} walks up {esc(st.cell)}'s list from its "
            "header.",
            "deck-lead",
        )
        + '<div class="r-stack"><div class="fragment fade-out" data-fragment-index="0">'
        + fig(
            where(lists(marked=False)),
            f"{esc(covered)} is covered: which of option {st.put_back}'s nodes should be in their lists, and which "
            "are?",
        )
        + '</div><div class="fragment" data-fragment-index="0">'
        + fig(
            where(lists(marked=True)),
            "Squares: back in their lists while a cover or purify still holds them out. Dashed: the walk up; "
            f"{esc(st.cell)}'s ULINK, naming {num(st.own)}, is stale too.",
        )
        + "</div></div>",
        say=f"The title, then →. Point at the squares: option {st.put_back}'s nodes in {cells}, back in their "
        f"lists, {esc(covered)}'s cover still holding it out; in {esc(reached_in)}, none. If asked how, spend the "
        "part's minutes in hand here:",
        chain=script,
        aside="",
        ask=f"{esc(covered)} is covered: which of option {st.put_back}'s nodes should be in their lists, and which "
        "are?",
        answer=f"Should: only its node in {esc(covered)}'s own list. Are: also those in {cells}. Node "
        f"{st.reached} stays off.",
        expect=f"{esc(covered)} is covered, so option {st.put_back} cannot be in {esc(st.early_items[0])}'s list. "
        f"It is: the walk reached {st.reached} by a stale ULINK.",
        minutes=EARLY_MINUTES,
        drop_first=True,  # title only by default: its question only when early
    )
    return [live, early_slide]


def abel_legend_more(al: Bag) -> str:
    """The marks ABEL LAND's player draws that its own legend does not name: a covered item's name struck through,
    and the colour row (player.js: the colours the options on the path give each cell, two of them a clash, as on the
    board), one entry for both. The underline of a LEN just written is not drawn on the slide (deck.css): no stop
    points at it."""
    word = esc(al.ws.words[-1])
    entries = [
        f'<s class="deck-legend-icon">{word}</s><span>covered</span>',
        '<b class="deck-legend-icon deck-disc">A</b><span>colour on the path,</span>'
        '<b class="deck-legend-icon deck-disc deck-clash">L/D</b><span>a clash</span>',
    ]
    return "".join(f'<span class="deck-legend-extra">{e}</span>' for e in entries)


def _orders_said(al) -> str:
    """What other orders of ABEL LAND's options do to both engines, from the shuffled runs."""
    runs = al.orders
    naive = sorted({r.naive for r in runs})
    wrong = sorted({r.wrong for r in runs})
    sticker = {r.sticker for r in runs}
    if all(r.wrong and r.broken for r in runs) and sticker == {al.count}:
        seeds = sorted(r.seed for r in runs)
        over = sum(1 for r in runs if r.naive > al.count)
        return (
            f"In {len(runs)} shuffled orders (seeds {seeds[0]} to {seeds[-1]}) the naive engine finds "
            f"{num(naive[0])} to {num(naive[-1])} solutions, {num(wrong[0])} to {num(wrong[-1])} of them wrong, "
            + (f"more than {num(al.count)} in {num(over)}, " if over else "")
            + f"and ends with broken lists every time; the sticker engine finds {num(al.count)} in each."
        )
    return (
        f"In {len(runs)} shuffled orders the naive engine finds {', '.join(num(n) for n in naive)} "
        f"solutions; the sticker engine finds {' or '.join(num(n) for n in sorted(sticker))}."
    )


# ---- part 5: the sticker -----------------------------------------------------------------------------------------


def dedent_diff(lines: Sequence[str]) -> list[str]:
    """A diff's lines with the indentation they all share taken out after the +, − or space that marks each (a gap,
    ⋮, stays as it is): the code inside a function body, set larger on a slide."""
    body = [line[1:] for line in lines if line.strip() != "⋮" and line[1:].strip()]
    cut = min((len(x) - len(x.lstrip(" ")) for x in body), default=0)
    return [line if line.strip() == "⋮" else line[:1] + line[1 + cut :] for line in lines]


STICKER_ON_MINUTES = 0.5  # the sticker put on, told with its picture; the player after it shows it again
LIVE_PAIR_MINUTES = 1  # the colour pair's player: two stops (→, D); slide 31 shows the sticker coming off


def part_sticker(f: Facts) -> list[Slide]:
    pair, al, code_ = f.pair, f.abel_land, f.code
    t = pair.sticker
    on, commit, off = pair.sticker_on, pair.sticker_commit, pair.sticker_off
    label = t.problem.label
    put = t.event(on - 1)  # the sticker event: its item, colour and the option whose node gets it
    purified = max(fr for fr in range(on, t.frames) if t.head(fr) == t.head(on))  # the whole purify done
    hid = [label(t.event(fr - 1).option) for fr in range(on + 1, purified + 1) if t.event(fr - 1).kind == "hide"]
    purifier = label(t.event(t.head(on) - 1).option)
    tried = label(t.event(commit - 1).option)
    tour = pair.tour  # the pair's player: its stops, reached with the keys its notes give
    stops = tour.stops
    if stops[2].sticker != commit or stops[3].sticker != off or t.kind_at(stops[1].sticker) != "sticker":
        raise RuntimeError("the pair's player stops elsewhere than the sticker's three moments: rewrite its notes")
    peel = t.event(off - 1)
    peeled_node = next(  # the node whose COLOR the unpurify has just written back
        x for x in t.analysis.option_nodes[peel.option] if t.initial["TOP"][x] == t.names.index(peel.item)
    )

    def diff_mark(line: str) -> str:
        return "add" if line.startswith("+") else "del" if line.startswith("-") else ""

    end = t.arrays_at(t.frames - 1)
    back = all(end[name] == t.initial[name] for name in ("ULINK", "DLINK", "LEN", "COLOR"))
    # the diff at work on the colour pair: the node the sticker goes on, in both engines, while the first purify holds
    naive = pair.naive
    held = next(m.frame for m in pair.moments if m.name == "hidden")  # naive: the first purify's hide done

    def colour_read(trace, frame: int) -> str:
        value = trace.arrays_at(frame)["COLOR"][put_node]
        if value == trace.initial["COLOR"][put_node]:
            return f"COLOR {put.colour}"
        return f"COLOR {signed(value)}"

    put_node = next(x for x in t.analysis.option_nodes[put.option] if t.initial["TOP"][x] == t.names.index(put.item))
    again = {
        name: [
            fr
            for fr in range(1, trace.frames)
            if trace.kind_at(fr) == "purify" and trace.event(fr - 1).option == put.option
            and trace.event(fr - 1).item == put.item
        ]
        for name, trace in (("naive", naive), ("sticker", t))
    }  # fmt: skip
    if not again["naive"] or again["sticker"]:
        raise RuntimeError("the diff slide's notes say the naive engine purifies c1 again and the sticker one does not")
    found = pair.found
    wrong_naive = sum(1 for x in found["naive"] if x not in found["sticker"])
    at_work = table(
        [
            "the colour pair",
            "<span class='deck-del'>− naive</span>",
            "<span class='deck-add'>+ sticker</span>",
        ],
        [
            [
                f"{esc(label(put.option))}'s node in {put.item} after {esc(purifier)}'s purify",
                colour_read(naive, held),
                colour_read(t, purified),
            ],
            [
                f"{esc(label(put.option))} tried: its commit",
                f"purifies {put.item} again" if again["naive"] else f"leaves {put.item}",
                f"purifies {put.item} again" if again["sticker"] else f"leaves {put.item} alone",
            ],
            [
                "solutions found",
                f"{num(len(found['naive']))}, {num(wrong_naive)} wrong" if wrong_naive else num(len(found["naive"])),
                num(len(found["sticker"])),
            ],
        ],
        cls="deck-costs deck-small-counts deck-at-work",
    )
    return [
        Slide(
            "sticker-on",
            "Purify puts a sticker on every node that already has its colour",
            say(
                f"{esc(purifier)} purifies {put.item} with {put.colour}: {esc(label(put.option))}'s node, already "
                f"{put.colour}, gets COLOR −1; {esc(', '.join(map(str, hid)))} is hidden.",
                "deck-lead",
            )
            + cols(
                fig(
                    figures.links(t, purified, col_w=176, row_h=80, label="the sticker put on"),
                    "The colour pair's lists in the sticker search, after the whole purify",
                ),
                code(["color[q] = STICKER"], cls="deck-code-mid")
                + say("“… temporarily given the color code −1 so that they won't be purified again.”", "deck-sub")
                + say("Knuth, DLX2, on purify", "deck-sub"),
                cls="deck-moment",
            ),
            say="Knuth's purify, in TAOCP and DLX2, gives options that want the chosen colour the colour code −1, "
            "“so that they won't be purified again”. We call that −1 the sticker; part 3's obvious purify left "
            "it out.",
            aside=f"In notebook 6's recording of the sticker search (pair_run): the sticker at frame {on}, then the "
            f"hide at frame {purified}, as in moment 1.",
            ask="Which nodes get a sticker when P c1:a purifies c1?",
            answer="Q c1:a's node in c1, the one other node of colour a. P c1:a's own node is not in c1's list at "
            "all: cover(P) hid that option before the search tried it.",
            expect="The sticker hides the node. It stays in its list; it only changes the colour commit reads.",
            minutes=STICKER_ON_MINUTES,
            drop_first=True,  # half a minute: its question only when early
        ),
        Slide(
            "live-pair",
            "Naive beside sticker: commit passes the sticker by",
            player(
                "pair",
                f.players["pair"],
                "deck-player-pair",
                print_frame=tour.double,  # the handout: the naive engine's second purify, the sticker panel waiting
                shared_legend="yes",  # one legend under both panels (the player's legend: facts.players)
                # part 4 said what back too soon is; the short word keeps the legend to two lines
                legend_words='{"chosen option, in its list": "chosen", '
                '"back too soon: in its list, a hide in force holds it out": "back too soon", '
                '"pointer just written (by the step shown)": "just written"}',
                after="Where one steps alone, the other waits.",
            ),
            say=f"The two engines on one timeline. At {esc(tried)}'s commit the naive engine purifies {put.item} a "
            f"second time; the sticker engine's commit reads −1 and passes it by. Step as numbered:",
            chain=[
                f"Enter, {stops[1].press}, sticker frame {num(stops[1].sticker)}: the sticker goes on "
                f"{esc(label(put.option))}'s node; the naive panel waits.",
                f"D, naive frame {num(stops[2].naive)}: the second purify; the sticker panel waits at its commit "
                f"(frame {num(stops[2].sticker)}), which passed {put.item} by. Then Esc, →.",
            ],
            aside=f"It opens with both at “{esc(stops[0].naive_at)}”. Enter or D gives the player the keys, Esc "
            "gives them back; → and ← step one event of either engine. The handout prints the D stop. Later, "
            f"alone: {stops[3].press}, sticker frame {num(stops[3].sticker)}, the sticker taken off (the next "
            "slide's picture).",
            ask=f"When the naive engine purifies {put.item} a second time, what does the sticker engine do with "
            f"{put.item}?",
            answer="Nothing: its commit reads −1 and does nothing, so no node is removed from a list twice; its panel "
            "waits.",
            expect="Passing c1 by leaves Q c1:a unchecked against P's letter. The first purify checked it: Q c1:a "
            "gives c1 the same a, which is why that purify kept it in play and put the sticker on it.",
            minutes=LIVE_PAIR_MINUTES,
            drop_first=True,
            kind="live",
        ),
        Slide(
            "sticker-off",
            "Unpurify takes the sticker off and gives the node its colour back",
            say(
                f"Backing up, unpurify({peel.item}) walks {peel.item}'s list bottom up: {esc(label(peel.option))}'s "
                f"node gets its colour {peel.colour} back.",
                "deck-lead",
            )
            + cols(
                fig(
                    figures.links(t, off, col_w=176, row_h=80, label="the sticker taken off", peeled=[peeled_node]),
                    "The colour pair's lists in the sticker search, just after this move",
                ),
                code(["if color[q] == STICKER:", "    color[q] = c"], cls="deck-code-mid")
                + say(
                    "At the end of the search every array of the sticker engine is back as it began."
                    if back
                    else "The arrays do NOT come back: the library has a bug.",
                    "deck-sub",
                ),
                cls="deck-moment",
            ),
            say="Unpurify walks the list bottom up: point at the ring, the node whose sticker just came off. The "
            "sticker lives as long as its purify.",
            aside=f"In notebook 6's recording of the sticker search (pair_run): frame {off}.",
            ask="Why must unpurify peel the sticker off rather than leave it?",
            answer="Once that purify is undone the cell is free again. A node still reading −1 would make a later "
            "commit skip a purify it needs, and options of other colours would stay in play.",
            expect="Unpurify must keep a list of the nodes its purify stickered. The −1 is that list: walking the "
            "same list bottom up, unpurify gives every node reading −1 the colour c back, and only the purify in "
            "force on that item put −1 there.",
            minutes=0.25,  # review 31.15: the player showed it; its quarter of a minute says the title over it
            drop_first=True,  # its question only when early
        ),
        Slide(
            "diff",
            "The whole fix: a few lines of purify and unpurify",
            cols(
                "<h3>purify</h3>" + code(dedent_diff(code_.diffs["purify"]), diff_mark, cls="deck-code-huge"),
                "<h3>unpurify</h3>" + code(dedent_diff(code_.diffs["unpurify"]), diff_mark, cls="deck-code-huge"),
                cls="deck-two-code",
            )
            + say(
                "Every other line, hide and unhide included, is shared; the counters are left out.",
                "deck-diff-line",
            )
            + at_work,
            say="The whole difference, line by line. In purify, point at the green line: where the naive engine "
            "passes a node of the chosen colour, the fix puts the sticker on it. In unpurify: where the naive "
            "engine tested for the colour and did nothing, the fix tests for the sticker and gives the colour "
            f"back. On the colour pair: the naive engine leaves the node {put.colour}, so {esc(tried)}'s commit "
            f"purifies {put.item} again; the −1 leaves {put.item} alone. Every other line is shared.",
            ask="In purify the diff puts color[q] = STICKER where the naive engine had pass; in unpurify it tests "
            "for STICKER, and gives the colour back, where the naive engine tested for c and did nothing. Why must "
            "unpurify test for STICKER, not c?",
            answer="Because purify changed those nodes' colour to −1: a test for c no longer matches them, so "
            "unpurify would unhide options that were never hidden and leave the stickers on. The STICKER test "
            "finds exactly the nodes purify marked and gives them their colour back.",
            expect="The sticker purify hides more options than the obvious one. It hides the same ones: it only "
            "changes the colour of the nodes it keeps, so that commit can tell the cell is done.",
            minutes=1.5,  # review 31.15: the climax of the class, real time
            drop_first=True,
        ),
        Slide(
            "cover-safe",
            "Why cover is safe and purify is not",
            "<div class='fragment'>"  # asked first: the table half answers it, so it comes with the columns
            + table(
                ["ABEL LAND, the whole search", "naive", "sticker"],
                [
                    ["an item covered while its cover holds", num(al.covers_again), num(al.covers_again_sticker)],
                    [
                        "a cell purified again while its purify holds, with the same letter",
                        num(al.doubles_by_letter["naive"]["same"]),
                        num(al.doubles_by_letter["sticker"]["same"]),
                    ],
                    [
                        "a cell purified again while its purify holds,<br>with another letter: by an option let back "
                        "too soon",
                        num(al.doubles_by_letter["naive"]["other"]),
                        num(al.doubles_by_letter["sticker"]["other"]),
                    ],
                ],
                cls="deck-costs",
            )
            + cols(
                "<h3>cover(i)</h3><ul class='deck-list'><li>hides every option through i</li>"
                "<li>so none can be chosen before uncover</li><li>so nothing reaches i again</li></ul>",
                "<h3>purify(p)</h3><ul class='deck-list'><li>leaves the cell, p's item, in play</li>"
                "<li>keeps the options of p's colour</li><li>so the next one chosen reaches the cell again</li>"
                "</ul>",
                cls="deck-compare",
            )
            + "</div>"
            + say(
                "Commit must be told the cell is done: Knuth's sticker marks those nodes.",
                "deck-box fragment",
            ),
            say="Cover can never meet its item again: every option through it is hidden, so none that contains it "
            "can be chosen until uncover; leaving the item list only keeps the search from branching on it. Purify "
            "must keep the options of the chosen colour in play, since they are still allowed, so a second one can "
            "reach the same cell. Knuth's way to tell commit that the cell is done is a mark on those nodes.",
            ask="",  # the part's core question, from the plan: why is cover safe where purify was not?
            answer="",
            aside="The table and the two columns come on the next →, the box on the one after (fragments): ask "
            "first, then show.",
            expect="Make purify like cover: hide the same-colour options too. That forbids two words to share a "
            "letter and loses every crossing solution.",
            minutes=3,
            core=True,
        ),
    ]


# ---- part 6: costs and counts --------------------------------------------------------------------------------


DLX2_SECONDS = "Knuth's s"  # the README's column of DLX2's whole run, in seconds
OURS_SECONDS = "wordcover s"  # the README's column of our whole run (wordcover dlx --engine fast), in seconds
DLX2_NO_MEMS = "DLX2 no mems"  # the README's row of DLX2 built without mem counting (ours counts no mems)
SEARCH_SECONDS = "search s"  # the README's column of our search alone, timed inside the process, in seconds
KNUTH_ROWS = ("four names in 7 x 7", "four names in 8 x 8")  # the clique count is another algorithm: not here


def part_counts(f: Facts) -> list[Slide]:
    costs, four, record = f.costs, f.four, f.knuth_record
    naive, sticker, saving = costs["naive"], costs["sticker"], costs["every node hidden"]
    # the counters the question needs (its updates are the first table's), the room's two engines only
    rows = [
        [
            name,
            num(r.solutions) + (f" ({num(r.wrong)} wrong)" if r.wrong else ""),
            num(r.purifications),
            num(r.stickers),
        ]
        for name, r in (("naive", naive), ("sticker", sticker))
    ]
    where_rows = [
        [name, *(num(r.where[k]) for k in ("covers", "first purifies", "second purifies")), num(r.updates)]
        for name, r in (("naive", naive), ("sticker", sticker))
    ]
    # the naive engine's extra updates, part by part: a net difference, each part with its sign
    parts = {k: naive.where[k] - sticker.where[k] for k in ("covers", "first purifies", "second purifies")}
    if sum(parts.values()) != naive.updates - sticker.updates:
        raise RuntimeError("the updates by where they are made do not add up to the engines' updates: rewrite 35")
    purify_extra = parts["first purifies"] + parts["second purifies"]
    # the difference row: the title's purifies and the covers' part add up, on the slide, to the difference in all
    plus = lambda n: f"+{num(n)}" if n > 0 else signed(n)  # noqa: E731 (a difference, with its sign)
    where_rows.append(
        [
            "naive − sticker",
            *(plus(parts[k]) for k in ("covers", "first purifies", "second purifies")),
            plus(naive.updates - sticker.updates),
        ]
    )
    covers_said = (
        f", covers {num(abs(parts['covers']))} {'fewer' if parts['covers'] < 0 else 'more'}" if parts["covers"] else ""
    )
    # why fewer purifies make more updates: the options the first purifies hide, each hide the same number of updates
    per_hide = {r.where["first purifies"] / r.first_hides for r in (naive, sticker) if r.first_hides}
    if len(per_hide) != 1 or naive.first_hides <= sticker.first_hides:
        raise RuntimeError("the first purifies no longer differ by the options they hide: rewrite slide 35's answer")
    per_hide_n = round(per_hide.pop())
    if (naive.first_hides - sticker.first_hides) * per_hide_n != parts["first purifies"]:
        raise RuntimeError("the first purifies' extra updates are not their extra hides: rewrite slide 35's answer")
    purify_said = and_list(
        [
            f"{num(parts[k])} {'more' if parts[k] > 0 else 'fewer'} in {k}"
            + (" (the sticker engine makes none there)" if k == "second purifies" and not sticker.where[k] else "")
            for k in ("first purifies", "second purifies")
            if parts[k]
        ]
    )
    ws = four.ws
    grid = figures.grid(ws.grid(four.first), ws.decode(four.first), cell=84, label="the first solution")
    if four.engine:
        s = four.stats
        lines = [
            f"Algorithm C compiled to machine code (numba): <b>{num(four.count)}</b> solutions, each visited; "
            f"{num(s.nodes)} nodes, {num(s.updates)} updates",
            f"Counting cliques: one placement a word, every pair compatible, counted by matrix products: "
            f"<b>{num(four.cliques)}</b>, none listed",
        ]
    else:
        lines = [
            f"Counting cliques: one placement a word, every pair compatible, counted by matrix products: "
            f"<b>{num(four.cliques)}</b>, none listed"
        ]
    agree = (not four.engine) or four.count == four.cliques
    # the compiled search's tree, level by level: at the last level every name is placed, so each node is a solution
    profile = list(four.stats.profile) if four.engine else []
    tree, ends = "", False
    if profile:
        words = len(ws.words)
        ends = len(profile) == words + 1 and profile[-1] == four.count and sum(profile) == four.stats.nodes
        tree = fig(
            figures.levels(
                profile,
                [plural(k, "name") for k in range(len(profile))],
                mark_last="each a solution" if ends else "",
                label="the search tree's nodes, by the number of names placed",
            ),
            "Algorithm C's search tree: its nodes, by names placed",
            cls="deck-fig-start deck-fig-below",
        )
        if not ends:
            tree += say("Its last level is NOT its solutions: look at the engine's profile.", "deck-verdict")
    article = 244_792  # the colours article's published count, quoted (notebook 6 checks it too)
    slides = [
        Slide(
            "costs",
            f"No sticker: purifies make {num(purify_extra)} more updates{covers_said}",
            cols(
                table(
                    ["updates made in", "covers", "purifies", "purifies again", "in all"],
                    where_rows,
                    cls="deck-costs deck-where",
                ),
                # the numbers the "if time allows" question needs, on the second →, after it is asked
                "<div class='fragment' data-fragment-index='1'>"
                + say(
                    f"Options hidden in first purifies: naive {num(naive.first_hides)}, "
                    f"{num(naive.first_rehides)} of them held out already; sticker {num(sticker.first_hides)}. "
                    f"{per_hide_n} updates each.",
                    "deck-sub deck-box-note deck-flush",
                )
                + "</div>",
                cls="deck-costs-row",
            )
            + say(
                "The whole search of ABEL LAND. An update: a node or an item taken out of its list (Knuth's count). "
                "Purifies again: of a cell purified already on the search's path.",
                "deck-sub",
            )
            + "<div class='fragment' data-fragment-index='0'>"
            + table(["engine", "solutions", "purifications", "stickers"], rows, cls="deck-costs")
            + say("DLX2 counts cleansings: purifications + stickers.", "deck-sub")
            + "</div>",
            say=f"The title's {num(purify_extra)} are in the purifies: {purify_said}; the covers make "
            f"{num(abs(parts['covers']))} {'fewer' if parts['covers'] < 0 else 'more'}: "
            f"{num(naive.updates - sticker.updates)} more in all (the last row). On →, the counters: the naive engine "
            f"reports {num(naive.solutions)} solutions, {num(naive.wrong)} wrong.",
            ask=f"With the counters up: the naive engine purifies less ({num(naive.purifications)} against "
            f"{num(sticker.purifications)}), yet makes {num(parts['first purifies'])} more updates in first "
            "purifies: why? Then the second → shows the options hidden.",
            answer=f"Its first purifies hide more options: {num(naive.first_hides)} against "
            f"{num(sticker.first_hides)}, {per_hide_n} updates each. With its lists broken it searches another tree, "
            f"and {num(naive.first_rehides)} of those hides hit an option a hide in force already held out."
            + (
                " Knuth's saving plays no part: without it, the first purifies make the same "
                f"{num(sticker.where['first purifies'])} updates."
                if saving.where["first purifies"] == sticker.where["first purifies"]
                else ""
            ),
            aside=_orders_said(f.abel_land),
            expect="The naive engine's extra updates are the hides the saving skips. The saving is worth "
            f"{num(saving.updates - sticker.updates)} updates (without it, {num(saving.updates)}; not on the slide); "
            "the table puts the naive engine's extra ones in its purifies.",
            minutes=0.75,
        ),
        Slide(
            "four-names",
            f"Four names in a 6 × 6 grid, all 8 directions: {num(four.cliques)} ways",
            cols(
                fig(grid, "the first solution found"),
                # the answer to the part's question (how can we trust it?) comes on →, after it is asked
                "<div class='fragment'><ul class='deck-list deck-tight'>"
                + "".join(f"<li>{line}</li>" for line in lines)
                + "</ul>"
                + say("Two methods, the same count." if agree else "The two methods DISAGREE.", "deck-sub")
                + tree
                + "</div>",
                cls="deck-fig-left deck-fig-top",
            ),
            say="ABEL, CANTOR, GAUSS and EULER, each placed once, in any of the 8 directions, crossing only on "
            "equal letters: too many solutions to list by hand. The same Algorithm C, compiled by numba, visits "
            "every one. A second method lists none: it counts the tuples of one placement a word with every pair "
            "compatible, by matrix products. The colours article (blog.morefreeze.top/2026/03/dlx-xcc_en.html, in "
            "notebook 8's references) "
            f"reports {num(article)} (quoted, not computed)"
            + (", the same number." if four.cliques == article else f"; our count differs: {num(four.cliques)}."),
            aside="Ask first: → shows the two methods and the tree. "
            + (
                f"The bars are the compiled engine's profile, its nodes at each level: the {num(profile[-1])} with "
                f"every name placed are its solutions, and {num(sum(profile[:-1]))} are inner nodes."
                if profile and ends
                else ""
            ),
            ask="",  # the part's core question, from the plan: how can we trust a count too large to list?
            answer="",
            expect="The compiled engine runs Algorithm C, so its count must be right. Compiled code can have bugs of "
            "its own; the count is trusted because a second method, which shares none of its search, gives the "
            "same number.",
            minutes=3,
        ),
    ]
    quote = "“One ‘mem’ essentially means a memory access to a 64-bit word.” (dlx2.w)"
    # like with like: DLX2 built without its mem counting (ours counts no mems), each a whole run from the shell
    found = {} if record is None else {r["problem"]: r for r in record.rows if r["program"] == DLX2_NO_MEMS}
    if record is not None and all(name in found for name in KNUTH_ROWS):
        rows_ = [found[name] for name in KNUTH_ROWS]
        places = [name.split(" in ")[-1].replace(" x ", " × ") for name in KNUTH_ROWS]
        secs = lambda row, col: float(row[col])  # noqa: E731 (the README's medians, in seconds)
        rounds = re.search(r"--repeat (\d+)", record.flags).group(1)  # the rounds the record's medians are of
        # one kind of ratio on the slide and in its notes: one median over another, the table's own seconds, so a
        # student can divide what the slide shows (the README's own, the median of each round's ratio, in the notes)
        over = [secs(r, "ratio") for r in rows_]  # the README's kind, named in the notes
        over_search = [secs(r, "search ratio") for r in rows_]
        whole = [secs(r, OURS_SECONDS) / secs(r, DLX2_SECONDS) for r in rows_]
        search = [secs(r, SEARCH_SECONDS) / secs(r, DLX2_SECONDS) for r in rows_]  # over DLX2's whole run, input in
        # how far apart the two kinds are, as the notes say it: the larger over the smaller, less one
        spread = max(max(a, b) / min(a, b) - 1 for a, b in zip(whole + search, over + over_search))
        tenth = lambda x: f"{Decimal(str(x)).quantize(Decimal('0.1'), ROUND_HALF_UP)}"  # noqa: E731 (a tenth)
        start_up = [tenth(Decimal(r[OURS_SECONDS]) - Decimal(r[SEARCH_SECONDS])) for r in rows_]
        # "many times slower": whole run against whole run; the search alone is said for what it is
        correct = (
            "Whole run against whole run, ours takes "
            + " and ".join(
                f"{tenth(x)} × " + ("" if k else "DLX2's time ") + f"in {pl}"
                for k, (x, pl) in enumerate(zip(whole, places))
            )
            + "; the extra is our start-up, "
            + (f"{start_up[0]} s in both" if len(set(start_up)) == 1 else " and ".join(f"{x} s" for x in start_up))
            + ". Our search alone takes "
            + (
                f"{tenth(search[0])} × DLX2's whole run in both"
                if len({tenth(x) for x in search}) == 1
                else " and ".join(f"{tenth(x)} ×" for x in search) + " DLX2's whole run"
            )
            + ", and that run includes reading its input: not like for like, in our favour."
        )
        timing = table(
            ["four names in", *(esc(pl) for pl in places)],
            [
                ["DLX2 without mems, whole run", *(f"{tenth(r[DLX2_SECONDS])} s" for r in rows_)],
                ["ours, whole run", *(f"{tenth(r[OURS_SECONDS])} s, {x} s start-up" for r, x in zip(rows_, start_up))],
                ["<b>ours ÷ DLX2, whole runs</b>", *(f"<b>{tenth(x)} ×</b>" for x in whole)],
                ["our search alone ÷ DLX2's whole run", *(f"{tenth(x)} ×" for x in search)],
            ],
            cls="deck-costs deck-knuth deck-times",
        ) + say(
            f"Medians of {rounds} rounds; a ratio: one median over the other. Start-up: Python, numba, links.",
            "deck-sub deck-dlx2-lead",
        )
        published = {r["problem"]: r for r in record.rows if r["program"] == "DLX2"}  # DLX2 as Knuth publishes it
        no_mems = [tenth(secs(found[n], DLX2_SECONDS) / secs(published[n], DLX2_SECONDS)) for n in KNUTH_ROWS]
        mems = (  # the build without mems over the published one, one median over the other
            f"{no_mems[0]} of the published build's time in {' and '.join(places)} alike"
            if len(set(no_mems)) == 1
            else " and ".join(f"{x} in {pl}" for x, pl in zip(no_mems, places)) + " of the published build's time"
        )
        estimators = (
            f" Each ratio one median over the other; the README's, the median of the {rounds} rounds' own, gives "
            + " and ".join(f"{x:.2f}" for x in over)
            + " (whole), "
            + " and ".join(f"{x:.2f}" for x in over_search)
            + f" (search), up to {spread:.0%} apart (of the smaller): even the first decimal is not sure."
        )
        said = f"Times: benchmarks/README.md, from {record.flags.split()[0]}.{estimators}"
    else:
        timing = say(
            "No benchmark record of DLX2 was found in benchmarks/README.md, so no time is shown: bench_knuth.py "
            "times the compiled engine against DLX2 where DLX2 is built.",
            "deck-sub",
        )
        said = "No time is shown: the benchmark record was not found when the deck was built."
        mems = estimators = ""
        correct = "No time is shown here to say how much slower: notebook 8 times both where DLX2 is built."
    runs = f.dlx2
    if runs is not None:
        dlx2 = runs.runs["published"]
        ours = [sticker.solutions, sticker.nodes, sticker.updates, sticker.purifications + sticker.stickers]
        counted = table(
            ["ABEL LAND", "solutions", "nodes", "updates", "cleansings"],
            [
                ["DLX2", *(num(dlx2[k]) for k in ("solutions", "nodes", "updates", "cleansings"))],
                ["ours, sticker engine", *(num(n) for n in ours)],
            ],
            cls="deck-costs deck-knuth",
        ) + say(
            f"Cleansings = purifications + stickers: {num(ours[3])} = {num(sticker.purifications)} + "
            f"{num(sticker.stickers)} (slide {{slide:costs}}).",
            "deck-sub",
        )
        same = ours == [dlx2[k] for k in ("solutions", "nodes", "updates", "cleansings")]
        counted_said = f"DLX2's counters: {runs.file}. "
    else:
        counted, same, counted_said = "", False, ""
    slides.append(
        Slide(
            "dlx2",
            ("Against DLX2: the same counters" if same else "Against Knuth's DLX2")
            + ("; whole run against whole run" if record is not None and mems else ""),
            counted + timing,
            say=f"Knuth counts mems, memory accesses: {quote}. Ours counts nodes, updates and cleansings as DLX2 "
            "does, no mems; the counters agree before both are timed.",
            aside=f"{counted_said}{said}"
            + (
                f" DLX2 without its sticker finds {num(f.dlx2.runs['without sticker'].solutions)} solutions on "
                f"ABEL LAND (“confusion!” {num(f.dlx2.confusion['abel land'])} times)."
                + (
                    f" Not {num(naive.solutions)}, as our naive engine: DLX2's uncover walks each list down, ours up; "
                    f"ours walking down finds {num(naive.walking_down)} too."
                    if naive.walking_down == f.dlx2.runs["without sticker"].solutions != naive.solutions
                    else ""
                )
                if f.dlx2
                else ""
            ),
            ask="Why would Knuth count mems rather than seconds?",
            answer="A count of memory accesses is the same on every machine; seconds are not. More: counting costs "
            "DLX2 some of its time"
            + (f": built without it, DLX2 takes {mems}; the table times the build without mems." if mems else "."),
            expect=f"A compiled Python engine must be many times slower than C. {correct}",
            minutes=0.5,
            drop_first=True,
        )
    )
    return slides


CLOSING = Slide(
    "take-away",
    "To take away",
    "<ul class='deck-list deck-points'>"
    "<li>A word search is exact cover with colours: each word a primary item, each cell a colour item.</li>"
    "<li>Dancing links undo exactly: a hidden node keeps its own links, and the items are uncovered in reverse "
    "order.</li>"
    "<li>Without the sticker, a cell purified again with the same letter hides again the other-colour options "
    "still in its list: the second hide lowers a LEN again, and may write a stale link; its undo lets an option "
    "back too soon.</li>"
    "<li>The sticker, COLOR −1: put on by purify, read by commit, taken off by unpurify (hide and unhide read it "
    "too, for Knuth's saving).</li></ul>"
    "<p class='deck-sub'>Notebooks 3 to 6 hold these four, with exercises that check themselves; notebook 8 holds "
    "the compiled engine, the clique count and the times against DLX2.</p>",
    say="Four things to remember. The notebooks have every picture of today live, and exercises with checks.",
    ask="Where else would a mark like the sticker be the fix?",
    answer="Wherever an undoable operation can reach the same object twice: mark what is done, so the second visit "
    "does nothing, and let the undo take the mark off.",
    expect="So the bug is in Knuth's algorithm. It is in a purify written from a loose paraphrase, “take out the "
    "options of other colours”, as the colours article tells it; Knuth's description in dlx2.w puts the −1 in "
    "(“All options that want the chosen color in a purified item are temporarily given the color code −1”), and "
    "his purify, in TAOCP's Algorithm C and in DLX2, puts the sticker on.",
    minutes=0.5,
    drop_first=True,
    kind="closing",
)


def _orders_answer(f: Facts) -> str:
    """Part 2's model answer, short: the order of the items must be reversed; inside one uncover, dlx1.w says, the
    options may come back in cover's own order (DLX1's walks down again), so the library's walk up is a choice."""
    o = f.knuth.orders
    broken = " and ".join(f"{name}'s" for name, _, _ in o["broken"])
    return (
        "No: only the order of the items must be reversed, as X6 does, right to left. "
        f"More: uncover(A), then uncover(D), leaves {broken} lists broken. Inside one uncover, up or down both "
        "work; dlx1.w: “amazingly, no harm is done if the options are processed again in the same order.” Ours "
        "walks up, as TAOCP's (14) does."
    )


def _bug_answer(f: Facts) -> str:
    """Part 4's model answer, short, its counts from the colour pair's moments; which undo goes wrong is kept for
    slide 25 (review 31.19), whose moments show it."""
    moments = {m.name: m for m in f.pair.moments}
    (q, (q_len, q_linked)), _ = moments["hidden again"].counters.items()
    option = _moment_option(f, moments["hidden again"])
    return (
        f"{option}'s node in {q}'s list, at the second purify of c1: no link moves, but LEN({q}) falls to {q_len} "
        f"with {plural(q_linked, 'node')} linked. The unhide that goes wrong: on the next slide."
    )


def _cover_answer(f: Facts) -> str:
    """Part 5's model answer, short: cover hides every option through its item, purify keeps some in play."""
    doubles = f.abel_land.double_purifies["naive"]
    by_letter = f.abel_land.doubles_by_letter["naive"]
    return (
        "Cover hides every option through its item: none can reach it again before uncover. "
        "Purify keeps the options of its colour in play, so choosing one reaches the cell again: "
        f"{num(by_letter['same'])} of naive ABEL LAND's {num(doubles)} double purifies (the other "
        f"{num(by_letter['other'])}: other letters, back too soon). The sticker marks the kept options' nodes; "
        "commit passes them by."
    )


def heading_in(notebook: int, heading: str) -> str:
    """A heading of a notebook, as the notes point to it: checked against the notebook's own headings."""
    import json
    import time

    import series

    path = series.HERE / series.entry(notebook)[0]
    for attempt in range(5):  # a notebook being written (executed, saved) may read empty for a moment
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            break
        except json.JSONDecodeError:
            if attempt == 4:
                raise
            time.sleep(1)
    found = {
        line.lstrip("#").strip()
        for c in cells
        if c["cell_type"] == "markdown"
        for line in "".join(c["source"]).splitlines()
        if line.startswith("#")
    }
    if heading not in found:
        raise SystemExit(f"the deck points to the heading {heading!r} of notebook {notebook}, which has none")
    return f"“{heading}”"


ALSO_NOTEBOOK = 8  # part 6's second notebook: the compiled engine, the clique count, DLX2's times


def _counts_also_in(f: Facts, title: Callable[[int], str]) -> tuple[str, str]:
    """Part 6 is in two notebooks: the plan's, 6 (Knuth's counters, the count of the four names one way), and 8
    (the compiled engine, the clique count, DLX2's times). The plan's row already names notebook 8's two headings for
    the second count; this adds what it leaves out, once. ``{slide:key}`` is the number of the slide ``key``."""
    counters = heading_in(6, "Knuth's counters")
    for heading in ("The same algorithm, compiled", "Counting without enumerating"):  # named by the plan's row
        heading_in(8, heading)
    against = heading_in(ALSO_NOTEBOOK, "Against Knuth's own program")
    return (
        f"notebook {ALSO_NOTEBOOK}, {html.escape(title(ALSO_NOTEBOOK))}",
        f"Notebook 6 also prints Knuth's counters, ours and DLX2's, under {counters}; notebook 8 also times the "
        f"compiled engine against DLX2 under {against} (slide {{slide:dlx2}}).",
    )


PARTS: list[Part] = [
    Part(
        "Modelling: items and options",
        "Exact cover and Algorithm X",
        part_exact_cover,
        aim="From a word search to exact cover, and the search Knuth calls Algorithm X.",
        asked_on="one-solution",
        behind=[
            ("search-tree", "the search tree", None),
            ("exact-cover", "the matrix", ("say the answer, no time to try", 0.5)),
        ],
    ),
    Part(
        "Why the links dance",
        "The links, and why they dance",
        part_links,
        aim="How Knuth's arrays make covering and uncovering cheap and exact: one node out and back.",
        asked_on="undo",
        answer=_orders_answer,
        behind=[("unhide", "unhide: slide {slide:hide}'s answer says it", None), ("live-knuth", "the player", None)],
    ),
    Part(
        "The word-search model and Algorithm C",
        "Colour items: commit and purify",
        part_colours,
        aim="Letters go inside the matrix as colours. Algorithm C's new move is purify.",
        asked_on="word-search-model",
        behind=[
            ("first-commit", "ABEL LAND's first commit", None),
            ("algorithm-c", "Algorithm C", ("read C5 and C6 only", 0.5)),
        ],
    ),
    Part(
        "The bug in six moments",
        "The double-purify bug",
        part_bug,
        aim="A second purify of the same cell, followed moment by moment on the smallest input, then in ABEL LAND.",
        asked_on="moment-hidden-again",
        answer=_bug_answer,
        behind=[
            ("remark", "Knuth's remark: read its quotation aloud while on slide {slide:moment-hidden-again}", None),
            (
                "live-abel-land",
                "ABEL LAND's player",
                (
                    "open it and press E twice, leaving out V: the option back too soon, then the nodes put back "
                    "under a cover",
                    2,
                ),
            ),
            # its question is asked if time allows; the player's last stop has shown the node out of place
            ("back-too-soon", "the stale ULINK: slide {slide:live-abel-land}'s last stop showed its squares", None),
        ],
    ),
    Part(
        "The whole fix is a few lines",
        "The sticker",
        part_sticker,
        aim="The fix is Knuth's own purify, as in TAOCP's Algorithm C and DLX2: a mark purify puts on, commit "
        "reads, unpurify takes off.",
        asked_on="cover-safe",
        answer=_cover_answer,
        behind=[
            ("live-pair", "the colour pair's player", ("its D stop only, the diff's table says the rest", 0.5)),
            ("sticker-off", "the sticker taken off: the diff shows unpurify", None),
        ],
    ),
    Part(
        lambda f: num(f.four.cliques),  # notebook 6's heading is the count of the four names, 244,792 today
        "What it costs, what it counts",
        part_counts,
        aim="What the fix costs in Knuth's counters, a count of four names too large to list, and Knuth's DLX2.",
        asked_on="four-names",
        behind=[("dlx2", "DLX2", None), ("costs", "the counters", ("its first table only", 0.5))],
        also_in=_counts_also_in,
        also_notebooks=(ALSO_NOTEBOOK,),
    ),
]
