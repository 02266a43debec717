"""Winnable deals only (game.engine.lucie.winnable): every deal dealt is won by its
proof's line played through the engine, the same seed deals the same hands, and a
candidate the search cannot prove is skipped and counted."""

from __future__ import annotations

import random

import pytest

from game.engine.core import Thinking
from game.engine.lucie.ai import REDEAL
from game.engine.lucie.winnable import (
    DIFFICULTIES,
    EASY,
    FALLBACK_DEALS,
    HARD,
    MEDIUM,
    check_line,
    deal_job,
    difficulty_of,
    prove,
    prove_outcome,
)

DEALT = 50  # the test: 50 deals dealt under the mode, every one won


def dealt_hands(seed: int, count: int):
    rng = random.Random(seed)
    return [Thinking(deal_job(rng)).finish() for _ in range(count)]


def test_fifty_winnable_deals_are_each_won_by_replaying_their_proof():
    """The cheap proof path: the solver's line, shuffles and draw included, played by the
    engine as a player would play it, ends with all 52 cards home."""
    hands = dealt_hands(35, DEALT)
    assert len(hands) == DEALT
    for dealt in hands:
        proof = dealt.proof
        assert check_line(proof.deal, proof.line), proof.deal
        assert 0 < proof.share <= 1
        assert proof.difficulty in DIFFICULTIES
        assert proof.deal not in dealt.skipped
    # A mix of levels, and of proofs that need shuffles: not all of one kind.
    assert len({dealt.proof.difficulty for dealt in hands}) == len(DIFFICULTIES)
    assert any(REDEAL in dealt.proof.line for dealt in hands)


def test_the_same_seed_deals_the_same_hands():
    first = [(d.proof.deal, d.proof.share, d.skipped) for d in dealt_hands(7, 5)]
    again = [(d.proof.deal, d.proof.share, d.skipped) for d in dealt_hands(7, 5)]
    assert first == again


@pytest.mark.parametrize("deal", FALLBACK_DEALS)
def test_every_fallback_deal_is_proved(deal):
    proof = prove(deal)
    assert proof is not None and check_line(deal, proof.line)


def test_a_deal_with_no_win_found_is_skipped_and_counted():
    # Deal 4's searched tree holds no win: not dealt, and not for lack of budget.
    proof, over_budget, nodes = Thinking(prove_outcome(4)).finish()
    assert proof is None and not over_budget and nodes > 0
    rng = random.Random()
    rng.randint = lambda a, b: 4  # type: ignore[method-assign]  # every candidate is deal 4
    dealt = Thinking(deal_job(rng)).finish()
    assert dealt.proof.deal == FALLBACK_DEALS[0]
    assert dealt.skipped[:3] == [4, 4, 4] and dealt.over_budget == 0


def test_a_candidate_past_the_budget_is_skipped():
    proof, over_budget, _ = Thinking(prove_outcome(1, budget=10)).finish()
    assert proof is None and over_budget


def test_a_wrong_line_does_not_check():
    proof = prove(1)
    assert proof is not None
    assert not check_line(1, proof.line[:-1])  # one card short of the win
    assert not check_line(2, proof.line)  # another deal
    assert not check_line(1, ["ZZ"] + proof.line)  # not a card


def test_levels_by_share():
    assert difficulty_of(1.0) == difficulty_of(0.5) == EASY
    assert difficulty_of(0.49) == difficulty_of(0.2) == MEDIUM
    assert difficulty_of(0.19) == difficulty_of(0.01) == HARD


def test_the_bench_reports_winnable_deals():
    from game.engine.lucie.bench import winnable_report

    report = winnable_report(3, seed=1, expert=True)
    assert report["winnable_deals"] == 3 and report["lines_replayed_to_a_win"] == 3
    assert sum(report["difficulty"].values()) == 3
    assert sum(level["hands"] for level in report["expert_wins_by_difficulty"].values()) == 3
    assert report["candidates"] == 3 + report["skipped"]
