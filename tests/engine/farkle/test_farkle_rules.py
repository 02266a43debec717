"""One test per rule sentence of the seed and issue 6 (scoring rows: test_farkle_scoring)."""

from __future__ import annotations

import json
import random

import pytest
from helpers_farkle import ScriptedDice, game, indices_of, kinds, position

from game.engine.farkle import (
    BANK,
    BELOW_MINIMUM,
    MUST_BEAT_LEADER,
    NOTHING_HELD,
    OVER,
    ROLL,
    ROLL_ALL,
    ROLLED,
    START,
    FarkleAction,
    FarkleOptions,
    FarkleState,
    IllegalAction,
    Seat,
)
from game.engine.farkle.rules import COMPUTER, HUMAN, NONE
from game.engine.saved import InvalidState


def roll_action(roll, faces):
    return FarkleAction(ROLL, indices_of(roll, faces))


def bank_action(roll, faces):
    return FarkleAction(BANK, indices_of(roll, faces))


# ------------------------------------------------------------------ a turn


def test_a_turn_starts_by_rolling_all_six_dice():
    state = game()
    assert state.phase == START and state.legal_actions() == [ROLL_ALL]
    events = state.apply(ROLL_ALL, ScriptedDice([1, 2, 3, 4, 6, 6]))
    assert kinds(events) == ["roll"]
    assert state.roll == (1, 2, 3, 4, 6, 6) and state.phase == ROLLED


def test_turns_are_counted_and_six_dice_wait_between_them():
    state = game()
    assert state.turn_number == 1 and state.dice_left == 6
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))  # a farkle: seat 1's turn
    state.apply(ROLL_ALL, ScriptedDice([1, 2, 3, 4, 6, 6]))
    assert state.turn_number == 2 and state.dice_left == 6
    state.apply(roll_action(state.roll, [1]), ScriptedDice([5, 2, 3, 4, 6]))
    assert state.dice_left == 5 and state.turn_points == 100
    state.apply(roll_action(state.roll, [5]), ScriptedDice([2, 3, 4, 6]))  # a farkle
    assert state.turn_number == 3 and state.turn_points == 0 and state.dice_left == 6


def test_a_turn_cannot_start_with_anything_but_rolling_six():
    state = game()
    with pytest.raises(IllegalAction):
        state.apply(FarkleAction(BANK, ()), random.Random(1))
    with pytest.raises(IllegalAction):
        state.apply(FarkleAction(ROLL, (0,)), random.Random(1))


def test_scoring_dice_are_held_and_the_rest_rolled_again():
    state = position((1, 2, 3, 4, 6, 6))
    events = state.apply(roll_action(state.roll, [1]), ScriptedDice([5, 2, 3, 4, 6]))
    assert kinds(events) == ["hold", "roll"]
    assert events[0].data["points"] == 100 and events[0].data["dice"] == (1,)
    assert state.turn_points == 100 and state.roll == (5, 2, 3, 4, 6)
    assert state.set_aside == (1,)


def test_one_or_more_dice_must_be_held_to_roll_again():
    state = position((1, 2, 3, 4, 6, 6))
    with pytest.raises(IllegalAction):
        state.apply(FarkleAction(ROLL, ()), random.Random(1))


def test_only_dice_that_score_may_be_held():
    state = position((1, 2, 3, 4, 6, 6))
    assert not state.is_valid_hold((0, 1))  # the 2 does not score
    assert state.holdable_indices() == {0}
    with pytest.raises(IllegalAction):
        state.apply(FarkleAction(ROLL, (0, 1)), random.Random(1))
    assert all(state.hold_points(a.held) > 0 for a in state.legal_actions())


def test_dice_of_a_triple_are_holdable_but_only_together():
    state = position((2, 2, 2, 3, 4, 6))
    assert state.holdable_indices() == {0, 1, 2}
    assert not state.is_valid_hold((0,))
    assert state.is_valid_hold((0, 1, 2))


