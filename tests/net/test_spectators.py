"""Spectators (issue 36): a guest may join a table to watch. It takes no seat, is sent
only what every seat may see (the engine's public_view: at Mille Bornes no card of any
hand), and cannot act: whatever it sends but a goodbye is refused and never reaches the
table. The host may refuse watchers, and takes only so many.

On the loopback address, in this process (the host's table ticked by the test, as in
test_secrecy_whole_game.py); the watcher speaks the protocol itself (RawGuest)."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.engine.mille import MilleState, Options
from game.engine.mille.public import check_public
from game.net import protocol
from game.net.host import NetHost
from game.scenes.mille import moment
from game.scenes.mille.play import MilleScene
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.net.test_secrecy_coup_fourre import RawGuest, Table, new_app  # noqa: F401 (a fixture)
from tests.net.test_secrecy_whole_game import Guest

SEED = 7
GAME_LIMIT_S = 240
WAIT_S = 20.0
#: What every seat and a watcher see alike (the public part of an observation).
PUBLIC_FIELDS = (
    "phase",
    "turn_seat",
    "hand_number",
    "hand_sizes",
    "tableaux",
    "discard_pile",
    "draw_pile_size",
    "target",
    "extended_by",
    "scores",
    "winners",
)


class RawWatcher(RawGuest):
    """A watcher speaking the protocol itself: its hello asks to watch."""

    def __init__(self, port: int, code: str, name: str) -> None:
        self.frames: list[str] = []
        self.opened = ExitStack()
        self.connection = self.opened.enter_context(
            connect(f"ws://127.0.0.1:{port}", proxy=None, open_timeout=WAIT_S)
        )
        self.connection.send(protocol.encode(protocol.watch_hello(code, name)))

    def refusals(self) -> list[dict]:
        return [m for m in self.messages() if m["type"] == "refused"]


def watch(table: Table, name: str = "Wes") -> RawWatcher:
    watcher = RawWatcher(table.port, table.code, name)
    table.until(lambda: watcher.drain() or watcher.last_view() is not None or watcher.refusals())
    return watcher


def dealt_otherwise(state: MilleState, rng: random.Random) -> MilleState:
    """The same table with every hidden card (every hand, the draw pile) dealt anew."""
    other = state.copy()
    pool = [card for hand in other.hands for card in hand] + other.draw_pile
    rng.shuffle(pool)
    for seat, hand in enumerate(other.hands):
        other.hands[seat], pool = pool[: len(hand)], pool[len(hand) :]
    other.draw_pile = pool
    return other


def test_a_watcher_sees_the_public_table_of_a_whole_game_and_never_a_card_of_a_hand(
    new_app,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    monkeypatch.setattr(moment, "MOMENT_TICKS", 12)
    app = new_app()
    seats = [
        TableSeat("Ann", COMPUTER, "basic"),
        TableSeat("Bea", REMOTE),
        TableSeat("Cal", COMPUTER, "basic"),
        TableSeat("Dan", REMOTE),
    ]
    scene = MilleScene(app, MilleState.new_game(Options(players=4)), seats, random.Random(SEED))
    table = Table(app, scene)
    guests = {seat: Guest(table.seat_raw(seat, seats[seat].name), seat) for seat in (1, 3)}
    watcher = watch(table)
    welcome = watcher.messages()[0]
    assert welcome["type"] == "welcome" and welcome["watching"] is True
    assert welcome["seat"] is None and welcome["token"] is None
    # The public view at each move count, and the check that it tells nothing of the
    # hidden cards: the same table dealt otherwise gives the same public view.
    public: dict[int, set[str]] = {}
    rng = random.Random(SEED)
    tried = refused_moves = 0
    deadline = time.monotonic() + GAME_LIMIT_S
    try:
        while not scene.finished:
            assert time.monotonic() < deadline, "the game never ended"
            seen = scene.state.public_view()
            assert dealt_otherwise(scene.state, rng).public_view() == seen
            public.setdefault(scene.moves, set()).add(json.dumps(seen, sort_keys=True))
            bea = guests[1].raw.last_view()
            if (
                tried < 3
                and bea is not None
                and bea["your_turn"]
                and bea["moves"] == scene.moves
                and bea["legal"]
            ):
                # The watcher tries Bea's move first: refused, and the table waits on.
                tried += 1
                moves = scene.moves
                watcher.connection.send(
                    protocol.encode(protocol.action_message(bea["legal"][0], moves))
                )
                table.until(lambda n=tried: watcher.drain() or len(watcher.refusals()) >= n)
                assert scene.moves == moves, "a watcher's action reached the table"
                refused_moves += 1
            for guest in guests.values():
                if guest.play():
                    table.door.wait_for_news()
            scene.hurry()
            table.tick()
            table.wait_delivered()
            watcher.drain()
        for guest in guests.values():
            guest.play()
        table.quiet()
        watcher.drain()
    finally:
        watcher.close()
        table.close()
        scene.net.close()
    for guest in guests.values():
        assert guest.problems == [], f"seat {guest.seat}: {guest.problems[:3]}"
    assert refused_moves == 3
    assert {r["code"] for r in watcher.refusals()} == {"watching"}
    assert all(not r["fatal"] for r in watcher.refusals())
    views = [m for m in watcher.messages() if m["type"] == "view"]
    assert len(views) > 50
    for view in views:
        assert check_public(view) is None, check_public(view)
        assert view["view"]["hand"] == [] and view["seat"] is None
        assert not view["your_turn"] and view["legal"] == []
        # Each is the host's public view at that move (the same whatever the hands hold).
        assert (
            json.dumps(view["view"], sort_keys=True) in public.get(view["moves"], {None})
            or (view["over"])
        )
    # The watcher's table is the players': at each move count both saw, the same.
    by_moves = {v["moves"]: v["view"] for v in views}
    for guest in guests.values():
        for message in guest.raw.messages():
            if message["type"] != "view" or message["moves"] not in by_moves:
                continue
            theirs, mine = message["view"], by_moves[message["moves"]]
            if theirs["phase"] == "waiting" or mine["phase"] == "waiting":
                continue
            assert {k: theirs[k] for k in PUBLIC_FIELDS} == {k: mine[k] for k in PUBLIC_FIELDS}
    last = views[-1]
    assert last["over"] and last["view"]["winners"] == scene.state.winners
    assert last["view"]["scores"] == scene.state.scores


# -- the door's say over watchers (a bare NetHost, no table) -----------------------------
@pytest.fixture
def door():
    made: list[NetHost] = []

    def make(**options) -> NetHost:
        host = NetHost(
            "K7QXR2M9", {0: "Guest", 1: "Guest"}, "mille", port=0, bind="127.0.0.1", **options
        )
        host.start()
        made.append(host)
        return host

    yield make
    for host in made:
        host.stop()


def knock(host: NetHost, hello: dict) -> tuple[list[dict], ExitStack]:
    """Say `hello`; the messages until the first view, refusal or the end (a few)."""
    opened = ExitStack()
    connection = opened.enter_context(
        connect(f"ws://127.0.0.1:{host.port}", proxy=None, open_timeout=WAIT_S)
    )
    connection.send(protocol.encode(hello))
    messages = []
    try:
        message = json.loads(connection.recv(timeout=WAIT_S))
        messages.append(message)
    except (TimeoutError, ConnectionClosed):
        pass
    opened.connection = connection  # type: ignore[attr-defined]
    return messages, opened


def events_until(host: NetHost, kind: str, count: int = 1) -> list:
    deadline, seen = time.monotonic() + WAIT_S, []
    while sum(1 for event in seen if event.kind == kind) < count:
        assert time.monotonic() < deadline, f"no {kind} event: {seen}"
        seen += host.poll()
        time.sleep(0.005)
    return seen


def test_a_watcher_is_welcomed_without_a_seat_and_its_moves_are_refused(door):
    host = door()
    messages, opened = knock(host, protocol.watch_hello("k7qx-r2m9", "Wes"))
    with opened:
        assert messages[0] == protocol.watch_welcome("mille", "Wes")
        [joined] = events_until(host, "watcher_joined")
        assert joined.seat == -1 and joined.watcher == 0 and joined.name == "Wes"
        assert host.connected == set() and host.tokens == {}  # no seat taken
        assert [info.name for info in host.watchers().values()] == ["Wes"]
        connection = opened.connection  # type: ignore[attr-defined]
        for message in (protocol.action_message(["play", "25", 0], 0), protocol.again_message()):
            connection.send(protocol.encode(message))
            refusal = json.loads(connection.recv(timeout=WAIT_S))
            assert refusal["code"] == "watching" and not refusal["fatal"]
            assert refusal["reason"] == "you are watching: a watcher cannot play"
        time.sleep(0.05)
        assert [e.kind for e in host.poll()] == []  # nothing reached the table
        host.send_watchers({"type": "view", "moves": 1})
        assert json.loads(connection.recv(timeout=WAIT_S)) == {"type": "view", "moves": 1}
    events_until(host, "watcher_left")
    assert host.watchers() == {}


@pytest.mark.parametrize(
    "fields, code",
    [
        ({"seat": 1}, "no_such_seat"),
        ({"token": "ab" * 16}, "no_such_seat"),
        ({"watch": 1}, "bad_message"),
    ],
)
def test_a_watch_hello_that_asks_for_a_seat_or_is_no_yes_or_no_is_refused(door, fields, code):
    host = door()
    messages, opened = knock(host, {**protocol.watch_hello("K7QXR2M9", "Wes"), **fields})
    with opened:
        assert messages[0]["type"] == "refused" and messages[0]["code"] == code
        assert messages[0]["fatal"]
    assert host.watchers() == {} and host.connected == set()


def test_a_watcher_with_a_wrong_code_is_refused_as_a_guest_is(door):
    host = door()
    messages, opened = knock(host, protocol.watch_hello("WRNG2345", "Wes"))
    with opened:
        assert messages[0]["code"] == "wrong_code"


def test_a_host_that_refuses_watchers_says_so_and_turns_out_those_watching(door):
    host = door(watchers_allowed=False)
    messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", "Wes"))
    with opened:
        assert messages[0]["code"] == "no_watchers" and messages[0]["fatal"]
        assert messages[0]["reason"] == "the host takes no watchers at this table"
        assert protocol.english(protocol.said(messages[0])) == messages[0]["reason"]
    host.allow_watchers(True)
    messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", "Wes"))
    with opened:
        assert messages[0]["type"] == "welcome"
        events_until(host, "watcher_joined")
        host.allow_watchers(False)
        turned_out = json.loads(opened.connection.recv(timeout=WAIT_S))  # type: ignore[attr-defined]
        assert turned_out["code"] == "no_watchers" and turned_out["fatal"]
        assert "no longer takes watchers" in turned_out["reason"]
        events_until(host, "watcher_left")
    # Seats are not watchers: a guest still takes one.
    messages, opened = knock(host, protocol.hello("K7QXR2M9", "Ann"))
    with opened:
        assert messages[0]["type"] == "welcome" and messages[0]["seat"] == 0


def test_watchers_are_capped_apart_from_the_seats_and_the_host_may_turn_one_out(door):
    host = door(watcher_cap=2)
    with ExitStack() as stack:
        for name in ("Wes", "Wyn"):
            messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", name))
            stack.enter_context(opened)
            assert messages[0]["type"] == "welcome"
        events_until(host, "watcher_joined", 2)
        messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", "Wim"))
        with opened:
            assert messages[0]["code"] == "watchers_full"
            assert (
                messages[0]["reason"]
                == "this table has 2 watchers already, as many as the host takes"
            )
        # ... while the seats are still open to guests.
        messages, opened = knock(host, protocol.hello("K7QXR2M9", "Ann"))
        stack.enter_context(opened)
        assert messages[0]["type"] == "welcome" and messages[0]["seat"] == 0
        host.kick_watcher(0)
        events_until(host, "watcher_left")
        messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", "Wim"))
        stack.enter_context(opened)
        assert messages[0]["type"] == "welcome"
    assert NetHost("K7QXR2M9", {}, "mille", watcher_cap=99).watcher_cap == protocol.MAX_WATCHERS


def test_a_watchers_name_passes_for_no_seats_nor_another_watchers(door):
    host = door()
    host.set_seat_names(["Ann", "Guest"])
    with ExitStack() as stack:
        for name, answer in (("ann", "name_taken"), ("Computer 3", "name_taken"), ("Wes", "")):
            messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", name))
            stack.enter_context(opened)
            assert messages[0].get("code", "") == answer, (name, messages)
        events_until(host, "watcher_joined")
        messages, opened = knock(host, protocol.watch_hello("K7QXR2M9", "WES"))
        with opened:
            assert messages[0]["code"] == "name_taken"
            assert messages[0]["reason"] == "WES is at this table already: choose another name"


def test_no_watchers_on_the_command_line_closes_a_tables_door_to_watchers():
    from game.shell.options import parse_options
    from game.table.door import Door

    assert Door.of(parse_options([])).watchers
    assert not Door.of(parse_options(["--no-watchers"])).watchers
