"""Farkle's art: the title icon (its dice come from the shared dice sheet, dice.py)."""

from __future__ import annotations

import pygame

from . import pix
from .brand import ICON_SIZE, mini_die


def icon() -> pygame.Surface:
    """The title tile's 48x48 icon."""
    s = pix.new(ICON_SIZE, ICON_SIZE)
    # White dice only: on the dark menu tiles a red (black in mono) die would vanish.
    s.blit(mini_die(5), (2, 3))
    s.blit(mini_die(1), (25, 1))
    s.blit(mini_die(6), (12, 24))
    s.blit(mini_die(3), (32, 27))
    return s
