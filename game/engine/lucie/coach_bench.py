"""Time La Belle Lucie's coach, and measure what its accuracy figure gives each kind of
player; prints JSON.

    python -m game.engine.lucie.coach_bench --positions 100 --seed 1 [--games 3]
    python -m game.engine.lucie.coach_bench --levels --games 20 --seed 1

Positions come from real play by a weak player (the casual player below, who gives up
chances as people do, so that a review values the moves it did not make; the demo's
every move is its best, and judging it values nothing else): hands of deal numbers
drawn from the seed, and every decision with more than one legal action is a position.
The hint is judge() of the coach's best (found by a first, untimed judge() of the
player's action), timed from cold (the coach's memory of positions emptied first, as on
a position the hint has never seen), with the longest single slice of judge_thinking()
(what one frame would spend). The review is judge() of every decision of a whole hand in
order, from cold, as the review screen would run it, for the first --games hands.

--levels plays --games hands with each kind of player (the demo; the greedy demo, which
redeals from the most cards home without rating; a casual player who sends a card home
when one can go, else plays a random card move; a player of random card moves; both
redeal only when stuck) and reports their average cost per decision and the accuracy
HALF_ACCURACY_AT gives them.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from game.engine.coach import accuracy
from game.engine.lucie import coach
from game.engine.lucie.ai import REDEAL, DemoPlayer
from game.engine.lucie.bench import DEAL_RANGE, MAX_ACTIONS
from game.engine.lucie.game import LucieGame
from game.engine.lucie.rules import Position
from game.engine.measure import coach_bench_main, percentiles

Chooser = Callable[[Position, list[str]], str]


def forget() -> None:
    """Empty the coach's memory of positions (a cold start)."""
    coach._VALUES.clear()
    coach._PLANS.clear()


def play_hand(deal: int, choose: Chooser) -> tuple[list[tuple[Position, str]], bool]:
    """The decisions of one hand (positions with more than one legal action, and the
    action taken), played by `choose`, and whether it was won."""
    game = LucieGame.new(deal)
    decisions = []
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        legal = coach.legal_actions(game.position)
        if not legal:
            break
        action = choose(game.position, legal)
        if not action:
            break
        if len(legal) > 1:
            decisions.append((game.position, action))
        game.apply(action)
    return decisions, game.is_won


def demo_chooser(**options: Any) -> Chooser:
    player = DemoPlayer(**options)

    def choose(position: Position, legal: list[str]) -> str:
        return player.choose(position, legal)

    return choose


def random_chooser(rng: random.Random) -> Chooser:
    def choose(position: Position, legal: list[str]) -> str:
        cards = [a for a in legal if a != REDEAL]
        return rng.choice(cards) if cards else (REDEAL if REDEAL in legal else "")

    return choose


def homeward_chooser(rng: random.Random) -> Chooser:
    """A casual player: a card that goes home if there is one, else a random card move;
    redeals only when stuck."""

    def choose(position: Position, legal: list[str]) -> str:
        moves = position.legal_moves()
        home = [m.card for m in moves if m.to == "foundation"]
        if home:
            return rng.choice(home)
        cards = [m.card for m in moves]
        return rng.choice(cards) if cards else (REDEAL if REDEAL in legal else "")

    return choose


def timed_judge(position: Position, action: str) -> tuple[float, float, Any]:
    """(seconds, longest slice in seconds, judgement) of one judge_thinking() run."""
    started = time.perf_counter()
    thinking = coach.judge_thinking(position, action)
    longest = 0.0
    while True:
        before = time.perf_counter()
        done = thinking.step()
        longest = max(longest, time.perf_counter() - before)
        if done:
            break
    return time.perf_counter() - started, longest, thinking.result


def review(decisions: list[tuple[Position, str]]) -> tuple[float, list[float]]:
    """Seconds to judge every decision of a hand, from cold, and the costs."""
    forget()
    started = time.perf_counter()
    costs = []
    for position, action in decisions:
        judgement = coach.judge(position, action)
        if judgement is not None:
            costs.append(judgement.cost)
    return time.perf_counter() - started, costs


