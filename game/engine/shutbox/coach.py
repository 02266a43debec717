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

from game.lang import N_, Msg

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
# (The players' names are English, marked for the catalogs: translated where shown.)
ACCURACY_BENCH = (
    # TRANSLATORS: a simulated player in the Scores screen's help on accuracy
    (N_("Perfect play"), 100, 100, 100),
    (N_("Pub regular"), 98, 99, 100),
    # TRANSLATORS: a simulated player in the Scores screen's help on accuracy
    (N_("random moves (Beginner)"), 7, 30, 53),
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
    why = _why(best, _fmt(best_value), other, _fmt(values[other]) if other is not None else 0.0)
    # The table keeps and sends `why` as a text: it is said in the language of the moment.
    return Judgement(action, best, value, best_value, UNIT, exact=True, why=str(why))


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


def _why(best: Action, value: float, other: Action | None, other_value: float) -> Msg:
    """ "Shut the 9: you keep 7.5 points on average this turn; shutting 5 and 4 keeps
    6.1", "Roll one die: ...; rolling both dice keeps ...": whole sentences, one for each
    pair of moves (a shut is weighed against a shut, a roll against a roll)."""
    if isinstance(best, Shut):
        if isinstance(other, Shut):
            return Msg(
                "Shut {doors}: you keep {value} points on average this turn; shutting "
                "{other} keeps {other_value}",
                doors=doors_words(best.doors),
                value=value,
                other=doors_words(other.doors),
                other_value=other_value,
            )
        return Msg(
            "Shut {doors}: you keep {value} points on average this turn",
            doors=doors_words(best.doors),
            value=value,
        )
    one_die = isinstance(best, Roll) and best.dice == ONE_DIE
    if other is None:
        if one_die:
            return Msg("Roll one die: you keep {value} points on average this turn", value=value)
        return Msg("Roll both dice: you keep {value} points on average this turn", value=value)
    if one_die:
        return Msg(
            "Roll one die: you keep {value} points on average this turn; rolling both dice "
            "keeps {other_value}",
            value=value,
            other_value=other_value,
        )
    return Msg(
        "Roll both dice: you keep {value} points on average this turn; rolling one die "
        "keeps {other_value}",
        value=value,
        other_value=other_value,
    )


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
