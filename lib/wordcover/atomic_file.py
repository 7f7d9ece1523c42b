"""Every file wordcover writes is written whole or not at all.

The text goes first to a new file in the target's folder (``.NAME.XXXXXXXX.tmp``), which is flushed to the disk
and then renamed over the target in one step (``os.replace``). A write that fails part way (a full disk, Ctrl-C,
a bug) removes the new file and leaves the old one as it was, byte for byte; a reader sees the old file or the
new one, never half of one. The command line, the pictures and the notebook tools all write through here, and
say what went wrong with :func:`wordcover.errors.file_trouble` as before.
"""

from __future__ import annotations

import contextlib
import errno
import os
import pathlib
import secrets
import stat
from collections.abc import Iterator
from typing import IO, Any


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str], binary: bool = False, encoding: str = "utf-8") -> Iterator[IO[Any]]:
    """A new file to write in the block, which takes the place of ``path`` only when the block ends without error."""
    target = pathlib.Path(os.path.realpath(path))  # through a symbolic link, to the file it names, as open() writes
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    descriptor, temporary = _new_file_beside(target)
    try:
        with os.fdopen(descriptor, "wb" if binary else "w", encoding=None if binary else encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())  # on the disk before the rename, so the new name never shows a short file
        os.replace(temporary, target)
    except BaseException:  # a full disk, Ctrl-C, a bug: the old file stays, the new one goes
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def write_file(path: str | os.PathLike[str], data: str | bytes, encoding: str = "utf-8") -> None:
    """Write ``data`` (text or bytes) to ``path`` whole or not at all."""
    with replacing(path, binary=isinstance(data, bytes), encoding=encoding) as handle:
        handle.write(data)


def _new_file_beside(target: pathlib.Path) -> tuple[int, pathlib.Path]:
    """A file of a fresh name in the target's folder, open for writing, with the mode the target has or would get."""
    while True:
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:  # 0o666 less the umask, as open() would make a new file
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
        with contextlib.suppress(OSError):  # an existing file keeps its mode, as it did when written in place
            os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
        return descriptor, temporary


def _sync_folder(folder: pathlib.Path) -> None:
    """Put the rename itself on the disk where the system allows it (POSIX); elsewhere this does nothing."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
