"""The door's rules, apart from the network: how often an address may knock with a wrong
code, how often a seat's guest may come back, how many connections stay open, which
names pass for another's, how many messages a second a connection may send, and how
often one kind of line goes into the log.

Pure Python with the time passed in (game/net/host.py gives time.monotonic()), so that
every rule is tested in microseconds. An address is counted by its network for IPv6
(address_key): one home or one server holds a whole /64.
"""

from __future__ import annotations

import ipaddress
import unicodedata
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# -- wrong codes ------------------------------------------------------------------------
#: Wrong codes an address may send before it must wait between tries.
FREE_TRIES = 5
#: The first wait after the free tries; each further wrong code doubles it, up to the most.
BACKOFF_FIRST_S = 1.0
BACKOFF_MOST_S = 60.0
#: An address quiet this long starts again with its free tries.
FORGET_AFTER_S = 600.0
#: Wrong codes the whole table takes in a minute, from every address together: past it,
#: only a guest coming back with its token is let in until the minute has passed.
WRONG_CODES_PER_MINUTE = 60
#: Addresses remembered at most (an attacker with many addresses fills no memory).
MOST_ADDRESSES = 4096

# -- returns, connections, the log --------------------------------------------------------
#: Times a seat's guest may come back with its token in a minute.
RETURNS_PER_MINUTE = 6
#: Connections one address may hold open, seated guests included.
CONNECTIONS_PER_ADDRESS = 16
#: Connections the whole door holds open at most (fewer when the process may open fewer
#: files: see connection_cap).
MOST_CONNECTIONS = 512
#: Files kept for everything else the program opens (saves, logs, sounds), and for the
#: connections accepted in one go before the door looks at them.
FILES_KEPT = 256
#: The fewest connections the door allows, whatever the file limit.
FEWEST_CONNECTIONS = 16
#: Lines of one kind (and one address) the log takes in a minute; the rest are counted.
LINES_PER_MINUTE = 3

MINUTE_S = 60.0


def address_key(address: str) -> str:
    """The address a door counts: an IPv4 one as it is (also when mapped into IPv6), an
    IPv6 one by its /64 network; anything else as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def plain_address(address: str) -> str:
    """An address as the host's log and panel show it: an IPv4 one mapped into IPv6 (a
    dual-stack socket's view of an IPv4 guest) as plain IPv4."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped) if mapped is not None else str(ip)


def connection_cap(file_limit: int | None) -> int:
    """How many connections the door holds open with this many files allowed (None: no
    limit known)."""
    if file_limit is None or file_limit < 0:
        return MOST_CONNECTIONS
    return max(FEWEST_CONNECTIONS, min(MOST_CONNECTIONS, file_limit - FILES_KEPT))


class Window:
    """Events in the last `seconds`, at most `limit` of them counted."""

    def __init__(self, limit: int, seconds: float = MINUTE_S) -> None:
        self.limit, self.seconds = limit, seconds
        self._times: deque[float] = deque()

    def _drop_old(self, now: float) -> None:
        while self._times and now - self._times[0] >= self.seconds:
            self._times.popleft()

    def full(self, now: float) -> bool:
        self._drop_old(now)
        return len(self._times) >= self.limit

    def add(self, now: float) -> None:
        self._drop_old(now)
        self._times.append(now)
        if len(self._times) > self.limit:
            self._times.popleft()

    def wait(self, now: float) -> float:
        """Seconds until the window has room again (0 when it has)."""
        if not self.full(now):
            return 0.0
        return self._times[0] + self.seconds - now


class MessageRate:
    """The messages of one connection, counted a second at a time (from its first
    message, then from the first after each full second): more than `per_second` within
    one is a flood, and the connection is cut. Cheaper than a Window, as it is asked at
    every message."""

    def __init__(self, per_second: int, now: float) -> None:
        self.per_second = per_second
        self._since, self._count = now, 0

    def too_many(self, now: float) -> bool:
        """Count a message that came at `now`: whether it is one too many."""
        if now - self._since >= 1.0:
            self._since, self._count = now, 0
        self._count += 1
        return self._count > self.per_second


