"""The small things drawn on the Mille Bornes felt, shared by its rows and the middle of
the table: plates and tabs that words sit on (never bare felt: it dithers in mono),
dotted outlines of empty places, the shade over unplayable cards, the sides' cars.

The pictures are made once per size (a few sizes of each) and kept in one capped cache.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.art import palette as P
from game.art.font import get_font
from game.art.images import Made
from game.ui import theme

CAR_COLOURS = (P.YELLOW, P.LIGHT_CYAN, P.LIGHT_MAGENTA)  # one per side, on its road
DIM_STEP = 2  # unplayable cards: one black dot in DIM_STEP x DIM_STEP

# A few sizes of shade and outline (the hand's, the piles', the tableaux's), a car a side.
_made = Made(32)


def shade(size: tuple[int, int]) -> pygame.Surface:
    """A sparse veil of black dots that greys a card out and keeps it readable."""

    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        for y in range(0, size[1], DIM_STEP):
            for x in range((y // DIM_STEP) % 2, size[0], DIM_STEP):
                surface.set_at((x, y), P.BLACK + (255,))
        return surface

    return _made.get(("shade", size), make)


def dotted(size: tuple[int, int]) -> pygame.Surface:
    """An empty pile: a dotted outline, like chalk on the felt."""

    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface(size, pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        for x in range(0, width, 2):
            surface.set_at((x, 0), P.LIGHT_GREEN + (255,))
            surface.set_at((x, height - 1), P.LIGHT_GREEN + (255,))
        for y in range(0, height, 2):
            surface.set_at((0, y), P.LIGHT_GREEN + (255,))
            surface.set_at((width - 1, y), P.LIGHT_GREEN + (255,))
        return surface

    return _made.get(("dotted", size), make)


def car(side: int) -> pygame.Surface:
    """A little car for a side's road: coloured body, light window, black wheels."""

    def make() -> pygame.Surface:
        surface = pygame.Surface((11, 7), pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        body = CAR_COLOURS[side % len(CAR_COLOURS)]
        pygame.draw.rect(surface, P.BLACK, (0, 1, 11, 5))
        pygame.draw.rect(surface, body, (1, 2, 9, 3))
        pygame.draw.rect(surface, P.BLACK, (3, 0, 5, 2))
        pygame.draw.rect(surface, body, (4, 1, 3, 1))
        surface.set_at((6, 1), P.WHITE)
        for x in (2, 7):
            pygame.draw.rect(surface, P.BLACK, (x, 5, 2, 2))
        return surface

    return _made.get(("car", side % len(CAR_COLOURS)), make)


def plate(canvas: pygame.Surface, rect: pygame.Rect, lit: bool = False) -> None:
    """A plate for words on the felt: black with a light rim, or inverted when lit."""
    canvas.fill(theme.SELECT_BG if lit else P.BLACK, rect)
    pygame.draw.rect(canvas, P.YELLOW if lit else P.LIGHT_GREEN, rect, 1)


def empty(canvas, rect: pygame.Rect, label: str, font) -> None:
    """An empty place: a dotted outline with its name on a dark tab."""
    canvas.blit(dotted(rect.size), rect)
    if label:
        words_tab(canvas, (rect.centerx, rect.centery), label, font, P.LIGHT_GREEN)


def words_tab(canvas, centre: tuple[int, int], text: str, font, colour=P.WHITE) -> pygame.Rect:
    """Words on a small black tab (words never sit on bare felt: it dithers in mono)."""
    width = font.measure(text)[0] + 6
    tab = pygame.Rect(0, 0, width, font.line_height + 1)
    tab.center = centre
    canvas.fill(P.BLACK, tab)
    font.draw(canvas, text, (tab.centerx, tab.y + 1), colour, align="center")
    return tab


def badge(canvas, rect: pygame.Rect, text: str, font) -> None:
    """A count on a small dark tab at a card's lower right corner."""
    width = font.measure(text)[0] + 4
    tab = pygame.Rect(
        rect.right - width, rect.bottom - font.line_height - 1, width, font.line_height + 1
    )
    canvas.fill(P.BLACK, tab)
    font.draw(canvas, text, (tab.x + 2, tab.y + 1), P.WHITE)


def fit(text: str, width: int) -> str:
    """Cut a name to `width` pixels with a trailing dot."""
    return _fit(get_font("small").name, text, width)


@lru_cache(maxsize=64)
def _fit(name: str, text: str, width: int) -> str:
    """Keyed by the font too: large text (Settings) swaps the small font for a bigger one."""
    font = get_font(name)
    if font.line_width(text) <= width:
        return text
    while text and font.line_width(text + ".") > width:
        text = text[:-1]
    return text + "."
