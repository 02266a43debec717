"""Farkle 1.0 scoring: what a set of held dice is worth, and what a roll allows.

Scoring follows the seed's table with the single-die values of its own worked example
(the table swaps them; the example (1 4 2 4 4 5) = 550 only adds up with 1 = 100 and
5 = 50). Combinations never span rolls, and held dice score as the best split of exactly
those dice into combinations, every die in some combination:

- four of a kind has no row of its own: it is three of a kind plus a single, so it
  scores only for 1s and 5s ((1,1,1,1) = 1100, (5,5,5,5) = 550, (2,2,2,2) = nothing);
  five of a kind likewise ((1,1,1,1,1) = 1200);
- two three-of-a-kinds means two different faces; six of one face is six of a kind;
- the six-dice rows (six of a kind, straight, two triples) need all six dice of one roll.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

SIX_OF_A_KIND = 4000
STRAIGHT = 2000
TWO_TRIPLES = 2000
THREE_ONES = 1000
TRIPLE_PER_PIP = 100  # three of a kind (2-6) scores 100 x face
SINGLE_ONE = 100
SINGLE_FIVE = 50
DICE = 6
POINT_STEP = 50  # every score is a multiple of this

FACES = (1, 2, 3, 4, 5, 6)
Counts = tuple[int, int, int, int, int, int]
_NO_SCORE = -1
# The caps of the caches below hold every key there is, so nothing is ever made twice:
# a set of dice (Counts) is one of the C(12, 6) = 924 multisets of at most six dice over
# six faces, and a number of dice is 0 to 6.
EVERY_SET_OF_DICE = math.comb(DICE + len(FACES), DICE)
EVERY_NUMBER_OF_DICE = DICE + 1


def counts_of(dice: Iterable[int]) -> Counts:
    """How many of each face 1..6 the dice show."""
    counts = [0] * 6
    for die in dice:
        if not 1 <= die <= 6:
            raise ValueError(f"not a die face: {die!r}")
        counts[die - 1] += 1
    return tuple(counts)  # type: ignore[return-value]


def _triple_value(face: int) -> int:
    return THREE_ONES if face == 1 else TRIPLE_PER_PIP * face


@lru_cache(maxsize=EVERY_SET_OF_DICE)
def _best_split(counts: Counts) -> int:
    """Best total over splits of exactly these dice into combinations; -1 if impossible."""
    total = sum(counts)
    if total == 0:
        return 0
    best = _NO_SCORE
    if total == DICE:
        if DICE in counts:
            best = SIX_OF_A_KIND
        if all(c == 1 for c in counts):
            best = max(best, STRAIGHT)
        if sorted(c for c in counts if c) == [3, 3]:
            best = max(best, TWO_TRIPLES)
    for index, count in enumerate(counts):
        if count >= 3:
            rest = _best_split(_take(counts, index, 3))
            if rest >= 0:
                best = max(best, _triple_value(index + 1) + rest)
    for face, value in ((1, SINGLE_ONE), (5, SINGLE_FIVE)):
        if counts[face - 1]:
            rest = _best_split(_take(counts, face - 1, 1))
            if rest >= 0:
                best = max(best, value + rest)
    return best


def _take(counts: Counts, index: int, how_many: int) -> Counts:
    as_list = list(counts)
    as_list[index] -= how_many
    return tuple(as_list)  # type: ignore[return-value]


def score(dice: Sequence[int]) -> int:
    """Points for holding exactly these dice from one roll; 0 if any die does not score."""
    if len(dice) > DICE:
        raise ValueError("at most six dice are held from one roll")
    return max(_best_split(counts_of(dice)), 0)


def sub_multisets(counts: Counts) -> Iterable[Counts]:
    """Every non-empty choice of dice from these counts, as counts."""
    for choice in itertools.product(*(range(c + 1) for c in counts)):
        if any(choice):
            yield choice  # type: ignore[misc]


def dice_from_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """Sorted faces for counts per face."""
    return tuple(face for face, count in zip(FACES, counts) for _ in range(count))


def is_farkle(dice: Sequence[int]) -> bool:
    """True when no die of this roll can be held (nothing scores)."""
    counts = counts_of(dice)
    # Any scoring hold contains a 1, a 5 or a triple (the straight and six-dice rows too).
    return not (counts[0] or counts[4] or max(counts, default=0) >= 3)


@dataclass(frozen=True)
class HoldOption:
    """One way to hold dice from a roll: the dice, their points, how many."""

    counts: Counts
    points: int
    used: int


@lru_cache(maxsize=EVERY_SET_OF_DICE)
def hold_options(counts: Counts) -> tuple[HoldOption, ...]:
    """Every scoring hold from a roll (as counts), most points first."""
    options = []
    for choice in sub_multisets(counts):
        points = _best_split(choice)
        if points > 0:
            options.append(HoldOption(choice, points, sum(choice)))
    options.sort(key=lambda o: (-o.points, o.used, o.counts))
    return tuple(options)


@lru_cache(maxsize=EVERY_SET_OF_DICE)
def best_hold_per_size(counts: Counts) -> tuple[HoldOption, ...]:
    """For each number of dice held, the hold worth most; other holds never do better.

    Holding k dice leaves the same dice to roll whichever k are held, and more points
    never hurt, so the best hold of each size is the only one worth considering.
    """
    best: dict[int, HoldOption] = {}
    for option in hold_options(counts):
        if option.used not in best or option.points > best[option.used].points:
            best[option.used] = option
    return tuple(best[used] for used in sorted(best))


@dataclass(frozen=True)
class RollOutcome:
    """One roll of n dice as a multiset: its probability and the best hold of each size."""

    counts: Counts
    probability: float
    holds: tuple[HoldOption, ...]  # empty: a farkle


@lru_cache(maxsize=EVERY_NUMBER_OF_DICE)
def roll_outcomes(n: int) -> tuple[RollOutcome, ...]:
    """Every distinct roll of n dice (order ignored) with its exact probability."""
    outcomes = []
    for dice in itertools.combinations_with_replacement(FACES, n):
        counts = counts_of(dice)
        ways = math.factorial(n)
        for count in counts:
            ways //= math.factorial(count)
        outcomes.append(RollOutcome(counts, ways / 6**n, best_hold_per_size(counts)))
    return tuple(outcomes)


@lru_cache(maxsize=EVERY_NUMBER_OF_DICE)
def roll_profiles(n: int) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """Rolls of n dice grouped by what they allow: (probability, ((points, dice left), ...)).

    Many rolls allow exactly the same choices; merging them makes the dynamic programmes
    several times faster. Dice left is 6 after hot dice. Farkles are left out: their
    probability is what the profiles' probabilities do not add up to.
    """
    merged: dict[tuple[tuple[int, int], ...], float] = {}
    for outcome in roll_outcomes(n):
        if not outcome.holds:
            continue
        key = tuple((h.points, (n - h.used) or DICE) for h in outcome.holds)
        merged[key] = merged.get(key, 0.0) + outcome.probability
    return tuple(sorted(((p, key) for key, p in merged.items()), key=lambda pk: pk[1]))


@lru_cache(maxsize=EVERY_NUMBER_OF_DICE)
def farkle_probability(n: int) -> float:
    """Chance that a roll of n dice scores nothing."""
    return sum(o.probability for o in roll_outcomes(n) if not o.holds)
