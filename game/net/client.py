"""A guest's side of a table played over the network: a WebSocket client on its own thread.

The guest's screen (or a bot) never waits for the network: poll() hands over whatever the
host sent (checked by the protocol module), send_action() queues the seat's action, and
close() only asks the client's thread to finish (a goodbye when connected, giving up the
attempt when still connecting). A connection that ends, for any reason, shows up as one
last message of type "closed" with the reason (protocol.closed: `protocol.said` reads it, in
the guest's language); coming back is a new NetClient with the
token of the welcome.

With TLS (wss://) the host's certificate is checked against the system's authorities,
or, when the invitation pins it, its sha256 fingerprint must be the invitation's before
anything is said (the hello carries the table code).
"""

from __future__ import annotations

import asyncio
import hmac
import queue
import ssl
import threading
from typing import Any

from game.lang import Msg
from game.net import protocol
from game.net.protocol import ProtocolError

CONNECT_TIMEOUT_S = 10.0
CLOSE_TIMEOUT_S = 2.0
#: Why a connection ended, in the guest's words.
LEFT = Msg("you left")
HOST_CLOSED = Msg("the host closed the connection")


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
        tls: bool = False,
        fingerprint: str | None = None,
        secret: str | None = None,
        watch: bool = False,
    ) -> None:
        """`tls`: wss://, the certificate checked against the system's authorities;
        `fingerprint` (sha256 hex, from the invitation): wss://, that certificate only;
        `secret` (from the invitation, after '#'): the table is reached through a relay at
        `address`, and every message is sealed with it (game/net/seal.py).
        `watch`: ask to watch (a spectator: no seat, public views only)."""
        self.fingerprint = fingerprint.lower().replace(":", "") if fingerprint else None
        self.tls = tls or self.fingerprint is not None
        self.uri = f"{'wss' if self.tls else 'ws'}://{_bracketed(address)}:{port}/"
        self.code, self.name, self.asked, self.token = code, name, seat, token
        self.secret = secret
        self._channel: Any = None  # through a relay: the sealed channel
        self.watch = watch
        #: The seat the host gave (after the welcome); `name` is then the name it kept.
        self.seat: int | None = None
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connection: Any = None
        #: Messages may be handed to the connection (read on the client's thread only).
        self._open = False
        self._thread: threading.Thread | None = None
        # close() was called (from any thread), and its echo on the client's loop.
        self._leaving = threading.Event()
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        #: Characters of the messages sent and received (the bot's summary).
        self.bytes_in = 0
        self.bytes_out = 0

    def start(self) -> NetClient:
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()
        return self

    def poll(self) -> list[dict[str, Any]]:
        """The messages received since the last poll, oldest first (never blocks)."""
        messages = []
        while (message := self.next_message()) is not None:
            messages.append(message)
        return messages

    def next_message(self) -> dict[str, Any] | None:
        """The oldest message not yet read, or None (never blocks). For a reader that
        hands the connection on midway (the Join screen, at the first view): what it has
        not read stays here for the next."""
        try:
            return self._inbox.get_nowait()
        except queue.Empty:
            return None

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The next message, waiting up to `timeout` seconds (bots and tests)."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def send_action(self, action: Any, moves: int) -> None:
        """The seat's action, answering the view of move count `moves`."""
        self._send(protocol.action_message(action, moves))

    def ask_again(self) -> None:
        """After the end of a game: ask the host for the next one at the same table."""
        self._send(protocol.again_message())

    def send_raw(self, text: Any) -> None:
        """Anything at all (the fuzz test sends what a broken guest might)."""
        loop, connection = self._loop, self._connection
        if loop is not None and connection is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._deliver_soon, text)
            except RuntimeError:
                pass  # the loop closed meanwhile: nothing to send

    def close(self) -> None:
        """Leave the table. Never waits: the client's thread says goodbye (or gives up
        connecting) and ends on its own."""
        self._leaving.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._leave_now)
            except RuntimeError:
                pass  # the loop closed meanwhile: the thread is ending

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
            await self._connection.send(self._sealed(text))
        except Exception:  # noqa: BLE001 - the "closed" message says it
            pass

    def _leave_now(self) -> None:
        """On the loop's thread: stop connecting, or wake the main task to say goodbye."""
        if self._wake is not None:
            self._wake.set()
        if self._task is not None and not self._open:
            self._task.cancel()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except asyncio.CancelledError:  # close() while the connection was being given up
            self._closed(LEFT)
        except Exception as error:  # noqa: BLE001 - reported as a message
            self._closed(Msg("the connection failed ({error})", error=str(error)[:200]))

    def _closed(self, reason: str | Msg) -> None:
        self._inbox.put(protocol.closed(reason))

    async def _main(self) -> None:
        # late import: websockets (~60 ms) only once a guest connects, not at start-up
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._task = asyncio.current_task()
        if self._leaving.is_set():
            self._closed(LEFT)
            return
        try:
            connection = await connect(
                self.uri,
                ssl=self._ssl_context(),
                max_size=protocol.MAX_MESSAGE_BYTES,
                open_timeout=CONNECT_TIMEOUT_S,
                close_timeout=CLOSE_TIMEOUT_S,
                ping_interval=10,
                ping_timeout=20,
                user_agent_header=None,  # the host need not know this guest's versions
            )
        except asyncio.CancelledError:
            self._closed(LEFT)
            return
        except ssl.SSLCertVerificationError as error:
            self._closed(
                Msg(
                    "the host's certificate is not trusted ({error})",
                    error=str(error.verify_message)[:200],
                )
            )
            return
        except (OSError, asyncio.TimeoutError) as error:
            detail = str(getattr(error, "strerror", None) or error)[:200]
            self._closed(Msg("cannot reach the host ({error})", error=detail))
            return
        except Exception:  # noqa: BLE001 - an answer that is no table
            self._closed(Msg("no table answers there"))
            return
        if not self._pinned(connection):
            await connection.close()
            self._closed(Msg("the host's certificate is not the one in the invitation"))
            return
        if self.secret is not None:
            refusal = await _join_relay(connection, self.code)
            if refusal is not None:
                await connection.close()
                self._inbox.put(refusal)
                self._closed(protocol.said(refusal))
                return
            # late import: the seal only for a table through a relay
            from game.net.seal import Channel

            self._channel = Channel(self.secret)
        self._connection = connection
        self._open = True
        hello = protocol.encode(
            protocol.watch_hello(self.code, self.name)
            if self.watch
            else protocol.hello(self.code, self.name, self.asked, self.token)
        )
        self.bytes_out += len(hello)
        reason = HOST_CLOSED
        try:
            await connection.send(self._sealed(hello))
            reader = asyncio.ensure_future(self._read(connection))
            leaving = asyncio.ensure_future(self._wake.wait())
            if self._leaving.is_set():
                self._wake.set()
            await asyncio.wait({reader, leaving}, return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and reader.exception() is None:
                reason = reader.result()
            elif self._leaving.is_set():
                reason = LEFT
                await connection.send(protocol.encode({"type": "bye"}))
            for task in (reader, leaving):
                task.cancel()
        except ConnectionClosed:
            pass
        finally:
            self._open = False
            await connection.close()
            self._closed(reason)

    def _ssl_context(self) -> ssl.SSLContext | None:
        if not self.tls:
            return None
        if self.fingerprint is None:
            return ssl.create_default_context()  # the system's authorities, the host's name
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        # Pinned: any certificate completes the handshake, then _pinned() checks it is the
        # invitation's before a word is said.
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        return context

    def _pinned(self, connection: Any) -> bool:
        """Whether the host's certificate is the invitation's (True when none is pinned)."""
        if self.fingerprint is None:
            return True
        ssl_object = connection.transport.get_extra_info("ssl_object")
        certificate = ssl_object.getpeercert(binary_form=True) if ssl_object else None
        return certificate is not None and hmac.compare_digest(
            protocol.fingerprint(certificate), self.fingerprint
        )

    async def _read(self, connection: Any) -> str | Msg:
        """Messages into the inbox until the connection ends; the reason it ended (after
        a refusal that ends the connection, the refusal's words)."""
        # late import: websockets (~60 ms) only once a guest connects, not at start-up
        from websockets.exceptions import ConnectionClosed

        refusal: dict[str, Any] | None = None
        try:
            async for text in connection:
                self.bytes_in += len(text)
                try:
                    message = protocol.decode(self._opened(text), protocol.HOST_TYPES)
                except ProtocolError as error:
                    return Msg("the host sent something wrong ({error})", error=error.message)
                if message["type"] == "welcome":
                    self._welcomed(message)
                elif message["type"] == "refused" and message.get("fatal"):
                    refusal = message
                self._inbox.put(message)
        except ConnectionClosed as closed:
            if refusal is not None:
                return protocol.said(refusal)
            if closed.rcvd and closed.rcvd.reason:
                return Msg("the connection ended ({error})", error=closed.rcvd.reason[:100])
            return Msg("the connection dropped")
        return protocol.said(refusal) if refusal is not None else HOST_CLOSED

    def _sealed(self, text: Any) -> Any:
        """What goes on the wire: through a relay, the text sealed (anything else the
        fuzz test sends, as it is)."""
        if self._channel is None or not isinstance(text, str):
            return text
        return self._channel.seal(text)

    def _opened(self, frame: Any) -> Any:
        """What arrived, through a relay: a sealed message opened, or the relay's own
        refusal (a text frame: the host's words are always sealed); ProtocolError for
        anything else, an altered message among them."""
        if self._channel is None:
            return frame
        if isinstance(frame, str):
            message = protocol.decode(frame, ("refused",))
            if not message.get("fatal"):
                raise ProtocolError(Msg("the relay sent something wrong"))
            return frame
        # late import: as in _main
        from game.net.seal import SealError

        try:
            return self._channel.open(frame)
        except SealError:
            raise ProtocolError(Msg("a message was altered on the way: it is refused")) from None

    def _welcomed(self, message: dict[str, Any]) -> None:
        seat, token, name = message.get("seat"), message.get("token"), message.get("name")
        self.seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        self.token = token if isinstance(token, str) else self.token
        self.name = name if isinstance(name, str) else self.name


async def _join_relay(connection: Any, code: str) -> dict[str, Any] | None:
    """Ask the relay for the table of `code`: None once joined, else the relay's refusal
    (a refused message, or one made up for an answer that is none)."""
    # late import: the relay's words only for a table through a relay
    from game.net.relay import join_words

    try:
        await connection.send(join_words(code))
        answer = await asyncio.wait_for(connection.recv(), CONNECT_TIMEOUT_S)
        message = protocol.decode(answer, ("joined", "refused"))
    except ProtocolError as error:
        return protocol.refused("bad_message", error.message, True)
    except Exception:  # noqa: BLE001 - the relay closed, or said nothing
        return protocol.refused("bad_message", Msg("the relay did not answer"), True)
    return None if message["type"] == "joined" else message


def _bracketed(address: str) -> str:
    """An IPv6 address goes in brackets in a URI."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address
