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

from game import input as keys
from game.input import Action
from game.lang import Msg, _

HERE, COMPUTER, REMOTE = "here", "computer", "remote"
SEAT_KINDS = (HERE, COMPUTER, REMOTE)
# The longest seat name kept from a saved file (names are typed at most 16 letters long).
NAME_LIMIT = 40


# What any person at the screen may do whoever's turn it is: open the menu, help, the
# log, hint, demo or speed, review, the friends' panel; point and scroll.
ANYBODYS_ACTIONS = frozenset(
    ("cancel", "help", "hover", "release", "rclick", "wheel_up", "wheel_down", "pageup",
     "pagedown", "hint", "log", "demo", "fast", "review", "friends")
)  # fmt: skip


@dataclass(frozen=True)
class TableSeat:
    """One seat: its player's name, who plays it, and a computer's level."""

    name: str
    kind: str = HERE
    level: str = ""
    #: For a person here: the device that plays this seat (game.input's KEYBOARD or a
    #: controller's pad_device(n)), so that two people at one screen each play with
    #: their own; "" takes any.
    device: str = ""

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
        data = {"name": self.name, "kind": self.kind, "level": self.level}
        if self.device:
            data["device"] = self.device
        return data

    def takes(self, action: Action, shared_chars: Mapping[str, str]) -> bool:
        """Whether this seat, to act now, takes `action`: from its own device, or one
        that is anybody's (the menu, help, the log, a hint, the mouse passing over;
        `shared_chars`: the table's letters of its shared commands)."""
        if not self.device or not action.device or action.device == self.device:
            return True
        if action.name == "char":
            char = action.char.lower()
            return char in (keys.HELP_CHAR, keys.BOSS_CHAR) or (
                shared_chars.get(char) in ANYBODYS_ACTIONS
            )
        return action.name in ANYBODYS_ACTIONS

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
        device = data.get("device", "")
        if not keys.is_device(device):
            raise ValueError(f"unknown device {device!r}"[:120])
        return cls(
            name[:NAME_LIMIT],
            kind,
            level if kind == COMPUTER else "",
            device if kind == HERE else "",
        )


def whose_device(name: str, device: str) -> Msg:
    """The refusal of a move made with another seat's device."""
    return Msg("It is {name}'s turn, with {device}.", name=name, device=keys.device_name(device))


class WhoPlays:
    """Who plays each seat of a table, as the table runtime asks it: the computer (its own
    seats, a guest's seat while the guest is away, this screen's in demo mode), at which
    level, under which name, and which seats are this screen's people."""

    seats: list[TableSeat]
    guest: Any
    net: Any
    demo: bool
    DEMO_LEVEL: str

    def played_by_computer(self, seat: int) -> bool:
        """Whether the computer decides for this seat (demo takes over this screen's)."""
        info = self.seats[seat]
        if self.guest is not None and info.kind != HERE:
            return False  # at a guest's screen the host's table plays it
        if info.kind == REMOTE:
            # A guest's seat: the computer stands in while the guest is away (or when the
            # game is continued without its network table).
            return self.net is None or self.net.computer_plays(seat)
        return info.kind == COMPUTER or (self.demo and info.kind == HERE)

    def level_of(self, seat: int) -> str:
        """The level the computer plays `seat` at."""
        info = self.seats[seat]
        return info.level if info.kind == COMPUTER else self.DEMO_LEVEL  # demo, stand-in

    def name(self, seat: int) -> str:
        return self.seats[seat].name or _("Player {number}").format(number=seat + 1)

    @property
    def people_here(self) -> list[int]:
        """The seats played by people at this screen."""
        return [seat for seat, info in enumerate(self.seats) if info.here]
