"""Mille Bornes's page of the art gallery (GameInfo.gallery_pages): its sprites as the kit draws
them; and its sample on the mono page (GameInfo.gallery_samples)."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.gallery import header, label, tag
from game.lang import _
from game.scenes.mille.sprites import (
    MILLE_CARDS,
    MILLE_MINI_SIZE,
    MILLE_RING,
    MILLE_SIZE,
    mille_back,
    mille_card,
    mille_ring,
)


def page_mille(surface) -> None:
    y = header(surface, _("Mille Bornes"))
    w, h = MILLE_SIZE
    ids = list(MILLE_CARDS) + ["back"]
    for i, card_id in enumerate(ids):
        x = 2 + (i % 10) * w
        top = y + (i // 10) * (h + 2)
        surface.blit(mille_back() if card_id == "back" else mille_card(card_id), (x, top))
    mw, mh = MILLE_MINI_SIZE
    top = y + 2 * (h + 2) + 2
    for i, card_id in enumerate(ids):
        image = mille_back(True) if card_id == "back" else mille_card(card_id, True)
        surface.blit(image, (2 + (i % 19) * mw, top + (i // 19) * (mh + 2)))
    ring_at = (2 + mw + 8, top + mh + 2 + MILLE_RING + 1)
    surface.blit(mille_card("roll", True), ring_at)
    surface.blit(mille_ring(True), (ring_at[0] - MILLE_RING, ring_at[1] - MILLE_RING))
    label(
        surface,
        _("cards {w}x{h}; minis {mw}x{mh} for the tableaux; backs; a selection ring").format(
            w=w, h=h, mw=mw, mh=mh
        ),
        (2 + 2 * mw + 20, top + mh + 18),
        P.WHITE,
    )


def sample_mono(surface: pygame.Surface, pos: tuple[int, int]) -> None:
    """Mini cards of each kind, as the mono page shows them apart."""
    x, y = pos
    # TRANSLATORS: a short tag over mini cards in the gallery's mono page.
    tag(surface, _("Mille: hazard remedy safety"), (x, y))
    for i, card_id in enumerate(("stop", "roll", "right_of_way", "100")):
        surface.blit(mille_card(card_id, mini=True), (x + i * 36, y + 28))
    for i, card_id in enumerate(("flat_tire", "spare_tire", "puncture_proof", "25")):
        surface.blit(mille_card(card_id, mini=True), (x + i * 36, y + 78))
