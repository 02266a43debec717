"""Spectators (issue 36) at a person's screen: Join's Watch, a watcher's table that shows
the game read-only and refuses every move with a line (nothing is sent), that follows the
host's table to the end and into the next game; and the host's panel with watchers.

Two apps in this process: the host's (a table of the computer and a friend's seat the
computer stands in for at once) and the watcher's, ticked in turn."""

from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pytest

from game.hosting import HostConsole
from game.input import Action
from game.lang import Msg
from game.scenes.join import JoinScene
from game.scenes.mille.joined import MilleWatchScene
from game.shell.registry import game_info
from game.table.door import open_again
from game.table.guest import WATCHING, WatchScreen
from game.table.hostpanel import HostPanelScene
from game.table.netentry import NetEntry
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.harness import key, run, type_text
from tests.scenes.test_network_table import network_table

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

GAME_LIMIT_S = 300


def both(host_app, watch_app, until, seconds: float = 30.0) -> None:
    """Run both apps (the network threads answer meanwhile) until `until()`."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "it never came"
        run(host_app, 1)
        run(watch_app, 1)
        time.sleep(0.001)


def watch_by_keys(app, port: int, name: str = "Wes") -> JoinScene:
    """J, the address, the code, the name, then Down to "Join to", Right: Watch; Enter."""
    key(app, pygame.K_j, text="j")
    scene = app.scenes.top
    assert isinstance(scene, JoinScene)
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_DOWN)
    type_text(app, "k7qx-r2m9")
    key(app, pygame.K_DOWN)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, name)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert scene.watch
    key(app, pygame.K_RETURN)
    return scene


def test_a_watcher_joins_by_keys_sees_the_game_read_only_to_the_end_and_the_next(new_app):
    host_app, watch_app = new_app(fast=True), new_app(fast=True)
    table, port = network_table(
        host_app,
        [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Guest", REMOTE)],
        stand_in_after_s=0.0,
    )
    try:
        join = watch_by_keys(watch_app, port)
        both(host_app, watch_app, lambda: isinstance(watch_app.scenes.top, MilleWatchScene))
        watching = watch_app.scenes.top
        link = watching.guest
        assert link.watching and link.seat == -1 and not watching.saving
        assert join.client is None  # the table took the connection
        assert table.net.watchers == {0: "Wes"} and table.net.seated == set()
        assert watching.hands.covered, "no hand is the watcher's to show"
        # The command bar keeps the menu, the log, the speed and help: no moves.
        kept = {command.action.name for command in watching.commands()}
        assert kept <= {"space", "log", "fast", "cancel", "char"}, kept
        assert all(c.action.char in ("", "h", "l", "f") for c in watching.commands()), [
            c.action for c in watching.commands()
        ]
        sent = link.client.bytes_out
        refusals = 0
        for action in (
            Action("confirm"),
            Action("char", char="d"),
            Action("char", char="1"),
            Action("left"),
            Action("click", pos=(100, 300)),
        ):
            watching.talk.passing = None
            watching.dispatch(action)
            refusals += 1
            assert watching.talk.passing is not None, action
            assert watching.talk.passing.said == WATCHING, action
        legal = watching.state.legal_actions()
        if legal:  # a move on its way to the host (the table's own path) is refused too
            watching.talk.passing = None
            assert watching.network.relay(legal[0])
            assert watching.talk.passing.said == WATCHING
        watching.menu.play_again()  # N at the end, or the menu's new game: the host's
        assert link.client.bytes_out == sent, "a watcher's table sent something"
        # It follows the whole game to the end (score sheets read as they come).
        deadline = time.monotonic() + GAME_LIMIT_S
        while not (table.finished and watching.state.winners):
            assert time.monotonic() < deadline, "the game never ended"
            top = watch_app.scenes.top
            if not isinstance(top, MilleWatchScene):
                key(watch_app, pygame.K_RETURN)  # a hand's score sheet
            table.hurry()
            run(host_app, 1)
            run(watch_app, 1)
            time.sleep(0.001)
        both(host_app, watch_app, lambda: watching.state.winners == table.state.winners)
        assert watching.state.scores == table.state.scores
        both(host_app, watch_app, lambda: watching.finished)
        watching.talk.passing = None
        watching.dispatch(Action("char", char="n"))  # N at the end: the host's to start
        assert watching.talk.passing.said == Msg(
            "You are watching: the host starts the next game, and it shows here."
        )
        assert link.client.bytes_out == sent
        # The host starts the next game: the watcher's screen follows without joining again.
        table.menu.play_again()
        fresh = host_app.scenes.top
        both(
            host_app,
            watch_app,
            lambda: (
                isinstance(watch_app.scenes.top, MilleWatchScene)
                and watch_app.scenes.top is not watching
                and watch_app.scenes.top.guest.game == 2
            ),
        )
        assert watch_app.scenes.top.guest.watching and fresh.net.watchers == {0: "Wes"}
        assert link.client.bytes_out == sent
    finally:
        host_app.scenes.top.net.close() if host_app.scenes.top.net else table.net.close()


def test_a_refused_watcher_is_told_why_on_the_join_screen(new_app):
    host_app, watch_app = new_app(fast=True), new_app(fast=True)
    table, port = network_table(
        host_app, [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Guest", REMOTE)]
    )
    try:
        table.net.allow_watchers(False)
        join = watch_by_keys(watch_app, port)
        both(host_app, watch_app, lambda: join.client is None)
        assert join.problem == "the host takes no watchers at this table"
        assert watch_app.scenes.top is join  # the fields stay, to change
    finally:
        table.net.close()


def test_the_host_panel_lists_watchers_and_v_refuses_them_and_k_turns_one_out(new_app):
    host_app, watch_app = new_app(fast=True), new_app(fast=True)
    table, port = network_table(
        host_app, [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Guest", REMOTE)]
    )
    try:
        watch_by_keys(watch_app, port)
        both(host_app, watch_app, lambda: isinstance(watch_app.scenes.top, MilleWatchScene))
        table.network.open_friends_panel()
        panel = host_app.scenes.top
        assert isinstance(panel, HostPanelScene)
        assert [row.name for row in panel.watcher_rows()] == ["Wes"]
        panel.dispatch(Action("down"))  # from the friend's seat to the watcher
        assert panel.watcher is not None and panel.watcher.name == "Wes"
        panel.dispatch(Action("char", char="k"))
        both(host_app, watch_app, lambda: not table.net.watchers)
        assert panel.said == "Wes was asked to stop watching."
        watcher_table = watch_app.scenes.top
        both(host_app, watch_app, lambda: bool(watcher_table.guest.closed))
        assert "stop watching" in str(watcher_table.guest.closed)
        panel.dispatch(Action("char", char="v"))
        assert not table.net.host.watchers_allowed
        assert panel.said == "This table takes no watchers now."
        panel.dispatch(Action("char", char="v"))
        assert table.net.host.watchers_allowed
    finally:
        table.net.close()


def test_a_headless_hosts_watcher_commands(new_app):
    host_app, watch_app = new_app(fast=True), new_app(fast=True)
    table, port = network_table(
        host_app, [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Guest", REMOTE)]
    )
    try:
        console = HostConsole(host_app)
        watch_by_keys(watch_app, port)
        both(host_app, watch_app, lambda: isinstance(watch_app.scenes.top, MilleWatchScene))
        lines = console.run(table.net, "who")
        assert any(line.startswith("watcher 1 Wes: connected from 127.0.0.1") for line in lines)
        assert console.run(table.net, "unwatch 2") == [
            "unwatch needs the number of a watcher (who lists them)"
        ]
        assert console.run(table.net, "unwatch 1") == ["Wes was asked to stop watching."]
        both(host_app, watch_app, lambda: not table.net.watchers)
        assert console.run(table.net, "watchers maybe") == ["watchers needs on or off"]
        assert console.run(table.net, "watchers off") == ["This table takes no watchers now."]
        assert not table.net.host.watchers_allowed
        assert console.run(table.net, "watchers on") == ["Watchers may join this table."]
        assert table.net.host.watchers_allowed
    finally:
        table.net.close()


@pytest.mark.parametrize("game", ["farkle", "shutbox"])
def test_a_watcher_of_a_game_where_nothing_is_hidden_sees_its_table_read_only(new_app, game):
    host_app, watch_app = new_app(fast=True), new_app(fast=True)
    level = next(iter(game_info(game).level_labels))
    table, port = network_table(
        host_app,
        [TableSeat("Ann", COMPUTER, level), TableSeat("Guest", REMOTE)],
        stand_in_after_s=0.0,
        game=game,
    )
    try:
        watch_by_keys(watch_app, port)
        both(host_app, watch_app, lambda: isinstance(watch_app.scenes.top, WatchScreen))
        watching = watch_app.scenes.top
        assert type(watching).__name__.startswith("Watching") and watching.guest.watching
        assert not any(seat.here for seat in watching.seats), "no seat is the watcher's"
        sent = watching.guest.client.bytes_out
        for action in (Action("confirm"), Action("char", char="r"), Action("char", char="1")):
            watching.talk.passing = None
            watching.dispatch(action)
            assert watching.talk.passing is not None and watching.talk.passing.said == WATCHING
        # It follows the host's moves (the whole state, as every seat sees it).
        states: dict[int, dict] = {}
        moves = watching.moves

        def caught_up() -> bool:
            states[table.moves] = table.state.to_json()
            ahead = watching.moves > moves + 2 or (table.finished and watching.moves == table.moves)
            # A busy tick may take the host over a move the watcher stops at: on, until
            # the watcher shows a move the host was seen at.
            return ahead and watching.moves in states

        both(host_app, watch_app, caught_up, 60.0)
        assert watching.state.to_json() == states[watching.moves]
        assert watching.guest.client.bytes_out == sent
    finally:
        table.net.close()


def test_refusing_watchers_is_kept_with_the_saved_table_and_holds_when_it_opens_again(new_app):
    host_app = new_app(fast=True)
    host_app.options = replace(host_app.options, port=0, bind="127.0.0.1")
    table, _port = network_table(
        host_app, [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Guest", REMOTE)]
    )
    try:
        HostConsole(host_app).run(table.net, "watchers off")
        kept = table.net.to_json()
    finally:
        table.net.close()
    assert kept["watchers"] is False
    table.net, table.kept_net = None, kept  # the saved table, continued at the desktop
    open_again(table)
    try:
        assert table.net is not None and not table.net.host.watchers_allowed
        assert table.net.to_json()["watchers"] is False
    finally:
        table.net.close()
    older = {key: value for key, value in kept.items() if key != "watchers"}
    assert NetEntry.from_json(older, [1])[0].watchers, "a table saved before takes watchers"