def test_the_player_may_bank_instead_of_rolling():
    state = position((1, 1, 1, 2, 3, 4), turn_points=0)
    events = state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))
    assert kinds(events) == ["hold", "bank", "turn_start"]
    assert state.scores == [1000, 0] and state.current == 1 and state.phase == START


def test_hot_dice_all_six_held_are_all_rolled_again_and_the_total_carries():
    state = position((1, 2, 3, 4, 5, 6), turn_points=0)
    events = state.apply(FarkleAction(ROLL, tuple(range(6))), ScriptedDice([1, 5, 2, 2, 3, 4]))
    assert kinds(events) == ["hold", "hot_dice", "roll"]
    assert len(state.roll) == 6 and state.turn_points == 2000 and state.set_aside == ()


def test_hot_dice_when_all_six_become_held_over_several_rolls():
    state = position((1, 5, 2, 3, 4, 6))
    state.apply(roll_action(state.roll, [1, 5]), ScriptedDice([3, 3, 3, 1]))
    events = state.apply(FarkleAction(ROLL, (0, 1, 2, 3)), ScriptedDice([2, 3, 4, 6, 6, 1]))
    assert kinds(events) == ["hold", "hot_dice", "roll"]
    assert state.turn_points == 150 + 400 and len(state.roll) == 6


def test_six_scoring_dice_may_be_banked_and_that_is_no_hot_dice():
    """Hot dice is rolling all six again; holding all six to pass the dice is a bank."""
    state = position((1, 1, 1, 5, 5, 5), turn_points=300)
    events = state.apply(FarkleAction(BANK, tuple(range(6))), random.Random(1))
    assert kinds(events) == ["hold", "bank", "turn_start"]
    assert state.scores[0] == 2300


def test_a_roll_with_nothing_scoring_is_a_farkle_and_loses_the_turns_points():
    state = position((1, 2, 3, 4, 6, 6), turn_points=700)
    events = state.apply(roll_action(state.roll, [1]), ScriptedDice([2, 3, 4, 6, 6]))
    assert kinds(events) == ["hold", "roll", "farkle", "turn_start"]
    assert events[2].data["lost"] == 800
    assert state.scores == [0, 0] and state.turn_points == 0 and state.current == 1


def test_a_first_roll_can_farkle():
    state = game()
    events = state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))
    assert kinds(events) == ["roll", "farkle", "turn_start"]
    assert state.current == 1 and state.phase == START


def test_combinations_never_span_rolls():
    state = position((1, 1, 2, 3, 4, 6))
    state.apply(roll_action(state.roll, [1, 1]), ScriptedDice([1, 2, 3, 4]))
    events = state.apply(roll_action(state.roll, [1]), ScriptedDice([5, 2, 2]))
    assert events[0].data["points"] == 100  # not a third 1 for 1000
    assert state.turn_points == 300


def test_held_dice_score_as_their_best_split():
    state = position((1, 4, 4, 4, 5, 2))
    events = state.apply(roll_action(state.roll, [1, 4, 4, 4, 5]), ScriptedDice([5]))
    assert events[0].data["points"] == 550
    state = position((1, 1, 1, 1, 3, 2))
    events = state.apply(roll_action(state.roll, [1, 1, 1, 1]), ScriptedDice([5, 2]))
    assert events[0].data["points"] == 1100


# ------------------------------------------------------------------ banking


def test_no_bank_below_500_by_default():
    state = position((1, 5, 2, 3, 4, 6), turn_points=300)
    assert FarkleAction(BANK, indices_of(state.roll, [1, 5])) not in state.legal_actions()
    events = state.apply(bank_action(state.roll, [1, 5]), random.Random(1))
    assert kinds(events) == ["bank_refused"]
    assert events[0].data["reason"] == BELOW_MINIMUM and events[0].data["need"] == 500
    assert state.roll == (1, 5, 2, 3, 4, 6) and state.scores == [0, 0]


