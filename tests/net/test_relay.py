"""The relay (game/net/relay.py), a host's door opened at it (game/net/relayed.py) and the
sealed messages between host and guests (game/net/seal.py), on the loopback address in
this process: pairing by code, clear refusals (wrong code, full, host away, expired), a
host reopening its code, wss:// pinned by fingerprint, an altered message refused by its
receiver, and the relay attacked as a host's door is (malformed, oversized, floods,
caps, wrong-code backoff) with no crash and no table disturbed. Bounded in count and time."""

from __future__ import annotations

import json
import logging
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import game.net.relay as relay_module
from game.net import door, protocol, seal
from game.net.client import NetClient
from game.net.host import TlsFiles
from game.net.relay import Relay
from game.net.relayed import RelayAddress, RelayedHost, parse_relay, relay_invitation, shown_relay

from .test_door_host import CERT, KEY, Clock, Lines

CODE = "K7QXR2M9"
WRONG = "WRNG2345"
WAIT_S = 20.0

# Waits on threads and the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes


# -- sealed messages ---------------------------------------------------------------------
def test_a_sealed_message_opens_once_in_order_and_not_altered():
    secret = seal.new_secret()
    guest, host = seal.Channel(secret), seal.Channel(secret)
    first = guest.seal('{"type":"hello"}')
    assert first[: seal.PREFIX_BYTES] == guest.prefix
    assert first[seal.PREFIX_BYTES : seal.NONCE_BYTES] == bytes(8), "the counter starts at 0"
    assert b"hello" not in first
    assert host.open(first) == '{"type":"hello"}'
    with pytest.raises(seal.SealError, match="again"):
        host.open(first)  # replayed
    answer = host.seal("welcome")
    assert guest.open(answer) == "welcome"
    second, third = guest.seal("one"), guest.seal("two")
    with pytest.raises(seal.SealError, match="out of order"):
        host.open(third)
    altered = bytearray(second)
    altered[-1] ^= 1
    with pytest.raises(seal.SealError, match="altered"):
        host.open(bytes(altered))
    assert host.open(second) == "one" and host.open(third) == "two"
    for nothing in (b"", "text", b"x" * 10, None):
        with pytest.raises(seal.SealError):
            host.open(nothing)


def test_a_message_sealed_for_another_connection_or_with_another_secret_is_refused():
    secret = seal.new_secret()
    guest, host = seal.Channel(secret), seal.Channel(secret)
    host.open(guest.seal("hello"))
    stranger = seal.Channel(secret)
    with pytest.raises(seal.SealError, match="another connection"):
        host.open(stranger.seal("hello"))
    other = seal.Channel(seal.new_secret())
    with pytest.raises(seal.SealError, match="altered"):
        seal.Channel(secret).open(other.seal("hello"))
    # A replayed opening message answered on a new connection: the guest's next message
    # names the first answer's prefix, not this one's.
    replayed = seal.Channel(secret)
    opening = seal.Channel(secret)
    hello = opening.seal("hello")
    host_a, host_b = seal.Channel(secret), seal.Channel(secret)
    host_a.open(hello)
    opening.open(host_a.seal("welcome"))
    host_b.open(hello)  # the relay replays the hello on another link
    with pytest.raises(seal.SealError):
        host_b.open(opening.seal("action"))
    assert replayed.prefix != opening.prefix


def test_secrets_and_host_keys():
    secret = seal.new_secret()
    assert seal.valid_secret(secret) and len(seal.secret_key(secret)) == 32
    assert seal.host_key(secret) != seal.host_key(seal.new_secret())
    assert secret not in seal.host_key(secret)
    for bad in ("", "x" * 43 + "!", secret[:-1], None, 42):
        assert not seal.valid_secret(bad)


