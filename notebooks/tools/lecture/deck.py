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
from dataclasses import dataclass

from . import figures
from .facts import Facts, num, unseen_states, where

esc = html.escape


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
    core: bool = False  # the question is one of the lecture's core ones (the others are asked if time allows)
    part: int = 0  # the part of the lecture (0: before the first)
    clock: float = 0.0  # the minute of the lecture the slide starts at (set by the deck)
    plan: dict | None = None  # for an opener: the row of series.LECTURE it is made from


@dataclass
class Part:
    """One part of the lecture: its title on the slides and the slides after its opener.

    ``heading`` names the row of ``series.LECTURE`` the part follows (the notebook heading the row links to); a
    function of the facts where the heading is a number the library computes.
    """

    heading: str | Callable[[Facts], str]
    title: str
    slides: Callable[[Facts], list[Slide]]
    say: str  # what to say on the opener
    expect: str  # the misconception to expect, in its first sentence; the correction after it, on the opener
    opener_minutes: float = 0.5
    # the opener's model answer for the room, where the plan's (written for the index, 00) runs long
    answer: Callable[[Facts], str] | None = None

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


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{num(n)} {word if n == 1 else (many or word + 's')}"


def keys_line() -> str:
    """Which keys step the player: shown in the player's own row of buttons (deck.css places it)."""
    return (
        '<p class="deck-keys"><span class="deck-keys-off"><kbd>Enter</kbd> player keys</span>'
        '<span class="deck-keys-on"><kbd>Esc</kbd> slide keys</span></p>'
    )


