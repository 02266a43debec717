"""Where everything sits on La Belle Lucie's 640x360 table, and its colours.

The art kit's suggested layout: four foundations in a row at the top, the 18 fans below
in three rows of six (100 px apart, 75 px between rows). A fan keeps its place while it
fits there; a fan that grows longer pushes its neighbours along the row, and only a row
that cannot hold its fans at all squeezes them closer, so ranks stay readable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.art import palette as P
from game.art import sprites
from game.display import CANVAS_SIZE
from game.ui import theme
from game.ui.commandbar import BAR_TOP

CARD_SIZE = sprites.CARD_SIZE
CARD_W, CARD_H = CARD_SIZE
FAN_OFFSET = sprites.FAN_OFFSET
FANS_PER_ROW = 6
FAN_PITCH_X, FAN_PITCH_Y = 100, 75  # six fans a row (581 px wide), three rows (219 px tall)
TABLEAU_TOP = 85
FOUNDATION_Y = 8
# Three-card fans at the pitch, centred: 5 * 100 + 49 + 2 * 16 = 581 px wide.
TABLEAU_LEFT = (CANVAS_SIZE[0] - ((FANS_PER_ROW - 1) * FAN_PITCH_X + CARD_W + 2 * FAN_OFFSET)) // 2
TABLEAU_RIGHT = CANVAS_SIZE[0] - TABLEAU_LEFT
MARGIN = 8  # long fans may spread out to the canvas' margins
FAN_GAP = 4  # least space between two fans of a row
MIN_FAN_OFFSET = 5  # a squeezed fan still shows a sliver of every card

# --- the top band: the shuffle deck, the deal, the foundations, the score ----------------
FOUNDATION_SUITS = "SHCD"  # black and red alternate
FOUNDATION_GAP = 10
FOUNDATION_LEFT = (CANVAS_SIZE[0] - (4 * CARD_W + 3 * FOUNDATION_GAP)) // 2
DECK_RECT = pygame.Rect(TABLEAU_LEFT, FOUNDATION_Y, CARD_W, CARD_H)
DEAL_RECT = pygame.Rect(
    DECK_RECT.right + 8, FOUNDATION_Y + 4, FOUNDATION_LEFT - DECK_RECT.right - 16, CARD_H - 4
)
SCORE_RECT = pygame.Rect(
    FOUNDATION_LEFT + 4 * CARD_W + 3 * FOUNDATION_GAP + 8, FOUNDATION_Y + 4, 0, CARD_H - 4
)
SCORE_RECT.width = TABLEAU_RIGHT - SCORE_RECT.x
BADGE_SIZE = (15, 13)  # the number of shuffles left, on the deck's corner

# --- the bottom band: the prompt and the messages -----------------------------------------
BAND_TOP = TABLEAU_TOP + 2 * FAN_PITCH_Y + CARD_H + 3
PROMPT_RECT = pygame.Rect(MARGIN, BAND_TOP, 150, BAR_TOP - BAND_TOP - 3)
MESSAGE_RECT = pygame.Rect(
    PROMPT_RECT.right + 6,
    BAND_TOP,
    CANVAS_SIZE[0] - MARGIN - PROMPT_RECT.right - 6,
    PROMPT_RECT.height,
)
MESSAGE_PAD = 8

# --- the arrow that finds a card (the seed's "small arrow appearing above the card") -------
ARROW_SIZE = (17, 19)  # sprites.find_arrow: both frames
ARROW_OVERLAP = 4  # the arrow's tip dips this far onto the card's top edge

# --- colours -------------------------------------------------------------------------------
SAY_PLAIN, SAY_BAD, SAY_HINT, SAY_GOOD, SAY_DIM = (
    theme.TEXT,
    theme.WARNING,
    theme.TITLE,
    theme.GOOD,
    theme.TEXT_DIM,
)
# The one-time draw's prompt is an inverted bar, black on yellow (mono: black on white); just
# after the last shuffle it blinks with white on red (mono: white on black).
DRAW_PROMPT = (P.BLACK, P.YELLOW)
DRAW_PROMPT_FLASH = (P.WHITE, P.RED)
ENTRY_TEXT = P.YELLOW
HOVER_EDGE = P.YELLOW  # the strip of a buried card under the mouse
HOVER_EDGE_DARK = P.BLACK  # its inner line, so it shows on white cards and in mono


@dataclass(frozen=True)
class FanPlace:
    """Where one fan is drawn: its bottom card's top-left and the step to the next card."""

    x: int
    y: int
    offset: int
    count: int

    def card_pos(self, index: int) -> tuple[int, int]:
        """Top-left of the index-th card from the bottom (index == count: the next one)."""
        return self.x + index * self.offset, self.y

    def card_rect(self, index: int) -> pygame.Rect:
        """The part of the card that shows: a strip for a covered card, all of the top."""
        width = CARD_W if index >= self.count - 1 else self.offset
        return pygame.Rect(self.x + index * self.offset, self.y, width, CARD_H)

    @property
    def width(self) -> int:
        return fan_width(self.count, self.offset)


