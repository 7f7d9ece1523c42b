"""The word lists shipped inside the package: English by length, and small themed lists.

The themes are written by hand for this project; a theme file may start with comment lines (``#``) that
say how it was made. ``everyday`` holds ordinary four-letter words for word squares that can be shown in a
lecture.

They are package data (``wordcover/data/words``), read with :mod:`importlib.resources`, so
they work from any install, not only from a checkout. ``data/make_wordlists.py`` in the
project rebuilds the English lists.

:func:`words_to_hide` gives ``wordcover make`` its words: those given, then all of a theme or a seeded draw.
"""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Iterable
from importlib import resources
from random import Random, randrange

if sys.version_info >= (3, 11):  # importlib.abc.Traversable is gone in Python 3.14
    from importlib.resources.abc import Traversable
else:
    from importlib.abc import Traversable

from .errors import WordError, read_user_file
from .words import fold

WORDS: Traversable = resources.files("wordcover") / "data" / "words"
RANDOM_DEFAULT = "everyday"  # the list --random draws from without --theme: ordinary words, chosen by hand
WHOLE_LIST = 50  # --theme without --random takes every word of a list of at most this many


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


def words_to_hide(
    words: Iterable[str] = (), theme: str | None = None, random: int | None = None, seed: int | None = None
) -> tuple[list[str], int]:
    """The words given, then all of ``theme``'s list or ``random`` words drawn from it, and the seed (drawn if None).

    This is what ``wordcover make`` hides, so a fault names its options: ``random`` draws with ``seed`` from
    ``theme`` (:data:`RANDOM_DEFAULT` without one); a word given already is not drawn again.
    """
    if isinstance(words, (str, bytes)):
        raise WordError(f"the words given must be a list of words, not the string {words!r}")
    seed = seed if seed is not None else randrange(2**32)  # recorded, so JSON can say it
    given = list(words)
    if theme is None and random is None:
        if not given:
            raise WordError("give some words on the command line, or with --words-file, --theme or --random")
        return given, seed
    if random is not None and (isinstance(random, bool) or not isinstance(random, int) or random < 1):
        raise WordError(f"--random {random!r}: expected a positive whole number")
    name = theme or RANDOM_DEFAULT
    if name not in available():
        raise WordError(f"--theme {name}: there is no such list; the lists are {', '.join(available())}")
    folded = {fold(w) for w in given if isinstance(w, str)}  # any other is refused with the words to hide
    pool = [w for w in load_words(name) if w not in folded]  # a word given already is not drawn again
    besides = " besides the words given" if folded else ""
    if random is None:
        if len(pool) > WHOLE_LIST:
            raise WordError(
                f"--theme {name} has {len(pool):,} words{besides}, too many for one puzzle: "
                f"add --random N to draw N of them"
            )
        return given + pool, seed
    if random > len(pool):
        raise WordError(f"--random {random}: the {name} list has only {len(pool):,} words{besides}")
    return given + Random(seed).sample(pool, random), seed
