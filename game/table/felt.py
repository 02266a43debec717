"""The felt every card and dice table is drawn on: green cloth with a sparse grain.

A flat fill reads as plastic; specks every few pixels read as cloth, and in mono the felt
becomes an even dither that text never sits on (words go on dark plates).
"""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.images import Made
from game.display import CANVAS_SIZE

GRAIN_STEP = 6  # one speck of grain per this many pixels each way

# The felts of the tables: a size and colour or two each.
_made = Made(8)


def grain(surface: pygame.Surface, area: pygame.Rect, speck=P.CYAN) -> None:
    """Sprinkle the felt's grain over `area` of `surface` (every other row shifted)."""
    for y in range(area.top + 2, area.bottom - 1, GRAIN_STEP):
        shift = (y // GRAIN_STEP) % 2 * (GRAIN_STEP // 2)
        for x in range(area.left + 2 + shift, area.right - 1, GRAIN_STEP):
            surface.set_at((x, y), speck)


def felt(size: tuple[int, int] = CANVAS_SIZE, colour=P.FELT, speck=P.CYAN) -> pygame.Surface:
    """A surface of felt (made once per size and colours; draw on a copy to change it)."""

    def make() -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(colour)
        grain(surface, surface.get_rect(), speck)
        return surface

    return _made.get((size, tuple(colour), tuple(speck)), make)