# -- wrong codes ------------------------------------------------------------------------
def backoff_s(wrong: int) -> float:
    """The wait after an address's `wrong`-th wrong code in a row."""
    if wrong <= FREE_TRIES:
        return 0.0
    return min(BACKOFF_MOST_S, BACKOFF_FIRST_S * 2 ** (wrong - FREE_TRIES - 1))


@dataclass
class _Knocker:
    wrong: int = 0
    last: float = 0.0
    until: float = 0.0  # no hello from here is looked at before this
    told_until: float = 0.0  # told so: until then its connections are closed unread


class Knocks:
    """Wrong codes, by address and for the whole table: how long a hello must wait."""

    def __init__(self) -> None:
        self._addresses: dict[str, _Knocker] = {}
        self._table = Window(WRONG_CODES_PER_MINUTE)

    def wait(self, key: str, now: float) -> float:
        """Seconds before a hello from `key` is looked at (0: now)."""
        knocker = self._addresses.get(key)
        return max(0.0, knocker.until - now) if knocker is not None else 0.0

    def table_wait(self, now: float) -> float:
        """Seconds before the table looks at a hello without a seat's token (0: now)."""
        return self._table.wait(now)

    def wrong(self, key: str, now: float) -> float:
        """A wrong code from `key`; the wait it now has (0: none)."""
        self._table.add(now)
        knocker = self._addresses.get(key)
        if knocker is None or now - knocker.last >= FORGET_AFTER_S:
            knocker = self._addresses[key] = _Knocker()
            self._forget_some(now)
        knocker.wrong += 1
        knocker.last = now
        wait = backoff_s(knocker.wrong)
        knocker.until = now + wait
        return wait

    def right(self, key: str) -> None:
        """The right code from `key`: its wrong tries are forgotten."""
        self._addresses.pop(key, None)

    def told(self, key: str, until: float) -> None:
        """`key` was told to wait until `until`: its connections are closed unread till then."""
        knocker = self._addresses.setdefault(key, _Knocker())
        knocker.told_until = max(knocker.told_until, until)

    def cut(self, key: str, now: float) -> bool:
        """Whether a connection from `key` is closed unread (it was told to wait)."""
        knocker = self._addresses.get(key)
        return knocker is not None and knocker.told_until > now

    def _forget_some(self, now: float) -> None:
        """Keep at most MOST_ADDRESSES: those with nothing pending go first, then the
        longest quiet."""
        if len(self._addresses) <= MOST_ADDRESSES:
            return
        settled = [
            key
            for key, knocker in self._addresses.items()
            if knocker.until <= now and knocker.told_until <= now
        ]
        for key in settled[: len(self._addresses) - MOST_ADDRESSES]:
            del self._addresses[key]
        if len(self._addresses) > MOST_ADDRESSES:
            by_age = sorted(self._addresses, key=lambda key: self._addresses[key].last)
            for key in by_age[: len(self._addresses) - MOST_ADDRESSES]:
                del self._addresses[key]


class Returns:
    """Guests coming back to their seats with their tokens, by seat."""

    def __init__(self) -> None:
        self._seats: dict[int, Window] = {}

    def wait(self, seat: int, now: float) -> float:
        """Seconds before the guest of `seat` may come back (0: now)."""
        window = self._seats.get(seat)
        return window.wait(now) if window is not None else 0.0

    def came_back(self, seat: int, now: float) -> None:
        self._seats.setdefault(seat, Window(RETURNS_PER_MINUTE)).add(now)

    def forget(self, seat: int) -> None:
        """A new guest for the seat starts afresh."""
        self._seats.pop(seat, None)


# -- connections ------------------------------------------------------------------------
@dataclass
class _Held:
    handle: Any
    since: float
    seated: bool = False


