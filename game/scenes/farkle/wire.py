"""Farkle's network face (game.engine.netface), read by the host's table (play.py), the
guest's (joined.py) and the registry's computer guest alike.

Nothing is hidden in Farkle: every seat is sent the whole state (the engine's view_for),
under "state" as guests have always read it, and the events of each move
(TableScene.PUBLIC_EVENTS). Actions travel as the engine writes them. The one thing
beyond the contract: the engine keeps the players' names, so a guest's name goes there
too. Pure Python (no pygame): the computer guest needs no window.
"""

from __future__ import annotations

from typing import Any

from game.engine.farkle import FarkleState
from game.engine.netface import NetFace


class FarkleFace(NetFace):
    def rename(self, state: Any, seat: int, name: str) -> None:
        """The engine's player takes the guest's name (its guests and a rematch read it
        there)."""
        state.seats[seat].name = name


FACE = FarkleFace(FarkleState, "state")
