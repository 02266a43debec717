"""The referee's side of a network table under attack, on the loopback address (issue 29):
an action is applied at most once and only as an answer to the table as it stands (a
copy, or one made for another view, is refused as "stale", which no guest's screen
shows); a guest who comes back again and again neither floods the move log nor renames
the seat; and no guest learns the host's address on its network."""

from __future__ import annotations

import random
from contextlib import contextmanager

from game.net import protocol
from game.net.client import NetClient
from game.net.door import RETURNS_PER_MINUTE
from game.shell.registry import game_info, load_games
from game.table.door import Door, open_to_guests
from game.table.guest import GuestLink
from game.table.remote import COMINGS_AND_GOINGS_QUIET_S
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from tests.harness import run
from tests.scenes.test_network_table import Clock, next_message, pump

LOOPBACK = Door(port=0, bind="127.0.0.1")


def open_table(app, game: str, seats, door: Door = LOOPBACK, clock=None):
    """A new table of `game` for `seats`, opened to guests on the loopback address as the
    set-up opens one (its door, its code), on top of the app."""
    load_games()
    table = game_info(game).network_table(app, seats)
    open_to_guests(table, door)
    if clock is not None:
        table.net.clock = clock
    app.push(table)
    return table


def join(app, table, name: str = "Bea", **kwargs) -> NetClient:
    """A guest at the table (welcomed, and seen sitting down by the table)."""
    guest = NetClient("127.0.0.1", table.net.host.port, table.net.code, name, **kwargs).start()
    seat = next_message(guest, app, "welcome")["seat"]
    pump(app, lambda: seat in table.net.seated)
    return guest


def my_turn(guest: NetClient, app, table) -> dict:
    """The view in which the table waits for this guest's decision, as it stands now."""
    while True:
        view = next_message(guest, app, "view", 60.0)
        if view["your_turn"] and view["moves"] == table.moves:
            return view


def play_as_guest(app, guest: NetClient, table, player, done) -> None:
    """The guest plays its seat with `player` (a network guest: choose(view, legal))
    until `done()`."""
    unread: list[dict] = guest.__dict__.setdefault("unread", [])

    def something() -> bool:
        unread.extend(guest.poll())
        return done() or bool(unread)

    while not done():
        pump(app, something, 60.0)
        while unread:
            message = unread.pop(0)
            if message["type"] == "view" and message["your_turn"]:
                if message["moves"] == table.moves:
                    guest.send_action(
                        player.choose(message["view"], message["legal"]), message["moves"]
                    )


@contextmanager
def a_farkle_game_played_to_its_end_with_a_guest(app):
    """Ann (a computer) and Bea (a guest over the loopback door) at a Farkle table, played
    to its end: Ann's first bank starts the final round. Yields (table, its NetHost side,
    Bea's client, Bea's player); the door is closed afterwards."""
    table = open_table(
        app, "farkle", [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)]
    )
    table.state.scores[0] = 9_950
    net = table.net
    try:
        guest = join(app, table)
        player = game_info("farkle").network_guest("standard", random.Random(3))
        play_as_guest(app, guest, table, player, lambda: table.finished)
        yield table, net, guest, player
    finally:
        net.close()


def test_a_farkle_roll_sent_twice_is_applied_once(new_app):
    """The attack: one Farkle roll message sent twice, back to back. The copy answers a
    view the table has left: it is refused as stale, 28 times of 28."""
    app = new_app(fast=True)
    table = open_table(
        app, "farkle", [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)]
    )
    try:
        guest = join(app, table)
        player = game_info("farkle").network_guest("standard", random.Random(5))
        applied: list[int] = []
        submit = table.submit

        def counted(seat, action) -> bool:
            done = submit(seat, action)
            applied.extend([seat] if done else [])
            return done

        table.submit = counted
        twice = 0
        while twice < 28 and not table.is_over:
            view = my_turn(guest, app, table)
            rolls = [action for action in view["legal"] if action[0] == "roll"]
            action = rolls[0] if rolls else player.choose(view["view"], view["legal"])
            guest.send_action(action, view["moves"])
            guest.send_action(action, view["moves"])
            refusal = next_message(guest, app, "refused")
            assert refusal["code"] == "stale" and not refusal["fatal"]
            twice += 1
            assert applied == [1] * twice, "each message sent twice is applied once"
        assert twice == 28
    finally:
        table.net.close()


