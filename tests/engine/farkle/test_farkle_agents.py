"""The computer players: levels, legal and explained choices, and the Expert's play in the
final round and near the end; plus the tournament command on a handful of games."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest
from helpers_farkle import indices_of, position

from game.engine.farkle import (
    BANK,
    CAUTIOUS,
    EXPERT,
    LEVELS,
    ROLL,
    ROLL_ALL,
    STANDARD,
    FarkleAction,
    FarkleOptions,
    describe_policy,
    make_agent,
)
from game.engine.farkle.ai import ExpertAgent
from game.engine.farkle.solver import reach_chance
from game.engine.farkle.tournament import main as tournament_main
from game.engine.farkle.tournament import play_game


def decide(agent, state, seat=None):
    seat = state.current if seat is None else seat
    return agent.decide(state.observation(seat), state.legal_actions())


def test_levels_are_listed_and_made_by_name():
    assert LEVELS == (CAUTIOUS, STANDARD, EXPERT)
    for level in LEVELS:
        agent = make_agent(level, random.Random(1))
        assert agent.level == level
    with pytest.raises(ValueError):
        make_agent("grandmaster", random.Random(1))
    # Given the table's options, the Expert builds its tables up front.
    assert make_agent(EXPERT, random.Random(1), FarkleOptions(target=5000)).level == EXPERT


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_rolls_six_to_start_and_explains_itself(level):
    state = position((), scores=(0, 0))
    state.phase = "start"
    decision = decide(make_agent(level), state)
    assert decision.action == ROLL_ALL and decision.reason
    agent = make_agent(level)
    assert agent.choose(state.observation(0), state.legal_actions()) == ROLL_ALL
    assert agent.last_reason


def test_cautious_holds_everything_that_scores_and_banks_as_soon_as_allowed():
    agent = make_agent(CAUTIOUS)
    state = position((1, 4, 2, 4, 4, 5))
    decision = decide(agent, state)
    assert decision.action == FarkleAction(BANK, indices_of(state.roll, [1, 4, 4, 4, 5]))
    state = position((1, 5, 2, 3, 3, 6))
    decision = decide(agent, state)
    assert decision.action == FarkleAction(ROLL, (0, 1))  # 150: may not bank yet
    assert "500" in str(decision.reason)


def test_standard_throws_back_single_fives_and_keeps_ones():
    agent = make_agent(STANDARD)
    state = position((1, 5, 2, 3, 3, 6))
    assert decide(agent, state).action == FarkleAction(ROLL, (0,))
    state = position((5, 5, 2, 3, 3, 6))
    assert decide(agent, state).action == FarkleAction(ROLL, (0,))
    state = position((5, 5, 5, 5, 3, 6), turn_points=0, min_bank=1000)
    assert decide(agent, state).action == FarkleAction(ROLL, (0, 1, 2))  # 5s of a triple


def test_standard_banks_at_a_threshold_by_dice_left():
    agent = make_agent(STANDARD)
    assert decide(agent, position((1, 2, 3), turn_points=400)).action.kind == BANK
    assert decide(agent, position((1, 2, 3, 3, 4, 6), turn_points=400)).action.kind == ROLL


def test_expert_plays_its_exact_policy():
    agent = make_agent(EXPERT)
    state = position((1, 4, 2, 4, 4, 5))
    decision = decide(agent, state)
    assert decision.action == FarkleAction(BANK, indices_of(state.roll, [1, 4, 4, 4, 5]))
    assert decision.held_dice == (1, 4, 4, 4, 5) and "banks 550" in str(decision.reason)
    decision = decide(agent, position((5, 5, 2, 3, 4, 6)))
    assert decision.action == FarkleAction(ROLL, (0,)) and "rolls the other five" in str(
        decision.reason
    )


def test_expert_in_the_last_final_turn_maximises_the_chance_to_beat_the_leader():
    # Leader at 10000 (went out); our 9800 needs 201 more, i.e. 250 with min bank 0.
    state = position((1, 5, 2, 3, 3, 6), turn_points=0, scores=(10000, 9800), current=1, min_bank=0)
    state.final_round = True
    assert state.bank_need() == 201
    decision = decide(make_agent(EXPERT), state)
    keep_one = reach_chance(150, 5)  # hold the 1 and roll five dice for 150 more
    keep_both = reach_chance(100, 4)  # hold 1 and 5 and roll four for 100 more
    best = (0,) if keep_one >= keep_both else (0, 1)
    assert decision.action == FarkleAction(ROLL, best)
    assert "final round" in str(decision.reason)


def test_expert_banks_in_the_final_round_once_the_leader_is_beaten():
    state = position((1, 5, 2, 3, 3, 6), turn_points=400, scores=(10000, 9800), current=1)
    state.final_round = True
    decision = decide(make_agent(EXPERT), state)
    assert decision.action.kind == BANK and decision.action.held in ((0,), (0, 1))
    assert "beats the leader" in str(decision.reason)


def test_expert_with_rivals_still_to_play_banks_with_a_margin():
    # Three seats: seat 1 went out with 10000; seat 2 plays, seat 0 still to come at 9900.
    state = position((1, 2, 3, 3, 4, 6), turn_points=1000, scores=(9900, 10000, 9000), current=2)
    state.final_round = True
    state.final_pending = [0]
    decision = decide(make_agent(EXPERT), state)
    # Banking 10100 would leave seat 0 needing only 201 (500 with the minimum): roll on.
    assert decision.action == FarkleAction(ROLL, (0,))
    assert decision.action in state.legal_actions()


def test_expert_near_the_end_takes_more_risk_when_behind():
    state = position((1, 2, 3, 3, 4), turn_points=1000, scores=(8000, 9800))
    expert = decide(make_agent(EXPERT), state)
    points_only = decide(ExpertAgent(context=False), state)
    assert points_only.action.kind == BANK
    assert expert.action == FarkleAction(ROLL, (0,)) and "near the end" in str(expert.reason)


def test_the_expert_thinks_in_slices_and_decides_as_decide_does():
    """A win-chance table is tens of milliseconds of work: think() builds it a slice at a
    time (many steps, each a handful of turn totals) and reaches decide()'s decision."""
    near_end = position((1, 2, 3, 3, 4), turn_points=1000, scores=(8000, 9800))
    final = position((1, 2, 3, 3, 4, 6), turn_points=1000, scores=(9900, 10000, 9000), current=2)
    final.final_round, final.final_pending = True, [0]
    for state in (near_end, final):
        observation, legal = state.observation(state.current), state.legal_actions()
        thinking = make_agent(EXPERT).think(observation, legal)
        slices = 1
        while not thinking.step():
            slices += 1
        assert slices > 10
        assert thinking.result == make_agent(EXPERT).decide(observation, legal)


