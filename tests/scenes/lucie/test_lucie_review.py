"""The coach's review at La Belle Lucie's table: a move the solver proves turns a winnable
last deal into a lost one is listed first, as exact, and shown at its moment."""

import pygame
from helpers_lucie_scene import (
    open_table,
    type_card,
)

from game.engine.lucie import LucieGame
from game.engine.lucie.rules import apply_move
from game.engine.lucie.solver import solve
from game.shell.dialog import ChoiceDialog
from game.table.review import ReviewScene
from tests.engine.lucie.lucie_layouts import trap
from tests.harness import (
    key,
    run_until,
    settle,
    words_on_screen,
)

BIG = 10**9
# The engine's coach tests' trap, on the last deal: only spades left. 6S onto 7S, then 5S
# onto 6S, frees the ace and wins; 5S onto 6S first buries the two for good. TS onto JS
# first changes nothing.
TRAP = trap()


def test_the_trap_is_what_the_solver_says():
    after_ten = apply_move(TRAP, "TS")[0]
    assert solve(after_ten, max_seconds=BIG).winnable
    assert not solve(apply_move(after_ten, "5S")[0], max_seconds=BIG).winnable


def test_the_review_lists_the_move_that_lost_a_winnable_last_deal_first_and_exact(new_app):
    app = new_app(fast=True)
    scene = open_table(app, LucieGame(TRAP, 7))
    for card in ("TS", "5S", "AS"):  # fine, then the losing move, then the ace
        type_card(app, card)
        settle(app, scene)
    run_until(
        app, lambda: isinstance(app.scenes.top, ChoiceDialog) and not scene.coach.busy, limit=5000
    )
    assert scene.finished and not scene.game.is_won
    assert [d.action for d in scene.coach.decisions] == ["TS", "5S", "AS"]
    key(app, pygame.K_v, text="v")  # the end of the hand offers the review
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert [d.action for d in review.entries] == ["5S"], "only what cost something"
    lost = review.entries[0].verdict
    assert (lost.cost, lost.exact, lost.unit) == (1.0, True, "win chance")
    assert lost.best != "5S" and "can no longer be won" in lost.why
    listed = words_on_screen(app)
    assert "1. Deal 3 of 3, your move 2" in listed
    assert "100% win chance (exact)" in listed
    key(app, pygame.K_RETURN)  # step to it: the table just before 5S
    shown = review.position
    assert shown is not None, review.position_error
    assert shown.game.position == apply_move(TRAP, "TS")[0]
    assert shown.hint is not None and shown.hint.action == lost.best, "the best marked"
    assert "100% win chance (exact)" in review.caption()
    assert review.caption() in words_on_screen(app)
