"""Saved games made as a player makes them: start a game from the title, play, save.

Driven only through the App (keys, the monkey's random input) and Storage, so that the
tests using them do not depend on how a scene lays out its saved data.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Optional

import pygame

from game.main import start
from game.monkey import InputMonkey
from game.scenes.registry import load_games
from tests.harness import key, make_app, run


def start_game(app, game_id: str) -> None:
    """From the title: the game's digit, then S on its set-up screen."""
    number = str([info.id for info in load_games()].index(game_id) + 1)
    key(app, pygame.key.key_code(number), text=number)
    key(app, pygame.K_s, text="s")
    run(app, 5)


def saved_games(data_dir: Path, game_id: str, events: int = 0, seed: int = 0,
                every: int = 30) -> list[dict]:
    """The game's saved data (distinct, as JSON-able dicts) after starting it and every
    `every` of `events` random events (the player may leave the game on the way)."""
    load_games()                         # the title lists the registered games
    app = make_app(data_dir, fast=True)
    found: list[str] = []

    def keep() -> None:
        app.save_all()
        state = app.storage.load_game(game_id)
        text = json.dumps(state, sort_keys=True) if state is not None else None
        if text is not None and text not in found:
            found.append(text)
    try:
        start(app, None)
        app.frame(0)
        start_game(app, game_id)
        keep()
        monkey = InputMonkey(random.Random(f"saved-games/{game_id}/{seed}"), calm=True)
        while monkey.index < events and app.running:
            monkey.drive(app, every)
            keep()
    finally:
        app.storage.flush()     # saves are written behind: on disk before the folder goes
        app.scenes.clear()
        pygame.display.quit()
    return [json.loads(text) for text in found]


def one_saved_game(data_dir: Path, game_id: str) -> Optional[dict]:
    """The saved data of a game just started from the title."""
    games = saved_games(data_dir, game_id)
    return games[0] if games else None
