"""The coach for Farkle: every decision of a turn weighed against the Expert.

    judge(state, action)            # a Judgement (see game.engine.coach), or None
    judge_thinking(state, action)   # the same as a Thinking, sliced for a scene
    hint(state), hint_thinking(state)

A decision is what to do with dice on the table: which scoring dice to hold, and then
whether to bank or roll on (one engine action does both). The values are the Expert's
own, from `ExpertAgent.turn_values` (ai.py), so the Expert's choice always costs nothing
and "how good is this move" lives in one place. The unit follows what the Expert plays
for in that turn:

- "points" (most of the game): the exact expected points banked this turn (turn total
  so far included), from the turn optimum (solver.points_table). `exact` is True.
- "win chance", exact, for the last seat of the final round: the chance of beating the
  leader (solver.reach_table), which is winning.
- "win chance", an estimate (`exact` False), in the final round with rivals still to
  play and when any seat is within NEAR_END_MARGIN of the target: the Expert's race
  model (race.py: exact turn distributions, a 100-point grid, the strongest rival
  only). The error is the model's, not a sample's: `spread` is 0, there being no
  standard error to give.

A roll of all six at the start of a turn, a roll whose scoring holds all lead to the same
choice, and a finished game are not decisions (None). A bank the rules refuse (nothing
held, or below the minimum: the table beeps and nothing changes) is not one either.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from game.lang import N_, Msg

from ..coach import Judgement, accuracy
from ..core import Thinking
from .ai import (
    POINTS_MODE,
    REACH_MODE,
    WIN_MODE,
    ExpertAgent,
    TurnValues,
    _best_choice,
    chance_msg,
    prepare_expert,
    which_dice,
)
from .combos import hold_words
from .rules import BANK, ROLL, ROLLED, FarkleAction, FarkleObservation, FarkleOptions, FarkleState
from .scoring import DICE, POINT_STEP, dice_from_counts, farkle_probability, roll_profiles, score

UNIT = "points"
WIN_CHANCE = "win chance"  # i18n: not shown (the unit's key: the table says it in words)

# Win chance converts to points for the accuracy at the rate Standard and Cautious give
# between their two kinds of loss: measured with `python -m game.engine.farkle.coach_bench
# --levels --games 200 --seed 1` (each level against the Expert, default options),
# Standard lost 14.4 points per decision (4,906 decisions) and 0.0021 win chance (2,417),
# Cautious 74.3 points (3,740) and 0.0091 (1,951): 6,800 and 8,200 points for a whole
# win chance, about 7,500.
POINTS_PER_WIN_CHANCE = 7500.0
# The accuracy's scale (game.engine.coach.accuracy): the cost of one decision, in points,
# that scores 50 for that decision, and the stretch of the game's figure. Calibrated with
# `python -m game.bench_accuracy --games 200 --seed 1` on a random player's games (see
# ACCURACY_BENCH for what every player scores).
# Cautious banks early at every turn, each time giving up about half_at: its games score
# like random moves (a median of 30), Standard's 77.
HALF_ACCURACY_AT = 59.3
ACCURACY_STRETCH = 2.02
# What simulated players score with these (`python -m game.bench_accuracy --games 200
# --seed 1`): (player, 10th percentile, median, 90th percentile) of their games'
# accuracies, for the Scores screen's help.
ACCURACY_BENCH = (
    (N_("Expert (perfect play)"), 100, 100, 100),
    (N_("Standard"), 67, 77, 86),
    (N_("Cautious"), 10, 30, 53),
    (N_("random moves"), 12, 30, 49),
)
# The same scale in win chance (decisions judged in win chance near the end).
HALF_ACCURACY_AT_WIN = HALF_ACCURACY_AT / POINTS_PER_WIN_CHANCE
# Coach mode asks before a decision that gives up more than this (in points, win chance
# converted as accuracy_cost does): the worth of a single 5, about a third of a
# Standard player's worst habit per decision, never a hair's breadth.
ASK_ABOVE = 50.0

# The Expert whose tables the coach reads. Its own cache keeps the win-chance table of
# the turn being judged, so the decisions of one turn share it.
_EXPERT = ExpertAgent()

Choice = tuple[str, tuple[int, ...]]  # (ROLL or BANK, the held faces, sorted)


def prepare(options: FarkleOptions) -> None:
    """Build the tables for these options now (the Expert's, about a quarter of a second
    from cold), so that no judgement waits for them."""
    prepare_expert(options)


def judge(state: FarkleState, action: Sequence[Any]) -> Judgement | None:
    """`action` weighed against the Expert's best; None when there is nothing to decide.
    Can take some milliseconds near the end (a win-chance table per turn, cached: up to
    about 26 ms from cold, see judge_thinking): a scene may prefer judge_thinking.
    ValueError for an action the rules do not allow."""
    return _run(judge_thinking(state, action))


def judge_thinking(state: FarkleState, action: Sequence[Any]) -> Thinking[Judgement | None]:
    """judge() as a Thinking a scene steps over frames. Its slices take about half a
    millisecond (p99 1.7 ms, the longest 6 ms with both cores of the machine busy; a
    whole cold hint at most 26 ms), measured with `python -m
    game.engine.farkle.coach_bench --positions 2000 --seed 1 --games 30`. The state must
    not change until it is done. Its result may be None (nothing to decide), which
    Thinking.finish() does not allow: step it until `done`, then read `result`."""
    return Thinking(_judge_job(state, _normal(action)))


def hint(state: FarkleState) -> Judgement | None:
    """What the Expert would do now, judged; None when there is nothing to decide."""
    return _run(hint_thinking(state))


def hint_thinking(state: FarkleState) -> Thinking[Judgement | None]:
    """hint() as a Thinking, like judge_thinking."""
    return Thinking(_judge_job(state, None))


def accuracy_cost(judgement: Judgement) -> float:
    """A judgement's cost in points for the accuracy figure: win chance converts at
    POINTS_PER_WIN_CHANCE."""
    if judgement.unit == WIN_CHANCE:
        return judgement.cost * POINTS_PER_WIN_CHANCE
    return judgement.cost


def game_accuracy(judgements: Sequence[Judgement | None]) -> int | None:
    """0-100 over a game's judgements (Nones skipped); None when nothing was decided."""
    return accuracy(
        [accuracy_cost(j) for j in judgements if j is not None], HALF_ACCURACY_AT, ACCURACY_STRETCH
    )


