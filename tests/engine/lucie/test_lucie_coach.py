"""The coach: moves weighed in the chance of winning, exact on the last deal."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from lucie_layouts import layout, trap

from game.engine.coach import accuracy
from game.engine.lucie import coach
from game.engine.lucie.ai import REDEAL, Planner
from game.engine.lucie.game import LucieGame
from game.engine.lucie.rules import Position, apply_move
from game.engine.lucie.solver import solve

BIG = 10**9


def test_trap_is_what_the_solver_says():
    p = trap()
    assert solve(p, max_seconds=BIG).winnable
    assert not solve(apply_move(p, "5S")[0], max_seconds=BIG).winnable
    assert not solve(apply_move(p, "4S")[0], max_seconds=BIG).winnable
    assert solve(apply_move(p, "6S")[0], max_seconds=BIG).winnable


def test_last_deal_move_that_loses_a_won_deal_costs_one_exactly():
    j = coach.judge(trap(), "5S")
    assert j is not None
    assert j.exact and j.spread == 0.0 and j.unit == coach.UNIT == "win chance"
    assert (j.value, j.best_value, j.cost) == (0.0, 1.0, 1.0)
    assert j.best != "5S" and solve(apply_move(trap(), j.best)[0], max_seconds=BIG).winnable
    assert "can no longer be won" in str(j.why) and "5S" in str(j.why) and j.best in str(j.why)


def test_last_deal_winning_moves_cost_nothing():
    best = coach.judge(trap(), "5S").best
    j = coach.judge(trap(), best)
    assert j.exact and j.cost == 0.0 and j.value == 1.0 and j.best == best
    assert "can be won" in str(j.why)
    other = coach.judge(trap(), "6S")  # not the planner's move, but it wins too
    assert other.exact and other.cost == 0.0 and other.value == 1.0


def test_a_lost_last_deal_costs_nothing_whatever_is_played():
    lost = apply_move(trap(), "5S")[0]
    actions = coach.legal_actions(lost)
    assert len(actions) >= 2
    for action in actions:
        j = coach.judge(lost, action)
        assert j.exact and j.cost == 0.0 and j.value == j.best_value == 0.0
        assert "cannot be won" in str(j.why)


def test_before_the_last_deal_judgements_are_estimates():
    j = coach.judge(trap(redeals=1), "5S")
    assert not j.exact
    assert 0.0 < j.value < 1.0 and j.best_value == 1.0 and j.cost > 0.5
    assert "estimate" in str(j.why).lower()
    fresh = Position.deal(7)
    for action in coach.legal_actions(fresh):
        j = coach.judge(fresh, action)
        assert not j.exact and 0.0 < j.best_value < 1.0
        assert j.cost >= 0.0
    redeal = coach.judge(fresh, REDEAL)
    assert redeal.value == coach._table(fresh) and redeal.cost >= 0.0


def test_an_undecided_last_deal_falls_back_to_the_estimate():
    deal = Position.deal(55)  # winnable as a last deal, but only after ~1300 nodes
    p = Position(deal.fans, deal.foundations, 0, True)
    planner = Planner(solve_nodes=250, explore_nodes=2_000)
    action = coach.legal_actions(p)[0]
    j = coach.judge(p, action, planner)
    assert j is not None and not j.exact
    assert "ran out" in str(j.why)
    assert coach.judge(p, action).exact  # with the usual budget it is decided


def test_nothing_to_decide_is_none():
    one_move = layout("KS 4S\nQS 9H", home="KC KD 8H 2S", redeals=0)
    assert coach.legal_actions(one_move) == ["9H"]
    assert coach.judge(one_move, "9H") is None
    over = apply_move(one_move, "9H")[0]
    assert over.is_over and coach.legal_actions(over) == []
    assert coach.judge(over, "9H") is None
    stuck = layout("KH AS 5S", home="KC KD QH", redeals=1)
    assert coach.legal_actions(stuck) == [REDEAL]
    assert coach.judge(stuck, REDEAL) is None
    assert coach.judge(trap(), "5S") is not None


def test_an_illegal_action_is_refused():
    try:
        coach.judge(trap(), "AS")
    except ValueError as error:
        assert "not a legal action" in str(error)
    else:
        raise AssertionError("AS is buried and was judged")


def test_judging_is_sliced():
    game = LucieGame.new(913)
    thinking = coach.judge_thinking(game.position, coach.legal_actions(game.position)[0], Planner())
    steps = 1
    while not thinking.step():
        steps += 1
    assert steps > 1 and thinking.result is not None


def random_position(deal: int, steps: int, seed: int) -> Position:
    """A position reached by random legal play (redeals only when stuck)."""
    rng = random.Random(seed)
    game = LucieGame.new(deal)
    for _ in range(steps):
        legal = coach.legal_actions(game.position)
        cards = [a for a in legal if a != REDEAL]
        if not legal:
            break
        game.apply(rng.choice(cards) if cards else REDEAL)
    return game.position


@settings(max_examples=12)
@given(st.integers(0, 10**6), st.integers(0, 60), st.integers(0, 10**6))
def test_the_best_action_always_costs_nothing(deal, steps, seed):
    p = random_position(deal, steps, seed)
    legal = coach.legal_actions(p)
    if len(legal) < 2:
        assert coach.judge(p, legal[0]) is None if legal else True
        return
    action = random.Random(seed).choice(legal)
    j = coach.judge(p, action)
    assert j is not None and j.cost >= 0.0 and j.best in legal
    best = coach.judge(p, j.best)
    assert best.best == j.best and best.cost == 0.0
    if p.redeals_left and best.best_value < 1.0:
        assert not best.exact


def test_the_demo_playing_a_hand_scores_100():
    game = LucieGame.new(2)
    costs = []
    for _ in range(400):
        if game.is_over:
            break
        action = game.hint().action
        if not action:
            break
        judgement = coach.judge(game, action)  # the game's own planner: its hint
        if judgement is not None:
            assert judgement.best == action
            costs.append(judgement.cost)
        game.apply(action)
    assert len(costs) > 10
    assert accuracy(costs, coach.HALF_ACCURACY_AT) == 100
