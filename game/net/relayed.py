"""A host's table opened at a relay (game/net/relay.py): its door connects out instead of
listening, and everything else is NetHost's own, unchanged (the hello, the seats, the
code, the backoff, kick and the audit log); the referee is the same table.

Each guest the relay pairs with this table becomes a _Link: an object that answers as a
guest's WebSocket connection does (recv, send, close, iteration), so NetHost serves it as
it serves a guest connected straight to it. What a link sends is sealed with the table
secret (game/net/seal.py) before it goes to the relay; what arrives is opened, and a
message that does not open (altered, replayed, or not sealed) reaches NetHost as a
message it refuses.

The relay's connection dropped (the relay restarted, the network went away): the guests
are let go (the table sees them leave, and the computer stands in as usual), and the
door connects again, waiting longer each time up to RETRY_MOST_S, and reopens the same
code; the guests come back with their tokens.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import ssl
from collections.abc import Mapping
from typing import Any, NamedTuple

from game.lang import Msg
from game.net import protocol, relay, seal
from game.net.host import NetHost

RETRY_FIRST_S = 0.5
RETRY_MOST_S = 10.0
#: Waiting for the relay's answer to `open`.
ANSWER_S = 10.0


class RelayAddress(NamedTuple):
    """Where a relay is: its address and port, TLS, its pinned certificate."""

    address: str
    port: int = relay.DEFAULT_RELAY_PORT
    tls: bool = False
    fingerprint: str | None = None

    @property
    def uri(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{'wss' if self.tls or self.fingerprint else 'ws'}://{host}:{self.port}/"


def parse_relay(text: Any) -> RelayAddress:
    """A relay's address as a host types it: `relay.example.org:8765`, with `?tls=ca` or
    `?tls=<sha256>` when it speaks TLS (the same form as an invitation's, without a
    code); ProtocolError saying what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise protocol.ProtocolError(Msg("no relay address"))
    line = text.strip()
    if not line.lower().startswith(f"{protocol.INVITATION_SCHEME}://"):
        line = f"{protocol.INVITATION_SCHEME}://{line}"
    place = protocol.parse_place(line)
    if place.path.strip("/") or place.fragment:
        raise protocol.ProtocolError(Msg("a relay's address has no table code or secret"))
    port = place.port or relay.DEFAULT_RELAY_PORT
    return RelayAddress(place.address, port, place.tls, place.fingerprint)


def shown_relay(where: RelayAddress) -> str:
    """A relay's address as Settings keeps it and a host reads it."""
    host = f"[{where.address}]" if ":" in where.address else where.address
    line = f"{host}:{where.port}"
    if where.fingerprint:
        return f"{line}?tls={where.fingerprint}"
    return f"{line}?tls={protocol.TLS_BY_AUTHORITY}" if where.tls else line


