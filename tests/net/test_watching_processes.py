"""Spectators (issue 36) with every program in its own process on the loopback address:
a headless host (main.py --host), guests played by bots, and a watcher (game.net.bot
--watch) that follows the whole game, checks every public view it gets for what no
watcher may see (at Mille Bornes a card of any hand), and tries a move, refused."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.net.test_network_games import (
    ENV,
    GAME_LIMIT_S,
    ROOT,
    final_scores,
    start_bot,
    start_host,
    stop,
    summary,
)

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes


def start_watcher(port: int, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "game.net.bot", "--port", str(port), "--code", "k7qx-r2m9"]
        + ["--name", "Wes", "--watch", *extra],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_watcher_follows_a_whole_mille_game_and_sees_no_hand(tmp_path):
    host, port = start_host(tmp_path, "remote,computer:basic,remote")
    try:
        watcher = start_watcher(port)
        bots = [start_bot(port, seat) for seat in (1, 3)]
        results = [summary(bot) for bot in bots]
        watched = summary(watcher)
        assert host.wait(timeout=GAME_LIMIT_S) == 0, "the host stops after the end"
    finally:
        stop(host)
    assert watched["watching"] and watched["welcome"]["seat"] is None
    assert watched["problems"] == [], "a view showed what no watcher may see"
    assert watched["refused"] == ["you are watching: a watcher cannot play"]
    assert watched["moves"] == 0 and watched["views"] > 20
    assert watched["last_view"]["view"]["hand"] == []
    assert final_scores(watched) == final_scores(results[0]) == final_scores(results[1])
