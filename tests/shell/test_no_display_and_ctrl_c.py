"""Started where no window can be seen, the game says so and exits instead of running
unseen; Ctrl+C quits as closing the window does, saving everything, without a traceback."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game import display
from game.main import EXIT_INTERRUPTED
from game.storage import Storage

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60  # seconds: a bound on each run, never reached when all is well


@pytest.mark.parametrize("driver", display.HEADLESS_DRIVERS)
def test_a_headless_driver_nobody_asked_for_is_a_missing_display(driver, monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    message = display.missing_display()
    assert message is not None and repr(driver) in message
    assert "SDL_VIDEODRIVER=dummy" in message, "it says how to run headless on purpose"


def test_a_real_driver_or_one_asked_for_is_no_fault(monkeypatch):
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert display.missing_display() is None
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert display.missing_display() is None


def test_a_display_that_cannot_start_is_a_missing_display(monkeypatch):
    def fails():
        raise pygame.error("no available video device")

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", fails)
    assert "no available video device" in display.missing_display()


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="SDL falls back to its offscreen driver on Linux"
)
def test_without_a_display_the_game_exits_with_a_message(tmp_path):
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    try:
        result = subprocess.run(
            [sys.executable, "main.py", "--data-dir", str(tmp_path)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
    except subprocess.TimeoutExpired:
        pytest.skip("SDL found a display without X or Wayland (a KMS console)")
    assert result.returncode == 1
    assert "found no display" in result.stderr
    assert "Traceback" not in result.stderr


# The game's main(), started on a Shut The Box game just begun, Ann to roll: nothing is
# saved before her first move, except by quitting.
NEW_GAME_DRIVER = """
import sys
import game.main
from game.engine.shutbox import Player

def start(app, game_id):
    from game.scenes.shutbox.play import ShutBoxScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    app.push(ShutBoxScene.new_game(app, [Player("Ann"), Player("Bob")]))

game.main.start = start
sys.exit(game.main.main(sys.argv[1:]))
"""


@pytest.mark.skipif(
    not hasattr(signal, "SIGINT") or os.name == "nt",
    reason="Ctrl+C reaches a POSIX process as SIGINT",
)
def test_ctrl_c_saves_the_game_and_exits_quietly(tmp_path):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT),
        PIXELPARLOR_REPORT_FIRST_FRAME="1",
    )
    process = subprocess.Popen(
        [sys.executable, "-c", NEW_GAME_DRIVER, "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True)
    reader.start()
    deadline = time.time() + WAIT
    while not any(line.startswith("first-frame-at") for line in list(lines)):
        assert process.poll() is None and time.time() < deadline, "the game did not start"
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=WAIT)
    reader.join(timeout=WAIT)
    stderr = "".join(lines)
    assert process.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stderr
    assert "stopped by Ctrl+C; everything is saved" in stderr
    assert Storage(tmp_path).has_saved_game("shutbox"), "the game is kept for Continue"
