"""Bounds on the numbers and texts of the records, so that a file cannot hold what the
screens could not show (10^40 in a Top Ten draws over the Scores columns) or the game
could never have written.

Each record checks its fields against these when it is read, and when the game hands it
a new value, so that nothing out of bounds is ever written.
"""

from __future__ import annotations

from typing import Any

# A score of any game: nine digits fit the Scores columns ("999,999,999").
MAX_SCORE = 999_999_999
# Games played, won, streaks: a billion games is more than any player will play.
MAX_COUNT = 1_000_000_000
# Sums over many games (total score, a game's own counters); below 2**53, so the number
# is exact in any JSON reader.
MAX_TOTAL = 10**15
# A game's own details of a Top Ten entry ({"players": 3}): a few short plain values.
MAX_EXTRA_ITEMS = 16
MAX_KEY_LENGTH = 32
MAX_TEXT_LENGTH = 64
# The coach's average cost per decision, in a game's own unit (expected points, win
# chance): no decision can cost more than a whole score.
MAX_LOSS = float(MAX_SCORE)
# Opponents a game's statistics count wins against: a game has a few computer levels,
# "people" and "" (played alone); more is not a file this program wrote.
MAX_OPPONENTS = 16
# An option's value (the settings keep each game's options): generous, but bounded.
MAX_OPTION_NUMBER = 1_000_000_000
MAX_OPTION_TEXT = 1000


def is_int(value: Any) -> bool:
    """True for an int that is not a bool (JSON's true is not a number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_within(value: Any, low: int, high: int) -> bool:
    """True for an int (not a bool) with low <= value <= high."""
    return is_int(value) and low <= value <= high


def plain_details(extra: Any) -> bool:
    """True for a game's own details: a small object of short names to plain values."""
    if not isinstance(extra, dict) or len(extra) > MAX_EXTRA_ITEMS:
        return False
    for key, value in extra.items():
        if not isinstance(key, str) or len(key) > MAX_KEY_LENGTH:
            return False
        if not (
            value is None
            or isinstance(value, bool)
            or int_within(value, -MAX_TOTAL, MAX_TOTAL)
            or isinstance(value, str)
            and len(value) <= MAX_TEXT_LENGTH
        ):
            return False
    return True