def test_a_bank_of_exactly_500_is_allowed():
    state = position((1, 5, 2, 3, 4, 6), turn_points=350)
    assert kinds(state.apply(bank_action(state.roll, [1, 5]), random.Random(1)))[1] == "bank"
    assert state.scores[0] == 500


@pytest.mark.parametrize("minimum", [0, 300, 500, 1000])
def test_the_minimum_bank_is_an_option(minimum):
    below = position(
        (5, 2, 3, 4, 6, 6), turn_points=minimum - 100 if minimum else 0, min_bank=minimum
    )
    at = position((5, 2, 3, 4, 6, 6), turn_points=max(minimum - 50, 0), min_bank=minimum)
    held = indices_of(below.roll, [5])
    assert (FarkleAction(BANK, held) in below.legal_actions()) == (minimum == 0)
    assert FarkleAction(BANK, held) in at.legal_actions()


def test_the_minimum_may_apply_only_until_a_player_is_on_the_board():
    off = position(
        (5, 2, 3, 4, 6, 6), turn_points=100, scores=(0, 0), min_bank_scope="until_on_board"
    )
    on = position(
        (5, 2, 3, 4, 6, 6), turn_points=100, scores=(650, 0), min_bank_scope="until_on_board"
    )
    every = position((5, 2, 3, 4, 6, 6), turn_points=100, scores=(650, 0))
    held = (0,)
    assert FarkleAction(BANK, held) not in off.legal_actions()
    assert FarkleAction(BANK, held) in on.legal_actions()
    assert FarkleAction(BANK, held) not in every.legal_actions()


def test_banking_with_nothing_newly_held_is_refused_with_a_beep():
    state = position((1, 5, 2, 3, 4, 6), turn_points=800)
    before = state.to_json()
    events = state.apply(FarkleAction(BANK, ()), random.Random(1))
    assert kinds(events) == ["bank_refused"] and events[0].data["reason"] == NOTHING_HELD
    assert state.to_json() == before
    assert FarkleAction(BANK, ()) not in state.legal_actions()


def test_bank_adds_the_turn_total_to_the_score():
    state = position((5, 2, 3, 4, 6, 6), turn_points=950, scores=(1200, 0))
    events = state.apply(FarkleAction(BANK, (0,)), random.Random(1))
    assert events[1].data == {"seat": 0, "points": 1000, "before": 1200, "score": 2200}


# ------------------------------------------------------------------ the end of the game


def test_the_game_target_is_10000_by_default_or_5000():
    assert game().options.target == 10000
    assert game(target=5000).options.target == 5000
    with pytest.raises(ValueError):
        FarkleOptions(target=7000)
    with pytest.raises(ValueError):
        FarkleOptions(min_bank=400)


def test_banking_to_the_target_starts_the_final_round():
    state = position((1, 1, 1, 2, 3, 4), turn_points=0, scores=(9000, 4000))
    events = state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))
    assert kinds(events) == ["hold", "bank", "final_round", "turn_start"]
    assert state.final_round and state.final_trigger == 0
    assert events[-1].data == {"seat": 1, "final": True}


def test_banking_past_the_target_gives_every_other_player_one_final_turn():
    state = position((1, 1, 1, 2, 3, 4), scores=(2000, 9500, 3000, 500), current=1)
    state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))
    played = []
    dice = ScriptedDice([2, 2, 3, 3, 4, 6] * 3)  # everybody farkles
    while not state.is_over:
        played.append(state.current)
        state.apply(ROLL_ALL, dice)
    assert played == [2, 3, 0]
    assert state.winners == [1]


