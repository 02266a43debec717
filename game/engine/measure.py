"""What the engines' benchmark commands share: a summary of many timings, and the one
command line of the coach benchmarks (`python -m game.engine.<game>.coach_bench`).

Benchmarks print figures; they are measurements, never tests.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any


def percentiles(values: Sequence[float], digits: int = 4) -> dict[str, float]:
    """p50, p90, p99, max and mean of `values` (in their own unit), rounded."""
    if not values:
        return {}
    ordered = sorted(values)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], digits)

    return {
        "p50": pick(0.5),
        "p90": pick(0.9),
        "p99": pick(0.99),
        "max": round(ordered[-1], digits),
        "mean": round(sum(ordered) / len(ordered), digits),
    }


def coach_bench_main(
    argv: Sequence[str] | None,
    description: str,
    *,
    timing: Callable[[int, int, int], dict[str, Any]],
    levels: Callable[[int, int], dict[str, Any]],
    positions: int,
    review_games: int,
    level_games: int,
) -> int:
    """The coach benchmarks' command line, the same for every game:

        --positions N --seed S [--games G]   hint times over N positions met in play,
                                             and the time to review each of G whole games
                                             (a solitaire's hand is its whole game)
        --levels [--games G] --seed S        instead: each computer level's average cost
                                             per decision and accuracy over G games (or
                                             hands), from which the game's accuracy scale
                                             was chosen

    `timing(positions, seed, games)` and `levels(games, seed)` return the JSON printed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--positions", type=int, default=positions)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels",
        action="store_true",
        help="report each level's average cost per decision instead",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help=f"whole games reviewed: default {review_games}; games (or "  # i18n: not shown (a developer's tool)
        f"hands) per level with --levels: default {level_games}",
    )
    args = parser.parse_args(argv)
    if args.levels:
        report = levels(args.games or level_games, args.seed)
    else:
        report = {
            "positions": args.positions,
            "seed": args.seed,
            **timing(args.positions, args.seed, args.games or review_games),
        }
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0
