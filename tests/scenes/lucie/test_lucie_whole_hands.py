"""Whole hands: one typed at the prompt, one played with the mouse alone, both followed
move by move against the engine, in English, French and Polish; and the computer playing hands to their end."""

import pytest
from helpers_lucie_scene import (
    click_card,
    click_command,
    click_deck,
    demo_line,
    open_table,
    type_card,
)

from game import lang
from game.engine.lucie import LucieGame
from game.scenes.lucie.play import GAME_ID, LucieScene
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog
from tests.harness import (
    click,
    run,
    run_until,
    settle,
)

KEYBOARD_DEAL = 2  # won after both shuffles, with the draw of a buried TD
MOUSE_DEAL = 13  # won after both shuffles, with the draw of a buried 2H
GIVE_UP_DEAL = 8  # lost: on the last deal the demo finds no move that gains a card


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_a_hand_typed_at_the_prompt_is_won_move_by_move(new_app, code):
    """In every language the game speaks: the cards are typed the same way in all."""
    actions, _ = demo_line(KEYBOARD_DEAL)
    app = new_app(fast=True, lang=code)
    scene = open_table(app, KEYBOARD_DEAL)
    reference = LucieGame.new(KEYBOARD_DEAL)
    for number, action in enumerate(actions):
        if action == "redeal":
            type_card(app, "s")
        else:
            # Either case is accepted, as in the seed.
            type_card(app, action if number % 2 else action.lower())
        reference.apply(action)
        assert scene.game.position == reference.position, f"after {action}"
        assert scene.shown.now.fans == scene.game.fans
    assert scene.game.is_won and scene.finished
    assert app.sounds.count("reminder") == 1, "the audible prompt at the second shuffle"
    run(app, 2)
    assert isinstance(app.scenes.top, ChoiceDialog) and app.scenes.top.title == lang._("You won!")
    stats = app.storage.stats(GAME_ID)
    assert (stats.played, stats.won, stats.average_score) == (1, 1, 100)
    assert "win" in app.sounds
    assert not app.storage.has_saved_game(GAME_ID), "a finished hand is not continued"


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_a_hand_played_with_the_mouse_alone(new_app, code):
    actions, _ = demo_line(MOUSE_DEAL)
    app = new_app(fast=True, lang=code)
    scene = open_table(app, MOUSE_DEAL)
    reference = LucieGame.new(MOUSE_DEAL)
    for action in actions:
        if action == "redeal":
            click_deck(app)
        else:
            click_card(app, scene, action)
        reference.apply(action)
        assert scene.game.position == reference.position, f"after {action}"
    assert scene.game.is_won
    waited = run_until(app, lambda: isinstance(app.scenes.top, ChoiceDialog))
    print(f"the end waited {waited} ticks for the coach")
    dialog = app.scenes.top
    click(app, dialog.buttons[0].rect.center)  # New hand
    fresh = app.scenes.top
    assert isinstance(fresh, LucieScene) and fresh is not scene
    assert fresh.game.cards_home == 0 and fresh.game.redeals_left == 2


def test_undo_and_redo_from_the_command_bar(new_app):
    actions, _ = demo_line(MOUSE_DEAL)
    app = new_app(fast=True)
    scene = open_table(app, MOUSE_DEAL)
    start = scene.game.position
    click_card(app, scene, actions[0])
    after = scene.game.position
    click_command(app, scene, "U")
    assert scene.game.position == start
    click_command(app, scene, "R")
    assert scene.game.position == after
    assert scene.shown.now.fans == scene.game.fans


def test_demo_mode_plays_a_whole_hand_and_goes_back_to_the_title(new_app):
    app = new_app(demo=True, fast=True)
    title = app.scenes.top
    scene = LucieScene.new_hand(app, GIVE_UP_DEAL)
    title.attract_game = app.push(scene)  # as the title's attract loop starts it
    for _ in range(20000):
        if scene not in app.scenes:
            break
        run(app, 1)
    assert app.scenes.top is title, "the attract loop carries on from the title"
    assert scene.finished
    _, expected = demo_line(GIVE_UP_DEAL)
    assert scene.game.position == expected.position, "the demo's own line, to its end"
    assert app.storage.stats(GAME_ID).played == 0, "demo hands are not counted"
    assert not app.storage.has_saved_game(GAME_ID)


def test_d_lets_the_computer_finish_the_hand_uncounted(new_app):
    app = new_app(fast=True)
    scene = open_table(app, KEYBOARD_DEAL)
    type_card(app, "d")
    assert scene.demo
    for _ in range(20000):
        if scene.finished:
            break
        run(app, 1)
    settle(app, scene)
    run(app, 2)
    assert scene.game.is_won
    assert isinstance(app.scenes.top, ChoiceDialog)
    assert app.storage.stats(GAME_ID).played == 0, "the computer played: it does not count"
    assert isinstance(list(app.scenes)[0], TitleScene)