def test_in_the_final_round_a_player_may_not_bank_until_beating_the_leader():
    state = position((1, 1, 1, 2, 3, 4), turn_points=0, scores=(9000, 8800))
    state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))  # 10000
    state.apply(ROLL_ALL, ScriptedDice([1, 1, 1, 5, 2, 3]))
    assert state.bank_need() == 1201
    assert not any(a.kind == BANK for a in state.legal_actions())
    events = state.apply(bank_action(state.roll, [1, 1, 1, 5]), random.Random(1))
    assert kinds(events) == ["bank_refused"] and events[0].data["reason"] == MUST_BEAT_LEADER
    state.apply(roll_action(state.roll, [1, 1, 1, 5]), ScriptedDice([5, 5]))
    assert state.turn_points == 1050
    events = state.apply(FarkleAction(BANK, (0, 1)), random.Random(1))  # 1150: not yet
    assert kinds(events) == ["bank_refused"]
    state.apply(FarkleAction(ROLL, (0, 1)), ScriptedDice([1, 2, 3, 4, 6, 6]))  # hot dice
    events = state.apply(FarkleAction(BANK, (0,)), random.Random(1))  # 1250
    assert kinds(events) == ["hold", "bank", "game_over"]
    assert state.scores == [10000, 10050] and state.winners == [1]


def test_the_highest_score_so_far_is_the_one_to_beat():
    state = position((1, 1, 1, 2, 3, 4), scores=(9000, 5000, 9500))
    state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))  # seat 0: 10000
    assert state.current == 1
    state.scores[1] = 10500  # as if seat 1 had just beaten it on its turn
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))  # seat 1 ends its turn
    assert state.current == 2 and state.bank_need() == 10500 - 9500 + 1


def test_the_player_who_went_out_does_not_play_again():
    state = position((1, 1, 1, 2, 3, 4), scores=(9000, 100))
    state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))
    assert state.is_over and state.phase == OVER and state.winners == [0]
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply(ROLL_ALL, random.Random(1))


def test_the_minimum_bank_still_holds_in_the_final_round():
    state = position((5, 2, 3, 4, 6, 6), turn_points=300, scores=(9950, 10000))
    state.final_round = True
    assert state.bank_need() == 500


def test_highest_total_wins_and_ties_share():
    state = position((2, 2, 3, 3, 4, 6), scores=(10000, 10000, 9000), current=2)
    state.final_round = True
    state.phase = START
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))
    assert state.is_over and state.winners == [0, 1]


def test_a_lone_player_wins_on_reaching_the_target():
    state = FarkleState.new([Seat("none"), Seat("human")])
    state.scores[1] = 9500
    state.apply(ROLL_ALL, ScriptedDice([1, 1, 1, 2, 3, 4]))
    events = state.apply(FarkleAction(BANK, (0, 1, 2)), random.Random(1))
    assert kinds(events) == ["hold", "bank", "game_over"] and state.winners == [1]


# ------------------------------------------------------------------ seats


def test_up_to_four_seats_each_human_computer_or_none():
    state = FarkleState.new([Seat("human"), Seat("none"), Seat("computer", "expert"), Seat("none")])
    assert state.active_seats == [0, 2]
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))
    assert state.current == 2
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))
    assert state.current == 0
    with pytest.raises(ValueError):
        FarkleState.new(["human"] * 5)
    with pytest.raises(ValueError):
        Seat("robot")


def test_at_least_one_seat_must_be_active():
    with pytest.raises(ValueError, match="at least one seat must be active"):
        FarkleState.new(["none", "none"])
    with pytest.raises(ValueError, match="the first seat must be an active seat"):
        FarkleState.new(["none", "human"], first=0)
    with pytest.raises(ValueError, match="between 1 and 4 seats"):
        FarkleState.new([])
    for first in (-1, 2, 3):
        with pytest.raises(ValueError, match="the first seat must be an active seat"):
            FarkleState.new(["human", "human"], first=first)


def test_any_active_seat_may_start():
    assert FarkleState.new(["human", "none", "computer"], first=2).current == 2
    assert FarkleState.new(["none", "human"]).current == 1


# ------------------------------------------------------------------ data


def test_state_round_trips_through_json():
    state = position(
        (1, 5, 2, 3, 4, 6),
        turn_points=350,
        scores=(9000, 100),
        min_bank_scope="until_on_board",
        target=10000,
    )
    state.set_aside = (1, 1)
    text = json.dumps(state.to_json())
    again = FarkleState.from_json(json.loads(text))
    assert again == state and again.to_json() == state.to_json()


