"""Nothing outside the engine modules reaches into an engine's private state: they use its public doors
(``walking()``, ``snapshot(chosen=...)``, ``linked_length(i)``, ``check_limits``, ``reset()``)."""

from __future__ import annotations

import pathlib
import re

from wordcover import examples
from wordcover.algorithm_c import AlgorithmC
from wordcover.dancing_links import DancingLinks
from wordcover.inspection import Inspection
from wordcover.outside import ColoursOutside
from wordcover.traced import traced

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE_MODULES = {"dancing_links.py", "inspection.py", "algorithm_c.py", "naive.py", "outside.py"}


def private_names() -> set[str]:
    """Every single-underscore name an engine has: methods of its classes and attributes of an instance."""
    names = set()
    for cls in (DancingLinks, Inspection, AlgorithmC, ColoursOutside, traced(AlgorithmC)):
        names |= {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")}
    engine = traced(AlgorithmC)(examples.load("colour_pair").problem, observer=lambda *_: None)
    names |= {n for n in vars(engine) if n.startswith("_") and not n.startswith("__")}
    return names


def test_no_module_outside_the_engines_touches_an_engines_private_names():
    names = private_names()
    assert {"_busy", "_quiet", "_choice", "_build", "_walk", "_emit"} <= names  # the test looks for the real ones
    pattern = re.compile(r"(?<!self)(?<!super\(\))\.(" + "|".join(sorted(map(re.escape, names))) + r")\b")
    imported = re.compile(r"import[^\n]*\b(" + "|".join(sorted(map(re.escape, names))) + r")\b")
    files = [
        *(ROOT / "lib" / "wordcover").rglob("*.py"),
        *(ROOT / "notebooks").rglob("*.py"),
        *(ROOT / "benchmarks").glob("*.py"),
    ]
    found = []
    for path in files:
        if path.name in ENGINE_MODULES and path.parent.name == "wordcover":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if line.rstrip().endswith(
                "# refused, not called"
            ):  # a check's tripwire names what the learner may not call
                continue
            if pattern.search(line) or imported.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def test_a_walk_keeps_the_counters_and_rebuilds_after_an_error():
    engine = AlgorithmC(examples.load("knuth_tiny_colours").problem)
    engine.count()
    counted, before = engine.stats, engine.state()
    try:
        with engine.walking():
            engine.cover(1)
            raise ValueError("struck in the middle")
    except ValueError:
        pass
    assert engine.stats is counted and engine.state() == before
    with engine.walking():
        try:
            with engine.walking():
                pass
        except RuntimeError as error:
            assert "searching" in str(error)
        else:
            raise AssertionError("a second walk started")
