"""Farkle 1.0 (Chris Kartheiser, 1996): rules engine, scoring and computer players.

state = FarkleState.new(["human", Seat("computer", "expert")])
state.legal_actions(); events = state.apply(action, rng)
agent = make_agent("expert", rng); agent.decide(state.observation(seat), legal)
"""

from .ai import (
    CAUTIOUS,
    EXPERT,
    LEVELS,
    STANDARD,
    Decision,
    FarkleAgent,
    describe_policy,
    expert_choice,
    make_agent,
    prepare_expert,
)
from .rules import (
    BANK,
    BELOW_MINIMUM,
    COMPUTER,
    DEFAULT_MIN_BANK,
    DEFAULT_TARGET,
    EVERY_TURN,
    HUMAN,
    MIN_BANK_SCOPES,
    MIN_BANKS,
    MUST_BEAT_LEADER,
    NONE,
    NOTHING_HELD,
    OVER,
    ROLL,
    ROLL_ALL,
    ROLLED,
    SEAT_KINDS,
    START,
    TARGETS,
    UNTIL_ON_BOARD,
    FarkleAction,
    FarkleObservation,
    FarkleOptions,
    FarkleState,
    IllegalAction,
    Seat,
)
from .scoring import farkle_probability, is_farkle, score
from .solver import expected_turn_score

__all__ = [
    "BANK",
    "BELOW_MINIMUM",
    "CAUTIOUS",
    "COMPUTER",
    "DEFAULT_MIN_BANK",
    "DEFAULT_TARGET",
    "EVERY_TURN",
    "EXPERT",
    "HUMAN",
    "LEVELS",
    "MIN_BANKS",
    "MIN_BANK_SCOPES",
    "MUST_BEAT_LEADER",
    "NONE",
    "NOTHING_HELD",
    "OVER",
    "ROLL",
    "ROLLED",
    "ROLL_ALL",
    "SEAT_KINDS",
    "STANDARD",
    "START",
    "TARGETS",
    "UNTIL_ON_BOARD",
    "Decision",  # i18n: not shown (a name in __all__)
    "FarkleAction",  # i18n: not shown (a name in __all__)
    "FarkleAgent",  # i18n: not shown (a name in __all__)
    "FarkleObservation",  # i18n: not shown (a name in __all__)
    "FarkleOptions",  # i18n: not shown (a name in __all__)
    "FarkleState",  # i18n: not shown (a name in __all__)
    "IllegalAction",  # i18n: not shown (a name in __all__)
    "Seat",  # i18n: not shown (a name in __all__)
    "describe_policy",
    "expected_turn_score",
    "expert_choice",
    "farkle_probability",
    "is_farkle",
    "make_agent",
    "prepare_expert",
    "score",
]