def fan_width(count: int, offset: int = FAN_OFFSET) -> int:
    """Pixels a fan of `count` cards takes (an emptied fan takes none)."""
    return CARD_W + offset * (count - 1) if count else 0


def home_x(column: int) -> int:
    """The left edge of a fan's own place in its row."""
    return TABLEAU_LEFT + column * FAN_PITCH_X


def row_y(row: int) -> int:
    return TABLEAU_TOP + row * FAN_PITCH_Y


# A frame asks for the fans' places as they stand, and a card in flight for them with one
# more card: a few entries serve a whole hand. 256 (0.66 MB at the cap) took most of an
# hour of the attract demo to fill, a slow rise that looked like a leak (issue 30).
FAN_PLACES_CACHE_SIZE = 32


@lru_cache(maxsize=FAN_PLACES_CACHE_SIZE)
def fan_places(lengths: tuple[int, ...]) -> tuple[FanPlace, ...]:
    """The place of every fan, given how many cards each holds (cached by the lengths)."""
    places: list[FanPlace] = []
    for start in range(0, len(lengths), FANS_PER_ROW):
        row = lengths[start : start + FANS_PER_ROW]
        places.extend(_row_places(row, row_y(start // FANS_PER_ROW)))
    return tuple(places)


def _row_places(lengths: Sequence[int], y: int) -> list[FanPlace]:
    offset = FAN_OFFSET
    room = CANVAS_SIZE[0] - 2 * MARGIN
    while offset > MIN_FAN_OFFSET and _row_width(lengths, offset) > room:
        offset -= 1
    widths = [fan_width(n, offset) for n in lengths]
    xs = [home_x(i) for i in range(len(lengths))]
    # Left to right: a fan that does not fit before the next one's place pushes it on...
    left = 0
    for i in range(len(xs)):
        if widths[i]:
            xs[i] = max(xs[i], left)
            left = xs[i] + widths[i] + FAN_GAP
    # ...then right to left: whatever now runs off the margin pushes back.
    right = CANVAS_SIZE[0] - MARGIN
    for i in range(len(xs) - 1, -1, -1):
        if widths[i]:
            xs[i] = min(xs[i], right - widths[i])
            right = xs[i] - FAN_GAP
    return [FanPlace(x, y, offset, n) for x, n in zip(xs, lengths)]


def _row_width(lengths: Sequence[int], offset: int) -> int:
    fans = [n for n in lengths if n]
    return sum(fan_width(n, offset) for n in fans) + FAN_GAP * max(0, len(fans) - 1)


def foundation_pos(suit: str) -> tuple[int, int]:
    """Top-left of a suit's foundation pile."""
    return (
        FOUNDATION_LEFT + FOUNDATION_SUITS.index(suit) * (CARD_W + FOUNDATION_GAP),
        FOUNDATION_Y,
    )


def card_at(places: Sequence[FanPlace], pos: tuple[int, int] | None) -> tuple[int, int] | None:
    """(fan, index) of the card under a canvas point: the top card wins where cards overlap."""
    if pos is None:
        return None
    for fan, place in enumerate(places):
        if not place.count:
            continue
        if not pygame.Rect(place.x, place.y, place.width, CARD_H).collidepoint(pos):
            continue
        for index in range(place.count - 1, -1, -1):
            if place.card_rect(index).collidepoint(pos):
                return fan, index
    return None


def arrow_pos(place: FanPlace, index: int) -> tuple[int, int]:
    """Top-left of the finding arrow over a card's visible strip."""
    x, y = place.card_pos(index)
    strip = CARD_W if index >= place.count - 1 else place.offset
    return x + strip // 2 - ARROW_SIZE[0] // 2, y - ARROW_SIZE[1] + ARROW_OVERLAP
