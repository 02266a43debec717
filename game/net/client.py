"""A guest's side of a table played over the network: a WebSocket client on its own thread.

The guest's screen (or a bot) never waits for the network: poll() hands over whatever the
host sent (checked by the protocol module), and send_action() queues the seat's action.
A connection that ends, for any reason, shows up as one last message of type "closed"
with the reason; coming back is a new NetClient with the token of the welcome.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from game.net import protocol
from game.net.protocol import ProtocolError

CONNECT_TIMEOUT_S = 10.0


class NetClient:
    """One guest's connection to a table's host."""

    def __init__(
        self,
        address: str,
        port: int,
        code: str,
        name: str,
        *,
        seat: int | None = None,
        token: str | None = None,
    ) -> None:
        self.uri = f"ws://{_bracketed(address)}:{port}"
        self.code, self.name, self.asked, self.token = code, name, seat, token
        #: The seat the host gave (after the welcome).
        self.seat: int | None = None
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connection: Any = None
        #: Messages may be handed to the connection (read on the client's thread only).
        self._open = False
        self._thread: threading.Thread | None = None
        self._closing: asyncio.Event | None = None
        self.bytes_in = 0
        self.bytes_out = 0

    def start(self) -> NetClient:
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()
        return self

    def poll(self) -> list[dict[str, Any]]:
        """The messages received since the last poll, oldest first (never blocks)."""
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                return messages

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The next message, waiting up to `timeout` seconds (bots and tests)."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def send_action(self, action: Any, moves: int | None) -> None:
        self._send(protocol.action_message(action, moves))

    def send_raw(self, text: Any) -> None:
        """Anything at all (the fuzz test sends what a broken guest might)."""
        loop, connection = self._loop, self._connection
        if loop is not None and connection is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._deliver_soon, text)
            except RuntimeError:
                pass  # the loop closed meanwhile: nothing to send

    def close(self) -> None:
        self._send({"type": "bye"})
        loop = self._loop
        if loop is not None and self._closing is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._closing.set)
        if self._thread is not None:
            self._thread.join(5.0)

    # -- the client thread ----------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        self.send_raw(protocol.encode(message))

    def _deliver_soon(self, text: Any) -> None:
        """On the loop's own thread: the sending coroutine is made only while the
        connection is open. (One made once the client's main task has ended would be
        left unrun as the loop closes: "coroutine was never awaited".)"""
        if self._open:
            asyncio.ensure_future(self._deliver(text))

    async def _deliver(self, text: Any) -> None:
        try:
            self.bytes_out += len(text)
            await self._connection.send(text)
        except Exception:  # noqa: BLE001 - the "closed" message says it
            pass

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # noqa: BLE001 - reported as a message
            self._inbox.put({"type": "closed", "reason": f"{type(error).__name__}: {error}"})

    async def _main(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        self._loop = asyncio.get_running_loop()
        self._closing = asyncio.Event()
        try:
            connection = await connect(
                self.uri,
                max_size=protocol.MAX_MESSAGE_BYTES,
                open_timeout=CONNECT_TIMEOUT_S,
                ping_interval=10,
                ping_timeout=20,
            )
        except (OSError, asyncio.TimeoutError) as error:
            self._inbox.put({"type": "closed", "reason": f"cannot reach the host: {error}"})
            return
        except Exception as error:  # noqa: BLE001 - an answer that is no table
            self._inbox.put({"type": "closed", "reason": f"no table there: {error}"})
            return
        self._connection = connection
        self._open = True
        hello = protocol.encode(protocol.hello(self.code, self.name, self.asked, self.token))
        self.bytes_out += len(hello)
        reason = "the host closed the connection"
        try:
            await connection.send(hello)
            reader = asyncio.ensure_future(self._read(connection))
            closing = asyncio.ensure_future(self._closing.wait())
            await asyncio.wait({reader, closing}, return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and reader.exception() is None:
                reason = reader.result()
            for task in (reader, closing):
                task.cancel()
        except ConnectionClosed:
            pass
        finally:
            self._open = False
            await connection.close()
            self._inbox.put({"type": "closed", "reason": reason})

    async def _read(self, connection: Any) -> str:
        """Messages into the inbox until the connection ends; the reason it ended."""
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in connection:
                self.bytes_in += len(text)
                try:
                    message = protocol.decode(text, protocol.HOST_TYPES)
                except ProtocolError as error:
                    return f"the host sent something wrong ({error})"
                if message["type"] == "welcome":
                    self.seat = (
                        message.get("seat") if isinstance(message.get("seat"), int) else None
                    )
                    token = message.get("token")
                    self.token = token if isinstance(token, str) else self.token
                self._inbox.put(message)
        except ConnectionClosed as closed:
            return f"the connection ended ({closed.rcvd.reason if closed.rcvd else 'dropped'})"
        return "the host closed the connection"


def _bracketed(address: str) -> str:
    """An IPv6 address goes in brackets in a URI."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address
