"""Mille Bornes's sprite sheet (assets/sprites/mille.png, made by assetgen/mille.py): the
cards by id, full size and mini, their backs and selection rings.

Like game.art.sprites, every accessor returns a cached Surface: blit it, never draw on it.

The sheet's full-size faces carry the bilingual cards' words (English above the picture,
French below). In French and Polish a face is redrawn with the card's name in the
language above the picture and, below it, the kind of card (French) or the French name of
the bilingual cards (Polish): cached per language, so a change of language shows the
new words at once.
"""

from __future__ import annotations

import pygame

from game import lang
from game.art import palette as P
from game.art.font import design_font
from game.art.sprites import frame
from game.engine.mille.cards import KIND_BY_ID, card_msg
from game.lang import pgettext

SHEET = "mille"

MILLE_SIZE = (64, 90)
MILLE_MINI_SIZE = (32, 45)
MILLE_RING = 3
MILLE_HAZARDS = ("accident", "out_of_gas", "flat_tire", "stop", "speed_limit")
MILLE_REMEDIES = ("repairs", "gasoline", "spare_tire", "roll", "end_of_limit")
MILLE_SAFETIES = ("driving_ace", "extra_tank", "puncture_proof", "right_of_way")
MILLE_DISTANCES = ("25", "50", "75", "100", "200")
MILLE_CARDS = MILLE_HAZARDS + MILLE_REMEDIES + MILLE_SAFETIES + MILLE_DISTANCES
MILLE_NAMES = {  # (English, French) on the sheet's cards (assetgen)
    "accident": ("Accident", "Accident"),  # i18n: not shown (the sheet's)
    "out_of_gas": ("Out of Gas", "Panne d'essence"),  # i18n: not shown (the sheet's)
    "flat_tire": ("Flat Tire", "Crevaison"),  # i18n: not shown (the sheet's)
    "stop": ("Stop", "Feu rouge"),  # i18n: not shown (the sheet's)
    "speed_limit": ("Speed Limit", "Limite de vitesse"),  # i18n: not shown (the sheet's)
    "repairs": ("Repairs", "Réparations"),  # i18n: not shown (the sheet's)
    "gasoline": ("Gasoline", "Essence"),  # i18n: not shown (the sheet's)
    "spare_tire": ("Spare Tire", "Roue de secours"),  # i18n: not shown (the sheet's)
    "roll": ("Roll", "Feu vert"),  # i18n: not shown (the sheet's)
    "end_of_limit": ("End of Limit", "Fin de limite de vitesse"),  # i18n: not shown (the sheet's)
    "driving_ace": ("Driving Ace", "As du volant"),  # i18n: not shown (the sheet's)
    "extra_tank": ("Extra Tank", "Citerne d'essence"),  # i18n: not shown (the sheet's)
    "puncture_proof": ("Puncture-Proof", "Increvable"),  # i18n: not shown (the sheet's)
    "right_of_way": ("Right of Way", "Véhicule prioritaire"),  # i18n: not shown (the sheet's)
    "25": ("25 km", "25 bornes"),  # i18n: not shown (the sheet's)
    "50": ("50 km", "50 bornes"),  # i18n: not shown (the sheet's)
    "75": ("75 km", "75 bornes"),  # i18n: not shown (the sheet's)
    "100": ("100 km", "100 bornes"),  # i18n: not shown (the sheet's)
    "200": ("200 km", "200 bornes"),  # i18n: not shown (the sheet's)
}


def mille_kind(card_id) -> str:
    """ "hazard", "remedy", "safety" or "distance"."""
    card_id = str(card_id)
    for kind, group in (
        ("hazard", MILLE_HAZARDS),
        ("remedy", MILLE_REMEDIES),
        ("safety", MILLE_SAFETIES),
        ("distance", MILLE_DISTANCES),
    ):
        if card_id in group:
            return kind
    raise KeyError(f"no Mille Bornes card {card_id!r}")