# ----------------------------------------------------------------------------- inside


def _run(thinking: Thinking[Judgement | None]) -> Judgement | None:
    """All the slices at once (Thinking.finish() insists on a result that is not None)."""
    while not thinking.step():
        pass
    return thinking.result


def _normal(action: Sequence[Any]) -> FarkleAction:
    """The action as legal_actions() lists it: held indices sorted."""
    held = tuple(sorted(int(i) for i in action[1])) if len(action) > 1 else ()
    return FarkleAction(str(action[0]), held)


def _choices(state: FarkleState) -> dict[Choice, FarkleAction]:
    """The distinct choices of the position, each with its first legal action: holds of
    the same faces are the same choice."""
    choices: dict[Choice, FarkleAction] = {}
    for action in state.legal_actions():
        choices.setdefault(_choice_of(state, action), action)
    return choices


def _choice_of(state: FarkleState, action: FarkleAction) -> Choice:
    return action.kind, tuple(sorted(state.roll[i] for i in action.held))


def _judge_job(
    state: FarkleState, action: FarkleAction | None
) -> Generator[None, None, Judgement | None]:
    if action is not None and action not in state.legal_actions():
        refused = (
            state.phase == ROLLED
            and action.kind == BANK
            and (not action.held or state.is_valid_hold(action.held))
        )
        if refused:
            return None  # the rules refuse the bank and nothing changes
        raise ValueError(f"{action!r} is not a legal action now")
    if state.phase != ROLLED:
        return None
    choices = _choices(state)
    if len(choices) < 2:
        return None
    obs = state.observation(state.current)
    values = yield from _EXPERT.turn_values_job(obs)
    worth = {choice: _value(values, obs, *choice) for choice in choices}
    expert = _best_choice(obs.roll, obs.turn_points, values.bank_value, values.roll_value)
    assert expert is not None, "dice on the table always score"
    best = (BANK if expert.bank else ROLL, dice_from_counts(expert.hold.counts))
    best_value = max(worth.values())
    if worth[best] < best_value:
        # Never expected: the Expert considers only the best hold of each size, which
        # is the best when more points never hurt. Should a model break that, the
        # judgement still names the true maximum.
        best = max(worth, key=worth.__getitem__)
    judged = best if action is None else _choice_of(state, action)
    if worth[judged] >= best_value:
        best = judged  # as good as the best: it is the best
    others = sorted((c for c in worth if c != best), key=lambda c: -worth[c])
    other = judged if judged != best else others[0]
    unit = UNIT if values.mode == POINTS_MODE else WIN_CHANCE
    played = choices[judged] if action is None else action
    return Judgement(
        played,
        played if best == judged else choices[best],
        worth[judged],
        best_value,
        unit,
        exact=values.mode != WIN_MODE,
        spread=0.0,
        # The table keeps and saves a judgement's words as text: said now, in the
        # language of the moment.
        why=_why(obs, values, best, worth[best], other, worth[other]).text(),
    )


