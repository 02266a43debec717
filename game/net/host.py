"""A table's door to the network: a WebSocket server on its own thread.

The table (game/table/remote.py) stays the referee and never waits for the network: once
a tick it takes what arrived (guests joining, leaving, sending their seat's actions) from
poll(), and hands send() what each seat may see; the server thread does the talking. A
guest needs the table's code, and a seat game/net/seats.py lets it hold; the host may turn
a guest out (kick), close a seat to guests, and change the code. How the server listens
(ports, TLS) is game/net/listening.py's; its loop, its door and its log are
game/net/doorway.py's (DoorServer), shared with the relay.

The door keeps strangers cheap (game/net/door.py has the rules): an address that sends
wrong codes waits longer and longer between tries, and once told so its connections are
closed as they are accepted, before anything is read; the whole table takes a bounded
number of wrong codes a minute; connections are capped by address and in all, below the
number of files the process may open; floods of messages or pings are cut. Whatever a
guest sends, the worst it gets is a refusal (a stable code and plain words, never a Python
exception's name) or its connection closed; nothing it sends reaches the engine unchecked,
and nothing raised here reaches the table. Every decision at the door goes into the audit
log (the logger "game.net.audit"), repeated ones counted rather than written each time.
"""

from __future__ import annotations

import asyncio
import logging
import math
import queue
import threading
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.lang import Msg
from game.net import door, protocol
from game.net.doorway import DoorServer, plain_error
from game.net.listening import TlsFiles, file_limit
from game.net.protocol import ProtocolError
from game.net.seats import Seats, same_secret

log = logging.getLogger(__name__)
AUDIT_LOG = "game.net.audit"

# A guest says hello within this many seconds or is let go.
HELLO_TIMEOUT_S = 10.0
# From the connection to the end of the WebSocket handshake (TLS included).
OPEN_TIMEOUT_S = 10.0
# Waiting for a guest's side of a closing handshake.
CLOSE_TIMEOUT_S = 2.0
# Messages a connection may send in one second: a person sends a few a minute, a bot at
# a fast table (tests, benchmarks) one a tick at most; a flood is cut off.
MESSAGES_PER_SECOND = 120
# Pings a connection may send in a minute (a guest's client pings every 10 s).
PINGS_PER_MINUTE = 30
# Bad messages a connection may send before it is closed.
STRIKES = 5
# stop() waits this long at most for the guests to be told goodbye.
STOP_WAIT_S = 1.0


@dataclass(frozen=True)
class GuestInfo:
    """Who holds a seat: the name kept for it, where it connects from, since when
    (time.time())."""

    name: str
    address: str
    since: float


@dataclass(frozen=True)
class NetEvent:
    """What happened at the door since the last poll: "joined", "left", "action" or
    "again" (a guest asks for the next game after the end); for a watcher (no seat:
    `seat` -1, `watcher` its number) "watcher_joined" and "watcher_left". At
    "joined", `name` is the name to show and `returning` says the guest came back with its
    token; an action carries the move count of the view it answers."""

    kind: str
    seat: int
    name: str = ""
    action: Any = None
    moves: int | None = None
    returning: bool = False
    watcher: int | None = None


