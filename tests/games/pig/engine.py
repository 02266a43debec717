"""Pig's rules: roll one die as often as you dare; a 1 loses the turn's points and passes
the die; holding banks them. The first to the target wins at once. Pure Python, like every
engine: a state, its legal actions, apply() returning events, JSON in and out: the engine
contract (game.engine.core.Engine), in full."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.core import Event, NothingHidden
from game.engine.saved import Reader, restoring

ROLL, HOLD = "roll", "hold"
TARGET = 100
HOLD_AT = 20  # the computer's rule of thumb: hold once the turn has 20
MAX_SEATS = 6
MAX_SCORE = 1_000_000  # far above any target: a saved number past it is damage


@dataclass
class PigState(NothingHidden):
    names: list[str]
    scores: list[int] = field(default_factory=list)
    current: int = 0
    turn: int = 0  # points this turn, not yet banked
    winner: int | None = None
    target: int = TARGET

    def __post_init__(self) -> None:
        if len(self.names) < 2:
            raise ValueError("Pig needs two players or more")
        self.scores = list(self.scores) or [0] * len(self.names)
        if len(self.scores) != len(self.names) or not 0 <= self.current < len(self.names):
            raise ValueError("not a game of Pig")

    @property
    def options(self) -> dict[str, int]:
        return {"target": self.target}

    @property
    def seat_count(self) -> int:
        return len(self.names)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> list[int] | None:
        return None if self.winner is None else [self.winner]

    @staticmethod
    def action_to_json(action: str) -> str:
        return action

    @staticmethod
    def action_from_json(data: Any) -> str:
        return Reader(data, "action").as_str(choices=(ROLL, HOLD))

    def legal_actions(self) -> list[str]:
        if self.winner is not None:
            return []
        return [ROLL, HOLD] if self.turn else [ROLL]

    def apply(self, action: str, rng: random.Random) -> list[Event]:
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not allowed now")
        seat = self.current
        if action == HOLD:
            self.scores[seat] += self.turn
            events = [
                Event("hold", {"seat": seat, "points": self.turn, "score": self.scores[seat]})
            ]
            self.turn = 0
            if self.scores[seat] >= self.target:
                self.winner = seat
                return events + [Event("won", {"seat": seat})]
            return events + self._pass()
        die = rng.randint(1, 6)
        if die == 1:
            lost, self.turn = self.turn, 0
            return [Event("pig_out", {"seat": seat, "lost": lost})] + self._pass()
        self.turn += die
        return [Event("roll", {"seat": seat, "die": die, "turn": self.turn})]

    def _pass(self) -> list[Event]:
        self.current = (self.current + 1) % len(self.names)
        return [Event("turn", {"seat": self.current})]

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "scores": list(self.scores),
            "current": self.current,
            "turn": self.turn,
            "winner": self.winner,
            "target": self.target,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PigState:
        """The state saved by to_json; InvalidState for one the rules cannot reach."""
        with restoring("Pig"):
            saved = Reader(data)
            names = [name.as_str() for name in saved.key("names").as_list(MAX_SEATS, 2)]
            seats = len(names)
            scores = [s.as_int(0, MAX_SCORE) for s in saved.key("scores").as_list(seats, seats)]
            winner = saved.key("winner").or_none()
            return cls(
                names,
                scores,
                saved.key("current").as_int(0, seats - 1),
                saved.key("turn").as_int(0, MAX_SCORE),
                None if winner is None else winner.as_int(0, seats - 1),
                saved.key("target").as_int(1, MAX_SCORE),
            )


def computer_choice(state: PigState) -> tuple[str, str]:
    """Hold at 20 (or when holding wins): the action and why."""
    if state.turn and (
        state.turn >= HOLD_AT or state.scores[state.current] + state.turn >= state.target
    ):
        return HOLD, f"holds {state.turn}"
    return ROLL, "rolls again"
