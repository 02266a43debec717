"""Headless Mille Bornes games between computer levels, with win rates as JSON.

    python -m game.engine.mille.tournament --a expert --b basic --players 2 --games 1000 --seed 1

`--rollouts N` fixes the Expert's search, making every game reproducible (the default
thinking budget depends on how fast the machine is, and on what else it runs); with it,
`--jobs 2` gives the same figures sooner, each game having its own seed, played in two
processes.

Level A plays one side and level B every other side; A's side moves round from game to
game so no level always opens. With three sides (3 or 6 players) an even match gives A
a third of the wins. Win rates count ties as half a win; the 95% confidence interval is
Wilson's score interval.

Besides the three levels, `random` (any legal move), `contest`, `expert-seer` and
`expert-oracle` may take either seat: `contest` is the sample player of the well-known
Mille Bornes AI contest, the "basic priority player" its card-counting entries are said
to beat about 87% of the time (agents.ContestBasicAgent); `expert-seer` is the Expert
shown the other hands (seer.py), about the most that better hand reading could give it,
and `expert-oracle` the Expert shown the draw pile's order too, what knowing every hidden
card would give its search. A caller may add players that do not ship (`makers`): the
Expert as it stood in November 2026, frozen, against which every later Expert is
measured head to head, is `expert-2026` of python -m tools.mille_tournament.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engine.core import Agent, Event
from game.engine.mille.agents import DEFAULT_BUDGET_MS, LEVELS, REFERENCE_LEVELS, make_agent
from game.engine.mille.rules import GAME_OVER, MilleState, Options

Z_95 = 1.959964

#: A player the caller adds by name: (rng, budget_ms, rollouts) -> agent. A function of a
#: module (not a lambda), so that the processes of --jobs can be handed it.
AgentMaker = Callable[[random.Random, float, int | None], Agent]


def play_game(
    state: MilleState,
    agents: Sequence[Agent],
    rng: random.Random,
    on_event: Callable[[Event], None] | None = None,
    max_hands: int | None = None,
) -> MilleState:
    """Play `state` to the end of the game (or `max_hands` more hands); returns it."""
    hands_left = max_hands
    while state.phase != GAME_OVER:
        legal = state.legal_actions()
        if state.to_act is None:
            if hands_left is not None:
                if hands_left == 0:
                    break
                hands_left -= 1
            action = legal[0]
        else:
            seat = state.to_act
            see = getattr(agents[seat], "see", None)
            if see is not None:
                see(state)  # only the seer, a yardstick, is shown the hidden cards
            action = agents[seat].choose(state.observation(seat), legal)
            if action not in legal:
                raise RuntimeError(f"seat {seat} chose an illegal action {action}")
        for event in state.apply(action, rng):
            if on_event is not None:
                on_event(event)
    return state


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + Z_95**2 / trials
    centre = (p + Z_95**2 / (2 * trials)) / denom
    half = Z_95 * math.sqrt(p * (1 - p) / trials + Z_95**2 / (4 * trials**2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_match_game(
    level_a: str,
    level_b: str,
    options: Options,
    game: int,
    seed: int,
    budget_ms: float,
    rollouts: int | None,
    makers: Mapping[str, AgentMaker] | None = None,
) -> tuple[int, list[int], list[int], int]:
    """Game number `game` of a match: A's side, the final scores, the winners and the
    hands played. Each game has its own seed, so a match gives the same games however it
    is split over processes. `makers`: players added by name beside make_agent's."""
    rng = random.Random(f"{seed}:{game}")
    a_side = game % options.sides
    agents = []
    for seat in range(options.players):
        level = level_a if seat % options.sides == a_side else level_b
        seat_rng = random.Random(rng.random())
        if makers and level in makers:
            agents.append(makers[level](seat_rng, budget_ms, rollouts))
        else:
            agents.append(make_agent(level, seat_rng, budget_ms, rollouts))
    state = play_game(MilleState.new_game(options), agents, rng)
    return a_side, list(state.scores), list(state.winners), state.hand_number


