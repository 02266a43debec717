"""The daily deals played (issue 35): for each game and UTC day, the one counted attempt.

An attempt is written when the game starts (`started`), whole and atomically as every
record, so that a crash or a kill never gives a second counted attempt: the day's game
is resumed from its saved game, or, if none was saved, counts as played unfinished. Its
result is written when it ends (`done`). Replays of a day already played are counted
apart and never change the day's result.

Medals and streaks read this record: `DailyDay` holds plain values (won, score, moves,
accuracy), and `streak()` is the days in a row, up to today, whose attempt was finished.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.storage.datafolder import Damaged

STARTED, DONE = "started", "done"
STATES = (STARTED, DONE)
MAX_DAYS = 3660  # ten years of days per game
MAX_CODE = 16
MAX_NUMBER = 10_000_000
MAX_REPLAYS = 100_000


def _day(text: Any) -> datetime.date:
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError(f"not a day: {text!r}")
    return datetime.date.fromisoformat(text)


def _count(value: Any, top: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"not a count: {value!r}")
    return value


@dataclass(frozen=True)
class DailyDay:
    """One game's daily deal of one day, as played."""

    code: str
    state: str = STARTED
    won: bool = False
    score: int | None = None
    moves: int | None = None
    accuracy: int | None = None
    replays: int = 0

    @property
    def done(self) -> bool:
        return self.state == DONE

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "state": self.state,
            "won": self.won,
            "score": self.score,
            "moves": self.moves,
            "accuracy": self.accuracy,
            "replays": self.replays,
        }

    @classmethod
    def from_json(cls, data: Any) -> DailyDay:
        """ValueError for anything this program could not have written."""
        if not isinstance(data, Mapping):
            raise ValueError("not a day's entry")
        code, state, won = data.get("code"), data.get("state"), data.get("won", False)
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE or not code.isascii():
            raise ValueError(f"not a deal code: {code!r}")
        if state not in STATES or not isinstance(won, bool):
            raise ValueError(f"not a day's state: {state!r}")
        return cls(
            code,
            state,
            won,
            _count(data.get("score"), MAX_NUMBER),
            _count(data.get("moves"), MAX_NUMBER),
            _count(data.get("accuracy"), 100),
            _count(data.get("replays", 0), MAX_REPLAYS) or 0,
        )


@dataclass
class DailyRecord:
    """Every game's daily deals, by game id and ISO day."""

    KIND = "daily"
    SCHEMA = 1

    games: dict[str, dict[str, DailyDay]] = field(default_factory=dict)

    def day(self, game_id: str, day: datetime.date) -> DailyDay | None:
        return self.games.get(game_id, {}).get(day.isoformat())

    def start(self, game_id: str, day: datetime.date, code: str) -> bool:
        """A daily game starts: True if it is the day's counted attempt (the first), False
        for a replay (counted apart)."""
        days = self.games.setdefault(game_id, {})
        kept = days.get(day.isoformat())
        if kept is None:
            days[day.isoformat()] = DailyDay(code)
            while len(days) > MAX_DAYS:
                days.pop(min(days))
            return True
        days[day.isoformat()] = replace(kept, replays=min(MAX_REPLAYS, kept.replays + 1))
        return False

    def finish(
        self,
        game_id: str,
        day: datetime.date,
        *,
        won: bool,
        score: int | None,
        moves: int | None,
        accuracy: int | None,
    ) -> DailyDay | None:
        """The counted attempt's result (once: a finished day keeps its result)."""
        kept = self.day(game_id, day)
        if kept is None or kept.done:
            return kept
        done = replace(
            kept,
            state=DONE,
            won=won,
            score=None if score is None else max(0, min(MAX_NUMBER, score)),
            moves=None if moves is None else max(0, min(MAX_NUMBER, moves)),
            accuracy=accuracy,
        )
        self.games[game_id][day.isoformat()] = done
        return done

    def streak(self, game_id: str, today: datetime.date) -> int:
        """Days in a row whose attempt was finished, up to today (or yesterday, while
        today's is still to play)."""
        days = self.games.get(game_id, {})
        day = (
            today
            if today.isoformat() in days and days[today.isoformat()].done
            else (today - datetime.timedelta(days=1))
        )
        count = 0
        while day.isoformat() in days and days[day.isoformat()].done:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    @classmethod
    def upgrade(cls, schema: int, data: Any) -> Any:
        raise Damaged(f"no schema {schema} of daily deals")  # schema 1 is the first

    def to_json(self) -> dict[str, Any]:
        return {
            "games": {
                game: {day: entry.to_json() for day, entry in sorted(days.items())}
                for game, days in sorted(self.games.items())
            }
        }

    @classmethod
    def from_json(cls, data: Any) -> tuple[DailyRecord, list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
            raise Damaged("no games of daily deals")
        record, repairs = cls(), []
        for game, days in data["games"].items():
            if not isinstance(game, str) or not isinstance(days, dict):
                repairs.append(f"dropped game {str(game)[:20]}")  # i18n: not shown (the log)
                continue
            kept: dict[str, DailyDay] = {}
            for day, entry in list(days.items())[-MAX_DAYS:]:
                try:
                    kept[_day(day).isoformat()] = DailyDay.from_json(entry)
                except ValueError as error:
                    said = f"dropped {game} {str(day)[:12]}: {error}"  # i18n: not shown (the log)
                    repairs.append(said[:80])
            record.games[game] = kept
        return record, repairs
