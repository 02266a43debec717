"""What Shut The Box's screen shows while it catches up with the engine, and how a move's
events become things to see and hear: dice that tumble, doors that fall, the cheer for a
shut box, the score of a finished turn.

The engine's state is the truth and changes at once; Shown holds the box, the player,
the dice and the scores as the screen shows them, moved on step by step on the table's
step queue (the host's table and a guest's present the same events the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game.engine.core import Event
from game.engine.shutbox import ALL_DOORS, PERFECT_TURN, ROLL, TURNS_PER_PLAYER, ShutBoxState
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.toggles import CANT_USE, GameToggles
from game.scenes.shutbox.view import dice_text
from game.table import StepQueue, Talk, talk
from game.ui.dice import ROLL_TICKS, DiceTray

if TYPE_CHECKING:
    from game.shell.app import App

UNUSABLE_TICKS = 70  # the dead roll stays in view
BOX_SHUT_TICKS = 100  # the cheer for a shut box


class PresentingTable(Protocol):
    """What Shown needs of the table (play.ShutBoxScene)."""

    app: App
    state: ShutBoxState
    talk: Talk
    steps: StepQueue
    toggles: GameToggles
    doors: DoorRow
    tray: DiceTray
    #: The person's (or the computer's) tentative doors, shown lying down.
    selection: set[int]

    def anim(self, ticks: int) -> int: ...
    def label(self, seat: int) -> str: ...


class Shown:
    """The table as the screen shows it, and the pictures of a move's events."""

    def __init__(self, table: PresentingTable) -> None:
        self.table = table
        self.note = ""  # a line under the roll in the Dice panel
        self.show_state()

    def show_state(self) -> None:
        """The screen shows the engine's state as it stands (no move is pictured)."""
        table, state = self.table, self.table.state
        self.open_doors = state.open_doors
        self.player = state.current
        self.dice: tuple[int, ...] = state.dice
        self.scores = [list(p.turn_scores) for p in state.players]
        #: A turn is over on the screen: the next one starts with a prompt or a pause.
        self.turn_pending = state.phase == ROLL and not state.dice and not state.is_over
        self.pause_before_turn = False
        table.selection.clear()
        table.doors.show(ALL_DOORS - self.open_doors, animate=False)
        table.tray.show(state.dice)  # no dice on the felt before a turn's first roll

    def show_doors(self) -> None:
        """The doors down, and the tentative ones lying down too."""
        table = self.table
        table.doors.show(
            (ALL_DOORS - self.open_doors) | table.selection, animate=not table.app.fast
        )

    def start_turn(self) -> None:
        """Open every door for the player whose turn it now is."""
        table, state = self.table, self.table.state
        self.turn_pending = self.pause_before_turn = False
        self.player = state.current
        self.open_doors = state.open_doors
        table.selection.clear()
        table.talk.clear_banner()
        self.note = ""
        self.dice = ()
        table.tray.show(())
        table.doors.show(ALL_DOORS - self.open_doors, animate=not table.app.fast)
        table.talk.say(
            f"Round {state.turn_number} of {TURNS_PER_PLAYER}: "
            f"{table.label(state.current)} to play."
        )

    def announce_end(self) -> None:
        table, state = self.table, self.table.state
        self.turn_pending = False
        totals = state.totals()
        winners = [state.players[i].name for i in state.winners()]
        if len(winners) == 1:
            table.talk.announce(f"{winners[0]} wins!", ticks=None)
            table.talk.say(f"Game over: {winners[0]} wins with {max(totals)}.", talk.GOOD)
        else:
            table.talk.announce("A tie!", ticks=None)
            table.talk.say(
                f"Game over: {' and '.join(winners)} share the win with {max(totals)}.", talk.GOOD
            )
        self.player = state.winners()[0]

    # -- turning events into things to see and hear ---------------------------------------
    def present(self, events: Sequence[Event]) -> None:
        for event in events:
            handler = getattr(self, f"_on_{event.kind}", None)
            if handler is not None:
                handler(dict(event.data))

    def _on_shut(self, data: dict) -> None:
        self.open_doors = self.open_doors - frozenset(data["doors"])
        self.table.selection.clear()
        self.table.talk.clear_banner()
        self.show_doors()

    def _on_box_shut(self, data: dict) -> None:
        table = self.table

        def cheer() -> None:
            table.talk.announce("Box shut!", ticks=None)
            table.talk.say(
                f"{table.state.players[data['player']].name} shuts the box! "
                f"{PERFECT_TURN} points with the bonus.",
                talk.GOOD,
            )
            table.app.audio.play("win")

        table.steps.after(0, cheer)
        table.steps.wait(table.anim(BOX_SHUT_TICKS))

    def _on_roll(self, data: dict) -> None:
        table = self.table
        dice = tuple(data["dice"])
        name = table.state.players[data["player"]].name

        def tumble() -> None:
            table.talk.clear_banner()
            self.note = ""
            self.dice = dice
            table.tray.roll(dice, range(len(dice)), table.anim(ROLL_TICKS))
            table.app.audio.play("dice_rattle")

        table.steps.after(0, tumble)
        table.steps.after(
            table.anim(ROLL_TICKS), lambda: table.talk.say(f"{name} rolls {dice_text(dice)}.")
        )

    def _on_unusable_roll(self, data: dict) -> None:
        table = self.table

        def buzz() -> None:
            table.app.audio.play("error")
            if table.toggles[CANT_USE]:
                table.talk.announce("Can't use this roll!", tone=talk.BAD, ticks=None)
                table.talk.say(
                    f"Can't use this roll! No open doors make {data['total']}.", talk.BAD
                )

        table.steps.after(0, buzz)
        table.steps.wait(table.anim(UNUSABLE_TICKS))

    def _on_turn_over(self, data: dict) -> None:
        table = self.table

        def score() -> None:
            seat = data["player"]
            name = table.state.players[seat].name
            self.scores[seat].append(data["score"])
            self.turn_pending = self.pause_before_turn = True
            self.note = f"{name} scores {data['score']}."
            table.talk.say(f"{name} scores {data['score']} this turn, {data['total']} in all.")

        table.steps.after(0, score)
