"""Write the small traces the Node tests read: ``python tests/js/make_fixtures.py``.

``tests/test_player.py`` checks that the files equal a fresh recording, so they cannot go stale.
"""

from __future__ import annotations

import json
import pathlib

from wordcover import examples
from wordcover.playback import record_writes

FOLDER = pathlib.Path(__file__).resolve().parent / "fixtures"
FIXTURES = (
    ("colour_pair", "naive"),
    ("colour_pair", "sticker"),
    ("knuth_exact_cover", "x"),
    ("colour_pair", "naive+sticker"),  # the naive search with the timeline that puts the sticker beside it
)


def fixture(example: str, engine: str) -> str:
    """The JSON text of one fixture ("A+B": engine A's payload with the timeline of B beside it)."""
    problem = examples.load(example).problem
    lead, _, beside = engine.partition("+")
    other = record_writes(problem, beside) if beside else None
    return json.dumps(record_writes(problem, lead).payload(beside=other), indent=1) + "\n"


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for example, engine in FIXTURES:
        (FOLDER / f"{example}-{engine}.json").write_text(fixture(example, engine))


if __name__ == "__main__":
    main()
