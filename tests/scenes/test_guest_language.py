"""A guest reads every word of the host in its own language (issue 33): the host sends
message keys and values (game.lang's Msg), never its sentences, so that a guest whose
program speaks Polish, at an English host's table, reads the refusals, the notices and the
log lines in Polish; and words from a host that are no message are said plainly on the
guest's screen, never a crash."""

from __future__ import annotations

from typing import Any

import pytest
from babel.messages.mofile import write_mo

from game import lang
from game.lang.catalogs import po_path, read_catalog
from game.net import protocol
from game.net.client import NetClient
from game.table.guest import GuestLink
from game.table.seats import HERE, REMOTE, TableSeat
from game.table.talk import Talk
from tests.scenes.test_network_table import pump
from tests.scenes.test_table_net_actions import open_table


@pytest.fixture
def polish(tmp_path):
    """Switches this process's screen to Polish (the table part's catalog, compiled here
    so that the test needs no set-up), and back to English after the test."""
    target = tmp_path / "locale" / "pl" / "LC_MESSAGES" / f"{lang.DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as file:
        write_mo(file, read_catalog(po_path("pl", "table"), "pl"))
    yield lambda: lang.set_language("pl", tmp_path / "locale")
    lang.set_language("en")


class GuestScreen:
    """What a guest's table gives its link: its talk (what the screen shows), a coach."""

    game_id = "farkle"

    def __init__(self) -> None:
        self.talk = Talk(lambda sound: None)
        self.told: list[str] = []  # every passing line (a refusal), as it was shown
        tell = self.talk.tell
        self.talk.tell = lambda said, *how: (self.told.append(lang.text(said)), tell(said, *how))
        self.coach = type("Coach", (), {"take_back": lambda self: None})()
        self.views: list[dict[str, Any]] = []

    def take_view(self, view: dict[str, Any]) -> None:
        self.views.append(view)

    def shown(self) -> list[str]:
        """Every line the screen has shown: the log, the news line, a passing line."""
        return [line.text for line in self.talk.log] + [self.talk.news.text] + self.told


class Recorded:
    """A client whose messages are kept as they came over the wire, as well as read."""

    def __init__(self, client: NetClient) -> None:
        self.client = client
        self.messages: list[dict[str, Any]] = []

    def poll(self) -> list[dict[str, Any]]:
        messages = self.client.poll()
        self.messages += messages
        return messages

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


def test_a_polish_guest_reads_an_english_hosts_notices_and_refusals_in_polish(new_app, polish):
    app = new_app(fast=True)
    table = open_table(app, "farkle", [TableSeat("Ann", HERE), TableSeat("Guest", REMOTE)])
    try:
        port, code = table.net.host.port, table.net.code
        client = Recorded(NetClient("127.0.0.1", port, code, "Bea").start())
        pump(app, lambda: 1 in table.net.seated)
        # The host's screen speaks English.
        assert "Bea takes seat 2." in [line.text for line in table.talk.log]

        polish()  # the guest's screen speaks Polish from here on
        screen, link = GuestScreen(), GuestLink(client, 1)  # type: ignore[arg-type]
        pump(app, lambda: link.tick(screen) or bool(screen.views))
        view = next(m for m in client.messages if m["type"] == "view")
        said = [line[0] for line in view["news"]]
        assert {"key": "{name} takes seat {seat}.", "values": {"name": "Bea", "seat": 2}} in said
        assert "Bea takes seat 2." not in said, "the notice travels as key and values"
        assert "Bea zajmuje miejsce 2." in screen.shown()

        # Sent away by the host: the refusal's words arrive as a key, read in Polish.
        table.net.kick(1)
        pump(app, lambda: link.tick(screen) or bool(link.closed))
        refusal = next(m for m in client.messages if m["type"] == "refused")
        assert refusal["code"] == "kicked"
        assert refusal["message"] == {"key": "the host asked you to leave this table"}
        assert refusal["reason"] == "the host asked you to leave this table", "and in English"
        assert "Gospodarz mówi: gospodarz poprosił cię o opuszczenie stołu." in screen.shown()
        assert not any("the host asked you" in line for line in screen.shown())

        # At the door (the Join screen reads a refusal so): a wrong code, in Polish.
        stranger = NetClient("127.0.0.1", port, "ZZZZZZZZ", "Cal").start()
        seen: list[dict[str, Any]] = []

        def refused() -> bool:
            seen.extend(stranger.poll())
            return any(m["type"] == "refused" for m in seen)

        pump(app, refused)
        wrong = next(m for m in seen if m["type"] == "refused")
        assert wrong["code"] == "wrong_code" and wrong["message"]["key"] == "wrong table code"
        assert str(protocol.said(wrong)) == "zły kod stołu"
        stranger.close()
    finally:
        table.net.close()


class Host:
    """A host that sends what it likes: the guest's link reads it from here."""

    def __init__(self, *messages: dict[str, Any]) -> None:
        self.messages = list(messages)

    def poll(self) -> list[dict[str, Any]]:
        messages, self.messages = self.messages, []
        return messages

    def close(self) -> None:
        pass


BAD_WORDS = [
    {"key": 5},
    {"key": "{a}", "values": {"a": {"key": {"deep": True}}}},
    {"key": "x", "unknown": 1},
    {"key": "x" * 1000},
    {"key": "{a}", "values": {"a": [1] * 100}},
    {"key": "{a}", "values": {"no name": 1}},
    {"key": "{n} a", "plural": "{n} b", "n": "many"},
    ["key"],
    None,
    7,
]


@pytest.mark.parametrize("words", BAD_WORDS)
def test_words_from_the_host_that_are_no_message_are_said_plainly_never_a_crash(polish, words):
    polish()
    screen = GuestScreen()
    view = {"type": "view", "moves": 3, "game": 1, "news": [[words, "dim"], ["plain", "info"]]}
    host = Host(
        view,
        {"type": "view", "moves": 4, "game": 1, "news": ["garbage", [1, 2, 3], [{}, []]]},
        {"type": "refused", "code": "illegal", "reason": "x", "message": words},
        {"type": "closed", "reason": "gone", "message": words},
    )
    link = GuestLink(host, 1)  # type: ignore[arg-type]
    link.tick(screen)  # type: ignore[arg-type]
    unreadable = "Gospodarz przysłał tekst, którego ten program nie umie odczytać."
    log = [line.text for line in screen.talk.log]
    assert log[:2] == [unreadable, "plain"], "a damaged line is said so, the next kept"
    assert link.closed is protocol.UNREADABLE
    assert any(unreadable in line for line in screen.shown())
    assert protocol.said({"type": "refused", "message": words}) is protocol.UNREADABLE


def test_a_refusal_from_an_older_host_is_read_from_its_plain_words():
    assert protocol.said({"type": "refused", "reason": "old words\x07"}) == "old words"
    assert str(protocol.said({"type": "refused"})) == "no reason given"
    refusal = protocol.refused("full", lang.Msg("seat {seat} is taken", seat=2))
    assert refusal["reason"] == "seat 2 is taken"
    assert protocol.said(refusal) == lang.Msg("seat {seat} is taken", seat=2)
