"""How a table's server listens: its port on every interface (IPv6 and IPv4 together
where the system can) or on one address, TLS with the host's certificate, a listening
socket that shows each connection to the door as it is accepted, a guest's connection
that cuts floods of pings, and the end of the server thread's event loop.

The door's rules (who may stay, who waits) are game/net/door.py's; the host
(game/net/host.py) is the one that keeps seats and talks to guests.
"""

from __future__ import annotations

import asyncio
import errno
import re
import socket
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any

from game.net import door, protocol

try:
    import resource
except ImportError:  # Windows: the number of files a process may open is not said
    resource = None

# Connections waiting to be accepted, and turned away in one go before the loop moves on.
BACKLOG = 128
TURNED_AWAY_AT_ONCE = 256
# A port another program holds (Windows' sockets say so with a number of their own).
_ADDRESS_IN_USE = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}
_PEM_CERTIFICATE = re.compile(r"-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----", re.DOTALL)


@dataclass(frozen=True)
class TlsFiles:
    """The host's certificate (PEM, its chain after it) and private key: guests then
    connect with wss://."""

    cert: str | PathLike[str]
    key: str | PathLike[str]


class Listener(socket.socket):
    """The listening socket: each connection is shown to the door as it is accepted, and
    one the door turns away is closed there, before asyncio makes anything of it (no
    buffers, no task, no handshake)."""

    door: Callable[[socket.socket, Any], bool]

    def accept(self) -> tuple[socket.socket, Any]:
        for _ in range(TURNED_AWAY_AT_ONCE):
            connection, peer = super().accept()
            if self.door(connection, peer):
                return connection, peer
            connection.close()
        raise BlockingIOError  # the loop comes back for the others


def listening_socket(
    port: int, bind: str | None, door: Callable[[socket.socket, Any], bool]
) -> Listener:
    """The port, on every interface or on `bind`, showing each connection to `door`
    (False: it is closed unread); OSError saying why not."""
    try:
        if bind is None:
            base = every_interface(port)
        else:
            family, _, _, _, address = socket.getaddrinfo(
                bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
            )[0]
            base = socket.create_server(address, family=family, backlog=BACKLOG)
    except OSError as error:
        raise OSError(
            f"cannot open port {port}"
            f"{'' if bind is None else f' on {bind}'}: {error.strerror or error}"
        ) from None
    listener = Listener(fileno=base.detach())
    listener.door = door
    return listener


def every_interface(port: int) -> socket.socket:
    """A socket on `port` for IPv6 and IPv4 together, or IPv4 alone where IPv6 is off."""
    if socket.has_dualstack_ipv6():
        try:
            return socket.create_server(
                ("", port), family=socket.AF_INET6, dualstack_ipv6=True, backlog=BACKLOG
            )
        except OSError as error:
            if error.errno in _ADDRESS_IN_USE:
                raise  # the port is taken: IPv4 alone would be refused too
    return socket.create_server(("", port), backlog=BACKLOG)


def tls_context(tls: TlsFiles | None) -> tuple[ssl.SSLContext | None, str | None]:
    """TLS with the host's certificate and key, and the certificate's sha256 fingerprint
    ((None, None) without); OSError saying why not."""
    if tls is None:
        return None, None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(tls.cert, tls.key)
        first = _PEM_CERTIFICATE.search(Path(tls.cert).read_text(encoding="ascii"))
        if first is None:
            raise ssl.SSLError("no certificate in the file")
        fingerprint = protocol.fingerprint(ssl.PEM_cert_to_DER_cert(first.group(0)))
    except (OSError, ValueError) as error:  # ssl.SSLError is an OSError
        raise OSError(
            f"cannot use the certificate {tls.cert} with the key {tls.key}: "
            f"{getattr(error, 'reason', None) or getattr(error, 'strerror', None) or error}"
        ) from None
    return context, fingerprint


def guest_connection(
    pings_per_minute: int, clock: Callable[[], float], flood: Callable[[str], None]
) -> Any:
    """The class of a guest's connection: it counts the pings the guest sends and cuts a
    flood of them (`flood(address)` is told)."""
    # late import: on the server thread that asks: the websockets server takes 75 ms to
    # import (python -X importtime), which the table's own thread need not wait for.
    from websockets.asyncio.server import ServerConnection
    from websockets.frames import Opcode

    class GuestConnection(ServerConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.pings = door.Window(pings_per_minute)

        def process_event(self, event: Any) -> None:
            if getattr(event, "opcode", None) is Opcode.PING:
                now = clock()
                if self.pings.full(now):
                    flood(door.plain_address(str((self.remote_address or ("?",))[0])))
                    self.transport.abort()
                    return
                self.pings.add(now)
            super().process_event(event)

    return GuestConnection


def file_limit() -> int | None:
    """How many files this process may open (None where the system does not say)."""
    if resource is None:
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def close_loop(loop: asyncio.AbstractEventLoop) -> None:
    """What asyncio.run does at the end: cancel what is left, then close."""
    try:
        left = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
    finally:
        loop.close()
