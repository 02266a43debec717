"""A stand-in table for the parts' own tests: plain attributes and the hooks each part
asks for, recording what it was asked to do."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from game.engine.core import Thinking
from game.table.coaching import CoachLog
from game.table.dealing import Dealing
from game.table.seats import COMPUTER, HERE, TableSeat
from game.table.talk import Talk


class StubTable:
    """Two seats, a person here (seat 0) and a computer (seat 1); seat 0 to act."""

    HALF_ACCURACY_AT = 10.0
    ACCURACY_STRETCH = 1.0
    COACH_ASKS_ABOVE = 2.0
    SAVE_VERSION = 3
    LEVELS = ("easy", "hard")
    KEY_LABELS = {"review": "V"}
    PUBLIC_EVENTS = False

    def __init__(self) -> None:
        self.sounds: list[str] = []
        self.pushed: list[Any] = []
        self.app = SimpleNamespace(
            storage=SimpleNamespace(settings=SimpleNamespace(coach=False)),
            push=self.pushed.append,
            audio=SimpleNamespace(play=self.sounds.append),
        )
        self.talk = Talk(self.sounds.append, "error")
        self.coach = CoachLog()
        self.dealing = Dealing(None, random.Random(0))
        self.seats = [TableSeat("Ann", HERE), TableSeat("Cal", COMPUTER, "hard")]
        self.moves = 0
        self.think_ms = 5.0
        self.hint: Any = None
        self.hints = SimpleNamespace(shown_now=False)
        self.shown: list[Any] = []
        self.attract = self.finished = self.demo = False
        self.saving = True
        self.guest = self.net = None
        self.kept_net = None
        self.is_over = False
        self.hint_possible = True
        self.dirty = 0
        self.legal = ["a", "b"]
        self.saves = SimpleNamespace(position_data=lambda: {"version": 3, "at": self.moves})
        self.judged: list[tuple[Any, Any]] = []
        self.judgement: Any = None

    # the hooks the parts ask for
    def seat_to_act(self) -> int | None:
        return 0

    def legal_moves(self) -> list[str]:
        return self.legal

    def played_by_computer(self, seat: int) -> bool:
        return self.seats[seat].kind == COMPUTER or self.demo

    def ready_to_think(self) -> bool:
        return True

    def think_hint(self) -> Thinking[Any] | None:
        return _slow("the hint", 3)

    def show_hint(self, hint: Any) -> None:
        self.shown.append(hint)

    def changed(self) -> None:
        self.dirty += 1

    def save_if_changed(self) -> None:
        pass

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    @property
    def people_here(self) -> list[int]:
        return [0]

    def judge_saved(self, position: Any, action: Any) -> Thinking[Any]:
        self.judged.append((position, action))
        return Thinking(None, self.judgement)

    def action_json(self, action: Any) -> Any:
        return action

    def accuracy_cost(self, judgement: Any) -> float:
        return judgement.cost

    def moment(self) -> str:
        return "Round 1"


def _slow(result: Any, slices: int) -> Thinking[Any]:
    """A job that takes `slices` steps before `result` is ready."""

    def job():
        for _ in range(slices):
            yield
        return result

    return Thinking(job())
