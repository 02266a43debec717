"""A relay: hosts and guests who cannot reach each other both connect out to it, and it
pairs them by table code and forwards their messages, which it cannot read.

    python3 main.py --relay --port 8765 [--cert FILE --key FILE]

A host opens its table here (`open`: the code, and a key derived from the table secret
so that only it may reopen that code after a drop); a guest joins with the code (`join`).
From then on the relay forwards binary frames both ways, never parsing them: they are
sealed by host and guest (game/net/seal.py) with a secret the relay never receives.
Text frames are the relay's own words (a JSON object with a "type"), never a game's.

    guest -> relay   {"type": "join", "relay": 1, "code": "K7QXR2M9"}
    relay -> guest   {"type": "joined"} or a refusal (protocol.refused's form)
    host  -> relay   {"type": "open", "relay": 1, "code": ..., "key": <64 hex>}
    relay -> host    {"type": "opened"} or a refusal
    relay -> host    {"type": "in", "link": N, "from": <a pseudonym>} / {"type": "out", "link": N}
    host  -> relay   {"type": "close", "link": N}
    guest <-> relay  binary: a sealed message
    host  <-> relay  binary: 4 bytes of link number (big-endian), then a sealed message

The relay keeps what a host's door keeps (game/net/door.py's rules): per address, a cap
on open connections and a growing wait after wrong codes (closed unread once told);
per table, a cap on guests; per connection, a message size limit, a rate limit and a few
strikes for bad frames; an audit log (the logger "game.net.relay.audit") where repeated
lines are counted. A host is never told a guest's address (only a pseudonym that stays
the same for one address while the relay runs, for the host's own backoff), nor a guest
the host's. A table whose host is away for `away_s` is forgotten; one with no message for
`quiet_s` is closed.

Pure asyncio and websockets on a thread of its own: no pygame, no game. Its loop, its door
and its log are game/net/doorway.py's (DoorServer), shared with a table's own server.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import re
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from game.lang import Msg, _
from game.net import door, protocol, seal
from game.net.doorway import DoorServer
from game.net.listening import TlsFiles, file_limit

log = logging.getLogger(__name__)
AUDIT_LOG = "game.net.relay.audit"

#: The relay's own protocol version (its text frames), apart from the game's.
RELAY_PROTOCOL = 1
DEFAULT_RELAY_PORT = 8765
#: A connection says join or open within this many seconds, or is let go.
FIRST_WORD_S = 10.0
OPEN_TIMEOUT_S = 10.0
CLOSE_TIMEOUT_S = 2.0
#: Guests one table holds at once (seated ones and those still saying hello).
LINKS_PER_TABLE = 16
#: Messages a guest's connection may send in a second, and a host's (it answers for all
#: its guests): past that, the connection is cut.
GUEST_MESSAGES_PER_SECOND = 120
HOST_MESSAGES_PER_SECOND = 2000
PINGS_PER_MINUTE = 30
STRIKES = 5
#: A sealed game message of the largest size, its seal, a link number, and room to spare.
MAX_FRAME_BYTES = protocol.MAX_MESSAGE_BYTES + seal.OVERHEAD + 256
#: The longest text frame the relay reads (its own words are short).
MAX_WORDS_BYTES = 512
#: Frames waiting for a slow connection at most: past that it is cut (a slow guest never
#: holds up its table).
OUTBOX_FRAMES = 512
#: A table whose host is away this long is forgotten (its code free again).
AWAY_S = 600.0
#: A table with no message at all for this long is closed and forgotten.
QUIET_S = 3600.0
STOP_WAIT_S = 2.0
#: Forwarding delays kept for the log at the end (the latest).
DELAYS_KEPT = 100_000

_KEY = re.compile(r"[0-9a-f]{64}")


@dataclass
class _Table:
    code: str
    key: str
    host: Any = None  # its connection, or None while it is away
    host_box: _Outbox | None = None
    links: dict[int, _Outbox] = field(default_factory=dict)
    next_link: int = 1
    last: float = 0.0  # the last message either way
    away_since: float = 0.0
    frames: int = 0
    bytes: int = 0


class _Outbox:
    """Frames for one connection, sent in order by a task of their own; full: too slow."""

    def __init__(self, connection: Any, delays: deque[float] | None = None) -> None:
        self.connection = connection
        self.frames: asyncio.Queue[Any] = asyncio.Queue(OUTBOX_FRAMES)
        self.delays = delays
        self.task = asyncio.ensure_future(self._write())

    def put(self, frame: Any, since: float = 0.0) -> bool:
        """Queue `frame` (None: the end); `since`: when it reached the relay (its
        forwarding delay is kept), 0 for the relay's own words."""
        try:
            self.frames.put_nowait((frame, since))
            return True
        except asyncio.QueueFull:
            return False

    async def _write(self) -> None:
        try:
            while True:
                frame, since = await self.frames.get()
                if frame is None:
                    return
                await self.connection.send(frame)
                if since and self.delays is not None:
                    self.delays.append(time.perf_counter() - since)
        except Exception:  # noqa: BLE001 - a closed connection is just gone
            pass

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close (a broken connection is closed at once)."""
        self.put(None)
        try:
            await asyncio.wait_for(asyncio.shield(self.task), CLOSE_TIMEOUT_S)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self.task.cancel()
        try:
            await self.connection.close(code, reason)
        except Exception:  # noqa: BLE001 - gone already
            pass


class Relay(DoorServer):
    """The relay's server, on a thread of its own (start, stop), or run in the
    foreground (serve_forever)."""

    _log = log
    _name = "the relay"  # i18n: not shown (the audit log, or a close reason)
    _thread_name = "net-relay"
    _stop_wait_s = STOP_WAIT_S
    _pings_per_minute = PINGS_PER_MINUTE
    _full_note = "the relay is full: closed its oldest idle connection"  # i18n: not shown (the audit log, or a close reason)
    _stopped_note = "relay stopped"  # i18n: not shown (the audit log, or a close reason)
    _ctrl_c_stops = True

    def __init__(
        self,
        port: int = DEFAULT_RELAY_PORT,
        bind: str | None = None,
        tls: TlsFiles | None = None,
        *,
        audit: logging.Logger | None = None,
        clock: Callable[[], float] = time.monotonic,
        away_s: float = AWAY_S,
        quiet_s: float = QUIET_S,
        tap: Callable[[str, str, bytes], None] | None = None,
        connections: int | None = None,
    ) -> None:
        """`tap(direction, code, frame)`, when given, sees every frame the relay forwards
        ("up": guest to host, "down": host to guest), as it forwards it (tests);
        `connections`: the most it holds open in all (None: door.connection_cap's, from
        the number of files the process may open, at most door.MOST_CONNECTIONS)."""
        most = door.connection_cap(file_limit())
        if connections is not None:
            limit = file_limit()
            most = connections if limit is None else min(connections, limit - door.FILES_KEPT)
        super().__init__(
            port,
            bind,
            tls,
            audit=audit or logging.getLogger(AUDIT_LOG),
            clock=clock,
            connections=max(door.FEWEST_CONNECTIONS, most),
        )
        self.away_s, self.quiet_s = away_s, quiet_s
        self.tap = tap
        self.tables: dict[str, _Table] = {}
        # Pseudonyms of addresses for hosts: keyed by a secret of this run.
        self._pseudonym_key = os.urandom(16)
        #: Counts for the bench and the log: tables opened, guests joined, frames.
        self.stats = {"opened": 0, "joined": 0, "frames": 0, "bytes": 0, "refused": 0}
        #: How long the latest frames took from arriving to being handed on (seconds).
        self.delays: deque[float] = deque(maxlen=DELAYS_KEPT)

    # -- the caller's side (start() and stop() are DoorServer's) ------------------------
    def serve_forever(self) -> int:
        """Serve in this thread until Ctrl+C; the exit status."""
        self._run()
        return 1 if self.error else 0

    # -- the server: DoorServer's loop, with the relay's own options --------------------
    def _serve_options(self) -> dict[str, Any]:
        return {
            "max_size": MAX_FRAME_BYTES,
            "max_queue": 16,
            # What it forwards is sealed, so it never compresses: deflate would only cost
            # CPU and a compressor's memory on every connection.
            "compression": None,
            "open_timeout": OPEN_TIMEOUT_S,
            "close_timeout": CLOSE_TIMEOUT_S,
        }

    def _say_listening(self, with_tls: bool) -> None:
        self.audit.info(
            "relay listening on %s port %d%s",
            self.bind or "every interface",
            self.port,
            f" with TLS (certificate sha256 {self.fingerprint})" if with_tls else "",
        )

    def _beside(self) -> Coroutine[Any, Any, None]:
        return self._sweep()

    async def _before_closing(self) -> None:
        for table in list(self.tables.values()):
            await self._close_table(
                table,
                "the relay stopped",  # i18n: not shown (the audit log, or a close reason)
            )

    def _after_loop(self) -> None:
        self._say_delays()

    def _say_delays(self) -> None:
        """The forwarding delays of the latest frames, in the log (median, p99)."""
        delays = sorted(self.delays)
        if delays:
            self.audit.info(
                "forwarded %d frames (%d bytes); the latest %d each took %.2f ms (median), "
                "%.2f ms (p99) from arriving to being handed on",
                self.stats["frames"],
                self.stats["bytes"],
                len(delays),
                1000 * delays[len(delays) // 2],
                1000 * delays[min(len(delays) - 1, int(0.99 * len(delays)))],
            )

    # -- a connection DoorServer._admit let in: a host or a guest -----------------------
    async def _serve(self, connection: Any) -> None:
        address = door.plain_address(str((connection.remote_address or ("?",))[0]))
        try:
            try:
                first = await asyncio.wait_for(connection.recv(), FIRST_WORD_S)
            except asyncio.TimeoutError:
                await self._refuse(connection, address, "no_hello", Msg("no hello in time"))
                return
            words = _words(first)
            if words is None or words.get("relay") != RELAY_PROTOCOL:
                await self._refuse(
                    connection,
                    address,
                    "version",
                    Msg("this is a relay for Pixel Parlor tables: both need the same version"),
                )
                return
            code = protocol.normal_code(str(words.get("code", ""))[: protocol.CODE_FIELD_LIMIT])
            if words.get("type") == "open":
                await self._host(connection, address, code, words.get("key"))
            elif words.get("type") == "join":
                await self._guest(connection, address, code)
            else:
                await self._refuse(connection, address, "bad_message", Msg("say hello first"))
        except Exception as error:  # noqa: BLE001 - nothing a stranger does escapes
            log.debug("a relay connection ended: %s", error)

    # -- a host -------------------------------------------------------------------------
    async def _host(self, connection: Any, address: str, code: str, key: Any) -> None:
        now = self.clock()
        if not protocol.valid_code(code) or not (isinstance(key, str) and _KEY.fullmatch(key)):
            await self._refuse(connection, address, "bad_message", Msg("no table code"))
            return
        table = self.tables.get(code)
        if table is not None and not hmac.compare_digest(table.key, key):
            wait = self._knocks.wrong(door.address_key(address), now)
            if wait:
                self._knocks.told(door.address_key(address), now + wait)
            await self._refuse(
                connection,
                address,
                "code_taken",
                Msg("another table is open under this code at the relay: choose a new code"),
            )
            return
        if table is None:
            table = self.tables[code] = _Table(code, key, last=now)
            self.stats["opened"] += 1
            self.audit.info("table %s opened by %s", protocol.shown_code(code), address)
        else:
            if table.host is not None:  # the same host back before its drop was noticed
                old = table.host_box
                table.host = table.host_box = None
                if old is not None:
                    asyncio.ensure_future(
                        old.close(
                            1000,
                            "reopened elsewhere",  # i18n: not shown (the audit log, or a close reason)
                        )
                    )
            self.audit.info("table %s reopened by %s", protocol.shown_code(code), address)
        box = _Outbox(connection, self.delays)
        table.host, table.host_box, table.last = connection, box, now
        self._crowd.seated(connection.transport.get_extra_info("socket"))
        box.put(json.dumps({"type": "opened", "code": code}))
        strikes, rate = 0, door.MessageRate(HOST_MESSAGES_PER_SECOND, time.perf_counter())
        try:
            async for frame in connection:
                now_s = time.perf_counter()
                if rate.too_many(now_s):
                    self._note(
                        ("flood", address),
                        "cut the host at %s: a flood",  # i18n: not shown (the audit log, or a close reason)
                        address,
                    )
                    return
                table.last = self.clock()
                if isinstance(frame, bytes):
                    if len(frame) < 4:
                        strikes += 1
                    else:
                        link = int.from_bytes(frame[:4], "big")
                        self._down(table, link, frame[4:], time.perf_counter())
                else:
                    words = _words(frame)
                    if words is not None and words.get("type") == "code":
                        code = self._recode(table, words.get("code"), address)
                    elif words is not None and words.get("type") == "close":
                        link = words.get("link")
                        guest = table.links.get(link) if isinstance(link, int) else None
                        if guest is not None:
                            del table.links[link]
                            asyncio.ensure_future(
                                guest.close(
                                    1000,
                                    "the host closed",  # i18n: not shown (the audit log, or a close reason)
                                )
                            )
                    else:
                        strikes += 1
                if strikes >= STRIKES:
                    self.audit.info("cut the host of %s: bad frames", protocol.shown_code(code))
                    return
        finally:
            if table.host is connection:
                table.host = table.host_box = None
                table.away_since = self.clock()
                self.audit.info(
                    "the host of table %s is away (%s)", protocol.shown_code(code), address
                )
                for link, guest in list(table.links.items()):
                    del table.links[link]
                    guest.put(_refusal("host_away", Msg("the host's connection dropped")))
                    asyncio.ensure_future(
                        guest.close(
                            1001,
                            "host away",  # i18n: not shown (the audit log, or a close reason)
                        )
                    )
            await box.close()

    def _recode(self, table: _Table, new: Any, address: str) -> str:
        """The host changed its table's code: the table (its guests too) now answers to
        `new`, the old code lets nobody in. The code the table has after it."""
        code = protocol.normal_code(str(new)[: protocol.CODE_FIELD_LIMIT])
        if not protocol.valid_code(code) or code in self.tables:
            return table.code
        old = table.code
        del self.tables[old]
        table.code = code
        self.tables[code] = table
        self.audit.info(
            "table %s is now %s (%s)", protocol.shown_code(old), protocol.shown_code(code), address
        )
        return code

    def _down(self, table: _Table, link: int, payload: bytes, since: float = 0.0) -> None:
        guest = table.links.get(link)
        if guest is None:
            return  # gone meanwhile
        self._count(table, payload)
        if self.tap is not None:
            self.tap("down", table.code, payload)
        if not guest.put(payload, since):
            del table.links[link]
            self._note(
                ("slow", table.code),
                "cut a guest of %s: too slow",  # i18n: not shown (the audit log, or a close reason)
                table.code,
            )
            asyncio.ensure_future(
                guest.close(
                    1008,
                    "too slow",  # i18n: not shown (the audit log, or a close reason)
                )
            )

    # -- a guest ------------------------------------------------------------------------
    async def _guest(self, connection: Any, address: str, code: str) -> None:
        key = door.address_key(address)
        now = self.clock()
        wait = max(self._knocks.wait(key, now), self._knocks.table_wait(now))
        if wait:
            self._knocks.told(key, now + wait)
            await self._refuse(
                connection,
                address,
                "too_many_tries",
                Msg("too many wrong codes: try again in {seconds} s", seconds=int(wait) + 1),
            )
            return
        table = self.tables.get(code)
        if table is None:
            wait = self._knocks.wrong(key, now)
            if wait:
                self._knocks.told(key, now + wait)
            await self._refuse(
                connection,
                address,
                "wrong_code",
                Msg(
                    "no table is open under this code at the relay: try again in {seconds} s",
                    seconds=int(wait) + 1,
                )
                if wait
                else Msg("no table is open under this code at the relay: check the invitation"),
            )
            return
        self._knocks.right(key)
        if table.host is None:
            await self._refuse(
                connection,
                address,
                "host_away",
                Msg("the host is away from the relay: try again in a moment"),
            )
            return
        if len(table.links) >= LINKS_PER_TABLE:
            await self._refuse(connection, address, "full", Msg("this table is full"))
            return
        link = table.next_link
        table.next_link += 1
        box = _Outbox(connection, self.delays)
        table.links[link] = box
        self.stats["joined"] += 1
        host_box = table.host_box
        box.put(json.dumps({"type": "joined"}))
        assert host_box is not None
        host_box.put(json.dumps({"type": "in", "link": link, "from": self._pseudonym(key)}))
        self._crowd.seated(connection.transport.get_extra_info("socket"))
        self._note(
            ("joined", key),
            "a guest from %s joined table %s",  # i18n: not shown (the audit log, or a close reason)
            address,
            protocol.shown_code(code),
        )
        head = link.to_bytes(4, "big")
        strikes, rate = 0, door.MessageRate(GUEST_MESSAGES_PER_SECOND, time.perf_counter())
        try:
            async for frame in connection:
                now_s = time.perf_counter()
                if rate.too_many(now_s):
                    self._note(
                        ("flood", key),
                        "cut a guest at %s: a flood",  # i18n: not shown (the audit log, or a close reason)
                        address,
                    )
                    box.put(_refusal("flood", Msg("too many messages")))
                    return
                if table.links.get(link) is not box:
                    return  # the host closed it, or went away
                if not isinstance(frame, bytes):
                    strikes += 1
                    if strikes >= STRIKES:
                        self._note(
                            ("strikes", key),
                            "cut a guest at %s: bad frames",  # i18n: not shown (the audit log, or a close reason)
                            address,
                        )
                        return
                    continue
                table.last = self.clock()
                self._count(table, frame)
                if self.tap is not None:
                    self.tap("up", code, frame)
                if table.host_box is None or not table.host_box.put(head + frame, now_s):
                    return
        finally:
            if table.links.get(link) is box:
                del table.links[link]
                if table.host_box is not None:
                    table.host_box.put(json.dumps({"type": "out", "link": link}))
            await box.close()

    # -- tables that go quiet -----------------------------------------------------------
    async def _sweep(self) -> None:
        every = max(0.05, min(5.0, self.away_s / 4, self.quiet_s / 4))
        while True:
            await asyncio.sleep(every)
            now = self.clock()
            for table in list(self.tables.values()):
                if table.host is None and now - table.away_since >= self.away_s:
                    del self.tables[table.code]
                    self.audit.info(
                        "table %s expired: its host was away %d s",
                        protocol.shown_code(table.code),
                        self.away_s,
                    )
                elif now - table.last >= self.quiet_s:
                    self.audit.info(
                        "table %s closed: quiet for %d s",
                        protocol.shown_code(table.code),
                        self.quiet_s,
                    )
                    await self._close_table(
                        table,
                        "the table was quiet too long",  # i18n: not shown (the audit log, or a close reason)
                    )
            for kind, count in self._quiet.flush(now):
                self.audit.info("%d more lines of %s", count, " ".join(map(str, kind)))

    async def _close_table(self, table: _Table, why: str) -> None:
        self.tables.pop(table.code, None)
        boxes = list(table.links.values())
        table.links.clear()
        if table.host_box is not None:
            boxes.append(table.host_box)
        table.host = table.host_box = None
        for box in boxes:
            box.put(_refusal("host_away", Msg("the relay closed this table")))
            await box.close(1001, why[:100])

    # -- helpers ------------------------------------------------------------------------
    def _count(self, table: _Table, frame: bytes) -> None:
        table.frames += 1
        table.bytes += len(frame)
        self.stats["frames"] += 1
        self.stats["bytes"] += len(frame)

    def _pseudonym(self, key: str) -> str:
        """What a host is told of a guest's address: the same for one address while the
        relay runs, and nothing of the address itself."""
        digest = hmac.new(self._pseudonym_key, key.encode(), hashlib.sha256).hexdigest()
        return f"relay-{digest[:8]}"

    async def _refuse(self, connection: Any, address: str, code: str, reason: Msg) -> None:
        self.stats["refused"] += 1
        self._note(
            ("refused", code, door.address_key(address)),
            "refused %s: %s (%s)",  # i18n: not shown (the audit log, or a close reason)
            address,
            code,
            protocol.english(reason),
        )
        try:
            await connection.send(_refusal(code, reason))
            await connection.close(1008, code)
        except Exception:  # noqa: BLE001 - gone already
            pass


def _words(frame: Any) -> dict[str, Any] | None:
    """The relay's own words in a text frame (a small JSON object), or None."""
    if not isinstance(frame, str) or len(frame) > MAX_WORDS_BYTES:
        return None
    try:
        data = json.loads(frame)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _refusal(code: str, reason: Msg) -> str:
    """A refusal in the form a guest's client reads (protocol.refused's), fatal."""
    return json.dumps(
        {
            "type": "refused",
            "code": code,
            "reason": protocol.english(reason),
            "message": reason.to_json(),
            "fatal": True,
        },
        separators=(",", ":"),
    )


