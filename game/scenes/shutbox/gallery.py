"""Shut The Box's page of the art gallery (GameInfo.gallery_pages): its sprites as the kit draws them."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import sprites as S
from game.art.font import get_font
from game.art.gallery import DOOR_LOOKS, felt_area, header, label


def page_shutbox(surface) -> None:
    y = header(surface, "Shut The Box")
    bx, by = 8, y + 2
    surface.blit(S.box(), (bx, by))
    shut = {2, 5}
    for n in range(1, 10):
        dx = bx + S.BOX_DOOR_ORIGIN[0] + (n - 1) * S.DOOR_PITCH
        dy = by + S.BOX_DOOR_ORIGIN[1]
        surface.blit(S.door(n, down=n in shut, hilite=n == 7), (dx, dy))
    tray = S.BOX_TRAY.move(bx, by)
    surface.blit(S.die(6), (tray.centerx - 40, tray.y + 12))
    surface.blit(S.die(1), (tray.centerx + 6, tray.y + 16))
    x = bx + S.BOX_SIZE[0] + 14
    label(surface, "up, shut, with the ring", (x, y), P.WHITE)
    strip = pygame.Rect(x, y + 14, 632 - x, S.DOOR_SIZE[1] + 4)
    felt_area(surface, strip)
    for i, (down, hilite) in enumerate(DOOR_LOOKS):
        surface.blit(S.door(9 - i, down, hilite), (strip.x + 4 + i * 46, strip.y + 2))
    label(surface, "numeral dice (P toggle)", (x, strip.bottom + 6), P.WHITE)
    for i, v in enumerate((3, 4, 5)):
        surface.blit(S.die(v, numerals=True), (x + i * 40, strip.bottom + 20))
    small, large = get_font("small"), get_font("large")
    for k, (name, score) in enumerate((("Ann, round 4", 155), ("Computer, round 4", 92))):
        card = pygame.Rect(bx + k * 212, by + S.BOX_SIZE[1] + 8, 204, 84)
        surface.blit(S.panel(card.width, card.height, "light"), card.topleft)
        small.draw(surface, name, (card.x + 7, card.y + 4), P.BLACK)
        large.draw(surface, str(score), (card.right - 8, card.y + 52), P.BLUE, align="right")
        for i in range(50):
            surface.blit(
                S.score_dot(i < score // 5),
                (card.x + 9 + (i % 20) * 9, card.y + 20 + (i // 20) * 9),
            )
    label(surface, "one dot per five points", (bx + 2 * 212, by + S.BOX_SIZE[1] + 12), P.WHITE)
