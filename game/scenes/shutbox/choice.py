"""A person's choice of doors in Shut The Box: tentative until the roll makes it final
(seed: a door "closed after the last roll of the dice" may be clicked open again). What
the rules say of it, what the prompt offers (roll on, one die), why Enter is refused, and
with the roll prompt off, the moment before the doors roll by themselves.

Also the table's modes: what it waits for now (ShutBoxScene.mode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.shutbox import TWO_DICE, SelectionCheck, Shut, ShutBoxState, one_die_allowed
from game.lang import _, number
from game.scenes.shutbox.keys import ONE_DIE
from game.scenes.shutbox.picture import BoxPicture
from game.scenes.shutbox.toggles import ROLL_PROMPT, GameToggles
from game.scenes.shutbox.words import doors_text
from game.storage.keymap import KeyMap
from game.table import Shown, StepQueue, Talk
from game.ui.dice import DiceTray

if TYPE_CHECKING:
    from game.shell.app import App

BUSY = "busy"  # steps are playing, or the computer is on
NEXT_PROMPT_WAIT = "next"  # "Press Enter for Bob's turn"
ROLL_PROMPT_WAIT = "roll"  # "Press Enter to roll"
SELECTING = "selecting"  # a person is choosing doors (the roll prompt shows once
# the doors make the roll)
GAME_OVER = "over"
WAITING = (NEXT_PROMPT_WAIT, ROLL_PROMPT_WAIT, SELECTING)
GRACE_TICKS = 40  # roll prompt off: the doors' roll waits this long for a change


class ChoosingTable(Protocol):
    """What DoorChoice needs of the table (play.ShutBoxScene)."""

    app: App
    state: ShutBoxState
    talk: Talk
    steps: StepQueue
    toggles: GameToggles
    tray: DiceTray
    shown: Shown[BoxPicture]
    #: The doors picked, shown lying down until the roll makes them final.
    selection: set[int]
    demo: bool

    @property
    def mode(self) -> str: ...
    @property
    def keys(self) -> KeyMap: ...
    def key_word(self, what: str) -> str: ...
    def human_to_play(self) -> bool: ...
    def hurry(self) -> None: ...
    def show_doors(self) -> None: ...
    def commit(self, shut: Shut, then_roll: int | None = None) -> None: ...


class DoorChoice:
    """The rules of the doors a person picks for the roll on the table."""

    def __init__(self, table: ChoosingTable) -> None:
        self.table = table
        #: Ticks left before the doors just picked roll by themselves (roll prompt off).
        self.grace_left = 0

    def selection_check(self) -> SelectionCheck:
        """What the rules say of the doors picked for this roll."""
        return self.table.state.check_selection(self.table.selection)

    def selection_complete(self) -> bool:
        """The picked doors total the roll: Enter may roll on."""
        return self.table.mode == SELECTING and self.selection_check().complete

    def one_die_offered(self) -> bool:
        """Whether the next roll may be one die (the option is on and 7, 8, 9 are down)."""
        if self.table.mode == ROLL_PROMPT_WAIT:
            return self.table.state.one_die_allowed()
        if self.selection_complete():
            return one_die_allowed(
                self.table.state.open_doors - self.table.selection, self.table.state.one_die_option
            )
        return False

    def toggle_door(self, door: int, shut: bool | None = None) -> None:
        """Shut (True), open (False) or flip (None) a door of the person's selection."""
        if self.table.human_to_play() and (self.table.tray.rolling or self.table.steps):
            self.table.hurry()  # the person's own roll: it lands at once
        mode = self.table.mode
        if mode == ROLL_PROMPT_WAIT:
            self.table.talk.refuse(
                # TRANSLATORS: {confirm} is the key or button that rolls: "Enter"
                # (French "Entrée"), or a controller's "A" or "Cross".
                _("Roll the dice first: {confirm}, or click the dice.").format(
                    confirm=self.table.key_word("confirm")
                )
            )
            return
        if mode == NEXT_PROMPT_WAIT:
            self.table.talk.refuse(
                # TRANSLATORS: {confirm} is the key or button: "Enter", or a
                # controller's "A" or "Cross".
                _("Press {confirm} for {name}'s turn first.").format(
                    confirm=self.table.key_word("confirm"),
                    name=self.table.state.current_player.name,
                )
            )
            return
        if mode != SELECTING:
            if self.table.demo and not self.table.state.is_over:
                self.table.talk.refuse(_("The computer is playing: D hands the doors back."))
            elif not self.table.state.is_over:
                self.table.talk.refuse(
                    _("Wait for your turn: these are {name}'s doors.").format(
                        name=self.table.state.players[self.table.shown.now.player].name
                    )
                )
            return
        if door in self.table.selection:
            if shut:
                return
            self.table.selection.discard(door)
            self.table.app.audio.play("click")
        elif self.table.state.may_toggle(door):
            if shut is False:
                return
            self.table.selection.add(door)
            self.table.app.audio.play("door_clunk")
        else:
            self.table.talk.refuse(
                _("Door {door} was shut by an earlier roll: it stays down.").format(door=door)
            )
            return
        self.table.show_doors()
        self.selection_changed()

    def selection_changed(self) -> None:
        self.grace_left = 0
        check = self.selection_check()
        if not check.complete:
            return
        if frozenset(self.table.selection) == self.table.state.open_doors:
            self.table.commit(Shut(frozenset(self.table.selection)))  # the box is shut: no roll
        elif not self.table.toggles[ROLL_PROMPT] and not self.one_die_offered():
            # Without the roll prompt the dice roll by themselves, after a moment in which a
            # mis-clicked door can still be opened again.
            self.grace_left = GRACE_TICKS

    def tick_grace(self) -> None:
        """The moment before the doors' own roll (roll prompt off) runs out: it rolls."""
        if self.grace_left <= 0:
            return
        self.grace_left -= 1
        if self.grace_left == 0 and self.selection_complete():
            self.table.commit(Shut(frozenset(self.table.selection)), TWO_DICE)

    def why_not(self) -> str:
        """Why the selection cannot be confirmed (it does not total the roll)."""
        check = self.selection_check()
        if not self.table.selection:
            return _("Shut doors that total {target} first.").format(target=number(check.target))
        doors = (
            f"{doors_text(self.table.selection)} = {check.total}"
            if len(self.table.selection) > 1
            else f"{check.total}"
        )
        if check.total < check.target:
            # TRANSLATORS: {doors}: the doors picked and their sum, "4+2 = 6", or one door
            return _("{doors}: {more} more to make {target}.").format(
                doors=doors, more=number(check.target - check.total), target=number(check.target)
            )
        # TRANSLATORS: {doors}: the doors picked and their sum, "6+5 = 11", or one door
        return _("{doors} is more than {target}: open a door again.").format(
            doors=doors, target=number(check.target)
        )

    def prompt_text(self) -> str:
        """The clickable prompt's words now, or "" when none shows."""
        mode = self.table.mode
        if mode == NEXT_PROMPT_WAIT:
            # TRANSLATORS: a clickable prompt in the box's tray (about 50 characters at
            # most); {confirm} is the key or button: "Enter", or a controller's "A" or
            # "Cross".
            return _("Press {confirm} for {name}'s turn").format(
                confirm=self.table.key_word("confirm"), name=self.table.state.current_player.name
            )
        if self.grace_left and self.selection_complete():
            # TRANSLATORS: a prompt in the box's tray (about 50 characters at most)
            return _("Rolling... click a door to change it")
        if mode == ROLL_PROMPT_WAIT or self.selection_complete():
            confirm = self.table.key_word("confirm")
            # The key or button of One die as the bar shows it: none on a controller.
            offered = self.one_die_offered()
            one_die = self.table.key_word(self.table.keys.key(ONE_DIE)) if offered else ""
            if one_die:
                # TRANSLATORS: a clickable prompt; {confirm} is the key or button that
                # rolls ("Enter", or a controller's "A" or "Cross"), {key} the one that
                # rolls one die ("O" unless the player changed it).
                return _("Press {confirm} to roll ({key}: one die)").format(
                    confirm=confirm, key=one_die
                )
            # TRANSLATORS: a clickable prompt in the box's tray; {confirm} is the key or
            # button that rolls: "Enter", or a controller's "A" or "Cross".
            return _("Press {confirm} to roll").format(confirm=confirm)
        return ""
