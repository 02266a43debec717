"""The server both doors stand on: a table's (game/net/host.py, NetHost) and the relay's
(game/net/relay.py, Relay) listen, admit and log the same way, so that one fix at the door
serves both. DoorServer runs a WebSocket server on an event loop of its own (a thread, or
the foreground for the relay's command), shows every connection to door.py's rules as it
is accepted (Knocks: the waits after wrong codes; Crowd: the caps on connections), and
writes the audit lines, counted rather than repeated.

What differs stays with each server, in small hooks: its name in the log, the options of
its connections (sizes, queues, compression), its audit line when it listens, its words
when it is full, what runs beside it while it serves, and how it closes. What a connection
says once admitted (a hello, a table to open or join) is each server's own `_serve`.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
from typing import Any

from game.net import door
from game.net.listening import (
    TlsFiles,
    close_loop,
    guest_connection,
    listening_socket,
    tls_context,
)


class DoorServer(ABC):
    """A WebSocket server with door.py's rules at its door, on an event loop of its own.

    A subclass gives what is its own: `_serve` (one admitted connection, to its end), the
    class attributes below, `_serve_options`, `_say_listening` and `_beside`; the other
    hooks have a default that fits the table's server."""

    #: The module's logger: the lines for whoever runs the server (errors, websockets').
    _log: logging.Logger
    #: The server's name in those lines and in its errors ("... stopped: ...").
    _name: str
    #: Its thread's name (in a thread dump, a debugger).
    _thread_name: str
    #: How long stop() waits for the thread to end.
    _stop_wait_s: float
    #: Pings a connection may send in a minute, past which it is cut.
    _pings_per_minute: int
    #: The audit line when the door pushes out its oldest connection for a newcomer.
    _full_note: str
    #: The audit line once the server has stopped.
    _stopped_note: str
    #: Whether Ctrl+C (a KeyboardInterrupt, only ever raised in the main thread) ends the
    #: serving with an audit line: a server run in the foreground (serve_forever).
    _ctrl_c_stops = False

    def __init__(
        self,
        port: int,
        bind: str | None,
        tls: TlsFiles | None,
        *,
        audit: logging.Logger,
        clock: Callable[[], float] = time.monotonic,
        connections: int,
    ) -> None:
        """`bind` None listens on every interface, IPv4 and IPv6; `audit` gets the door's
        decisions; `clock` times the door's waits; `connections`: the most held open in
        all (door.Crowd's total)."""
        self.port = port
        self.bind = bind
        self.tls = tls
        #: The sha256 fingerprint of the certificate (after start(), with TLS).
        self.fingerprint: str | None = None
        self.audit = audit
        if self.audit.level == logging.NOTSET:
            self.audit.setLevel(logging.INFO)
        self.clock = clock
        self.error: str | None = None
        # The server thread's alone.
        self._knocks = door.Knocks()
        self._crowd = door.Crowd(total=connections)
        self._quiet = door.Quiet()
        # Errors (a full file table) go into the log once a minute, counted.
        self._errors = door.Quiet(per_window=1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None

    # -- the caller's side --------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Listen (on a thread of its own); returns the port (port 0 picks a free one).
        OSError saying why when the port or the certificate cannot be used."""
        self._thread = threading.Thread(target=self._run, name=self._thread_name, daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self.error:
            raise OSError(self.error or f"{self._name} did not start")
        return self.port

    def stop(self) -> None:
        """Close every connection and the server (a table's guests see "the host left", a
        relay closes its tables), waiting `_stop_wait_s` at most."""
        self._call_on_loop(lambda: self._stopped and self._stopped.set())
        if self._thread is not None:
            self._thread.join(self._stop_wait_s)

    def _call_on_loop(self, callback: Callable[[], Any]) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(callback)
        except RuntimeError:
            pass  # the loop is closing: the connections are ending anyway

    # -- the server's loop --------------------------------------------------------------
    def _run(self) -> None:
        # A selector loop on every system: the door looks at each connection in the
        # listening socket's accept(), which a proactor loop (Windows') never calls.
        loop = asyncio.SelectorEventLoop()
        loop.set_exception_handler(self._loop_trouble)
        try:
            loop.run_until_complete(self._main())
        except KeyboardInterrupt:
            if not self._ctrl_c_stops:
                raise
            self.audit.info("stopped by Ctrl+C")
        except Exception as error:  # noqa: BLE001 - reported, never raised
            self.error = f"{self._name} stopped: {plain_error(error)}"  # i18n: not shown (the log; a start error's detail)
            self._log.warning("%s", self.error)
        finally:
            self._ready.set()
            close_loop(loop)
            self._after_loop()

    async def _main(self) -> None:
        # late import: websockets (~60 ms) only once a table opens or a relay runs, not at start-up
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        try:
            listener = listening_socket(self.port, self.bind, self._admit)
            context, self.fingerprint = tls_context(self.tls)
        except OSError as error:
            self.error = str(error)
            self._ready.set()
            return
        server = await serve(
            self._serve,
            sock=listener,
            ssl=context,
            **self._serve_options(),
            ping_interval=10,
            ping_timeout=20,
            server_header=None,  # no library or Python versions for strangers to read
            logger=_QuietLogger(self),
            create_connection=guest_connection(
                self._pings_per_minute, self.clock, self._ping_flood
            ),
        )
        self.port = listener.getsockname()[1]
        self._say_listening(context is not None)
        self._ready.set()
        beside = asyncio.ensure_future(self._beside())
        async with server:
            await self._stopped.wait()
            await self._before_closing()
        beside.cancel()
        self.audit.info(self._stopped_note)

    # -- the hooks ----------------------------------------------------------------------
    @abstractmethod
    async def _serve(self, connection: Any) -> None:
        """One connection the door admitted, to its end (nothing it does escapes)."""

    @abstractmethod
    def _serve_options(self) -> dict[str, Any]:
        """websockets' serve() options that are the server's own: max_size, max_queue,
        compression, open_timeout, close_timeout (read from its module as it starts, so
        that a test may change them)."""

    @abstractmethod
    def _say_listening(self, with_tls: bool) -> None:
        """The audit line once the server listens (at self.bind, self.port)."""

    @abstractmethod
    def _beside(self) -> Coroutine[Any, Any, None]:
        """What runs beside the server while it serves, cancelled as it stops."""

    async def _before_closing(self) -> None:  # noqa: B027 - by default, nothing
        """What is done once stopped, before the server closes its connections."""

    def _after_loop(self) -> None:  # noqa: B027 - by default, nothing
        """What is said once the loop is closed, however the serving ended."""

    # -- at the door: each connection as it is accepted ---------------------------------
    def _admit(self, connection: socket.socket, peer: Any) -> bool:
        """Whether a connection just accepted may stay (False: it is closed unread)."""
        address = door.plain_address(str(peer[0]))
        key = door.address_key(address)
        now = self.clock()
        if self._knocks.cut(key, now):
            self._note(
                ("cut", key),
                "closed a connection from %s unread: told to wait",  # i18n: not shown (the audit log)
                key,
            )
            return False
        admitted, pushed = self._crowd.admit(key, connection, now)
        for other in pushed:
            try:
                other.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # closed meanwhile
            self._note(("full",), self._full_note)
        if not admitted:
            self._note(
                ("crowd", key),
                "closed a connection from %s unread: %d open from there or %d in all",  # i18n: not shown (the audit log)
                key,
                self._crowd.per_address,
                self._crowd.total,
            )
        return admitted

    # -- the log ------------------------------------------------------------------------
    def _note(self, kind: tuple, message: str, *args: Any, level: int = logging.INFO) -> None:
        """An audit line (on the server thread), LINES_PER_MINUTE of a kind a minute."""
        held_back = self._quiet.allow(kind, self.clock())
        if held_back is None:
            return
        if held_back:
            message += (
                " (and %d more like it in the last minute)"  # i18n: not shown (the audit log)
            )
            args += (held_back,)
        self.audit.log(level, message, *args)

    def _ping_flood(self, address: str) -> None:
        self._note(
            ("pings", address),
            "cut %s: a flood of pings",  # i18n: not shown (the audit log)
            address,
        )

    def _loop_trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """What asyncio reports (a full file table: EMFILE), once a minute and in one line."""
        what = str(context.get("message") or "trouble")
        detail = _detail(context.get("exception"))
        held_back = self._errors.allow(("loop", what), self.clock())
        if held_back is not None:
            self._log.warning("%s: %s%s%s", self._name, what, detail, _more_like_it(held_back))


class _QuietLogger(logging.LoggerAdapter):
    """The websockets library's log: its lines without tracebacks, a few of a kind a
    minute (a flood of broken handshakes writes a count, not a traceback each)."""

    def __init__(self, server: DoorServer) -> None:
        super().__init__(server._log, {})
        self.server = server

    def log(self, level: int, msg: Any, *args: Any, **kwargs: Any) -> None:
        if self.isEnabledFor(level):
            held_back = self.server._errors.allow(("websockets", str(msg)), self.server.clock())
            if held_back is not None:
                more = _more_like_it(held_back)
                self.logger.log(level, "websockets: " + str(msg) + more, *args)


def plain_error(error: BaseException) -> str:
    """An error in words for the log (its text, not its class)."""
    return str(
        getattr(error, "strerror", None) or error or "no details"  # i18n: not shown (the audit log)
    )


def _detail(error: BaseException | None) -> str:
    """The end of a line of the log that says an error: its words in brackets."""
    words = plain_error(error) if error is not None else ""
    return f" ({words})" if words else ""


def _more_like_it(held_back: int) -> str:
    """The end of a line of the log that stands for `held_back` more like it."""
    return (
        f" (and {held_back} more in the last minute)"  # i18n: not shown (the log)
        if held_back
        else ""
    )
