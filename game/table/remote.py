"""A table on the network: its REMOTE seats played by guests through a NetHost.

The table stays the one referee. Once a tick this takes what the door (game.net.host)
brought: a guest taking a seat, leaving it, or sending its seat's action. An action names
the view it answers (its `moves`): only one answering the table as it stands now goes to
the table's submit(), like any other seat's, so that an action sent twice, or late, is
applied at most once (the later copy is refused as "stale", which no guest's screen
shows); one sent out of turn or against the rules is refused with the reason. After
anything changed, each guest gets a view of what its seat may see (the game's
remote_view: never another seat's hand or the draw pile), with its legal actions when it
is to act and the move log's new lines; at a table where nothing is hidden
(TableScene.PUBLIC_EVENTS) also the engine's events since the last view, which the
guest's table shows as the host's does.

A guest who drops keeps the seat: the others read "waiting for Ann", and after
STAND_IN_AFTER_S the computer plays it until Ann comes back with her token; then she
continues exactly where the table is. A seat nobody ever took is played by the computer
after the same time, so that a table never waits for ever. With a turn timer, a guest who
is there but does not decide in time has the computer play the rest of that turn.

The host is in charge of the seats (the table panel, hostpanel.py, and a headless host's
commands, hosting.py): it can send a guest away (the seat opens again and the guest's
token dies), give a missing friend's seat to the computer for good, and change the code.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.lang import Msg, _, number
from game.net import protocol
from game.net.host import NetHost
from game.net.relayed import relay_entry
from game.table.netentry import STAND_IN_AFTER_S, NetEntry
from game.table.seats import COMPUTER, REMOTE
from game.table.talk import DIM

log = logging.getLogger(__name__)

# A guest's comings and goings are told (into every guest's move log) at most once per
# seat in this long: a guest dropping and coming back a hundred times floods no one.
COMINGS_AND_GOINGS_QUIET_S = 60.0


class HostedTable(Protocol):
    """What the network side asks of the table it hosts (a TableScene)."""

    app: Any
    talk: Any
    seats: Any
    net: Any
    thinker: Any
    moves: int
    finished: bool
    menu: Any
    DEMO_LEVEL: str

    @property
    def is_over(self) -> bool: ...
    def seat_to_act(self) -> int | None: ...
    def public_seat_to_act(self) -> int | None: ...
    def legal_moves(self) -> Any: ...
    def submit(self, seat: int, action: Any) -> bool: ...
    def remote_view(self, seat: int) -> dict[str, Any]: ...
    def public_view(self) -> dict[str, Any]: ...
    def action_from_json(self, data: Any) -> Any: ...
    def action_json(self, action: Any) -> Any: ...
    def rename_seat(self, seat: int, name: str) -> None: ...
    def name(self, seat: int) -> str: ...
    def changed(self) -> None: ...


@dataclass(frozen=True)
class SeatRow:
    """A friend's seat as the host's table panel (and `who`) tells it."""

    seat: int
    name: str
    state: str  # "here", "away", "open" or "computer" (given to the computer for good)
    words: str  # "connected from 203.0.113.5, for 4 min", "open: waiting for a friend"


@dataclass(frozen=True)
class WatcherRow:
    """A watcher as the host's table panel tells it (spectators, issue 36)."""

    watcher: int
    name: str
    words: str  # "connected from 203.0.113.5, just now"


