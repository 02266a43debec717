"""Hints at a table (?): what the best player would do now, worked out a slice per tick.

The table asks (ask()), the part thinks in the table's time (tick()) through the game's
think_hint() and says the hint through show_hint(); a move or a change of who plays makes
the question stale (forget()). The hint found is the table's `hint`, which the game marks.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.engine.core import Thinking
from game.lang import Msg
from game.table.talk import DIM, Talk

TICK_RATE = 60
# A hint still being worked out says so this long (it is replaced when the hint is ready).
THINKING_LINE_TICKS = 10 * TICK_RATE


class HintHooks:
    """What a game with hints fills in."""

    @property
    def hint_possible(self) -> bool:
        """A hint can be asked now: a person here is to decide."""
        return bool(self.waiting_for_human)  # type: ignore[attr-defined]

    def think_hint(self) -> Thinking[Any] | None:
        """What the best player would do now, for the person to act (None: no hint here)."""
        return None

    def show_hint(self, hint: Any) -> None:
        """Say (and mark on the table) a hint once it is found."""


class HintTable(Protocol):
    """What the hints ask of their table."""

    talk: Talk
    hint: Any
    moves: int
    think_ms: float

    @property
    def hint_possible(self) -> bool: ...

    def ready_to_think(self) -> bool: ...

    def think_hint(self) -> Thinking[Any] | None: ...

    def show_hint(self, hint: Any) -> None: ...


class Hints:
    """The hint being asked for or worked out at one table."""

    def __init__(self, table: HintTable) -> None:
        self.table = table
        self._thinking: Thinking[Any] | None = None
        self._wanted = False
        self._moves = -1
        #: The table's move count when a hint was last shown: the move made then is
        #: marked as played with a hint (the statistics and the Top Ten say so).
        self._shown_at = -1

    @property
    def shown_now(self) -> bool:
        """A hint was shown for the position the table is in now."""
        return self._shown_at == self.table.moves

    @property
    def busy(self) -> bool:
        """A hint is asked for or being worked out."""
        return self._wanted or self._thinking is not None

    @property
    def job(self) -> Thinking[Any] | None:
        """The hint being worked out (tests count its slices)."""
        return self._thinking

    def ask(self) -> None:
        """?: the hint for the person to act, at once if it is known already."""
        table = self.table
        if not table.hint_possible:
            table.talk.refuse(Msg("Hints are for your own move: wait for your turn."))
            return
        if table.hint is not None and self._moves == table.moves:
            self._shown_at = table.moves
            table.show_hint(table.hint)
            return
        self._wanted = True
        self._moves = table.moves
        table.talk.tell(Msg("Thinking..."), DIM, THINKING_LINE_TICKS)

    def forget(self) -> None:
        """The position changed: a hint being worked out is for the last one."""
        self._thinking = None

    def drop(self) -> None:
        """Nobody waits for a hint any more (demo took the seats over)."""
        self._thinking = None
        self._wanted = False

    def tick(self) -> None:
        """A slice of the hint's thinking; said once found."""
        table = self.table
        if self._moves != table.moves:
            self._wanted, self._thinking = False, None
        if self._wanted and table.ready_to_think():
            self._wanted = False
            self._thinking = table.think_hint()
            if self._thinking is None:
                table.talk.refuse(Msg("There is no hint at this table."))
        thinking = self._thinking
        if thinking is None or not thinking.step(table.think_ms):
            return
        self._thinking = None
        table.hint = thinking.result
        table.talk.hush()
        if table.hint is not None:
            self._shown_at = table.moves
        table.show_hint(table.hint)