def bench(positions: int, seed: int, hands: int) -> dict[str, Any]:
    rng = random.Random(seed)
    player = homeward_chooser(random.Random(seed))
    pool: list[tuple[Position, str]] = []
    played: list[list[tuple[Position, str]]] = []
    while len(pool) < positions * 3 or len(played) < hands:
        decisions, _ = play_hand(rng.randrange(DEAL_RANGE), player)
        played.append(decisions)
        pool.extend(decisions)
    sample = rng.sample(pool, min(positions, len(pool)))
    times, slices, exact = [], [], 0
    for position, action in sample:
        first = coach.judge(position, action)
        assert first is not None
        forget()
        seconds, longest, judgement = timed_judge(position, first.best)
        assert judgement is not None and judgement.cost == 0.0
        times.append(seconds * 1000)
        slices.append(longest * 1000)
        exact += bool(judgement is not None and judgement.exact)
    reviews = []
    for decisions in played[:hands]:
        seconds, costs = review(decisions)
        reviews.append(
            {
                "decisions": len(decisions),
                "seconds": round(seconds, 2),
                "costly": sum(1 for cost in costs if cost > 0),
                "accuracy": accuracy(costs, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH),
            }
        )
    return {
        "game": "lucie",
        "seed": seed,
        "positions": len(sample),
        "hint_ms": percentiles(times),
        "hint_longest_slice_ms": percentiles(slices),
        "hint_exact_fraction": round(exact / len(sample), 3) if sample else None,
        "review_seconds": percentiles([hand["seconds"] for hand in reviews], 2),
        "review_of_a_casual_players_hand": reviews,
    }


def calibrate(hands: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deals = [rng.randrange(DEAL_RANGE) for _ in range(hands)]
    players: dict[str, Callable[[], Chooser]] = {
        "demo": demo_chooser,
        "greedy": lambda: demo_chooser(greedy=True),
        "homeward": lambda: homeward_chooser(random.Random(seed)),
        "random": lambda: random_chooser(random.Random(seed)),
    }
    report: dict[str, Any] = {
        "hands": hands,
        "seed": seed,
        "half_accuracy_at": coach.HALF_ACCURACY_AT,
    }
    for name, make in players.items():
        costs: list[float] = []
        per_hand = []
        wins = 0
        started = time.perf_counter()
        for deal in deals:
            decisions, won = play_hand(deal, make())
            _, hand_costs = review(decisions)
            wins += won
            costs.extend(hand_costs)
            per_hand.append(sum(hand_costs) / len(hand_costs) if hand_costs else 0.0)
        report[name] = {
            "decisions": len(costs),
            "mean_cost": round(sum(costs) / len(costs), 5) if costs else None,
            "mean_cost_per_hand": round(sum(per_hand) / len(per_hand), 5),
            "costly_decisions": sum(1 for c in costs if c > 0),
            "accuracy": accuracy(costs, coach.HALF_ACCURACY_AT, coach.ACCURACY_STRETCH),
            "wins": wins,
            "seconds": round(time.perf_counter() - started, 1),
        }
    return report


def coach_chooser(position: Position, legal: list[str]) -> str:
    """The coach's best, as the hint names it."""
    judgement = coach.judge(position, legal[0])
    return judgement.best if judgement is not None else legal[0]


def accuracy_trials(hands: int, seed: int) -> dict[str, list[list[float]]]:
    """For game.bench_accuracy: each simulated player's decisions' costs, hand by hand
    (the same deals for each), strongest first. The perfect player plays the coach's
    best, as the hint names it; the demo (whose planner follows its plan from move to
    move, so that now and then it plays another move as good to its eyes), the greedy
    demo, the casual player and random card moves are as in calibrate()."""
    rng = random.Random(seed)
    deals = [rng.randrange(DEAL_RANGE) for _ in range(hands)]
    players: dict[str, Callable[[int], Chooser]] = {
        "perfect": lambda _: coach_chooser,
        "demo": lambda _: demo_chooser(),
        "greedy demo": lambda _: demo_chooser(greedy=True),
        "casual": lambda number: homeward_chooser(random.Random(f"{seed}:{number}")),
        "random": lambda number: random_chooser(random.Random(f"{seed}:{number}")),
    }
    trials: dict[str, list[list[float]]] = {}
    for name, make in players.items():
        for number, deal in enumerate(deals):
            decisions, _ = play_hand(deal, make(number))
            trials.setdefault(name, []).append(review(decisions)[1])
    return trials


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (game.engine.measure.coach_bench_main)."""
    return coach_bench_main(
        argv,
        __doc__.splitlines()[0],
        timing=bench,
        levels=calibrate,
        positions=50,
        review_games=3,
        level_games=200,
    )


if __name__ == "__main__":
    sys.exit(main())
