"""Deal codes: a short, checked name for one deal of cards or one stream of dice, and the
rule that picks the daily deal.

A code reads `G-SSSS-VC`, e.g. `L-4KQ7-11`:

- `G`: the game's letter (each game gives its own: F, L, S, M).
- `SSSS`: the seed, a whole number 0..MAX_SEED written in Crockford's base 32 (the digits,
  then A-Z without I, L, O and U; at least 4 characters, at most 6).
- `V`: the version of the game's rule that turns a seed into cards or dice (base 32). A
  code of another version deals differently: it is refused with a message saying so.
- `C`: a check character, Luhn mod 32 over G, SSSS and V: any one character mistyped
  is refused (Luhn's doubling is one-to-one in base 32, so one changed value always
  changes the sum), and most neighbours swapped too.

Reading forgives what cannot mislead: lower case, spaces, the dashes left out (both), and
Crockford's look-alikes (O for 0, I and L for 1) in the seed, version and check.

The dice of a code: every roll gets its own generator made from the code and where in
the game it happens (`DealCode.rng(*where)`), so two people who choose alike see the same
dice, and a different choice changes only what follows from it.

The daily deal (rule v1): the seed of game `<id>` on UTC day `<YYYY-MM-DD>` is the first
8 bytes of SHA-256("pixelparlor/daily/v1/<id>/<YYYY-MM-DD>") as a big-endian number,
modulo 999,999, plus 1 (`daily_seed`). The README gives the same rule.
"""

from __future__ import annotations

import datetime
import hashlib
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass

from game.lang import Msg

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
BASE = len(ALPHABET)
SEED_MIN_CHARS = 4
SEED_MAX_CHARS = 6
#: Seeds go up to this (6 characters of base 32 hold it): La Belle Lucie's deal numbers
#: are typed up to it.
MAX_SEED = 10**9
#: New random deals and daily deals are numbered 1 to this (Lucie's "Deal #605482").
RANDOM_SEEDS = 999_999
DAILY_RULE = "pixelparlor/daily/v1"
MAX_TEXT = 40  # longer input is no code (a pasted page is refused, not parsed)
_SHAPE = re.compile(r"([A-Z])-?([0-9A-Z]{4,6})-?([0-9A-Z])([0-9A-Z])")


class BadCode(ValueError):
    """A text that is no code this program can play; `message` says why, for the player."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.key)
        self.message = message


def _value(char: str) -> int:
    return ALPHABET.index(char)


def _letter_value(letter: str) -> int:
    return ord(letter) % BASE


def check_char(letter: str, seed_chars: str, version_char: str) -> str:
    """Luhn mod 32 over the game letter, the seed and the version."""
    values = [_letter_value(letter)] + [_value(c) for c in seed_chars + version_char]
    total = 0
    for position, value in enumerate(reversed(values)):
        if position % 2 == 0:  # the rightmost value is doubled (the check follows it)
            value *= 2
            value = value // BASE + value % BASE
        total += value
    return ALPHABET[(BASE - total % BASE) % BASE]


def encode_seed(seed: int) -> str:
    """The seed in base 32, at least SEED_MIN_CHARS characters."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is 0..{MAX_SEED}, not {seed}")
    chars = ""
    while seed:
        seed, digit = divmod(seed, BASE)
        chars = ALPHABET[digit] + chars
    return chars.rjust(SEED_MIN_CHARS, "0")


@dataclass(frozen=True)
class DealCode:
    """One deal of one game, under one version of its rules."""

    letter: str
    seed: int
    version: int = 1

    def __post_init__(self) -> None:
        if len(self.letter) != 1 or not "A" <= self.letter <= "Z":
            raise ValueError(f"a game letter is one of A-Z, not {self.letter!r}")
        if not 0 <= self.version < BASE:
            raise ValueError(f"a version is 0..{BASE - 1}, not {self.version}")
        encode_seed(self.seed)  # refuses a seed out of range

    @property
    def text(self) -> str:
        """The code as shown: "L-4KQ7-11"."""
        seed = encode_seed(self.seed)
        version = ALPHABET[self.version]
        return f"{self.letter}-{seed}-{version}{check_char(self.letter, seed, version)}"

    def __str__(self) -> str:
        return self.text

    def rng(self, *where: object) -> random.Random:
        """The generator of one random event of this deal, fixed by the code and by
        `where` it happens (a hand's number; a roll's turn, roll of the turn and dice)."""
        key = "/".join([self.text, *(str(part) for part in where)])
        return random.Random(int.from_bytes(hashlib.sha256(key.encode()).digest()[:16], "big"))


def parse(text: object, versions: Mapping[str, int]) -> DealCode:
    """The code in `text`; BadCode (its message for the player) for anything else.

    `versions`: each game letter this program knows, with its rules' version."""
    if not isinstance(text, str) or not text.strip():
        raise BadCode(Msg("Type a deal code, e.g. {example}.", example="L-4KQ7-11"))
    if len(text) > MAX_TEXT:
        raise BadCode(Msg("That is too long for a deal code."))
    cleaned = "".join(text.split()).upper()
    if cleaned.count("-") not in (0, 2):
        raise BadCode(Msg("A deal code reads like {example}.", example="L-4KQ7-11"))
    shape = _SHAPE.fullmatch(cleaned)
    if shape is None:
        raise BadCode(Msg("A deal code reads like {example}.", example="L-4KQ7-11"))
    letter, seed_chars, version_char, check = (
        group if i == 0 else group.translate(_LOOKALIKES) for i, group in enumerate(shape.groups())
    )
    if any(c not in ALPHABET for c in seed_chars + version_char + check):
        raise BadCode(Msg("A deal code has no letter U: check what you typed."))
    if check_char(letter, seed_chars, version_char) != check:
        raise BadCode(Msg("{code} is not a deal code: a character is mistyped.", code=cleaned))
    if letter not in versions:
        raise BadCode(Msg("{letter} is no game's letter.", letter=letter))
    seed = sum(_value(c) * BASE**i for i, c in enumerate(reversed(seed_chars)))
    if seed > MAX_SEED:
        raise BadCode(Msg("{code} is not a deal code: a character is mistyped.", code=cleaned))
    version = _value(version_char)
    if version != versions[letter]:
        raise BadCode(
            Msg(
                "{code} is a deal of another version of the rules (version {theirs}; this "
                "Pixel Parlor deals version {ours}).",
                code=cleaned,
                theirs=str(version),
                ours=str(versions[letter]),
            )
        )
    return DealCode(letter, seed, version)


def random_seed(rng: random.Random) -> int:
    """A new deal's seed, 1..RANDOM_SEEDS."""
    return rng.randint(1, RANDOM_SEEDS)


def daily_seed(game_id: str, day: datetime.date) -> int:
    """The daily deal's seed of `game_id` on UTC day `day` (rule v1, in the module's
    docstring and the README)."""
    key = f"{DAILY_RULE}/{game_id}/{day.isoformat()}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") % RANDOM_SEEDS + 1


def utc_today(now: datetime.datetime | None = None) -> datetime.date:
    """Today's date in UTC (the daily deal changes at midnight UTC for everyone)."""
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return now.astimezone(datetime.timezone.utc).date()
