"""The Shut The Box coach: judgements against Perfect's exact values (issue 17).

Expected values in the hand-built cases are computed here independently of solver.py:
a plain recursion over door sets with exact fractions, every dice outcome enumerated.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import cache

import pytest
from helpers_shutbox import position
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.coach import Judgement
from game.engine.shutbox import (
    OVER,
    Player,
    Roll,
    Shut,
    ShutBoxState,
    coach,
    evaluate,
    hint,
    make_agent,
)

HIGH = frozenset({7, 8, 9})


@cache
def _shuts(open_doors: frozenset[int]) -> dict[int, list[frozenset[int]]]:
    """Every non-empty set of open doors, by its total."""
    by_total: dict[int, list[frozenset[int]]] = {}
    doors = sorted(open_doors)
    for size in range(1, len(doors) + 1):
        for chosen in itertools.combinations(doors, size):
            by_total.setdefault(sum(chosen), []).append(frozenset(chosen))
    return by_total


@cache
def worth(open_doors: frozenset[int], one_die: bool) -> Fraction:
    """Expected final turn score before a roll with these doors open, at best."""
    if not open_doors:
        return Fraction(50)
    best = roll_worth(open_doors, 2, one_die)
    if one_die and not open_doors & HIGH:
        best = max(best, roll_worth(open_doors, 1, one_die))
    return best


def roll_worth(open_doors: frozenset[int], dice: int, one_die: bool) -> Fraction:
    """Expected final turn score of rolling `dice` dice now, then playing best."""
    total_worth = Fraction(0)
    outcomes = list(itertools.product(range(1, 7), repeat=dice))
    for faces in outcomes:
        shuts = _shuts(open_doors).get(sum(faces))
        if shuts:
            total_worth += max(worth(open_doors - s, one_die) for s in shuts)
        else:
            total_worth += 45 - sum(open_doors)
    return total_worth / len(outcomes)


def legal_judgements(state: ShutBoxState) -> dict:
    return {action: coach.judge(state, action) for action in state.legal_actions()}


def test_shut_costs_are_the_exact_expected_points_lost():
    # All doors open, a roll of 9: eight ways to shut it.
    state = position(range(1, 10), (4, 5))
    judged = legal_judgements(state)
    assert len(judged) == 8
    open_doors = frozenset(range(1, 10))
    exact = {action: worth(open_doors - action.doors, False) for action in judged}
    top = max(exact.values())
    for action, judgement in judged.items():
        assert judgement.value == pytest.approx(float(exact[action]), abs=1e-12)
        assert judgement.best_value == pytest.approx(float(top), abs=1e-12)
        assert judgement.cost == pytest.approx(float(top - exact[action]), abs=1e-12)
        assert judgement.unit == "points" and judgement.exact and judgement.spread == 0
    assert judged[Shut({9})].cost == 0 and judged[Shut({9})].best == Shut({9})
    assert judged[Shut({5, 4})].cost == pytest.approx(float(top - exact[Shut({5, 4})]))
    assert judged[Shut({5, 4})].best == Shut({9})


def test_one_die_choice_costs_are_the_exact_expected_points_lost():
    # 7, 8 and 9 shut with the one-die option: roll one die or two.
    for doors, best in (({1, 2, 3, 4, 5, 6}, Roll(2)), ({1, 2}, Roll(1))):
        state = position(doors, one_die=True)
        open_doors = frozenset(doors)
        one, two = (roll_worth(open_doors, n, True) for n in (1, 2))
        judged = legal_judgements(state)
        assert set(judged) == {Roll(1), Roll(2)}
        assert judged[best].cost == 0 and judged[best].best == best
        worse = Roll(3 - best.dice)
        assert judged[worse].best == best
        assert judged[worse].cost == pytest.approx(float(abs(one - two)), abs=1e-12)
        assert judged[worse].cost > 0
        assert judged[Roll(1)].value == pytest.approx(float(one), abs=1e-12)
        assert judged[Roll(2)].value == pytest.approx(float(two), abs=1e-12)


def test_a_deeper_position_matches_the_independent_values():
    # Some doors already shut this turn: the values count them too.
    doors = {1, 2, 4, 6, 8}
    state = position(doors, (3, 5))
    open_doors = frozenset(doors)
    judged = legal_judgements(state)
    assert set(judged) == {Shut(s) for s in _shuts(open_doors)[8]} == {Shut({8}), Shut({6, 2})}
    exact = {a: worth(open_doors - a.doors, False) for a in judged}
    for action, judgement in judged.items():
        assert judgement.cost == pytest.approx(
            float(max(exact.values()) - exact[action]), abs=1e-12
        )


def test_why_names_the_best_and_the_move_with_their_figures():
    state = position(range(1, 10), (4, 5))
    judgement = coach.judge(state, Shut({5, 4}))
    assert judgement.why.startswith("Shut the 9: you keep ")
    assert f"{judgement.best_value:.1f}" in judgement.why
    assert f"shutting 5 and 4 keeps {judgement.value:.1f}" in judgement.why
    best = coach.judge(state, Shut({9}))
    runner_up_value = evaluate(state).options[1][1]
    assert best.why.startswith("Shut the 9") and f"{runner_up_value:.1f}" in best.why
    rolls = coach.judge(position({1, 2}, one_die=True), Roll(2))
    assert rolls.why.startswith("Roll one die: you keep ") and "rolling both dice" in rolls.why


def test_nothing_to_decide_gives_none():
    assert coach.judge(position(range(1, 10)), Roll()) is None  # two dice only
    assert coach.hint(position(range(1, 10))) is None
    assert coach.judge(position({9, 1}, (4, 5)), Shut({9})) is None  # one way to shut
    assert coach.hint(position({9, 1}, (4, 5))) is None
    state = position({1, 2}, (1, 1))
    with pytest.raises(ValueError):
        coach.judge(state, Shut({1}))  # not legal
    over = ShutBoxState.new(["A"])
    rng = random.Random(3)
    agent = make_agent("perfect")
    while not over.is_over:
        over.apply(agent.choose(over, over.legal_actions()), rng)
    assert over.phase == OVER and coach.hint(over) is None


def test_hint_is_perfects_move_judged():
    state = position(range(1, 10), (6, 5))
    advice = coach.hint(state)
    assert isinstance(advice, Judgement)
    assert advice.action == advice.best == hint(state).action
    assert advice.cost == 0 and advice.value == pytest.approx(hint(state).expected_score)


def _positions(seed: int, one_die: bool, steps: int) -> list[ShutBoxState]:
    """Positions met by random legal play (a random.Random drives every choice)."""
    rng = random.Random(seed)
    state = ShutBoxState.new([Player("A"), Player("B")], one_die)
    met = []
    for _ in range(steps):
        if state.is_over:
            break
        met.append(state.copy())
        state.apply(rng.choice(state.legal_actions()), rng)
    return met


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_every_judgement_is_sound(seed, one_die):
    for state in _positions(seed, one_die, 60):
        legal = state.legal_actions()
        best = coach.hint(state)
        if len(legal) < 2:
            assert best is None
            assert all(coach.judge(state, a) is None for a in legal)
            continue
        assert best.cost == 0 and best.action == best.best
        for action in legal:
            judgement = coach.judge(state, action)
            assert judgement is not None and judgement.action == action
            assert judgement.cost >= 0 and judgement.value <= judgement.best_value
            assert judgement.best_value == best.best_value
            assert (judgement.cost == 0) == (judgement.best == action)


def _judged_game(levels: tuple[str, str], seed: int, one_die: bool) -> list[list]:
    """Play a game of these levels; every decision's judgement, per seat."""
    rng = random.Random(seed)
    state = ShutBoxState.new(
        [Player(f"P{i}", computer=True, level=lv) for i, lv in enumerate(levels)], one_die
    )
    agents = [make_agent(lv, random.Random(seed + i)) for i, lv in enumerate(levels)]
    judged: list[list] = [[], []]
    while not state.is_over:
        seat = state.current
        action = agents[seat].choose(state, state.legal_actions())
        judged[seat].append(coach.judge(state, action))
        state.apply(action, rng)
    return judged


def test_perfect_play_scores_100_and_weaker_levels_less():
    pub: list = []
    beginner: list = []
    for seed, one_die in ((1, False), (2, True), (3, False), (4, True)):
        perfect = _judged_game(("perfect", "perfect"), seed, one_die)
        assert [coach.game_accuracy(seat) for seat in perfect] == [100, 100]
        assert any(j is not None for j in perfect[0])
        games = _judged_game(("pub", "beginner"), seed, one_die)
        pub += games[0]
        beginner += games[1]
    # The Pub regular's rule of thumb is nearly perfect (one game may be perfect), so
    # four games are pooled; the Beginner's random play is far below it.
    assert coach.game_accuracy(beginner) < coach.game_accuracy(pub) < 100
    assert coach.game_accuracy([None, None]) is None
