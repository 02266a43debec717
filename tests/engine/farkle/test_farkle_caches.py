"""Farkle's remembered tables have caps that hold every key a game can ask for: nothing is
made twice, and nothing piles up (python -m game.bench_memory shows the plateau)."""

import itertools

from game.engine.farkle import race, scoring, solver
from game.engine.farkle.rules import MIN_BANK_SCOPES, MIN_BANKS, TARGETS, FarkleOptions


def every_set_of_dice():
    for n in range(scoring.DICE + 1):
        for dice in itertools.combinations_with_replacement(scoring.FACES, n):
            yield scoring.counts_of(dice)


def test_every_set_of_dice_fits_the_scoring_caches():
    sets = list(every_set_of_dice())
    assert len(sets) == scoring.EVERY_SET_OF_DICE
    for counts in sets + sets:
        scoring.best_hold_per_size(counts)
    for cached in (scoring._best_split, scoring.hold_options, scoring.best_hold_per_size):
        info = cached.cache_info()
        assert info.maxsize == scoring.EVERY_SET_OF_DICE
        assert info.currsize <= info.maxsize


def test_every_number_of_dice_fits_the_roll_caches():
    for n in list(range(scoring.DICE + 1)) * 2:
        scoring.roll_profiles(n)
        scoring.farkle_probability(n)
        solver._profiles_in_steps(n)
    for cached in (
        scoring.roll_outcomes,
        scoring.roll_profiles,
        scoring.farkle_probability,
        solver._profiles_in_steps,
    ):
        info = cached.cache_info()
        assert info.currsize <= info.maxsize == scoring.EVERY_NUMBER_OF_DICE


def test_a_points_table_per_minimum_bank_and_no_more():
    for min_bank in MIN_BANKS + MIN_BANKS:
        solver.points_table(min_bank)
    info = solver.points_table.cache_info()
    assert info.currsize <= info.maxsize == len(MIN_BANKS)
    assert solver.turn_distribution.cache_info().maxsize == len(MIN_BANKS)


def test_a_race_table_per_set_of_options_a_game_can_have():
    every = [
        FarkleOptions(target, min_bank, scope)
        for target, min_bank, scope in itertools.product(TARGETS, MIN_BANKS, MIN_BANK_SCOPES)
    ]
    assert race.race_table.cache_info().maxsize == race.EVERY_OPTIONS == len(every)
    for options in every[:2] * 2:
        race.race_table(options)
    assert race.race_table.cache_info().currsize <= race.EVERY_OPTIONS
