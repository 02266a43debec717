"""Farkle's Top Ten keeps 5,000 and 10,000 games apart in words: each score says which
game it won ("to 5,000"), as the Scores screen shows it."""

import pygame
from helpers_farkle_scene import (
    open_table,
    press,
    seats,
)

from game.engine.farkle import FarkleOptions, FarkleState
from game.scenes.scores import ScoresScene
from tests.harness import (
    key,
    settle,
    words_on_screen,
)


def test_a_game_won_to_5000_says_so_beside_its_score(new_app):
    app = new_app(fast=True)
    app.storage.add_to_top_ten("farkle", "Old", 12000)  # saved before targets
    app.storage.add_to_top_ten("farkle", "Cy", 10400, {"target": 10000})
    state = FarkleState.new(seats("human", "human"), FarkleOptions(target=5000))
    state.scores = [4600, 3000]
    scene = open_table(
        app,
        [],
        state=state,
        dice=(
            1,
            1,
            1,
            3,
            4,
            6,  # Anna banks three 1s: 5,600
            2,
            3,
            4,
            6,
            6,
            2,
        ),
    )  # Bert's last turn farkles
    press(app, "a")
    press(app, "n")
    settle(app, scene)
    assert scene.state.winners == [0]
    key(app, pygame.K_RETURN)  # Anna's name in the Top Ten
    assert isinstance(app.scenes.top, ScoresScene)
    read = words_on_screen(app)
    rows = [read[i : i + 4] for i, text in enumerate(read) if text in ("Old", "Cy", "Anna")]
    assert [row[:3] for row in rows] == [
        ["Old", "12,000", ""],
        ["Cy", "10,400", "to 10,000"],
        ["Anna", "5,600", "to 5,000"],
    ]


def test_after_a_lost_game_the_top_ten_says_who_enters_and_your_best(new_app):
    """Issue 32, item 10: right after a lost game the Top Ten said "No scores yet: play a
    game!". It says who enters, and the player's best though it is not in the ten."""
    app = new_app(fast=True)
    state = FarkleState.new(seats("human", "expert"), FarkleOptions(target=5000), first=1)
    state.scores = [3000, 4600]
    scene = open_table(
        app,
        [],
        state=state,
        dice=(1, 1, 1, 3, 4, 6, 2, 3, 4, 6, 6, 2),  # Bert banks three 1s; Anna farkles
    )
    settle(app, scene)
    press(app, "r")  # Anna's last roll
    settle(app, scene)
    assert scene.state.is_over and scene.state.winners == [1]
    assert app.storage.top_ten("farkle").entries == []
    app.push(ScoresScene(app, "farkle"))
    read = " ".join(words_on_screen(app))
    assert "No scores yet" not in read
    assert "Only a winner's score enters" in read
    assert "Your best: 3,000 (not in the Top Ten)" in read