def _play_match_game(job: tuple) -> tuple[int, list[int], list[int], int]:
    """play_match_game for Pool.map, which passes one argument."""
    return play_match_game(*job)


def run(
    level_a: str,
    level_b: str,
    players: int,
    games: int,
    seed: int,
    budget_ms: float = DEFAULT_BUDGET_MS,
    hazards_only_on_roll: bool = False,
    short_deck: bool = False,
    game_target: int = 5000,
    rollouts: int | None = None,
    jobs: int = 1,
    makers: Mapping[str, AgentMaker] | None = None,
) -> dict[str, Any]:
    """Play `games` games of level A against level B and summarise them; `jobs` processes
    play them side by side (the results do not depend on it); `makers` adds players."""
    options = Options(
        players=players,
        hazards_only_on_roll=hazards_only_on_roll,
        short_deck=short_deck,
        game_target=game_target,
    )
    wins_a = wins_b = ties = 0
    hands = 0
    points_a = points_b = 0
    started = time.perf_counter()
    work = [
        (level_a, level_b, options, game, seed, budget_ms, rollouts, dict(makers or {}))
        for game in range(games)
    ]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_play_match_game, work, chunksize=1)
    else:
        results = [_play_match_game(job) for job in work]
    for a_side, scores, winners, hand_number in results:
        hands += hand_number
        points_a += scores[a_side]
        points_b += max(s for side, s in enumerate(scores) if side != a_side)
        if a_side in winners and len(winners) == 1:
            wins_a += 1
        elif a_side in winners:
            ties += 1
        else:
            wins_b += 1
    seconds = time.perf_counter() - started
    share_a = (wins_a + ties / 2) / games if games else 0.0
    low, high = wilson(wins_a + ties / 2, games)
    return {
        "a": level_a,
        "b": level_b,
        "players": players,
        "games": games,
        "seed": seed,
        "budget_ms": budget_ms,
        "rollouts": rollouts,
        "options": options.to_json(),
        "wins_a": wins_a,
        "wins_b": wins_b,
        "ties": ties,
        "win_rate_a": round(share_a, 4),
        "ci95_a": [round(low, 4), round(high, 4)],
        "win_rate_b": round(1 - share_a, 4) if games else 0.0,
        "ci95_b": [round(1 - high, 4), round(1 - low, 4)],
        "mean_score_a": round(points_a / games, 1) if games else 0.0,
        "mean_best_score_b": round(points_b / games, 1) if games else 0.0,
        "hands_per_game": round(hands / games, 2) if games else 0.0,
        "seconds": round(seconds, 2),
        "jobs": jobs,
        "games_per_second": round(games / seconds, 3) if seconds else None,
    }


def main(argv: list[str] | None = None, makers: Mapping[str, AgentMaker] | None = None) -> int:
    """Command line entry point; `makers` adds players by name (tools/mille_tournament.py)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    levels = LEVELS + REFERENCE_LEVELS + tuple(makers or ())
    parser.add_argument("--a", default="expert", choices=levels)
    parser.add_argument("--b", default="basic", choices=levels)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 6))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=DEFAULT_BUDGET_MS,
        help="Expert's thinking budget per decision (0: no search)",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument(
        "--rollouts",
        type=int,
        default=None,
        help="fix Expert's rollouts per candidate instead of timing them",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument("--hazards-only-on-roll", action="store_true")
    parser.add_argument("--short-deck", action="store_true")
    parser.add_argument("--game-target", type=int, default=5000)
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes playing games side by side (with --rollouts, the same figures)",  # i18n: not shown (a developer's tool)
    )
    args = parser.parse_args(argv)
    result = run(
        args.a,
        args.b,
        args.players,
        args.games,
        args.seed,
        args.budget_ms,
        args.hazards_only_on_roll,
        args.short_deck,
        args.game_target,
        args.rollouts,
        max(1, args.jobs),
        makers,
    )
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
