"""Re-execute notebooks in place and keep them clean (no timings, no widget state, no kernel noise).

    python notebooks/tools/execute.py                 # every notebook in notebooks/
    python notebooks/tools/execute.py notebooks/01_find_words.ipynb
    python notebooks/tools/execute.py --timings       # run, write nothing, list the slowest cells

Each notebook runs from a fresh kernel in the notebooks folder; outputs are kept,
execution counts are renumbered from 1, and metadata that changes from run to
run is dropped, so a re-run with the same code gives the same file.
"""

from __future__ import annotations

import stopping  # isort: skip  # first: a Ctrl-C while the rest loads is noted

import argparse
import hashlib
import pathlib
import re
import sys
import threading
from datetime import datetime

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from wordcover.atomic_file import replacing

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks
ID = re.compile(r"[a-zA-Z0-9_-]{1,64}")
KEEP_CELL_METADATA = {"tags", "slideshow"}  # nbval's tags and RISE's slide types survive a re-run


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop what changes between runs, and join the pieces of printed text that a busy kernel sends apart."""
    CoalesceStreamsPreprocessor().preprocess(nb, {})  # '112' then ' solutions' would be two lines in a static page
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    count = 0
    stable_ids(nb)
    for cell in nb.cells:
        cell.metadata = {k: v for k, v in cell.metadata.items() if k in KEEP_CELL_METADATA}
        if cell.cell_type == "code":
            count += 1
            cell.execution_count = count
            for out in cell.outputs:
                if "execution_count" in out:
                    out["execution_count"] = count


def run(nb: nbformat.NotebookNode, store_widget_state: bool = False, timeout: int = 300, timing: bool = False) -> None:
    """Execute a notebook in place from a fresh kernel in the notebooks folder."""
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(HERE)}},
        record_timing=timing,
        store_widget_state=store_widget_state,
    )
    if threading.current_thread() is not threading.main_thread():
        client.execute()
        return
    # In the main thread nbclient would take Ctrl-C and SIGTERM for itself and raise something else; run in a
    # thread, it leaves them to this one, which ends the kernel and lets the stop go on as it came.
    failed: list[BaseException] = []

    def execute_it() -> None:
        try:
            client.execute()
        except BaseException as err:  # handed to the main thread below
            failed.append(err)

    worker = threading.Thread(target=execute_it, name="nbclient", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.2)
    except BaseException:
        kernel = getattr(client.km, "provisioner", None)
        process = getattr(kernel, "process", None)
        if process is not None:
            process.kill()  # the kernel ends now; the thread sees it dead and stops
        worker.join(5)
        raise
    if failed:
        raise failed[0]


def cell_seconds(nb: nbformat.NotebookNode) -> list[tuple[float, int]]:
    """(seconds, cell number) for every code cell of a notebook run with timing=True."""
    times = []
    for k, cell in enumerate(nb.cells):
        stamps = cell.metadata.get("execution", {})
        if cell.cell_type == "code" and "shell.execute_reply" in stamps:
            start = datetime.fromisoformat(stamps["iopub.execute_input"].replace("Z", "+00:00"))
            end = datetime.fromisoformat(stamps["shell.execute_reply"].replace("Z", "+00:00"))
            times.append(((end - start).total_seconds(), k))
    return times


def report_timings(paths: list[pathlib.Path], top: int = 5) -> None:
    """Run each notebook (nothing is written) and print its cell time and the slowest cells of the series."""
    every = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        run(nb, timing=True)
        times = cell_seconds(nb)
        every += [(t, path.name, k) for t, k in times]
        print(f"{path.name:<36} {sum(t for t, _ in times):6.1f} s in {len(times)} code cells")
    print(f"{'all':<36} {sum(t for t, *_ in every):6.1f} s")
    for t, name, k in sorted(every, reverse=True)[:top]:
        print(f"  {t:5.2f} s  {name} cell {k}")


def stable_ids(nb: nbformat.NotebookNode) -> None:
    """nbformat 4.5: every cell keeps its id; a cell without one gets one made from its place and text.

    Ids that do not change from run to run keep diffs small, and a valid 4.5 file opens in
    JupyterLab without being marked as modified.
    """
    nb.nbformat, nb.nbformat_minor = 4, 5
    seen: set[str] = set()
    for k, cell in enumerate(nb.cells):
        cell_id = cell.get("id")
        if not cell_id or cell_id in seen or not ID.fullmatch(cell_id):
            digest = hashlib.sha1(f"{k}\n{cell.source}".encode()).hexdigest()
            cell_id = next(digest[i : i + 12] for i in range(0, 28) if digest[i : i + 12] not in seen)
            cell["id"] = cell_id
        seen.add(cell_id)


def write_notebook(nb: nbformat.NotebookNode, path: pathlib.Path) -> None:
    """Write a notebook as nbformat.write does, whole or not at all: a run stopped half way leaves the old file."""
    with replacing(path) as handle:
        nbformat.write(nb, handle)


def execute(path: pathlib.Path) -> None:
    nb = nbformat.read(path, as_version=4)
    run(nb)
    clean(nb)
    nbformat.validate(nb)
    write_notebook(nb, path)
    print(f"executed {path.relative_to(HERE.parent)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Re-execute notebooks in place, or time their cells.",
        epilog="example: python notebooks/tools/execute.py --timings   (runs the series, writes nothing)",
    )
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path, help="notebooks to run (default: every one)")
    parser.add_argument("--timings", action="store_true", help="run, write nothing, list the slowest cells")
    parser.add_argument("--top", type=int, default=5, help="how many of the slowest cells to list (default 5)")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or sorted(HERE.glob("*.ipynb"))
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    if args.timings:
        report_timings(paths, args.top)
        return
    for path in paths:
        execute(path)


if __name__ == "__main__":
    sys.exit(stopping.stoppable(main, "execute"))
