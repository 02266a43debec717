"""Restoring a saved Farkle game is validation: one clear error for anything the rules could
not have produced, and whatever is accepted plays to the end of the game."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.farkle.ai import LEVELS, make_agent
from game.engine.farkle.rules import (
    COMPUTER,
    HUMAN,
    MIN_BANK_SCOPES,
    NONE,
    OVER,
    ROLLED,
    SEAT_KINDS,
    START,
    FarkleOptions,
    FarkleState,
    Seat,
)
from game.engine.saved import InvalidState
from tests.mutations import single_change

WORDS = [*SEAT_KINDS, *LEVELS, *MIN_BANK_SCOPES, START, ROLLED, OVER, "roll", "bank"]
TABLES = [
    ([Seat(HUMAN, None, "Ann"), Seat(COMPUTER, "standard", "Cindy")], FarkleOptions()),
    (
        [Seat(COMPUTER, "cautious", "A"), Seat(NONE), Seat(COMPUTER, "standard", "C")],
        FarkleOptions(target=5000, min_bank=300, min_bank_scope="until_on_board"),
    ),
    ([Seat(HUMAN, None, "Solo")], FarkleOptions(target=5000, min_bank=0)),
]


def choose(state: FarkleState, rng: random.Random) -> tuple:
    """The seat's computer level decides; a human seat plays a random legal action."""
    seat = state.seats[state.current]
    legal = state.legal_actions()
    if seat.kind == COMPUTER and seat.level in ("cautious", "standard"):
        return make_agent(seat.level, rng).choose(state.observation(state.current), legal)
    return rng.choice(legal)


@functools.cache
def saved_positions() -> tuple[str, ...]:
    """Saved games (as JSON text) at every kind of moment of a few seeded games."""
    found = []
    for seed, (seats, options) in enumerate(TABLES):
        rng = random.Random(seed)
        state = FarkleState.new([Seat(s.kind, s.level, s.name) for s in seats], options)
        while not state.is_over:
            found.append(json.dumps(state.to_json()))
            state.apply(choose(state, rng), rng)
        found.append(json.dumps(state.to_json()))
    # Every start and roll late in the game (the final round) and a sample of the rest.
    return tuple(found[::7] + found[-40:])


def play_to_the_end(state: FarkleState, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_over:
            return
        state.apply(choose(state, rng), rng)
        state = FarkleState.from_json(json.loads(json.dumps(state.to_json())))
    raise AssertionError("the game never ended")


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


def test_every_saved_position_restores_exactly():
    for text in saved_positions():
        assert json.dumps(FarkleState.from_json(json.loads(text)).to_json()) == text


@settings(max_examples=300)
@given(data=st.data())
def test_one_change_to_a_saved_game_is_refused_or_plays_to_the_end(data):
    original = json.loads(data.draw(st.sampled_from(saved_positions()), label="saved game"))
    changed, what = data.draw(single_change(original, WORDS), label="change")
    try:
        state = FarkleState.from_json(changed)
    except InvalidState:
        return  # refused: the storage sets it aside with a notice
    play_to_the_end(state, data.draw(st.integers(0, 1000), label="seed"))


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


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_at_every_step_the_game_restored_from_its_saved_text_plays_the_same(table):
    """Saves are JSON text: the restored words (phases, seat kinds, options) are new text
    objects, not the engine's constants, and must still mean the same."""
    seats, options = TABLES[table]
    rng = random.Random(table)
    live = FarkleState.new([Seat(s.kind, s.level, s.name) for s in seats], options)
    for _ in range(400):
        restored = FarkleState.from_json(json.loads(json.dumps(live.to_json())))
        assert restored.legal_actions() == live.legal_actions()
        assert restored.observation(live.current) == live.observation(live.current)
        assert (restored.is_over, restored.dice_left) == (live.is_over, live.dice_left)
        assert restored.active_seats == live.active_seats
        if live.is_over:
            break
        action = choose(live, rng)
        seed = rng.random()
        sent = json.loads(json.dumps(list(action)))
        assert restored.apply(sent, random.Random(seed)) == live.apply(action, random.Random(seed))
        assert restored.to_json() == live.to_json()
        if live.phase == START and live.turn_number % 5 == 0:
            # Jump ahead so that final rounds and the end come into view.
            for seat in live.active_seats:
                live.scores[seat] = max(live.scores[seat], options.target - 600)


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
