"""Joining a table hosted elsewhere (J on the title), as a person would: the host is a
separate process (main.py --host, no window); this screen types the address and code,
sits down at the seat it is given and plays the game through to the end."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
import time

import pygame
import pytest

from game.engine.farkle import BANK
from game.net import protocol
from game.net.client import NetClient
from game.scenes import join as join_screen
from game.scenes.farkle.joined import FarkleGuestScene
from game.scenes.join import JoinScene, privacy_words
from game.scenes.mille.joined import MilleGuestScene
from game.scenes.shutbox.joined import ShutBoxGuestScene
from game.table.talk import BAD
from tests.harness import key, run, type_text
from tests.net.test_network_games import free_port, start_host, stop

# Waits on other processes, threads or the network: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

GAME_LIMIT_S = 600  # a bound for a loaded machine, never reached when all is well


def join(app, port: int, code: str = "k7qx-r2m9", seat: str = "", name: str = "Bea") -> None:
    key(app, pygame.K_j, text="j")
    scene = app.scenes.top
    assert isinstance(scene, JoinScene)
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_DOWN)
    type_text(app, code)
    key(app, pygame.K_DOWN)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, name)
    if seat:
        key(app, pygame.K_DOWN)
        type_text(app, seat)
    key(app, pygame.K_RETURN)


def wait_for(app, until, seconds: float = 60.0) -> None:
    """Run the app until `until()`: what comes from the host's process, which a busy
    machine slows (the bound is never reached when all is well)."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "it never came"
        run(app, 1)
        time.sleep(0.002)


def test_a_person_joins_by_keys_and_plays_a_whole_game(new_app, tmp_path):
    host, port = start_host(tmp_path, "computer:basic,remote")
    try:
        app = new_app(fast=True)
        join(app, port)
        wait_for(app, lambda: isinstance(app.scenes.top, MilleGuestScene))
        table = app.scenes.top
        assert table.guest.seat == 1 and table.viewer == 1 and table.name(1) == "Bea"
        assert not table.saving, "the host keeps the game"
        deadline = time.monotonic() + GAME_LIMIT_S
        while not table.state.winners and time.monotonic() < deadline:
            top = app.scenes.top
            if top is not table:
                key(app, pygame.K_RETURN)  # a hand's score sheet
            elif (
                table.waiting_for_human and table.seat_to_act() == 1 and table.guest.sent_at is None
            ):
                assert table.submit(1, table.legal_moves()[0])
            run(app, 1)
            time.sleep(0.001)
        assert table.state.winners, "the game reached its end at the guest's screen"
        assert max(table.state.scores) >= 5000
        assert any("Bea" in line.text for line in table.talk.log), "the host's news"
        assert host.wait(timeout=60) == 0

        def read_on_until_the_table_is_gone() -> bool:
            if app.scenes.top is not table:
                key(app, pygame.K_RETURN)  # the last hand's score sheet
            return bool(table.guest.closed)

        wait_for(app, read_on_until_the_table_is_gone)
        assert any(line.tone == BAD and "table is gone" in line.text for line in table.talk.log), (
            "the end of the connection is said"
        )
    finally:
        stop(host)


def test_a_wrong_code_is_said_and_the_fields_stay_to_change(new_app, tmp_path):
    host, port = start_host(tmp_path, "remote,remote")
    try:
        app = new_app(fast=True)
        join(app, port, code="AAAAAAAA")
        scene = app.scenes.top
        wait_for(app, lambda: bool(scene.problem))
        assert "wrong table code" in scene.problem and scene.client is None
        assert scene.values["code"] == "AAAAAAAA"
        key(app, pygame.K_ESCAPE)
        assert not isinstance(app.scenes.top, JoinScene)
    finally:
        stop(host)


def test_an_address_where_no_table_answers_is_said(new_app):
    app = new_app(fast=True)
    join(app, free_port())
    scene = app.scenes.top
    wait_for(app, lambda: bool(scene.problem))
    assert "cannot reach the host" in scene.problem


def a_dice_move(table):
    """A move for the guest's seat: Farkle banks when the rules allow, else rolls on."""
    legal = table.legal_moves()
    if isinstance(table, FarkleGuestScene):
        banks = [a for a in legal if a.kind == BANK and table.state.bank_refusal(a.held) is None]
        return (banks or [a for a in legal if a.kind != BANK])[0]
    return legal[0]