def player(name: str, state: dict, cls: str, after: str = "", **data: object) -> str:
    """A static player (the exported pages' player) in its slide's host; ``data`` become data- attributes
    (``print_frame``: the frame the handout prints); ``after`` is a line under the player."""
    from wordcover.widgets import static_fragment

    fallback = '<p class="deck-fallback">The player runs in the browser, from this file, with no network.</p>'
    attrs = "".join(f' data-{k.replace("_", "-")}="{esc(str(v))}"' for k, v in data.items())
    below = f'<p class="deck-player-note">{after}</p>' if after else ""
    return (
        f'<div class="deck-player {cls}" data-player="{name}"{attrs}>{static_fragment(state, fallback)}'
        f"{keys_line()}{below}</div>"
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
    abel = next(q for q in ws.placements if q.word == "ABEL")
    abel_option = ws.placements.index(abel)
    option_text = " ".join([abel.word, *(f"{e.item}:{e.colour}" for e in ws.problem.options[abel_option][1:])])
    lands = [q for q in ws.placements if q.word == "LAND"]
    across = sum(1 for q in lands if q.direction in ("E", "W"))
    r0, c0 = abel.cells[-1]
    rows = [labels.index(s) for s in k.solution]
    algorithm_x = [
        "def search():",
        "    if no primary item is left:",
        "        report the options chosen; return    # X2",
        "    i = the item with the fewest options     # X3",
        "    cover(i)                                 # X4",
        "    for each option o in the list of i:      # X5",
        "        choose o; cover o's other items",
        "        search()",
        "        uncover them; unchoose o             # X6",
        "    uncover(i)                               # X7",
    ]
    return [
        Slide(
            "abel-land",
            f"ABEL and LAND hide in a 4 × 4 grid, read {al.ways}, in {num(al.count)} ways",
            say(f"Two of the {num(al.count)} ways; in {num(al.crossing)} of them the words cross.", "deck-lead")
            + cols(
                fig(figures.grid(ws.grid(al.apart_example), apart, cell=104, label="ABEL and LAND apart"), "apart"),
                fig(
                    figures.grid(ws.grid(al.crossing_example), crossing, cell=104, label="ABEL and LAND crossing"),
                    f"crossing at {esc(letter)}, a letter both write there",
                ),
                cls="deck-pair",
            ),
            say="A puzzle maker must place every word exactly once; two words may share a cell only where they "
            f"write the same letter. A word may read in {len(al.ways.split())} directions here, {al.ways}: across "
            f"and down, either way. The library counts {num(al.count)} ways for these two words.",
            ask=f"How many of the {num(al.count)} would you guess have the words crossing?",
            answer=f"{num(al.crossing)}. To cross, the two words must meet on a cell where both write the same "
            "letter, A or L, and few pairs of placements line up like that.",
            expect="About half. In a 4 × 4 grid most pairs of placements never meet at all.",
            minutes=1.5,
        ),
        Slide(
            "exact-cover",
            "Exact cover: choose options so that every item is covered exactly once",
            cols(
                fig(
                    figures.matrix(p.primary, p.secondary, options, labels, label="DLX1's example"),
                    f"DLX1's example: {plural(len(p.items), 'item')}, {plural(len(options), 'option')}",
                ),
                "<ul class='deck-list'>"
                f"<li>Primary items {esc(p.primary[0])}–{esc(p.primary[-1])}: exactly once</li>"
                f"<li>Secondary items {esc(', '.join(p.secondary))}: at most once</li>"
                "<li>An option is a set of items, taken whole or not at all</li></ul>",
                cls="deck-fig-left",
            ),
            say=f"The example of Knuth's program DLX1: the matrix of his 2000 paper, with {' and '.join(p.secondary)} "
            "secondary. Items are the columns, options the rows. Choose rows "
            f"so that each of {p.primary[0]} to {p.primary[-1]} gets exactly one square, and "
            f"{' and '.join(p.secondary)} at most one.",
            ask="Try it for a minute: which rows would you choose?",
            answer=f"{', '.join(k.solution)} (rows {', '.join(map(str, rows))}); the next slide shows it is the "
            "only solution.",
            expect=f"{' and '.join(p.secondary)} must be covered too. They are secondary: they may stay uncovered, "
            "and only the primary items must be covered exactly once.",
            minutes=1.5,
        ),
        Slide(
            "one-solution",
            f"It has exactly {plural(k.count, 'solution')}: {esc(', '.join(k.solution))}",
            fig(
                figures.matrix(p.primary, p.secondary, options, labels, chosen=rows, label="the solution"),
                f"Rows {', '.join(map(str, rows))}: one square in each primary column, at most one in each secondary "
                f"one; the library's verifier finds {plural(len(k.checked), 'violation')}",
            ),
            say=f"The library's search finds {plural(k.count, 'solution')}"
            + (", as Knuth writes of this example." if k.count == 1 else "; Knuth writes of one.")
            + " An independent verifier checks it, item by item.",
            ask=f"How would you show there is no other solution without trying all {num(2 ** len(options))} "
            "subsets of the options?",
            answer="Branch on an item: every solution must cover it, so try each of its options in turn and "
            "continue with what is left. The search tree two slides on shows every branch but one ends early.",
            expect=f"Try every subset of the options. That is {num(2 ** len(options))} here, but the number doubles "
            "with every option.",
            minutes=1,
        ),
        Slide(
            "algorithm-x",
            "Algorithm X: choose an item, cover it, try each of its options, undo",
            code(algorithm_x, lambda line: "hl" if "fewest" in line else "", cls="deck-code-big")
            + say(
                f"{c('cover(i)')}: take item i out, and every option that contains i out of the other items' "
                "lists. A sketch in words (ours); X2 to X7 are the steps of Knuth's Algorithm X.",
                "deck-sub",
            ),
            say="This is all of Algorithm X. Covering removes the item and every option that contains it; the rest "
            "is recursion, and undoing is doing backwards.",
            ask="Why choose the item with the fewest options?",
            answer="It keeps the search tree narrow: an item with one option forces it, and an item with none ends "
            "the branch at once.",
            expect="The choice of item changes the answer. It does not: every choice finds the same solutions; "
            "only the size of the tree changes.",
            minutes=2,
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
            "to right; each level below again chooses the item with the fewest options left. A dead end is an "
            "item with no option left.",
            ask=f"What would the top of the tree look like if the search chose {wide} first?",
            answer=f"{wide} has {plural(lens[wide][0], 'option')} at the start, against {lens[root.item][0]} for "
            f"{root.item}: {lens[wide][0]} branches at the top instead of {lens[root.item][0]}. Choosing the fewest "
            "options keeps the tree small.",
            expect="A dead end is a bug. Dead ends are how the search proves that a branch holds no solution.",
            minutes=1.5,
        ),
        Slide(
            "word-search-model",
            "Each word a primary item, each cell a colour item",
            cols(
                fig(
                    figures.grid(ws.grid([abel_option]), [abel], cell=104, label="one placement of ABEL"),
                    f"the option {esc(where(abel))}",
                ),
                code([option_text], cls="deck-code-one") + "<ul class='deck-list'>"
                f"<li>{plural(al.options, 'option')}: every placement of each word</li>"
                f"<li>{plural(al.cells, 'cell')}; each option gives a cell its letter as colour</li>"
                f"<li>{c(f'r{r0}c{c0}')}: row {r0}, column {c0}, counted from 0; the arrow is the way the word "
                "reads</li></ul>",
                cls="deck-fig-left",
            ),
            say="Each word must be placed once: a primary item. A cell may hold no word, or several that agree on "
            "its letter: a secondary item with a colour. An option is one placement: its word, and each cell it "
            "writes, coloured with the letter. This is a first look: part 3 comes back to colour items and what "
            "Algorithm C does with them.",
            ask="How many options does LAND have in this grid?",
            answer=f"{len(lands)}, as many as ABEL: {across} along the rows (→ or ←) and {len(lands) - across} "
            "along the columns (↓ or ↑).",
            expect="Cells are primary too. Then every cell would need a word through it, and two 4-letter words "
            "could never fill 16 cells.",
            minutes=1.5,
        ),
    ]


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
        rows = [
            [f"{name}({esc(_node_name(t, x))})", f"{esc(_node_name(t, old))} → {esc(_node_name(t, new))}"]
            for name, x, old, new in ws
        ]
        return table(["written", "old → new"], rows, cls="deck-writes")

    after = t.arrays_at(k.hide_frame)
    strip_hide = figures.strip(
        after,
        k.item,
        d_list,
        t.names,
        labels,
        out=out,
        written=[(w[0], w[1]) for w in k.hide_writes],
        label=f"{item}'s list after the hide",
    )
    strip_back = figures.strip(
        t.arrays_at(k.unhide_frame),
        k.item,
        d_list,
        t.names,
        labels,
        written=[(w[0], w[1]) for w in k.unhide_writes],
        label=f"{item}'s list after the unhide",
    )
    lens = k.lens
    lost = {name: v[0] - v[1] for name, v in lens.items() if v[0] != v[1]}
    a_options = lens[a][0]
    hid = t.event(k.hide_frame - 1).option  # the option the first hide hides
    hid_text = f"option {hid}, {esc(t.problem.label(hid))}"
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
                figures.links(t, 0, col_w=128, row_h=54, label="the lists of DLX1's example"),
                "DLX1's example as built, before the search; LEN in each header",
            ),
            say="Knuth keeps the sets of Algorithm X as circular doubly linked lists, one for each item, through "
            "the nodes of the options that contain it. The header holds LEN, the length of its list. An option's "
            "nodes sit side by side, as a row.",
            ask=f"How many nodes does {item}'s list hold, and how do you know without counting?",
            answer=f"{lens[item][0]}: LEN({item}) says so. The header keeps the count as nodes leave and return.",
            expect="Lists that get copied and restored. Nothing is ever copied: only links change.",
            minutes=1,
        ),
        Slide(
            "hide",
            f"Hide: the neighbours of node {out} point past it; node {out} still points at them",
            fig(strip_hide, f"cover({a}) hides {hid_text}: in {item}'s list, node {out} is passed by", "deck-wide")
            + cols(code(f.code.hide_lines, cls="deck-code-mid"), writes(k.hide_writes), cls="deck-under"),
            say=f"This is the whole trick. To hide node {out}, the node above it skips down past it, and the node "
            f"below skips up past it. Node {out}'s own links are not touched.",
            ask=f"After the hide, what do node {out}'s own ULINK and DLINK hold?",
            answer=f"What they held before: ULINK {up} and DLINK {down}, the two places it must go back between.",
            expect="The node is deleted. It is only bypassed, and it still knows its place.",
            minutes=1.5,
            core=True,
        ),
        Slide(
            "unhide",
            f"Unhide: node {out}'s own links say where it goes back",
            fig(
                strip_back,
                f"uncover({a}) unhides {hid_text}: node {out} goes back between {up} and {down}",
                "deck-wide",
            )
            + cols(code(f.code.unhide_lines, cls="deck-code-mid"), writes(k.unhide_writes), cls="deck-under"),
            say=f"Unhide reads node {out}'s own links and points its neighbours back at it. No copy was kept: the "
            "node remembered.",
            ask="What must be true of the neighbours for this to work?",
            answer=f"They must stand where they stood when node {out} left: the node above still its ULINK, the node "
            "below still its DLINK. Undoing the last change first makes sure of it.",
            expect=f"Unhide can put a node back anywhere in the list. It puts node {out} back exactly between the "
            "two nodes it remembers.",
            minutes=1,
        ),
        Slide(
            "cover",
            f"cover({a}) hides {'both' if a_options == 2 else f'all {a_options}'} options of {a}: "
            + ", ".join(f"{name} loses {plural(n, 'node')}" for name, n in lost.items()),
            fig(
                figures.links(t, k.cover_done, col_w=128, row_h=54, label=f"after cover({a})"),
                f"After cover({a}): {a} is out of the item list (grey), options "
                f"{and_([str(o) for o in hidden_by_cover])} are hidden; dashed: a hidden node's own links",
            ),
            say=f"cover({a}) takes {a} out of the list of items, then hides each of {a}'s {a_options} options. "
            f"Their nodes in the other items' lists leave those lists; their nodes in {a}'s own list stay, since "
            "that is the list being walked.",
            ask=f"Why does cover leave the nodes in {a}'s own list alone?",
            answer=f"Cover walks {a}'s list to find the options to hide; {a} itself is out of play, and leaving its "
            "list as it is lets uncover walk the same list back.",
            expect="The covered item's list is emptied. It is the only list cover leaves untouched.",
            minutes=1.5,
        ),
        Slide(
            "undo",
            f"uncover({a}) undoes cover({a}): every link comes back",
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
                f"After uncover({a}) every one of the {num(k.entries)} entries of ULINK, DLINK and LEN is back "
                "at its value at the start."
                if k.restored
                else "The arrays do NOT come back: the library has a bug.",
                "deck-sub",
            )
            + say(
                f"What must run in reverse is the order of the items. After cover({a}) and cover(D), uncovering "
                f"{a} first leaves LEN({a}) = {orders['len_a']} with {plural(orders['in_a'], 'node')} in {a}'s "
                "list; step X6 uncovers right to left.",
                "deck-box",
            ),
            say=f"Every hide is undone by its unhide, and the changed LENs ({', '.join(changed)}, marked) come "
            "back. The order that matters is the order of the items: X6 uncovers the chosen option's items right "
            "to left, the reverse of X5.",
            ask="Which order must be reversed: the options inside one uncover, or the items in step X6?",
            answer=f"The items. Uncover {a} before D and LEN({a}) reads {orders['len_a']} with "
            f"{orders['in_a']} nodes linked. Inside one uncover the options may come back in cover's order: "
            f"DLX1's uncover walks down again, and on DLX1's example every link comes back, for "
            f"{orders['restored']} of its {orders['items']} items.",
            expect="Every loop of the undo must run backwards. Only the order of the items must; DLX1's uncover "
            "takes the options in cover's order.",
            minutes=1,
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
                start="the links as built, before the search",
            ),
            say=f"Enter gives the player the keys (the frame turns blue). → three times: frame {k.hide_frame} is "
            f"the first hide; point at LEN({item}) dropping and the orange pointer just written. C jumps to the "
            f"option tried, {k.tried}; → on through cover({and_(k.covered_by_try)}) and watch the lists of "
            f"{and_(k.losing)} shrink. S jumps to the solution, ← steps back, Home returns to frame 0, space plays "
            "two frames a second. Esc gives the keys back to the slides.",
            ask=f"Before stepping: when the search tries {k.tried}, which lists will lose nodes?",
            answer=f"{and_(k.losing)}. Committing {k.tried} covers {and_(k.covered_by_try)}; each cover hides the "
            f"options still in that item's list, and their other nodes leave the lists of {and_(k.losing)}.",
            expect="Covering D takes D's nodes out. It takes out the other nodes of D's options.",
            minutes=1.5,
            kind="live",
        ),
    ]


