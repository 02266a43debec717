"""The coach for Shut The Box: every decision weighed against Perfect, exactly.

    judge(state, action)   # a Judgement (see game.engine.coach), or None
    hint(state)            # the best action, judged

Values come from the Perfect level's exact dynamic programme (solver.py) through
`ai.evaluate`, the same function the hint key and the Perfect player use: the value of an
action is the expected final score of the current turn (doors already shut included) if
Perfect plays on from there. So the cost of an action is the exact expected turn points
it gave up. Decisions: which doors to shut for a roll (when more than one set makes it),
and, with the one-die option once 7, 8 and 9 are shut, whether to roll one die or two.
A single legal shut, a roll of two dice when one die is not allowed, and a finished game
are not decisions (judge gives None).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..coach import Judgement, accuracy
from .ai import _fmt, doors_words, evaluate
from .rules import ONE_DIE, Action, Roll, Shut
from .solver import score_table
from .state import OVER, ShutBoxState

UNIT = "points"

# The accuracy's scale (game.engine.coach.accuracy): the cost of one decision, in expected turn points, that
# scores 50 for that decision, and the stretch of the game's figure below 100. Set by
# game.engine.coach.calibrate from a random player's games in `python -m
# game.bench_accuracy --games 200 --seed 1`: half_at the median cost of its costly
# decisions, the stretch what brings its median game to 30, as in every game. The
# Pub regular's rule of thumb is nearly perfect (0.05 expected points a decision,
# `python -m game.engine.shutbox.coach_bench --levels`): it scores in the high 90s.
HALF_ACCURACY_AT = 6.3
ACCURACY_STRETCH = 2.09
# What simulated players score with these (`python -m game.bench_accuracy --games 200
# --seed 1`): (player, 10th percentile, median, 90th percentile) of their games'
# accuracies, for the Scores screen's help.
ACCURACY_BENCH = (
    ("Perfect play", 100, 100, 100),
    ("Pub regular", 98, 99, 100),
    ("random moves (Beginner)", 7, 30, 53),
)
# Coach mode asks before a decision that gives up more than this many expected points:
# ten times the Pub regular's average loss, a real mistake, not a rounding.
ASK_ABOVE = 0.5


def prepare(one_die_option: bool = False) -> None:
    """Solve the table now (some 10 ms from cold) so that no judgement has to."""
    score_table(one_die_option)


def judge(state: ShutBoxState, action: Action) -> Judgement | None:
    """`action` (one of `state.legal_actions()`) weighed against Perfect's best; None when
    there is nothing to decide. ValueError for an action the rules do not allow."""
    legal = state.legal_actions()
    if action not in legal:
        raise ValueError(f"{action!r} is not a legal action now")
    if len(legal) < 2 or state.phase == OVER:
        return None
    advice = evaluate(state)
    values = dict(advice.options)
    best, best_value = advice.action, advice.expected_score
    value = values[action]
    if value >= best_value:  # a real tie (exact values): the action is best too
        best = action
    other = action if action != best else next((a for a, _ in advice.options if a != best), None)
    why = f"{_imperative(best)}: you keep {_fmt(best_value)} points on average this turn"
    if other is not None:
        why += f"; {_gerund(other)} keeps {_fmt(values[other])}"
    return Judgement(action, best, value, best_value, UNIT, exact=True, why=why)


def hint(state: ShutBoxState) -> Judgement | None:
    """What Perfect would do now, judged; None when there is nothing to decide."""
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    return judge(state, evaluate(state).action)


def game_accuracy(judgements: Sequence[Judgement | None]) -> int | None:
    """0-100 over a game's judgements (Nones skipped); None when nothing was decided."""
    return accuracy(
        [j.cost for j in judgements if j is not None], HALF_ACCURACY_AT, ACCURACY_STRETCH
    )


def _imperative(action: Action) -> str:
    """ "Shut 5 and 4", "Shut the 9", "Roll one die", "Roll both dice"."""
    if isinstance(action, Shut):
        return f"Shut {doors_words(action.doors)}"
    return "Roll one die" if action.dice == ONE_DIE else "Roll both dice"


def _gerund(action: Action) -> str:
    """ "shutting 5 and 4", "rolling one die"."""
    if isinstance(action, Roll):
        return "rolling one die" if action.dice == ONE_DIE else "rolling both dice"
    return f"shutting {doors_words(action.doors)}"


__all__ = [
    "ACCURACY_BENCH",
    "ACCURACY_STRETCH",
    "ASK_ABOVE",
    "HALF_ACCURACY_AT",
    "UNIT",
    "game_accuracy",
    "hint",
    "judge",
    "prepare",
]
