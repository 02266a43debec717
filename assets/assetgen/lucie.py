"""La Belle Lucie's art: the title icon (its cards come from the shared deck, cards.py)."""

from __future__ import annotations

import pygame

from . import pix
from .brand import ICON_SIZE, mini_card


def icon() -> pygame.Surface:
    """The title tile's 48x48 icon."""
    s = pix.new(ICON_SIZE, ICON_SIZE)
    x = 4
    for suit, rank in (("S", "7"), ("D", "Q"), ("H", "A")):
        s.blit(mini_card(suit, rank), (x, 17 + (x - 4) // 4))
        x += 10
    # The card-finding arrow over the fan.
    arrow = pix.art("""
        ..KKKKK..
        ..KYYYK..
        ..KYYYK..
        KKKYYYKKK
        .KYYYYYK.
        ..KYYYK..
        ...KYK...
        ....K....
    """)
    s.blit(arrow, (24, 5))
    return s
