"""How a person plays Shut The Box: doors picked with 1-9, the arrows or a click (a
tentative choice until the roll makes it final), Enter or a click on the dice or the
prompt for whatever the table waits for, the seed's letters (A AllScores, T TopTen, and
the toggles R, N, P, K), O for one die. The keys every table shares (?, D, F, L, Esc)
are the table runtime's.

A part the table holds (Controls): it reads the table through PersonsTable, leaves the
rules of a choice of doors to DoorChoice (choice.py) and plays through the table's moves
(roll, commit, the presenter's start_turn).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from game.engine.shutbox import (
    ONE_DIE,
    TURNS_PER_PLAYER,
    TWO_DICE,
    Shut,
    ShutBoxState,
)
from game.input import Action
from game.lang import N_, _, number, pgettext
from game.scenes.scores import ScoresScene
from game.scenes.shutbox.allscores import AllScoresScene, CardLine
from game.scenes.shutbox.choice import (
    GAME_OVER,
    NEXT_PROMPT_WAIT,
    ROLL_PROMPT_WAIT,
    SELECTING,
    WAITING,
    DoorChoice,
)
from game.scenes.shutbox.doors import DoorRow
from game.scenes.shutbox.keys import ALL_SCORES, TOP_TEN
from game.scenes.shutbox.keys import ONE_DIE as ONE_DIE_KEY
from game.scenes.shutbox.layout import CARD_RECT, DICE_AREA, PLAYERS_RECT
from game.scenes.shutbox.picture import BoxPicture
from game.scenes.shutbox.present import Presenter
from game.scenes.shutbox.toggles import DEMO, GAME_ID, PIPS, REMEMBERED, ROLL_PROMPT, GameToggles
from game.shell.base import Command, char_command
from game.storage.keymap import KeyMap
from game.table import Shown, Talk
from game.ui.dice import DiceTray
from game.ui.widgets import PromptBox

if TYPE_CHECKING:
    from game.shell.app import App
    from game.table.menu import TableMenu


# The words Enter's entry shows by the moment: its place on the bar fits the widest.
# TRANSLATORS: Enter's one word on the command bar: the next player's turn, roll the
# dice, shut the doors, play again
NEXT, ROLL, SHUT, AGAIN = N_("Next"), N_("Roll"), N_("Shut"), N_("Again")
ENTER_WORDS = (NEXT, ROLL, SHUT, AGAIN)


class PersonsTable(Protocol):
    """What Controls needs of the table (ShutBoxScene)."""

    @property
    def keys(self) -> KeyMap: ...

    app: App
    state: ShutBoxState
    talk: Talk
    menu: TableMenu
    toggles: GameToggles
    doors: DoorRow
    tray: DiceTray
    prompt: PromptBox
    #: The person's tentative doors, and the door the arrows are at.
    selection: set[int]
    cursor: int
    demo: bool
    shown: Shown[BoxPicture]
    presenter: Presenter
    choice: DoorChoice

    @property
    def mode(self) -> str: ...
    @property
    def waiting_for_human(self) -> bool: ...
    def human_to_play(self) -> bool: ...
    def card_detail(self, seat: int) -> str: ...
    def roll(self, dice: int) -> None: ...
    def commit(self, shut: Shut, then_roll: int | None = None) -> None: ...


class Controls:
    """The person's side of the table: keys and clicks made into the table's moves and
    the person's choice of doors, and the game's entries of the command bar."""

    def __init__(self, table: PersonsTable) -> None:
        self.table = table
        #: The pointer is over the dice and a click on them would roll (they light up).
        self.dice_hovered = False

    def confirm(self, dice: int = TWO_DICE) -> None:
        """Enter (or a click on the prompt or the dice): whatever the screen waits for."""
        mode = self.table.mode
        if mode == NEXT_PROMPT_WAIT:
            self.table.presenter.start_turn()
        elif mode == ROLL_PROMPT_WAIT:
            self.table.roll(dice)
        elif mode == SELECTING:
            if self.table.choice.selection_complete():
                self.table.commit(Shut(frozenset(self.table.selection)), dice)
            else:
                self.table.talk.refuse(self.table.choice.why_not())
        elif mode == GAME_OVER and not self.table.demo:
            self.table.menu.play_again()

    def flip(self, letter: str) -> None:
        """R, N, P or K: flip one of the game's remembered toggles."""
        toggle = next(t for t in REMEMBERED if t.letter == letter)
        value = self.table.toggles.flip(toggle)
        if toggle is PIPS:
            self.table.tray.numerals = not value
        elif toggle is ROLL_PROMPT and not value and self.table.choice.selection_complete():
            self.table.choice.selection_changed()
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
            self.table.choice.toggle_door(self.table.cursor, shut=name == "down")
        elif name == "door_at_cursor":
            self.table.choice.toggle_door(self.table.cursor)
        elif name == "char":
            return self._char(action.char.lower())
        else:
            return False
        return True

    def _char(self, char: str) -> bool:
        command = self.table.keys.command(char)
        toggle = next((t for t in REMEMBERED if t.option_key == command), None)
        if char and char in "123456789":
            self.table.cursor = int(char)
            self.table.choice.toggle_door(int(char))
        elif toggle is not None:
            self.flip(toggle.letter)
        elif command == ALL_SCORES:
            self.show_all_scores()
        elif command == TOP_TEN:
            self.table.app.push(ScoresScene(self.table.app, GAME_ID))
        elif command == ONE_DIE_KEY and self.table.choice.one_die_offered():
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
        self.table.prompt.hovered = (
            self.table.choice.prompt_text() != "" and self.table.prompt.contains(pos)
        )

    def _click(self, pos) -> None:
        if self.table.choice.prompt_text() and self.table.prompt.contains(pos):
            self.confirm()
        elif DICE_AREA.collidepoint(pos) and self._dice_clickable():
            self.confirm()
        elif self.table.doors.hit(pos) is not None:
            door = self.table.doors.hit(pos)
            if self.table.human_to_play():
                self.table.cursor = door
            self.table.choice.toggle_door(door)
        elif CARD_RECT.collidepoint(pos) or PLAYERS_RECT.collidepoint(pos):
            self.show_all_scores()

    def _dice_clickable(self) -> bool:
        return self.table.mode in WAITING

    def show_all_scores(self) -> None:
        cards = [
            CardLine(
                p.name,
                sum(self.table.shown.now.scores[i]),
                self.table.card_detail(i),
                i == self.table.shown.now.player and not self.table.state.is_over,
            )
            for i, p in enumerate(self.table.state.players)
        ]
        top_ten = [entry.score for entry in self.table.app.storage.top_ten(GAME_ID).entries]
        heading = (
            _("Final scores")
            if self.table.state.is_over
            # TRANSLATORS: the title of the AllScores frame (AllScores is the 1989 game's
            # name for the screen: keep it as its command bar word is)
            else _("AllScores: round {round} of {rounds}").format(
                round=number(self.table.state.turn_number), rounds=number(TURNS_PER_PLAYER)
            )
        )
        self.table.app.push(AllScoresScene(self.table.app, cards, top_ten, heading))

    def commands(self) -> list[Command]:
        """The game's entries: all of them at every moment, each in its place (one not
        valid now dimmed), Enter's slot as wide as its widest word; the seed's toggles on
        a row of their own above the bottom line, which would be packed edge to edge with
        them."""
        mode = self.table.mode
        enter_word = {
            NEXT_PROMPT_WAIT: NEXT,
            ROLL_PROMPT_WAIT: ROLL,
            SELECTING: ROLL if self.table.choice.selection_complete() else SHUT,
            GAME_OVER: AGAIN,
        }.get(mode, ROLL)
        enter_valid = mode in (NEXT_PROMPT_WAIT, ROLL_PROMPT_WAIT, SELECTING) or (
            mode == GAME_OVER and not self.table.demo
        )
        keys = self.table.keys
        entries = [
            Command(
                pgettext("key", "Enter"),
                _(enter_word),
                Action("confirm"),
                enter_valid,
                room=tuple(_(word) for word in ENTER_WORDS),
            ),
            # TRANSLATORS: the command bar's word for the keys 1 to 9: shut or open a door
            Command("1-9", _("Door"), Action("door_at_cursor"), enabled=mode == SELECTING),
            # TRANSLATORS: the command bar's word for O: roll one die (one word)
            char_command(
                keys.label(ONE_DIE_KEY),
                _("OneDie"),
                enabled=self.table.choice.one_die_offered(),
            ),
            char_command(keys.label(ALL_SCORES), _("AllScores")),
            # TRANSLATORS: the command bar's word for T: the Top Ten scores (one word)
            char_command(keys.label(TOP_TEN), _("TopTen")),
        ]
        entries += [
            replace(
                char_command(
                    keys.label(t.option_key), _(t.word), state=self.table.toggles.values[t.letter]
                ),
                row=1,
            )
            for t in REMEMBERED
        ]
        return entries
