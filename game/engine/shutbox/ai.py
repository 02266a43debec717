"""Computer players of three levels, and the hint (what Perfect would do, and why).

Every agent sees the `ShutBoxState` as its observation: nothing in Shut The Box is hidden.
`decide` returns the action with a short reason a scene may show; `choose` is the plain
`core.Agent` protocol.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.lang import Msg

from .rules import LEVELS, ONE_DIE, TWO_DICE, Action, Roll, Shut, to_mask
from .solver import Table, dice_values, score_table, shut_values
from .state import OVER, ROLL, ShutBoxState

# Pub regular: rolls one die once allowed only when the doors left add up to this or less,
# the most a single die can match; above it two dice look like the better bet.
PUB_ONE_DIE_MAX_OPEN_SUM = 6


@dataclass(frozen=True)
class Decision:
    """An agent's action and a short human-readable reason for it."""

    action: Action
    reason: Msg  # translated when shown (str() or an f-string)


class ShutBoxAgent:
    """Base of the levels: `decide` gives a reasoned action, `choose` just the action."""

    level = ""

    def decide(self, observation: ShutBoxState, legal_actions: Sequence[Action]) -> Decision:
        """The action to play now, with its reason."""
        raise NotImplementedError

    def choose(self, observation: ShutBoxState, legal_actions: Sequence[Action]) -> Action:
        """The action to play now (the `core.Agent` protocol)."""
        return self.decide(observation, legal_actions).action


class BeginnerAgent(ShutBoxAgent):
    """Any legal move, uniformly at random."""

    level = "beginner"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, observation: ShutBoxState, legal_actions: Sequence[Action]) -> Decision:
        """A random legal action."""
        action = self.rng.choice(list(legal_actions))
        if isinstance(action, Shut):
            return Decision(
                action,
                Msg(
                    "shuts {doors}: any doors that make {total} will do",
                    doors=doors_words(action.doors),
                    total=sum(action.doors),
                ),
            )
        if action.dice == ONE_DIE:
            return Decision(action, Msg("rolls one die: either will do"))
        return Decision(action, Msg("rolls both dice: either will do"))


class PubAgent(ShutBoxAgent):
    """The pub regular's rule of thumb: shut as few doors as possible, the highest first."""

    level = "pub"

    def decide(self, observation: ShutBoxState, legal_actions: Sequence[Action]) -> Decision:
        """Fewest doors, highest first; one die once only small doors remain."""
        rolls = [a for a in legal_actions if isinstance(a, Roll)]
        if rolls:
            small = sum(observation.open_doors) <= PUB_ONE_DIE_MAX_OPEN_SUM
            if small and Roll(ONE_DIE) in rolls:
                return Decision(Roll(ONE_DIE), Msg("rolls one die: only small doors are left"))
            return Decision(Roll(TWO_DICE), Msg("rolls the dice"))
        shuts = [a for a in legal_actions if isinstance(a, Shut)]
        action = min(shuts, key=lambda s: (len(s.doors), sorted(-d for d in s.doors)))
        if len(action.doors) == 1:
            return Decision(
                action, Msg("shuts {doors}: one door does it", doors=doors_words(action.doors))
            )
        return Decision(
            action,
            Msg(
                "shuts {doors}: as few doors as possible, the highest first",
                doors=doors_words(action.doors),
            ),
        )


@dataclass(frozen=True)
class Hint:
    """What Perfect would do now and the expected turn score, before or after a roll.

    `expected_score` is the expected final score of the current turn (doors already shut
    included) if Perfect plays from here: before a roll, the position's value; after a
    roll, the value after Perfect's shut. `options` lists every legal action with that
    same figure, best first; `action` is None once the game is over.
    """

    action: Action | None
    expected_score: float
    options: tuple[tuple[Action, float], ...]
    reason: Msg  # translated when shown

    @property
    def doors(self) -> frozenset[int]:
        """The doors Perfect would shut (empty when the move is a roll)."""
        return self.action.doors if isinstance(self.action, Shut) else frozenset()


def _fmt(value: Fraction | float) -> float:
    """Points to expect, as a Msg's value: a float, which a Msg writes with one decimal
    in the language's way ("7.5", "7,5")."""
    return float(value)


