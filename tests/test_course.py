"""The course tooling: a learner's working copy, offline slides, the lecturer's links in the index."""

from __future__ import annotations

import contextlib
import pathlib
import re
import shutil
import subprocess
import sys

import my_copy
import nbformat
import pytest
import series
import slides

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"


def test_my_copy_makes_a_working_copy_and_never_overwrites_silently(tmp_path, capsys):
    dest = tmp_path / "mine"
    copied = my_copy.make_copy(dest)
    assert sorted(p.name for p in copied) == sorted(file for file, *_ in series.SERIES)
    assert (dest / "solutions" / "__init__.py").is_file() and (dest / "lessons" / "__init__.py").is_file()
    # the copy's check cells can import their solutions from there, as a kernel started in the copy would
    run = subprocess.run([sys.executable, "-c", "import solutions.exact_cover"], cwd=dest, capture_output=True)
    assert run.returncode == 0, run.stderr
    with pytest.raises(SystemExit, match=rf"already holds {len(series.SERIES)} of the notebooks.*--force"):
        my_copy.make_copy(dest)
    (dest / "03_exact_cover.ipynb").write_text("my edits")
    my_copy.main([str(dest), "--force"])
    assert nbformat.read(dest / "03_exact_cover.ipynb", as_version=4).cells
    assert "open them with: jupyter lab" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="somewhere other than notebooks"):
        my_copy.make_copy(NOTEBOOKS)


