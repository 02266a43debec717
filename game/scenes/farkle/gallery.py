"""Farkle's sample on the art gallery's dice page (GameInfo.gallery_samples)."""

from __future__ import annotations

import pygame

from game.art import sprites as S
from game.art.gallery import tag
from game.lang import _


def sample_dice(surface: pygame.Surface, pos: tuple[int, int]) -> None:
    """How Farkle shows held dice and its cursor, beside the dice kit's tumbling dice."""
    x, y = pos
    tag(surface, _("Farkle: held dice are red, the cursor ring gold"), (x, y))
    for i, (v, state) in enumerate(
        ((1, "held"), (5, "held"), (2, "normal"), (3, "hilite"), (6, "normal"), (4, "normal"))
    ):
        surface.blit(S.die(v, state), (x + i * 38, y + 13))
