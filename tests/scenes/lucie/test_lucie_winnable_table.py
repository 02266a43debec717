"""Winnable deals only at the table: the set-up's option, the dealing screen (the search
a slice a tick, its longest tick recorded), the difficulty shown before the first move,
wins counted by difficulty, and the difficulty kept with a saved hand."""

import time

import pygame
from helpers_lucie_scene import type_card

from game.engine.lucie.winnable import check_line, prove
from game.scenes.lucie import setup as lucie_setup
from game.scenes.lucie.dealing import DealingScene
from game.scenes.lucie.play import GAME_ID, LucieScene
from game.shell.registry import game_info
from game.shell.setup import SetupScene
from tests.harness import key, run, run_until

WON_DEAL = 5  # proved winnable, "easy": one shuffle in its proof


def choose_winnable(app) -> SetupScene:
    setup = app.push(game_info(GAME_ID).new_scene(app))
    assert isinstance(setup, SetupScene) and not setup.seats
    assert setup.values[lucie_setup.DEALS.key] == lucie_setup.ANY, "any deal at first"
    key(app, pygame.K_RIGHT)  # the first row is the option
    assert setup.values[lucie_setup.DEALS.key] == lucie_setup.WINNABLE
    return setup


def test_the_set_up_deals_a_proved_deal_and_says_how_hard_before_the_first_move(new_app):
    app = new_app(seed=35)  # the candidates come from the app's seeded generator
    choose_winnable(app)
    key(app, pygame.K_s)
    dealing = app.scenes.top
    assert isinstance(dealing, DealingScene)
    longest = 0.0
    ticks = 0
    while app.scenes.top is dealing:
        started = time.perf_counter()
        run(app, 1)
        longest = max(longest, time.perf_counter() - started)
        ticks += 1
        assert ticks < 2000
    # Figures, not assertions (no timed assertions): the bench reports them over 500 deals.
    print(f"dealt in {ticks} ticks, longest tick {longest * 1000:.1f} ms")
    table = app.scenes.top
    assert isinstance(table, LucieScene) and table.share is not None
    assert not table.touched, "nothing played yet"
    proof = prove(table.game.deal)
    assert proof is not None and check_line(table.game.deal, proof.line)
    assert table.share == proof.share and table.difficulty == proof.difficulty
    said = table.talk.log[0].text
    assert said.startswith(f"Winnable deal #{table.game.deal}. Difficulty: "), said
    # Remembered: the next set-up opens with it, and N deals winnable too.
    assert lucie_setup.winnable_mode(app)
    assert table.deals_winnable
    table.start_hand()
    assert isinstance(app.scenes.top, DealingScene)


def test_esc_while_dealing_goes_back(new_app):
    app = new_app(seed=35)
    setup = choose_winnable(app)
    key(app, pygame.K_s)
    dealing = app.scenes.top
    key(app, pygame.K_ESCAPE)
    assert dealing not in app.scenes and app.scenes.top is not setup


def test_a_winnable_hand_won_counts_by_difficulty(new_app):
    app = new_app(fast=True)
    proof = prove(WON_DEAL)
    assert proof is not None
    scene = LucieScene(app, LucieScene.new_hand(app, WON_DEAL).game, share=proof.share)
    app.push(scene)
    run(app, 1)
    for action in proof.line:
        type_card(app, "s" if action == "redeal" else action)
    assert scene.game.is_won
    run_until(app, lambda: scene.finished)
    counters = app.storage.stats(GAME_ID).counters
    level = proof.difficulty
    assert counters[f"winnable_{level}_played"] == 1
    assert counters[f"winnable_{level}_won"] == 1


def test_a_saved_winnable_hand_keeps_its_difficulty(new_app):
    app = new_app()
    scene = LucieScene(app, LucieScene.new_hand(app, WON_DEAL).game, share=0.3125)
    data = scene.game_data()
    assert data["winnable"] == 0.3125
    again = LucieScene.restore(app, data)
    assert again.share == 0.3125 and again.difficulty == "medium"
    for bad in ("0.5", True, None, 7.0, -1, [0.5]):
        assert LucieScene.restore(app, {**data, "winnable": bad}).share is None, bad
    plain = LucieScene.new_hand(app, WON_DEAL)
    assert "winnable" not in plain.game_data() and plain.difficulty == ""


def test_the_progress_page_shows_wins_by_difficulty_once_one_is_played(new_app):
    from game.scenes.progress import grouped_rows

    app = new_app()
    info = game_info(GAME_ID)
    app.storage.record_result(GAME_ID, won=False, score=40)
    assert grouped_rows(info, app.storage.stats(GAME_ID)) == [], "none before a winnable hand"
    for won in (True, False):
        app.storage.record_result(
            GAME_ID,
            won=won,
            score=100 if won else 60,
            counters={"winnable_hard_played": 1, "winnable_hard_won": int(won)},
        )
    rows = dict(grouped_rows(info, app.storage.stats(GAME_ID)))
    assert rows["Winnable, easy"] is None and rows["Winnable, medium"] is None
    hard = rows["Winnable, hard"]
    assert (hard.played, hard.won) == (2, 1)


def test_n_offers_a_winnable_deal_when_the_set_up_asks_for_them(new_app):
    from game.scenes.lucie.nexthand import new_hand_dialog

    app = new_app(seed=35)
    table = LucieScene.new_hand(app, WON_DEAL)
    assert new_hand_dialog(table).choices[0][1] == "Random deal"
    choose_winnable(app)
    assert new_hand_dialog(table).choices[0][1] == "Winnable deal"
    table.start_hand(same_deal=True)  # the same deal stays the deal it was: not proved
    assert isinstance(app.scenes.top, LucieScene) and app.scenes.top.share is None
