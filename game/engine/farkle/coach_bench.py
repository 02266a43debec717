"""Speed of the Farkle coach, and what each level loses per decision, as JSON.

    python -m game.engine.farkle.coach_bench --positions 2000 --seed 1 [--games 30]
    python -m game.engine.farkle.coach_bench --levels --games 200 --seed 1

Positions are the decisions met in self-play games (Cautious, Standard and Expert each
against the Expert, two seats, default options, seats taking turns to start), taken in
the order play meets them. Times in milliseconds:

- `prepare_ms`: the tables from cold (coach.prepare, once per set of options);
- `hint`: hint() over the positions in play order, so a turn's later decisions find its
  win-chance table cached, as they do when the coach follows a game;
- `hint_cold`: the same with that cache emptied before every hint (the first hint of a
  turn near the end): the worst case of a hint on the main thread;
- `slice_ms`: the single slices of hint_thinking over the cold positions (what one
  frame spends; judge_thinking's are the same work);
- `review_per_game`: judging every decision of a whole game (both seats), with the
  cache as a review after the game would find it, over the first --games games.

`--levels` reports each level's average cost per judged decision, in points and in win
chance separately, and its accuracy: what HALF_ACCURACY_AT and HALF_ACCURACY_AT_WIN were
chosen from.
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
from .ai import LEVELS, make_agent
from .rules import COMPUTER, FarkleOptions, FarkleState, Seat

OPTIONS = FarkleOptions()


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _summary(seconds: Sequence[float]) -> dict[str, Any]:
    return {"count": len(seconds), **percentiles([t * 1000 for t in seconds], 3)}


def _copy(state: FarkleState) -> FarkleState:
    return FarkleState.from_json(state.to_json())


def games(seed: int) -> Iterator[tuple[str, list[tuple[FarkleState, Any, str]]]]:
    """Endless self-play games, each level against the Expert: (level, [(state, action,
    level of the seat), ...] for every position with dice on the table)."""
    for number in itertools.count():
        level = LEVELS[number % len(LEVELS)]
        seats = (level, "expert") if number // len(LEVELS) % 2 == 0 else ("expert", level)
        state = FarkleState.new([Seat(COMPUTER, lv) for lv in seats], OPTIONS)
        dice = random.Random(f"{seed}:{number}:dice")
        agents = [
            make_agent(lv, random.Random(f"{seed}:{number}:{i}")) for i, lv in enumerate(seats)
        ]
        decisions = []
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions()
            action = agents[seat].choose(state.observation(seat), legal)
            if state.phase == "rolled":
                decisions.append((_copy(state), action, seats[seat]))
            state.apply(action, dice)
        yield level, decisions


def _forget_turn() -> None:
    """Empty the coach's cached win-chance table (as at the first hint of a turn)."""
    coach._EXPERT._win_key = coach._EXPERT._win_table = None


def timing(positions: int, seed: int, reviewed_games: int) -> dict[str, Any]:
    """Hint times over `positions` decisions of self-play, and the review times of the
    first `reviewed_games` whole games."""
    began = time.perf_counter()
    coach.prepare(OPTIONS)
    prepare_ms = _ms(time.perf_counter() - began)
    hints: list[float] = []
    cold: list[float] = []
    slices: list[float] = []
    reviews: list[float] = []
    per_game: list[int] = []
    for _, decisions in games(seed):
        if len(reviews) < reviewed_games:
            _forget_turn()
            began = time.perf_counter()
            judged = [coach.judge(state, action) for state, action, _ in decisions]
            reviews.append(time.perf_counter() - began)
            per_game.append(sum(j is not None for j in judged))
        _forget_turn()
        for state, _, _ in decisions:
            if len(hints) >= positions:
                break
            began = time.perf_counter()
            if coach.hint(state) is None:
                continue
            hints.append(time.perf_counter() - began)
        for state, _, _ in decisions:
            if len(cold) >= positions:
                break
            _forget_turn()
            began = time.perf_counter()
            if coach.hint(state) is None:
                continue
            cold.append(time.perf_counter() - began)
            _forget_turn()
            thinking = coach.hint_thinking(state)
            while True:
                began = time.perf_counter()
                done = thinking.step()
                slices.append(time.perf_counter() - began)
                if done:
                    break
        if len(hints) >= positions and len(cold) >= positions and len(reviews) >= reviewed_games:
            break
    return {
        "prepare_ms": prepare_ms,
        "hint": _summary(hints),
        "hint_cold": _summary(cold),
        "slice_ms": _summary(slices),
        "review_per_game": {
            **_summary(reviews),
            "decisions_per_game": round(statistics.fmean(per_game), 1) if per_game else None,
        },
    }


