"""Shut The Box's page of the art gallery (GameInfo.gallery_pages): its sprites as the kit draws
them; and its sample on the mono page (GameInfo.gallery_samples)."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import sprites as S
from game.art.font import get_font
from game.art.gallery import felt_area, header, label, tag
from game.lang import _, number
from game.scenes.shutbox.sprites import (
    BOX_DOOR_ORIGIN,
    BOX_SIZE,
    BOX_TRAY,
    DOOR_LOOKS,
    DOOR_PITCH,
    DOOR_SIZE,
    box,
    door,
    score_dot,
)
from game.scenes.shutbox.toggles import TITLE

SAMPLE_NAME = "Ann"  # i18n: not shown (a name)


def page_shutbox(surface) -> None:
    y = header(surface, _(TITLE))
    bx, by = 8, y + 2
    surface.blit(box(), (bx, by))
    shut = {2, 5}
    for n in range(1, 10):
        dx = bx + BOX_DOOR_ORIGIN[0] + (n - 1) * DOOR_PITCH
        dy = by + BOX_DOOR_ORIGIN[1]
        surface.blit(door(n, down=n in shut, hilite=n == 7), (dx, dy))
    tray = BOX_TRAY.move(bx, by)
    surface.blit(S.die(6), (tray.centerx - 40, tray.y + 12))
    surface.blit(S.die(1), (tray.centerx + 6, tray.y + 16))
    x = bx + BOX_SIZE[0] + 14
    # TRANSLATORS: the art gallery: the doors' looks (up, shut, and with the gold ring)
    label(surface, _("up, shut, with the ring"), (x, y), P.WHITE)
    strip = pygame.Rect(x, y + 14, 632 - x, DOOR_SIZE[1] + 4)
    felt_area(surface, strip)
    for i, (down, hilite) in enumerate(DOOR_LOOKS):
        surface.blit(door(9 - i, down, hilite), (strip.x + 4 + i * 46, strip.y + 2))
    # TRANSLATORS: the art gallery: dice with numerals instead of pips (the P toggle)
    label(surface, _("numeral dice (P toggle)"), (x, strip.bottom + 6), P.WHITE)
    for i, v in enumerate((3, 4, 5)):
        surface.blit(S.die(v, numerals=True), (x + i * 40, strip.bottom + 20))
    small, large = get_font("small"), get_font("large")
    cards = (
        # TRANSLATORS: the art gallery: a sample scorecard's name line
        (_("{name}, round {round}").format(name=SAMPLE_NAME, round=number(4)), 155),
        (_("Computer, round {round}").format(round=number(4)), 92),
    )
    for k, (name, score) in enumerate(cards):
        card = pygame.Rect(bx + k * 212, by + BOX_SIZE[1] + 8, 204, 84)
        surface.blit(S.panel(card.width, card.height, "light"), card.topleft)
        small.draw(surface, name, (card.x + 7, card.y + 4), P.BLACK)
        large.draw(surface, str(score), (card.right - 8, card.y + 52), P.BLUE, align="right")
        for i in range(50):
            surface.blit(
                score_dot(i < score // 5),
                (card.x + 9 + (i % 20) * 9, card.y + 20 + (i // 20) * 9),
            )
    # TRANSLATORS: the art gallery: the scorecard's dots
    label(surface, _("one dot per five points"), (bx + 2 * 212, by + BOX_SIZE[1] + 12), P.WHITE)


def sample_mono(surface: pygame.Surface, pos: tuple[int, int]) -> None:
    """Door 4 up, shut and ringed, as the mono page shows them apart."""
    x, y = pos
    # TRANSLATORS: the art gallery's mono page: door 4 up, shut and with the gold ring
    tag(surface, _("doors up, shut, ringed"), (x, y))
    for i, (down, hilite) in enumerate(DOOR_LOOKS):
        surface.blit(door(4, down, hilite), (x + i * 46, y + 16))
