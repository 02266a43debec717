"""Who sits at a table: a person at this screen, a computer player, or someone elsewhere.

The table runtime asks only this: whose decision is it, and who makes it. A seat played
here waits for this screen's keys and mouse; a computer seat asks its agent; a remote
seat's actions come from somewhere else (another machine), so nothing in the runtime
assumes that every person sits at this screen. Demo mode lets the computer play the
seats of this screen's people, at the game's demo level.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HERE, COMPUTER, REMOTE = "here", "computer", "remote"
SEAT_KINDS = (HERE, COMPUTER, REMOTE)
# The longest seat name kept from a saved file (names are typed at most 16 letters long).
NAME_LIMIT = 40


@dataclass(frozen=True)
class TableSeat:
    """One seat: its player's name, who plays it, and a computer's level."""

    name: str
    kind: str = HERE
    level: str = ""

    @property
    def computer(self) -> bool:
        return self.kind == COMPUTER

    @property
    def here(self) -> bool:
        """A person at this screen plays the seat."""
        return self.kind == HERE

    @property
    def person(self) -> bool:
        """A person plays the seat (here or elsewhere): their results are kept."""
        return self.kind != COMPUTER

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], levels: tuple[str, ...]) -> TableSeat:
        """A saved seat; ValueError for anything but a name, a known kind and a level of
        this game (older saves hold no kind: a level then means a computer)."""
        name, level = data.get("name"), data.get("level", "")
        kind = data.get("kind", COMPUTER if level else HERE)
        if not isinstance(name, str) or not isinstance(level, str) or kind not in SEAT_KINDS:
            raise ValueError(f"not a seat: {data!r}"[:120])
        if kind == COMPUTER and level not in levels:
            raise ValueError(f"unknown computer level {level!r}"[:120])
        return cls(name[:NAME_LIMIT], kind, level if kind == COMPUTER else "")
