"""Tables in typical states, built through the engine: for pictures, tests and reviews.

Each game registers a TableExamples (GameInfo.examples); the shared tests that every
table must pass (tests/scenes/test_every_table.py) play through them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.shell.app import App
    from game.table.scene import TableScene


@dataclass(frozen=True)
class TableExamples:
    """Ways to build a game's table in states every table has."""

    #: A new game: a person here against the computer, about to play.
    playing: Callable[[App], TableScene]
    #: A game one move from its end: a person here is to act, and the move returned with
    #: the table ends the game with that person's win.
    last_move: Callable[[App], tuple[TableScene, Any]]
