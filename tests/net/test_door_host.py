"""The table's door (game/net/host.py) attacked on the loopback address as a stranger
would: wrong codes in numbers, a guest coming back again and again under other names,
names that pass for another's, floods of pings, idle sockets by the thousand, a peek at
the server's versions; and the host in charge: kick, close a seat, change the code, see
who is where, with TLS and on every interface. Every test is bounded in count and time;
the door's clock is the test's where a wait is tested."""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import os
import selectors
import socket
import ssl
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import game.net.host as host_module
from game.net import door, protocol
from game.net.client import NetClient
from game.net.host import GuestInfo, NetHost, TlsFiles

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
CERT, KEY = DATA / "door-cert.pem", DATA / "door-key.pem"
CODE = "K7QXR2M9"
WRONG = "WRNG2345"
WAIT_S = 20.0  # the longest any answer is waited for


class Clock:
    """The door's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Lines(logging.Handler):
    """The audit log's lines, kept."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def texts(self) -> list[str]:
        return [record.getMessage() for record in self.records]


@pytest.fixture
def door_host():
    """A door with four seats for guests on 127.0.0.1, its clock and its audit lines."""
    made: list[NetHost] = []

    def make(open_seats=(0, 1, 2, 3), **options) -> NetHost:
        clock, lines = Clock(), Lines()
        audit = logging.getLogger(f"test.door.audit.{len(made)}.{id(lines)}")
        audit.addHandler(lines)
        audit.propagate = False
        options = {"port": 0, "bind": "127.0.0.1", "clock": clock, "audit": audit, **options}
        host = NetHost(CODE, {seat: "Guest" for seat in open_seats}, "mille", **options)
        host.start()
        host.test_clock, host.test_lines = clock, lines
        made.append(host)
        return host

    yield make
    for host in made:
        host.stop()


_LETTERS = "abcdefghjkmnpqrstuvwxyz"  # no i, l or o: no two names alike
_names = itertools.count()


def a_name() -> str:
    """A name like no other this test gives."""
    n = next(_names)
    return f"Eve{_LETTERS[n // len(_LETTERS) % len(_LETTERS)]}{_LETTERS[n % len(_LETTERS)]}"


@contextmanager
def hello_from(
    port: int,
    code: str = CODE,
    source: str = "127.0.0.1",
    name: str | None = None,
    seat: int | None = None,
    token: str | None = None,
    hello: dict | None = None,
):
    """A connection from `source` that says hello: (the host's first answer, the
    connection), or (None, None) when the connection was closed unread."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S, source_address=(source, 0))
    try:
        connection = connect(f"ws://127.0.0.1:{port}/", sock=sock, open_timeout=WAIT_S)
    except Exception:  # noqa: BLE001 - closed before the handshake: unread
        sock.close()
        yield None, None
        return
    with connection:
        message = hello or protocol.hello(code, name or a_name(), seat, token)
        try:
            connection.send(protocol.encode(message))
            answer = json.loads(connection.recv(timeout=WAIT_S))
        except ConnectionClosed:
            answer = None
        yield answer, connection


def knock(port: int, code: str = CODE, source: str = "127.0.0.1", **hello) -> dict | None:
    """One hello from `source`: the host's first answer, or None when the connection was
    closed unread."""
    with hello_from(port, code, source, **hello) as (answer, _):
        return answer


def events(host: NetHost, count: int) -> list:
    """The door's next `count` events (waiting for them)."""
    found: list = []
    deadline = time.monotonic() + WAIT_S
    while len(found) < count:
        assert time.monotonic() < deadline, f"only {found}"
        found += host.poll()
        time.sleep(0.005)
    return found


