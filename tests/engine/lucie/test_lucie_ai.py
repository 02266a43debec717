"""Hints and demo play."""

from __future__ import annotations

from lucie_layouts import layout

from game.engine.lucie import (
    DemoPlayer,
    LucieGame,
    Planner,
    Position,
    apply_move,
    hint,
    solve,
    win_chance,
)
from game.engine.lucie.ai import REDEAL

BIG = 10**9


def test_hint_follows_the_winning_line():
    p = layout("5S KS\nQS JS TS 9S 8S 7S 6S\n4S 3S 2S AS", home="KC KD KH", redeals=0, draw=True)
    advice = hint(p)
    assert advice.action == solve(p, max_seconds=BIG).line[0] == "5S"
    assert advice.card == "5S"
    assert "won" in str(advice.reason) and "draw" in str(advice.reason)


def test_hint_says_redeal_when_nothing_helps_before_a_redeal():
    p = layout("KH AS 5S", home="KC KD QH", redeals=1)
    advice = hint(p)
    assert advice.action == REDEAL and advice.card is None
    assert "redeal" in str(advice.reason).lower()


def test_hint_when_the_hand_is_over():
    p = apply_move(layout("KS 4S\nQS 9H", home="KC KD 8H 2S", redeals=0), "9H")[0]
    assert p.is_over
    assert hint(p).action == ""


def test_hint_for_a_lost_last_deal_maximises_cards_home():
    p = layout("KS 4S\nQS 9H", home="KC KD 8H 2S", redeals=0)
    advice = hint(p)
    assert advice.action == "9H"
    assert "cannot be won" in str(advice.reason)


def test_following_hints_wins_a_winnable_deal():
    game = LucieGame(Position(Position.deal(6).fans, (0, 0, 0, 0), 0, True), deal=6)
    for _ in range(200):
        if game.is_over:
            break
        game.apply(game.hint().action)
    assert game.is_won


def test_hint_thinking_can_be_sliced():
    game = LucieGame.new(913)
    thinking = game.think_hint()
    steps = 1
    while not thinking.step():
        steps += 1
    assert steps > 1
    assert thinking.result is not None
    assert game.hint().action == thinking.result.actions[0]
    assert game.think_hint().step()  # the plan is remembered


def test_demo_plays_a_whole_hand_with_legal_actions():
    for deal in (1, 2):
        game = LucieGame.new(deal)
        player = DemoPlayer()
        for _ in range(400):
            if game.is_over:
                break
            action = player.choose(game.position, game.legal_actions())
            if not action:
                break
            before = game.position
            game.apply(action)
            assert game.position != before
        assert game.is_over or game.redeals_left == 0


def test_win_chance_extremes():
    assert win_chance((12, 12, 12, 12)) == 1.0  # four kings left: always won
    assert win_chance((13, 13, 13, 13)) == 1.0
    low = win_chance((0, 0, 0, 0), samples=16)
    assert 0.0 <= low < 0.6


def test_planner_budgets_are_respected():
    planner = Planner(solve_nodes=10, explore_nodes=10, samples=2, sample_nodes=10)
    advice = planner.hint(Position.deal(913))
    assert advice.action


def run(job):
    while True:
        try:
            next(job)
        except StopIteration as stop:
            return stop.value


def test_redeal_targets_include_holding_back_a_king():
    # The KC lies under the 5D: the clubs can go home up to the queen while it is covered.
    p = layout("4C 3C 2C AC\nKC 5D\nQC JC TC 9C 8C 7C 6C 5C", home="4D KH KS", redeals=1)
    targets = run(Planner()._redeal_targets(p, BIG))
    assert {found[0] for found in targets} == {12, 13}
    for found, line in targets.items():
        after = p
        for card in line:
            after = apply_move(after, card)[0]
        assert after.foundations == found


def test_lookahead_rates_first_deal_choices_with_sampled_second_deals():
    from game.engine.lucie import ai

    ai._SECOND_DEAL_CHANCES.clear()
    game = LucieGame.new(453233942)  # a first deal with several states to redeal from
    planner = Planner(lookahead=2)
    advice = planner.hint(game.position)
    assert advice.action in game.legal_actions()
    assert ai._SECOND_DEAL_CHANCES


def test_greedy_baseline_only_redeals_from_the_most_cards_home():
    p = layout("4C 3C 2C AC\nKC 5D\nQC JC TC 9C 8C 7C 6C 5C", home="4D KH KS", redeals=1)
    targets = run(Planner(greedy=True)._redeal_targets(p, BIG))
    assert set(targets) == {(13, 5, 13, 13)}


def run_job(job):
    while True:
        try:
            next(job)
        except StopIteration as done:
            return done.value


def test_a_last_deal_where_no_line_sends_a_card_home_is_stuck():
    from game.engine.lucie.ai import gain_job
    from tests.engine.lucie.lucie_layouts import layout

    # 4S may go onto 5S and back never: moves are left, but none sends a card home.
    stuck = layout("7D 4S\n9D 5S", redeals=0)
    assert stuck.legal_moves(), "a move is left, but it gains nothing"
    assert run_job(gain_job(stuck)) is False
    gaining = layout("AD 4S\n9D 5S", redeals=0)  # 4S onto 5S frees the ace
    assert run_job(gain_job(gaining)) is True
    assert run_job(gain_job(layout("7D 4S\n9D 5S", redeals=1))) is True, (
        "a shuffle is still to come"
    )
