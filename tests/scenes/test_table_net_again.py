"""Issue 32 (item 8): N (or Enter) at a guest's finished table asks the host for the next
game at the same table: the guest's screen never opens a set-up of its own (which would
leave the friends' table), and the host hears the request; a host nobody decides at
starts the next game once every friend has asked."""

from __future__ import annotations

import random

import pygame

from game.engine.farkle import FarkleAction
from game.shell.registry import game_info
from game.shell.setup import SetupScene
from game.table.guest import GuestLink
from tests.harness import key, run, run_until
from tests.scenes.test_guest_tables import guest_table
from tests.scenes.test_network_table import pump
from tests.scenes.test_table_net_actions import (
    Inbox,
    a_farkle_game_played_to_its_end_with_a_guest,
)
from tests.scenes.test_table_net_rematch import guest_to_play


class AskingInbox(Inbox):
    """A client that never connects, counting the guest's requests for another game."""

    def __init__(self, *messages: dict) -> None:
        super().__init__(*messages)
        self.asked = 0

    def ask_again(self) -> None:
        self.asked += 1


def finished_guest_table(app):
    """Bea's screen at the end of a Farkle game hosted elsewhere."""
    table = guest_table(app, "farkle", move=False)
    state, rng = guest_to_play(), random.Random(9)
    player = game_info("farkle").network_guest("standard", rng)
    while not state.is_over:
        legal = [table.action_json(action) for action in state.legal_actions()]
        state.apply(FarkleAction.from_json(player.choose({"state": state.to_json()}, legal)), rng)
    view = {
        "type": "view",
        "moves": 99,
        "game": 1,
        "seat": 1,
        "your_turn": False,
        "over": True,
        "view": {"state": state.to_json()},
        "news": [],
        "events": [],
    }
    client = AskingInbox(view)
    table.guest = GuestLink(client, 1)
    run_until(app, lambda: table.finished)
    return table, client


def test_n_at_a_guests_finished_table_asks_the_host_for_the_next_game(new_app):
    app = new_app(fast=True)
    table, client = finished_guest_table(app)
    key(app, pygame.K_n, text="n")
    assert client.asked == 1, "the request went to the host"
    assert app.scenes.top is table and not any(isinstance(s, SetupScene) for s in app.scenes)
    assert "asked the host for another game" in table.talk.news.text
    table.guest.closed = "the host closed the table"
    key(app, pygame.K_n, text="n")
    assert client.asked == 1, "no host to ask once the table is gone"


def test_a_host_nobody_decides_at_starts_the_next_game_when_its_friends_ask(new_app):
    app = new_app(fast=True)
    with a_farkle_game_played_to_its_end_with_a_guest(app) as (table, net, guest, player):
        guest.ask_again()
        pump(app, lambda: app.scenes.top is not table)
        again = app.scenes.top
        assert again.net is net and not again.is_over, "the next game, at the same door"
        assert any(line.text == "Bea asks for another game." for line in table.talk.log)
        assert net.asked_again == set(), "asked afresh after the next game"
    run(app, 1)
