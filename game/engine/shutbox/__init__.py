"""Shut The Box (MicroLink, 1989): rules, game state, computer levels, hint, tournament.

state = ShutBoxState.new([Player("Ann"), Player("Bob", computer=True, level="perfect")])
events = state.apply(Roll(), rng)            # then a Shut from state.legal_actions()
choose_doors(frozenset(range(1, 10)), 7)     # Perfect's shut for a roll of 7
"""

from .ai import (
    BeginnerAgent,
    Decision,
    Hint,
    PerfectAgent,
    PubAgent,
    ShutBoxAgent,
    evaluate,
    hint,
    make_agent,
)
from .rules import (
    ALL_DOORS,
    BOX_SHUT_BONUS,
    DOORS,
    LEVEL_LABELS,
    LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ONE_DIE,
    ONE_DIE_REQUIRES_SHUT,
    PERFECT_GAME,
    PERFECT_TURN,
    TURN_SCORES,
    TURNS_PER_PLAYER,
    TWO_DICE,
    Action,
    Roll,
    Shut,
    action_from_json,
    can_match,
    is_valid_shut,
    one_die_allowed,
    shut_options,
    turn_score,
)
from .solver import choose_doors, expected_turn_score
from .state import OVER, ROLL, SHUT, IllegalAction, Player, SelectionCheck, ShutBoxState, TurnRecord

__all__ = [
    "ALL_DOORS",
    "BOX_SHUT_BONUS",
    "DOORS",
    "LEVEL_LABELS",
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ONE_DIE",
    "ONE_DIE_REQUIRES_SHUT",
    "OVER",
    "PERFECT_GAME",
    "PERFECT_TURN",
    "ROLL",
    "SHUT",
    "TURN_SCORES",
    "TURNS_PER_PLAYER",
    "TWO_DICE",
    "Action",  # i18n: not shown (a Python name)
    "BeginnerAgent",  # i18n: not shown (a Python name)
    "Decision",  # i18n: not shown (a Python name)
    "Hint",  # i18n: not shown (a Python name)
    "IllegalAction",  # i18n: not shown (a Python name)
    "PerfectAgent",  # i18n: not shown (a Python name)
    "Player",  # i18n: not shown (a Python name)
    "PubAgent",  # i18n: not shown (a Python name)
    "Roll",  # i18n: not shown (a Python name)
    "SelectionCheck",  # i18n: not shown (a Python name)
    "Shut",  # i18n: not shown (a Python name)
    "ShutBoxAgent",  # i18n: not shown (a Python name)
    "ShutBoxState",  # i18n: not shown (a Python name)
    "TurnRecord",  # i18n: not shown (a Python name)
    "action_from_json",
    "can_match",
    "choose_doors",
    "evaluate",
    "expected_turn_score",
    "hint",
    "is_valid_shut",
    "make_agent",
    "one_die_allowed",
    "shut_options",
    "turn_score",
]
