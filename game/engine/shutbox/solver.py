"""Perfect play, exactly: dynamic programming over the 512 door states of one turn.

A turn's outcome depends only on which doors are open when it ends, so one table indexed
by the open-door mask holds the value of every position before a roll. A shut only ever
removes doors, so every successor mask is a sub-mask, numerically smaller: filling the
table in increasing mask order sees every successor first.

Values are exact `Fraction`s: ties between shuts are then real ties, broken by the
listing order of `rules.SHUT_MASKS` (fewest doors, highest first), never by rounding.

The objective is a payoff for each final turn score (0..50). Perfect uses the score
itself (expected turn score, as the issue asks); `solve_for_payoff` also takes any other,
e.g. the win share of the game's last turn (`study` measures what that would gain).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .rules import (
    DOORS,
    FULL_MASK,
    MASK_SUM,
    ONE_DIE,
    ONE_DIE_REQUIRES_SHUT,
    PERFECT_TURN,
    SHUT_MASKS,
    TWO_DICE,
    from_mask,
    to_mask,
)

# Probability of each total: two dice (2..12) and the optional single die (1..6).
TWO_DICE_TOTALS: Mapping[int, Fraction] = {
    total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)
}
ONE_DIE_TOTALS: Mapping[int, Fraction] = {total: Fraction(1, 6) for total in range(1, 7)}
ROLL_TOTALS: Mapping[int, Mapping[int, Fraction]] = {
    TWO_DICE: TWO_DICE_TOTALS,
    ONE_DIE: ONE_DIE_TOTALS,
}

_HIGH_DOORS_MASK = to_mask(ONE_DIE_REQUIRES_SHUT)
# Score objective: the payoff of a final turn score is the score.
SCORE_PAYOFF: tuple[Fraction, ...] = tuple(Fraction(s) for s in range(PERFECT_TURN + 1))


def final_score_of_mask(mask: int) -> int:
    """Turn score when the turn ends with `mask` open."""
    return PERFECT_TURN if mask == 0 else PERFECT_TURN - 5 - MASK_SUM[mask]


@dataclass(frozen=True)
class Table:
    """The solved turn for one objective: values, best dice, best shut per roll total."""

    one_die_option: bool
    payoff: tuple[Fraction, ...]
    # value[mask]: expected payoff before rolling with `mask` open, under best play.
    value: tuple[Fraction, ...]
    # dice[mask]: how many dice best play rolls there (1 only where the option allows).
    dice: tuple[int, ...]
    # best[dice][mask][total]: mask of the doors best play shuts after that roll.
    best: Mapping[int, tuple[Mapping[int, int], ...]]

    def unusable(self, open_mask: int) -> Fraction:
        """Payoff when a roll cannot be matched with `open_mask` open."""
        return self.payoff[final_score_of_mask(open_mask)]


# Exact arithmetic without Fraction's cost: every probability is a count of 36ths and a
# turn has at most nine rolls, so value * 36**9 * (the payoffs' common denominator) is an
# integer for every position, and each step's division by 36 is exact.
_MOST_ROLLS = len(DOORS)
_COUNTS: Mapping[int, Mapping[int, int]] = {
    number: {t: int(p * 36) for t, p in totals.items()} for number, totals in ROLL_TOTALS.items()
}


def _roll_value(
    value: Sequence[int], payoff: Sequence[int], mask: int, counts: Mapping[int, int]
) -> tuple[int, dict[int, int]]:
    # Returns the scaled expected value of rolling here and the best shut per total.
    expected = 0
    best_shuts: dict[int, int] = {}
    options = SHUT_MASKS[mask]
    for total, count in counts.items():
        shuts = options.get(total)
        if not shuts:
            expected += count * payoff[final_score_of_mask(mask)]
            continue
        best_sub = shuts[0]
        best_value = value[mask & ~best_sub]
        for sub in shuts[1:]:
            candidate = value[mask & ~sub]
            if candidate > best_value:  # strict: the earlier listed shut wins a tie
                best_sub, best_value = sub, candidate
        best_shuts[total] = best_sub
        expected += count * best_value
    return expected // 36, best_shuts


def solve_for_payoff(payoff: Sequence[Fraction | int], one_die_option: bool = False) -> Table:
    """Solve one turn for any payoff per final turn score (index 0..50)."""
    if len(payoff) != PERFECT_TURN + 1:
        raise ValueError(f"need a payoff for each turn score 0..{PERFECT_TURN}")
    exact = tuple(Fraction(p) for p in payoff)
    scale = 36**_MOST_ROLLS * math.lcm(*(p.denominator for p in exact))
    scaled_payoff = [int(p * scale) for p in exact]
    value = [0] * (FULL_MASK + 1)
    dice = [TWO_DICE] * (FULL_MASK + 1)
    best_two: list[Mapping[int, int]] = [{}] * (FULL_MASK + 1)
    best_one: list[Mapping[int, int]] = [{}] * (FULL_MASK + 1)
    value[0] = scaled_payoff[PERFECT_TURN]
    for mask in range(1, FULL_MASK + 1):
        value[mask], best_two[mask] = _roll_value(value, scaled_payoff, mask, _COUNTS[TWO_DICE])
        if one_die_option and not mask & _HIGH_DOORS_MASK:
            one_value, best_one[mask] = _roll_value(value, scaled_payoff, mask, _COUNTS[ONE_DIE])
            if one_value > value[mask]:  # strict: two dice, the ordinary roll, wins a tie
                value[mask], dice[mask] = one_value, ONE_DIE
    return Table(
        one_die_option,
        exact,
        tuple(Fraction(v, scale) for v in value),
        tuple(dice),
        {TWO_DICE: tuple(best_two), ONE_DIE: tuple(best_one)},
    )


@lru_cache(maxsize=2)
def score_table(one_die_option: bool = False) -> Table:
    """The Perfect level's table: maximise the expected turn score."""
    return solve_for_payoff(SCORE_PAYOFF, one_die_option)


