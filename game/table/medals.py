"""Medals (issue 35): what a game's medals are, and the table's part that hands them out.

A game lists its medals in its GameInfo (`medals`), each a `Medal`: an id, a name, how to
earn it, its badge (an emblem of pixel rows drawn by game.ui.badges), and one way of being
earned:

- `on_move(table, events, memory)`: after each move applied at the table, the seats the
  move's events earned it for (e.g. a roll of six alike); `memory` is the medal's own
  scratch dict at this table (counts within a turn);
- `on_end(table, result)`: at the end of a game, whether this person's result
  (game.table.ending.SeatResult, with the coach's accuracy and the hints) earned it;
- `streak`: a daily-streak medal, earned when the game's daily deal has been finished
  this many days in a row (Storage.daily_streaks(), read after each game and on the
  Scores screen). Every game gets the two of `daily_medals()`.

Only a person's seat at this screen earns one, by that person's own play: never a
computer's seat, never a seat the demo plays, never a game the demo played any part of
(for a medal of the game's end), never a show that saves nothing (attract mode, pictures).
At a network table the host's own people earn medals; a guest's seat does not, at the
host's screen or at the guest's (the guest's screen keeps no records: the host referees).

A medal is earned once: Storage keeps the day and the person's name, written at once
(atomically, like every record); the table says so in its log, with a toast and a sparkle
of bells, once the move that earned it has been shown.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.art import palette as pal
from game.lang import N_, Msg, text
from game.shell.registry import game_info
from game.table.talk import GOOD

if TYPE_CHECKING:
    from game.shell.app import App
    from game.table.ending import SeatResult

Colour = tuple[int, int, int]
MEDAL_SOUND = "medal"  # game.audio's: a sparkle of bells, at the cheers' volume


@dataclass(frozen=True)
class Medal:
    """One medal of a game (see the module's docstring)."""

    id: str  # "six_of_a_kind": kept in the game's medals file
    name: str  # N_("Six of a kind"): translated where shown
    how: str  # N_("Roll six dice alike."): how to earn it, in a player's words
    #: The badge's emblem: rows of equal length, at most EMBLEM_SIZE, of letters naming
    #: palette colours (game.ui.badges.INKS), "." for none.
    emblem: tuple[str, ...]
    #: The badge's face behind the emblem, and the ribbon's two colours (one dark and one
    #: light, so that mono shows the stripes).
    face: Colour = pal.BLUE
    ribbon: tuple[Colour, Colour] = (pal.RED, pal.LIGHT_RED)
    on_move: Callable[[Any, Sequence[Any], dict], Iterable[int]] | None = None
    on_end: Callable[[Any, SeatResult], bool] | None = None
    streak: int = 0


def utc_today() -> dt.date:
    """Today's UTC day: the daily deals' day."""
    return dt.datetime.now(dt.timezone.utc).date()


# Calendar pages: a red top band, the days in black.
_CALENDAR_7 = (
    ".RRRRRRRRRRR.",
    "RRKRRRRRRKRRR",
    "RRRRRRRRRRRRR",
    "WWWWWWWWWWWWW",
    "WWWWKKKKKWWWW",
    "WWWWWWWWKWWWW",
    "WWWWWWWKKWWWW",
    "WWWWWWWKWWWWW",
    "WWWWWWKKWWWWW",
    "WWWWWWKWWWWWW",
    "WWWWWWKWWWWWW",
    "WWWWWWWWWWWWW",
    ".WWWWWWWWWWW.",
)
_CALENDAR_30 = (
    ".RRRRRRRRRRR.",
    "RRKRRRRRRKRRR",
    "RRRRRRRRRRRRR",
    "WWWWWWWWWWWWW",
    "WKKKKWWKKKKWW",
    "WWWWKWWKWWKWW",
    "WWKKKWWKWWKWW",
    "WWWWKWWKWWKWW",
    "WWWWKWWKWWKWW",
    "WKKKKWWKKKKWW",
    "WWWWWWWWWWWWW",
    "WWWWWWWWWWWWW",
    ".WWWWWWWWWWW.",
)


def daily_medals() -> tuple[Medal, Medal]:
    """The two daily-streak medals every game with a daily deal lists with its own."""
    return (
        Medal(
            "daily_7",
            # TRANSLATORS: a medal: the daily deal finished seven days in a row.
            N_("A week of dailies"),
            N_("Finish this game's daily deal 7 days in a row."),
            _CALENDAR_7,
            face=pal.BLUE,
            ribbon=(pal.BLUE, pal.LIGHT_CYAN),
            streak=7,
        ),
        Medal(
            "daily_30",
            # TRANSLATORS: a medal: the daily deal finished thirty days in a row.
            N_("A month of dailies"),
            N_("Finish this game's daily deal 30 days in a row."),
            _CALENDAR_30,
            face=pal.MAGENTA,
            ribbon=(pal.MAGENTA, pal.YELLOW),
            streak=30,
        ),
    )


def game_medals(game_id: str) -> Sequence[Medal]:
    """The medals a registered game lists (none for a game not registered)."""
    info = game_info(game_id)
    return () if info is None else tuple(info.medals)


def medal_words(medal: Medal) -> Msg:
    """The toast and the log's line for a medal just earned."""
    # TRANSLATORS: a toast and a line of the move log: "Medal earned: Six of a kind!"
    return Msg("Medal earned: {medal}!", medal=Msg(medal.name))


def award(app: App, game_id: str, medal: Medal, name: str = "") -> bool:
    """Keep `medal` as earned by `name` (saved); True if it is new (then toasted)."""
    if not app.storage.earn_medal(game_id, medal.id, name):
        return False
    pin(app, medal)
    return True


def pin(app: App, medal: Medal) -> Msg:
    """A medal just earned, shown: its toast and its sound (a cheer); its words."""
    words = medal_words(medal)
    app.notify(text(words))
    app.audio.play(MEDAL_SOUND)
    return words


def check_streaks(app: App, game_id: str, name: str = "", today: dt.date | None = None) -> list:
    """Hand out the game's daily-streak medals its daily deals have earned (after a game,
    and when the Scores screen opens); the medals new now."""
    medals = [medal for medal in game_medals(game_id) if medal.streak]
    if not medals:
        return []
    days = app.storage.daily_streaks().streak(game_id, today or utc_today())
    return [m for m in medals if days >= m.streak and award(app, game_id, m, name)]


class TableMedals:
    """The table's part that hands out medals (see the module's docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: Each on_move medal's scratch memory at this table, by medal id.
        self.memory: dict[str, dict] = {}
        #: Medals earned by a move, told once the move has been shown.
        self.waiting: list[Medal] = []

    @property
    def medals(self) -> Sequence[Medal]:
        return game_medals(self.table.game_id)

    def counts(self) -> bool:
        """This table's play may earn medals: it keeps records, and is not a guest's."""
        table = self.table
        return table.saving and not table.attract and table.guest is None

    def person(self, seat: Any) -> bool:
        """`seat` is a person's at this screen, played by that person (not the demo)."""
        seats = self.table.seats
        return (
            isinstance(seat, int)
            and 0 <= seat < len(seats)
            and seats[seat].here
            and not self.table.played_by_computer(seat)
        )

    def saw(self, events: Sequence[Any]) -> None:
        """A move was applied with these events (TableScene.moved)."""
        if not events or not self.counts():
            return
        for medal in self.medals:
            if medal.on_move is None:
                continue
            memory = self.memory.setdefault(medal.id, {})
            for seat in set(medal.on_move(self.table, events, memory)):
                if self.person(seat) and self._earn(medal, seat):
                    self.waiting.append(medal)

    def tick(self) -> None:
        """Medals earned by a move are told once the table has shown it."""
        table = self.table
        if self.waiting and not (table.steps or table.animating()):
            for medal in self.waiting:
                self._tell(medal)
            self.waiting.clear()

    def game_over(self, results: Sequence[SeatResult]) -> None:
        """The game has ended and each person here's result is in (Ending.finish)."""
        table = self.table
        if not self.counts() or table.demo_played:
            return
        for medal in self.medals:
            if medal.on_end is None:
                continue
            for result in results:
                if self.person(result.seat) and medal.on_end(table, result):
                    if self._earn(medal, result.seat):
                        self._tell(medal)
        for medal in check_streaks(table.app, table.game_id):
            table.talk.say(medal_words(medal), GOOD)

    def _earn(self, medal: Medal, seat: int) -> bool:
        """Kept with the name of the seat's person (none at a table of one: it is yours)."""
        table = self.table
        name = table.name(seat) if len(table.seats) > 1 else ""
        return table.app.storage.earn_medal(table.game_id, medal.id, name)

    def _tell(self, medal: Medal) -> None:
        self.table.talk.say(pin(self.table.app, medal), GOOD)
