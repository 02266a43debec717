"""A guest's table for a game where nothing is hidden (Farkle, Shut The Box): the host's
events are pictured here as at the host, and nothing a host sends, however wrong, breaks
the guest's screen (it is checked first; what fails is said, and the table shown as the
state stands)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.farkle import HUMAN, ROLL_ALL, FarkleOptions, FarkleState, Seat
from game.engine.shutbox import Player, Roll, ShutBoxState
from game.scenes.farkle.joined import FarkleGuestScene
from game.scenes.shutbox.joined import ShutBoxGuestScene
from game.shell.registry import load_games
from game.table.guest import checked_events, pictured_guest
from game.table.seats import REMOTE, TableSeat
from game.table.talk import BAD
from tests.harness import run

SEATS = [TableSeat("Ann"), TableSeat("Bea", REMOTE)]


def farkle_state() -> FarkleState:
    return FarkleState.new([Seat(HUMAN, None, "Ann"), Seat(HUMAN, None, "Bea")], FarkleOptions())


def shutbox_state() -> ShutBoxState:
    return ShutBoxState.new([Player("Ann"), Player("Bea")])


# (guest table, the view's field, a new state, the host's move: its events)
GAMES = {
    "farkle": (
        FarkleGuestScene,
        "state",
        farkle_state,
        lambda state: state.apply(ROLL_ALL, random.Random(2)),
    ),
    "shutbox": (
        ShutBoxGuestScene,
        "engine",
        shutbox_state,
        lambda state: state.apply(Roll(2), random.Random(2)),
    ),
}


def guest_table(app, game: str, move: bool = True):
    load_games()
    make, field, new_state, host_move = GAMES[game]
    return pictured_guest(
        app, make, field, new_state(), 1, SEATS, host_move if move else None, ticks=1
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hosts_roll_tumbles_here_and_is_told_once(new_app, game):
    app = new_app()
    table = guest_table(app, game)
    assert table.tray.rolling, "the host's dice tumble on the guest's screen"
    assert app.sounds.count("dice_rattle") == 1
    run(app, 120)
    assert not table.tray.rolling
    rolls = [line.text for line in table.talk.log if line.text.startswith("Ann rolls")]
    assert len(rolls) == 1, "told once, when the dice have landed"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_view_this_table_cannot_read_is_said_and_the_table_stays(new_app, game):
    app = new_app()
    table = guest_table(app, game, move=False)
    before = table.state.to_json()
    for view in (
        {"view": None},
        {"view": {"state": 7, "engine": 7}},
        {"view": "junk"},
        {"moves": True},
    ):
        table.take_view(view)
        assert table.talk.passing is not None and table.talk.passing.tone == BAD
    assert table.state.to_json() == before
    run(app, 5)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
EVENT_KINDS = st.sampled_from(
    [
        "roll",
        "hold",
        "shut",
        "farkle",
        "bank",
        "box_shut",
        "turn_over",
        "unusable_roll",
        "hot_dice",
        "final_round",
        "turn_start",
        "game_over",
        "bank_refused",
        "nonsense",
    ]
)
FIELD_NAMES = st.sampled_from(
    [
        "seat",
        "player",
        "dice",
        "indices",
        "doors",
        "points",
        "score",
        "total",
        "lost",
        "turn_points",
        "other",
    ]
)
FORGED_EVENT = st.builds(
    lambda kind, fields: {"kind": kind, **fields},
    EVENT_KINDS,
    st.dictionaries(FIELD_NAMES, JSON, max_size=5),
)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(events=st.lists(FORGED_EVENT | JSON, max_size=5))
def test_forged_events_never_break_the_guests_table(new_app, game, events):
    app = new_app()
    table = guest_table(app, game, move=False)
    make, field, new_state, host_move = GAMES[game]
    state = new_state()
    host_move(state)
    table.take_view(
        {"type": "view", "moves": 13, "view": {field: state.to_json()}, "events": events}
    )
    run(app, 30)
    table.hurry()
    run(app, 2)
    assert table.state.to_json() == state.to_json(), "the host's state is shown"


def test_an_event_is_taken_only_with_every_field_it_needs_and_in_range():
    fields = ShutBoxGuestScene.EVENT_FIELDS
    good = {"kind": "roll", "player": 1, "dice": [3, 4], "total": 7}
    assert checked_events([good], fields, 2)[0].data == {"player": 1, "dice": [3, 4]}
    assert checked_events([{"kind": "game_over", "winners": [0]}], fields, 2) == []
    for bad in (
        {**good, "player": 2},
        {**good, "dice": [3, 7]},
        {**good, "dice": [1, 2, 3]},
        {**good, "player": True},
        {"kind": "roll", "player": 0},
    ):
        assert checked_events([good, bad], fields, 2) is None
    assert checked_events("junk", fields, 2) is None
