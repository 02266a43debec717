"""--host: a table on the network with no window and no sound, on any machine.

    python main.py --host --game mille --port 28989 --seats remote,remote,computer:expert

Each seat is `remote` (a guest joins it from another machine with the table code) or
`computer:LEVEL`. The host prints where guests connect and the table's code, plays the
game (it is the referee: only it runs the engine), saves after every move like any table,
and stops a few seconds after the end. Killed and started again with the same command, it
resumes the saved game with the same code, and its guests come back to their seats.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.net import protocol
from game.net.host import NetHost
from game.table.remote import STAND_IN_AFTER_S, RemoteSeats
from game.table.seats import COMPUTER, REMOTE, TableSeat
from game.table.talk import DIM

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.registry import GameInfo
    from game.table.scene import TableScene

# After the end of the game the host stays this long, so every guest reads the result.
LINGER_AFTER_END_TICKS = 5 * 60


def parse_seats(spec: str, info: GameInfo, levels: Sequence[str]) -> list[TableSeat]:
    """`remote,remote,computer:expert` as table seats; ValueError saying what is wrong."""
    seats = []
    for number, item in enumerate((part.strip().lower() for part in spec.split(",")), 1):
        kind, _, level = item.partition(":")
        if kind == REMOTE and not level:
            seats.append(TableSeat(f"Guest {number}", REMOTE))
        elif kind == COMPUTER and level in levels:
            seats.append(TableSeat(f"Computer {number}", COMPUTER, level))
        else:
            raise ValueError(
                f"seat {number}: {item!r} is not remote or computer:LEVEL "
                f"(levels: {', '.join(levels)})"
            )
    fewest, most = info.network_seats
    if not fewest <= len(seats) <= most:
        raise ValueError(
            f"{info.title} at a network table has {fewest} to {most} seats, not {len(seats)}"
        )
    if not any(seat.kind == REMOTE for seat in seats):
        raise ValueError("no seat is open to guests: name one `remote`")
    return seats


def host_table(
    app: App,
    info: GameInfo,
    seats_spec: str | None,
    port: int,
    code: str | None = None,
    stand_in_after_s: float = STAND_IN_AFTER_S,
    bind: str = "0.0.0.0",
    linger_ticks: int = LINGER_AFTER_END_TICKS,
) -> TableScene:
    """The game saved by an earlier host (its code and guests' tokens too), else a new one
    for `seats_spec`, pushed and open to guests. ValueError or OSError saying why not."""
    if info.network_table is None:
        raise ValueError(f"{info.title} is not played over the network")
    table, net_data = None, {}
    saved = app.storage.load_game(info.id) if app.storage.has_saved_game(info.id) else None
    if isinstance(saved, dict) and isinstance(saved.get("net"), dict) and info.resume_scene:
        try:
            table = info.resume_scene(app, saved)
            net_data = saved["net"]
        except (ValueError, KeyError, TypeError):
            table = None
    if table is None:
        seats = parse_seats(seats_spec or "remote,remote", info, tuple(info.level_labels))
        table = info.network_table(app, seats)
    tokens = {
        int(seat): token
        for seat, token in dict(net_data.get("tokens", {})).items()
        if str(seat).isdigit() and isinstance(token, str)
    }
    open_to_guests(
        table,
        code or str(net_data.get("code") or ""),
        tokens,
        port,
        bind,
        stand_in_after_s,
        linger_ticks,
        on_done=app.quit,
    )
    app.push(table)
    return table


def open_to_guests(
    table: TableScene,
    code: str = "",
    tokens: dict | None = None,
    port: int = protocol.DEFAULT_PORT,
    bind: str = "0.0.0.0",
    stand_in_after_s: float = STAND_IN_AFTER_S,
    linger_ticks: int | None = None,
    on_done=lambda: None,
) -> None:
    """Open the table's REMOTE seats to guests (OSError when the port cannot be opened),
    and say at the table how friends join."""
    open_seats = {seat: info.name for seat, info in enumerate(table.seats) if info.kind == REMOTE}
    host = NetHost(
        protocol.normal_code(code) or protocol.new_table_code(),
        open_seats,
        table.game_id,
        tokens=tokens,
        port=port,
        bind=bind,
    )
    host.start()
    table.net = RemoteSeats(
        table, host, stand_in_after_s=stand_in_after_s, linger_ticks=linger_ticks, on_done=on_done
    )
    table.talk.say(invitation(table), DIM)


def invitation(table: TableScene) -> str:
    """How friends join this table, in words."""
    assert table.net is not None
    host = table.net.host
    return (
        f"Friends join with J on their title screen: address {local_address()}"
        f"{'' if host.port == protocol.DEFAULT_PORT else f':{host.port}'}, table code "
        f"{protocol.shown_code(host.code)}."
    )


def announce(table: TableScene, out=sys.stdout) -> None:
    """Where guests connect, on the host's console."""
    assert table.net is not None
    host = table.net.host
    print(
        f"hosting {table.title} on port {host.port}, table code "
        f"{protocol.shown_code(host.code)}; guests connect to {local_address()}:{host.port}",
        file=out,
        flush=True,
    )


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