@dataclass
class Crowd:
    """The connections a door holds, by address. A handle is anything with fileno() (a
    socket), which says -1 once the connection is closed: nothing has to report a close.
    A newcomer past the door's cap pushes out the oldest connection that holds no seat."""

    per_address: int = CONNECTIONS_PER_ADDRESS
    total: int = MOST_CONNECTIONS
    _held: dict[str, list[_Held]] = field(default_factory=dict)
    _count: int = 0  # held, counting some closed since the last full look

    def admit(self, key: str, handle: Any, now: float) -> tuple[bool, list[Any]]:
        """(whether `handle` from `key` may stay, the handles to push out for it)."""
        mine = self._look(key)
        if len(mine) >= self.per_address:
            return False, []
        pushed: list[Any] = []
        if self._count >= self.total:
            for other in list(self._held):
                self._look(other)
            if self._count >= self.total:
                waiting = [held for group in self._held.values() for held in group]
                oldest = min(
                    (h for h in waiting if not h.seated), key=lambda h: h.since, default=None
                )
                if oldest is None:
                    return False, []
                self._drop(oldest)
                pushed.append(oldest.handle)
        self._held.setdefault(key, mine).append(_Held(handle, now))
        self._count += 1
        return True, pushed

    def seated(self, handle: Any) -> None:
        """The connection on `handle` (the same socket, or any object with its fileno())
        now holds a seat: it is never pushed out."""
        number = handle.fileno() if handle is not None else -1
        for group in self._held.values():
            for held in group:
                if number != -1 and held.handle.fileno() == number:
                    held.seated = True

    def count(self) -> int:
        for key in list(self._held):
            self._look(key)
        return self._count

    def _look(self, key: str) -> list[_Held]:
        """The open connections of `key` (the closed ones are let go)."""
        group = self._held.get(key, [])
        open_ = [held for held in group if held.handle.fileno() != -1]
        self._count -= len(group) - len(open_)
        if open_:
            self._held[key] = open_
        else:
            self._held.pop(key, None)
        return open_

    def _drop(self, held: _Held) -> None:
        for key, group in self._held.items():
            if held in group:
                group.remove(held)
                self._count -= 1
                if not group:
                    del self._held[key]
                return


# -- names ------------------------------------------------------------------------------
# Letters that pass for others on a screen: digits for letters, Greek and Cyrillic letters
# drawn like Latin ones (after NFKC and casefold).
_LOOK_ALIKES = str.maketrans(
    {
        "0": "o",
        "1": "l",
        "i": "l",
        "|": "l",
        "5": "s",
        "$": "s",
        "@": "a",
        "а": "a",
        "в": "b",
        "е": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "і": "l",
        "ј": "j",
        "ѕ": "s",
        "ԁ": "d",
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "l",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
    }
)
COMPUTER_WORD = "computer"
#: What name_clash says of a name like "Computer 3".
A_COMPUTER = "a computer player"  # i18n: not shown (a sentinel name_clash returns)


def name_key(name: str) -> str:
    """What a name looks like, whatever its case, spaces (no-break ones too), accents
    drawn alike, and letters that pass for others: two names with one key look alike."""
    text = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)
    return "".join(ch for ch in text if ch.isalnum()).replace("rn", "m")


def name_clash(name: str, others: Iterable[str]) -> str | None:
    """The name among `others` that `name` looks like ("a computer player" for a name
    like "Computer 3"), or None when it looks like none."""
    key = name_key(name)
    if key.startswith(name_key(COMPUTER_WORD)):
        return A_COMPUTER
    for other in others:
        if key and name_key(other) == key:
            return other
    return None


# -- the log ----------------------------------------------------------------------------
class Quiet:
    """Lines of one kind go into the log LINES_PER_MINUTE times a minute; the others are
    counted, and said with the next line of that kind or by flush()."""

    def __init__(self, per_window: int = LINES_PER_MINUTE, window_s: float = MINUTE_S) -> None:
        self.per_window, self.window_s = per_window, window_s
        self._kinds: dict[Any, list[float]] = {}  # kind -> [window start, lines, held back]

    def allow(self, kind: Any, now: float) -> int | None:
        """None: leave this line out; else the number of lines of its kind left out since
        the last one written (write it, with that number when there is one)."""
        record = self._kinds.get(kind)
        if record is None or now - record[0] >= self.window_s:
            held_back = int(record[2]) if record is not None else 0
            self._kinds[kind] = [now, 1, 0]
            return held_back
        if record[1] < self.per_window:
            record[1] += 1
            return 0
        record[2] += 1
        return None

    def flush(self, now: float) -> list[tuple[Any, int]]:
        """The kinds whose minute is over with lines left out: (kind, how many), once."""
        over = []
        for kind, record in list(self._kinds.items()):
            if now - record[0] >= self.window_s:
                if record[2]:
                    over.append((kind, int(record[2])))
                del self._kinds[kind]
        return over
