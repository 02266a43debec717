"""La Belle Lucie's medals (issue 35): a hand won without a shuffle, and one won without a
hint, with the two daily-streak medals (game.table.medals)."""

from __future__ import annotations

from typing import Any

from game.art import palette as pal
from game.lang import N_
from game.table.medals import Medal, daily_medals

# The clover leaf: the game's other name, and its fans of three.
CLOVER = (
    "....gg.gg....",
    "...ggggggg...",
    "...ggggggg...",
    "gg..ggggg..gg",
    "ggggggGgggggg",
    "gggggGGGggggg",
    ".ggggGgGgggg.",
    "gggggg.gggggg",
    "gggg..G..gggg",
    "......G......",
    ".....G.......",
    "....GG.......",
    "...GG........",
)
# A question mark struck through: no hint asked.
NO_HINT = (
    "...WWWWWW...r",
    "..WWW..WWW.rr",
    "..WW....WWrr.",
    "........WrrW.",
    ".......WrrW..",
    "......WrrW...",
    ".....WrrW....",
    ".....rrW.....",
    "....rrWW.....",
    "...rr........",
    "..rr.WW......",
    ".rr..WW......",
    "rr...........",
)


def _won_without_shuffle(table: Any, result: Any) -> bool:
    """Won with both shuffles left (the table counts it: won_no_shuffle)."""
    return result.won and result.counters.get("won_no_shuffle", 0) > 0


def _won_without_hints(table: Any, result: Any) -> bool:
    """Won, and no move of the hand came after a hint shown for it (the coach counts
    them, as the statistics' games with hints do)."""
    return result.won and result.hints == 0


MEDALS = (
    Medal(
        "no_shuffle",
        # TRANSLATORS: a La Belle Lucie medal.
        N_("First pass"),
        N_("Win a hand without a shuffle."),
        CLOVER,
        face=pal.BLUE,
        ribbon=(pal.BROWN, pal.LIGHT_GREEN),
        on_end=_won_without_shuffle,
    ),
    Medal(
        "no_hints",
        # TRANSLATORS: a La Belle Lucie medal.
        N_("On your own"),
        N_("Win a hand without a hint."),
        NO_HINT,
        face=pal.BLUE,
        ribbon=(pal.BLUE, pal.LIGHT_BLUE),
        on_end=_won_without_hints,
    ),
    *daily_medals(),
)
