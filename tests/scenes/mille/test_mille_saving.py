"""Mille Bornes through the shell: the set-up screen, resuming at a coup fourré question
and at an unread score sheet, and the end of a game in the records (saving, Continue and
the Esc menu are every table's: tests/scenes/test_every_table.py)."""

import pygame
import pytest
from helpers_mille_scene import (
    open_table,
    position,
    press,
    read_score_sheet,
    seats,
    tableau,
)

from game.engine.mille.rules import COUP_FOURRE
from game.scenes.mille.play import MilleScene
from game.scenes.mille.scoresheet import ScoreSheetScene
from game.scenes.scores import ScoresScene
from game.shell.registry import game_info
from game.shell.setup import SetupScene
from tests.harness import (
    key,
    run,
    settle,
)


def start_from_setup(app) -> MilleScene:
    """Ann against a Basic Cindy, from the set-up screen (seat 2 is Expert at first)."""
    app.push(game_info("mille").new_scene(app))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    setup.row = 1
    key(app, pygame.K_LEFT)  # Computer: Expert -> Computer: Basic
    press(app, "s")
    scene = app.scenes.top
    assert isinstance(scene, MilleScene)
    return scene


def test_five_players_are_refused_by_the_set_up_screen(new_app):
    app = new_app(fast=True)
    app.push(game_info("mille").new_scene(app))
    setup = app.scenes.top
    for row in (2, 3, 4):  # seats 3-5: Nobody -> Human
        setup.row = row
        key(app, pygame.K_RIGHT)
    press(app, "s")
    assert app.scenes.top is setup and app.sounds[-1] == "error"
    assert "2, 3, 4 or 6" in setup.message


def test_a_coup_fourre_question_is_asked_again_after_resuming(new_app):
    app = new_app(fast=True)
    state = position(
        ["driving_ace 100 75 50 25 gasoline", "accident 25 50 75 100 200"],
        [tableau("roll", "", "100"), tableau()],
        to_act=1,
    )
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    assert scene.state.phase == COUP_FOURRE
    app.save_all()
    resumed = MilleScene.from_saved(app, app.storage.load_game("mille"))
    app.scenes.clear()
    app.push(resumed)
    run(app, 1)
    assert resumed.prompt() is not None and resumed.prompt().title == "Coup fourré?"
    press(app, "c")
    assert resumed.state.tableaux[0].coups_fourres == ["driving_ace"]


def test_an_unread_score_sheet_is_shown_again_after_resuming(new_app):
    app = new_app(fast=True)
    state = position(
        [
            "100 stop 25 gasoline 50 75",
            "25 50 75 75 spare_tire repairs",
            "25 50 75 75 spare_tire repairs",
            "25 50 75 75 spare_tire repairs",
        ],
        [tableau("roll", "", "200 200 100 100 100 100 100"), tableau("roll", "", "25")],
        players=4,
    )
    scene = open_table(app, seats("", "basic", "basic", "basic"), state)
    settle(app, scene)
    press(app, str(scene.hands.hand_order.index("100") + 1))
    key(app, pygame.K_RETURN)  # 900 + 100: the two teams' trip is complete
    settle(app, scene)
    assert isinstance(app.scenes.top, ScoreSheetScene)
    app.save_all()
    resumed = MilleScene.from_saved(app, app.storage.load_game("mille"))
    app.scenes.clear()
    app.push(resumed)
    run(app, 2)
    assert isinstance(app.scenes.top, ScoreSheetScene), "the sheet comes back"
    read_score_sheet(app)
    settle(app, resumed)
    assert resumed.state.hand_number == 2, "then the next hand is dealt"


def test_a_saved_game_that_does_not_load_is_refused():
    with pytest.raises(ValueError):
        MilleScene.from_saved(None, {"version": 99})
    with pytest.raises(ValueError):
        MilleScene.from_saved(None, {"version": 1, "state": {"schema": 1}, "seats": []})


def test_the_last_hand_ends_the_game_with_cheers_and_a_top_ten_name(new_app):
    app = new_app(fast=True)
    state = position(
        ["100 stop 25 gasoline 50 75", "25 50 75 100 200 repairs"],
        [tableau("roll", "", "200 100 100 100 100"), tableau("roll", "speed_limit", "25 25")],
    )
    state.scores = [4500, 4800]
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    press(app, str(scene.hands.hand_order.index("100") + 1))
    key(app, pygame.K_RETURN)  # 700 km
    settle(app, scene)
    press(app, "n")  # no extension: end the hand and the game
    settle(app, scene)
    read_score_sheet(app)
    settle(app, scene)
    assert scene.finished and scene.state.winners == [0]
    assert "big_win" in app.sounds
    stats = app.storage.stats("mille")
    assert (stats.played, stats.won, stats.best_score) == (1, 1, scene.state.scores[0])
    assert "Ann: 1 won of 1" in scene.record_line
    key(app, pygame.K_RETURN)  # the Top Ten name entry: keep "Ann"
    assert [(e.name, e.score) for e in app.storage.top_ten("mille").entries] == [
        ("Ann", scene.state.scores[0])
    ]
    assert not app.storage.has_saved_game("mille")
    assert isinstance(app.scenes.top, ScoresScene), "the Top Ten shows the new name"
    key(app, pygame.K_ESCAPE)
    press(app, "n")
    assert isinstance(app.scenes.top, SetupScene)
