"""Restoring a saved Shut The Box game is validation: one clear error for anything the rules
could not have produced, and whatever is accepted plays to the end of the game."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.saved import InvalidState
from game.engine.shutbox import LEVELS, Player, ShutBoxState, make_agent
from game.engine.shutbox.state import PHASES
from tests.mutations import single_change

WORDS = [*LEVELS, *PHASES, "shutbox", "Ann"]


@functools.cache
def saved_positions() -> tuple[str, ...]:
    """Saved games (as JSON text) at every kind of moment of a few seeded games."""
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        players = [Player("Ann"), Player("Cindy", computer=True, level=LEVELS[seed % 3])][
            : 1 + seed % 2
        ]
        state = ShutBoxState.new(players, one_die_option=seed % 2 == 1)
        while True:
            found.append(json.dumps(state.to_json()))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()), rng)
    return tuple(found[::3] + [found[-1]])


def play_to_the_end(state: ShutBoxState, seed: int) -> None:
    """Every seat plays (a computer seat at its level) until the game is over, and the
    game saves and restores at every step."""
    rng = random.Random(seed)
    for _ in range(1000):
        if state.is_over:
            return
        legal = state.legal_actions()
        player = state.current_player
        agent = make_agent(player.level, random.Random(seed)) if player.computer else None
        state.apply(agent.choose(state, legal) if agent else rng.choice(legal), rng)
        state = ShutBoxState.from_json(json.loads(json.dumps(state.to_json())))
    raise AssertionError("the game never ended")


def test_a_null_among_the_last_turns_doors_is_refused():
    """The issue's reproduction: it used to pass, and crash inside Continue."""
    data = json.loads(saved_positions()[-1])
    data["last_turn"]["doors_shut"].append(None)
    with pytest.raises(InvalidState, match=r"last_turn\.doors_shut\[\d\]: None is not a whole"):
        ShutBoxState.from_json(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"one_die_option": "false"}, "one_die_option: 'false' is not true or false"),
        ({"current": True}, "current: True is not a whole number"),
        ({"open_doors": [1, 1, 2]}, "a door is listed twice"),
        ({"dice": [3.0]}, "3.0 is not a whole number"),
        (
            {"players": [{"name": None, "computer": False, "level": None, "turn_scores": []}]},
            "name: None is not a text",
        ),
        (
            {"players": [{"name": "Al", "computer": True, "level": "god", "turn_scores": []}]},
            "level: 'god' is not one of",
        ),
        (
            {
                "players": [
                    {"name": "x" * 10_000, "computer": False, "level": None, "turn_scores": []}
                ]
            },
            "over 64",
        ),
        (
            {
                "last_turn": {
                    "player": 3,
                    "turn": 1,
                    "doors_shut": [],
                    "dice": [1, 1],
                    "score": 0,
                    "box_shut": False,
                }
            },
            "last_turn.player: 3 is not within 0..0",
        ),
        (
            {
                "last_turn": {
                    "player": 0,
                    "turn": 1,
                    "doors_shut": [9],
                    "dice": [1, 1],
                    "score": 0,
                    "box_shut": False,
                }
            },
            "do not match the doors shut",
        ),
    ],
)
def test_a_value_of_the_wrong_type_or_range_is_refused_with_its_place(change, message):
    data = {**ShutBoxState.new([Player("Ann")]).to_json(), **change}
    with pytest.raises(InvalidState, match=message.replace("(", r"\(").replace(".", r"\.")):
        ShutBoxState.from_json(data)


def test_every_saved_position_restores_exactly():
    for text in saved_positions():
        state = ShutBoxState.from_json(json.loads(text))
        assert json.dumps(state.to_json()) == text


@settings(max_examples=300)
@given(data=st.data())
def test_one_change_to_a_saved_game_is_refused_or_plays_to_the_end(data):
    original = json.loads(data.draw(st.sampled_from(saved_positions()), label="saved game"))
    changed, what = data.draw(single_change(original, WORDS), label="change")
    try:
        state = ShutBoxState.from_json(changed)
    except InvalidState:
        return  # refused: the storage sets it aside with a notice
    play_to_the_end(state, data.draw(st.integers(0, 1000), label="seed"))
