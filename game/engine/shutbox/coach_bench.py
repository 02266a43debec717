"""Speed of the Shut The Box coach, and what each level loses per decision, as JSON.

    python -m game.engine.shutbox.coach_bench --positions 2000 --seed 1 [--games 100]
    python -m game.engine.shutbox.coach_bench --levels --games 200 --seed 1989

Positions are those met in self-play games (each level against Perfect, two players,
with and without the one-die option, seats alternating), taken in the order play meets
them; only positions with a decision (two legal actions or more) count. Times are in
milliseconds: `hint` over the positions (median, 99th percentile, worst), and
`review_per_game` the time to judge every decision of a whole game (both seats) over
the first --games games. `--levels` reports the average cost per judged decision of
each level and its accuracy under HALF_ACCURACY_AT (what the constant was chosen from).
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from typing import Any

from game.engine.measure import coach_bench_main, percentiles

from . import coach
from .ai import make_agent
from .rules import LEVELS
from .state import Player, ShutBoxState


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _summary(seconds: Sequence[float]) -> dict[str, Any]:
    return {"count": len(seconds), **percentiles([t * 1000 for t in seconds], 3)}


def games(seed: int, levels: Sequence[str] = LEVELS) -> Iterator[tuple[str, list]]:
    """Endless self-play games, each level against Perfect: (level, [(state, action,
    seat), ...] for every decision met, the state a snapshot before the action)."""
    for number in itertools.count():
        level = levels[number % len(levels)]
        one_die = number // len(levels) % 2 == 1
        seats = (level, "perfect") if number % 2 == 0 else ("perfect", level)
        rng = random.Random(f"{seed}/{number}")
        agents = [make_agent(lv, rng) for lv in seats]
        state = ShutBoxState.new(
            [Player(f"{lv} {i + 1}", computer=True, level=lv) for i, lv in enumerate(seats)],
            one_die,
        )
        decisions = []
        while not state.is_over:
            legal = state.legal_actions()
            action = agents[state.current].choose(state, legal)
            if len(legal) > 1:
                decisions.append((state.copy(), action, seats[state.current]))
            state.apply(action, rng)
        yield level, decisions


def timing(positions: int, seed: int, reviewed_games: int) -> dict[str, Any]:
    """Hint times over `positions` decisions of self-play, and the review times of the
    first `reviewed_games` whole games."""
    began = time.perf_counter()
    coach.prepare(False)
    coach.prepare(True)
    prepare_ms = _ms(time.perf_counter() - began)
    hints: list[float] = []
    reviews: list[float] = []
    decisions_reviewed = 0
    for _, decisions in games(seed):
        if len(reviews) < reviewed_games:
            began = time.perf_counter()
            for state, action, _ in decisions:
                coach.judge(state, action)
            reviews.append(time.perf_counter() - began)
            decisions_reviewed += len(decisions)
        for state, _, _ in decisions[: positions - len(hints)]:
            began = time.perf_counter()
            coach.hint(state)
            hints.append(time.perf_counter() - began)
        if len(hints) >= positions and len(reviews) >= reviewed_games:
            break
    return {
        "prepare_ms": prepare_ms,
        "hint": _summary(hints),
        "review_per_game": {
            **_summary(reviews),
            "decisions_per_game": round(decisions_reviewed / len(reviews), 1) if reviews else None,
        },
    }


def level_losses(games_per_level: int, seed: int) -> dict[str, Any]:
    """Average cost per judged decision of each level, and the accuracy it gives: over
    all its decisions pooled, and the mean of its per-game accuracies."""
    costs: dict[str, list[float]] = {}
    per_game: dict[str, list[int]] = {}
    played = 0
    for _, decisions in games(seed):
        played += 1
        seat_costs: dict[str, list[float]] = {}
        for state, action, who in decisions:
            judgement = coach.judge(state, action)
            if judgement is not None:
                key = f"{who}{' one-die' if state.one_die_option else ''}"
                seat_costs.setdefault(key, []).append(judgement.cost)
        for key, values in seat_costs.items():
            costs.setdefault(key, []).extend(values)
            per_game.setdefault(key, []).append(
                coach.accuracy(values, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH) or 0
            )
        if played >= games_per_level * len(LEVELS):
            break
    return {
        "half_accuracy_at": coach.HALF_ACCURACY_AT,
        "levels": {
            key: {
                "decisions": len(values),
                "mean_cost": round(statistics.fmean(values), 4),
                "accuracy_pooled": coach.accuracy(
                    values, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH
                ),
                "accuracy_mean_per_game": round(statistics.fmean(per_game[key]), 1),
            }
            for key, values in sorted(costs.items())
        },
    }


def accuracy_trials(games_per_player: int, seed: int) -> dict[str, list[list[float]]]:
    """For game.bench_accuracy: each simulated player's decisions' costs, game by game,
    strongest first. Each plays against Perfect (half the games with the one-die
    option); Perfect's costs are those of one seat of its games against itself. The
    Beginner plays any legal move at random: it is the random player."""
    players = {"perfect": "perfect", "pub": "pub", "random (beginner)": "beginner"}
    trials: dict[str, list[list[float]]] = {}
    for name, level in players.items():
        played = trials.setdefault(name, [])
        for number, (_, decisions) in enumerate(games(seed, (level,))):
            # games() seats the level first in even games, Perfect first in odd ones.
            seat = number % 2
            played.append(
                [
                    judgement.cost
                    for state, action, who in decisions
                    if state.current == seat
                    for judgement in [coach.judge(state, action)]
                    if judgement is not None
                ]
            )
            if len(played) >= games_per_player:
                break
    return trials


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry (game.engine.measure.coach_bench_main): the timings as JSON, or
    with --levels each level's losses."""
    return coach_bench_main(
        argv,
        __doc__.splitlines()[0],
        timing=timing,
        levels=level_losses,
        positions=2000,
        review_games=100,
        level_games=200,
    )


if __name__ == "__main__":
    raise SystemExit(main())
