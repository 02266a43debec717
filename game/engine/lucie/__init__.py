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
    "DemoPlayer",
    "Explorer",
    "Hint",
    "LucieGame",
    "Move",
    "Planner",
    "Position",
    "SolveResult",
    "Solver",
    "Thinking",
    "apply_move",
    "apply_redeal",
    "hint",
    "solve",
    "win_chance",
]