@pytest.mark.parametrize(
    "game, computer, table_class",
    [
        ("farkle", "computer:standard", FarkleGuestScene),
        ("shutbox", "computer:pub", ShutBoxGuestScene),
    ],
)
def test_a_person_joins_a_dice_game_sees_every_move_and_plays_to_the_end(
    new_app, tmp_path, game, computer, table_class
):
    host, port = start_host(tmp_path, f"{computer},remote", game=game)
    try:
        app = new_app(fast=True)
        join(app, port)
        wait_for(app, lambda: isinstance(app.scenes.top, table_class))
        table = app.scenes.top
        assert table.guest.seat == 1 and table.name(1) == "Bea" and not table.saving
        presented, noted = [], []  # from here on (not the news so far)
        present, note = table.present, table.talk.note
        table.present = lambda events: (presented.extend(events), present(events))
        table.talk.note = lambda text, *tone: (noted.append(str(text)), note(text, *tone))
        deadline = time.monotonic() + GAME_LIMIT_S
        while not table.finished and time.monotonic() < deadline:
            if app.scenes.top is not table:
                key(app, pygame.K_RETURN)  # a name for the Top Ten
            elif table.waiting_for_human and table.seat_to_act() is None:
                key(app, pygame.K_RETURN)  # "Press Enter for Bea's turn"
            elif (
                table.waiting_for_human
                and table.seat_to_act() == 1
                and table.guest.sent_at is None
                and not getattr(table, "unsent", None)
            ):
                assert table.submit(1, a_dice_move(table))
            run(app, 1)
            time.sleep(0.001)
        assert table.finished and table.state.is_over, "the end reached the guest's screen"
        assert host.wait(timeout=60) == 0
    finally:
        stop(host)
    rolls = [event for event in presented if event.kind == "roll"]
    who = "seat" if game == "farkle" else "player"
    assert {event.data[who] for event in rolls} == {0, 1}, (
        "the host's moves and the guest's own are pictured here"
    )
    said_rolls = tuple(f"{table.name(seat)} rolls " for seat in (0, 1))
    told = [text for text in noted if text.startswith(said_rolls)]
    assert len(told) == len(rolls), "each roll is told once, not by the host and here both"


def test_a_person_picks_the_seat_agreed_on_and_a_taken_one_is_said(new_app, tmp_path):
    host, port = start_host(tmp_path, "remote,remote,remote", game="shutbox")
    try:
        bea = new_app(fast=True)
        join(bea, port, seat="2")
        wait_for(bea, lambda: isinstance(bea.scenes.top, ShutBoxGuestScene))
        assert bea.scenes.top.guest.seat == 1 and bea.scenes.top.name(1) == "Bea"
        cal = new_app(fast=True)  # another program, its own data folder: no token for seat 2
        join(cal, port, seat="2", name="Cal")
        scene = cal.scenes.top
        wait_for(cal, lambda: bool(scene.problem))
        assert "seat 2 is taken" in scene.problem and scene.values["seat"] == "2"
        key(cal, pygame.K_BACKSPACE)  # the seat field: the first free one
        key(cal, pygame.K_RETURN)
        wait_for(cal, lambda: isinstance(cal.scenes.top, ShutBoxGuestScene))
        assert cal.scenes.top.guest.seat == 0
    finally:
        stop(host)


def person_at(data_dir):
    """A run of Pixel Parlor on `data_dir`, at the title (a restart is a new one)."""
    from game.scenes.title import TitleScene
    from game.shell.registry import load_games
    from tests.harness import make_app

    load_games()
    app = make_app(data_dir, fast=True)
    app.push(TitleScene(app))
    app.frame(0)
    return app


def paste(app, text: str) -> None:
    """Text into the clipboard, then Ctrl+V."""
    pygame.scrap.put_text(text)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)


def test_a_guest_whose_program_restarts_joins_again_and_gets_its_own_seat_back(tmp_path):
    host, port = start_host(tmp_path / "host", "remote,remote")
    data = tmp_path / "bea"
    try:
        first = person_at(data)
        key(first, pygame.K_j, text="j")
        paste(first, protocol.invitation("127.0.0.1", port, "K7QXR2M9") + "\n")
        key(first, pygame.K_RETURN)
        wait_for(first, lambda: isinstance(first.scenes.top, MilleGuestScene))
        assert first.scenes.top.guest.seat == 0, "the first free seat"
        tokens = data / "guest-tokens.json"
        wait_for(first, tokens.exists)  # the data folder's writer has it on disk
        if os.name == "posix":
            assert stat.S_IMODE(os.stat(tokens).st_mode) == 0o600, "a private file"
        first.scenes.top.guest.client.close()  # the program stops (its seat stays held)
        first.scenes.clear()

        again = person_at(data)
        join(again, port)  # the same address and code, typed this time
        wait_for(again, lambda: isinstance(again.scenes.top, MilleGuestScene))
        table = again.scenes.top
        assert table.guest.seat == 0, "its own seat, not the free one beside it"
        wait_for(again, lambda: any("back at the table" in line.text for line in table.talk.log))
    finally:
        stop(host)


