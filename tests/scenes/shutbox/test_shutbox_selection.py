"""Choosing doors: only a set that totals the roll goes through, and only doors shut
since the last roll open again (keys and mouse alike)."""

import pygame
from helpers_shutbox_scene import (
    click_dice,
    click_door,
    click_prompt,
    enter,
    log_text,
    open_game,
    position,
    press_door,
)

from game.engine.shutbox import ALL_DOORS, PERFECT_TURN
from game.scenes.shutbox import play
from game.scenes.shutbox.doors import DROP_TICKS
from tests.harness import (
    key,
    run,
    settle,
)


def test_a_set_short_of_the_roll_is_refused_with_the_reason_and_the_buzz(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS, (4, 3)))
    assert scene.mode == play.SELECTING
    enter(app)
    assert app.sounds[-1] == "error" and "total 7 first" in log_text(scene)
    press_door(app, 4)
    assert scene.selection == {4} and not scene.choice.prompt_text()
    enter(app)
    assert app.sounds[-1] == "error" and "4: 3 more to make 7." in log_text(scene)
    click_dice(app, scene)
    assert app.sounds[-1] == "error", "clicking the dice is Enter"
    assert scene.state.phase == "shut" and scene.state.open_doors == ALL_DOORS


def test_a_set_over_the_roll_is_refused_until_a_door_opens_again(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS, (4, 3)))
    press_door(app, 4)
    press_door(app, 5)
    enter(app)
    assert "5+4 = 9 is more than 7" in log_text(scene)
    assert scene.state.open_doors == ALL_DOORS
    press_door(app, 5)  # open the 5 again
    press_door(app, 3)
    assert scene.selection == {3, 4} and scene.choice.prompt_text() == "Press Enter to roll"
    enter(app)
    assert scene.state.open_doors == ALL_DOORS - {3, 4}, "the Shut went to the engine"
    assert scene.state.dice, "and the next roll with it"


def test_the_arrows_point_and_up_down_open_and_shut(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS, (6, 3)))
    assert scene.cursor == 1
    key(app, pygame.K_LEFT)
    assert scene.cursor == 9, "the pointer wraps round"
    key(app, pygame.K_DOWN)
    assert scene.selection == {9} and 9 in scene.doors.down
    key(app, pygame.K_DOWN)
    assert scene.selection == {9}, "Down on a shut door leaves it shut"
    key(app, pygame.K_UP)
    assert scene.selection == set() and 9 not in scene.doors.down
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.state.open_doors == ALL_DOORS - {9}


def test_only_doors_shut_since_the_last_roll_open_again(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS, (4, 3)), faces=[6, 2])
    click_door(app, scene, 7)
    assert scene.selection == {7}
    click_prompt(app, scene)
    settle(app, scene)
    assert scene.state.dice == (6, 2) and scene.mode == play.SELECTING
    click_door(app, scene, 7)  # shut by the earlier roll: stays down
    assert app.sounds[-1] == "error" and "Door 7 was shut by an earlier roll" in log_text(scene)
    assert scene.selection == set() and 7 in scene.doors.down
    click_door(app, scene, 8)
    assert scene.selection == {8}
    click_door(app, scene, 8)  # shut since this roll: opens again
    assert scene.selection == set() and 8 not in scene.doors.down
    press_door(app, 7)
    assert "Door 7 was shut by an earlier roll" in log_text(scene) and scene.selection == set()


def test_the_last_doors_shut_the_box_without_enter_and_cheer(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position({1, 2, 4}, (4, 3)))
    for door in (1, 2, 4):
        press_door(app, door)
    assert scene.state.players[0].turn_scores == [PERFECT_TURN]
    run(app, 5)
    assert "win" in app.sounds and "shuts the box" in log_text(scene)
    assert scene.shown.now.scores[0] == [PERFECT_TURN]


def test_doors_fall_over_several_ticks_unless_fast(new_app):
    app = new_app()
    scene = open_game(app, position(ALL_DOORS, (5, 4)))
    press_door(app, 9)
    assert scene.doors.moving and 0 < scene.doors.progress[9] < DROP_TICKS
    run(app, DROP_TICKS)
    assert not scene.doors.moving and scene.doors.progress[9] == DROP_TICKS
    fast = new_app(fast=True)
    scene = open_game(fast, position(ALL_DOORS, (5, 4)))
    press_door(fast, 9)
    assert not scene.doors.moving, "fast mode: the door is down at once"


def test_one_die_is_offered_once_seven_eight_and_nine_are_shut(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position({1, 2, 3, 7, 8, 9}, (6, 6), one_die=True))
    press_door(app, 9)
    press_door(app, 3)
    assert scene.choice.selection_complete() and not scene.choice.one_die_offered(), (
        "7 and 8 stay open"
    )
    assert not next(c for c in scene.commands() if c.key == "O").enabled

    scene = open_game(app, position({1, 2, 3, 4, 8}, (4, 4), one_die=True), faces=[2])
    press_door(app, 8)
    assert scene.choice.one_die_offered() and "O: one die" in scene.choice.prompt_text()
    assert next(c for c in scene.commands() if c.key == "O").enabled
    key(app, pygame.K_o, text="o")
    assert scene.state.open_doors == {1, 2, 3, 4} and scene.state.dice == (2,)
