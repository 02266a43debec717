"""--screenshots DIR: every screen in its typical states, saved as PNG in colour and mono."""

from __future__ import annotations

import itertools
import math
import random
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.shell.app import App
    from game.storage import Storage

# Ticks run after setting up each state, so that entry animations have settled.
SETTLE_TICKS = 2
# The progress pictures' sample player: this many games, one in JUDGED_NOTHING_EVERY
# with nothing for the coach to judge, and against people one game in PEOPLE_EVERY.
SAMPLE_GAMES = 30
JUDGED_NOTHING_EVERY = 9
PEOPLE_EVERY = 7


def shell_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """The shell's own screens: (file name, set-up) pairs."""
    from game.scenes.gallery import GalleryScene, gallery_page_count
    from game.scenes.help import HelpScene, general_help
    from game.scenes.scores import ScoresScene
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene
    from game.shell.dialog import confirm
    from game.shell.registry import registered_games

    yield "title", lambda: app.push(TitleScene(app))

    def title_quit():
        app.push(TitleScene(app))
        confirm(app, "Quit Pixel Parlor?", app.quit, title="Quit")

    yield "title-quit", title_quit
    yield "title-friends", lambda: app.push(TitleScene(app)).play_with_friends()
    yield "settings", lambda: app.push(SettingsScene(app))

    def join():
        from game.scenes.join import JoinScene

        scene = app.push(JoinScene(app, "192.168.1.20", "K7QX-R2M9", "Bea"))
        scene.problem = "wrong table code"

    def join_invitation():
        from game.scenes.join import JoinScene

        scene = app.push(JoinScene(app, name="Bea"))
        scene.paste(f"pixelparlor://192.168.1.20:28989/K7QX-R2M9?tls={'3f9a' * 16}\n")

    yield "join", join
    yield "join-invitation", join_invitation
    yield "help", lambda: app.push(HelpScene(app, general_help(), "Pixel Parlor"))

    def help_keys():
        scene = app.push(HelpScene(app, general_help(), "Pixel Parlor"))
        scene.page = 1

    yield "help-keys", help_keys
    yield "scores", lambda: app.push(ScoresScene(app, None))
    games = registered_games()
    if games:  # each game's own pictures show its page filled; here, before any game
        yield f"scores-{games[0].id}-empty", lambda: app.push(ScoresScene(app, games[0].id))
        yield from progress_states(
            app, games[0].id, lambda storage: None, name="scores-progress-empty"
        )

    def boss():
        app.push(TitleScene(app))
        app.toggle_boss()
        app.scenes.top.command = "type memo1102.txt"

    yield "boss", boss
    for page in range(gallery_page_count()):

        def gallery(page=page):
            scene = app.push(GalleryScene(app))
            scene.page = page

        yield f"gallery-{page + 1}", gallery


def record_sample_progress(
    storage: Storage,
    game_id: str,
    score: Callable[[random.Random, bool], int],
    half_accuracy_at: float,
    seed: int = 1,
) -> None:
    """Record SAMPLE_GAMES results of a player who improves: accuracy from about 45 to
    80, moving up the game's computer levels (weakest first; none: a game played alone)
    and winning less often against stronger ones. `score(rng, won)` is a typical score
    of the game; the loss is the one that gives the accuracy (game.engine.coach)."""
    from game.shell.registry import game_info

    levels = list(game_info(game_id).level_labels)
    rng = random.Random(seed)
    for number in range(SAMPLE_GAMES):
        progress = number / (SAMPLE_GAMES - 1)
        step = min(len(levels) - 1, int(progress * len(levels))) if levels else 0
        if not levels:
            opponent = ""
        elif number % PEOPLE_EVERY == 3:
            opponent = "people"
        else:
            opponent = levels[step]
        skill = min(99, max(5, round(45 + 35 * progress + rng.uniform(-12, 12))))
        won = rng.random() < skill / 100 - 0.2 * step
        accuracy, loss = skill, half_accuracy_at * math.log2(100 / skill)
        if number % JUDGED_NOTHING_EVERY == 5:
            accuracy = loss = None
        storage.record_result(
            game_id, won=won, score=score(rng, won), accuracy=accuracy, loss=loss, opponent=opponent
        )


def progress_states(
    app: App, game_id: str, record: Callable[[Storage], None], name: str = "progress"
) -> Iterator[tuple[str, Callable[[], None]]]:
    """The Scores screen's Progress page of a game, with the results `record(storage)`
    puts in a throw-away folder standing in for the player's own while the picture is
    taken (a generator: the real records are back before the next state's)."""
    from game.scenes.scores import PROGRESS, ScoresScene
    from game.storage import Storage

    real_storage = app.storage
    folder = Path(tempfile.mkdtemp(prefix=f"{game_id}-progress-shots-"))
    app.storage = Storage(folder, no_save=True)
    try:
        record(app.storage)
        yield name, lambda: app.push(ScoresScene(app, game_id, PROGRESS))
    finally:
        app.storage = real_storage
        shutil.rmtree(folder, ignore_errors=True)


def render_all(app: App, folder: Path) -> list[Path]:
    """Render every shell screen and every registered game's states; returns the files."""
    from game.shell.registry import registered_games
    from game.table.pictures import coach_states, network_states

    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def shoot(name: str, setup: Callable[[], object]) -> None:
        app.scenes.clear()
        setup()
        for _ in range(SETTLE_TICKS):
            app.tick()
        for mono in (False, True):
            path = folder / f"{name}{'-mono' if mono else ''}.png"
            app.snapshot(path, mono=mono)
            written.append(path)

    for name, setup in shell_states(app):
        shoot(name, setup)
    for info in registered_games():
        states = itertools.chain(
            info.screenshots(app), coach_states(app, info), network_states(app, info)
        )
        for state, setup in states:
            shoot(f"{info.id}-{state}", setup)
    app.scenes.clear()
    return written
