"""A computer player for a guest's seat at a network table (game.net.bot), and the check
that a guest's view holds no card its seat may not see, and does not tell whether another
seat is asked about a coup fourré.

Pure Python: it reads only what the host sent that seat (an Observation's JSON), exactly
what a person at that seat sees.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.engine.mille.agents import make_agent
from game.engine.mille.public import check_public
from game.engine.mille.rules import COUP_FOURRE, WAITING, MilleState, Observation
from game.engine.mille.viewcards import VIEW_FIELDS, cards_in


class MilleGuest:
    """Chooses for its seat with a computer player of `level` (the Expert by default)."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.agent = make_agent(level or "expert", rng)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        observation = Observation.from_json(view)
        actions = [MilleState.action_from_json(action) for action in legal]
        return MilleState.action_to_json(self.agent.choose(observation, actions))

    @staticmethod
    def check(message: dict[str, Any]) -> str | None:
        """A card this seat may not see in a view message (or a view that is not one), or
        a coup fourré moment that tells who is asked."""
        view = message.get("view")
        if not isinstance(view, dict) or set(view) != VIEW_FIELDS:
            return f"a view with other fields: {sorted(set(view or {}) ^ VIEW_FIELDS)}"  # i18n: not shown (a view's check)
        try:
            observation = Observation.from_json(view)
        except ValueError as error:
            return f"a view that is no observation: {error}"  # i18n: not shown (a view's check)
        if observation.seat != message.get("seat"):
            return "the view of another seat"  # i18n: not shown (a view's check)
        seen = observation.seen()
        # The score sheet and a coup fourré's question name cards already counted.
        shown = Counter(
            cards_in({k: v for k, v in view.items() if k not in ("last_hand", "pending")})
        )
        over = shown - seen
        if over:
            return f"cards this seat has not seen: {dict(over)}"  # i18n: not shown (a view's check)
        for action in message.get("legal") or []:
            card = MilleState.action_from_json(action).card
            if card and card not in observation.hand:
                return f"a legal action with a card not in the hand: {action}"  # i18n: not shown (a view's check)
        return _moment_problem(message, observation)


def check_watch(message: dict[str, Any]) -> str | None:
    """A watcher's view message (spectators): what it may not hold (public.py)."""
    return check_public(message)


MilleGuest.check_watch = staticmethod(check_watch)  # type: ignore[attr-defined]


def _moment_problem(message: dict[str, Any], observation: Observation) -> str | None:
    """What in a view tells whether another seat is asked about a coup fourré: in the
    moment (phase "waiting") nobody may be named as the seat to act or waited for; only
    the seat asked sees the question, and only with its turn."""
    if observation.phase == WAITING:
        named = {key: message.get(key) for key in ("to_act", "waiting_for", "legal")}
        if named["to_act"] is not None or named["waiting_for"] is not None or named["legal"]:
            return f"a coup fourré moment that names a seat: {named}"  # i18n: not shown (a view's check)
        if message.get("your_turn") or (
            observation.pending and observation.pending.seat is not None
        ):
            return "a coup fourré moment that says who is asked"  # i18n: not shown (a view's check)
    if observation.phase == COUP_FOURRE and not (
        message.get("your_turn") and message.get("to_act") == observation.seat
    ):
        return "a coup fourré question in a view that is not its turn"  # i18n: not shown (a view's check)
    return None
