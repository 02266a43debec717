"""A table's deal code (game.engine.dealcode): the generators its engine draws from, what
is saved of it, and whether the table plays a daily deal.

A game with a code hands its engine a generator made from the code and where in the game
the random event happens, never one that runs on from the last: the dice of a roll come
from (code, turn, roll of the turn, dice rolled), a hand's deck from (code, hand). So two
people who choose alike see the same dice, and a different choice changes only what
follows from it (another seat's turn keeps its dice). A table without a code (an older
saved game, a test's own generator) draws from its generator as before.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.dealcode import BadCode, DealCode, parse
from game.lang import Msg

# Rolls of one turn above this are damage, not play (a turn rolls a few dozen times).
MAX_ROLLS = 10_000
DATE_LENGTH = 10  # "2026-11-26"


@dataclass(frozen=True)
class Daily:
    """The table plays the daily deal of `day` (ISO date); `replay`: the day's counted
    attempt was played already."""

    day: str
    replay: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"day": self.day, "replay": self.replay}

    @classmethod
    def from_json(cls, data: Any) -> Daily | None:
        if not isinstance(data, Mapping):
            return None
        day, replay = data.get("day"), data.get("replay", False)
        if not isinstance(day, str) or len(day) != DATE_LENGTH or not isinstance(replay, bool):
            raise ValueError(f"not a daily deal's entry: {str(data)[:60]}")
        return cls(day, replay)


class Dealing:
    """One table's code, the roll it has reached in the turn, and its daily deal."""

    def __init__(self, code: DealCode | None, fallback: random.Random) -> None:
        self.code = code
        self.fallback = fallback
        self.turn: Any = None
        self.roll = 0
        self.daily: Daily | None = None

    @property
    def text(self) -> str:
        """The code as shown, "" for a table without one."""
        return self.code.text if self.code is not None else ""

    def for_roll(self, turn: Any, dice: int) -> random.Random:
        """The generator of the next roll of `turn` (a value that names the turn), which
        rolls `dice` dice."""
        if self.code is None:
            return self.fallback
        if turn != self.turn:
            self.turn, self.roll = turn, 0
        self.roll += 1
        return self.code.rng("turn", turn, "roll", self.roll, "dice", dice)

    def for_hand(self, hand: int) -> random.Random:
        """The generator of hand number `hand`'s deal."""
        return self.fallback if self.code is None else self.code.rng("hand", hand)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.text, "turn": self.turn, "roll": self.roll}
        if self.daily is not None:
            data["daily"] = self.daily.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any, fallback: random.Random, versions: Mapping[str, int]) -> Dealing:
        """A saved table's dealing (none saved: an older game, played without a code).
        ValueError for a code that does not read (checked as a typed one is)."""
        if data is None:
            return cls(None, fallback)
        if not isinstance(data, Mapping):
            raise ValueError("not a deal entry")
        code = data.get("code")
        try:
            dealing = cls(parse(code, versions) if code else None, fallback)
        except BadCode as error:
            raise ValueError(f"saved deal code refused: {error}") from error
        turn, roll = data.get("turn"), data.get("roll", 0)
        if not (turn is None or (isinstance(turn, int) and not isinstance(turn, bool))):
            raise ValueError(f"not a turn: {turn!r}")
        if not isinstance(roll, int) or isinstance(roll, bool) or not 0 <= roll <= MAX_ROLLS:
            raise ValueError(f"not a roll of a turn: {roll!r}")
        dealing.turn, dealing.roll = turn, roll
        dealing.daily = Daily.from_json(data.get("daily"))
        return dealing


def deal_line(code: str) -> Msg:
    """The move log's line naming the deal."""
    # TRANSLATORS: {code} is a deal code such as L-4KQ7-11.
    return Msg("Deal code {code}: the same code deals the same game.", code=code)
