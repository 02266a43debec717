"""Farkle's medals (issue 35): six of a kind, hot dice three times in one turn, and a win
from behind, with the two daily-streak medals (game.table.medals)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from game.art import palette as pal
from game.lang import N_
from game.table.medals import Medal, daily_medals

DICE = 6
HOT_DICE_IN_A_TURN = 3

SIX_DICE = (
    ".WWWWWWWWWWW.",
    "WWWWWWWWWWWWW",
    "WWKKWWWWWKKWW",
    "WWKKWWWWWKKWW",
    "WWWWWWWWWWWWW",
    "WWKKWWWWWKKWW",
    "WWKKWWWWWKKWW",
    "WWWWWWWWWWWWW",
    "WWKKWWWWWKKWW",
    "WWKKWWWWWKKWW",
    "WWWWWWWWWWWWW",
    ".WWWWWWWWWWW.",
)
FLAME = (
    "......Y......",
    ".....YY......",
    ".....YrY.....",
    "....YrrY..Y..",
    "..Y.YrrrY.YY.",
    "..YYrrRrrYrY.",
    ".YrrrRRRrrrY.",
    ".YrrRRYRRrrY.",
    ".YrRRYYYRRrY.",
    ".YrRYYWYYRrY.",
    "..YRYWWWYRY..",
    "...YYWWWYY...",
    "....YYYYY....",
)
# An arrow climbing past a bar: the last round's comeback.
CLIMB = (
    "......gggggg.",
    ".......ggggg.",
    "........gggg.",
    ".......ggggg.",
    "......ggg.gg.",
    ".....ggg...g.",
    "....ggg......",
    "...ggg.......",
    "..ggg........",
    ".ggg.........",
    "WWWWWWWWWWWWW",
    "WWWWWWWWWWWWW",
)


def _six_alike(table: Any, events: Sequence[Any], memory: dict) -> Iterator[int]:
    """A roll of six dice all alike (four thousand points by the seed's table)."""
    for event in events:
        dice = event.data.get("dice", ()) if event.kind == "roll" else ()
        if len(dice) == DICE and len(set(dice)) == 1:
            yield event.data["seat"]


def _hot_dice_thrice(table: Any, events: Sequence[Any], memory: dict) -> Iterator[int]:
    """Hot dice (all six scored, rolled again) three times in the same turn; counted
    per seat, from zero at the start of each turn (a turn resumed from a saved game
    counts from its resumption)."""
    for event in events:
        seat = event.data.get("seat")
        if event.kind == "turn_start":
            memory.clear()
        elif event.kind == "hot_dice":
            memory[seat] = memory.get(seat, 0) + 1
            if memory[seat] == HOT_DICE_IN_A_TURN:
                yield seat


def _won_from_behind(table: Any, result: Any) -> bool:
    """Won, after another player reached the target first: the seed's last round ("the
    first one done does not necessarily win"), and this player beat them in it."""
    state = table.state
    trigger = state.final_trigger
    return (
        result.won
        and trigger is not None
        and trigger != result.seat
        and trigger not in state.winners
    )


MEDALS = (
    Medal(
        "six_of_a_kind",
        # TRANSLATORS: a Farkle medal.
        N_("Six of a kind"),
        N_("Roll six dice alike."),
        SIX_DICE,
        face=pal.RED,
        ribbon=(pal.RED, pal.WHITE),
        on_move=_six_alike,
    ),
    Medal(
        "hot_dice_3",
        # TRANSLATORS: a Farkle medal: hot dice three times in one turn.
        N_("Red hot"),
        N_("Score hot dice three times in one turn."),
        FLAME,
        face=pal.BLUE,
        ribbon=(pal.RED, pal.YELLOW),
        on_move=_hot_dice_thrice,
    ),
    Medal(
        "from_behind",
        # TRANSLATORS: a Farkle medal: winning a game from behind.
        N_("From behind"),
        N_("Win after another player reached the target first."),
        CLIMB,
        face=pal.BLUE,
        ribbon=(pal.BROWN, pal.LIGHT_GREEN),
        on_end=_won_from_behind,
    ),
    *daily_medals(),
)
