"""Whole Mille Bornes games through a relay, each program in its own process on the
loopback address as in test_network_games.py: a relay (main.py --relay), a headless host
whose table is opened at it (main.py --host --via), and guests (game.net.bot) joining with
the host's invitation line. The relay that records every byte it forwards runs in this
process (its tap), the host and the guests in their own. Bounded in time; every wait is
for the event itself."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading

import pytest

from game.net import protocol
from game.net.relay import Relay

from .test_network_games import (
    ENV,
    GAME_LIMIT_S,
    ROOT,
    final_scores,
    saved_game,
    stop,
    summary,
)

pytestmark = pytest.mark.processes

CODE = "K7QXR2M9"


def start_relay(port: int = 0) -> tuple[subprocess.Popen, int]:
    relay = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--relay",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
        ],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = relay.stderr.readline()
    listening = re.search(r"relay listening on 127.0.0.1 port (\d+)", line)
    if listening is None:
        stop(relay)
        pytest.fail(f"the relay did not start: {line!r}")
    # Its audit log goes on being written: read it away so that it never blocks.
    threading.Thread(target=relay.stderr.read, daemon=True).start()
    return relay, int(listening[1])


def start_relayed_host(data, relay_port: int, seats: str) -> tuple[subprocess.Popen, str]:
    """A headless host whose table is opened at the relay; its invitation line."""
    host = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--host",
            "--game",
            "mille",
            "--fast",
            "--via",
            f"127.0.0.1:{relay_port}",
            "--seats",
            seats,
            "--code",
            CODE,
            "--data-dir",
            str(data),
        ],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first, second = host.stdout.readline(), host.stdout.readline()
    invitation = re.search(r"invitation: (pixelparlor://\S+)", second)
    if "through the relay" not in first or invitation is None:
        stop(host)
        pytest.fail(f"the host did not open at the relay: {first!r} {second!r}")
    return host, invitation[1]


def start_bot(invitation: str, seat: int, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game.net.bot",
            "--invitation",
            invitation,
            "--seat",
            str(seat),
            "--name",
            f"Guest{seat}",
            "--level",
            "basic",
            "--seed",
            str(seat),
            *extra,
        ],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def audit_log(data) -> str:
    """The host's audit log so far (who took or came back to which seat)."""
    try:
        return (data / "pixel-parlor-audit.log").read_text()
    except OSError:
        return ""


def hands_seen(result: dict) -> set[str]:
    """The bot's own hand in its last view as the host's message wrote it (the cards
    are numbers: the list as JSON, and each card beside the next)."""
    view = (result.get("last_view") or {}).get("view") or {}
    hand = list(view.get("hand") or [])
    pairs = {protocol.encode(hand[n : n + 2])[1:-1] for n in range(len(hand) - 1)}
    return {protocol.encode(hand), *pairs} if hand else set()


def test_a_whole_game_through_the_relay_ends_alike_and_the_relay_forwards_no_card(tmp_path):
    recorded: list[tuple[str, bytes]] = []
    lock = threading.Lock()

    def tap(direction: str, code: str, frame: bytes) -> None:
        with lock:
            recorded.append((direction, bytes(frame)))

    relay = Relay(0, "127.0.0.1", tap=tap)
    port = relay.start()
    host, invitation = start_relayed_host(tmp_path, port, "remote,remote,computer:basic,remote")
    try:
        assert protocol.parse_invitation(invitation).secret, "the secret is in the invitation"
        bots = [start_bot(invitation, seat) for seat in (1, 2, 4)]
        results = [summary(bot) for bot in bots]
        assert host.wait(timeout=GAME_LIMIT_S) == 0, "the host stops after the end"
    finally:
        stop(host)
        relay.stop()
    for result in results:
        assert result["problems"] == [] and result["refused"] == []
        assert result["moves"] > 10
    scores = [final_scores(result) for result in results]
    assert scores[0] == scores[1] == scores[2] and max(scores[0]) >= 5000
    assert sorted(result["seat"] for result in results) == [0, 1, 3]
    # Every byte the relay forwarded: no card of any hand, no word of the game.
    assert len(recorded) > 100 and {direction for direction, _ in recorded} == {"up", "down"}
    everything = b"\n".join(frame for _, frame in recorded)
    cards = set().union(*(hands_seen(result) for result in results))
    assert cards, "the guests saw their hands"
    for word in {'"hand"', "view", "welcome", "hello", "Guest1", "legal", *cards}:
        assert word.encode() not in everything, word
    for _, frame in recorded:
        with pytest.raises(ValueError):
            json.loads(frame)
    secret = protocol.parse_invitation(invitation).secret
    assert secret.encode() not in everything and relay.stats["frames"] == len(recorded)


