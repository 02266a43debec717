"""Medal badges (issue 35), drawn in code from each medal's emblem: a striped ribbon, a
gold-rimmed disc and the emblem's pixels on the medal's face; a medal not yet earned is
the same badge dimmed to grey with a padlock over it.

Every badge keeps its meaning in mono: the earned one is a white rim and a white emblem
on black, the locked one a 50% dither with a white padlock (dark grey dithers, light grey
goes white: game.art.palette.MONO_LEVELS).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.art import palette as pal

BADGE_SIZE = 32
EMBLEM_SIZE = 13  # an emblem's rows and columns, at most
# The disc: its centre (a pixel's centre) and its radius; the rim's two rings.
DISC_CENTRE = (16.5, 20.5)
DISC_RADIUS = 11.6
RIM_OUTER, RIM_INNER = 1.0, 2.0  # from the edge inwards: gold, then its shadow

#: The emblems' letters for the palette's colours ("." is none).
INKS = {
    "K": pal.BLACK,
    "B": pal.BLUE,
    "G": pal.GREEN,
    "C": pal.CYAN,
    "R": pal.RED,
    "M": pal.MAGENTA,
    "O": pal.BROWN,
    "L": pal.LIGHT_GREY,
    "D": pal.DARK_GREY,
    "b": pal.LIGHT_BLUE,
    "g": pal.LIGHT_GREEN,
    "c": pal.LIGHT_CYAN,
    "r": pal.LIGHT_RED,
    "m": pal.LIGHT_MAGENTA,
    "Y": pal.YELLOW,
    "W": pal.WHITE,
}

# The padlock over a locked badge: L its body and shackle, K its outline and keyhole.
PADLOCK = (
    "..KKKKK..",
    ".KLLLLLK.",
    "KLK...KLK",
    "KLK...KLK",
    "KKKKKKKKK",
    "KLLLLLLLK",
    "KLLLKLLLK",
    "KLLKKKLLK",
    "KLLLKLLLK",
    "KLLLLLLLK",
    "KKKKKKKKK",
)
PADLOCK_AT = (BADGE_SIZE - len(PADLOCK[0]), BADGE_SIZE - len(PADLOCK))

# Locked: everything in these greys.
LOCKED_RIM, LOCKED_FACE, LOCKED_INK = pal.DARK_GREY, pal.BLACK, pal.DARK_GREY


def check_emblem(emblem: Sequence[str]) -> None:
    """ValueError unless `emblem` is rows of equal length, within EMBLEM_SIZE, of INKS."""
    if not emblem or len(emblem) > EMBLEM_SIZE:
        raise ValueError(f"an emblem has 1 to {EMBLEM_SIZE} rows")
    width = len(emblem[0])
    for row in emblem:
        if len(row) != width or width > EMBLEM_SIZE:
            raise ValueError(f"an emblem's rows are alike, at most {EMBLEM_SIZE} wide: {row!r}")
        if any(ch != "." and ch not in INKS for ch in row):
            raise ValueError(f"not an emblem's colour in {row!r}")


def badge(
    emblem: Sequence[str],
    face: tuple[int, int, int],
    ribbon: tuple[tuple[int, int, int], tuple[int, int, int]],
    earned: bool,
) -> pygame.Surface:
    """The 32x32 badge (transparent around it); made once for each look."""
    return _badge(tuple(emblem), tuple(face), (tuple(ribbon[0]), tuple(ribbon[1])), earned)


@lru_cache(maxsize=128)
def _badge(emblem, face, ribbon, earned) -> pygame.Surface:
    check_emblem(emblem)
    surface = pygame.Surface((BADGE_SIZE, BADGE_SIZE), pygame.SRCALPHA)
    dark, light = ribbon if earned else (LOCKED_RIM, pal.BLACK)
    _draw_ribbon(surface, dark, light)
    rim = (pal.YELLOW, pal.BROWN) if earned else (LOCKED_RIM, LOCKED_RIM)
    _draw_disc(surface, rim, face if earned else LOCKED_FACE)
    width, height = len(emblem[0]), len(emblem)
    left = round(DISC_CENTRE[0] - width / 2)
    top = round(DISC_CENTRE[1] - height / 2)
    for y, row in enumerate(emblem):
        for x, ch in enumerate(row):
            if ch != ".":
                surface.set_at((left + x, top + y), INKS[ch] if earned else LOCKED_INK)
    if not earned:
        _draw_rows(surface, PADLOCK, PADLOCK_AT)
    return surface


def _draw_ribbon(surface: pygame.Surface, dark, light) -> None:
    """Two straps from the top corners down to the disc, each with a light stripe down
    its middle (so that mono shows them as stripes too)."""
    for y in range(0, 13):
        shift = (y * 5) // 9
        for i in range(8):
            colour = light if i in (3, 4) else dark
            surface.set_at((3 + shift + i, y), colour)
            surface.set_at((BADGE_SIZE - 4 - shift - i, y), colour)


def _draw_disc(surface: pygame.Surface, rim, face) -> None:
    cx, cy = DISC_CENTRE
    for y in range(BADGE_SIZE):
        for x in range(BADGE_SIZE):
            r = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
            if r > DISC_RADIUS:
                continue
            edge = DISC_RADIUS - r
            if edge < RIM_OUTER:
                surface.set_at((x, y), rim[0])
            elif edge < RIM_INNER:
                surface.set_at((x, y), rim[1])
            else:
                surface.set_at((x, y), face)


def _draw_rows(surface: pygame.Surface, rows: Sequence[str], at: tuple[int, int]) -> None:
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                surface.set_at((at[0] + x, at[1] + y), INKS[ch])