def message(client: NetClient, kind: str) -> dict:
    """The client's next message of `kind` (others passed over)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        got = client.wait(0.1)
        if got is not None and got["type"] == kind:
            return got
        assert got is None or got["type"] != "closed" or kind == "closed", got
    raise AssertionError(f"no {kind}")


# -- 5: codes -------------------------------------------------------------------------------
def test_wrong_codes_from_one_address_wait_longer_then_are_closed_unread(door_host):
    host = door_host()
    port, clock = host.port, host.test_clock
    for _ in range(door.FREE_TRIES):
        answer = knock(port, WRONG, "127.0.0.2")
        assert answer["code"] == "wrong_code" and answer["fatal"]
        assert "try again" not in answer["reason"]
    answer = knock(port, WRONG, "127.0.0.2")
    assert answer["code"] == "wrong_code" and "try again in 1 s" in answer["reason"]
    assert knock(port, CODE, "127.0.0.2") is None, "told to wait: even the right code is unread"
    assert knock(port, CODE, "127.0.0.3")["type"] == "welcome", "another address is not held up"
    clock.now += 1.0
    assert knock(port, CODE, "127.0.0.2")["type"] == "welcome"
    refusals = [line for line in host.test_lines.texts() if "wrong_code" in line]
    assert refusals and all("127.0.0.2" in line for line in refusals)


def test_the_table_takes_so_many_wrong_codes_a_minute_but_a_guest_with_its_token_comes_back(
    door_host,
):
    host = door_host()
    port, clock = host.port, host.test_clock
    bea = knock(port, CODE, "127.0.0.1", name="Bea")
    for n in range(door.WRONG_CODES_PER_MINUTE):
        assert knock(port, WRONG, f"127.0.1.{n + 1}")["code"] == "wrong_code"
    answer = knock(port, CODE, "127.0.2.1")
    assert answer["code"] == "too_many_tries", "the right code is not even looked at"
    assert knock(port, CODE, "127.0.2.1") is None
    back = knock(port, CODE, "127.0.2.2", name="Bea", token=bea["token"])
    assert back["type"] == "welcome" and back["seat"] == bea["seat"]
    clock.now += 61
    assert knock(port, CODE, "127.0.2.3")["type"] == "welcome"


def test_protocol_true_is_no_version_at_the_door(door_host):
    host = door_host()
    hello = dict(protocol.hello(CODE, "Bea"), protocol=True)
    answer = knock(host.port, hello=hello)
    assert answer["code"] == "version" and answer["fatal"]


# -- 6: returns and names ---------------------------------------------------------------
def test_a_guest_comes_back_so_often_a_minute_and_keeps_the_name_it_first_joined_with(
    door_host,
):
    host = door_host()
    port, clock = host.port, host.test_clock
    first = knock(port, name="Bea")
    assert first["name"] == "Bea"
    for n in range(door.RETURNS_PER_MINUTE):
        back = knock(port, name=f"Ann{n}", token=first["token"])
        assert (back["type"], back["seat"], back["name"]) == ("welcome", first["seat"], "Bea")
    assert knock(port, name="Bea", token=first["token"])["code"] == "too_many_tries"
    joined = [e for e in events(host, 2 * (1 + door.RETURNS_PER_MINUTE)) if e.kind == "joined"]
    assert [(e.name, e.returning) for e in joined] == [("Bea", False)] + [
        ("Bea", True)
    ] * door.RETURNS_PER_MINUTE
    assert host.names == {first["seat"]: "Bea"}
    clock.now += 61
    assert knock(port, name="Bea", token=first["token"])["type"] == "welcome"


def test_a_guest_back_at_a_table_saved_without_names_has_its_name_checked_once(door_host):
    token = protocol.new_token()
    host = door_host(tokens={1: token})
    host.set_seat_names(["Ann", "Guest", "Guest", "Guest"])
    assert knock(host.port, name="Computer 2", token=token)["code"] == "name_taken"
    assert knock(host.port, name="Bea", token=token)["name"] == "Bea"
    assert knock(host.port, name="Zed", token=token)["name"] == "Bea", "kept from now on"


def test_a_client_learns_the_name_the_host_kept(door_host):
    host = door_host()
    first = knock(host.port, name="Bea")
    client = NetClient("127.0.0.1", host.port, CODE, "Zed", token=first["token"]).start()
    try:
        assert message(client, "welcome")["name"] == "Bea"
        assert (client.name, client.seat, client.token) == ("Bea", first["seat"], first["token"])
    finally:
        client.close()


@pytest.mark.parametrize(
    "name", ["ann", "A n n", "Ann\u00a0", "\u0410nn", "Computer 3", "C0mputer", "Bea"]
)
def test_a_name_like_another_seats_or_a_computers_is_refused_with_a_reason(door_host, name):
    host = door_host(open_seats=(1, 3))
    host.set_seat_names(["Ann", "Guest", "Computer 3", "Guest"])
    assert knock(host.port, name="Bea", seat=3)["type"] == "welcome"
    answer = knock(host.port, name=name)
    assert answer["code"] == "name_taken" and answer["fatal"]
    assert "choose another name" in answer["reason"]


def test_a_guest_may_take_the_name_its_own_seat_shows(door_host):
    host = door_host()
    host.set_seat_names(["Ann", "Guest 2", "Guest 3", "Guest 4"])
    assert knock(host.port, name="Guest 2", seat=1)["type"] == "welcome"


# -- the host in charge -------------------------------------------------------------------
def test_the_host_sees_who_is_where_and_kicks_a_guest_whose_token_then_dies(door_host):
    host = door_host()
    bea = NetClient("127.0.0.1", host.port, CODE, "Bea").start()
    seat = message(bea, "welcome")["seat"]
    token = bea.token
    events(host, 1)
    info = host.guests()[seat]
    assert (info.name, info.address) == ("Bea", "127.0.0.1") and isinstance(info, GuestInfo)
    assert abs(info.since - time.time()) < 60
    host.kick(seat)
    refusal = message(bea, "refused")
    assert refusal["code"] == "kicked" and refusal["fatal"]
    message(bea, "closed")
    assert [(e.kind, e.seat) for e in host.poll()] == [("left", seat)]
    assert seat not in host.tokens and seat not in host.names and host.guests() == {}
    again = knock(host.port, name="Bea", token=token)
    assert again["type"] == "welcome" and again["token"] != token
    assert [e.returning for e in events(host, 2) if e.kind == "joined"] == [False]


def test_a_new_code_is_needed_by_newcomers_and_seated_guests_stay(door_host):
    host = door_host()
    bea = NetClient("127.0.0.1", host.port, CODE, "Bea").start()
    seat = message(bea, "welcome")["seat"]
    old = host.code
    new = host.change_code()
    assert protocol.valid_code(new) and new != old and host.code == new
    assert knock(host.port, old)["code"] == "wrong_code"
    assert knock(host.port, protocol.shown_code(new).lower())["type"] == "welcome"
    assert seat in host.connected
    assert host.change_code("abcd efgh") == "ABCDEFGH"
    for bad in ("ABC", "ABCDEFG0", ""):
        with pytest.raises(ValueError):
            host.change_code(bad)
    assert host.code == "ABCDEFGH"
    assert any("code was changed" in line for line in host.test_lines.texts())
    bea.close()


def test_a_closed_seat_turns_out_its_guest_and_takes_no_other(door_host):
    host = door_host()
    with hello_from(host.port, name="Bea", seat=2) as (answer, held):
        assert answer["seat"] == 2
        host.close_seat(2)
        refusal = json.loads(held.recv(timeout=WAIT_S))
        assert refusal["code"] == "kicked"
    assert 2 not in host.open_seats and 2 not in host.tokens
    assert knock(host.port, name="Cy", seat=2)["code"] == "no_such_seat"


def test_a_bad_code_makes_no_host():
    for code in ("K7QX2M", "", "ABCDEFG0"):
        with pytest.raises(ValueError, match="8 letters and digits"):
            NetHost(code, {1: "Guest"}, "mille")


def test_an_action_carries_its_move_count_through_the_door_and_one_without_is_refused(
    door_host,
):
    host = door_host()
    bea = NetClient("127.0.0.1", host.port, CODE, "Bea").start()
    seat = message(bea, "welcome")["seat"]
    bea.send_action(["play", "x"], 5)
    action = [e for e in events(host, 2) if e.kind == "action"][0]
    assert (action.seat, action.action, action.moves) == (seat, ["play", "x"], 5)
    bea.send_raw(protocol.encode({"type": "action", "action": ["play", "x"]}))
    refusal = message(bea, "refused")
    assert refusal["code"] == "bad_message" and not refusal["fatal"]
    bea.close()


# -- 9: what a stranger learns ------------------------------------------------------------
def handshake(port: int, request: bytes) -> bytes:
    """The host's HTTP answer to `request` (its head)."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT_S) as sock:
        sock.sendall(request)
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
    return head.split(b"\r\n\r\n")[0]


