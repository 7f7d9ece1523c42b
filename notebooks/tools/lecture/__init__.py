"""The 50-minute lecture as a deck of its own: reveal.js slides written for the room, built from the library.

    python notebooks/tools/slides.py lecture     # build/slides/lecture.slides.html, in a few seconds, offline
    python notebooks/tools/slides.py handout     # and its PDFs: the deck one slide a page, a summary sheet

* :mod:`lecture.facts` runs the library and collects every number and recording the slides show;
* :mod:`lecture.figures` draws the pictures as SVG at the size they are shown;
* :mod:`lecture.deck` writes the slides, part by part, each with its speaker notes and minutes;
* this module puts them together: the parts in the order of ``series.LECTURE``, the page, the static
  players (the same player as the exported notebooks), and the deck as a notebook for the course's tests.
"""

from __future__ import annotations

import html
import pathlib
import re
from collections.abc import Sequence

import nbformat

from .deck import CLOSING, PARTS, Slide
from .facts import Facts, gather

HERE = pathlib.Path(__file__).resolve().parent
TITLE = "Word puzzles and Dancing Links"
SUBTITLE = "Exact cover, colour items, and the bug a second purify leaves in the links"
REVEAL = "node_modules/reveal.js"  # relative to the deck: reveal.js as npm installs it beside it


def minutes(m: float) -> str:
    return f"{m:g}"


def plan_rows(plan: Sequence[tuple], facts: Facts) -> list[dict]:
    """The rows of the lecture plan (``series.LECTURE``) with the minute each starts at and the deck's part for it
    (matched by the notebook heading the row opens, which may be a number the library computes)."""
    parts = {part.heading_for(facts): part for part in PARTS}
    rows, clock = [], 0.0
    for minutes_, notebook, heading, do, ask, answer in plan:
        if heading not in parts:
            known = "; ".join(parts)
            raise SystemExit(
                f"the lecture plan (series.LECTURE) has a part {heading!r} that the deck has no slides for; "
                f"the deck's parts are: {known}"
            )
        rows.append(
            {
                "minutes": minutes_, "notebook": notebook, "heading": heading, "do": do, "ask": ask,
                "answer": answer, "start": clock, "part": parts[heading],
            }
        )  # fmt: skip
        clock += minutes_
    missing = [h for h in parts if h not in {r["heading"] for r in rows}]
    if missing:
        raise SystemExit(f"the lecture plan (series.LECTURE) leaves out the deck's parts {missing}")
    return rows


IN_HAND = 0.5  # minutes: the least a part keeps free of slides, for questions, a late start, a demo run twice


