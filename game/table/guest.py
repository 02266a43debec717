"""A guest's table: this screen plays one seat of a table hosted elsewhere.

The host is the referee: the guest's table never changes the game itself. Its person's
moves are sent (the guest's table overrides play_move to call TableNetwork.relay) with
the move count of the view they answer, and each view the host sends (what this seat may
see) becomes the table's picture through the game's take_view(); the other seats are
played at the host (REMOTE here). Refusals are said with their sound, except a "stale"
one (an answer to an earlier view, such as a resend after a drop: harmless, so never
shown); a dropped connection is said too, and Esc leaves (the seat is kept at the host:
joining again with the same code and name, the token brings this person back to it).

The guest's own coach weighs its decisions as the host's does for the people at its
screen (accuracy at the end, V for the review; coach mode's question before a move goes,
GuestScreen.coach_holds, where a game's guest table calls it), from the views it was sent
only. With a turn timer the host says how long
this seat has for its decision, and a clock counts it down over the table (GuestScreen).
When the host starts the next game at the same table, its first view brings a new guest's
table in the place of the last one.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol

import pygame

from game.art.font import get_font
from game.engine.core import Event
from game.lang import Msg, _
from game.net import protocol
from game.net.client import NetClient
from game.shell.registry import game_info
from game.storage.keymap import normal_key
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from game.table.speaking import READ_ACTIONS
from game.table.talk import BAD, DIM, TONES
from game.ui import theme
from game.ui.widgets import draw_panel

#: Larger than any score, total or count of these games: anything past it is no event.
NUMBER_LIMIT = 10_000_000
#: The guest's clock turns to the warning colour for the last seconds of its decision.
CLOCK_WARNS_AT_S = 10

#: What a field of an event may hold (EventGuest.EVENT_FIELDS): a check of the value,
#: given the number of seats at the table.
FieldCheck = Callable[[Any, int], bool]


class GuestTable(Protocol):
    """What a guest's link asks of its table (a TableScene)."""

    app: Any
    talk: Any
    coach: Any
    seats: Any
    guest: Any
    game_id: str

    def take_view(self, view: Mapping[str, Any]) -> None: ...


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def a_seat(value: Any, seats: int) -> bool:
    return _whole(value) and 0 <= value < seats


def a_number(value: Any, seats: int) -> bool:
    return _whole(value) and abs(value) <= NUMBER_LIMIT


def numbers_between(low: int, high: int, most: int) -> FieldCheck:
    """A list of at most `most` whole numbers from `low` to `high` (dice, doors)."""

    def check(value: Any, seats: int) -> bool:
        return (
            isinstance(value, list)
            and len(value) <= most
            and all(_whole(v) and low <= v <= high for v in value)
        )

    return check


def guest_seats(view: Mapping[str, Any], mine: int, levels: Sequence[str]) -> list[TableSeat]:
    """The table's seats as the host names them: this person's seat is played here, a
    computer keeps its level (for the plates), every other person plays elsewhere."""
    seats = []
    for seat, name in enumerate(view["names"]):
        described = (view.get("seats") or [])[seat : seat + 1]
        level = ""
        if described and isinstance(described[0], dict):
            kind, level = described[0].get("kind"), described[0].get("level")
            level = level if kind == COMPUTER and level in levels else ""
        kind = HERE if seat == mine else (COMPUTER if level else REMOTE)
        seats.append(TableSeat(str(name)[:16], kind, level))
    return seats


def checked_events(
    raw: Any, fields: Mapping[str, Mapping[str, FieldCheck]], seats: int
) -> list[Event] | None:
    """The host's events as the engine's: those of a kind in `fields`, with the fields
    named there (others are left out); None when one of them lacks a field or holds what
    it should not (the table is then shown as the state stands, without the moves'
    pictures). A kind the table does not show is passed over."""
    if not isinstance(raw, list):
        return None
    events = []
    for item in raw:
        if not isinstance(item, dict):
            return None
        wanted = fields.get(item.get("kind"))  # type: ignore[arg-type]
        if wanted is None:
            continue
        if not all(name in item and check(item[name], seats) for name, check in wanted.items()):
            return None
        events.append(Event(item["kind"], {name: item[name] for name in wanted}))
    return events


