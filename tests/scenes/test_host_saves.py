"""A network table and the saved games (issue 29): --host never writes over a game saved
at the desktop; a damaged saved table never stops a host (what is sound is kept, the
rest replaced, and the host told in a line without Python's words); a saved table's code
is checked; and a network table continued at the desktop keeps its code and its guests'
tokens, so that they come back."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from dataclasses import replace

import pytest

from game.hosting import host_table
from game.net import protocol
from game.net.client import NetClient
from game.shell.registry import game_info, load_games
from game.storage import Storage
from game.table.door import Door
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from tests.harness import run
from tests.net.test_network_games import ENV, ROOT, free_port
from tests.scenes.test_network_table import next_message, pump
from tests.scenes.test_table_net_actions import join, open_table

LOOPBACK = Door(port=0, bind="127.0.0.1")
SEATS = "remote,computer:standard"
PYTHON_WORDS = ("Error", "dict", "NoneType", "str'", "int'", "Traceback", "sequence")


def farkle():
    load_games()
    return game_info("farkle")


def desktop_game(app) -> bytes:
    """A Farkle game played at the desktop (no friends), saved; its file's bytes."""
    table = app.push(
        farkle().network_table(app, [TableSeat("Ann", HERE), TableSeat("Cy", COMPUTER, "expert")])
    )
    run(app, 30)
    table.save()
    app.storage.flush()
    app.scenes.remove(table)
    return (app.storage.data_dir / "farkle-saved.json").read_bytes()


def stop(app, table) -> None:
    app.storage.flush()
    app.scenes.remove(table)  # its door closes


def test_hosting_keeps_the_game_saved_at_the_desktop(new_app):
    app = new_app(fast=True)
    saved = desktop_game(app)
    table, notes = host_table(app, farkle(), SEATS, LOOPBACK)
    try:
        assert any("saved at the desktop is kept" in note for note in notes), notes
        run(app, 60)
        table.save()
        app.storage.flush()
        folder = app.storage.data_dir
        assert (folder / "farkle-saved.json").read_bytes() == saved, "not written over"
        hosted = json.loads((folder / "farklehost-saved.json").read_text())["data"]["state"]
        assert hosted["net"]["code"] == table.net.code
        code = table.net.code
    finally:
        stop(app, table)
    again, notes = host_table(app, farkle(), SEATS, LOOPBACK)
    try:
        assert again.net.code == code and notes == [], "the host's own table resumes"
        assert app.storage.has_saved_game("farkle"), "and the desktop's is still there"
    finally:
        stop(app, again)


def saved_network_table(app) -> dict:
    """A Farkle network table's saved data, as a host leaves it."""
    table, _ = host_table(app, farkle(), SEATS, LOOPBACK)
    run(app, 10)
    data = table.saves.saved_data()
    stop(app, table)
    return data