def slides(facts: Facts, plan: Sequence[tuple], notebook_title) -> list[Slide]:
    """Every slide in order: the title, then each part's opener and slides, then the closing slide.

    ``notebook_title(k)`` names notebook k. Each part's core question, the plan's, is asked on the slide that shows
    what it asks about (its ``asked_on``), not on the opener. Stops when a part's slides leave less than
    ``IN_HAND`` minutes of its row's free.
    """
    rows = plan_rows(plan, facts)
    total = sum(r["minutes"] for r in rows)
    # the plan as the room sees it: the parts and their notebooks; their minutes are the lecturer's (the notes)
    # a part whose slides are in another notebook too names both (part 6: notebooks 6 and 8)
    table_rows = "".join(
        f"<tr><td>{n}</td><td>{html.escape(r['part'].title)}</td>"
        f"<td>{' and '.join(str(k) for k in (r['notebook'], *r['part'].also_notebooks))}</td></tr>"
        for n, r in enumerate(rows, 1)
    )
    title = Slide(
        "title",
        TITLE,
        f'<p class="deck-subtitle">{SUBTITLE}</p>'
        f'<table class="deck-table deck-plan"><thead><tr><th></th><th>part</th><th>notebook</th>'
        f"</tr></thead><tbody>{table_rows}</tbody></table>",
        say="",  # written below, once the slides are counted
        ask="Who has made a word search? How would a program place the words so that they all fit?",
        answer="Place the words one at a time and back up when one does not fit: a backtracking search. Today we "
        "state the puzzle as exact cover, and Knuth's Algorithm X does the backing up.",
        expect="Random positions until it works. That works on easy grids and never says when no arrangement "
        "exists; exact cover finds every arrangement, or proves there is none.",
        minutes=0.5,  # a show of hands: a quarter of a minute went to slide 17, Algorithm C's eight steps
        kind="title",
    )
    out = [title]
    openers = []
    for n, r in enumerate(rows, 1):
        part = r["part"]
        body = part.slides(facts)
        if n == len(rows):
            body = [*body, CLOSING]
        asked = [s for s in body if s.key == part.asked_on]
        if len(asked) != 1:
            raise SystemExit(f"part {n} ({r['heading']}) asks its question on slide {part.asked_on!r}, which it lacks")
        asked[0].ask = r["ask"]
        asked[0].answer = part.answer(facts) if part.answer else r["answer"]  # the answer itself, in the notes
        asked[0].core = True
        opener = Slide(
            f"part-{n}",
            html.escape(part.title),
            f'<p class="deck-when">Part {n} of {len(rows)}</p>'  # its minutes are in its notes, not on the slide
            f'<p class="deck-aim">{html.escape(part.aim)}</p>'
            f'<p class="deck-nb">Notebook {r["notebook"]}, {html.escape(notebook_title(r["notebook"]))}'
            + (f"; {part.also_in(facts, notebook_title)[0]}" if part.also_in else "")
            + "</p>",
            say=part.aim,
            ask="",  # the opener asks nothing: its notes name the slide that asks the part's question
            answer="",
            expect="",
            minutes=part.opener_minutes,
            kind="opener",
            plan=r,
        )
        openers.append(opener)
        group = ([title] if n == 1 else []) + [opener, *body]
        for s in group:
            s.part = n
        spent = sum(s.minutes for s in group)
        r["in_hand"] = r["minutes"] - spent
        if r["in_hand"] < IN_HAND - 1e-9:
            raise SystemExit(
                f"part {n} ({r['heading']}): its slides take {minutes(spent)} of the plan's {minutes(r['minutes'])} "
                f"minutes, leaving less than {minutes(IN_HAND)} in hand: shorten the slides' minutes in "
                "lecture/deck.py or change the plan in series.LECTURE"
            )
        out += [opener, *body]
        group[-1].in_hand = r["in_hand"]  # the part's minutes in hand come after its last slide
    # each slide starts at the minute of the plan its part starts at, plus the slides before it in the part; the
    # speaker view's pacing timer follows the plan too, the last slide of a part carrying the part's minutes in hand
    clock = 0.0
    for number, s in enumerate(out, 1):
        s.clock, s.number = clock, number
        clock += s.minutes + s.in_hand
    for s in out:  # a slide's body may name another slide by its key: {slide:costs} is its number
        s.body, s.say = numbered(s.body, out), numbered(s.say, out)
    slides_minutes = sum(s.minutes for s in out)
    for opener in openers:
        r = opener.plan
        asked = next(s for s in out if s.part == opener.part and s.key == r["part"].asked_on)
        opener.asked = asked
        opener.also = [s for s in out if s.part == opener.part and s.core and s is not asked]
        opener.elsewhere = (
            f"Taught from the notebooks instead of this deck (the plan in 00): open notebook {r['notebook']}, "
            f"{notebook_title(r['notebook'])}, at the heading {r['heading']}, and {unmarked(r['do'])}."
            + (f" {r['part'].also_in(facts, notebook_title)[1]}" if r["part"].also_in else "")
        )
        opener.elsewhere = numbered(opener.elsewhere, out)
        opener.behind = numbered(behind_line(r["part"], [s for s in out if s.part == opener.part]), out)
    in_hand = total - slides_minutes
    optional = [s for s in out if s.ask and not s.core and s.kind != "opener"]
    title.say = (
        "Today: how a word search becomes an exact cover problem, how Knuth's Dancing Links solve it, and a bug "
        "that hides in the version with colours, the double purify."
    )
    title.aside = (
        f"For a class that has read notebook 3. Slides: {minutes(slides_minutes)} of {minutes(total)} minutes, "
        f"{minutes(in_hand)} kept at the parts' ends. Ask the "
        f"{sum(s.core for s in out)} core questions, the {sum(not s.drop_first for s in optional)} “if time "
        f"allows” when on time, the {sum(s.drop_first for s in optional)} “skip unless early” when "
        "ahead. S opens this view; on a player's slide Enter or C, D, E, V "
        "give the player the keys, Esc takes them back. Its clock is reveal's running total; slides' own "
        "minutes are in their Time lines. Counts are computed at build time, but DLX2's (records) and the colours "
        "article's (quoted)."
    )
    return out


