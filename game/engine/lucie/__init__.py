"""La Belle Lucie (Three Shuffles and a Draw): rules, exact solver, hints and demo play.

game = LucieGame.new(deal)          # the scene's object: move/redeal/undo/redo/hint
Position.from_text(text)            # positions for tests and bug reports
solve(position, max_seconds=1.0)    # exact verdict for the current deal
"""

from game.engine.lucie.ai import (
    REDEAL,
    DemoPlayer,
    Hint,
    Planner,
    Thinking,
    hint,
    win_chance,
)
from game.engine.lucie.game import LucieGame
from game.engine.lucie.rules import SCORE_RULE, Move, Position, apply_move, apply_redeal
from game.engine.lucie.solver import Explorer, Solver, SolveResult, solve

__all__ = [
    "REDEAL",
    "SCORE_RULE",
    "DemoPlayer",  # i18n: not shown (names)
    "Explorer",  # i18n: not shown (names)
    "Hint",  # i18n: not shown (names)
    "LucieGame",  # i18n: not shown (names)
    "Move",  # i18n: not shown (names)
    "Planner",  # i18n: not shown (names)
    "Position",  # i18n: not shown (names)
    "SolveResult",  # i18n: not shown (names)
    "Solver",  # i18n: not shown (names)
    "Thinking",  # i18n: not shown (names)
    "apply_move",
    "apply_redeal",
    "hint",
    "solve",
    "win_chance",
]