def test_an_action_for_a_view_that_never_was_is_refused_and_not_applied(new_app):
    app = new_app(fast=True)
    table = open_table(
        app, "farkle", [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)]
    )
    try:
        guest = join(app, table)
        view = my_turn(guest, app, table)
        moves = table.moves
        for forged in (-999_999, True, "12", None):  # no view ever had these
            guest.send_raw(
                protocol.encode({"type": "action", "action": view["legal"][0], "moves": forged})
            )
            assert not next_message(guest, app, "refused")["fatal"]
        for forged in (moves + 1, moves - 1):  # views the table has not, or no longer
            guest.send_action(view["legal"][0], forged)
            assert next_message(guest, app, "refused")["code"] == "stale"
        run(app, 5)
        assert table.moves == moves, "nothing was applied"
        guest.send_action(view["legal"][0], view["moves"])
        pump(app, lambda: table.moves > moves)
    finally:
        table.net.close()


class Inbox:
    """A client that never connects: the messages a test hands its GuestLink."""

    def __init__(self, *messages: dict) -> None:
        self.messages = list(messages)
        self.sent: list = []

    def poll(self) -> list[dict]:
        messages, self.messages = self.messages, []
        return messages

    def send_action(self, action, moves) -> None:
        self.sent.append((action, moves))

    def close(self) -> None:
        pass


def test_a_stale_refusal_is_never_shown_to_the_guest(new_app):
    from tests.scenes.test_guest_tables import guest_table

    app = new_app()
    table = guest_table(app, "farkle", move=False)
    client = Inbox(protocol.refused("stale", "that move answers an earlier view"))
    table.guest = GuestLink(client, 1)
    run(app, 2)
    assert table.talk.passing is None and "error" not in app.sounds, "nothing to see"
    client.messages.append(protocol.refused("illegal", "the rules do not allow that now"))
    run(app, 1)
    assert "rules do not allow" in table.talk.passing.text and "error" in app.sounds


def test_a_guest_coming_back_again_and_again_is_told_once_and_keeps_her_name(new_app):
    """The attack: coming back with the token again and again (as often as the door
    lets a seat: net.door.RETURNS_PER_MINUTE), under other names (the other player's, a
    computer's). The seat keeps the name of the first join, and each guest's move log
    hears of it once."""
    app = new_app(fast=True)
    clock = Clock()
    table = open_table(app, "mille", [TableSeat("Ann", HERE), TableSeat("Guest", REMOTE)])
    table.net.clock = clock
    try:
        first = join(app, table, "Bea")
        token = first.token
        assert table.name(1) == "Bea"
        first.close()
        pump(app, lambda: 1 not in table.net.seated)
        for again in range(RETURNS_PER_MINUTE - 2):
            name = ("Ann", "Computer 1", "Eve")[again % 3]
            back = NetClient(
                "127.0.0.1", table.net.host.port, table.net.code, name, seat=1, token=token
            ).start()
            assert next_message(back, app, "welcome")["seat"] == 1
            pump(app, lambda: 1 in table.net.seated)
            assert table.name(1) == "Bea", "the seat keeps the name she came with"
            back.close()
            pump(app, lambda: 1 not in table.net.seated)
        log = [line.text for line in table.talk.log]
        assert sum("Bea left" in line for line in log) == 1
        assert sum("Bea is back" in line for line in log) == 1
        assert sum("takes seat" in line for line in log) == 1
        clock.now += COMINGS_AND_GOINGS_QUIET_S  # a while later it is news again
        back = NetClient(
            "127.0.0.1", table.net.host.port, table.net.code, "Bea", seat=1, token=token
        ).start()
        next_message(back, app, "welcome")
        pump(app, lambda: 1 in table.net.seated)
        back.close()
        pump(app, lambda: 1 not in table.net.seated)
        assert sum("Bea left" in line.text for line in table.talk.log) == 2
    finally:
        table.net.close()


def test_no_guest_learns_the_hosts_address_on_its_network(new_app, monkeypatch):
    """The host's own screen says where friends connect; nothing a guest receives does,
    from the first view's news on."""
    import game.table.door

    monkeypatch.setattr(game.table.door, "local_address", lambda: "192.168.77.77")
    app = new_app(fast=True)
    table = open_table(
        app,
        "farkle",
        [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)],
        Door(port=0),  # every interface, as a host listens by default
    )
    try:
        assert "192.168.77.77" in table.talk.news.text, "the host reads it"
        guest = NetClient("127.0.0.1", table.net.host.port, table.net.code, "Bea").start()
        received: list[dict] = []
        guest.poll = _recording(guest.poll, received)
        next_message(guest, app, "welcome")
        player = game_info("farkle").network_guest("standard", random.Random(1))
        for _ in range(6):
            view = my_turn(guest, app, table)
            guest.send_action(player.choose(view["view"], view["legal"]), view["moves"])
        run(app, 5)
        assert len(received) > 6
        assert not any("192.168." in protocol.encode(message) for message in received)
        assert not any("192.168.77.77" in line.text for line in table.talk.log)
    finally:
        table.net.close()


def _recording(poll, into: list):
    def recorded() -> list[dict]:
        messages = poll()
        into.extend(messages)
        return messages

    return recorded
