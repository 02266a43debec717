"""The running score: each side's points so far in the hand, on its name plate as the
cards land, and line by line in the score window (S, or a click on the bar's entry)."""

import pygame
from helpers_mille_scene import (
    open_table,
    position,
    press,
    seats,
    tableau,
)

from game.engine.mille import Action, Options
from game.engine.mille.scoring import EARNED_AS_PLAYED
from game.scenes.mille import rows
from game.scenes.mille.play import MilleScene
from game.scenes.mille.scoresheet import ScoreSoFarScene
from tests.harness import click, key, run, settle


# Ann: 250 km and Extra Tank as a coup fourré (250 + 100 + 300); Cindy: 400 km and
# Driving Ace (400 + 100).
def tableaux():
    return [
        tableau("roll", "", "100 75 50 25", "extra_tank", "extra_tank"),
        tableau("roll", "", "200 100 50 50", "driving_ace"),
    ]


def ann_to_play(app):
    state = position(
        ["100 200 stop spare_tire 25 end_of_limit", "50 75 roll 100 repairs 25"], tableaux()
    )
    state.scores = [1250, 1675]
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    return scene


def test_the_plates_count_the_hand_as_its_cards_land(new_app):
    app = new_app()  # not fast: the card is seen in the air
    scene = ann_to_play(app)
    assert rows.hand_points(scene.shown.now.table) == [650, 500]
    scene.play_move(Action("play", "100", 0), hand_index=scene.hands.hand_order.index("100"))
    run(app, 1)
    assert scene.steps, "Ann's 100 km is on its way"
    assert rows.hand_points(scene.shown.now.table) == [650, 500], "not before it lands"
    while scene.steps and scene.shown.now.table.tableaux[0].km == 250:
        run(app, 1)
    assert rows.hand_points(scene.shown.now.table)[0] == 750


def test_s_shows_every_side_s_points_so_far_line_by_line(new_app):
    app = new_app(fast=True)
    scene = ann_to_play(app)
    press(app, "s")
    window = app.scenes.top
    assert isinstance(window, ScoreSoFarScene) and window.title == "Hand 1 so far"
    sides = window.result["sides"]
    assert [[line["key"] for line in side["lines"]] for side in sides] == [
        list(EARNED_AS_PLAYED)
    ] * 2
    assert [side["total"] for side in sides] == [650, 500]
    assert [side["game_total"] for side in sides] == [1900, 2175]
    assert window.complete, "every line at once"
    app.render()
    press(app, "s")
    assert app.scenes.top is scene
    commands = list(scene.commands())  # every entry in its place, dimmed or not
    rects = app.command_bar.layout(commands)
    click(app, next(r for c, r in zip(commands, rects) if c.key == "S").center)
    assert isinstance(app.scenes.top, ScoreSoFarScene), "a click on the bar's entry"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


def test_s_between_hands_says_there_is_no_hand(new_app):
    app = new_app(fast=True)
    scene = app.push(MilleScene.new_game(app, seats("", "basic"), Options(players=2)))
    press(app, "s")  # before the first tick deals
    assert scene.state.hand_number <= 1
    assert app.scenes.top is scene and "error" in app.sounds
