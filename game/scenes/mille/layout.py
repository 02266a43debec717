"""Where everything sits on the Mille Bornes table: one place for the scene and its view.

Each side (a player, or a team of two partners) has a row across the table in mini cards
(32x45): a name plate, the battle and speed piles, four safety slots wide enough for a
coup fourré laid sideways (45x32), one slot per distance value with a count, the total in
kilometres, and under the cards the road to the target. The side whose hand is shown sits
in the lowest row; its opponents above, in turn order. Below the rows: the message line,
the hand in big cards (64x90), and the draw and discard piles.

The arithmetic, across: plate 4-124, battle 130, speed 166, safeties 204 + 47 i (to 390),
distances 397 + 35 i (to 569), kilometres 574-636; the road runs 132-632, half a pixel
per kilometre. Down: three rows of 66 from y=4 with gaps of 3 (4, 73, 142: to 208), the
message line 212-226, key tabs 231-242, hand cards 254-344 (playable cards lifted to 246),
the command bar from 347. Two sides use the first and last of those rows.
"""

from __future__ import annotations

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.engine.mille.rules import LONG_TARGET
from game.scenes.mille.sprites import (
    MILLE_DISTANCES,
    MILLE_MINI_SIZE,
    MILLE_SAFETIES,
    MILLE_SIZE,
    mille_kind,
)
from game.ui.commandbar import BAR_TOP

CARD_W, CARD_H = MILLE_SIZE
MINI_W, MINI_H = MILLE_MINI_SIZE
SIDEWAYS_W, SIDEWAYS_H = MINI_H, MINI_W  # a coup fourré safety lies on its side

# --- the side rows -------------------------------------------------------------------------
ROW_HEIGHT = 66
ROW_TOPS = {2: (30, 142), 3: (4, 73, 142)}  # by number of sides
PLATE_X, PLATE_W = 4, 120
CARDS_DY = 2  # cards' top below the row's top
BATTLE_X = 130
SPEED_X = 166
SAFETY_X, SAFETY_PITCH = 204, 47  # slot i at SAFETY_X + i * SAFETY_PITCH
DISTANCE_X, DISTANCE_PITCH = 397, 35
KM_X, KM_RIGHT = 574, 636  # the big kilometre total
ROAD_X, ROAD_Y, ROAD_H = 132, 50, 12  # the road under the cards (y from row top)
ROAD_KM = LONG_TARGET  # the road is drawn to 1000 km...
ROAD_PIXELS = 500  # ...over this many pixels
MILESTONE_KM = 100  # a borne every 100 km
SPEED_PILE_CARDS = ("speed_limit", "end_of_limit")  # the rest of hazards and remedies: battle

# --- the middle and the bottom ---------------------------------------------------------------
MESSAGE = pygame.Rect(4, 212, 478, 15)
HAND_X, HAND_PITCH = 8, 66
HAND_Y = 254
PLAYABLE_LIFT = 8  # playable cards stand this much higher
KEY_TAB = (11, 11)  # the 1-7 key tab above each hand card
KEY_TAB_GAP = 4  # clear of the selection ring
DRAW_PILE = pygame.Rect(490, HAND_Y, CARD_W, CARD_H)
DISCARD_PILE = pygame.Rect(566, HAND_Y, CARD_W, CARD_H)
PILE_LABEL_Y = HAND_Y - 14
BUTTON_Y, BUTTON_H = 211, 17
PLAY_BUTTON = pygame.Rect(490, BUTTON_Y, 64, BUTTON_H)
DISCARD_BUTTON = pygame.Rect(566, BUTTON_Y, 64, BUTTON_H)

# --- prompts, banners, the end ------------------------------------------------------------------
PROMPT = pygame.Rect(150, 36, 340, 92)  # over the opponents' rows, never the hand
PROMPT_LINES = 4  # a question's lines at most (the coup fourré's, when timed)
PROMPT_BUTTON_SIZE = (96, 18)
PROMPT_BUTTON_GAP = 16
BANNER = pygame.Rect(170, 90, 300, 44)
GAME_OVER_WIDTH = 360


def row_tops(sides: int) -> tuple[int, ...]:
    """The top y of each row, top to bottom, for 2 or 3 sides."""
    return ROW_TOPS[sides]


def side_order(sides: int, bottom_side: int) -> list[int]:
    """Sides from the top row down: the opponents in turn order, then `bottom_side`."""
    return [(bottom_side + step) % sides for step in range(1, sides)] + [bottom_side]


def side_rows(sides: int, bottom_side: int) -> dict[int, pygame.Rect]:
    """Each side's row rectangle, the shown hand's side at the bottom."""
    return {
        side: pygame.Rect(0, top, CANVAS_SIZE[0], ROW_HEIGHT)
        for side, top in zip(side_order(sides, bottom_side), row_tops(sides))
    }


