"""Statistics over many games of one kind: played, won, streaks, scores, own counters, the
last games one by one (for the progress charts) and wins by opponent."""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from game.storage.datafolder import Damaged
from game.storage.limits import (
    MAX_COUNT,
    MAX_KEY_LENGTH,
    MAX_LOSS,
    MAX_OPPONENTS,
    MAX_SCORE,
    MAX_TOTAL,
    int_within,
)
from game.storage.limits import is_int as _is_int

log = logging.getLogger(__name__)

# Finished games kept one by one, newest last: what the progress charts draw.
HISTORY_SIZE = 40
# The coach's accuracy figure runs from 0 to this (game.engine.coach.accuracy).
MAX_ACCURACY = 100


@dataclass(frozen=True)
class PastGame:
    """One finished game as the progress charts show it."""

    won: bool
    score: int | None = None
    accuracy: int | None = None  # 0-100; None when the coach judged no decision
    loss: float | None = None  # average cost per decision, in the game's unit
    opponent: str = ""  # the strongest computer level, "people", or "" (alone)
    hints: int = 0  # moves made after a hint was shown for them

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "won": self.won,
            "score": self.score,
            "accuracy": self.accuracy,
            "loss": self.loss,
            "opponent": self.opponent,
            "hints": self.hints,
        }

    @classmethod
    def from_json(cls, data: Any) -> PastGame:
        """The game described by `data`; raises Damaged if any part of it is wrong."""
        if not isinstance(data, dict):
            raise Damaged("not an object")
        # Built unchecked, then checked by problem(), the same test record() makes.
        game = cls(
            data.get("won"),
            data.get("score"),
            data.get("accuracy"),
            data.get("loss"),
            data.get("opponent"),
            # A file written before hints were counted has none: no hint was marked then.
            data.get("hints", 0),
        )
        problem = game.problem()
        if problem is not None:
            raise Damaged(problem)
        # JSON has one kind of number: a loss of exactly 2 may come back as the int 2.
        return game if game.loss is None else replace(game, loss=float(game.loss))

    def problem(self) -> str | None:
        """What makes this game one the statistics cannot hold; None if nothing."""
        if not isinstance(self.won, bool):
            return f"bad won {self.won!r}"  # i18n: not shown (the log)
        if not (self.score is None or int_within(self.score, -MAX_SCORE, MAX_SCORE)):
            return f"bad score {self.score!r}"  # i18n: not shown (the log)
        if not (self.accuracy is None or int_within(self.accuracy, 0, MAX_ACCURACY)):
            return f"bad accuracy {self.accuracy!r}"  # i18n: not shown (the log)
        if not (self.loss is None or _loss_fits(self.loss)):
            return f"bad loss {self.loss!r}"  # i18n: not shown (the log)
        if not _opponent_fits(self.opponent):
            return f"bad opponent {self.opponent!r}"  # i18n: not shown (the log)
        if not int_within(self.hints, 0, MAX_COUNT):
            return f"bad hints {self.hints!r}"  # i18n: not shown (the log)
        return None


@dataclass
class WinCount:
    """Games played against one opponent and how many of them were won."""

    played: int = 0
    won: int = 0

    @property
    def win_rate(self) -> float | None:
        """Won / played, 0..1; None before the first game."""
        return self.won / self.played if self.played else None

    def to_json(self) -> list[int]:
        """[played, won]: compact, as there is one per opponent."""
        return [self.played, self.won]