def test_a_damaged_state_is_refused():
    data = game().to_json()
    with pytest.raises(ValueError):
        FarkleState.from_json({**data, "schema": 99})
    with pytest.raises(ValueError):
        FarkleState.from_json({k: v for k, v in data.items() if k != "scores"})
    with pytest.raises(ValueError):
        FarkleState.from_json({**data, "roll": [7]})


def test_actions_are_plain_hashable_json_values():
    action = FarkleAction(ROLL, (0, 3))
    assert action == ("roll", (0, 3)) and hash(action) == hash(("roll", (0, 3)))
    assert json.dumps(action) == '["roll", [0, 3]]'
    assert FarkleAction.from_json(json.loads(json.dumps(action))) == action
    state = position((1, 5, 2, 3, 4, 6))
    assert kinds(state.apply(("roll", [0]), ScriptedDice([5, 2, 3, 4, 6]))) == ["hold", "roll"]


def test_actions_sent_as_json_text_play_the_same():
    """A guest's action arrives as JSON text: its words are new objects, not the engine's."""
    state = position((1, 2, 3, 4, 5, 6))
    events = state.apply(
        json.loads('["roll", [0, 1, 2, 3, 4, 5]]'), ScriptedDice([1, 5, 2, 2, 3, 4])
    )
    assert kinds(events) == ["hold", "hot_dice", "roll"]
    events = state.apply(json.loads('["bank", [0, 1]]'), random.Random(1))
    assert kinds(events) == ["hold", "bank", "turn_start"] and state.scores == [2150, 0]


def test_a_tie_restored_from_a_saved_game_still_shares_the_win():
    state = position((2, 2, 3, 3, 4, 6), scores=(10000, 5000, 9000), current=2)
    state.phase, state.roll, state.final_round = START, (), True
    state.final_trigger, state.final_pending = 0, [1]
    data = json.loads(json.dumps(state.to_json()).replace("5000", "10000"))
    state = FarkleState.from_json(data)
    assert state.scores[0] == state.scores[1] and state.scores[0] is not state.scores[1]
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))  # seat 2 farkles
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))  # seat 1 farkles
    assert state.is_over and state.winners == [0, 1]


def test_the_observation_shows_the_table():
    state = position((1, 5, 2, 3, 4, 6), turn_points=350, scores=(9000, 100))
    obs = state.observation(1)
    assert obs.seat == 1 and obs.current == 0 and obs.roll == (1, 5, 2, 3, 4, 6)
    assert obs.scores == (9000, 100) and obs.bank_need == 500 and obs.leader_score == 9000


def test_three_seats_take_turns_in_order_round_the_table():
    state = game(("human", "computer", "human"))
    order = []
    for _ in range(6):
        order.append(state.current)
        state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))  # a farkle each time
    assert order == [0, 1, 2, 0, 1, 2]


def test_a_turn_may_start_with_the_roll_written_without_dice():
    state = game()
    assert kinds(state.apply(("roll",), ScriptedDice([1, 2, 3, 4, 6, 6]))) == ["roll"]


@pytest.mark.parametrize("held", [(0, 0), (0, 0, 4), (6,), (9,), (-1,), (-6,), ()], ids=repr)
def test_a_hold_names_distinct_dice_of_the_roll(held):
    state = position((1, 2, 3, 4, 1, 6))
    assert not state.is_valid_hold(held) and state.hold_points(held) == 0
    if held:
        with pytest.raises(IllegalAction):
            state.apply(FarkleAction(ROLL, held), ScriptedDice([1] * 6))


def test_the_leader_is_the_best_other_seat_wherever_it_sits():
    state = position((1, 2, 3, 4, 6, 6), scores=(300, 500, 2000), current=1)
    assert state.leader_score == 2000 and state.observation(1).leader_score == 2000
    assert state.observation(2).leader_score == 500
    state.current = 2
    assert state.leader_score == 500
    lone = FarkleState.new(["none", "human"])
    assert lone.leader_score == 0 and lone.observation(1).leader_score == 0


