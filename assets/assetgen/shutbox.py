"""Shut The Box: doors 1-9 (up, down, with a cursor ring), the box, scorecard dots.

A door frame is 40x84 with the hinge at y 56: an up door stands above the hinge as an
ivory tile with a black number; a shut door lies below it as a brown flap with a gold
number (mono: white tile vs black flap, and a different place). The box has a black
slot behind each door, so an open slot reads as a hole.
"""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.scenes.shutbox.sprites import (
    BOX_DOOR_ORIGIN,
    BOX_SIZE,
    BOX_TRAY,
    DOOR_HINGE,
    DOOR_PITCH,
    DOOR_SIZE,
)

from . import fonts, pix
from .brand import ICON_SIZE, micro, mini_die
from .sound import finish, mix, noise, pluck, pulse, samples_for, shape, soften, sound_files

W, H = DOOR_SIZE
HINGE = DOOR_HINGE
UP = pygame.Rect(3, 3, W - 6, HINGE - 3)  # the standing tile
DOWN = pygame.Rect(3, HINGE + 1, W - 6, 24)  # the flap lying flat
BOX_W, BOX_H = BOX_SIZE
WOOD = 10


def _ring(surface, rect) -> None:
    r = pygame.Rect(rect)
    pix.round_frame(surface, P.BLACK, r, 2)
    pix.round_frame(surface, P.YELLOW, r.inflate(-2, -2), 2)
    pix.frame(surface, P.YELLOW, r.inflate(-4, -4))


