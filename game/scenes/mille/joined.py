"""Mille Bornes at a guest's screen: one seat of a table hosted elsewhere.

The host sends this seat's observation (its own hand, the cards face up, the sizes of the
other hands and of the draw pile). The table needs a whole state to draw and to judge
from, so the cards this seat cannot see are dealt at random into the other hands and the
pile, consistently with what it sees (the Expert's own sample_state): they are never
shown (other hands lie face down), and the next view replaces them. Moves go to the host;
the host deals, and this table only reads each hand's score sheet.

The coup fourré moment (moment.py) is the host's: this table shows it while the host's
views say it lasts, with a clock of its own for the picture (the host's decides).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.engine.mille.expert import sample_state
from game.engine.mille.public import public_state, read_public
from game.engine.mille.rules import (
    COUP_FOURRE,
    DEAL,
    GAME_OVER,
    PASS,
    WAITING,
    MilleState,
    Observation,
)
from game.lang import _
from game.scenes.mille.moment import MOMENT_TICKS
from game.scenes.mille.play import MilleScene
from game.scenes.mille.records import Moment
from game.table.guest import GuestLink, GuestScreen, WatchScreen, guest_seats
from game.table.seats import COMPUTER

if TYPE_CHECKING:
    from game.shell.app import App


class MilleGuestScene(GuestScreen, MilleScene):
    """The guest's table: the seat of `link`, drawn from the host's views."""

    def __init__(self, app: App, link: GuestLink, view: Mapping[str, Any]) -> None:
        observation = self.read_view(view["view"])
        rng = random.Random()
        seats = guest_seats(view, link.seat, self.LEVELS)
        last = observation.last_hand or {}
        # Hands scored before this guest sat down are not read to it again.
        super().__init__(
            app,
            self.dealt(observation, rng),
            seats,
            rng,
            viewer=max(0, link.seat),
            scored_hand=int(last.get("hand_number", 0)),
        )
        self.saving = False  # the host keeps the game
        self.guest = link
        self.moves = int(view.get("moves") or 0)
        self._show_moment()
        link.tell_news(self, dict(view))

    def advance(self) -> bool:
        """The host deals; this table only opens each finished hand's score sheet."""
        if not self.sheet_open and self.state.phase in (DEAL, GAME_OVER) and self.unscored():
            self.open_score_sheet()
        return False

    def play_move(self, *actions: Any, **how: Any) -> None:
        """The person's action goes to the host."""
        action = actions[0]
        if self.network.relay(action) and action.verb == PASS and self.moments.current is not None:
            # The host holds it to the end of the moment; this screen says it was said.
            self.moments.current.answer, self.moments.current.answered_by = (
                action,
                self.hands.viewer,
            )

    def take_view(self, view: Mapping[str, Any]) -> None:
        """The host's new view of this seat becomes the table."""
        try:
            observation = self.read_view(view.get("view"))
        except ValueError:
            self.talk.refuse(_("The host sent a view this table cannot read."))
            return
        new_hand = observation.hand_number != self.state.hand_number
        before = moment_key(self.state)
        self.state = self.dealt(observation, self.rng)
        if moment_key(self.state) != before:
            self._show_moment()
        self.moves = int(view.get("moves") or 0)
        self.choice.selected = None
        self.choice.targets = []
        self.hint = None
        if new_hand:
            self.hands.deal_orders()
        else:
            self.hands.catch_up()
        self.changed()

    @staticmethod
    def read_view(data: Any) -> Observation:
        """This seat's observation from a view's "view" (ValueError for anything else)."""
        return in_the_moment(Observation.from_json(data))

    @staticmethod
    def dealt(observation: Observation, rng: random.Random) -> MilleState:
        """A whole state for the table to draw: the cards this seat cannot see dealt at
        random, consistently with what it sees."""
        return sample_state(observation, rng)

    def _show_moment(self) -> None:
        """A new coup fourré moment on its clock (as the host times it: MOMENT_TICKS at a
        table of two or more people), or none."""
        pending = self.state.pending
        if self.state.phase != COUP_FOURRE or pending is None:
            self.moments.current = None
            return
        people = sum(1 for seat in self.seats if seat.kind != COMPUTER)
        self.moments.current = Moment(pending.side, MOMENT_TICKS if people > 1 else None)


class MilleWatchScene(WatchScreen, MilleGuestScene):
    """A watcher's table (spectators): the host's public views, every hand face down
    (the cards are dealt at random from those nobody sees, never shown), nothing to play:
    every move is refused with a line (WatchScreen). It follows the host's table to the
    end and into the next game."""

    def __init__(self, app: App, link: GuestLink, view: Mapping[str, Any]) -> None:
        super().__init__(app, link, view)
        self.hands.covered = True  # no hand is this screen's to show

    @staticmethod
    def read_view(data: Any) -> Observation:
        return in_the_moment(read_public(data))

    @staticmethod
    def dealt(observation: Observation, rng: random.Random) -> MilleState:
        return public_state(observation, rng)

    def take_view(self, view: Mapping[str, Any]) -> None:
        super().take_view(view)
        self.hands.covered = True


def in_the_moment(observation: Observation) -> Observation:
    """The coup fourré moment as another seat sees it ("waiting") drawn as the moment it
    is: this table shows it as the host's does, the seat asked being unknown."""
    return replace(observation, phase=COUP_FOURRE) if observation.phase == WAITING else observation


def moment_key(state: Any) -> tuple | None:
    """What tells one coup fourré moment from another (None outside one): a pass held or
    a view that asks this seat is the same moment; the next is after other plays."""
    if state.phase != COUP_FOURRE or state.pending is None:
        return None
    return (
        state.hand_number,
        tuple(len(hand) for hand in state.hands),
        len(state.draw_pile),
        state.pending.public(),
    )
