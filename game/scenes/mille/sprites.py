"""Mille Bornes's sprite sheet (assets/sprites/mille.png, made by assetgen/mille.py): the
cards by id, full size and mini, their backs and selection rings.

Like game.art.sprites, every accessor returns a cached Surface: blit it, never draw on it.
"""

from __future__ import annotations

import pygame

from game.art.sprites import frame

SHEET = "mille"

MILLE_SIZE = (64, 90)
MILLE_MINI_SIZE = (32, 45)
MILLE_RING = 3
MILLE_HAZARDS = ("accident", "out_of_gas", "flat_tire", "stop", "speed_limit")
MILLE_REMEDIES = ("repairs", "gasoline", "spare_tire", "roll", "end_of_limit")
MILLE_SAFETIES = ("driving_ace", "extra_tank", "puncture_proof", "right_of_way")
MILLE_DISTANCES = ("25", "50", "75", "100", "200")
MILLE_CARDS = MILLE_HAZARDS + MILLE_REMEDIES + MILLE_SAFETIES + MILLE_DISTANCES
MILLE_NAMES = {  # (English, French) as printed on the bilingual cards
    "accident": ("Accident", "Accident"),
    "out_of_gas": ("Out of Gas", "Panne d'essence"),
    "flat_tire": ("Flat Tire", "Crevaison"),
    "stop": ("Stop", "Feu rouge"),
    "speed_limit": ("Speed Limit", "Limite de vitesse"),
    "repairs": ("Repairs", "Réparations"),
    "gasoline": ("Gasoline", "Essence"),
    "spare_tire": ("Spare Tire", "Roue de secours"),
    "roll": ("Roll", "Feu vert"),
    "end_of_limit": ("End of Limit", "Fin de limite de vitesse"),
    "driving_ace": ("Driving Ace", "As du volant"),
    "extra_tank": ("Extra Tank", "Citerne d'essence"),
    "puncture_proof": ("Puncture-Proof", "Increvable"),
    "right_of_way": ("Right of Way", "Véhicule prioritaire"),
    "25": ("25 km", "25 bornes"),
    "50": ("50 km", "50 bornes"),
    "75": ("75 km", "75 bornes"),
    "100": ("100 km", "100 bornes"),
    "200": ("200 km", "200 bornes"),
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
    """A Mille Bornes face by id (MILLE_CARDS; distances as "25" or 25); mini for tableaux."""
    card_id = str(card_id)
    mille_kind(card_id)
    return frame(SHEET, f"{card_id}_mini" if mini else card_id)


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
