"""Headless Farkle tournaments between computer levels, printing JSON.

    python -m game.engine.farkle.tournament --games 2000 --seed 1
    python -m game.engine.farkle.tournament --games 500 --matchups expert:expert-points

Each matchup plays --games two-seat games, the seats taking turns to start. Every game
has its own generators derived from the seed, so any one game replays exactly. Win rates
count a shared win as half; intervals are 95% normal intervals on the per-game result.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai import LEVELS, ExpertAgent, FarkleAgent, make_agent
from .rules import COMPUTER, MIN_BANK_SCOPES, MIN_BANKS, TARGETS, FarkleOptions, FarkleState, Seat

Z95 = 1.959964
DEFAULT_MATCHUPS = "expert:cautious,expert:standard"
MAX_ACTIONS = 100_000  # a game far longer than this means a bug, not bad luck
# Variants measured here but not offered as table levels.
VARIANTS = {
    "expert-points": lambda rng: ExpertAgent(rng, context=False),  # never plays for the win
    "expert-always": lambda rng: ExpertAgent(rng, near_end_margin=1.0),  # always does
}


def build_agent(level: str, rng: random.Random) -> FarkleAgent:
    """A level of LEVELS, or one of the tournament-only VARIANTS."""
    if level in VARIANTS:
        return VARIANTS[level](rng)
    return make_agent(level, rng)


@dataclass
class GameRecord:
    """What one game tells the tournament."""

    winners: list[int]
    scores: list[int]
    turns: list[int] = field(default_factory=lambda: [0, 0])
    banked: list[int] = field(default_factory=lambda: [0, 0])


def play_game(
    levels: Sequence[str], first: int, seed: str, options: FarkleOptions | None = None
) -> GameRecord:
    """Play one game between computer levels; seat `first` starts."""
    state = FarkleState.new([Seat(COMPUTER, level) for level in levels], options, first)
    dice = random.Random(f"{seed}:dice")
    agents = [
        build_agent(level, random.Random(f"{seed}:agent{i}")) for i, level in enumerate(levels)
    ]
    record = GameRecord([], [])
    record.turns = [0] * len(levels)
    record.banked = [0] * len(levels)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        seat = state.current
        action = agents[seat].choose(state.observation(seat), state.legal_actions())
        for event in state.apply(action, dice):
            if event.kind == "bank":
                record.turns[seat] += 1
                record.banked[seat] += event.data["points"]
            elif event.kind == "farkle":
                record.turns[seat] += 1
    else:
        raise RuntimeError(f"game {seed} did not end")
    record.winners = list(state.winners)
    record.scores = list(state.scores)
    return record


def _interval(values_sum: float, squares_sum: float, count: int) -> tuple[float, float, float]:
    mean = values_sum / count
    variance = max(squares_sum / count - mean * mean, 0.0) * count / max(count - 1, 1)
    half = Z95 * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def run_matchup(a: str, b: str, games: int, seed: int, options: FarkleOptions) -> dict[str, Any]:
    """Play `games` games of level a against level b; a summary as plain data."""
    began = time.perf_counter()
    result_sum = result_squares = 0.0
    first_mover_sum = 0.0
    ties = 0
    turns = {a: 0, b: 0} if a != b else {a: 0}
    banked = dict.fromkeys(turns, 0)
    for game in range(games):
        first = game % 2
        record = play_game((a, b), first, f"{seed}:{a}:{b}:{game}", options)
        # Seat 0 is always a; a shared win counts half.
        result = (1.0 if 0 in record.winners else 0.0) / len(record.winners)
        if len(record.winners) > 1:
            ties += 1
        result_sum += result
        result_squares += result * result
        first_mover_sum += result if first == 0 else 1.0 - result
        for seat, level in enumerate((a, b)):
            turns[level] += record.turns[seat]
            banked[level] += record.banked[seat]
    rate, low, high = _interval(result_sum, result_squares, games)
    return {
        "a": a,
        "b": b,
        "games": games,
        "a_win_rate": round(rate, 4),
        "a_win_rate_ci95": [round(low, 4), round(high, 4)],
        # The margin: how much more often a wins than b (2p - 1).
        "margin": round(2 * rate - 1, 4),
        "margin_ci95": [round(2 * low - 1, 4), round(2 * high - 1, 4)],
        "ties": ties,
        "first_mover_win_rate": round(first_mover_sum / games, 4),
        "mean_turn_score": {
            level: round(banked[level] / max(turns[level], 1), 1) for level in turns
        },
        "turns": turns,
        "seconds": round(time.perf_counter() - began, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: play the matchups and print the JSON summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        type=int,
        default=1000,
        help="games per matchup",  # i18n: not shown (dev tool)
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--matchups",
        default=DEFAULT_MATCHUPS,
        help=f"comma-separated a:b pairs of levels ({', '.join(LEVELS + tuple(VARIANTS))})",  # i18n: not shown (dev tool)
    )
    parser.add_argument("--target", type=int, default=10000, choices=TARGETS)
    parser.add_argument("--min-bank", type=int, default=500, choices=MIN_BANKS)
    parser.add_argument("--min-bank-scope", default=MIN_BANK_SCOPES[0], choices=MIN_BANK_SCOPES)
    args = parser.parse_args(argv)
    options = FarkleOptions(args.target, args.min_bank, args.min_bank_scope)
    matchups = [tuple(pair.split(":")) for pair in args.matchups.split(",") if pair]
    for pair in matchups:
        for level in pair:
            if level not in LEVELS and level not in VARIANTS:
                parser.error(f"unknown level {level!r}")
    summary = {
        "games_per_matchup": args.games,
        "seed": args.seed,
        "options": options.to_json(),
        "matchups": [run_matchup(a, b, args.games, args.seed, options) for a, b in matchups],
    }
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
