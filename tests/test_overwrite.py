"""make never overwrites a file it did not make in that run, unless told to with --force."""

from __future__ import annotations

import os

from wordcover.cli import main

MAKE = ["make", "--size", "6x6", "--seed", "1"]


def test_the_word_list_is_never_the_output_even_through_a_symlink(tmp_path, capsys):
    words = tmp_path / "w.txt"
    words.write_text("ABEL\nGAUSS\n")
    assert main([*MAKE, "--words-file", str(words), "--output", str(words)]) == 2
    assert "is the word list given to --words-file" in capsys.readouterr().err
    link = tmp_path / "link.txt"
    os.symlink(words, link)
    assert main([*MAKE, "--words-file", str(words), "--output", str(link), "--force"]) == 2
    assert words.read_text() == "ABEL\nGAUSS\n"


def test_the_word_list_is_never_the_output_through_a_hard_link(tmp_path, capsys):
    words = tmp_path / "wl.txt"
    words.write_text("ABEL\nGAUSS\n")
    hard = tmp_path / "hard.txt"
    os.link(words, hard)  # another name for the same file: the paths differ, the file does not
    assert main([*MAKE, "--words-file", str(words), "--output", str(hard), "--force"]) == 2
    assert capsys.readouterr().err == (
        f"wordcover: error: --output {hard} is the word list given to --words-file: write the puzzle elsewhere\n"
    )
    assert words.read_text() == "ABEL\nGAUSS\n"
    key = tmp_path / "key.txt"
    key.write_text("an old key")
    os.link(key, tmp_path / "also_key.txt")
    assert main([*MAKE, "--output", str(key), "--key", str(tmp_path / "also_key.txt"), "--force", "ABEL"]) == 2
    assert "--output and --key both name" in capsys.readouterr().err
    assert key.read_text() == "an old key"


def test_output_and_key_must_differ(tmp_path, capsys):
    page = tmp_path / "p.txt"
    assert main([*MAKE, "--output", str(page), "--key", str(page), "ABEL", "GAUSS"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--output and --key both name" in err
    assert not page.exists()  # refused before anything was written


def test_an_existing_file_needs_force(tmp_path, capsys):
    page = tmp_path / "p.txt"
    page.write_text("mine")
    assert main([*MAKE, "--output", str(page), "ABEL", "GAUSS"]) == 2
    assert "exists already: choose another file, or add --force" in capsys.readouterr().err
    assert page.read_text() == "mine"
    assert main([*MAKE, "--output", str(page), "--force", "ABEL", "GAUSS"]) == 0
    assert page.read_text() != "mine" and len(page.read_text().splitlines()) >= 6  # the puzzle, 6 rows
    fresh = tmp_path / "new.txt"
    assert main([*MAKE, "--output", str(fresh), "ABEL", "GAUSS"]) == 0 and fresh.read_text().strip()


def test_my_copy_stays_out_of_notebooks_and_never_replaces_edited_solutions(tmp_path):
    import my_copy
    import pytest

    with pytest.raises(SystemExit, match="other than notebooks/ itself or a folder inside it"):
        my_copy.make_copy(my_copy.HERE / "solutions")
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    with pytest.raises(SystemExit, match="is a file: name a folder"):
        my_copy.make_copy(a_file)
    dest = tmp_path / "mine"
    (dest / "solutions").mkdir(parents=True)
    (dest / "solutions" / "sticker.py").write_text("# my own answers")
    with pytest.raises(SystemExit, match="--force"):
        my_copy.make_copy(dest)  # no notebook there yet, but an edited solution is
    assert (dest / "solutions" / "sticker.py").read_text() == "# my own answers"
    my_copy.make_copy(dest, force=True)
    assert (dest / "solutions" / "sticker.py").read_text() != "# my own answers"


def test_export_refuses_to_replace_pages_before_doing_any_work(tmp_path):
    import export
    import pytest

    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("my page")
    with pytest.raises(SystemExit, match="holds 1 of these pages already"):
        export.export(out, ["01_find_words"])
    assert (out / "index.html").read_text() == "my page"
    (tmp_path / "plain").write_text("x")
    with pytest.raises(SystemExit, match="is a file, not a folder"):
        export.export(tmp_path / "plain", [])
