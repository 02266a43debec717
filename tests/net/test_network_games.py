"""Whole games over the network, each program in its own process on the loopback address:
a host (main.py --host, no window) and guests (game.net.bot, a computer choosing for each
guest's seat from what that seat may see). Every test is bounded in time, and waits for
what it needs (a line, a save, the end), never for a fixed time."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]
GAME_LIMIT_S = 600  # a bound for a loaded machine, never reached when all is well
ENV = dict(
    os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
)


def free_port() -> int:
    """A port nothing listens on now (it may be taken by the time it is used: a host of
    these tests is given port 0 instead, and says which one it took)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_host(
    data: Path, seats: str, port: int = 0, code: str = "K7QXR2M9", game: str = "mille"
) -> tuple[subprocess.Popen, int]:
    """A headless host and the port it listens on. Port 0 lets it pick a free one (a port
    probed here and closed could be taken meanwhile by another test's connection); a host
    started again is given the port of the first."""
    host = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--host",
            "--game",
            game,
            "--fast",
            "--port",
            str(port),
            "--seats",
            seats,
            "--code",
            code,
            "--data-dir",
            str(data),
        ],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = host.stdout.readline()
    listening = re.search(r"on port (\d+), table code K7QX-R2M9", line)
    if listening is None:
        stop(host)
        pytest.fail(f"the host did not start: {line!r}, {host.stderr.read()[-2000:]!r}")
    assert port in (0, int(listening[1])), line
    return host, int(listening[1])


def start_bot(port: int, seat: int, *extra: str, level: str = "basic") -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game.net.bot",
            "--port",
            str(port),
            "--code",
            "k7qx-r2m9",
            "--seat",
            str(seat),
            "--name",
            f"Guest{seat}",
            "--level",
            level,
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


def summary(bot: subprocess.Popen) -> dict:
    out, err = bot.communicate(timeout=GAME_LIMIT_S)
    lines = out.strip().splitlines()
    assert lines, err[-2000:]
    return json.loads(lines[-1])


def final_scores(result: dict) -> list:
    view = result["last_view"]
    assert view["over"], result.get("closed")
    return view["view"]["scores"]


def saved_game(path: Path, host: subprocess.Popen, until) -> dict:
    """The table the host saved once `until(table)` holds, read as the host saves (each
    file whole: the host replaces it atomically)."""
    deadline = time.monotonic() + GAME_LIMIT_S
    while True:
        try:
            data = json.loads(path.read_text())["data"]["state"]
        except (OSError, ValueError):
            data = None  # not saved yet
        if data is not None and until(data):
            return data
        assert host.poll() is None, host.stderr.read()
        assert time.monotonic() < deadline, f"no such save in {GAME_LIMIT_S} s: {data}"
        time.sleep(0.05)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    process.communicate(timeout=30)


def test_a_whole_game_between_a_host_and_three_guests_ends_alike_everywhere(tmp_path):
    host, port = start_host(tmp_path, "remote,remote,computer:basic,remote")
    try:
        bots = [start_bot(port, seat) for seat in (1, 2, 4)]
        results = [summary(bot) for bot in bots]
        assert host.wait(timeout=GAME_LIMIT_S) == 0, "the host stops after the end"
    finally:
        stop(host)
    for result in results:
        assert result["problems"] == [], "no view held a card its seat may not see"
        assert result["refused"] == [] and result["moves"] > 10
    scores = [final_scores(result) for result in results]
    assert scores[0] == scores[1] == scores[2] and max(scores[0]) >= 5000
    assert sorted(result["seat"] for result in results) == [0, 1, 3]


def test_a_guest_killed_mid_hand_comes_back_with_its_token_and_finishes(tmp_path):
    host, port = start_host(tmp_path, "remote,computer:basic")
    token_file = tmp_path / "token"
    try:
        first = start_bot(port, 1, "--token-file", str(token_file), "--stop-after", "6")
        left = summary(first)  # it leaves without a goodbye
        assert left["moves"] == 6 and token_file.read_text()
        again = start_bot(port, 1, "--token-file", str(token_file))
        result = summary(again)
        assert host.wait(timeout=GAME_LIMIT_S) == 0
    finally:
        stop(host)
    assert result["problems"] == [] and result["seat"] == 0
    assert max(final_scores(result)) >= 5000


# The dice games: nothing is hidden, so each guest is sent the whole state (its field).
DICE_GAMES = {
    "farkle": ("computer:standard", "state", "standard"),
    "shutbox": ("computer:pub", "engine", "pub"),
}


@pytest.mark.parametrize("game", sorted(DICE_GAMES))
def test_a_whole_dice_game_between_a_host_and_two_guests_ends_alike(tmp_path, game):
    computer, field, level = DICE_GAMES[game]
    host, port = start_host(tmp_path, f"remote,{computer},remote", game=game)
    try:
        bots = [start_bot(port, seat, level=level) for seat in (1, 3)]
        results = [summary(bot) for bot in bots]
        assert host.wait(timeout=GAME_LIMIT_S) == 0, "the host stops after the end"
    finally:
        stop(host)
    for result in results:
        assert result["problems"] == [] and result["refused"] == []
        assert result["moves"] > 5 and result["last_view"]["over"]
    states = [result["last_view"]["view"][field] for result in results]
    assert states[0] == states[1], "every screen ends with the same game"
    assert sorted(result["seat"] for result in results) == [0, 2]


def final_game(game: str, result: dict):
    """How a game ended at a guest's screen: the scores (Mille Bornes: each seat sees its
    own hand), or the whole state of a dice game."""
    if game == "mille":
        return final_scores(result)
    return result["last_view"]["view"][DICE_GAMES[game][1]]


@pytest.mark.parametrize(
    "game, level", [("mille", "basic"), ("farkle", "standard"), ("shutbox", "pub")]
)
def test_a_host_killed_and_started_again_resumes_and_its_guests_come_back(tmp_path, game, level):
    seats = "remote,remote"
    host, port = start_host(tmp_path, seats, game=game)
    bots = [
        start_bot(port, seat, "--rejoin-for", str(GAME_LIMIT_S), "--delay-ms", "30", level=level)
        for seat in (1, 2)
    ]
    try:
        # Killed once both guests are in and a save says so (their tokens): the table
        # saves as soon as it opens, long before a slow machine has started the guests.
        saved = saved_game(
            tmp_path / f"{game}-saved.json",
            host,
            until=lambda table: set(table["net"]["tokens"]) == {"0", "1"},
        )
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=30)
        assert [seat["kind"] for seat in saved["seats"]] == ["remote", "remote"], (
            "the guests' seats are kept with the game"
        )
        host, _ = start_host(tmp_path, seats, port, game=game)  # the same command
        results = [summary(bot) for bot in bots]
        assert host.wait(timeout=GAME_LIMIT_S) == 0
    finally:
        stop(host)
        for bot in bots:
            stop(bot)
    for result in results:
        told = {key: result.get(key) for key in ("seat", "connections", "moves", "closed")}
        assert result["problems"] == [] and result["connections"] >= 2, told
        assert result["last_view"]["over"], told
    assert final_game(game, results[0]) == final_game(game, results[1])


def test_a_host_with_a_bad_seat_list_says_what_is_wrong(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--host",
            "--game",
            "mille",
            "--port",
            "0",
            "--seats",
            "remote,wizard",
            "--data-dir",
            str(tmp_path),
        ],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and re.search(r"seat 2: 'wizard'", result.stderr)