def doors_words(doors: frozenset[int] | set[int]) -> Msg:
    """Doors as a player says them, highest first, as a Msg's value: "the 7", "6 and 1",
    "5, 3 and 1"."""
    ordered = [str(d) for d in sorted(doors, reverse=True)]
    if len(ordered) == 1:
        # TRANSLATORS: one door of the box, by its number, as the object of a sentence
        # ("shuts the 7", "Shut the 7"); several doors are just their numbers ("6 and 1")
        return Msg("the {door}", door=ordered[0])
    # TRANSLATORS: the last two items of a list, e.g. "Ann, Bob and Cy", "5, 3 and 1"
    return Msg("{first} and {last}", first=", ".join(ordered[:-1]), last=ordered[-1])


def _roll_reason(best: Roll, value: float, other: Roll | None, other_value: float) -> Msg:
    """Why a roll: with the other roll's figure when there is a choice of dice."""
    if other is None:
        if best.dice == ONE_DIE:
            return Msg("rolls one die, expecting {value} points this turn", value=value)
        return Msg("rolls both dice, expecting {value} points this turn", value=value)
    figures: dict[str, Any] = {"value": value, "other_value": other_value}
    if best.dice == ONE_DIE:
        return Msg(
            "rolls one die: it expects {value} points this turn, {other_value} if it rolls "
            "both dice",
            **figures,
        )
    return Msg(
        "rolls both dice: it expects {value} points this turn, {other_value} if it rolls one die",
        **figures,
    )


def evaluate(state: ShutBoxState, table: Table | None = None) -> Hint:
    """Perfect's view of the position: best action, expected turn score, every option."""
    if state.phase == OVER:
        return Hint(None, float(state.turn_score_so_far), (), Msg("the game is over"))
    table = table or score_table(state.one_die_option)
    if state.phase == ROLL:
        by_dice = dice_values(state.open_doors, table)
        options = sorted(
            ((Roll(n), v) for n, v in by_dice.items()), key=lambda pair: (-pair[1], -pair[0].dice)
        )
        best, value = options[0]
        if len(options) > 1:
            other, other_value = options[1]
            reason = _roll_reason(best, _fmt(value), other, _fmt(other_value))
        else:
            reason = _roll_reason(best, _fmt(value), None, 0.0)
    else:
        shuts = shut_values(state.open_doors, state.roll_total, table)
        options = [(Shut(doors), v) for doors, v in shuts]
        best, value = options[0]
        if len(options) > 1:
            other, other_value = options[1]
            reason = Msg(
                "shuts {doors}: it expects {value} points this turn, {other_value} with {other}",
                doors=doors_words(best.doors),
                value=_fmt(value),
                other_value=_fmt(other_value),
                other=doors_words(other.doors),
            )
        else:
            reason = Msg(
                "shuts {doors}, the only way to make {total}: it expects {value} points this turn",
                doors=doors_words(best.doors),
                total=state.roll_total,
                value=_fmt(value),
            )
    return Hint(best, float(value), tuple((a, float(v)) for a, v in options), reason)


def hint(state: ShutBoxState) -> Hint:
    """What the Perfect level would do now, and the expected turn score (the hint key)."""
    return evaluate(state)


class PerfectAgent(ShutBoxAgent):
    """Maximises the expected turn score exactly (see `solver`)."""

    level = "perfect"

    def decide(self, observation: ShutBoxState, legal_actions: Sequence[Action]) -> Decision:
        """The move with the highest exact expected turn score."""
        if len(legal_actions) == 1 and isinstance(legal_actions[0], Roll):
            # Nothing to weigh: skip the full evaluation (tournaments make many of these).
            value = score_table(observation.one_die_option).value[to_mask(observation.open_doors)]
            return Decision(
                legal_actions[0], _roll_reason(legal_actions[0], _fmt(value), None, 0.0)
            )
        advice = evaluate(observation)
        if advice.action not in legal_actions:
            raise ValueError("the legal actions given do not match the observed state")
        return Decision(advice.action, advice.reason)


def make_agent(level: str, rng: random.Random | None = None) -> ShutBoxAgent:
    """A computer player of `level` (one of LEVELS); `rng` drives the Beginner's choices."""
    if level == "beginner":
        return BeginnerAgent(rng if rng is not None else random.Random())
    if level == "pub":
        return PubAgent()
    if level == "perfect":
        return PerfectAgent()
    raise ValueError(f"unknown level {level!r}: choose from {LEVELS}")


__all__ = [
    "BeginnerAgent",  # i18n: not shown (a Python name)
    "Decision",  # i18n: not shown (a Python name)
    "Hint",  # i18n: not shown (a Python name)
    "PerfectAgent",  # i18n: not shown (a Python name)
    "PubAgent",  # i18n: not shown (a Python name)
    "ShutBoxAgent",  # i18n: not shown (a Python name)
    "evaluate",
    "hint",
    "make_agent",
]