# ---- part 3: colour items, commit and purify ---------------------------------------------------------------------


ENGINE_NAMES = {"sticker": "Knuth's purify, with the sticker", "naive": "the obvious purify"}


def step_name(name: str) -> str:
    """TAOCP's name of a step as a slide sets it: x_l as x with a subscript l, in italics."""
    return esc(name).replace("x_l", "<i>x</i><sub><i>l</i></sub>").replace(" l.", " <i>l</i>.")


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
    crossing = ws.decode(al.crossing_example)
    shared = sorted(set(crossing[0].cells) & set(crossing[1].cells))
    r, c0 = shared[0]
    letter = ws.grid(al.crossing_example)[r][c0]
    option_lines = []
    for placement in crossing:
        k = ws.placements.index(placement)
        option_lines.append(" ".join([placement.word, *(f"{e.item}:{e.colour}" for e in ws.problem.options[k][1:])]))
    cell = f"r{r}c{c0}"
    steps = []
    for step, words in STEP_WORDS.items():
        steps.append([f"<b>{step}</b>", step_name(code_.steps.get(step, "")), words])
    found = pair.found
    return [
        Slide(
            "share",
            "Two words may share a cell when they write the same letter there",
            cols(
                fig(
                    figures.grid(ws.grid(al.crossing_example), crossing, cell=118, label="a crossing"),
                    f"ABEL and LAND share {cell}",
                ),
                code(option_lines, cls="deck-code-two")
                + say(f"Both options give {c(cell)} the colour {c(letter)}.")
                + say(
                    "A colour item may be given a colour by any number of chosen options, as long as they all "
                    "give it the same one."
                ),
                cls="deck-fig-left",
            ),
            say="In the model each cell is a colour item, and an option gives it a colour: its letter. Algorithm C "
            "lets any number of chosen options share a colour item, provided they all give it the same colour.",
            ask="Could ABEL and LAND share a cell where ABEL writes B?",
            answer="No: LAND has no B, so every LAND placement through that cell gives it another colour, and "
            "choosing ABEL there removes them all.",
            expect="Secondary means anything goes. A plain secondary item is covered at most once; a colour item "
            "any number of times, with one colour.",
            minutes=1,
        ),
        Slide(
            "algorithm-c",
            "Algorithm C is Algorithm X with one new move, in step C5",
            table(["", "TAOCP", "what the step does"], steps, cls="deck-steps", marks=["", "", "", "", "hl"])
            + say(
                "Step names as TAOCP §7.2.2.1 gives them and the library's comments carry them; the sentences "
                "are ours.",
                "deck-sub",
            ),
            say="These are Algorithm X's steps, word for word, except C5: committing an option's other items "
            "covers a plain item as before, and purifies an item with a colour.",
            ask="Which steps would change if no item had a colour?",
            answer="None: without colours commit only covers, and C5 is X5.",
            expect="Colours need a new search. The loop is the same; only commit and uncommit learn about colours.",
            minutes=2,
        ),
        Slide(
            "commit",
            "Commit: cover an item without a colour, purify an item with one",
            cols(
                code(
                    code_.commit,
                    lambda line: "hl" if ("cover(j)" in line or "purify(p)" in line) else "",
                    cls="deck-code-large",
                ),
                "<ul class='deck-list'>"
                "<li>A spacer (TOP ≤ 0) ends the option: the walk goes back to its first node.</li>"
                "<li>C6 calls <code>uncommit</code>: the same walk right to left.</li></ul>"
                + say(
                    "The library's <code>commit</code>; docstring, type hints and return value left out.", "deck-sub"
                ),
                cls="deck-code-left",
            ),
            say="Commit walks the option's other nodes left to right. Colour 0: a plain item, covered. A colour "
            "above 0: a colour item, purified with that colour. A spacer sends the walk back to the option's start.",
            ask="What does commit do with a node whose colour is −1?",
            answer="Nothing: neither branch runs. That −1 is the sticker, and it is the whole fix; part 5 puts it on.",
            expect="Purify covers the cell. The cell stays in play; only the options of other colours leave.",
            minutes=1.5,
        ),
        Slide(
            "purify",
            "The obvious purify: hide every option of another colour, leave the rest",
            cols(
                code(code_.naive_purify, lambda line: "hl" if "pass" in line else "", cls="deck-code-large"),
                "<ul class='deck-list'>"
                "<li>Another colour: hide the option.</li>"
                "<li>The same colour: <code>pass</code>, left as it is.</li>"
                "<li>Its <code>unpurify</code> undoes it, bottom up.</li></ul>"
                + say(
                    "Not Knuth's: TAOCP's and DLX2's purify have always set a −1 on the same-colour nodes "
                    "(part 5). This is the naive engine's, from the library; its counter left out.",
                    "deck-sub",
                ),
                cls="deck-code-left",
            ),
            say="Purify walks down the cell's list. An option that gives the cell another letter is hidden; one "
            "with the same letter is passed over and left as it is. This is the purify one writes from the "
            "description, and it is ours: Knuth's purify, in TAOCP's Algorithm C and in DLX2, has always set the "
            "colour of the same-colour nodes to −1. The bug that follows belongs to this obvious version, not to "
            "Knuth's algorithm.",
            ask="Is there an input where this goes wrong?",
            answer="Yes: two chosen options that write the same letter into one cell. The second commit purifies "
            "the cell again and hides its other-coloured options a second time.",
            expect="Purify takes the other colours out of the cell's list. It hides those options from the other "
            "items; their nodes stay in the cell's list, so a second purify finds them again.",
            minutes=1.5,
        ),
        Slide(
            "colour-pair",
            f"Two words, one cell: {plural(len(found['sticker']), 'solution')}, and the naive engine reports "
            f"{num(len(found['naive']))}",
            cols(
                fig(
                    zoom(pair_matrix(pair), 1.3),
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
                + say(f"The verifier: {esc('; '.join(w for ws_ in pair.wrong for w in ws_))}.", "deck-sub"),
                cls="deck-fig-left",
            ),
            say="P can only write a into c1; Q can write a or b. The only solution is P and Q both writing a. The "
            "naive engine also reports Q writing b where P wrote a, and leaves the lists broken: "
            + "; ".join(pair.sanity["naive"])
            + ".",
            ask="Which of the two purifies of c1 does the damage?",
            answer="Neither on its own: the second hides Q c1:b again while it is hidden; the damage comes when "
            "the inner unpurify brings it back too soon. The next part follows it moment by moment.",
            expect=f"A rare corner case. Any two words crossing on the same letter trigger it: the naive search of "
            f"ABEL LAND purifies a purified cell {plural(al.double_purifies['naive'], 'time')}.",
            minutes=1.5,
        ),
    ]


# ---- part 4: the double-purify bug ---------------------------------------------------------------------------------


def _moment_titles(f: Facts) -> list[tuple[str, str]]:
    """Each moment's title and its one sentence, from the recording."""
    pair = f.pair
    t = pair.naive
    label = t.problem.label
    out = []
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
            title = f"{k + 1} · Unhidden again: {head.kind}({head.item}) relinks a node that never left"
            line = f"Its node in {items[1]} was in {items[1]}'s list all along: the only change is {lens_text}."
        out.append((title, line))
    return out


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
        "The option is gone from every list. One of its nodes stays, by design.",
    ),
    "hidden again": (
        "Level 1 chooses Q and tries Q c1:a. It writes a into c1 too, so the naive commit purifies c1 again, and "
        "Q c1:b is hidden a second time. Its node in Q is out already: the links written are the ones already "
        "there, and only LEN(Q) changes. Knuth's invariant is broken here.",
        "LEN(Q) now says {len}. How many nodes are really in Q's list?",
        "{linked}: Q c1:a is still there. LEN is one too low.",
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
        "P's purify removed.",
        "In a sound search, could an option tried at level 1 still have a node in c1's list?",
        "No: every option tried at a level was in the chosen item's list when that item was covered, so its other "
        "nodes left their lists then. Q c1:b was out of Q's list when Q was covered (P's purify had hidden it), so "
        "cover(Q) left its node in c1 where it was.",
        "The search checks colours before trying an option. It trusts the lists.",
    ),
    "wrong solution": (
        "Committing Q c1:b purifies c1 with b. Its own node is the only one left in c1's list, so nothing clashes, "
        "no primary item is left, and the search reports P c1:a with Q c1:b.",
        "How would you catch this without knowing about the bug?",
        "Check every solution independently: the verifier finds c1 given two colours.",
        "A plausible count is a right count. The naive engine's counts look fine; only a check finds them out.",
    ),
    "unhidden again": (
        "Leaving level 1, uncover(Q) unhides every option in Q's list, and Q c1:b is in it now. Its node in c1 "
        "never left, so the unhide writes links that are already there and adds one to LEN(c1).",
        "What do the naive engine's lists say when the search is over?",
        "{sanity}.",
        "The last unpurify puts everything right. It happens to bring LEN(Q) back, not LEN(c1).",
    ),
}


