"""A table on the network, in one process over the loopback address: guests take seats
with the table's code, play their seat's actions through the table's referee, see only
what their seat may see, drop and come back; and nothing they send breaks the host.
(The whole game between separate processes is tests/net/test_network_games.py.)"""

from __future__ import annotations

import json
import random
import threading
import time

import pytest

from game.engine.mille.guest import MilleGuest
from game.net import protocol
from game.net.client import NetClient
from game.net.host import NetHost
from game.net.protocol import said_from_json
from game.shell.registry import game_info, load_games
from game.table.pictures import relay_panel
from game.table.remote import RemoteSeats
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from tests.harness import run, words_on_screen

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

CODE = "K7QXR2M9"


class Clock:
    """A clock the test moves on (how long a guest has been away)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def network_table(app, seats, clock=None, stand_in_after_s=30.0, game="mille"):
    load_games()
    info = game_info(game)
    table = info.network_table(app, seats)
    host = NetHost(
        CODE,
        {s: t.name for s, t in enumerate(seats) if t.kind == REMOTE},
        game,
        port=0,
        bind="127.0.0.1",
    )
    host.start()
    table.net = RemoteSeats(
        table, host, stand_in_after_s=stand_in_after_s, clock=clock or time.monotonic
    )
    app.push(table)
    return table, host.port


def pump(app, until, seconds: float = 20.0) -> None:
    """Run the table (and give the network threads time) until `until()`."""
    deadline = time.monotonic() + seconds
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError("the table never got there")
        run(app, 1)
        time.sleep(0.002)


def next_message(client: NetClient, app, kind: str, seconds: float = 10.0) -> dict:
    """The next message of `kind` for this guest (running the table meanwhile); messages
    of other kinds before it are passed over, those after it kept for the next call."""
    waiting: list[dict] = client.__dict__.setdefault("unread", [])
    found: list[dict] = []

    def arrived() -> bool:
        waiting.extend(client.poll())
        while waiting and not found:
            message = waiting.pop(0)
            if message["type"] == kind:
                found.append(message)
            elif message["type"] == "closed" and kind != "closed":
                raise AssertionError(f"closed: {message}")
        return bool(found)

    pump(app, arrived, seconds)
    return found[0]


def guest_turn_view(client, app, table) -> dict:
    """Views until one says it is the guest's turn."""
    while True:
        view = next_message(client, app, "view", 30.0)
        if view["your_turn"]:
            return view


