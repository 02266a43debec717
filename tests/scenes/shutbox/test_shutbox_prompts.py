"""The prompts and the pace: "Press Enter to roll", "Press Enter for <name>'s turn", the
"Can't use this roll!" message, and fast mode."""

import pytest
from helpers_shutbox_scene import (
    click_dice,
    click_door,
    click_prompt,
    enter,
    log_text,
    open_game,
    position,
    press,
    press_door,
)

from game.engine.shutbox import ALL_DOORS
from game.scenes.shutbox import play
from game.scenes.shutbox.choice import GRACE_TICKS
from game.scenes.shutbox.layout import DICE_AREA
from tests.harness import (
    click,
    run,
    settle,
)


def end_anns_turn(app, scene):
    """Ann (doors 1 and 2 open) rolls a 12, which nothing matches."""
    settle(app, scene)
    if scene.mode == play.NEXT_PROMPT_WAIT:
        enter(app)
        settle(app, scene)
    assert scene.mode == play.ROLL_PROMPT_WAIT
    enter(app)


def test_the_roll_prompt_waits_and_its_box_and_the_dice_are_clickable(new_app):
    app = new_app(fast=True)
    scene = open_game(app, faces=[3, 4, 2, 2])
    assert scene.mode == play.NEXT_PROMPT_WAIT
    assert scene.choice.prompt_text() == "Press Enter for Ann's turn"
    click_prompt(app, scene)
    settle(app, scene)
    assert (
        scene.mode == play.ROLL_PROMPT_WAIT and scene.choice.prompt_text() == "Press Enter to roll"
    )
    click_dice(app, scene)
    settle(app, scene)
    assert scene.state.dice == (3, 4) and scene.mode == play.SELECTING
    assert scene.choice.prompt_text() == "", "no prompt until the doors make the roll"
    click_door(app, scene, 7)
    assert scene.choice.prompt_text() == "Press Enter to roll"
    click_prompt(app, scene)
    assert scene.state.dice == (2, 2) and 7 not in scene.state.open_doors


def test_without_the_roll_prompt_the_doors_roll_by_themselves_after_a_moment(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS), faces=[3, 4, 6, 5])
    press(app, "r")
    enter(app)  # the next-turn prompt
    settle(app, scene)
    assert scene.state.dice == (3, 4), "the turn's first roll needs no Enter"
    press_door(app, 7)
    assert scene.state.dice == (3, 4), "a moment to take a mis-click back"
    assert scene.choice.prompt_text().startswith("Rolling")
    run(app, GRACE_TICKS)
    assert scene.state.dice == (6, 5) and 7 not in scene.state.open_doors


