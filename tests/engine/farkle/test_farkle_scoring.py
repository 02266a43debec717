"""One test per scoring row of the seed (with the issue's single-die values), the seed's
worked example, the decisions where the seed is silent, and an exhaustive check of
`score` against an independently written best split."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from helpers_farkle import brute_score
from hypothesis import given
from hypothesis import strategies as st

from game.engine.farkle import is_farkle, score
from game.engine.farkle.scoring import (
    best_hold_per_size,
    counts_of,
    farkle_probability,
    hold_options,
    roll_outcomes,
    roll_profiles,
)

# ------------------------------------------------------------------ the seed's table rows


def test_six_of_a_kind_scores_4000():
    assert score((1, 1, 1, 1, 1, 1)) == 4000
    assert score((3, 3, 3, 3, 3, 3)) == 4000


def test_straight_scores_2000():
    assert score((1, 2, 3, 4, 5, 6)) == 2000
    assert score((6, 4, 2, 5, 3, 1)) == 2000


def test_two_three_of_a_kinds_score_2000():
    assert score((1, 1, 1, 2, 2, 2)) == 2000
    assert score((3, 4, 3, 4, 3, 4)) == 2000


def test_three_aces_score_1000():
    assert score((1, 1, 1)) == 1000
    assert score((1, 1, 1, 2, 3, 4)) == 0, "the 2, 3 and 4 do not score, so cannot be held"


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_three_of_a_kind_scores_100_times_the_face(face):
    assert score((face,) * 3) == 100 * face


def test_single_ace_scores_100():
    # The decision: the seed's worked example, not its (swapped) table.
    assert score((1,)) == 100


def test_single_five_scores_50():
    assert score((5,)) == 50


def test_the_seeds_worked_example_scores_550():
    roll = (1, 4, 2, 4, 4, 5)
    assert score((1,)) + score((4, 4, 4)) + score((5,)) == 550
    assert score((1, 4, 4, 4, 5)) == 550  # held together: the best split
    assert score(roll) == 0  # the 2 never scores


def test_any_combination_of_the_seeds_example_may_be_kept():
    # "you could keep the ace, or the five, or the three fours, or any combination"
    assert score((1,)) == 100
    assert score((5,)) == 50
    assert score((4, 4, 4)) == 400
    assert score((1, 5)) == 150
    assert score((4, 4, 4, 5)) == 450


# ------------------------------------------------------------------ decisions beyond the seed


def test_four_ones_are_three_ones_and_a_single():
    assert score((1, 1, 1, 1)) == 1100


def test_four_fives_are_three_fives_and_a_single():
    assert score((5, 5, 5, 5)) == 550


@pytest.mark.parametrize("face", [2, 3, 4, 6])
def test_four_of_a_kind_of_a_non_scoring_face_cannot_all_be_held(face):
    assert score((face,) * 4) == 0
    assert score((face,) * 5) == 0


def test_five_ones_score_1200():
    assert score((1, 1, 1, 1, 1)) == 1200


def test_best_split_prefers_two_triples_over_their_parts():
    assert score((1, 1, 1, 5, 5, 5)) == 2000  # not 1000 + 500


def test_combinations_need_all_their_dice_in_one_hold():
    assert score((1, 2, 3, 4, 5)) == 0  # five of a straight is no straight
    assert score((2, 2, 2, 3, 3)) == 0  # a triple and a pair


def test_empty_hold_scores_nothing():
    assert score(()) == 0


def test_not_a_die_is_an_error():
    with pytest.raises(ValueError):
        score((0,))
    with pytest.raises(ValueError):
        score((1,) * 7)


# ------------------------------------------------------------------ independent check


def test_score_equals_an_independent_best_split_for_every_hand_of_up_to_six_dice():
    for n in range(0, 7):
        for dice in itertools.combinations_with_replacement(range(1, 7), n):
            assert score(dice) == max(brute_score(dice), 0), dice


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_score_ignores_order_and_is_a_multiple_of_fifty(dice):
    assert score(dice) == score(sorted(dice)) == score(tuple(reversed(dice)))
    assert score(dice) % 50 == 0 and score(dice) >= 0


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_a_roll_is_a_farkle_exactly_when_no_hold_scores(dice):
    holds = hold_options(counts_of(dice))
    assert is_farkle(dice) == (not holds)
    assert all(
        h.points == score([f for f, c in zip(range(1, 7), h.counts) for _ in range(c)]) > 0
        for h in holds
    )


def test_roll_outcome_probabilities_are_exact():
    for n in range(1, 7):
        outcomes = roll_outcomes(n)
        assert sum(o.probability for o in outcomes) == pytest.approx(1.0, abs=1e-12)
        ordered = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=n))
        for o in outcomes:
            dice = tuple(f for f in range(1, 7) for _ in range(o.counts[f - 1]))
            assert o.probability == pytest.approx(ordered[dice] / 6**n, abs=1e-15)
        profiles = roll_profiles(n)
        assert sum(p for p, _ in profiles) + farkle_probability(n) == pytest.approx(1.0)


def test_farkle_chances_of_the_seed_rules():
    # Without three-pairs or four-of-a-kind rows, six dice farkle 1 time in 32.4.
    assert farkle_probability(1) == pytest.approx(4 / 6)
    assert farkle_probability(2) == pytest.approx(16 / 36)
    assert farkle_probability(6) == pytest.approx(0.030864197530864196)


def test_best_hold_per_size_keeps_the_best_hold_of_each_size():
    holds = best_hold_per_size(counts_of((1, 4, 2, 4, 4, 5)))
    assert [(h.used, h.points) for h in holds] == [(1, 100), (2, 150), (3, 400), (4, 500), (5, 550)]