def test_the_expert_thinks_at_once_when_no_table_is_needed():
    mid_game = position((1, 2, 3, 3, 4), turn_points=300, scores=(1000, 1500))
    agent = make_agent(EXPERT)
    thinking = agent.think(mid_game.observation(0), mid_game.legal_actions())
    assert thinking.step() and thinking.result == agent.decide(
        mid_game.observation(0), mid_game.legal_actions()
    )
    # A second question in the same turn reuses the table built for the first.
    near_end = position((1, 2, 3, 3, 4), turn_points=1000, scores=(8000, 9800))
    agent.think(near_end.observation(0), near_end.legal_actions()).finish()
    near_end.roll = (1, 5, 2, 3, 4)
    again = agent.think(near_end.observation(0), near_end.legal_actions())
    assert again.step()


def test_plain_points_expert_never_banks_when_the_final_round_forbids_it():
    state = position((1, 2, 3), turn_points=400, scores=(10000, 9000), current=1)
    state.final_round = True
    decision = decide(ExpertAgent(context=False), state)
    assert decision.action == FarkleAction(ROLL, (0,))


def test_the_policy_can_be_described_for_help_text():
    assert describe_policy(0) == {1: 300, 2: 250, 3: 400, 4: 1000, 5: 2900, 6: 11200}
    assert describe_policy(500)[1] == 500


