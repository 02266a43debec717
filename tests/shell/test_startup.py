"""Start-up loads what the title needs and nothing more: every game registers itself
without importing its table, engine or pictures (GameInfo fields given as Later), which
load the first time they are used."""

import json
import os
import subprocess
import sys
from pathlib import Path

from game.shell.registry import GameInfo, Later, load_games

ROOT = Path(__file__).resolve().parents[2]

# Loaded when a game is first played, hosted or joined, never for the title.
NOT_AT_START = ("game.engine", "game.table", "game.net", "websockets", "asyncio", "ssl")


def test_a_later_field_is_loaded_when_first_read_and_then_kept():
    loads = []

    def load():
        loads.append(1)
        return {"wins": "Wins"}

    info = GameInfo(
        id="later",
        title="Later",
        tagline="",
        order=9,
        new_scene=lambda app: None,
        counter_labels=Later(load),
    )
    assert loads == []
    assert info.counter_labels == {"wins": "Wins"}
    assert info.counter_labels is info.counter_labels
    assert loads == [1]


def test_whether_a_later_field_is_given_is_told_without_loading_it():
    loads = []
    info = GameInfo(
        id="later",
        title="Later",
        tagline="",
        order=9,
        new_scene=lambda app: None,
        resume_scene=Later(lambda: loads.append(1)),
    )
    assert info.gives("resume_scene") and not info.gives("network_table")
    assert loads == []


def test_every_games_later_fields_load():
    for info in load_games():
        for name in GameInfo.__dataclass_fields__:
            assert not isinstance(getattr(info, name), Later), (info.id, name)
        assert callable(info.new_scene) and callable(info.resume_scene)
        assert info.accuracy_halves_at and info.counter_labels


def modules_after(args: list[str], tmp_path: Path) -> list[str]:
    """The modules loaded by the time the game exits after `args` (run headless)."""
    program = (
        "import json, sys\n"
        "from game.main import main\n"
        "status = main(sys.argv[1:])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
        "sys.exit(status)\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, "-c", program, *args, "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_title_starts_without_any_games_table_engine_or_network(tmp_path):
    loaded = modules_after(["--windowed", "--ticks", "2"], tmp_path)
    assert "game.scenes.title" in loaded
    early = [m for m in loaded if m.startswith(NOT_AT_START)]
    assert early == []
    game_modules = [m for m in loaded if m.count(".") >= 3 and m.startswith("game.scenes.")]
    # Shut The Box's command-line flag, and each game's table commands and their default
    # keys (plain data: the settings' keys are checked against them as they load).
    keys = [m for m in game_modules if m.endswith(".keys")]
    assert sorted(set(game_modules) - set(keys)) == ["game.scenes.shutbox.toggles"]


def test_a_game_started_from_the_command_line_loads_its_table(tmp_path):
    loaded = modules_after(["--windowed", "--game", "lucie", "--ticks", "2"], tmp_path)
    assert "game.scenes.lucie.play" in loaded and "game.engine.lucie.rules" in loaded
    assert "game.scenes.mille.play" not in loaded
