"""Small problems in Knuth's DLX format that ship inside the package, loaded by name.

* ``knuth_exact_cover``: DLX1's example (the 2000 paper's matrix with F and G secondary; TAOCP's first example
  has items a-g, all primary): seven items, six options, one solution;
* ``knuth_tiny_colours``: Knuth's tiny example of colour controls (DLX2), with one option that has
  no primary item (ignored, with a warning, as DLX2 does);
* ``colour_pair``: three options and one colour item, the smallest place to watch a double purify.
"""

from __future__ import annotations

from importlib import resources

from .dlx_format import DlxInput, dlx_text, parse_dlx
from .errors import ProblemError

_FOLDER = resources.files("wordcover") / "data" / "examples"


def names() -> list[str]:
    """The names of the examples."""
    return sorted(p.name[: -len(".dlx")] for p in _FOLDER.iterdir() if p.name.endswith(".dlx"))


def text(name: str) -> str:
    """The DLX text of an example."""
    path = _FOLDER / f"{name}.dlx"
    if not path.is_file():
        raise ProblemError(f"no example {name!r}; the examples are {', '.join(names())}")
    return dlx_text(path.read_bytes())


def load(name: str) -> DlxInput:
    """An example, parsed: ``load("knuth_tiny_colours").problem`` is the Problem."""
    return parse_dlx(text(name))
