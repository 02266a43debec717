"""Measure La Belle Lucie's solver and demo play; prints JSON.

    python -m game.engine.lucie.bench --deals 1000 --seed 1 [--jobs 2] [--no-demo] [--greedy]
    python -m game.engine.lucie.bench --winnable 500 --seed 1


Deal numbers are drawn from the seed. For each deal it times the exact solve of the fresh
layout as a last deal (no redeal left, draw available: the issue's yardstick), then lets
the demo player play the whole hand (three deals) and records win, score and the solve of
the last deal it met. Win rate comes with a 95% Wilson interval.

--winnable N deals N hands as the winnable-only mode does (game.engine.lucie.winnable):
the time each took (the skipped candidates included), how many candidates were skipped
and why, every proof's line replayed through the engine, and the difficulty's
distribution; with --expert, the demo player's wins by difficulty.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import random
import sys
import time
from typing import Any

from game.engine.lucie.ai import DemoPlayer
from game.engine.lucie.game import LucieGame
from game.engine.lucie.rules import Position
from game.engine.lucie.solver import solve
from game.engine.lucie.winnable import DIFFICULTIES, check_line, deal_job
from game.engine.measure import percentiles

FRESH_SECONDS = 1.0  # the limit for a fresh position
MAX_ACTIONS = 400  # a hand never needs this many; guards against a demo loop
DEAL_RANGE = 10**9


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half = z * spread / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_deal(args: tuple[int, bool, dict[str, int | bool]]) -> dict[str, Any]:
    """Fresh-solve timing and (optionally) one demo hand for deal number `deal`."""
    deal, demo, budgets = args
    fresh = Position.deal(deal)
    result = solve(Position(fresh.fans, fresh.foundations, 0, True), max_seconds=FRESH_SECONDS)
    record: dict[str, Any] = {
        "deal": deal,
        "fresh_status": result.status,
        "fresh_seconds": result.seconds,
        "fresh_nodes": result.nodes,
    }
    if not demo:
        return record
    game = LucieGame.new(deal)
    player = DemoPlayer(**budgets)
    started = time.perf_counter()
    final_solve = None
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        action = player.choose(game.position)
        if final_solve is None and game.redeals_left == 0 and player.planner.last_solve:
            final_solve = dict(player.planner.last_solve)
        if not action:
            break
        before = game.position
        game.apply(action)
        if game.position is before:
            raise AssertionError(f"deal {deal}: demo action {action} rejected")
    record.update(
        {
            "won": game.is_won,
            "score": game.score,
            "redeals_used": 2 - game.redeals_left,
            "hand_seconds": time.perf_counter() - started,
            "final_solve": final_solve,
        }
    )
    return record


def summarise(records: list[dict[str, Any]], seed: int, jobs: int) -> dict[str, Any]:
    """The JSON report."""
    n = len(records)
    fresh_times = [r["fresh_seconds"] for r in records]
    decided = [r for r in records if r["fresh_status"] != "unknown"]
    report: dict[str, Any] = {
        "deals": n,
        "seed": seed,
        "jobs": jobs,
        "machine": f"{platform.machine()} {platform.python_implementation()} "  # i18n: not shown (dev tool)
        f"{platform.python_version()}, {multiprocessing.cpu_count()} cpus",
        "fresh_solve": {
            "decided_fraction": round(len(decided) / n, 4) if n else 0.0,
            "within_seconds": FRESH_SECONDS,
            "winnable_fraction": round(sum(r["fresh_status"] == "winnable" for r in records) / n, 4)
            if n
            else 0.0,
            "seconds": percentiles(fresh_times),
            "nodes": percentiles([float(r["fresh_nodes"]) for r in records]),
        },
    }
    played = [r for r in records if "won" in r]
    if played:
        wins = sum(r["won"] for r in played)
        low, high = wilson(wins, len(played))
        finals = [r["final_solve"] for r in played if r["final_solve"]]
        report["demo"] = {
            "hands": len(played),
            "wins": wins,
            "win_rate": round(wins / len(played), 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "average_score": round(sum(r["score"] for r in played) / len(played), 2),
            "wins_by_redeals_used": {
                str(k): sum(1 for r in played if r["won"] and r["redeals_used"] == k)
                for k in range(3)
            },
            "hand_seconds": percentiles([r["hand_seconds"] for r in played]),
            "last_deal_solve": {
                "decided_fraction": round(
                    sum(f["status"] != "unknown" for f in finals) / len(finals), 4
                )
                if finals
                else None,
                "seconds": percentiles([float(f["seconds"]) for f in finals]),
            },
        }
    return report


def winnable_report(count: int, seed: int, expert: bool = False) -> dict[str, Any]:
    """Deal `count` winnable hands from one random.Random(seed), as the mode does;
    `expert`: the demo player (the Expert, who does not see the shuffles coming) plays
    each, and its wins are counted by difficulty (does the difficulty mean anything?)."""
    rng = random.Random(seed)
    seconds, cpu_seconds, nodes, shares, levels, shuffles = [], [], [], [], [], []
    # The longest stretch between two yields, per deal (ms): the most one slice of the
    # dealing screen's search can overrun its time; in this thread's CPU time, which a
    # shared machine's other work does not inflate (the wall clock is given beside).
    slices: list[float] = []
    skipped = over_budget = checked = 0
    expert_wins = {level: [0, 0] for level in DIFFICULTIES}
    for _ in range(count):
        started, cpu_started = time.perf_counter(), time.thread_time()
        job = deal_job(rng)
        longest = 0.0
        while True:
            before = time.thread_time()
            try:
                next(job)
            except StopIteration as stop:
                dealt = stop.value
                break
            finally:
                longest = max(longest, time.thread_time() - before)
        slices.append(longest * 1000)
        seconds.append(time.perf_counter() - started)
        cpu_seconds.append(time.thread_time() - cpu_started)
        proof = dealt.proof
        checked += check_line(proof.deal, proof.line)
        skipped += len(dealt.skipped)
        over_budget += dealt.over_budget
        nodes.append(float(dealt.nodes))
        shares.append(proof.share)
        levels.append(proof.difficulty)
        shuffles.append(proof.shuffles)
        if expert:
            tally = expert_wins[proof.difficulty]
            tally[0] += 1
            tally[1] += int(run_deal((proof.deal, True, {}))["won"])
    candidates = count + skipped
    buckets = [0] * 10
    for share in shares:
        buckets[min(9, int(share * 10))] += 1
    report: dict[str, Any] = {
        "winnable_deals": count,
        "seed": seed,
        "machine": f"{platform.machine()} {platform.python_implementation()} "  # i18n: not shown (dev tool)
        f"{platform.python_version()}, {multiprocessing.cpu_count()} cpus, "
        f"load {os.getloadavg()[0]:.1f}",
        "candidates": candidates,
        "skipped": skipped,
        "skipped_over_budget": over_budget,
        "skipped_no_win_found": skipped - over_budget,
        "lines_replayed_to_a_win": checked,
        "seconds_per_deal_wall": percentiles(seconds),
        "seconds_per_deal_cpu": percentiles(cpu_seconds),
        "nodes_per_deal": percentiles(nodes),
        "longest_slice_ms_cpu_per_deal": percentiles(slices, 2),
        "difficulty": {level: levels.count(level) for level in DIFFICULTIES},
        "share_by_tenths": {f"{i / 10:.1f}-{(i + 1) / 10:.1f}": n for i, n in enumerate(buckets)},
        "share_mean": round(sum(shares) / len(shares), 4) if shares else None,
        "shuffles_in_proof": {str(k): shuffles.count(k) for k in range(3)},
    }
    if expert:
        report["expert_wins_by_difficulty"] = {
            level: {
                "hands": hands,
                "wins": wins,
                "win_rate": round(wins / hands, 4) if hands else None,
                "win_rate_ci95": [round(x, 4) for x in wilson(wins, hands)],
            }
            for level, (hands, wins) in expert_wins.items()
        }
    return report


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")  # i18n: not shown
    parser.add_argument(
        "--no-demo",
        action="store_true",
        help="only time fresh solves",  # i18n: not shown (dev tool)
    )
    parser.add_argument(
        "--records",
        help="also write one JSON line per deal here",  # i18n: not shown (dev tool)
    )
    parser.add_argument(
        "--lookahead",
        type=int,
        default=None,
        help="second deals sampled to rate first-deal choices",  # i18n: not shown (dev tool)
    )
    parser.add_argument(
        "--greedy",
        action="store_true",
        help="baseline: redeal from the most cards home, unrated",  # i18n: not shown (dev tool)
    )
    parser.add_argument(
        "--winnable",
        type=int,
        default=0,
        help="deal this many hands in winnable-only mode instead",  # i18n: not shown (dev tool)
    )
    parser.add_argument(
        "--expert",
        action="store_true",
        help="with --winnable: the demo player plays each deal",  # i18n: not shown (dev tool)
    )
    options = parser.parse_args(argv)
    if options.winnable:
        report = winnable_report(options.winnable, options.seed, options.expert)
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    rng = random.Random(options.seed)
    deals = [rng.randrange(DEAL_RANGE) for _ in range(options.deals)]
    budgets: dict[str, int | bool] = {}
    if options.lookahead is not None:
        budgets["lookahead"] = options.lookahead
    if options.greedy:
        budgets["greedy"] = True
    work = [(deal, not options.no_demo, budgets) for deal in deals]
    if options.jobs > 1:
        with multiprocessing.Pool(options.jobs) as pool:
            records = pool.map(run_deal, work, chunksize=4)
    else:
        records = [run_deal(item) for item in work]
    if options.records:
        with open(options.records, "w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record) + "\n")
    report = summarise(records, options.seed, options.jobs)
    report["demo_options"] = budgets
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
