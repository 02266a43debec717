"""Joining a table hosted elsewhere (J on the title), as a person would: the host is a
separate process (main.py --host, no window); this screen types the address and code,
sits down at the seat it is given and plays the game through to the end."""
from __future__ import annotations

import time

import pygame

from game.scenes.join import JoinScene
from game.scenes.mille.joined import MilleGuestScene
from game.table.talk import BAD
from tests.harness import key, run, type_text
from tests.net.test_network_games import free_port, start_host, stop

GAME_LIMIT_S = 240


def join(app, port: int, code: str = "k7qx2m") -> None:
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
    type_text(app, "Bea")
    key(app, pygame.K_RETURN)


def wait_for(app, until, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "it never came"
        run(app, 1)
        time.sleep(0.002)


def test_a_person_joins_by_keys_and_plays_a_whole_game(new_app, tmp_path):
    port = free_port()
    host = start_host(tmp_path, port, "computer:basic,remote")
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
                key(app, pygame.K_RETURN)           # a hand's score sheet
            elif table.waiting_for_human and table.seat_to_act() == 1 and \
                    table.guest.sent_at is None:
                assert table.submit(1, table.legal_moves()[0])
            run(app, 1)
            time.sleep(0.001)
        assert table.state.winners, "the game reached its end at the guest's screen"
        assert max(table.state.scores) >= 5000
        assert any("Bea" in line.text for line in table.talk.log), "the host's news"
        assert host.wait(timeout=60) == 0

        def read_on_until_the_table_is_gone() -> bool:
            if app.scenes.top is not table:
                key(app, pygame.K_RETURN)           # the last hand's score sheet
            return bool(table.guest.closed)
        wait_for(app, read_on_until_the_table_is_gone)
        assert any(line.tone == BAD and "table is gone" in line.text
                   for line in table.talk.log), "the end of the connection is said"
    finally:
        stop(host)


def test_a_wrong_code_is_said_and_the_fields_stay_to_change(new_app, tmp_path):
    port = free_port()
    host = start_host(tmp_path, port, "remote,remote")
    try:
        app = new_app(fast=True)
        join(app, port, code="AAAAAA")
        scene = app.scenes.top
        wait_for(app, lambda: bool(scene.problem))
        assert "wrong table code" in scene.problem and scene.client is None
        assert scene.values["code"] == "AAAAAA"
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
