"""Exact single-turn Farkle dynamic programmes, on a grid of 50-point steps.

A turn is a stopping problem over (turn total t, dice about to be rolled n). Every roll
that scores moves t up by at least 50, so values at t depend only on larger t and one
backward sweep over t solves the turn exactly; there is no cycle to iterate.

- `points_table(min_bank)`: maximal expected banked points (the Expert's plain policy).
  Above `points_cap()` banking is optimal everywhere: there, for every n, banking beats
  rolling once more and then banking (p_farkle(n) * t >= E[best score of n dice]), and
  t never goes down, so by the monotone case of optimal stopping (Chow, Robbins and
  Siegmund) the one-step rule is optimal and the sweep may start at the cap exactly.
- `reach_table()`: the greatest chance of scoring at least r more points this turn —
  the final round, where only beating the leader counts.
- `solve_turn(...)`: the same sweep for any payoff of banking (a chance to win the
  game), used by the Expert near the end.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass
from functools import lru_cache

from .rules import MIN_BANKS
from .scoring import (
    DICE,
    EVERY_NUMBER_OF_DICE,
    POINT_STEP,
    farkle_probability,
    roll_outcomes,
    roll_profiles,
)

MAX_STEP = 4000 // POINT_STEP  # the most one roll can add (six of a kind), in steps
NOT_ALLOWED = -math.inf  # the value of banking where banking is not allowed


def steps(points: int) -> int:
    """Points as whole grid steps, rounding up (a need of 1001 is met only by 1050)."""
    return -(-points // POINT_STEP)


@lru_cache(maxsize=1)
def points_cap() -> int:
    """Turn total (in steps) from which banking is optimal whatever the dice left."""
    worst = 0.0
    for n in range(1, DICE + 1):
        gain = sum(
            o.probability * max(h.points for h in o.holds) for o in roll_outcomes(n) if o.holds
        )
        worst = max(worst, gain / farkle_probability(n))
    return steps(math.ceil(worst))


@lru_cache(maxsize=EVERY_NUMBER_OF_DICE)
def _profiles_in_steps(n: int) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    return tuple(
        (p, tuple((points // POINT_STEP, left) for points, left in options))
        for p, options in roll_profiles(n)
    )


@dataclass
class TurnTable:
    """Solved values for turn totals lo..cap (steps): rolling now, or standing after a hold.

    `roll[n][i]` is the value of rolling n dice at turn total lo+i; `after[n][i]` the
    value of having just held dice, n to roll next, i.e. max(bank, roll). `bank[i]` is
    the value of banking (NOT_ALLOWED when banking is refused); past the cap it is the
    value of every state, which the caller guarantees by choosing the cap.
    """

    lo: int
    cap: int
    bank: list[float]
    roll: list[list[float]]
    after: list[list[float]]
    farkle: float

    def roll_value(self, total: int, n: int) -> float:
        """Value of rolling n dice with `total` points (steps) in the turn."""
        if total > self.cap:
            return self.bank[total - self.lo]
        return self.roll[n][total - self.lo]

    def bank_value(self, total: int) -> float:
        """Value of banking with `total` points (steps) in the turn."""
        return self.bank[total - self.lo]


def solve_turn(
    lo: int, cap: int, bank_value: Callable[[int], float], farkle_value: float
) -> TurnTable:
    """Backward sweep over turn totals lo..cap (steps) for a given payoff of banking."""
    job = solve_turn_job(lo, cap, bank_value, farkle_value)
    while True:
        try:
            next(job)
        except StopIteration as done:
            return done.value


# solve_turn_job yields after this many turn totals (about a millisecond of work), so that
# a table can be built a slice a frame.
ROWS_PER_SLICE = 8


def solve_turn_job(
    lo: int, cap: int, bank_value: Callable[[int], float], farkle_value: float
) -> Generator[None, None, TurnTable]:
    """solve_turn cut into slices: yields every ROWS_PER_SLICE turn totals."""
    size = cap - lo + 1 + MAX_STEP
    bank = [bank_value(lo + i) for i in range(size)]
    roll = [[0.0] * size for _ in range(DICE + 1)]
    after = [[0.0] * size for _ in range(DICE + 1)]
    for n in range(1, DICE + 1):
        after[n][cap - lo + 1 :] = bank[cap - lo + 1 :]
    # Each profile refers straight to the `after` list of the dice it leaves: no lookups
    # in the innermost loop, which runs some 600 times per turn total.
    profiles = [
        [
            (p, [(step, after[left]) for step, left in options])
            for p, options in _profiles_in_steps(n)
        ]
        for n in range(DICE + 1)
    ]
    pf = [0.0] + [farkle_probability(n) * farkle_value for n in range(1, DICE + 1)]
    for i in range(cap - lo, -1, -1):
        if i % ROWS_PER_SLICE == 0:
            yield
        for n in range(1, DICE + 1):
            total = pf[n]
            for p, options in profiles[n]:
                best = NOT_ALLOWED
                for step, after_left in options:
                    value = after_left[i + step]
                    if value > best:
                        best = value
                total += p * best
            roll[n][i] = total
        b = bank[i]
        for n in range(1, DICE + 1):
            after[n][i] = b if b > roll[n][i] else roll[n][i]
    return TurnTable(lo, cap, bank, roll, after, farkle_value)


# One table per minimum bank a game can have (min_bank_for gives 0 or the option).
@lru_cache(maxsize=len(MIN_BANKS))
def points_table(min_bank: int) -> TurnTable:
    """Maximal expected banked points for a turn under a minimum bank (points)."""
    need = steps(min_bank)
    cap = max(points_cap(), need)
    return solve_turn(0, cap, lambda i: float(i * POINT_STEP) if i >= need else NOT_ALLOWED, 0.0)


def expected_turn_score(min_bank: int) -> float:
    """Optimal expected points of a whole turn (rolling six at zero), in points."""
    return points_table(min_bank).roll_value(0, DICE)


class ReachTable:
    """Greatest chance of scoring at least r more points (steps) before a farkle.

    Grows upward on demand: reaching r needs only the chances for smaller r.
    """

    def __init__(self) -> None:
        # Index r + MAX_STEP so that "already reached" (r <= 0) needs no test.
        self.chance = [[1.0] * (MAX_STEP + 1) for _ in range(DICE + 1)]
        # Tables for different targets warm up on threads of their own and grow this one
        # table: one grows it at a time, and the others then find their rows there.
        self._growing = threading.Lock()

    @property
    def top(self) -> int:
        """The largest r (steps) solved so far."""
        return len(self.chance[1]) - 1 - MAX_STEP

    def value(self, remaining: int, n: int) -> float:
        """Chance of scoring `remaining` more steps, rolling n dice now, at best."""
        if remaining <= 0:
            return 1.0
        self.extend(remaining)
        return self.chance[n][remaining + MAX_STEP]

    def extend(self, upto: int) -> None:
        """Solve every r up to `upto` steps."""
        if upto <= self.top:
            return
        with self._growing:
            if upto > self.top:
                self._grow(upto)

    def _grow(self, upto: int) -> None:
        profiles = [
            [
                (p, [(step, self.chance[left]) for step, left in options])
                for p, options in _profiles_in_steps(n)
            ]
            for n in range(DICE + 1)
        ]
        for r in range(self.top + 1, upto + 1):
            index = r + MAX_STEP
            row = []
            for n in range(1, DICE + 1):
                total = 0.0
                for p, options in profiles[n]:
                    best = 0.0
                    for step, chance_left in options:
                        value = chance_left[index - step]
                        if value > best:
                            best = value
                    total += p * best
                row.append(total)
            # chance[1] says how far the table reaches (top), so it grows last: a reader
            # never finds r solved for one die and not yet for six.
            self.chance[0].append(0.0)
            for n in range(DICE, 0, -1):
                self.chance[n].append(row[n - 1])


_REACH = ReachTable()


def reach_table() -> ReachTable:
    """The shared, lazily grown reach table (it does not depend on any option)."""
    return _REACH


def reach_chance(points: int, n: int = DICE) -> float:
    """Greatest chance of scoring at least `points` more before a farkle, rolling n dice."""
    return _REACH.value(steps(points), n)


@lru_cache(maxsize=len(MIN_BANKS))
def turn_distribution(min_bank: int) -> tuple[float, ...]:
    """Distribution of banked points of one turn under `points_table(min_bank)`'s policy.

    Index k holds the chance of banking k steps (index 0: a farkle).
    """
    table = points_table(min_bank)
    size = table.cap + MAX_STEP + 1
    mass = [[0.0] * size for _ in range(DICE + 1)]
    banked = [0.0] * size
    mass[DICE][0] = 1.0
    profiles = [_profiles_in_steps(n) for n in range(DICE + 1)]
    for i in range(size):
        for n in range(1, DICE + 1):
            m = mass[n][i]
            if m == 0.0:
                continue
            if i > table.cap:
                banked[i] += m
                continue
            banked[0] += m * farkle_probability(n)
            for p, options in profiles[n]:
                step, left = max(options, key=lambda o: table.after[o[1]][i + o[0]])
                j = i + step
                if table.bank[j] >= table.after[left][j]:
                    banked[j] += m * p
                else:
                    mass[left][j] += m * p
    return tuple(banked)