def part_bug(f: Facts) -> list[Slide]:
    pair, al = f.pair, f.abel_land
    slides = [
        Slide(
            "invariant",
            "Knuth's invariant: a node is never removed from a list twice",
            '<blockquote class="deck-quote deck-quote-big">“Thus a node is never removed from a list twice.”'
            "<cite>D. E. Knuth, DLX2, beside <code>cover</code></cite></blockquote>"
            + say(
                "A hide takes every node of an option out of its list, except the node in the list being walked; "
                "a node that is out stays out until its own unhide."
            )
            + say(
                f"Checked at every move on the colour pair: the sticker engine breaks it "
                f"{plural(len(pair.breaches['sticker']), 'time')}, the naive engine "
                f"{plural(len(pair.breaches['naive']), 'time')}.",
                "deck-sub",
            ),
            say="Unhide relies on it: it puts a node back between neighbours that must stand where they stood. "
            "A node removed twice gets put back by an unhide that is not its own.",
            ask="What does an unhide do to a node that is already in its list?",
            answer="It writes links that are already there and adds one to LEN: the list looks the same, but the "
            "counter is now one too high.",
            expect="Removing a node twice scrambles the pointers. Often it writes only a LEN; the harm comes from "
            "the unhide that follows.",
            minutes=1,
        )
    ]
    minutes = {"hidden again": 1.5, "wrong solution": 0.5}
    core = {"hidden again", "back too soon"}
    for (title, line), m in zip(_moment_titles(f), pair.moments):
        say_, ask, answer, expect = MOMENT_NOTES[m.name]
        q_len, q_linked = next(iter(m.counters.values()))
        sanity = "; ".join(pair.sanity["naive"])
        rows = [
            [esc(item), num(n), num(linked), "in" if m.in_list[item] else "out"]
            for item, (n, linked) in m.counters.items()
        ]
        marks = ["deck-off" if n != linked else "" for _, (n, linked) in m.counters.items()]
        # every moment in the same picture: the lists just after the move (at the wrong solution, both options it
        # reports are drawn chosen)
        picture = fig(
            figures.links(pair.naive, m.frame, col_w=176, row_h=88, label=title),
            "The colour pair's lists in the naive search, just after this move",
        )
        slides.append(
            Slide(
                f"moment-{m.name.replace(' ', '-')}",
                esc(title),
                say(esc(line), "deck-lead")
                + cols(
                    picture,
                    table(["item", "LEN", "linked", "its node"], rows, cls="deck-counters", marks=marks)
                    + say(
                        "LEN beside the nodes really linked, for the items of " + esc(_moment_option(f, m)), "deck-sub"
                    ),
                    cls="deck-moment",
                ),
                say=f"{say_} (In the player: frame {m.frame} of the naive search.)",
                ask=ask.format(len=q_len),
                answer=answer.format(linked=q_linked, sanity=sanity),
                expect=expect,
                minutes=minutes.get(m.name, 1),
                core=m.name in core,
            )
        )
    strand = al.strand
    t = al.naive_trace
    options = sorted({0, strand.option, *al.double.again})
    *right, (wrong_frame, wrong_why) = al.after_double
    first_wrong = (
        (
            f"The next {'solution' if len(right) == 1 else plural(len(right), 'solution')} (frame "
            f"{', '.join(num(fr) for fr, _ in right)}) {'is' if len(right) == 1 else 'are'} right; the one after, at "
            f"frame {num(wrong_frame)}, is wrong: "
            if right
            else f"No: the next one, at frame {num(wrong_frame)}, is wrong: "
        )
        + "; ".join(wrong_why)
        + "."
    )
    lag = pair.lag
    placed = al.ws.placements[strand.option]
    again = ", ".join(map(str, al.double.again))
    lows = {n < linked for _, n, linked in al.drifting}
    drift_way = "below" if lows == {True} else "above" if lows == {False} else "off"
    drift_text = "; ".join(f"{esc(name)} {signed(n)} against {linked}" for name, n, linked in al.drifting)
    wrong_placed = al.ws.decode(al.wrong_example)
    slides += [
        Slide(
            "live-pair",
            "Step the colour pair: the naive engine beside the sticker engine",
            player(
                "pair",
                f.players["pair"],
                "deck-player-pair",
                print_frame=lag.double,
                shared_legend="|".join(unseen_states(pair.naive, pair.sticker)),
            ),
            say=f"Enter, then D: the naive panel jumps to its double purify (frame {lag.double}); the sticker panel "
            f"stands at “{lag.at_double}”: its commit passed the stickered node by, and it waits while the naive "
            f"engine hides Q c1:b again. → and ← step one event; S to the next solution. After the naive engine's "
            f"first solution the sticker panel waits at “{lag.at_wrong}” while the naive one tries Q c1:b and "
            f"reports its wrong solution; they step together again at “{lag.meet}”. A click on a button also "
            "gives the player the keys (the frame turns blue); Esc gives them back. The sticker engine purifies as "
            "Knuth's does, with the −1 his purify has always set: part 5 opens it up.",
            ask="When the naive engine purifies c1 a second time, what does the sticker engine do with c1?",
            answer="Nothing: its commit passes the stickered node by, so it has no second purify to show, and its "
            "panel says it is waiting.",
            expect="The sticker engine skips Q c1:a. It tries it, and finds the right solution with it.",
            minutes=1.5,
            kind="live",
        ),
        Slide(
            "abel-land-wrong",
            f"ABEL LAND, naive: {num(al.naive_count)} solutions, {num(len(al.wrong))} wrong, "
            f"{num(al.missed)} right ones never found",
            cols(
                fig(
                    figures.grid(
                        _clash_grid(al.ws, al.wrong_example),
                        wrong_placed,
                        clash=_clash_cells(al.ws, al.wrong_example),
                        cell=100,
                        label="a wrong solution",
                    ),
                    "one of the wrong solutions",
                ),
                "<ul class='deck-list'>"
                + "".join(f"<li>{esc(where(q))}</li>" for q in wrong_placed)
                + f"<li>the verifier: {esc('; '.join(al.wrong_clash))}</li></ul>"
                + say(
                    f"The right count is {num(al.count)}; the naive engine reports {num(al.naive_count)}.", "deck-sub"
                ),
                cls="deck-fig-left",
            ),
            say=f"ABEL and LAND are the example of the colours article (blog.morefreeze.top). The right count is "
            f"{num(al.count)}; the naive engine reports {num(al.naive_count)}: {num(len(al.wrong))} wrong solutions "
            f"in, {num(al.missed)} right ones out. Which ones depends on the order of the options and on small "
            "details of the code.",
            ask="Would another order of the options fix the naive engine?",
            answer="No: the wrong numbers move with the order, the bug stays. The sticker engine's count does not "
            "depend on the order.",
            expect="The naive count is close, so it is nearly right. Its solutions include ones that break the "
            "colour rule.",
            minutes=0.5,
        ),
        Slide(
            "live-abel-land",
            "ABEL LAND at its first double purify: step on to the wrong solutions",
            player(
                "abel",
                f.players["abel"],
                "deck-player-abel",
                crop="counters",
                scale=2.05,
                after=f"At frame {num(al.first_double)}, where it opens: orange, LEN {drift_way} the nodes really "
                f"linked ({drift_text}); this purify hid option {again} a second time. Step on and the counters move.",
            ),
            say=f"The player opens at frame {num(al.first_double)}: {esc(where(al.first_double_text))}. The "
            f"counters in orange no longer match the nodes linked. S jumps to the next solution, X to the next "
            f"stranded node (frame {num(strand.frame)}, the next slide).",
            ask="From here, is the next solution right?",
            answer=first_wrong,
            expect="The drift shows at once in the answers. It shows first in the counters, solutions later.",
            minutes=1.5,
            kind="live",
        ),
        Slide(
            "stranded",
            f"Node {strand.node} is off {esc(strand.item)}'s list, and no hide in force holds it out",
            say(
                f"The {al.strand_cause.kind} of {esc(al.strand_cause.item)} unhides option {strand.option}, "
                f"{esc(where(placed))}, starting from node {strand.node}: its other nodes come back, that one does "
                "not.",
                "deck-lead",
            )
            + fig(
                where(
                    figures.links(
                        t,
                        strand.frame,
                        items=[placed.word, *(f"r{r}c{c}" for r, c in placed.cells)],
                        options=options,
                        col_w=150,
                        row_h=72,
                        own_links=False,
                        label="the stranded node",
                    )
                ),
                f"ABEL LAND, naive, options {', '.join(map(str, options))} only. Stranded nodes in the whole search: "
                f"naive {num(al.strandings['naive'])}, sticker {num(al.strandings['sticker'])}",
            ),
            say=f"X in the player stops here, at frame {num(strand.frame)}. The unpurify of {strand.item} unhides "
            f"option {strand.option} starting from node {strand.node}: it relinks the option's other nodes and, as "
            "every unhide does, not the node it starts from. The one hide that held that node out is undone by an "
            "unhide that was not its own, and the node is left behind: off its list, held by nothing.",
            ask="Why is a stranded node worse than a wrong LEN?",
            answer=f"The search walks the lists to find options; a node off its list is an option it cannot reach "
            f"there. That is how right solutions go missing: the naive search never finds {num(al.missed)} of the "
            f"{num(al.count)}.",
            expect=f"Stranded means lost for good. Here a later unhide happens to relink it, at frame "
            f"{num(al.strand_next)}: the lists no longer say what the search has done.",
            minutes=1,
        ),
    ]
    return slides


