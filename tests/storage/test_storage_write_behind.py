"""Saves written behind the game by the data folder's writer thread: the main thread never
waits for the disk, the newest data is always what is read, files land whole and in the
order of their newest saves, and flush() (quitting) waits until all is on disk."""

from __future__ import annotations

import errno
import json
import queue
import threading
import time
from pathlib import Path

import pytest

from game.shell.options import Options
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
    from game.scenes.screens import SCREENS
    from game.shell.app import App

    held = HeldWriter(monkeypatch)
    app = App(Options(windowed=True, no_sound=True, data_dir=tmp_path), SCREENS)
    app.storage.save_game("shutbox", {"move": 7})
    assert held.started.wait(WAIT)
    app.quit()
    release = threading.Timer(0.2, held.go.set)  # the write ends while the app quits
    release.start()
    app.run()
    assert on_disk_state(tmp_path, "shutbox") == {"move": 7}
    assert "settings.json" in held.written, "the settings saved at quit are on disk too"
    release.join()


class GatedWriter:
    """Replaces the atomic write: each write waits at a gate until the test opens it for
    that one write, so that the test decides what happens between two writes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = datafolder.write_atomically
        self.arrived: queue.Queue[tuple[str, dict]] = queue.Queue()
        self.opened = threading.Semaphore(0)
        self.failures: list[Exception] = []  # raised by the next writes, in turn
        monkeypatch.setattr(datafolder, "write_atomically", self.write)

    def write(self, path: Path, data: bytes) -> None:
        self.arrived.put((path.name, json.loads(data)["data"]))
        assert self.opened.acquire(timeout=WAIT), "the test never let the write go"
        if self.failures:
            raise self.failures.pop(0)
        self.real(path, data)

    def next_write(self) -> tuple[str, dict]:
        """The write the writer thread has come to (held at the gate): (file, its data)."""
        return self.arrived.get(timeout=WAIT)

    def let_go(self, writes: int = 1) -> None:
        for _ in range(writes):
            self.opened.release()


def saved_move(write: tuple[str, dict]) -> tuple[str, int]:
    name, data = write
    return name, data["state"]["move"]


def test_the_newest_save_of_a_file_is_always_the_next_written_never_an_older_one(
    open_storage, folder, monkeypatch
):
    gate = GatedWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("farkle", {"move": 1})
    assert saved_move(gate.next_write()) == ("farkle-saved.json", 1)
    storage.save_game("shutbox", {"move": 1})
    storage.save_game("farkle", {"move": 2})  # waits behind shutbox's first save
    gate.let_go()
    assert saved_move(gate.next_write()) == ("shutbox-saved.json", 1)
    storage.save_game("farkle", {"move": 3})  # replaces move 2, which was still waiting
    storage.save_game("farkle", {"move": 4})
    gate.let_go()
    assert saved_move(gate.next_write()) == ("farkle-saved.json", 4), "not 2, nor 3"
    gate.let_go()
    assert storage.flush()
    assert gate.arrived.empty(), "nothing older was written after it"
    assert on_disk_state(folder, "farkle") == {"move": 4}
    assert on_disk_state(folder, "shutbox") == {"move": 1}


def soon(condition) -> bool:
    """True once `condition()` holds (another thread's work), polled up to WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


def on_disk_soon(folder: Path, game_id: str, state: dict) -> bool:
    """True once the file holds `state`, written by the writer thread (polled)."""

    def there() -> bool:
        try:
            return on_disk_state(folder, game_id) == state
        except (OSError, ValueError):
            return False

    return soon(there)


def test_an_unexpected_error_in_a_write_is_logged_and_the_writer_goes_on(
    open_storage, folder, monkeypatch, caplog
):
    gate = GatedWriter(monkeypatch)
    gate.failures.append(RuntimeError("a bug in the writing"))
    storage = open_storage(write_behind=True)
    storage.save_game("mille", {"move": 1})
    gate.next_write()
    gate.let_go()  # this write raises
    storage.save_game("mille", {"move": 2})  # the writer is still there to write it
    assert saved_move(gate.next_write()) == ("mille-saved.json", 2)
    gate.let_go()
    assert on_disk_soon(folder, "mille", {"move": 2}), "written by the writer thread"
    assert storage.load_game("mille") == {"move": 2}
    assert "writing mille-saved.json failed" in caplog.text
    assert "RuntimeError: a bug in the writing" in caplog.text
    notices: list[str] = []  # the writer thread tells them: collected until the last one
    assert soon(lambda: notices.extend(storage.take_notices()) or SAVING_AGAIN in notices)
    assert notices == [NOT_SAVING.format(folder=folder, reason="RuntimeError"), SAVING_AGAIN]


def test_a_writer_pass_that_fails_unexpectedly_does_not_stop_saving_for_good(
    open_storage, folder, monkeypatch, caplog
):
    storage = open_storage(write_behind=True)
    data_folder = storage._folder
    real_pass = data_folder._write_pending
    broken = [RuntimeError("a bug in the pass")]

    def write_pending() -> bool:
        if broken:
            raise broken.pop()
        return real_pass()

    monkeypatch.setattr(data_folder, "_write_pending", write_pending)
    storage.save_game("lucie", {"move": 1})
    assert soon(lambda: not broken and data_folder._writer is None), "the pass failed"
    storage.save_game("lucie", {"move": 2})
    assert on_disk_soon(folder, "lucie", {"move": 2}), "a later save still reaches the disk"
    assert "writing the data folder failed" in caplog.text


def save_in_a_thread(storage, game_id: str, state: dict, folder: Path):
    """Save from another thread (as the game's main thread would); the returned thread
    records what was on disk the moment the save returned, in `.on_disk_then`."""

    def save() -> None:
        storage.save_game(game_id, state)
        try:
            thread.on_disk_then = on_disk_state(folder, game_id)
        except OSError:
            thread.on_disk_then = None

    thread = threading.Thread(target=save)
    thread.on_disk_then = "never returned"
    thread.start()
    return thread


def test_a_save_waits_for_the_write_of_the_files_previous_save_so_a_kill_loses_one_move(
    open_storage, folder, monkeypatch
):
    monkeypatch.setattr(datafolder, "CATCH_UP_S", 3 * WAIT)  # the bound never decides here
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("mille", {"move": 1})
    assert held.started.wait(WAIT)  # move 1 is being written
    second = save_in_a_thread(storage, "mille", {"move": 2}, folder)
    second.join(0.2)
    assert second.is_alive(), "move 2's save waits while move 1 is still being written"
    held.go.set()
    second.join(WAIT)
    assert not second.is_alive()
    assert second.on_disk_then == {"move": 1}, "when move 2 returned, move 1 was on disk"
    assert storage.flush()
    assert on_disk_state(folder, "mille") == {"move": 2}


def test_a_save_of_another_file_does_not_wait_for_a_write_in_flight(
    open_storage, folder, monkeypatch
):
    monkeypatch.setattr(datafolder, "CATCH_UP_S", 3 * WAIT)
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("mille", {"move": 1})
    assert held.started.wait(WAIT)
    other = save_in_a_thread(storage, "farkle", {"move": 1}, folder)
    other.join(WAIT)
    assert not other.is_alive(), "farkle's save returned while mille's write was held"
    held.go.set()
    assert storage.flush()


def test_a_stalled_disk_holds_a_save_no_longer_than_the_bound(open_storage, folder, monkeypatch):
    monkeypatch.setattr(datafolder, "CATCH_UP_S", 0.01)
    held = HeldWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("shutbox", {"move": 1})
    assert held.started.wait(WAIT)
    late = save_in_a_thread(storage, "shutbox", {"move": 2}, folder)
    late.join(WAIT)  # the held write lasts until the test lets it go: far past the bound
    assert not late.is_alive(), "the game goes on when the disk does not keep up"
    assert storage.load_game("shutbox") == {"move": 2}
    held.go.set()
    assert storage.flush()
    assert on_disk_state(folder, "shutbox") == {"move": 2}


def test_a_save_waits_for_its_files_previous_save_still_waiting_behind_another_file(
    open_storage, folder, monkeypatch
):
    """The writer has not even come to move 1 (it is writing another file): move 2 waits
    for move 1 to be written rather than replacing it, or a kill would lose both."""
    monkeypatch.setattr(datafolder, "CATCH_UP_S", 3 * WAIT)
    gate = GatedWriter(monkeypatch)
    storage = open_storage(write_behind=True)
    storage.save_game("farkle", {"move": 1})
    assert saved_move(gate.next_write()) == ("farkle-saved.json", 1)
    storage.save_game("mille", {"move": 1})  # waits behind farkle's write
    second = save_in_a_thread(storage, "mille", {"move": 2}, folder)
    second.join(0.2)
    assert second.is_alive(), "move 2 waits: move 1 is not on disk yet"
    gate.let_go()  # farkle's write
    assert saved_move(gate.next_write()) == ("mille-saved.json", 1), "move 1 is not skipped"
    gate.let_go()
    second.join(WAIT)
    assert not second.is_alive()
    assert second.on_disk_then == {"move": 1}
    assert saved_move(gate.next_write()) == ("mille-saved.json", 2)
    gate.let_go()
    assert storage.flush()


def test_while_writes_fail_a_save_does_not_wait_for_the_disk(open_storage, folder, monkeypatch):
    monkeypatch.setattr(datafolder, "CATCH_UP_S", 3 * WAIT)
    held = HeldWriter(monkeypatch)
    held.error = OSError(errno.EROFS, "Read-only file system")
    storage = open_storage(write_behind=True)
    storage.save_game("lucie", {"move": 1})
    held.go.set()  # the write fails: move 1 waits in memory for the disk
    assert soon(lambda: not storage.saving_works)
    later = save_in_a_thread(storage, "lucie", {"move": 2}, folder)
    later.join(WAIT)
    assert not later.is_alive(), "no move waits for a disk that refuses writes"
    assert storage.load_game("lucie") == {"move": 2}
