"""A game's Top Ten table (Shut The Box's MLSHUT.SCR): the ten best scores on this machine.

Order: higher scores first; among equal scores the earlier entry stays above, so a new
score must beat the tenth to enter a full table, and tying it is not enough.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.storage.datafolder import Damaged
from game.storage.limits import MAX_SCORE, int_within, plain_details
from game.storage.names import DEFAULT_NAME, clean_name

TOP_TEN_SIZE = 10
#: An entry's extra data: how many moves of that game came from hints (the table marks it).
HINTS_EXTRA = "hints"


@dataclass(frozen=True)
class TopTenEntry:
    """One line of the table; `extra` holds a game's own details (e.g. {"rounds": 5}):
    a few short names of plain values (see limits.plain_details)."""

    name: str
    score: int
    date: dt.date
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        data = {"name": self.name, "score": self.score, "date": self.date.isoformat()}
        if self.extra:
            data["extra"] = copy.deepcopy(dict(self.extra))
        return data

    @classmethod
    def from_json(cls, data: Any) -> TopTenEntry:
        """The entry described by `data`; raises Damaged if any part of it is wrong."""
        if not isinstance(data, dict):
            raise Damaged("entry is not an object")
        name, score, date, extra = (
            data.get("name"),
            data.get("score"),
            data.get("date"),
            data.get("extra", {}),
        )
        # Anything clean_name would change is not what this program wrote.
        if not isinstance(name, str) or not name or clean_name(name) != name:
            raise Damaged(f"bad name {name!r}")
        if not int_within(score, -MAX_SCORE, MAX_SCORE):
            raise Damaged(f"bad score {score!r}")
        if not plain_details(extra):
            raise Damaged(f"bad extra {extra!r}")
        try:
            day = dt.date.fromisoformat(date)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise Damaged(f"bad date {date!r}") from None
        return cls(name, score, day, extra)


@dataclass
class TopTen:
    """The ten best entries, best first."""

    KIND = "top_ten"
    SCHEMA = 1

    entries: list[TopTenEntry] = field(default_factory=list)

    def rank_for(self, score: int) -> int | None:
        """The 1-based place `score` would take now, or None if it would not make the table."""
        place = sum(1 for entry in self.entries if entry.score >= score)
        return place + 1 if place < TOP_TEN_SIZE else None

    def qualifies(self, score: int) -> bool:
        """True if `score` would enter the table (a full table's tenth must be beaten)."""
        return self.rank_for(score) is not None

    def insert(
        self, name: str, score: int, date: dt.date, extra: Mapping[str, Any] | None = None
    ) -> int | None:
        """Add an entry if it qualifies; returns its 1-based rank, or None.

        ValueError for a score or details the table would refuse to read back.
        """
        if not int_within(score, -MAX_SCORE, MAX_SCORE):
            raise ValueError(
                f"a Top Ten score is a whole number within ±{MAX_SCORE:,}, not {score!r}"
            )
        if not plain_details(dict(extra or {})):
            raise ValueError(f"a Top Ten entry's details are a few plain values, not {extra!r}")
        rank = self.rank_for(score)
        if rank is not None:
            entry = TopTenEntry(clean_name(name) or DEFAULT_NAME, score, date, dict(extra or {}))
            self.entries.insert(rank - 1, entry)
            del self.entries[TOP_TEN_SIZE:]
        return rank

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {"entries": [entry.to_json() for entry in self.entries]}

    @classmethod
    def from_json(cls, data: Any) -> tuple[TopTen, list[str]]:
        """The table from JSON: each bad entry dropped alone, the rest kept (and put in order)."""
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise Damaged("no list of entries")
        entries, repairs = [], []
        for number, item in enumerate(data["entries"], start=1):
            try:
                entries.append(TopTenEntry.from_json(item))
            except Damaged as error:
                repairs.append(f"entry {number}: {error}")  # i18n: not shown (the log)
        # A stable sort keeps the file's order among equal scores, i.e. earlier above.
        ordered = sorted(entries, key=lambda entry: -entry.score)
        if ordered != entries:
            repairs.append("entries out of order")  # i18n: not shown (the log)
        if len(ordered) > TOP_TEN_SIZE:
            repairs.append(f"{len(ordered)} entries")
        return cls(ordered[:TOP_TEN_SIZE]), repairs