def _clash_grid(ws, solution) -> list[str]:
    """The letters a solution writes, '?' where two placements write different letters."""
    cells: dict[tuple[int, int], str] = {}
    for p in ws.decode(solution):
        for cell, letter in zip(p.cells, p.word):
            cells[cell] = letter if cells.get(cell, letter) == letter else "?"
    return ["".join(cells.get((r, c), ".") for c in range(ws.cols)) for r in range(ws.rows)]


def _clash_cells(ws, solution) -> list[tuple[int, int]]:
    rows = _clash_grid(ws, solution)
    return [(r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x == "?"]


# ---- part 5: the sticker -----------------------------------------------------------------------------------------


def dedent_diff(lines: Sequence[str]) -> list[str]:
    """A diff's lines with the indentation they all share taken out after the +, − or space that marks each (a gap,
    ⋮, stays as it is): the code inside a function body, set larger on a slide."""
    body = [line[1:] for line in lines if line.strip() != "⋮" and line[1:].strip()]
    cut = min((len(x) - len(x.lstrip(" ")) for x in body), default=0)
    return [line if line.strip() == "⋮" else line[:1] + line[1 + cut :] for line in lines]


def part_sticker(f: Facts) -> list[Slide]:
    pair, al, costs, code_ = f.pair, f.abel_land, f.costs, f.code
    t = pair.sticker
    on, commit, off = pair.sticker_on, pair.sticker_commit, pair.sticker_off
    label = t.problem.label
    put = t.event(on - 1)  # the sticker event: its item, colour and the option whose node gets it
    purified = max(fr for fr in range(on, t.frames) if t.head(fr) == t.head(on))  # the whole purify done
    hid = [label(t.event(fr - 1).option) for fr in range(on + 1, purified + 1) if t.event(fr - 1).kind == "hide"]
    purifier = label(t.event(t.head(on) - 1).option)
    tried = label(t.event(commit - 1).option)
    next_kind = t.kind_at(commit + 1)
    peel = t.event(off - 1)
    peeled_node = next(  # the node whose COLOR the unpurify has just written back
        x for x in t.analysis.option_nodes[peel.option] if t.initial["TOP"][x] == t.names.index(peel.item)
    )

    def diff_mark(line: str) -> str:
        return "add" if line.startswith("+") else "del" if line.startswith("-") else ""

    saving = costs["every node hidden"]
    end = t.arrays_at(t.frames - 1)
    back = all(end[name] == t.initial[name] for name in ("ULINK", "DLINK", "LEN", "COLOR"))
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
            say="Knuth's purify has done this all along, in TAOCP's Algorithm C and in DLX2: options that want the "
            "chosen colour get the colour code −1, so that they won't be purified again. We call that −1 the "
            f"sticker; the obvious purify of part 3 left it out. The picture is the state once the whole purify is "
            f"done: the sticker went on at frame {on} of the sticker search, the hide came next (frame "
            f"{purified}), as in moment 1.",
            ask="Which nodes get a sticker when P c1:a purifies c1?",
            answer="Q c1:a's node in c1, the one other node of colour a. P c1:a's own node is not in c1's list at "
            "all: cover(P) hid that option before the search tried it.",
            expect="The sticker hides the node. It stays in its list; it only changes the colour commit reads.",
            minutes=1,
        ),
        Slide(
            "sticker-commit",
            "Commit passes a stickered node by: c1 is not purified a second time",
            say(
                f"{esc(tried)} is tried: at its node in {put.item} commit reads −1 and does nothing.",
                "deck-lead",
            )
            + cols(
                fig(
                    figures.links(t, commit, col_w=176, row_h=80, label="commit passes the sticker by"),
                    "The colour pair's lists in the sticker search, just after this commit",
                ),
                say(
                    "The naive engine purifies c1 again here; this one goes on"
                    + (" to the solution." if next_kind == "solution" else ".")
                )
                + say(
                    f"Double purifies in the recording: naive {num(pair.double_purifies['naive'])}, sticker "
                    f"{num(pair.double_purifies['sticker'])}.",
                    "deck-sub",
                ),
                cls="deck-moment",
            ),
            say="Q c1:a is tried. Its node in c1 wears the sticker, so neither of commit's branches runs: c1 is "
            f"left alone, and no option is hidden twice. (In the player: frame {commit} of the sticker search.)",
            ask="Is the sticker a second purify done cheaply?",
            answer="No: it is no purify at all. Commit reads −1 and does nothing, so Knuth's invariant holds.",
            expect="The sticker engine skips Q c1:a. It tries it, and reports the right solution with it.",
            minutes=1,
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
            say="Unpurify walks the list bottom up, the reverse of purify: a stickered node gets its colour back, "
            "any other node's option is unhidden. The ring and the empty dashed corner mark the node whose sticker "
            "has just come off. The sticker lives exactly as long as the purify that put it on. "
            f"(In the player: frame {off} of the sticker search.)",
            ask="Why must unpurify peel the sticker off rather than leave it?",
            answer="Once that purify is undone the cell is free again. A node still reading −1 would make a later "
            "commit skip a purify it needs, and options of other colours would stay in play.",
            expect="Stickers pile up. Each is put on by one purify and taken off by its own unpurify.",
            minutes=1,
        ),
        Slide(
            "diff",
            "The whole fix: a few lines of purify and unpurify",
            cols(
                "<h3>purify</h3>" + code(dedent_diff(code_.diffs["purify"]), diff_mark, cls="deck-code-large"),
                "<h3>unpurify</h3>" + code(dedent_diff(code_.diffs["unpurify"]), diff_mark, cls="deck-code-large"),
                cls="deck-two-code",
            )
            + say(
                "<span class='deck-del'>− the naive engine</span> · <span class='deck-add'>+ the sticker "
                "engine</span>. Every other line, hide and unhide included, is shared; the counters are left out.",
                "deck-sub",
            ),
            say="The naive engine is the sticker engine with these lines taken out: it inherits everything else, hide "
            "and unhide included.",
            ask="Purify gains one line and unpurify changes its test: why must unpurify test for STICKER, not c?",
            answer="Because purify changed those nodes' colour to −1: a test for c no longer matches them, so "
            "unpurify would unhide options that were never hidden and leave the stickers on. The STICKER test "
            "finds exactly the nodes purify marked and gives them their colour back.",
            expect="The fix is in commit. Commit is unchanged: it always did nothing for a colour below 0.",
            minutes=1,
        ),
        Slide(
            "cover-safe",
            "Why cover is safe and purify is not",
            cols(
                "<h3>cover(i)</h3><ul class='deck-list'><li>takes i out of the item list</li>"
                "<li>hides every option through i</li><li>so nothing can reach i again before uncover</li></ul>"
                + say(f"Covers of a covered item, naive ABEL LAND: {num(al.covers_again)}", "deck-sub"),
                "<h3>purify(c)</h3><ul class='deck-list'><li>leaves the cell c in play</li>"
                "<li>keeps the options of its colour</li><li>so the next one chosen reaches c again</li></ul>"
                + say(
                    f"Purifies of a purified cell, ABEL LAND: naive {num(al.double_purifies['naive'])}, sticker "
                    f"{num(al.double_purifies['sticker'])}",
                    "deck-sub",
                ),
                cls="deck-compare",
            )
            + say("Only a mark on those nodes can tell commit that the cell is done: the sticker.", "deck-box"),
            say="Cover can never meet its item again: the item has left the item list and every option through it "
            "is hidden, so no option containing it can be tried until uncover. Purify must keep the options of the "
            "chosen colour in play, since they are still allowed, so a second one can reach the same cell. Only a "
            "mark on those nodes tells commit the cell is done.",
            ask="Cover never covers an item twice; why can purify purify one twice?",
            answer="A covered item leaves the list of items and every option through it is hidden, so no option "
            "that would cover it again can be tried before uncover. A purified cell stays where it was, with the "
            "options of its colour, and when one of them is chosen its commit reaches the cell again. The sticker "
            "marks those nodes, so commit passes them by.",
            expect="Make purify like cover: hide the same-colour options too. That forbids two words to share a "
            "letter and loses every crossing solution.",
            minutes=1.5,
            core=True,
        ),
        Slide(
            "saving",
            "Leaving stickered nodes alone in hide is a saving, not the fix",
            table(
                ["ABEL LAND, sticker engine", "solutions", "updates"],
                [
                    [
                        "hide passes stickered nodes by (Knuth)",
                        num(costs["sticker"].solutions),
                        num(costs["sticker"].updates),
                    ],
                    ["hide moves every node", num(saving.solutions), num(saving.updates)],
                ],
                cls="deck-costs",
            )
            + say(
                ("The same set of solutions from both." if saving.same else "The two find DIFFERENT solutions.")
                + " Both keep the sticker in purify and unpurify; the second hides and unhides every node, "
                "stickered or not, as Algorithm X does.",
                "deck-sub",
            ),
            say="This answers the question the part opened with. Knuth's hide leaves stickered nodes where they "
            "are. Is that part of the fix? Take it out: the same solutions, a few more link updates. The fix is the "
            "sticker that commit reads.",
            ask="Take the saving out of hide: which of the counts moves, and which stays?",
            answer=f"The solutions stay: the same {num(saving.solutions)}. The link updates move: "
            f"{num(saving.updates)} instead of {num(costs['sticker'].updates)}. So it is a saving, not the fix.",
            expect="The saving is the fix. Without it the counts are the same, with more updates.",
            minutes=1,
        ),
    ]


