"""Crash-safe file writes: a temporary file in the same folder, fsynced, then os.replace.

A reader therefore sees either the whole old file or the whole new one, whatever happens
to the process (SIGKILL, exception) or, thanks to the fsyncs, to the machine. A process
killed mid-write leaves its temporary file behind; the next start removes it
(remove_leftover_temp_files), unless a live writer (another instance of the game on the
same folder) still holds it.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

try:  # POSIX: a writer holds its temporary file locked, so that no sweep removes it
    import fcntl
except ImportError:  # Windows refuses to delete a file another program has open anyway
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

# Temporary files are hidden and named after their target: ".<target>.<random>.tmp", the
# random part mkstemp's eight characters. Only names of exactly this shape, for one of our
# JSON files or the start-up's write probe, are ever swept; nothing else in the folder is.
TEMP_SUFFIX = ".tmp"
TEMP_NAME = re.compile(r"\.(?:[A-Za-z0-9_.-]+\.json|probe)\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
PROBE = "probe"

# Windows refuses to replace, rename or open a file while another program (a virus
# scanner, a backup tool, the indexer) holds it; such locks last milliseconds, so a few
# growing waits (0.38 s in all) ride them out without stalling the game for long.
LOCK_RETRY_DELAYS = (0.01, 0.02, 0.05, 0.1, 0.2)

sleep = time.sleep  # module-level so that tests can skip the waits


class FileTooLarge(Exception):
    """A file is over the size cap; reading it could exhaust memory."""


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash at any moment leaves the old or the new file.

    Plain os calls, as few as can be: on a busy machine each is a wait for the processor
    (and for the game's thread to let go of the interpreter), and a write that lags lets
    saves pile up behind it.
    """
    folder = path.parent
    fd, temp_name = temp_file_in(folder, path.name)
    try:
        try:
            view = memoryview(data)
            while view:  # one call, unless the system takes only a part
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        retry_while_locked(lambda: os.replace(temp_name, path))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    fsync_folder(folder)


def temp_file_in(folder: Path, target: str) -> tuple[int, str]:
    """A new temporary file for `target` in `folder`, open and locked: (fd, its path)."""
    fd, name = tempfile.mkstemp(prefix=f".{target}.", suffix=TEMP_SUFFIX, dir=folder)
    if fcntl is not None:
        # Released when the file is closed, or by the kernel when the process dies.
        with contextlib.suppress(OSError):  # a file system without locks: nothing to hold
            fcntl.flock(fd, fcntl.LOCK_EX)
    return fd, name


def retry_while_locked(action: Callable[[], T]) -> T:
    """Run `action`, retrying a bounded number of times while it raises PermissionError."""
    for delay in LOCK_RETRY_DELAYS:
        try:
            return action()
        except PermissionError:
            sleep(delay)
    return action()  # the last attempt's error goes to the caller


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable where the OS allows: POSIX (Windows cannot open a
    folder, and makes renames durable itself)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of `path`, refusing files over `max_bytes` (FileNotFoundError if absent)."""
    with open(path, "rb") as file:
        # One byte more than allowed tells a file over the limit, whatever its size said
        # a moment before (it may be growing), and no more is ever read.
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise FileTooLarge(path)
    return data


def is_temp_file(path: Path) -> bool:
    """True for a temporary file named as write_atomically names them."""
    return TEMP_NAME.fullmatch(path.name) is not None


def remove_leftover_temp_files(folder: Path) -> list[Path]:
    """Delete the temporary files that writes killed midway left in `folder` (regular files
    named as ours, that no live writer holds); returns what was removed."""
    try:
        paths = list(folder.iterdir())
    except OSError:
        return []
    removed = []
    for path in paths:
        # Gone meanwhile, unreadable (another user's?) or refused: left as it is.
        with contextlib.suppress(OSError):
            if (
                is_temp_file(path)
                and stat.S_ISREG(path.lstat().st_mode)  # not a link, a folder...
                and not held_by_a_writer(path)
            ):
                path.unlink()
                removed.append(path)
    return removed


def held_by_a_writer(path: Path) -> bool:
    """True while a live process writes the temporary file `path`: on POSIX, it holds the
    file locked; elsewhere the unlink itself fails while the file is open. OSError if the
    file cannot be opened to check."""
    if fcntl is None:
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing releases the lock taken here
    return False
