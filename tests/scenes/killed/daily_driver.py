"""Runs a daily Shut The Box game in real time for test_daily_killed.py, reporting it.

Started with a data folder and a mode: "play" plays a move every few frames until it is
killed; "finish" plays the day's game (resumed, if one was kept) to its end and exits.
It prints "counted <replays> <state>" for the day's entry once the game is open,
"resumed <digest>" when the day's game was resumed, "moved <digest>" after each move and
"done <state> <replays> <score>" at the end, each line flushed at once.
"""

import datetime
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from game.input import Action  # noqa: E402
from game.scenes.screens import SCREENS  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.options import Options  # noqa: E402
from game.shell.registry import game_info, load_games  # noqa: E402
from game.table.daily import daily_slot, play_daily  # noqa: E402

DAY = datetime.date(2026, 11, 26)
FRAMES_PER_MOVE = 3


def digest(table) -> str:
    """The game as it stands, in a few characters."""
    engine = json.dumps(table.state.to_json(), sort_keys=True).encode()
    return hashlib.sha256(engine).hexdigest()[:16]


def say(*words) -> None:
    sys.stdout.write(" ".join(str(word) for word in words) + "\n")
    sys.stdout.flush()


def main() -> None:
    data_dir, mode = Path(sys.argv[1]), sys.argv[2]
    load_games()
    app = App(Options(windowed=True, no_sound=True, fast=True, data_dir=data_dir), SCREENS)
    app.push(TitleScene(app))
    info = game_info("shutbox")
    kept = app.storage.has_saved_game(daily_slot(info.id))
    table = play_daily(app, info, DAY)
    if kept:
        say("resumed", digest(table))
    entry = app.storage.daily().day(info.id, DAY)
    say("counted", entry.replays, entry.state)
    frames = 0
    while not table.finished:
        app.frame(1)
        frames += 1
        if frames % FRAMES_PER_MOVE == 0 and table.waiting_for_human:
            if table.submit(0, table.legal_moves()[0]):
                say("moved", digest(table))
            else:
                table.handle(Action("confirm"))  # a prompt to read (the next turn's)
    app.storage.flush()
    entry = app.storage.daily().day(info.id, DAY)
    say("done", entry.state, entry.replays, entry.score)
    if mode == "play":
        while True:  # wait to be killed
            app.frame(1)


if __name__ == "__main__":
    main()
