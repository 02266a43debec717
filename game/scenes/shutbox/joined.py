"""Shut The Box at a guest's screen: one seat of a table hosted elsewhere.

Nothing is hidden in Shut The Box, so the host sends its whole state, and the events of
each move: this table shows them as the host's does (the dice tumble, the doors fall, the
box-shut cheer). The person's doors and rolls go to the host, which alone rolls the dice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.scenes.shutbox.play import ShutBoxScene
from game.table.guest import EventGuest, GuestLink, a_number, a_seat, guest_seats, numbers_between

if TYPE_CHECKING:
    from game.shell.app import App

DICE = numbers_between(1, 6, 2)
DOORS = numbers_between(1, 9, 9)


class ShutBoxGuestScene(EventGuest, ShutBoxScene):
    """The guest's table: the seat of `link`, drawn from the host's views."""

    EVENT_FIELDS = {
        "roll": {"player": a_seat, "dice": DICE},
        "unusable_roll": {"player": a_seat, "total": a_number},
        "shut": {"player": a_seat, "doors": DOORS},
        "box_shut": {"player": a_seat},
        "turn_over": {"player": a_seat, "score": a_number, "total": a_number},
    }

    def __init__(self, app: App, link: GuestLink, view: Mapping[str, Any]) -> None:
        state = self.state_from_view(view["view"])
        #: The person's actions not yet sent: a door choice and the roll that goes with
        #: it leave one at a time, each when the host says it is this seat's turn.
        self.unsent: list[Any] = []
        self.host_waits_for_me = bool(view.get("your_turn"))
        super().__init__(
            app, state, random.Random(), demo=False, seats=guest_seats(view, link.seat, self.LEVELS)
        )
        self.join(link, view)

    def present(self, events: Sequence[Any]) -> None:
        self.presenter.present(events)

    def take_view(self, view: Mapping[str, Any]) -> None:
        self.presenter.before_move()  # the host's moves are pictured from the table here
        super().take_view(view)
        self.host_waits_for_me = bool(view.get("your_turn"))
        self._send_next()

    def play_move(self, *actions: Any, **how: Any) -> None:
        """The person's doors and roll go to the host (the host rolls the dice)."""
        if self.coach_holds(actions, how):
            return
        self.unsent = list(actions)
        self._send_next()

    def _send_next(self) -> None:
        if self.unsent and self.host_waits_for_me and self.guest.sent_at is None:
            self.network.relay(self.unsent.pop(0))

    def advance(self) -> bool:
        """Between turns as at any table; a roll of the person's own (roll prompt off)
        only once the host waits for it, and once."""
        if self.unsent or (self.guest.sent_at is not None and not self.shown.now.turn_pending):
            return False
        if not self.shown.now.turn_pending and not self.host_waits_for_me:
            return False
        return super().advance()
