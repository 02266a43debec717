"""What every part of Farkle's table (its presenter, controls and view) reads of the table:
a Protocol, so that no part imports the table (play.py) it belongs to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.farkle import FarkleState
from game.table import Shown
from game.ui.dice import DiceTray

if TYPE_CHECKING:
    from game.shell.app import App
    from game.table import Talk


class TableFace(Protocol):
    """The Farkle table as its parts see it."""

    app: App
    state: FarkleState
    #: The state the screen draws: the engine's, held back while a roll's dice tumble.
    shown: Shown[FarkleState]
    talk: Talk
    #: The dice of the ring as they are drawn (tumbling, held, under the cursor).
    tray: DiceTray
    #: Indices into the roll that the player (or a computer about to act) holds.
    selected: set[int]
    #: The keyboard cursor's stop (a ring slot, or layout.DICE: the blank die).
    cursor: int | None

    @property
    def waiting_for_human(self) -> bool: ...

    def name(self, seat: int) -> str: ...
