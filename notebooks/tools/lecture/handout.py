"""The lecture's handout: the deck printed by reveal.js's print view, and a one-page summary of Algorithm C.

Three PDFs beside the deck, printed by Chromium through Playwright (the browser the tests use), with every
request but the deck's own files refused, so printing needs no network either:

* ``lecture-handout.pdf``: the deck, one slide a page (reveal.js's ``?print-pdf``), the players at their frame;
* ``lecture-notes.pdf``: the same, each slide followed by a page of its speaker notes;
* ``algorithm-c-summary.pdf``: one A4 page, Algorithm C with the sticker, its code read from the library.
"""

from __future__ import annotations

import html
import pathlib
import re
import shutil

from wordcover import AlgorithmC
from wordcover.atomic_file import write_file

from .deck import STEP_WORDS, plural, step_name
from .facts import Facts, gather, num, slide_lines

PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")
# the steps that read the sticker, as this page (titled "with the sticker") says them; the deck's slide 17 comes before
# the sticker and says C5 without it. DLX2's C5: if (!nd[pp].color) cover(cc); else if (nd[pp].color>0) purify(pp);
STICKER_STEPS = {"C5": "Commit the others: cover a plain item, purify a coloured one, skip a sticker"}


def pages(pdf: bytes) -> int:
    """How many pages a PDF has (its page objects)."""
    return len(PAGE.findall(pdf))


def _code(lines: list[str]) -> str:
    return "<pre>" + "\n".join(html.escape(line) for line in lines) + "</pre>"


def summary_html(f: Facts) -> str:
    """One A4 page: the data, the steps, the code of commit, purify and unpurify, the sticker, the numbers."""
    steps = "".join(
        f"<tr><td><b>{step}</b></td><td>{step_name(f.code.steps.get(step, ''))}</td><td>{html.escape(words)}</td></tr>"
        for step, words in (STEP_WORDS | STICKER_STEPS).items()
    )
    al, pair, four = f.abel_land, f.pair, f.four
    numbers = [
        ("the colour pair: P c1:a, Q c1:a, Q c1:b", plural(len(pair.found["sticker"]), "solution"),
         f"{plural(len(pair.found['naive']), 'solution')}, one writing a and b into c1"),
        (f"ABEL LAND, 4 × 4, read {al.ways}", f"{num(al.count)}, {num(al.crossing)} crossing",
         f"{num(al.naive_count)} ({num(len(al.wrong))} wrong, {num(al.missed)} missed); "
         f"{num(al.double_purifies['naive'])} double purifies ({num(al.doubles_by_letter['naive']['same'])} "
         f"same letter, {num(al.doubles_by_letter['naive']['other'])} other), "
         f"{num(al.spurious['naive'])} spurious unhides, {num(al.strandings['naive'])} stranded nodes"),
        ("ABEL CANTOR GAUSS EULER, 6 × 6, 8 directions", num(four.cliques), "not run"),
    ]  # fmt: skip
    rows = "".join(f"<tr><td>{a}</td><td>{html.escape(b)}</td><td>{html.escape(c)}</td></tr>" for a, b, c in numbers)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Algorithm C with the sticker</title>
