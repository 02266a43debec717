"""The command line, run as a player would: flags, --ticks and --screenshots headless."""

import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import game.scenes as scenes
from game.shell.options import parse_options
from game.shell.registry import load_games

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]


def run_game(*args, timeout=180):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_every_flag_parses():
    o = parse_options(
        [
            "--windowed",
            "--mono",
            "--fast",
            "--demo",
            "--no-sound",
            "--no-save",
            "--seed",
            "7",
            "--data-dir",
            "/tmp/x",
            "--game",
            "shutbox",
            "--ticks",
            "10",
            "--screenshots",
            "shots",
        ]
    )
    assert (o.windowed, o.mono, o.fast, o.demo, o.no_sound, o.no_save) == (True,) * 6
    assert (o.seed, o.game, o.ticks) == (7, "shutbox", 10)
    assert o.data_dir == Path("/tmp/x") and o.screenshots == Path("shots")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bogus"], "unrecognized arguments"),
        (["--ticks", "many"], "expected a whole number"),
        (["--ticks", "-3"], "expected a number >= 0"),
        (["--seed"], "expected one argument"),
        (["--game", "chess"], "invalid choice"),
    ],
)
def test_a_bad_flag_exits_2_with_a_clear_message(args, message):
    result = run_game(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "usage:" in result.stderr


@pytest.mark.parametrize(
    "args, language, said",
    [
        (["--help", "--lang", "fr"], {}, "affiche cette aide et quitte"),
        (["--help"], {"LANGUAGE": "pl_PL"}, "pokazuje tę pomoc i kończy"),
        (["--ticks", "many", "--lang=pl"], {}, "oczekiwano liczby całkowitej, podano 'many'"),
        (["--bogus"], {"LANGUAGE": "fr"}, "arguments inconnus\u00a0: --bogus"),
    ],
)
def test_the_command_line_speaks_the_language_asked_else_the_systems(args, language, said):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **language)
    result = subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert said in result.stdout + result.stderr


def test_help_lists_the_flags():
    result = run_game("--help")
    assert result.returncode == 0
    for flag in (
        "--windowed",
        "--mono",
        "--fast",
        "--demo",
        "--no-sound",
        "--seed",
        "--data-dir",
        "--game",
        "--ticks",
        "--screenshots",
    ):
        assert flag in result.stdout


def test_ticks_runs_headless_and_exits_0(tmp_path):
    result = run_game("--ticks", "120", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "settings.json").exists(), "quitting saves the settings first"


