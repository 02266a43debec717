"""A game's network face, derived from the engine contract (game.engine.core.Engine):
what a guest is sent for its seat (the engine's view_for), an action to and from its JSON
(the engine's action_to_json / action_from_json), and the state a guest's table draws from
what it was sent (from_json, for a game where nothing is hidden).

The table runtime derives a face from its engine's class (game.table.network's
NetworkHooks.net_face), so a game that needs nothing more writes nothing. A game that does
gives one face object, read by its host's table, its guest's table and the registry's
computer guest (open_guest.py) alike: Farkle and Shut The Box send their view under a
field and keep the players' names in the engine (rename). Pure Python, like every engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.core import Engine


@dataclass(frozen=True)
class NetFace:
    """The network face of the game whose state class is `engine`."""

    engine: type[Engine]
    #: The one field of the view that holds the seat's view_for, for a game whose guests
    #: have always read it there (the wire never changes under them); "" (the default):
    #: the view is view_for itself.
    field: str = ""

    def view(self, state: Engine, seat: int) -> dict[str, Any]:
        """What the guest at `seat` is sent: what the engine lets that seat see."""
        view = state.view_for(seat)
        return {self.field: view} if self.field else view

    def public(self, state: Engine) -> dict[str, Any]:
        """What a watcher is sent: what the engine lets everyone see (public_view)."""
        view = state.public_view()
        return {self.field: view} if self.field else view

    def seat_view(self, view: Any) -> Any:
        """The engine's view_for again, from what view() sent (KeyError, TypeError... for
        anything else)."""
        return view[self.field] if self.field else view

    def read_state(self, view: Any) -> Any:
        """The state a guest's table draws, from what view() sent, for a game where
        nothing is hidden (its view_for is the whole state's JSON); InvalidState (a
        ValueError), KeyError... for anything else."""
        return self.engine.from_json(self.seat_view(view))

    def read_action(self, data: Any) -> Any:
        """A guest's action from its JSON; InvalidState for anything that is no action."""
        return self.engine.action_from_json(data)

    def write_action(self, action: Any) -> Any:
        return self.engine.action_to_json(action)

    def rename(self, state: Any, seat: int, name: str) -> None:
        """A guest took `seat` under `name`. A game whose engine keeps the players' names
        (its guests and its rematch read them there) writes it in; by default the names
        are the table's alone."""
