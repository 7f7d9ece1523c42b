"""The project's word lists in data/words: English by length, and small themed lists."""

from __future__ import annotations

import pathlib
from typing import Iterable

DATA = pathlib.Path(__file__).resolve().parents[2] / "data" / "words"


def _themes(root: pathlib.Path) -> list[str]:
    return sorted(p.stem for p in (root / "themes").glob("*.txt"))


def available(root: pathlib.Path = DATA) -> list[str]:
    """The names of the lists that load_words knows: 'english' and each theme."""
    return ["english", *_themes(root)]


def _read(path: pathlib.Path) -> list[str]:
    return [w for w in path.read_text(encoding="ascii").split() if w]


def load_words(
    name: str = "english", length: int | None = None, case: str = "upper", root: pathlib.Path = DATA
) -> list[str]:
    """The words of a list (all of them, or those of one length), in sorted order.

    ``case`` is 'upper' (the default, as the puzzles use) or 'lower'.
    """
    if case not in ("upper", "lower"):
        raise ValueError(f"case must be 'upper' or 'lower', got {case!r}")
    if length is not None and length < 1:
        raise ValueError(f"word length must be positive, got {length}")
    if name == "english":
        folder = root / "english"
        if not folder.is_dir():
            raise ValueError(f"the English word list is missing: no folder {folder} (see data/make_wordlists.py)")
        files = [folder / f"len{length:02d}.txt"] if length is not None else sorted(folder.glob("len*.txt"))
        words = [w for f in files if f.exists() for w in _read(f)]
    else:
        path = root / "themes" / f"{name}.txt"
        if not path.exists():
            raise ValueError(f"no word list {name!r}; available: {', '.join(available(root))}")
        words = [w for w in _read(path) if length is None or len(w) == length]
    return sorted(w.upper() if case == "upper" else w.lower() for w in words)


def read_word_file(path: str | pathlib.Path) -> list[str]:
    """Words from a text file: one or more per line, blank lines and lines starting with # ignored."""
    words: list[str] = []
    for line in pathlib.Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("#"):
            continue
        words.extend(line.split())
    if not words:
        raise ValueError(f"{path}: no words in the file")
    return words


def by_length(words: Iterable[str]) -> dict[int, list[str]]:
    """Group words by length."""
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return groups
