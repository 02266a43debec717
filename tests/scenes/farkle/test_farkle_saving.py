"""Farkle through the shell: set-up, Done, and the Top Ten of winners only (saving, the
Esc menu, demo and the boss key are every table's: tests/scenes/test_every_table.py)."""

import pygame
import pytest
from helpers_farkle_scene import (
    open_table,
    press,
    seats,
)

from game.engine.farkle import FarkleState
from game.scenes.farkle.play import FarkleScene
from game.scenes.scores import ScoresScene
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog
from game.shell.name_entry import NameEntryScene
from game.shell.registry import game_info
from game.shell.setup import SetupScene
from tests.harness import (
    key,
    run,
    settle,
    type_text,
)


def start_from_setup(app) -> FarkleScene:
    app.push(game_info("farkle").new_scene(app))
    assert isinstance(app.scenes.top, SetupScene)
    press(app, "s")
    scene = app.scenes.top
    assert isinstance(scene, FarkleScene)
    return scene


def test_setup_remembers_the_table_and_starts_the_game(new_app):
    app = new_app(fast=True)
    app.push(game_info("farkle").new_scene(app))
    setup = app.scenes.top
    setup.row = 4  # seats 1-4, then "Game score"
    key(app, pygame.K_RIGHT)  # 10,000 -> 5,000
    press(app, "s")
    scene = app.scenes.top
    assert isinstance(scene, FarkleScene)
    assert scene.state.options.target == 5000
    assert [s.kind for s in scene.state.seats] == ["human", "computer"]
    assert scene.state.seats[1].level == "expert"
    assert app.storage.game_options("farkle", {})["target"] == 5000, "remembered"


def test_a_saved_game_that_does_not_load_is_refused():
    with pytest.raises(ValueError):
        FarkleScene.from_saved(None, {"version": 99})
    with pytest.raises(ValueError):
        FarkleScene.from_saved(None, {"version": 1, "state": {"schema": 1}})


def test_done_ends_the_game_after_asking(new_app):
    app = new_app(fast=True)
    scene = start_from_setup(app)
    settle(app, scene)
    assert app.storage.has_saved_game("farkle")
    press(app, "e")
    assert isinstance(app.scenes.top, ChoiceDialog)
    press(app, "n")  # no: play on
    assert app.scenes.top is scene
    press(app, "e")
    press(app, "y")
    assert isinstance(app.scenes.top, TitleScene)
    assert not app.storage.has_saved_game("farkle")


def final_turn_for_anna(app, dice):
    """Anna (human) plays the last turn of the final round against Bert's 5,200."""
    state = FarkleState.new(seats("human", "standard"))
    state.options = state.options.__class__(target=5000)
    state.scores = [4800, 5200]
    state.final_round, state.final_trigger, state.final_pending = True, 1, []
    return open_table(app, [], state=state, dice=dice)


def test_a_winning_human_enters_the_top_ten_and_the_statistics(new_app):
    app = new_app(fast=True)
    scene = final_turn_for_anna(app, dice=(1, 1, 1, 5, 2, 3))
    press(app, "a")  # 1,050: 5,850 beats 5,200
    press(app, "n")
    run(app, 2)
    assert scene.state.is_over and scene.state.winners == [0]
    assert "win" in app.sounds
    entry = app.scenes.top
    assert isinstance(entry, NameEntryScene)
    for _ in range(len("Anna")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zed")
    key(app, pygame.K_RETURN)
    table = app.storage.top_ten("farkle")
    assert [(e.name, e.score) for e in table.entries] == [("Zed", 5850)]
    assert game_info("farkle").top_ten_detail(table.entries[0].extra) == "to 5,000", (
        "a 5,000 game's score says so beside it in the Top Ten"
    )
    stats = app.storage.stats("farkle")
    assert (stats.played, stats.won, stats.best_score) == (1, 1, 5850)
    assert not app.storage.has_saved_game("farkle"), "a finished game is not resumable"
    assert isinstance(app.scenes.top, ScoresScene), "the Top Ten shows the new name"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    press(app, "n")  # a new game: the set-up screen
    assert isinstance(app.scenes.top, SetupScene)


def test_a_losing_human_is_counted_but_asked_for_no_name(new_app):
    app = new_app(fast=True)
    scene = final_turn_for_anna(app, dice=(2, 3, 4, 6, 6, 2))  # a farkle
    run(app, 3)
    assert scene.state.is_over and scene.state.winners == [1]
    assert not isinstance(app.scenes.top, NameEntryScene)
    stats = app.storage.stats("farkle")
    assert (stats.played, stats.won, stats.counters.get("farkles")) == (1, 0, 1)
