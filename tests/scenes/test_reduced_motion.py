"""Reduced motion (issue 34): nothing tumbles, flies, bobs or flashes; a move lands at
once, and the table then holds still a moment so that a player can follow it."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.lucie.picture import Flight as LucieFlight
from game.scenes.mille.motion import Beat
from game.scenes.settings import SettingsScene
from game.scenes.shutbox.doors import DROP_TICKS
from game.shell.base import REDUCED_MOTION_PAUSE_TICKS
from game.shell.registry import game_info
from game.storage.settings import FAST, Settings
from tests.harness import run

GAMES = ["farkle", "lucie", "shutbox", "mille"]
MOVES = 12  # moves played per game, people's and computers'
LIMIT = 3_000  # ticks to wait for a table to come to rest


def in_between(scene) -> list[str]:
    """What of the table is shown part-way through a movement now (empty: nothing)."""
    found = []
    tray = getattr(scene, "tray", None)
    if tray is not None and (
        tray.rolling or any(s.tumbling or s.offset != (0, 0) for s in tray.slots)
    ):
        found.append("dice tumbling")
    doors = getattr(scene, "doors", None)
    if doors is not None and any(step not in (0, DROP_TICKS) for step in doors.progress.values()):
        found.append("a door falling")
    now = scene.shown.now
    flight = getattr(now, "flight", None)
    if isinstance(flight, LucieFlight) and flight.ticks > 0:
        found.append("a card flying (Lucie)")
    if isinstance(now, Beat) and any(f.ticks or f.delay for f in now.flights):
        found.append("a card flying (Mille)")
    return found


def open_game(new_app, game_id: str, reduced: bool = True):
    app = new_app()
    app.storage.settings.reduced_motion = reduced
    scene = game_info(game_id).examples.playing(app)
    app.push(scene)
    return app, scene


def to_decision(app, scene, watch=lambda: None) -> None:
    """Run until a person (or a computer) is to decide at a table at rest, answering a
    prompt to go on (Shut The Box: "Enter for Ann's turn"); watch() on every tick."""
    for _ in range(LIMIT):
        if scene.finished or (scene.at_rest() and scene.seat_to_act() is not None):
            return
        if scene.at_rest():
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
            )
        run(app, 1)
        watch()


def play_moves(app, scene, moves: int, watch) -> None:
    """Play `moves` moves (the first legal one each time), calling watch() every tick."""
    for _ in range(moves):
        to_decision(app, scene, watch)
        if scene.finished:
            return
        assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
        run(app, 1)
        watch()


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_is_ever_shown_part_way_through_a_movement(new_app, game_id):
    app, scene = open_game(new_app, game_id)
    assert scene.reduced_motion
    seen: list[str] = []

    def watch():
        seen.extend(in_between(scene))

    play_moves(app, scene, MOVES, watch)
    assert seen == []


@pytest.mark.parametrize("game_id", GAMES)
def test_without_reduced_motion_the_same_check_sees_movements(new_app, game_id):
    """The check above can fail: at the normal pace the same moves are seen moving."""
    app, scene = open_game(new_app, game_id, reduced=False)
    seen: list[str] = []
    play_moves(app, scene, MOVES, lambda: seen.extend(in_between(scene)))
    assert seen


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_is_followed_by_a_still_pause(new_app, game_id):
    """A person's move lands at once, and the table stays busy (its steps queued) for at
    least the pause before anything else may happen."""
    app, scene = open_game(new_app, game_id)
    to_decision(app, scene)
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    busy = 0
    while scene.steps and busy < LIMIT:
        run(app, 1)
        busy += 1
        assert in_between(scene) == []
    assert busy >= REDUCED_MOTION_PAUSE_TICKS


def test_the_pause_follows_the_games_speed_and_fast_drops_it(new_app):
    app, scene = open_game(new_app, "lucie")
    assert scene.still_pause() == REDUCED_MOTION_PAUSE_TICKS
    assert scene.motion(12) == 0
    app.set_speed("lucie", FAST)
    assert scene.still_pause() == 0
    app.storage.settings.reduced_motion = False
    assert scene.still_pause() == 0 and scene.motion(12) == 0  # Fast: none either way
    app.set_speed("lucie", "normal")
    assert scene.motion(12) == 12


def test_hint_arrows_stand_still_and_cursors_do_not_blink(new_app):
    app, scene = open_game(new_app, "farkle")
    frames = set()
    cursor = set()
    for _ in range(60):
        run(app, 1)
        frames.add(scene.blink(8))
        cursor.add(scene.cursor_shown(20))
    assert frames == {0} and cursor == {True}
    app.storage.settings.reduced_motion = False
    for _ in range(20):
        run(app, 1)
        frames.add(scene.blink(8))
    assert len(frames) > 1


def test_settings_row_turns_it_and_it_is_remembered(new_app, tmp_path):
    app = new_app()
    settings_scene = app.push(SettingsScene(app))
    labels = [item.label for item in settings_scene.menu.items]
    row = settings_scene.menu.items[labels.index("Reduced motion")]
    row.adjust(1)
    assert app.reduced_motion and app.storage.settings.reduced_motion
    app.storage.flush()
    data = app.storage.settings.to_json()
    assert data["reduced_motion"] is True
    assert Settings.from_json(data)[0].reduced_motion
    assert not Settings.from_json({"reduced_motion": "yes"})[0].reduced_motion
