"""The table of last-deal chances: data written by `python -m game.engine.lucie.tables`
(chances.json beside this module), read here once.

Each case is how many cards each suit has left (sorted); its value, the estimated chance
of winning a last deal (draw available) from there. The demo player and hints use it to
choose what to redeal from. A missing or damaged file is a broken installation, not
something to play around: it raises, so that packaging tests and the smoke test see it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path

from game.engine.lucie.rules import KING

DATA_FILE = Path(__file__).with_name("chances.json")
REGENERATE = "regenerate it with python -m game.engine.lucie.tables"  # i18n: not shown (a broken installation's error)
SUITS = 4


class ChancesMissing(RuntimeError):
    """The generated table is missing or damaged."""


def cases() -> list[tuple[int, int, int, int]]:
    """Every sorted tuple of cards left per suit (2,380 of them)."""
    return list(combinations_with_replacement(range(KING + 1), SUITS))


@lru_cache(maxsize=1)
def last_deal_chances() -> dict[tuple[int, ...], float]:
    """The table: (cards left per suit, sorted) -> chance of winning the last deal."""
    try:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
        table = {tuple(int(n) for n in row[:SUITS]): float(row[SUITS]) for row in data["chances"]}
    except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
        raise ChancesMissing(f"{DATA_FILE.name} cannot be read ({error}); {REGENERATE}") from error
    if set(table) != set(cases()) or not all(0.0 <= p <= 1.0 for p in table.values()):
        raise ChancesMissing(
            f"{DATA_FILE.name} does not hold one chance for every case; {REGENERATE}"
        )
    return table