class RelayedHost(NetHost):
    """A table's door opened at a relay: `secret` seals its messages (the invitation
    carries it; the relay never sees it)."""

    def __init__(
        self,
        code: str,
        open_seats: Mapping[int, str],
        game: str,
        *,
        relay_at: RelayAddress,
        secret: str,
        **options: Any,
    ) -> None:
        options.pop("port", None)
        options.pop("bind", None)
        options.pop("tls", None)
        super().__init__(code, open_seats, game, port=relay_at.port, **options)
        self.relay_at = relay_at
        self.secret = secret
        seal.secret_key(secret)  # ValueError now, not at the first guest
        self.fingerprint = relay_at.fingerprint
        #: "connecting", "open" (the relay holds the table), "away" (trying again).
        self.state = "connecting"
        #: Why the relay last refused or could not be reached (None: all is well).
        self.problem: str | Msg | None = None
        self._links: dict[int, _Link] = {}
        self._relay: Any = None

    def invitation(self) -> str:
        """The line friends paste: the relay, the code, the secret after '#'."""
        return relay_invitation(self.relay_at, self.code, self.secret)

    def change_code(self, code: str | None = None) -> str:
        new = super().change_code(code)
        # The relay knows the table by its code: it is told the new one (the guests at
        # the table stay; while away from the relay, the door reopens under the new one).
        self._call_on_loop(lambda: self._tell_relay({"type": "code", "code": new}))
        return new

    def _tell_relay(self, words: dict[str, Any]) -> None:
        connection = self._relay
        if connection is not None:
            asyncio.ensure_future(_quietly(connection.send(json.dumps(words))))

    # -- the server thread ----------------------------------------------------------------
    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        self.audit.info("opening the table at the relay %s", self.relay_at.uri)
        wait = RETRY_FIRST_S
        stopping = asyncio.ensure_future(self._stopped.wait())
        flusher = asyncio.ensure_future(self._flush_quiet())
        while not self._stopped.is_set():
            opened = await self._visit()
            if self._stopped.is_set():
                break
            self.state = "away"
            self._ready.set()  # the table plays on, its guests away, while the door retries
            wait = RETRY_FIRST_S if opened else min(RETRY_MOST_S, wait * 2)
            await asyncio.wait({stopping}, timeout=wait)
        stopping.cancel()
        flusher.cancel()
        self.audit.info("left the relay")

    async def _visit(self) -> bool:
        """One connection to the relay, from open to its end: whether the table opened."""
        # late import: websockets only once a table is opened
        from websockets.asyncio.client import connect

        try:
            connection = await connect(
                self.relay_at.uri,
                ssl=_ssl_context(self.relay_at),
                max_size=relay.MAX_FRAME_BYTES,
                open_timeout=ANSWER_S,
                close_timeout=2.0,
                ping_interval=10,
                ping_timeout=20,
                user_agent_header=None,
            )
        except Exception as error:  # noqa: BLE001 - said, then tried again
            self.problem = Msg(
                "cannot reach the relay ({error})",
                error=str(getattr(error, "strerror", None) or error)[:120],
            )
            return False
        try:
            if not _pinned(connection, self.relay_at.fingerprint):
                self.problem = Msg("the relay's certificate is not the one pinned")
                return False
            with self._lock:
                code = self.code
            await connection.send(relay.open_words(code, seal.host_key(self.secret)))
            answer = json.loads(await asyncio.wait_for(connection.recv(), ANSWER_S))
            if not isinstance(answer, dict) or answer.get("type") != "opened":
                self.problem = protocol.said(answer if isinstance(answer, dict) else {})
                self.audit.info("the relay refused the table: %s", protocol.english(self.problem))
                return False
            self._relay, self.state, self.problem = connection, "open", None
            self.audit.info("the table is open at the relay under %s", protocol.shown_code(code))
            self._ready.set()
            stop = asyncio.ensure_future(self._stopped.wait())
            reader = asyncio.ensure_future(self._read(connection))
            await asyncio.wait({stop, reader}, return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            reader.cancel()
            if not self._stopped.is_set():
                self.audit.info("the connection to the relay dropped")
            return True
        except Exception as error:  # noqa: BLE001 - the connection ended: tried again
            self.problem = Msg("the relay's connection ended ({error})", error=str(error)[:120])
            return False
        finally:
            self._relay = None
            for link in list(self._links.values()):
                link.ended()
            self._links.clear()
            try:
                await connection.close()
            except Exception:  # noqa: BLE001 - gone already
                pass

    async def _read(self, connection: Any) -> None:
        async for frame in connection:
            if isinstance(frame, bytes):
                link = self._links.get(int.from_bytes(frame[:4], "big"))
                if link is not None:
                    link.arrived(frame[4:])
                continue
            try:
                words = json.loads(frame)
                kind, number = words.get("type"), words.get("link")
            except (ValueError, AttributeError):
                continue
            if not isinstance(number, int):
                continue
            if kind == "in":
                where = str(words.get("from", "relay"))[:40]
                link = self._links[number] = _Link(self, connection, number, where)
                asyncio.ensure_future(self._serve(link))
            elif kind == "out":
                gone = self._links.pop(number, None)
                if gone is not None:
                    gone.ended()

    def _altered(self, where: str) -> None:
        self._note(
            ("altered", where),
            "refused a message from %s that was altered, replayed or not sealed",  # i18n: not shown (the audit log, or a close reason)
            where,
        )


class _Transport:
    """What NetHost asks of a connection's transport: no socket of its own here."""

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default


class _Link:
    """One guest's connection through the relay, as NetHost sees a guest's connection."""

    transport = _Transport()

    def __init__(self, host: RelayedHost, relay_connection: Any, number: int, where: str):
        self.host = host
        self.relay = relay_connection
        self.number = number
        self.remote_address = (where, 0)
        self.channel = seal.Channel(host.secret)
        self._inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._closed = asyncio.Event()
        self._head = number.to_bytes(4, "big")

    def arrived(self, frame: bytes) -> None:
        try:
            self._inbox.put_nowait(self.channel.open(frame))
        except seal.SealError:
            self.host._altered(self.remote_address[0])
            self._inbox.put_nowait(None)  # NetHost refuses it: "not a text message"

    def ended(self) -> None:
        if not self._closed.is_set():
            self._closed.set()
            self._inbox.put_nowait(_END)

    async def recv(self) -> Any:
        item = await self._inbox.get()
        if item is _END:
            self._inbox.put_nowait(_END)
            raise ConnectionError("the guest left")
        return item

    def __aiter__(self) -> _Link:
        return self

    async def __anext__(self) -> Any:
        item = await self._inbox.get()
        if item is _END:
            self._inbox.put_nowait(_END)
            raise StopAsyncIteration
        return item

    async def send(self, text: str) -> None:
        if self._closed.is_set():
            raise ConnectionError("the guest left")
        await self.relay.send(self._head + self.channel.seal(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self._closed.is_set():
            return
        self.ended()
        self.host._links.pop(self.number, None)
        try:
            await self.relay.send(json.dumps({"type": "close", "link": self.number}))
        except Exception:  # noqa: BLE001 - the relay is gone: the guest too
            pass

    async def wait_closed(self) -> None:
        await self._closed.wait()


_END = object()


def relay_invitation(where: RelayAddress, code: str, secret: str) -> str:
    """`pixelparlor://relay.example.org:8765/ABCD-EFGH?tls=<sha256>#<secret>`."""
    line = protocol.invitation(where.address, where.port, code, where.fingerprint, tls=where.tls)
    return f"{line}#{secret}"


async def _quietly(sending: Any) -> None:
    try:
        await sending
    except Exception:  # noqa: BLE001 - the relay is gone: the door reconnects anyway
        pass


def relay_entry(host: Any) -> tuple[str, str]:
    """(table secret, relay address) a saved table keeps for a door opened at a relay,
    ("", "") for one that listens."""
    if isinstance(host, RelayedHost):
        return host.secret, shown_relay(host.relay_at)
    return "", ""


def _ssl_context(where: RelayAddress) -> ssl.SSLContext | None:
    if not (where.tls or where.fingerprint):
        return None
    if where.fingerprint is None:
        return ssl.create_default_context()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False  # pinned: the fingerprint is checked instead
    context.verify_mode = ssl.CERT_NONE
    return context


def _pinned(connection: Any, fingerprint: str | None) -> bool:
    if fingerprint is None:
        return True
    ssl_object = connection.transport.get_extra_info("ssl_object")
    certificate = ssl_object.getpeercert(binary_form=True) if ssl_object else None
    return certificate is not None and hmac.compare_digest(
        protocol.fingerprint(certificate), fingerprint
    )