def news_line(line: Any) -> tuple[str | Msg, str] | None:
    """A line of a view's news, [words, tone]: the words as the host's table said them
    (a Msg as its key and values, in this screen's language; a text from an older host),
    or protocol.UNREADABLE for words that are no message; None for what is no line."""
    if not (isinstance(line, list) and len(line) == 2):
        return None
    tone = line[1] if line[1] in TONES else DIM
    if isinstance(line[0], str):
        return line[0][:300], tone
    try:
        return protocol.said_from_json(line[0]), tone
    except ValueError:
        return protocol.UNREADABLE, BAD


class GuestLink:
    """The connection of a guest's table, and what the host last said."""

    def __init__(self, client: NetClient, seat: int, watching: bool = False) -> None:
        """`watching`: a watcher's link (spectators): no seat (`seat` -1), public views,
        nothing is ever sent but the goodbye."""
        self.client = client
        self.seat = -1 if watching else seat
        self.watching = watching
        #: Why the connection ended ("" while it lasts; a Msg, in the guest's language).
        self.closed: str | Msg = ""
        #: The move count of the view an action was sent from (one action a view).
        self.sent_at: int | None = None
        #: The coach wrote the action on its way down (taken back if the host refuses it).
        self.noted = False
        #: The number of the game at the host's table (a rematch's views bring the next).
        self.game: Any = None
        #: When the turn timer runs out for this seat's decision (time.monotonic), if one runs.
        self.deadline: float | None = None
        self._waiting_said: str | None = None

    def may_send(self, moves: int) -> bool:
        """An action may go now: the connection lasts and none was sent from this view
        (never from a watcher)."""
        return not self.closed and self.sent_at != moves and not self.watching

    def send(self, action: Any, moves: int, noted: bool = False) -> bool:
        """Send the seat's action, made from the view of move `moves`; False when one was
        already sent from it. `noted`: the coach wrote it down."""
        if not self.may_send(moves):
            return False
        self.sent_at = moves
        self.noted = noted
        self.client.send_action(action, moves)
        return True

    def ask_again(self) -> bool:
        """N at the finished table: ask the host for the next game (False: the connection
        is gone)."""
        if self.closed or self.watching:
            return False
        self.client.ask_again()
        return True

    def tick(self, table: GuestTable) -> None:
        for message in self.client.poll():
            kind = message.get("type")
            if kind == "view":
                if message.get("game") != self.game and self.game is not None:
                    table = self.next_game(table, message)
                    continue
                if message.get("moves") != self.sent_at:
                    self.sent_at, self.noted = None, False  # a new position: the next may go
                self._time(message)
                table.take_view(message)
                self.tell_news(table, message, first=False)
            elif kind == "refused":
                self.sent_at = None
                if self.noted:
                    self.noted = False
                    table.coach.take_back()  # never applied: not a decision of this game
                if message.get("code") == "stale":
                    continue  # an answer to an earlier view (a resend): nothing to say
                # The host's words as key and values: read here in this screen's language.
                reason = protocol.said(message)
                if reason is protocol.UNREADABLE:
                    table.talk.refuse(reason)
                else:
                    table.talk.refuse(Msg("The host says: {reason}.", reason=reason))
            elif kind == "closed":
                self.closed = protocol.said(message)
                self.deadline = None
                table.talk.say(
                    Msg(
                        "The table is gone ({reason}). Esc leaves; join again with the same"
                        " code and name to come back.",
                        reason=self.closed,
                    ),
                    BAD,
                )

    def _time(self, view: Mapping[str, Any]) -> None:
        """The turn timer's seconds left for this seat's decision, from the host's view."""
        left = view.get("time_left")
        self.deadline = (
            time.monotonic() + float(left)
            if view.get("your_turn")
            and isinstance(left, (int, float))
            and not isinstance(left, bool)
            and 0 <= left <= NUMBER_LIMIT
            else None
        )

    def seconds_left(self) -> int | None:
        """Whole seconds the turn timer leaves this seat's decision (None: no timer)."""
        if self.deadline is None:
            return None
        return max(0, math.ceil(self.deadline - time.monotonic()))

    def next_game(self, table: GuestTable, view: Mapping[str, Any]) -> GuestTable:
        """The host started the next game at this table: a new guest's table for it, in
        the place of `table` (which keeps its review until then)."""

        info = game_info(table.game_id)
        try:
            fresh = guest_table(info, table.app, self, dict(view))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            table.talk.refuse(_("The host sent a view this table cannot read."))
            return table
        self.sent_at, self.noted = None, False
        self._time(view)
        table.guest = None  # leaving it must not close the connection
        table.app.scenes.remove(table)
        table.app.push(fresh)
        return fresh

    def tell_news(self, table: GuestTable, view: dict[str, Any], first: bool = True) -> None:
        """A view's news lines into the table's news line and log, and whom it waits for.
        A table that shows the host's events says what they say itself: after the first
        view it takes only the lines they do not make (EventGuest.HOST_TONES)."""
        if first:
            self.game = view.get("game")
            self._time(view)
        tones = getattr(table, "HOST_TONES", None)
        news = view.get("news")
        for line in news if isinstance(news, list) else []:
            said = news_line(line)
            if said is None:
                continue
            words, tone = said
            if first or tones is None or tone in tones:
                table.talk.say(words, tone)
        self._say_waiting(table, view.get("waiting_for"))

    def _say_waiting(self, table: GuestTable, name: Any) -> None:
        if name != self._waiting_said:
            self._waiting_said = name
            if isinstance(name, str):
                table.talk.say(
                    Msg("Waiting for {name} to come back...", name=name[:20]), DIM, log=False
                )

    def draw_clock(self, canvas: pygame.Surface) -> None:
        """The turn timer's countdown, while one runs for this seat's decision."""
        seconds = self.seconds_left()
        if seconds is None:
            return
        draw_countdown(canvas, seconds)

    def close(self) -> None:
        self.deadline = None
        self.client.close()


