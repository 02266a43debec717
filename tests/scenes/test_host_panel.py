"""The host in charge of its table (issue 29): the table panel (G at a network table)
shows the invitation while a friend's seat is free and who is connected where, and lets
the host send a guest away (the seat opens, the guest's token dies), change the code,
and play without a missing friend; a headless host has the same as commands. Played by
posting real keys and clicks, against guests on the loopback address."""

from __future__ import annotations

import subprocess
import sys

import pygame

from game.hosting import HostConsole
from game.net import protocol
from game.net.client import NetClient
from game.table.door import invitation
from game.table.hostpanel import HostPanelScene
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from tests.harness import click, key, run, words_on_screen
from tests.net.test_network_games import ENV, ROOT, free_port
from tests.scenes.test_network_table import next_message, pump
from tests.scenes.test_table_net_actions import join, my_turn, open_table

SEATS = [TableSeat("Ann", HERE), TableSeat("Guest", REMOTE), TableSeat("Guest", REMOTE)]


def press(app, letter: str) -> None:
    key(app, pygame.key.key_code(letter), text=letter)


def screen(app) -> str:
    return " ".join(words_on_screen(app))


def panel_table(new_app):
    app = new_app(fast=True)
    table = open_table(app, "farkle", SEATS)
    return app, table


def test_g_opens_the_panel_with_the_invitation_until_every_friends_seat_is_taken(new_app):
    app, table = panel_table(new_app)
    try:
        assert any(c.word == "Friends" for c in table.commands()), "listed in the bar"
        assert "table panel" in table.help_pages()[-1].text, "and in the help"
        press(app, "g")
        panel = app.scenes.top
        assert isinstance(panel, HostPanelScene)
        words = screen(app)
        line = invitation(table)
        assert line.startswith("pixelparlor://")
        assert line.replace(" ", "") in words.replace(" ", ""), "shown in full"
        assert protocol.shown_code(table.net.code) in words
        assert "Not encrypted" in words
        bea = join(app, table, "Bea")
        run(app, 2)
        assert "connected from 127.0.0.1" in screen(app), "who is connected where"
        assert "waiting for a friend" in screen(app)
        eve = join(app, table, "Eve")
        run(app, 2)
        words = screen(app)
        assert "Every friend's seat is taken" in words and "pixelparlor://" not in words
        press(app, "g")
        assert app.scenes.top is table, "G closes it"
        bea.close()
        eve.close()
    finally:
        table.net.close()


def test_the_host_sends_a_guest_away_and_her_token_dies(new_app):
    app, table = panel_table(new_app)
    try:
        join(app, table, "Bea")
        eve = join(app, table, "Eve")
        token = eve.token
        press(app, "g")
        panel = app.scenes.top
        rows = panel.rows()
        click(app, panel.row_rect([row.seat for row in rows].index(2)).center)
        assert panel.chosen == 2, "a click chooses the seat"
        press(app, "k")
        press(app, "y")  # "Send Eve away?" Yes
        refusal = next_message(eve, app, "refused")
        assert refusal["code"] == "kicked" and refusal["fatal"]
        pump(app, lambda: 2 not in table.net.host.guests())
        assert table.name(2) == "Guest 3" and 2 not in table.net.host.tokens
        assert "Eve was asked to leave" in screen(app)
        again = NetClient(
            "127.0.0.1", table.net.host.port, table.net.code, "Eve", seat=2, token=token
        ).start()
        welcome = next_message(again, app, "welcome")
        assert welcome["token"] != token, "her old token is dead: she is a new guest"
        assert any("Eve was asked to leave" in line.text for line in table.talk.log)
    finally:
        table.net.close()


def test_the_host_changes_the_code_and_the_old_one_lets_nobody_in(new_app):
    app, table = panel_table(new_app)
    try:
        bea = join(app, table, "Bea")
        old = table.net.code
        press(app, "g")
        press(app, "n")
        new = table.net.code
        assert new != old and protocol.valid_code(new)
        assert protocol.shown_code(new) in screen(app)
        stranger = NetClient("127.0.0.1", table.net.host.port, old, "Eve").start()
        assert next_message(stranger, app, "refused")["code"] == "wrong_code"
        assert 1 in table.net.host.guests(), "the guests at the table stay"
        join(app, table, "Cy").close()
        bea.close()
    finally:
        table.net.close()


def test_the_host_plays_without_a_missing_friend(new_app):
    app, table = panel_table(new_app)
    try:
        join(app, table, "Bea")
        press(app, "g")
        panel = app.scenes.top
        press(app, "2")
        press(app, "w")  # Bea is at seat 2: not hers to give away
        assert "send them away first" in panel.said
        assert app.scenes.top is panel
        press(app, "3")
        press(app, "w")
        press(app, "y")
        assert table.seats[2].kind == COMPUTER and table.played_by_computer(2)
        assert "for good" in screen(app)
        late = NetClient("127.0.0.1", table.net.host.port, table.net.code, "Cy", seat=2).start()
        assert next_message(late, app, "refused")["fatal"]
        assert table.net.to_json()["tokens"].keys() == {"1"}
    finally:
        table.net.close()


def test_the_table_plays_on_beneath_the_panel(new_app):
    app = new_app(fast=True)
    table = open_table(
        app, "farkle", [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)]
    )
    try:
        press(app, "g")
        assert isinstance(app.scenes.top, HostPanelScene)
        guest = join(app, table, "Bea")
        view = my_turn(guest, app, table)  # the computer has played its turn meanwhile
        moves = table.moves
        guest.send_action(view["legal"][0], view["moves"])
        pump(app, lambda: table.moves > moves)  # and the guest plays hers
        assert isinstance(app.scenes.top, HostPanelScene)
        guest.close()
    finally:
        table.net.close()


def test_a_headless_hosts_commands(new_app):
    app, table = panel_table(new_app)
    try:
        join(app, table, "Bea")
        console = HostConsole(app)
        net = table.net
        who = "\n".join(console.run(net, "who"))
        assert "seat 2 Bea: connected from 127.0.0.1" in who and "pixelparlor://" in who
        assert "Nobody has taken seat 3" in console.run(net, "kick 3")[0]
        assert "for good" in console.run(net, "without 3")[0]
        old = net.code
        said = console.run(net, "code")
        assert net.code != old and protocol.shown_code(net.code) in said[0]
        assert said[1].startswith("invitation: pixelparlor://")
        assert "asked to leave" in console.run(net, "kick 2")[0]
        assert "seat number" in console.run(net, "kick 9")[0]
        assert "unknown command" in console.run(net, "dance")[0]
        assert "not over" in console.run(net, "again")[0]
        assert any(line.startswith("kick SEAT") for line in console.run(net, "help"))
    finally:
        table.net.close()


def test_a_headless_host_reads_its_commands_on_standard_input(tmp_path):
    port = free_port()
    host = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--host",
            "--game",
            "farkle",
            "--port",
            str(port),
            "--seats",
            "remote,computer:standard",
            "--data-dir",
            str(tmp_path),
        ],
        cwd=ROOT,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = host.communicate("who\nstop\n", timeout=60)
        first, second = out.splitlines()[:2]
        assert f"port {port}" in first and "not encrypted" in first, err[-2000:]
        assert second.startswith("invitation: pixelparlor://")
        assert "seat 1 Friend: open: waiting for a friend" in out, err[-2000:]
        assert "Stopping" in out and host.returncode == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=30)
