"""Notebook 9, the same engine everywhere: what its own cells call to show something (a duration in words)."""

from __future__ import annotations


def readable(seconds: float) -> str:
    """A duration in the largest unit it fills: '2.2 hours', '3.95e+10 years', '0.2 seconds', '1 second'."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return _units(f"{seconds / size:,.3g}", unit)
    return _units(f"{seconds:.2g}", "seconds")


def _units(number: str, unit: str) -> str:
    """'1 second', '1 year', but '1.5 seconds' and '0.2 seconds': the unit singular only after exactly one."""
    return f"{number} {unit[:-1] if number == '1' else unit}"


def sudoku_option_figure(r: int, c: int, d: int, size: float = 2.1):
    """One Sudoku option on four grids, one for each of its items: the cell it fills, its row, column and box."""
    from wordcover.classics import sudoku_box
    from wordcover.views._figure import figure_or_picture
    from wordcover.views.picture import Line, Panel, Picture, Rect, Text

    b = sudoku_box(r, c)
    items = [
        (f"p{r}{c}", f"cell ({r}, {c}) filled", {(r, c)}),
        (f"r{r}{d}", f"row {r} has its {d}", {(r, j) for j in range(9)}),
        (f"c{c}{d}", f"column {c} has its {d}", {(i, c) for i in range(9)}),
        (f"b{b}{d}", f"box {b} has its {d}", {(i, j) for i in range(9) for j in range(9) if sudoku_box(i, j) == b}),
    ]
    gap, top = 0.25, 0.45  # inches between the grids, and over them for the titles
    width, height = 4 * size + 5 * gap, size + top + 0.1
    names = ", ".join(name for name, _, _ in items)
    caption = f"the option that puts {d} in row {r}, column {c}, and its four items: {names}"
    picture = Picture(round(width, 2), round(height, 2), caption=caption)
    for k, (name, says, cells) in enumerate(items):
        bounds = ((gap + k * (size + gap)) / width, 0.1 / height, size / width, size / height)
        panel = Panel(bounds, (0, 9), (9, 0), aspect="equal", frame=False)
        for i in range(9):
            for j in range(9):
                face = "#cfe2f3" if (i, j) in cells else "white"
                panel.add(Rect(j, i, 1, 1, face=face, edge="0.75", edge_width=0.5))
        for t in (0, 3, 6, 9):
            panel.add(Line((t, t), (0, 9), colour="0.2", width=1.4, zorder=3))
            panel.add(Line((0, 9), (t, t), colour="0.2", width=1.4, zorder=3))
        panel.add(Text(c + 0.5, r + 0.5, str(d), size=10, weight="bold", zorder=4))
        panel.title, panel.title_size = f"{name}: {says}", 10
        picture.add_panel(panel)
    return figure_or_picture(picture)
