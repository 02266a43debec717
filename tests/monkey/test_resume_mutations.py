"""One random change to a saved game, then the title's Continue: the game is refused with a
notice (the file set aside), or it resumes and plays on without an exception.

Saved games are made by playing (tests/saved_games.py) and changed where they lie on disk;
the program is driven only by keys, the monkey's input and Storage. Every registered game
is tried. The engine's part of a saved game gets random changes (hypothesis); every other
field a saved game holds (the table's own: seats, coach, log...) gets a fixed list of
changes, so that each one found to crash the table is a case of its own. The fields are
read from a saved game, so that one a table starts saving is changed too.
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.input_monkey import InputMonkey
from game.main import start
from game.shell.registry import load_games
from game.storage import Storage
from tests.harness import key, make_app, run
from tests.mutations import single_change
from tests.saved_games import saved_fields, saved_games

GAMES = [info.id for info in load_games()]
WORDS = [
    "play",
    "deal",
    "stop",
    "25",
    "roll",
    "rolled",
    "start",
    "human",
    "computer",
    "expert",
    "perfect",
    "AC",
    "KH",
    "redeal",
    "shut",
    "over",
]
EVENTS_AFTER_RESUME = 60


@functools.cache
def saved(game_id: str) -> tuple[str, ...]:
    """Saved games of `game_id` (JSON text) from a few games played at random."""
    found: list[str] = []
    for seed in range(2):
        with tempfile.TemporaryDirectory() as folder:
            for data in saved_games(Path(folder), game_id, events=600, seed=seed):
                text = json.dumps(data, sort_keys=True)
                if text not in found:
                    found.append(text)
    assert found, f"no saved {game_id} game was made"
    return tuple(found)


@functools.cache
def fields(game_id: str) -> tuple[str, list[str]]:
    """(the field of a saved game that holds the engine's state, the table's own fields)."""
    with tempfile.TemporaryDirectory() as folder:
        return saved_fields(Path(folder), game_id)


def continue_and_play(game_id: str, data: Any, seed: int) -> str:
    """Write `data` as the saved game, press C on the title, play on at random: whether
    the game was 'refused' (set aside, with a notice) or 'resumed'."""
    load_games()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        assert Storage(folder).save_game(game_id, {})  # then changed where it lies
        path = folder / f"{game_id}-saved.json"
        document = json.loads(path.read_text())
        document["data"]["state"] = data
        path.write_text(json.dumps(document))
        app = make_app(folder, fast=True)
        try:
            start(app, None)
            app.frame(0)
            key(app, pygame.K_c, text="c")  # Continue: the only saved game
            run(app, 2)
            if not app.storage.has_saved_game(game_id):
                # When a save of the file still waits for the writer thread, set_aside
                # writes the copy behind too: on disk only once the writer gets to it.
                app.storage.flush()
                assert list(folder.glob(f"{game_id}-saved.bad-*.json")), "set aside, kept"
                return "refused"
            InputMonkey(random.Random(seed), calm=True).drive(app, EVENTS_AFTER_RESUME)
            run(app, 30)
            app.shutdown()
            return "resumed"
        finally:
            app.storage.flush()  # saves are written behind: on disk before the folder goes
            app.scenes.clear()
            pygame.display.quit()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_one_change_to_the_engine_state_is_refused_or_plays_on(game_id, data):
    original = json.loads(data.draw(st.sampled_from(saved(game_id)), label="saved game"))
    name, _ = fields(game_id)
    changed, what = data.draw(single_change(original[name], WORDS), label="change")
    continue_and_play(
        game_id, {**original, name: changed}, data.draw(st.integers(0, 999), label="seed")
    )


# -- the table's own fields around the engine's state ----------------------------------------

CHANGES: dict[str, Any] = {
    "null": None,
    "text": "x",
    "huge": 10**40,
    "negative": -7,
    "junk list": [10**9, "x", None, -1],
    "junk object": {"0": [None], "x": "y"},
}
# Changes to the tables' own fields that crash a table today: scene-layer bugs, recorded
# here (and in the report) for the scene rework; they do not fail the suite.
SCENE_BUGS: dict[tuple[str, str, str], str] = {}


def cases():
    for game_id in GAMES:
        for field in fields(game_id)[1]:
            for change in CHANGES:
                reason = SCENE_BUGS.get((game_id, field, change))
                marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason else []
                yield pytest.param(
                    game_id, field, change, marks=marks, id=f"{game_id}-{field}-{change}"
                )


@pytest.mark.slow
@pytest.mark.parametrize("game_id, field, change", list(cases()))
def test_a_bad_value_in_a_tables_own_field_is_refused_or_plays_on(game_id, field, change):
    original = json.loads(saved(game_id)[-1])
    assert field in original, f"a saved {game_id} game played on lost its {field!r}"
    continue_and_play(game_id, {**original, field: CHANGES[change]}, seed=1)
