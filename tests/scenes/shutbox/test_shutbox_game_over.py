"""The end of a game: the winner, the Top Ten and statistics, playing again, demo games."""

import random

import pygame
from helpers_shutbox_scene import enter, log_text, open_game, press

from game.engine.shutbox import Player, ShutBoxState
from game.scenes.scores import ScoresScene
from game.scenes.shutbox import play
from game.shell.name_entry import NameEntryScene
from game.table import DEMO_END_PAUSE_TICKS
from tests.harness import key, run


def last_roll(players, ann=(40, 40, 40, 40, 40), other=(30, 30, 30, 30)):
    """The last player's fifth turn, only door 1 open: any roll ends the game."""
    players[0].turn_scores[:] = list(ann)
    players[1].turn_scores[:] = list(other)
    return ShutBoxState(
        players, current=1, turn_number=5, open_doors=frozenset({1}), dice=(4, 4), phase="roll"
    )


def test_a_human_top_ten_score_asks_for_a_name_then_shows_the_table(new_app):
    app = new_app(fast=True)
    scene = open_game(app, last_roll([Player("Ann"), Player("Cindy", True, "pub")]))
    assert scene.state.is_over and isinstance(app.scenes.top, NameEntryScene)
    assert scene.talk.banner.title == "Ann wins!" and "big_win" in app.sounds
    enter(app)  # keeps "Ann"
    assert isinstance(app.scenes.top, ScoresScene)
    assert [(e.name, e.score) for e in app.storage.top_ten("shutbox").entries] == [("Ann", 200)]
    stats = app.storage.stats("shutbox")
    assert (stats.played, stats.won, stats.best_score) == (1, 1, 200)
    assert stats.counters == {"boxes_shut": 0}
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.mode == play.GAME_OVER
    assert any(c.key == "Enter" and c.word == "Again" for c in scene.commands())
    enter(app)
    again = app.scenes.top
    assert isinstance(again, play.ShutBoxScene) and again is not scene
    assert [p.name for p in again.state.players] == ["Ann", "Cindy"]
    assert again.state.totals() == [0, 0]


def test_a_score_below_a_full_top_ten_is_not_asked_for(new_app):
    app = new_app(fast=True)
    for i in range(10):
        app.storage.add_to_top_ten("shutbox", f"P{i}", 240)
    scene = open_game(app, last_roll([Player("Ann"), Player("Cindy", True, "pub")]))
    assert app.scenes.top is scene and scene.mode == play.GAME_OVER
    assert app.storage.stats("shutbox").played == 1


def test_each_human_is_counted_and_asked_for_a_name_best_first(new_app):
    app = new_app(fast=True)
    scene = open_game(app, last_roll([Player("Ann"), Player("Bob")]))
    assert scene.mode == play.ROLL_PROMPT_WAIT and scene.state.current == 1
    enter(app)  # Bob's 44 stand: 120 + 44 = 164
    run(app, 5)
    names = []
    while isinstance(app.scenes.top, NameEntryScene):
        names.append(app.scenes.top.text)
        enter(app)
    assert names == ["Ann", "Bob"]
    assert [(e.name, e.score) for e in app.storage.top_ten("shutbox").entries] == [
        ("Ann", 200),
        ("Bob", 164),
    ]
    stats = app.storage.stats("shutbox")
    assert (stats.played, stats.won) == (2, 1)


def test_a_tie_shares_the_win(new_app):
    app = new_app(fast=True)
    players = [Player("Ann"), Player("Cindy", True, "pub")]
    scene = open_game(app, last_roll(players, other=(39, 39, 39, 39)))
    assert scene.state.is_over and scene.state.totals() == [200, 200]
    assert scene.state.winners() == [0, 1] and scene.talk.banner.title == "A tie!"
    assert "Ann and Cindy share the win with 200" in log_text(scene)
    enter(app)
    assert app.storage.stats("shutbox").won == 1, "a shared win is a win"


def test_a_demo_game_is_not_recorded_and_the_next_one_starts(new_app):
    app = new_app(fast=True)
    scene = play.ShutBoxScene(
        app, last_roll([Player("Ann"), Player("Cindy", True, "pub")]), random.Random(1)
    )
    app.push(scene)
    press(app, "d")
    # Catch the next game the moment it replaces this one: in fast mode a demo turn can
    # be over within a tick, so look before it has played.
    for _ in range(DEMO_END_PAUSE_TICKS + 20):
        assert not isinstance(app.scenes.top, NameEntryScene), "no name is asked for"
        if app.scenes.top is not scene:
            break
        run(app, 1)
    assert scene.state.is_over
    assert app.storage.stats("shutbox").played == 0
    assert app.storage.top_ten("shutbox").entries == []
    following = app.scenes.top
    assert isinstance(following, play.ShutBoxScene) and following is not scene
    assert following.demo and following.state.turn_number == 1
    assert sum(following.state.totals()) <= 50, "a fresh game, at most one turn played"


def test_no_fanfare_when_the_computer_beats_you(new_app):
    app = new_app(fast=True)
    scene = open_game(
        app,
        last_roll(
            [Player("Ann"), Player("Cindy", True, "pub")],
            ann=(10, 10, 10, 10, 10),
            other=(44, 44, 44, 44),
        ),
    )
    assert scene.state.is_over and scene.state.winners() == [1]
    assert "big_win" not in app.sounds and "win" not in app.sounds
    assert app.storage.stats("shutbox").played == 1


def test_the_shared_entries_keep_their_places_when_the_game_ends(new_app):
    """Seen in a real window: at the end "V Review" came onto the bar before "? Hint",
    and a click where "? Hint" had been all game opened the review. The review's entry
    is there all game, dimmed until the game is over."""
    from game.shell.registry import game_info, load_games
    from tests.harness import settle

    load_games()
    app = new_app()
    scene, move = game_info("shutbox").examples.last_move(app)
    app.push(scene)
    settle(app, scene)
    for _ in range(3):
        if scene.seat_to_act() is not None:
            break
        enter(app)
        settle(app, scene)

    def places() -> dict:
        commands = list(scene.commands())
        rects = app.command_bar.layout(commands)
        return {c.word: (tuple(r), c.enabled) for c, r in zip(commands, rects) if c.pinned}

    before = places()
    assert scene.submit(scene.seat_to_act(), move)
    settle(app, scene)
    for _ in range(3):
        if app.scenes.top is scene:
            break
        key(app, pygame.K_ESCAPE if isinstance(app.scenes.top, ScoresScene) else pygame.K_RETURN)
    assert app.scenes.top is scene and scene.finished
    after = places()
    assert not before["Review"][1] and after["Review"][1]
    for word in ("Review", "Hint", "Log", "Help"):
        # Within a pixel or two: "Esc Menu" becomes "Esc Title" at the right end.
        assert abs(before[word][0][0] - after[word][0][0]) <= 2, word
