"""The data folder is checked at start-up (made, opened, written, room left), each problem
with a plain notice, and a folder that cannot be opened never crashes the game."""

from __future__ import annotations

import errno
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import namedtuple
from pathlib import Path

import pytest

from game.storage import Settings, TopTen, datafolder

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]
NOT_OPENED = "Scores are not being saved: cannot open {folder} (Permission denied)."

# Opens the storage on argv[1] and prints what the player would see, as JSON.
OPEN_STORAGE = """
import json, sys
from game.shell.registry import load_games
from game.storage import Storage
load_games()
storage = Storage(sys.argv[1])
storage.add_to_top_ten("shutbox", "Ann", 120)
storage.record_result("shutbox", won=True, score=120)
storage.save_game("shutbox", {"move": 3})
print(json.dumps({"notices": storage.take_notices(), "no_save": storage.no_save,
                  "mono": storage.settings.mono, "saved": storage.has_saved_game("shutbox"),
                  "flushed": storage.flush()}))
"""


AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@functools.cache
def why_nobody_cannot_run_the_game() -> str | None:
    """None when user nobody can start this interpreter and import the game from here;
    else why not (e.g. a Python under root's private home, or one whose shared library
    only root may load)."""
    result = subprocess.run(
        [*AS_NOBODY, sys.executable, "-c", "import game.storage"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    if result.returncode == 0:
        return None
    last_line = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[-1]
    return f"user nobody cannot run {sys.executable} on {ROOT}: {last_line}"


def open_as_unprivileged_user(folder: Path) -> dict:
    """Storage on `folder` run by a user without root's right to enter any folder."""
    command = [sys.executable, "-c", OPEN_STORAGE, str(folder)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv to drop the rights")
        problem = why_nobody_cannot_run_the_game()
        if problem:
            pytest.skip(problem)
        command = AS_NOBODY + command
    result = subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(folder.parent)),
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def shared_folder():
    """A folder any user can reach (pytest's own tmp_path is private to its user)."""
    top = Path(tempfile.mkdtemp(prefix="pixel-parlor-"))
    top.chmod(0o755)
    yield top
    for path in [top, *top.rglob("*")]:
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(top)


@pytest.mark.skipif(os.name == "nt", reason="POSIX folder rights")
@pytest.mark.parametrize("mode", [0o000, 0o600], ids=["mode 000", "readable, not enterable"])
def test_a_folder_that_cannot_be_entered_plays_on_and_is_never_written(shared_folder, mode):
    folder = shared_folder / "data"
    folder.mkdir()
    (folder / "settings.json").write_text(
        json.dumps({"schema": 1, "kind": "settings", "game": None, "data": {"mono": True}})
    )
    folder.chmod(mode)
    seen = open_as_unprivileged_user(folder)  # used to raise PermissionError
    assert seen["notices"] == [NOT_OPENED.format(folder=folder)]
    assert seen["no_save"] and not seen["flushed"]
    assert seen["saved"], "the game in progress is kept in memory"
    folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json"], "nothing written"


@pytest.mark.skipif(os.name == "nt", reason="POSIX folder rights")
def test_a_folder_left_behind_by_a_sudo_run_plays_on(shared_folder):
    folder = shared_folder / "data"
    folder.mkdir(mode=0o700)
    if os.geteuid() != 0:
        pytest.skip("needs root to make a folder another user cannot enter")
    seen = open_as_unprivileged_user(folder)
    assert seen["notices"] == [NOT_OPENED.format(folder=folder)]


@pytest.mark.skipif(os.name == "nt", reason="POSIX folder rights")
def test_a_folder_inside_one_that_cannot_be_entered_plays_on(shared_folder):
    (shared_folder / "locked").mkdir(mode=0o700)
    (shared_folder / "locked").chmod(0o000)
    folder = shared_folder / "locked" / "data"
    seen = open_as_unprivileged_user(folder)
    assert seen["notices"] == [NOT_OPENED.format(folder=folder)]


def test_a_folder_in_place_of_a_saved_game_is_set_aside_with_a_notice(
    folder, open_storage, aside_stamp
):
    (folder / "farkle-saved.json").mkdir(parents=True)
    storage = open_storage()
    assert not storage.has_saved_game("farkle")  # the title asks: it used to say nothing
    assert storage.take_notices() == [
        "Saved Farkle game is not a file and cannot be resumed "
        f"(old file kept as farkle-saved.bad-{aside_stamp}.json)."
    ]
    assert (folder / f"farkle-saved.bad-{aside_stamp}.json").is_dir()
    assert storage.save_game("farkle", {"move": 1})
    assert open_storage().load_game("farkle") == {"move": 1}


def test_a_nearly_full_disk_is_reported_at_start(monkeypatch, folder, open_storage):
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(datafolder.shutil, "disk_usage", lambda path: usage(10**9, 10**9, 40960))
    storage = open_storage()  # used to be noticed at the first save
    assert storage.take_notices() == [
        f"The disk is almost full (40 KB free in {folder}): scores may not be saved."
    ]
    assert storage.saving_works


def test_a_folder_on_a_read_only_disk_is_reported_at_start(monkeypatch, folder, open_storage):
    folder.mkdir()

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    storage = open_storage()
    assert storage.take_notices() == [
        f"Scores are not being saved: cannot write to {folder} (Read-only file system)."
    ]
    assert not storage.saving_works
    assert storage.top_ten("shutbox") == TopTen() and storage.settings == Settings()


def test_a_healthy_folder_says_nothing_and_keeps_no_probe(folder, open_storage):
    storage = open_storage()
    assert storage.take_notices() == []
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX links")
def test_links_planted_in_place_of_the_files_are_never_written_through(folder, open_storage):
    folder.mkdir()
    victim = folder.parent / "victim.txt"
    victim.write_text("precious\n")
    for name in (
        "settings.json",
        "shutbox-topten.json",
        "shutbox-stats.json",
        "shutbox-saved.json",
        "settings.bad-20250102-030405.json",
    ):
        (folder / name).symlink_to(victim)
    storage = open_storage()  # each link is read (and found damaged)...
    storage.add_to_top_ten("shutbox", "Ann", 120)
    storage.record_result("shutbox", won=True, score=120)
    storage.save_game("shutbox", {"move": 1})
    storage.settings.mono = True
    storage.save_settings()
    storage.clear_game("shutbox")
    assert victim.read_text() == "precious\n"  # ...and replaced, never written through
    assert not any(p.is_symlink() for p in folder.iterdir() if ".bad-" not in p.name)


@pytest.mark.parametrize(("free", "warned"), [(1024 * 1024, False), (1024 * 1024 - 1, True)])
def test_the_disk_is_almost_full_below_one_mebibyte(monkeypatch, open_storage, free, warned):
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(datafolder.shutil, "disk_usage", lambda path: usage(10**9, 10**9, free))
    notices = open_storage().take_notices()
    assert bool(notices) == warned
    if warned:
        assert "(1023 KB free in " in notices[0]


def test_a_saved_game_that_cannot_be_reached_is_no_game_to_continue(
    folder, open_storage, monkeypatch
):
    storage = open_storage()
    storage.save_game("farkle", {"move": 1})
    real_is_file = Path.is_file

    def unreachable(path):
        if path.name == "farkle-saved.json":
            raise PermissionError(13, "Permission denied")
        return real_is_file(path)

    monkeypatch.setattr(Path, "is_file", unreachable)
    assert not open_storage().has_saved_game("farkle")


def test_a_folder_holding_a_file_named_like_the_entry_probe_opens_as_any(folder, open_storage):
    folder.mkdir()
    (folder / ".pixel-parlor-probe").write_text("left by someone")
    storage = open_storage()
    assert storage.take_notices() == [] and not storage.no_save
    assert storage.save_game("farkle", {"move": 1})


def test_a_disk_that_does_not_say_how_full_it_is_is_no_trouble(monkeypatch, open_storage):
    def unknown(path):
        raise OSError(38, "Function not implemented")  # some network file systems

    monkeypatch.setattr(datafolder.shutil, "disk_usage", unknown)
    storage = open_storage()
    assert storage.take_notices() == [] and storage.saving_works
