"""A game in progress, as its engine serialised it, to resume after quitting or a crash."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from game.storage.datafolder import Damaged


@dataclass
class SavedGame:
    """The engine's JSON state and when it was saved; the state's meaning is the engine's."""

    KIND = "saved_game"
    SCHEMA = 1

    state: dict[str, Any]
    saved_at: dt.datetime

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {"saved_at": self.saved_at.isoformat(timespec="seconds"), "state": self.state}

    @classmethod
    def from_json(cls, data: Any) -> tuple[SavedGame, list[str]]:
        """The saved game from JSON; whether the state itself is sound is the engine's call."""
        if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
            raise Damaged("no state object")
        try:
            saved_at = dt.datetime.fromisoformat(data.get("saved_at"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise Damaged(f"bad saved_at {data.get('saved_at')!r}") from None
        return cls(data["state"], saved_at), []
