"""The table beyond two players and one human: teams of two in demo mode, three teams,
two humans taking turns at one keyboard, and the boss key freezing the computer."""

import random

import pygame
from helpers_mille_scene import (
    open_table,
    position,
    seats,
    tableau,
)

from game.engine.core import Thinking
from game.engine.mille import make_agent
from game.scenes.boss import BossScene
from game.scenes.mille import layout
from game.scenes.mille.play import MilleScene
from game.scenes.mille.scoresheet import ScoreSheetScene
from game.shell.registry import game_info
from game.shell.setup import SeatConfig
from tests.harness import (
    key,
    pixel,
    run,
    settle,
)

FOUR_BASIC = [
    SeatConfig("computer", name, "basic") for name in ("Cindy", "Rosamund", "Greg", "Bob")
]


def test_four_players_play_a_hand_in_two_teams_in_demo_mode(new_app):
    app = new_app(demo=True, fast=True)
    app.storage.save_game_options("mille", {"seats": [s.to_json() for s in FOUR_BASIC]})
    scene = game_info("mille").new_scene(app)
    app.push(scene)
    assert isinstance(scene, MilleScene)
    assert scene.state.options.players == 4 and scene.state.options.sides == 2
    assert scene.state.target == 1000, "two teams race to 1000 km"
    rows = scene.rows()
    assert sorted(rows) == [0, 1] and rows[0].y > rows[1].y, "seat 1's team at the bottom"
    for _ in range(20000):
        run(app, 1)
        if isinstance(app.scenes.top, ScoreSheetScene):
            break
    sheet = app.scenes.top
    assert isinstance(sheet, ScoreSheetScene), "a whole hand was played"
    assert [s["side"] for s in sheet.result["sides"]] == [0, 1]
    for _ in range(400):  # demo mode reads the sheet, then deals again
        run(app, 1)
        if app.scenes.top is scene and scene.state.hand_number == 2:
            break
    assert scene.state.hand_number == 2
    app.render()
    plate = layout.plate_rect(rows[0])
    assert pixel(app, (plate.x, plate.y + 10)) != pixel(app, (2, 2)), "the team's plate"
    assert not app.storage.has_saved_game("mille"), "demo games are never saved"


def test_six_players_sit_in_three_teams(new_app):
    app = new_app(fast=True)
    scene = open_table(
        app, seats("", "basic", "basic", "basic", "basic", "basic"), rng=random.Random(2)
    )
    settle(app, scene)
    assert scene.state.options.sides == 3 and scene.state.target == 700
    rows = scene.rows()
    assert [rows[side].y for side in (1, 2, 0)] == list(layout.row_tops(3))
    assert scene.side_name(0) == "Ann & Rosamund", "partners sit opposite"


def test_two_humans_pass_the_keyboard_behind_a_curtain(new_app):
    app = new_app(fast=True)
    state = position(
        ["25 50 75 100 200 repairs stop", "25 50 75 100 200 repairs"],
        [tableau("roll"), tableau("roll")],
    )
    scene = open_table(app, seats("", ""), state)
    run(app, 2)
    assert scene.hands.curtain == 0 and scene.prompt().title == "Ann's turn", (
        "whoever holds the keyboard, Ann's hand waits for her"
    )
    key(app, pygame.K_RETURN)
    assert scene.hands.viewer == 0 and scene.awaiting_human
    key(app, pygame.K_1)  # Ann chooses her 25...
    key(app, pygame.K_RETURN)  # ...and plays it
    run(app, 3)
    assert scene.hands.curtain == 1 and not scene.hands.hand_shown
    assert scene.prompt().title == "Cindy's turn", "Cindy's hand stays hidden"
    key(app, pygame.K_RETURN)
    assert scene.hands.curtain is None and scene.hands.viewer == 1
    assert scene.awaiting_human and scene.rows()[0].y > scene.rows()[1].y, (
        "the rows stay where they were"
    )


class SlowExpert:
    """The Expert, thinking in SLICES slices that the test counts."""

    SLICES = 60

    def __init__(self):
        self.expert = make_agent("expert", random.Random(0), budget_ms=0)
        self.slices = 0

    def think(self, observation, legal):
        def job():
            for _ in range(self.SLICES):
                self.slices += 1
                yield
            return self.expert.choose(observation, legal)

        return Thinking(job())


def test_the_expert_thinks_a_slice_per_tick_and_the_boss_key_freezes_it(new_app, monkeypatch):
    app = new_app(fast=True)
    state = position(
        ["25 50 75 100 200 repairs", "25 50 75 100 stop roll gasoline"],
        [tableau("roll", "", "100"), tableau("roll", "", "50")],
        to_act=1,
    )
    scene = MilleScene(app, state, seats("", "expert"), random.Random(1))
    scene.think_ms = 0.0  # exactly one slice a tick
    agent = scene.agents[(1, "expert")] = SlowExpert()
    app.push(scene)
    run(app, 21)
    assert 15 <= agent.slices <= 21, "a slice each tick"
    assert scene.moves == 0 and scene.thinker.busy, "frames go on while it thinks"
    key(app, pygame.K_b)
    assert isinstance(app.scenes.top, BossScene)
    frozen_at = agent.slices
    run(app, 120)
    assert agent.slices == frozen_at and scene.moves == 0, (
        "no thinking and no move while the boss screen is up"
    )
    key(app, pygame.K_F12)
    assert app.scenes.top is scene
    run(app, SlowExpert.SLICES - frozen_at + 2)
    assert agent.slices == SlowExpert.SLICES
    assert scene.history, "back at the table, the Expert thinks on and plays"
