"""The API reference: docs/build_api.py writes a page for every public module, with the docstrings' examples."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIB = ROOT / "lib" / "wordcover"


def pages_of_the_source() -> set[str]:
    """The page each public module should get, read off the files in lib/ (a name starting with _ is private)."""
    pages = set()
    for path in LIB.rglob("*.py"):
        parts = path.relative_to(LIB.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if not any(part.startswith("_") for part in parts):
            pages.add("/".join(parts) + ".html")
    return pages


@pytest.mark.slow
def test_every_public_module_has_its_page(tmp_path):
    pytest.importorskip("pdoc", reason="pdoc comes with the dev extra")
    output = tmp_path / "api"
    done = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "build_api.py"), "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    written = {str(p.relative_to(output)) for p in output.rglob("*.html")} - {"index.html"}
    assert written == pages_of_the_source()
    assert {"wordcover.html", "wordcover/fast.html", "wordcover/views/links.html"} <= written
    assert done.stdout.strip() == f"build_api: {len(written)} module pages in {output}"
    package = (output / "wordcover.html").read_text(encoding="utf-8")
    assert 'count_solutions</span><span class="p">(</span><span class="n">queens</span>' in package  # an example
    assert '<a href="wordcover/problem.html">wordcover.problem</a>' in package  # :mod:`~wordcover.problem`
