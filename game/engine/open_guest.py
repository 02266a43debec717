"""A computer player for a guest's seat at a network table of a game where nothing is
hidden (Farkle, Shut The Box: the host sends its whole state), and the check of what the
guest is sent (game.net.bot). Pure Python; a game names its network face (netface.py),
its computer players and what they read, and the rest follows from the engine contract.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.netface import NetFace


def _the_state(state: Any) -> Any:
    return state


@dataclass(frozen=True)
class OpenGame:
    """What a guest needs of a game where nothing is hidden: its network face (the state
    read from the view, the actions to and from their JSON) and its computer players."""

    face: NetFace
    make_agent: Callable[[str, random.Random], Any]
    default_level: str
    #: What the computer player of the seat to act reads, from the state.
    observe: Callable[[Any], Any] = _the_state

    def guest(self, level: str, rng: random.Random) -> OpenGuest:
        """The registry's network_guest: a guest player of `level`."""
        return OpenGuest(self, level or self.default_level, rng)


class OpenGuest:
    """Chooses for its seat with the game's computer player of `level`."""

    def __init__(self, game: OpenGame, level: str, rng: random.Random) -> None:
        self.game = game
        self.agent = game.make_agent(level, rng)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        face = self.game.face
        state = face.read_state(view)
        actions = [face.read_action(action) for action in legal]
        return face.write_action(self.agent.choose(self.game.observe(state), actions))

    def check_watch(self, message: dict[str, Any]) -> str | None:
        """A watcher's view (spectators): nothing is hidden, so the same as a seat's, with
        no legal actions of its own."""
        if message.get("legal") or message.get("your_turn"):
            return (
                "a watcher's view with moves"  # i18n: not shown (the bot's summary, for developers)
            )
        return self.check(message)

    def check(self, message: dict[str, Any]) -> str | None:
        """What is wrong with a view message: a view that is not the game's state, or a
        legal action the rules do not allow."""
        face = self.game.face
        view = message.get("view")
        if not isinstance(view, dict) or (face.field and set(view) != {face.field}):
            return f"a view with other fields: {sorted(view or {})}"  # i18n: not shown (the bot's summary, for developers)
        try:
            state = face.read_state(view)
            legal = [face.read_action(action) for action in message.get("legal") or []]
        except (ValueError, TypeError, KeyError) as error:
            return f"a view that is no state of the game: {error}"  # i18n: not shown (the bot's summary, for developers)
        allowed = state.legal_actions()
        wrong = [action for action in legal if action not in allowed]
        return (
            f"actions the rules do not allow: {wrong}"  # i18n: not shown (the bot's summary, for developers)
            if wrong
            else None
        )
