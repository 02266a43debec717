"""The Mille Bornes cards: the 19 kinds with English and French names, and the deck."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.lang import Msg, pmsg

HAZARD = "hazard"
REMEDY = "remedy"
SAFETY = "safety"
DISTANCE = "distance"

# Battle-pile hazards and their remedies; Speed Limit / End of Limit live on the speed pile.
ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP, SPEED_LIMIT = (
    "accident",
    "out_of_gas",
    "flat_tire",
    "stop",
    "speed_limit",
)
REPAIRS, GASOLINE, SPARE_TIRE, ROLL, END_OF_LIMIT = (
    "repairs",
    "gasoline",
    "spare_tire",
    "roll",
    "end_of_limit",
)
DRIVING_ACE, EXTRA_TANK, PUNCTURE_PROOF, RIGHT_OF_WAY = (
    "driving_ace",
    "extra_tank",
    "puncture_proof",
    "right_of_way",
)
D25, D50, D75, D100, D200 = "25", "50", "75", "100", "200"


@dataclass(frozen=True)
class CardKind:
    """One kind of card: its id, family, names on the bilingual cards and deck count."""

    id: str
    category: str
    english: str
    french: str
    count: int
    # The official 101-card deck (2-3 players) has one fewer of five hazards.
    short_deck_count: int
    km: int = 0
    french_alt: str = ""
    # The traditional French distance emblems (snail, duck...), for the card art.
    emblem: str = ""


# fmt: off
CARD_KINDS: tuple[CardKind, ...] = (
    CardKind(ACCIDENT, HAZARD, "Accident", "Accident", 3, 2),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(OUT_OF_GAS, HAZARD, "Out of Gas", "Panne d'essence", 3, 2),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(FLAT_TIRE, HAZARD, "Flat Tire", "Crevaison", 3, 2, french_alt="Pneu crevé"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(STOP, HAZARD, "Stop", "Feu rouge", 5, 4, french_alt="Stop"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(SPEED_LIMIT, HAZARD, "Speed Limit", "Limite de vitesse", 4, 3),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(REPAIRS, REMEDY, "Repairs", "Réparations", 6, 6),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(GASOLINE, REMEDY, "Gasoline", "Essence", 6, 6),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(SPARE_TIRE, REMEDY, "Spare Tire", "Roue de secours", 6, 6),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(ROLL, REMEDY, "Roll", "Feu vert", 14, 14, french_alt="Roulez"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(END_OF_LIMIT, REMEDY, "End of Limit", "Fin de limite de vitesse", 6, 6),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(DRIVING_ACE, SAFETY, "Driving Ace", "As du volant", 1, 1),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(EXTRA_TANK, SAFETY, "Extra Tank", "Citerne d'essence", 1, 1),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(PUNCTURE_PROOF, SAFETY, "Puncture-Proof", "Increvable", 1, 1),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(RIGHT_OF_WAY, SAFETY, "Right of Way", "Véhicule prioritaire", 1, 1),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(D25, DISTANCE, "25 km", "25 km", 10, 10, km=25, emblem="snail"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(D50, DISTANCE, "50 km", "50 km", 10, 10, km=50, emblem="duck"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(D75, DISTANCE, "75 km", "75 km", 10, 10, km=75, emblem="butterfly"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(D100, DISTANCE, "100 km", "100 km", 12, 12, km=100, emblem="hare"),  # i18n: not shown (data: names in CARD_NAMES)
    CardKind(D200, DISTANCE, "200 km", "200 km", 4, 4, km=200, emblem="swallow"),  # i18n: not shown (data: names in CARD_NAMES)
)
# fmt: on

KIND_BY_ID: dict[str, CardKind] = {kind.id: kind for kind in CARD_KINDS}

# Each card's name in the player's language (context "card": "Stop" the card, not the
# button). French uses the real cards' names; Polish the seed article's (the catalogs'
# TRANSLATORS comments say where each comes from). A name goes into sentences as a
# value, kept in the nominative there ("Karta: {card}").
# The coup fourré keeps its French name in every language (the Polish article too).
CARD_NAMES: dict[str, Msg] = {
    # TRANSLATORS: a Mille Bornes card (a hazard). French: Accident.
    # Polish: "Wypadek" (the seed article's card table).
    ACCIDENT: pmsg("card", "Accident"),
    # TRANSLATORS: a Mille Bornes card (a hazard). French: Panne d'essence.
    # Polish: "Brak paliwa" (the article's table).
    OUT_OF_GAS: pmsg("card", "Out of Gas"),
    # TRANSLATORS: a Mille Bornes card (a hazard). French: Crevaison.
    # Polish: "Przebita opona" (the article's table).
    FLAT_TIRE: pmsg("card", "Flat Tire"),
    # TRANSLATORS: a Mille Bornes card (a hazard, the red light). French: Feu rouge.
    # Polish: "Zatrzymaj się" (the article's table).
    STOP: pmsg("card", "Stop"),
    # TRANSLATORS: a Mille Bornes card (a hazard). French: Limitation de vitesse.
    # Polish: "Ograniczenie prędkości" (the article's table).
    SPEED_LIMIT: pmsg("card", "Speed Limit"),
    # TRANSLATORS: a Mille Bornes card (a remedy). French: Réparations.
    # Polish: "Naprawy" (the article's table).
    REPAIRS: pmsg("card", "Repairs"),
    # TRANSLATORS: a Mille Bornes card (a remedy). French: Essence.
    # Polish: "Benzyna" (the article's table).
    GASOLINE: pmsg("card", "Gasoline"),
    # TRANSLATORS: a Mille Bornes card (a remedy). French: Roue de secours.
    # Polish: "Koło zapasowe" (the article's table).
    SPARE_TIRE: pmsg("card", "Spare Tire"),
    # TRANSLATORS: a Mille Bornes card (a remedy, the green light). French: Feu vert.
    # Polish: the article gives no Polish name (its table keeps "Go/Roll/Drive",
    # its text's "Rzut" is a throw of dice): "Jedź", the counterpart of "Zatrzymaj się".
    ROLL: pmsg("card", "Roll"),
    # TRANSLATORS: a Mille Bornes card (a remedy). French: Fin de limitation.
    # Polish: the article's "Koniec ograniczenia prędkości", shortened
    # to "Koniec ograniczenia" to fit the card face in two lines.
    END_OF_LIMIT: pmsg("card", "End of Limit"),
    # TRANSLATORS: a Mille Bornes card (a safety). French: As du volant.
    # Polish: the article's table keeps the English "Driving Ace" (a
    # caption has "as jazdy"): "As kierownicy", as a Polish player says it.
    DRIVING_ACE: pmsg("card", "Driving Ace"),
    # TRANSLATORS: a Mille Bornes card (a safety). French: Citerne d'essence.
    # Polish: "Dodatkowy zbiornik" (the article's table).
    EXTRA_TANK: pmsg("card", "Extra Tank"),
    # TRANSLATORS: a Mille Bornes card (a safety). French: Increvable.
    # Polish: "Odporność na przebicie" (the article's table).
    PUNCTURE_PROOF: pmsg("card", "Puncture-Proof"),
    # TRANSLATORS: a Mille Bornes card (a safety). French: Véhicule prioritaire.
    # Polish: "Prawo drogi", the article's name in its rules (its table
    # has "Pierwszeństwo przejazdu / pojazd uprzywilejowany", too long for the card).
    RIGHT_OF_WAY: pmsg("card", "Right of Way"),
    # TRANSLATORS: a Mille Bornes distance card. French: "25 bornes"; Polish: "25 km"
    # (the article's "karty odległości 25 km").
    D25: pmsg("card", "25 km"),
    # TRANSLATORS: a Mille Bornes distance card.
    D50: pmsg("card", "50 km"),
    # TRANSLATORS: a Mille Bornes distance card.
    D75: pmsg("card", "75 km"),
    # TRANSLATORS: a Mille Bornes distance card.
    D100: pmsg("card", "100 km"),
    # TRANSLATORS: a Mille Bornes distance card.
    D200: pmsg("card", "200 km"),
}


def card_msg(card: str) -> Msg:
    """A card's name as a Msg (translated where shown): "Stop", "Feu rouge"."""
    return CARD_NAMES[card]


