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
from game.lang import _, pgettext
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
            _("{name}'s turn").format(name=who),
            (
                _("Pass the keyboard and mouse to {name},").format(name=who),
                _("then show the hand."),
            ),
            # TRANSLATORS: a button: the curtain lifts (the command bar shows its first word).
            ((pgettext("key", "Enter"), _("Show my hand"), None),),
        )
    if not table.awaiting_human:
        return None
    state = table.state
    if state.phase == COUP_FOURRE:
        pending = state.pending
        declare = next(a for a in table.legal() if a.verb == DECLARE)
        attacker = table.name(pending.attacker) if pending else _("An opponent")
        hazard = card_name(pending.hazard) if pending else _("a hazard")
        moment = table.moments.current
        timed = moment is not None and moment.ticks is not None
        return Prompt(
            # TRANSLATORS: the coup fourré question's title.
            _("Coup fourré?"),
            (
                # TRANSLATORS: the coup fourré question's first two lines: "Cindy plays
                # Stop on you, and you hold" / "Right of Way (Véhicule prioritaire)!".
                _("{name} plays {card} on you, and you hold").format(name=attacker, card=hazard),
                _("{card}!").format(card=bilingual(declare.card)),
                _("Lay it sideways now: +{points} and you play next.").format(
                    points=POINTS_COUP_FOURRE
                ),
                *((_("Unanswered when the bar runs out, it is called for you."),) if timed else ()),
            ),
            # TRANSLATORS: the answers' buttons (C and P stay the keys).
            (("C", _("Coup fourré!"), declare), ("P", _("Pass"), PASS_ACTION)),
            table.moments.clock(),
        )
    if state.phase == EXTENSION:
        return Prompt(
            # TRANSLATORS: the extension question's title.
            _("Extension?"),
            (
                _("You reached {km} km! End the hand now,").format(km=state.target),
                _("or extend the trip to {km} km for {points} more").format(
                    km=LONG_TARGET, points=POINTS_EXTENSION
                ),
                _("(if you get there first)?"),
            ),
            # TRANSLATORS: the answers' buttons (Y and N stay the keys).
            (("Y", _("Extend"), EXTEND_ACTION), ("N", _("End hand"), END_HAND_ACTION)),
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
        # TRANSLATORS: how the coach's sentences "Best: {best}..." begin, exactly as
        # translated there: the hint leaves it out ("Hint: play Stop on Cindy...").
        why = judgement.why.removeprefix(_("Best: "))
        # TRANSLATORS: a hint, "Hint: play Stop on Cindy, clearly better than...".
        return Hint(judgement.best, _("Hint: {advice}").format(advice=why))

    return Thinking(job())