# ---- part 6: costs and counts --------------------------------------------------------------------------------


DLX2_SECONDS = "Knuth's s"  # the README's column of DLX2's whole run, in seconds
OURS_SECONDS = "wordcover s"  # the README's column of our whole run (wordcover dlx --engine fast), in seconds
KNUTH_ROWS = ("four names in 7 x 7", "four names in 8 x 8")  # the clique count is another algorithm: not here


def part_counts(f: Facts) -> list[Slide]:
    costs, four, record = f.costs, f.four, f.knuth_record
    naive, sticker = costs["naive"], costs["sticker"]
    rows = [
        [
            name,
            num(r.solutions) + (f" ({num(r.wrong)} wrong)" if r.wrong else ""),
            num(r.nodes),
            num(r.updates),
            num(r.purifications),
            num(r.stickers),
        ]
        for name, r in (("naive", naive), ("sticker", sticker))
    ]
    ws = four.ws
    grid = figures.grid(ws.grid(four.first), ws.decode(four.first), cell=64, label="the first solution")
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
    article = 244_792  # the colours article's published count, quoted (notebook 6 checks it too)
    slides = [
        Slide(
            "costs",
            f"ABEL LAND, sticker engine: {plural(sticker.stickers, 'sticker')}, all {num(sticker.solutions)} solutions",
            table(["engine", "solutions", "nodes", "updates", "purifications", "stickers"], rows, cls="deck-costs")
            + say("Knuth's counters, as the library keeps them, for the whole search of ABEL LAND.", "deck-sub")
            + say(
                f"The naive engine even makes more link updates ({num(naive.updates)} against "
                f"{num(sticker.updates)}): with no sticker its hides move every node, and its double purifies hide "
                "options again."
            ),
            say=f"Knuth's counters: nodes of the search tree, link updates, purifications, stickers. The naive "
            f"engine reports {num(naive.solutions)} solutions, {num(naive.wrong)} of them wrong, and makes more "
            "link updates: with no stickers its hides move every node, and its double purifies hide options again. "
            "Time comes two slides on, from the benchmark against Knuth's DLX2.",
            ask="Which counter tells what the fix costs?",
            answer=f"Stickers: {num(sticker.stickers)} put on, and as many taken off. The nodes and purifications "
            "differ because the naive engine searches a corrupted tree, not because the fix costs much.",
            expect="The fix makes the search slower. The counters say it does not.",
            minutes=1,
        ),
        Slide(
            "four-names",
            f"Four names in a 6 × 6 grid, all 8 directions: {num(four.cliques)} ways",
            cols(
                fig(grid, "the first solution found"),
                "<ul class='deck-list deck-tight'>"
                + "".join(f"<li>{line}</li>" for line in lines)
                + "</ul>"
                + say("Two methods, the same count." if agree else "The two methods DISAGREE.", "deck-sub"),
                cls="deck-fig-left",
            ),
            say=f"ABEL, CANTOR, GAUSS and EULER, each placed once, in any of the 8 directions, crossing only on "
            "equal letters. Too many solutions to list by hand. The same Algorithm C, compiled by numba, visits "
            "every one. A second method lists none: a solution is one placement per word with every pair "
            f"compatible, so it counts the compatible tuples with matrix products. The colours article reports "
            f"{num(article)}"
            + (", the same number." if four.cliques == article else f"; our count differs: {num(four.cliques)}."),
            ask=f"How can we trust {num(four.cliques)}?",
            answer="Two methods that count in different ways agree: the compiled search, which visits every solution, "
            "and the clique count, which uses only pairwise compatibility. And every solution the engines report can "
            "be checked on its own.",
            expect="A big number is probably right. The naive engine gives a plausible wrong number too.",
            minutes=1.5,
        ),
    ]
    quote = (
        "“One ‘mem’ essentially means a memory access to a 64-bit word.” (dlx2.w, which counts one with @d o mems++)"
    )
    found = {} if record is None else {r["problem"]: r for r in record.rows if r["program"] == "DLX2"}
    if record is not None and all(name in found for name in KNUTH_ROWS):
        # like with like: DLX2's whole run against ours, both as a process started from the shell, and their ratio
        timing = table(
            ["bench_knuth.py", "solutions", "DLX2, whole", "ours, whole", "ours / DLX2"],
            [
                [
                    esc(name.replace(" x ", " × ")),
                    found[name]["solutions"],
                    f"{found[name][DLX2_SECONDS]} s",
                    f"{found[name][OURS_SECONDS]} s",
                    found[name]["ratio"],
                ]
                for name in KNUTH_ROWS
            ],
            cls="deck-costs deck-knuth",
        ) + say(
            "Each program's whole run, started from the shell; medians read from benchmarks/README.md when this "
            "deck was built.",
            "deck-sub",
        )
        alone = ", and ".join(
            f"{found[name]['search s']} s of {found[name][OURS_SECONDS]} s in {name.replace(' x ', ' × ')}"
            for name in KNUTH_ROWS
        )
        said = (
            f"Times from benchmarks/README.md, read at build time ({record.flags}, on "
            f"{record.machine.replace('`', '')}). Both are whole runs started from the shell; the last column is "
            f"the median of the round-by-round ratios. Our search alone took {alone}; the rest is start-up. "
            "DLX2's search alone is not timed."
        )
    else:
        timing = say(
            "No benchmark record of DLX2 was found in benchmarks/README.md, so no time is shown: bench_knuth.py "
            "times the compiled engine against DLX2 where DLX2 is built.",
            "deck-sub",
        )
        said = "No time is shown: the benchmark record was not found when the deck was built."
    slides.append(
        Slide(
            "dlx2",
            "Against Knuth's DLX2: the same counters, and a time",
            say(
                "bench_knuth.py checks that DLX2's counters equal ours, then times both.",
                "deck-lead",
            )
            + timing,
            say="Knuth's programs count mems, memory accesses, as a measure of time that does not depend on the "
            f"machine: {quote}. Ours counts nodes, updates and cleansings (our purifications plus stickers) as "
            "DLX2 does, and no mems. "
            f"{said}",
            ask="Why would Knuth count mems rather than seconds?",
            answer="Seconds depend on the machine, the compiler and whatever else runs; a count of memory accesses "
            "is the same everywhere, so two methods can be compared on paper. The price: counting costs DLX2 some "
            "of its time.",
            expect="A compiled Python engine must be many times slower than C. The last column says how the two whole "
            "runs compare, problem by problem; part of ours is start-up, outside the search (Say: the search alone).",
            minutes=1,
        )
    )
    return slides