def test_in_the_final_round_the_need_is_the_gap_to_the_leader_plus_one():
    state = position((1, 2, 3, 4, 6, 6), scores=(10000, 3000), current=1)
    state.final_round, state.final_trigger = True, 0
    assert state.bank_need() == 7001 and state.observation(1).bank_need == 7001


def test_once_on_the_board_no_minimum_is_shown_or_asked():
    state = position((5, 2, 3, 4, 6, 6), scores=(50, 0), min_bank_scope="until_on_board")
    assert state.bank_need() == 0 and state.observation(0).bank_need == 0
    assert state.options.min_bank_for(50) == 0 and state.options.min_bank_for(0) == 500
    restored = FarkleState.from_json(json.loads(json.dumps(state.to_json())))
    assert restored.bank_need() == 0
    assert FarkleAction(BANK, (0,)) in restored.legal_actions()


def test_at_the_start_of_a_turn_nothing_can_be_held():
    state = game()
    assert (
        state.valid_holds() == [] and state.best_hold() == () and state.holdable_indices() == set()
    )
    assert state.bank_refusal(()) == NOTHING_HELD


def test_banks_sent_as_json_text_are_checked_like_any_other():
    state = position((1, 5, 2, 3, 4, 6), turn_points=300)
    events = state.apply(json.loads('["bank", []]'), random.Random(1))
    assert kinds(events) == ["bank_refused"] and events[0].data["reason"] == NOTHING_HELD
    events = state.apply(json.loads('["bank", [1]]'), random.Random(1))  # 350: below 500
    assert kinds(events) == ["bank_refused"] and events[0].data["reason"] == BELOW_MINIMUM
    assert state.scores == [0, 0] and state.roll == (1, 5, 2, 3, 4, 6)


def test_a_finished_game_refuses_every_action_and_shows_six_dice_and_no_need():
    state = position((1, 1, 1, 2, 3, 4), scores=(9000, 100))
    state.apply(bank_action(state.roll, [1, 1, 1]), random.Random(1))
    state.apply(ROLL_ALL, ScriptedDice([2, 2, 3, 3, 4, 6]))
    assert state.is_over and state.dice_left == 6 and state.observation(1).bank_need == 0
    for action in (FarkleAction(BANK, ()), FarkleAction(BANK, (0,)), ROLL_ALL):
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(action, random.Random(1))


def test_an_observation_is_a_value():
    obs = position((1, 2, 3, 4, 6, 6)).observation(0)
    assert hash(obs) == hash(position((1, 2, 3, 4, 6, 6)).observation(0))
    with pytest.raises(AttributeError):
        obs.turn_points = 500  # type: ignore[misc]


def test_a_state_built_directly_starts_at_the_first_seat_with_nothing_on_the_table():
    state = FarkleState([Seat("human"), Seat("human")], scores=[0, 0])
    assert (state.current, state.phase, state.turn_number) == (0, START, 1)
    assert (state.turn_points, state.roll, state.set_aside) == (0, (), ())
    assert not state.final_round and state.final_pending == [] and state.winners == []


# --- Saved games: what the rules could not have produced is refused, naming its place.
@pytest.mark.parametrize(
    "change, message",
    [
        (
            {"options": {"target": 10000.0, "min_bank": 500, "min_bank_scope": "every_turn"}},
            "target: 10000.0 is not one of",
        ),
        (
            {"seats": [{"kind": "computer", "level": "godlike", "name": "A"}]},
            "seats[0].level: 'godlike' is not one of",
        ),
        ({"scores": [10**40]}, "is not within 0..10000000"),
        ({"scores": [12000]}, "reached the target without starting the final round"),
        ({"phase": "rolled", "roll": [2, 3, 4, 6, 2, 3]}, "the dice on the table must score"),
        ({"current": None}, "current: None is not a whole number"),
        ({"winners": [0]}, "winners before the game is over"),
        ({"final_round": True}, "final round was not started by a seat that reached"),
        ({"turn_points": 350}, "dice or points on the table between turns"),
    ],
)
def test_a_state_the_rules_could_not_reach_is_refused_with_its_place(change, message):
    data = {**FarkleState.new([Seat(HUMAN, None, "Ann")]).to_json(), **change}
    with pytest.raises(InvalidState) as refused:
        FarkleState.from_json(data)
    assert message in str(refused.value)


