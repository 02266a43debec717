"""Speed figures for the Farkle solver and computer players, printed as JSON.

    python -m game.engine.farkle.benchmark --games 20 --seed 1

Precomputation is timed from a cold start in this process (each table is built once
and cached); decisions are timed over whole games of each level against the Expert.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from . import race, scoring, solver
from .ai import LEVELS, make_agent
from .rules import COMPUTER, MIN_BANKS, FarkleOptions, FarkleState, Seat


def _timed(build) -> float:
    began = time.perf_counter()
    build()
    return round((time.perf_counter() - began) * 1000, 1)


def precomputation() -> dict[str, Any]:
    """Milliseconds to build each table from cold."""
    figures: dict[str, Any] = {
        "roll_tables_ms": _timed(lambda: [scoring.roll_profiles(n) for n in range(1, 7)]),
    }
    for minimum in MIN_BANKS:
        figures[f"points_table_{minimum}_ms"] = _timed(
            lambda minimum=minimum: solver.points_table(minimum)
        )
    figures["reach_table_to_12000_ms"] = _timed(lambda: solver.reach_chance(12000))
    figures["turn_distribution_500_ms"] = _timed(lambda: solver.turn_distribution(500))
    figures["race_table_10000_500_ms"] = _timed(lambda: race.race_table(FarkleOptions()))
    figures["expected_turn_score"] = {m: round(solver.expected_turn_score(m), 4) for m in MIN_BANKS}
    return figures


def decisions(games: int, seed: int) -> dict[str, Any]:
    """Decision times per level (ms): mean, 99th percentile and worst."""
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for game in range(games):
        for level in LEVELS:
            state = FarkleState.new(
                [Seat(COMPUTER, level), Seat(COMPUTER, "expert")], first=game % 2
            )
            dice = random.Random(f"{seed}:{game}:{level}")
            agents = [make_agent(level, random.Random(1)), make_agent("expert", random.Random(2))]
            while not state.is_over:
                seat = state.current
                observation, legal = state.observation(seat), state.legal_actions()
                began = time.perf_counter()
                action = agents[seat].choose(observation, legal)
                if seat == 0:
                    times[level].append((time.perf_counter() - began) * 1000)
                state.apply(action, dice)
    summary = {}
    for level, values in times.items():
        values.sort()
        summary[level] = {
            "decisions": len(values),
            "mean_ms": round(sum(values) / len(values), 3),
            "p99_ms": round(values[int(0.99 * (len(values) - 1))], 3),
            "max_ms": round(values[-1], 3),
        }
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: print precomputation and decision timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = {"precomputation": precomputation(), "decisions": decisions(args.games, args.seed)}
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
