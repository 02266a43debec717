"""A connected guest cannot stall a table for ever (issue 29): with a turn timer, a guest
who does not decide in time has the computer play the rest of that turn, every guest is
told, and the guest's own screen counts the time down. Off unless the host asks for it
(the set-up's option, --turn-timer S)."""

from __future__ import annotations

import pygame

from game.net.protocol import said_from_json
from game.shell.options import parse_options
from game.shell.registry import load_games
from game.table.door import Door
from game.table.guest import GuestLink
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.harness import run, words_on_screen
from tests.scenes.test_network_table import Clock, next_message, pump
from tests.scenes.test_table_net_actions import Inbox, join, my_turn, open_table

SEATS = [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)]


def test_a_guest_who_lets_the_timer_run_out_has_the_computer_play_that_turn(new_app):
    """The attack: a connected guest who never acts. With a 30 s timer the table waits
    30 s of its clock, no more."""
    app = new_app(fast=True)
    clock = Clock()
    table = open_table(app, "farkle", SEATS, Door(port=0, bind="127.0.0.1", turn_timer_s=30), clock)
    try:
        guest = join(app, table)
        view = my_turn(guest, app, table)
        assert view["time_left"] == 30, "the guest is told how long it has"
        moves = table.moves
        clock.now += 29
        run(app, 30)
        assert table.moves == moves and not table.played_by_computer(1), "not yet"
        clock.now += 2
        pump(app, lambda: table.moves > moves)
        assert any("Time is up" in line.text for line in table.talk.log)
        told = next_message(guest, app, "view", 60.0)
        while not any("Time is up" in str(said_from_json(said)) for said, _ in told["news"]):
            told = next_message(guest, app, "view", 60.0)
        assert not told["your_turn"] and told["time_left"] is None
        guest.send_action(view["legal"][0], table.moves)
        assert next_message(guest, app, "refused")["code"] in ("not_your_turn", "stale")
        # The next turn of the guest's is the guest's again, with the whole time.
        view = my_turn(guest, app, table)
        assert view["your_turn"] and view["time_left"] == 30
        assert not table.played_by_computer(1)
    finally:
        table.net.close()


def test_no_timer_unless_asked_for(new_app):
    app = new_app(fast=True)
    clock = Clock()
    table = open_table(app, "farkle", SEATS, clock=clock)
    try:
        guest = join(app, table)
        view = my_turn(guest, app, table)
        assert view["time_left"] is None
        moves = table.moves
        clock.now += 10_000
        run(app, 60)
        assert table.moves == moves, "the table waits for a guest who is there"
    finally:
        table.net.close()


def test_the_guests_screen_counts_the_time_down(new_app):
    from tests.scenes.test_guest_tables import guest_table

    app = new_app()
    table = guest_table(app, "farkle", move=False)
    view = {
        "type": "view",
        "moves": 12,
        "game": 1,
        "your_turn": True,
        "time_left": 25,
        "view": {"state": table.state.to_json()},
        "events": [],
        "news": [],
    }
    table.guest = GuestLink(Inbox(view), 1)
    run(app, 1)
    assert "Your move: 0:25" in words_on_screen(app)
    table.guest.deadline -= 20
    run(app, 1)
    assert "Your move: 0:05" in words_on_screen(app)
    table.guest.client.messages.append({**view, "your_turn": False, "time_left": None})
    run(app, 1)
    assert not any(word.startswith("Your move") for word in words_on_screen(app))


def test_the_turn_timer_is_an_option_of_the_set_up_and_a_flag(new_app):
    from game.shell.registry import game_info
    from game.shell.setup import FRIEND, HUMAN, NONE
    from game.table.starting import TURN_TIMER
    from tests.harness import key

    assert parse_options(["--turn-timer", "45"]).turn_timer == 45
    assert parse_options([]).turn_timer == 0
    load_games()
    app = new_app(fast=True, port=0)
    setup = app.push(game_info("shutbox").new_scene(app))
    assert TURN_TIMER in setup.options
    setup.seats[0].kind, setup.seats[1].kind = HUMAN, FRIEND
    for seat in setup.seats[2:]:
        seat.kind = NONE
    setup.values[TURN_TIMER.key] = 60
    key(app, pygame.K_s, text="s")
    table = app.scenes.top.table  # under its panel
    try:
        assert table.net is not None and table.net.turn_timer_s == 60
    finally:
        table.net.close()


def test_every_guests_table_draws_the_turn_timers_clock():
    """The clock is GuestScreen's: every network game's guest table has it in its bases."""
    from game.shell.registry import network_games
    from game.table.guest import GuestScreen

    load_games()
    joins = {info.id: info.network_join for info in network_games()}
    assert joins and all(joins.values())
    assert not [game for game, scene in joins.items() if not issubclass(scene, GuestScreen)]
