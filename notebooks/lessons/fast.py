"""Notebook 8, making it fast: what its own cells call to show something (the commit's walk, the compiled loop, the
record against DLX2)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

# ---- the record of benchmarks/bench_knuth.py, read from benchmarks/README.md --------------------------------------

KNUTH_SECTION = "## Against Knuth's programs"  # the README's section that holds the record
MEASURED = "Measured on the project's machine"  # the start of the paragraph that says where and how it was measured


def markdown_table(lines: list[str]) -> list[dict[str, object]]:
    """The rows of the first markdown table in ``lines``, each a dict from the header's names to the cells.

    A cell like ``9,664,704`` becomes an int, ``0.91`` a float, an empty cell None, anything else stays text.
    """
    found = [line.strip() for line in lines]
    start = next(k for k, line in enumerate(found) if line.startswith("|"))
    table = list(itertools.takewhile(lambda line: line.startswith("|"), found[start:]))

    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip("|").split("|")]

    def value(cell: str) -> object:
        if cell == "":
            return None
        if re.fullmatch(r"\d{1,3}(,\d{3})*|\d+", cell):
            return int(cell.replace(",", ""))
        if re.fullmatch(r"\d*\.\d+", cell):
            return float(cell)
        return cell

    header = cells(table[0])
    rows = [cells(line) for line in table[1:] if not re.fullmatch(r"[|:\- ]+", line)]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"a row of {len(row)} cells under a header of {len(header)}: {row}")
    return [dict(zip(header, map(value, row))) for row in rows]


def knuth_record(readme: str | Path | None = None) -> dict[str, object] | None:
    """The record of ``benchmarks/bench_knuth.py`` as ``benchmarks/README.md`` keeps it.

    ``measured``: the README's sentence that says on which machine and with which options it was measured (up to
    its first semicolon); ``rows``: its table, one dict a row (see :func:`markdown_table`). Without ``readme``, the
    file is looked for in the notebook's folder and each folder above it; when it is not there, one line says so
    and the result is None.
    """
    if readme is None:
        here = Path.cwd()
        readme = next(
            (f / "benchmarks" / "README.md" for f in (here, *here.parents) if (f / "benchmarks").is_dir()), None
        )
        if readme is None or not readme.is_file():
            print("benchmarks/README.md is not in this folder or any above it: it is in the project's repository")
            return None
    text = Path(readme).read_text(encoding="utf-8")
    section = text[text.index(KNUTH_SECTION) :].split("\n## ", 1)[0]
    after = section[section.index(MEASURED) :]
    paragraph = after.split("\n\n", 1)[0]
    measured = " ".join(paragraph.split(";", 1)[0].replace("`", "").split())
    return {"measured": measured, "rows": markdown_table(after.splitlines())}


def knuth_ratios(bench: dict[str, object]) -> list[tuple[str, int, float, float, float, float, float]]:
    """The record's rows side by side, one per problem, in its order: (problem, solutions, the whole ``wordcover``
    command's time over DLX2's, over DLX2's without mems, our search alone over DLX2's, over DLX2's without mems,
    and the seconds of start-up: the whole command's time less the search's)."""
    rows = {(row["problem"], row["program"]): row for row in bench["rows"]}
    return [
        (
            problem,
            row["solutions"],
            row["ratio"],
            rows[problem, "DLX2 no mems"]["ratio"],
            row["search ratio"],
            rows[problem, "DLX2 no mems"]["search ratio"],
            round(row["wordcover s"] - row["search s"], 2),
        )
        for (problem, program), row in rows.items()
        if program == "DLX2"
    ]


def print_compiled(*pieces: str) -> None:
    """Print the fast engine's source as numba compiles it, its pausing, limits and output each said in one line: a
    part of its loop ("C5-C7", ..., "C5 purify", or one step's block, "C5" or "C6") or a whole function ("_run",
    "_cover", ...)."""
    from wordcover.fast import LOOP_PARTS, PURIFY, STEPS, search_source  # here, so that the lessons load without numba

    for piece in pieces:
        if piece in LOOP_PARTS or piece == PURIFY or piece in STEPS:
            print(search_source("_run", scaffolding=False, part=piece))
        else:
            print(search_source(piece, scaffolding=False))


def walk_commit(engine: object, labels: list[str]) -> None:
    """Print step C5's first commit at the root, as the teaching ``engine`` (made, not yet run) takes it one step at a
    time: C3 and C4, then the walk of ``p`` along the option ``x``, each purify with the nodes it stickers and the
    options it hides (each hidden option's nodes that leave their lists), and the spacer that ends the walk.
    ``labels`` names the options (a word search's placements)."""
    e = engine  # Knuth's arrays, as the teaching engine keeps them: TOP, ULINK, DLINK, COLOR, LEN
    i = e.choose()  # C3
    lengths, k = [], e.rlink[0]
    while k != 0:  # every primary item still to cover, with its LEN
        lengths.append(f"{e.names[k]} {e.len[k]}")
        k = e.rlink[k]
    e.cover(i)  # C4
    print(f"C3: the options each primary item has: {', '.join(lengths)}")
    print(f"C3 chooses {e.names[i]}, the fewest; C4 covers it: {e.stats.updates} updates")
    x = e.dlink[i]  # C5: the first option left in i's list
    print(f"C5 tries x = node {x}, {labels[e.option_of[x]]}; p walks right from node {x + 1}:")

    def nodes_of(q: int) -> list[int]:
        """The nodes of q's option, left to right."""
        first = q
        while e.top[first - 1] > 0:
            first -= 1
        last = q
        while e.top[last + 1] > 0:
            last += 1
        return list(range(first, last + 1))

    p = x + 1
    while p != x:
        if e.top[p] <= 0:
            print(f"  p = {p}: a spacer (TOP <= 0); p = ULINK({p}) = {e.ulink[p]}, which is x: the commit is done")
            p = e.ulink[p]
            continue
        j, c = e.top[p], e.color[p]
        print(f"  p = {p}: item {e.names[j]}, colour {e.colour_names[c]}: purify {e.names[j]}")
        q, done = e.dlink[j], False
        while q != j:  # what purify will do, read before it does it
            option = labels[e.option_of[q]]
            if e.color[q] == c:
                print(f"      node {q} ({option}) has {e.colour_names[c]} too: it gets the sticker")
            else:
                others = [r for r in nodes_of(q) if r != q]
                leave = ", ".join(f"{r} (in {e.names[e.top[r]]})" if e.top[r] <= e.n1 else str(r)
                                  for r in others if e.color[r] >= 0)  # fmt: skip
                stay = [str(r) for r in others if e.color[r] < 0]  # hide leaves a stickered node in its list
                print(
                    f"      node {q} ({option}) has {e.colour_names[e.color[q]]}: its option is hidden,"
                    f" nodes {leave} leave their lists" + (f"; {', '.join(stay)}, stickered, stays" if stay else "")
                )
            q, done = e.dlink[q], True
        if not done:
            print("      its list is empty: nothing to do")
        e.purify(p)
        p += 1


def walk_figure(
    trace: object, frames: list[int], items: list[str], options: list[int], walked: list[int], titles: list[str]
) -> object:
    """:func:`wordcover.views.links_figure` of ``frames`` (every node numbered), with two changes for the commit's
    walk: each header's number sits under its box, as a node's under its node, not between two boxes; and on the
    last frame, each node of ``walked`` (the nodes ``p`` visits, in order) gets its step 1, 2, ... in red at its upper
    left."""
    from wordcover.views._figure import figure_or_picture
    from wordcover.views.links import links_picture
    from wordcover.views.picture import Text

    picture = links_picture(trace, frames, items, titles, 5.0, 9, True, None, True, "edge", [], options)
    for n, panel in enumerate(picture.panels):
        kept = []
        for it in panel.items:
            if isinstance(it, Text) and it.y == 0 and it.ha == "left" and it.text.isdigit():  # a header's number
                kept.append(Text(int(it.x) + 0.27, 0.42, it.text, size=it.size, ha="left", va="top",
                                 colour=it.colour, zorder=it.zorder))  # fmt: skip
                continue
            kept.append(it)
            last = n == len(picture.panels) - 1
            if last and isinstance(it, Text) and it.va == "top" and it.text.isdigit() and int(it.text) in walked:
                step = walked.index(int(it.text)) + 1  # a walked node's number: its step beside it
                kept.append(Text(it.x - 0.37, it.y - 0.36, f"p{step}", size=it.size, ha="right", va="bottom",
                                 colour="#c0392b", weight="bold", zorder=it.zorder))  # fmt: skip
        panel.items[:] = kept
    return figure_or_picture(picture)


def commit_picture(pair: object) -> object:
    """The links of a word search's first commit, before and after C5 commits ``x``, each node ``p`` walks marked."""
    from wordcover import make_engine
    from wordcover.playback import record_writes

    commit = record_writes(pair.problem, "sticker", max_events=16)  # the search, up to the end of its first commit
    tried = next(f for f in range(commit.frames) if commit.describe(f).startswith("L0 try"))  # C5 tries x
    engine = make_engine(pair.problem, "sticker")
    i = engine.choose()  # C3
    x = engine.dlink[i]  # the first option in the chosen item's list
    walked = list(itertools.takewhile(lambda p: engine.top[p] > 0, itertools.count(x + 1)))  # up to the spacer
    drawn = [engine.names[i], *(engine.names[engine.top[p]] for p in walked)]  # the chosen item, then x's items
    rows = [k for k, option in enumerate(pair.problem.options) if any(entry.item in drawn for entry in option)]
    titles = [
        f"before: C5 tries x, {pair.placements[engine.option_of[x]]}",
        f"after: p walked {walked[0]} to {walked[-1]} (p1 to p{len(walked)}), each cell purified",
    ]
    return walk_figure(commit, [tried, commit.frames - 1], drawn, rows, walked, titles)


def dlx1_ratios(bench: dict[str, object]) -> list[tuple[str, float, float]]:
    """Each problem the record times against DLX1 too: (problem, our search alone ÷ DLX1, ÷ DLX1 without mems)."""
    rows = {(row["problem"], row["program"]): row for row in bench["rows"]}
    return [
        (problem, row["search ratio"], rows[problem, "DLX1 no mems"]["search ratio"])
        for (problem, program), row in rows.items()
        if program == "DLX1"
    ]