class Clients:
    """Every NetClient the Join screen makes, kept for the test to look at."""

    def __init__(self, monkeypatch) -> None:
        self.made: list[NetClient] = []
        made = self.made

        class Kept(NetClient):
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, **kwargs)
                made.append(self)

        monkeypatch.setattr(join_screen, "NetClient", Kept)


def test_a_pasted_invitation_fills_the_fields_and_its_encryption_goes_to_the_connection(
    new_app, monkeypatch
):
    clients = Clients(monkeypatch)
    app = new_app(fast=True)
    key(app, pygame.K_j, text="j")
    scene = app.scenes.top
    port, fingerprint = free_port(), "ab" * 32
    paste(app, "Join me at 192.168.1.20\nplease")
    assert scene.values["address"] == "127.0.0.1Join me at 192.168.1.20", "typed in"
    line = protocol.invitation("::1", port, "k7qxr2m9", fingerprint)
    paste(app, f"Hi Bea! Here: {line}\r\nsee you")
    assert scene.values["address"] == f"[::1]:{port}" and scene.shown(1) == "K7QX-R2M9"
    assert scene.field == 2 and "Invitation read" in scene.told, "the name is next"
    assert "3F9A" not in privacy_words(scene.invitation) and "ABAB..ABAB" in privacy_words(
        scene.invitation
    )
    key(app, pygame.K_RETURN)
    (client,) = clients.made
    assert client.tls and client.fingerprint == fingerprint
    assert client.uri.startswith(f"wss://[::1]:{port}") and client.code == "K7QXR2M9"
    key(app, pygame.K_ESCAPE)


def test_an_invitation_typed_is_read_at_enter_and_a_broken_one_is_said(new_app, monkeypatch):
    clients = Clients(monkeypatch)
    app = new_app(fast=True)
    key(app, pygame.K_j, text="j")
    scene = app.scenes.top
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    scene.type("pixelparlor://127.0.0.1:1/K7QX-R2M9?tls=ca")
    key(app, pygame.K_RETURN)
    (client,) = clients.made
    assert client.tls and client.fingerprint is None and client.uri.startswith("wss://")
    assert "authorities" in privacy_words(scene.invitation)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_j, text="j")
    scene = app.scenes.top
    paste(app, "pixelparlor://127.0.0.1:1/K7QX-R2M")
    assert "cannot be read" in scene.problem and scene.client is None


def test_a_code_is_typed_in_two_groups_of_four_without_look_alikes(new_app):
    app = new_app(fast=True)
    key(app, pygame.K_j, text="j")
    scene = app.scenes.top
    key(app, pygame.K_DOWN)
    type_text(app, "k7qx r2m9")
    assert scene.values["code"] == "K7QXR2M9" and scene.shown(1) == "K7QX-R2M9"
    for _ in range(8):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "AB0")
    assert scene.values["code"] == "AB" and "no 0, O, 1, I or L" in scene.problem
    key(app, pygame.K_RETURN)
    assert "ABCD-EFGH" in scene.problem and scene.client is None


