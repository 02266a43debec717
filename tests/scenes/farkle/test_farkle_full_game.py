"""A whole game at the Farkle table: one human by mouse clicks only, one by keys only,
against a computer, to the end, in English, French and Polish; the scores must be the
engine's own."""

import random

import pytest
from helpers_farkle_scene import (
    NEXT_BUTTON,
    ROLL_BUTTON,
    click_button,
    click_die,
    open_table,
    press,
    press_die,
    seats,
)

from game import lang
from game.engine.farkle import BANK, ROLL, ROLL_ALL, FarkleAction, FarkleOptions, FarkleState
from tests.harness import settle

SEED = 20240
MOUSE_SEAT, KEYS_SEAT, COMPUTER_SEAT = 0, 1, 2
BANK_AT = 350  # the humans' simple plan: bank from this turn total when allowed
MAX_MOVES = 600


def plan(scene):
    """Hold every scoring die; bank once the turn is worth BANK_AT and the rules allow it."""
    state = scene.state
    held = state.best_hold()
    total = state.turn_points + state.hold_points(held)
    left = len(state.roll) - len(held)
    bank = state.bank_refusal(held) is None and (total >= BANK_AT or 0 < left <= 2)
    return held, bank


@pytest.mark.slow
@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_mouse_player_and_key_player_finish_a_game_against_the_computer(new_app, code):
    """In every language the game speaks (the keys are the same in all)."""
    app = new_app(fast=True, lang=code)
    options = FarkleOptions(target=5000)
    scene = open_table(
        app, seats("human", "human", "standard"), options=options, rng=random.Random(SEED)
    )
    intended = []
    for _ in range(MAX_MOVES):
        settle(app, scene)
        if scene.state.is_over:
            break
        seat = scene.state.current
        held, bank = plan(scene)
        for index in held:
            if index not in scene.selected:
                if seat == MOUSE_SEAT:
                    click_die(app, scene, index)
                else:
                    press_die(app, scene, index)
        assert scene.selected == set(held), "the dice pressed are the dice held"
        intended.append((seat, FarkleAction(BANK if bank else ROLL, tuple(held))))
        if seat == MOUSE_SEAT:
            click_button(app, scene, NEXT_BUTTON if bank else ROLL_BUTTON)
        else:
            press(app, "n" if bank else "r")
    assert scene.state.is_over, "the game reached its end"
    assert scene.finished

    # Replay what the table did on a bare engine with the same dice: the same game.
    replay = FarkleState.new(seats("human", "human", "standard"), options)
    dice = random.Random(SEED)
    human_moves = []
    for action in scene.history:
        if replay.current != COMPUTER_SEAT and action != ROLL_ALL:
            human_moves.append((replay.current, action))
        replay.apply(action, dice)
    assert replay.scores == scene.state.scores
    assert replay.winners == scene.state.winners
    assert human_moves == intended, "every human move came from the clicks and keys"
    players_who_moved = {seat for seat, _ in intended}
    assert players_who_moved == {MOUSE_SEAT, KEYS_SEAT}
    assert max(replay.scores) >= options.target
    assert ("win" in app.sounds) == any(w != COMPUTER_SEAT for w in scene.state.winners)