def guest_table(info: Any, app: Any, link: GuestLink, view: dict[str, Any]) -> Any:
    """The game's table at a guest's screen for `link`'s first view: a watcher's (the
    game's network_watch) for a watcher, where the game has one, else its guest table
    (a game where nothing is hidden shows a watcher the table as any seat sees it).
    ValueError... for a view it cannot read; AttributeError for no game."""
    make = (info.network_watch if link.watching else None) or info.network_join
    if make is None:
        raise AttributeError("no guest table for this game")  # i18n: not shown (caught)
    if link.watching and isinstance(make, type) and not issubclass(make, WatchScreen):
        make = _watching(make)
    return make(app, link, view)


_WATCHING_CLASSES: dict[type, type] = {}


def _watching(table_class: type) -> type:
    """A game's guest table read-only (WatchScreen mixed in), made once per game."""
    if table_class not in _WATCHING_CLASSES:
        _WATCHING_CLASSES[table_class] = type(
            f"Watching{table_class.__name__}",  # i18n: not shown (a class's name)
            (WatchScreen, table_class),
            {},
        )
    return _WATCHING_CLASSES[table_class]


# -- spectators (issue 36) -----------------------------------------------------------------
#: What a watcher's table says to any move.
WATCHING = Msg("You are watching: a watcher cannot play. Esc leaves.")
#: The actions a watcher's table keeps: the menu, reading aloud, hurry, help, the boss key
#: (the shared commands it keeps are WATCH_COMMANDS). The mouse moving or let go is no
#: move and is passed over.
WATCH_KEEPS = frozenset({"cancel", "space", "help", "boss", "log", "fast", *READ_ACTIONS})
WATCH_COMMANDS = frozenset({"log", "fast"})
WATCH_IGNORES = frozenset({"hover", "release"})


