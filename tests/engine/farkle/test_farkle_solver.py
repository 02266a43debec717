"""The Expert's turn play is exact: its values equal an independently written recursive
expectation over every roll outcome (its own scorer, its own outcome enumeration, every
hold rather than the best of each size, memoised recursion instead of a sweep, a higher
cap), and the Expert's actual choices achieve that optimum.

Every total a turn reaches is a multiple of 50 and totals only grow, so the recursions'
memos are filled from the highest total down (`from_the_top`): each call then finds the
values it needs already memoised, one level down. Called from 0 instead, they would go
hundreds of calls deep through max(), generator expressions and the caches' C code, past
what Python 3.12's C stack allows whatever sys.setrecursionlimit says."""

from __future__ import annotations

import itertools
import sys
import threading
from collections import Counter
from functools import cache

import pytest
from helpers_farkle import brute_score

from game.engine.farkle import expected_turn_score, expert_choice
from game.engine.farkle.race import race_table
from game.engine.farkle.rules import FarkleOptions
from game.engine.farkle.solver import (
    ReachTable,
    points_cap,
    points_table,
    reach_chance,
    turn_distribution,
)

# Far above the solver's own cap (11200): the two computations stop in different places.
INDEPENDENT_CAP = 16000
POINTS_STEP = 50  # every scoring hold is worth a multiple of this


def from_the_top(value, top: int = INDEPENDENT_CAP) -> None:
    """Fill the memo of `value(total, n)` from total `top` down to 0."""
    for total in range(top, -1, -POINTS_STEP):
        for n in range(1, 7):
            value(total, n)


@cache
def outcomes(n: int) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """Each sorted roll of n dice with its chance (counted over all 6**n ordered rolls)
    and every distinct (points, dice held) of its scoring holds; farkles left out."""
    counted = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=n))
    result = []
    for dice, ways in counted.items():
        holds = set()
        for mask in range(1, 2**n):
            held = tuple(d for i, d in enumerate(dice) if mask >> i & 1)
            points = brute_score(held)
            if points > 0:
                holds.add((points, len(held)))
        if holds:
            result.append((ways / 6**n, tuple(sorted(holds))))
    assert all(points % POINTS_STEP == 0 for _, holds in result for points, _ in holds)
    return tuple(result)


def independent_turn_value(min_bank: int) -> float:
    """Optimal expected banked points of a turn, by memoised recursion."""

    @cache
    def rolling(total: int, n: int) -> float:
        value = 0.0
        for chance, holds in outcomes(n):  # farkles add nothing
            value += chance * max(
                standing(total + points, (n - used) or 6) for points, used in holds
            )
        return value

    @cache
    def standing(total: int, n: int) -> float:
        if total >= INDEPENDENT_CAP:
            return float(total)
        banked = float(total) if total >= min_bank else float("-inf")
        return max(banked, rolling(total, n))

    from_the_top(standing)
    return rolling(0, 6)


@pytest.mark.slow
@pytest.mark.parametrize("min_bank", [0, 500])
def test_expected_turn_score_equals_an_independent_optimum(min_bank):
    assert expected_turn_score(min_bank) == pytest.approx(
        independent_turn_value(min_bank), rel=1e-12, abs=1e-9
    )


@pytest.mark.slow
@pytest.mark.parametrize("min_bank", [0, 500])
def test_the_expert_choices_achieve_the_optimum(min_bank):
    """Evaluate the policy expert_choice actually plays, exactly, over every outcome."""
    counted = {
        n: Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=n))
        for n in range(1, 7)
    }

    @cache
    def rolling(total: int, n: int) -> float:
        value = 0.0
        for dice, ways in counted[n].items():
            held, bank = expert_choice(dice, total, min_bank)
            if not held:
                continue
            after = total + brute_score(held)
            assert bank is False or after >= min_bank
            left = (n - len(held)) or 6
            value += ways / 6**n * (after if bank else rolling(after, left))
        return value

    from_the_top(rolling, top=points_cap() * POINTS_STEP)  # it banks from there on
    played = rolling(0, 6)
    assert played == pytest.approx(expected_turn_score(min_bank), rel=1e-12)


