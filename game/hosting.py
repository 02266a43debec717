"""Opening a table to friends on other machines, at the desktop or with --host.

    python main.py --host --game mille --port 28989 --seats remote,remote,computer:expert

--host is a table on the network with no window and no sound, on any machine. Each seat
is `remote` (a guest joins it from another machine with the table's invitation or code)
or `computer:LEVEL`. The host prints where guests connect, the table's code and its
invitation line, plays the game (it is the referee: only it runs the engine), saves after
every move like any table, and stops a few seconds after the end. Killed and started
again with the same command, it resumes the saved game with the same code, and its
guests come back to their seats. It reads the host's commands on its standard input
(HostConsole: who, kick 2, without 3, code, again, stop).

A saved game is never lost to a network table: --host in a data folder that holds a game
played at the desktop keeps its own table in a save slot of its own (HOST_SLOT); a saved
table whose network entry is damaged keeps its game with a new code (netentry.NetEntry);
one that cannot be resumed at all is set aside, and a new table starts. Each is said to
the host in one line.
"""

from __future__ import annotations

import logging
import queue
import signal
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any

from game.net import protocol
from game.shell.setup import COMPUTER as SETUP_COMPUTER
from game.shell.setup import FRIEND, usual_name
from game.table.door import Door, address_of, friends_seats, invitation, open_to_guests
from game.table.netentry import NetEntry
from game.table.remote import RemoteSeats
from game.table.seats import COMPUTER, REMOTE, TableSeat

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.registry import GameInfo
    from game.table.scene import TableScene

log = logging.getLogger(__name__)

# After the end of the game the host stays this long, so every guest reads the result.
LINGER_AFTER_END_TICKS = 5 * 60
#: The save slot of a headless host's table when the game's own slot holds a game of the
#: desktop's: the game's id with this after it ("farklehost").
HOST_SLOT = "host"


def parse_seats(spec: str, info: GameInfo, levels: Sequence[str]) -> list[TableSeat]:
    """`remote,remote,computer:expert` as table seats; ValueError saying what is wrong."""
    seats = []
    for number, item in enumerate((part.strip().lower() for part in spec.split(",")), 1):
        kind, _, level = item.partition(":")
        # The names the desktop's set-up gives (a friend's seat until the guest comes
        # with their own name, a computer one of the thanked people's), so that a table
        # reads the same hosted either way.
        if kind == REMOTE and not level:
            seats.append(TableSeat(usual_name(FRIEND, number - 1), REMOTE))
        elif kind == COMPUTER and level in levels:
            seats.append(TableSeat(usual_name(SETUP_COMPUTER, number - 1), COMPUTER, level))
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


def host_slot(game_id: str) -> str:
    return f"{game_id}{HOST_SLOT}"


def host_table(
    app: App,
    info: GameInfo,
    seats_spec: str | None,
    door: Door,
    code: str | None = None,
    linger_ticks: int = LINGER_AFTER_END_TICKS,
) -> tuple[TableScene, list[str]]:
    """The table saved by an earlier host (its code and guests' tokens too), else a new
    one for `seats_spec`, pushed and open to guests; and what the host should be told
    about the saved games, a line each. ValueError or OSError saying why not."""
    if info.network_table is None:
        raise ValueError(f"{info.title} is not played over the network")
    notes: list[str] = []
    storage = app.storage
    own, slot = host_slot(info.id), info.id
    table, saved_net = None, None
    if storage.has_saved_game(own):
        slot = own
        table, saved_net = _resume(app, info, own, notes)
    elif storage.has_saved_game(info.id):
        saved = storage.load_game(info.id)
        if isinstance(saved, dict) and "net" in saved:
            table, saved_net = _resume(app, info, info.id, notes)
        elif saved is not None:
            slot = own
            notes.append(
                f"The {info.title} game saved at the desktop is kept as it is (Continue it "
                "there); this network table is saved apart from it."
            )
    if table is None:
        seats = parse_seats(seats_spec or "remote,remote", info, tuple(info.level_labels))
        table, entry = info.network_table(app, seats), NetEntry()
    else:
        entry, problems = NetEntry.from_json(saved_net, friends_seats(table))
        notes += [f"The saved table: {problem}." for problem in problems]
    table.save_slot = slot
    if code:
        entry = replace(entry, code=protocol.normal_code(code))
    open_to_guests(table, door, entry, linger_ticks, on_done=app.quit)
    app.push(table)
    return table, notes


def _resume(app: App, info: GameInfo, slot: str, notes: list[str]) -> tuple[TableScene | None, Any]:
    """The table saved in `slot` and its network entry; (None, None) when it cannot be
    resumed (storage sets it aside, kept in the data folder)."""
    saved: dict[str, Any] = {}

    def restore(data: dict[str, Any]) -> TableScene:
        saved.update(data)
        assert info.resume_scene is not None
        return info.resume_scene(app, data)  # type: ignore[return-value]

    table = app.storage.resume_game(slot, restore) if info.resume_scene else None
    if table is None:
        notes.append(
            f"The saved {info.title} table could not be resumed: it is set aside in the "
            "data folder, and a new table starts."
        )
        return None, None
    return table, saved.get("net")


