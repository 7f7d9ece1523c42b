"""Sources a learner can follow: every reference of every notebook has a link, and the colours article is named."""

from __future__ import annotations

import pathlib
import re

import nbformat
import pytest

NOTEBOOKS = sorted((pathlib.Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
COURSE = [p for p in NOTEBOOKS if not p.name.startswith("00")]
LINK = re.compile(r"\]\((https?://[^)\s]+)\)|<(https?://[^>\s]+)>")


def references(path: pathlib.Path) -> list[str]:
    """The bullets of a notebook's References section, each joined onto one line."""
    cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]
    (section,) = [c.source for c in cells if c.source.startswith("## References")]
    return [" ".join(item.split()) for item in re.split(r"\n- ", "\n" + section.split("\n", 1)[1].strip())[1:]]


@pytest.mark.parametrize("path", COURSE, ids=[p.name for p in COURSE])
def test_every_reference_is_named_and_linked(path):
    items = references(path)
    assert items, f"{path.name} has no references"
    for item in items:
        assert LINK.search(item), f"{path.name}: no link in {item[:80]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_colours_article_is_never_cited_without_its_name(path):
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    if re.search(r"colours article|article this series follows", text, re.I):
        assert "https://blog.morefreeze.top/2026/03/dlx-xcc_en.html" in text, path.name
