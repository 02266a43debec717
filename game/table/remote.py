"""A table on the network: its REMOTE seats played by guests through a NetHost.

The table stays the one referee. Once a tick this takes what the door (game.net.host)
brought: a guest taking a seat, leaving it, or sending its seat's action, which goes to
the table's submit() like any other seat's (refused with the reason when it is not that
seat's turn or not legal); and after anything changed, each guest gets a view of what its
seat may see (the game's remote_view: never another seat's hand or the draw pile), with
its legal actions when it is to act and the move log's new lines; at a table where nothing
is hidden (TableScene.PUBLIC_EVENTS) also the engine's events since the last view, which
the guest's table shows as the host's does.

A guest who drops keeps the seat: the others read "waiting for Ann", and after
STAND_IN_AFTER_S the computer plays it until Ann comes back with her token; then she
continues exactly where the table is. A seat nobody ever took is played by the computer
after the same time, so that a table never waits for ever.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.net import protocol
from game.net.host import NetHost
from game.table.talk import DIM

if TYPE_CHECKING:
    from game.table.scene import TableScene

# A seat whose guest is away this long is played by the computer until the guest is back.
STAND_IN_AFTER_S = 60.0


class RemoteSeats:
    """The network side of one table."""

    def __init__(
        self,
        table: TableScene,
        host: NetHost,
        *,
        stand_in_after_s: float = STAND_IN_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
        linger_ticks: int | None = None,
        on_done: Callable[[], None] = lambda: None,
    ) -> None:
        """`on_done` is called `linger_ticks` after the end of the game (a headless host
        then stops; None: never)."""
        self.table = table
        self.host = host
        self.stand_in_after_s = stand_in_after_s
        self.clock = clock
        self.linger_ticks = linger_ticks
        self.on_done = on_done
        #: Since when each open seat has been without its guest.
        self.away_since: dict[int, float] = {seat: clock() for seat in host.open_seats}
        #: Seats the computer plays while their guest is away.
        self.stood_in: set[int] = set()
        #: Seats a guest has held at this table (coming back is "back", not "takes").
        self.held: set[int] = set(host.tokens)
        #: Seats whose guest the table has seen sit down (and not leave): views go to
        #: these only, so a guest's first view already names them.
        self.seated: set[int] = set()
        self._published: dict[int, str] = {}
        self._waiting_said: int | None = None
        self._last_state: tuple | None = None
        self._log_seen = table.talk.noted_count
        #: The engine's events since the last views went out (PUBLIC_EVENTS tables).
        self._events: list[dict[str, Any]] = []

    @property
    def code(self) -> str:
        return self.host.code

    def tick(self) -> None:
        """Take what arrived, stand in for long-gone guests, send what changed."""
        news_from = self._log_seen
        for event in self.host.poll():
            if event.kind == "joined":
                self._joined(event.seat, event.name)
            elif event.kind == "left":
                self._left(event.seat)
            elif event.kind == "action":
                self._act(event.seat, event.action)
        now = self.clock()
        for seat, since in self.away_since.items():
            if seat not in self.stood_in and now - since >= self.stand_in_after_s:
                self.stood_in.add(seat)
                self.table.thinker.forget()
                if since:
                    self.table.talk.say(
                        f"The computer plays for {self.table.name(seat)} until they are back.", DIM
                    )
        self._say_waiting()
        self._publish(news_from)
        if self.table.finished and self.linger_ticks is not None:
            self.linger_ticks -= 1
            if self.linger_ticks == 0:
                self.on_done()

    def waiting_for(self) -> int | None:
        """The seat to act whose guest is away (and not yet stood in for), or None."""
        seat = self.table.public_seat_to_act()
        if seat is not None and seat in self.away_since and seat not in self.stood_in:
            return seat
        return None

    def _say_waiting(self) -> None:
        """At the host's screen: whose guest the table waits for, once each time."""
        waiting = self.waiting_for()
        if waiting != self._waiting_said:
            self._waiting_said = waiting
            if waiting is not None:
                never = waiting not in self.held
                self.table.talk.say(
                    f"Waiting for a friend to take seat {waiting + 1} (table code "
                    f"{protocol.shown_code(self.code)})..."
                    if never
                    else f"Waiting for {self.table.name(waiting)} to come back...",
                    log=False,
                )

    # -- the door's events ----------------------------------------------------------------
    def _joined(self, seat: int, name: str) -> None:
        returning = seat in self.held
        self.held.add(seat)
        self.seated.add(seat)
        self.away_since.pop(seat, None)
        self.stood_in.discard(seat)
        self.table.thinker.forget()  # a stand-in's question is no longer asked
        self.table.rename_seat(seat, name)
        self.table.talk.say(
            f"{name} is back at the table." if returning else f"{name} takes seat {seat + 1}.", DIM
        )
        self._published.pop(seat, None)  # the newcomer gets the whole view now

    def _left(self, seat: int) -> None:
        self.seated.discard(seat)
        self.away_since[seat] = self.clock()
        self.table.talk.say(f"{self.table.name(seat)} left the table: waiting for them.", DIM)

    def _act(self, seat: int, action: Any) -> None:
        table = self.table
        try:
            engine_action = table.action_from_json(action)
        except Exception:  # noqa: BLE001 - whatever a guest sends, never a crash
            engine_action = None
        if engine_action is None:
            self.host.send(seat, protocol.refused("illegal", "not an action of this game"))
            return
        if table.seat_to_act() != seat:
            self.host.send(seat, protocol.refused("not_your_turn", "it is not your turn"))
            return
        moves = table.moves
        if not table.submit(seat, engine_action) or (
            table.moves == moves and table.seat_to_act() == seat
        ):
            # A move the engine turns down without a change (a bank below the minimum) is
            # refused too: the guest then sends another. (An answer the table holds, as a
            # pass in a coup fourré moment, changes whose turn it is, not the moves.)
            self.host.send(seat, protocol.refused("illegal", "the rules do not allow that now"))

    # -- the views ----------------------------------------------------------------------
    def record(self, events: Sequence[Any]) -> None:
        """The events of a move at a table where nothing is hidden, for the next views."""
        self._events += [event.to_json() for event in events]

    def view(
        self, seat: int, news: list[list[str]], events: Sequence[dict[str, Any]] = ()
    ) -> dict[str, Any]:
        """What the guest at `seat` may see now."""
        table = self.table
        to_act = table.seat_to_act()
        mine = to_act == seat and not table.is_over
        waiting = self.waiting_for()
        return {
            "type": "view",
            "moves": table.moves,
            "seat": seat,
            "names": [table.name(s) for s in range(len(table.seats))],
            "seats": [info.to_json() for info in table.seats],
            "to_act": to_act if mine else table.public_seat_to_act(),
            "your_turn": mine,
            "legal": [table.action_json(a) for a in table.legal_moves()] if mine else [],
            "view": table.remote_view(seat),
            "news": news,
            "events": list(events),
            "over": bool(table.is_over),
            "waiting_for": table.name(waiting) if waiting is not None else None,
        }

    def _publish(self, news_from: int) -> None:
        talk = self.table.talk
        # Views are built only when something they show may have changed.
        state = (
            self.table.moves,
            self.table.seat_to_act(),  # an answer held (no move) changes the asked seat's view
            talk.noted_count,
            self.waiting_for(),
            self.table.is_over,
            frozenset(self.seated),
            frozenset(self.stood_in),
            tuple(seat.name for seat in self.table.seats),
        )
        if state == self._last_state and news_from == talk.noted_count:
            return
        self._last_state = state
        fresh = talk.noted_count - news_from
        news = [[line.text, line.tone] for line in talk.log[-fresh:]] if fresh > 0 else []
        self._log_seen = talk.noted_count
        events, self._events = self._events, []
        for seat in self.seated:
            view = self.view(seat, news, events)
            key = json.dumps(
                {k: v for k, v in view.items() if k not in ("news", "events")}, sort_keys=True
            )
            if self._published.get(seat) == key and not news:
                continue
            if seat not in self._published:
                view["news"] = [[line.text, line.tone] for line in talk.log[-20:]]
            self._published[seat] = key
            self.host.send(seat, view)

    def close(self) -> None:
        self.host.stop()

    # -- kept with the saved game -----------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.host.code,
            "port": self.host.port,
            "tokens": {str(seat): token for seat, token in self.host.tokens.items()},
        }
