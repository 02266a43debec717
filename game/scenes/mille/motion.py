"""Cards in motion: what the table shows while the engine has already moved on.

The engine applies a move at once. The table catches up in beats: a beat shows a
snapshot of the table from before the move, with the cards that are in the air lifted
off it, while those cards fly to where they land. When the last beat ends the table shows
the engine's state again. Beats are steps of the table's step queue (game.table.steps):
they advance one tick at a time from the scene's update(), so the boss key freezes them;
fast mode makes them last no time at all. While a beat plays, the table's shown state
(game.table.shown) holds it; caught up, the screen shows the engine's table as a beat
with nothing in the air.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.art.images import Made
from game.engine.mille.cards import CARD_KINDS
from game.engine.mille.rules import MilleState
from game.scenes.mille.layout import CARD_W
from game.scenes.mille.sprites import mille_back, mille_card

TURN_STEPS = 6  # a coup fourré turns sideways in this many steps of 15 degrees

# A card turning sideways, step by step (the safeties turn for a coup fourré; room for
# every kind of card).
_turned = Made(len(CARD_KINDS) * (TURN_STEPS + 1))


def card_image(card: str, big: bool) -> pygame.Surface:
    """A face: big (hand, discard pile) or mini (tableaux)."""
    return mille_card(card, mini=not big)


def turned(card: str, step: int = TURN_STEPS) -> pygame.Surface:
    """A mini face turned `step` fifteenth-of-a-right-angle steps towards lying sideways."""
    # A quarter turn anticlockwise, as a player turns the card on the table.
    return _turned.get(
        (card, step),
        lambda: pygame.transform.rotate(mille_card(card, mini=True), 90 * step / TURN_STEPS),
    )


def _ease(t: float) -> float:
    """Quick start, soft landing."""
    return 1 - (1 - t) * (1 - t)


@dataclass
class Flight:
    """One card moving from `start` to `end` (a big card's rect or a mini's)."""

    card: str
    start: pygame.Rect
    end: pygame.Rect
    ticks: int
    delay: int = 0
    #: Turns a quarter turn on the way: a coup fourré safety laid sideways.
    turn: bool = False
    #: The face stays down on the way (a card drawn by someone else).
    face_down: bool = False

    def progress(self, elapsed: int) -> float:
        if elapsed <= self.delay:
            return 0.0
        if self.ticks <= 0:
            return 1.0
        return min(1.0, (elapsed - self.delay) / self.ticks)

    def draw(self, canvas: pygame.Surface, elapsed: int) -> None:
        """The card where it is `elapsed` ticks into its beat (at rest once landed)."""
        if elapsed < self.delay:
            return
        t = _ease(self.progress(elapsed))
        big = self.end.width >= CARD_W
        if self.face_down:
            image = mille_back(mini=not big)
        elif self.turn:
            image = turned(self.card, round(t * TURN_STEPS))
        else:
            image = card_image(self.card, big)
        centre = (
            round(self.start.centerx + (self.end.centerx - self.start.centerx) * t),
            round(self.start.centery + (self.end.centery - self.start.centery) * t),
        )
        rect = image.get_rect(center=centre)
        canvas.blit(image, rect)


@dataclass
class Lifted:
    """What a beat's snapshot must not show because it is in the air."""

    hand: set[int] = field(default_factory=set)  # indices into the shown hand
    battle: dict[int, int] = field(default_factory=dict)  # side -> cards off the top
    speed: dict[int, int] = field(default_factory=dict)


@dataclass
class Beat:
    """A snapshot of the table shown while some cards fly, for `ticks` ticks (with no
    flights: the table as it stands)."""

    table: MilleState
    hand: list[str]
    flights: list[Flight]
    lifted: Lifted = field(default_factory=Lifted)
    sound: str | None = None
    hold: int = 0  # ticks the landed cards rest before the next beat

    @property
    def ticks(self) -> int:
        return max((f.delay + f.ticks for f in self.flights), default=0) + self.hold

    def draw(self, canvas: pygame.Surface, elapsed: int) -> None:
        """The flying cards `elapsed` ticks into the beat."""
        for flight in self.flights:
            flight.draw(canvas, elapsed)
