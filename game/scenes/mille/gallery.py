"""Mille Bornes's page of the art gallery (GameInfo.gallery_pages): its sprites as the kit draws them."""

from __future__ import annotations

from game.art import palette as P
from game.art import sprites as S
from game.art.gallery import header, label


def page_mille(surface) -> None:
    y = header(surface, "Mille Bornes")
    w, h = S.MILLE_SIZE
    ids = list(S.MILLE_CARDS) + ["back"]
    for i, card_id in enumerate(ids):
        x = 2 + (i % 10) * w
        top = y + (i // 10) * (h + 2)
        surface.blit(S.mille_back() if card_id == "back" else S.mille_card(card_id), (x, top))
    mw, mh = S.MILLE_MINI_SIZE
    top = y + 2 * (h + 2) + 2
    for i, card_id in enumerate(ids):
        image = S.mille_back(True) if card_id == "back" else S.mille_card(card_id, True)
        surface.blit(image, (2 + (i % 19) * mw, top + (i // 19) * (mh + 2)))
    ring_at = (2 + mw + 8, top + mh + 2 + S.MILLE_RING + 1)
    surface.blit(S.mille_card("roll", True), ring_at)
    surface.blit(S.mille_ring(True), (ring_at[0] - S.MILLE_RING, ring_at[1] - S.MILLE_RING))
    label(
        surface,
        f"cards {w}x{h}; minis {mw}x{mh} for the tableaux; backs; a selection ring",
        (2 + 2 * mw + 20, top + mh + 18),
        P.WHITE,
    )
