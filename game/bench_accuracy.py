"""How the accuracy figure spreads over simulated players, per game; prints a table.

    python -m game.bench_accuracy --games 200 [--seed 1] [--processes 2]
        [--only shutbox,farkle] [--save costs.json] [--load costs.json]

Each game's coach bench plays --games games (a hand for La Belle Lucie and Mille
Bornes) with each simulated player: the perfect player (the coach's own best), each
computer level, and a player of random legal moves (accuracy_trials in
game/engine/<game>/coach_bench.py says who plays against whom). Every decision of the
player is judged by the game's coach, and each game's accuracy is
game.engine.coach.accuracy: lichess's per-move curve

    move accuracy = 103.1668 * exp(-ln(103.1668 / 53.1668) * cost / half_at) - 3.1668

(clipped to 0..100: 100 for the best, 50 for a decision that gives up the game's
half_at), averaged over the game's decisions, and the average's distance below 100
multiplied by the game's stretch:

    accuracy = 100 - (100 - mean move accuracy) * stretch

The table gives, per game and player, the median and the 10th and 90th percentiles of
the games' accuracies with the game's HALF_ACCURACY_AT and ACCURACY_STRETCH, and what
game.engine.coach.calibrate makes of the random player's games: half_at the median cost
of its costly decisions, stretch what brings its median game to RANDOM_MEDIAN (what
each game's constants were set from, so that a figure means about the same in every
game). A benchmark, not a test: it takes long (Mille Bornes weighs every
decision with 32 playouts); --save keeps the costs so that --load can print the table
again without playing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.engine.coach import RANDOM_MEDIAN, accuracy, calibrate
from game.engine.farkle import coach as farkle_coach
from game.engine.farkle import coach_bench as farkle_bench
from game.engine.lucie import coach as lucie_coach
from game.engine.lucie import coach_bench as lucie_bench
from game.engine.mille import coach as mille_coach
from game.engine.mille import coach_bench as mille_bench
from game.engine.shutbox import coach as shutbox_coach
from game.engine.shutbox import coach_bench as shutbox_bench

Trials = dict[str, list[list[float]]]

#: Each game: its trials and the scale its accuracy is shown with.
GAMES: dict[str, tuple[Callable[[int, int], Trials], float, float]] = {
    "shutbox": (
        shutbox_bench.accuracy_trials,
        shutbox_coach.HALF_ACCURACY_AT,
        shutbox_coach.ACCURACY_STRETCH,
    ),
    "farkle": (
        farkle_bench.accuracy_trials,
        farkle_coach.HALF_ACCURACY_AT,
        farkle_coach.ACCURACY_STRETCH,
    ),
    "lucie": (
        lucie_bench.accuracy_trials,
        lucie_coach.HALF_ACCURACY_AT,
        lucie_coach.ACCURACY_STRETCH,
    ),
    "mille": (
        mille_bench.accuracy_trials,
        mille_coach.HALF_ACCURACY_AT,
        mille_coach.ACCURACY_STRETCH,
    ),
}


def run_game(game: str, games: int, seed: int) -> tuple[str, Trials, float]:
    began = time.perf_counter()
    trials = GAMES[game][0](games, seed)
    return game, trials, time.perf_counter() - began


def distribution(trials: list[list[float]], half_at: float, stretch: float) -> dict[str, Any]:
    """Median and 10th / 90th percentiles of the games' accuracies (games without a
    decision left out)."""
    figures = sorted(a for costs in trials if (a := accuracy(costs, half_at, stretch)) is not None)
    if not figures:
        return {"games": 0}
    deciles = statistics.quantiles(figures, n=10, method="inclusive")
    return {
        "games": len(figures),
        "p10": round(deciles[0]),
        "median": round(statistics.median(figures)),
        "p90": round(deciles[-1]),
        "decisions_per_game": round(statistics.fmean(len(c) for c in trials), 1),
    }


def table(results: dict[str, Trials], seconds: dict[str, float]) -> str:
    lines = [
        f"{'game':8} {'player':18} {'games':>5} {'p10':>4} {'median':>6} {'p90':>4}  decisions"
    ]
    for game, trials in results.items():
        _, half_at, stretch = GAMES[game]
        random_name = list(trials)[-1]
        try:
            fitted = "half_at {:.4g}, stretch {:.3g}".format(*calibrate(trials[random_name]))
        except ValueError as error:
            fitted = f"none ({error})"
        for player, costs in trials.items():
            d = distribution(costs, half_at, stretch)
            if not d["games"]:
                lines.append(f"{game:8} {player:18} no decisions")
                continue
            lines.append(
                f"{game:8} {player:18} {d['games']:5} {d['p10']:4} {d['median']:6} "
                f"{d['p90']:4}  {d['decisions_per_game']}/game"
            )
        spent = f", {seconds[game]:.0f} s" if game in seconds else ""
        lines.append(
            f"{'':8} shown with half_at {half_at:g}, stretch {stretch:g}; calibrated "
            f"(random median {RANDOM_MEDIAN}): {fitted}{spent}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games (hands) per player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--only", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("--save", help="write the costs to this JSON file")
    parser.add_argument("--load", help="read the costs from this JSON file instead of playing")
    args = parser.parse_args(argv)
    seconds: dict[str, float] = {}
    if args.load:
        with open(args.load, encoding="utf-8") as file:
            results: dict[str, Trials] = json.load(file)
    else:
        chosen = [g for g in args.only.split(",") if g]
        unknown = [g for g in chosen if g not in GAMES]
        if unknown:
            parser.error(f"unknown games {unknown}: choose from {list(GAMES)}")
        results = {}
        with ProcessPoolExecutor(max_workers=max(1, args.processes)) as pool:
            # The slowest first, so that the others fill the other process meanwhile.
            order = sorted(chosen, key=["mille", "lucie", "farkle", "shutbox"].index)
            futures = [pool.submit(run_game, g, args.games, args.seed) for g in order]
            for future in futures:
                game, trials, spent = future.result()
                results[game], seconds[game] = trials, spent
        results = {g: results[g] for g in chosen}
        if args.save:
            with open(args.save, "w", encoding="utf-8") as file:
                json.dump(results, file)
    source = f"from {args.load}" if args.load else f"--games {args.games} --seed {args.seed}"
    print(f"Accuracy per game and player ({source})")
    print(table(results, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
