"""How a person plays Shut The Box: doors picked with 1-9, the arrows or a click (a
tentative choice until the roll makes it final), Enter or a click on the dice or the
prompt for whatever the table waits for, the seed's letters (A AllScores, T TopTen, and
the toggles R, N, P, K), O for one die. The keys every table shares (?, D, F, L, Esc)
are the table runtime's.

A part the table holds (Controls): it reads the table through PersonsTable and plays
through the table's moves (roll, commit, start_turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.shutbox import (
    ONE_DIE,
    TURNS_PER_PLAYER,
    TWO_DICE,
    SelectionCheck,
    Shut,
    ShutBoxState,
    one_die_allowed,
)
from game.input import Action
from game.scenes.scores import ScoresScene
from game.scenes.shutbox import view
from game.scenes.shutbox.allscores import AllScoresScene, CardLine
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.layout import CARD_RECT, DICE_AREA, PLAYERS_RECT
from game.scenes.shutbox.present import Shown
from game.scenes.shutbox.toggles import DEMO, GAME_ID, PIPS, REMEMBERED, ROLL_PROMPT, GameToggles
from game.shell.base import Command, char_command, named_command
from game.table import StepQueue, Talk
from game.ui.dice import DiceTray
from game.ui.widgets import PromptBox

if TYPE_CHECKING:
    from game.shell.app import App
    from game.table.menu import TableMenu

BUSY = "busy"  # steps are playing, or the computer is on
NEXT_PROMPT_WAIT = "next"  # "Press Enter for Bob's turn"
ROLL_PROMPT_WAIT = "roll"  # "Press Enter to roll"
SELECTING = "selecting"  # a person is choosing doors (the roll prompt shows once
# the doors make the roll)
GAME_OVER = "over"
WAITING = (NEXT_PROMPT_WAIT, ROLL_PROMPT_WAIT, SELECTING)
GRACE_TICKS = 40  # roll prompt off: the doors' roll waits this long for a change


class PersonsTable(Protocol):
    """What Controls needs of the table (ShutBoxScene)."""

    app: App
    state: ShutBoxState
    talk: Talk
    steps: StepQueue
    menu: TableMenu
    toggles: GameToggles
    doors: DoorRow
    tray: DiceTray
    prompt: PromptBox
    #: The person's tentative doors, and the door the arrows are at.
    selection: set[int]
    cursor: int
    demo: bool
    shown: Shown

    @property
    def mode(self) -> str: ...
    @property
    def waiting_for_human(self) -> bool: ...
    def human_to_play(self) -> bool: ...
    def hurry(self) -> None: ...
    def card_detail(self, seat: int) -> str: ...
    def show_doors(self) -> None: ...
    def roll(self, dice: int) -> None: ...
    def commit(self, shut: Shut, then_roll: int | None = None) -> None: ...
    def start_turn(self) -> None: ...


class Controls:
    """The person's side of the table: keys and clicks made into the table's moves, the
    rules of a tentative choice of doors, and the game's entries of the command bar."""

    def __init__(self, table: PersonsTable) -> None:
        self.table = table
        #: Ticks left before the doors just picked roll by themselves (roll prompt off).
        self.grace_left = 0
        #: The pointer is over the dice and a click on them would roll (they light up).
        self.dice_hovered = False

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
            self.table.talk.refuse("Roll the dice first: Enter, or click the dice.")
            return
        if mode == NEXT_PROMPT_WAIT:
            self.table.talk.refuse(
                f"Press Enter for {self.table.state.current_player.name}'s turn first."
            )
            return
        if mode != SELECTING:
            if self.table.demo and not self.table.state.is_over:
                self.table.talk.refuse("The computer is playing: D hands the doors back.")
            elif not self.table.state.is_over:
                self.table.talk.refuse(
                    f"Wait for your turn: these are "
                    f"{self.table.state.players[self.table.shown.player].name}'s doors."
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
            self.table.talk.refuse(f"Door {door} was shut by an earlier roll: it stays down.")
            return
        self.table.show_doors()
        self._selection_changed()

    def _selection_changed(self) -> None:
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
            return f"Shut doors that total {check.target} first."
        doors = (
            f"{view.doors_text(self.table.selection)} = {check.total}"
            if len(self.table.selection) > 1
            else f"{check.total}"
        )
        if check.total < check.target:
            return f"{doors}: {check.target - check.total} more to make {check.target}."
        return f"{doors} is more than {check.target}: open a door again."

    def prompt_text(self) -> str:
        """The clickable prompt's words now, or "" when none shows."""
        mode = self.table.mode
        if mode == NEXT_PROMPT_WAIT:
            return f"Press Enter for {self.table.state.current_player.name}'s turn"
        if self.grace_left and self.selection_complete():
            return "Rolling... click a door to change it"
        if mode == ROLL_PROMPT_WAIT or self.selection_complete():
            if self.one_die_offered():
                return "Press Enter to roll (O: one die)"
            return "Press Enter to roll"
        return ""

    def confirm(self, dice: int = TWO_DICE) -> None:
        """Enter (or a click on the prompt or the dice): whatever the screen waits for."""
        mode = self.table.mode
        if mode == NEXT_PROMPT_WAIT:
            self.table.start_turn()
        elif mode == ROLL_PROMPT_WAIT:
            self.table.roll(dice)
        elif mode == SELECTING:
            if self.selection_complete():
                self.table.commit(Shut(frozenset(self.table.selection)), dice)
            else:
                self.table.talk.refuse(self.why_not())
        elif mode == GAME_OVER and not self.table.demo:
            self.table.menu.play_again()

    def flip(self, letter: str) -> None:
        """R, N, P or K: flip one of the game's remembered toggles."""
        toggle = next(t for t in REMEMBERED if t.letter == letter)
        value = self.table.toggles.flip(toggle)
        if toggle is PIPS:
            self.table.tray.numerals = not value
        elif toggle is ROLL_PROMPT and not value and self.selection_complete():
            self._selection_changed()
        self.table.app.audio.play("click")

    def toggle_state(self, letter: str) -> bool:
        if letter == DEMO.letter:
            return self.table.demo
        if letter == "F":
            return self.table.app.fast
        return self.table.toggles.values[letter]

    def handle(self, action: Action) -> bool:
        name = action.name
        if name == "hover":
            self._hover(action.pos)
        elif name == "click":
            self._click(action.pos)
        elif name == "confirm" or (name == "space" and self.table.waiting_for_human):
            self.confirm()
        elif name in ("left", "right"):
            self.table.cursor = (self.table.cursor - 1 + (1 if name == "right" else -1)) % 9 + 1
        elif name in ("up", "down"):
            self.toggle_door(self.table.cursor, shut=name == "down")
        elif name == "door_at_cursor":
            self.toggle_door(self.table.cursor)
        elif name == "char":
            return self._char(action.char.lower())
        else:
            return False
        return True

    def _char(self, char: str) -> bool:
        if char in "123456789":
            self.table.cursor = int(char)
            self.toggle_door(int(char))
        elif char.upper() in {t.letter for t in REMEMBERED}:
            self.flip(char.upper())
        elif char == "a":
            self.show_all_scores()
        elif char == "t":
            self.table.app.push(ScoresScene(self.table.app, GAME_ID))
        elif char == "o" and self.one_die_offered():
            self.confirm(ONE_DIE)
        else:
            return False
        return True

    def _hover(self, pos) -> None:
        door = self.table.doors.hit(pos)
        if door is not None and self.table.human_to_play():
            self.table.cursor = door
        self.table.tray.hover = self.table.tray.hit(pos) if self._dice_clickable() else None
        self.dice_hovered = self._dice_clickable() and DICE_AREA.collidepoint(pos)
        self.table.prompt.hovered = self.prompt_text() != "" and self.table.prompt.contains(pos)

    def _click(self, pos) -> None:
        if self.prompt_text() and self.table.prompt.contains(pos):
            self.confirm()
        elif DICE_AREA.collidepoint(pos) and self._dice_clickable():
            self.confirm()
        elif self.table.doors.hit(pos) is not None:
            door = self.table.doors.hit(pos)
            if self.table.human_to_play():
                self.table.cursor = door
            self.toggle_door(door)
        elif CARD_RECT.collidepoint(pos) or PLAYERS_RECT.collidepoint(pos):
            self.show_all_scores()

    def _dice_clickable(self) -> bool:
        return self.table.mode in WAITING

    def show_all_scores(self) -> None:
        cards = [
            CardLine(
                p.name,
                sum(self.table.shown.scores[i]),
                self.table.card_detail(i),
                i == self.table.shown.player and not self.table.state.is_over,
            )
            for i, p in enumerate(self.table.state.players)
        ]
        top_ten = [entry.score for entry in self.table.app.storage.top_ten(GAME_ID).entries]
        heading = (
            "Final scores"
            if self.table.state.is_over
            else f"AllScores: round {self.table.state.turn_number} of {TURNS_PER_PLAYER}"
        )
        self.table.app.push(AllScoresScene(self.table.app, cards, top_ten, heading))

    def commands(self) -> list[Command]:
        entries: list[Command] = []
        mode = self.table.mode
        if mode == NEXT_PROMPT_WAIT:
            entries.append(named_command("Enter", "Next", "confirm"))
        elif mode == ROLL_PROMPT_WAIT:
            entries.append(named_command("Enter", "Roll", "confirm"))
        elif mode == SELECTING:
            entries.append(
                named_command("Enter", "Roll" if self.selection_complete() else "Shut", "confirm")
            )
            if not self.one_die_offered():  # the bar has no room for both
                entries.append(Command("1-9", "Door", Action("door_at_cursor")))
        elif mode == GAME_OVER and not self.table.demo:
            entries.append(named_command("Enter", "Again", "confirm"))
        if self.one_die_offered():
            entries.append(char_command("O", "OneDie"))
        entries += [char_command("A", "AllScores"), char_command("T", "TopTen")]
        entries += [
            char_command(t.letter, t.word, state=self.table.toggles.values[t.letter])
            for t in REMEMBERED
        ]
        return entries
