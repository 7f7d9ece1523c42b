"""DLX2 with its sticker taken out, on the colour pair and ABEL LAND: the record that notebook 5 quotes.

Run:  python benchmarks/dlx2_without_sticker.py --knuth /tmp/knuth [--record data/dlx2_without_sticker.json] [--force]

``--knuth`` is a folder holding Knuth's ``dlx2.w``, ``gb_flip.w`` and ``boilerplate.w`` (benchmarks/README.md says
where they come from and how ctangle finds them). In a temporary folder the script ctangles them and builds two
programs with gcc: DLX2 as published, and DLX2 after two edits to the C that ctangle writes (``EDITS``): purify no
longer gives the nodes of the purified colour the sticker (COLOR -1), and unpurify passes over the nodes of that
colour where it used to peel the sticker off. That is our naive engine's change, made to Knuth's program. Both run
on the colour pair, also with DLX2's option ``v63`` (which prints every choice), and on ABEL LAND in 4 x 4, each
written by ``wordcover.format_dlx``. The record keeps the command, the sha256 of the ``.w`` files, the edits, and
for each run DLX2's last line, its count of solutions, how many times it printed ``confusion!`` and, for the pair
with ``v63``, the lines of its choices. An existing record is replaced only with ``--force``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_knuth import knuth_counters

from wordcover import WordSearch, examples, format_dlx
from wordcover.atomic_file import write_file

EDITS = [  # (what ctangle writes, what the build without the sticker has instead), each found exactly once
    ("}else cleansings++,o,nd[rr].color= -1;", "}else cleansings++;"),  # purify: no sticker given
    ("if(o,nd[rr].color<0)o,nd[rr].color= x;", "if(o,nd[rr].color==x);"),  # unpurify: the colour passed over
]
SOURCES = ("dlx2.w", "gb_flip.w", "boilerplate.w")


def without_sticker(c_text: str) -> str:
    """The ctangled C of DLX2 with the two edits made (ValueError if either is not found exactly once)."""
    for old, new in EDITS:
        if c_text.count(old) != 1:
            raise ValueError(f"dlx2.c holds {c_text.count(old)} copies of {old!r}, not one: another dlx2.w?")
        c_text = c_text.replace(old, new)
    return c_text


def build(knuth: Path, folder: Path) -> dict[str, Path]:
    """DLX2 as published and without the sticker, built in ``folder`` from the .w files in ``knuth``."""
    for name in SOURCES:
        shutil.copy(knuth / name, folder / name)
    env = {**os.environ, "CWEBINPUTS": "."}
    for name in ("gb_flip.w", "dlx2.w"):
        subprocess.run(["ctangle", name], cwd=folder, env=env, check=True, capture_output=True)
    c_text = (folder / "dlx2.c").read_text()
    (folder / "dlx2_without_sticker.c").write_text(without_sticker(c_text))
    binaries = {"published": folder / "dlx2", "without sticker": folder / "dlx2_without_sticker"}
    for source, binary in (("dlx2.c", binaries["published"]), ("dlx2_without_sticker.c", binaries["without sticker"])):
        subprocess.run(["gcc", "-O2", "-o", str(binary), source, "gb_flip.c"], cwd=folder, check=True,
                       capture_output=True)  # fmt: skip
    return binaries


def run(binary: Path, problem_file: Path, *options: str) -> dict:
    """What DLX2 said on one problem: its last line, the solutions, the confusions, the choices it printed."""
    with problem_file.open() as stdin:
        done = subprocess.run([str(binary), *options], stdin=stdin, capture_output=True, text=True, check=True)
    said = done.stderr.splitlines()
    counters = knuth_counters(done.stderr)
    if counters is None:
        raise ValueError(f"{binary.name} wrote no last line of counts on {problem_file.name}")
    return {
        "last line": said[-1],
        "solutions": counters["count"],
        "confusion!": sum(line == "confusion!" for line in said),
        "choices": [line for line in said if line.startswith("L")] if options else [],
    }


def record(knuth: Path) -> dict:
    """Build both programs, run them on the two problems and return the record."""
    problems = {
        "colour pair": examples.load("colour_pair").problem,
        "ABEL LAND": WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal").problem,
    }
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        binaries = build(knuth, folder)
        runs: dict[str, dict] = {}
        for name, problem in problems.items():
            path = folder / f"{name.replace(' ', '_')}.dlx"
            path.write_text(format_dlx(problem) + "\n")
            for build_name, binary in binaries.items():
                runs[f"{name}, {build_name}"] = run(binary, path)
                if name == "colour pair":
                    runs[f"{name}, {build_name}, v63"] = run(binary, path, "v63")
    return {
        "command": "python benchmarks/dlx2_without_sticker.py --knuth DIR",
        "sources": {name: hashlib.sha256((knuth / name).read_bytes()).hexdigest() for name in SOURCES},
        "edits": [{"ctangled": old, "without sticker": new} for old, new in EDITS],
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knuth", type=Path, required=True, help="the folder with dlx2.w, gb_flip.w, boilerplate.w")
    parser.add_argument("--record", type=Path, default=Path("data/dlx2_without_sticker.json"))
    parser.add_argument("--force", action="store_true", help="replace an existing record")
    args = parser.parse_args()
    missing = [name for name in SOURCES if not (args.knuth / name).is_file()]
    if missing:
        sys.exit(f"{args.knuth} has no {', '.join(missing)} (benchmarks/README.md says where they come from)")
    if args.record.exists() and not args.force:
        sys.exit(f"{args.record} exists: give --force to replace it")
    made = record(args.knuth)
    write_file(args.record, json.dumps(made, indent=1, ensure_ascii=False) + "\n")
    for name, said in made["runs"].items():
        print(f"{name}: {said['solutions']} solutions, confusion! {said['confusion!']} times")


if __name__ == "__main__":
    main()