class RemoteSeats:
    """The network side of one table."""

    def __init__(
        self,
        table: HostedTable,
        host: NetHost,
        *,
        stand_in_after_s: float = STAND_IN_AFTER_S,
        turn_timer_s: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        linger_ticks: int | None = None,
        on_done: Callable[[], None] = lambda: None,
    ) -> None:
        """`turn_timer_s`: a connected guest has this long for each decision before the
        computer plays the rest of that turn (0: no timer). `on_done` is called
        `linger_ticks` after the end of the game (a headless host then stops; None:
        never)."""
        self.host = host
        self.stand_in_after_s = stand_in_after_s
        self.turn_timer_s = turn_timer_s
        self.clock = clock
        self.linger = linger_ticks
        self.linger_ticks = linger_ticks
        self.on_done = on_done
        #: Since when each friend's seat has been without its guest.
        self.away_since: dict[int, float] = {}
        #: Seats the computer plays while their guest is away.
        self.stood_in: set[int] = set()
        #: Seats whose guest let the turn timer run out: the computer plays that turn.
        self.timed_out: set[int] = set()
        #: Seats a guest has held at this table (coming back is "back", not "takes").
        self.held: set[int] = set(host.tokens)
        #: Seats whose guest the table has seen sit down (and not leave): views go to
        #: these only, so a guest's first view already names them.
        self.seated: set[int] = set()
        #: The number of games played at this table (a rematch keeps the guests).
        self.game = 1
        #: A word about a seat for the host's panel ("Bea was asked to leave").
        self.remarks: dict[int, str] = {}
        #: Friends' seats the host gave to the computer for good.
        self.given_up: set[int] = set()
        self._kicked: set[int] = set()
        self._told_at: dict[int, float] = {}
        #: Friends who asked for the next game since this one ended.
        self.asked_again: set[int] = set()
        #: A headless host's commands (hosting.HostConsole), carried out at each tick.
        self.console: Any = None
        #: Spectators (issue 36): who watches (watcher number -> name), public views only.
        self.watchers: dict[int, str] = {}
        self._away_told: set[int] = set()
        self._deadline: float | None = None
        self._timer_for: tuple[int, int] | None = None
        self.table = table
        self._sit_at(table)

    def _sit_at(self, table: HostedTable) -> None:
        """Serve `table` from now on (a new one at a rematch): every guest gets its whole
        view, and the seats nobody holds wait for their friend again."""
        self.table = table
        table.net = self
        now = self.clock()
        for seat in self.friends_seats():
            if seat not in self.seated:
                self.away_since.setdefault(seat, now)
        self.timed_out.clear()
        self._deadline, self._timer_for = None, None
        self._published: dict[int, str] = {}
        self._waiting_said: int | None = None
        self._last_state: tuple | None = None
        self._log_seen = table.talk.noted_count
        #: The engine's events since the last views went out (PUBLIC_EVENTS tables).
        self._events: list[dict[str, Any]] = []
        #: The watchers sent a whole view of this game, and what it showed last.
        self._watchers_served: set[int] = set()
        self._watch_key: str | None = None
        self.host.set_seat_names([table.name(s) for s in range(len(table.seats))])

    @property
    def code(self) -> str:
        return self.host.code

    def friends_seats(self) -> list[int]:
        """The seats played by guests (open to them, taken or not)."""
        return [seat for seat, info in enumerate(self.table.seats) if info.kind == REMOTE]

    def computer_plays(self, seat: int) -> bool:
        """The computer plays this friend's seat now (its guest is away, or let the turn
        timer run out)."""
        return seat in self.stood_in or seat in self.timed_out

    def tick(self) -> None:
        """Carry out the host's commands, take what arrived, stand in for long-gone
        guests, send what changed."""
        if self.console is not None:
            self.console.tick(self)
        news_from = self._log_seen
        for event in self.host.poll():
            if event.watcher is not None:
                self._watcher_event(event)
                continue
            if event.seat not in self.friends_seats():
                continue  # a seat the host has given to the computer meanwhile
            if event.kind == "joined":
                self._joined(event.seat, event.name, event.returning)
            elif event.kind == "left":
                self._left(event.seat)
            elif event.kind == "action":
                self._act(event.seat, event.action, event.moves)
            elif event.kind == "again":
                self._asked_again(event.seat)
        now = self.clock()
        for seat, since in self.away_since.items():
            if seat not in self.stood_in and now - since >= self.stand_in_after_s:
                self.stood_in.add(seat)
                self.table.thinker.forget()
                self.table.talk.say(
                    Msg(
                        "The computer plays for {name} until they are back.",
                        name=self.table.name(seat),
                    )
                    if seat in self.held
                    else Msg(
                        "The computer plays seat {seat} until a friend takes it.", seat=seat + 1
                    ),
                    DIM,
                )
        self._time_turn(now)
        self._say_waiting()
        self._publish(news_from)
        if self.console is not None and self.console.used:
            return  # a person at the console says when to stop
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
                    Msg(
                        "Waiting for a friend to take seat {seat} (table code {code}; G shows"
                        " the invitation)...",
                        seat=waiting + 1,
                        code=protocol.shown_code(self.code),
                    )
                    if never
                    else Msg("Waiting for {name} to come back...", name=self.table.name(waiting)),
                    log=False,
                )

    # -- the turn timer ------------------------------------------------------------------
    def _time_turn(self, now: float) -> None:
        """A connected guest's decision has turn_timer_s; then the computer plays the rest
        of that turn (the timer starts again at each decision). A private decision (a coup
        fourré question) has no timer here: the game times it alike for every seat, and
        "time is up" would tell who was asked."""
        seat = self.table.seat_to_act()
        self.timed_out &= {seat}  # another seat to act: that turn is over
        if (
            not self.turn_timer_s
            or seat is None
            or seat != self.table.public_seat_to_act()
            or seat not in self.seated
            or self.computer_plays(seat)
            or self.table.is_over
        ):
            self._deadline, self._timer_for = None, None
            return
        decision = (seat, self.table.moves)
        if self._timer_for != decision or self._deadline is None:
            self._timer_for, self._deadline = decision, now + self.turn_timer_s
        elif now >= self._deadline:
            self.timed_out.add(seat)
            self._deadline = None
            self.table.thinker.forget()
            self.table.talk.say(
                Msg("Time is up: the computer plays {name}'s turn.", name=self.table.name(seat)),
                DIM,
            )

    def time_left(self, seat: int) -> float | None:
        """Seconds the guest at `seat` has left for its decision (None: no timer runs)."""
        if self._deadline is None or self._timer_for is None or self._timer_for[0] != seat:
            return None
        return max(0.0, round(self._deadline - self.clock(), 1))

    # -- the door's events ----------------------------------------------------------------
    def _joined(self, seat: int, name: str, returning: bool) -> None:
        """A guest sat down: a newcomer's name is the seat's from now on; one coming back
        with its token keeps the name it first came with (the door keeps it)."""
        self.held.add(seat)
        self.seated.add(seat)
        self.away_since.pop(seat, None)
        self.stood_in.discard(seat)
        self.timed_out.discard(seat)
        self.remarks.pop(seat, None)
        self.table.thinker.forget()  # a stand-in's question is no longer asked
        if not returning:
            self.table.rename_seat(seat, name)
            self.host.set_seat_names([self.table.name(s) for s in range(len(self.table.seats))])
            self.table.talk.say(
                Msg("{name} takes seat {seat}.", name=self.table.name(seat), seat=seat + 1), DIM
            )
            self.table.changed()
        elif seat in self._away_told:
            self._away_told.discard(seat)
            self.table.talk.say(
                Msg("{name} is back at the table.", name=self.table.name(seat)), DIM
            )
        self._published.pop(seat, None)  # the newcomer gets the whole view now

    def _left(self, seat: int) -> None:
        self.seated.discard(seat)
        now = self.clock()
        self.away_since[seat] = now
        if seat in self._kicked:
            self._kicked.discard(seat)
            return  # the host's sending away was said already
        if now - self._told_at.get(seat, -math.inf) >= COMINGS_AND_GOINGS_QUIET_S:
            self._told_at[seat] = now
            self._away_told.add(seat)
            self.table.talk.say(
                Msg("{name} left the table: waiting for them.", name=self.table.name(seat)), DIM
            )

    def _act(self, seat: int, action: Any, moves: Any) -> None:
        table = self.table
        if isinstance(moves, bool) or moves != table.moves:
            # Made from an earlier view (sent twice, or late): never applied, never shown.
            self.host.send(
                seat, protocol.refused("stale", Msg("that move answers an earlier view"))
            )
            return
        try:
            engine_action = table.action_from_json(action)
        except Exception:  # noqa: BLE001 - whatever a guest sends, never a crash
            engine_action = None
        if engine_action is None:
            self.host.send(seat, protocol.refused("illegal", Msg("not an action of this game")))
            return
        if table.seat_to_act() != seat:
            self.host.send(seat, protocol.refused("not_your_turn", Msg("it is not your turn")))
            return
        if seat in self.timed_out:
            self.host.send(
                seat,
                protocol.refused("not_your_turn", Msg("time was up: the computer plays this turn")),
            )
            return
        if not table.submit(seat, engine_action) or (
            table.moves == moves and table.seat_to_act() == seat
        ):
            # A move the engine turns down without a change (a bank below the minimum) is
            # refused too: the guest then sends another. (An answer the table holds, as a
            # pass in a coup fourré moment, changes whose turn it is, not the moves.)
            self.host.send(
                seat, protocol.refused("illegal", Msg("the rules do not allow that now"))
            )

    # -- the host in charge -------------------------------------------------------------------
    def kick(self, seat: int) -> Msg:
        """Send the guest at a friend's seat away: the seat opens to a new friend and the
        guest's token dies. What happened, in a line."""
        if seat not in self.friends_seats():
            return Msg("Seat {seat} is not a friend's seat.", seat=seat + 1)
        if seat not in self.held:
            return Msg("Nobody has taken seat {seat} yet.", seat=seat + 1)
        name = self.table.name(seat)
        if seat in self.seated:
            self._kicked.add(seat)
        self.host.kick(seat)
        self.held.discard(seat)
        self.seated.discard(seat)
        self._away_told.discard(seat)
        self.away_since.setdefault(seat, self.clock())
        self.table.rename_seat(seat, _("Guest {seat}").format(seat=seat + 1))
        self.host.set_seat_names([self.table.name(s) for s in range(len(self.table.seats))])
        self.remarks[seat] = Msg("{name} was asked to leave", name=name)
        self.table.changed()
        line = Msg(
            "{name} was asked to leave seat {seat}: it is open to a friend again.",
            name=name,
            seat=seat + 1,
        )
        self.table.talk.say(line, DIM)
        return line

    def play_without(self, seat: int) -> Msg:
        """Give a friend's seat nobody sits at to the computer for the rest of the game
        (and the games after, at this table). What happened, in a line."""
        if seat not in self.friends_seats():
            return Msg("Seat {seat} is not a friend's seat.", seat=seat + 1)
        if seat in self.seated:
            return Msg(
                "{name} is at seat {seat}: ask them to leave first (K).",
                name=self.table.name(seat),
                seat=seat + 1,
            )
        self.host.close_seat(seat)
        table = self.table
        table.rename_seat(seat, _("Computer {seat}").format(seat=seat + 1))
        table.seats[seat] = replace(table.seats[seat], kind=COMPUTER, level=table.DEMO_LEVEL)
        for seats in (self.held, self.stood_in, self.timed_out, self._away_told):
            seats.discard(seat)
        self.away_since.pop(seat, None)
        self.remarks.pop(seat, None)
        self.given_up.add(seat)
        self.host.set_seat_names([table.name(s) for s in range(len(table.seats))])
        table.thinker.forget()
        table.changed()
        line = Msg("The computer takes seat {seat} for good.", seat=seat + 1)
        table.talk.say(line, DIM)
        return line

    def new_code(self) -> Msg:
        """A new table code (guests at the table stay); the line the host reads."""
        code = protocol.shown_code(self.host.change_code())
        self.table.changed()  # the code is kept with the saved game
        line = Msg(
            "The table's code is {code} now: the old one no longer lets anyone in.", code=code
        )
        self.table.talk.say(line, DIM, log=False)
        return line

    def rows(self) -> list[SeatRow]:
        """Every seat of a friend, taken or not, and those given to the computer for good
        (the door's own record says who is connected from where)."""
        guests = self.host.guests()
        now = time.time()
        rows = []
        for seat in range(len(self.table.seats)):
            name = self.table.name(seat)
            if self.table.seats[seat].kind != REMOTE:
                if seat in self.given_up:
                    words = _("the computer plays it for good")
                    rows.append(SeatRow(seat, name, "computer", words))
                continue
            guest = guests.get(seat)
            if guest is not None:
                rows.append(
                    SeatRow(
                        seat,
                        name,
                        "here",
                        _connected(guest.address, now - guest.since),
                    )
                )
            elif seat in self.held:
                words = (
                    _("away (the computer plays)") if seat in self.stood_in else _("away (waiting)")
                )
                rows.append(SeatRow(seat, name, "away", words))
            else:
                rows.append(SeatRow(seat, name, "open", self._open_words(seat)))
        return rows

    def _open_words(self, seat: int) -> str:
        """A seat nobody holds, for the host's panel."""
        remark = self.remarks.get(seat)
        stood_in = seat in self.stood_in
        if remark is None:
            if stood_in:
                return _("open: waiting for a friend; the computer plays")
            return _("open: waiting for a friend")
        if stood_in:
            return _("open ({remark}): waiting for a friend; the computer plays").format(
                remark=remark
            )
        return _("open ({remark}): waiting for a friend").format(remark=remark)

    def waiting_for_friends(self) -> bool:
        """A friend's seat has nobody at it (the invitation is still wanted)."""
        return any(seat not in self.seated for seat in self.friends_seats())

    # -- a rematch -------------------------------------------------------------------------
    def _asked_again(self, seat: int) -> None:
        """A guest asks for the next game (N at their finished table): said at the table
        (so every friend reads it); where nobody at the host's screen decides (a headless
        host nobody types at), the next game starts once every friend at it has asked."""
        table = self.table
        if not table.finished or seat in self.asked_again:
            return
        self.asked_again.add(seat)
        table.talk.say(Msg("{name} asks for another game.", name=table.name(seat)), DIM)
        someone_decides = any(info.here for info in table.seats) or (
            self.console is not None and self.console.used
        )
        if not someone_decides and self.seated <= self.asked_again:
            table.menu.play_again()

    def move_to(self, table: HostedTable) -> None:
        """A new game at the same table: the same seats and guests serve `table` now, and
        each guest is sent its first view of it."""
        old = self.table
        old.net = None  # leaving the old table must not close the door
        self.game += 1
        self.asked_again.clear()
        self.linger_ticks = self.linger
        self.stood_in &= set(self.away_since)
        self._sit_at(table)
        table.talk.say(
            Msg("Game {number} at this table: the same friends play on.", number=self.game), DIM
        )

    # -- the views ----------------------------------------------------------------------
    def record(self, events: Sequence[Any]) -> None:
        """The events of a move at a table where nothing is hidden, for the next views."""
        self._events += [event.to_json() for event in events]

    def view(
        self, seat: int, news: list[list[Any]], events: Sequence[dict[str, Any]] = ()
    ) -> dict[str, Any]:
        """What the guest at `seat` may see now."""
        table = self.table
        to_act = table.seat_to_act()
        mine = to_act == seat and not table.is_over and not self.computer_plays(seat)
        waiting = self.waiting_for()
        return {
            "type": "view",
            "moves": table.moves,
            "game": self.game,
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
            "time_left": self.time_left(seat) if mine else None,
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
            frozenset(self.watchers),
            frozenset(self.stood_in),
            frozenset(self.timed_out),
            self._timer_for,
            tuple(self.table.seats),
        )
        if state == self._last_state and news_from == talk.noted_count:
            return
        self._last_state = state
        fresh = talk.noted_count - news_from
        # Each line as its key and values (a Msg) or its text: the guest reads it in its
        # own language.
        news = [line.to_json() for line in talk.log[-fresh:]] if fresh > 0 else []
        self._log_seen = talk.noted_count
        events, self._events = self._events, []
        for seat in sorted(self.seated):
            view = self.view(seat, news, events)
            key = json.dumps(
                {k: v for k, v in view.items() if k not in ("news", "events", "time_left")},
                sort_keys=True,
            )
            if self._published.get(seat) == key and not news:
                continue
            if seat not in self._published:
                view["news"] = [line.to_json() for line in talk.log[-20:]]
            self._published[seat] = key
            self.host.send(seat, view)
        self._publish_watchers(news, events)

    def close(self) -> None:
        self.host.stop()

    # -- spectators (issue 36) -------------------------------------------------------------
    def _watcher_event(self, event: Any) -> None:
        """A watcher came or went: said at the table (quietly), listed in the panel."""
        if event.kind == "watcher_joined":
            self.watchers[event.watcher] = event.name
            self.table.talk.say(Msg("{name} watches the table.", name=event.name), DIM)
        elif event.kind == "watcher_left":
            name = self.watchers.pop(event.watcher, None)
            self._watchers_served.discard(event.watcher)
            if name is not None:
                self.table.talk.say(Msg("{name} stops watching.", name=name), DIM, log=False)

    def watch_view(
        self, news: list[list[Any]], events: Sequence[dict[str, Any]] = ()
    ) -> dict[str, Any]:
        """What a watcher may see now: the table's public view (the engine's public_view:
        no seat's hidden cards, a game of hands no hand at all), never a turn or moves."""
        table = self.table
        waiting = self.waiting_for()
        return {
            "type": "view",
            "moves": table.moves,
            "game": self.game,
            "seat": None,
            "watching": True,
            "names": [table.name(s) for s in range(len(table.seats))],
            "seats": [info.to_json() for info in table.seats],
            "to_act": table.public_seat_to_act(),
            "your_turn": False,
            "legal": [],
            "view": table.public_view(),
            "news": news,
            "events": list(events),
            "over": bool(table.is_over),
            "waiting_for": table.name(waiting) if waiting is not None else None,
            "time_left": None,
        }

    def _publish_watchers(self, news: list[list[Any]], events: Sequence[dict[str, Any]]) -> None:
        """The public view to every watcher (a newcomer's first with the recent news)."""
        if not self.watchers:
            return
        view = self.watch_view(news, events)
        key = json.dumps(
            {k: v for k, v in view.items() if k not in ("news", "events")}, sort_keys=True
        )
        served = [w for w in self.watchers if w in self._watchers_served]
        if served and (key != self._watch_key or news or events):
            for watcher in served:
                self.host.send_watcher(watcher, view)
        self._watch_key = key
        fresh = [w for w in self.watchers if w not in self._watchers_served]
        if fresh:
            first = {**view, "news": [line.to_json() for line in self.table.talk.log[-20:]]}
            for watcher in fresh:
                self.host.send_watcher(watcher, first)
                self._watchers_served.add(watcher)

    def kick_watcher(self, watcher: int) -> Msg:
        """Turn a watcher out; what happened, in a line."""
        name = self.watchers.get(watcher)
        if name is None:
            return Msg("Nobody watches there now.")
        self.host.kick_watcher(watcher)
        line = Msg("{name} was asked to stop watching.", name=name)
        self.table.talk.say(line, DIM, log=False)
        return line

    def allow_watchers(self, allowed: bool) -> Msg:
        """Take watchers or not (refusing turns out those watching); the line said."""
        self.host.allow_watchers(allowed)
        self.table.changed()  # kept with the saved game: started again, it is the same
        line = (
            Msg("Watchers may join this table.")
            if allowed
            else Msg("This table takes no watchers now.")
        )
        self.table.talk.say(line, DIM, log=False)
        return line

    def watcher_rows(self) -> list[WatcherRow]:
        """Who watches, for the host's panel (the door says from where)."""
        now = time.time()
        return [
            WatcherRow(watcher, info.name, _connected(info.address, now - info.since))
            for watcher, info in sorted(self.host.watchers().items())
        ]

    # -- kept with the saved game -----------------------------------------------------
    def entry(self) -> NetEntry:
        friends = set(self.friends_seats())
        return NetEntry(
            self.host.code,
            {seat: token for seat, token in self.host.tokens.items() if seat in friends},
            {seat: name for seat, name in self.host.names.items() if seat in friends},
            self.stand_in_after_s,
            self.turn_timer_s,
            *relay_entry(self.host),
            watchers=self.host.watchers_allowed,
        )

    def to_json(self) -> dict[str, Any]:
        return self.entry().to_json()


def _connected(address: str, seconds: float) -> str:
    """Where a guest connects from and for how long, for the host's panel."""
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return _("connected from {address}, just now").format(address=address)
    if minutes < 120:
        return _("connected from {address}, for {minutes} min").format(
            address=address, minutes=number(minutes)
        )
    return _("connected from {address}, for {hours} h").format(
        address=address, hours=number(minutes // 60)
    )