def final_round(current: int = 2, pending: tuple[int, ...] = (3,)) -> dict:
    """Four players, seat 0 went out with 10,000 and the others have their last turns."""
    state = FarkleState.new([Seat(HUMAN, None, name) for name in ("A", "B", "C", "D")])
    state.scores = [10000, 6000, 7000, 8000]
    state.final_round, state.final_trigger, state.final_pending = True, 0, list(pending)
    state.current = current
    return state.to_json()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"final_pending": [3, 3]}, "the seats still to play the final round are not other"),
        ({"final_pending": [0, 3]}, "the seats still to play the final round are not other"),
        ({"current": 0}, "the seat to play is not playing its final turn"),
        ({"current": 3}, "the seat to play is not playing its final turn"),
        (
            {"final_round": False, "final_trigger": None, "scores": [0, 0, 0, 0]},
            "a final round that has not started",
        ),
        ({"final_round": False, "scores": [0, 0, 0, 0]}, "a final round that has not started"),
        ({"final_trigger": 1}, "the final round was not started by a seat that reached"),
    ],
)
def test_a_final_round_the_rules_could_not_reach_is_refused(change, message):
    data = final_round()
    assert FarkleState.from_json(data).final_pending == [3]
    with pytest.raises(InvalidState, match=message):
        FarkleState.from_json({**data, **change})


def test_a_finished_game_names_exactly_its_best_scores_as_winners():
    data = {**final_round(current=0, pending=()), "phase": OVER, "winners": [0]}
    assert FarkleState.from_json(data).winners == [0]
    for winners in ([1], [0, 1], []):
        with pytest.raises(InvalidState, match="the winners are not the best scores"):
            FarkleState.from_json({**data, "winners": winners})
    with pytest.raises(InvalidState, match="the winners are not the best scores"):
        FarkleState.from_json({**data, "final_pending": [3]})


@pytest.mark.parametrize(
    "change, message",
    [
        ({"current": 2}, r"current: 2 is not within 0\.\.1"),
        ({"turn_points": -1}, r"turn_points: -1 is not within"),
        ({"roll": [7, 1]}, r"roll\[0\]: 7 is not within 1\.\.6"),
        ({"set_aside": [1, 7]}, r"set_aside\[1\]: 7 is not within 1\.\.6"),
        ({"scores": [120, 0]}, "points no dice can make"),
        ({"turn_points": 30}, "points no dice can make"),
    ],
)
def test_a_value_out_of_range_mid_turn_is_refused_with_its_place(change, message):
    data = {**FarkleState.new(["human", "human"]).to_json(), "phase": ROLLED, "roll": [1, 2]}
    data["turn_points"] = 100
    assert FarkleState.from_json(data).turn_points == 100
    with pytest.raises(InvalidState, match=message):
        FarkleState.from_json({**data, **change})


# A game saved by this version (schema 1) as the file holds it: Ann (human) against Cindy
# (standard computer), to 5,000 with a 300 minimum until on the board; Ann has held two 1s
# and rolled four dice showing 5 5 2 3.
SAVED_BY_VERSION_1 = (
    '{"schema": 1, "seats": [{"kind": "human", "level": null, "name": "Ann"}, {"kind": '
    '"computer", "level": "standard", "name": "Cindy"}], "options": {"target": 5000, '
    '"min_bank": 300, "min_bank_scope": "until_on_board"}, "scores": [0, 1250], "current": '
    '0, "phase": "rolled", "turn_points": 200, "roll": [5, 5, 2, 3], "set_aside": [1, 1], '
    '"final_round": false, "final_trigger": null, "final_pending": [], "winners": [], '
    '"turn_number": 7}'
)