def test_the_optimal_values_are_as_measured():
    # Fixed figures, so a change of rules or solver shows up here first.
    assert expected_turn_score(0) == pytest.approx(484.9136848, abs=1e-6)
    assert expected_turn_score(500) == pytest.approx(449.9009235, abs=1e-6)
    assert expected_turn_score(300) <= expected_turn_score(0)
    assert expected_turn_score(1000) < expected_turn_score(500)


def test_banking_is_optimal_everywhere_from_the_cap():
    # One-step test of the monotone stopping rule, recomputed here from the outcomes.
    cap = points_cap() * 50
    for n in range(1, 7):
        farkle = 1 - sum(chance for chance, _ in outcomes(n))
        gain = sum(chance * max(points for points, _ in holds) for chance, holds in outcomes(n))
        assert farkle * cap >= gain
    table = points_table(0)
    for n in range(1, 7):
        assert table.bank[table.cap] >= table.roll[n][table.cap]


def test_expert_choice_on_the_seeds_example():
    # 550 with one die left: rolling a single die is worth less than banking.
    assert expert_choice((1, 4, 2, 4, 4, 5), 0) == ((1, 4, 4, 4, 5), True)


def test_expert_choice_throws_back_fives_for_more_dice():
    assert expert_choice((5, 5, 2, 3, 4, 6), 0) == ((5,), False)
    assert expert_choice((1, 5, 2, 3, 4, 6), 0) == ((1, 5, 2, 3, 4, 6), False)  # hot dice


def test_expert_choice_respects_the_minimum_bank():
    # 400 with one die left: bank it when allowed, else roll the last die.
    assert expert_choice((1, 2), 300, min_bank=0) == ((1,), True)
    assert expert_choice((1, 2), 300, min_bank=500) == ((1,), False)
    assert expert_choice((1, 2), 400, min_bank=500) == ((1,), True)


def test_expert_choice_on_a_farkle_holds_nothing():
    assert expert_choice((2, 3, 4, 6, 6, 2), 500) == ((), False)


def test_expert_choice_banks_a_huge_turn():
    held, bank = expert_choice((1, 2, 3, 4, 6, 6), 30000)
    assert held == (1,) and bank is True


@cache
def independent_reach(remaining: int, n: int) -> float:
    """Best chance of scoring `remaining` more points, rolling n dice (recursion)."""
    if remaining <= 0:
        return 1.0
    return sum(
        chance
        * max(
            1.0 if points >= remaining else independent_reach(remaining - points, (n - used) or 6)
            for points, used in holds
        )
        for chance, holds in outcomes(n)
    )


@pytest.mark.parametrize("need", [50, 300, 500, 1000, 1500, 2500])
def test_reach_chances_equal_an_independent_recursion(need):
    for n in range(1, 7):
        assert reach_chance(need, n) == pytest.approx(independent_reach(need, n), rel=1e-12)


def test_reach_tables_grown_from_two_threads_at_once_equal_one_grown_alone():
    """Farkle tables for two targets warm up on two threads and grow the one shared reach
    table (the screenshots did: an IndexError on one thread, rows of unequal length)."""
    alone, shared, failures = ReachTable(), ReachTable(), []
    alone.extend(400)

    def grow(step_by):
        try:
            for upto in [*range(step_by, 400, step_by), 400]:
                shared.value(upto, 6)
        except Exception as error:  # a thread's exception would only reach stderr
            failures.append(error)

    threads = [threading.Thread(target=grow, args=(step_by,)) for step_by in (7, 11, 13)]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as CPython allows
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert failures == []
    assert shared.chance == alone.chance


def test_reach_rounds_a_need_up_to_the_next_fifty():
    assert reach_chance(1001) == reach_chance(1050) < reach_chance(1000)


def test_turn_distribution_matches_the_expected_score():
    dist = turn_distribution(500)
    assert sum(dist) == pytest.approx(1.0)
    assert sum(k * 50 * p for k, p in enumerate(dist)) == pytest.approx(expected_turn_score(500))
    assert all(p == 0 for p in dist[1:10])  # nothing below 500 is ever banked


def test_race_table_is_a_probability_and_favours_the_first_to_move():
    table = race_table(FarkleOptions())
    assert all(0.0 <= w <= 1.0 for row in table.to_move for w in row)
    assert 0.5 < table.to_move[0][0] < 0.6
    assert table.win_after_stop(9000, 2000) > table.win_after_stop(5000, 2000)
    assert table.win_after_stop(2000, 9000) < 0.1
