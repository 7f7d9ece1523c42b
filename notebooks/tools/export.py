"""Write the series as a static site that needs no kernel and no network.

    python notebooks/tools/export.py --out site/                  # every notebook
    python notebooks/tools/export.py --out site/ 05_double_purify # just some (the index is always written)

``index.html`` is the index notebook; each notebook becomes one page with its
prev/next links pointing at the other pages. Notebooks with a player are
re-executed (their traces are not kept in the saved notebooks) and each player
becomes a static one: its traces in the page, and the player module inline, so
it plays, steps and jumps from a ``file://`` URL with nothing fetched. Other
widgets need a kernel; the page says so in their place.
"""

from __future__ import annotations

import stopping  # isort: skip  # first: a Ctrl-C while the rest loads is noted

import argparse
import html
import pathlib
import re
import sys
import time

import nbformat
from execute import run  # beside this script: Python puts a script's own folder first on sys.path
from nbconvert import HTMLExporter
from series import SERIES

from wordcover.atomic_file import write_file
from wordcover.widgets import page_script, player_state, static_fragment

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks

EXTRA = ["widgets_demo.ipynb"]  # pages exported beside the series, reachable from the index's top bar
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
NEEDS_KERNEL = "(an interactive widget: open the notebook in JupyterLab and run it to use this)"


def has_player(nb: nbformat.NotebookNode) -> bool:
    return any(c.cell_type == "code" and "Tracer(" in c.source for c in nb.cells)


def static_outputs(nb: nbformat.NotebookNode) -> int:
    """Turn each player output into a static player and every other widget into a note; return the players."""
    states = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    players = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW not in data:
                continue
            model = states.get(data[WIDGET_VIEW].get("model_id"), {}).get("state", {})
            if "_payloads" in model:
                picture = data.get("image/png", "")
                fallback = (
                    f'<img alt="the current frame" src="data:image/png;base64,{picture}">' if picture else ""
                ) + f"<p>{html.escape(data.get('text/plain', ''))}</p>"
                state = player_state(model["_payloads"], model["frame"], model["fine"], model["scale"])
                state["options"] |= model.get("_view", {})  # the rows and legend entries the player was made with
                out["data"] = {"text/html": static_fragment(state, fallback)}
                players += 1
            elif data.get("image/png"):  # a widget that brought its own still picture keeps it, above the note
                still = f'<img alt="a still picture of the widget" src="data:image/png;base64,{data["image/png"]}">'
                out["data"] = {"text/html": f"{still}<p>{html.escape(NEEDS_KERNEL)}</p>"}
            else:
                out["data"] = {"text/plain": NEEDS_KERNEL}
    nb.metadata.pop("widgets", None)
    return players


def page_links(text: str, names: list[str]) -> str:
    """Point links between notebooks at the exported pages."""
    for name in names:
        stem = name.removesuffix(".ipynb")
        target = "index.html" if name == SERIES[0][0] else f"{stem}.html"
        text = text.replace(f'href="{name}"', f'href="{target}"')
    return text


def export(out: pathlib.Path, only: list[str], force: bool = False) -> list[pathlib.Path]:
    if out.exists() and not out.is_dir():
        raise SystemExit(f"export.py: --out {out} is a file, not a folder")
    exporter = HTMLExporter(template_name="export_template", extra_template_basedirs=[str(TOOLS)])
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    names = [file for file, *_ in SERIES] + EXTRA
    chosen = [n for n in names if not only or n == SERIES[0][0] or n.removesuffix(".ipynb") in only]
    unknown = set(only) - {n.removesuffix(".ipynb") for n in names}
    if unknown:
        raise SystemExit(f"export.py: no notebook named {', '.join(sorted(unknown))}; choose from the series")
    pages = [out / ("index.html" if name == SERIES[0][0] else name.replace(".ipynb", ".html")) for name in chosen]
    there = [page for page in pages if page.exists()]
    if there and not force:  # checked before any work: nothing half-replaced
        raise SystemExit(
            f"export.py: {out} holds {len(there)} of these pages already (e.g. {there[0].name}); "
            "choose another --out, or add --force to replace them"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SystemExit(f"export.py: cannot make {out}: {err.strerror}") from None
    written = []
    for name in chosen:
        started = time.monotonic()
        nb = nbformat.read(HERE / name, as_version=4)
        if has_player(nb):
            run(nb, store_widget_state=True, timeout=600)  # the players' traces live in the widgets' state
        players = static_outputs(nb)
        nav = (
            '<nav class="wordcover-nav"><a href="index.html">Word puzzles and Dancing Links: index</a>'
            '<a href="widgets_demo.html">widgets demo</a></nav>'
        )
        body, _ = exporter.from_notebook_node(
            nb, resources={"wordcover_nav": nav, "wordcover_script": page_script() if players else ""}
        )
        body = page_links(body, names)
        target = out / ("index.html" if name == SERIES[0][0] else name.replace(".ipynb", ".html"))
        write_file(target, body)  # whole or not at all: a stopped export leaves no half page
        written.append(target)
        note = f", {players} player{'s' if players != 1 else ''}" if players else ""
        print(f"{target.name}: {len(body) // 1024:,} KB{note} ({time.monotonic() - started:.1f} s)", flush=True)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=pathlib.Path, help="the folder to write the site into")
    parser.add_argument("notebooks", nargs="*", help="export only these (e.g. 05_double_purify); default: all")
    parser.add_argument("--force", action="store_true", help="replace pages that exist already in --out")
    args = parser.parse_args(argv)
    written = export(args.out, [re.sub(r"\.ipynb$", "", n) for n in args.notebooks], force=args.force)
    print(f"wrote {len(written)} pages to {args.out}; open {args.out / 'index.html'} in a browser")


if __name__ == "__main__":
    sys.exit(stopping.stoppable(main, "export"))
