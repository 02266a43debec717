"""The seats of a table hosted for guests: which are open to them, the secret token and
the name kept for each seat a guest took, and the names the table shows now.

A guest may hold only a seat the host opened for guests, and a seat once taken is kept
for its guest: coming back after a drop needs the secret token the host gave at the first
welcome (and brings back the name it first joined with), and not too often. A newcomer's
name may look like no other seat's nor a computer's. The host (game/net/host.py) asks
under its lock; `open`, `tokens` and `names` are replaced whole on each change, so the
table may read them from its own thread.
"""

from __future__ import annotations

import hmac
import math
from collections.abc import Collection, Mapping, Sequence

from game.lang import Msg
from game.net import door, protocol
from game.net.protocol import ProtocolError


def same_secret(a: str, b: str) -> bool:
    """Two secrets compared in a time that tells nothing of where they differ."""
    return hmac.compare_digest(a.encode(), b.encode())


class Seats:
    """`open_seats` (seat -> the name shown for it) are the seats guests may take;
    `tokens` and `names` (seat -> str) what a saved table gave its guests."""

    def __init__(
        self,
        open_seats: Mapping[int, str],
        tokens: Mapping[int, str] | None = None,
        names: Mapping[int, str] | None = None,
    ) -> None:
        self.open = dict(open_seats)
        #: What the table saves.
        self.tokens: dict[int, str] = {
            s: t for s, t in dict(tokens or {}).items() if isinstance(t, str)
        }
        self.names: dict[int, str] = {
            s: n for s, n in dict(names or {}).items() if isinstance(n, str) and s in self.tokens
        }
        #: The table's names now, by seat (the computers' and the people's here too).
        self.shown: list[str] = []
        self._returns = door.Returns()

    def held_by(self, token: str | None, asked: int | None) -> int | None:
        """The seat kept for the guest with `token` (and the one it asks for, if any)."""
        return next(
            (
                seat
                for seat, kept in self.tokens.items()
                if token is not None and same_secret(kept, token) and asked in (None, seat)
            ),
            None,
        )

    def welcome_back(self, seat: int, name: str, now: float) -> str:
        """The guest of `seat` is back with its token: the name kept for it, or
        ProtocolError saying why not (its seat was closed, it comes back too often)."""
        if seat not in self.open:
            raise ProtocolError(
                Msg("seat {seat} is no longer open to guests", seat=seat + 1), "kicked"
            )
        wait = self._returns.wait(seat, now)
        if wait:
            raise ProtocolError(
                Msg("back too often: try again in {seconds} s", seconds=math.ceil(wait)),
                "too_many_tries",
            )
        self._returns.came_back(seat, now)
        # The name it first joined with (checked then); a table saved without names takes
        # this one, checked now.
        name = self.names.get(seat) or self.unlike_others(name, seat)
        self.names = {**self.names, seat: name}
        return name

    def seat_newcomer(
        self, asked: int | None, name: str, connected: Collection[int]
    ) -> tuple[int, str]:
        """A new guest's seat (the one asked for, or the first free) and name, its token
        made; ProtocolError saying why not."""
        seat = self.free_seat(asked, connected)
        name = self.unlike_others(name, seat)
        self.tokens = {**self.tokens, seat: protocol.new_token()}
        self.names = {**self.names, seat: name}
        return seat, name

    def free_seat(self, asked: int | None, connected: Collection[int]) -> int:
        """The seat a new guest gets, none of the `connected` ones."""
        if asked is None:
            free = [
                seat
                for seat in sorted(self.open)
                if seat not in connected and seat not in self.tokens
            ]
            if not free:
                raise ProtocolError(Msg("every seat for guests is taken"), "full")
            return free[0]
        if asked not in self.open:
            raise ProtocolError(
                Msg("seat {seat} is not open to guests", seat=asked + 1), "no_such_seat"
            )
        if asked in connected:
            raise ProtocolError(Msg("seat {seat} is taken", seat=asked + 1), "seat_taken")
        if asked in self.tokens:
            raise ProtocolError(
                Msg(
                    "seat {seat} is kept for the guest who had it: they come back with "
                    "their own token",
                    seat=asked + 1,
                ),
                "seat_taken",
            )
        return asked

    def unlike_others(self, name: str, seat: int) -> str:
        """`name` for `seat` when it looks like no other seat's nor a computer's;
        ProtocolError "name_taken" saying so otherwise."""
        others = [other for at, other in enumerate(self.shown) if at != seat]
        others += [other for at, other in self.names.items() if at != seat]
        clash = door.name_clash(name, others)
        if clash == door.A_COMPUTER:
            raise ProtocolError(
                Msg("{name} looks like a computer player's name: choose another name", name=name),
                "name_taken",
            )
        if clash is not None:
            raise ProtocolError(
                Msg("{name} is at this table already: choose another name", name=clash),
                "name_taken",
            )
        return name

    def forget(self, seat: int) -> bool:
        """The seat is open to a new guest: its token and name forgotten (whether it had
        a token)."""
        had_token = seat in self.tokens
        self.tokens = {s: t for s, t in self.tokens.items() if s != seat}
        self.names = {s: n for s, n in self.names.items() if s != seat}
        self._returns.forget(seat)
        return had_token

    def close(self, seat: int) -> None:
        """The seat is no longer open to guests."""
        self.open = {s: n for s, n in self.open.items() if s != seat}

    def show(self, names: Sequence[str]) -> None:
        """The table's names now, by seat."""
        self.shown = [str(name) for name in names]