def announce(table: TableScene, out: IO[str] = sys.stdout) -> None:
    """Where guests connect, on the host's console (the first line says the port and the
    code), then the invitation and how to give commands."""
    assert table.net is not None
    host = table.net.host
    secure = "wss://, encrypted" if host.fingerprint else "plain ws://, not encrypted"
    lines = [
        f"hosting {table.title} on port {host.port}, table code "
        f"{protocol.shown_code(host.code)}; guests connect to {address_of(table)}:"
        f"{host.port} ({secure})",
        f"invitation: {invitation(table)}",
        "commands: who, kick SEAT, without SEAT, code, again, stop (help says more)",
    ]
    _print(lines, out)


def _print(lines: Iterable[str], out: IO[str]) -> None:
    try:
        for line in lines:
            print(line, file=out, flush=True)
    except (OSError, ValueError):
        pass  # nobody reads the console any more: the table plays on


# -- a headless host's commands ---------------------------------------------------------
HOST_COMMANDS = (
    ("who", "who is at each friend's seat, from where; the code and the invitation"),
    ("invitation", "the line a friend pastes into their Join screen"),
    ("kick SEAT", "send the guest at that seat away: the seat opens again, their key dies"),
    ("without SEAT", "the computer takes that (empty) friend's seat for good"),
    ("code", "a new table code: the old one lets nobody in any more"),
    ("again", "after the end: the next game at this table, with the same friends"),
    ("stop", "save and stop (as Ctrl+C does)"),
)


class HostConsole:
    """The host's commands, a line each, read on a thread of their own (the table never
    waits for them) and carried out at the table's tick (RemoteSeats.tick)."""

    def __init__(self, app: App, stream: IO[str] | None = None, out: IO[str] = sys.stdout):
        self.app = app
        self.out = out
        self.lines: queue.Queue[str] = queue.Queue()
        #: A person has given a command: at the end of a game the host waits for the next
        #: (again, or stop) instead of stopping by itself.
        self.used = False
        self._told_end = False
        if stream is not None:
            threading.Thread(
                target=self._read, args=(stream,), name="host-console", daemon=True
            ).start()

    def _read(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self.lines.put(line)
        except (OSError, ValueError):
            pass  # no console to read (a background job, a closed input): no commands

    def tick(self, net: RemoteSeats) -> None:
        if net.table.finished and self.used and not self._told_end:
            self._told_end = True
            _print(["The game is over: again starts the next, stop stops."], self.out)
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            _print(self.run(net, line), self.out)

    def run(self, net: RemoteSeats, line: str) -> list[str]:
        """Carry out one command; the lines that answer it."""
        words = line.strip().lower().split()
        if not words:
            return []
        self.used = True
        command, arguments = words[0], words[1:]
        if command in ("kick", "without"):
            seat = _seat(arguments, len(net.table.seats))
            if seat is None:
                return [f"{command} needs a seat number, 1 to {len(net.table.seats)}"]
            return [net.kick(seat) if command == "kick" else net.play_without(seat)]
        if command == "who":
            return who(net)
        if command in ("invitation", "invite"):
            return [invitation(net.table)]
        if command == "code":
            return [net.new_code(), f"invitation: {invitation(net.table)}"]
        if command == "again":
            if not net.table.finished:
                return ["The game is not over yet."]
            net.table.menu.play_again()
            self._told_end = False
            return [f"Game {net.game} begins, with the same friends."]
        if command in ("stop", "quit"):
            self.app.quit()
            return ["Stopping: the game is saved."]
        if command == "help":
            return [f"{name:<14}{meaning}" for name, meaning in HOST_COMMANDS]
        return [f"unknown command {command[:20]!r}: type help"]


def _seat(arguments: Sequence[str], seats: int) -> int | None:
    if len(arguments) == 1 and arguments[0].isdigit() and 1 <= int(arguments[0]) <= seats:
        return int(arguments[0]) - 1
    return None


def who(net: RemoteSeats) -> list[str]:
    """The friends' seats, a line each, then the code and the invitation."""
    lines = [f"seat {row.seat + 1} {row.name}: {row.words}" for row in net.rows()]
    lines.append(f"table code {protocol.shown_code(net.code)}")
    lines.append(f"invitation: {invitation(net.table)}")
    return lines


def listen_to_console(app: App, table: TableScene) -> None:
    """--host: the commands typed on standard input. A host running in the background of
    a terminal is not stopped for reading it (SIGTTIN ignored: the read fails instead)."""
    assert table.net is not None
    if hasattr(signal, "SIGTTIN"):
        try:
            signal.signal(signal.SIGTTIN, signal.SIG_IGN)
        except ValueError:
            pass  # not the main thread (a test): nothing to protect
    table.net.console = HostConsole(app, sys.stdin)