def plate_rect(row: pygame.Rect) -> pygame.Rect:
    """The name plate at the left of a row."""
    return pygame.Rect(PLATE_X, row.y, PLATE_W, ROW_HEIGHT)


def battle_rect(row: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(BATTLE_X, row.y + CARDS_DY, MINI_W, MINI_H)


def speed_rect(row: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(SPEED_X, row.y + CARDS_DY, MINI_W, MINI_H)


def safety_slot(row: pygame.Rect, index: int) -> pygame.Rect:
    """The slot of the index-th safety (MILLE_SAFETIES order): room for it sideways."""
    return pygame.Rect(SAFETY_X + index * SAFETY_PITCH, row.y + CARDS_DY, SIDEWAYS_W, MINI_H)


def safety_card_rect(row: pygame.Rect, index: int, sideways: bool) -> pygame.Rect:
    """Where the safety itself lies in its slot: upright and centred, or on its side."""
    slot = safety_slot(row, index)
    rect = pygame.Rect(0, 0, *((SIDEWAYS_W, SIDEWAYS_H) if sideways else (MINI_W, MINI_H)))
    rect.center = slot.center
    return rect


def distance_rect(row: pygame.Rect, index: int) -> pygame.Rect:
    """The slot of the index-th distance value (25, 50, 75, 100, 200)."""
    return pygame.Rect(DISTANCE_X + index * DISTANCE_PITCH, row.y + CARDS_DY, MINI_W, MINI_H)


def landing_rect(row: pygame.Rect, card: str, sideways: bool = False) -> pygame.Rect:
    """Where a card played on a side's row lies (a safety on its side for a coup fourré)."""
    kind = mille_kind(card)
    if kind == "distance":
        return distance_rect(row, MILLE_DISTANCES.index(card))
    if kind == "safety":
        return safety_card_rect(row, MILLE_SAFETIES.index(card), sideways)
    if card in SPEED_PILE_CARDS:
        return speed_rect(row)
    return battle_rect(row)


def km_rect(row: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(KM_X, row.y + CARDS_DY, KM_RIGHT - KM_X, MINI_H)


def road_rect(row: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(ROAD_X, row.y + ROAD_Y, ROAD_PIXELS, ROAD_H)


def road_x(row: pygame.Rect, km: int) -> int:
    """The x of a distance along a row's road."""
    return ROAD_X + min(ROAD_KM, max(0, km)) * ROAD_PIXELS // ROAD_KM


def hand_rect(index: int, lifted: bool = False) -> pygame.Rect:
    """The index-th card of the shown hand (0-6)."""
    return pygame.Rect(
        HAND_X + index * HAND_PITCH, HAND_Y - (PLAYABLE_LIFT if lifted else 0), CARD_W, CARD_H
    )


def hand_slot(index: int) -> pygame.Rect:
    """Everything a click on the index-th hand card may hit, lifted or not."""
    return hand_rect(index).union(hand_rect(index, lifted=True))


def key_tab(card: pygame.Rect) -> pygame.Rect:
    """The small key number tab above a hand card."""
    tab = pygame.Rect(0, 0, *KEY_TAB)
    tab.midbottom = (card.centerx, card.y - KEY_TAB_GAP)
    return tab


def prompt_rect() -> pygame.Rect:
    """The question's panel: PROMPT, taller when large text needs it for its lines (from
    12 px under its top) and the buttons under them."""
    lines = 12 + PROMPT_LINES * get_font("small").line_height + 4
    height = max(PROMPT.height, lines + PROMPT_BUTTON_SIZE[1] + 8)
    return pygame.Rect(PROMPT.x, PROMPT.y, PROMPT.width, height)


def prompt_buttons(count: int = 2) -> list[pygame.Rect]:
    """The buttons along the bottom of a prompt (Declare / Pass, Extend / Stop)."""
    width, height = PROMPT_BUTTON_SIZE
    total = count * width + (count - 1) * PROMPT_BUTTON_GAP
    box = prompt_rect()
    left = box.centerx - total // 2
    y = box.bottom - height - 8
    return [
        pygame.Rect(left + i * (width + PROMPT_BUTTON_GAP), y, width, height) for i in range(count)
    ]


def game_over_box(sides: int) -> pygame.Rect:
    """The final standings panel, tall enough for this many sides."""
    # Room for two lines of the coach's words above the buttons, and a gap below them.
    rect = pygame.Rect(0, 0, GAME_OVER_WIDTH, 144 + sides * 28)
    rect.center = (CANVAS_SIZE[0] // 2, (BAR_TOP - 6) // 2)
    return rect


def game_over_buttons(sides: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The New game and Title buttons of the final standings panel."""
    box = game_over_box(sides)
    width, height = 104, 20
    y = box.bottom - height - 12
    return (
        pygame.Rect(box.centerx - width - 8, y, width, height),
        pygame.Rect(box.centerx + 8, y, width, height),
    )
