"""Time Mille Bornes' coach, and measure what its accuracy figure gives each level; prints
JSON.

    python -m game.engine.mille.coach_bench --positions 60 --seed 1 [--games 1]
    python -m game.engine.mille.coach_bench --levels --games 8 --seed 1

Positions come from real self-play: two Experts (fixed rollouts, so the run replays) play
whole two-player games (hands dealt until one side reaches the target), and every
decision with more than one legal action is a position. The hint is judge() of the
coach's best (found by a first, untimed judge() of the action the Expert took), with the
longest single slice of judge_thinking() (what one frame would spend). The review is
judge() of every decision of one seat over a whole game, as the review screen would run
it after the game, for the first --games games (with the mean per hand, labelled as
such). All with the coach's default playouts (coach.ROLLOUTS) and seeds drawn from
--seed.

--levels plays --games hands in which seat 0 is each level in turn (the Expert at the table's
default 100 ms budget, Basic, Easy, and random legal moves) against Basic, judges every
decision of seat 0, and reports the average cost per decision and the accuracy
HALF_ACCURACY_AT gives it.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.engine.coach import accuracy
from game.engine.core import Agent
from game.engine.measure import coach_bench_main, percentiles
from game.engine.mille import coach
from game.engine.mille.agents import make_agent
from game.engine.mille.rules import DEAL, DEAL_ACTION, GAME_OVER, Action, MilleState, Options

SELF_PLAY_ROLLOUTS = 8
# The accuracy benchmark's playouts per candidate (game.bench_accuracy): a quarter of the
# table's coach.ROLLOUTS, so that 200 hands of five players take minutes, not hours, on
# a shared machine. The costs are noisier (a spread about twice the table's): the
# figures are the table's within that noise.
BENCH_ROLLOUTS = 8


Decisions = list[tuple[MilleState, Action, int]]


def play_hand(
    agents: Sequence[Agent], rng: random.Random, state: MilleState | None = None
) -> Decisions:
    """One hand (of `state`, dealt now; else of a fresh two-player game): each decision
    with more than one legal action (the state before it, a copy; the action; the seat)."""
    if state is None:
        state = MilleState.new_game(Options(players=2))
    state.apply(DEAL_ACTION, rng)
    decisions = []
    while state.phase not in (DEAL, GAME_OVER):
        legal = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        action = agents[seat].choose(state.observation(seat), legal)
        if len(legal) > 1:
            decisions.append((state.copy(), action, seat))
        state.apply(action, rng)
    return decisions


def play_game(agents: Sequence[Agent], rng: random.Random) -> list[Decisions]:
    """A whole two-player game: the decisions of each hand, hand by hand."""
    state = MilleState.new_game(Options(players=2))
    hands = []
    while state.phase != GAME_OVER:
        hands.append(play_hand(agents, rng, state))
    return hands


def timed(state: MilleState, action: Action, seed: int) -> tuple[float, float, Any]:
    """(seconds, longest slice in seconds, judgement) of one judge_thinking() run."""
    started = time.perf_counter()
    thinking = coach.judge_thinking(state, action, seed)
    longest = 0.0
    while True:
        before = time.perf_counter()
        done = thinking.step()
        longest = max(longest, time.perf_counter() - before)
        if done:
            break
    return time.perf_counter() - started, longest, thinking.result


def review(
    decisions: Decisions, seat: int, rng: random.Random
) -> tuple[float, list[float], list[float]]:
    """Seconds to judge every decision of `seat`, the costs and the spreads."""
    started = time.perf_counter()
    costs, spreads = [], []
    for state, action, who in decisions:
        if who != seat:
            continue
        judgement = coach.judge(state, action, rng.randrange(2**32))
        if judgement is not None:
            costs.append(judgement.cost)
            spreads.append(judgement.spread)
    return time.perf_counter() - started, costs, spreads


def bench(positions: int, seed: int, games: int) -> dict[str, Any]:
    rng = random.Random(seed)
    pool: Decisions = []
    played: list[list[Decisions]] = []
    while len(pool) < positions * 3 or len(played) < games:
        agents = [
            make_agent("expert", random.Random(rng.random()), rollouts=SELF_PLAY_ROLLOUTS)
            for _ in range(2)
        ]
        hands = play_game(agents, random.Random(rng.random()))
        played.append(hands)
        pool.extend(decision for hand in hands for decision in hand)
    sample = rng.sample(pool, min(positions, len(pool)))
    times, slices, spreads = [], [], []
    for state, action, _ in sample:
        judge_seed = rng.randrange(2**32)
        first = coach.judge(state, action, judge_seed)
        assert first is not None
        seconds, longest, hint = timed(state, first.best, judge_seed)
        assert hint is not None and hint.cost == 0
        times.append(seconds * 1000)
        slices.append(longest * 1000)
        spreads.append(hint.spread)
    reviews = []
    for hands in played[:games]:
        seconds, costs, _ = review([d for hand in hands for d in hand], 0, rng)
        reviews.append(
            {
                "hands": len(hands),
                "decisions": len(costs),
                "seconds": round(seconds, 2),
                "seconds_per_hand": round(seconds / len(hands), 2),
                "accuracy": accuracy(costs, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH),
            }
        )
    return {
        "game": "mille",
        "seed": seed,
        "positions": len(sample),
        "rollouts": coach.ROLLOUTS,
        "hint_ms": percentiles(times),
        "hint_longest_slice_ms": percentiles(slices),
        "hint_spread_points": percentiles(spreads),
        "review_of_a_game_seat_0": reviews,
    }


def calibrate(hands: int, seed: int) -> dict[str, Any]:
    report: dict[str, Any] = {
        "hands": hands,
        "seed": seed,
        "rollouts": coach.ROLLOUTS,
        "half_accuracy_at": coach.HALF_ACCURACY_AT,
    }
    for level in ("expert", "basic", "easy", "random"):
        rng = random.Random(seed)
        costs: list[float] = []
        spreads: list[float] = []
        started = time.perf_counter()
        for _ in range(hands):
            agents = [
                make_agent(level, random.Random(rng.random())),
                make_agent("basic", random.Random(rng.random())),
            ]
            decisions = play_hand(agents, random.Random(rng.random()))
            _, hand_costs, hand_spreads = review(decisions, 0, rng)
            costs.extend(hand_costs)
            spreads.extend(hand_spreads)
        report[level] = {
            "decisions": len(costs),
            "mean_cost": round(sum(costs) / len(costs), 2) if costs else None,
            "costly_decisions": sum(1 for c in costs if c > 0),
            "mean_spread": round(sum(spreads) / len(spreads), 1) if spreads else None,
            "accuracy": accuracy(costs, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH),
            "seconds": round(time.perf_counter() - started, 1),
        }
    return report


def accuracy_trials(
    hands: int, seed: int, rollouts: int = BENCH_ROLLOUTS
) -> dict[str, list[list[float]]]:
    """For game.bench_accuracy: each simulated player's decisions' costs, hand by hand,
    strongest first: two-player hands, seat 0 the player, seat 1 Basic, every decision of
    seat 0 judged by the coach with `rollouts` playouts per candidate. The perfect player
    plays the coach's best (the coach's Expert on the position alone; its judgement is
    the hint's, which costs 0 by definition); the Expert with `rollouts` fixed playouts
    (reproducible, where the table's plays for 100 ms), Basic, Easy, and random legal
    moves."""
    trials: dict[str, list[list[float]]] = {}
    for level in ("perfect", "expert", "basic", "easy", "random"):
        rng = random.Random(f"{seed}:{level}")
        played = trials.setdefault(level, [])
        for _ in range(hands):
            opponent = make_agent("basic", random.Random(rng.random()))
            deal = random.Random(rng.random())
            state = MilleState.new_game(Options(players=2))
            state.apply(DEAL_ACTION, deal)
            agent = None
            if level != "perfect":
                agent = make_agent(level, random.Random(rng.random()), rollouts=rollouts)
            costs = []
            while state.phase not in (DEAL, GAME_OVER):
                legal = state.legal_actions()
                seat = state.to_act
                assert seat is not None
                judgement = None
                if seat == 1:
                    action = opponent.choose(state.observation(1), legal)
                elif agent is None:
                    hinting = coach.hint_thinking(state, rng.randrange(2**32), rollouts=rollouts)
                    while not hinting.step():
                        pass
                    judgement = hinting.result
                    action = judgement.best if judgement is not None else legal[0]
                else:
                    action = agent.choose(state.observation(0), legal)
                    if len(legal) > 1:
                        judgement = coach.judge(
                            state, action, rng.randrange(2**32), rollouts=rollouts
                        )
                if judgement is not None:
                    costs.append(judgement.cost)
                state.apply(action, deal)
            played.append(costs)
    return trials


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (game.engine.measure.coach_bench_main)."""
    return coach_bench_main(
        argv,
        __doc__.splitlines()[0],
        timing=bench,
        levels=calibrate,
        positions=40,
        review_games=1,
        level_games=40,
    )


if __name__ == "__main__":
    sys.exit(main())
