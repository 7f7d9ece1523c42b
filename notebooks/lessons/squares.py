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
