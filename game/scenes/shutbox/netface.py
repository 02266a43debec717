"""Shut The Box's network face, written once for the host's table (play.py), the guest's
(joined.py) and the registration: what a guest's screen is sent and how it reads it, and
how a guest's actions are read.

Nothing is hidden in Shut The Box: every seat is sent the whole box, under VIEW_KEY.
"""

from __future__ import annotations

from typing import Any

from game.engine.shutbox import ShutBoxState
from game.engine.shutbox.rules import action_from_json

__all__ = ["VIEW_KEY", "action_from_json", "state_from_view", "view_of"]

VIEW_KEY = "engine"


def view_of(state: ShutBoxState) -> dict[str, Any]:
    """What every seat's screen is sent: the whole state."""
    return {VIEW_KEY: state.to_json()}


def state_from_view(data: Any) -> ShutBoxState:
    """The state a guest's table shows (ValueError, KeyError... for anything else)."""
    return ShutBoxState.from_json(data[VIEW_KEY])
