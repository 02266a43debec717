"""Saves written behind the game by the data folder's writer thread: the main thread never
waits for the disk, the newest data is always what is read, files land whole and in the
order of their newest saves, and flush() (quitting) waits until all is on disk."""

from __future__ import annotations

import errno
import json
import threading
from pathlib import Path

import pytest

from game.options import Options
from game.storage import datafolder

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

WAIT = 10.0  # seconds a test waits for the writer before failing (never reached when right)
NOT_SAVING = "Scores are not being saved: cannot write to {folder} ({reason})."
SAVING_AGAIN = "Scores are being saved again."


class HeldWriter:
    """Replaces the atomic write: each write waits until the test lets it go, and the
    names written are recorded in order."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = datafolder.write_atomically
        self.go = threading.Event()
        self.started = threading.Event()
        self.written: list[str] = []
        self.error: OSError | None = None
        monkeypatch.setattr(datafolder, "write_atomically", self.write)

    def write(self, path: Path, data: bytes) -> None:
        self.started.set()
        assert self.go.wait(WAIT), "the test never let the write go"
        if self.error is not None:
            raise self.error
        self.real(path, data)
        self.written.append(path.name)


def on_disk_state(folder: Path, game_id: str) -> dict:
    envelope = json.loads((folder / f"{game_id}-saved.json").read_text(encoding="utf-8"))
    return envelope["data"]["state"]


def test_a_save_returns_before_the_disk_is_written_and_is_read_at_once(
    open_storage, folder, monkeypatch
):
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    assert storage.save_game("shutbox", {"move": 1}), "the save is on its way"
    assert held.started.wait(WAIT), "the writer thread took the save"
    assert not (folder / "shutbox-saved.json").exists(), "the disk is still being written"
    assert storage.load_game("shutbox") == {"move": 1}, "the game reads its newest data"
    assert storage.has_saved_game("shutbox")
    held.go.set()
    assert storage.flush()
    assert on_disk_state(folder, "shutbox") == {"move": 1}


def test_a_newer_save_replaces_one_not_yet_written_and_files_land_in_save_order(
    open_storage, folder, monkeypatch
):
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("farkle", {"move": 1})
    assert held.started.wait(WAIT)  # the writer is inside farkle's first write
    storage.save_game("shutbox", {"move": 1})
    storage.save_game("farkle", {"move": 2})
    storage.save_game("farkle", {"move": 3})
    held.go.set()
    assert storage.flush()
    assert held.written == ["farkle-saved.json", "shutbox-saved.json", "farkle-saved.json"]
    assert on_disk_state(folder, "farkle") == {"move": 3}
    assert on_disk_state(folder, "shutbox") == {"move": 1}


def test_a_delete_after_a_save_not_yet_written_leaves_no_file(open_storage, folder, monkeypatch):
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("lucie", {"move": 1})
    assert held.started.wait(WAIT)
    storage.clear_game("lucie")
    assert not storage.has_saved_game("lucie")
    held.go.set()
    assert storage.flush()
    assert not (folder / "lucie-saved.json").exists()


def test_a_failing_disk_is_told_from_the_main_thread_and_retried_by_the_next_save(
    open_storage, folder, monkeypatch
):
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    held.error = OSError(errno.ENOSPC, "No space left on device")
    held.go.set()
    storage.save_game("mille", {"move": 1})
    assert not storage.flush(), "the save still waits"
    assert storage.take_notices() == [
        NOT_SAVING.format(folder=folder, reason="No space left on device")
    ]
    assert storage.load_game("mille") == {"move": 1}, "nothing is lost meanwhile"
    held.error = None
    storage.save_settings()
    assert storage.flush()
    assert storage.take_notices() == [SAVING_AGAIN]
    assert on_disk_state(folder, "mille") == {"move": 1}


def test_the_writer_thread_lives_only_while_there_is_something_to_write(open_storage):
    storage = open_storage(write_behind=True)
    storage.save_game("shutbox", {"move": 1})
    assert storage.flush()
    writer = storage._folder._writer
    if writer is not None:
        writer.join(WAIT)
    assert not any(t.name == "pixel-parlor-writer" for t in threading.enumerate())


def test_a_save_issued_right_before_quitting_is_on_disk_after_quit(tmp_path, monkeypatch):
    """The app's saves are written behind; quitting waits for them. The write is held
    until the app has begun to quit, so only the flush at quit can put it on disk."""
    from game.app import App

    held = HeldWriter(monkeypatch)
    app = App(Options(windowed=True, no_sound=True, data_dir=tmp_path))
    app.storage.save_game("shutbox", {"move": 7})
    assert held.started.wait(WAIT)
    app.quit()
    release = threading.Timer(0.2, held.go.set)  # the write ends while the app quits
    release.start()
    app.run()
    assert on_disk_state(tmp_path, "shutbox") == {"move": 7}
    assert "settings.json" in held.written, "the settings saved at quit are on disk too"
    release.join()