def unmarked(text: str) -> str:
    """A sentence of the plan (series.LECTURE, written as markdown for 00) as the notes print it: *a heading* in
    quotation marks, as the notes quote headings."""
    return re.sub(r"\*([^*]+)\*", r"“\1”", text)


def numbered(text: str, deck: list[Slide]) -> str:
    """``{slide:key}`` in a text, as the number of the slide ``key``."""
    numbers = {s.key: s.number for s in deck}
    return re.sub(r"\{slide:([\w-]+)\}", lambda m: str(numbers[m[1]]), text)


def behind_line(part, group: list[Slide]) -> str:
    """The divider's line for a lecturer who is behind: the slides of its part to skip or shorten, each with the
    minutes it saves, and the sum, all from the slides' minutes."""
    by_key = {s.key: s for s in group}
    said, saved = [], 0.0
    for key, name, instead in part.behind:
        if key not in by_key:
            raise SystemExit(f"part {part.title!r} says to skip or shorten slide {key!r}, which it lacks")
        s = by_key[key]
        # a core question is never dropped: its slide may be shortened, to two minutes or more, never skipped
        if s.core and (instead is None or instead[1] < 2):
            raise SystemExit(f"part {part.title!r} drops or squeezes slide {key!r}, which asks a core question")
        if instead is None:
            said.append(f"skip slide {s.number}, {name} ({minutes(s.minutes)} min)")
            saved += s.minutes
        else:
            how, keep = instead
            if not 0 < keep < s.minutes:
                raise SystemExit(f"slide {key!r} shortened to {keep} of its {s.minutes} minutes")
            said.append(f"shorten slide {s.number}, {name}: {how} (saves {minutes(s.minutes - keep)} min)")
            saved += s.minutes - keep
    if not said:
        return ""
    return f"{'; '.join(said)}. That saves {minutes(saved)} min."


# The speaker view copies the notes into its own page, which has none of the deck's style: the size is given inline,
# small enough that a slide's notes fit the speaker view at 1280 x 720 without scrolling.
NOTES_STYLE = "font-size:17px;line-height:1.3;margin:0 0 6px"


def expect_parts(text: str) -> tuple[str, str]:
    """A slide's ``expect`` as the misconception (its first sentence) and the correction (the rest)."""
    found = re.match(r"(.+?[.?!])\s+(\S.*)$", text, re.S)
    if not found:
        raise SystemExit(f"the notes' Expect must be a misconception, then its correction: {text!r}")
    return found[1], found[2]


