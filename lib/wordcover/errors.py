"""The errors wordcover raises for bad input: one family, so a caller can catch them all at once.

Every class derives from :class:`WordcoverError`, which derives from ``ValueError``.
The command line turns these, and only these, into one line on standard error
and exit status 2; any other exception is a bug and keeps its traceback.
"""

from __future__ import annotations

import os
import pathlib
import stat
import sys
from typing import BinaryIO


class WordcoverError(ValueError):
    """Bad input to wordcover; the message says what is wrong and, where it can, how to put it right."""


class ProblemError(WordcoverError):
    """An exact cover problem, or a search asked of one, that cannot be: bad items, options, limits or engine."""


class DlxFormatError(WordcoverError):
    """A line of a DLX file that Knuth's DLX1/DLX2 would not accept; ``line_no`` is its number (0: the whole input)."""

    def __init__(self, line_no: int, message: str, source: str | None = None) -> None:
        self.line_no, self.detail, self.source = line_no, message, source
        where = f"line {line_no}: " if line_no else ""
        super().__init__(f"{source}: {where}{message}" if source else f"{where}{message}")


class PuzzleError(WordcoverError):
    """A word puzzle that cannot be made or counted as asked: bad size, directions, grid or words."""


class WordError(PuzzleError):
    """A word or a word list that breaks the rule of :mod:`wordcover.words`."""


class WorkerLost(WordcoverError):
    """A worker process of a parallel count ended before its piece was counted (killed, out of memory)."""


class ExtraNeeded(WordcoverError):
    """A feature whose optional dependencies are not installed; the message names the extra to install.

    In the browser edition (Pyodide, where ``sys.platform`` is ``"emscripten"``) nothing can be installed with pip,
    and numpy, numba and matplotlib have no build there: the message says the feature is not available in it.
    """

    def __init__(self, feature: str, extra: str, missing: str) -> None:
        self.extra = extra
        super().__init__(f"{feature} needs {missing}: {install_hint(f'wordcover[{extra}]')}")


def install_hint(requirement: str) -> str:
    """How to get what is missing: ``pip install 'requirement'``, or in the browser edition (Pyodide, where
    ``sys.platform`` is ``"emscripten"`` and nothing can be installed with pip) that it is not available there."""
    if sys.platform == "emscripten":
        return "not available in the browser edition"
    return f"pip install '{requirement}'"


class Terminated(BaseException):
    """SIGTERM turned into an exception, so a command stops its workers and exits 143 as it does on Ctrl-C.

    A ``BaseException`` like ``KeyboardInterrupt``: no ``except Exception`` on the way may swallow it.
    """


def file_trouble(err: OSError, path: str | os.PathLike[str], doing: str = "read") -> str:
    """Why the file at ``path`` could not be read (``doing="read"``) or written (``"write"``), in plain words.

    The words follow ``"FILE: "`` in a message: "there is no such file", "there is no folder data",
    "notes.txt is a file, not a folder", "that is a folder, not a file", "you do not have permission to
    write it", or else "cannot write it (No space left on device)".
    """
    target = pathlib.Path(path)
    if isinstance(err, NotADirectoryError) or (isinstance(err, FileNotFoundError) and not target.parent.is_dir()):
        for folder in reversed(target.parents):  # the first one on the way down that is not a folder
            if not folder.is_dir():
                return f"{folder} is a file, not a folder" if folder.exists() else f"there is no folder {folder}"
    if isinstance(err, FileNotFoundError) and doing == "read":
        return "there is no such file"
    if isinstance(err, IsADirectoryError):
        return "that is a folder, not a file"
    if isinstance(err, PermissionError):
        return f"you do not have permission to {doing} it"
    return f"cannot {doing} it ({err.strerror or err})"


# The most bytes read from one file or from standard input: a DLX file of the 4,000,000 nodes the word-search model
# may have, with names of eight characters, is about 36 MB; past this, an endless source (/dev/zero) is cut short.
MAX_READ = 64 * 2**20


def read_stream(stream: BinaryIO, source: str) -> bytes:
    """The bytes of an open file or standard input to its end, at most MAX_READ; more is a WordcoverError."""
    data = stream.read(MAX_READ + 1)
    if len(data) > MAX_READ:
        raise WordcoverError(f"{source}: more than the {MAX_READ // 2**20} MiB that wordcover reads")
    return data


def read_user_bytes(path: str | pathlib.Path, what: str) -> bytes:
    """The bytes of a file the user named, as they are; a file that cannot be read is a WordcoverError in plain words.

    ``what`` says where the name came from, e.g. ``"--words-file"``, so the message can point at it. A device
    (``/dev/zero``) or a socket is refused before it is read; a pipe is read as standard input is, up to MAX_READ.
    """
    try:
        with open(path, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
                kind = "a socket" if stat.S_ISSOCK(mode) else "a device"
                raise WordcoverError(f"{what} {path}: that is {kind}, not a file")
            return read_stream(handle, f"{what} {path}")
    except OSError as err:
        raise WordcoverError(f"{what} {path}: {file_trouble(err, path)}") from None


def read_user_file(path: str | pathlib.Path, what: str, encoding: str = "utf-8") -> str:
    """The text of a file the user named, no line ending translated (see :func:`read_user_bytes`)."""
    data = read_user_bytes(path, what)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        kind = "ASCII" if encoding == "ascii" else "UTF-8"
        raise WordcoverError(
            f"{what} {path}: not {kind} text (byte {err.object[err.start]:#04x} at offset {err.start})"
        ) from None
