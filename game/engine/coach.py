"""How good a decision was: the one shape every game's coach shares.

Each engine has a `coach` module with `judge(state, action) -> Judgement | None`: the
action weighed against the best the engine's own solver or strongest player knows, in the
unit that player maximises. The hint (`?`), the review after a game, coach mode and the
accuracy figure all read Judgements, so "how good is this move" lives in one place per
game. Pure Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Judgement:
    """One decision weighed against the best. Values are in `unit`, higher is better:
    e.g. "points" (expected points this turn: Shut The Box, Farkle) or "win chance"
    (0..1, La Belle Lucie, Mille Bornes)."""

    action: Any  # the engine action judged
    best: Any  # the best engine action (equal to `action` when it was best)
    value: float  # what `action` is worth
    best_value: float  # what `best` is worth
    unit: str
    exact: bool  # from a solver's exact values; False: an estimate
    spread: float = 0.0  # an estimate's uncertainty (one standard error), 0 when exact
    why: str = ""  # the best move and why, in a player's words

    @property
    def cost(self) -> float:
        """What the action gave up against the best (never negative; 0 for the best)."""
        return max(0.0, self.best_value - self.value)


def accuracy(costs: Sequence[float], half_at: float) -> int | None:
    """0-100 from the average cost per decision: 100 when every decision was the best,
    halved for every `half_at` given up per decision on average (each game sets its own
    `half_at`, in its own unit). None when there was no decision to judge."""
    if not costs:
        return None
    average = sum(costs) / len(costs)
    return round(100 * 0.5 ** (average / half_at))
