"""The questions the Mille Bornes table asks a person here: the curtain between two
people at a shared screen (show my hand), a coup fourré (call it or pass, on the moment's
clock when there is one) and an extension (extend the trip or end the hand); and the
hint it gives when asked (?).

The view draws the question, the controls answer it (by letter, Enter or a click).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.core import Thinking
from game.engine.mille import END_HAND_ACTION, EXTEND_ACTION, PASS_ACTION, MilleState, coach
from game.engine.mille.rules import COUP_FOURRE, DECLARE, EXTENSION, LONG_TARGET
from game.engine.mille.scoring import POINTS_COUP_FOURRE, POINTS_EXTENSION
from game.scenes.mille.records import Hint, Prompt
from game.scenes.mille.words import bilingual, card_name

if TYPE_CHECKING:
    from game.scenes.mille.shape import MilleTable


def prompt_for(table: MilleTable) -> Prompt | None:
    """The question on the table for a person here, if any."""
    if table.finished or table.sheet_open:
        return None
    if table.hands.curtain is not None and not table.steps:
        who = table.name(table.hands.curtain)
        return Prompt(
            f"{who}'s turn",
            (f"Pass the keyboard and mouse to {who},", "then show the hand."),
            (("Enter", "Show my hand", None),),
        )
    if not table.awaiting_human:
        return None
    state = table.state
    if state.phase == COUP_FOURRE:
        pending = state.pending
        declare = next(a for a in table.legal() if a.verb == DECLARE)
        attacker = table.name(pending.attacker) if pending else "An opponent"
        hazard = card_name(pending.hazard) if pending else "a hazard"
        moment = table.moments.current
        timed = moment is not None and moment.ticks is not None
        return Prompt(
            "Coup fourré?",
            (
                f"{attacker} plays {hazard} on you, and you hold",
                f"{bilingual(declare.card)}!",
                f"Lay it sideways now: +{POINTS_COUP_FOURRE} and you play next.",
                *(("Unanswered when the bar runs out, it is called for you.",) if timed else ()),
            ),
            (("C", "Coup fourré!", declare), ("P", "Pass", PASS_ACTION)),
            table.moments.clock(),
        )
    if state.phase == EXTENSION:
        return Prompt(
            "Extension?",
            (
                f"You reached {state.target} km! End the hand now,",
                f"or extend the trip to {LONG_TARGET} km for {POINTS_EXTENSION} more",
                "(if you get there first)?",
            ),
            (("Y", "Extend", EXTEND_ACTION), ("N", "End hand", END_HAND_ACTION)),
        )
    return None


def hint_thinking(state: MilleState, names: Sequence[str]) -> Thinking[Hint | None]:
    """The coach's hint: the Expert's choice, played out against the next best (None when
    there is only one thing to do)."""
    thinking = coach.hint_thinking(state, names=names)

    def job():
        while not thinking.step():
            yield
        judgement = thinking.result
        if judgement is None:
            return None
        return Hint(judgement.best, f"Hint: {judgement.why.removeprefix('Best: ')}")

    return Thinking(job())