@pytest.fixture
def table_for_two(new_app):
    app = new_app(fast=True)
    table, port = network_table(
        app, [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Guest", REMOTE)]
    )
    yield app, table, port
    table.net.close()


def test_a_guest_takes_the_seat_and_plays_it_through_the_referee(table_for_two):
    app, table, port = table_for_two
    guest = NetClient("127.0.0.1", port, protocol.shown_code(CODE).lower(), "Bea").start()
    welcome = next_message(guest, app, "welcome")
    assert welcome["seat"] == 1 and welcome["token"]
    pump(app, lambda: table.name(1) == "Bea")
    view = guest_turn_view(guest, app, table)
    assert MilleGuest.check(view) is None, "only what the seat may see"
    assert view["legal"] and view["names"] == ["Ann", "Bea"]
    moves = table.moves
    choice = MilleGuest("basic", random.Random(1)).choose(view["view"], view["legal"])
    guest.send_action(choice, view["moves"])
    pump(app, lambda: table.moves > moves)
    assert table.moves > moves, "the table applied the guest's action"
    guest.close()


def network_games() -> list[str]:
    return [info.id for info in load_games() if info.network_table is not None]


@pytest.mark.parametrize("game", network_games())
def test_every_network_game_seats_a_guest_who_plays_through_the_referee(new_app, game):
    """Each game played over the network: a guest takes a seat, its views pass the game's
    check, junk is refused, and its computer-chosen actions move the table, to the end."""
    app = new_app(fast=True)
    info = game_info(game)
    level = next(iter(info.level_labels))
    table, port = network_table(
        app, [TableSeat("Ann", COMPUTER, level), TableSeat("Guest", REMOTE)], game=game
    )
    try:
        guest = NetClient("127.0.0.1", port, CODE, "Bea").start()
        assert next_message(guest, app, "welcome")["seat"] == 1
        player = info.network_guest(level, random.Random(1))
        view = guest_turn_view(guest, app, table)
        assert view["names"] == ["Ann", "Bea"] and view["legal"]
        guest.send_action({"junk": True}, view["moves"])
        assert "not an action" in next_message(guest, app, "refused")["reason"]
        for _ in range(6):
            assert player.check(view) is None, "only what the seat may see, and legal moves"
            moves = table.moves
            guest.send_action(player.choose(view["view"], view["legal"]), view["moves"])
            pump(app, lambda moves=moves: table.moves > moves or table.is_over)
            if table.is_over:
                break
            view = guest_turn_view(guest, app, table)
            while view["moves"] != table.moves:  # a view re-sent with news lines
                view = guest_turn_view(guest, app, table)
        guest.close()
    finally:
        table.net.close()


def test_wrong_turns_illegal_actions_and_junk_are_refused_and_the_table_plays_on(table_for_two):
    app, table, port = table_for_two
    guest = NetClient("127.0.0.1", port, CODE, "Bea").start()
    next_message(guest, app, "welcome")
    view = guest_turn_view(guest, app, table)
    moves = table.moves
    for action, why in (
        # The engine's reader (its action_from_json) turns away what is no action of the
        # game at all; an action the rules do not allow now is the rules' to refuse.
        (["play", "no_such_card", 0], "not an action"),
        ("junk", "not an action"),
        ({"a": 1}, "not an action"),
        (["play", "200", 9, 9], "not an action"),
        (["end_hand", "", -1], "rules"),
    ):
        guest.send_action(action, view["moves"])
        refusal = next_message(guest, app, "refused")
        assert why in refusal["reason"] and not refusal["fatal"]
    guest.send_raw("not json at all")
    assert "not JSON" in next_message(guest, app, "refused")["reason"]
    assert table.moves == moves, "nothing was applied"
    choice = MilleGuest("basic", random.Random(1)).choose(view["view"], view["legal"])
    guest.send_action(choice, view["moves"])
    pump(app, lambda: table.moves > moves)


def test_a_wrong_code_never_gets_a_seat_and_a_taken_seat_stays_taken(table_for_two):
    app, table, port = table_for_two
    stranger = NetClient("127.0.0.1", port, "AAAAAAAA", "Eve").start()
    refusal = next_message(stranger, app, "refused")
    assert refusal["fatal"] and "code" in refusal["reason"]
    guest = NetClient("127.0.0.1", port, CODE, "Bea").start()
    next_message(guest, app, "welcome")
    second = NetClient("127.0.0.1", port, CODE, "Eve", seat=1).start()
    assert "taken" in next_message(second, app, "refused")["reason"]
    assert table.net.host.connected == {1}


@pytest.mark.parametrize("game", network_games())
def test_a_dropped_guest_waits_then_the_computer_stands_in_until_she_is_back(new_app, game):
    app = new_app(fast=True)
    clock = Clock()
    table, port = network_table(
        app,
        [TableSeat("Ann", HERE), TableSeat("Guest", REMOTE)],
        clock,
        stand_in_after_s=30.0,
        game=game,
    )
    guest = NetClient("127.0.0.1", port, CODE, "Bea").start()
    next_message(guest, app, "welcome")
    pump(app, lambda: 1 not in table.net.away_since)  # she sits down
    token = guest.token
    guest.send_raw("")  # then drop without a goodbye
    guest._connection.transport.abort()  # noqa: SLF001 - a pulled cable
    pump(app, lambda: 1 in table.net.away_since)
    assert not table.played_by_computer(1), "her seat waits for her first"
    assert any("Bea left the table" in line.text for line in table.talk.log)
    clock.now += 31
    pump(app, lambda: 1 in table.net.stood_in)
    assert table.played_by_computer(1), "then the computer plays it"
    back = NetClient("127.0.0.1", port, CODE, "Bea", seat=1, token=token).start()
    assert next_message(back, app, "welcome")["seat"] == 1
    pump(app, lambda: not table.played_by_computer(1))
    assert any("Bea is back" in line.text for line in table.talk.log)
    impostor = NetClient("127.0.0.1", port, CODE, "Eve", seat=1).start()
    assert next_message(impostor, app, "refused")["fatal"]


def test_thousands_of_broken_and_forged_messages_never_break_the_host(table_for_two):
    """A fuzz test: random bytes, truncated and oversized JSON, forged hellos and actions
    for other seats, from several connections, while the table plays on."""
    app, table, port = table_for_two
    rng = random.Random(1989)
    guest = NetClient("127.0.0.1", port, CODE, "Bea").start()
    next_message(guest, app, "welcome")
    view = guest_turn_view(guest, app, table)
    good = json.dumps(protocol.action_message(view["legal"][0], view["moves"]))
    forged = [
        protocol.encode(protocol.hello(CODE, "Eve", 0)),
        good[: len(good) // 2],
        protocol.encode({"type": "action", "action": ["play", "stop", 0], "seat": 0}),
        protocol.encode({"type": "view", "moves": 1}),
        "{" * 2000,
        "[]" * 3000,
        protocol.encode({"type": "action", "action": [1e308, None, {"x": []}]}),
    ]
    sent = 0
    strangers = [
        NetClient("127.0.0.1", port, rng.choice([CODE, "ZZZZZZZZ"]), "Mal").start()
        for _ in range(4)
    ]
    for _ in range(40):
        for client in [guest] + strangers:
            for _ in range(25):
                kind = rng.random()
                if kind < 0.3:
                    text = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
                elif kind < 0.6:
                    text = rng.choice(forged)
                elif kind < 0.8:
                    text = good[: rng.randrange(len(good))]
                else:
                    text = "x" * rng.choice((10, protocol.MAX_MESSAGE_BYTES + 10))
                client.send_raw(text)
                sent += 1
        run(app, 2)
        time.sleep(0.005)
    assert sent >= 4000
    pump(app, lambda: True)
    # The host is still serving: a new guest with the code gets a seat back and plays.
    for client in [guest] + strangers:
        client.close()
    pump(app, lambda: not table.net.host.connected, 10.0)
    back = NetClient("127.0.0.1", port, CODE, "Bea", seat=1, token=guest.token).start()
    assert next_message(back, app, "welcome")["seat"] == 1
    view = guest_turn_view(back, app, table)
    moves = table.moves
    back.send_action(
        MilleGuest("basic", random.Random(2)).choose(view["view"], view["legal"]), view["moves"]
    )
    pump(app, lambda: table.moves > moves)
    assert table.net.host.error is None


@pytest.mark.parametrize("game", network_games())
def test_a_friends_seat_in_the_set_up_opens_the_table_to_the_network(new_app, game):
    import pygame

    from game.shell.setup import FRIEND, HUMAN, NONE
    from game.table.starting import STAND_IN
    from tests.harness import key

    app = new_app(fast=True, port=0)
    setup = app.push(game_info(game).new_scene(app))
    assert "Friend (network)" in [
        setup.seat_label(type(setup.seats[0])(kind, "x", level))
        for kind, level in setup.seat_choices()
    ]
    setup.seats[0].kind, setup.seats[1].kind = HUMAN, FRIEND
    for seat in setup.seats[2:]:
        seat.kind = NONE  # two at the table: every game allows it
    setup.values[STAND_IN.key] = 120  # the set-up's own option, as Right would set it
    key(app, pygame.K_s, text="s")
    panel = app.scenes.top
    table = panel.table  # the table opens with its panel: the invitation, to send now
    assert table.net is not None and table.seats[1].kind == REMOTE
    assert table.net.stand_in_after_s == 120
    code = table.net.code
    shown = " ".join(words_on_screen(app))
    assert "pixelparlor://" in shown and protocol.shown_code(code) in shown
    assert not any(code in line.text for line in table.talk.log), (
        "how friends join is for the host's screen only, never in the log (the guests')"
    )
    port = table.net.host.port
    try:
        guest = NetClient("127.0.0.1", port, code, "Bea").start()
        assert next_message(guest, app, "welcome")["seat"] == 1
        pump(app, lambda: table.name(1) == "Bea")
        pump(app, lambda: app.scenes.top is table)  # every friend is here: it goes
        # Issue 32: how friends join (its address, code and keys) is the host's alone: no
        # line a guest is sent says it.
        view = next_message(guest, app, "view")
        told = " ".join(str(said_from_json(line[0])) for line in view["news"])
        assert not any(words in told for words in ("Friends join", "G shows", code)), told
        key(app, pygame.K_ESCAPE)
        assert "Friends join with J" in app.scenes.top.message, "the Esc menu says it too"
        key(app, pygame.K_ESCAPE)
    finally:
        table.net.close()


def test_friends_on_the_title_host_a_game_by_mouse_with_a_seat_for_a_friend(new_app):
    from game.scenes.title import TitleScene
    from game.shell.dialog import ChoiceDialog
    from game.shell.setup import FRIEND, SetupScene
    from tests.harness import click

    app = new_app(fast=True, port=0)
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    friends = next(b for b in title.buttons if b.label == "Friends")
    click(app, friends.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, ChoiceDialog)
    labels = [b.label for b in dialog.buttons]
    assert labels == [info.title for info in load_games() if info.network_table] + ["Join", "Back"]
    click(app, dialog.buttons[labels.index("Shut The Box")].rect.center)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.seats[1].kind == FRIEND
    start = setup.row_rect(len(setup.seats) + len(setup.options))
    click(app, start.center)
    table = app.scenes.top.table  # under its panel, which shows the invitation
    try:
        assert table.game_id == "shutbox" and table.net is not None
        assert table.seats[1].kind == REMOTE
    finally:
        table.net.close()


def test_the_table_hooks_a_game_offers_are_filled_in():
    """TableScene's hooks that raise NotImplementedError are for the games that need them:
    a network game's guest's table answers take_view, and every table with a coach
    judge_saved. (What a guest is sent and how its actions are read come from the
    engine: the network face, tests/net/test_network_face.py.)"""
    from game.table.scene import TableScene

    def own(cls, name: str) -> bool:
        return getattr(cls, name) is not getattr(TableScene, name)

    for info in load_games():
        table = info.resume_scene.__self__  # the classmethod's class
        if table.HALF_ACCURACY_AT:
            assert own(table, "judge_saved"), info.id
        if info.network_table is not None:
            assert (
                isinstance(info.network_join, type)
                and issubclass(info.network_join, table)
                and own(info.network_join, "take_view")
            ), info.id


def test_after_a_friends_game_the_games_tile_opens_an_ordinary_table(new_app):
    """Issue 32: the set-up remembered the friend's seat, so the next game chosen from
    its tile silently became a network table, and a computer put there kept "Friend"."""
    import pygame

    from game.shell.setup import COMPUTER, COMPUTER_NAMES, FRIEND, SetupScene
    from tests.harness import click, key

    app = new_app(fast=True, port=0)
    title = app.scenes.top
    key(app, pygame.K_f, text="f")  # Friends: host Mille Bornes
    dialog = app.scenes.top
    labels = [b.label for b in dialog.buttons]
    click(app, dialog.buttons[labels.index("Mille Bornes")].rect.center)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.seats[1].kind == FRIEND
    assert setup.seats[1].name == "Friend"
    key(app, pygame.K_s, text="s")  # the network table, played with a friend
    table = app.scenes.top.table
    assert table.net is not None
    table.net.close()
    while app.scenes.top is not title:
        app.scenes.pop()

    mille = next(i for i, info in enumerate(title.games) if info.id == "mille")
    click(app, title.tiles[mille].center)  # the tile: an ordinary game
    key(app, pygame.K_n, text="n")  # a new game, not the one in progress
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert FRIEND not in [seat.kind for seat in setup.seats]
    assert (setup.seats[1].kind, setup.seats[1].name) == (COMPUTER, COMPUTER_NAMES[1])
    key(app, pygame.K_s, text="s")
    assert app.scenes.top.net is None, "no network table unless the player chooses it"
    app.scenes.pop()

    key(app, pygame.K_f, text="f")  # Friends again: the friend's seat is back
    dialog = app.scenes.top
    click(app, dialog.buttons[labels.index("Mille Bornes")].rect.center)
    if not isinstance(app.scenes.top, SetupScene):  # the game just left is in progress
        key(app, pygame.K_n, text="n")
    setup = app.scenes.top
    assert (setup.seats[1].kind, setup.seats[1].name) == (FRIEND, "Friend")
    key(app, pygame.K_DOWN)  # seat 2, Friend -> the strongest computer
    key(app, pygame.K_LEFT)
    assert (setup.seats[1].kind, setup.seats[1].name) == (COMPUTER, COMPUTER_NAMES[1])
    key(app, pygame.K_RIGHT)  # and a friend again, under a friend's name
    assert (setup.seats[1].kind, setup.seats[1].name) == (FRIEND, "Friend")


def test_the_relay_a_picture_starts_stops_with_its_table(new_app):
    """The host's panel at a relay, as --screenshots draws it: its relay is the
    picture's own, and leaving the table stops it (each drawing left one running)."""
    app = new_app(fast=True)
    relays = lambda: [t for t in threading.enumerate() if t.name == "net-relay"]  # noqa: E731
    before = len(relays())
    relay_panel(app, game_info("mille"))
    run(app, 5)
    assert len(relays()) == before + 1
    app.scenes.clear()
    deadline = time.monotonic() + 10
    while len(relays()) > before:
        assert time.monotonic() < deadline, "the picture's relay still runs"
        time.sleep(0.01)
