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

from game.lang import N_, Msg, _, text
from game.net import protocol
from game.net.relayed import RelayedHost, shown_relay
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
        kind, _colon, level = item.partition(":")
        # The names the desktop's set-up gives (a friend's seat until the guest comes
        # with their own name, a computer one of the thanked people's), so that a table
        # reads the same hosted either way.
        if kind == REMOTE and not level:
            seats.append(TableSeat(usual_name(FRIEND, number - 1), REMOTE))
        elif kind == COMPUTER and level in levels:
            seats.append(TableSeat(usual_name(SETUP_COMPUTER, number - 1), COMPUTER, level))
        else:
            raise ValueError(
                _(
                    "seat {number}: {item} is not remote or computer:LEVEL (levels: {levels})"
                ).format(number=number, item=repr(item), levels=", ".join(levels))
            )
    fewest, most = info.network_seats
    if not fewest <= len(seats) <= most:
        raise ValueError(
            _("{game} at a network table has {fewest} to {most} seats, not {count}").format(
                game=info.title, fewest=fewest, most=most, count=len(seats)
            )
        )
    if not any(seat.kind == REMOTE for seat in seats):
        raise ValueError(_("no seat is open to guests: name one `remote`"))
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
        raise ValueError(_("{game} is not played over the network").format(game=info.title))
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
                _(
                    "The {game} game saved at the desktop is kept as it is (Continue it "
                    "there); this network table is saved apart from it."
                ).format(game=info.title)
            )
    if table is None:
        seats = parse_seats(seats_spec or "remote,remote", info, tuple(info.level_labels))
        table, entry = info.network_table(app, seats), NetEntry()
    else:
        entry, problems = NetEntry.from_json(saved_net, friends_seats(table))
        notes += [_("The saved table: {problem}.").format(problem=problem) for problem in problems]
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
            _(
                "The saved {game} table could not be resumed: it is set aside in the "
                "data folder, and a new table starts."
            ).format(game=info.title)
        )
        return None, None
    return table, saved.get("net")


def announce(table: TableScene, out: IO[str] = sys.stdout) -> None:
    """Where guests connect, on the host's console (the first line says the port and the
    code), then the invitation and how to give commands."""
    assert table.net is not None
    host = table.net.host
    secure = _("wss://, encrypted") if host.fingerprint else _("plain ws://, not encrypted")
    first = relayed_line(table)
    lines = (
        [first]
        if first
        else [
            _(
                "hosting {game} on port {port}, table code {code}; guests connect to"
                " {address}:{port} ({security})"
            ).format(
                game=table.title,
                port=host.port,
                code=protocol.shown_code(host.code),
                address=address_of(table),
                security=secure,
            ),
        ]
    )
    lines += [
        _("invitation: {line}").format(line=invitation(table)),
        # TRANSLATORS: the command words (who, kick...) are typed as they are: keep them.
        _("commands: who, kick SEAT, without SEAT, code, again, stop (help says more)"),
    ]
    _print(lines, out)


def relayed_line(table: TableScene) -> str:
    """The first line of a host whose table is opened at a relay ("" for one that
    listens): the relay, its state and the code."""
    assert table.net is not None
    host = table.net.host
    if not isinstance(host, RelayedHost):
        return ""
    state = (
        _("open there")
        if host.state == "open"
        else _("the relay cannot be reached yet: trying again")
    )
    return _(
        "hosting {game} through the relay {relay}, table code {code} ({state}); messages"
        " are sealed with the invitation's secret"
    ).format(
        game=table.title,
        relay=shown_relay(host.relay_at),
        code=protocol.shown_code(host.code),
        state=state,
    )


def _print(lines: Iterable[str | Msg], out: IO[str]) -> None:
    try:
        for line in lines:
            print(text(line), file=out, flush=True)
    except (OSError, ValueError):
        pass  # nobody reads the console any more: the table plays on


# -- a headless host's commands ---------------------------------------------------------
# The commands are typed as they are in every language; what they do is translated.
HOST_COMMANDS = (
    ("who", N_("who is at each friend's seat, from where; the code and the invitation")),
    ("invitation", N_("the line a friend pastes into their Join screen")),
    (
        "kick SEAT",  # i18n: not shown (a command typed as it is)
        N_("send the guest at that seat away: the seat opens again, their key dies"),
    ),
    (
        "without SEAT",  # i18n: not shown (a command typed as it is)
        N_("the computer takes that (empty) friend's seat for good"),
    ),
    ("code", N_("a new table code: the old one lets nobody in any more")),
    ("again", N_("after the end: the next game at this table, with the same friends")),
    ("stop", N_("save and stop (as Ctrl+C does)")),
    # Spectators (issue 36).
    (
        "watchers on|off",  # i18n: not shown (a command typed as it is)
        N_("take watchers or not (off turns out those watching)"),
    ),
    (
        "unwatch N",  # i18n: not shown (a command typed as it is)
        N_("turn out watcher N (as who numbers them)"),
    ),
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
            _print([_("The game is over: again starts the next, stop stops.")], self.out)
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
                return [
                    _("{command} needs a seat number, 1 to {last}").format(
                        command=command, last=len(net.table.seats)
                    )
                ]
            return [text(net.kick(seat) if command == "kick" else net.play_without(seat))]
        if command == "who":
            return who(net)
        if command in ("watchers", "unwatch"):
            return watchers_command(net, command, arguments)
        if command in ("invitation", "invite"):
            return [invitation(net.table)]
        if command == "code":
            return [
                text(net.new_code()),
                _("invitation: {line}").format(line=invitation(net.table)),
            ]
        if command == "again":
            if not net.table.finished:
                return [_("The game is not over yet.")]
            net.table.menu.play_again()
            self._told_end = False
            return [_("Game {number} begins, with the same friends.").format(number=net.game)]
        if command in ("stop", "quit"):
            self.app.quit()
            return [_("Stopping: the game is saved.")]
        if command == "help":
            return [f"{name:<14}{_(meaning)}" for name, meaning in HOST_COMMANDS]
        return [_("unknown command {command}: type help").format(command=repr(command[:20]))]


def _seat(arguments: Sequence[str], seats: int) -> int | None:
    if len(arguments) == 1 and arguments[0].isdigit() and 1 <= int(arguments[0]) <= seats:
        return int(arguments[0]) - 1
    return None


def who(net: RemoteSeats) -> list[str]:
    """The friends' seats, a line each, then the code and the invitation."""
    lines = [
        _("seat {seat} {name}: {state}").format(seat=row.seat + 1, name=row.name, state=row.words)
        for row in net.rows()
    ]
    lines += [
        _("watcher {number} {name}: {state}").format(
            number=row.watcher + 1, name=row.name, state=row.words
        )
        for row in net.watcher_rows()
    ]
    lines.append(_("table code {code}").format(code=protocol.shown_code(net.code)))
    lines.append(_("invitation: {line}").format(line=invitation(net.table)))
    return lines


def watchers_command(net: RemoteSeats, command: str, arguments: Sequence[str]) -> list[str]:
    """watchers on|off, unwatch N (spectators, issue 36)."""
    if command == "watchers":
        if arguments not in (["on"], ["off"]):
            return [_("watchers needs on or off")]
        return [text(net.allow_watchers(arguments == ["on"]))]
    numbers = {row.watcher + 1: row.watcher for row in net.watcher_rows()}
    if len(arguments) != 1 or not arguments[0].isdigit() or int(arguments[0]) not in numbers:
        return [_("unwatch needs the number of a watcher (who lists them)")]
    return [text(net.kick_watcher(numbers[int(arguments[0])]))]


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
