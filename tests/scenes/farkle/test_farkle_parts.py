"""The parts of Farkle's table on their own: its network face (wire.py), the state the
presenter shows while a roll's dice tumble (presenter.py) and the arrows' cursor stops
(controls.py)."""

import pytest

from game.engine.farkle import BANK, ROLL, FarkleAction
from game.scenes.farkle import layout, view, wire
from game.scenes.farkle.controls import CURSOR_CENTRE, DIRECTIONS, nearest_stop
from game.scenes.farkle.pictures import ScriptedDice, table
from game.scenes.farkle.presenter import checked_slots, state_as_rolled


@pytest.mark.parametrize("action", [FarkleAction(ROLL, (0, 2)), FarkleAction(BANK, ())])
def test_an_action_goes_over_the_wire_and_back(action):
    face = wire.FACE
    assert face.read_action(face.write_action(action)) == action


@pytest.mark.parametrize(
    "data",
    [
        ["cheat", [0]],
        [ROLL, "0"],
        [BANK, list(range(layout.DICE + 1))],
        [ROLL, [6]],
        [ROLL, [True]],
    ],
)
def test_anything_else_is_not_an_action(data):
    with pytest.raises(ValueError):
        wire.FACE.read_action(data)


def test_a_guest_is_sent_the_whole_state():
    state = table([2350, 3100, 1450], 0, roll=(4, 2, 4, 4), turn_points=150, set_aside=(1, 5))
    view = wire.FACE.view(state, 1)
    assert view == {"state": state.to_json()}, "under the field guests have always read"
    assert wire.FACE.read_state(view).to_json() == state.to_json()


def test_a_guest_s_name_is_the_engine_s_too():
    state = table([2350, 3100, 1450], 0)
    wire.FACE.rename(state, 2, "Bea")
    assert state.seats[2].name == "Bea"


def test_a_farkle_is_shown_as_the_roll_left_the_table():
    """The engine passes the dice at once; the presenter's state keeps the roll's seat at
    it, with the dice it kept and its turn total, until the dice land."""
    before = table([2350, 3100, 1450], 0, roll=(1, 5, 5, 3), turn_points=400, set_aside=(2, 2))
    after = before.__class__.from_json(before.to_json())
    events = after.apply(FarkleAction(ROLL, (0, 1)), ScriptedDice((3, 6)))
    assert after.current == 1, "the engine has passed the dice"
    shown = state_as_rolled(before, events)
    assert shown.current == 0 and shown.roll == (3, 6)
    assert shown.set_aside == (2, 2, 1, 5) and shown.turn_points == 550


def test_saved_ring_slots_are_used_only_when_they_fit():
    assert checked_slots([5, 1], 2) == [5, 1]
    assert checked_slots([5, 5], 2) == [0, 1], "two dice in one slot"
    assert checked_slots([0, layout.DICE], 2) == [0, 1], "off the ring"
    assert checked_slots(["x"], 1) == [0]
    assert checked_slots(None, 3) == [0, 1, 2]


def test_an_arrow_stays_put_at_the_edge_of_the_ring():
    stops = list(range(layout.DICE)) + [CURSOR_CENTRE]
    assert nearest_stop(2, stops, DIRECTIONS["right"]) == 2, "die 3 is the rightmost"
    assert nearest_stop(2, stops, DIRECTIONS["left"]) == CURSOR_CENTRE


def test_with_dice_at_1_2_4_and_5_an_arrow_still_leads_to_the_blank_die():
    stops = [0, 1, 3, 4, CURSOR_CENTRE]
    assert nearest_stop(0, stops, DIRECTIONS["down"]) == CURSOR_CENTRE
    assert nearest_stop(0, [0, 1, 3, 4, 5, CURSOR_CENTRE], DIRECTIONS["down"]) == 4, (
        "with die 6 there, the blank die is reached across from it: Down goes straight"
    )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_coachs_words_at_the_end_are_not_cut_off(seats):
    """Seen in a real window: the standings panel showed one line of the coach's two,
    ending at "V reviews", and never said what V reviews."""
    one = (
        "54 moves from hints, not counted, no decision of your own; V reviews the 5 "
        "that cost something."
    )
    two = (
        "Annabel: accuracy 87 over 31 decisions (2 moves from hints, not counted). "
        "Bartholomew: accuracy 74 over 29 decisions; V reviews the 12 that cost something."
    )
    for words in (one, two):
        assert " ".join(view.coach_lines(words, seats)) == words
