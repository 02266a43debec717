"""How a person plays Shut The Box: doors picked with 1-9, the arrows or a click (a
tentative choice until the roll makes it final), Enter or a click on the dice or the
prompt for whatever the table waits for, the seed's letters (A AllScores, T TopTen, and
the toggles R, N, P, K), O for one die. The keys every table shares (?, D, F, L, Esc)
are the table runtime's.

A mixin of ShutBoxScene: it reads the scene's state and calls its moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.shutbox import (
    ONE_DIE,
    TURNS_PER_PLAYER,
    TWO_DICE,
    SelectionCheck,
    Shut,
    one_die_allowed,
)
from game.input import Action
from game.scenes.shutbox import view
from game.scenes.shutbox.allscores import AllScoresScene, CardLine
from game.scenes.shutbox.layout import CARD_RECT, DICE_AREA, PLAYERS_RECT
from game.scenes.shutbox.toggles import DEMO, GAME_ID, PIPS, REMEMBERED, ROLL_PROMPT
from game.shell.base import Command, char_command, named_command

if TYPE_CHECKING:
    from game.scenes.shutbox.play import ShutBoxScene

BUSY = "busy"  # steps are playing, or the computer is on
NEXT_PROMPT_WAIT = "next"  # "Press Enter for Bob's turn"
ROLL_PROMPT_WAIT = "roll"  # "Press Enter to roll"
SELECTING = "selecting"  # a person is choosing doors (the roll prompt shows once
# the doors make the roll)
GAME_OVER = "over"
WAITING = (NEXT_PROMPT_WAIT, ROLL_PROMPT_WAIT, SELECTING)
GRACE_TICKS = 40  # roll prompt off: the doors' roll waits this long for a change


class Controls:
    """The person's side of ShutBoxScene."""

    def selection_check(self: ShutBoxScene) -> SelectionCheck:
        """What the rules say of the doors picked for this roll."""
        return self.state.check_selection(self.selection)

    def selection_complete(self: ShutBoxScene) -> bool:
        """The picked doors total the roll: Enter may roll on."""
        return self.mode == SELECTING and self.selection_check().complete

    def one_die_offered(self: ShutBoxScene) -> bool:
        """Whether the next roll may be one die (the option is on and 7, 8, 9 are down)."""
        if self.mode == ROLL_PROMPT_WAIT:
            return self.state.one_die_allowed()
        if self.selection_complete():
            return one_die_allowed(
                self.state.open_doors - self.selection, self.state.one_die_option
            )
        return False

    def toggle_door(self: ShutBoxScene, door: int, shut: bool | None = None) -> None:
        """Shut (True), open (False) or flip (None) a door of the person's selection."""
        if self.human_to_play() and (self.tray.rolling or self.steps):
            self.hurry()  # the person's own roll: it lands at once
        mode = self.mode
        if mode == ROLL_PROMPT_WAIT:
            self.talk.refuse("Roll the dice first: Enter, or click the dice.")
            return
        if mode == NEXT_PROMPT_WAIT:
            self.talk.refuse(f"Press Enter for {self.state.current_player.name}'s turn first.")
            return
        if mode != SELECTING:
            if self.demo and not self.state.is_over:
                self.talk.refuse("The computer is playing: D hands the doors back.")
            elif not self.state.is_over:
                self.talk.refuse(
                    f"Wait for your turn: these are "
                    f"{self.state.players[self.view_player].name}'s doors."
                )
            return
        if door in self.selection:
            if shut:
                return
            self.selection.discard(door)
            self.app.audio.play("click")
        elif self.state.may_toggle(door):
            if shut is False:
                return
            self.selection.add(door)
            self.app.audio.play("door_clunk")
        else:
            self.talk.refuse(f"Door {door} was shut by an earlier roll: it stays down.")
            return
        self._show_doors()
        self._selection_changed()

    def _selection_changed(self: ShutBoxScene) -> None:
        self.grace_left = 0
        check = self.selection_check()
        if not check.complete:
            return
        if frozenset(self.selection) == self.state.open_doors:
            self._commit(Shut(frozenset(self.selection)))  # the box is shut: no roll
        elif not self.toggles[ROLL_PROMPT] and not self.one_die_offered():
            # Without the roll prompt the dice roll by themselves, after a moment in which a
            # mis-clicked door can still be opened again.
            self.grace_left = GRACE_TICKS

    def tick_grace(self: ShutBoxScene) -> None:
        """The moment before the doors' own roll (roll prompt off) runs out: it rolls."""
        if self.grace_left <= 0:
            return
        self.grace_left -= 1
        if self.grace_left == 0 and self.selection_complete():
            self._commit(Shut(frozenset(self.selection)), TWO_DICE)

    def why_not(self: ShutBoxScene) -> str:
        """Why the selection cannot be confirmed (it does not total the roll)."""
        check = self.selection_check()
        if not self.selection:
            return f"Shut doors that total {check.target} first."
        doors = (
            f"{view.doors_text(self.selection)} = {check.total}"
            if len(self.selection) > 1
            else f"{check.total}"
        )
        if check.total < check.target:
            return f"{doors}: {check.target - check.total} more to make {check.target}."
        return f"{doors} is more than {check.target}: open a door again."

    def confirm(self: ShutBoxScene, dice: int = TWO_DICE) -> None:
        """Enter (or a click on the prompt or the dice): whatever the screen waits for."""
        mode = self.mode
        if mode == NEXT_PROMPT_WAIT:
            self._start_turn()
        elif mode == ROLL_PROMPT_WAIT:
            self._roll(dice)
        elif mode == SELECTING:
            if self.selection_complete():
                self._commit(Shut(frozenset(self.selection)), dice)
            else:
                self.talk.refuse(self.why_not())
        elif mode == GAME_OVER and not self.demo:
            self.menu.play_again()

    def flip(self: ShutBoxScene, letter: str) -> None:
        """R, N, P or K: flip one of the game's remembered toggles."""
        toggle = next(t for t in REMEMBERED if t.letter == letter)
        value = self.toggles.flip(toggle)
        if toggle is PIPS:
            self.tray.numerals = not value
        elif toggle is ROLL_PROMPT and not value and self.selection_complete():
            self._selection_changed()
        self.app.audio.play("click")

    def toggle_state(self: ShutBoxScene, letter: str) -> bool:
        if letter == DEMO.letter:
            return self.demo
        if letter == "F":
            return self.app.fast
        return self.toggles.values[letter]

    def handle_game(self: ShutBoxScene, action: Action) -> bool:
        name = action.name
        if name == "hover":
            self._hover(action.pos)
        elif name == "click":
            self._click(action.pos)
        elif name == "confirm" or (name == "space" and self.waiting_for_human):
            self.confirm()
        elif name in ("left", "right"):
            self.cursor = (self.cursor - 1 + (1 if name == "right" else -1)) % 9 + 1
        elif name in ("up", "down"):
            self.toggle_door(self.cursor, shut=name == "down")
        elif name == "door_at_cursor":
            self.toggle_door(self.cursor)
        elif name == "char":
            return self._char(action.char.lower())
        else:
            return False
        return True

    def _char(self: ShutBoxScene, char: str) -> bool:
        if char in "123456789":
            self.cursor = int(char)
            self.toggle_door(int(char))
        elif char.upper() in {t.letter for t in REMEMBERED}:
            self.flip(char.upper())
        elif char == "a":
            self.show_all_scores()
        elif char == "t":
            from game.scenes.scores import ScoresScene

            self.app.push(ScoresScene(self.app, GAME_ID))
        elif char == "o" and self.one_die_offered():
            self.confirm(ONE_DIE)
        else:
            return False
        return True

    def _hover(self: ShutBoxScene, pos) -> None:
        door = self.doors.hit(pos)
        if door is not None and self.human_to_play():
            self.cursor = door
        self.tray.hover = self.tray.hit(pos) if self._dice_clickable() else None
        self.dice_hovered = self._dice_clickable() and DICE_AREA.collidepoint(pos)
        self.prompt.hovered = self.prompt_text() != "" and self.prompt.contains(pos)

    def _click(self: ShutBoxScene, pos) -> None:
        if self.prompt_text() and self.prompt.contains(pos):
            self.confirm()
        elif DICE_AREA.collidepoint(pos) and self._dice_clickable():
            self.confirm()
        elif self.doors.hit(pos) is not None:
            door = self.doors.hit(pos)
            if self.human_to_play():
                self.cursor = door
            self.toggle_door(door)
        elif CARD_RECT.collidepoint(pos) or PLAYERS_RECT.collidepoint(pos):
            self.show_all_scores()

    def _dice_clickable(self: ShutBoxScene) -> bool:
        return self.mode in WAITING

    def show_all_scores(self: ShutBoxScene) -> None:
        cards = [
            CardLine(
                p.name,
                sum(self.shown_scores[i]),
                self.card_detail(i),
                i == self.view_player and not self.state.is_over,
            )
            for i, p in enumerate(self.state.players)
        ]
        top_ten = [entry.score for entry in self.app.storage.top_ten(GAME_ID).entries]
        heading = (
            "Final scores"
            if self.state.is_over
            else f"AllScores: round {self.state.turn_number} of {TURNS_PER_PLAYER}"
        )
        self.app.push(AllScoresScene(self.app, cards, top_ten, heading))

    def game_commands(self: ShutBoxScene) -> list[Command]:
        entries: list[Command] = []
        mode = self.mode
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
        elif mode == GAME_OVER and not self.demo:
            entries.append(named_command("Enter", "Again", "confirm"))
        if self.one_die_offered():
            entries.append(char_command("O", "OneDie"))
        entries += [char_command("A", "AllScores"), char_command("T", "TopTen")]
        entries += [
            char_command(t.letter, t.word, state=self.toggles.values[t.letter]) for t in REMEMBERED
        ]
        return entries