@dataclass
class GameStats:
    """Totals from which the shown figures (win rate, average score) are derived.

    `counters` are a game's own running totals, e.g. Shut The Box's "boxes_shut" or
    Mille Bornes' "coups_fourres"; record_result adds to them. `history` holds the last
    HISTORY_SIZE games, oldest first; `by_opponent` counts every game (not only those
    in the history) by the opponent it was played against.
    """

    KIND = "stats"
    # 2: history and by_opponent; a schema-1 file is read with both empty (upgrade).
    SCHEMA = 2

    played: int = 0
    won: int = 0
    scored: int = 0  # games that reported a score: the average's denominator
    total_score: int = 0
    best_score: int | None = None
    current_streak: int = 0  # wins in a row up to the last game
    longest_streak: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    history: list[PastGame] = field(default_factory=list)
    by_opponent: dict[str, WinCount] = field(default_factory=dict)
    # Games in which a move was made after a hint, and those moves (PySolFC marks such
    # games); a file from before they were counted reads 0 for both.
    hinted_games: int = 0
    hinted_moves: int = 0

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

    @property
    def first_in_history(self) -> int:
        """The number (1 = the first game ever counted) of the oldest game in the history."""
        return self.played - len(self.history) + 1

    def record(
        self,
        won: bool,
        score: int | None = None,
        counters: Mapping[str, int] | None = None,
        accuracy: int | None = None,
        loss: float | None = None,
        opponent: str = "",
        hints: int = 0,
    ) -> None:
        """Count one finished game; `accuracy`, `loss`, `opponent` and `hints` are a
        SeatResult's."""
        if score is not None and not _is_int(score):
            raise TypeError(f"score must be an int, not {score!r}")
        if counters and not all(isinstance(k, str) and _is_int(v) for k, v in counters.items()):
            raise TypeError(f"counters must map names to ints, not {counters!r}")
        if accuracy is not None and not _is_int(accuracy):
            raise TypeError(f"accuracy must be an int, not {accuracy!r}")
        if loss is not None and (isinstance(loss, bool) or not isinstance(loss, (int, float))):
            raise TypeError(f"loss must be a number, not {loss!r}")
        if not isinstance(opponent, str):
            raise TypeError(f"opponent must be a str, not {opponent!r}")
        if not _is_int(hints):
            raise TypeError(f"hints must be an int, not {hints!r}")
        # Refused now rather than written into a file the next start would refuse.
        if score is not None and not -MAX_SCORE <= score <= MAX_SCORE:
            raise ValueError(f"score {score:,} is beyond ±{MAX_SCORE:,}")
        if counters and not all(_counter_fits(k, v) for k, v in counters.items()):
            raise ValueError(
                f"counters must be short names of amounts from 0 to {MAX_TOTAL:,}, not {counters!r}"
            )
        game = PastGame(
            bool(won), score, accuracy, None if loss is None else float(loss), opponent, hints
        )
        problem = game.problem()
        if problem is not None:
            raise ValueError(problem)
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
        if hints:
            self.hinted_games += 1
            self.hinted_moves = min(MAX_TOTAL, self.hinted_moves + hints)
        self.history = [*self.history, game][-HISTORY_SIZE:]
        self._count_opponent(opponent, won)

    def _count_opponent(self, opponent: str, won: bool) -> None:
        count = self.by_opponent.get(opponent)
        if count is None:
            if len(self.by_opponent) >= MAX_OPPONENTS:
                # Never happens with the games' few levels; a file with more would be
                # refused, so the game is counted everywhere but here.
                log.warning("more than %d opponents: %r not counted", MAX_OPPONENTS, opponent)
                return
            count = self.by_opponent[opponent] = WinCount()
        count.played += 1
        count.won += won

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["counters"] = dict(self.counters)
        data["history"] = [game.to_json() for game in self.history]
        data["by_opponent"] = {name: count.to_json() for name, count in self.by_opponent.items()}
        return data

    @classmethod
    def upgrade(cls, schema: int, data: Any) -> Any:
        """Schema-1 data in this schema's shape: no game of it was kept one by one."""
        if isinstance(data, dict) and schema == 1:
            return {**data, "history": [], "by_opponent": {}}
        return data

    @classmethod
    def from_json(cls, data: Any) -> tuple[GameStats, list[str]]:
        """Statistics from JSON; a bad counter, past game or opponent is dropped alone, any
        other flaw is Damaged.

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
        if not (
            stats.best_score is None
            and stats.scored == 0
            or int_within(stats.best_score, -MAX_SCORE, MAX_SCORE)
            and stats.scored > 0
        ):
            raise Damaged(f"best_score {stats.best_score!r} with {stats.scored} scored")
        if not (
            stats.won <= stats.played
            and stats.scored <= stats.played
            and stats.current_streak <= stats.longest_streak <= stats.won
        ):
            raise Damaged("totals contradict each other")
        counters, repairs = data.get("counters", {}), []
        if not isinstance(counters, dict):
            counters, repairs = {}, ["counters are not an object"]  # i18n: not shown (the log)
        for name, value in counters.items():
            if _counter_fits(name, value):
                stats.counters[name] = value
            else:
                said = f"counter {name[:MAX_KEY_LENGTH]!r}={value!r}"  # i18n: not shown (the log)
                repairs.append(said[:200])
        hinted_games, hinted_moves = data.get("hinted_games", 0), data.get("hinted_moves", 0)
        if int_within(hinted_games, 0, stats.played) and int_within(hinted_moves, 0, MAX_TOTAL):
            stats.hinted_games, stats.hinted_moves = hinted_games, hinted_moves
        else:
            said = f"hinted {hinted_games!r} games, {hinted_moves!r} moves"  # i18n: not shown (the log)
            repairs.append(said[:200])
        stats.history = _read_history(data.get("history"), stats.played, repairs)
        stats.by_opponent = _read_by_opponent(data.get("by_opponent"), stats.played, repairs)
        return stats, repairs


def _read_history(items: Any, played: int, repairs: list[str]) -> list[PastGame]:
    """The past games of a file, each bad one dropped alone (noted in `repairs`)."""
    if not isinstance(items, list):
        repairs.append("history is not a list")  # i18n: not shown (the log)
        return []
    history = []
    for number, item in enumerate(items, start=1):
        try:
            history.append(PastGame.from_json(item))
        except Damaged as error:
            repairs.append(f"past game {number}: {error}"[:200])  # i18n: not shown (the log)
    # More than were kept, or than were ever played: the newest that can be are kept.
    keep = min(HISTORY_SIZE, played)
    if len(history) > keep:
        repairs.append(f"{len(history)} past games of {played} played")  # i18n: not shown (the log)
        history = history[len(history) - keep :]
    return history


def _read_by_opponent(table: Any, played: int, repairs: list[str]) -> dict[str, WinCount]:
    """The wins by opponent of a file, each bad count dropped alone (noted in `repairs`)."""
    if not isinstance(table, dict):
        repairs.append("wins by opponent are not an object")  # i18n: not shown (the log)
        return {}
    by_opponent: dict[str, WinCount] = {}
    for name, value in table.items():
        if len(by_opponent) == MAX_OPPONENTS:
            repairs.append(f"{len(table)} opponents")
            break
        if (
            _opponent_fits(name)
            and isinstance(value, list)
            and len(value) == 2
            and int_within(value[0], 0, played)
            and int_within(value[1], 0, value[0])
        ):
            by_opponent[name] = WinCount(*value)
        else:
            repairs.append(
                f"opponent {name[:MAX_KEY_LENGTH]!r}={value!r}"[:200]  # i18n: not shown (the log)
            )
    return by_opponent


def _counter_fits(name: Any, value: Any) -> bool:
    """A game's own counter: a short name, a total from 0 up."""
    return isinstance(name, str) and len(name) <= MAX_KEY_LENGTH and int_within(value, 0, MAX_TOTAL)


def _opponent_fits(name: Any) -> bool:
    """An opponent's name: a computer level, "people" or "" (alone); short."""
    return isinstance(name, str) and len(name) <= MAX_KEY_LENGTH


def _loss_fits(loss: Any) -> bool:
    """An average cost per decision: a finite number from 0 to MAX_LOSS (not a bool)."""
    return (
        isinstance(loss, (int, float))
        and not isinstance(loss, bool)
        and math.isfinite(loss)
        and 0 <= loss <= MAX_LOSS
    )
