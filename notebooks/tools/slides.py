"""Render a notebook, or the 50-minute lecture, as reveal.js slides that show offline.

    python notebooks/tools/slides.py 03_exact_cover            # writes build/slides/03_exact_cover.slides.html
    python notebooks/tools/slides.py 03_exact_cover 05_double_purify
    python notebooks/tools/slides.py lecture                   # writes build/slides/lecture.slides.html

The lecture deck follows ``series.LECTURE``: for each row a slide with its heading, what to do and the question
to ask first, then the cells tagged ``lecture`` in that part of the notebook (their outputs, and their code too
when also tagged ``lecture-code``), with the row's model answer in the speaker notes. The cells come with the
outputs committed in the notebooks, so the deck needs no kernel: where a notebook has a player, the tagged
cells are still pictures of the same frames.

The cells marked as slides (cell metadata ``"slideshow": {"slide_type": "slide"}``) start new slides; the
cells after them follow on the same slide. reveal.js comes from the npm registry once, into
``build/slides/node_modules`` (``npm`` is needed for that first run only); after that the slides need no
network at all. Open the HTML file in a browser; press S for the speaker notes view.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import subprocess
import sys

import nbformat
import series
from nbconvert import SlidesExporter
from traitlets.config import Config

from wordcover.atomic_file import write_file

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks
OUT = HERE.parent / "build" / "slides"
REVEAL = "reveal.js@6.0.2"
LECTURE_CSS = "lecture"  # the template variant that fits every slide into 1280 x 720


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


def _export(nb: nbformat.NotebookNode, target: pathlib.Path, lecture: bool = False) -> pathlib.Path:
    """Write one notebook node as offline reveal.js slides."""
    reveal_folder(target.parent)
    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"remove_input"}
    exporter = SlidesExporter(config=config, extra_template_basedirs=[str(TOOLS)], template_name="slides_template")
    exporter.reveal_url_prefix = "node_modules/reveal.js"
    exporter.reveal_theme = "white"  # its fonts come with reveal.js; "simple" would fetch them from the web
    # for the lecture deck the template sizes slides to 1280 x 720 and shrinks what is long
    body, _ = exporter.from_notebook_node(nb, resources={"wordcover_lecture": lecture})
    write_file(target, body)
    return target


def render(name: str, out: pathlib.Path = OUT) -> pathlib.Path:
    """Write ``out/NAME.slides.html`` for notebooks/NAME.ipynb (or the lecture deck) and return its path."""
    if name == "lecture":
        return _export(lecture_notebook(), out / "lecture.slides.html", lecture=True)
    path = HERE / (name if name.endswith(".ipynb") else f"{name}.ipynb")
    if not path.is_file():
        known = ", ".join(p.stem for p in sorted(HERE.glob("[0-9][0-9]*_*.ipynb")))
        raise SystemExit(f"no notebook {path.name} in notebooks/; choose from lecture, {known}")
    nb = nbformat.read(path, as_version=4)
    nb.cells = [c for c in nb.cells if "nav" not in c.metadata.get("tags", [])]  # the links line is not a slide
    return _export(nb, out / f"{path.stem}.slides.html")


def lecture_cells(notebook: nbformat.NotebookNode, headings: list[str]) -> dict[str, list]:
    """The cells tagged ``lecture`` in a notebook, grouped under the last of ``headings`` above each of them.

    A cell tagged ``lecture-next`` goes to the first of ``headings`` below it instead (an example set up
    before the part of the notebook that the lecture shows).
    """
    groups: dict[str, list] = {heading: [] for heading in headings}
    current = None
    waiting: list = []  # lecture-next cells, until the next heading of the lecture
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("## ") and line[3:].strip() in groups:
                    current = line[3:].strip()
                    groups[current] += waiting
                    waiting = []
        tags = cell.metadata.get("tags", [])
        if "lecture-next" in tags:
            waiting.append(cell)
        elif "lecture" in tags and current is not None:
            groups[current].append(cell)
    return groups


def _slide(cell: nbformat.NotebookNode, slide_type: str = "slide") -> nbformat.NotebookNode:
    """A copy of a notebook cell as one slide; a code cell shows only its outputs unless tagged lecture-code."""
    copy = nbformat.from_dict(cell)
    copy.metadata = {"slideshow": {"slide_type": slide_type}}
    if cell.cell_type == "code":
        tags = cell.metadata.get("tags", [])
        copy.metadata["tags"] = [] if "lecture-code" in tags else ["remove_input"]
        copy.metadata["tags"] += [t for t in tags if t == "lecture-columns"]  # long code: two columns (the CSS)
        copy.outputs = [o for o in copy.outputs if o.get("output_type") != "display_data" or "image/png" in o.data]
    return copy


CLOSING = """## To take away

