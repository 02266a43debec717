"""How a table is opened (issue 29): where it listens (--bind, every interface by default),
wss:// with a certificate (--cert and --key, at --host and at the desktop alike), and the
door's audit lines in their own rotating log beside the game's."""

from __future__ import annotations

import logging
import shutil
import subprocess

import pytest

from game.main import AUDIT_LOG_NAME, AUDIT_LOGGER, LOG_NAME, start_logging
from game.net import protocol
from game.net.client import NetClient
from game.shell.options import parse_options
from game.table.door import CERT_FILE, KEY_FILE, Door, invitation
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.harness import words_on_screen
from tests.scenes.test_network_table import next_message
from tests.scenes.test_table_net_actions import open_table

SEATS = [TableSeat("Ann", COMPUTER, "standard"), TableSeat("Guest", REMOTE)]


def test_the_command_line_says_where_and_how_a_table_listens(tmp_path, capsys):
    options = parse_options(["--bind", "::1", "--cert", "c.pem", "--key", "k.pem"])
    assert options.bind == "::1" and str(options.cert) == "c.pem" and str(options.key) == "k.pem"
    door = Door.of(options, turn_timer_s=30)
    assert door.bind == "::1" and door.tls is not None and door.turn_timer_s == 30
    default = Door.of(parse_options([]))
    assert default.bind is None and default.tls is None, "every interface, plain ws://"
    with pytest.raises(SystemExit):
        parse_options(["--cert", "c.pem"])
    assert "--cert and --key go together" in capsys.readouterr().err


@pytest.fixture
def certificate(tmp_path):
    """A self-made certificate and its key, as the README says to make one."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a certificate with")
    cert, key = tmp_path / "table-cert.pem", tmp_path / "table-key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", "/CN=pixelparlor", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


def test_a_table_with_a_certificate_speaks_wss_and_its_invitation_pins_it(new_app, certificate):
    cert, key = certificate
    app = new_app(fast=True)
    table = open_table(app, "farkle", SEATS, Door(port=0, bind="127.0.0.1", cert=cert, key=key))
    try:
        fingerprint = table.net.host.fingerprint
        assert fingerprint
        line = invitation(table)
        parsed = protocol.parse_invitation(line)
        assert parsed.tls and parsed.fingerprint == fingerprint
        guest = NetClient(
            "127.0.0.1",
            table.net.host.port,
            table.net.code,
            "Bea",
            tls=True,
            fingerprint=fingerprint,
        ).start()
        assert next_message(guest, app, "welcome")["seat"] == 1
        plain = NetClient("127.0.0.1", table.net.host.port, table.net.code, "Eve").start()
        assert next_message(plain, app, "closed"), "plain ws:// gets no seat"
    finally:
        table.net.close()


def test_a_certificate_in_the_data_folder_gives_the_desktops_tables_wss(new_app, certificate):
    """A player at the desktop needs no command line: the set-up's table speaks wss://
    with the certificate and key kept in the data folder."""
    import pygame

    from game.shell.registry import game_info
    from game.shell.setup import FRIEND, HUMAN, NONE
    from tests.harness import key

    app = new_app(fast=True, port=0, bind="127.0.0.1")
    cert, key_file = certificate
    folder = app.storage.data_dir
    (folder / CERT_FILE).write_bytes(cert.read_bytes())
    (folder / KEY_FILE).write_bytes(key_file.read_bytes())
    setup = app.push(game_info("shutbox").new_scene(app))
    setup.seats[0].kind, setup.seats[1].kind = HUMAN, FRIEND
    for seat in setup.seats[2:]:
        seat.kind = NONE
    key(app, pygame.K_s, text="s")
    table = app.scenes.top.table
    try:
        assert table.net.host.fingerprint and "?tls=" in invitation(table)
        assert "Encrypted" in " ".join(words_on_screen(app))
    finally:
        table.net.close()


def test_a_certificate_that_cannot_be_read_is_said_at_the_set_up(new_app, tmp_path):
    import pygame

    from game.shell.registry import game_info
    from game.shell.setup import FRIEND, HUMAN, NONE
    from tests.harness import key

    missing = tmp_path / "nowhere.pem"
    app = new_app(fast=True, port=0, bind="127.0.0.1", cert=missing, key=missing)
    setup = app.push(game_info("farkle").new_scene(app))
    setup.seats[0].kind, setup.seats[1].kind = HUMAN, FRIEND
    for seat in setup.seats[2:]:
        seat.kind = NONE
    key(app, pygame.K_s, text="s")
    assert app.scenes.top is setup, "no table without its door"
    assert "cannot be opened to friends" in setup.message


def test_the_doors_audit_lines_go_to_their_own_rotating_log(tmp_path, capsys):
    audit = logging.getLogger(AUDIT_LOGGER)
    before = audit.handlers[:], audit.propagate, audit.level
    try:
        path = start_logging(tmp_path, no_save=False)
        assert path == tmp_path / LOG_NAME
        audit.info("refused 203.0.113.9: wrong_code")
        for handler in audit.handlers:
            handler.flush()
        written = (tmp_path / AUDIT_LOG_NAME).read_text()
        assert "refused 203.0.113.9: wrong_code" in written
        assert "203.0.113.9" not in capsys.readouterr().err, "not on the console"
        game_log = tmp_path / LOG_NAME
        assert not game_log.exists() or "203.0.113.9" not in game_log.read_text()
    finally:
        for handler in audit.handlers[:]:
            audit.removeHandler(handler)
            handler.close()
        audit.handlers[:], audit.propagate = before[0], before[1]
        audit.setLevel(before[2])
