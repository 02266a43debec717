"""What a network table keeps with its saved game (NetEntry): its code, its guests'
tokens and names, and its waits, read back with every damaged part replaced and told.
(Out of remote.py, which runs the seats: this is only the saved record.)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.lang import _
from game.net import protocol
from game.net.seal import valid_secret

# A seat whose guest is away this long is played by the computer until the guest is back.
STAND_IN_AFTER_S = 60.0
# The longest turn timer and stand-in wait a saved table may hold (anything past is damage).
LONGEST_WAIT_S = 3600.0
# A seat's secret as the door makes them (protocol.new_token): anything else saved is damage.
TOKEN_PATTERN = re.compile(r"[0-9a-f]{16,64}")


@dataclass(frozen=True)
class NetEntry:
    """What a network table keeps with its saved game, so that started again it opens
    with the same code and its guests come back to their seats with their tokens."""

    code: str = ""  # "" when a new one is to be made
    tokens: Mapping[int, str] = field(default_factory=dict)
    names: Mapping[int, str] = field(default_factory=dict)
    stand_in_after_s: float = STAND_IN_AFTER_S
    turn_timer_s: float = 0.0
    #: Through a relay: the table secret its invitation carries ("" for none yet).
    secret: str = ""
    #: The relay the table was opened at (its address as relayed.shown_relay writes it).
    relay: str = ""
    #: Whether watchers may join (the host's panel changes it, and it is kept).
    watchers: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            **({"secret": self.secret, "relay": self.relay} if self.secret else {}),
            "code": self.code,
            "tokens": {str(seat): token for seat, token in self.tokens.items()},
            "names": {str(seat): name for seat, name in self.names.items()},
            "stand_in_after_s": self.stand_in_after_s,
            "turn_timer_s": self.turn_timer_s,
            "watchers": self.watchers,
        }

    @classmethod
    def from_json(cls, data: Any, open_seats: Sequence[int]) -> tuple[NetEntry, list[str]]:
        """The saved entry's sound parts for a table whose friends' seats are
        `open_seats`, and what was damaged, in a player's words (nothing raised)."""
        if not isinstance(data, Mapping):
            return cls(), [_("its network entry was damaged: the table gets a new code")]
        problems = []
        code = data.get("code")
        code = protocol.normal_code(code) if isinstance(code, str) and len(code) <= 40 else ""
        if not protocol.valid_code(code):
            code = ""
            problems.append(_("its table code was damaged: the table gets a new code"))
        tokens, names, dropped = {}, {}, 0
        saved_tokens = data.get("tokens")
        saved_names = data.get("names") if isinstance(data.get("names"), Mapping) else {}
        if saved_tokens is not None and not isinstance(saved_tokens, Mapping):
            saved_tokens, dropped = {}, 1
        for key, token in (saved_tokens or {}).items():
            seat = _seat_number(key)
            if seat not in open_seats or not (
                isinstance(token, str) and TOKEN_PATTERN.fullmatch(token)
            ):
                dropped += 1
                continue
            tokens[seat] = token
            name = saved_names.get(key)
            if isinstance(name, str) and 0 < len(name) <= protocol.NAME_LIMIT:
                names[seat] = name
        if dropped:
            problems.append(_("its guests' keys to their seats were damaged: those seats are open"))
        return (
            cls(
                code,
                tokens,
                names,
                _wait(data.get("stand_in_after_s"), STAND_IN_AFTER_S, low=1.0),
                _wait(data.get("turn_timer_s"), 0.0, low=0.0),
                _secret(data.get("secret")),
                data["relay"] if isinstance(data.get("relay"), str) else "",
                # A table saved before watchers could be refused took them.
                data["watchers"] if isinstance(data.get("watchers"), bool) else True,
            ),
            problems,
        )


def _secret(value: Any) -> str:
    """A saved table secret, if it is one (else a new one is made when needed)."""
    return value if valid_secret(value) else ""


def _seat_number(key: Any) -> int | None:
    return int(key) if isinstance(key, str) and key.isdigit() and len(key) <= 2 else None


def _wait(value: Any, default: float, low: float) -> float:
    """A saved number of seconds, if it is one a table could have been set to."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if math.isfinite(value) and low <= value <= LONGEST_WAIT_S:
            return float(value)
    return default
