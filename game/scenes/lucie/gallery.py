"""La Belle Lucie's page of the art gallery (GameInfo.gallery_pages): its sprites as the kit draws them."""

from __future__ import annotations

from game.art import palette as P
from game.art import sprites as S
from game.art.gallery import BOTTOM_BAR, header, tag
from game.lang import _
from game.scenes.lucie.layout import FAN_PITCH_X, FAN_PITCH_Y


def page_lucie(surface) -> None:
    y = header(surface, "La Belle Lucie")  # i18n: not shown (a translation: the game's name)
    surface.fill(P.FELT, (0, y - 4, 640, 360 - y + 4 - BOTTOM_BAR))
    cw, ch = S.CARD_SIZE
    deck = [(r, s) for s in "SHCD" for r in range(1, 14)]
    founds = ((1, "S"), None, (3, "D"), None)
    fx = 320 - 2 * (cw + 10) + 5
    for i, suit in enumerate("SHCD"):
        pos = (fx + i * (cw + 10), y)
        if founds[i]:
            surface.blit(S.card(*founds[i]), pos)
        else:
            surface.blit(S.card_slot(suit), pos)
    left = (640 - (5 * FAN_PITCH_X + cw + 2 * S.FAN_OFFSET)) // 2
    top = y + ch + 8
    for fan in range(18):
        cards = deck[fan * 3 : fan * 3 + 3]
        fx = left + (fan % 6) * FAN_PITCH_X
        fy = top + (fan // 6) * FAN_PITCH_Y
        for k, (rank, suit) in enumerate(cards):
            surface.blit(S.card(rank, suit), (fx + k * S.FAN_OFFSET, fy))
    # The find arrow over a buried card, and a selected top card.
    surface.blit(S.find_arrow(0), (left + 2 * S.FAN_OFFSET - 20 + 100, top - 12))
    sel = (left + 3 * FAN_PITCH_X + 2 * S.FAN_OFFSET, top + FAN_PITCH_Y)
    surface.blit(S.card_ring(), (sel[0] - S.CARD_RING, sel[1] - S.CARD_RING))
    surface.blit(S.card_back(), (8, y))
    surface.blit(S.card_slot(), (8 + cw + 6, y))
    # TRANSLATORS: the art gallery's caption of the card sprites' sizes, in pixels.
    caption = _("card {width}x{height}, fan offset {offset}").format(
        width=cw, height=ch, offset=S.FAN_OFFSET
    )
    tag(surface, caption, (632, y + 2), "right")
