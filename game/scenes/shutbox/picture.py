"""What Shut The Box's screen shows of the engine's table: its snapshot (held by the
table's Shown while the screen follows the engine, game.table.shown)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.shutbox import ROLL, ShutBoxState
from game.lang import Msg


@dataclass
class BoxPicture:
    """The box, the player, the dice and the scores as the screen shows them."""

    open_doors: frozenset[int]
    player: int
    dice: tuple[int, ...]
    scores: list[list[int]]
    #: A line under the roll in the Dice panel ("Ann scores 12.").
    note: str | Msg = ""  # a Msg: translated when drawn
    #: A turn is over on the screen: the next one starts with a prompt or a pause.
    turn_pending: bool = False
    #: The finished turn stays in view a moment before the next one starts.
    pause_before_turn: bool = False

    @classmethod
    def of(cls, state: ShutBoxState) -> BoxPicture:
        """The engine's table as it stands."""
        return cls(
            state.open_doors,
            state.current,
            state.dice,
            [list(p.turn_scores) for p in state.players],
        )


def turn_to_start(state: ShutBoxState) -> bool:
    """A table opened on this state starts by starting a turn (a new game, a game resumed
    or joined between turns): no dice yet in the turn's roll phase."""
    return state.phase == ROLL and not state.dice and not state.is_over
