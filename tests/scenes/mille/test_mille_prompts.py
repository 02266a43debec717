"""The questions the table asks a human: the coup fourré (declared by key, by click, or let
pass) and the extension call on reaching 700 km first."""

import pygame
from helpers_mille_scene import (
    open_table,
    position,
    press,
    seats,
    tableau,
)

from game.engine.mille.rules import COUP_FOURRE, EXTENSION, PLAY
from game.scenes.mille import layout
from game.scenes.mille.scoresheet import ScoreSheetScene
from tests.harness import (
    click,
    key,
    settle,
)


def attacked_with_driving_ace(app):
    """Cindy (Basic) can do nothing but attack: her one play is an Accident on Ann, who
    holds Driving Ace. The table waits for Ann's answer."""
    state = position(
        ["driving_ace 100 75 50 25 gasoline", "accident 25 50 75 100 200"],
        [tableau("roll", "", "100"), tableau()],
        to_act=1,
    )
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    assert scene.state.phase == COUP_FOURRE and scene.state.to_act == 0
    assert scene.prompt().title == "Coup fourré?"
    assert "reminder" in app.sounds, "the question has its own sound"
    assert scene.raised_cards() == {"driving_ace"}, "the safety in hand stands out"
    return scene


def test_coup_fourre_declared_by_key(new_app):
    app = new_app(fast=True)
    scene = attacked_with_driving_ace(app)
    press(app, "c")
    ann = scene.state.tableaux[0]
    assert ann.coups_fourres == ["driving_ace"] and ann.safeties == ["driving_ace"]
    assert ann.battle == ["roll"], "the Accident went to the discards"
    assert scene.state.discard_pile[-1] == "accident"
    assert "coup_fourre" in app.sounds, "the fanfare"
    assert scene.counters[0]["coups_fourres"] == 1
    settle(app, scene)
    assert scene.state.phase == PLAY and scene.state.to_act == 0, "Ann plays next"


def test_coup_fourre_declared_by_click(new_app):
    app = new_app(fast=True)
    scene = attacked_with_driving_ace(app)
    declare_button = layout.prompt_buttons(2)[0]
    click(app, declare_button.center)
    assert scene.state.tableaux[0].coups_fourres == ["driving_ace"]
    assert "coup_fourre" in app.sounds


def test_the_coup_fourre_turns_the_safety_sideways(new_app):
    app = new_app()  # not fast: the animation plays
    scene = attacked_with_driving_ace(app)
    press(app, "c")
    flights: list = []
    for _ in range(200):  # the beats play one after another: the safety's is among them
        if scene.shown.behind:
            flights = [f for f in scene.shown.now.flights if f.card == "driving_ace"]
        if flights or not scene.steps:
            break
        app.frame(1)
    assert flights and flights[0].turn, "the safety turns as it lands"
    assert scene.talk.banner is not None and scene.talk.banner.title.startswith("COUP FOURR")


def test_letting_the_coup_fourre_pass_keeps_the_safety(new_app):
    app = new_app(fast=True)
    scene = attacked_with_driving_ace(app)
    press(app, "p")
    assert scene.state.tableaux[0].battle == ["roll", "accident"]
    assert "driving_ace" in scene.state.hands[0]
    assert "coup_fourre" not in app.sounds


def test_other_keys_are_refused_while_the_question_waits(new_app):
    app = new_app(fast=True)
    scene = attacked_with_driving_ace(app)
    press(app, "x")
    assert scene.state.phase == COUP_FOURRE
    assert app.sounds[-1] == "error"


def reaching_700(app):
    """Ann, rolling at 600 km, plays her 100 by keys: she is first to 700."""
    state = position(
        ["100 stop 25 gasoline 50 75 roll", "25 50 75 100 200 repairs"],
        [tableau("roll", "", "200 200 100 50 50"), tableau("roll", "", "25")],
    )
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    press(app, str(scene.hands.hand_order.index("100") + 1))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.state.phase == EXTENSION
    assert scene.prompt().title == "Extension?"
    assert "reminder" in app.sounds
    return scene


def test_calling_the_extension_with_y(new_app):
    app = new_app(fast=True)
    scene = reaching_700(app)
    press(app, "y")
    assert scene.state.target == 1000 and scene.state.extended_by == 0
    assert scene.talk.banner is not None and scene.talk.banner.title.startswith("EXTENSION")
    assert scene.state.phase == PLAY


def test_ending_the_hand_with_n_shows_the_score_sheet(new_app):
    app = new_app(fast=True)
    scene = reaching_700(app)
    press(app, "n")
    settle(app, scene)
    sheet = app.scenes.top
    assert isinstance(sheet, ScoreSheetScene)
    ann = sheet.result["sides"][0]
    trip = next(line for line in ann["lines"] if line["key"] == "trip")
    assert trip["points"] == 400 and ann["total"] == scene.state.scores[0]
