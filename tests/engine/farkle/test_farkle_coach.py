"""The Farkle coach: judgements against the Expert's own values (issue 17).

Where the figures come from, case by case: the points costs are read from the solver's
table directly (solver.points_table) but for a turn total past the table's cap, whose
value of rolling on is enumerated here over every face of every die; the final round's
exact chances are computed here from farkle chances enumerated the same way; the
near-the-end estimates are read from the Expert's win-chance table.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from helpers_farkle import brute_score, position
from hypothesis import example as hyp_example
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.farkle import coach
from game.engine.farkle.ai import ExpertAgent, make_agent
from game.engine.farkle.rules import (
    BANK,
    COMPUTER,
    ROLL,
    ROLL_ALL,
    FarkleAction,
    FarkleOptions,
    FarkleState,
    Seat,
)
from game.engine.farkle.solver import points_table

STEP = 50


def judge_all(state: FarkleState) -> dict[FarkleAction, object]:
    return {action: coach.judge(state, action) for action in state.legal_actions()}


def scores(dice) -> bool:
    """Whether some die of this roll can be held: a 1, a 5 or three of a kind."""
    counts = Counter(dice)
    return bool(counts[1] or counts[5] or max(counts.values()) >= 3)


def farkle_chance(n: int) -> float:
    """Chance that n dice score nothing, every roll enumerated."""
    rolls = list(itertools.product(range(1, 7), repeat=n))
    return sum(not scores(r) for r in rolls) / len(rolls)


def six_dice_rolls():
    """Every roll of six dice as (sorted faces, probability): each multiset once."""
    for faces in itertools.combinations_with_replacement(range(1, 7), 6):
        ways = math.factorial(6)
        for count in Counter(faces).values():
            ways //= math.factorial(count)
        yield faces, ways / 6**6


def best_hold_score(dice) -> int:
    """The most points some of these dice score when held (-1: a farkle)."""
    return max(
        (
            brute_score(tuple(sorted(dice[i] for i in keep)))
            for size in range(1, len(dice) + 1)
            for keep in itertools.combinations(range(len(dice)), size)
        ),
        default=-1,
    )


def final_round(state: FarkleState, trigger: int, pending=()) -> FarkleState:
    state.final_round, state.final_trigger, state.final_pending = True, trigger, list(pending)
    return state


# ------------------------------------------------------------------ costs per decision kind


def test_which_dice_to_hold_costs_the_expected_points_of_the_turn_optimum():
    # Nothing banked yet: hold the 1, the 5 or both, and roll on (500 needed to bank).
    state = position((1, 5, 2, 2, 3, 4))
    table = points_table(500)
    judged = judge_all(state)
    exact = {
        (0,): table.roll[5][100 // STEP],
        (1,): table.roll[5][50 // STEP],
        (0, 1): table.roll[4][150 // STEP],
    }
    assert {a.held for a in judged} == set(exact) and {a.kind for a in judged} == {ROLL}
    top = max(exact.values())
    for action, judgement in judged.items():
        assert judgement.value == pytest.approx(exact[action.held], abs=1e-9)
        assert judgement.cost == pytest.approx(top - exact[action.held], abs=1e-9)
        assert judgement.unit == "points" and judgement.exact
    assert judged[FarkleAction(ROLL, (0,))].cost == 0  # keep the 1, roll five
    assert judged[FarkleAction(ROLL, (0, 1))].best == FarkleAction(ROLL, (0,))
    assert judged[FarkleAction(ROLL, (0, 1))].cost > 50


def test_bank_or_roll_on_costs_the_expected_points_of_the_turn_optimum():
    table = points_table(500)
    # 1,500 in hand and a 1 among three dice: banking 1,600 beats rolling the last two.
    state = position((1, 2, 3), turn_points=1500)
    bank, roll = (coach.judge(state, FarkleAction(kind, (0,))) for kind in (BANK, ROLL))
    assert bank.value == 1600 and bank.cost == 0
    assert roll.value == pytest.approx(table.roll[2][1600 // STEP], abs=1e-9)
    assert roll.cost == pytest.approx(1600 - table.roll[2][1600 // STEP], abs=1e-9)
    assert roll.best == FarkleAction(BANK, (0,)) and roll.cost > 0
    # 600 in hand and five dice to roll after the 1: rolling on is worth more than 700.
    state = position((1, 5, 2, 2, 3, 4), turn_points=600)
    bank = coach.judge(state, FarkleAction(BANK, (0,)))
    assert bank.value == 700
    assert bank.best_value == pytest.approx(table.roll[5][700 // STEP], abs=1e-9)
    assert bank.best == FarkleAction(ROLL, (0,))


def test_rolling_on_past_the_tables_cap_is_valued_exactly():
    # Past the cap banking is best whatever the dice; rolling on is worth one roll and
    # the best bank after it: enumerated here over all 216 rolls of three dice.
    table = points_table(500)
    turn_points = table.cap * STEP + 300
    state = position((1, 5, 2, 3), turn_points=turn_points)
    held_total = turn_points + 100
    rolls = list(itertools.product(range(1, 7), repeat=3))
    expected = 0.0
    for dice in rolls:
        best = best_hold_score(dice)
        expected += held_total + best if best > 0 else 0
    expected /= len(rolls)
    judgement = coach.judge(state, FarkleAction(ROLL, (0,)))
    assert judgement.value == pytest.approx(expected, abs=1e-6)
    assert judgement.best == FarkleAction(BANK, (0, 1))
    assert judgement.cost == pytest.approx(turn_points + 150 - expected, abs=1e-6)


def test_hot_dice_rolling_all_six_again_costs_what_the_solver_says():
    # 1, two 5s and three 3s: all six score (500), so holding them all rolls six again.
    hot = (1, 5, 5, 3, 3, 3)
    every_die = tuple(range(6))
    # Nothing banked before: rolling six again from 500 is the turn optimum's value of
    # six dice at 500 (not of none left), and every other choice costs the difference.
    table = points_table(500)
    judged = judge_all(position(hot))
    again = table.roll[6][500 // STEP]

    def worth(action: FarkleAction) -> float:
        held = brute_score(tuple(sorted(hot[i] for i in action.held)))
        if action.kind == BANK:
            return float(held)
        return table.roll[len(hot) - len(action.held) or 6][held // STEP]

    exact = {action: worth(action) for action in judged}
    assert exact[FarkleAction(ROLL, every_die)] == max(exact.values()) == again > 500
    for action, judgement in judged.items():
        assert judgement.unit == "points" and judgement.exact
        assert judgement.value == pytest.approx(exact[action], abs=1e-9)
        assert judgement.cost == pytest.approx(again - exact[action], abs=1e-9)
    assert judged[FarkleAction(ROLL, every_die)].cost == 0
    assert judged[FarkleAction(BANK, every_die)].best == FarkleAction(ROLL, every_die)
    # Past the table's cap banking is best, and rolling all six again is worth one roll
    # of six dice and the best bank after it: every roll of six enumerated here.
    turn_points = table.cap * STEP + 300
    held_total = turn_points + 500
    expected = 0.0
    for dice, chance in six_dice_rolls():
        best = best_hold_score(dice)
        expected += chance * (held_total + best if best > 0 else 0)
    state = position(hot, turn_points=turn_points)
    judgement = coach.judge(state, FarkleAction(ROLL, every_die))
    assert judgement.value == pytest.approx(expected, abs=1e-6)
    assert judgement.best == FarkleAction(BANK, every_die) and judgement.best_value == held_total
    assert judgement.cost == pytest.approx(held_total - expected, abs=1e-6) and judgement.cost > 0
    assert "rolling all six again" in judgement.why


def test_the_last_seat_of_the_final_round_is_judged_in_exact_win_chance():
    # 10,000 to beat from 9,000: 1,001 needed; 950 in hand. Keep a 5 and roll five (any
    # score then wins), or keep both 5s and bank 1,050 (a win), or roll four on.
    state = final_round(
        position((5, 5, 2, 3, 4, 6), turn_points=950, scores=(9000, 10000)), trigger=1
    )
    judged = judge_all(state)
    assert {a: j.unit for a, j in judged.items()} == dict.fromkeys(judged, "win chance")
    assert all(j.exact for j in judged.values())
    bank = judged[FarkleAction(BANK, (0, 1))]
    assert bank.value == 1.0 and bank.cost == 0 and "beats the leader" in bank.why
    one_five = judged[FarkleAction(ROLL, (0,))]
    assert one_five.value == pytest.approx(1 - farkle_chance(5), abs=1e-12)
    assert one_five.cost == pytest.approx(farkle_chance(5), abs=1e-12)
    roll_on = judged[FarkleAction(ROLL, (0, 1))]
    assert roll_on.value == pytest.approx(1 - farkle_chance(4), abs=1e-12)
    assert roll_on.cost == pytest.approx(farkle_chance(4), abs=1e-12)


def test_near_the_end_costs_are_the_experts_win_chance_estimates():
    state = position((1, 2, 3, 3, 4), turn_points=1000, scores=(8000, 9800))
    values = ExpertAgent().turn_values(state.observation(0))
    assert values.mode == "win"
    judged = judge_all(state)
    exact = {
        FarkleAction(ROLL, (0,)): values.roll_value(1100 // STEP, 4),
        FarkleAction(BANK, (0,)): values.bank_value(1100 // STEP),
    }
    assert set(judged) == set(exact)
    top = max(exact.values())
    for action, judgement in judged.items():
        assert judgement.unit == "win chance" and not judgement.exact
        assert judgement.spread == 0.0
        assert judgement.value == pytest.approx(exact[action], abs=1e-12)
        assert judgement.cost == pytest.approx(top - exact[action], abs=1e-12)
    assert judged[FarkleAction(ROLL, (0,))].cost == 0
    assert "near the end" in judged[FarkleAction(BANK, (0,))].why


def test_rivals_still_to_play_make_the_final_round_an_estimate():
    state = final_round(
        position((1, 2, 3, 3, 4, 6), turn_points=1000, scores=(9900, 10000, 9000), current=2),
        1,
        [0],
    )
    judged = judge_all(state)
    assert all(j.unit == "win chance" and not j.exact for j in judged.values())
    assert judged[FarkleAction(ROLL, (0,))].cost == 0


# ------------------------------------------------------------------ words and None


def test_why_names_the_best_and_the_move_with_their_figures():
    state = position((1, 2, 3), turn_points=1500)
    roll = coach.judge(state, FarkleAction(ROLL, (0,)))
    assert roll.why == (
        f"Keep a 1 and bank 1,600: rolling the other two would average {roll.value:,.0f}"
    )
    state = position((1, 5, 2, 2, 3, 4), turn_points=600)
    bank = coach.judge(state, FarkleAction(BANK, (0, 1)))
    assert bank.why == (
        f"Keep a 1 and roll the other five: that averages "
        f"{bank.best_value:,.0f} points this turn, where keeping a 1 + a 5 "
        "and banking gets 750"
    )
    assert coach.hint(state).why.startswith("Keep a 1 and roll the other five: that averages")


def test_nothing_to_decide_gives_none():
    start = FarkleState.new(["human", "human"])
    assert coach.judge(start, ROLL_ALL) is None and coach.hint(start) is None
    only_the_five = position((5, 2, 3))  # hold the 5 and roll: no bank yet
    assert only_the_five.legal_actions() == [FarkleAction(ROLL, (0,))]
    assert coach.judge(only_the_five, FarkleAction(ROLL, (0,))) is None
    assert coach.hint(only_the_five) is None
    # Refused banks change nothing: not decisions either. A hold that cannot be, raises.
    assert coach.judge(only_the_five, FarkleAction(BANK, (0,))) is None
    assert coach.judge(only_the_five, FarkleAction(BANK, ())) is None
    with pytest.raises(ValueError):
        coach.judge(only_the_five, FarkleAction(ROLL, (1,)))
    # Two 1s: holding either is the same choice, the held order does not matter.
    two_ones = position((1, 2, 1, 3))
    first, second = (coach.judge(two_ones, FarkleAction(ROLL, (i,))) for i in (0, 2))
    assert first.value == second.value and first.cost == second.cost > 0
    assert second.action == FarkleAction(ROLL, (2,))
    both = coach.judge(two_ones, ["roll", [2, 0]])  # as a list, in any order
    assert both.action == both.best == FarkleAction(ROLL, (0, 2)) and both.cost == 0


def test_judge_thinking_gives_judge_in_slices():
    state = position((1, 2, 3, 3, 4), turn_points=1000, scores=(8200, 9750))
    coach._EXPERT._win_key = None
    thinking = coach.judge_thinking(state, FarkleAction(BANK, (0,)))
    slices = 1
    while not thinking.step():
        slices += 1
    assert slices > 5
    assert thinking.result == coach.judge(state, FarkleAction(BANK, (0,)))
    nothing = coach.judge_thinking(FarkleState.new(["human"]), ROLL_ALL)
    assert nothing.step() and nothing.result is None


# ------------------------------------------------------------------ over many positions


def distinct_choices(state: FarkleState) -> set:
    return {(a.kind, tuple(sorted(state.roll[i] for i in a.held))) for a in state.legal_actions()}


def check_position(state: FarkleState, expert: ExpertAgent) -> None:
    legal = state.legal_actions()
    decision = len(distinct_choices(state)) >= 2
    best = coach.hint(state)
    assert (best is not None) == decision
    if best is None:
        assert all(coach.judge(state, a) is None for a in legal)
        return
    assert best.cost == 0 and best.action == best.best
    # The Expert's own move is always the best.
    chosen = expert.decide(state.observation(state.current), legal).action
    assert coach.judge(state, chosen).cost == 0
    for action in legal:
        judgement = coach.judge(state, action)
        assert judgement is not None and judgement.action == action
        assert judgement.cost >= 0 and judgement.value <= judgement.best_value
        assert judgement.best_value == best.best_value and judgement.unit == best.unit
        assert judgement.best in legal
        assert (judgement.cost == 0) == (judgement.best == action)


positions = st.tuples(
    st.integers(0, 2**32 - 1),
    st.integers(2, 3),
    st.sampled_from(
        [
            FarkleOptions(),
            FarkleOptions(5000, 300),
            FarkleOptions(10000, 0),
            FarkleOptions(10000, 1000, "until_on_board"),
        ]
    ),
    st.sampled_from([0.0, 0.6, 0.9, 0.97]),
)


@settings(max_examples=30)
@given(positions)
# Near the end a chance of winning may be higher with fewer points held (a 5 rolled on
# rather than a 1 banked): the Expert weighs every hold, so its move is the best.
@hyp_example((575, 3, FarkleOptions(10000, 0), 0.97))
def test_every_judgement_is_sound(example):
    seed, seats, options, start = example
    rng = random.Random(seed)
    state = FarkleState.new(["human"] * seats, options)
    # Early, near the end and at the final round: scores from a share of the target.
    state.scores = [int(options.target * start * rng.random()) // STEP * STEP for _ in range(seats)]
    expert = ExpertAgent()
    for _ in range(40):
        if state.is_over:
            break
        if state.phase == "rolled":
            check_position(state, expert)
        state.apply(rng.choice(state.legal_actions()), rng)


# ------------------------------------------------------------------ accuracy


def judged_game(levels, seed: int) -> list[list]:
    state = FarkleState.new([Seat(COMPUTER, level) for level in levels], first=seed % 2)
    dice = random.Random(f"coach:{seed}")
    agents = [make_agent(level, random.Random(seed + i)) for i, level in enumerate(levels)]
    judged: list[list] = [[] for _ in levels]
    while not state.is_over:
        seat = state.current
        action = agents[seat].choose(state.observation(seat), state.legal_actions())
        judged[seat].append(coach.judge(state, action))
        state.apply(action, dice)
    return judged


def test_expert_play_scores_100_and_weaker_levels_less():
    standard: list = []
    cautious: list = []
    for seed in (1, 2):
        experts = judged_game(("expert", "expert"), seed)
        assert [coach.game_accuracy(seat) for seat in experts] == [100, 100]
        units = {j.unit for seat in experts for j in seat if j is not None}
        assert "points" in units
        standard += judged_game(("standard", "expert"), seed)[0]
        cautious += judged_game(("cautious", "expert"), seed)[0]
    assert coach.game_accuracy(cautious) < coach.game_accuracy(standard) < 100
    assert coach.game_accuracy([None]) is None


def test_win_chance_costs_count_in_points_at_the_stated_rate():
    state = position((1, 2, 3, 3, 4), turn_points=1000, scores=(8000, 9800))
    judgement = coach.judge(state, FarkleAction(BANK, (0,)))
    assert judgement.cost > 0
    assert coach.accuracy_cost(judgement) == pytest.approx(
        judgement.cost * coach.HALF_ACCURACY_AT / coach.HALF_ACCURACY_AT_WIN
    )
    points = coach.judge(position((1, 2, 3), turn_points=1500), FarkleAction(ROLL, (0,)))
    assert coach.accuracy_cost(points) == points.cost
    assert coach.game_accuracy([points]) == coach.accuracy([points.cost], coach.HALF_ACCURACY_AT)
