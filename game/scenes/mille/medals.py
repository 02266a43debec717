"""Mille Bornes' medals (issue 35): a coup fourré, a shutout, and all four safeties in one
hand, with the two daily-streak medals (game.table.medals).

A shutout and the four safeties are a side's: in a game of teams both partners earn them
(a person here whose partner is the computer too: the hand's score is the side's).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from game.art import palette as pal
from game.lang import N_
from game.table.medals import Medal, daily_medals

# A shield struck back: the safety laid on the hazard's heels.
SHIELD = (
    ".WWWWWWWWWWW.",
    ".WRRRRRRRRRW.",
    ".WRRRWWWRRRW.",
    ".WRRRWWWRRRW.",
    ".WRWWWWWWWRW.",
    ".WRWWWWWWWRW.",
    ".WRRRWWWRRRW.",
    ".WRRRWWWRRRW.",
    "..WRRRRRRRW..",
    "...WRRRRRW...",
    "....WRRRW....",
    ".....WRW.....",
    "......W......",
)
# The chequered flag of a trip finished before the others moved.
FLAG = (
    "W............",
    "WKWKWKWKWKW..",
    "WWKWKWKWKWK..",
    "WKWKWKWKWKW..",
    "WWKWKWKWKWK..",
    "WKWKWKWKWKW..",
    "WWKWKWKWKWK..",
    "W............",
    "W............",
    "W............",
    "W............",
    "W............",
    "WW...........",
)
# The four safeties' cards.
FOUR_CARDS = (
    "rrrrr.bbbbb..",
    "rWWWr.bWWWb..",
    "rWWWr.bWWWb..",
    "rWWWr.bWWWb..",
    "rrrrr.bbbbb..",
    ".............",
    "ggggg.YYYYY..",
    "gWWWg.YWWWY..",
    "gWWWg.YWWWY..",
    "gWWWg.YWWWY..",
    "ggggg.YYYYY..",
)


def _coup_fourre(table: Any, events: Sequence[Any], memory: dict) -> Iterator[int]:
    for event in events:
        if event.kind == "coup_fourre":
            yield event.data["seat"]


def _side_scored(line: str) -> Any:
    """The seats of each side whose finished hand scored `line` (hand_over's sheet)."""

    def earned(table: Any, events: Sequence[Any], memory: dict) -> Iterator[int]:
        state = table.state
        for event in events:
            if event.kind != "hand_over":
                continue
            for side in event.data.get("sides", ()):
                if any(row["key"] == line and row["count"] > 0 for row in side["lines"]):
                    yield from (
                        seat for seat in range(state.players) if state.side_of(seat) == side["side"]
                    )

    return earned


MEDALS = (
    Medal(
        "coup_fourre",
        # TRANSLATORS: a Mille Bornes medal: the French name of the move, kept in French.
        N_("Coup fourré!"),
        N_("Answer a hazard at once with its safety."),
        SHIELD,
        face=pal.BLUE,
        ribbon=(pal.RED, pal.LIGHT_RED),
        on_move=_coup_fourre,
    ),
    Medal(
        "shutout",
        # TRANSLATORS: a Mille Bornes medal.
        N_("Shutout"),
        N_("Finish the trip before any other side has played a distance card."),
        FLAG,
        face=pal.BLUE,
        ribbon=(pal.BLUE, pal.WHITE),
        on_move=_side_scored("shutout"),
    ),
    Medal(
        "all_safeties",
        # TRANSLATORS: a Mille Bornes medal: all four safety cards in one hand.
        N_("Untouchable"),
        N_("Lay all four safeties in one hand."),
        FOUR_CARDS,
        face=pal.BLUE,
        ribbon=(pal.MAGENTA, pal.LIGHT_MAGENTA),
        on_move=_side_scored("all_safeties"),
    ),
    *daily_medals(),
)