def notes_html(s: Slide, parts: list[str], total: float) -> str:
    """The speaker notes: the time first, then the question and its answer, then what to say (and, numbered, the
    steps to take on a player), then the misconception to expect and, labelled apart, how to correct it. An opener's:
    the time and what its part keeps in hand, the slide that asks the part's core question, what to say, and where
    the part is in the notebooks."""
    part = f"part {s.part}, {parts[s.part - 1]}" if s.part else ""
    p = f'<p style="{NOTES_STYLE}">'
    kept = f", then the part's {minutes(s.in_hand)} in hand" if s.in_hand else ""
    # the slide's number and title: hidden in the speaker view (which shows the slide), printed on the notes' page
    slide = f'<span class="n-slide" style="display:none"><b>Slide {s.number}:</b> {s.title}<br></span>'
    time = (
        f'<p class="n-time" style="{NOTES_STYLE}">{slide}<b>Time:</b> {minutes(s.minutes)} min{kept}, from minute '
        f"{minutes(s.clock)} of {minutes(total)} · {html.escape(part)}"
    )
    if s.kind == "opener":
        r = s.plan
        return (
            '<aside class="notes">'
            f"{time} · the part: {minutes(r['minutes'])} min, {minutes(r['minutes'] - r['in_hand'])} on its "
            f"slides, {minutes(r['in_hand'])} in hand</p>"
            f"{p}<b>Ask:</b> nothing on this divider. The part's core question comes on slide {s.asked.number}, "
            f"“{s.asked.title}”: {html.escape(r['ask'])}"
            + "".join(f" Its other core question: slide {o.number}, “{o.title}”: {html.escape(o.ask)}" for o in s.also)
            + "</p>"
            f"{p}<b>Say:</b> {html.escape(s.say)}</p>"
            + (f"{p}<b>If you are behind:</b> {html.escape(s.behind)}</p>" if s.behind else "")
            + f"{p}<b>Notebooks:</b> {html.escape(s.elsewhere)}</p>"
            "</aside>"
        )
    which = "core question" if s.core else "skip unless early" if s.drop_first else "if time allows"
    wrong, right = expect_parts(s.expect)
    # a question asked only if time allows, and its answer, in grey: the eye finds what to say first
    q = p if s.core else f'<p class="n-optional" style="{NOTES_STYLE};color:#6b6b6b">'
    kind = "core" if s.core else "drop" if s.drop_first else "optional"
    if s.told:
        asked = f'{p}<b>Ask:</b> <i class="n-told">nothing: a told slide.</i></p>'
    elif s.drop_first:  # the first to drop: the question and its answer in one lighter paragraph, out of the way
        asked = (
            f'<p class="n-drop" style="{NOTES_STYLE};color:#8a8a8a"><b>Ask:</b> <i class="n-drop">({which})</i> '
            f"{html.escape(s.ask)} <b>Answer:</b> {html.escape(s.answer)}</p>"
        )
    else:
        asked = (
            f'{q}<b>Ask:</b> <i class="n-{kind}">({which})</i> {html.escape(s.ask)}</p>'
            f"{q}<b>Answer:</b> {html.escape(s.answer)}</p>"
        )
    return (
        '<aside class="notes">'
        f"{time}</p>"
        f"{asked}"
        f"{p}<b>Say:</b> {html.escape(s.say)}</p>"
        + (
            f'<ol class="n-chain" style="{NOTES_STYLE};padding-left:1.5em">'
            + "".join(f'<li style="margin:0 0 2px">{html.escape(step)}</li>' for step in s.chain)
            + "</ol>"
            if s.chain
            else ""
        )
        + (f"{p}<b>For you:</b> {html.escape(s.aside)}</p>" if s.aside else "")
        + f"{p}<b>Expect:</b> students may say “{html.escape(wrong)}”</p>"
        f"{p}<b>Correct it:</b> {html.escape(right)}</p>"
        "</aside>"
    )


def section_html(s: Slide, parts: list[str], total: float) -> str:
    heading = f"<h1>{s.title}</h1>" if s.kind in ("title", "opener") else f"<h2>{s.title}</h2>"
    told = " deck-told" if s.told else ""
    return (
        f'<section id="{s.key}" class="deck-{s.kind}{told}" data-part="{s.part}" data-minutes="{minutes(s.minutes)}" '
        f'data-timing="{round((s.minutes + s.in_hand) * 60)}">'
        f'{heading}<div class="deck-body">{s.body}</div>{notes_html(s, parts, total)}</section>'
    )


