"""A daily game killed with SIGKILL resumes, and still counts once (issue 35).

The game runs in a subprocess (daily_driver.py), a move every few frames; it is killed
in the middle, started again (the day's game resumes where it was saved, the attempt
still the one counted), killed again, and at last played to its end.
"""

import datetime
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.storage import Storage

DRIVER = Path(__file__).with_name("daily_driver.py")
DAY = datetime.date(2026, 11, 26)

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
    pytest.mark.processes,
]


def run(data_dir: Path, mode: str, kill_after_moves: int | None) -> list[list[str]]:
    process = subprocess.Popen(
        [sys.executable, str(DRIVER), str(data_dir), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)
    reader.start()
    deadline = time.time() + 120
    if kill_after_moves is None:
        process.wait(timeout=120)
    else:
        while time.time() < deadline and process.poll() is None:
            if sum(line.startswith("moved") for line in list(lines)) >= kill_after_moves:
                break
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    reader.join(timeout=10)
    assert process.returncode in (0, -signal.SIGKILL), process.stderr.read()
    return [line.split() for line in lines if line.strip()]


def test_a_killed_daily_game_resumes_and_counts_once(tmp_path):
    first = run(tmp_path, "play", kill_after_moves=4)
    assert first[0] == ["counted", "0", "started"], "the attempt is on disk before play"
    moved = [words[1] for words in first if words[0] == "moved"]
    assert len(moved) >= 4

    second = run(tmp_path, "play", kill_after_moves=len(moved) + 3)
    assert second[0][0] == "resumed"
    # The game resumed is the last one saved: at most the move in flight is lost.
    assert second[0][1] in moved[-2:]
    assert second[1] == ["counted", "0", "started"], "resuming is no second attempt"

    third = run(tmp_path, "finish", kill_after_moves=None)
    assert third[0][0] == "resumed" and third[1] == ["counted", "0", "started"]
    done = next(words for words in third if words[0] == "done")
    assert done[1:3] == ["done", "0"], "the day's one attempt, finished, never replayed"

    storage = Storage(tmp_path)
    assert not storage.take_notices()
    entry = storage.daily().day("shutbox", DAY)
    assert entry.done and entry.replays == 0 and entry.score == int(done[3])
