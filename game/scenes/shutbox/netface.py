"""Shut The Box's network face (game.engine.netface), read by the host's table (play.py),
the guest's (joined.py), the pictures and the registry's computer guest alike.

Nothing is hidden in Shut The Box: every seat is sent the whole box (the engine's
view_for), under VIEW_KEY as guests have always read it, and actions travel as the engine
writes them. The one thing beyond the contract: the engine keeps the players' names, so a
guest's name goes there too. Pure Python (no pygame): the computer guest needs no window.
"""

from __future__ import annotations

from typing import Any

from game.engine.netface import NetFace
from game.engine.shutbox import ShutBoxState

VIEW_KEY = "engine"


class ShutBoxFace(NetFace):
    def rename(self, state: Any, seat: int, name: str) -> None:
        """The engine's player takes the guest's name (its guests and a rematch read it
        there)."""
        state.players[seat].name = name


FACE = ShutBoxFace(ShutBoxState, VIEW_KEY)