<style>
@page {{ size: A4; margin: 11mm 12mm; }}
body {{ font: 9.4pt/1.28 "Source Sans Pro", "DejaVu Sans", Arial, sans-serif; color: #1a1a1a; margin: 0; }}
h1 {{ font-size: 17pt; margin: 0 0 1mm; }}
h2 {{ font-size: 11pt; margin: 2.4mm 0 1mm; color: #0072B2; }}
p {{ margin: 0 0 1.4mm; }}
.sub {{ color: #555; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ padding: 0.4mm 2mm; border-bottom: 0.3pt solid #ccc; text-align: left; vertical-align: top; }}
th {{ border-bottom: 0.8pt solid #444; }}
.cols {{ display: flex; gap: 5mm; }}
.cols > div {{ flex: 1 1 0; min-width: 0; }}
pre {{ font: 8pt/1.18 "DejaVu Sans Mono", Menlo, monospace; background: #f6f8fa; border: 0.4pt solid #dde2e6;
  border-radius: 2mm; padding: 1.2mm 1.8mm; margin: 0 0 1.6mm; white-space: pre; }}
.counts td:first-child {{ width: 44%; }} .counts td:nth-child(2) {{ width: 17%; }}
ul {{ margin: 0 0 1mm 4.5mm; padding: 0; }}
li {{ margin: 0 0 0.6mm; }}
code {{ white-space: nowrap; }}
blockquote {{ margin: 0 0 1.4mm; padding: 1mm 3mm; border-left: 1.2mm solid #0072B2; background: #f6f8fa; }}
</style></head><body>
<h1>Algorithm C with the sticker, on one page</h1>
<p class="sub">From the lecture <i>Word puzzles and Dancing Links</i>. The code is the library's own
(<code>wordcover</code>; docstrings, comments, type hints and counters left out; <code>top</code>, <code>ulink</code>,
<code>dlink</code>, <code>color</code> are its arrays); every number was computed when this page was made.</p>
<h2>The data</h2>
<p>Each item heads a circular doubly linked list (ULINK up, DLINK down) through the nodes of the options that contain
it; its header keeps LEN, the length. A node knows TOP, its item, and COLOR: 0 for none, above 0 its colour, and −1,
<b>the sticker</b>: this node already has the right colour in a purified item. Primary items are covered exactly
once; a colour item may be shared by any number of chosen options that give it the same colour.</p>
<h2>The steps (names as TAOCP §7.2.2.1 gives them; the sentences are ours)</h2>
<table>{steps}</table>
<h2>The code: commit, then purify and unpurify with the sticker</h2>
<div class="cols"><div>
{_code(slide_lines(AlgorithmC.commit))}
<h2>The sticker</h2>
<ul><li><b>Put on by purify</b>: each other node of the chosen colour in the item's list gets COLOR −1.</li>
<li><b>Read by commit</b>: a node with colour −1 is neither covered nor purified, so no item is purified again
while its purify holds, and no option is hidden twice.</li>
<li><b>Taken off by unpurify</b>, bottom up: the node gets its colour back.</li>
<li>Hide leaving stickered nodes in place (<code>if color[q] != STICKER</code>) is Knuth's saving, not the fix:
on ABEL LAND, with the saving, {num(f.costs["sticker"].updates)} updates; without it, the same
{num(f.costs["every node hidden"].solutions)} solutions with {num(f.costs["every node hidden"].updates)}.</li></ul>
</div><div>
{_code(slide_lines(AlgorithmC.purify))}
{_code(slide_lines(AlgorithmC.unpurify))}
<h2 class="why">Why it is needed</h2>
<blockquote>“Thus a node is never removed from a list twice.” (Knuth, DLX2)</blockquote>
<p>Cover takes its item out of the item list and hides every option through it: nothing reaches the item again
before uncover. Purify keeps the options of its colour in play, so the next one chosen reaches the cell again;
without the sticker it purifies it again, and a later unhide brings an option back too soon.</p>

</div></div>
<h2>Counts, as the library finds them</h2>
<table class="counts"><tr><th>problem</th><th>sticker engine</th><th>naive engine (no sticker)</th></tr>{rows}</table>
</body></html>
"""


def handout(deck: pathlib.Path, slides: int, facts: Facts | None = None, browser=None) -> list[pathlib.Path]:
    """Print the deck (one slide a page, and with its notes) and the summary sheet to PDFs beside ``deck``.

    ``browser`` is a Playwright Chromium to print with; without one, Chromium is started (Debian's, if installed).
    """
    if browser is None:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise SystemExit("the handout is printed by Chromium through Playwright: pip install playwright") from None
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        with sync_playwright() as p:
            started = p.chromium.launch(executable_path=chromium) if chromium else p.chromium.launch()
            try:
                return handout(deck, slides, facts, started)
            finally:
                started.close()
    facts = facts or gather()
    out = deck.parent
    summary = out / "algorithm-c-summary.html"
    write_file(summary, summary_html(facts))
    written = []
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
    try:
        for name, query, want in (
            ("lecture-handout.pdf", "?print-pdf", slides),
            ("lecture-notes.pdf", "?print-pdf&showNotes=separate-page", 2 * slides),
        ):
            page.goto(deck.as_uri() + query)
            page.wait_for_function(
                "typeof Reveal !== 'undefined' && Reveal.isReady() && document.documentElement.dataset.playersReady"
                " && document.querySelectorAll('.pdf-page').length > 0"
            )
            pdf = page.pdf(prefer_css_page_size=True, print_background=True)
            if pages(pdf) != want:
                raise SystemExit(f"{name}: {pages(pdf)} pages printed where {want} were expected")
            write_file(out / name, pdf)
            written.append(out / name)
        page.goto(summary.as_uri())
        pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
        if pages(pdf) != 1:
            raise SystemExit(f"the summary sheet runs to {pages(pdf)} pages; it must fit one")
        write_file(out / "algorithm-c-summary.pdf", pdf)
        written.append(out / "algorithm-c-summary.pdf")
    finally:
        page.close()
    return written
