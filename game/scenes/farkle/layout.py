"""Where everything sits on Farkle's 640x360 table: one place for the scene and its view.

The six dice lie in a ring around the blank "toggle all" die (the seed's blank die in the
centre), numbered 1-6 clockwise from the top left; the dice kept earlier in the turn lie
in a row below; the scoreboard fills the right-hand panel.
"""

from __future__ import annotations

import math

import pygame

from game.art import sprites
from game.display import CANVAS_SIZE
from game.ui.commandbar import BAR_TOP

DICE = 6
DIE_W, DIE_H = sprites.DIE_SIZE

FELT = pygame.Rect(0, 0, 446, BAR_TOP)
FELT_CENTRE_X = FELT.centerx
# Text never sits on bare felt (a 50% dither in mono): it goes on dark plates.
HEADER = pygame.Rect(10, 8, FELT.width - 20, 26)
HEADER_X = HEADER.x + 8

RING_CENTRE = (FELT_CENTRE_X, 104)
RING_RADIUS = 46  # centre to centre: leaves a 9-pixel gap between dice
RING_FIRST_ANGLE = -120  # die 1 at the top left, then clockwise
KEY_LABEL_RADIUS = RING_RADIUS + 25  # the small 1-6 beside each die

KEPT_Y = 178
KEPT_PITCH = 38
KEPT_LEFT = FELT_CENTRE_X - (DICE * KEPT_PITCH - (KEPT_PITCH - DIE_W)) // 2
BANNER = pygame.Rect(0, 0, 320, 44)
BANNER.center = (FELT_CENTRE_X, KEPT_Y + DIE_H // 2)

CONSOLE = pygame.Rect(14, 219, FELT.width - 28, 72)
HELD_LINE_Y = CONSOLE.y + 6
TURN_LINE_Y = CONSOLE.y + 20
MESSAGE_Y = CONSOLE.y + 37
BANK_HINT_Y = CONSOLE.y + 54
BUTTON_SIZE = (84, 20)
BUTTON_GAP = 14
BUTTON_Y = CONSOLE.bottom + 8

BOARD = pygame.Rect(452, 10, CANVAS_SIZE[0] - 458, BAR_TOP - 18)
BOARD_ROWS_Y = BOARD.y + 42
BOARD_ROW_HEIGHT = 32
BOARD_LOG_LINES = 6

GAME_OVER_WIDTH = 340


def _direction(slot: int) -> tuple[float, float]:
    angle = math.radians(RING_FIRST_ANGLE + 60 * slot)
    return math.cos(angle), math.sin(angle)


def die_topleft(slot: int) -> tuple[int, int]:
    """Top-left pixel of ring slot 0-5."""
    dx, dy = _direction(slot)
    return (
        round(RING_CENTRE[0] + RING_RADIUS * dx) - DIE_W // 2,
        round(RING_CENTRE[1] + RING_RADIUS * dy) - DIE_H // 2,
    )


def key_label_centre(slot: int) -> tuple[int, int]:
    """Where the slot's key number (1-6) is written."""
    dx, dy = _direction(slot)
    return (
        round(RING_CENTRE[0] + KEY_LABEL_RADIUS * dx),
        round(RING_CENTRE[1] + KEY_LABEL_RADIUS * dy),
    )


RING_POSITIONS = [die_topleft(slot) for slot in range(DICE)]
CENTRE_DIE = pygame.Rect(RING_CENTRE[0] - DIE_W // 2, RING_CENTRE[1] - DIE_H // 2, DIE_W, DIE_H)


def kept_topleft(index: int) -> tuple[int, int]:
    """Top-left pixel of the index-th die kept earlier this turn."""
    return KEPT_LEFT + index * KEPT_PITCH, KEPT_Y


def button_rects(count: int = 3) -> list[pygame.Rect]:
    """The table's buttons (Roll, Next, Done), centred under the dice."""
    width, height = BUTTON_SIZE
    total = count * width + (count - 1) * BUTTON_GAP
    left = FELT_CENTRE_X - total // 2
    return [
        pygame.Rect(left + i * (width + BUTTON_GAP), BUTTON_Y, width, height) for i in range(count)
    ]


def board_row(index: int) -> pygame.Rect:
    """The scoreboard row of the index-th seat."""
    return pygame.Rect(
        BOARD.x + 6, BOARD_ROWS_Y + index * BOARD_ROW_HEIGHT, BOARD.width - 12, BOARD_ROW_HEIGHT - 2
    )


def game_over_box(seats: int) -> pygame.Rect:
    """The final standings panel, tall enough for this many seats."""
    # Room for two lines of the coach's words above the buttons, and a gap below them.
    rect = pygame.Rect(0, 0, GAME_OVER_WIDTH, 126 + seats * 16)
    rect.center = (FELT_CENTRE_X, (HEADER.bottom + FELT.bottom) // 2)
    return rect


def game_over_buttons(seats: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The New game and Title buttons of the final standings panel."""
    width, height = BUTTON_SIZE[0] + 12, BUTTON_SIZE[1]
    box = game_over_box(seats)
    y = box.bottom - height - 12
    return (
        pygame.Rect(box.centerx - width - 6, y, width, height),
        pygame.Rect(box.centerx + 6, y, width, height),
    )
