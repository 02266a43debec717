"""A table's door to the network: how it is opened to guests (Door: the port, the address,
the certificate, the stand-in and turn timer), opening and reopening it, and the words
and invitation line by which friends find it.

The table runtime's own (the network side of a table, its panel and set-up open doors);
game.hosting builds on it for a headless host.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.lang import N_, Msg, _
from game.net import protocol
from game.net.host import NetHost, TlsFiles
from game.net.relayed import RelayedHost, parse_relay, shown_relay
from game.net.seal import new_secret
from game.table.netentry import STAND_IN_AFTER_S, NetEntry
from game.table.remote import RemoteSeats
from game.table.seats import REMOTE
from game.table.talk import BAD, DIM, Talk

if TYPE_CHECKING:
    from game.shell.options import Options

#: A certificate and its key in the data folder, for tables without --cert and --key.
CERT_FILE, KEY_FILE = "table-cert.pem", "table-key.pem"
# Addresses that mean "every interface": a guest needs this machine's own address.
EVERY_INTERFACE = ("", "0.0.0.0", "::")


class DoorTable(Protocol):
    """What a door asks of the table it opens."""

    app: Any
    talk: Talk
    seats: Any
    game_id: str
    net: Any
    network: Any
    kept_net: Mapping[str, Any] | None

    def changed(self) -> None: ...


@dataclass(frozen=True)
class Door:
    """How a table is opened to the network: where it listens (the command line's --port
    and --bind), its certificate for wss:// (--cert and --key), how long a friend may be
    away before the computer plays their seat, and the turn timer (0: none)."""

    port: int = protocol.DEFAULT_PORT
    bind: str | None = None  # None: every interface, IPv4 and IPv6
    cert: Path | None = None
    key: Path | None = None
    stand_in_after_s: float = STAND_IN_AFTER_S
    turn_timer_s: float = 0.0
    # -- issue 36 (the relay) --
    #: Opened at this relay (relayed.parse_relay's form) instead of listening; None: listen.
    relay: str | None = None
    #: Spectators (issue 36): whether watchers may join (the host's panel changes it).
    watchers: bool = True

    @classmethod
    def of(cls, options: Options, data_dir: Path | None = None, **settings: float) -> Door:
        """The door the command line asks for, with the table's own settings. Without
        --cert and --key, a certificate and its key kept in the data folder as CERT_FILE
        and KEY_FILE give wss:// (a player at the desktop needs no command line)."""
        cert, key = options.cert, options.key
        if cert is None and data_dir is not None:
            kept = data_dir / CERT_FILE, data_dir / KEY_FILE
            if all(path.is_file() for path in kept):
                cert, key = kept
        watchers = not getattr(options, "no_watchers", False)
        door = cls(
            options.port,
            options.bind,
            cert,
            key,
            relay=getattr(options, "via", None),
            watchers=watchers,
        )
        return replace(door, **settings)

    @property
    def tls(self) -> TlsFiles | None:
        return TlsFiles(self.cert, self.key) if self.cert is not None else None


def friends_seats(table: DoorTable) -> list[int]:
    """The seats guests play (REMOTE)."""
    return [seat for seat, info in enumerate(table.seats) if info.kind == REMOTE]


def open_to_guests(
    table: DoorTable,
    door: Door = Door(),
    entry: NetEntry | None = None,
    linger_ticks: int | None = None,
    on_done: Callable[[], None] = lambda: None,
    *,
    code: str = "",
    **door_settings: Any,
) -> None:
    """Open the table's REMOTE seats to guests (OSError when the port or the certificate
    cannot be opened), and say at the host's table how friends join. `code` and
    `door_settings` (port=0, bind="127.0.0.1"...) stand for the entry's code and the
    door's fields (pictures and tests)."""
    entry = replace(entry or NetEntry(), **({"code": code} if code else {}))
    door = replace(door, **door_settings)
    friends = friends_seats(table)
    host_class: Any = NetHost
    through: dict[str, Any] = {}
    relay_line = door.relay or entry.relay or None
    if relay_line:  # opened at a relay: the door connects out, its messages sealed
        host_class = RelayedHost
        through = {
            "relay_at": parse_relay(relay_line),
            "secret": entry.secret or new_secret(),
        }
    host = host_class(
        entry.code or protocol.new_table_code(),
        {seat: table.seats[seat].name for seat in friends},
        table.game_id,
        tokens={seat: token for seat, token in entry.tokens.items() if seat in friends},
        # A guest coming back keeps its name: the one saved with its token, else (a table
        # saved before names were) the seat's own.
        names={
            seat: entry.names.get(seat) or table.seats[seat].name
            for seat in entry.tokens
            if seat in friends
        },
        port=door.port,
        bind=door.bind,
        tls=door.tls,
        **through,
        watchers_allowed=door.watchers,
    )
    host.start()
    RemoteSeats(
        table,
        host,
        stand_in_after_s=door.stand_in_after_s,
        turn_timer_s=door.turn_timer_s,
        linger_ticks=linger_ticks,
        on_done=on_done,
    )
    table.kept_net = None
    table.changed()  # the new code and the door's settings go into the save at once
    # The host's screen only: its address is not for the guests' move logs.
    table.talk.say(how_to_join(table), DIM, log=False)


