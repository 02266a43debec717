"""What the screen shows while the engine has moved on: one snapshot per table.

The engine changes at once; the screen follows a step at a time (steps.py). While it
follows, it draws a snapshot of the table instead of the engine's: taken when the engine
moves (the game builds it: the state before the move, the cards as they lay), changed by
the steps as they play out (a card lands, a door falls), replaced by a step's own picture
(cards in the air), and dropped once the screen has caught up. Caught up, the screen
draws the engine's table as it stands (`take`: the game's picture of it, read afresh).

The table catches the snapshot up when its steps have played out, and when it jumps (a
hurry, a guest's new view, a loaded game starts caught up). A game that keeps a picture
in view on purpose after its steps (a finished turn until the next one starts) says so
with keep(); it then catches up itself.

What a snapshot holds is the game's own business: this part never looks inside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, cast

T = TypeVar("T")


class Shown(Generic[T]):
    """The table as the screen shows it: a held snapshot while behind, else `take()`."""

    def __init__(self, take: Callable[[], T]) -> None:
        self._take = take
        self._held: T | None = None
        self._behind = False
        self._kept = False

    @property
    def now(self) -> T:
        """What the screen draws now."""
        return cast(T, self._held) if self._behind else self._take()

    @property
    def behind(self) -> bool:
        """The screen shows a snapshot, not the engine's table as it stands."""
        return self._behind

    @property
    def lagging(self) -> bool:
        """Behind, and the steps are still to bring the screen to the engine (not a
        picture kept on purpose)."""
        return self._behind and not self._kept

    def hold(self, snapshot: T) -> T:
        """The engine moves on: the screen shows `snapshot` until it catches up (steps
        change it meanwhile). Returns it."""
        self._held, self._behind, self._kept = snapshot, True, False
        return snapshot

    def change(self, how: Callable[[T], None]) -> Callable[[], None]:
        """A step's run that changes the held snapshot (nothing once caught up: a jump
        has shown the engine's table already)."""

        def run() -> None:
            if self._behind:
                how(cast(T, self._held))

        return run

    def keep(self) -> None:
        """The held snapshot stays in view after the steps have played; the game catches
        up itself (catch_up) when it moves on."""
        self._kept = self._behind

    def catch_up(self) -> None:
        """The screen shows the engine's table again."""
        self._held, self._behind, self._kept = None, False, False

    def rest(self) -> None:
        """The steps have played out: caught up, unless the snapshot is kept."""
        if not self._kept:
            self.catch_up()