def test_a_guest_and_the_host_dropped_and_back_through_the_relay(tmp_path):
    relay, port = start_relay()
    host, invitation = start_relayed_host(tmp_path, port, "remote,computer:basic,remote")
    token_file = tmp_path / "token"
    bots = []
    try:
        first = start_bot(invitation, 1, "--token-file", str(token_file), "--stop-after", "4")
        other = start_bot(invitation, 3, "--rejoin-for", str(GAME_LIMIT_S), "--delay-ms", "30")
        bots = [first, other]
        left = summary(first)  # it leaves without a goodbye
        assert left["moves"] == 4 and token_file.read_text()
        again = start_bot(
            invitation,
            1,
            "--token-file",
            str(token_file),
            "--rejoin-for",
            str(GAME_LIMIT_S),
            "--delay-ms",
            "30",
        )
        bots.append(again)
        saved_game(
            tmp_path / "mille-saved.json",
            host,
            until=lambda table: (
                set(table["net"]["tokens"]) == {"0", "2"}
                and table["net"].get("secret")
                and "came back to seat 1" in audit_log(tmp_path)
            ),
        )
        host.send_signal(signal.SIGKILL)  # the host dropped: started again, the same command
        host.wait(timeout=30)
        host, invitation_again = start_relayed_host(tmp_path, port, "remote,computer:basic,remote")
        assert invitation_again == invitation, "the same code and secret at the same relay"
        results = [summary(again), summary(other)]
        assert host.wait(timeout=GAME_LIMIT_S) == 0
    finally:
        stop(host)
        stop(relay)
        for bot in bots:
            stop(bot)
    for result in results:
        told = {key: result.get(key) for key in ("seat", "connections", "moves", "closed")}
        assert result["problems"] == [] and result["connections"] >= 2, told
        assert result["last_view"]["over"], told
    assert final_scores(results[0]) == final_scores(results[1])
    assert sorted(result["seat"] for result in results) == [0, 2]


def test_a_relay_that_restarts_mid_game_loses_nothing(tmp_path):
    relay, port = start_relay()
    host, invitation = start_relayed_host(tmp_path, port, "remote,remote")
    bots = []
    try:
        bots = [
            start_bot(invitation, seat, "--rejoin-for", str(GAME_LIMIT_S), "--delay-ms", "30")
            for seat in (1, 2)
        ]
        saved = saved_game(
            tmp_path / "mille-saved.json",
            host,
            until=lambda table: (
                set(table["net"]["tokens"]) == {"0", "1"} and len(table.get("log") or []) > 6
            ),
        )
        relay.send_signal(signal.SIGKILL)
        relay.wait(timeout=30)
        relay, _ = start_relay(port)  # back on the same port
        results = [summary(bot) for bot in bots]
        assert host.wait(timeout=GAME_LIMIT_S) == 0
    finally:
        stop(host)
        stop(relay)
        for bot in bots:
            stop(bot)
    for result in results:
        told = {key: result.get(key) for key in ("seat", "connections", "moves", "closed")}
        assert result["problems"] == [] and result["connections"] >= 2, told
        assert result["last_view"]["over"], told
    assert final_scores(results[0]) == final_scores(results[1])
    assert len(saved["log"]) > 6
