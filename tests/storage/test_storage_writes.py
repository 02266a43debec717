"""Writes that fail or are cut short never cost the previous file; folders that refuse writes."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import platformdirs
import pytest

from game.resources import SOURCE_ROOT
from game.storage import GameStats, TopTen, atomic, datafolder, location

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

NOT_SAVING = "Scores are not being saved: cannot write to {folder} ({reason})."
SAVING_AGAIN = "Scores are being saved again."


def temp_files(folder: Path) -> list[Path]:
    return [path for path in folder.iterdir() if atomic.is_temp_file(path)]


# -- a write interrupted at each step ---------------------------------------------------


def half_then_fail(fd, data, real=os.write):
    """os.write on a disk that fills up halfway through."""
    real(fd, bytes(data[: len(data) // 2]))
    raise OSError(errno.ENOSPC, "No space left on device")


def fail_call(number, real, error):
    """`real`, except that its call number `number` (1-based) raises `error`."""
    calls = []

    def failing(*args, **kwargs):
        calls.append(args)
        if len(calls) == number:
            raise error
        return real(*args, **kwargs)

    return failing


def always_raise(error, calls=None):
    """A stand-in that raises `error` every time (counting its calls in `calls`)."""

    def failing(*args, **kwargs):
        if calls is not None:
            calls.append(args)
        raise error

    return failing


INTERRUPTIONS = {
    "creating the temp file": lambda mp: mp.setattr(
        tempfile, "mkstemp", fail_call(1, tempfile.mkstemp, OSError(errno.ENOSPC, "No space left"))
    ),
    "writing": lambda mp: mp.setattr(os, "write", half_then_fail),
    "fsyncing": lambda mp: mp.setattr(
        os, "fsync", fail_call(1, os.fsync, OSError(errno.EIO, "I/O error"))
    ),
    "replacing": lambda mp: mp.setattr(
        os, "replace", fail_call(1, os.replace, OSError(errno.EXDEV, "Cross-device"))
    ),
    "replacing, locked every time": lambda mp: mp.setattr(
        os, "replace", always_raise(PermissionError(13, "Locked"))
    ),
}


@pytest.mark.parametrize("interrupt", INTERRUPTIONS.values(), ids=INTERRUPTIONS.keys())
def test_an_interrupted_write_keeps_the_previous_file(interrupt, monkeypatch, folder, open_storage):
    storage = open_storage()
    storage.record_result("shutbox", won=True, score=100)
    before = (folder / "shutbox-stats.json").read_bytes()

    with monkeypatch.context() as patched:
        interrupt(patched)
        storage.record_result("shutbox", won=False, score=5)
        assert not storage.saving_works

    assert (folder / "shutbox-stats.json").read_bytes() == before
    assert temp_files(folder) == []
    assert open_storage().stats("shutbox").played == 1  # still readable, still the old one
    [notice] = storage.take_notices()
    assert notice.startswith(f"Scores are not being saved: cannot write to {folder} (")
    assert storage.stats("shutbox").played == 2  # the game plays on with the newer figures
    storage.add_to_top_ten("shutbox", "Ann", 5)  # the next save also writes what waited
    assert storage.take_notices() == [SAVING_AGAIN]
    assert open_storage().stats("shutbox").played == 2


def test_a_failing_folder_fsync_does_not_fail_the_save(monkeypatch, folder, open_storage):
    storage = open_storage()
    # The file's fsync is the first call, the folder's the second (some systems refuse it).
    monkeypatch.setattr(os, "fsync", fail_call(2, os.fsync, OSError(errno.EINVAL, "Invalid")))
    assert storage.save_game("farkle", {"turn": 1})
    assert json.loads((folder / "farkle-saved.json").read_text())["data"]["state"] == {"turn": 1}
    assert storage.take_notices() == []


def test_a_replace_refused_for_a_moment_is_retried(monkeypatch, open_storage, retry_waits):
    storage = open_storage()
    real_replace, refusals = os.replace, [PermissionError(13, "Locked")] * 2

    def briefly_locked(*args):
        if refusals:
            raise refusals.pop()
        return real_replace(*args)

    monkeypatch.setattr(os, "replace", briefly_locked)
    assert storage.save_game("lucie", {"fans": []})
    assert retry_waits == list(atomic.LOCK_RETRY_DELAYS[:2])
    assert storage.take_notices() == []


def test_a_replace_refused_for_good_gives_up_after_a_bounded_number_of_tries(
    monkeypatch, open_storage, retry_waits, folder
):
    storage = open_storage()
    attempts: list[tuple] = []
    monkeypatch.setattr(os, "replace", always_raise(PermissionError(13, "Locked"), attempts))
    assert not storage.save_game("lucie", {"fans": []})
    assert len(attempts) == len(atomic.LOCK_RETRY_DELAYS) + 1
    assert sum(retry_waits) < 1.0
    assert temp_files(folder) == []


# -- a process killed during a write ----------------------------------------------------

CHILD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from game.storage import Storage, atomic

    folder, kill_point = Path(sys.argv[1]), sys.argv[2]
    storage = Storage(folder)
    pad = "x" * 200_000  # long writes, so a random kill often lands inside one

    def die(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    storage.save_game("mille", {"move": 0, "pad": pad})
    if kill_point == "before the temp file is complete":
        real_write = os.write
        def half_then_die(fd, data):
            real_write(fd, bytes(data[: len(data) // 2])); die()
        atomic.os.write = half_then_die
    elif kill_point == "before the fsync":
        atomic.os.fsync = die
    elif kill_point == "before the replace":
        atomic.os.replace = die
    print("saving", flush=True)
    move = 1
    while True:
        storage.save_game("mille", {"move": move, "pad": pad})
        move += 1
""")


