"""A table's door to the network: a WebSocket server on its own thread.

The table (game/table/remote.py) stays the referee and never waits for the network: once
a tick it takes what arrived (guests joining, leaving, sending their seat's actions) from
poll(), and hands send() what each seat may see; the server thread does the talking. A
guest may hold only a seat the host opened for guests, only with the table's code, and a
seat once taken is kept for its guest: coming back after a drop needs the secret token the
host gave at the first welcome. Whatever a guest sends, the worst it gets is a refusal or
its connection closed; nothing it sends reaches the engine unchecked, and nothing raised
here reaches the table.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.net import protocol
from game.net.protocol import ProtocolError

log = logging.getLogger(__name__)

# A guest says hello within this many seconds or is let go.
HELLO_TIMEOUT_S = 10.0
# Messages a connection may send in one second: a person sends a few a minute, a bot at
# a fast table (tests, benchmarks) one a tick at most; a flood is cut off.
MESSAGES_PER_SECOND = 120
# Bad messages a connection may send before it is closed.
STRIKES = 5


@dataclass(frozen=True)
class NetEvent:
    """What happened at the door since the last poll: "joined", "left" or "action"."""

    kind: str
    seat: int
    name: str = ""
    action: Any = None
    moves: int | None = None


class NetHost:
    """The server for one table: `open_seats` are the seats guests may take."""

    def __init__(
        self,
        code: str,
        open_seats: Mapping[int, str],
        game: str,
        *,
        tokens: Mapping[int, str] | None = None,
        port: int = protocol.DEFAULT_PORT,
        bind: str = "0.0.0.0",
    ) -> None:
        self.code = protocol.normal_code(code)
        self.game = game
        self.open_seats = dict(open_seats)  # seat -> the name shown for it
        self.tokens: dict[int, str] = dict(tokens or {})
        self.port = port
        self.bind = bind
        self._events: queue.Queue[NetEvent] = queue.Queue()
        self._lock = threading.Lock()
        self._connections: dict[int, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self.error: str | None = None
        #: Bytes sent and received, for the benchmark.
        self.bytes_out = 0
        self.bytes_in = 0

    # -- the main thread's side ---------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Listen (on a thread of its own); returns the port (port 0 picks a free one).
        OSError when the port cannot be opened."""
        self._thread = threading.Thread(target=self._run, name="net-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self.error:
            raise OSError(self.error or "the table's server did not start")
        return self.port

    def stop(self) -> None:
        """Close every connection and the server (the guests see "the host left")."""
        loop = self._loop
        if loop is not None and self._stopped is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._stopped.set)
        if self._thread is not None:
            self._thread.join(5.0)

    def poll(self) -> list[NetEvent]:
        """Everything that happened since the last poll, oldest first (never blocks)."""
        events = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    @property
    def connected(self) -> set[int]:
        with self._lock:
            return set(self._connections)

    def send(self, seat: int, message: Mapping[str, Any]) -> None:
        """Send to the guest at `seat`, if one is there (never blocks)."""
        with self._lock:
            connection = self._connections.get(seat)
        loop = self._loop
        if connection is None or loop is None or loop.is_closed():
            return
        text = protocol.encode(message)
        self.bytes_out += len(text)
        try:
            # The coroutine is made on the loop's own thread (never one it would not run).
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._send(connection, text)))
        except RuntimeError:
            pass  # the loop is closing: the guest is leaving

    # -- the server thread ----------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # noqa: BLE001 - reported, never raised
            self.error = f"{type(error).__name__}: {error}"
            log.warning("the table's server stopped: %s", self.error)
            self._ready.set()

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        try:
            server = await serve(
                self._serve,
                self.bind,
                self.port,
                max_size=protocol.MAX_MESSAGE_BYTES,
                max_queue=8,
                ping_interval=10,
                ping_timeout=20,
            )
        except OSError as error:
            self.error = f"cannot open port {self.port}: {error.strerror or error}"
            self._ready.set()
            return
        self._server = server
        self.port = server.sockets[0].getsockname()[1] if server.sockets else self.port
        self._ready.set()
        async with server:
            await self._stopped.wait()

    async def _send(self, connection: Any, text: str) -> None:
        try:
            await connection.send(text)
        except Exception:  # noqa: BLE001 - a closed guest is just gone
            pass

    async def _serve(self, connection: Any) -> None:
        """One guest, from hello to goodbye."""
        seat: int | None = None
        try:
            seat = await self._welcome(connection)
            if seat is None:
                return
            await self._listen(connection, seat)
        except Exception as error:  # noqa: BLE001 - nothing a guest does escapes
            log.info("a guest's connection ended: %s", type(error).__name__)
        finally:
            if seat is not None:
                with self._lock:
                    mine = self._connections.get(seat) is connection
                    if mine:
                        del self._connections[seat]
                if mine:
                    self._events.put(NetEvent("left", seat))

    async def _refuse(self, connection: Any, reason: str, fatal: bool) -> None:
        text = protocol.encode(protocol.refused(reason, fatal))
        self.bytes_out += len(text)
        await connection.send(text)
        if fatal:
            await connection.close(1008, reason[:100])

    async def _welcome(self, connection: Any) -> int | None:
        """The hello: the right code and a seat this guest may hold, or a refusal."""
        try:
            text = await asyncio.wait_for(connection.recv(), HELLO_TIMEOUT_S)
            self.bytes_in += len(text)
            data = protocol.decode(text, protocol.CLIENT_TYPES)
            if data["type"] != "hello":
                raise ProtocolError("say hello first")
            code, name, asked, token = protocol.checked_hello(data)
            if code != self.code:
                raise ProtocolError("wrong table code")
            seat = self._claim(connection, asked, token)
        except asyncio.TimeoutError:
            await self._refuse(connection, "no hello in time", True)
            return None
        except ProtocolError as error:
            await self._refuse(connection, str(error), True)
            return None
        welcome = {
            "type": "welcome",
            "protocol": protocol.PROTOCOL_VERSION,
            "game": self.game,
            "seat": seat,
            "token": self.tokens[seat],
            "name": name,
        }
        text = protocol.encode(welcome)
        self.bytes_out += len(text)
        await connection.send(text)
        self._events.put(NetEvent("joined", seat, name=name))
        return seat

    def _claim(self, connection: Any, asked: int | None, token: str | None) -> int:
        """The seat this guest gets; ProtocolError saying why not."""
        with self._lock:
            if asked is None:
                free = [
                    s
                    for s in sorted(self.open_seats)
                    if s not in self._connections and s not in self.tokens
                ]
                if token is not None:
                    free = [
                        s
                        for s, t in self.tokens.items()
                        if t == token and s not in self._connections
                    ] + free
                if not free:
                    raise ProtocolError("every seat for guests is taken")
                asked = free[0]
            if asked not in self.open_seats:
                raise ProtocolError(f"seat {asked + 1} is not open to guests")
            if asked in self._connections:
                raise ProtocolError(f"seat {asked + 1} is taken")
            held = self.tokens.get(asked)
            if held is not None and held != token:
                raise ProtocolError(
                    f"seat {asked + 1} is kept for the guest who had it: "
                    "they come back with their own code"
                )
            if held is None:
                self.tokens[asked] = protocol.new_token()
            self._connections[asked] = connection
            return asked

    async def _listen(self, connection: Any, seat: int) -> None:
        strikes, window, count = 0, time.monotonic(), 0
        async for text in connection:
            self.bytes_in += len(text)
            now = time.monotonic()
            if now - window >= 1.0:
                window, count = now, 0
            count += 1
            if count > MESSAGES_PER_SECOND:
                await self._refuse(connection, "too many messages", True)
                return
            try:
                data = protocol.decode(text, protocol.CLIENT_TYPES)
                if data["type"] == "bye":
                    return
                if data["type"] == "hello":
                    raise ProtocolError("already at the table")
                action, moves = protocol.checked_action(data)
            except ProtocolError as error:
                strikes += 1
                await self._refuse(connection, str(error), strikes >= STRIKES)
                if strikes >= STRIKES:
                    return
                continue
            self._events.put(NetEvent("action", seat, action=action, moves=moves))
