"""The hand at the foot of the Mille Bornes table: whose it is, when it shows, its order.

One person at this screen sees their own hand all the time. With two or more people here
(a shared screen) a hand shows only behind a curtain for its owner: when a person here is
to decide, a curtain names them ("Cindy's turn: pass the keyboard and mouse..."), and
their cards turn face up only when they lift it. The moment their decision is made and
the next one is someone else's, the cards turn face down again, before anything moves.

Nobody at a shared screen is ever asked anything out of turn. A coup fourré question
comes out of turn (the defender answers before the next player draws), and a curtain
naming the defender would tell everyone that they hold the safety, whatever they
answer; so the table calls a person's coup fourré for them at once (moment.py), as the
Expert always does (it is worth the safety's points, 300 more and the next turn), in
plain view as any coup fourré is.

The rows never move: the side of the first person here is the lowest row for the whole
game (one person: theirs), and the lit plate and the tag on the news line say whose
turn it is.

The order of a hand: by kind (hazards, remedies, safeties, distance; a drawn card goes
to its place) or as drawn (each new card at the end). O, or a click on the bar's entry,
switches; the choice is kept in the settings. The table remembers the order each card
came in for every hand shown here, so each person finds their cards as they left them.

A part the table holds (MilleScene.hands): it reads the table through HandsTable, and
clears the person's Choice when the hand passes to someone else.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from game.engine.mille.cards import CARD_ORDER
from game.engine.mille.rules import EXTENSION, PLAY
from game.lang import _
from game.table import talk

if TYPE_CHECKING:
    from game.engine.mille import MilleState
    from game.scenes.mille.records import Choice
    from game.shell.app import App
    from game.table import Talk

BY_KIND, AS_DRAWN = "kind", "drawn"
SORT_OPTION = "hand_sort"  # the game's remembered options (the settings file)
SORT_KEY = "o"  # BSD mille's "o: order hand"


def arranged(cards: Sequence[str], sort: str) -> list[int]:
    """The places of `cards` (in the order they came) as the hand shows them. Sorting is
    stable, so the k-th card of a kind is the k-th of that kind either way."""
    places = range(len(cards))
    if sort == BY_KIND:
        return sorted(places, key=lambda i: CARD_ORDER[cards[i]])
    return list(places)


def reconcile(order: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The order cards came in after a hand changed: kept cards stay put, new ones last."""
    wanted = Counter(hand)
    kept = []
    for card in list(order) + list(hand):
        if wanted[card] > 0:
            kept.append(card)
            wanted[card] -= 1
    return kept


class HandsTable(Protocol):
    """What the hands need of the table."""

    app: App
    state: MilleState
    game_id: str
    saving: bool
    attract: bool
    talk: Talk
    choice: Choice

    @property
    def people_here(self) -> list[int]: ...
    @property
    def selected_card(self) -> str | None: ...

    def name(self, seat: int) -> str: ...
    def changed(self) -> None: ...


