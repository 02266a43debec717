"""How a person at the Mille Bornes table plays: keys and clicks into engine actions.

Cards 1-7 (or the arrows, or a click) choose a hand card; Enter, a second click or the
Play button plays it where the engine allows (asking on whom when there is a choice);
X, Delete, a right-click or the Discard button throws it away. O orders the hand by kind
or as drawn (hands.py); S shows each side's points so far in the hand. Questions (a coup fourré,
an extension, the curtain between two people) are answered by their letters, by Enter
on the focused answer, or by a click on a button. The keys every table shares (Esc, ?,
D, F, L, Space) are the table runtime's.

A mixin of MilleScene: it reads the scene's state and plays moves through its play_move().
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.mille import Action
from game.engine.mille.rules import COUP_FOURRE, DISCARD, EXTENSION, GAME_OVER, PLAY
from game.input import Action as InputAction
from game.scenes.mille import layout
from game.scenes.mille.hands import BY_KIND, SORT_KEY
from game.scenes.mille.scoresheet import SO_FAR_KEY
from game.scenes.mille.words import card_name, refusal
from game.shell.base import Command, char_command, named_command
from game.table import SHARED_CHARS, SHARED_COMMANDS

if TYPE_CHECKING:
    from game.scenes.mille.play import MilleScene

DIGITS = "123456789"  # hand cards 1-7, targets 1-3 (never "²" and the like)
DISCARD_KEY = "x"  # D is demo at every table


class Controls:
    """The person's side of MilleScene."""

    # -- choosing and playing a card --------------------------------------------------------
    def select(self: MilleScene, index: int) -> None:
        """Choose a hand card (1-7, the arrows, a click); any time, to plan ahead."""
        if not self.hand_shown or not 0 <= index < len(self.hand_order):
            return
        self.selected = index
        self.targets = []
        self.app.audio.play("click")

    def move_selection(self: MilleScene, step: int) -> None:
        count = len(self.hand_order)
        if not self.hand_shown or not count:
            return
        start = self.selected if self.selected is not None else (-1 if step > 0 else count)
        self.select((start + step) % count)

    def _ready_to_play(self: MilleScene) -> bool:
        """Whether the person may play a card now; otherwise say why (flights land first)."""
        if self.state.phase == GAME_OVER or self.finished:
            return False
        if (
            self.steps
            and self.state.to_act == self.viewer
            and not self.played_by_computer(self.viewer)
        ):
            self.hurry()
        if self.choosing_card:
            return True
        if self.prompt() is not None:
            self.talk.refuse("Answer the question first.")
        elif self.state.to_act is not None and self.state.phase in (PLAY, COUP_FOURRE, EXTENSION):
            self.talk.refuse(f"Wait: it is {self.name(self.state.turn_seat)}'s turn.")
        return False

    def play_selected(self: MilleScene) -> None:
        """Enter: play the chosen card where the engine allows it (ask if on whom)."""
        if self.targets:
            self.play_move(self.targets[self.target_index], hand_index=self.selected)
            return
        if not self._ready_to_play():
            return
        card = self.selected_card
        if card is None:
            self.talk.refuse("Choose a card first: 1-7, the arrows, or a click.")
            return
        plays = self.plays_of(card)
        if not plays:
            self.talk.refuse(refusal(self.state, self.viewer, card))
        elif len(plays) == 1:
            self.play_move(plays[0], hand_index=self.selected)
        else:
            self._choose_target(plays)

    def _choose_target(self: MilleScene, plays: list[Action]) -> None:
        rows = self.rows()
        self.targets = sorted(plays, key=lambda a: rows[a.side].y)
        self.target_index = 0
        self.app.audio.play("click")
        choices = "  ".join(f"{i + 1} {self.side_name(a.side)}" for i, a in enumerate(self.targets))
        self.talk.say(f"{card_name(self.targets[0].card)} on whom? {choices}", log=False)

    def play_on_side(self: MilleScene, side: int) -> None:
        """A click on a side's row with a card chosen: play it there if the engine allows."""
        if not self._ready_to_play():
            return
        card = self.selected_card
        if card is None:
            return
        plays = self.plays_of(card)
        here = [a for a in plays if a.side == side]
        if here:
            self.play_move(here[0], hand_index=self.selected)
        elif plays:
            where = (
                "your own side"
                if plays[0].side == self.state.side_of(self.viewer)
                else " or ".join(self.side_name(a.side) for a in plays)
            )
            self.talk.refuse(f"{card_name(card)} can only go on {where}.")
        else:
            self.talk.refuse(refusal(self.state, self.viewer, card))

    def discard_selected(self: MilleScene, index: int | None = None) -> None:
        """X, Delete, right-click or the Discard button: throw the chosen card away."""
        if index is not None and self.hand_shown and 0 <= index < len(self.hand_order):
            self.selected = index
        if not self._ready_to_play():
            return
        card = self.selected_card
        if card is None:
            self.talk.refuse("Choose the card to discard first.")
            return
        self.play_move(Action(DISCARD, card), hand_index=self.selected)

    def answer(self: MilleScene, index: int) -> None:
        """One of the prompt's answers (C/P, Y/N, a button, Enter on the focused one)."""
        prompt = self.prompt()
        if prompt is None or not 0 <= index < len(prompt.answers):
            return
        action = prompt.answers[index][2]
        self.app.audio.play("click")
        if action is None:
            self.lift_curtain()
        else:
            self.play_move(action)

    # -- keys ---------------------------------------------------------------------------------
    def handle_game(self: MilleScene, action: InputAction) -> bool:
        name = action.name
        char = action.char.lower() if name == "char" else ""
        if name in ("hover", "click", "rclick") and action.pos:
            self._pointer(action)
        elif self.finished:
            if char == "n" or name == "confirm":
                self.menu.start_new_game()
            else:
                return False
        elif char == SORT_KEY:
            self.toggle_sort()  # any time: no question waits for it
        elif char == SO_FAR_KEY:
            self.show_score_so_far()
        elif name == "cancel" and self.targets:
            self.targets = []
            self.talk.say("Choose again.", log=False)
        elif self.prompt() is not None:
            return self._prompt_key(name, char)
        elif self.targets:
            return self._target_key(name, char)
        elif name in ("left", "right"):
            self.move_selection(1 if name == "right" else -1)
        elif char and char in DIGITS[:7]:
            self.select(int(char) - 1)
        elif name == "confirm" or (name == "space" and self.awaiting_human):
            self.play_selected()
        elif char == DISCARD_KEY or name == "delete":
            self.discard_selected()
        else:
            return False
        return True

    def _prompt_key(self: MilleScene, name: str, char: str) -> bool:
        prompt = self.prompt()
        keys = [key.lower() for key, _, _ in prompt.answers]
        if char in keys:
            self.answer(keys.index(char))
        elif name in ("left", "right", "tab"):
            self.prompt_focus = (self.prompt_focus + (-1 if name == "left" else 1)) % len(keys)
        elif name in ("confirm", "space"):
            self.answer(min(self.prompt_focus, len(keys) - 1))
        elif name == "cancel" or name in SHARED_COMMANDS or char in SHARED_CHARS:
            return False  # the table's: menu, hint, log, fast, demo
        else:
            self.talk.refuse(
                "Answer the question first: "
                + " or ".join(f"{key} {label}" for key, label, _ in prompt.answers)
                + "."
            )
        return True

    def _target_key(self: MilleScene, name: str, char: str) -> bool:
        count = len(self.targets)
        if name in ("up", "down", "left", "right", "tab"):
            step = -1 if name in ("up", "left") else 1
            self.target_index = (self.target_index + step) % count
        elif char and char in DIGITS and 1 <= int(char) <= count:
            self.target_index = int(char) - 1
            self.play_selected()
        elif name in ("confirm", "space"):
            self.play_selected()
        elif char == DISCARD_KEY or name == "delete":
            self.targets = []
            self.discard_selected()
        else:
            return False
        return True

    # -- the mouse ------------------------------------------------------------------------------
    def _pointer(self: MilleScene, action: InputAction) -> None:
        pos = action.pos
        if action.name == "hover":
            self.hover_pos = pos
            return
        if self.finished:
            new_game, title = layout.game_over_buttons(self.state.options.sides)
            if new_game.collidepoint(pos):
                self.menu.start_new_game()
            elif title.collidepoint(pos):
                self.close()
            return
        prompt = self.prompt()
        if prompt is not None:
            for index, rect in enumerate(layout.prompt_buttons(len(prompt.answers))):
                if rect.collidepoint(pos):
                    self.answer(index)
                    return
            if layout.PROMPT.collidepoint(pos):
                return
        if self.play_button.contains(pos):
            self.play_selected()
            return
        if self.discard_button.contains(pos) or layout.DISCARD_PILE.collidepoint(pos):
            self.discard_selected()
            return
        index = self._hand_index_at(pos)
        if index is not None:
            self._click_hand(index, action.name)
            return
        for side, row in self.rows().items():
            if row.collidepoint(pos):
                if self.targets and any(a.side == side for a in self.targets):
                    self.target_index = next(
                        i for i, a in enumerate(self.targets) if a.side == side
                    )
                    self.play_selected()
                elif self.selected is not None and self.choosing_card:
                    self.play_on_side(side)
                elif not self.awaiting_human and self.curtain is None:
                    self.hurry()
                return

    def _click_hand(self: MilleScene, index: int, button: str) -> None:
        if self.curtain is not None:
            if not self.steps:
                self.lift_curtain()
            return
        if not self.hand_shown:
            self.hurry()  # a face-down hand: a click on the table
            return
        if button == "rclick":
            self.discard_selected(index)
        elif index == self.selected:
            self.play_selected()
        else:
            self.select(index)

    def _hand_index_at(self: MilleScene, pos: tuple[int, int]) -> int | None:
        for index in range(len(self.hand_order)):
            if layout.hand_slot(index).collidepoint(pos):
                return index
        return None

    # -- the command bar -------------------------------------------------------------------------
    def show_score_so_far(self: MilleScene) -> None:
        """S: the points each side has so far in this hand (BSD mille's score window)."""
        from game.scenes.mille.scoresheet import ScoreSoFarScene

        if self.state.phase not in (PLAY, COUP_FOURRE, EXTENSION):
            self.talk.refuse("No hand is being played.")
            return
        self.app.audio.play("click")
        self.app.push(ScoreSoFarScene(self.app, self))

    def hand_commands(self: MilleScene) -> list[Command]:
        """The entries for the hand on the table: the hand's order (a toggle, lit when by
        kind) and the points so far."""
        return [
            char_command(SORT_KEY.upper(), "Sort", state=self.sort == BY_KIND),
            char_command(SO_FAR_KEY.upper(), "Score"),
        ]

    def game_commands(self: MilleScene) -> list[Command]:
        prompt = self.prompt()
        if prompt is not None:
            entries = (
                [named_command("Enter", prompt.answers[0][1].split()[0].rstrip("!"), "confirm")]
                if len(prompt.answers) == 1
                else [char_command(key, label.rstrip("!")) for key, label, _ in prompt.answers]
            )
            return entries + self.hand_commands()
        if self.targets:
            return [
                named_command(f"1-{len(self.targets)}", "Target", "down"),
                named_command("Up/Dn", "Choose", "down"),
                named_command("Enter", "Play", "confirm"),
                named_command("Esc", "Cancel", "cancel"),
                char_command("H", "Help"),
            ]
        if self.choosing_card:
            card = self.selected_card
            return [
                named_command(f"1-{len(self.hand_order)}", "Card", "right"),
                named_command("<->", "Choose", "right"),
                named_command(
                    "Enter", "Play", "confirm", enabled=bool(card and self.plays_of(card))
                ),
                char_command(DISCARD_KEY.upper(), "Discard", enabled=card is not None),
            ] + self.hand_commands()
        return self.hand_commands()

    def bar_shares(self: MilleScene) -> bool:
        """Choosing a target fills the bar (a question never comes with targets)."""
        return self.prompt() is not None or not self.targets

    def bar_hurries(self: MilleScene) -> bool:
        return self.prompt() is None  # a question's answers crowd the bar