def mille_card(card_id, mini: bool = False) -> pygame.Surface:
    """A Mille Bornes face by id (MILLE_CARDS; distances as "25" or 25); mini for tableaux
    (a mini has no words). A full face speaks the player's language."""
    card_id = str(card_id)
    mille_kind(card_id)
    if mini:
        return frame(SHEET, f"{card_id}_mini")
    code = lang.language()
    if code == lang.DEFAULT_LANGUAGE:
        return frame(SHEET, card_id)
    key = (code, card_id)
    face = _faces.get(key)
    if face is None:
        face = _faces[key] = translated_face(card_id)
    return face


#: Faces redrawn in a language, by (language, card id): 19 a language at most.
_faces: dict[tuple[str, str], pygame.Surface] = {}
#: The sheet's bands of colour inside the black edge, per kind (assetgen/mille.py BORDER).
BANDS = {"hazard": 3, "remedy": 3, "safety": 4, "distance": 2}
NAME_GAP = 9  # the names' line spacing on a face (assetgen/mille.py)
NAME_BOTTOM = 21  # the words above the picture end here (the picture starts at 22)
LOW_TOP = 65  # the words below the picture start here


def kind_word(kind: str) -> str:
    """The kind of card as a French or Polish face writes it under the picture."""
    # TRANSLATORS: the kind of card, written on a card face under its picture (one short
    # word, lower case, at most some 10 letters: French "attaque", "parade", "botte"; the
    # distance cards' unit, French "bornes").
    if kind == "hazard":
        return pgettext("card face", "hazard")
    if kind == "remedy":
        return pgettext("card face", "remedy")
    if kind == "safety":
        return pgettext("card face", "safety")
    return pgettext("card face", "km")


def translated_face(card_id: str) -> pygame.Surface:
    """The sheet's face with its words in the language of the moment."""
    face = frame(SHEET, card_id).copy()
    kind = mille_kind(card_id)
    small = design_font("small")  # the sheet's own size, large text or not (a picture)
    width, height = face.get_size()
    inset = BANDS[kind] + 2  # the words' margin (the bands and a pixel either side)
    inner = width - 2 * inset
    low = pygame.Rect(inset - 1, LOW_TOP, width - 2 * inset + 2, height - LOW_TOP - inset + 1)
    face.fill(P.WHITE, low)
    if kind != "distance":
        top = pygame.Rect(inset - 1, inset - 1, width - 2 * inset + 2, NAME_BOTTOM - inset + 2)
        face.fill(P.WHITE, top)
        name = str(card_msg(card_id))
        lines = small.wrap(name, inner)[:2]
        y = inset - small.cap_top
        for index, line in enumerate(lines):
            small.draw(face, line, (width // 2, y + index * NAME_GAP), P.BLACK, align="center")
    if kind == "distance" or lang.language() == "fr":
        below = kind_word(kind)
    else:
        below = KIND_BY_ID[card_id].french  # the bilingual cards' French
    lines = small.wrap(below, inner)[:2]
    last = height - BANDS[kind] - 3 - small.height
    for index, line in enumerate(reversed(lines)):
        small.draw(face, line, (width // 2, last - index * NAME_GAP), P.BLUE, align="center")
    return face


def mille_back(mini: bool = False) -> pygame.Surface:
    """The Mille Bornes back."""
    return frame(SHEET, "back_mini" if mini else "back")


def mille_ring(mini: bool = False) -> pygame.Surface:
    """Selection ring around a Mille Bornes card: blit at (x - MILLE_RING, y - MILLE_RING)."""
    return frame(SHEET, "ring_mini" if mini else "ring")


# Every frame of the sheet, as the accessors name them (tests/art checks the sheet has them).
FRAMES = (
    *MILLE_CARDS,
    *(f"{card_id}_mini" for card_id in MILLE_CARDS),
    *("back", "back_mini", "ring", "ring_mini"),
)
