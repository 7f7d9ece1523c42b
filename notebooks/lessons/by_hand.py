"""Notebook 3b, Dancing Links by hand: what its own cells call to show something (no answers).

``engine_links`` copies an engine's arrays into the dict, named in Knuth's words, that the notebook prints and draws;
``DLX1_RUNS`` is what Knuth's DLX1 printed on the notebook's two files, read back by ``dlx1_counts`` and ``dlx1_mems``.
"""

from __future__ import annotations

import re

from wordcover.dancing_links import DancingLinks

# What DLX1 printed on its standard error for the notebook's two files: dlx1.w and gb_flip.w as in
# github.com/ascherer/cwebtest at commit cf98784, ctangled (CWEBINPUTS=. ctangle dlx1.w), built with gcc -O2 as
# benchmarks/README.md says, and run as `dlx1 < file`, the files being examples.text("knuth_exact_cover") and
# format_dlx(queens(8)). Its last line names the solutions, the mems (memory accesses, while reading the input +
# while searching), the updates, the bytes of memory, the search-tree nodes and ccost (a share of the mems).
DLX1_RUNS = {
    "Knuth's example": "(6 options, 5+2 items, 22 entries successfully read)\n"
    "Altogether 1 solution, 418+468 mems, 30 updates, 620 bytes, 6 nodes, ccost 7%.",
    "8 queens": "(64 options, 16+30 items, 320 entries successfully read)\n"
    "Altogether 92 solutions, 11168+305205 mems, 21375 updates, 6656 bytes, 1199 nodes, ccost 5%.",
    "Knuth's example, v131": "(6 options, 5+2 items, 22 entries successfully read)\n"  # its choices and profile too
    "L0: A D G (1 of 2)\n"
    "L1: B C F (1 of 1)\n"
    "L0: A D (2 of 2)\n"
    "L1: E F C (1 of 1)\n"
    "L2: B G (1 of 1)\n"
    "Profile:\n"
    "  0: 1\n"
    "  1: 2\n"
    "  2: 2\n"
    "  3: 1\n"
    "Altogether 1 solution, 418+468 mems, 30 updates, 620 bytes, 6 nodes, ccost 7%.",
}


def dlx1_counts(run: str) -> dict[str, int]:
    """The solutions, nodes and updates that a run of DLX1 reports on its last line."""
    found = re.search(r"Altogether (\d+) solutions?, .* (\d+) updates, \d+ bytes, (\d+) nodes", run)
    if found is None:
        raise ValueError(f"not DLX1's last line: {run!r}")
    solutions, updates, nodes = map(int, found.groups())
    return {"solutions": solutions, "nodes": nodes, "updates": updates}


def dlx1_mems(run: str) -> tuple[int, int]:
    """The mems (memory accesses) that a run of DLX1 reports on its last line: reading the input, and searching."""
    found = re.search(r"Altogether \d+ solutions?, (\d+)\+(\d+) mems", run)
    if found is None:
        raise ValueError(f"not DLX1's last line: {run!r}")
    reading, searching = map(int, found.groups())
    return reading, searching


class LibraryArray(list):
    """One of the arrays the library (or a solution) laid out: equal to a list of the same values, but the checks
    refuse it as a learner's own."""


def _as_library(links: dict[str, list]) -> dict[str, list]:
    """Each array of ``links`` marked as the library's."""
    return {name: LibraryArray(values) for name, values in links.items()}


def engine_links(engine: DancingLinks) -> dict[str, list]:
    """A copy of an engine's arrays as a dict named in Knuth's words (the engine keeps LEN in a list of its own)."""
    fields = {"LLINK": engine.llink, "RLINK": engine.rlink, "TOP": engine.top}
    fields |= {"ULINK": engine.ulink, "DLINK": engine.dlink, "LEN": engine.len}
    return _as_library({"NAME": engine.names} | fields)