def run_child(folder: Path, kill_point: str, kill_after: float | None = None) -> int:
    """Run CHILD until it dies (or is SIGKILLed `kill_after` seconds into its saving)."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), kill_point],
        cwd=SOURCE_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline() == "saving\n"
        if kill_after is not None:
            time.sleep(kill_after)  # where the kill lands does not matter: all must be safe
            child.send_signal(signal.SIGKILL)
        return child.wait(timeout=60)
    finally:
        if child.poll() is None:  # a failed assertion must not leave it saving forever
            child.kill()
            child.wait()
        child.stdout.close()


needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


@needs_sigkill
@pytest.mark.slow
@pytest.mark.parametrize(
    "kill_point", ["before the temp file is complete", "before the fsync", "before the replace"]
)
def test_a_process_killed_at_each_step_leaves_the_previous_save(kill_point, folder, open_storage):
    assert run_child(folder, kill_point) == -signal.SIGKILL
    assert len(temp_files(folder)) == 1  # the dead write's leftover...
    storage = open_storage()
    assert storage.load_game("mille")["move"] == 0
    assert storage.take_notices() == []
    assert temp_files(folder) == []  # ...removed by the next start


@needs_sigkill
@pytest.mark.slow
def test_a_process_killed_at_random_moments_always_leaves_a_whole_save(folder, open_storage):
    rng = random.Random(4)
    for _ in range(12):
        assert run_child(folder, "anywhere", kill_after=rng.uniform(0, 0.05)) == -signal.SIGKILL
        storage = open_storage()
        state = storage.load_game("mille")
        assert state is not None and state["pad"] == "x" * 200_000
        assert storage.take_notices() == []
        # The killed write's temp file, if any, is gone with the next start.
        assert {p.name for p in folder.iterdir()} == {"mille-saved.json"}


def test_temp_files_left_by_killed_writes_are_removed_at_start_and_nothing_else(
    folder, open_storage, aside_stamp
):
    folder.mkdir()
    ours = [
        ".mille-saved.json.ab12cd34.tmp",
        ".settings.json.x_y9zz00.tmp",
        f".shutbox-topten.bad-{aside_stamp}.json.qwertyui.tmp",  # a damaged file's copy
        ".probe.a1b2c3d4.tmp",  # the start-up's write probe
    ]
    others = [
        "notes.tmp",
        ".notes.tmp",
        ".notes.txt.ab12cd34.tmp",
        ".mille-saved.json.tmp",
        ".mille-saved.json.ab12.tmp",
        ".mille-saved.json.AB12CD34.tmp",
        "mille-saved.json.ab12cd34.tmp",
        ".mille-saved.json.ab12cd34.tmp.bak",
    ]
    for name in ours + others:
        (folder / name).write_text("partial")
    (folder / ".farkle-saved.json.abcdefgh.tmp").mkdir()  # not a file: not ours
    open_storage()
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        others + [".farkle-saved.json.abcdefgh.tmp"]
    )


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX links")
def test_a_link_named_like_a_temp_file_is_left_alone_and_so_is_what_it_points_to(
    folder, open_storage
):
    folder.mkdir()
    victim = folder.parent / "victim.txt"
    victim.write_text("precious\n")
    (folder / ".mille-saved.json.ab12cd34.tmp").symlink_to(victim)
    open_storage()
    assert (folder / ".mille-saved.json.ab12cd34.tmp").is_symlink()
    assert victim.read_text() == "precious\n"


@pytest.mark.skipif(atomic.fcntl is None, reason="POSIX file locks")
def test_a_temp_file_another_running_game_is_writing_is_left_to_it(folder, open_storage):
    folder.mkdir()
    fd, name = atomic.temp_file_in(folder, "mille-saved.json")  # a write under way
    try:
        open_storage()
        assert Path(name).exists(), "another instance's write in progress is not cut off"
    finally:
        os.close(fd)
    open_storage()
    assert not Path(name).exists(), "once its writer is gone, it is a leftover"


def test_the_temp_files_writes_make_are_the_ones_swept(folder, open_storage, monkeypatch):
    storage = open_storage()
    replaced: list[str] = []
    real_replace = os.replace

    def replace(source, target):
        replaced.append(Path(source).name)
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    storage.save_game("mille", {"move": 1})
    storage.record_result("mille", won=True, score=10)
    (name_saved, name_stats) = replaced
    assert name_saved.startswith(".mille-saved.json.") and name_stats.startswith(
        ".mille-stats.json."
    )
    assert all(atomic.is_temp_file(Path(name)) for name in replaced)


# -- saves in quick succession ----------------------------------------------------------


def test_two_saves_in_quick_succession_keep_the_second(folder, open_storage):
    storage = open_storage()
    assert storage.save_game("shutbox", {"move": 1})
    assert storage.save_game("shutbox", {"move": 2})
    assert open_storage().load_game("shutbox") == {"move": 2}
    assert temp_files(folder) == []


def test_two_programs_saving_the_same_file_in_turn_never_break_it(folder, open_storage):
    first, second = open_storage(), open_storage()
    for move in range(20):
        (first if move % 2 else second).save_game("shutbox", {"move": move})
    assert open_storage().load_game("shutbox") == {"move": 19}
    assert temp_files(folder) == []


# -- folders that cannot be written -----------------------------------------------------


def test_a_folder_removed_while_the_game_runs_is_made_again_by_the_next_save(folder, open_storage):
    storage = open_storage()
    storage.save_game("farkle", {"move": 1})
    shutil.rmtree(folder)  # a cleaning tool, or the player, removed it
    assert storage.save_game("farkle", {"move": 2})
    assert open_storage().load_game("farkle") == {"move": 2}
    assert storage.take_notices() == []


def test_a_folder_that_cannot_be_made_plays_on_says_so_once_and_recovers(tmp_path, open_storage):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder's parent should be")
    folder = blocker / "scores"

    storage = open_storage(data_dir=folder)
    [notice] = storage.take_notices()
    assert notice.startswith(f"Scores are not being saved: cannot write to {folder} (")
    assert not storage.saving_works

    storage.record_result("shutbox", won=True, score=120)
    assert storage.add_to_top_ten("shutbox", "Ann", 120) == 1
    assert not storage.save_game("shutbox", {"move": 3})
    assert storage.stats("shutbox").played == 1  # the game plays on
    assert storage.load_game("shutbox") == {"move": 3}
    assert storage.take_notices() == []  # said once only

    blocker.unlink()  # the player frees the folder
    storage.settings.mono = True
    assert storage.save_settings()  # the next save writes everything that waited
    assert storage.take_notices() == [SAVING_AGAIN]
    assert storage.saving_works
    again = open_storage(data_dir=folder)
    assert again.stats("shutbox").played == 1 and again.settings.mono
    assert again.top_ten("shutbox").entries[0].name == "Ann"
    assert again.load_game("shutbox") == {"move": 3}


def test_flush_retries_what_waits(tmp_path, open_storage):
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    storage = open_storage(data_dir=blocker / "scores")
    storage.record_result("farkle", won=False, score=2000)
    assert not storage.flush()
    blocker.unlink()
    assert storage.flush()
    assert open_storage(data_dir=blocker / "scores").stats("farkle").played == 1


@pytest.mark.skipif(
    os.name == "nt" or os.geteuid() == 0,
    reason="chmod cannot stop root (or a Windows user) from writing; "
    "the blocked-folder test above covers this case",
)
def test_a_read_only_folder(folder, open_storage):
    storage = open_storage()
    storage.record_result("lucie", won=False, score=40)
    folder.chmod(0o500)
    try:
        reopened = open_storage()
        assert reopened.stats("lucie").played == 1  # still read
        assert reopened.take_notices() == [
            NOT_SAVING.format(folder=folder, reason="Permission denied")
        ]
        reopened.record_result("lucie", won=True, score=100)
        assert reopened.take_notices() == []
    finally:
        folder.chmod(0o700)
    assert open_storage().stats("lucie").played == 1


def test_a_file_that_cannot_be_read_is_set_aside(folder, open_storage, aside_stamp):
    (folder / "farkle-topten.json").mkdir(parents=True)  # opening it fails with an OSError
    storage = open_storage()
    assert storage.top_ten("farkle") == TopTen()
    assert storage.take_notices() == [
        "Farkle Top Ten could not be read and has been reset "
        f"(old file kept as farkle-topten.bad-{aside_stamp}.json)."
    ]
    assert storage.add_to_top_ten("farkle", "Ann", 1) == 1
    assert open_storage().top_ten("farkle").entries[0].name == "Ann"


def test_a_record_too_large_to_save_is_not_written(monkeypatch, folder, open_storage):
    storage = open_storage()
    storage.save_game("lucie", {"moves": []})
    monkeypatch.setattr(datafolder, "MAX_FILE_BYTES", 1000)
    assert not storage.save_game("lucie", {"moves": ["x" * 2000]})
    assert storage.take_notices() == ["Saved La Belle Lucie game is too large to save."]
    monkeypatch.undo()
    assert open_storage().load_game("lucie") == {"moves": []}


# -- no_save: the write-protected disk --------------------------------------------------


def everything_a_session_does(storage) -> None:
    storage.settings.fast = True
    storage.save_settings()
    storage.save_game_options("shutbox", {"pips": False})
    storage.record_result("shutbox", won=True, score=150, counters={"boxes_shut": 1})
    storage.add_to_top_ten("shutbox", "Ann", 150)
    storage.save_game("mille", {"move": 1})
    storage.reset_scores("farkle")
    storage.clear_game("lucie")
    storage.resume_game("mille", lambda state: 1 / 0)
    storage.flush()


def test_no_save_creates_nothing(folder, open_storage):
    storage = open_storage(no_save=True)
    everything_a_session_does(storage)
    assert not folder.exists()


def test_no_save_changes_nothing_in_an_existing_folder(folder, open_storage):
    before_session = open_storage()
    before_session.record_result("shutbox", won=False, score=10)
    before_session.save_game("lucie", {"fans": [1]})
    (folder / ".mille-saved.json.dead.tmp").write_text("x")
    os.utime(folder / ".mille-saved.json.dead.tmp", (0, 0))
    snapshot = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}

    storage = open_storage(no_save=True)
    everything_a_session_does(storage)

    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()} == snapshot


def test_no_save_still_plays_with_everything_in_memory(open_storage):
    storage = open_storage(no_save=True)
    storage.record_result("shutbox", won=True, score=150)
    storage.add_to_top_ten("shutbox", "Ann", 150)
    storage.save_game("shutbox", {"move": 7})
    assert storage.stats("shutbox").played == 1
    assert storage.top_ten("shutbox").entries[0].score == 150
    assert storage.has_saved_game("shutbox") and storage.load_game("shutbox") == {"move": 7}
    storage.clear_game("shutbox")
    assert not storage.has_saved_game("shutbox")
    assert not storage.saving_works and storage.no_save
    assert storage.take_notices() == []
    assert open_storage(no_save=True).stats("shutbox") == GameStats()


# -- where the folder is ----------------------------------------------------------------


def test_from_source_the_folder_is_the_repos_scores(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert location.default_data_dir() == SOURCE_ROOT / "scores"


def test_frozen_the_folder_is_the_per_user_data_folder(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    path = location.default_data_dir()
    assert path == Path(platformdirs.user_data_dir("PixelParlor", appauthor=False))
    assert path.name == "PixelParlor"


def test_data_dir_overrides_the_default(folder, open_storage):
    storage = open_storage()
    storage.save_game("farkle", {"turn": 2})
    assert storage.data_dir == folder
    assert json.loads((folder / "farkle-saved.json").read_text())["data"]["state"] == {"turn": 2}


def test_forgetting_a_game_that_was_never_saved_is_no_trouble(folder, open_storage):
    storage = open_storage()
    assert storage.clear_game("farkle")
    assert storage.take_notices() == []


def test_a_folder_removed_with_the_one_above_it_is_made_again_whole(tmp_path, open_storage):
    storage = open_storage(data_dir=tmp_path / "above" / "data")
    shutil.rmtree(tmp_path / "above")
    assert storage.save_game("farkle", {"move": 1})
    assert (tmp_path / "above" / "data" / "farkle-saved.json").exists()


def test_a_refusing_folder_is_logged_as_a_warning_once_per_outage(
    monkeypatch, folder, open_storage, caplog
):
    storage = open_storage()
    monkeypatch.setattr(os, "replace", always_raise(PermissionError(13, "Permission denied")))

    def warnings() -> int:
        return sum(r.levelname == "WARNING" and "cannot write" in r.msg for r in caplog.records)

    storage.save_game("farkle", {"move": 1})
    assert warnings() == 1, "the outage's first failure is a warning"
    storage.save_game("farkle", {"move": 2})
    assert warnings() == 1, "the next ones are not"
