"""How good a decision was: the one shape every game's coach shares.

Each engine has a `coach` module with `judge(state, action) -> Judgement | None`: the
action weighed against the best the engine's own solver or strongest player knows, in the
unit that player maximises. The hint (`?`), the review after a game, coach mode and the
accuracy figure all read Judgements, so "how good is this move" lives in one place per
game. Pure Python, no pygame.
"""

from __future__ import annotations

import math
import statistics
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
    figures: str = ""  # an estimate's figures behind `why`, for who asks (the review)

    @property
    def cost(self) -> float:
        """What the action gave up against the best (never negative; 0 for the best)."""
        return max(0.0, self.best_value - self.value)


# How sure a difference between two estimates is, in words: more than this many standard
# errors is "clearly", more than one "slightly"; less is a close call (either is fine),
# since the estimate cannot tell them apart.
CLEARLY_AT = 2.0


def closeness(difference: float, spread: float) -> str:
    """ "clearly", "slightly" or "close": how far apart two estimates are against the
    uncertainty of their difference (one standard error)."""
    if difference > CLEARLY_AT * spread and difference > 0:
        return "clearly"
    if difference > spread and difference > 0:
        return "slightly"
    return "close"


# The per-decision curve is lichess's (its "accuracy" page and lila's AccuracyPercent):
# 103.1668 * exp(-0.04354 * loss) - 3.1669 for a loss of `loss` points of win percentage.
# Here the loss is the decision's cost in its game's unit, scaled by that game's
# `half_at` (the cost that scores 50): exp's rate is then ln(103.1668 / 53.1668) per
# half_at. The constant term is lichess's less its last digit, so that a cost of 0
# scores exactly 100.
CURVE_TOP = 103.1668
CURVE_FLOOR = 3.1668
CURVE_RATE = math.log(CURVE_TOP / (50 + CURVE_FLOOR))


def move_accuracy(cost: float, half_at: float) -> float:
    """0-100 for one decision that gave up `cost` (in its game's accuracy unit): 100 for
    the best, 50 for a cost of `half_at`, about 25 at twice it, about 0 past three times
    it (lichess's curve, see CURVE_TOP)."""
    raw = CURVE_TOP * math.exp(-CURVE_RATE * max(0.0, cost) / half_at) - CURVE_FLOOR
    return max(0.0, min(100.0, raw))


def raw_accuracy(costs: Sequence[float], half_at: float) -> float:
    """The mean of the decisions' move_accuracy (0-100), as lichess averages its moves'."""
    return sum(move_accuracy(cost, half_at) for cost in costs) / len(costs)


def accuracy(costs: Sequence[float], half_at: float, stretch: float = 1.0) -> int | None:
    """0-100 for a game: the mean of its decisions' move_accuracy (as chess sites give
    it), its distance below 100 multiplied by the game's `stretch` (at least 1): in a
    game where most decisions cannot go wrong (La Belle Lucie's sure moves in any order)
    the few that can weigh more, so that a random player's median game scores
    RANDOM_MEDIAN in every game. 100 only when every decision was the best (a game with a
    slip, however small, is at most 99); None when there was no decision to judge.

    Each game's `half_at` and `stretch` come from simulated players (`python -m
    game.bench_accuracy`, calibrate): with 15 decisions of which one costs far more than
    half_at, the mean is 93, and the figure 93 less 7 times the stretch."""
    if not costs:
        return None
    shown = round(max(0.0, 100 - (100 - raw_accuracy(costs, half_at)) * stretch))
    return min(shown, 99) if any(cost > 0 for cost in costs) else shown


def cost_for_accuracy(figure: float, half_at: float, stretch: float = 1.0) -> float:
    """The cost per decision of a player whose decisions all cost the same and whose
    game's accuracy() is `figure` (0 < figure <= 100): accuracy's inverse, for sample
    records whose average loss must agree with their accuracy (the Progress page's
    pictures). 0 for 100."""
    if not 0 < figure <= 100:
        raise ValueError(f"no cost gives an accuracy of {figure!r}")
    raw = 100 - (100 - figure) / max(1.0, stretch)  # the mean move accuracy before stretching
    return max(0.0, half_at * math.log(CURVE_TOP / (raw + CURVE_FLOOR)) / CURVE_RATE)


def bench_words(rows: Sequence[tuple[str, int, int, int]]) -> str:
    """A game's ACCURACY_BENCH (player, 10th percentile, median, 90th percentile) in
    words: "Perfect play 100; Pub regular 98 (95-100); random moves 28 (12-53)"."""
    return "; ".join(
        f"{name} {median}" + ("" if low == high else f" ({low}-{high})")
        for name, low, median, high in rows
    )


# What a random player's median game scores in every game (calibrate's target).
# Lichess's figures for random moves are of this order.
RANDOM_MEDIAN = 30


def calibrate(
    games: Sequence[Sequence[float]], target: float = RANDOM_MEDIAN
) -> tuple[float, float]:
    """(half_at, stretch) for a game from a random player's games (each a list of its
    decisions' costs; a game without a decision left out):

    - half_at: the median cost of the random player's decisions that cost something, so
      that a random player's typical mistake scores 50 as a move, in every game;
    - stretch: what takes the random player's median game from its mean move accuracy
      down to `target` (1 when it is there already or below)."""
    costly = sorted(cost for costs in games for cost in costs if cost > 0)
    played = [list(costs) for costs in games if costs]
    if not costly or not played:
        raise ValueError("no costly decision to calibrate on")
    middle = len(costly) // 2
    half_at = costly[middle] if len(costly) % 2 else (costly[middle - 1] + costly[middle]) / 2
    median = statistics.median(raw_accuracy(costs, half_at) for costs in played)
    stretch = max(1.0, (100 - target) / (100 - median)) if median < 100 else 1.0
    return half_at, stretch
