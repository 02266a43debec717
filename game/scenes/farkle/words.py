"""What the Farkle table says: dice as the player reads them, and why Next is refused."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.farkle import NOTHING_HELD, FarkleState
from game.engine.farkle.scoring import POINT_STEP
from game.lang import _, number


def dice_text(dice: Iterable[int]) -> str:
    """Faces as the player reads them: "4 4 4"."""
    return " ".join(str(d) for d in dice)


def bank_reason(state: FarkleState, held: Sequence[int], refusal: str | None) -> str:
    """One line saying why Next would be refused with these dice held ("" if it is not)."""
    total = state.turn_points + state.hold_points(held)
    if refusal is None:
        return ""
    if refusal == NOTHING_HELD:
        return _("Hold a scoring die first: passing now would throw this roll's score away.")
    if state.final_round:
        return _("All or nothing: beat {leader}. This turn needs {need} (now {total}).").format(
            leader=number(state.leader_score),
            need=number(_reachable(state.bank_need())),
            total=number(total),
        )
    return _("You need {need} to bank: this turn has {total}.").format(
        need=number(_reachable(state.bank_need())), total=number(total)
    )


def _reachable(points: int) -> int:
    """The least score a turn can actually make that is at least `points` (a multiple of
    the scoring step: "beat 10,650" from 7,450 needs 3,250, not 3,201)."""
    return -(-points // POINT_STEP) * POINT_STEP