# A fixed order for listing hands and actions the same way every time.
CARD_ORDER: dict[str, int] = {kind.id: index for index, kind in enumerate(CARD_KINDS)}

HAZARDS = tuple(k.id for k in CARD_KINDS if k.category == HAZARD)
REMEDIES = tuple(k.id for k in CARD_KINDS if k.category == REMEDY)
SAFETIES = tuple(k.id for k in CARD_KINDS if k.category == SAFETY)
DISTANCES = tuple(k.id for k in CARD_KINDS if k.category == DISTANCE)
KM: dict[str, int] = {k.id: k.km for k in CARD_KINDS if k.category == DISTANCE}

# Hazards that go on the battle pile (all but Speed Limit) and what corrects each.
BATTLE_HAZARDS = (ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP)
REMEDY_FOR: dict[str, str] = {
    ACCIDENT: REPAIRS,
    OUT_OF_GAS: GASOLINE,
    FLAT_TIRE: SPARE_TIRE,
    STOP: ROLL,
    SPEED_LIMIT: END_OF_LIMIT,
}
HAZARD_FOR_REMEDY: dict[str, str] = {remedy: hazard for hazard, remedy in REMEDY_FOR.items()}
SAFETY_FOR: dict[str, str] = {
    ACCIDENT: DRIVING_ACE,
    OUT_OF_GAS: EXTRA_TANK,
    FLAT_TIRE: PUNCTURE_PROOF,
    STOP: RIGHT_OF_WAY,
    SPEED_LIMIT: RIGHT_OF_WAY,
}
HAZARDS_STOPPED_BY: dict[str, tuple[str, ...]] = {
    safety: tuple(h for h in HAZARDS if SAFETY_FOR[h] == safety) for safety in SAFETIES
}
FULL_DECK_SIZE = sum(k.count for k in CARD_KINDS)
SHORT_DECK_SIZE = sum(k.short_deck_count for k in CARD_KINDS)


def category(card: str) -> str:
    """The family of a card id: hazard, remedy, safety or distance."""
    return KIND_BY_ID[card].category


def deck_counts(short_deck: bool = False) -> Counter[str]:
    """How many of each card the deck holds (106 cards, or 101 with `short_deck`)."""
    return Counter({k.id: (k.short_deck_count if short_deck else k.count) for k in CARD_KINDS})


def build_deck(short_deck: bool = False) -> list[str]:
    """Every card of the deck as a list of card ids, in table order (unshuffled)."""
    return [card for card, count in deck_counts(short_deck).items() for _ in range(count)]


def sort_cards(cards: list[str] | tuple[str, ...]) -> list[str]:
    """Cards in table order (hazards, remedies, safeties, distance)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)
