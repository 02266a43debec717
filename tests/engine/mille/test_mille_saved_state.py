"""Restoring a saved Mille Bornes game is validation: one clear error for anything the rules
could not have produced, and whatever is accepted plays to the end of the game."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.mille.agents import make_agent
from game.engine.mille.cards import KIND_BY_ID
from game.engine.mille.rules import COUP_FOURRE, EXTENSION, GAME_OVER, PHASES, MilleState, Options
from game.engine.saved import InvalidState
from tests.mutations import single_change

WORDS = [*KIND_BY_ID, *PHASES, "trip", "exhausted", "Distance", "bogus_card"]
TABLES = [
    Options(players=2),
    Options(players=3, short_deck=True),
    Options(players=4, hazards_only_on_roll=True),
    Options(players=6, game_target=2000),
]


def choose(state: MilleState, agents) -> tuple:
    legal = state.legal_actions()
    seat = state.to_act
    if seat is None:
        return legal[0]
    return agents[seat % len(agents)].choose(state.observation(seat), legal)


def agents_for(seed: int) -> list:
    """A basic and an easy computer player, in turn round the table."""
    return [make_agent("basic", random.Random(seed)), make_agent("easy", random.Random(seed))]


@functools.cache
def saved_positions() -> tuple[str, ...]:
    """Saved games (as JSON text) at every kind of moment of a few seeded games: between
    hands, mid-hand, at coup fourré questions and extension calls, and over."""
    found, rare = [], []
    for seed, options in enumerate(TABLES):
        rng, agents = random.Random(seed), agents_for(seed)
        state = MilleState.new_game(options)
        while True:
            text = json.dumps(state.to_json())
            (rare if state.phase in (COUP_FOURRE, EXTENSION, GAME_OVER) else found).append(text)
            if state.phase == GAME_OVER:
                break
            state.apply(choose(state, agents), rng)
    return tuple(found[::25] + rare)


def play_to_the_end(state: MilleState, seed: int) -> None:
    rng, agents = random.Random(seed), agents_for(seed)
    for _ in range(20_000):
        if state.phase == GAME_OVER:
            return
        state.apply(choose(state, agents), rng)
    raise AssertionError("the game never ended")


def new_hand() -> dict:
    state = MilleState.new_game(Options(players=2))
    state.apply(state.legal_actions()[0], random.Random(1))
    return state.to_json()


def test_an_unknown_card_in_a_hand_is_refused():
    """The issue's reproduction: it used to pass and crash with KeyError in play."""
    data = new_hand()
    data["hands"][0][0] = "bogus_card"
    with pytest.raises(InvalidState, match=r"state\.hands\[0\]\[0\]: 'bogus_card' is not one"):
        MilleState.from_json(data)


def test_a_null_turn_seat_is_refused():
    """The issue's other reproduction: a TypeError once play went on."""
    data = {**new_hand(), "turn_seat": None}
    with pytest.raises(InvalidState, match=r"state\.turn_seat: None is not a whole number"):
        MilleState.from_json(data)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d["draw_pile"].pop(), "the cards are not the deck"),
        (lambda d: d["draw_pile"].append("stop"), "the cards are not the deck"),
        (lambda d: d["tableaux"][0]["battle"].append("25"), "is not one of"),
        (lambda d: d["tableaux"][0]["safeties"].extend(["driving_ace"] * 2), "laid twice"),
        (lambda d: d.__setitem__("to_act", None), "a seat to act between hands, or none"),
        (lambda d: d.__setitem__("target", 1000), "does not match the extension"),
        (lambda d: d.__setitem__("scores", [6000, 0]), "past the game's target"),
        (
            lambda d: d.__setitem__(
                "pending", {"hazard": "stop", "attacker": 0, "side": 1, "seat": 1}
            ),
            "a coup fourré question outside",
        ),
        (lambda d: d["options"].__setitem__("players", 5), "players: 5 is not one of"),
        (lambda d: d["options"].__setitem__("short_deck", "no"), "is not true or false"),
        (lambda d: d["hands"][0].extend(["25"] * 3), "items, not 0..7"),
    ],
)
def test_a_state_the_rules_could_not_reach_is_refused_with_its_place(damage, message):
    data = new_hand()
    damage(data)
    with pytest.raises(InvalidState) as refused:
        MilleState.from_json(data)
    assert message in str(refused.value)


def test_every_saved_position_restores_exactly():
    for text in saved_positions():
        assert json.dumps(MilleState.from_json(json.loads(text)).to_json()) == text


@settings(max_examples=200)
@given(data=st.data())
def test_one_change_to_a_saved_game_is_refused_or_plays_to_the_end(data):
    original = json.loads(data.draw(st.sampled_from(saved_positions()), label="saved game"))
    changed, what = data.draw(single_change(original, WORDS), label="change")
    try:
        state = MilleState.from_json(changed)
    except InvalidState:
        return  # refused: the storage sets it aside with a notice
    play_to_the_end(state, data.draw(st.integers(0, 1000), label="seed"))
