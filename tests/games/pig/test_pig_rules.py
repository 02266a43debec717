"""Pig's rules, as every game's engine is tested: each rule sentence, and an invariant."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.pig.engine import HOLD, ROLL, PigState
from tests.scripted_dice import ScriptedDice as Dice


def test_a_roll_adds_to_the_turn_and_a_one_loses_it_and_passes_the_die():
    state = PigState(["Ann", "Bob"])
    state.apply(ROLL, Dice([5]))
    state.apply(ROLL, Dice([4]))
    assert (state.turn, state.current) == (9, 0)
    state.apply(ROLL, Dice([1]))
    assert (state.turn, state.current, state.scores) == (0, 1, [0, 0])


def test_holding_banks_the_turn_and_the_target_wins_at_once():
    state = PigState(["Ann", "Bob"], [95, 0], turn=6)
    assert state.legal_actions() == [ROLL, HOLD]
    state.apply(HOLD, Dice([]))
    assert state.winner == 0 and state.legal_actions() == []
    with pytest.raises(ValueError):
        state.apply(ROLL, Dice([3]))


@given(st.lists(st.sampled_from([ROLL, HOLD]), max_size=200), st.integers(0, 10_000))
def test_scores_never_fall_and_json_round_trips(actions, seed):
    state, rng = PigState(["Ann", "Bob", "Cy"]), random.Random(seed)
    for action in actions:
        if action in state.legal_actions():
            before = list(state.scores)
            state.apply(action, rng)
            assert all(b <= a for b, a in zip(before, state.scores))
    assert PigState.from_json(state.to_json()) == state
