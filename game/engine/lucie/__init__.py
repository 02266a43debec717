"""La Belle Lucie (Three Shuffles and a Draw): rules, exact solver, hints and demo play."""
from game.engine.lucie.rules import Move, Position, apply_move, apply_redeal
from game.engine.lucie.solver import SolveResult, Solver, solve

__all__ = ["Move", "Position", "SolveResult", "Solver", "apply_move", "apply_redeal",
           "solve"]