class WatchScreen:
    """Mixed in before a game's guest table at a watcher's screen: the game is shown
    read-only. Every move (a key or click of the game's) is refused with WATCHING and
    never sent; the command bar keeps the menu, the log, the speed and help, not the
    moves. The watcher follows the host's table to the end and into the next game."""

    guest: GuestLink | None
    talk: Any
    SHARED_CHARS: Mapping[str, str]

    def watching(self) -> bool:
        return self.guest is not None and self.guest.watching

    def handle(self, action: Any) -> None:
        if not self.watching() or self.watch_keeps(action):
            super().handle(action)  # type: ignore[misc]
        elif action.name not in WATCH_IGNORES:
            self.talk.refuse(WATCHING)

    def watch_keeps(self, action: Any) -> bool:
        if action.name in WATCH_KEEPS:
            return True
        if action.name == "char":
            if getattr(self, "finished", False) and normal_key(action.char) == normal_key(
                self.new_game_key()  # type: ignore[attr-defined]
            ):
                return True  # N at the end: the table says the host starts the next game
            return self.SHARED_CHARS.get(normal_key(action.char), "") in WATCH_COMMANDS
        return False

    def commands(self) -> Sequence[Any]:
        bar = super().commands()  # type: ignore[misc]
        if not self.watching():
            return bar
        return [
            command
            for command in bar
            if command.action.name in ("cancel", "space", "help", "log", "fast")
            or (command.action.name == "char" and command.action.char.lower() == "h")
            or (
                command.action.name == "char"
                and self.SHARED_CHARS.get(normal_key(command.action.char), "") in WATCH_COMMANDS
            )
        ]


def draw_countdown(canvas: pygame.Surface, seconds: int) -> None:
    """The guest's clock: a plate at the top right corner, warning red the last ten."""

    font = get_font("small")
    # TRANSLATORS: the guest's clock at the top right: the time left for its decision.
    text = _("Your move: {time}").format(time=f"{seconds // 60}:{seconds % 60:02d}")
    width = font.measure(text)[0] + 12
    # As tall as the letters (capitals' tops to descenders' feet) and a margin: with large
    # text too it stays above the lines a table draws under its top edge.
    ink = font.height - font.cap_top
    plate = pygame.Rect(canvas.get_width() - width - 4, 4, width, ink + 6)
    draw_panel(canvas, plate)
    colour = theme.WARNING if seconds <= CLOCK_WARNS_AT_S else theme.TEXT
    font.draw(canvas, text, (plate.x + 6, font.top_in(plate)), colour)


class GuestScreen:
    """Mixed in before a game's scene at a guest's screen: the turn timer's clock is
    drawn over the table while it runs for this seat, and coach mode asks about a costly
    move before it goes to the host, as it does at a local table (coach_holds)."""

    guest: GuestLink | None
    moves: int
    coaching: Any

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)  # type: ignore[misc]
        if self.guest is not None:
            self.guest.draw_clock(canvas)

    def coach_may_ask(self) -> bool:
        """As at a local table, unless a clock runs on the decision: the host's turn timer
        does not wait for the question (nor does the game's own clock, super's); and not
        once this view's answer has gone (the host has it: nothing left to ask about)."""
        link = self.guest
        if link is None or link.deadline is not None or not link.may_send(self.moves):
            return False
        return bool(super().coach_may_ask())  # type: ignore[misc]

    def coach_holds(self, actions: Sequence[Any], how: Mapping[str, Any]) -> bool:
        """Coach mode, before the person's move goes to the host (the table's play_move
        does this before a local move; a guest's overrides it to send instead): True when
        the coach holds the move to weigh its first action; once answered, the coach plays
        it through play_move again, which then sends it with its verdict noted."""
        return self.coach_may_ask() and self.coaching.asks_first(
            actions[0],
            lambda: self.play_move(*actions, **how),  # type: ignore[attr-defined]
        )


