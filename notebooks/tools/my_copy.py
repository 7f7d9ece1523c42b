"""Make a working copy of the series for a learner, so that edits never touch the committed notebooks.

    python notebooks/tools/my_copy.py                # copies the series into my-notebooks/ beside notebooks/
    python notebooks/tools/my_copy.py DEST           # or into DEST
    python notebooks/tools/my_copy.py DEST --force   # overwrite notebooks already in DEST

Then open the copy with ``jupyter lab my-notebooks/``. The committed notebooks in ``notebooks/`` are what
``python -m pytest`` compares against; to throw away edits made to them by mistake, ``git checkout -- notebooks/``
restores them.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import sys

from wordcover.atomic_file import write_file

TOOLS = pathlib.Path(__file__).resolve().parent  # notebooks/tools: the scripts and their templates
HERE = TOOLS.parent  # the notebooks
DEFAULT = HERE.parent / "my-notebooks"
PACKAGES = ("solutions", "lessons")  # what the notebooks import from beside them: answers and checks; show helpers


def make_copy(dest: pathlib.Path, force: bool = False) -> list[pathlib.Path]:
    """Copy every notebook and the solutions and lessons packages into ``dest``; refuse to overwrite unless
    ``force``."""
    dest = dest.resolve()
    if dest == HERE or HERE in dest.parents:
        raise SystemExit("the copy must go somewhere other than notebooks/ itself or a folder inside it")
    if dest.exists() and not dest.is_dir():
        raise SystemExit(f"{dest} is a file: name a folder for the copy")
    notebooks = sorted(HERE.glob("[0-9][0-9]*_*.ipynb"))
    solutions = sorted(p.relative_to(HERE) for package in PACKAGES for p in (HERE / package).glob("*.py"))
    clashes = [dest / p.name for p in notebooks if (dest / p.name).exists()]
    clashes += [
        dest / p for p in solutions if (dest / p).exists() and (dest / p).read_bytes() != (HERE / p).read_bytes()
    ]
    if clashes and not force:
        raise SystemExit(
            f"{dest} already holds {len(clashes)} of the notebooks (e.g. {clashes[0].name}), perhaps with your "
            "edits; choose another folder, or add --force to overwrite them"
        )
    try:
        for package in PACKAGES:
            (dest / package).mkdir(parents=True, exist_ok=True)
        for p in [*notebooks, *(HERE / s for s in solutions)]:
            _copy(p, dest / p.relative_to(HERE))
    except OSError as err:
        raise SystemExit(f"cannot copy into {dest}: {err.strerror}") from None
    return [dest / p.name for p in notebooks]


def _copy(source: pathlib.Path, target: pathlib.Path) -> None:
    """Copy one file with its times and mode, whole or not at all: a copy stopped half way leaves the old file."""
    write_file(target, source.read_bytes())
    shutil.copystat(source, target)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Copy the notebook series into a folder of your own.")
    parser.add_argument(
        "dest", nargs="?", type=pathlib.Path, default=DEFAULT, help="where to copy (default: %(default)s)"
    )
    parser.add_argument("--force", action="store_true", help="overwrite notebooks already in DEST")
    args = parser.parse_args(argv)
    copied = make_copy(args.dest, args.force)
    print(f"copied {len(copied)} notebooks with their solutions and lessons to {args.dest}")
    print(f"open them with: jupyter lab {args.dest}")


if __name__ == "__main__":
    main(sys.argv[1:])
