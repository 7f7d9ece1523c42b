"""Regenerate the English word lists shipped in the package (lib/wordcover/data/words/english/)
from Debian's wamerican package (SCOWL, Kevin Atkinson).

Run on a Debian machine with apt's package lists up to date (``apt-get update``):

    python data/make_wordlists.py

It downloads the package with ``apt-get download`` (no install, no root needed
for that step), unpacks it with ``dpkg-deb``, keeps the words made only of the
letters a-z (no capitals, so no proper nouns; no apostrophes or accents), and
writes one file per length, one word per line, sorted. The package's copyright
notice is kept beside the lists, as SCOWL's licence asks.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import tempfile
from collections import defaultdict

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "lib" / "wordcover" / "data" / "words" / "english"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["apt-get", "download", "wamerican"], cwd=tmp, check=True)
        deb = next(pathlib.Path(tmp).glob("wamerican_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), "root"], cwd=tmp, check=True)
        root = pathlib.Path(tmp) / "root"
        text = (root / "usr/share/dict/american-english").read_text(encoding="utf-8")
        notice = (root / "usr/share/doc/wamerican/copyright").read_text(encoding="utf-8")
    by_length: dict[int, set[str]] = defaultdict(set)
    for line in text.splitlines():
        word = line.strip()
        if re.fullmatch(r"[a-z]+", word):
            by_length[len(word)].add(word)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("len*.txt"):
        old.unlink()
    for length, words in sorted(by_length.items()):
        (OUT / f"len{length:02d}.txt").write_text("\n".join(sorted(words)) + "\n", encoding="ascii")
    (OUT / "COPYRIGHT-SCOWL.txt").write_text(notice, encoding="utf-8")
    total = sum(len(w) for w in by_length.values())
    print(f"{total} words from {deb.name}, lengths {min(by_length)}..{max(by_length)}, written to {OUT}")


if __name__ == "__main__":
    main()
