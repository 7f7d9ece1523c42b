"""Render a notebook as reveal.js slides that show offline.

    python notebooks/slides.py 03_exact_cover            # writes build/slides/03_exact_cover.slides.html
    python notebooks/slides.py 03_exact_cover 05_double_purify

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
from nbconvert import SlidesExporter

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "build" / "slides"
REVEAL = "reveal.js@4.6.1"


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


def render(name: str, out: pathlib.Path = OUT) -> pathlib.Path:
    """Write ``out/NAME.slides.html`` for notebooks/NAME.ipynb and return its path."""
    path = HERE / (name if name.endswith(".ipynb") else f"{name}.ipynb")
    if not path.is_file():
        known = ", ".join(p.stem for p in sorted(HERE.glob("[0-9][0-9]_*.ipynb")))
        raise SystemExit(f"no notebook {path.name} in notebooks/; choose from {known}")
    reveal_folder(out)
    exporter = SlidesExporter(extra_template_basedirs=[str(HERE)], template_name="slides_template")
    exporter.reveal_url_prefix = "node_modules/reveal.js"
    exporter.reveal_theme = "white"  # its fonts come with reveal.js; "simple" would fetch them from the web
    body, _ = exporter.from_notebook_node(nbformat.read(path, as_version=4))
    target = out / f"{path.stem}.slides.html"
    target.write_text(body, encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Render notebooks as reveal.js slides that need no network.")
    parser.add_argument("names", nargs="+", help="notebook names, e.g. 03_exact_cover")
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    for name in args.names:
        print(f"wrote {render(name, args.out)}")


if __name__ == "__main__":
    main(sys.argv[1:])