def open_words(code: str, key: str) -> str:
    """What a host says first to a relay."""
    return json.dumps({"type": "open", "relay": RELAY_PROTOCOL, "code": code, "key": key})


def join_words(code: str) -> str:
    """What a guest says first to a relay."""
    return json.dumps({"type": "join", "relay": RELAY_PROTOCOL, "code": code})


def main(argv: list[str]) -> int:
    """`main.py --relay ...`: the relay in the foreground, its audit log on stderr."""
    # late import: argparse only for the command
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(
        prog="main.py --relay",  # i18n: not shown (the relay's command line)
        description=_("A relay for Pixel Parlor tables: hosts and guests connect out to it."),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_RELAY_PORT,
        help=_("the port to listen on (default {port})").format(port=DEFAULT_RELAY_PORT),
    )
    parser.add_argument("--bind", default=None, help=_("the address to listen on (default: all)"))
    parser.add_argument("--cert", type=Path, help=_("a certificate (PEM): wss://"))
    parser.add_argument("--key", type=Path, help=_("the private key (PEM) of --cert"))
    parser.add_argument(
        "--away",
        type=float,
        default=AWAY_S,
        metavar="S",
        help=_("forget a table whose host is away S seconds (default {seconds})").format(
            seconds=f"{AWAY_S:.0f}"
        ),
    )
    parser.add_argument(
        "--quiet",
        type=float,
        default=QUIET_S,
        metavar="S",
        help=_("close a table quiet for S seconds (default {seconds})").format(
            seconds=f"{QUIET_S:.0f}"
        ),
    )
    parser.add_argument(
        "--connections",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "the most connections held open in all (default {most}; more needs a higher "
            "limit of open files: ulimit -n)"
        ).format(most=door.MOST_CONNECTIONS),
    )
    args = parser.parse_args([arg for arg in argv if arg != "--relay"])
    if (args.cert is None) != (args.key is None):
        parser.error(_("--cert and --key go together: the certificate and its private key"))
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%Y-%m-%dT%H:%M:%S"
    )
    tls = TlsFiles(args.cert, args.key) if args.cert is not None else None
    relay = Relay(
        args.port,
        args.bind,
        tls,
        away_s=args.away,
        quiet_s=args.quiet,
        connections=args.connections,
    )
    status = relay.serve_forever()
    if relay.error:
        print(
            f"pixel-parlor relay: {relay.error}",  # i18n: not shown (the relay's command line)
            flush=True,  # i18n: not shown (the relay's command line)
        )  # i18n: not shown (the relay's command line)
    return status
