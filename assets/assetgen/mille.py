"""Mille Bornes cards: 19 faces in full (64x90, bilingual names) and mini (32x45), backs.

Category shows without colour: hazards sit in a red warning triangle with a thick red
border (black in mono), remedies in a green ring (dithered in mono), safeties in a blue
square with a double blue-gold border, distances show their number and the classic
animal (snail 25, duck 50, butterfly 75, hare 100, swallow 200) with a thin border.
"""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.scenes.mille.sprites import (
    MILLE_CARDS,
    MILLE_MINI_SIZE,
    MILLE_NAMES,
    MILLE_RING,
    MILLE_SIZE,
    mille_kind,
)

from . import fonts, mille_art, pix
from .brand import ICON_SIZE, micro
from .sound import finish, melody, mix, sound_files

W, H = MILLE_SIZE
MW, MH = MILLE_MINI_SIZE
NAME_GAP = 9  # line spacing of the names (the font's cell is taller than needed)
# A band drawn as dashes of red on the card's white: hazards' borders are striped like a
# road barrier, so that an attack differs from a remedy by pattern, not by colour alone
# (issue 34: colour-blind players; in mono too, where red is black and green a dither).
HAZARD_DASHES = "hazard dashes"
DASH_ON, DASH_OFF = 3, 2  # pixels of red, then of white, round the band
BORDER = {  # category -> list of colours from the outline inwards
    "hazard": [P.RED, HAZARD_DASHES, P.RED],
    "remedy": [P.GREEN, P.GREEN, P.GREEN],
    "safety": [P.BLUE, P.BLUE, P.YELLOW, P.BLUE],
    "distance": [P.WHITE, P.BLUE],
}
MINI_BORDER = {
    "hazard": [P.RED, HAZARD_DASHES],
    "remedy": [P.GREEN, P.GREEN],
    "safety": [P.BLUE, P.YELLOW, P.BLUE],
    "distance": [P.WHITE, P.BLUE],
}
PICTURE_CENTRE = (W // 2, 43)


def _blank(w, h, bands) -> pygame.Surface:
    s = pix.new(w, h)
    pix.round_rect(s, P.BLACK, (0, 0, w, h), 2)
    pix.round_rect(s, P.WHITE, (1, 1, w - 2, h - 2), 1)
    for i, color in enumerate(bands):
        band = (1 + i, 1 + i, w - 2 - 2 * i, h - 2 - 2 * i)
        if color == HAZARD_DASHES:
            _dashed_frame(s, P.RED, band)
        else:
            pix.frame(s, color, band)
    return s


def _dashed_frame(s, color, r) -> None:
    """A one-pixel frame of dashes (DASH_ON pixels of `color`, DASH_OFF left as they
    are), walked clockwise from the top left corner."""
    r = pygame.Rect(r)
    ring = (
        [(x, r.top) for x in range(r.left, r.right)]
        + [(r.right - 1, y) for y in range(r.top + 1, r.bottom)]
        + [(x, r.bottom - 1) for x in range(r.right - 2, r.left - 1, -1)]
        + [(r.left, y) for y in range(r.bottom - 2, r.top, -1)]
    )
    for i, point in enumerate(ring):
        if i % (DASH_ON + DASH_OFF) < DASH_ON:
            s.set_at(point, color)


def _sign(s, kind: str, card_id: str) -> None:
    """The road-sign shape behind a full-size picture."""
    cx, cy = PICTURE_CENTRE
    if card_id in ("speed_limit", "end_of_limit", "right_of_way"):
        return  # the picture is a sign already
    if kind == "hazard":
        pix.polygon(s, P.BLACK, [(cx + 0.5, cy - 21), (cx + 25.5, cy + 21), (cx - 24.5, cy + 21)])
        pix.polygon(s, P.RED, [(cx + 0.5, cy - 19), (cx + 23.5, cy + 20), (cx - 22.5, cy + 20)])
        pix.polygon(s, P.WHITE, [(cx + 0.5, cy - 11), (cx + 18.5, cy + 17), (cx - 17.5, cy + 17)])
    elif kind == "remedy":
        pix.disc(s, P.BLACK, cx + 0.5, cy + 0.5, 20.5)
        pix.disc(s, P.GREEN, cx + 0.5, cy + 0.5, 19.5)
        pix.disc(s, P.WHITE, cx + 0.5, cy + 0.5, 16.5)
    elif kind == "safety":
        r = pygame.Rect(cx - 20, cy - 20, 41, 41)
        pix.round_rect(s, P.BLACK, r, 3)
        pix.round_rect(s, P.BLUE, r.inflate(-2, -2), 2)
        pix.rect(s, P.WHITE, r.inflate(-8, -8))
        pix.frame(s, P.YELLOW, r.inflate(-6, -6))


def full(card_id: str, small: fonts.Writer, large: fonts.Writer) -> pygame.Surface:
    kind = mille_kind(card_id)
    bands = BORDER[kind]
    s = _blank(W, H, bands)
    english, french = MILLE_NAMES[card_id]
    inner = W - 2 * (len(bands) + 2)
    if kind == "distance":
        large.draw(s, card_id, W // 2 + 1, -2, P.BLUE, align="center")
        lines_fr = ["km"]
    else:
        lines = small.wrap(english, inner)
        top = len(bands) + 2 - small.cap_top
        for i, line in enumerate(lines):
            small.draw(s, line, W // 2, top + i * NAME_GAP, P.BLACK, align="center")
        lines_fr = small.wrap(french, inner)
    # The last French line keeps its descenders clear of the border.
    last = H - len(bands) - 3 - small.height
    for i, line in enumerate(reversed(lines_fr)):
        small.draw(s, line, W // 2, last - i * NAME_GAP, P.BLUE, align="center")
    _sign(s, kind, card_id)
    picture = mille_art.pictogram(card_id, small, large, mini=False)
    cx, cy = PICTURE_CENTRE
    dy = 5 if kind == "hazard" and card_id != "speed_limit" else 0
    s.blit(picture, (cx - picture.get_width() // 2, cy + dy - picture.get_height() // 2))
    return s


def mini(card_id: str, small: fonts.Writer) -> pygame.Surface:
    kind = mille_kind(card_id)
    s = _blank(MW, MH, MINI_BORDER[kind])
    picture = mille_art.pictogram(card_id, small, small, mini=True)
    cy = MH // 2
    if kind == "distance":
        small.draw(s, card_id, MW // 2 + 1, 1, P.BLUE, align="center")
        cy += 5
    s.blit(picture, (MW // 2 - picture.get_width() // 2, cy - picture.get_height() // 2))
    return s


def back(w: int, h: int, small: fonts.Writer) -> pygame.Surface:
    """The back: a green field with a milestone (dithered in mono, unlike any face)."""
    s = _blank(w, h, [P.WHITE, P.WHITE])
    field = pygame.Rect(3, 3, w - 6, h - 6)
    pix.rect(s, P.GREEN, field)
    for y in range(field.top, field.bottom, 4):
        for x in range(field.left + (y // 4) % 2 * 2, field.right, 4):
            s.set_at((x, y), P.LIGHT_GREEN)
    pix.frame(s, P.BLACK, field)
    stone = borne()
    if w >= W:
        stone = pix.scale(stone, 2)
        s.blit(stone, (w // 2 - stone.get_width() // 2, h // 2 - stone.get_height() // 2 + 4))
        small.draw(s, "1000", w // 2 + 1, h // 2 - 5, P.BLACK, align="center")
        pix.rect(s, P.BLACK, (8, 7, w - 16, 12))
        small.draw(s, "BORNES", w // 2 + 1, 7, P.YELLOW, align="center")
    else:
        s.blit(stone, (w // 2 - stone.get_width() // 2, h // 2 - stone.get_height() // 2))
    return s


def ring(w: int, h: int) -> pygame.Surface:
    r = MILLE_RING
    s = pix.new(w + 2 * r, h + 2 * r)
    pix.round_frame(s, P.BLACK, (0, 0, w + 2 * r, h + 2 * r), 3)
    pix.round_frame(s, P.YELLOW, (1, 1, w + 2 * r - 2, h + 2 * r - 2), 3)
    pix.round_frame(s, P.YELLOW, (2, 2, w + 2 * r - 4, h + 2 * r - 4), 2)
    return s


def coup_fourre():
    """A bugle fanfare in two voices: ta-ta-ta-taaa!"""
    tune = [("G4", 1), ("G4", 1), ("G4", 1), ("C5", 3), (None, 1), ("G4", 1), ("C5", 4)]
    low = [("E4", 1), ("E4", 1), ("E4", 1), ("G4", 3), (None, 1), ("E4", 1), ("E4", 4)]
    a, end = melody(tune, 0.085, duty=0.25)
    b, _ = melody(low, 0.085, duty=0.5, level=0.5)
    return finish(mix(end + 0.05, *a, *b), peak=0.45)


# The game's own sounds (GameInfo.sounds gives their gains).
SOUNDS = {"coup_fourre": coup_fourre}


def build() -> dict:
    """The mille sheet: "<id>" and "<id>_mini" for every card, backs and rings; the sounds."""
    small, large = fonts.Writer("small"), fonts.Writer("large")
    sheet = pix.Sheet("mille", width=10 * (W + 1))
    for card_id in MILLE_CARDS:
        sheet.add(card_id, full(card_id, small, large))
    sheet.add("back", back(W, H, small))
    for card_id in MILLE_CARDS:
        sheet.add(f"{card_id}_mini", mini(card_id, small))
    sheet.add("back_mini", back(MW, MH, small))
    sheet.add("ring", ring(W, H))
    sheet.add("ring_mini", ring(MW, MH))
    sheet.meta = {"size": [W, H], "mini_size": [MW, MH], "ring": MILLE_RING}
    return {**sheet.build(), **sound_files(SOUNDS)}


BORNE = """
    .......KKKKKKKKK.......
    .....KKRRRRRRRRRKK.....
    ....KRRrRRRRRRRRRRK....
    ...KRRrRRRRRRRRRRRRK...
    ..KRRRRRRRRRRRRRRRRRK..
    ..KRRRRRRRRRRRRRRRRRK..
    ..KKKKKKKKKKKKKKKKKKK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    ..KWWWWWWWWWWWWWWWWLK..
    .KKKKKKKKKKKKKKKKKKKKK.
    KLLLLLLLLLLLLLLLLLLLLLK
    KKKKKKKKKKKKKKKKKKKKKKK
"""


def borne(text: str = "") -> pygame.Surface:
    """A French milestone: red cap, white stone, a number painted in micro digits."""
    s = pix.art(BORNE)
    if text:
        micro(s, text, 11 - (4 * len(text) - 1) // 2, 9, P.BLACK)
    return s


def icon() -> pygame.Surface:
    """The title tile's 48x48 icon."""
    s = pix.new(ICON_SIZE, ICON_SIZE)
    # A road running to the horizon, and the milestone beside it.
    pix.polygon(s, P.DARK_GREY, [(16, 14), (22, 14), (40, 47), (-2, 47)])
    for y in range(17, 47, 7):
        w = 1 + (y - 14) // 10
        pix.rect(s, P.WHITE, (19 - w // 2, y, w, 3 + (y - 14) // 12))
    pix.rect(s, P.LIGHT_GREEN, (0, 13, 48, 1))
    s.blit(borne("1000"), (24, 12))
    return s
