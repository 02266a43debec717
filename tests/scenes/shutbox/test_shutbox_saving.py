"""Saving after every move, Continue from the title, and the boss key (a damaged save is
set aside as at every table: tests/scenes/test_every_table.py)."""

import pygame
from helpers_shutbox_scene import (
    enter,
    open_game,
    position,
    press_door,
)

from game.engine.shutbox import ALL_DOORS, ShutBoxState
from game.scenes.boss import BossScene
from game.scenes.shutbox import INFO, play
from game.scenes.title import TitleScene
from tests.harness import (
    key,
    run,
    settle,
    type_text,
)


def saved_state(app) -> ShutBoxState:
    return ShutBoxState.from_json(app.storage.load_game("shutbox")["engine"])


def test_every_move_is_saved_and_continue_picks_the_game_up(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS, (6, 3)), faces=[5, 5])
    assert saved_state(app).to_json() == scene.state.to_json(), "saved from the start"
    press_door(app, 9)
    enter(app)
    assert saved_state(app).open_doors == ALL_DOORS - {9}
    assert saved_state(app).dice == (5, 5), "the shut and the roll that made it final"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_q, text="q")
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    title.continue_saved()
    resumed = app.scenes.top
    assert isinstance(resumed, play.ShutBoxScene) and resumed is not scene
    assert resumed.state.to_json() == scene.state.to_json()
    settle(app, resumed)
    assert resumed.mode == play.SELECTING and resumed.doors.down == {9}
    press_door(resumed.app, 4)
    press_door(resumed.app, 6)
    enter(app)
    assert resumed.state.open_doors == ALL_DOORS - {9, 6, 4}


def test_a_game_saved_between_turns_resumes_at_the_next_prompt(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position({1, 2}), faces=[6, 6])
    enter(app)
    settle(app, scene)
    enter(app)  # the 12 ends Ann's turn
    settle(app, scene)
    data = app.storage.load_game("shutbox")
    resumed = INFO.resume_scene(app, data)
    app.push(resumed)
    settle(app, resumed)
    assert resumed.mode == play.NEXT_PROMPT_WAIT
    assert resumed.choice.prompt_text() == "Press Enter for Cindy's turn"
    assert resumed.shown.now.scores == [[42], []]


def test_the_boss_key_freezes_the_dice_and_the_computer(new_app):
    app = new_app()
    scene = open_game(app, position(ALL_DOORS, (6, 3)), faces=[2, 2])
    press_door(app, 9)
    enter(app)
    assert scene.tray.rolling
    left = scene.tray._left
    key(app, pygame.K_b, text="b")
    assert isinstance(app.scenes.top, BossScene)
    run(app, 120)
    assert scene.tray._left == left and scene.tray.rolling, "nothing moves under the boss"
    assert app.storage.has_saved_game("shutbox"), "the boss key saves first"
    type_text(app, "ok")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    settle(app, scene)
    assert scene.state.dice == (2, 2) and not scene.tray.rolling