def test_the_server_names_no_library_or_python_version(door_host):
    host = door_host()
    upgrade = (
        b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    plain = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
    for request, status in ((upgrade, b" 101 "), (plain, b" 426 ")):
        head = handshake(host.port, request)
        assert status in head.split(b"\r\n")[0], head
        assert b"python" not in head.lower() and b"websockets" not in head.lower(), head


def test_no_refusal_names_a_python_exception(door_host):
    host = door_host()
    with hello_from(host.port, name="Bea") as (answer, connection):
        assert answer["type"] == "welcome"
        for text in ("{", '{"a":' * 3000, b"\xff\xfe", '{"type":"action","moves":1}'):
            connection.send(text)
            refusal = json.loads(connection.recv(timeout=WAIT_S))
            assert refusal["code"] == "bad_message"
            assert "Error" not in refusal["reason"] and "Exception" not in refusal["reason"]


# -- 10: pings, TLS, interfaces, the audit log ---------------------------------------------
def test_a_flood_of_pings_is_cut(door_host):
    host = door_host()
    with hello_from(host.port, name="Bea") as (answer, connection):
        assert answer["type"] == "welcome"
        for n in range(host_module.PINGS_PER_MINUTE + 10):
            try:
                connection.ping(str(n))
            except ConnectionClosed:
                break
        with pytest.raises(ConnectionClosed):
            connection.recv(timeout=WAIT_S)
    assert any("a flood of pings" in line for line in host.test_lines.texts())


def test_every_decision_at_the_door_is_in_the_audit_log_once_and_without_a_traceback(
    door_host,
):
    host = door_host()
    bea = knock(host.port, name="Bea", source="127.0.0.4")
    knock(host.port, WRONG, "127.0.0.2")
    knock(host.port, name="Bea", token=bea["token"], source="127.0.0.5")
    events(host, 4)
    host.kick(bea["seat"])
    host.change_code()
    texts = host.test_lines.texts()
    for words in (
        "'Bea' took seat 1 (127.0.0.4)",
        "refused 127.0.0.2: wrong_code",
        "'Bea' came back to seat 1 (127.0.0.5)",
        "'Bea' left seat 1 (127.0.0.5)",
        "the table code was changed",
    ):
        assert sum(words in text for text in texts) == 1, (words, texts)
    assert sum("forgot the token of seat 1" in text for text in texts) == 1
    assert all(record.exc_info is None for record in host.test_lines.records)


def test_tls_with_the_fingerprint_of_the_invitation_or_the_systems_authorities(
    door_host, monkeypatch
):
    host = door_host(tls=TlsFiles(CERT, KEY))
    der = ssl.PEM_cert_to_DER_cert(CERT.read_text())
    assert host.fingerprint == hashlib.sha256(der).hexdigest()
    pinned = NetClient("127.0.0.1", host.port, CODE, "Bea", fingerprint=host.fingerprint)
    assert pinned.start() and message(pinned, "welcome")["seat"] == 0
    pinned.close()
    impostor = NetClient("127.0.0.1", host.port, CODE, "Cy", fingerprint="ab" * 32).start()
    assert "not the one in the invitation" in message(impostor, "closed")["reason"]
    untrusted = NetClient("127.0.0.1", host.port, CODE, "Cy", tls=True).start()
    assert "not trusted" in message(untrusted, "closed")["reason"]
    plain = NetClient("127.0.0.1", host.port, CODE, "Cy").start()
    assert message(plain, "closed")
    joined = [e.name for e in events(host, 2) if e.kind == "joined"]
    assert joined == ["Bea"] and not host.poll(), "no one else said a word"
    monkeypatch.setenv("SSL_CERT_FILE", str(CERT))  # as if an authority had signed it
    trusted = NetClient("127.0.0.1", host.port, CODE, "Dee", tls=True).start()
    assert message(trusted, "welcome")["name"] == "Dee"
    trusted.close()


def test_a_certificate_that_cannot_be_used_says_why(tmp_path):
    broken = tmp_path / "broken.pem"
    broken.write_text("not a certificate")
    for files in (TlsFiles(tmp_path / "missing.pem", KEY), TlsFiles(broken, KEY)):
        host = NetHost(CODE, {1: "Guest"}, "mille", port=0, bind="127.0.0.1", tls=files)
        with pytest.raises(OSError, match="cannot use the certificate"):
            host.start()


@pytest.mark.skipif(not socket.has_dualstack_ipv6(), reason="no IPv6 here")
def test_every_interface_is_ipv6_and_ipv4_on_one_port_and_a_given_address_only_itself(
    door_host,
):
    everywhere = door_host(bind=None)
    for address in ("127.0.0.1", "::1"):
        client = NetClient(address, everywhere.port, CODE, f"G{len(address)}").start()
        assert message(client, "welcome")
        client.close()
    only_v4 = door_host(bind="127.0.0.1")
    client = NetClient("::1", only_v4.port, CODE, "Bea").start()
    assert "cannot reach" in message(client, "closed")["reason"]
    only_v6 = door_host(bind="::1")
    client = NetClient("::1", only_v6.port, CODE, "Bea").start()
    assert message(client, "welcome")
    client.close()


# -- 7: connections ----------------------------------------------------------------------
def idle_sockets(port: int, sources: list[str], say: bytes = b"") -> list[socket.socket]:
    """Connections that never finish a request: each connects from its source address,
    says `say` once connected (the start of one), then nothing."""
    opened = []
    waiting = selectors.DefaultSelector()
    for source in sources:
        sock = socket.socket()
        sock.bind((source, 0))
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        opened.append(sock)
        waiting.register(sock, selectors.EVENT_WRITE)
    deadline = time.monotonic() + WAIT_S
    while waiting.get_map() and time.monotonic() < deadline:
        for key, _ in waiting.select(0.1):
            waiting.unregister(key.fileobj)
            try:
                key.fileobj.send(say)
            except OSError:
                pass  # closed by the host already
    waiting.close()
    return opened


def closed_by_host(sockets: list[socket.socket], at_least: int) -> set[socket.socket]:
    """The sockets the host has closed, once there are `at_least` of them."""
    closed: set[socket.socket] = set()
    watching = selectors.DefaultSelector()
    for sock in sockets:
        watching.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + WAIT_S
    while len(closed) < at_least:
        assert time.monotonic() < deadline, f"only {len(closed)} closed"
        for key, _ in watching.select(0.1):
            try:
                ended = key.fileobj.recv(1) == b""
            except OSError:
                ended = True
            if ended:
                closed.add(key.fileobj)
                watching.unregister(key.fileobj)
    watching.close()
    return closed


def test_connections_are_capped_by_address_and_in_all_and_a_newcomer_still_gets_in(
    door_host, monkeypatch
):
    monkeypatch.setattr(host_module, "OPEN_TIMEOUT_S", 120.0)  # idle ones stay
    monkeypatch.setattr(host_module, "file_limit", lambda: door.FILES_KEPT + 20)
    host = door_host()
    one = idle_sockets(host.port, ["127.0.0.5"] * 30)
    closed = closed_by_host(one, 30 - door.CONNECTIONS_PER_ADDRESS)
    assert closed == set(one[door.CONNECTIONS_PER_ADDRESS :]), "the first ones stay"
    many = idle_sockets(host.port, [f"127.0.0.{n}" for n in range(10, 20)])
    pushed = closed_by_host(one[: door.CONNECTIONS_PER_ADDRESS], 6)
    assert pushed == set(one[:6]), "the oldest are pushed out for the newcomers"
    guest = NetClient("127.0.0.1", host.port, CODE, "Bea").start()
    assert message(guest, "welcome")
    guest.close()
    for sock in one + many:
        sock.close()
    assert any("closed a connection from 127.0.0.5 unread" in t for t in host.test_lines.texts())


HOST_PROCESS = """
import logging, sys
logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
from game.net.host import NetHost
host = NetHost(sys.argv[1], {1: "Guest"}, "mille", port=0, bind="127.0.0.1")
print(host.start(), flush=True)
sys.stdin.read()
host.stop()
"""


@pytest.mark.slow
def test_a_thousand_idle_sockets_neither_keep_a_guest_out_nor_fill_the_log(tmp_path):
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 1100 + 200
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip("this process may not open enough files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    def the_hosts_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))

    host = subprocess.Popen(
        [sys.executable, "-c", HOST_PROCESS, CODE],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=the_hosts_limit,
    )
    sockets: list[socket.socket] = []
    try:
        port = int(host.stdout.readline())
        sources = [f"127.0.{3 + n // 100}.{1 + n % 100}" for n in range(110)]
        # Each says the start of a request, so that the host's side completes its accept
        # (an idle connection the host never accepted would cost it nothing).
        start = b"GET / HTTP/1.1\r\n"
        sockets = idle_sockets(port, [sources[n % 110] for n in range(1100)], start)
        guest = NetClient("127.0.0.1", port, CODE, "Bea").start()
        assert message(guest, "welcome")["seat"] == 1
        guest.close()
    finally:
        for sock in sockets:
            sock.close()
        _, errors = host.communicate("", timeout=60)
    assert "Traceback" not in errors, errors[-3000:]
    assert "out of system resource" not in errors, errors[-3000:]


def test_errors_of_the_loop_are_logged_once_a_minute_without_a_traceback(caplog):
    clock = Clock()
    host = NetHost(CODE, {1: "Guest"}, "mille", clock=clock)
    full = {
        "message": "socket.accept() out of system resource",
        "exception": OSError(24, "Too many open files"),
    }
    with caplog.at_level(logging.WARNING, logger="game.net.host"):
        for _ in range(1000):
            host._loop_trouble(None, full)
        clock.now += 60
        host._loop_trouble(None, full)
    lines = [r for r in caplog.records if r.name == "game.net.host"]
    assert len(lines) == 2 and all(r.exc_info is None for r in lines)
    assert "Too many open files" in lines[0].getMessage()
    assert "999 more" in lines[1].getMessage()


def test_broken_handshakes_write_no_traceback_into_the_log(door_host, caplog):
    """(websockets 16, Python 3.10's, logged a traceback for each one.)"""
    host = door_host()
    with caplog.at_level(logging.INFO):
        for n in range(20):
            with socket.create_connection(("127.0.0.1", host.port), timeout=WAIT_S) as sock:
                sock.sendall(b"GARBAGE %d\r\n\r\n" % n)
                while sock.recv(4096):
                    pass
        assert knock(host.port)["type"] == "welcome", "the door still serves"
    assert all(r.exc_info is None for r in caplog.records)
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) <= 1
