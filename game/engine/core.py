"""What every game engine shares: the event a rule produces and the agent protocol."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence, TypeVar


@dataclass(frozen=True)
class Event:
    """Something an action caused that a scene may animate or sound, e.g. "farkle"."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain data for logs and saved games."""
        return {"kind": self.kind, **dict(self.data)}


Action = TypeVar("Action")


class Agent(Protocol[Action]):
    """A seat's decision maker: sees only what its seat may see, returns a legal action."""

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """Pick one of `legal_actions` given the seat's `observation`."""
        ...
