"""What a seat sees, sent to a guest over the network: Observation.from_json reads back
exactly what to_json wrote and refuses anything a table could not show."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import FrozenInstanceError

import pytest
from mille_helpers import coup_fourre_question, dealt, lay, restore, take

from game.engine.mille.rules import (
    DEAL,
    GAME_OVER,
    PLAY,
    MilleState,
    Observation,
    Options,
)
from game.engine.saved import InvalidState


def sent(observation: Observation) -> Observation:
    """The observation as a guest reads it off the wire."""
    return Observation.from_json(json.loads(json.dumps(observation.to_json())))


def views_of_a_hand(options: Options, seed: int):
    """Every seat's view at every decision of one hand played at random, then the next
    deal's question (with the last hand's score sheet)."""
    rng = random.Random(seed)
    state = MilleState.new_game(options)
    state.scores = [4900] * options.sides  # so that this hand ends the game
    state.apply(state.legal_actions()[0], rng)
    while True:
        for seat in range(options.players):
            yield state.observation(seat)
        if state.phase in (DEAL, GAME_OVER):
            return
        state.apply(rng.choice(state.legal_actions()), rng)


@pytest.mark.parametrize(
    "options",
    [
        Options(players=2),
        Options(players=3, short_deck=True),
        Options(players=4, hazards_only_on_roll=True),
        Options(players=6, game_target=6000),
    ],
)
def test_every_seats_view_at_every_moment_of_a_hand_comes_back_exactly(options):
    for view in views_of_a_hand(options, seed=options.players):
        again = sent(view)
        assert again == view
        assert again.unseen() == view.unseen()


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_outside_the_moment_every_seat_sees_the_phase_and_whose_turn_it_is(players):
    state = restore(dealt(players))
    assert state.phase == PLAY
    for seat in range(players):
        view = sent(state.observation(seat))
        assert view.phase == PLAY and view.to_act == state.to_act and view.pending is None


def test_the_coup_fourre_question_is_seen_only_by_the_seat_asked():
    state = restore(coup_fourre_question())
    asked, others = sent(state.observation(1)), [sent(state.observation(s)) for s in (0, 2)]
    assert asked.phase == "coup_fourre" and asked.pending.seat == 1 and asked.to_act == 1
    for view in others:
        # The others see the moment, as after any hazard, but not who is asked.
        assert view.phase == "waiting" and view.to_act is None
        assert view.pending == asked.pending.public() and view.pending.seat is None


def a_view() -> dict:
    """Seat 1's view of a three-player coup fourré question, as plain data."""
    return restore(coup_fourre_question()).observation(1).to_json()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seat": 3}, r"seat: 3 is not within 0\.\.2"),
        ({"side": 2}, "a seat on another side"),
        ({"side": 0}, "a seat on another side"),
        ({"side": 3}, r"side: 3 is not within 0\.\.2"),
        ({"scores": [-1, 0, 0]}, r"scores\[0\]: -1 is not within"),
        ({"phase": "dancing"}, r"phase: 'dancing' is not one of"),
        ({"to_act": 3}, r"to_act: 3 is not within 0\.\.2"),
        ({"turn_seat": -1}, r"turn_seat: -1 is not within 0\.\.2"),
        ({"first_seat": 3}, r"first_seat: 3 is not within 0\.\.2"),
        ({"hand_number": -1}, r"hand_number: -1 is not within"),
        ({"hand": ["25"] * 8}, r"hand: 8 items, not 0\.\.7"),
        ({"hand": ["bogus"]}, r"hand\[0\]: 'bogus' is not one of"),
        ({"hand_sizes": [6, 6]}, r"hand_sizes: 2 items, not 3\.\.3"),
        ({"hand_sizes": [6, 8, 6]}, r"hand_sizes\[1\]: 8 is not within 0\.\.7"),
        ({"hand_sizes": [-1, 7, 6]}, r"hand_sizes\[0\]: -1 is not within 0\.\.7"),
        ({"draw_pile_size": 107}, r"draw_pile_size: 107 is not within 0\.\.106"),
        ({"target": 800}, r"target: 800 is not one of"),
        ({"extended_by": 3}, r"extended_by: 3 is not within 0\.\.2"),
        ({"scores": [0, 0]}, r"scores: 2 items, not 3\.\.3"),
        ({"winners": [3]}, r"winners\[0\]: 3 is not within 0\.\.2"),
        ({"tableaux": []}, r"tableaux: 0 items, not 3\.\.3"),
    ],
)
def test_a_view_out_of_range_is_refused_naming_its_place(change, message):
    with pytest.raises(InvalidState, match=message):
        Observation.from_json({**a_view(), **change})


