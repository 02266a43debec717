"""La Belle Lucie's deals by code: the table of a deal code (and of the daily deal), and
what the best play would have done on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.dealcode import DealCode
from game.engine.lucie import REDEAL, Position
from game.lang import Msg
from game.scenes.lucie.play import LucieScene
from game.scenes.lucie.words import difficulty_words
from game.table.dealing import Daily

if TYPE_CHECKING:
    from game.shell.app import App


def deal_table(app: App, deal: DealCode, daily: Daily | None = None) -> LucieScene:
    """The hand of a deal code (its deal number), and of the daily deal."""
    table = LucieScene.new_hand(app, deal.seed)
    table.dealing.daily = daily
    return table


#: The solver's time for a daily deal (it runs off the main thread).
BEST_PLAY_SECONDS = 20.0


def best_play(code: DealCode) -> Msg:
    """Whether the deal can be won: by the solver on its first layout, without a shuffle,
    else with its shuffles (game.engine.lucie.winnable, the proof of the winnable-only
    deals), with the winning line shown on request."""
    # late import: the solvers are loaded only when asked (off the main thread)
    from game.engine.lucie.solver import WINNABLE, solve
    from game.engine.lucie.winnable import prove

    result = solve(Position.deal(code.seed), max_seconds=BEST_PLAY_SECONDS)
    if result.status == WINNABLE:
        said = Msg(
            "The solver wins this deal without a shuffle, in {n} moves: it was winnable.",
            n=len(result.line),
        )
        return said, " ".join(result.line)  # the winning line, shown on request
    proof = prove(code.seed)
    if proof is not None:
        said = Msg(
            "The solver wins this deal with its shuffles, in {n} moves: it was winnable. "
            "{difficulty}.",
            n=len([move for move in proof.line if move != REDEAL]),
            difficulty=difficulty_words(proof.difficulty, round(proof.share * 100)),
        )
        return said, " ".join(proof.line)
    return Msg(
        "No line the solver tried wins this deal, shuffles included: it may not be winnable."
    )