def best_shut(
    open_doors: Iterable[int],
    total: int,
    one_die_option: bool = False,
    dice: int = TWO_DICE,
    table: Table | None = None,
) -> frozenset[int]:
    """The doors best play shuts for this roll; empty if the roll cannot be matched."""
    table = table or score_table(one_die_option)
    mask = to_mask(open_doors)
    shuts = SHUT_MASKS[mask].get(total)
    if not shuts:
        return frozenset()
    if mask and total in table.best[dice][mask]:
        return from_mask(table.best[dice][mask][total])
    # A total this many dice cannot roll (asked of the pure function): same rule, live.
    return from_mask(max(shuts, key=lambda s: (table.value[mask & ~s], -shuts.index(s))))


def choose_doors(open_doors: frozenset[int], total: int) -> frozenset[int]:
    """Perfect's shut for a two-dice `total` (seed rules); empty if nothing matches."""
    return best_shut(open_doors, total)


def expected_turn_score(
    open_doors: Iterable[int] = frozenset(range(1, 10)), one_die_option: bool = False
) -> Fraction:
    """Exact expected final turn score before rolling, under Perfect play."""
    return score_table(one_die_option).value[to_mask(open_doors)]


def shut_values(
    open_doors: Iterable[int], total: int, table: Table
) -> list[tuple[frozenset[int], Fraction]]:
    """Every legal shut of this roll with its expected payoff, best first (stable ties)."""
    mask = to_mask(open_doors)
    shuts = SHUT_MASKS[mask].get(total, ())
    scored = [(from_mask(s), table.value[mask & ~s]) for s in shuts]
    return sorted(scored, key=lambda pair: -pair[1])


def dice_values(open_doors: Iterable[int], table: Table) -> dict[int, Fraction]:
    """Expected payoff of rolling each allowed number of dice now."""
    mask = to_mask(open_doors)
    numbers = [TWO_DICE]
    if table.one_die_option and not mask & _HIGH_DOORS_MASK:
        numbers.append(ONE_DIE)
    values = {}
    for number in numbers:
        expected = Fraction(0)
        for total, probability in ROLL_TOTALS[number].items():
            shuts = SHUT_MASKS[mask].get(total)
            expected += probability * (
                max(table.value[mask & ~s] for s in shuts) if shuts else table.unusable(mask)
            )
        values[number] = expected
    return values


def score_distribution(table: Table) -> dict[int, Fraction]:
    """Exact distribution of the final turn score from all doors open under `table`'s play."""
    reach = [Fraction(0)] * (FULL_MASK + 1)
    reach[FULL_MASK] = Fraction(1)
    finals: dict[int, Fraction] = {}
    # Successors are smaller masks, so descending order has every mask's reach complete.
    for mask in range(FULL_MASK, 0, -1):
        if not reach[mask]:
            continue
        number = table.dice[mask]
        best = table.best[number][mask]
        for total, probability in ROLL_TOTALS[number].items():
            weight = reach[mask] * probability
            if total in best:
                reach[mask & ~best[total]] += weight
            else:
                score = final_score_of_mask(mask)
                finals[score] = finals.get(score, Fraction(0)) + weight
    if reach[0]:
        finals[PERFECT_TURN] = finals.get(PERFECT_TURN, Fraction(0)) + reach[0]
    return dict(sorted(finals.items()))
