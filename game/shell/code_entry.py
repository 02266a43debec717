"""Typing or pasting a deal code (issue 35): "Play a deal by its code".

The field takes the characters a code may hold (letters, digits, the dash), Ctrl+V pastes
the first line of the clipboard, and Enter reads the code: a code that does not read
(a typo, another version of the rules, another game's code where one game's is asked) is
refused with the reason, and the field keeps what was typed so it can be mended.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.engine.dealcode import MAX_TEXT, BadCode, DealCode, parse
from game.input import Action
from game.lang import Msg, _, text
from game.shell.base import Command, HelpPage, named_command
from game.shell.name_entry import CURSOR_BLINK_TICKS, NameEntryScene
from game.shell.registry import deal_versions, game_of_letter
from game.ui import clipboard, theme
from game.ui.widgets import dim, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

BOX_WIDTH, BOX_HEIGHT = 400, 96
EXAMPLE = "L-4KQ7-11"
CODE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
MAX_LENGTH = 12  # "L-4KQ7AB-11" and a little room


class DealCodeEntry(NameEntryScene):
    """Asks for a deal code; `on_done(code)` once one reads (of game `letter` if given)."""

    #: A text field: the on-screen keyboard comes up for it (a controller's player).
    on_screen_keyboard = True

    def __init__(
        self,
        app: App,
        on_done: Callable[[DealCode], None],
        letter: str = "",
        initial: str = "",
    ) -> None:
        super().__init__(
            app,
            _("Type or paste a deal code (Ctrl+V):"),
            lambda typed: None,
            title=_("Play a deal by its code"),
            max_length=MAX_LENGTH,
        )
        self.when_read = on_done
        self.rect = pygame.Rect(0, 0, BOX_WIDTH, BOX_HEIGHT)
        self.rect.center = (CANVAS_SIZE[0] // 2, CANVAS_SIZE[1] // 2 - 10)
        self.field = pygame.Rect(self.rect.x + 60, self.rect.y + 34, self.rect.width - 120, 16)
        self.letter = letter
        self.text = initial
        self.problem = ""

    def text_rect(self) -> pygame.Rect:
        """Where the text is typed (the on-screen keyboard keeps clear of it)."""
        return self.field

    def handle(self, action: Action) -> None:
        name = action.name
        if name == "char":
            self.type(action.char)
        elif name == "paste":
            line = next((p.strip() for p in clipboard.read_text().splitlines() if p.strip()), "")
            if not line:
                self.problem = _("There is nothing to paste: copy a deal code first.")
                return
            self.text = ""
            self.type(line[:MAX_TEXT])
        elif name == "space":
            return
        elif name == "backspace":
            self.text = self.text[:-1]
            self.problem = ""
        elif name == "confirm":
            self.finish(self.text)
        elif name == "cancel" or (name == "click" and not self.rect.collidepoint(action.pos)):
            self.close()

    def type(self, typed: str) -> None:
        for char in typed.upper():
            if char.isspace():
                continue
            if char not in CODE_CHARS:
                self.problem = _("{char} is in no deal code: letters, digits and dashes.").format(
                    char=repr(char)
                )
                return
            if len(self.text) < self.max_length:
                self.text += char
        self.problem = ""

    def finish(self, typed: str) -> None:
        """Enter: the code, if it reads."""
        try:
            code = parse(typed, deal_versions())
        except BadCode as refused:
            self.problem = text(refused.message)
            self.app.audio.play("error")
            return
        if self.letter and code.letter != self.letter:
            info = game_of_letter(code.letter)
            self.problem = text(
                Msg(
                    "{code} is a deal of {game}, not of this game.",
                    code=code.text,
                    game=Msg(info.title) if info is not None else code.letter,
                )
            )
            self.app.audio.play("error")
            return
        self.close()
        self.when_read(code)

    def commands(self) -> Sequence[Command]:
        return [
            named_command(_("Enter"), _("Play"), "confirm"),
            named_command(_("Ctrl+V"), _("Paste"), "paste"),
            named_command(_("Bksp"), _("Erase"), "backspace"),
            named_command(_("Esc"), _("Cancel"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                self.title,
                _(
                    "Every game has a code, e.g. L-4KQ7-11: a game letter, the deal, the "
                    "version of the rules and a check character. The same code deals the "
                    "same cards, and the same dice to the same choices: play a friend's "
                    "game, or the same one again. The code is in the move log (L), where C "
                    "copies it. A mistyped code is refused, and so is one of another "
                    "version of the rules."
                ),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        draw_panel(canvas, self.rect, self.title)
        font = get_font("small")
        font.draw(
            canvas, self.message, (self.rect.centerx, self.rect.y + 16), theme.TEXT, align="center"
        )
        canvas.fill(theme.BACKDROP_DARK, self.field)
        pygame.draw.rect(canvas, theme.ACCENT, self.field, 1)
        y = self.field.y + (self.field.height - font.line_height) // 2 + 1
        end = font.draw(canvas, self.text, (self.field.x + 4, y), theme.TITLE).right
        if not self.text:
            end = self.field.x + 3
        if self.cursor_shown(CURSOR_BLINK_TICKS):
            canvas.fill(theme.TITLE, (end + 1, y, 2, font.line_height - 2))
        said = self.problem or _("A code reads like {example}.").format(example=EXAMPLE)
        y = self.field.bottom + 6
        for line in font.wrap(said, self.rect.width - 16)[:3]:
            colour = theme.WARNING if self.problem else theme.TEXT_DIM
            font.draw(canvas, line, (self.rect.centerx, y), colour, align="center")
            y += font.line_height
