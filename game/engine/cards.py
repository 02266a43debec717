"""The standard 52-card deck: two-character notation (AC, 2S, TH), names and shuffling."""

from __future__ import annotations

import random
from typing import NamedTuple

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)


class Card(NamedTuple):
    """A playing card: rank 1 (ace) to 13 (king) and a suit letter from SUITS."""

    rank: int
    suit: str

    @property
    def text(self) -> str:
        """Two-character notation, e.g. "TH" for the ten of hearts."""
        return RANKS[self.rank - 1] + self.suit

    @property
    def name(self) -> str:
        """English name, e.g. "ten of hearts"."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.text


def parse_card(text: str) -> Card:
    """Read two-character notation in either case ("th", "TH"; "10H" also works)."""
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANKS or cleaned[1] not in SUITS:
        raise ValueError(f"not a card: {text!r} (use e.g. AC, 2S, TH, JD, QH, KC)")
    return Card(RANKS.index(cleaned[0]) + 1, cleaned[1])


def standard_deck() -> list[Card]:
    """All 52 cards, suit by suit (clubs, diamonds, hearts, spades), ace to king."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A fresh deck shuffled with the given generator."""
    deck = standard_deck()
    rng.shuffle(deck)
    return deck
