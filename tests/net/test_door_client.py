"""A guest's client (game/net/client.py) never holds up the screen that uses it: leaving
while it is still knocking at an address that accepts the connection but never answers
(a wrong program on that port, a stalled host) gives up at once."""

from __future__ import annotations

import socket

import game.net.client as client_module
from game.net.client import NetClient

WAIT_S = 30.0


def test_close_while_knocking_at_a_stalled_listener_gives_up_at_once(monkeypatch):
    # The client would wait for the handshake far longer than this test runs.
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT_S", 600.0)
    with socket.create_server(("127.0.0.1", 0)) as listener:
        listener.settimeout(WAIT_S)
        client = NetClient("127.0.0.1", listener.getsockname()[1], "K7QXR2M9", "Bea").start()
        stalled, _ = listener.accept()  # accepted, never answered
        with stalled:
            stalled.settimeout(WAIT_S)
            request = stalled.recv(4096)
            assert request.startswith(b"GET / HTTP/1.1"), "the client is inside its handshake"
            client.close()  # Esc on the Join screen: on the screen's own thread
            # The client gives the attempt up: its side of the connection ends (before
            # this fix, close() waited 5 s and the attempt went on to its own timeout).
            while stalled.recv(4096):
                pass
        assert client.wait(WAIT_S) == {
            "type": "closed",
            "reason": "you left",
            "message": {"key": "you left"},
        }
        client._thread.join(WAIT_S)
        assert not client._thread.is_alive()


def test_close_before_the_client_has_begun_ends_it_too():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = NetClient("127.0.0.1", listener.getsockname()[1], "K7QXR2M9", "Bea")
        client.close()
        client.start()
        assert client.wait(WAIT_S) == {
            "type": "closed",
            "reason": "you left",
            "message": {"key": "you left"},
        }
