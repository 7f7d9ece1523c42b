"""Render a notebook as reveal.js slides that show offline, or build the 50-minute lecture deck and its handout.

    python notebooks/tools/slides.py 03_exact_cover            # writes build/slides/03_exact_cover.slides.html
    python notebooks/tools/slides.py 03_exact_cover 05_double_purify
    python notebooks/tools/slides.py lecture                   # writes build/slides/lecture.slides.html
    python notebooks/tools/slides.py handout                   # the lecture deck and its PDFs (needs Chromium)

A notebook's slides are its cells: the cells marked as slides (cell metadata ``"slideshow": {"slide_type":
"slide"}``) start new slides, and the cells after them follow on the same slide.

The lecture deck is not cut out of the notebooks: it has its own source in ``notebooks/tools/lecture/`` and
follows the plan in ``series.LECTURE`` (one part a row, with the row's minutes, question and model answer).
Every picture and count on it is computed by the library while the deck is built (Knuth's DLX2's counters and times
are read from the project's records of its runs), and three slides carry the player of the exported pages (DLX1's
example; the colour pair, naive beside sticker; ABEL LAND at its first double purify), which plays from the file
with no kernel. Each slide has speaker notes (press S). ``handout``
prints the deck with reveal.js's print view, one slide a page (``lecture-handout.pdf``), the same with the notes
on a page after each slide (``lecture-notes.pdf``), and a one-page summary of Algorithm C with the sticker
(``algorithm-c-summary.pdf``).

reveal.js comes from the npm registry once, into ``build/slides/node_modules`` (``npm`` is needed for that first
run only); after that the slides need no network at all. Open the HTML file in a browser.
"""

from __future__ import annotations

import argparse
import functools
import pathlib
import shutil
import subprocess
import sys

import lecture
import nbformat

from wordcover.atomic_file import write_file

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks
OUT = HERE.parent / "build" / "slides"
REVEAL = "reveal.js@6.0.2"


def reveal_folder(out: pathlib.Path = OUT) -> pathlib.Path:
    """The local reveal.js, installed from npm on first use."""
    folder = out / "node_modules" / "reveal.js"
    if not (folder / "dist" / "reveal.js").is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(
                "reveal.js is not installed yet and npm is missing: install Node.js with npm, then run again"
            )
        out.mkdir(parents=True, exist_ok=True)
        print(f"installing {REVEAL} into {out} (once)")
        subprocess.run(
            [npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(out), REVEAL], check=True
        )
    return folder


def _export(nb: nbformat.NotebookNode, target: pathlib.Path) -> pathlib.Path:
    """Write one notebook node as offline reveal.js slides."""
    from nbconvert import SlidesExporter  # only here: the lecture deck needs no nbconvert
    from traitlets.config import Config

    reveal_folder(target.parent)
    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"remove_input"}
    exporter = SlidesExporter(config=config, extra_template_basedirs=[str(TOOLS)], template_name="slides_template")
    exporter.reveal_url_prefix = "node_modules/reveal.js"
    exporter.reveal_theme = "white"  # its fonts come with reveal.js; "simple" would fetch them from the web
    body, _ = exporter.from_notebook_node(nb)
    write_file(target, body)
    return target


def render(name: str, out: pathlib.Path = OUT) -> pathlib.Path:
    """Write ``out/NAME.slides.html`` for notebooks/NAME.ipynb (or the lecture deck, or it and its handout)."""
    if name == "lecture":
        return lecture_deck(out)[0]
    if name == "handout":
        from lecture.handout import handout

        target, deck, facts = lecture_deck(out)
        for path in handout(target, len(deck), facts):
            print(f"wrote {path}")
        return target
    path = HERE / (name if name.endswith(".ipynb") else f"{name}.ipynb")
    if not path.is_file():
        known = ", ".join(p.stem for p in sorted(HERE.glob("[0-9][0-9]*_*.ipynb")))
        raise SystemExit(f"no notebook {path.name} in notebooks/; choose from lecture, handout, {known}")
    nb = nbformat.read(path, as_version=4)
    nb.cells = [c for c in nb.cells if "nav" not in c.metadata.get("tags", [])]  # the links line is not a slide
    return _export(nb, out / f"{path.stem}.slides.html")


def lecture_deck(out: pathlib.Path = OUT) -> tuple[pathlib.Path, list, lecture.Facts]:
    """Build the lecture deck into ``out/lecture.slides.html``; return its path, its slides and their facts."""
    reveal_folder(out)
    return lecture.build(out / "lecture.slides.html")


@functools.cache
def _deck_slides() -> list:
    """The lecture's slides, computed once per process (the library runs in a second or two)."""
    import series

    return lecture.slides(lecture.gather(), series.LECTURE, lambda k: series.entry(k)[1])


def lecture_notebook() -> nbformat.NotebookNode:
    """The lecture deck as a notebook of slides: an opener cell for each row of ``series.LECTURE`` with its notes."""
    return lecture.notebook(_deck_slides())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Render notebooks as reveal.js slides that need no network.")
    parser.add_argument(
        "names", nargs="+", help="notebook names, e.g. 03_exact_cover; lecture for the deck; handout for its PDFs"
    )
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    for name in args.names:
        print(f"wrote {render(name, args.out)}")


if __name__ == "__main__":
    main(sys.argv[1:])
