"""Crash-safe file writes: a temporary file in the same folder, fsynced, then os.replace.

A reader therefore sees either the whole old file or the whole new one, whatever happens
to the process (SIGKILL, exception) or, thanks to the fsyncs, to the machine.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

# Temporary files are hidden, named after their target and end in this suffix, so a
# crash's leftovers are recognisable and can be swept (see remove_stale_temp_files).
TEMP_SUFFIX = ".tmp"

# Windows refuses to replace, rename or open a file while another program (a virus
# scanner, a backup tool, the indexer) holds it; such locks last milliseconds, so a few
# growing waits (0.38 s in all) ride them out without stalling the game for long.
LOCK_RETRY_DELAYS = (0.01, 0.02, 0.05, 0.1, 0.2)

# A temporary file older than this belongs to a process that died mid-write.
STALE_TEMP_SECONDS = 3600.0

sleep = time.sleep  # module-level so that tests can skip the waits


class FileTooLarge(Exception):
    """A file is over the size cap; reading it could exhaust memory."""


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash at any moment leaves the old or the new file."""
    folder = path.parent
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        retry_while_locked(lambda: os.replace(temp_name, path))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    fsync_folder(folder)


def retry_while_locked(action: Callable[[], T]) -> T:
    """Run `action`, retrying a bounded number of times while it raises PermissionError."""
    for delay in LOCK_RETRY_DELAYS:
        try:
            return action()
        except PermissionError:
            sleep(delay)
    return action()  # the last attempt's error goes to the caller


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable where the OS allows (POSIX; not Windows)."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of `path`, refusing files over `max_bytes` (FileNotFoundError if absent)."""
    with open(path, "rb") as file:
        if os.fstat(file.fileno()).st_size > max_bytes:
            raise FileTooLarge(path)
        data = file.read(max_bytes + 1)  # the file may have grown since fstat
    if len(data) > max_bytes:
        raise FileTooLarge(path)
    return data


def is_temp_file(path: Path) -> bool:
    """True for a temporary file made by write_atomically."""
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def remove_stale_temp_files(folder: Path, now: float | None = None) -> list[Path]:
    """Delete temporary files left by writes that died long ago; returns what was removed."""
    now = time.time() if now is None else now
    removed = []
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            with contextlib.suppress(OSError):
                if is_temp_file(path) and now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
                    removed.append(path)
    return removed
