"""The deck: 19 kinds with English and French names, 106 cards (101 in the short deck)."""

from __future__ import annotations

import random

import pytest
from mille_helpers import dealt, lay, restore

from game.engine.mille import cards
from game.engine.mille.cards import (
    CARD_KINDS,
    DISTANCE,
    HAZARD,
    HAZARDS_STOPPED_BY,
    REMEDY,
    SAFETY,
    build_deck,
    deck_counts,
)
from game.engine.mille.rules import DEAL_ACTION, MilleState, Options
from game.engine.saved import InvalidState

COUNTS = {
    "accident": 3,
    "out_of_gas": 3,
    "flat_tire": 3,
    "stop": 5,
    "speed_limit": 4,
    "repairs": 6,
    "gasoline": 6,
    "spare_tire": 6,
    "roll": 14,
    "end_of_limit": 6,
    "driving_ace": 1,
    "extra_tank": 1,
    "puncture_proof": 1,
    "right_of_way": 1,
    "25": 10,
    "50": 10,
    "75": 10,
    "100": 12,
    "200": 4,
}


def test_nineteen_kinds_with_both_names():
    assert len(CARD_KINDS) == 19
    for kind in CARD_KINDS:
        assert kind.english and kind.french
    french = {k.id: k.french for k in CARD_KINDS}
    assert french["right_of_way"] == "Véhicule prioritaire"
    assert french["out_of_gas"] == "Panne d'essence"


def test_the_106_card_deck():
    assert dict(deck_counts()) == COUNTS
    assert len(build_deck()) == 106
    by_category = {}
    for kind in CARD_KINDS:
        by_category[kind.category] = by_category.get(kind.category, 0) + kind.count
    assert by_category == {HAZARD: 18, REMEDY: 38, SAFETY: 4, DISTANCE: 46}


def test_the_official_101_card_deck():
    short = deck_counts(short_deck=True)
    assert sum(short.values()) == 101
    for card in ("stop", "accident", "out_of_gas", "flat_tire", "speed_limit"):
        assert short[card] == COUNTS[card] - 1
    assert Options(players=3, short_deck=True).deck_size == 101
    with pytest.raises(ValueError):
        Options(players=4, short_deck=True)
    state = MilleState.new_game(Options(players=2, short_deck=True))
    state.apply(DEAL_ACTION, random.Random(1))
    assert state.card_count() == 101


@pytest.mark.parametrize("players", [1, 5, 7])
def test_only_two_three_four_or_six_players(players):
    with pytest.raises(ValueError):
        Options(players=players)


@pytest.mark.parametrize(
    "players,sides,target", [(2, 2, 700), (3, 3, 700), (4, 2, 1000), (6, 3, 700)]
)
def test_sides_and_targets(players, sides, target):
    options = Options(players=players)
    assert options.sides == sides and options.start_target == target
    state = MilleState.new_game(options)
    # Partners share a tableau and sit apart: seats 0 and 2 (four), 0 and 3 (six).
    assert [state.side_of(seat) for seat in range(players)] == [
        seat % sides for seat in range(players)
    ]
    assert len(state.tableaux) == sides


def test_the_four_families_of_the_rules_table():
    assert cards.HAZARDS == ("accident", "out_of_gas", "flat_tire", "stop", "speed_limit")
    assert cards.REMEDIES == ("repairs", "gasoline", "spare_tire", "roll", "end_of_limit")
    assert cards.SAFETIES == ("driving_ace", "extra_tank", "puncture_proof", "right_of_way")
    assert cards.DISTANCES == ("25", "50", "75", "100", "200")
    assert cards.KM == {"25": 25, "50": 50, "75": 75, "100": 100, "200": 200}
    assert all(kind.km == 0 for kind in CARD_KINDS if kind.category != DISTANCE)


def test_each_safety_stops_its_hazards_and_right_of_way_two():
    assert HAZARDS_STOPPED_BY == {
        "driving_ace": ("accident",),
        "extra_tank": ("out_of_gas",),
        "puncture_proof": ("flat_tire",),
        "right_of_way": ("stop", "speed_limit"),
    }


def test_a_kind_of_card_is_a_value():
    kind = CARD_KINDS[0]
    assert len(set(CARD_KINDS)) == 19
    with pytest.raises(AttributeError):
        kind.count = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    "pile, card", [("distance", "stop"), ("safeties", "25"), ("battle", "speed_limit")]
)
def test_a_card_out_of_its_place_on_a_tableau_is_refused(pile, card):
    data = dealt()
    lay(data, 1, pile, card)
    with pytest.raises(InvalidState, match=rf"tableaux\[1\]\.{pile}\[0\]: '{card}' is not one"):
        restore(data)
