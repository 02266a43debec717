"""Headless tournament: computer levels play each other; JSON of scores and win rates.

    python -m game.engine.shutbox.tournament --games N --seed S [--levels a,b,...] [--one-die]

Every pair of distinct levels plays N two-player games, taking turns to sit first. A tie
shares the win (each tied player gets 1/2). Intervals are 95% normal-approximation
intervals of the mean (mean +/- 1.96 s/sqrt(n)). The same seed gives the same figures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

from .ai import ShutBoxAgent, make_agent
from .rules import LEVELS, PERFECT_TURN
from .solver import expected_turn_score
from .state import Player, ShutBoxState

Z_95 = 1.96
DEFAULT_GAMES = 1000
DEFAULT_SEED = 1989


def play_game(
    state: ShutBoxState, agents: Sequence[ShutBoxAgent], rng: random.Random
) -> ShutBoxState:
    """Play `state` to the end, seat i moved by `agents[i]`; returns the same state."""
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(agents[state.current].choose(state, legal), rng)
    return state


def interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean and its 95% interval."""
    mean = statistics.fmean(values)
    half = Z_95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def run(
    games: int, seed: int, levels: Sequence[str] = LEVELS, one_die_option: bool = False
) -> dict[str, Any]:
    """Play every pairing of `levels` `games` times; the JSON-able report."""
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose from {LEVELS}")
    scores: dict[str, list[float]] = {level: [] for level in levels}
    turns: dict[str, list[int]] = {level: [] for level in levels}
    pairings = []
    for a, b in itertools.combinations(levels, 2):
        shares: dict[str, list[float]] = {a: [], b: []}
        totals: dict[str, list[float]] = {a: [], b: []}
        ties = 0
        for game in range(games):
            seats = (a, b) if game % 2 == 0 else (b, a)
            # String seeds hash the same on every run and platform.
            dice_rng = random.Random(f"{seed}/{a}-{b}/{game}/dice")
            agent_rng = random.Random(f"{seed}/{a}-{b}/{game}/agents")
            state = ShutBoxState.new(
                [Player(f"{lv} {i + 1}", computer=True, level=lv) for i, lv in enumerate(seats)],
                one_die_option,
            )
            play_game(state, [make_agent(lv, agent_rng) for lv in seats], dice_rng)
            winners = state.winners()
            ties += len(winners) > 1
            for seat, level in enumerate(seats):
                player = state.players[seat]
                totals[level].append(player.total)
                shares[level].append(1 / len(winners) if seat in winners else 0.0)
                scores[level].append(player.total)
                turns[level].extend(player.turn_scores)
        pairings.append(
            {
                "levels": [a, b],
                "games": games,
                "ties": ties,
                **{
                    level: {
                        "game_score": interval(totals[level]),
                        "win_share": interval(shares[level]),
                    }
                    for level in (a, b)
                },
            }
        )
    return {
        "games_per_pairing": games,
        "seed": seed,
        "one_die_option": one_die_option,
        "exact_perfect_turn_score": round(
            float(expected_turn_score(one_die_option=one_die_option)), 4
        ),
        "levels": {
            level: {
                "games": len(scores[level]),
                "game_score": interval(scores[level]),
                "turn_score": interval(turns[level]),
                "box_shut_rate": round(turns[level].count(PERFECT_TURN) / len(turns[level]), 4),
            }
            for level in levels
            if scores[level]
        },
        "pairings": pairings,
    }


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, run the tournament, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help="games per pairing of levels",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument(
        "--levels",
        default=",".join(LEVELS),
        help=f"comma-separated, from {','.join(LEVELS)}",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument(
        "--one-die",
        action="store_true",
        help="allow the one-die roll once 7, 8 and 9 are shut",  # i18n: not shown (a developer's tool)
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    if len(levels) < 2:
        parser.error("--levels needs at least two levels")
    try:
        report = run(args.games, args.seed, levels, args.one_die)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
