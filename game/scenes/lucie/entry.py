"""Typing at La Belle Lucie's prompt: a card in two-character notation, or a deal number.

The seed: "The card to be moved is designated by a two character notation ... You must
hit the ENTER key at the end of the input. You may use the backspace key to erase ...
Illegal keystrokes are not recognized by the program." So the entry takes only keys
that can still make a card: a rank (A 2-9 T J Q K, or 1 then 0 for the ten), then a suit
(C D H S), in either case.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.engine.cards import RANKS, SUITS
from game.input import Action
from game.lang import _
from game.shell.base import Command, HelpPage, char_command, named_command
from game.shell.name_entry import NameEntryScene

if TYPE_CHECKING:
    from game.shell.app import App

TEN_FIRST, TEN_SECOND = "1", "0"  # "10" is accepted for T, as the engine accepts it
DEAL_DIGITS = 9  # deal numbers up to 999,999,999
# Commands whose letter is a suit (the seed's S shuffle, and D demo) are typed like a card
# and take effect on Enter, so that a suit typed first ("DJ") never fires them.
COMMAND_LETTERS = "SD"


class CardEntry:
    """What has been typed at the prompt so far, e.g. "T", "10", "TH"."""

    def __init__(self) -> None:
        self.text = ""
        #: The letters typed alone as commands, carried out on Enter (the table keeps
        #: them as the player's keys stand: suits that are a command's key).
        self.command_letters = COMMAND_LETTERS

    def __bool__(self) -> bool:
        return bool(self.text)

    def next_keys(self) -> str:
        """The characters the entry would take now (upper case)."""
        if not self.text:
            return RANKS + TEN_FIRST + self.command_letters
        if self.text == TEN_FIRST:
            return TEN_SECOND
        if self.complete or self.command:
            return ""
        return SUITS

    def type(self, char: str) -> bool:
        """Add a typed character if it can still make a card (or a command); False
        otherwise, and why_not() says why."""
        char = char.upper()
        if len(char) != 1 or char not in self.next_keys():
            return False
        self.text += char
        return True

    def erase(self) -> None:
        """Backspace: the last character goes."""
        self.text = self.text[:-1]

    def clear(self) -> None:
        self.text = ""

    def why_not(self, char: str) -> str:
        """Why `char` was not taken, in a line for the player."""
        char = char.upper()
        if self.command:
            # TRANSLATORS: {command} is S (shuffle) or D (demo), typed alone; {card} the
            # card the player may have meant, e.g. "KS" for a K typed after S.
            return _(
                "{command} is a command: press Enter for it, or Backspace. A card "
                "is its rank, then its suit ({card})."
            ).format(command=self.text, card=char + self.text)
        if not self.text and char in SUITS:
            return _("Type the rank first, then the suit: {key} is a suit.").format(key=char)
        if self.complete:
            return _("{card} is typed: press Enter to move it, or Backspace.").format(
                card=self.text
            )
        if self.text:
            return _("{keys} is not a card: the suit is C, D, H or S.").format(
                keys=self.text + char
            )
        return _("{key} is not a card or a command: a card is its rank, then its suit.").format(
            key=char
        )

    @property
    def command(self) -> str:
        """A command letter typed alone (S or D), waiting for Enter; else ""."""
        return self.text if self.text and self.text in self.command_letters else ""

    @property
    def complete(self) -> bool:
        """A rank and a suit have been typed."""
        return len(self.text) > 1 and self.text[-1] in SUITS

    @property
    def card(self) -> str:
        """The card in the engine's notation ("TH" for "10H"), or "" while incomplete."""
        if not self.complete:
            return ""
        rank = self.text[:-1]
        return ("T" if rank == TEN_FIRST + TEN_SECOND else rank) + self.text[-1]

    @property
    def rank_only(self) -> str:
        """The rank alone when no suit has been typed yet ("Q" + Enter is the seed's Quit)."""
        return self.text if self.text and not self.complete and not self.command else ""


class DealNumberEntry(NameEntryScene):
    """Asks for a deal number (digits only); Enter on nothing asks for a random deal."""

    def __init__(self, app: App, on_done: Callable[[int | None], None], current: int):
        super().__init__(
            app,
            _("Play deal number (this is deal #{deal}):").format(deal=current),
            lambda text: on_done(int(text) if text else None),
            title=_("Deal number"),
            max_length=DEAL_DIGITS,
        )

    def handle(self, action: Action) -> None:
        if action.name == "char":
            if (
                action.char.isdigit()
                and len(self.text) < self.max_length
                and (self.text or action.char != "0")
            ):
                self.text += action.char
        elif action.name == "space":
            return
        elif action.name == "cancel" or (
            action.name == "click" and not self.rect.collidepoint(action.pos)
        ):
            self.close()
        else:
            super().handle(action)

    def finish(self, text: str) -> None:
        """Enter: the digits as typed (the name rules of the base class do not apply)."""
        self.close()
        self.on_done(text)

    def commands(self) -> Sequence[Command]:
        # The digits too, so that a number can be clicked in with the mouse alone.
        digits = [char_command(digit, "") for digit in "0123456789"]
        return digits + [
            # TRANSLATORS: command bar words: play the deal typed, or a random one.
            named_command(_("Enter"), _("Deal") if self.text else _("Random"), "confirm"),
            named_command(_("Bksp"), _("Erase"), "backspace"),
            named_command(_("Esc"), _("Cancel"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                self.title,
                _(
                    "Every deal has a number: the same number always deals "
                    "the same cards, and the same shuffles after them. Type a number "
                    "and press Enter to play that deal; Enter with no number deals at "
                    "random. Esc goes back to the hand you were playing."
                ),
            ),
        )