def test_a_door_clicked_by_mistake_can_be_opened_before_the_roll(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS), faces=[3, 4, 6, 5])
    press(app, "r")
    enter(app)
    settle(app, scene)
    press_door(app, 7)
    run(app, GRACE_TICKS // 2)
    press_door(app, 7)  # open it again: nothing rolls
    run(app, GRACE_TICKS * 2)
    assert scene.state.dice == (3, 4) and 7 in scene.state.open_doors
    press_door(app, 4)
    press_door(app, 3)
    enter(app)  # Enter rolls at once
    assert scene.state.dice == (6, 5) and not {3, 4} & scene.state.open_doors


def test_the_next_prompt_names_the_next_player_and_n_turns_it_off(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position({1, 2}), faces=[6, 6])
    end_anns_turn(app, scene)
    settle(app, scene)
    assert scene.mode == play.NEXT_PROMPT_WAIT
    assert scene.choice.prompt_text() == "Press Enter for Cindy's turn"
    assert scene.shown.now.player == 0, "Ann's finished board stays until Enter"
    assert "Ann scores 42 this turn" in log_text(scene)
    enter(app)
    assert scene.shown.now.player == 1 and "Cindy (Perfect) to play" in log_text(scene)

    app = new_app(fast=True)
    scene = open_game(app, position({1, 2}), faces=[6, 6])
    press(app, "n")
    end_anns_turn(app, scene)
    for _ in range(3000):
        run(app, 1)
        assert scene.mode != play.NEXT_PROMPT_WAIT
        if scene.state.current == 0:
            break
    assert scene.state.players[1].turn_scores, "Cindy played without anyone pressing Enter"


def test_an_unusable_roll_buzzes_and_k_adds_the_message(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position({1, 2}), faces=[6, 6])
    end_anns_turn(app, scene)
    settle(app, scene)
    assert "error" in app.sounds and "Can't use this roll!" not in log_text(scene)

    app = new_app(fast=True)
    scene = open_game(app, position({1, 2}), faces=[6, 6])
    press(app, "k")
    end_anns_turn(app, scene)
    run(app, 2)
    assert scene.talk.banner.title == "Can't use this roll!"
    assert "Can't use this roll! No open doors make 12." in log_text(scene)
    assert "error" in app.sounds


def test_dice_tumble_and_the_computer_takes_its_time_unless_fast(new_app):
    app = new_app()
    scene = open_game(app, position(ALL_DOORS), faces=[3, 4])
    enter(app)
    settle(app, scene)
    enter(app)
    assert scene.tray.rolling and "dice_rattle" in app.sounds
    settle(app, scene)
    assert not scene.tray.rolling and scene.mode == play.SELECTING

    fast = new_app(fast=True)
    scene = open_game(fast, position(ALL_DOORS), faces=[3, 4])
    enter(fast)
    run(fast, 1)
    enter(fast)
    assert not scene.tray.rolling, "fast mode: the dice land at once"


def test_the_computer_says_why_and_shows_its_doors(new_app):
    app = new_app()
    scene = open_game(app, position({1, 2}), faces=[6, 6, 4, 3])
    end_anns_turn(app, scene)
    settle(app, scene)
    enter(app)  # Cindy's turn
    for _ in range(2000):
        banner = scene.talk.banner
        # Issue 32: "Cindy shuts 7" came up before a door had moved.
        assert banner is None or "shuts" not in banner.title, "no banner before a door drops"
        run(app, 1)
        if scene.selection:
            break
    assert scene.selection, "the computer pulls its doors down one by one, in view"
    assert "Cindy (Perfect) shuts the 7" in log_text(scene)
    assert scene.talk.banner.title == "Cindy shuts 7"


def test_turning_a_prompt_off_while_it_waits_goes_on_at_once(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS), faces=[3, 4])
    assert scene.mode == play.NEXT_PROMPT_WAIT
    press(app, "n")
    settle(app, scene)
    assert scene.mode == play.ROLL_PROMPT_WAIT and scene.shown.now.player == 0
    press(app, "r")
    settle(app, scene)
    assert scene.state.dice == (3, 4) and scene.mode == play.SELECTING


def test_before_a_turns_first_roll_no_dice_lie_on_the_felt(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS), faces=[3, 4])
    enter(app)  # Ann's turn: "Press Enter to roll"
    assert scene.mode == play.ROLL_PROMPT_WAIT
    assert not any(slot.visible for slot in scene.tray.slots), "no 6-6 before any roll"
    click(app, DICE_AREA.center)  # the dice's place rolls them
    assert scene.state.dice == (3, 4)
    assert all(slot.visible for slot in scene.tray.slots)


@pytest.mark.parametrize("by", ["key", "click"])
def test_doors_chosen_in_the_computers_turn_say_why_nothing_happens(new_app, by):
    app = new_app()  # normal pace: the computer takes time
    scene = open_game(app, position({1, 2}), faces=[6, 6, 3, 4])
    enter(app)  # Ann's roll: 12 ends her turn
    settle(app, scene)
    enter(app)  # Cindy's turn
    run(app, 3)
    assert scene.computer_level(scene.state.current) == "perfect"
    open_before, chosen = scene.state.open_doors, set(scene.selection)
    app.sounds.clear()
    if by == "key":
        press_door(app, 5)
    else:
        click_door(app, scene, 5)
    assert app.sounds == ["error"] and "Wait for your turn" in scene.talk.line.text
    assert scene.state.open_doors == open_before and scene.selection == chosen
