"""Every start-up path runs inside the handler that logs and explains; the handler keeps
what is safe and never writes back the game that failed; the log never follows a link."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.main import LOG_NAME, LogFile, start_logging
from game.storage import Storage

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]

# Runs the game's main() after breaking one thing, as a player's run would meet it.
DRIVER = """
import sys
import pygame
import game.shell.app, game.shell.registry, game.main
where, *argv = sys.argv[1:]

def boom(*args, **kwargs):
    raise RuntimeError("boom in " + where)

if where == "load_games":
    game.shell.registry.load_games = boom
elif where == "App":
    game.shell.app.App.__init__ = boom
elif where == "start":
    game.main.start = boom
elif where.startswith("tick"):
    # Continue the saved game from the title, then fail a few ticks later.
    original_tick, at = game.shell.app.App.tick, int(where[4:])
    def tick(app):
        if app.ticks == 1:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0,
                                                 unicode="c", scancode=0))
        if app.ticks == at:
            boom()
        original_tick(app)
    game.shell.app.App.tick = tick
sys.exit(game.main.main(argv))
"""


def run_main(where, data_dir, tmp_path, *args):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TMPDIR=str(tmp_path / "tmp"),
        PYTHONPATH=str(ROOT),
    )
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-c", DRIVER, where, "--ticks", "30", "--data-dir", str(data_dir), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("where", ["load_games", "App", "start"])
def test_a_crash_at_start_up_is_logged_and_explained(where, tmp_path):
    result = run_main(where, tmp_path / "data", tmp_path)
    assert result.returncode == 1
    assert f"pixel-parlor: crashed (RuntimeError: boom in {where}); details in" in result.stderr
    logs = list(tmp_path.rglob(LOG_NAME))
    assert logs, "the crash is in a log file"
    assert "Traceback" in logs[0].read_text() and f"boom in {where}" in logs[0].read_text()


def saved_shutbox_game(data_dir: Path) -> dict:
    """A Shut The Box game started from the title and saved, as a player leaves it."""
    from tests.saved_games import one_saved_game

    state = one_saved_game(data_dir, "shutbox")
    assert state is not None
    return state


@pytest.mark.slow
def test_a_game_that_crashes_right_after_continue_is_set_aside_not_saved_again(tmp_path):
    data = tmp_path / "data"
    state = saved_shutbox_game(data)
    result = run_main("tick5", data, tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Saved Shut The Box game was set aside: the game stopped on an error" in result.stderr
    assert not (data / "shutbox-saved.json").exists(), "the next Continue cannot crash again"
    [aside] = data.glob("shutbox-saved.bad-*.json")
    assert json.loads(aside.read_text())["data"]["state"] == state


def test_the_crash_handler_keeps_a_game_that_moved_on_as_saved_after_its_last_move(tmp_path):
    from game.main import keep_what_is_safe
    from tests.harness import make_app

    data = tmp_path / "data"
    state = saved_shutbox_game(data)
    app = make_app(data)
    assert app.storage.resume_game("shutbox", lambda s: s) == state
    moved_on = {**state, "moved": "on"}
    app.storage.save_game("shutbox", moved_on)
    app.storage.settings.mono = True
    assert keep_what_is_safe(app) == []
    again = Storage(data)
    assert again.load_game("shutbox") == moved_on and again.settings.mono
    app.scenes.clear()


def test_a_game_resumed_and_crashed_before_moving_on_is_set_aside(tmp_path):
    data = tmp_path / "data"
    state = saved_shutbox_game(data)
    storage = Storage(data)
    storage.resume_game("shutbox", lambda s: s)
    storage.save_game("shutbox", json.loads(json.dumps(state)))  # saved again, unchanged
    [notice] = storage.after_crash()
    assert notice.startswith(
        "Saved Shut The Box game was set aside: the game stopped on "
        "an error right after resuming it (old file kept as "
    )
    assert not Storage(data).has_saved_game("shutbox")


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX links")
def test_the_log_never_follows_a_link_in_its_place(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (data / LOG_NAME).symlink_to(victim)
    (data / "settings.json").write_text("{ damaged")  # something to warn about
    result = run_main("none", data, tmp_path)
    assert result.returncode == 0, result.stderr
    assert victim.read_text() == "precious\n"
    assert (data / LOG_NAME).is_symlink()
    assert "settings.json: not JSON" in (tmp_path / "tmp" / LOG_NAME).read_text()


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX links")
def test_a_link_made_after_start_up_is_not_followed_either(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / LOG_NAME
    handler = LogFile(link, maxBytes=1000, backupCount=1, encoding="utf-8", delay=True)
    link.symlink_to(victim)
    logger = logging.getLogger("test.logfile.link")
    logger.addHandler(handler)
    try:
        logger.warning("one")
        logger.warning("two")
    finally:
        logger.removeHandler(handler)
        handler.close()
    assert victim.read_text() == "precious\n"
    assert capsys.readouterr().err.count("cannot write the log") == 1


def test_a_log_that_cannot_be_written_says_so_once_without_tracebacks(tmp_path, capsys):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the log's folder should be")
    handler = LogFile(blocker / LOG_NAME, maxBytes=1000, backupCount=1, delay=True)
    logger = logging.getLogger("test.logfile.refused")
    logger.addHandler(handler)
    try:
        for number in range(5):
            logger.warning("warning %d", number)
    finally:
        logger.removeHandler(handler)
        handler.close()
    err = capsys.readouterr().err
    assert err.count("cannot write the log") == 1
    assert "Logging error" not in err and "Traceback" not in err


def test_start_logging_picks_the_temporary_folder_when_the_data_folder_refuses(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr("tempfile.tempdir", None)  # read TMPDIR again
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    root_handlers = list(logging.getLogger().handlers)
    try:
        path = start_logging(blocker / "data", no_save=False)
        assert path == tmp_path / "tmp" / LOG_NAME
    finally:
        for handler in logging.getLogger().handlers:
            if handler not in root_handlers:
                logging.getLogger().removeHandler(handler)
                handler.close()