@contextlib.contextmanager
def offline_deck(target: pathlib.Path):
    """A Chromium page at 1280 x 720 showing a slide deck with every request but file: ones refused (and listed)."""
    chromium = shutil.which("chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        fetched: list[str] = []

        def only_files(route):
            if route.request.url.startswith("file:"):
                route.continue_()
            else:
                fetched.append(route.request.url)
                route.abort()

        page.route("**/*", only_files)
        page.goto(target.as_uri())
        page.wait_for_function("typeof Reveal !== 'undefined' && Reveal.isReady()")
        page.evaluate("Reveal.configure({transition: 'none'})")
        yield page, fetched
        browser.close()


def _slide_count(nb) -> int:
    marks = [c.get("metadata", {}).get("slideshow", {}).get("slide_type") == "slide" for c in nb.cells]
    return sum(marks) + (0 if marks and marks[0] else 1)


@pytest.mark.skipif(
    shutil.which("npm") is None and not (slides.OUT / "node_modules" / "reveal.js").is_dir(),
    reason="npm is needed once to install reveal.js",
)
@pytest.mark.browser
def test_slides_render_with_nothing_fetched_from_the_web(tmp_path):
    target = slides.render("03_exact_cover")
    text = target.read_text()
    nb = nbformat.read(NOTEBOOKS / "03_exact_cover.ipynb", as_version=4)
    nb.cells = [c for c in nb.cells if "nav" not in c.metadata.get("tags", [])]  # the links line is left out
    assert _slide_count(nb) >= 4 and text.count("<section") >= _slide_count(nb)
    assert not re.search(r"""src=["']https?://|<link[^>]*href=["']https?://|@import""", text)
    with pytest.raises(SystemExit, match=r"no notebook 99_nothing\.ipynb"):
        slides.render("99_nothing")
    with offline_deck(target) as (page, fetched):
        assert page.evaluate("Reveal.getTotalSlides()") == _slide_count(nb)
        page.keyboard.press("ArrowRight")
        assert page.evaluate("Reveal.getIndices().h") == 1
        first = page.evaluate("Reveal.getSlides()[0].textContent")
        assert "Exact cover and Algorithm X" in first and "Index" not in first.split("Exact cover")[0]  # no links slide
        cut = page.evaluate(
            "[...document.querySelectorAll('.reveal pre')].filter(e => e.scrollWidth > e.clientWidth + 1)"
        )
        assert cut == []  # long lines of code wrap instead of running off the slide
        assert fetched == []


def test_every_link_in_the_index_opens_a_heading_that_exists():
    index = nbformat.read(NOTEBOOKS / "00_index.ipynb", as_version=4)
    text = "\n".join(c.source for c in index.cells)
    links = re.findall(r"\]\((\d\d[a-z]?_\w+\.ipynb)(?:#([^)]+))?\)", text)
    assert len({target for target, _ in links}) == len(series.SERIES)  # every notebook, the index's own row too
    shown = sum(len(where) for *_, where in series.MISCONCEPTIONS)  # each misconception's notebook sections
    assert sum(1 for _, heading in links if heading) == len(series.LECTURE) + shown
    for target, heading in links:
        nb = nbformat.read(NOTEBOOKS / target, as_version=4)
        headings = {
            line.lstrip("#").strip().replace(" ", "-")
            for c in nb.cells
            if c.cell_type == "markdown"
            for line in c.source.splitlines()
            if line.startswith("#")
        }
        assert not heading or heading in headings, f"{target} has no heading {heading!r}"
    assert sum(minutes for minutes, *_ in series.LECTURE) == 50


def test_the_lecture_deck_and_the_plan_agree():
    """Without a browser: one head slide per row of the plan, in its order, with its question, what to do and the
    notebook; the model answer in the speaker notes; something from the notebook after each head, never a widget."""
    deck = slides.lecture_notebook()
    heads = [c.source for c in deck.cells if c.cell_type == "markdown" and "**Ask first:**" in c.source]
    notes = [c.source for c in deck.cells if c.metadata.get("slideshow", {}).get("slide_type") == "notes"]
    assert len(heads) == len(notes) == len(series.LECTURE)
    for head, note, (_minutes, k, heading, do, ask, answer) in zip(heads, notes, series.LECTURE):
        assert f"## {heading}\n" in head and ask in head and do in head and f"notebook {k}," in head
        assert ask in note and answer in note
    # every row shows something from its notebook, and the player rows show still pictures instead of a widget
    shown = [c for c in deck.cells if "remove_input" in c.metadata.get("tags", []) or c.cell_type == "code"]
    assert not any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for c in shown for o in c.outputs)
    starts = [k for k, c in enumerate(deck.cells) if c.cell_type == "markdown" and "**Ask first:**" in c.source]
    for here, after in zip(starts, [*starts[1:], len(deck.cells)]):
        body = [c for c in deck.cells[here + 1 : after] if c.metadata.get("slideshow", {}).get("slide_type") != "notes"]
        assert body, f"the row {deck.cells[here].source.splitlines()[0]!r} shows nothing from its notebook"


@pytest.mark.skipif(
    shutil.which("npm") is None and not (slides.OUT / "node_modules" / "reveal.js").is_dir(),
    reason="npm is needed once to install reveal.js",
)
@pytest.mark.browser
def test_the_lecture_deck_fits_1280_by_720_and_fetches_nothing():
    deck = slides.lecture_notebook()
    target = slides.render("lecture")
    with offline_deck(target) as (page, fetched):
        total = page.evaluate("Reveal.getTotalSlides()")
        assert total == sum(1 for c in deck.cells if c.metadata["slideshow"]["slide_type"] == "slide")
        for k in range(total):
            page.evaluate(f"Reveal.slide({k})")
            size = page.evaluate(
                """() => { const s = Reveal.getCurrentSlide();
                   const cut = [...s.querySelectorAll('pre, img')].filter(e => e.scrollWidth > e.clientWidth + 1
                       || e.getBoundingClientRect().right > s.getBoundingClientRect().right + 1).length;
                   return [s.scrollHeight, s.clientHeight, s.scrollWidth, s.clientWidth, cut]; }"""
            )
            height, room, width, across, cut = size
            assert room == 720 and height <= room and width <= across and cut == 0, (k, size)
        assert fetched == []
