"""Mille Bornes at a guest's screen: one seat of a table hosted elsewhere.

The host sends this seat's observation (its own hand, the cards face up, the sizes of the
other hands and of the draw pile). The table needs a whole state to draw and to judge
from, so the cards this seat cannot see are dealt at random into the other hands and the
pile, consistently with what it sees (the Expert's own sample_state): they are never
shown (other hands lie face down), and the next view replaces them. Moves go to the host;
the host deals, and this table only reads each hand's score sheet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.mille.expert import sample_state
from game.engine.mille.rules import DEAL, GAME_OVER, WAITING, Action, Observation
from game.scenes.mille.play import MilleScene
from game.table.guest import GuestLink, guest_seats

if TYPE_CHECKING:
    from game.app import App


class MilleGuestScene(MilleScene):
    """The guest's table: the seat of `link`, drawn from the host's views."""

    def __init__(self, app: App, link: GuestLink, view: Mapping[str, Any]) -> None:
        observation = Observation.from_json(view["view"])
        rng = random.Random()
        seats = guest_seats(view, link.seat, self.LEVELS)
        last = observation.last_hand or {}
        # Hands scored before this guest sat down are not read to it again.
        super().__init__(
            app,
            sample_state(observation, rng),
            seats,
            rng,
            viewer=link.seat,
            scored_hand=int(last.get("hand_number", 0)),
        )
        self.saving = False  # the host keeps the game
        self.guest = link
        self.moves = int(view.get("moves") or 0)
        link.tell_news(self, dict(view))

    def advance(self) -> bool:
        """The host deals; this table only opens each finished hand's score sheet."""
        if not self.sheet_open and self.state.phase in (DEAL, GAME_OVER) and self._unscored():
            self._open_score_sheet()
        return False

    def apply(self, action: Action, hand_index: Any = None) -> None:
        self.relay(action)

    def take_view(self, view: Mapping[str, Any]) -> None:
        """The host's new view of this seat becomes the table."""
        try:
            observation = Observation.from_json(view.get("view"))
        except ValueError:
            self.talk.refuse("The host sent a view this table cannot read.")
            return
        if observation.phase == WAITING:
            return  # another seat decides on a coup fourré: nothing to show yet
        new_hand = observation.hand_number != self.state.hand_number
        self.state = sample_state(observation, self.rng)
        self.moves = int(view.get("moves") or 0)
        self.selected = None
        self.targets = []
        self.hint = None
        if new_hand:
            self.deal_orders()
        else:
            self.hands_changed()
        self.changed()
