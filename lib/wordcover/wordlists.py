"""The word lists shipped inside the package: English by length, and small themed lists.

The themes are written by hand for this project; a theme file may start with comment lines (``#``) that
say how it was made. ``everyday`` holds ordinary four-letter words for word squares that can be shown in a
lecture.

They are package data (``wordcover/data/words``), read with :mod:`importlib.resources`, so
they work from any install, not only from a checkout. ``data/make_wordlists.py`` in the
project rebuilds the English lists.
"""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Iterable
from importlib import resources

if sys.version_info >= (3, 11):  # importlib.abc.Traversable is gone in Python 3.14
    from importlib.resources.abc import Traversable
else:
    from importlib.abc import Traversable

from .errors import WordError, read_user_file

WORDS: Traversable = resources.files("wordcover") / "data" / "words"


def _themes(root: Traversable) -> list[str]:
    folder = root / "themes"
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(".txt")] for p in folder.iterdir() if p.name.endswith(".txt"))


def available(root: Traversable = WORDS) -> list[str]:
    """The names of the lists that load_words knows: 'english' and each theme."""
    return ["english", *_themes(root)]


def _read(path: Traversable) -> list[str]:
    """The words of a list file: whitespace-separated, lines starting with # are comments."""
    lines = path.read_text(encoding="ascii").splitlines()
    return [w for line in lines if not line.lstrip().startswith("#") for w in line.split()]


def load_words(
    name: str = "english", length: int | None = None, case: str = "upper", root: Traversable = WORDS
) -> list[str]:
    """The words of a list (all of them, or those of one length), in sorted order.

    ``case`` is 'upper' (the default, as the puzzles use) or 'lower'.
    """
    if case not in ("upper", "lower"):
        raise WordError(f"case must be 'upper' or 'lower', got {case!r}")
    if length is not None and (not isinstance(length, int) or length < 1):
        raise WordError(f"word length must be a positive whole number, got {length!r}")
    if name == "english":
        folder = root / "english"
        if not folder.is_dir():
            raise WordError(f"the English word list is missing: no folder {folder} (see data/make_wordlists.py)")
        if length is not None:
            files = [folder / f"len{length:02d}.txt"]
        else:
            files = sorted((p for p in folder.iterdir() if p.name.startswith("len")), key=lambda p: p.name)
        words = [w for f in files if f.is_file() for w in _read(f)]
    else:
        path = root / "themes" / f"{name}.txt"
        if not path.is_file():
            raise WordError(f"no word list {name!r}; available: {', '.join(available(root))}")
        words = [w for w in _read(path) if length is None or len(w) == length]
    return sorted(w.upper() if case == "upper" else w.lower() for w in words)


def read_word_file(path: str | pathlib.Path, what: str = "word file") -> list[str]:
    """Words from a text file: one or more per line, blank lines and lines starting with # ignored."""
    words: list[str] = []
    for line in read_user_file(path, what).splitlines():
        if line.strip().startswith("#"):
            continue
        words.extend(line.split())
    if not words:
        raise WordError(f"{what} {path}: no words in the file")
    return words


def by_length(words: Iterable[str]) -> dict[int, list[str]]:
    """Group words by length."""
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return groups
