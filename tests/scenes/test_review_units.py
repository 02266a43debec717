"""Issue 32, item 4: the review lists every decision in one unit, and Farkle's coach names a
hold as the table's hold line does."""

from __future__ import annotations

import pygame

from game.engine.coach import Judgement
from game.engine.farkle import coach as farkle_coach
from game.engine.farkle.combos import combinations
from game.engine.farkle.rules import BANK, ROLLED, FarkleAction, FarkleState
from game.table.coaching import Verdict
from game.table.review import ReviewScene
from tests.harness import key, words_on_screen
from tests.scenes.test_every_table import examples, open_table


def test_the_review_lists_points_and_win_chance_in_one_unit(new_app):
    """ "386 points (exact)" was ranked above "4% win chance (estimate)": two units in one
    list. Farkle's accuracy unit is points; a win-chance decision is said in points too,
    its own figure beside."""
    app = new_app(fast=True)
    scene = open_table(app, examples("farkle").playing(app))
    seat = scene.seat_to_act()
    position = scene.saves.position_data()
    win = Verdict(0.05, "win chance", False, 0.0, "why", farkle_coach.accuracy_cost(_win(0.05)))
    points = Verdict(386.0, "points", True, 0.0, "why", 386.0)
    scene.coach.record(seat, "Round 9", None, position, win)
    scene.coach.record(seat, "Round 2", None, position, points)
    scene.finished = True
    key(app, pygame.K_v, text="v")
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    words = [review.cost_words(d) for d in review.entries]
    assert words == ["386 points (exact)", "about 375 points (5% win chance, estimate)"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert "375 points" in review.caption()


def test_farkles_coach_names_a_hold_as_the_hold_line_does():
    """The review said "Keep four 5s and two 1s" where the table's hold line said "three
    5s 500 + two 1s 200 + a 5 50"."""
    state = FarkleState.new(["human", "human"])
    state.phase, state.roll = ROLLED, (5, 5, 5, 5, 1, 1)
    judgement = farkle_coach.judge(state, FarkleAction(BANK, (0, 1, 2, 3, 4, 5)))
    assert judgement is not None
    names = " + ".join(name for name, _ in combinations(state.roll))
    assert names == "three 5s + two 1s + a 5"
    assert names in judgement.why and "four 5s" not in judgement.why


def _win(cost: float) -> Judgement:
    return Judgement(None, None, -cost, 0.0, "win chance", exact=False)


def test_mille_bornes_rows_say_how_sure_in_words_and_the_figures_only_in_the_detail(new_app):
    """Issue 32: the review's rows for Mille Bornes read "901 points (estimate ± 236)".
    A row says how sure in the hints' words; the playouts' figures are the detail's."""
    app = new_app(fast=True)
    scene = open_table(app, examples("mille").playing(app))
    seat = scene.seat_to_act()
    position = scene.saves.position_data()
    figures = "To discard Extra Tank gives up about 901 points (± 236 over 32 playouts)."
    for cost, spread in ((901.0, 236.0), (162.0, 120.0), (33.0, 146.0)):
        verdict = Verdict(cost, "points", False, spread, "The Expert would...", cost, None, figures)
        scene.coach.record(seat, "Hand 1", None, position, verdict)
    scene.finished = True
    key(app, pygame.K_v, text="v")
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    shown = words_on_screen(app)
    rows = [words for words in shown if words.startswith("about ")]
    assert rows == [
        "about 901 points (the best is clearly better)",
        "about 162 points (the best is slightly better)",
        "about 33 points (a close call: either is fine)",
    ]
    assert figures in shown, "the figures behind the first row, in its detail"
    assert sum("±" in words for words in shown) == 1, "nowhere else"