# ------------------------------------------------------------------ the tournament command


def test_a_game_replays_exactly_from_its_seed():
    first = play_game(("expert", "standard"), 0, "replay")
    again = play_game(("expert", "standard"), 0, "replay")
    assert first == again and first.winners


@pytest.mark.slow
def test_the_tournament_prints_win_rates_as_json():
    out = io.StringIO()
    with redirect_stdout(out):
        assert (
            tournament_main(
                [
                    "--games",
                    "4",
                    "--seed",
                    "3",
                    "--target",
                    "5000",
                    "--matchups",
                    "expert:cautious,standard:expert-points",
                ]
            )
            == 0
        )
    summary = json.loads(out.getvalue())
    assert [m["a"] for m in summary["matchups"]] == ["expert", "standard"]
    for matchup in summary["matchups"]:
        assert matchup["games"] == 4
        low, high = matchup["a_win_rate_ci95"]
        assert low <= matchup["a_win_rate"] <= high
        assert set(matchup["mean_turn_score"]) == {matchup["a"], matchup["b"]}


def test_reasons_are_said_as_a_person_at_the_table_would():
    from game.engine.farkle.ai import chance_words, dice_words, rolling_words

    assert dice_words((5,)) == "a 5"
    assert dice_words((4, 1, 4, 4)) == "three 4s and a 1"
    assert dice_words((1, 5, 1)) == "two 1s and a 5"
    assert dice_words((6, 5, 4, 3, 2, 1)) == "the straight"
    assert rolling_words(1, False) == "rolls the last die"
    assert rolling_words(3, False) == "rolls the other three"
    assert rolling_words(6, True) == "rolls all six again"
    assert (chance_words(0.82), chance_words(0.07)) == ("an 82% chance", "a 7% chance")


@pytest.mark.parametrize("level", LEVELS)
def test_no_reason_reads_like_debug_output(level):
    import re

    from game.engine.farkle import ROLLED, FarkleState, Seat

    rng = random.Random(level)
    for _ in range(150):
        state = FarkleState.new([Seat("computer", level, "A"), Seat("computer", "standard", "B")])
        state.scores = [rng.choice([0, 3000, 8000, 9600]), rng.choice([0, 5000, 9000])]
        state.apply(ROLL_ALL, rng)
        if state.phase != ROLLED:
            continue
        reason = (
            make_agent(level, random.Random(1))
            .decide(state.observation(state.current), state.legal_actions())
            .reason
        )
        reason = str(reason)
        assert "holds" not in reason and " 1 dice" not in reason, reason
        assert not re.search(r"\d{4}", reason), f"thousands have their separator: {reason}"
        assert not re.search(r"\b(wins|worth) \d", reason), reason


def test_a_chance_that_only_rounds_to_0_or_100_percent_is_said_as_a_person_would():
    from game.engine.farkle.ai import chance_words

    assert [chance_words(c) for c in (0.0, 0.004, 0.01, 0.99, 0.996, 1.0)] == [
        "almost no chance",
        "almost no chance",
        "a 1% chance",
        "a 99% chance",
        "all but certain",
        "all but certain",
    ]
    expert = make_agent(EXPERT, random.Random(1))
    leading = decide(expert, position((1, 1, 1, 2, 3, 4), scores=(9600, 0)))
    assert str(leading.reason).endswith("near the end: all but certain to win"), leading.reason
    trailing = decide(expert, position((5, 2, 3, 4, 6, 6), scores=(0, 9900)))
    assert str(trailing.reason).endswith("near the end: almost no chance to win"), trailing.reason