def test_a_view_whose_hand_and_counts_disagree_is_refused():
    view = a_view()
    view["hand_sizes"][1] -= 1
    with pytest.raises(InvalidState, match="the hand and its size disagree"):
        Observation.from_json(view)


def test_a_view_showing_more_cards_than_the_deck_holds_is_refused():
    view = a_view()
    assert "right_of_way" in view["hand"]
    view["discard_pile"].append("right_of_way")  # there is one Right of Way
    with pytest.raises(InvalidState, match="more cards seen than the deck holds"):
        Observation.from_json(view)
    view = a_view()
    view["tableaux"][2]["distance"] += ["200"] * 2
    view["discard_pile"] += ["200"] * 3  # four 200s in the deck, five shown
    with pytest.raises(InvalidState, match="more cards seen than the deck holds"):
        Observation.from_json(view)


def test_a_view_that_is_not_an_object_is_refused():
    for data in (None, [], "view", {**a_view(), "options": {"players": 5}}):
        with pytest.raises(InvalidState):
            Observation.from_json(data)


def test_a_two_player_view_names_only_its_two_seats():
    view = MilleState.new_game(Options(players=2)).observation(1).to_json()
    assert Observation.from_json(view).hand_number == 0  # before the first deal
    for field in ("to_act", "turn_seat", "first_seat", "seat"):
        with pytest.raises(InvalidState, match=rf"{field}: 2 is not within 0\.\.1"):
            Observation.from_json({**view, field: 2})


def test_a_view_whose_hand_is_shorter_than_its_size_is_refused():
    view = a_view()
    view["hand"] = view["hand"][:-1]  # one card fewer than hand_sizes says
    with pytest.raises(InvalidState, match="the hand and its size disagree"):
        Observation.from_json(view)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"side": 2}, r"side: 2 is not within 0\.\.1"),
        ({"extended_by": 2}, r"extended_by: 2 is not within 0\.\.1"),
        ({"winners": [2]}, r"winners\[0\]: 2 is not within 0\.\.1"),
    ],
)
def test_a_two_player_view_names_only_its_two_sides(change, message):
    view = restore(dealt(2)).observation(1).to_json()
    assert Observation.from_json(view).side == 1
    with pytest.raises(InvalidState, match=message):
        Observation.from_json({**view, **change})


def test_the_cards_unseen_are_the_deck_less_every_card_the_seat_can_place():
    data = dealt(3)
    lay(data, 1, "battle", "roll")
    data["discard_pile"].append(take(data, "stop"))
    state = restore(data)
    view = sent(state.observation(2))
    unseen = view.unseen()
    hidden = Counter(state.draw_pile) + Counter(state.hands[0]) + Counter(state.hands[1])
    assert unseen == hidden and sum(unseen.values()) == 106 - 6 - 2
    assert all(count > 0 for count in unseen.values())


def test_after_a_hand_every_seat_sees_its_score_sheet_as_a_copy_of_its_own():
    state = MilleState.new_game(Options(players=2))
    state.last_hand = {"hand_number": 1, "completed_by": None, "reason": "exhausted", "sides": []}
    view = state.observation(1)
    assert view.last_hand == state.last_hand and view.last_hand is not state.last_hand
    view.last_hand["sides"].append("scribbled")
    assert state.last_hand["sides"] == []


def test_a_view_and_the_moment_it_shows_cannot_be_changed():
    """The seat asked is handed the state's own moment: changing it would change the game."""
    state = restore(coup_fourre_question())
    view = state.observation(1)
    assert view.pending is state.pending
    with pytest.raises(FrozenInstanceError):
        view.pending.seat = None  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        view.phase = "deal"  # type: ignore[misc]
    assert state.pending.seat == 1