def door(number: int, down: bool, hilite: bool, large, small) -> pygame.Surface:
    s = pix.new(W, H)
    if not down:
        if hilite:
            _ring(s, (0, 0, W, HINGE + 1))
        r = UP
        pix.round_rect(s, P.BLACK, r, 2)
        pix.rect(s, P.LIGHT_GREY, r.inflate(-2, -2))
        pix.rect(s, P.WHITE, (r.x + 1, r.y + 1, r.width - 4, r.height - 4))
        pix.rect(s, P.BROWN, (r.x + 1, r.bottom - 5, r.width - 2, 4))
        pix.rect(s, P.YELLOW, (r.x + 1, r.bottom - 5, r.width - 2, 1))
        large.draw(s, str(number), r.centerx, r.y + 4, P.BLACK, align="center")
        # Two brass pins where the tile meets its hinge.
        for px in (r.x + 5, r.right - 7):
            pix.rect(s, P.BLACK, (px, r.bottom - 4, 2, 2))
    else:
        if hilite:
            _ring(s, (0, HINGE - 2, W, DOWN.height + 6))
        r = DOWN
        pix.rect(s, P.BLACK, r)
        pix.rect(s, P.BROWN, r.inflate(-2, -2))
        pix.rect(s, P.RED, (r.x + 1, r.bottom - 3, r.width - 2, 2))
        # The number seen lying down: the small digit doubled in width (foreshortened).
        digit = pix.new(small.width(str(number)), small.height)
        small.draw(digit, str(number), 0, 0, P.YELLOW)
        wide = pygame.transform.scale(digit, (digit.get_width() * 2, digit.get_height()))
        s.blit(wide, (r.centerx - wide.get_width() // 2, r.y + 1))
    return s


def box() -> pygame.Surface:
    """The box: wooden rim, black slots behind the doors, a hinge rail, a felt tray."""
    s = pix.new(BOX_W, BOX_H)
    pix.rect(s, P.BLACK, (0, 0, BOX_W, BOX_H))
    pix.rect(s, P.BROWN, (1, 1, BOX_W - 2, BOX_H - 2))
    # Wood grain: long thin darker streaks that wander (invisible in mono: wood is black).
    for y in range(3, BOX_H - 2, 4):
        x = 2 + (y * 13) % 17
        while x < BOX_W - 2:
            length = 9 + (x * 7 + y * 3) % 23
            for i in range(length):
                gx, gy = x + i, y + ((x + i) // 19 + y) % 2
                if (
                    gx < BOX_W - 2
                    and gy < BOX_H - 2
                    and not (
                        WOOD - 1 <= gx < BOX_W - WOOD + 1 and WOOD - 1 <= gy < BOX_H - WOOD + 1
                    )
                ):
                    s.set_at((gx, gy), P.RED)
            x += length + 6 + (x + y) % 9
    pix.rect(s, P.YELLOW, (1, 1, BOX_W - 2, 1))
    pix.rect(s, P.YELLOW, (1, 1, 1, BOX_H - 2))
    inner = pygame.Rect(WOOD, WOOD, BOX_W - 2 * WOOD, BOX_H - 2 * WOOD)
    pix.rect(s, P.BLACK, inner.inflate(2, 2))
    pix.rect(s, P.FELT, inner)
    ox, oy = BOX_DOOR_ORIGIN
    span = pygame.Rect(ox, oy + UP.y, 8 * DOOR_PITCH + W, HINGE - UP.y)
    pix.rect(s, P.BLACK, span.inflate(4, 2).move(0, -1))
    # Hinge rail: a steel bar the doors pivot on.
    pix.rect(s, P.LIGHT_GREY, (span.x - 2, oy + HINGE, span.width + 4, 1))
    pix.rect(s, P.DARK_GREY, (span.x - 2, oy + HINGE + 1, span.width + 4, 1))
    # The ledge between the doors and the tray.
    tray = BOX_TRAY
    pix.rect(s, P.BLACK, (inner.x, tray.y - 4, inner.width, 4))
    pix.rect(s, P.BROWN, (inner.x, tray.y - 3, inner.width, 2))
    pix.rect(s, P.YELLOW, (inner.x, tray.y - 3, inner.width, 1))
    return s


DOT_FILLED = """
    .KKKKK.
    KRRRRRK
    KRrRRRK
    KRRRRRK
    KRRRRRK
    KRRRRRK
    .KKKKK.
"""
DOT_EMPTY = """
    .KKKKK.
    KWWWWWK
    KWWWWWK
    KWWWWWK
    KWWWWWK
    KWWWWWK
    .KKKKK.
"""


def door_clunk():
    """A wooden flap falling shut: a low thump with a knock on top."""
    n = samples_for(0.14)
    thump = shape(pulse(190, 0.14, duty=0.5, freq_end=60), pluck(n, 0.035))
    knock = shape(noise(0.03, clock=2500, seed=3), pluck(samples_for(0.03), 0.008), 0.6)
    return finish(mix(0.15, (0.0, soften(thump, 0.15)), (0.0, knock)), peak=0.45)


# The game's own sounds (GameInfo.sounds gives their gains).
SOUNDS = {"door_clunk": door_clunk}


def build() -> dict:
    """The shutbox sheet: 36 doors, the box, two dots; the sounds."""
    large, small = fonts.Writer("large"), fonts.Writer("small")
    sheet = pix.Sheet("shutbox", width=BOX_W)
    sheet.add("box", box())
    for n in range(1, 10):
        for down in (False, True):
            for hilite in (False, True):
                name = f"door_{n}_{'down' if down else 'up'}" + ("_hilite" if hilite else "")
                sheet.add(name, door(n, down, hilite, large, small))
    sheet.add("dot_filled", pix.art(DOT_FILLED))
    sheet.add("dot_empty", pix.art(DOT_EMPTY))
    sheet.meta = {
        "door_size": [W, H],
        "hinge": HINGE,
        "door_pitch": DOOR_PITCH,
        "door_origin": list(BOX_DOOR_ORIGIN),
        "tray": list(BOX_TRAY),
    }
    return {**sheet.build(), **sound_files(SOUNDS)}


def icon() -> pygame.Surface:
    """The title tile's 48x48 icon."""
    s = pix.new(ICON_SIZE, ICON_SIZE)
    pix.rect(s, P.BLACK, (0, 2, 48, 45))
    pix.rect(s, P.BROWN, (1, 3, 46, 43))
    pix.rect(s, P.YELLOW, (1, 3, 46, 1))
    pix.rect(s, P.BLACK, (3, 5, 42, 39))
    pix.rect(s, P.GREEN, (4, 6, 40, 37))
    pix.rect(s, P.BLACK, (5, 7, 39, 13))
    pix.rect(s, P.LIGHT_GREY, (4, 20, 40, 1))
    for i in range(5):
        x = 5 + i * 8
        if i in (1, 3):  # doors 2 and 4 are shut: flaps below the hinge
            pix.rect(s, P.BLACK, (x, 21, 7, 7))
            pix.rect(s, P.BROWN, (x + 1, 21, 5, 6))
            micro(s, str(i + 1), x + 2, 22, P.YELLOW)
        else:
            pix.rect(s, P.BLACK, (x, 7, 7, 13))
            pix.rect(s, P.WHITE, (x + 1, 8, 5, 11))
            micro(s, str(i + 1), x + 2, 10, P.BLACK)
    pix.rect(s, P.BROWN, (4, 29, 40, 2))
    pix.rect(s, P.YELLOW, (4, 29, 40, 1))
    s.blit(mini_die(3, size=11), (12, 32))
    s.blit(mini_die(4, size=11), (26, 31))
    return s
