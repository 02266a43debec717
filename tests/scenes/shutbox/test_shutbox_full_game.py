"""A whole two-player game of Shut The Box on the screen: Ann by keys and the mouse in
turn, Cindy the computer, in English, French and Polish; the scores must be the engine's and Ann's own arithmetic, and
Ann's score must reach the Top Ten and the statistics."""

import random
from collections import defaultdict

import pygame
import pytest
from helpers_shutbox_scene import (
    ann_and_cindy,
    click_dice,
    click_door,
    click_prompt,
    enter,
    open_game,
    press_door,
)

from game import lang
from game.engine.shutbox import BOX_SHUT_BONUS, ShutBoxState, hint
from game.scenes.scores import ScoresScene
from game.scenes.shutbox import play
from game.shell.name_entry import NameEntryScene
from tests.harness import (
    key,
    settle,
    type_text,
)

SEED = 1989
MAX_MOVES = 400
ANN, CINDY = 0, 1


def shut_by_keys(app, scene, doors):
    """Digits for some doors, the arrows and Down for the others."""
    for i, door in enumerate(sorted(doors)):
        if i % 2 == 0:
            press_door(app, door)
        else:
            while scene.cursor != door:
                key(app, pygame.K_RIGHT if scene.cursor < door else pygame.K_LEFT)
            key(app, pygame.K_DOWN)


@pytest.mark.slow
@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_ann_by_keys_and_mouse_plays_a_whole_game_against_the_computer(new_app, code):
    """In every language the game speaks (the keys are the same in all)."""
    app = new_app(fast=True, lang=code)
    scene = open_game(app, ShutBoxState.new(ann_and_cindy("pub")), rng=random.Random(SEED))
    shut_per_turn = defaultdict(set)  # Ann's turn number -> the doors she shut
    by_mouse = False
    for _ in range(MAX_MOVES):
        settle(app, scene)
        if app.scenes.top is not scene:
            break
        state = scene.state
        by_mouse = not by_mouse
        if scene.mode in (play.NEXT_PROMPT_WAIT, play.ROLL_PROMPT_WAIT):
            # "Press Enter for Cindy's turn" waits for Ann too, so she sees each result.
            click_prompt(app, scene) if by_mouse else enter(app)
            continue
        assert state.current == ANN, "only the human chooses doors at the screen"
        doors = hint(state).doors  # Ann plays as Perfect would
        turn = state.turn_number
        shuts_the_box = doors == state.open_doors
        if by_mouse:
            for door in sorted(doors):
                click_door(app, scene, door)
        else:
            shut_by_keys(app, scene, doors)
        shut_per_turn[turn] |= doors
        if shuts_the_box:
            assert state.current != ANN, "shutting the box needs no Enter: the turn is over"
        elif by_mouse:
            (click_dice if turn % 2 else click_prompt)(app, scene)
        else:
            enter(app)
        assert state.current != ANN or state.shut_doors >= doors, "the doors are shut"
    else:
        raise AssertionError("the game did not end")

    state = scene.state
    assert state.is_over
    expected = [
        sum(shut_per_turn[t]) + (BOX_SHUT_BONUS if len(shut_per_turn[t]) == 9 else 0)
        for t in range(1, 6)
    ]
    assert state.players[ANN].turn_scores == expected
    assert scene.shown.now.scores == [p.turn_scores for p in state.players]
    assert len(state.players[CINDY].turn_scores) == 5
    total = state.players[ANN].total

    # The Top Ten is empty, so Ann's score qualifies and asks for her name.
    entry = app.scenes.top
    assert isinstance(entry, NameEntryScene) and entry.text == "Ann"
    for _ in "Ann":
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Annie")
    enter(app)
    assert isinstance(app.scenes.top, ScoresScene)
    table = app.storage.top_ten("shutbox")
    assert [(e.name, e.score) for e in table.entries] == [("Annie", total)]
    stats = app.storage.stats("shutbox")
    assert stats.played == 1 and stats.best_score == total
    assert stats.won == (1 if ANN in state.winners() else 0)
    assert stats.counters.get("boxes_shut", 0) == state.players[ANN].boxes_shut
    assert not app.storage.has_saved_game("shutbox"), "a finished game is not continued"
    assert "big_win" in app.sounds and "dice_rattle" in app.sounds
