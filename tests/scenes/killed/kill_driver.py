"""Runs the real game in real time for test_killed_during_play.py, reporting its progress.

A Shut The Box game between two computer players (not demo mode, so it is saved as a
player's game is). Every engine move prints "applied <digest>" and every save that is on
disk (written by the data folder's writer thread) prints "saved <digest>", flushed at
once, so the test knows exactly how far the game had got when it killed this process. Started again, it resumes the saved game
through the title's Continue path and prints "resumed <digest>".
"""

import hashlib
import json
import os
import sys
import threading
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import game.storage.datafolder as datafolder  # noqa: E402
from game.engine.shutbox import Player, ShutBoxState  # noqa: E402
from game.scenes.screens import SCREENS  # noqa: E402
from game.scenes.shutbox.play import ShutBoxScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.options import Options  # noqa: E402
from game.shell.registry import game_info, load_games  # noqa: E402


def digest(engine_json) -> str:
    return hashlib.sha256(json.dumps(engine_json, sort_keys=True).encode()).hexdigest()[:16]


REPORTING = threading.Lock()  # the main thread and the writer thread both report


def report(word: str, engine_json) -> None:
    with REPORTING:
        sys.stdout.write(f"{word} {digest(engine_json)}\n")
        sys.stdout.flush()


def main() -> None:
    data_dir = Path(sys.argv[1])
    load_games()
    app = App(Options(windowed=True, no_sound=True, data_dir=data_dir), SCREENS)

    original_apply = ShutBoxState.apply

    def traced_apply(self, action, rng):
        events = original_apply(self, action, rng)
        report("applied", self.to_json())
        return events

    ShutBoxState.apply = traced_apply
    original_write = datafolder.write_atomically

    def traced_write(path, data):
        original_write(path, data)
        if path.name == "shutbox-saved.json":
            report("saved", json.loads(data)["data"]["state"]["engine"])

    datafolder.write_atomically = traced_write
    app.push(TitleScene(app))
    resumed = app.storage.resume_game(
        "shutbox", lambda data: game_info("shutbox").resume_scene(app, data)
    )
    if resumed is not None:
        report("resumed", resumed.state.to_json())
        app.push(resumed)
    else:
        players = [Player("Cindy", True, "perfect"), Player("Greg", True, "pub")]
        app.push(ShutBoxScene.new_game(app, players))
    app.run()


if __name__ == "__main__":
    main()
