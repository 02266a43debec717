"""Shut The Box's medals (issue 35): shutting the box, and a game of perfect accuracy,
with the two daily-streak medals (game.table.medals)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from game.art import palette as pal
from game.lang import N_
from game.table.medals import Medal, daily_medals

# A perfect game is judged over at least this many of the player's own decisions (the
# coach weighs a choice only where there was one: a game with hardly any proves little).
PERFECT_DECISIONS = 5

# The box: its lid, and the nine doors all shut.
SHUT_BOX = (
    ".............",
    ".YYYYYYYYYYY.",
    "YOOOOOOOOOOOY",
    "YYYYYYYYYYYYY",
    ".............",
    "YYYYYYYYYYYYY",
    "YOWOWOWOWOWOY",
    "YOWOWOWOWOWOY",
    "YOWOWOWOWOWOY",
    "YOOOOOOOOOOOY",
    "YYYYYYYYYYYYY",
)
TARGET = (
    "....rrrrr....",
    "..rrWWWWWrr..",
    ".rWWWWWWWWWr.",
    ".rWWrrrrrWWr.",
    "rWWrrWWWrrWWr",
    "rWWrWWWWWrWWr",
    "rWWrWWYWWrWWr",
    "rWWrWWWWWrWWr",
    "rWWrrWWWrrWWr",
    ".rWWrrrrrWWr.",
    ".rWWWWWWWWWr.",
    "..rrWWWWWrr..",
    "....rrrrr....",
)


def _box_shut(table: Any, events: Sequence[Any], memory: dict) -> Iterator[int]:
    """Every door shut in a turn (the engine's box_shut)."""
    for event in events:
        if event.kind == "box_shut":
            yield event.data["player"]


def _perfect_game(table: Any, result: Any) -> bool:
    """Accuracy 100 (every decision the best the coach knows) over at least
    PERFECT_DECISIONS decisions, with no move taken from a hint."""
    summary = table.coach.summary(result.seat, table.HALF_ACCURACY_AT, table.ACCURACY_STRETCH)
    return result.accuracy == 100 and result.hints == 0 and summary.decisions >= PERFECT_DECISIONS


MEDALS = (
    Medal(
        "box_shut",
        # TRANSLATORS: a Shut The Box medal.
        N_("Shut the box"),
        N_("Shut all nine doors in one turn."),
        SHUT_BOX,
        face=pal.BLUE,
        ribbon=(pal.BROWN, pal.YELLOW),
        on_move=_box_shut,
    ),
    Medal(
        "perfect",
        # TRANSLATORS: a Shut The Box medal: every decision of a game the best.
        N_("Perfect game"),
        N_("Finish a game with accuracy 100: every choice the best, no hints."),
        TARGET,
        face=pal.BLUE,
        ribbon=(pal.RED, pal.WHITE),
        on_end=_perfect_game,
    ),
    *daily_medals(),
)
