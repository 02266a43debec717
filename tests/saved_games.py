"""Saved games made as a player makes them: start a game from the title, play, save.

Driven only through the App (keys, the monkey's random input) and Storage, so that the
tests using them do not depend on how a scene lays out its saved data: which field holds
the engine's state is asked of the table itself (saved_fields).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.input_monkey import InputMonkey
from game.main import start
from game.shell.app import App
from game.shell.registry import load_games
from tests.harness import key, make_app, run


def start_game(app, game_id: str) -> None:
    """From the title: the game's digit, then S on its set-up screen."""
    number = str([info.id for info in load_games()].index(game_id) + 1)
    key(app, pygame.key.key_code(number), text=number)
    key(app, pygame.K_s, text="s")
    run(app, 5)


@contextmanager
def game_started(data_dir: Path, game_id: str) -> Iterator[App]:
    """The App at a new game of `game_id`, started from the title."""
    load_games()  # the title lists the registered games
    app = make_app(data_dir, fast=True)
    try:
        start(app, None)
        app.frame(0)
        start_game(app, game_id)
        yield app
    finally:
        app.storage.flush()  # saves are written behind: on disk before the folder goes
        app.scenes.clear()
        pygame.display.quit()


def saved_games(
    data_dir: Path, game_id: str, events: int = 0, seed: int = 0, every: int = 30
) -> list[dict]:
    """The game's saved data (distinct, as JSON-able dicts) after starting it and every
    `every` of `events` random events (the player may leave the game on the way)."""
    found: list[str] = []
    with game_started(data_dir, game_id) as app:

        def keep() -> None:
            app.save_all()
            state = app.storage.load_game(game_id)
            text = json.dumps(state, sort_keys=True) if state is not None else None
            if text is not None and text not in found:
                found.append(text)

        keep()
        monkey = InputMonkey(random.Random(f"saved-games/{game_id}/{seed}"), calm=True)
        while monkey.index < events and app.running:
            monkey.drive(app, every)
            keep()
    return [json.loads(text) for text in found]


def saved_fields(data_dir: Path, game_id: str) -> tuple[str, list[str]]:
    """The fields of the game's saved data, as a game just started holds them: (the one
    that holds the engine's state, the others), e.g. ("engine", ["coach", "counters",
    ...]). The engine's is the one an object of the game's engine writes (a module of an
    `engine` package: game.engine.<id>, or tests/games/<id>/engine.py)."""
    with game_started(data_dir, game_id) as app:
        app.save_all()
        saved = app.storage.load_game(game_id)
        table = app.scenes.top
        engines = [
            value.to_json()
            for value in vars(table).values()
            if "engine" in type(value).__module__.split(".") and hasattr(value, "to_json")
        ]
        held = [name for name, value in table.game_data().items() if value in engines]
    assert saved is not None and len(held) == 1, f"{game_id}: {sorted(saved or ())}, {held}"
    return held[0], sorted(name for name in saved if name != held[0])


def one_saved_game(data_dir: Path, game_id: str) -> dict | None:
    """The saved data of a game just started from the title."""
    games = saved_games(data_dir, game_id)
    return games[0] if games else None
