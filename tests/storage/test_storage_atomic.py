"""The atomic file layer on its own: reads bounded to the byte, writes durable in order."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from game.storage import atomic

LIMIT = 1001  # odd: a limit read as limit ^ 1 or limit | 1 would go unnoticed with an even one


def test_a_file_of_exactly_the_limit_is_read_whole(tmp_path):
    path = tmp_path / "file.json"
    data = bytes(range(256)) * 3 + b"x" * (LIMIT - 768)
    assert len(data) == LIMIT
    path.write_bytes(data)
    assert atomic.read_limited(path, LIMIT) == data  # every byte, the last one too


def test_a_file_one_byte_over_the_limit_is_refused(tmp_path):
    path = tmp_path / "file.json"
    path.write_bytes(b"x" * (LIMIT + 1))
    with pytest.raises(atomic.FileTooLarge):
        atomic.read_limited(path, LIMIT)


def test_a_file_that_grows_past_the_limit_while_it_is_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "file.json"
    path.write_bytes(b"x" * LIMIT)
    real_open = open

    def open_then_grow(file, mode="r", *args, **kwargs):
        opened = real_open(file, mode, *args, **kwargs)
        with real_open(path, "ab") as writer:  # another program appends meanwhile
            writer.write(b"y")
        return opened

    monkeypatch.setattr("builtins.open", open_then_grow)
    with pytest.raises(atomic.FileTooLarge):
        atomic.read_limited(path, LIMIT)


def test_an_absent_file_says_so(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic.read_limited(tmp_path / "nothing.json", LIMIT)


@pytest.mark.skipif(os.name == "nt", reason="folders are fsynced on POSIX only")
def test_a_write_is_durable_before_it_replaces_the_file_and_the_rename_after(tmp_path, monkeypatch):
    """The data is on the disk (fsynced) before the rename makes it the file, and the
    folder is fsynced after the rename: a power cut leaves the old file or the new."""
    path = tmp_path / "settings.json"
    path.write_bytes(b"old")
    data = b'{"new": true}' * 100
    events: list[tuple] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            events.append(("fsync folder", info.st_ino))
        else:
            events.append(("fsync file", info.st_ino, os.pread(fd, len(data) + 1, 0)))
        real_fsync(fd)

    def replace(source, target):
        events.append(("replace", os.stat(source).st_ino, Path(target)))
        real_replace(source, target)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    monkeypatch.setattr(atomic.os, "replace", replace)
    atomic.write_atomically(path, data)
    new_file = path.stat().st_ino
    # os is patched for the whole process: a writer thread of an earlier test may fsync
    # its own files meanwhile (on a busy machine it did), so only this write's count.
    ours = {new_file, tmp_path.stat().st_ino}
    events = [event for event in events if event[1] in ours]
    assert events == [
        ("fsync file", new_file, data),  # the whole data, in the file that becomes it
        ("replace", new_file, path),
        ("fsync folder", tmp_path.stat().st_ino),
    ]
    assert path.read_bytes() == data


def test_a_folder_that_cannot_be_fsynced_still_gets_its_file(tmp_path, monkeypatch):
    """Some file systems refuse to fsync a folder: the write has happened all the same."""
    real_fsync = os.fsync

    def fsync(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(22, "Invalid argument")
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    atomic.write_atomically(tmp_path / "settings.json", b"new")
    assert (tmp_path / "settings.json").read_bytes() == b"new"


def test_the_temp_file_is_named_after_its_target_and_hidden(tmp_path):
    fd, name = atomic.temp_file_in(tmp_path, "mille-saved.json")
    os.close(fd)
    path = Path(name)
    assert path.parent == tmp_path
    assert path.name.startswith(".mille-saved.json.") and atomic.is_temp_file(path)


def test_a_leftover_that_vanishes_before_it_is_removed_is_no_trouble(tmp_path, monkeypatch):
    """Another instance of the game, starting at the same moment, removed it first."""
    real = tmp_path / ".settings.json.abcdefgh.tmp"
    real.write_text("partial")
    ghost = tmp_path / ".mille-saved.json.ab12cd34.tmp"
    monkeypatch.setattr(Path, "iterdir", lambda self: iter([ghost, real]))
    assert atomic.remove_leftover_temp_files(tmp_path) == [real]


def test_a_folder_that_cannot_be_listed_has_no_leftovers_to_remove(tmp_path):
    assert atomic.remove_leftover_temp_files(tmp_path / "not there") == []


def test_a_lock_is_waited_out_in_growing_waits_that_never_stall_the_game(retry_waits):
    """Windows' locks by scanners last milliseconds: the waits ride out a tenth of a
    second in all, and never add up to half a second."""
    attempts = []

    def locked():
        attempts.append(1)
        raise PermissionError(13, "Locked")

    with pytest.raises(PermissionError):
        atomic.retry_while_locked(locked)
    assert len(attempts) == len(retry_waits) + 1
    assert all(0 < wait for wait in retry_waits)
    assert retry_waits == sorted(set(retry_waits)), "each wait longer than the last"
    assert 0.1 <= sum(retry_waits) < 0.5


def test_a_lock_that_lets_go_is_not_waited_for_any_longer(retry_waits):
    tries = iter([PermissionError(13, "Locked"), PermissionError(13, "Locked"), None])

    def briefly_locked():
        error = next(tries)
        if error:
            raise error
        return "done"

    assert atomic.retry_while_locked(briefly_locked) == "done"
    assert retry_waits == list(atomic.LOCK_RETRY_DELAYS[:2])


def test_without_file_locks_leftovers_are_removed_all_the_same(tmp_path, monkeypatch):
    """Windows has no fcntl: there a file being written refuses the unlink itself."""
    leftover = tmp_path / ".settings.json.abcdefgh.tmp"
    leftover.write_text("partial")
    monkeypatch.setattr(atomic, "fcntl", None)
    assert atomic.remove_leftover_temp_files(tmp_path) == [leftover]


def test_a_leftover_that_cannot_be_opened_to_check_it_is_left_alone(tmp_path, monkeypatch):
    """Another user's write, say: whether it is still under way cannot be told."""
    theirs = tmp_path / ".settings.json.abcdefgh.tmp"
    theirs.write_text("partial")
    real_open = os.open

    def refused(path, *args, **kwargs):
        if Path(path) == theirs:
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(atomic.os, "open", refused)
    assert atomic.remove_leftover_temp_files(tmp_path) == []
    assert theirs.exists()