class Hands:
    """Whose hand shows, behind which curtain, and in what order: a part the table holds
    (`arrivals`: each seat's cards in the order they came, as saved)."""

    def __init__(
        self, table: HandsTable, viewer: int | None, arrivals: Mapping[int, Sequence[str]]
    ) -> None:
        self.table = table
        here = self.table.people_here
        if viewer is None or not 0 <= viewer < self.table.state.players:
            viewer = here[0] if here else 0
        #: The seat whose hand lies at the foot of the table (face up or down).
        self.viewer = viewer
        #: A seat waiting behind the curtain for the keyboard (a shared screen).
        self.curtain: int | None = None
        #: The hand at the foot is face down (a shared screen, between its owner's turns).
        self.covered = self.shared
        #: The cards of each hand shown here, in the order they came (dealt, then drawn).
        self.arrivals: dict[int, list[str]] = {}
        for seat in self.tracked_seats():
            self.arrivals[seat] = reconcile(arrivals.get(seat, ()), self.table.state.hands[seat])
        #: BY_KIND or AS_DRAWN, remembered in the settings.
        stored = self.table.app.storage.game_options(self.table.game_id, {SORT_OPTION: BY_KIND})
        self.sort = stored[SORT_OPTION] if stored[SORT_OPTION] in (BY_KIND, AS_DRAWN) else BY_KIND

    # -- who sees what ---------------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """Two or more people play at this screen: hands show only behind curtains."""
        return len(self.table.people_here) >= 2

    @property
    def hand_shown(self) -> bool:
        """The hand at the foot of the table is face up."""
        return self.curtain is None and not self.covered

    @property
    def home_side(self) -> int:
        """The side in the lowest row, all game long: the first person's here."""
        here = self.table.people_here
        return self.table.state.side_of(here[0] if here else 0)

    def tracked_seats(self) -> list[int]:
        """The seats whose hands may be shown here."""
        return sorted(set(self.table.people_here) | {self.viewer})

    def cover_after_move(self) -> None:
        """A move was made: at a shared screen the hand turns face down unless its owner
        goes on deciding (a safety's extra turn, the extension question)."""
        state = self.table.state
        if self.shared and not (state.to_act == self.viewer and state.phase in (PLAY, EXTENSION)):
            self.covered = True

    def pass_keyboard(self, seat: int) -> None:
        """A person here decides next and their hand is not up: the curtain names them."""
        if self.curtain == seat:
            return
        self.viewer, self.curtain, self.covered = seat, seat, True
        self.table.choice.selected = None
        self.table.choice.targets = []
        self.table.talk.say(_("{name} to play.").format(name=self.table.name(seat)), log=False)

    def lift_curtain(self) -> None:
        if self.curtain is None:
            return
        self.viewer, self.curtain, self.covered = self.curtain, None, False
        self.table.app.audio.play("card_flip")
        self.table.changed()

    # -- the order of the cards ------------------------------------------------------------
    @property
    def hand_order(self) -> list[str]:
        """The shown hand, card by card as it lies on the screen."""
        cards = self.arrivals.get(self.viewer, [])
        return [cards[i] for i in arranged(cards, self.sort)]

    def take_from_hand(self, index: int) -> None:
        """The card at shown place `index` left the hand (the one the person picked)."""
        cards = self.arrivals[self.viewer]
        gone = arranged(cards, self.sort)[index]
        self.arrivals[self.viewer] = cards[:gone] + cards[gone + 1 :]

    def catch_up(self) -> list[int]:
        """Bring every hand shown here up to the engine's after a move; returns the shown
        places of the viewer's new cards (they fly in from the pile)."""
        before = list(self.arrivals.get(self.viewer, ()))
        for seat in self.tracked_seats():
            self.arrivals[seat] = reconcile(
                self.arrivals.get(seat, ()), self.table.state.hands[seat]
            )
        cards = self.arrivals[self.viewer]
        stayed = sum((Counter(before) & Counter(cards)).values())  # reconcile: these first
        return [place for place, i in enumerate(arranged(cards, self.sort)) if i >= stayed]

    def deal_orders(self) -> None:
        """A new hand: each tracked hand in the order it was dealt."""
        self.arrivals = {seat: list(self.table.state.hands[seat]) for seat in self.tracked_seats()}

    def toggle_sort(self) -> None:
        """O: by kind, or as drawn; the chosen card stays chosen. Remembered."""
        card = self.table.selected_card
        before = (
            self.hand_order[: self.table.choice.selected].count(card) if card is not None else 0
        )
        self.sort = AS_DRAWN if self.sort == BY_KIND else BY_KIND
        if card is not None:
            places = [i for i, c in enumerate(self.hand_order) if c == card]
            self.table.choice.selected = places[min(before, len(places) - 1)]
        self.table.app.audio.play("click")
        self.table.talk.tell(
            _("Your hand by kind: hazards, remedies, safeties, distance.")
            if self.sort == BY_KIND
            else _("Your hand as drawn: each new card at the end."),
            talk.DIM,
        )
        if self.table.saving and not self.table.attract:
            options = self.table.app.storage.game_options(
                self.table.game_id, {SORT_OPTION: BY_KIND}
            )
            options[SORT_OPTION] = self.sort
            self.table.app.storage.save_game_options(self.table.game_id, options)
        self.table.changed()

    def arrivals_json(self) -> dict[str, list[str]]:
        return {str(seat): list(cards) for seat, cards in self.arrivals.items()}


def arrivals_from_json(data: object) -> dict[int, list[str]]:
    """Saved orders ({"0": ["stop", "25"...]}); anything but cards of a hand is damage."""
    if not isinstance(data, Mapping):
        raise TypeError("the hands' orders are not a mapping")
    return {int(seat): [str(card) for card in cards] for seat, cards in data.items()}
