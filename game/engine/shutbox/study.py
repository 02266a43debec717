"""Would Perfect win more by playing the last turn for the win instead of for points?

    python -m game.engine.shutbox.study [--one-die]

Exact, no simulation. Two Perfect players; before the second player's fifth turn the
deficit D (first player's five turns minus the second's four) is known, and that turn
decides the game: more than D wins, exactly D shares the win. Playing for expected score
ignores D; playing for the win maximises P(score > D) + P(score = D) / 2 by the same
512-state DP with that payoff. The report gives the second player's win share both ways,
averaged over the exact distribution of D, and the largest gain at any single D.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from fractions import Fraction

from .rules import PERFECT_TURN, TURNS_PER_PLAYER
from .solver import score_distribution, score_table, solve_for_payoff

Distribution = Mapping[int, Fraction]


def _convolve(a: Distribution, b: Distribution, sign: int = 1) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + sign * y] = out.get(x + sign * y, Fraction(0)) + p * q
    return out


def _sum_of_turns(turn: Distribution, turns: int) -> dict[int, Fraction]:
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(turns):
        total = _convolve(total, turn)
    return total


def win_payoff(deficit: int) -> list[Fraction]:
    """Win share for each final turn score when the turn must beat `deficit`."""
    return [
        Fraction(1) if s > deficit else Fraction(1, 2) if s == deficit else Fraction(0)
        for s in range(PERFECT_TURN + 1)
    ]


def last_turn_study(one_die_option: bool = False) -> dict[str, object]:
    """Exact win shares of the last mover playing for points or for the win."""
    turn = score_distribution(score_table(one_die_option))
    deficits = _convolve(
        _sum_of_turns(turn, TURNS_PER_PLAYER), _sum_of_turns(turn, TURNS_PER_PLAYER - 1), sign=-1
    )
    for_points = for_win = Fraction(0)
    best_gain, best_at = Fraction(0), None
    for deficit, weight in deficits.items():
        payoff = win_payoff(deficit)
        points = sum(p * payoff[s] for s, p in turn.items())
        if 0 <= deficit <= PERFECT_TURN:
            win = solve_for_payoff(payoff, one_die_option).value[-1]
        else:
            win = points  # already won, or out of reach: nothing to choose
        for_points += weight * points
        for_win += weight * win
        if win - points > best_gain:
            best_gain, best_at = win - points, deficit
    return {
        "one_die_option": one_die_option,
        "last_mover_win_share_playing_for_points": float(for_points),
        "last_mover_win_share_playing_for_win": float(for_win),
        "gain": float(for_win - for_points),
        "largest_gain_at_one_deficit": float(best_gain),
        "at_deficit": best_at,
        "probability_of_that_deficit": float(deficits.get(best_at, 0)) if best_at else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    """Print the study as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--one-die",
        action="store_true",
        help="with the one-die option",  # i18n: not shown (a developer's tool)
    )
    args = parser.parse_args(argv)
    print(json.dumps(last_turn_study(args.one_die), indent=2))


if __name__ == "__main__":
    main()