def page(deck: list[Slide]) -> str:
    """The whole deck as one HTML page: reveal.js from the folder beside it, everything else inline."""
    from wordcover.widgets import player_module

    parts = [s.title for s in deck if s.kind == "opener"]
    parts = [html.unescape(p) for p in parts]
    total = sum(s.minutes + s.in_hand for s in deck)  # the plan's minutes: the slides' and those in hand
    css = (HERE / "deck.css").read_text(encoding="utf-8")
    script = (HERE / "deck.js").read_text(encoding="utf-8")
    module = player_module().replace("</script", "<\\/script")
    sections = "\n".join(section_html(s, parts, total) for s in deck)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{TITLE}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{REVEAL}/dist/reset.css">
<link rel="stylesheet" href="{REVEAL}/dist/reveal.css">
<link rel="stylesheet" href="{REVEAL}/dist/theme/white.css">
<style>
{css}
</style>
</head>
<body>
<div class="reveal"><div class="slides">
{sections}
</div></div>
<script src="{REVEAL}/dist/reveal.js"></script>
<script src="{REVEAL}/dist/plugin/notes.js"></script>
<script>
{script}
</script>
<script type="module">
{module}
deckMount(mountAll);
</script>
</body>
</html>
"""


def build(target: pathlib.Path, plan: Sequence[tuple] | None = None) -> tuple[pathlib.Path, list[Slide], Facts]:
    """Write the deck to ``target`` (reveal.js must be in ``target.parent / node_modules``)."""
    import series

    from wordcover.atomic_file import write_file

    facts = gather()
    deck = slides(facts, series.LECTURE if plan is None else plan, lambda k: series.entry(k)[1])
    write_file(target, page(deck))
    return target, deck, facts


def notebook(deck: list[Slide]) -> nbformat.NotebookNode:
    """The deck as a notebook of slides, for tools that read slides as cells (nbconvert's slide types).

    One markdown cell a slide, holding the slide as the page shows it; an opener's cell is written as the plan
    row it comes from (its time, notebook, heading, what to do and the question to ask first), and its model
    answer goes in a notes cell after it. The other slides carry their notes inside their own cell.
    """
    parts = [html.unescape(s.title) for s in deck if s.kind == "opener"]
    total = sum(s.minutes + s.in_hand for s in deck)  # the plan's minutes: the slides' and those in hand
    cells = []
    for s in deck:
        if s.kind == "opener" and s.plan is not None:
            r = s.plan
            cell = nbformat.v4.new_markdown_cell(
                f"<p class='wc-when'>{minutes(r['start'])}–{minutes(r['start'] + r['minutes'])} min · "
                f"notebook {r['notebook']}, {html.unescape(s.title)}</p>\n\n"
                f"## {r['heading']}\n\n**Do:** {r['do']}\n\n**Ask first:** {r['ask']}"
            )
            cell.metadata = {"slideshow": {"slide_type": "slide"}}
            cells.append(cell)
            notes = nbformat.v4.new_markdown_cell(f"**Ask:** {r['ask']}\n\n**Model answer:** {r['answer']}")
            notes.metadata = {"slideshow": {"slide_type": "notes"}}
            cells.append(notes)
        else:
            cell = nbformat.v4.new_markdown_cell(section_html(s, parts, total))
            cell.metadata = {"slideshow": {"slide_type": "slide"}}
            cells.append(cell)
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    return nb


def outline(deck: list[Slide]) -> str:
    """The deck as text, one line a slide: its clock, minutes, id and title (``slides.py lecture --outline``)."""
    lines = []
    for s in deck:
        kept = f"  (then {minutes(s.in_hand)} in hand)" if s.in_hand else ""
        lines.append(f"{minutes(s.clock):>5} +{minutes(s.minutes):<4} {s.key:<22} {html.unescape(s.title)}{kept}")
    return "\n".join(lines)


__all__ = ["Facts", "build", "gather", "notebook", "outline", "page", "slides"]
