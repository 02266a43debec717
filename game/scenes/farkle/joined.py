"""Farkle at a guest's screen: one seat of a table hosted elsewhere.

Nothing is hidden in Farkle, so the host sends its whole state, and the events of each
move: this table shows them as the host's does (dice tumbling, HOT DICE, FARKLE, the
final round). The person's holds go to the host, which alone rolls the dice; a bank the
rules refuse is refused here at once, with its reason, as at the host.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.engine.farkle import BANK
from game.lang import _
from game.scenes.farkle import layout
from game.scenes.farkle.play import FarkleScene
from game.table.guest import (
    EventGuest,
    GuestLink,
    a_number,
    a_seat,
    guest_seats,
    numbers_between,
)

if TYPE_CHECKING:
    from game.shell.app import App

DICE = numbers_between(1, 6, layout.DICE)
INDICES = numbers_between(0, layout.DICE - 1, layout.DICE)


class FarkleGuestScene(EventGuest, FarkleScene):
    """The guest's table: the seat of `link`, drawn from the host's views."""

    EVENT_FIELDS = {
        "hold": {"seat": a_seat, "indices": INDICES, "dice": DICE},
        "hot_dice": {"seat": a_seat, "turn_points": a_number},
        "roll": {"seat": a_seat, "dice": DICE, "turn_points": a_number},
        "farkle": {"seat": a_seat, "lost": a_number},
        "bank": {"seat": a_seat, "points": a_number, "score": a_number},
        "final_round": {"seat": a_seat, "score": a_number},
        "turn_start": {"seat": a_seat},
    }

    def __init__(self, app: App, link: GuestLink, view: Mapping[str, Any]) -> None:
        state = self.state_from_view(view["view"])
        super().__init__(
            app, state, random.Random(), demo=False, seats=guest_seats(view, link.seat, self.LEVELS)
        )
        #: The state of the last view and its move count: a view's moves were made from
        #: it, and the table draws from it while their dice tumble.
        self.before_view, self.moves_before_view = state, 0
        self.join(link, view)

    def take_view(self, view: Mapping[str, Any]) -> None:
        self.before_view, self.moves_before_view = self.state, self.moves
        super().take_view(view)

    def present(self, events: Sequence[Any]) -> None:
        self.selected = set()  # the hold went with the move
        # A view that brings several moves at once (a fast host) is drawn as it stands.
        one_move = self.moves == self.moves_before_view + 1
        self.presenter.show_events(events, self.before_view if one_move else None)

    def show_state(self) -> None:
        self.presenter.show_state()
        self.selected = set()
        self.presenter.sync_tray()

    def advance(self) -> bool:
        return False  # the host rolls a turn's first six dice

    def play_move(self, *actions: Any, **how: Any) -> None:
        """The person's hold goes to the host; a bank the rules refuse is refused here."""
        action = actions[0]
        if action.kind == BANK:
            refusal = self.state.bank_refusal(action.held)
            if refusal is not None:
                self.talk.refuse(self.bank_refusal_text(refusal))
                return
        if self.coach_holds(actions, how):
            return
        self.network.relay(action)

    def ask_done(self) -> None:
        """Done ends the game for the whole table: that is the host's to say."""
        if self.finished:
            self.close()
            return
        self.talk.refuse(_("The host ends the game: Esc leaves the table."))
