"""Mille Bornes: rules, scoring and computer players (pure Python, no pygame).

A scene drives a game like this:

    state = MilleState.new_game(Options(players=2))
    events = state.apply(DEAL_ACTION, rng)          # deal; events to animate
    while state.phase != "game_over":
        seat = state.to_act                         # None between hands: apply DEAL_ACTION
        legal = state.legal_actions()               # plays, discards, coup fourré, extension
        action = agent.choose(state.observation(seat), legal)   # or the human's pick
        events = state.apply(action, rng)

Modules: cards (the 19 kinds, English and French names), rules (state, actions,
observations), scoring (the hand's lines), agents (levels and make_agent), expert (the
searching player), tournament (headless matches).
"""

from game.engine.mille.agents import LEVELS, make_agent
from game.engine.mille.cards import CARD_KINDS, KIND_BY_ID, CardKind
from game.engine.mille.rules import (
    DEAL_ACTION,
    END_HAND_ACTION,
    EXTEND_ACTION,
    PASS_ACTION,
    Action,
    IllegalAction,
    MilleState,
    Observation,
    Options,
    Tableau,
    redact,
)
from game.engine.mille.scoring import SCORE_LINES

__all__ = [
    "CARD_KINDS",
    "DEAL_ACTION",
    "END_HAND_ACTION",
    "EXTEND_ACTION",
    "KIND_BY_ID",
    "LEVELS",
    "PASS_ACTION",
    "SCORE_LINES",
    "Action",  # i18n: not shown (names)
    "CardKind",  # i18n: not shown (names)
    "IllegalAction",  # i18n: not shown (names)
    "MilleState",  # i18n: not shown (names)
    "Observation",  # i18n: not shown (names)
    "Options",  # i18n: not shown (names)
    "Tableau",  # i18n: not shown (names)
    "make_agent",
    "redact",
]
