"""Undo and redo survive Continue, and what counts in the statistics: finished hands, and
hands left for another (saving and damaged saves are every table's: test_every_table)."""

from helpers_lucie_scene import (
    click_card,
    demo_line,
    escape,
    open_table,
    position_of,
    press,
    type_card,
)

from game.scenes.lucie.play import GAME_ID, LucieScene
from game.scenes.title import TitleScene
from tests.harness import run

DEAL = 5
ONE_FROM_A_WIN = position_of("KS", home="KC KD KH QS", redeals=2)


def test_every_move_is_saved_and_continue_picks_the_hand_up(new_app):
    actions, _ = demo_line(DEAL)
    app = new_app(fast=True)
    scene = open_table(app, DEAL)
    assert app.storage.load_game(GAME_ID) == scene.saves.saved_data(), "saved from the start"
    for action in actions[:3]:
        click_card(app, scene, action)
        assert app.storage.load_game(GAME_ID)["game"] == scene.game.to_json()
    three_played = scene.game.position
    press(app, "u")
    escape(app)
    press(app, "q")
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    title.continue_saved()
    resumed = app.scenes.top
    assert isinstance(resumed, LucieScene) and resumed is not scene
    assert resumed.game.position == scene.game.position
    assert resumed.game.can_undo and resumed.game.can_redo, "undo and redo survive"
    press(app, "r")
    assert resumed.game.position == three_played
    assert app.storage.stats(GAME_ID).played == 0, "quitting to the title counts nothing"


def test_a_hand_left_for_a_new_one_counts_with_its_score(new_app):
    actions, _ = demo_line(DEAL)
    app = new_app(fast=True)
    scene = open_table(app, DEAL)
    for action in actions[:4]:
        click_card(app, scene, action)
    score = scene.game.score
    press(app, "n")
    press(app, "r")
    assert app.scenes.top is not scene
    stats = app.storage.stats(GAME_ID)
    assert (stats.played, stats.won, stats.total_score) == (1, 0, score)
    summary = scene.coach.summary(0, scene.HALF_ACCURACY_AT)
    assert not scene.coach.busy and summary.accuracy is not None
    past = stats.history[-1]
    assert (past.accuracy, past.loss, past.score) == (summary.accuracy, summary.loss, score), (
        "the coach's figures count with a hand left for a new one"
    )
    fresh = app.scenes.top
    press(app, "n")
    press(app, "a")
    assert app.storage.stats(GAME_ID).played == 1, "an untouched hand does not count"
    assert app.scenes.top.game.fans == fresh.game.fans, "the same deal again"


def test_a_win_with_both_shuffles_unused_cheers_three_times_and_is_counted(new_app):
    app = new_app(fast=True)
    scene = open_table(app, ONE_FROM_A_WIN)
    click_card(app, scene, "KS")
    assert scene.finished
    run(app, 200)
    assert app.sounds.count("win") == 1 and app.sounds.count("big_win") == 2
    stats = app.storage.stats(GAME_ID)
    assert (stats.played, stats.won, stats.counters) == (1, 1, {"won_no_shuffle": 1})


def test_a_hand_with_only_a_shuffle_played_counts_when_left(new_app):
    app = new_app(fast=True)
    scene = open_table(app, DEAL)
    type_card(app, "s")  # final: nothing to undo, but the hand is begun
    press(app, "n")
    press(app, "r")
    assert app.scenes.top is not scene
    assert app.storage.stats(GAME_ID).played == 1
