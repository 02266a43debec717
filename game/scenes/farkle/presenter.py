"""What Farkle's table shows while the engine has moved on: the dice lying in the ring
(the last roll, still shown after a farkle or bank), the ring slot of each, whose dice
they are, and a move's events turned into dice, words, banners and sounds, each in its
time.

The engine changes at once (a farkle passes the dice before they have landed); the
presenter has the table's Shown hold the state as the roll left the table until its
dice land (game.table.shown).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.core import Event
from game.engine.farkle import ROLLED, FarkleState
from game.engine.farkle.scoring import SIX_OF_A_KIND
from game.lang import Msg
from game.scenes.farkle import layout
from game.scenes.farkle.face import TableFace
from game.scenes.farkle.words import dice_text
from game.table import talk
from game.ui.dice import ROLL_TICKS

if TYPE_CHECKING:
    from game.table import StepQueue

# Pacing, in ticks of 1/60 s; fast mode turns every one of them into nothing.
AFTER_BANK_TICKS = 50  # the new score sinks in before the next turn's roll
AFTER_FARKLE_TICKS = 90  # the farkled dice stay on the table a moment
FINAL_ROUND_TICKS = 100
COUNTED = {"farkle": "farkles", "hot_dice": "hot_dice"}  # the event each counter counts


class PresentedTable(TableFace, Protocol):
    """What the presenter needs of the table it shows."""

    steps: StepQueue
    #: The hint for the position as it stands (its `held`: roll indices), else None.
    hint: Any

    def anim(self, ticks: int) -> int: ...

    def count(self, seat: int, counter: str) -> None: ...

    def bank_refusal_text(self, reason: str) -> str: ...


class FarklePresenter:
    """The dice on the table and the pictures of what each move caused."""

    def __init__(self, table: PresentedTable, slots: Sequence[int] | None = None) -> None:
        self.table = table
        state = table.state
        #: The dice lying in the ring, and the ring slot of each.
        self.table_dice: tuple[int, ...] = tuple(state.roll)
        self.slot_of: list[int] = checked_slots(slots, len(self.table_dice))
        #: Whose dice are on the table: the header and the board follow it, so the next
        #: player is not named before the last one's dice have landed.
        self.table_seat = state.current
        #: The turn the header counts its round from, once that turn's dice are shown.
        self.shown_turn = state.turn_number

    # -- what the table draws ------------------------------------------------------------
    @property
    def shown_round(self) -> int:
        """The round of the turn on the table: each active seat's turn is one round."""
        return (self.shown_turn - 1) // max(1, len(self.table.state.active_seats)) + 1

    def roll_index_at_slot(self, slot: int) -> int | None:
        """Which die of the roll lies in a ring slot (None if the slot is empty)."""
        return self.slot_of.index(slot) if slot in self.slot_of else None

    def slots_of(self, indices: Sequence[int] | set[int]) -> set[int]:
        """The ring slots of dice of the roll."""
        return {self.slot_of[i] for i in indices if i < len(self.slot_of)}

    def hinted_slots(self) -> set[int]:
        """Ring slots of the dice the hint would hold."""
        table = self.table
        if table.hint is None or not table.waiting_for_human:
            return set()
        return self.slots_of(table.hint.held)

    def sync_tray(self) -> None:
        """The tray's dice, held dice and cursor as the table stands."""
        table, tray = self.table, self.table.tray
        live = set(self.slot_of)
        selected_slots = self.slots_of(table.selected)
        for slot_index, slot in enumerate(tray.slots):
            slot.visible = slot_index in live
            slot.held = slot_index in selected_slots
        for roll_index, slot_index in enumerate(self.slot_of):
            tray.slots[slot_index].value = self.table_dice[roll_index]
        cursor = table.cursor
        tray.cursor = (
            cursor if cursor is not None and cursor in live and table.waiting_for_human else None
        )

    def show_state(self) -> None:
        """The engine's state as it stands, at once (a guest's view of several moves)."""
        state = self.table.state
        self.table.tray.finish()
        self.table.shown.catch_up()
        self.table_dice = tuple(state.roll)
        self.slot_of = list(range(len(self.table_dice)))
        self.table_seat = state.current
        self.shown_turn = state.turn_number

    # -- a move's events -----------------------------------------------------------------
    def show_events(self, events: Sequence[Event], before: FarkleState | None) -> None:
        """What a move caused, as dice, words, banners and sounds, each in its time.
        `before` is the state the move was made from (None where it is not known: the
        table then draws the engine's state at once)."""
        rolled = False
        for event in events:
            self._count(event)
            if event.kind == "roll" and not rolled and before is not None:
                # The engine has moved on (a farkle ends the turn at once, the last one
                # the game); until the dice land the table draws the roll's seat still at
                # it, with its kept dice and turn total, as after any roll.
                self.table.shown.hold(state_as_rolled(before, events))
                self.when_landed(self.table.shown.catch_up)
            if rolled:
                # Nothing of a roll's outcome shows before its dice have landed.
                self.when_landed(lambda event=event: self._present(event))
            else:
                self._present(event)
            rolled = rolled or event.kind == "roll"
        self.sync_tray()

    def when_landed(self, show: Callable[[], None]) -> None:
        """Show a roll's outcome only once its dice have stopped tumbling."""
        self.table.steps.when(self._landed, show)

    def _landed(self) -> bool:
        return not self.table.tray.rolling

    def _count(self, event: Event) -> None:
        """A person's statistics counters count at once (the game is saved at once)."""
        if event.kind in ("hot_dice", "farkle"):
            self.table.count(event.data["seat"], COUNTED[event.kind])

    def _present(self, event: Event) -> None:
        table = self.table
        kind, data = event.kind, event.data
        who = table.name(data["seat"]) if "seat" in data else ""
        say = table.talk
        if kind == "bank_refused":
            say.refuse(table.bank_refusal_text(data["reason"]))
        elif kind == "hold":
            self._take_off_table(data["indices"])
        elif kind == "hot_dice":
            points = data["turn_points"]
            # TRANSLATORS: a line of the move log: all six dice scored ("hot dice").
            say.note(Msg("{name}: hot dice at {points}", name=who, points=points))
            say.announce(
                # TRANSLATORS: a banner's title (big letters): all six dice scored.
                Msg("HOT DICE!"),
                Msg("{name} rolls all six again, {points} so far", name=who, points=points),
                "hot_dice",
            )
        elif kind == "roll":
            self._roll_dice(data["dice"], data["seat"])
            dice = data["dice"]
            self.when_landed(
                lambda: say.say(Msg("{name} rolls {dice}.", name=who, dice=dice_text(dice)))
            )
            if len(dice) == layout.DICE and len(set(dice)) == 1:
                self.when_landed(
                    lambda: say.announce(
                        # TRANSLATORS: a banner's title (big letters): six dice of one face.
                        Msg("SIX OF A KIND!"),
                        Msg(
                            "Six {face}s for {name}: {points} points",
                            face=dice[0],
                            name=who,
                            points=SIX_OF_A_KIND,
                        ),
                        "big_win",
                    )
                )
        elif kind == "farkle":
            lost = data["lost"]
            say.note(
                Msg("{name} farkles, loses {points}", name=who, points=lost)
                if lost
                else Msg("{name} farkles", name=who)
            )
            self.when_landed(
                lambda: say.announce(
                    # TRANSLATORS: a banner's title (big letters): nothing scored.
                    Msg("FARKLE!"),
                    Msg("{name} loses {points}", name=who, points=lost)
                    if lost
                    else Msg("Nothing scores for {name}", name=who),
                    "farkle",
                    talk.BAD,
                )
            )
            table.steps.wait(table.anim(AFTER_FARKLE_TICKS))
        elif kind == "bank":
            say.say(
                Msg(
                    "{name} banks {points} and has {score}.",
                    name=who,
                    points=data["points"],
                    score=data["score"],
                ),
                talk.GOOD,
            )
            table.app.audio.play("click")
            table.steps.wait(table.anim(AFTER_BANK_TICKS))
        elif kind == "final_round":
            score = data["score"]
            say.note(Msg("Final round: beat {score}", score=score))
            say.announce(
                # TRANSLATORS: a banner's title (big letters): the others' last turns.
                Msg("FINAL ROUND"),
                Msg("{name} has {score}: beat it to win", name=who, score=score),
                "reminder",
            )
            table.steps.wait(table.anim(FINAL_ROUND_TICKS))
        elif kind == "turn_start":
            table.cursor = None
            self.shown_turn = table.state.turn_number
            if say.news.tone != talk.GOOD:
                say.say(Msg("{name} is next.", name=table.name(data["seat"])), log=False)

    def _roll_dice(self, dice: Sequence[int], seat: int) -> None:
        if len(dice) != len(self.slot_of):
            self.slot_of = list(range(len(dice)))  # a new turn or hot dice: all six
        self.table_dice = tuple(dice)
        self.table_seat = seat
        values = [1] * layout.DICE
        for roll_index, slot_index in enumerate(self.slot_of):
            values[slot_index] = dice[roll_index]
        self.table.tray.roll(values, self.slot_of, self.table.motion(ROLL_TICKS))
        self.sync_tray()
        self.table.app.audio.play("dice_rattle")
        self.table.steps.wait(self.table.still_pause())  # reduced motion: landed, then still

    def _take_off_table(self, indices: Sequence[int]) -> None:
        """Held dice leave the ring for the kept row."""
        gone = set(indices)
        self.table_dice = tuple(d for i, d in enumerate(self.table_dice) if i not in gone)
        self.slot_of = [s for i, s in enumerate(self.slot_of) if i not in gone]


def state_as_rolled(before: FarkleState, events: Sequence[Event]) -> FarkleState:
    """The state between a move's roll and what the roll caused: `before` (the state the
    move was made from) with the dice the move held kept beside the ring (none after hot
    dice), the new dice on the table and the turn total so far; the same seat plays on."""
    shown = copy.deepcopy(before)
    for event in events:
        data = event.data
        if event.kind == "hold":
            shown.set_aside += tuple(data["dice"])
        elif event.kind == "hot_dice":
            shown.set_aside = ()
        elif event.kind == "roll":
            shown.phase, shown.roll = ROLLED, tuple(data["dice"])
            shown.turn_points = data["turn_points"]
            break
    return shown


def checked_slots(slots: Sequence[int] | None, count: int) -> list[int]:
    """Saved ring slots if they fit the dice on the table, else the first `count` slots."""
    try:
        chosen = [int(s) for s in (slots or ())]
    except (TypeError, ValueError):
        chosen = []
    if (
        len(chosen) == count
        and len(set(chosen)) == count
        and all(0 <= s < layout.DICE for s in chosen)
    ):
        return chosen
    return list(range(count))