class EventGuest(GuestScreen):
    """A guest's table for a game where nothing is hidden (TableScene.PUBLIC_EVENTS),
    mixed in before the game's scene: the host's whole state becomes the table, and the
    events of the host's moves since the last view are shown as the host's screen shows
    them (dice tumble, doors fall, banners and sounds), paced by this table's own steps.

    A game fills in EVENT_FIELDS (what each event it shows holds), present(events) and
    show_state() (the table drawn from the state as it stands, without pictures of moves);
    its state is read from the host's view by the game's network face (net_face()).
    """

    #: The events the guest's table shows, and what each field it reads holds:
    #: {kind: {field: a FieldCheck}}.
    EVENT_FIELDS: ClassVar[Mapping[str, Mapping[str, FieldCheck]]] = {}
    #: The tones of the host's log lines this table takes: the lines its own pictures of
    #: the events do not say (a computer's reasons; who comes and goes).
    HOST_TONES: ClassVar[frozenset[str]] = frozenset((COMPUTER, DIM))

    def join(self: Any, link: GuestLink, view: Mapping[str, Any]) -> None:
        """Called at the end of the game's __init__ at a guest's screen."""
        self.saving = False  # the host keeps the game
        self.guest = link
        self.moves = _moves_of(view)
        link.tell_news(self, dict(view))

    def state_from_view(self: Any, data: Any) -> Any:
        """The host's state from a view's "view" (ValueError, KeyError... for anything
        else). A game's __init__ may call it before the table's: its face is the class's."""
        return self.net_face().read_state(data)

    def take_view(self: Any, view: Mapping[str, Any]) -> None:
        """The host's new state, and pictures of the moves that led to it."""
        try:
            state = self.state_from_view(view.get("view"))
        except (ValueError, TypeError, KeyError, AttributeError):
            self.talk.refuse(_("The host sent a view this table cannot read."))
            return
        events = checked_events(view.get("events"), self.EVENT_FIELDS, len(self.seats))
        changed = state.to_json() != self.state.to_json()
        self.state = state
        self.moves = _moves_of(view)
        if events or changed:
            self.hint = None  # the advice was for the last position
            self.hints.forget()
        if events:
            self.present(events)
        elif events is None or changed:
            self.steps.clear()
            self.shown.catch_up()  # the table jumps to the host's state
            self.show_state()
        self.changed()


def _moves_of(view: Mapping[str, Any]) -> int:
    moves = view.get("moves")
    return moves if isinstance(moves, int) and not isinstance(moves, bool) else 0


def pictured_guest(
    app: Any,
    make_table: Callable[[Any, GuestLink, dict], Any],
    field: str,
    before: Any,
    seat: int,
    seats: Sequence[TableSeat],
    move: Callable[[Any], list] | None = None,
    ticks: int = 12,
) -> Any:
    """For --screenshots: the table of a guest at `seat` of a host's game where nothing
    is hidden, from the host's state `before`; then the host's `move` (applied to the
    state, returning its events) arrives as the next view, `ticks` into its pictures.
    Nothing is connected (a client that never starts)."""

    def view(state: Any, events: list) -> dict[str, Any]:
        return json.loads(
            json.dumps(
                {
                    "type": "view",
                    "moves": 12 + bool(events),
                    "seat": seat,
                    "names": [s.name for s in seats],
                    "seats": [s.to_json() for s in seats],
                    "your_turn": False,
                    "legal": [],
                    "view": {field: state.to_json()},
                    "news": [],
                    "events": [event.to_json() for event in events],
                    "over": False,
                    "waiting_for": None,
                }
            )
        )  # as it comes over the wire

    link = GuestLink(NetClient("127.0.0.1", 9, "K7QX2M", seats[seat].name), seat)
    table = app.push(make_table(app, link, view(before, [])))
    if move is not None:
        events = move(before)
        table.take_view(view(before, events))
        for _turn in range(ticks):
            table.tick()
    return table
