"""Notebook 7, word rectangles and word squares: what its own cells call to show something."""

from __future__ import annotations

from wordcover.squares import SquareSearch, SquareStats, count_squares
from wordcover.wordlists import load_words


def audit_record(seven: dict, recount: bool = True) -> bool:
    """Check the order-7 record (``data/squares_order7.json``) instead of believing it, and say in one sentence what
    was checked.

    Each split's pieces are added up, counter by counter, and compared with the record's totals. Then one piece is
    counted again here with the compiled search (when ``recount``; it needs numba and numpy): the piece of the first
    split that placed the fewest lines, leaving out pieces that placed none, which would check little. Every
    counter, the profile included, must equal the recorded one. True when everything checked agrees; otherwise the
    sentence names what does not.
    """
    totals = SquareStats(**seven["stats"])
    wrong = []
    for split in seven["splits"]:
        summed = SquareStats(profile=[])
        for piece in split["each"]:
            summed.add(SquareStats(**{k: v for k, v in piece.items() if k != "range"}))
        if summed != totals:
            wrong.append(f"the {split['pieces']} pieces do not add up to the totals")
    if wrong:
        print("The record does not hold: " + "; ".join(wrong) + ".")
        return False
    sizes = " and the ".join(str(split["pieces"]) for split in seven["splits"])
    print(f"Checked: the {sizes} pieces of the two splits each add up to the record's totals, counter for counter.")
    if not recount:
        return True
    order, kind = seven["order"], seven["kind"]
    words = SquareSearch(order, load_words(length=order), kind).words
    piece = min((p for p in seven["splits"][0]["each"] if p["nodes"] > 0), key=lambda p: p["nodes"])
    a, b = piece["range"]
    recorded = SquareStats(**{k: v for k, v in piece.items() if k != "range"})
    again = count_squares(order, words, kind, first=(a, b), method="compiled")  # ExtraNeeded without numba
    which = f"first-row words {words[a]} to {words[b - 1]}"
    if again != recorded:
        print(f"The record does not hold: the piece of {which}, counted again here, differs.")
        return False
    print(
        f"One piece counted again here ({which}, {again.nodes:,} lines placed) gives its recorded counters, "
        "profile included."
    )
    return True


def cutoffs_until_first_square(search: SquareSearch) -> list[tuple[str, list[str], list[str]]]:
    """Every cut-off (kind, row prefixes, column prefixes) the search makes before its first square."""
    heard: list[tuple[str, list[str], list[str]]] = []
    next(search.squares(watch=lambda kind, rows, cols: heard.append((kind, rows, cols))))
    return heard


def option_matrix_picture(problem, options, outline: str):
    """Options as rows and the items they use as columns, each cell the letter an option writes there (a dot for a
    primary item it covers), the column ``outline`` outlined: a Picture, drawn by :func:`option_matrix_figure`."""
    from wordcover.views.picture import Line, Panel, Picture, Rect, Text, Ticks

    options = list(options)
    used = {e.item for k in options for e in problem.options[k]}
    items = [name for name in problem.items if name in used]  # primary first, as the problem lists them
    primary = sum(name in problem.primary for name in items)
    cell, left, top = 0.42, 1.7, 0.75  # inches: a cell, the option labels at the left, the item names on top
    width, height = left + cell * len(items) + 0.2, top + cell * len(options) + 0.15
    picture = Picture(
        round(width, 2), round(height, 2), caption=f"options {options[0]} to {options[-1]}; column {outline} outlined"
    )
    bounds = (left / width, 0.15 / height, cell * len(items) / width, cell * len(options) / height)
    panel = Panel(bounds, (-0.5, len(items) - 0.5), (len(options) - 0.5, -0.5), frame=False)
    labels = []
    for k in options:
        placed = problem.label(k)
        labels.append(f"{k}: {placed.line} {placed.index} {placed.word}")
    panel.ticks.append(Ticks("left", tuple(range(len(options))), tuple(labels), 10))
    panel.ticks.append(Ticks("top", tuple(range(len(items))), tuple(items), 10, rotation=90))
    for row, k in enumerate(options):
        for entry in problem.options[k]:
            j = items.index(entry.item)
            panel.add(Rect(j - 0.45, row - 0.45, 0.9, 0.9, face="#cfe2f3" if entry.colour else "0.75"))
            panel.add(Text(j, row, entry.colour or "●", 11, zorder=4))
    panel.add(Line((primary - 0.5, primary - 0.5), (-0.5, len(options) - 0.5), colour="0.3", width=1))
    j = items.index(outline)
    panel.add(Rect(j - 0.5, -0.5, 1.0, len(options), edge="#d62728", edge_width=2.5, zorder=5))
    picture.add_panel(panel)
    return picture


def option_matrix_figure(problem, options, outline: str):
    """The matrix of :func:`option_matrix_picture`, drawn by matplotlib (or the picture where it is missing)."""
    from wordcover.views._figure import figure_or_picture

    return figure_or_picture(option_matrix_picture(problem, options, outline))


def search_loop_lines() -> str:
    """``SquareSearch.squares`` from the order of its lines on (``search_loop_source``), without what only cuts the
    first row's words into pieces (``first``) or stops early (``limit``, and the ``found`` it counts): a comment line
    says where each ``if`` block was."""
    import ast

    from wordcover.squares import search_loop_source

    source = search_loop_source()
    lines = source.splitlines()
    cut: dict[int, tuple[int, str]] = {}  # first line (0-based) of a block left out -> (its end, what it does)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If):
            names = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
            for name, what in (("first", "only a piece of the first row's words"), ("limit", "a stop at `limit`")):
                if name in names:
                    cut[node.lineno - 1] = (node.end_lineno or node.lineno, what)
    kept, k = [], 0
    while k < len(lines):
        if lines[k].strip() in ("nonlocal found", "found += 1"):  # found counts the squares only for limit
            k += 1
        elif k in cut:
            indent = lines[k][: len(lines[k]) - len(lines[k].lstrip())]
            k, what = cut[k]
            kept.append(f"{indent}# ... ({what}, when asked: left out here)")
        else:
            kept.append(lines[k])
            k += 1
    return "\n".join(kept)
