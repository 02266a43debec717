"""The accuracy figure (game.engine.coach.accuracy): lichess's per-move curve averaged,
calibrated per game on simulated players (game.bench_accuracy). Here on a few seeded
games: the perfect player scores 100 and the levels keep their order."""

from __future__ import annotations

import statistics

import pytest

from game.engine import coach as shared
from game.engine.farkle import coach as farkle_coach
from game.engine.farkle import coach_bench as farkle_bench
from game.engine.lucie import coach as lucie_coach
from game.engine.lucie import coach_bench as lucie_bench
from game.engine.mille import coach as mille_coach
from game.engine.mille import coach_bench as mille_bench
from game.engine.shutbox import coach as shutbox_coach
from game.engine.shutbox import coach_bench as shutbox_bench


def test_the_curve_is_lichesss() -> None:
    assert shared.move_accuracy(0.0, 2.0) == 100.0
    assert shared.move_accuracy(2.0, 2.0) == pytest.approx(50.0)
    # lichess: 103.1668 * exp(-0.04354 * loss) - 3.1669, where its loss of 15.22 points of
    # win percentage scores 50; three times that scores about 0.
    assert shared.move_accuracy(4.0, 2.0) == pytest.approx(
        103.1668 * 2.718281828 ** (-0.04354 * 2 * 15.22) - 3.1669, abs=0.1
    )
    assert shared.move_accuracy(100.0, 2.0) == 0.0


def test_one_slip_in_fifteen_stays_in_the_80s() -> None:
    """The issue's game: 14 best decisions of 15 and one costing 14.9 expected points in
    Shut The Box read 0 under the old formula."""
    figure = shutbox_coach.game_accuracy([None] + [_costing(0.0)] * 14 + [_costing(14.9)])
    assert figure is not None and 80 <= figure < 100
    assert shutbox_coach.game_accuracy([_costing(0.0)] * 15) == 100
    # A hair's breadth is not perfection.
    assert shutbox_coach.game_accuracy([_costing(0.0)] * 14 + [_costing(0.001)]) == 99


def test_calibration_brings_the_random_median_to_its_mark() -> None:
    games = [[0.0, 0.0, 3.0, 5.0], [1.0, 0.0, 0.0, 8.0, 2.0], [0.0, 4.0], [0.0, 0.0, 0.0, 6.0]]
    half_at, stretch = shared.calibrate(games, 30)
    assert half_at == statistics.median([3.0, 5.0, 1.0, 8.0, 2.0, 4.0, 6.0])
    figures = [shared.accuracy(costs, half_at, stretch) for costs in games]
    assert statistics.median(f for f in figures if f is not None) == pytest.approx(30, abs=1)


def _medians(trials: dict[str, list[list[float]]], half_at: float, stretch: float) -> list[float]:
    return [
        statistics.fmean(shared.accuracy(costs, half_at, stretch) or 0 for costs in games)
        for games in trials.values()
    ]


@pytest.mark.parametrize(
    ("bench", "coach", "games"),
    [
        (shutbox_bench, shutbox_coach, 12),
        (farkle_bench, farkle_coach, 4),
        (lucie_bench, lucie_coach, 6),
    ],
    ids=["shutbox", "farkle", "lucie"],
)
def test_perfect_scores_100_and_the_levels_keep_their_order(bench, coach, games) -> None:
    trials = bench.accuracy_trials(games, 7)
    means = _medians(trials, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH)
    perfect, *levels, _random = means
    assert perfect == 100
    assert all(100 > level for level in levels[:1]), means
    assert levels == sorted(levels, reverse=True), means


def test_mille_perfect_scores_100_and_the_expert_beats_random_moves() -> None:
    trials = mille_bench.accuracy_trials(1, 7)
    perfect, expert, *_, random_moves = _medians(
        trials, mille_coach.HALF_ACCURACY_AT, mille_coach.ACCURACY_STRETCH
    )
    assert perfect == 100
    assert expert > random_moves


def _costing(cost: float) -> shared.Judgement:
    return shared.Judgement("a", "b", -cost, 0.0, "points", exact=True)


@pytest.mark.parametrize(
    "coach", [farkle_coach, lucie_coach, mille_coach, shutbox_coach], ids=lambda c: c.__name__
)
def test_cost_for_accuracy_is_accuracys_inverse(coach) -> None:
    """A player whose every decision costs cost_for_accuracy(figure) scores `figure`."""
    half_at, stretch = coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH
    assert shared.cost_for_accuracy(100, half_at, stretch) == 0.0
    for figure in range(1, 100):
        cost = shared.cost_for_accuracy(figure, half_at, stretch)
        assert cost > 0 and shared.accuracy([cost] * 12, half_at, stretch) == figure
    with pytest.raises(ValueError):
        shared.cost_for_accuracy(0, half_at, stretch)
