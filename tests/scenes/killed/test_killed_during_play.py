"""SIGKILL during play, then start again: at most the current move is lost.

The game runs in a subprocess in real time (tests/scenes/killed/kill_driver.py) and is
killed at a random moment, several times over, each time restarted from what it saved.
"""

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.storage import Storage

DRIVER = Path(__file__).with_name("kill_driver.py")
ROUNDS = 4
# Engine actions one player's move may take (the shut, then the roll that commits it).
ACTIONS_PER_MOVE = 2

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
    pytest.mark.processes,  # run by `tasks.py test --under-load` too
]


def run_and_kill(data_dir: Path, after_seconds: float) -> list[tuple[str, str]]:
    """Start the game, kill it with SIGKILL after a while, return what it reported."""
    process = subprocess.Popen(
        [sys.executable, str(DRIVER), str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)
    reader.start()
    deadline = time.time() + 60
    # Wait until the game is really playing (a few saves in), then a random extra moment.
    while sum(line.startswith("saved") for line in list(lines)) < 3 and time.time() < deadline:
        if process.poll() is not None:
            break
        time.sleep(0.02)
    time.sleep(after_seconds)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    reader.join(timeout=10)
    assert process.returncode == -signal.SIGKILL, process.stderr.read()
    return [tuple(line.split()) for line in lines if line.strip()]


def test_killing_the_game_loses_at_most_the_current_move(tmp_path):
    rng = random.Random(1989)
    expected_resume = None
    for _round_number in range(ROUNDS):
        reports = run_and_kill(tmp_path, rng.uniform(0.0, 1.5))
        if expected_resume is not None:
            assert reports[0] == ("resumed", expected_resume), (
                "starting again resumes exactly the game that was on disk"
            )
        saves = [i for i, (word, _) in enumerate(reports) if word == "saved"]
        assert saves, "the game saved as it played"
        last_save = saves[-1]
        moves_since = sum(1 for word, _ in reports[last_save + 1 :] if word == "applied")
        assert moves_since <= ACTIONS_PER_MOVE, "the game saves after every move"

        storage = Storage(tmp_path)
        assert not storage.take_notices(), "nothing on disk was damaged"
        saved = storage.load_game("shutbox")
        assert saved is not None
        from tests.scenes.killed.kill_driver import digest

        on_disk = digest(saved["engine"])
        # On disk: the last save the game finished, or one it was writing when killed.
        newer = [d for word, d in reports[last_save:] if word in ("saved", "applied")]
        assert on_disk in newer
        expected_resume = on_disk
