"""Playing the daily deal (issue 35): one deal per game per UTC day, from the rule in
game.engine.dealcode (the README gives it too), at the game's standard table.

The day's first game is its one counted attempt, written to disk before the first move
(storage.start_daily); the game is kept in a save slot of its own, so that a crash or a
kill resumes it (Daily on the title again) and it still counts once. Later games of the
same deal are replays, marked so, and change nothing of the day's result. When a counted
attempt ends its result is written, and the daily screen shows it.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.engine.dealcode import DealCode, daily_seed, utc_today
from game.lang import Msg
from game.table.dealing import Daily
from game.table.talk import DIM

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.registry import GameInfo
    from game.table.ending import SeatResult

SLOT_SUFFIX = "day"  # "luciedaily" would do too; ids are at most 16 characters
RESULT_AFTER_TICKS = 90  # the end's own words and cheer first, then the daily screen


def daily_slot(game_id: str) -> str:
    """Where a game's daily game is saved, apart from its ordinary saved game."""
    return f"{game_id}{SLOT_SUFFIX}"


def daily_code(info: GameInfo, day: datetime.date) -> DealCode:
    """The daily deal of `info`'s game on `day`."""
    return DealCode(info.deal_letter, daily_seed(info.id, day), info.deal_version)


def play_daily(app: App, info: GameInfo, day: datetime.date | None = None) -> Any:
    """The day's daily game of `info`: the one in progress (resumed), the counted attempt,
    or a replay. Returns the table (already pushed), or None if it could not start."""
    day = day or utc_today()
    slot = daily_slot(info.id)
    code = daily_code(info, day)
    entry = app.storage.daily().day(info.id, day)
    if app.storage.has_saved_game(slot):
        table = app.storage.resume_game(slot, lambda data: info.resume_scene(app, data))
        if table is not None:
            daily = table.dealing.daily
            if daily is not None and daily.day == day.isoformat() and table.dealing.code == code:
                table.save_slot = slot
                app.push(table)
                return table
        app.storage.clear_game(slot)  # another day's game: that day counts as played
    if entry is not None and not entry.done:
        # Started, and its saved game is gone (left for another game, or damaged): the
        # attempt is over, unfinished. (A table saves as it opens, before any move.)
        app.storage.finish_daily(info.id, day, won=False)
    counted = app.storage.start_daily(info.id, day, code.text)
    table = info.deal_table(app, code, Daily(day.isoformat(), replay=not counted))
    table.save_slot = slot
    table.talk.say(
        Msg("The daily deal of {day}: {code}.", day=day.isoformat(), code=code.text)
        if counted
        else Msg("The daily deal of {day} again: a replay, not counted.", day=day.isoformat()),
        DIM,
    )
    app.push(table)
    return table


def daily_finished(table: Any, results: Sequence[SeatResult]) -> None:
    """A daily game has ended (Ending.finish): its result is the day's if it was the
    counted attempt; then the daily screen shows it."""
    daily: Daily = table.dealing.daily
    day = datetime.date.fromisoformat(daily.day)
    mine = results[0] if results else None
    if not daily.replay and mine is not None and not table.demo_played:
        table.app.storage.finish_daily(
            table.game_id,
            day,
            won=mine.won,
            score=mine.score,
            moves=table.moves,
            accuracy=mine.accuracy,
        )
    screen = table.app.screens.daily
    if screen is not None and not table.attract:
        table.steps.after(
            table.anim(RESULT_AFTER_TICKS) or 1,
            lambda: table.app.push(screen(table.app, table.game_id)),
        )
