"""Statistics over many games of one kind: played, won, streaks, scores, own counters."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping

from game.storage.datafolder import Damaged
from game.storage.limits import (
    MAX_COUNT, MAX_KEY_LENGTH, MAX_SCORE, MAX_TOTAL, int_within, is_int as _is_int)


@dataclass
class GameStats:
    """Totals from which the shown figures (win rate, average score) are derived.

    `counters` are a game's own running totals, e.g. Shut The Box's "boxes_shut" or
    Mille Bornes' "coups_fourres"; record_result adds to them.
    """

    KIND = "stats"
    SCHEMA = 1

    played: int = 0
    won: int = 0
    scored: int = 0  # games that reported a score: the average's denominator
    total_score: int = 0
    best_score: int | None = None
    current_streak: int = 0  # wins in a row up to the last game
    longest_streak: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    @property
    def lost(self) -> int:
        """Games played and not won."""
        return self.played - self.won

    @property
    def win_rate(self) -> float | None:
        """Won / played, 0..1; None before the first game."""
        return self.won / self.played if self.played else None

    @property
    def average_score(self) -> float | None:
        """Mean score of the games that had one (La Belle Lucie: of hand scores); None if none."""
        return self.total_score / self.scored if self.scored else None

    def record(self, won: bool, score: int | None = None,
               counters: Mapping[str, int] | None = None) -> None:
        """Count one finished game."""
        if score is not None and not _is_int(score):
            raise TypeError(f"score must be an int, not {score!r}")
        if counters and not all(isinstance(k, str) and _is_int(v) for k, v in counters.items()):
            raise TypeError(f"counters must map names to ints, not {counters!r}")
        # Refused now rather than written into a file the next start would refuse.
        if score is not None and not -MAX_SCORE <= score <= MAX_SCORE:
            raise ValueError(f"score {score:,} is beyond ±{MAX_SCORE:,}")
        if counters and not all(_counter_fits(k, v) for k, v in counters.items()):
            raise ValueError(f"counters must be short names of amounts from 0 to "
                             f"{MAX_TOTAL:,}, not {counters!r}")
        self.played += 1
        if won:
            self.won += 1
            self.current_streak += 1
            self.longest_streak = max(self.longest_streak, self.current_streak)
        else:
            self.current_streak = 0
        if score is not None:
            self.scored += 1
            self.total_score += score
            self.best_score = score if self.best_score is None else max(self.best_score, score)
        for name, amount in (counters or {}).items():
            self.counters[name] = self.counters.get(name, 0) + amount

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["counters"] = dict(self.counters)
        return data

    @classmethod
    def from_json(cls, data: Any) -> tuple[GameStats, list[str]]:
        """Statistics from JSON; a bad counter is dropped alone, any other flaw is Damaged.

        The totals depend on each other (won <= played, streaks <= won...), so replacing
        one bad number by a default would show figures that never happened.
        """
        if not isinstance(data, dict):
            raise Damaged("statistics are not an object")
        counts = ("played", "won", "scored", "current_streak", "longest_streak")
        for name in counts:
            if not int_within(data.get(name), 0, MAX_COUNT):
                raise Damaged(f"bad {name} {data.get(name)!r}")
        stats = cls(**{name: data[name] for name in counts})
        stats.total_score = data.get("total_score")  # type: ignore[assignment]
        stats.best_score = data.get("best_score")
        if not int_within(stats.total_score, -MAX_TOTAL, MAX_TOTAL):
            raise Damaged(f"bad total_score {stats.total_score!r}")
        if not (stats.best_score is None and stats.scored == 0
                or int_within(stats.best_score, -MAX_SCORE, MAX_SCORE) and stats.scored > 0):
            raise Damaged(f"best_score {stats.best_score!r} with {stats.scored} scored")
        if not (stats.won <= stats.played and stats.scored <= stats.played
                and stats.current_streak <= stats.longest_streak <= stats.won):
            raise Damaged("totals contradict each other")
        counters, repairs = data.get("counters", {}), []
        if not isinstance(counters, dict):
            counters, repairs = {}, ["counters are not an object"]
        for name, value in counters.items():
            if _counter_fits(name, value):
                stats.counters[name] = value
            else:
                repairs.append(f"counter {name[:MAX_KEY_LENGTH]!r}={value!r}"[:200])
        return stats, repairs


def _counter_fits(name: Any, value: Any) -> bool:
    """A game's own counter: a short name, a total from 0 up."""
    return (isinstance(name, str) and len(name) <= MAX_KEY_LENGTH
            and int_within(value, 0, MAX_TOTAL))
