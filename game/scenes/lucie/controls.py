"""How a person plays at La Belle Lucie's table: cards typed at the seed's prompt (two
characters and Enter), clicks on cards, the deck and the prompt, the seed's S and Q, and
the choices at the end of a hand. The keys every table shares (?, U, R, D, F, L, Esc) are
the table runtime's.

A mixin of LucieScene: it reads the scene's state and calls its moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.cards import SUITS
from game.input import Action
from game.scenes.lucie import layout
from game.scenes.lucie.words import plural
from game.shell.base import Command, char_command, named_command
from game.shell.dialog import ChoiceDialog

if TYPE_CHECKING:
    from game.scenes.lucie.play import LucieScene

DECK = "deck"  # the hover/click target of the shuffle deck
PROMPT = "prompt"
Target = str | tuple[int, int] | None  # DECK, PROMPT or (fan, index)
# Letters that act at once at an empty prompt: none can start or end a card (ranks are
# A2-9TJQK and 1 for 10, suits C D H S). H and B never get here at an empty prompt: the
# app takes them as help and the boss key. The suit letters S (shuffle) and D (demo) are
# typed and take effect on Enter (entry.COMMAND_LETTERS), as the seed's Q does.
COMMAND_KEYS = {"n": "open_new_hand"}
# The bar's entries for the commands typed with Enter act at once when clicked.
ENTER_COMMANDS = {"S": "shuffle", "D": "toggle_demo"}
SUIT_WORDS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


class Controls:
    """The person's side of LucieScene."""

    def handle_game(self: LucieScene, action: Action) -> bool:
        name = action.name
        if name == "char":
            return self._char(action.char)
        if name == "confirm":
            self.submit_entry()
        elif name == "shuffle":
            self.shuffle()
        elif name == "backspace":
            self.entry.erase()
        elif name == "cancel" and self.entry:
            self.entry.clear()
        elif name == "hover":
            self.hover = self.target_at(action.pos)
        elif name == "click":
            self.click(action.pos)
        else:
            return False
        return True

    def _char(self: LucieScene, char: str) -> bool:
        lower = char.lower()
        if not self.entry and lower in COMMAND_KEYS:
            getattr(self, COMMAND_KEYS[lower])()
        elif not self.entry and lower in self.SHARED_CHARS:
            return False  # the table's own: hint, undo, redo, fast, log
        elif not self.entry and (self.is_over or self.demo) and lower == "q":
            self.menu.open()  # no card can be meant: the seed's Q at once
        elif not self.entry and self.demo and lower != "d":
            self.talk.refuse("The computer is playing: D and Enter hand the cards back.")
        elif not self.entry.type(char):
            # The seed: "a light click and an error message" for an illegal keystroke.
            self.talk.refuse(self.entry.why_not(char))
        return True

    def submit_entry(self: LucieScene) -> None:
        """Enter: move the typed card, or a command typed alone (the seed's Q opens the
        quit menu; S shuffles, D hands the cards to the computer and back)."""
        command = self.entry.command
        if command:
            self.entry.clear()
            if ENTER_COMMANDS[command] == "shuffle":
                self.shuffle()
            else:
                self.demo_and_fast.toggle_demo()
            return
        if self.entry.rank_only == "Q":
            self.menu.open()
            return
        if not self.entry:
            if self.finished:
                self.app.push(end_dialog(self))
            return
        if not self.entry.complete:
            self.talk.refuse(f"{self.entry.text} what? Type the suit too: C, D, H or S.")
            return
        card = self.entry.card
        self.entry.clear()
        self.play(card)

    def target_at(self: LucieScene, pos: tuple[int, int] | None) -> Target:
        """What is under a canvas point: the deck, the prompt, or a (fan, index) card."""
        if pos is None:
            return None
        if layout.DECK_RECT.collidepoint(pos):
            return DECK
        if layout.PROMPT_RECT.collidepoint(pos):
            return PROMPT
        return layout.card_at(self.view.places(), pos)

    def click(self: LucieScene, pos: tuple[int, int] | None) -> None:
        """A click does what typing does: a card, the deck (S), the prompt (Enter)."""
        if self.busy and self.target_at(pos) not in (None, PROMPT):
            self.hurry()
        target = self.target_at(pos)
        if target == DECK:
            self.shuffle()
        elif target == PROMPT:
            self.submit_entry()
        elif isinstance(target, tuple):
            fan, index = target
            card = self.view.fans[fan][index]
            on_top = index == len(self.view.fans[fan]) - 1
            if on_top or self.game.draw_available or self.is_over or self.demo:
                self.entry.clear()
                self.play(card)
            else:
                self.locate_buried(card)

    def game_commands(self: LucieScene) -> list[Command]:
        if self.entry:
            return self._typing_commands()
        playing = not self.is_over and not self.demo
        entries = [
            Command(
                "S+Enter", "Shuffle", Action("shuffle"), enabled=playing and self.game.can_redeal
            ),
            char_command("N", "New"),
        ]
        if self.finished:
            entries.insert(0, named_command("Enter", "Next", "confirm"))
        return entries

    def bar_shares(self: LucieScene) -> bool:
        return not self.entry  # a move being typed fills the bar

    def _typing_commands(self: LucieScene) -> list[Command]:
        keys = self.entry.next_keys()
        entries: list[Command] = []
        if keys == SUITS:
            entries += [char_command(suit, SUIT_WORDS[suit]) for suit in SUITS]
        elif keys:
            entries += [char_command(key, "Ten") for key in keys]
        if self.entry.complete:
            entries.append(named_command("Enter", "Move", "confirm"))
        elif self.entry.rank_only == "Q":
            entries.append(named_command("Enter", "Quit", "confirm"))
        elif self.entry.command:
            entries.append(
                named_command(
                    "Enter", "Shuffle" if self.entry.command == "S" else "Demo", "confirm"
                )
            )
        entries += [
            named_command("Bksp", "Erase", "backspace"),
            named_command("Esc", "Clear", "cancel"),
        ]
        return entries


def end_dialog(scene: LucieScene) -> ChoiceDialog:
    """The hand is over: say how it went, and offer the next one."""
    game, stats = scene.game, scene.stats
    if game.is_won:
        title = "You won!"
        unused = game.redeals_left
        head = "All 52 cards are home: score 100" + (
            f", with {plural(unused, 'shuffle')} unused." if unused else "."
        )
    else:
        title = "Hand over"
        head = f"{game.cards_home} cards home: score {game.score}."
    if scene.attract or scene.demo_played:
        tail = " The computer played in this hand: it does not count."
    elif stats.played:
        average = stats.average_score if stats.average_score is not None else 0
        tail = f" Hands played {stats.played}, won {stats.won}, average score {average:.1f}."
    else:
        tail = ""
    verdict = scene.coaching.verdict_words(scene.KEY_LABELS["review"])
    choices = [
        ("N", "New hand", lambda: scene.start_hand()),
        ("A", "Same deal", lambda: scene.start_hand(same_deal=True)),
        ("T", "See table", lambda: None),
    ]
    if scene.shared_keys.review_entries():
        choices.insert(2, ("V", "Review", scene.coaching.open_review))
    return ChoiceDialog(
        scene.app, head + tail + (f" {verdict}" if verdict else ""), choices, title=title
    )