CLOSING = Slide(
    "take-away",
    "To take away",
    "<ul class='deck-list deck-points'>"
    "<li>A word search is exact cover: each word a primary item, each cell a colour item.</li>"
    "<li>Dancing links undo exactly: a hidden node keeps its own links; undo the last change first.</li>"
    "<li>Purify twice and an option is hidden twice: the lists stop telling the truth.</li>"
    "<li>The sticker, COLOR −1: put on by purify, read by commit, taken off by unpurify.</li></ul>"
    "<p class='deck-sub'>Notebooks 3 to 6 hold all of this, with exercises that check themselves.</p>",
    say="Four things to remember. The notebooks have every picture of today live, and exercises with checks.",
    ask="Where else would a mark like the sticker be the fix?",
    answer="Wherever an undoable operation can reach the same object twice: mark what is done, so the second visit "
    "does nothing, and let the undo take the mark off.",
    expect="Just check for duplicates inside hide. That treats the symptom in hide; the sticker stops the second "
    "purify, so every hide is undone by its own unhide.",
    minutes=1,
    kind="closing",
)


def _orders_answer(f: Facts) -> str:
    """Part 2's model answer, short: the order of the items must be reversed, inside one uncover not."""
    o = f.knuth.orders
    return (
        f"No: the order of the items must. X6 uncovers them right to left; uncovering A before D leaves LEN(A) = "
        f"{o['len_a']} with {plural(o['in_a'], 'node')} linked. Inside one uncover the options may come back in "
        f"cover's order: DLX1's uncover walks down again, and every link returns."
    )


