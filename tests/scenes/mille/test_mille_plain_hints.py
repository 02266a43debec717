"""Issue 32, item 5: Mille Bornes' hints say in plain words how sure the Expert is ("clearly
better", "slightly better", "a close call: either is fine"), decided from the difference
against its uncertainty; the figures are the review's detail; the hint over the news line
never covers the player's own plate."""

from __future__ import annotations

import random

import pygame

from game.engine.coach import closeness
from game.engine.mille import coach
from game.engine.mille.rules import DEAL_ACTION, MilleState, Options
from game.scenes.mille import layout
from game.scenes.mille.view import MESSAGE_MOST_LINES, grown_message_rect
from game.table.coaching import Verdict
from game.table.review import ReviewScene
from tests.harness import key, run_until
from tests.scenes.test_every_table import examples, open_table

STATISTICS = ("±", "playouts", "estimate")


def test_the_words_come_from_the_difference_against_its_uncertainty():
    assert closeness(166, 185) == "close", "the issue's hint: less than its uncertainty"
    assert closeness(300, 185) == "slightly"
    assert closeness(400, 185) == "clearly"
    assert closeness(0, 0) == "close"


def test_a_judgement_speaks_plain_words_and_keeps_its_figures_apart():
    state = MilleState.new_game(Options(players=2))
    state.apply(DEAL_ACTION, random.Random(3))
    seen = set()
    for action in state.legal_actions():
        judgement = coach.judge(state, action, 1, rollouts=8)
        assert judgement is not None
        assert not any(word in judgement.why for word in STATISTICS), judgement.why
        assert "±" in judgement.figures and "playouts" in judgement.figures
        sure = closeness(judgement.best_value - judgement.value, judgement.spread)
        if judgement.action != judgement.best:
            wanted = "a close call, either is fine" if sure == "close" else f"{sure} better"
            assert wanted in judgement.why
            seen.add(sure)
    assert "close" in seen


def test_the_hint_is_plain_and_clear_of_the_players_plate(new_app):
    app = new_app(fast=True)
    scene = open_table(app, examples("mille").playing(app))
    key(app, pygame.K_SLASH, text="/")
    run_until(app, lambda: scene.hint is not None, limit=5000)
    line = scene.talk.line.text
    assert line.startswith("Hint:") and not any(word in line for word in STATISTICS), line
    grown = grown_message_rect(layout.MESSAGE.right, MESSAGE_MOST_LINES)
    for row in scene.rows().values():
        assert not grown.colliderect(layout.plate_rect(row)), "the hint covers a plate"


def test_the_reviews_detail_gives_the_figures(new_app):
    app = new_app(fast=True)
    scene = open_table(app, examples("mille").playing(app))
    seat = scene.seat_to_act()
    verdict = Verdict(
        146.0,
        "points",
        False,
        161.0,
        "The Expert would play Roll; you chose to discard Stop: a close call, either is fine.",
        146.0,
        None,
        "To discard Stop gives up about 146 points of the hand's margin (± 161 over 32 playouts).",
    )
    assert Verdict.from_json(verdict.to_json()) == verdict
    old = verdict.to_json()
    del old["figures"]
    assert Verdict.from_json(old).figures == "", "a verdict saved before figures loads"
    scene.coach.record(seat, "Hand 1", None, scene.saves.position_data(), verdict)
    scene.finished = True
    key(app, pygame.K_v, text="v")
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    detail = " ".join(line for line, _ in review.detail_lines(560))
    assert "a close call" in detail and "± 161" in detail
