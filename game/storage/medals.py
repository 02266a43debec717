"""A game's medals (issue 35): which of its medals were earned on this machine, on which
day and by whom. A medal is earned once: the first day is kept, a second earning changes
nothing.

The medals themselves (names, how to earn them, their badges) are the games' own
(GameInfo.medals, game.table.medals); this record keeps only ids, so a medal of another
version of the game is kept as it is (a later version may show it again).

The daily-streak medals read how many daily deals a player finished in a row through
`DailyStreaks`, the one thing they ask of the daily deals' record (see Storage.daily_streaks).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.storage.datafolder import Damaged
from game.storage.names import clean_name

#: A medal's id: short, lower case, as the games name them ("six_of_a_kind").
MEDAL_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
#: More medals than any game has, or ever will: a file with more is not ours.
MAX_MEDALS = 64


def medal_id_fits(medal_id: Any) -> bool:
    return isinstance(medal_id, str) and MEDAL_ID.fullmatch(medal_id) is not None


@dataclass(frozen=True)
class EarnedMedal:
    """When a medal was earned, and the name of the person at the seat that earned it
    ("" when nobody's in particular: a daily streak)."""

    date: dt.date
    name: str = ""

    def to_json(self) -> dict[str, str]:
        return {"date": self.date.isoformat(), "name": self.name}

    @classmethod
    def from_json(cls, data: Any) -> EarnedMedal:
        """The earned medal described by `data`; Damaged if any part of it is wrong."""
        if not isinstance(data, dict):
            raise Damaged("not an object")
        date, name = data.get("date"), data.get("name", "")
        if not isinstance(name, str) or clean_name(name) != name:
            raise Damaged(f"bad name {name!r}"[:80])
        try:
            day = dt.date.fromisoformat(date)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise Damaged(f"bad date {date!r}"[:80]) from None
        return cls(day, name)


@dataclass
class MedalCase:
    """The medals of one game earned on this machine, by medal id."""

    KIND = "medals"
    SCHEMA = 1

    earned: dict[str, EarnedMedal] = field(default_factory=dict)

    def earn(self, medal_id: str, day: dt.date, name: str = "") -> bool:
        """Keep `medal_id` as earned on `day` by `name`; True if it is new (False: it was
        earned before, and keeps its first day). ValueError for an id no game uses."""
        if not medal_id_fits(medal_id):
            raise ValueError(f"not a medal id: {medal_id!r}")
        if medal_id in self.earned:
            return False
        if len(self.earned) >= MAX_MEDALS:
            raise ValueError(f"more than {MAX_MEDALS} medals")
        self.earned[medal_id] = EarnedMedal(day, clean_name(name))
        return True

    def to_json(self) -> dict[str, Any]:
        return {"earned": {key: medal.to_json() for key, medal in sorted(self.earned.items())}}

    @classmethod
    def upgrade(cls, schema: int, data: Any) -> Any:
        raise Damaged(f"no schema {schema} of medals")  # schema 1 is the first

    @classmethod
    def from_json(cls, data: Any) -> tuple[MedalCase, list[str]]:
        """The medals of a file: each bad one dropped alone (a repair), the rest kept."""
        if not isinstance(data, dict) or not isinstance(data.get("earned"), dict):
            raise Damaged("no object of earned medals")
        case, repairs = cls(), []
        for medal_id, item in data["earned"].items():
            if not medal_id_fits(medal_id):
                repairs.append(f"medal id {str(medal_id)[:40]!r}")  # i18n: not shown (the log)
                continue
            if len(case.earned) == MAX_MEDALS:
                repairs.append(f"{len(data['earned'])} medals")  # i18n: not shown (the log)
                break
            try:
                case.earned[medal_id] = EarnedMedal.from_json(item)
            except Damaged as error:
                repairs.append(f"medal {medal_id}: {error}")  # i18n: not shown (the log)
        return case, repairs


class DailyStreaks(Protocol):
    """What the daily-streak medals ask of the daily deals' record (game.storage.daily's
    DailyRecord, from the daily deal's part of issue 35): the days in a row, up to `today`
    (a UTC day), on which the player finished `game_id`'s daily deal."""

    def streak(self, game_id: str, today: dt.date) -> int: ...


class NoDailyDeals:
    """The daily deals' stand-in while a Storage keeps none: no streak yet."""

    def streak(self, game_id: str, today: dt.date) -> int:
        return 0