def level_losses(games_per_level: int, seed: int) -> dict[str, Any]:
    """Each level's average cost per judged decision, by unit, and its accuracy."""
    coach.prepare(OPTIONS)
    costs: dict[tuple[str, str], list[float]] = {}
    converted: dict[str, list[float]] = {}
    per_game: dict[str, list[int]] = {}
    worst_expert = 0.0
    played = 0
    for _, decisions in games(seed):
        played += 1
        seat_costs: dict[str, list[float]] = {}
        for state, action, who in decisions:
            judgement = coach.judge(state, action)
            if judgement is None:
                continue
            if who == "expert":
                worst_expert = max(worst_expert, judgement.cost)
            costs.setdefault((who, judgement.unit), []).append(judgement.cost)
            seat_costs.setdefault(who, []).append(coach.accuracy_cost(judgement))
        for who, values in seat_costs.items():
            converted.setdefault(who, []).extend(values)
            per_game.setdefault(who, []).append(
                coach.accuracy(values, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH) or 0
            )
        if played >= games_per_level * len(LEVELS):
            break
    return {
        "half_accuracy_at": coach.HALF_ACCURACY_AT,
        "half_accuracy_at_win": coach.HALF_ACCURACY_AT_WIN,
        "expert_largest_cost": worst_expert,
        "by_unit": {
            f"{who} in {unit}": {
                "decisions": len(values),
                "mean_cost": round(statistics.fmean(values), 5),
                "accuracy": coach.accuracy(
                    values,
                    coach.HALF_ACCURACY_AT if unit == coach.UNIT else coach.HALF_ACCURACY_AT_WIN,
                ),
            }
            for (who, unit), values in sorted(costs.items())
        },
        "levels": {
            who: {
                "decisions": len(values),
                "accuracy_pooled": coach.accuracy(
                    values, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH
                ),
                "accuracy_mean_per_game": round(statistics.fmean(per_game[who]), 1),
            }
            for who, values in sorted(converted.items())
        },
    }


class _RandomPlayer:
    """Any legal action at random: the random player of game.bench_accuracy."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        return self.rng.choice(list(legal))


def accuracy_trials(games_per_player: int, seed: int) -> dict[str, list[list[float]]]:
    """For game.bench_accuracy: each simulated player's decisions' costs (in points, win
    chance converted as accuracy_cost does), game by game, strongest first. Each plays
    two-seat games against the Expert, seats taking turns to start; the Expert's costs
    are those of one seat of its games against itself."""
    coach.prepare(OPTIONS)
    trials: dict[str, list[list[float]]] = {}
    for name in ("expert", "standard", "cautious", "random"):
        played = trials.setdefault(name, [])
        for number in range(games_per_player):
            seats = (name, "expert") if number % 2 == 0 else ("expert", name)
            mine = number % 2
            state = FarkleState.new(
                [Seat(COMPUTER, "expert" if lv == "random" else lv) for lv in seats], OPTIONS
            )
            dice = random.Random(f"{seed}:{name}:{number}:dice")
            agents = [
                _RandomPlayer(random.Random(f"{seed}:{number}:{i}"))
                if lv == "random"
                else make_agent(lv, random.Random(f"{seed}:{number}:{i}"))
                for i, lv in enumerate(seats)
            ]
            costs = []
            while not state.is_over:
                seat = state.current
                action = agents[seat].choose(state.observation(seat), state.legal_actions())
                if seat == mine and state.phase == "rolled":
                    judgement = coach.judge(state, action)
                    if judgement is not None:
                        costs.append(coach.accuracy_cost(judgement))
                state.apply(action, dice)
            played.append(costs)
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
        review_games=30,
        level_games=200,
    )


if __name__ == "__main__":
    raise SystemExit(main())
