"""Shared helpers for the Farkle tests: scripted dice and positions set up from data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from game.engine.farkle import FarkleOptions, FarkleState, Seat
from tests.scripted_dice import ScriptedDice as ScriptedDice  # the tests' dice, from here


def kinds(events) -> list[str]:
    """The kinds of a list of events."""
    return [event.kind for event in events]


def game(
    seats: Sequence[str] = ("human", "human"), first: int | None = None, **options
) -> FarkleState:
    """A fresh game with these seat kinds and options."""
    return FarkleState.new([Seat(kind) for kind in seats], FarkleOptions(**options), first)


def position(
    roll: Sequence[int],
    turn_points: int = 0,
    scores: Sequence[int] = (0, 0),
    current: int = 0,
    **options,
) -> FarkleState:
    """A game in the middle of a turn: `roll` on the table, `turn_points` held before it."""
    state = game(("human",) * len(scores), **options)
    state.scores = list(scores)
    state.current = current
    state.phase = "rolled"
    state.roll = tuple(roll)
    state.turn_points = turn_points
    return state


def indices_of(roll: Sequence[int], faces: Sequence[int]) -> tuple[int, ...]:
    """Indices in `roll` of dice showing `faces` (first matches first)."""
    wanted = list(faces)
    chosen = []
    for i, die in enumerate(roll):
        if die in wanted:
            wanted.remove(die)
            chosen.append(i)
    assert not wanted, f"{faces} not all in {roll}"
    return tuple(chosen)


# An independent scorer: the seed's rows written out as patterns, best cut by brute force.
PATTERNS = (
    [((f,) * 6, 4000) for f in range(1, 7)]
    + [((1, 2, 3, 4, 5, 6), 2000)]
    + [((a, a, a, b, b, b), 2000) for a in range(1, 7) for b in range(a + 1, 7)]
    + [((1, 1, 1), 1000)]
    + [((f, f, f), 100 * f) for f in range(2, 7)]
    + [((1,), 100), ((5,), 50)]
)


@cache
def brute_score(dice: tuple[int, ...]) -> int:
    """Best sum over ways of cutting the dice into table rows; -1 if some die is left."""
    if not dice:
        return 0
    have = Counter(dice)
    best = -1
    for pattern, value in PATTERNS:
        need = Counter(pattern)
        if all(have[f] >= c for f, c in need.items()):
            rest = brute_score(tuple(sorted((have - need).elements())))
            if rest >= 0:
                best = max(best, value + rest)
    return best
