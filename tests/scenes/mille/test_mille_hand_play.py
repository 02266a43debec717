"""Choosing and playing cards: playable cards stand out, an illegal play is refused with a
beep and the reason, discards by key, right-click and button, and a hazard with several
possible victims asks on whom."""

import pygame
import pytest
from helpers_mille_scene import (
    card_centre,
    hand_index,
    open_table,
    position,
    press,
    press_digit,
    row_point,
    seats,
    tableau,
)

from game.engine.mille import Action
from game.scenes.mille import layout, view
from tests.harness import (
    click,
    key,
    pixel,
    settle,
)

STOPPED = ["100 75 gasoline stop 25 50 spare_tire", "25 50 75 100 200 repairs"]


def stopped_table(app):
    """Ann has an Accident on her battle pile and no Repairs in hand."""
    state = position(STOPPED, [tableau("roll accident", "", "100"), tableau("roll", "", "50")])
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    assert scene.choosing_card
    return scene


def test_only_playable_cards_stand_higher(new_app):
    app = new_app(fast=True)
    scene = stopped_table(app)
    assert scene.playable_cards() == {"stop"}, "the engine's legal plays, nothing else"
    rects = view.hand_rects(scene)
    stop = hand_index(scene, "stop")
    assert [rect.y for rect in rects] == [
        layout.HAND_Y - (layout.PLAYABLE_LIFT if i == stop else 0) for i in range(len(rects))
    ]


def test_an_illegal_play_is_refused_with_a_beep_and_the_reason(new_app):
    app = new_app(fast=True)
    scene = stopped_table(app)
    before = scene.state.to_json()
    press_digit(app, hand_index(scene, "100") + 1)
    key(app, pygame.K_RETURN)
    assert app.sounds[-1] == "error"
    assert "Accident" in scene.talk.line.text and "Repairs" in scene.talk.line.text
    assert scene.state.to_json() == before, "nothing was played"
    press_digit(app, hand_index(scene, "gasoline") + 1)
    click(app, card_centre(scene, hand_index(scene, "gasoline")))  # a second click plays
    assert app.sounds[-1] == "error" and "Out of Gas" in scene.talk.line.text
    assert scene.state.to_json() == before


def test_a_hazard_clicked_onto_your_own_row_is_refused(new_app):
    app = new_app(fast=True)
    scene = stopped_table(app)
    click(app, card_centre(scene, hand_index(scene, "stop")))
    click(app, row_point(scene, 0))
    assert app.sounds[-1] == "error" and "Cindy" in scene.talk.line.text
    click(app, row_point(scene, 1))
    assert scene.history[0] == Action("play", "stop", 1)


@pytest.mark.parametrize("how", ["x", "delete", "right-click", "button", "pile"])
def test_discarding(new_app, how):
    app = new_app(fast=True)
    scene = stopped_table(app)
    index = hand_index(scene, "25")
    if how == "right-click":
        click(app, card_centre(scene, index), button=3)
    else:
        press_digit(app, index + 1)
        if how == "x":
            press(app, "x")
        elif how == "delete":
            key(app, pygame.K_DELETE)
        elif how == "button":
            click(app, layout.DISCARD_BUTTON.center)
        else:
            click(app, layout.DISCARD_PILE.center)
    assert scene.history[0] == Action("discard", "25")
    assert scene.state.discard_pile[0] == "25"


def test_the_keyboard_moves_the_choice_and_shows_where_a_card_may_go(new_app):
    app = new_app(fast=True)
    scene = stopped_table(app)
    key(app, pygame.K_RIGHT)
    assert scene.choice.selected == 0
    key(app, pygame.K_LEFT)
    assert scene.choice.selected == len(scene.hands.hand_order) - 1
    press_digit(app, hand_index(scene, "stop") + 1)
    app.render()
    battle = layout.battle_rect(scene.rows()[1])
    assert pixel(app, (battle.x - 2, battle.centery)) == (255, 255, 85), "a ring on the target"


def three_sides(app):
    """Three players: Ann's Stop may go on Cindy or on Greg."""
    state = position(
        ["stop 25 50 75 100 200 gasoline", "25 50 75 100 200 repairs", "25 50 75 100 200 repairs"],
        [tableau("roll"), tableau("roll"), tableau("roll")],
        players=3,
    )
    scene = open_table(app, seats("", "basic", "basic"), state)
    settle(app, scene)
    return scene


def test_a_hazard_with_two_victims_asks_on_whom_by_keys(new_app):
    app = new_app(fast=True)
    scene = three_sides(app)
    press_digit(app, hand_index(scene, "stop") + 1)
    key(app, pygame.K_RETURN)
    assert [a.side for a in scene.choice.targets] == [1, 2], "top row first"
    key(app, pygame.K_DOWN)
    assert scene.choice.target_index == 1
    key(app, pygame.K_ESCAPE)
    assert not scene.choice.targets and not scene.history, "Esc chooses again"
    key(app, pygame.K_RETURN)
    press_digit(app, 2)
    assert scene.history[0] == Action("play", "stop", 2)


def test_a_hazard_with_two_victims_goes_where_it_is_clicked(new_app):
    app = new_app(fast=True)
    scene = three_sides(app)
    index = hand_index(scene, "stop")
    click(app, card_centre(scene, index))
    click(app, card_centre(scene, index))
    assert len(scene.choice.targets) == 2
    click(app, row_point(scene, 1))
    assert scene.history[0] == Action("play", "stop", 1)


def test_playing_is_refused_while_the_computer_plays(new_app):
    app = new_app()
    state = position(STOPPED, [tableau("roll", "", "100"), tableau("roll", "", "50")], to_act=1)
    scene = open_table(app, seats("", "basic"), state)
    press_digit(app, 1)
    key(app, pygame.K_RETURN)
    assert app.sounds[-1] == "error" and "Cindy" in scene.talk.line.text
    assert scene.history == []
