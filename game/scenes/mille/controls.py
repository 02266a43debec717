"""How a person at the Mille Bornes table plays: keys and clicks into engine actions.

Cards 1-7 (or the arrows, or a click) choose a hand card; Enter, a second click or the
Play button plays it where the engine allows (asking on whom when there is a choice);
X, Delete, a right-click or the Discard button throws it away. O orders the hand by kind
or as drawn (hands.py); S shows each side's points so far in the hand. Questions (a coup fourré,
an extension, the curtain between two people) are answered by their letters, by Enter
on the focused answer, or by a click on a button. The keys every table shares (Esc, ?,
D, F, L, Space) are the table runtime's.

The table holds one Controls: its handle_game() and game_commands() hooks hand the
person's input and the command bar to it. It changes the person's Choice (records.py) and
plays moves through the table's play_move().
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.mille import Action
from game.engine.mille.rules import COUP_FOURRE, DISCARD, EXTENSION, GAME_OVER, PLAY
from game.input import Action as InputAction
from game.lang import _, pgettext, text
from game.scenes.mille import keys as cmd
from game.scenes.mille import layout
from game.scenes.mille.hands import BY_KIND
from game.scenes.mille.scoresheet import ScoreSoFarScene
from game.scenes.mille.words import card_name, refusal
from game.shell.base import Command, char_command, named_command
from game.storage.keymap import normal_key
from game.table import SHARED_COMMANDS

if TYPE_CHECKING:
    from game.scenes.mille.shape import MilleTable

DIGITS = "123456789"  # hand cards 1-7, targets 1-3 (never "²" and the like)


class Controls:
    """The person's side of the table: input in, moves and choices out."""

    def __init__(self, table: MilleTable) -> None:
        self.table = table
        self.choice = table.choice

    # -- choosing and playing a card --------------------------------------------------------
    def select(self, index: int) -> None:
        """Choose a hand card (1-7, the arrows, a click); any time, to plan ahead."""
        if not self.table.hands.hand_shown or not 0 <= index < len(self.table.hands.hand_order):
            return
        self.choice.selected = index
        self.choice.targets = []
        self.table.app.audio.play("click")

    def move_selection(self, step: int) -> None:
        count = len(self.table.hands.hand_order)
        if not self.table.hands.hand_shown or not count:
            return
        start = (
            self.choice.selected
            if self.choice.selected is not None
            else (-1 if step > 0 else count)
        )
        self.select((start + step) % count)

    def _ready_to_play(self) -> bool:
        """Whether the person may play a card now; otherwise say why (flights land first)."""
        if self.table.state.phase == GAME_OVER or self.table.finished:
            return False
        if (
            self.table.steps
            and self.table.state.to_act == self.table.hands.viewer
            and not self.table.played_by_computer(self.table.hands.viewer)
        ):
            self.table.hurry()
        if self.table.choosing_card:
            return True
        if self.table.prompt() is not None:
            self.table.talk.refuse(_("Answer the question first."))
        elif self.table.state.to_act is not None and self.table.state.phase in (
            PLAY,
            COUP_FOURRE,
            EXTENSION,
        ):
            self.table.talk.refuse(
                _("Wait: it is {name}'s turn.").format(
                    name=self.table.name(self.table.state.turn_seat)
                )
            )
        return False

    def play_selected(self) -> None:
        """Enter: play the chosen card where the engine allows it (ask if on whom)."""
        if self.choice.targets:
            self.table.play_move(
                self.choice.targets[self.choice.target_index], hand_index=self.choice.selected
            )
            return
        if not self._ready_to_play():
            return
        card = self.table.selected_card
        if card is None:
            self.table.talk.refuse(_("Choose a card first: 1-7, the arrows, or a click."))
            return
        plays = self.table.plays_of(card)
        if not plays:
            self.table.talk.refuse(text(refusal(self.table.state, self.table.hands.viewer, card)))
        elif len(plays) == 1:
            self.table.play_move(plays[0], hand_index=self.choice.selected)
        else:
            self._choose_target(plays)

    def _choose_target(self, plays: list[Action]) -> None:
        rows = self.table.rows()
        self.choice.targets = sorted(plays, key=lambda a: rows[a.side].y)
        self.choice.target_index = 0
        self.table.app.audio.play("click")
        choices = "  ".join(
            f"{i + 1} {self.table.side_name(a.side)}" for i, a in enumerate(self.choice.targets)
        )
        # TRANSLATORS: choosing whom a hazard goes on: "Stop on whom? 1 Cindy  2 Greg".
        self.table.talk.say(
            _("{card} on whom? {choices}").format(
                card=card_name(self.choice.targets[0].card), choices=choices
            ),
            log=False,
        )

    def play_on_side(self, side: int) -> None:
        """A click on a side's row with a card chosen: play it there if the engine allows."""
        if not self._ready_to_play():
            return
        card = self.table.selected_card
        if card is None:
            return
        plays = self.table.plays_of(card)
        here = [a for a in plays if a.side == side]
        if here:
            self.table.play_move(here[0], hand_index=self.choice.selected)
        elif plays:
            if plays[0].side == self.table.state.side_of(self.table.hands.viewer):
                where = _("{card} can only go on your own side.").format(card=card_name(card))
            else:
                sides = [self.table.side_name(a.side) for a in plays]
                if len(sides) == 1:
                    where = _("{card} can only go on {side}.").format(
                        card=card_name(card), side=sides[0]
                    )
                else:  # at most two opponent sides (three teams)
                    where = _("{card} can only go on {first} or {second}.").format(
                        card=card_name(card), first=", ".join(sides[:-1]), second=sides[-1]
                    )
            self.table.talk.refuse(where)
        else:
            self.table.talk.refuse(text(refusal(self.table.state, self.table.hands.viewer, card)))

    def discard_selected(self, index: int | None = None) -> None:
        """X, Delete, right-click or the Discard button: throw the chosen card away."""
        if (
            index is not None
            and self.table.hands.hand_shown
            and 0 <= index < len(self.table.hands.hand_order)
        ):
            self.choice.selected = index
        if not self._ready_to_play():
            return
        card = self.table.selected_card
        if card is None:
            self.table.talk.refuse(_("Choose the card to discard first."))
            return
        self.table.play_move(Action(DISCARD, card), hand_index=self.choice.selected)

    def answer(self, index: int) -> None:
        """One of the prompt's answers (C/P, Y/N, a button, Enter on the focused one)."""
        prompt = self.table.prompt()
        if prompt is None or not 0 <= index < len(prompt.answers):
            return
        action = prompt.answers[index][2]
        self.table.app.audio.play("click")
        if action is None:
            self.table.hands.lift_curtain()
        else:
            self.table.play_move(action)

    # -- keys ---------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> bool:
        """A key or click of the person here; False when it is not the game's (the
        table's shared keys then take it)."""
        name = action.name
        char = action.char.lower() if name == "char" else ""
        command = self.table.keys.command(char) if char else ""
        if name in ("hover", "click", "rclick") and action.pos:
            self._pointer(action)
        elif self.table.finished:
            if char == "n" or name == "confirm":
                self.table.menu.start_new_game()
            else:
                return False
        elif command == cmd.SORT:
            self.table.hands.toggle_sort()  # any time: no question waits for it
        elif command == cmd.SCORE:
            self.show_score_so_far()
        elif name == "cancel" and self.choice.targets:
            self.choice.targets = []
            self.table.talk.say(_("Choose again."), log=False)
        elif self.table.prompt() is not None:
            return self._prompt_key(name, char)
        elif self.choice.targets:
            return self._target_key(name, char, command)
        elif name in ("left", "right"):
            self.move_selection(1 if name == "right" else -1)
        elif char and char in DIGITS[:7]:
            self.select(int(char) - 1)
        elif name == "confirm" or (name == "space" and self.table.awaiting_human):
            self.play_selected()
        elif command == cmd.DISCARD or name in ("delete", cmd.DISCARD):
            self.discard_selected()
        else:
            return False
        return True

    def _prompt_key(self, name: str, char: str) -> bool:
        prompt = self.table.prompt()
        keys = [key.lower() for key, _, _ in prompt.answers]
        if char in keys:
            self.answer(keys.index(char))
        elif name in ("left", "right", "tab"):
            self.choice.prompt_focus = (
                self.choice.prompt_focus + (-1 if name == "left" else 1)
            ) % len(keys)
        elif name in ("confirm", "space"):
            self.answer(min(self.choice.prompt_focus, len(keys) - 1))
        elif (
            name == "cancel"
            or name in SHARED_COMMANDS
            or normal_key(char) in self.table.SHARED_CHARS
        ):
            return False  # the table's: menu, hint, log, fast, demo
        else:
            answers = [f"{key} {label}" for key, label, _answer in prompt.answers]
            if len(answers) == 2:
                said = _("Answer the question first: {first} or {second}.").format(
                    first=answers[0], second=answers[1]
                )
            else:
                said = _("Answer the question first: {answers}.").format(answers=", ".join(answers))
            self.table.talk.refuse(said)
        return True

    def _target_key(self, name: str, char: str, command: str) -> bool:
        count = len(self.choice.targets)
        if name in ("up", "down", "left", "right", "tab"):
            step = -1 if name in ("up", "left") else 1
            self.choice.target_index = (self.choice.target_index + step) % count
        elif char and char in DIGITS and 1 <= int(char) <= count:
            self.choice.target_index = int(char) - 1
            self.play_selected()
        elif name in ("confirm", "space"):
            self.play_selected()
        elif command == cmd.DISCARD or name in ("delete", cmd.DISCARD):
            self.choice.targets = []
            self.discard_selected()
        else:
            return False
        return True

    # -- the mouse ------------------------------------------------------------------------------
    def _pointer(self, action: InputAction) -> None:
        pos = action.pos
        if action.name == "hover":
            self.choice.hover_pos = pos
            return
        if self.table.finished:
            new_game, title = layout.game_over_buttons(self.table.state.options.sides)
            if new_game.collidepoint(pos):
                self.table.menu.start_new_game()
            elif title.collidepoint(pos):
                self.table.close()
            return
        prompt = self.table.prompt()
        if prompt is not None:
            for index, rect in enumerate(layout.prompt_buttons(len(prompt.answers))):
                if rect.collidepoint(pos):
                    self.answer(index)
                    return
            if layout.prompt_rect().collidepoint(pos):
                return
        if self.choice.play_button.contains(pos):
            self.play_selected()
            return
        if self.choice.discard_button.contains(pos) or layout.DISCARD_PILE.collidepoint(pos):
            self.discard_selected()
            return
        index = self._hand_index_at(pos)
        if index is not None:
            self._click_hand(index, action.name)
            return
        for side, row in self.table.rows().items():
            if row.collidepoint(pos):
                if self.choice.targets and any(a.side == side for a in self.choice.targets):
                    self.choice.target_index = next(
                        i for i, a in enumerate(self.choice.targets) if a.side == side
                    )
                    self.play_selected()
                elif self.choice.selected is not None and self.table.choosing_card:
                    self.play_on_side(side)
                elif not self.table.awaiting_human and self.table.hands.curtain is None:
                    self.table.hurry()
                return

    def _click_hand(self, index: int, button: str) -> None:
        if self.table.hands.curtain is not None:
            if not self.table.steps:
                self.table.hands.lift_curtain()
            return
        if not self.table.hands.hand_shown:
            self.table.hurry()  # a face-down hand: a click on the table
            return
        if button == "rclick":
            self.discard_selected(index)
        elif index == self.choice.selected:
            self.play_selected()
        else:
            self.select(index)

    def _hand_index_at(self, pos: tuple[int, int]) -> int | None:
        for index in range(len(self.table.hands.hand_order)):
            if layout.hand_slot(index).collidepoint(pos):
                return index
        return None

    # -- the command bar -------------------------------------------------------------------------
    def show_score_so_far(self) -> None:
        """S: the points each side has so far in this hand (BSD mille's score window)."""
        if self.table.state.phase not in (PLAY, COUP_FOURRE, EXTENSION):
            self.table.talk.refuse(_("No hand is being played."))
            return
        self.table.app.audio.play("click")
        self.table.app.push(ScoreSoFarScene(self.table.app, self.table))

    def hand_commands(self) -> list[Command]:
        """The entries for the hand on the table: the hand's order (a toggle, lit when by
        kind) and the points so far."""
        keys = self.table.keys
        return [
            # TRANSLATORS: command bar words (short): order the hand; the score so far.
            char_command(keys.label(cmd.SORT), _("Sort"), state=self.table.hands.sort == BY_KIND),
            char_command(keys.label(cmd.SCORE), _("Score")),
        ]

    def commands(self) -> list[Command]:
        """The game's own entries on the command bar."""
        prompt = self.table.prompt()
        if prompt is not None:
            entries = (
                [
                    named_command(
                        pgettext("key", "Enter"),
                        prompt.answers[0][1].split()[0].rstrip("!"),
                        "confirm",
                    )
                ]
                if len(prompt.answers) == 1
                else [char_command(key, label.rstrip("!")) for key, label, _ in prompt.answers]
            )
            return entries + self.hand_commands()
        if self.choice.targets:
            return [
                # TRANSLATORS: command bar words (short): choose the side a card goes on.
                named_command(f"1-{len(self.choice.targets)}", _("Target"), "down"),
                named_command(pgettext("key", "Up/Dn"), _("Choose"), "down"),
                named_command(pgettext("key", "Enter"), pgettext("move", "Play"), "confirm"),
                named_command(pgettext("key", "Esc"), _("Cancel"), "cancel"),
                char_command("H", _("Help")),
            ]
        # The hand's entries stay in their places while others play, dimmed. The arrows
        # choose a card as the digits do: the help says so, the bar has no room for both.
        choosing = self.table.choosing_card
        card = self.table.selected_card if choosing else None
        return [
            # TRANSLATORS: command bar words (short): choose a card, play it, discard it.
            named_command(f"1-{len(self.table.hands.hand_order)}", _("Card"), "right", choosing),
            named_command(
                pgettext("key", "Enter"),
                pgettext("move", "Play"),
                "confirm",
                enabled=bool(card and self.table.plays_of(card)),
            ),
            char_command(
                self.table.keys.label(cmd.DISCARD), _("Discard"), enabled=card is not None
            ),
        ] + self.hand_commands()

    def bar_mode(self) -> object:
        """A question (its answers) and the choice of a target have bars of their own."""
        prompt = self.table.prompt()
        if prompt is not None:
            return ("question", tuple(key for key, _, _ in prompt.answers))
        return "targets" if self.choice.targets else ""

    def bar_shares(self) -> bool:
        """Choosing a target fills the bar (a question never comes with targets)."""
        return self.table.prompt() is not None or not self.choice.targets

    def light_buttons(self) -> None:
        """The Play and Discard buttons as they are drawn: lit when they would do something,
        hovered under the pointer."""
        card, choice, choosing = self.table.selected_card, self.choice, self.table.choosing_card
        choice.play_button.enabled = bool(choosing and card and self.table.plays_of(card))
        choice.discard_button.enabled = bool(choosing and card)
        # TRANSLATORS: the buttons beside the hand (short: they are 60 pixels wide).
        choice.play_button.label = pgettext("move", "Play")
        choice.discard_button.label = _("Discard")
        for button in (choice.play_button, choice.discard_button):
            button.hovered = button.contains(choice.hover_pos)

    def bar_hurries(self) -> bool:
        return self.table.prompt() is None  # a question's answers crowd the bar
