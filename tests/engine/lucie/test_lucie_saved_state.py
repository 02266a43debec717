"""Restoring a saved hand of La Belle Lucie is validation: one clear error for anything the
rules could not have produced, and whatever is accepted plays to the end of the hand."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.lucie import LucieGame
from game.engine.lucie.rules import ALL_CARDS, card_text
from game.engine.saved import InvalidState
from tests.mutations import single_change

WORDS = [card_text(c) for c in ALL_CARDS] + ["redeal", "ac", "10H", "C", "S"]


def play(game: LucieGame, rng: random.Random, steps: int) -> None:
    """Random legal actions, with an undo or a redo now and then."""
    for _ in range(steps):
        if game.is_over:
            return
        roll = rng.random()
        if roll < 0.05 and game.can_undo:
            game.undo()
        elif roll < 0.08 and game.can_redo:
            game.redo()
        else:
            game.apply(rng.choice(game.legal_actions()))


@functools.cache
def saved_hands() -> tuple[str, ...]:
    """Saved hands (as JSON text) at every stage of a few seeded hands."""
    found = []
    for deal in (1, 2, 77, 4242):
        rng, game = random.Random(deal), LucieGame.new(deal)
        while not game.is_over:
            found.append(json.dumps(game.to_json()))
            play(game, rng, 3)
        found.append(json.dumps(game.to_json()))
    return tuple(found[::2])


@pytest.mark.parametrize(
    "change, message",
    [
        ({"deal": "9"}, "game.deal: '9' is not a whole number"),
        ({"cursor": 5}, "game.cursor: 5 is not within 0..0"),
        ({"actions": [None]}, "game.actions[0]: None is not a text"),
        ({"actions": ["KH"]}, "game.actions[0]: not a legal action here"),
        ({"actions": ["x" * 100]}, "over 8"),
    ],
)
def test_a_hand_the_rules_could_not_reach_is_refused_with_its_place(change, message):
    data = {**LucieGame.new(9).to_json(), **change}
    with pytest.raises(InvalidState) as refused:
        LucieGame.from_json(data)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda start: start["fans"][0].__setitem__(0, "ZZ"), "not a card"),
        (lambda start: start["fans"][0].__setitem__(0, start["fans"][1][0]), "appears twice"),
        (lambda start: start["fans"][0].pop(), "cards missing"),
        (lambda start: start["foundations"].__setitem__("H", 14), "start.foundations.H: 14"),
        (lambda start: start["foundations"].pop("S"), "start.foundations: no 'S'"),
        (lambda start: start.__setitem__("fans", start["fans"] * 2), "36 items"),
        (lambda start: start.__setitem__("draw_available", 1), "is not true or false"),
        (lambda start: start["fans"].append([]), "start.fans: 19 items, not 0..18"),
        (lambda start: start["fans"][0].__setitem__(0, "KING"), "a text of 4 characters, over 3"),
        (lambda start: start["foundations"].__setitem__("C", -1), "start.foundations.C: -1"),
        (lambda start: start.__setitem__("redeals_left", -1), "start.redeals_left: -1 is not"),
    ],
)
def test_a_damaged_starting_layout_is_refused_with_its_place(damage, message):
    data = LucieGame.new(9).to_json()
    damage(data["start"])
    with pytest.raises(InvalidState) as refused:
        LucieGame.from_json(data)
    assert message in str(refused.value)


def test_every_saved_hand_restores_exactly():
    for text in saved_hands():
        assert json.dumps(LucieGame.from_json(json.loads(text)).to_json()) == text


@settings(max_examples=200)
@given(data=st.data())
def test_one_change_to_a_saved_hand_is_refused_or_plays_to_the_end(data):
    original = json.loads(data.draw(st.sampled_from(saved_hands()), label="saved hand"))
    changed, what = data.draw(single_change(original, WORDS), label="change")
    try:
        game = LucieGame.from_json(changed)
    except InvalidState:
        return  # refused: the storage sets it aside with a notice
    rng = random.Random(data.draw(st.integers(0, 1000), label="seed"))
    for _ in range(100):
        play(game, rng, 10)
        game = LucieGame.from_json(json.loads(json.dumps(game.to_json())))
        if game.is_over:
            return
    raise AssertionError("the hand never ended")


# A hand saved by this version (schema 1) as the file holds it: deal 1, the 9H built, the
# AS home (the 2S followed), a redeal, then the 5C built and taken back.
SAVED_BY_VERSION_1 = (
    '{"version": 1, "deal": 1, "start": {"version": 1, "fans": [["6S", "5D", "7D"], '
    '["4C", "QH", "9H"], ["8C", "KC", "3D"], ["QC", "JH", "5C"], ["4S", "TC", "TH"], '
    '["AH", "6C", "2H"], ["2D", "9C", "3H"], ["JC", "5S", "TS"], ["6D", "JS", "4D"], '
    '["3S", "8S", "QD"], ["QS", "9D", "2S"], ["AD", "8D", "KH"], ["2C", "TD", "7C"], '
    '["4H", "3C", "5H"], ["AC", "JD", "9S"], ["KS", "8H", "KD"], ["6H", "7H", "AS"], '
    '["7S"]], "foundations": {"C": 0, "D": 0, "H": 0, "S": 0}, "redeals_left": 2, '
    '"draw_available": false}, "actions": ["9H", "AS", "redeal", "5C"], "cursor": 3}'
)


def test_a_hand_saved_by_this_version_still_restores_and_saves_the_same():
    game = LucieGame.from_json(json.loads(SAVED_BY_VERSION_1))
    assert game.deal == 1 and game.position.foundations == (0, 0, 0, 2)
    assert game.redeals_left == 1 and not game.can_undo  # the redeal is final
    assert game.can_redo and game.redo_action == "5C"
    assert json.dumps(game.to_json()) == SAVED_BY_VERSION_1
    again = LucieGame.new(1)
    for action in ("9H", "AS", "redeal"):
        again.apply(action)
    assert again.position == game.position


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_a_save_of_another_version_is_refused(version):
    data = json.loads(SAVED_BY_VERSION_1)
    data["version"] = version
    with pytest.raises(InvalidState, match="not a known La Belle Lucie save"):
        LucieGame.from_json(data)
    data = json.loads(SAVED_BY_VERSION_1)
    data["start"]["version"] = version
    with pytest.raises(InvalidState, match="not a known La Belle Lucie position"):
        LucieGame.from_json(data)


def test_a_saved_layout_may_spell_the_ten_10():
    data = LucieGame.new(9).to_json()
    fans = data["start"]["fans"]
    fan, index = next((f, i) for f, fan in enumerate(fans) for i, c in enumerate(fan) if c == "TH")
    fans[fan][index] = "10h"
    assert LucieGame.from_json(data).position == LucieGame.new(9).position


def test_any_deal_number_a_player_can_type_restores_and_no_other():
    highest = LucieGame.new(999_999_999)  # nine digits at the prompt
    assert LucieGame.from_json(json.loads(json.dumps(highest.to_json()))).deal == 999_999_999
    for deal in (-1, 10**9 + 1):
        with pytest.raises(InvalidState, match=rf"game.deal: {deal} is not within 0\.\."):
            LucieGame.from_json({**highest.to_json(), "deal": deal})