def silent_table() -> tuple[socket.socket, list[socket.socket], threading.Thread]:
    """A port that takes connections and never answers (a stalled host, another program)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    taken: list[socket.socket] = []

    def accept() -> None:
        try:
            while True:
                taken.append(listener.accept()[0])
        except OSError:
            return  # closed

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    return listener, taken, thread


def test_esc_while_knocking_at_a_table_that_never_answers_leaves_at_once(new_app, monkeypatch):
    listener, taken, _ = silent_table()
    joined = []  # every wait for a thread's end on this (the screen's) thread
    thread_join = threading.Thread.join

    def join_watched(thread, timeout=None):
        if threading.current_thread() is threading.main_thread():
            joined.append(thread.name)
        return thread_join(thread, timeout)

    try:
        app = new_app(fast=True)
        join(app, listener.getsockname()[1])
        scene = app.scenes.top
        assert isinstance(scene, JoinScene) and scene.client is not None
        wait_for(app, lambda: bool(taken))  # the knock is at the door, unanswered
        monkeypatch.setattr(threading.Thread, "join", join_watched)
        key(app, pygame.K_ESCAPE)
        assert not isinstance(app.scenes.top, JoinScene), "back in the same frame"
        assert joined == [], "the screen waited for the connection to end"
    finally:
        listener.close()
        for connection in taken:
            connection.close()


def test_the_views_a_fast_host_sends_behind_the_first_reach_the_table(new_app, monkeypatch):
    """A host that plays on while a guest sits down sends several views at once: the Join
    screen sits down at the first and leaves the rest to the table. (It once read them all
    and dropped those behind the first: the guest's screen stayed at the computer's turn
    while the host waited for the guest, for ever.)"""
    from game.engine.farkle import COMPUTER, HUMAN, ROLLED, FarkleState, Seat
    from game.table import COMPUTER as COMPUTER_SEAT
    from game.table import REMOTE, TableSeat

    monkeypatch.setattr(NetClient, "start", lambda client: client)  # nothing connects
    app = new_app(fast=True)
    join(app, 9)
    client = app.scenes.top.client
    seats = [TableSeat("Computer 1", COMPUTER_SEAT, "standard"), TableSeat("Bea", REMOTE)]
    players = [Seat(COMPUTER, "standard", "Computer 1"), Seat(HUMAN, None, "Bea")]
    computers_turn = FarkleState.new(players)
    beas_roll = FarkleState.new(players)
    beas_roll.scores, beas_roll.current = [500, 0], 1
    beas_roll.phase, beas_roll.roll = ROLLED, (2, 4, 6, 1, 6, 1)

    def view(moves, state, mine):
        return {
            "type": "view",
            "moves": moves,
            "game": 1,
            "seat": 1,
            "names": [seat.name for seat in seats],
            "seats": [seat.to_json() for seat in seats],
            "to_act": state.current,
            "your_turn": mine,
            "legal": [],
            "view": {"state": state.to_json()},
            "news": [],
            "events": [],
            "over": False,
            "waiting_for": None,
        }

    welcome = {"type": "welcome", "protocol": 2, "game": "farkle", "seat": 1, "name": "Bea"}
    for message in (welcome, view(7, computers_turn, False), view(9, beas_roll, True)):
        client._inbox.put(json.loads(json.dumps(message)))  # as it comes over the wire
    run(app, 3)
    table = app.scenes.top
    assert isinstance(table, FarkleGuestScene)
    assert table.moves == 9 and table.state.current == 1 and table.state.roll == beas_roll.roll
    assert table.waiting_for_human and table.seat_to_act() == 1


def test_join_offers_the_name_typed_last_time_even_after_a_restart(new_app):
    """Issue 32: Join forgot the name; like the set-up, it offers the last one again."""
    from tests.harness import make_app

    app = new_app(fast=True)
    key(app, pygame.K_j, text="j")
    assert app.scenes.top.values["name"] == "Guest", "nobody has typed a name yet"
    key(app, pygame.K_ESCAPE)
    join(app, free_port(), name="Bea Two")  # no table answers there: the name is kept
    scene = app.scenes.top
    wait_for(app, lambda: bool(scene.problem))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_j, text="j")
    assert app.scenes.top.values["name"] == "Bea Two"
    key(app, pygame.K_ESCAPE)
    app.storage.flush()

    again = make_app(app.storage.data_dir)  # the program started again
    from game.scenes.title import TitleScene

    again.push(TitleScene(again))
    key(again, pygame.K_j, text="j")
    assert again.scenes.top.values["name"] == "Bea Two"
    again.scenes.clear()


def test_the_join_screen_is_spoken(new_app, listening):
    """A player who cannot see the screen hears each field, what is typed and erased,
    the choice to play or watch, and what goes wrong."""
    app = new_app()
    app.push(JoinScene(app))
    run(app, 1)
    assert list(listening.spoken)[-2:] == ["Join a table", "Address or invitation: 127.0.0.1"]
    key(app, pygame.K_DOWN)
    assert listening.spoken[-1] == "Table code: Empty"
    type_text(app, "k7")
    assert list(listening.spoken)[-2:] == ["k", "7"]
    key(app, pygame.K_BACKSPACE)
    assert listening.spoken[-1] == "K"
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert listening.spoken[-1] == "Join to: Play"
    key(app, pygame.K_RIGHT)
    assert listening.spoken[-1] == "Join to: Watch"
    key(app, pygame.K_RETURN)
    assert listening.spoken[-1] == "A table code has 8 letters and digits, as ABCD-EFGH."
    spoken = len(listening.spoken)
    run(app, 10)
    assert len(listening.spoken) == spoken, "said once"
