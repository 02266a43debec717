"""The guest's check of every view (game.net.bot runs it on each one a guest gets): no
card its seat may not see, and no coup fourré moment that tells who is asked."""

from __future__ import annotations

import pytest
from test_mille_turns import moment_both_ways

from game.engine.mille.guest import MilleGuest


def view_message(state, seat: int, **top) -> dict:
    """A view as a host sends it: the seat's observation, and the table's fields."""
    asked = state.to_act == seat
    message = {
        "type": "view",
        "moves": 7,
        "seat": seat,
        "to_act": state.to_act if asked else None,
        "your_turn": asked,
        "legal": [a.to_json() for a in state.legal_actions()] if asked else [],
        "view": state.observation(seat).to_json(),
        "waiting_for": None,
    }
    message.update(top)
    return message


@pytest.mark.parametrize("held", [True, False])
def test_the_moment_as_a_host_sends_it_passes_the_check(held):
    state = moment_both_ways()[0 if held else 1]
    assert MilleGuest.check(view_message(state, 0)) is None
    assert MilleGuest.check(view_message(state, 1)) is None


@pytest.mark.parametrize(
    "top, problem",
    [
        ({"to_act": 1}, "names a seat"),
        ({"waiting_for": "Bea"}, "names a seat"),
        ({"your_turn": True}, "who is asked"),
    ],
)
def test_a_moment_that_tells_who_is_asked_is_caught(top, problem):
    held, _ = moment_both_ways()
    assert problem in MilleGuest.check(view_message(held, 0, **top))


def test_a_moment_whose_pending_names_the_seat_asked_is_caught():
    held, _ = moment_both_ways()
    message = view_message(held, 0)
    message["view"]["pending"]["seat"] = 1
    assert "who is asked" in MilleGuest.check(message)


def test_a_question_out_of_its_seats_turn_is_caught():
    held, _ = moment_both_ways()
    assert "not its turn" in MilleGuest.check(view_message(held, 1, your_turn=False))
