"""How Shut The Box's moves are shown: a move's events become dice that tumble, doors
that fall, the cheer for a shut box, the score of a finished turn, each in its time.

The engine's state is the truth and changes at once; the screen draws the table's
snapshot (picture.BoxPicture, held by the table's Shown) while it catches up, and the
steps move that snapshot on (the host's table and a guest's present the same events the
same way). A finished turn stays in view (kept) until the next one starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.core import Event
from game.engine.shutbox import ALL_DOORS, PERFECT_TURN, TURNS_PER_PLAYER, ShutBoxState
from game.lang import Msg
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.picture import BoxPicture, turn_to_start
from game.scenes.shutbox.toggles import CANT_USE, GameToggles
from game.scenes.shutbox.words import dice_text
from game.table import Shown, StepQueue, Talk, talk
from game.ui.dice import ROLL_TICKS, DiceTray

if TYPE_CHECKING:
    from game.shell.app import App

UNUSABLE_TICKS = 70  # the dead roll stays in view
BOX_SHUT_TICKS = 100  # the cheer for a shut box


class PresentingTable(Protocol):
    """What the presenter needs of the table (play.ShutBoxScene)."""

    app: App
    state: ShutBoxState
    talk: Talk
    steps: StepQueue
    shown: Shown[BoxPicture]
    toggles: GameToggles
    doors: DoorRow
    tray: DiceTray
    #: The person's (or the computer's) tentative doors, shown lying down.
    selection: set[int]
    hint: Any

    def anim(self, ticks: int) -> int: ...
    def label(self, seat: int) -> str: ...
    def label_msg(self, seat: int) -> Msg | str: ...


class Presenter:
    """The pictures of a move's events, and the table drawn as the engine has it."""

    def __init__(self, table: PresentingTable) -> None:
        self.table = table

    @property
    def picture(self) -> BoxPicture:
        """What the screen shows now (the held snapshot while it follows the engine)."""
        return self.table.shown.now

    def show_state(self) -> None:
        """The screen shows the engine's state as it stands (no move is pictured); a
        table opened between turns starts by starting one."""
        table, state = self.table, self.table.state
        table.shown.catch_up()
        if turn_to_start(state):
            table.shown.hold(BoxPicture.of(state)).turn_pending = True
            table.shown.keep()
        table.selection.clear()
        table.doors.show(ALL_DOORS - state.open_doors, animate=False)
        table.tray.show(state.dice)  # no dice on the felt before a turn's first roll

    def before_move(self) -> None:
        """The engine is about to move: the screen keeps what it shows until the move's
        steps have shown it."""
        if not self.table.shown.behind:
            self.table.shown.hold(BoxPicture.of(self.table.state))

    def show_doors(self) -> None:
        """The doors down, and the tentative ones lying down too."""
        table = self.table
        table.doors.show(
            (ALL_DOORS - self.picture.open_doors) | table.selection,
            animate=not (table.app.fast or table.reduced_motion),
        )

    def start_turn(self) -> None:
        """Open every door for the player whose turn it now is: the screen has caught up."""
        table, state = self.table, self.table.state
        table.hint = None
        table.shown.catch_up()
        table.selection.clear()
        table.talk.clear_banner()
        table.tray.show(())
        table.doors.show(
            ALL_DOORS - state.open_doors, animate=not (table.app.fast or table.reduced_motion)
        )
        table.talk.say(
            Msg(
                "Round {round} of {rounds}: {who} to play.",
                round=state.turn_number,
                rounds=TURNS_PER_PLAYER,
                who=table.label_msg(state.current),
            )
        )

    def announce_end(self) -> None:
        table, state = self.table, self.table.state
        if not table.shown.behind:  # a game opened over: its end is pictured from the engine
            table.shown.hold(BoxPicture.of(state))
        table.shown.keep()  # the winner's card stays in view
        picture = self.picture
        picture.turn_pending = False
        totals = state.totals()
        winners = [state.players[i].name for i in state.winners()]
        if len(winners) == 1:
            # TRANSLATORS: a banner at the end of the game
            table.talk.announce(Msg("{name} wins!", name=winners[0]), ticks=None)
            table.talk.say(
                Msg("Game over: {name} wins with {score}.", name=winners[0], score=max(totals)),
                talk.GOOD,
            )
        else:
            # TRANSLATORS: a banner at the end of a game that ends in a tie
            table.talk.announce(Msg("A tie!"), ticks=None)
            table.talk.say(
                # TRANSLATORS: {names}: the players who tie, "Ann and Bob"
                Msg(
                    "Game over: {names} share the win with {score}.",
                    names=winners,
                    score=max(totals),
                ),
                talk.GOOD,
            )
        picture.player = state.winners()[0]

    # -- turning events into things to see and hear ---------------------------------------
    def present(self, events: Sequence[Event]) -> None:
        for event in events:
            handler = getattr(self, f"_on_{event.kind}", None)
            if handler is not None:
                handler(dict(event.data))

    def _on_shut(self, data: dict) -> None:
        picture = self.picture
        picture.open_doors = picture.open_doors - frozenset(data["doors"])
        self.table.selection.clear()
        self.table.talk.clear_banner()
        self.show_doors()

    def _on_box_shut(self, data: dict) -> None:
        table = self.table

        def cheer() -> None:
            # TRANSLATORS: a banner: a player shut every door (the box)
            table.talk.announce(Msg("Box shut!"), ticks=None)
            table.talk.say(
                Msg(
                    "{name} shuts the box! {points} points with the bonus.",
                    name=table.state.players[data["player"]].name,
                    points=PERFECT_TURN,
                ),
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
            picture = self.picture
            picture.note, picture.dice = "", dice
            table.tray.roll(dice, range(len(dice)), table.motion(ROLL_TICKS))
            table.app.audio.play("dice_rattle")

        table.steps.after(0, tumble)
        table.steps.after(
            table.motion(ROLL_TICKS),
            lambda: table.talk.say(
                # TRANSLATORS: the move log: "Ann rolls 4 + 3 = 7."
                Msg("{name} rolls {dice}.", name=name, dice=dice_text(dice))
            ),
        )
        table.steps.wait(table.still_pause())  # reduced motion: landed at once, then still

    def _on_unusable_roll(self, data: dict) -> None:
        table = self.table

        def buzz() -> None:
            table.app.audio.play("error")
            if table.toggles[CANT_USE]:
                # TRANSLATORS: a banner (the 1989 game's message): no open doors make the roll
                table.talk.announce(Msg("Can't use this roll!"), tone=talk.BAD, ticks=None)
                table.talk.say(
                    Msg(
                        "Can't use this roll! No open doors make {total}.",
                        total=data["total"],
                    ),
                    talk.BAD,
                )

        table.steps.after(0, buzz)
        table.steps.wait(table.anim(UNUSABLE_TICKS))

    def _on_turn_over(self, data: dict) -> None:
        table = self.table

        def score() -> None:
            seat = data["player"]
            name = table.state.players[seat].name
            picture = self.picture
            picture.scores[seat].append(data["score"])
            picture.turn_pending = picture.pause_before_turn = True
            # TRANSLATORS: the Dice panel after a turn: the points the turn scored
            picture.note = Msg("{name} scores {score}.", name=name, score=data["score"])
            table.shown.keep()  # the finished turn stays in view until the next starts
            table.talk.say(
                Msg(
                    "{name} scores {score} this turn, {total} in all.",
                    name=name,
                    score=data["score"],
                    total=data["total"],
                )
            )

        table.steps.after(0, score)