# -- invitations ---------------------------------------------------------------------------
def test_an_invitation_through_a_relay_carries_the_secret_after_the_hash_and_old_forms_still_read():
    secret = seal.new_secret()
    where = RelayAddress("relay.example.org", 8765, fingerprint="ab" * 32)
    line = relay_invitation(where, CODE, secret)
    assert line == f"pixelparlor://relay.example.org:8765/K7QX-R2M9?tls={'ab' * 32}#{secret}"
    invited = protocol.parse_invitation(line)
    assert invited == protocol.Invitation("relay.example.org", 8765, CODE, True, "ab" * 32, secret)
    plain = protocol.parse_invitation(f"pixelparlor://relay.example.org:8765/ABCD-EFGH#{secret}")
    assert plain.secret == secret and not plain.tls
    assert protocol.parse_invitation("pixelparlor://10.0.0.2:28989/K7QX-R2M9").secret is None
    with pytest.raises(protocol.ProtocolError, match="secret"):
        protocol.parse_invitation("pixelparlor://relay.example.org:8765/ABCD-EFGH#damaged")


def test_a_relay_address_as_a_host_types_it():
    assert parse_relay("relay.example.org") == RelayAddress("relay.example.org", 8765)
    assert parse_relay(" relay.example.org:9000 ") == RelayAddress("relay.example.org", 9000)
    assert parse_relay("pixelparlor://[::1]:9000?tls=ca") == RelayAddress("::1", 9000, True)
    pinned = parse_relay(f"127.0.0.1:9000?tls={'cd' * 32}")
    assert pinned.fingerprint == "cd" * 32 and pinned.uri == "wss://127.0.0.1:9000/"
    assert shown_relay(pinned) == f"127.0.0.1:9000?tls={'cd' * 32}"
    for bad in ("", "no spaces here", "relay:0", None):
        with pytest.raises(protocol.ProtocolError):
            parse_relay(bad)


# -- through a relay -----------------------------------------------------------------------
@pytest.fixture
def relay_and_host():
    """A relay on 127.0.0.1 (its clock and audit lines), and a function that opens a
    table at it (four seats for guests)."""
    made: list = []

    def make_relay(**options) -> Relay:
        clock, lines = Clock(), Lines()
        audit = logging.getLogger(f"test.relay.audit.{len(made)}.{id(lines)}")
        audit.addHandler(lines)
        audit.propagate = False
        relay = Relay(0, "127.0.0.1", audit=audit, clock=clock, **options)
        relay.start()
        relay.test_clock, relay.test_lines = clock, lines
        made.append(relay)
        return relay

    def make_host(relay: Relay, secret: str | None = None, code: str = CODE, **where):
        lines = Lines()
        audit = logging.getLogger(f"test.relayed.audit.{len(made)}.{id(lines)}")
        audit.addHandler(lines)
        audit.propagate = False
        host = RelayedHost(
            code,
            {seat: "Guest" for seat in range(4)},
            "mille",
            relay_at=RelayAddress("127.0.0.1", relay.port, **where),
            secret=secret or seal.new_secret(),
            audit=audit,
        )
        host.start()
        host.test_lines = lines
        made.append(host)
        return host

    yield make_relay, make_host
    for thing in reversed(made):
        thing.stop()


def guest(host: RelayedHost, name: str = "Bea", line: str | None = None, **options) -> NetClient:
    invited = protocol.parse_invitation(line or host.invitation())
    return NetClient(
        invited.address,
        invited.port,
        invited.code,
        name,
        tls=invited.tls,
        fingerprint=invited.fingerprint,
        secret=invited.secret,
        **options,
    ).start()


