"""Farkle through the shell: set-up, saving after every move and resuming, the pause menu,
Done, the Top Ten and statistics, demo play and the boss key."""
import pygame
import pytest

from game.app import DEMO_END_PAUSE_TICKS
from game.engine.farkle import FarkleState, ROLLED
from game.scenes.boss import BossScene
from game.scenes.dialog import ChoiceDialog
from game.scenes.farkle.play import FarkleScene
from game.scenes.name_entry import NameEntryScene
from game.scenes.registry import game_info
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from helpers_farkle_scene import open_table, press, press_die, seats, settle
from tests.harness import key, run, type_text


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
    setup.row = 4                       # seats 1-4, then "Game score"
    key(app, pygame.K_RIGHT)            # 10,000 -> 5,000
    press(app, "s")
    scene = app.scenes.top
    assert isinstance(scene, FarkleScene)
    assert scene.state.options.target == 5000
    assert [s.kind for s in scene.state.seats] == ["human", "computer"]
    assert scene.state.seats[1].level == "expert"
    assert app.storage.game_options("farkle", {})["target"] == 5000, "remembered"


def test_every_move_is_saved_and_continue_resumes_it(new_app):
    app = new_app(fast=True)
    scene = start_from_setup(app)
    settle(app, scene)
    press(app, "a")
    press(app, "r")
    settle(app, scene)
    saved = app.storage.load_game("farkle")
    assert saved is not None and saved["state"] == scene.state.to_json(), "saved each move"
    held = scene.state.best_hold()
    if scene.state.phase == ROLLED and scene.state.current == 0:
        press_die(app, scene, held[0])
    expected_state, expected_selected = scene.state.to_json(), set(scene.selected)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ChoiceDialog)
    press(app, "q")
    assert isinstance(app.scenes.top, TitleScene)
    assert app.storage.has_saved_game("farkle")
    press(app, "c")                     # the title's Continue
    resumed = app.scenes.top
    assert isinstance(resumed, FarkleScene) and resumed is not scene
    assert resumed.state.to_json() == expected_state
    assert resumed.selected == expected_selected


def test_escape_pauses_and_resume_goes_on(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 2, 3, 4, 6, 6))
    key(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, ChoiceDialog)
    key(app, pygame.K_RETURN)           # Enter resumes (the focused choice)
    assert app.scenes.top is scene and scene.awaiting_human


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
    press(app, "d")
    assert isinstance(app.scenes.top, ChoiceDialog)
    press(app, "n")                     # no: play on
    assert app.scenes.top is scene
    press(app, "d")
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
    press(app, "a")                     # 1,050: 5,850 beats 5,200
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
    stats = app.storage.stats("farkle")
    assert (stats.played, stats.won, stats.best_score) == (1, 1, 5850)
    assert not app.storage.has_saved_game("farkle"), "a finished game is not resumable"
    assert app.scenes.top is scene
    press(app, "n")                     # a new game: the set-up screen
    assert isinstance(app.scenes.top, SetupScene)


def test_a_losing_human_is_counted_but_asked_for_no_name(new_app):
    app = new_app(fast=True)
    scene = final_turn_for_anna(app, dice=(2, 3, 4, 6, 6, 2))     # a farkle
    run(app, 3)
    assert scene.state.is_over and scene.state.winners == [1]
    assert not isinstance(app.scenes.top, NameEntryScene)
    stats = app.storage.stats("farkle")
    assert (stats.played, stats.won, stats.counters.get("farkles")) == (1, 0, 1)


@pytest.mark.slow
def test_demo_mode_plays_every_seat_and_returns_to_the_title(new_app):
    app = new_app(fast=True, demo=True, seed=3)
    scene = game_info("farkle").new_scene(app)
    assert isinstance(scene, FarkleScene)
    assert all(scene.is_computer(s) for s in scene.state.active_seats)
    title = app.scenes.top
    title.attract_game = app.push(scene)      # as the title's attract loop starts it
    for _ in range(20000):
        if scene.finished:
            break
        run(app, 1)
    assert scene.state.is_over and scene.finished
    run(app, DEMO_END_PAUSE_TICKS + 1)
    assert isinstance(app.scenes.top, TitleScene), "the demo hands back to the title"
    assert not app.storage.has_saved_game("farkle"), "demo games are never saved"


def test_the_boss_key_freezes_a_computer_turn(new_app):
    app = new_app()
    scene = open_table(app, seats("expert", "human"), dice=(1, 5, 2, 3, 4, 6))
    key(app, pygame.K_F12)
    assert isinstance(app.scenes.top, BossScene)
    moves, ticks = len(scene.history), scene.ticks
    run(app, 600)
    assert (len(scene.history), scene.ticks) == (moves, ticks)
    key(app, pygame.K_F12)
    assert app.scenes.top is scene