def _bug_answer(f: Facts) -> str:
    """Part 4's model answer, short, its counts from the colour pair's moments."""
    moments = {m.name: m for m in f.pair.moments}
    (q, (q_len, q_linked)), _ = moments["hidden again"].counters.items()
    option = _moment_option(f, moments["hidden again"])
    return (
        f"{option}'s node in {q}'s list, at the second purify of c1: no link moves, but LEN({q}) falls to {q_len} "
        f"with {plural(q_linked, 'node')} linked. The unhide that goes wrong is the inner unpurify's: it puts "
        f"{option} back while the first purify still holds, so the search tries it and reports a wrong solution."
    )


PARTS: list[Part] = [
    Part(
        "Algorithm X with dicts and sets",
        "Exact cover and Algorithm X",
        part_exact_cover,
        say="From a word search to exact cover, and the search Knuth calls Algorithm X.",
        expect="Exact cover is a special trick for one puzzle. Queens, pentominoes and word searches are all "
        "exact cover.",
    ),
    Part(
        "Why the links dance",
        "The links, and why they dance",
        part_links,
        say="How Knuth's arrays make covering and uncovering cheap and exact: one node out and back.",
        expect="Dancing Links deletes nodes. Hidden nodes keep their own links; that is what makes undoing exact.",
        answer=_orders_answer,
    ),
    Part(
        "The word-search model and Algorithm C",
        "Colour items: commit and purify",
        part_colours,
        say="Letters go inside the matrix as colours. Algorithm C's one new move is purify.",
        expect="Secondary items must be covered too. At most once, or with one colour; never must.",
    ),
    Part(
        "The bug in six moments",
        "The double-purify bug",
        part_bug,
        say="A second purify of the same cell, followed moment by moment on the smallest input, then in ABEL LAND.",
        expect="The second hide does the damage. It often only writes a LEN; the unhides that follow do the harm.",
        answer=_bug_answer,
    ),
    Part(
        "The whole fix is a few lines",
        "The sticker",
        part_sticker,
        say="The fix is Knuth's own purify, which TAOCP's Algorithm C and DLX2 have always had: a mark put on by "
        "purify, read by commit, taken off by unpurify.",
        expect="Hide skipping stickered nodes is part of the fix. It is Knuth's saving.",
    ),
    Part(
        lambda f: num(f.four.cliques),  # notebook 6's heading is the count of the four names, 244,792 today
        "What it costs, what it counts",
        part_counts,
        say="What the fix costs in Knuth's counters, a count of four names too large to list, and Knuth's DLX2.",
        expect="A faster count means a cleverer algorithm. Nodes and seconds differ; the same steps can run compiled.",
    ),
]