def test_ticks_in_demo_mode_runs_the_attract_loop(tmp_path):
    result = run_game("--demo", "--fast", "--ticks", "600", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr


def test_screenshots_writes_every_screen_in_colour_and_mono(tmp_path):
    shots = tmp_path / "shots"
    result = run_game("--screenshots", str(shots), "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    names = {p.name for p in shots.glob("*.png")}
    # The program's own games (a game of the tests' own, such as Pig, is not among them).
    # Each of them shows the screens every table has: the hint, the move log, the coach's
    # question, its review (the list and a position) and the Progress charts.
    table_screens = [
        f"{package.name}-{screen}"
        for package in pkgutil.iter_modules(scenes.__path__)
        if package.ispkg
        for screen in ("hint", "log", "coach-question", "review", "review-position", "progress")
    ]
    # And each game played with friends: the host's table panel, a guest's clock and the
    # next game at the same table.
    friends_screens = [
        f"{info.id}-{screen}"
        for info in load_games()
        if info.network_table is not None
        for screen in (
            "friends-panel",
            "friends-panel-full",
            "friends-panel-kicked",
            "guest-clock",
            "friends-rematch",
            # Spectators (issue 36): the panel with watchers, a watcher's table.
            "friends-panel-watchers",
            "watcher",
        )
    ]
    assert friends_screens
    for screen in (
        "title",
        "settings",
        "join-watch",
        "join-watch-refused",
        "help",
        "boss",
        "scores",
        "gallery-1",
        "scores-progress-empty",
        *table_screens,
        *friends_screens,
    ):
        assert f"{screen}.png" in names and f"{screen}-mono.png" in names
    assert not list((tmp_path / "data").glob("*-stats.json")), (
        "the pictures' sample games never reach the player's statistics"
    )
    picture = pygame.image.load(str(shots / "title.png"))
    assert picture.get_size() == (640, 360)
    mono = pygame.image.load(str(shots / "title-mono.png"))
    colours = {tuple(mono.get_at((x, y)))[:3] for x in range(0, 640, 3) for y in range(0, 360, 3)}
    assert colours <= {(0, 0, 0), (255, 255, 255)}


def test_closing_the_window_quits_cleanly_after_saving(app, tmp_path):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert not app.running
    assert (tmp_path / "settings.json").exists()


def test_alt_f4_quits(app):
    from tests.harness import key

    key(app, pygame.K_F4, mod=pygame.KMOD_ALT)
    assert not app.running


def test_screenshots_never_play_in_the_players_folder_and_deal_alike_every_run(tmp_path):
    from game.main import PICTURES_SEED, for_pictures
    from game.storage.location import default_data_dir

    chosen = for_pictures(parse_options(["--screenshots", "shots"]))
    assert chosen.seed == PICTURES_SEED, "the same dice and cards every run"
    assert chosen.data_dir is not None and chosen.data_dir.is_dir()
    assert chosen.data_dir != default_data_dir(), "its games would replace the player's saves"
    chosen.data_dir.rmdir()
    given = ["--screenshots", "shots", "--seed", "7", "--data-dir", str(tmp_path)]
    kept = for_pictures(parse_options(given))
    assert (kept.seed, kept.data_dir) == (7, tmp_path)


# A Python where the play packages cannot be imported, as a new player's python3 is
# before `tasks.py play` has set up .venv/: a sitecustomize on PYTHONPATH refuses them.
BLOCK_PACKAGES = """
import sys

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Refuse())
"""


def run_without(blocked, *args, tmp_path):
    (tmp_path / "site").mkdir(exist_ok=True)
    (tmp_path / "site" / "sitecustomize.py").write_text(BLOCK_PACKAGES.format(blocked=blocked))
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = dict(
        os.environ,
        PYTHONPATH=str(tmp_path / "site"),
        TMPDIR=str(tmp_path / "tmp"),  # where a crash before the data folder would log
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    data = tmp_path / "data"
    return subprocess.run(
        [sys.executable, "main.py", *args, "--data-dir", str(data)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("blocked", [("pygame",), ("pygame", "platformdirs", "websockets")])
def test_help_needs_none_of_the_play_packages_and_says_to_run_tasks_play(blocked, tmp_path):
    result = run_without(set(blocked), "--help", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "--windowed" in result.stdout and "--shutbox-toggles" in result.stdout
    assert "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert "python3 tasks.py play" in line and all(name in line for name in blocked)
    assert not list((tmp_path / "tmp").iterdir()), "no crash log"


def test_without_pygame_the_game_says_so_in_one_line_and_logs_no_crash(tmp_path):
    result = run_without({"pygame"}, tmp_path=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "pixel-parlor: this Python lacks pygame: run `python3 tasks.py play` first "
        "(it sets up .venv/ and starts the game; options go after it)"
    ]
    assert not list((tmp_path / "tmp").iterdir()), "no crash log"
    assert not (tmp_path / "data" / "pixel-parlor.log").exists()


def test_the_play_packages_checked_are_those_play_needs():
    from game.main import PLAY_PACKAGES

    wanted = {
        line.split("==")[0].strip().lower()
        for line in (ROOT / "requirements" / "play.in").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    imported_as = {"pygame-ce": "pygame", "pynacl": "nacl"}
    assert {imported_as.get(name, name) for name in wanted} == set(PLAY_PACKAGES)


def test_the_command_line_offers_the_display_renderers():
    from game import display
    from game.shell import options

    assert options.RENDERERS == display.RENDERERS