def open_again(table: DoorTable) -> None:
    """A network table continued at the desktop opens to its friends again, with its code
    and their seats kept for them; what keeps it closed is said, and the computer plays
    their seats meanwhile (the entry stays in the save for the next time)."""
    entry, problems = NetEntry.from_json(table.kept_net, friends_seats(table))
    try:
        if entry.relay:
            parse_relay(entry.relay)
    except protocol.ProtocolError:
        entry = replace(entry, relay="")
    door = Door.of(
        table.app.options,
        table.app.storage.data_dir,
        stand_in_after_s=entry.stand_in_after_s,
        turn_timer_s=entry.turn_timer_s,
    )
    # Watchers as the host left them, unless --no-watchers refuses them this run.
    door = replace(door, watchers=door.watchers and entry.watchers)
    try:
        open_to_guests(table, door, entry)
    except OSError as error:
        table.talk.say(
            Msg(
                "The table cannot open to your friends ({error}): the computer plays their seats.",
                error=str(error)[:120],
            ),
            BAD,
            log=False,
        )
        return
    for problem in problems:
        table.talk.say(Msg("The saved table: {problem}.", problem=problem), DIM, log=False)
    if table.net.waiting_for_friends():  # type: ignore[union-attr]
        table.network.open_friends_panel(until_full=True)


def address_of(table: DoorTable) -> str:
    """The address friends connect to: the one --bind names, else this machine's own on
    its network (a friend over the internet needs the router's public address instead)."""
    assert table.net is not None
    bind = table.net.host.bind
    return bind if isinstance(bind, str) and bind not in EVERY_INTERFACE else local_address()


def invitation(table: DoorTable) -> str:
    """The one line a friend pastes into their Join screen."""
    assert table.net is not None
    host = table.net.host
    if isinstance(host, RelayedHost):
        return host.invitation()
    return protocol.invitation(address_of(table), host.port, host.code, host.fingerprint)


def relay_words(table: DoorTable) -> tuple[str, str, bool] | None:
    """For a table opened at a relay, the host panel's top line, its words on privacy
    and whether all is well (False: the relay cannot be reached, or refused); None for a
    table that listens."""
    assert table.net is not None
    host = table.net.host
    if not isinstance(host, RelayedHost):
        return None
    top = _("Relay {relay}   Code {code}").format(
        relay=shown_relay(host.relay_at).partition("?")[0], code=protocol.shown_code(host.code)
    )
    if host.state == "open":
        return (
            top,
            _(
                "Open at the relay. Every message is sealed with the secret after # in the "
                "invitation: the relay sees who connects when, not the game."
            ),
            True,
        )
    problem = host.problem if host.problem is not None else _("connecting")
    return (
        top,
        _("Not open at the relay yet ({problem}): trying again. Your game is kept.").format(
            problem=str(problem)
        ),
        False,
    )


#: How friends join a table opened at a relay (the host's panel).
RELAY_JOINING = N_(
    "A friend presses J on their title screen and pastes the whole line. The part after # "
    "is the table's secret, which the relay never sees: send the line to your friends only."
)


def how_to_join(table: DoorTable) -> str:
    """How friends join this table, in words (the host's screen only)."""
    assert table.net is not None
    host = table.net.host
    if isinstance(host, RelayedHost):
        return _(
            "Friends join through the relay {relay}: G shows the invitation to paste"
            " (it holds the table's secret: give it to your friends only)."
        ).format(relay=shown_relay(host.relay_at).partition("?")[0])
    port = "" if host.port == protocol.DEFAULT_PORT else f":{host.port}"
    return _(
        "Friends join with J on their title screen: address {address}, table code {code}"
        " (G shows the invitation to paste)."
    ).format(address=f"{address_of(table)}{port}", code=protocol.shown_code(host.code))


def local_address() -> str:
    """This machine's address on its network (what a guest on the same network types)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks a route
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