TOKEN = "0123456789abcdef0123456789abcdef"
DAMAGED = {
    "tokens null": ({"code": "ABCDEFGH", "tokens": None}, False),
    "tokens a list of non-pairs": ({"code": "ABCDEFGH", "tokens": [[1], [2, 3, 4]]}, True),
    "tokens ab": ({"code": "ABCDEFGH", "tokens": "ab"}, True),
    "tokens of wrong seats and kinds": (
        {"code": "ABCDEFGH", "tokens": {"1": TOKEN, "7": TOKEN, "x": TOKEN, "0": 5}},
        True,
    ),
    "a code of 500 letters": ({"code": "A" * 500, "tokens": {}}, True),
    "a code that is a list": ({"code": ["ABCD", "EFGH"]}, True),
    "a code that is an object": ({"code": {"code": "ABCDEFGH"}}, True),
    "a code of look-alikes": ({"code": "O0I1L0O0"}, True),
    "an entry that is a string": ("ab", True),
    "an entry that is a list": ([1, 2], True),
    "an entry that is null": (None, True),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_saved_table_never_stops_the_host(new_app, damage):
    net, said = DAMAGED[damage]
    app = new_app(fast=True)
    data = saved_network_table(app)
    state = data["state"]
    data["net"] = net
    app.storage.save_game("farkle", data)
    table, notes = host_table(app, farkle(), SEATS, LOOPBACK)
    try:
        assert table.state.to_json() == state, "the game itself is kept"
        assert protocol.valid_code(table.net.code)
        assert bool(notes) == said, notes
        for note in notes:
            assert note.startswith("The saved table: ") and len(note) < 120
            assert not any(word in note for word in PYTHON_WORDS), note
        guest = NetClient("127.0.0.1", table.net.host.port, table.net.code, "Bea").start()
        assert next_message(guest, app, "welcome")["seat"] == 0, "its seat is open"
    finally:
        stop(app, table)


def test_a_sound_saved_table_keeps_its_code_and_its_guests_tokens(new_app):
    app = new_app(fast=True)
    data = saved_network_table(app)
    data["net"] = {"code": "ABCDEFGH", "tokens": {"0": TOKEN}, "names": {"0": "Bea"}}
    app.storage.save_game("farkle", data)
    table, notes = host_table(app, farkle(), SEATS, LOOPBACK)
    try:
        assert notes == [] and table.net.code == "ABCDEFGH"
        back = NetClient(
            "127.0.0.1", table.net.host.port, "abcd-efgh", "Eve", seat=0, token=TOKEN
        ).start()
        welcome = next_message(back, app, "welcome")
        assert welcome["seat"] == 0 and welcome["name"] == "Bea"
    finally:
        stop(app, table)


def test_a_guest_back_at_a_table_saved_without_names_keeps_the_seats_name(new_app):
    app = new_app(fast=True)
    data = saved_network_table(app)
    data["seats"][0]["name"] = "Bea"
    data["net"] = {"code": "ABCDEFGH", "tokens": {"0": TOKEN}}  # no names (older saves)
    app.storage.save_game("farkle", data)
    table, _ = host_table(app, farkle(), SEATS, LOOPBACK)
    try:
        back = NetClient(
            "127.0.0.1", table.net.host.port, "ABCDEFGH", "Mallory", seat=0, token=TOKEN
        ).start()
        assert next_message(back, app, "welcome")["name"] == "Bea"
        pump(app, lambda: 0 in table.net.seated)
        assert table.name(0) == "Bea"
    finally:
        stop(app, table)


def test_a_saved_table_that_cannot_be_resumed_is_set_aside_and_a_new_one_starts(new_app):
    app = new_app(fast=True)
    data = saved_network_table(app)
    data["state"] = {"scores": "lots"}
    app.storage.save_game("farkle", data)
    app.storage.flush()
    table, notes = host_table(app, farkle(), SEATS, LOOPBACK)
    try:
        assert any("set aside" in note for note in notes) and table.moves < 5
        assert list(app.storage.data_dir.glob("farkle-saved.bad-*.json")), "kept aside"
    finally:
        stop(app, table)


def test_a_damaged_saved_table_never_stops_main_py_host(new_app, tmp_path):
    """The same through the command line: a notice, then the host serves."""
    data = saved_network_table(new_app(fast=True))
    data["net"] = {"code": "A" * 500, "tokens": "ab"}
    folder = tmp_path / "data"
    storage = Storage(folder)
    storage.save_game("farkle", data)
    storage.flush()
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
            "--data-dir",
            str(folder),
        ],
        cwd=ROOT,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = host.communicate("stop\n", timeout=60)
        assert f"port {port}" in out.splitlines()[0], err[-2000:]
        assert host.returncode == 0, err[-2000:]
        assert "The saved table: its table code was damaged" in out
        assert "keys to their seats were damaged" in out
        assert not any(word in out + err for word in ("TypeError", "ValueError", "Traceback"))
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=30)


def test_continue_at_the_desktop_opens_the_table_to_its_friends_again(new_app):
    app = new_app(fast=True, port=0, bind="127.0.0.1")
    table = open_table(app, "farkle", [TableSeat("Ann", HERE), TableSeat("Guest", REMOTE)])
    guest = join(app, table, "Bea")
    code, token = table.net.code, guest.token
    guest.close()
    table.save()
    app.storage.flush()
    app.scenes.remove(table)  # Quit: the table closes to its friends
    title = app.scenes.top
    title.resume_game(farkle())  # Continue
    resumed = app.scenes.top.table  # under its panel: the invitation, to send again
    try:
        assert resumed is not table and resumed.net is not None
        assert resumed.net.code == code, "the same code"
        back = NetClient(
            "127.0.0.1", resumed.net.host.port, code, "Bea", seat=1, token=token
        ).start()
        assert next_message(back, app, "welcome")["seat"] == 1, "her token still holds"
        pump(app, lambda: 1 in resumed.net.seated)
        assert resumed.saves.saved_data()["net"]["tokens"] == {"1": token}
    finally:
        resumed.net.close()


def test_continue_at_the_desktop_keeps_the_network_entry_when_it_cannot_open(new_app):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = new_app(fast=True, port=0, bind="127.0.0.1")
        table = open_table(app, "farkle", [TableSeat("Ann", HERE), TableSeat("Guest", REMOTE)])
        guest = join(app, table, "Bea")
        entry = table.net.to_json()
        guest.close()
        table.save()
        app.storage.flush()
        app.scenes.remove(table)
        app.options = replace(app.options, port=port)
        app.scenes.top.resume_game(farkle())
        resumed = app.scenes.top
        assert resumed.net is None and "cannot open" in resumed.talk.news.text
        assert resumed.played_by_computer(1)
        run(app, 30)
        resumed.save()
        assert app.storage.load_game("farkle")["net"] == entry, "kept for the next time"


def test_a_headless_hosts_seats_have_the_names_the_set_up_gives(new_app):
    """Issue 32: --host named its seats "Guest 1" and "Computer 2", names no table set up
    at the desktop has; a friend's seat is "Friend" until the guest comes, a computer's
    is the one the set-up gives that seat."""
    from game.shell.setup import COMPUTER_NAMES, FRIEND_NAME

    load_games()
    app = new_app(fast=True)
    table, _ = host_table(app, game_info("mille"), "remote,computer:expert,remote", LOOPBACK)
    try:
        assert [table.name(seat) for seat in range(3)] == [
            FRIEND_NAME,
            COMPUTER_NAMES[1],
            FRIEND_NAME,
        ]
    finally:
        stop(app, table)