def test_a_game_saved_by_this_version_still_restores_and_saves_the_same():
    state = FarkleState.from_json(json.loads(SAVED_BY_VERSION_1))
    assert [s.name for s in state.seats] == ["Ann", "Cindy"] and state.seats[1].level == "standard"
    assert state.options == FarkleOptions(5000, 300, "until_on_board")
    assert state.turn_number == 7 and state.dice_left == 4 and state.bank_need() == 300
    # Ann is not on the board: only with both fives (50 each) does she reach the 300.
    banks = {a.held for a in state.legal_actions() if a.kind == "bank"}
    assert banks == {(0, 1)}
    assert json.dumps(state.to_json()) == SAVED_BY_VERSION_1
    for schema in (0, 2):
        with pytest.raises(InvalidState, match="not a known Farkle save schema"):
            FarkleState.from_json({**json.loads(SAVED_BY_VERSION_1), "schema": schema})


def test_options_and_seats_restore_on_their_own():
    options = FarkleOptions(5000, 1000, "until_on_board")
    assert FarkleOptions.from_json(json.loads(json.dumps(options.to_json()))) == options
    for seat in (Seat(HUMAN, None, "Ann"), Seat(COMPUTER, "cautious", "Bo"), Seat(NONE)):
        assert Seat.from_json(json.loads(json.dumps(seat.to_json()))) == seat


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seats": []}, r"seats: 0 items, not 1\.\.4"),
        ({"turn_number": 0}, r"turn_number: 0 is not within 1\.\."),
        ({"final_trigger": -1}, r"final_trigger: -1 is not within 0\.\.3"),
        ({"final_pending": [-1]}, r"final_pending\[0\]: -1 is not within 0\.\.3"),
        ({"winners": [-1]}, r"winners\[0\]: -1 is not within 0\.\.3"),
    ],
)
def test_a_field_out_of_range_is_refused_with_its_place(change, message):
    with pytest.raises(InvalidState, match=message):
        FarkleState.from_json({**final_round(), **change})


def test_an_empty_seat_has_no_points_and_plays_no_final_turn():
    data = final_round()
    data["seats"][3] = {"kind": "none", "level": None, "name": ""}
    data.update(scores=[10000, 6000, 7000, 0], final_pending=[1], current=2)
    assert FarkleState.from_json(json.loads(json.dumps(data))).active_seats == [0, 1, 2]
    with pytest.raises(InvalidState, match="an empty seat has points"):
        FarkleState.from_json({**data, "scores": [10000, 6000, 7000, 50]})
    with pytest.raises(InvalidState, match="the seats still to play the final round"):
        FarkleState.from_json({**data, "final_pending": [3]})


def test_the_seat_to_play_may_sit_before_the_one_who_went_out():
    data = final_round(current=0, pending=(1,))
    data.update(final_trigger=2, scores=[6000, 7000, 10000, 8000])
    assert FarkleState.from_json(data).current == 0


def test_reaching_the_target_exactly_starts_the_final_round():
    data = FarkleState.new(["human", "human"]).to_json()
    with pytest.raises(InvalidState, match="reached the target without starting the final"):
        FarkleState.from_json({**data, "scores": [10000, 0]})


def test_a_finished_game_with_a_tie_restores_from_its_text():
    data = {**final_round(current=0, pending=()), "phase": OVER}
    data.update(scores=[10000, 10000, 7000, 8000], winners=[0, 1])
    state = FarkleState.from_json(json.loads(json.dumps(data)))
    assert state.winners == [0, 1] and state.observation(2).bank_need == 0
    assert state.is_over and state.dice_left == 6 and state.legal_actions() == []