def _value(values: TurnValues, obs: FarkleObservation, kind: str, faces: tuple[int, ...]) -> float:
    """What holding `faces` and then banking or rolling on is worth, in values.mode."""
    total = (obs.turn_points + score(faces)) // POINT_STEP
    if kind == BANK:
        return values.bank_value(total)
    left = (len(obs.roll) - len(faces)) or DICE
    if values.mode == REACH_MODE and values.bank_value(total) == 1.0:
        # The leader is beaten already: the reach table calls that certain (its player
        # banks), but rolling on wins only if the dice score.
        return 1.0 - farkle_probability(left)
    table = values.table
    if table is None or total <= table.cap:
        return values.roll_value(total, left)
    # Past the table's cap its policy banks, and roll_value is the bank's value; rolling
    # on is worth one roll followed by the best bank (exact for points: past the cap
    # banking is optimal everywhere; for win chance beyond the table's last bank, that
    # bank stands in, an estimate already).
    last = len(table.bank) - 1 + table.lo

    def bank_at(t: int) -> float:
        if values.mode == POINTS_MODE:
            return values.bank_value(t)
        return table.bank_value(min(t, last))

    value = farkle_probability(left) * table.farkle
    for probability, options in roll_profiles(left):
        value += probability * max(bank_at(total + points // POINT_STEP) for points, _ in options)
    return value


def _why(
    obs: FarkleObservation,
    values: TurnValues,
    best: Choice,
    best_value: float,
    other: Choice,
    other_value: float,
) -> Msg:
    """ "Keep a 1 and bank 650: rolling the other two would average 612" and the like:
    the best choice with its figure, then the runner-up (or the choice judged)."""
    action = _imperative(obs, best)
    same_hold = other[1] == best[1]
    if values.mode == POINTS_MODE:
        then = _gerund(obs, other, same_hold, with_total=False)
        if best[0] == BANK:
            if other[0] == ROLL:
                return Msg(
                    "{action}: {then} would average {average}",
                    action=action,
                    then=then,
                    average=round(other_value),
                )
            return Msg(
                "{action}: {then} gets {total}", action=action, then=then, total=_total(obs, other)
            )
        if other[0] == ROLL:
            return Msg(
                "{action}: that averages {average} points this turn, where {then} averages {other}",
                action=action,
                average=round(best_value),
                then=then,
                other=round(other_value),
            )
        return Msg(
            "{action}: that averages {average} points this turn, where {then} gets {total}",
            action=action,
            average=round(best_value),
            then=then,
            total=_total(obs, other),
        )
    then = _gerund(obs, other, same_hold, with_total=True)
    chance, other_chance = chance_msg(best_value), chance_msg(other_value)
    beats = values.mode == REACH_MODE and best[0] == BANK
    if values.context is not None:
        if beats:
            return Msg(
                "{action} {when}: that beats the leader; {then}: {other}",
                action=action,
                when=values.context,
                then=then,
                other=other_chance,
            )
        return Msg(
            "{action} {when}: {chance} to win; {then}: {other}",
            action=action,
            when=values.context,
            chance=chance,
            then=then,
            other=other_chance,
        )
    if beats:
        return Msg(
            "{action}: that beats the leader; {then}: {other}",
            action=action,
            then=then,
            other=other_chance,
        )
    return Msg(
        "{action}: {chance} to win; {then}: {other}",
        action=action,
        chance=chance,
        then=then,
        other=other_chance,
    )


def _total(obs: FarkleObservation, choice: Choice) -> int:
    return obs.turn_points + score(choice[1])


def _rolling(obs: FarkleObservation, choice: Choice) -> Msg:
    """ "the other three", "all six again", "the last die"."""
    left = (len(obs.roll) - len(choice[1])) or DICE
    return which_dice(left, len(choice[1]) == len(obs.roll))


def _imperative(obs: FarkleObservation, choice: Choice) -> Msg:
    """ "Keep a 1 and bank 650", "Keep three 4s and roll the other three"."""
    kind, faces = choice
    if kind == BANK:
        # TRANSLATORS: the coach's advice (a hint, the review): "Keep three 4s + a 1 and bank 650".
        return Msg(
            "Keep {hold} and bank {total}", hold=hold_words(faces), total=_total(obs, choice)
        )
    # TRANSLATORS: the coach's advice: "Keep a 1 and roll the other five".
    return Msg("Keep {hold} and roll {which}", hold=hold_words(faces), which=_rolling(obs, choice))


def _gerund(obs: FarkleObservation, choice: Choice, same_hold: bool, with_total: bool) -> Msg:
    """ "banking 650", "keeping a 5 and rolling the other five" (the hold left out when
    it is the one just named; the bank's total left out when a figure follows)."""
    kind, faces = choice
    # TRANSLATORS: the coach's other choice, weighed after the best: "...: banking 650:
    # a 40% chance" (French and Polish: an infinitive, "marquer 650", "zapisać 650").
    if kind == BANK and with_total:
        then = Msg("banking {total}", total=_total(obs, choice))
    elif kind == BANK:
        # TRANSLATORS: the coach's other choice: "...: banking gets 650".
        then = Msg("banking")
    else:
        # TRANSLATORS: the coach's other choice: "...: rolling the other two would average 612".
        then = Msg("rolling {which}", which=_rolling(obs, choice))
    if same_hold:
        return then
    # TRANSLATORS: the coach's other choice: "keeping a 5 and rolling the other five".
    return Msg("keeping {hold} and {then}", hold=hold_words(faces), then=then)


__all__ = [
    "ACCURACY_BENCH",
    "ACCURACY_STRETCH",
    "HALF_ACCURACY_AT",
    "HALF_ACCURACY_AT_WIN",
    "POINTS_PER_WIN_CHANCE",
    "UNIT",
    "WIN_CHANCE",
    "accuracy_cost",
    "game_accuracy",
    "hint",
    "hint_thinking",
    "judge",
    "judge_thinking",
    "prepare",
]