def message(client: NetClient, kind: str) -> dict:
    """The client's next message of `kind` (others passed over)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        got = client.wait(0.1)
        if got is not None and got["type"] == kind:
            return got
        assert got is None or got["type"] != "closed" or kind == "closed", got
    raise AssertionError(f"no {kind}")


def events(host, count: int) -> list:
    found: list = []
    deadline = time.monotonic() + WAIT_S
    while len(found) < count:
        assert time.monotonic() < deadline, f"only {found}"
        found += host.poll()
        time.sleep(0.005)
    return found


def until(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_a_guest_joins_through_the_relay_and_host_and_guest_talk_sealed(relay_and_host):
    make_relay, make_host = relay_and_host
    seen: list[bytes] = []
    relay = make_relay(tap=lambda direction, code, frame: seen.append(frame))
    host = make_host(relay)
    assert host.state == "open"
    bea = guest(host)
    welcome = message(bea, "welcome")
    assert welcome["seat"] == 0 and welcome["name"] == "Bea"
    joined = events(host, 1)[0]
    assert (joined.kind, joined.seat, joined.name) == ("joined", 0, "Bea")
    where = host.guests()[0].address
    assert where.startswith("relay-") and "127.0.0.1" not in where, "no address passed on"
    host.send(0, {"type": "view", "view": {"hand": ["secret-card"]}, "moves": 3})
    assert message(bea, "view")["view"]["hand"] == ["secret-card"]
    bea.send_action({"card": "go"}, 3)
    action = events(host, 1)[0]
    assert (action.kind, action.action, action.moves) == ("action", {"card": "go"}, 3)
    assert seen and all(b"secret-card" not in f and b"Bea" not in f for f in seen)
    assert all(b"K7QX" not in f and welcome["token"].encode() not in f for f in seen)
    bea.close()
    assert events(host, 1)[0].kind == "left"


def test_a_wrong_code_is_refused_clearly_and_an_address_that_keeps_trying_waits(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    host = make_host(relay)
    line = host.invitation().replace("K7QX-R2M9", "WRNG-2345")
    for _ in range(door.FREE_TRIES):
        closed = message(guest(host, line=line), "closed")
        assert "no table is open under this code" in protocol.english(protocol.said(closed))
    waited = message(guest(host, line=line), "closed")
    assert "try again in 2 s" in protocol.english(protocol.said(waited))
    # Told to wait: its connections are now closed unread, and the right code waits too.
    cut = message(guest(host), "closed")
    assert cut["type"] == "closed"
    relay.test_clock.now += door.BACKOFF_MOST_S + 1
    assert message(guest(host), "welcome")["seat"] == 0
    texts = relay.test_lines.texts()
    assert any("refused 127.0.0.1: wrong_code" in text for text in texts)


def test_a_full_table_says_so_and_its_guests_play_on(relay_and_host, monkeypatch):
    make_relay, make_host = relay_and_host
    monkeypatch.setattr(relay_module, "LINKS_PER_TABLE", 2)
    host = make_host(make_relay())
    first, second = guest(host, "Bea"), guest(host, "Cy")
    seat = message(first, "welcome")["seat"]
    message(second, "welcome")
    third = message(guest(host, "Dee"), "closed")
    assert protocol.english(protocol.said(third)) == "this table is full"
    host.send(seat, {"type": "view", "moves": 1})
    assert message(first, "view")["moves"] == 1


def test_a_host_away_then_back_under_the_same_code_and_a_stranger_cannot_take_it(
    relay_and_host,
):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    secret = seal.new_secret()
    host = make_host(relay, secret)
    bea = guest(host)
    token = message(bea, "welcome")["token"]
    host.stop()
    gone = message(bea, "closed")
    assert "dropped" in protocol.english(protocol.said(gone))
    away = message(guest(host, "Cy"), "closed")
    assert "the host is away" in protocol.english(protocol.said(away))
    stranger = make_host(relay, seal.new_secret())
    assert stranger.state != "open"
    assert "another table is open under this code" in protocol.english(stranger.problem)
    stranger.stop()
    back = make_host(relay, secret)  # the same secret: the same host
    assert back.state == "open"
    back.seats.tokens  # noqa: B018 - a new door: the token is the saved table's to give
    again = guest(back, "Bea", seat=0)
    assert message(again, "welcome")["seat"] == 0
    assert token


def test_a_new_code_moves_the_table_at_the_relay_and_its_guests_stay(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    host = make_host(relay)
    old = host.invitation()
    bea = guest(host)
    seat = message(bea, "welcome")["seat"]
    new = host.change_code()
    until(lambda: new in relay.tables and CODE not in relay.tables, "the relay is told")
    host.send(seat, {"type": "view", "moves": 9})
    assert message(bea, "view")["moves"] == 9, "the guest at the table stays"
    refused = message(guest(host, "Cy", line=old), "closed")
    assert "no table is open under this code" in protocol.english(protocol.said(refused))
    assert message(guest(host, "Dee"), "welcome")["name"] == "Dee"


def test_a_table_whose_host_stays_away_expires_and_its_code_is_free(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay(away_s=0.2)
    host = make_host(relay)
    line = host.invitation()
    host.stop()
    # The clock moves on only once the relay has seen the host go (it notes when then).
    until(lambda: relay.tables[CODE].host is None, "the relay sees the host away")
    relay.test_clock.now += 1.0
    until(lambda: CODE not in relay.tables, "the table expires")
    expired = message(guest(host, line=line), "closed")
    assert "no table is open under this code" in protocol.english(protocol.said(expired))
    assert any("expired" in text for text in relay.test_lines.texts())
    assert make_host(relay).state == "open", "anyone may open the code now"


def test_a_relay_that_restarts_gets_the_table_back_and_its_guest_returns(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    port = relay.port
    host = make_host(relay)
    bea = guest(host)
    token = message(bea, "welcome")["token"]
    events(host, 1)
    relay.stop()
    message(bea, "closed")
    assert events(host, 1)[0].kind == "left"
    until(lambda: host.state == "away", "the host notices")
    again = Relay(port, "127.0.0.1")
    again.start()
    try:
        until(lambda: host.state == "open", "the host reopens at the relay back")
        back = guest(host, "Bea", token=token)
        assert message(back, "welcome")["seat"] == 0
        assert events(host, 1)[0].returning
    finally:
        again.stop()


def test_wss_pinned_by_the_invitations_fingerprint_and_a_wrong_one_refused(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay(tls=TlsFiles(CERT, KEY))
    assert relay.fingerprint
    host = make_host(relay, fingerprint=relay.fingerprint)
    assert host.state == "open" and f"?tls={relay.fingerprint}#" in host.invitation()
    assert message(guest(host), "welcome")["seat"] == 0
    wrong = host.invitation().replace(relay.fingerprint, "ab" * 32)
    refused = message(guest(host, "Cy", line=wrong), "closed")
    assert "not the one in the invitation" in refused["reason"]
    impostor = make_host(relay, code="ABCDEFGH", fingerprint="ab" * 32)
    assert impostor.state != "open" and "not the one pinned" in protocol.english(impostor.problem)


def test_a_message_altered_on_the_way_is_refused_by_its_receiver(relay_and_host, monkeypatch):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    host = make_host(relay)
    bea = guest(host)
    message(bea, "welcome")
    events(host, 1)
    flip = {"down": False, "up": False}
    forward_down = Relay._down

    def tampering_down(self, table, link, payload, since=0.0):
        if flip["down"]:
            payload = payload[:-1] + bytes([payload[-1] ^ 1])
        forward_down(self, table, link, payload, since)

    monkeypatch.setattr(Relay, "_down", tampering_down)
    # Up: the guest's action altered; the host refuses it (and says so in its log).
    real_put = relay_module._Outbox.put

    def tampering_put(self, frame, since=0.0):
        if flip["up"] and isinstance(frame, bytes) and len(frame) > 60:
            frame = frame[:-1] + bytes([frame[-1] ^ 1])
            flip["up"] = False
        return real_put(self, frame, since)

    monkeypatch.setattr(relay_module._Outbox, "put", tampering_put)
    flip["up"] = True
    bea.send_action({"card": "go"}, 1)
    refusal = message(bea, "refused")
    assert refusal["code"] == "bad_message" and not refusal["fatal"]
    assert not [e for e in host.poll() if e.kind == "action"], "the altered action never lands"
    assert any("altered" in text for text in host.test_lines.texts())
    # Down: a view altered; the guest refuses it and ends the connection.
    flip["down"] = True
    host.send(0, {"type": "view", "moves": 2})
    closed = message(bea, "closed")
    assert "altered on the way" in protocol.english(protocol.said(closed))


# -- the relay attacked ------------------------------------------------------------------
def raw(port: int, source: str = "127.0.0.1"):
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S, source_address=(source, 0))
    return connect(f"ws://127.0.0.1:{port}/", sock=sock, open_timeout=WAIT_S, max_size=None)


def answer_of(connection) -> dict | None:
    try:
        return json.loads(connection.recv(timeout=WAIT_S))
    except ConnectionClosed:
        return None


def test_malformed_oversized_and_unknown_first_words_are_refused_and_the_table_plays_on(
    relay_and_host,
):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    host = make_host(relay)
    bea = guest(host)
    message(bea, "welcome")
    for first in (
        "{",
        b"\x00\x01binary first",
        '{"a":' * 3000,
        json.dumps({"type": "join", "relay": 99, "code": CODE}),
        json.dumps({"type": "dance", "relay": 1}),
        json.dumps({"type": "open", "relay": 1, "code": CODE, "key": "nope"}),
        "x" * (relay_module.MAX_WORDS_BYTES + 1),
    ):
        with raw(relay.port) as connection:
            connection.send(first)
            answer = answer_of(connection)
            assert answer is None or (answer["type"] == "refused" and answer["fatal"])
            if answer is not None:
                assert "Error" not in answer["reason"] and "Exception" not in answer["reason"]
    with raw(relay.port) as connection:  # more than a frame may hold
        connection.send(json.dumps({"type": "join", "relay": 1, "code": CODE}))
        assert answer_of(connection)["type"] == "joined"
        with pytest.raises(ConnectionClosed):
            connection.send(b"x" * (relay_module.MAX_FRAME_BYTES + 10))
            connection.recv(timeout=WAIT_S)
    host.send(0, {"type": "view", "moves": 5})
    assert message(bea, "view")["moves"] == 5, "the table is not disturbed"
    assert relay.tables[CODE].host is not None


def test_a_flood_from_a_guest_is_cut_and_the_other_guests_play_on(relay_and_host, monkeypatch):
    make_relay, _make_host = relay_and_host
    # A low limit, so that a loaded machine sends past it within one second.
    monkeypatch.setattr(relay_module, "GUEST_MESSAGES_PER_SECOND", 10)
    relay = make_relay()
    # A host of raw frames that reads none of the flood: a real host would close a guest
    # whose frames do not open, and that could come before the relay's cut.
    with (
        raw(relay.port) as host,
        raw(relay.port, "127.0.0.8") as bea,
        raw(relay.port, "127.0.0.7") as flooder,
    ):
        host.send(relay_module.open_words(CODE, "ab" * 32))
        assert answer_of(host)["type"] == "opened"
        bea.send(relay_module.join_words(CODE))
        assert answer_of(bea)["type"] == "joined"
        bea_link = answer_of(host)["link"]
        flooder.send(relay_module.join_words(CODE))
        assert answer_of(flooder)["type"] == "joined"
        with pytest.raises(ConnectionClosed):
            for _ in range(relay_module.GUEST_MESSAGES_PER_SECOND * 3):
                flooder.send(b"\x00" * 80)
            while True:
                flooder.recv(timeout=WAIT_S)
        host.send(bea_link.to_bytes(4, "big") + b"a view")
        assert bea.recv(timeout=WAIT_S) == b"a view"
    # The relay's thread writes its audit line as it closes the connection: it may come
    # a moment after the client saw the close.
    deadline = time.monotonic() + WAIT_S
    while not any("a flood" in text for text in relay.test_lines.texts()):
        assert time.monotonic() < deadline, relay.test_lines.texts()[-5:]
        time.sleep(0.01)


def test_a_flood_of_pings_is_cut(relay_and_host):
    make_relay, _make_host = relay_and_host
    relay = make_relay()
    with raw(relay.port) as connection:
        for n in range(relay_module.PINGS_PER_MINUTE + 10):
            try:
                connection.ping(str(n))
            except ConnectionClosed:
                break
        with pytest.raises(ConnectionClosed):
            connection.recv(timeout=WAIT_S)
    assert any("a flood of pings" in text for text in relay.test_lines.texts())


def test_connections_are_capped_by_address_and_a_newcomer_still_gets_in(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    host = make_host(relay)
    idle = []
    for _ in range(door.CONNECTIONS_PER_ADDRESS + 6):
        sock = socket.create_connection(("127.0.0.1", relay.port), source_address=("127.0.0.9", 0))
        idle.append(sock)
    closed = 0
    for sock in idle:
        sock.settimeout(WAIT_S / 4)
        try:
            closed += sock.recv(1) == b""
        except (TimeoutError, OSError):
            pass
    assert closed >= 6, "past the cap, an address's connections are closed unread"
    assert message(guest(host), "welcome")
    for sock in idle:
        sock.close()
    assert any("closed a connection from 127.0.0.9 unread" in t for t in relay.test_lines.texts())


def test_the_relay_names_no_library_and_logs_no_message(relay_and_host):
    make_relay, make_host = relay_and_host
    relay = make_relay()
    host = make_host(relay)
    bea = guest(host)
    message(bea, "welcome")
    host.send(0, {"type": "view", "view": {"hand": ["hidden"]}, "moves": 1})
    message(bea, "view")
    with socket.create_connection(("127.0.0.1", relay.port), timeout=WAIT_S) as sock:
        sock.sendall(
            b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        head = sock.recv(4096).decode("latin-1")
    assert "101" in head and "Server:" not in head and "Python" not in head
    texts = " ".join(relay.test_lines.texts())
    assert "hidden" not in texts and "Bea" not in texts
    assert all(record.exc_info is None for record in relay.test_lines.records)


def test_the_relay_declines_compression_for_what_it_forwards_is_sealed(relay_and_host):
    make_relay, _make_host = relay_and_host
    relay = make_relay()
    with socket.create_connection(("127.0.0.1", relay.port), timeout=WAIT_S) as sock:
        sock.sendall(
            b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
        )
        head = sock.recv(4096).decode("latin-1")
    assert "101" in head and "sec-websocket-extensions" not in head.lower()


def test_a_saved_table_keeps_its_secret_and_relay_and_a_damaged_secret_is_dropped():
    from game.table.netentry import NetEntry

    secret = seal.new_secret()
    entry = NetEntry(
        CODE, {0: "ab" * 16}, {0: "Bea"}, secret=secret, relay="relay.example.org:8765"
    )
    back, problems = NetEntry.from_json(entry.to_json(), [0])
    assert back == entry and problems == []
    assert "secret" not in NetEntry(CODE).to_json(), "a table that listens saves none"
    damaged = {**entry.to_json(), "secret": "not a secret", "relay": 42}
    back, _ = NetEntry.from_json(damaged, [0])
    assert back.secret == "" and back.relay == "" and back.code == CODE


def test_a_watcher_joins_through_the_relay_sealed_like_a_guest(relay_and_host):
    make_relay, make_host = relay_and_host
    seen: list[bytes] = []
    relay = make_relay(tap=lambda direction, code, frame: seen.append(frame))
    host = make_host(relay)
    watcher = guest(host, "Wes", watch=True)
    welcome = message(watcher, "welcome")
    assert welcome.get("watching") is True
    assert seen and all(b"Wes" not in frame and b"watch" not in frame for frame in seen)
