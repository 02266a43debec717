"""Farkle's network face, written once: what a guest is sent, an action as JSON and back,
and what each event a guest is shown may hold. The host's table (play.py) and the
guest's (joined.py) both speak it.

Nothing is hidden in Farkle, so every seat is sent the whole state, and the events of
each move (TableScene.PUBLIC_EVENTS): a guest's screen shows them as the host's does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.farkle import BANK, ROLL, FarkleAction, FarkleState
from game.scenes.farkle import layout
from game.table.guest import a_number, a_seat, numbers_between

DICE = numbers_between(1, 6, layout.DICE)
INDICES = numbers_between(0, layout.DICE - 1, layout.DICE)
#: What each event a guest is shown holds (EventGuest.EVENT_FIELDS).
EVENT_FIELDS = {
    "hold": {"seat": a_seat, "indices": INDICES, "dice": DICE},
    "hot_dice": {"seat": a_seat, "turn_points": a_number},
    "roll": {"seat": a_seat, "dice": DICE, "turn_points": a_number},
    "farkle": {"seat": a_seat, "lost": a_number},
    "bank": {"seat": a_seat, "points": a_number, "score": a_number},
    "final_round": {"seat": a_seat, "score": a_number},
    "turn_start": {"seat": a_seat},
}


def view_of(state: FarkleState) -> dict[str, Any]:
    """What a seat is sent: every seat sees the whole table."""
    return {"state": state.to_json()}


def state_from_view(data: Mapping[str, Any]) -> FarkleState:
    """The state a guest draws, from what view_of sent."""
    return FarkleState.from_json(data["state"])


def action_to_json(action: FarkleAction) -> list[Any]:
    return [action[0], list(action[1])]


def action_from_json(data: Any) -> FarkleAction:
    """An action as action_to_json wrote it; ValueError for anything else."""
    kind, held = data
    if kind not in (ROLL, BANK) or not isinstance(held, list) or len(held) > layout.DICE:
        raise ValueError("not a Farkle action")
    return FarkleAction(kind, tuple(int(i) for i in held))