class NetHost(DoorServer):
    """The server for one table: `open_seats` are the seats guests may take."""

    _log = log
    _name = "the table's server"  # i18n: not shown (the log; a start error's detail)
    _thread_name = "net-host"
    _stop_wait_s = STOP_WAIT_S
    _pings_per_minute = PINGS_PER_MINUTE
    _full_note = "the door is full: closed its oldest connection without a seat"  # i18n: not shown (the audit log)
    _stopped_note = "stopped listening"  # i18n: not shown (the audit log)

    def __init__(
        self,
        code: str,
        open_seats: Mapping[int, str],
        game: str,
        *,
        tokens: Mapping[int, str] | None = None,
        names: Mapping[int, str] | None = None,
        port: int = protocol.DEFAULT_PORT,
        bind: str | None = None,
        tls: TlsFiles | None = None,
        audit: logging.Logger | None = None,
        clock: Callable[[], float] = time.monotonic,
        watchers_allowed: bool = True,
        watcher_cap: int = protocol.MAX_WATCHERS,
    ) -> None:
        """`tokens` and `names` (seat -> str): what a saved table gave its guests. `bind`
        None listens on every interface, IPv4 and IPv6; `clock` times the door's waits."""
        self.code = protocol.normal_code(code)
        if not protocol.valid_code(self.code):
            raise ValueError(_CODE_RULE)
        self.game = game
        self.seats = Seats(open_seats, tokens, names)
        super().__init__(
            port,
            bind,
            tls,
            audit=audit or logging.getLogger(AUDIT_LOG),
            clock=clock,
            connections=door.connection_cap(file_limit()),
        )
        self._events: queue.Queue[NetEvent] = queue.Queue()
        # Guards what both threads touch: the seats (their tokens, names and returns), the
        # code, the connections.
        self._lock = threading.Lock()
        self._connections: dict[int, Any] = {}
        self._guests: dict[int, GuestInfo] = {}
        # Seats whose "joined" the table has been told (and no "left" since).
        self._joined: set[int] = set()
        # Spectators (issue 36): watchers, numbered apart from the seats, capped; the host
        # may refuse them (guarded by the lock too).
        self.watchers_allowed = watchers_allowed
        self.watcher_cap = max(0, min(watcher_cap, protocol.MAX_WATCHERS))
        self._watchers: dict[int, Any] = {}
        self._watcher_info: dict[int, GuestInfo] = {}
        self._next_watcher = 0

    # What the table saves and shows (replaced whole on each change: safe to read anywhere).
    @property
    def open_seats(self) -> dict[int, str]:
        """The seats guests may take: seat -> the name shown for it."""
        return self.seats.open

    @property
    def tokens(self) -> dict[int, str]:
        """Each guest's seat and secret token."""
        return self.seats.tokens

    @property
    def names(self) -> dict[int, str]:
        """The name kept for each guest's seat."""
        return self.seats.names

    # -- the main thread's side (start() and stop() are DoorServer's) -------------------
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

    def guests(self) -> dict[int, GuestInfo]:
        """Who is connected at which seat."""
        with self._lock:
            return dict(self._guests)

    def send(self, seat: int, message: Mapping[str, Any]) -> None:
        """Send to the guest at `seat`, if one is there (never blocks)."""
        with self._lock:
            connection = self._connections.get(seat)
        if connection is not None:
            text = protocol.encode(message)
            # The coroutine is made on the loop's own thread (never one it would not run).
            self._call_on_loop(lambda: asyncio.ensure_future(_send(connection, text)))

    def kick(self, seat: int) -> None:
        """Turn out the guest at `seat` (a fatal refusal "kicked"), and forget its token and
        name: the seat is open to a new guest. A "left" event follows if one was there."""
        with self._lock:
            connection = self._connections.pop(seat, None)
            info = self._guests.pop(seat, None)
            had_token = self.seats.forget(seat)
            if seat in self._joined:
                self._joined.discard(seat)
                self._events.put(NetEvent("left", seat))
        if info is not None:
            self.audit.info("kicked %r from seat %d (%s)", info.name, seat + 1, info.address)
        elif had_token:
            self.audit.info("forgot the token of seat %d", seat + 1)
        if connection is not None:
            self._call_on_loop(
                lambda: asyncio.ensure_future(
                    self._turn_out(
                        connection, "kicked", Msg("the host asked you to leave this table")
                    )
                )
            )

    def close_seat(self, seat: int) -> None:
        """The seat is no longer open to guests (the table gives it to the computer):
        whoever holds it is turned out, its token forgotten."""
        with self._lock:
            self.seats.close(seat)
        self.audit.info("seat %d closed to guests", seat + 1)
        self.kick(seat)

    def change_code(self, code: str | None = None) -> str:
        """A new table code (a fresh random one when None; ValueError when `code` is none):
        later hellos need it, seated guests stay. Returns it in its stored form."""
        new = protocol.new_table_code() if code is None else protocol.normal_code(code)
        if not protocol.valid_code(new):
            raise ValueError(_CODE_RULE)
        with self._lock:
            self.code = new
        self.audit.info("the table code was changed")
        return new

    def set_seat_names(self, names: Sequence[str]) -> None:
        """The table's names now (by seat): a newcomer whose name looks like another seat's,
        or like a computer's, is refused ("name_taken")."""
        with self._lock:
            self.seats.show(names)

    # -- the server thread: DoorServer's loop, with the table's own options -------------
    def _serve_options(self) -> dict[str, Any]:
        return {
            "max_size": protocol.MAX_MESSAGE_BYTES,
            "max_queue": 8,
            "open_timeout": OPEN_TIMEOUT_S,
            "close_timeout": CLOSE_TIMEOUT_S,
        }

    def _say_listening(self, with_tls: bool) -> None:
        where = self.bind or "every interface"  # i18n: not shown (the audit log)
        self.audit.info(
            "listening on %s port %d%s", where, self.port, " with TLS" if with_tls else ""
        )

    def _beside(self) -> Coroutine[Any, Any, None]:
        return self._flush_quiet()

    # -- at the door: each connection DoorServer._admit let in, then its hello ----------
    async def _serve(self, connection: Any) -> None:
        """One guest, from hello to goodbye."""
        address = door.plain_address(str((connection.remote_address or ("?",))[0]))
        seat: int | None = None
        try:
            seated = await self._hello(connection, address)
            if seated is None:
                return
            seat, name, returning = seated
            welcome = {
                "type": "welcome",
                "protocol": protocol.PROTOCOL_VERSION,
                "game": self.game,
                "seat": seat,
                "token": self.seats.tokens.get(seat),
                "name": name,
            }
            await connection.send(protocol.encode(welcome))
            with self._lock:  # "joined" after the welcome, and only while the seat is held
                held = self._connections.get(seat) is connection
                if held:
                    self._events.put(NetEvent("joined", seat, name=name, returning=returning))
                    self._joined.add(seat)
            if not held:  # turned out meanwhile: its refusal is on the way
                await connection.wait_closed()
                return
            self.audit.info(
                "%r %s seat %d (%s)",
                name,
                "came back to" if returning else "took",
                seat + 1,
                address,
            )
            await self._listen(connection, seat, address)
        except Exception as error:  # noqa: BLE001 - nothing a guest does escapes
            log.debug("a guest's connection ended: %s", plain_error(error))
        finally:
            if seat is not None:
                self._release(seat, connection, address)

    def _release(self, seat: int, connection: Any, address: str) -> None:
        """The connection of `seat` ended: "left" if the table had been told "joined"."""
        with self._lock:
            if self._connections.get(seat) is not connection:
                return  # turned out, or replaced by the same guest come back
            del self._connections[seat]
            info = self._guests.pop(seat, None)
            told = seat in self._joined
            self._joined.discard(seat)
            if told:
                self._events.put(NetEvent("left", seat))
        if told:
            self.audit.info("%r left seat %d (%s)", info.name if info else "?", seat + 1, address)

    async def _hello(self, connection: Any, address: str) -> tuple[int, str, bool] | None:
        """The hello: the right code and a seat this guest may hold (seat, name kept,
        whether it came back with its token), or a refusal (None)."""
        try:
            text = await asyncio.wait_for(connection.recv(), HELLO_TIMEOUT_S)
        except asyncio.TimeoutError:
            await self._turn_away(connection, address, "no_hello", Msg("no hello in time"))
            return None
        try:
            data = protocol.decode(text, protocol.CLIENT_TYPES)
            if data["type"] != "hello":
                raise ProtocolError(Msg("say hello first"))
            code, name, asked, token = protocol.checked_hello(data)
            if protocol.wants_to_watch(data):
                watcher = self._watcher_for(connection, address, code, name)
                return await self._watch(connection, address, watcher, name)
            seat, name, returning, replaced = self._seat_for(
                connection, address, code, name, asked, token
            )
        except ProtocolError as error:
            await self._turn_away(connection, address, error.code, error.message)
            return None
        if replaced is not None:
            asyncio.ensure_future(
                self._turn_out(replaced, "seat_taken", Msg("you came back to this seat elsewhere"))
            )
        self._crowd.seated(connection.transport.get_extra_info("socket"))
        return seat, name, returning

    def _seat_for(
        self,
        connection: Any,
        address: str,
        code: str,
        name: str,
        asked: int | None,
        token: str | None,
    ) -> tuple[int, str, bool, Any]:
        """(seat, name kept, whether the guest came back with its token, the connection it
        replaces) for a hello, the seat then held by `connection`; ProtocolError saying
        why not."""
        key = door.address_key(address)
        now = self.clock()
        with self._lock:
            held = self.seats.held_by(token, asked)
            if held is None:
                wait = max(self._knocks.wait(key, now), self._knocks.table_wait(now))
                if wait:
                    self._knocks.told(key, now + wait)
                    raise ProtocolError(
                        Msg(
                            "too many wrong codes: try again in {seconds} s",
                            seconds=math.ceil(wait),
                        ),
                        "too_many_tries",
                    )
            if not same_secret(code, self.code):
                wait = self._knocks.wrong(key, now)
                if wait:
                    self._knocks.told(key, now + wait)
                raise ProtocolError(
                    Msg("wrong table code: try again in {seconds} s", seconds=math.ceil(wait))
                    if wait
                    else Msg("wrong table code"),
                    "wrong_code",
                )
            self._knocks.right(key)
            returning = held is not None
            if returning:
                seat, name = held, self.seats.welcome_back(held, name, now)
            else:
                seat, name = self.seats.seat_newcomer(asked, name, self._connections)
            replaced = self._connections.get(seat)
            self._connections[seat] = connection
            self._guests[seat] = GuestInfo(name, address, time.time())
            return seat, name, returning, replaced

    # -- spectators (issue 36) ----------------------------------------------------------
    def watchers(self) -> dict[int, GuestInfo]:
        """Who watches: watcher number -> name, address, since when."""
        with self._lock:
            return dict(self._watcher_info)

    def send_watchers(self, message: Mapping[str, Any]) -> None:
        """Send to every watcher (never blocks): a public view, never a seat's."""
        with self._lock:
            connections = list(self._watchers.values())
        if connections:
            text = protocol.encode(message)
            for connection in connections:
                self._call_on_loop(
                    lambda connection=connection: asyncio.ensure_future(_send(connection, text))
                )

    def send_watcher(self, watcher: int, message: Mapping[str, Any]) -> None:
        """Send to one watcher, if it is still there (its first, whole view)."""
        with self._lock:
            connection = self._watchers.get(watcher)
        if connection is not None:
            text = protocol.encode(message)
            self._call_on_loop(lambda: asyncio.ensure_future(_send(connection, text)))

    def kick_watcher(self, watcher: int) -> None:
        """Turn a watcher out ("kicked"); a "watcher_left" event follows."""
        self._drop_watcher(watcher, "kicked", Msg("the host asked you to stop watching this table"))

    def allow_watchers(self, allowed: bool) -> None:
        """Take watchers or not; refusing them turns out those watching now."""
        with self._lock:
            self.watchers_allowed = allowed
            watching = list(self._watchers)
        self.audit.info("watchers %s", "allowed" if allowed else "refused")
        if not allowed:
            for watcher in watching:
                self._drop_watcher(watcher, "no_watchers", NO_WATCHERS_NOW)

    def _drop_watcher(self, watcher: int, code: str, reason: Msg) -> None:
        with self._lock:
            connection = self._watchers.pop(watcher, None)
            info = self._watcher_info.pop(watcher, None)
            if connection is not None:
                self._events.put(NetEvent("watcher_left", -1, watcher=watcher))
        if info is not None:
            self.audit.info("turned out watcher %r (%s): %s", info.name, info.address, code)
        if connection is not None:
            self._call_on_loop(
                lambda: asyncio.ensure_future(self._turn_out(connection, code, reason))
            )

    def _watcher_for(self, connection: Any, address: str, code: str, name: str) -> int:
        """A watcher's number for a hello that asks to watch: the right code (the same
        waits after wrong ones as for a seat), watchers allowed, room for one more;
        ProtocolError saying why not."""
        key = door.address_key(address)
        now = self.clock()
        with self._lock:
            wait = max(self._knocks.wait(key, now), self._knocks.table_wait(now))
            if wait:
                self._knocks.told(key, now + wait)
                raise ProtocolError(
                    Msg("too many wrong codes: try again in {seconds} s", seconds=math.ceil(wait)),
                    "too_many_tries",
                )
            if not same_secret(code, self.code):
                wait = self._knocks.wrong(key, now)
                if wait:
                    self._knocks.told(key, now + wait)
                raise ProtocolError(
                    Msg("wrong table code: try again in {seconds} s", seconds=math.ceil(wait))
                    if wait
                    else Msg("wrong table code"),
                    "wrong_code",
                )
            self._knocks.right(key)
            if not self.watchers_allowed:
                raise ProtocolError(NO_WATCHERS, "no_watchers")
            # A watcher's name passes for no seat's, no computer's, no other watcher's.
            self.seats.unlike_others(name, -1)
            if door.name_clash(name, [info.name for info in self._watcher_info.values()]):
                raise ProtocolError(
                    Msg("{name} is at this table already: choose another name", name=name),
                    "name_taken",
                )
            if len(self._watchers) >= self.watcher_cap:
                raise ProtocolError(
                    Msg(
                        "this table has {n} watcher already, as many as the host takes",
                        plural="this table has {n} watchers already, as many as the host takes",
                        n=len(self._watchers),
                    ),
                    "watchers_full",
                )
            watcher = self._next_watcher
            self._next_watcher += 1
            self._watchers[watcher] = connection
            self._watcher_info[watcher] = GuestInfo(name, address, time.time())
            return watcher

    async def _watch(self, connection: Any, address: str, watcher: int, name: str) -> None:
        """A watcher, from its welcome to its goodbye: it is sent public views; whatever
        it sends but a goodbye is refused ("watching") and never reaches the table."""
        self._crowd.seated(connection.transport.get_extra_info("socket"))
        try:
            await connection.send(protocol.encode(protocol.watch_welcome(self.game, name)))
            with self._lock:
                if self._watchers.get(watcher) is not connection:
                    return  # turned out meanwhile
                self._events.put(NetEvent("watcher_joined", -1, name=name, watcher=watcher))
            self.audit.info("%r watches (%s)", name, address)
            await self._listen_watcher(connection, address)
        except Exception as error:  # noqa: BLE001 - nothing a watcher does escapes
            log.debug("a watcher's connection ended: %s", plain_error(error))
        finally:
            with self._lock:
                ours = self._watchers.get(watcher) is connection
                if ours:
                    del self._watchers[watcher]
                    self._watcher_info.pop(watcher, None)
                    self._events.put(NetEvent("watcher_left", -1, watcher=watcher))
            if ours:
                self.audit.info("%r stopped watching (%s)", name, address)

    async def _listen_watcher(self, connection: Any, address: str) -> None:
        strikes, rate = 0, door.MessageRate(MESSAGES_PER_SECOND, time.monotonic())
        async for text in connection:
            if rate.too_many(time.monotonic()):
                self._note(
                    ("flood", address),
                    "cut watcher %s: a flood of messages",  # i18n: not shown (the audit log)
                    address,
                )
                await self._refuse(connection, "flood", Msg("too many messages"), True)
                return
            try:
                data = protocol.decode(text, protocol.CLIENT_TYPES)
                if data["type"] == "bye":
                    return
                raise ProtocolError(WATCHERS_DO_NOT_PLAY, "watching")
            except ProtocolError as error:
                strikes += 1
                await self._refuse(connection, error.code, error.message, strikes >= STRIKES)
                if strikes >= STRIKES:
                    self.audit.info("cut watcher %s: %d messages refused", address, strikes)
                    return

    async def _listen(self, connection: Any, seat: int, address: str) -> None:
        strikes, rate = 0, door.MessageRate(MESSAGES_PER_SECOND, time.monotonic())
        async for text in connection:
            if rate.too_many(time.monotonic()):
                self._note(
                    ("flood", address),
                    "cut %s at seat %d: a flood of messages",  # i18n: not shown (the audit log)
                    address,
                    seat + 1,
                )
                await self._refuse(connection, "flood", Msg("too many messages"), True)
                return
            try:
                data = protocol.decode(text, protocol.CLIENT_TYPES)
                if data["type"] == "bye":
                    return
                if data["type"] == "hello":
                    raise ProtocolError(Msg("already at the table"))
                if data["type"] == "again":
                    self._events.put(NetEvent("again", seat))
                    continue
                action, moves = protocol.checked_action(data)
            except ProtocolError as error:
                strikes += 1
                await self._refuse(connection, error.code, error.message, strikes >= STRIKES)
                if strikes >= STRIKES:
                    self.audit.info(
                        "cut %s at seat %d: %d bad messages", address, seat + 1, strikes
                    )
                    return
                continue
            with self._lock:
                held = self._connections.get(seat) is connection
            if not held:  # turned out meanwhile: its refusal is on the way
                await connection.wait_closed()
                return
            self._events.put(NetEvent("action", seat, action=action, moves=moves))

    async def _turn_away(self, connection: Any, address: str, code: str, reason: str | Msg) -> None:
        """A hello refused: said to the guest and in the audit log, and the end."""
        self._note(
            ("refused", code, door.address_key(address)),
            "refused %s: %s (%s)",  # i18n: not shown (the audit log)
            address,
            code,
            protocol.english(reason),
        )
        await self._refuse(connection, code, reason, True)

    async def _turn_out(self, connection: Any, code: str, reason: str | Msg) -> None:
        try:
            await self._refuse(connection, code, reason, True)
        except Exception:  # noqa: BLE001 - a guest already gone is gone
            pass

    async def _refuse(self, connection: Any, code: str, reason: str | Msg, fatal: bool) -> None:
        await connection.send(protocol.encode(protocol.refused(code, reason, fatal)))
        if fatal:
            await connection.close(1008, code)

    # -- the log (DoorServer writes the rest) -------------------------------------------
    async def _flush_quiet(self) -> None:
        while True:
            await asyncio.sleep(door.MINUTE_S)
            for kind, count in self._quiet.flush(self.clock()):
                self.audit.info(
                    "%d more lines of %s in the last minute", count, " ".join(map(str, kind))
                )


async def _send(connection: Any, text: str) -> None:
    try:
        await connection.send(text)
    except Exception:  # noqa: BLE001 - a closed guest is just gone
        pass


#: Why a watcher is refused or turned out, and why its moves are.
NO_WATCHERS = Msg("the host takes no watchers at this table")
NO_WATCHERS_NOW = Msg("the host no longer takes watchers at this table")
WATCHERS_DO_NOT_PLAY = Msg("you are watching: a watcher cannot play")

_CODE_RULE = f"a table code is {protocol.CODE_LENGTH} letters and digits from {protocol.CODE_ALPHABET}"  # i18n: not shown (a developer's error)