- **A word search is an exact cover problem:** each word a primary item, covered once; each cell a secondary
  item whose colour is its letter, shared by any words that agree on it.
- **Dancing links undo exactly:** a hidden node keeps its own links, so putting the last change back first
  restores every list; LEN counts what is left.
- **Purify twice, and an option is hidden twice:** the naive engine breaks Knuth's invariant and reports wrong
  solutions. The sticker (Knuth's colour code -1) marks a purified node, so commit passes the item by.
- **Estimate before a long run:** Knuth's random paths tell a second from a century.

Every notebook of the series ends with exercises that check themselves: see `notebooks/00_index.ipynb`."""


def lecture_notebook() -> nbformat.NotebookNode:
    """The 50-minute lecture of ``series.LECTURE`` as one notebook of slides, speaker notes included."""
    cells = []
    plan = []
    clock = 0
    for minutes, _, heading, *_ in series.LECTURE:
        plan.append(f"| {clock}–{clock + minutes} | {heading} |")
        clock += minutes
    title = nbformat.v4.new_markdown_cell(
        "# Word puzzles and Dancing Links\n\nA 50-minute lecture from the notebook series.\n\n"
        "| minutes | part |\n|---|---|\n" + "\n".join(plan)
    )
    title.metadata = {"slideshow": {"slide_type": "slide"}}
    cells.append(title)
    books: dict[int, nbformat.NotebookNode] = {}
    clock = 0
    for minutes, k, heading, do, ask, answer in series.LECTURE:
        if k not in books:
            books[k] = nbformat.read(HERE / series.entry(k)[0], as_version=4)
        mine = [row[2] for row in series.LECTURE if row[1] == k]
        shown = lecture_cells(books[k], mine)[heading]
        head = nbformat.v4.new_markdown_cell(
            f"<p class='wc-when'>{clock}–{clock + minutes} min · notebook {k}, {series.entry(k)[1]}</p>\n\n"
            f"## {heading}\n\n**Do:** {do}\n\n**Ask first:** {ask}"
        )
        head.metadata = {"slideshow": {"slide_type": "slide"}}
        cells.append(head)
        notes = nbformat.v4.new_markdown_cell(f"**Ask:** {ask}\n\n**Model answer:** {answer}")
        notes.metadata = {"slideshow": {"slide_type": "notes"}}  # on the slide that asks, for the speaker view
        cells.append(notes)
        for cell in shown:
            slide = _slide(cell)
            if slide.cell_type == "markdown":  # the heading is on the row's own slide already
                slide.source = "\n".join(line for line in slide.source.splitlines() if line != f"## {heading}")
            cells.append(slide)
        clock += minutes
    end = nbformat.v4.new_markdown_cell(CLOSING)
    end.metadata = {"slideshow": {"slide_type": "slide"}}
    cells.append(end)
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    return nb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Render notebooks as reveal.js slides that need no network.")
    parser.add_argument("names", nargs="+", help="notebook names, e.g. 03_exact_cover, or lecture for the deck")
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    for name in args.names:
        print(f"wrote {render(name, args.out)}")


if __name__ == "__main__":
    main(sys.argv[1:])
