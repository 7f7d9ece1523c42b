"""Re-execute notebooks in place and keep them clean (no timings, no widget state, no kernel noise).

    python notebooks/execute.py                 # every notebook in notebooks/
    python notebooks/execute.py notebooks/01_find_words.ipynb

Each notebook runs from a fresh kernel in the notebooks folder; outputs are kept,
execution counts are renumbered from 1, and metadata that changes from run to
run is dropped, so a re-run with the same code gives the same file.
"""

from __future__ import annotations

import pathlib
import sys

import nbformat
from nbclient import NotebookClient

HERE = pathlib.Path(__file__).resolve().parent
KEEP_CELL_METADATA = {"tags"}


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop what changes between runs."""
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    count = 0
    for cell in nb.cells:
        cell.metadata = {k: v for k, v in cell.metadata.items() if k in KEEP_CELL_METADATA}
        cell.pop("id", None)
        if cell.cell_type == "code":
            count += 1
            cell.execution_count = count
            for out in cell.outputs:
                if "execution_count" in out:
                    out["execution_count"] = count


def run(nb: nbformat.NotebookNode, store_widget_state: bool = False, timeout: int = 300) -> None:
    """Execute a notebook in place from a fresh kernel in the notebooks folder."""
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(HERE)}},
        record_timing=False,
        store_widget_state=store_widget_state,
    )
    client.execute()


def execute(path: pathlib.Path) -> None:
    nb = nbformat.read(path, as_version=4)
    run(nb)
    clean(nb)
    nb.nbformat_minor = 4
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(HERE.parent)}")


def main(argv: list[str]) -> None:
    paths = [pathlib.Path(a).resolve() for a in argv] or sorted(HERE.glob("*.ipynb"))
    for path in paths:
        execute(path)


if __name__ == "__main__":
    main(sys.argv[1:])
