"""Where everything sits on Shut The Box's 640x360 play screen, and its colours."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import sprites
from game.display import CANVAS_SIZE
from game.scenes.shutbox.scorecard import CARD_HEIGHT, DotGraph, card_width
from game.scenes.shutbox.sprites import BOX_SIZE, BOX_TRAY
from game.table.talk import BAD, COMPUTER, GOOD
from game.ui.commandbar import SECOND_ROW_TOP

GRAPH = DotGraph(50, 5)  # the seed's scorecard: 50 dots, one every 5 of 250 points

# --- places ------------------------------------------------------------------------------
MARGIN = 8
BOX_POS = (MARGIN, 6)
BOX_RECT = pygame.Rect(BOX_POS, BOX_SIZE)
TRAY = BOX_TRAY.move(BOX_POS)
DICE_Y = TRAY.y + (TRAY.height - sprites.DIE_SIZE[1]) // 2
DICE_POSITIONS = ((TRAY.x + 24, DICE_Y), (TRAY.x + 68, DICE_Y))
# Where the dice lie (and are clicked to roll), also before the first roll shows them.
DICE_AREA = pygame.Rect(DICE_POSITIONS[0], sprites.DIE_SIZE).union(
    pygame.Rect(DICE_POSITIONS[1], sprites.DIE_SIZE)
)
PROMPT_RECT = pygame.Rect(TRAY.x + 130, TRAY.y + 9, TRAY.right - TRAY.x - 142, TRAY.height - 18)
SIDE = pygame.Rect(BOX_RECT.right + 8, 12, CANVAS_SIZE[0] - BOX_RECT.right - 8 - MARGIN, 0)
PLAYERS_RECT = pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 82)
ROLL_RECT = pygame.Rect(
    SIDE.x, PLAYERS_RECT.bottom + 10, SIDE.width, BOX_RECT.bottom - PLAYERS_RECT.bottom - 10
)
CARD_RECT = pygame.Rect(MARGIN, BOX_RECT.bottom + 8, card_width(GRAPH), CARD_HEIGHT)
HINT_RECT = pygame.Rect(SIDE.x, CARD_RECT.y, SIDE.width, CARD_HEIGHT)
# The command bar has a second row here, of the seed's toggles (controls.py).
LOG_RECT = pygame.Rect(
    MARGIN,
    CARD_RECT.bottom + 8,
    CANVAS_SIZE[0] - 2 * MARGIN,
    SECOND_ROW_TOP - CARD_RECT.bottom - 14,
)
PLAYER_ROW = 14
LOG_LINES = 5
BACKGROUND = P.BLUE

# --- colours of the tray's banner, by the tone of the news it carries ----------------------
BANNER_COLOURS = {GOOD: P.YELLOW, BAD: P.LIGHT_RED, COMPUTER: P.WHITE}
TENTATIVE_EDGE = P.YELLOW  # outlines doors shut since the last roll (they may reopen)
