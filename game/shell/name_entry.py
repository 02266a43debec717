"""Asking for a name with the keyboard: a Top Ten entry or a seat's name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game import speech
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _, number
from game.shell.base import Command, HelpPage, Scene, named_command
from game.storage import DEFAULT_NAME, NAME_MAX_LENGTH, clean_name
from game.ui import clipboard, theme
from game.ui.widgets import dim, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

BOX_SIZE = (320, 92)
FIELD_HEIGHT = 16
CURSOR_BLINK_TICKS = 20


class NameEntryScene(Scene):
    """A one-line text field over the dimmed game; Enter accepts, Esc keeps the default.

    Only printable characters are accepted, up to NAME_MAX_LENGTH; the result always
    goes through storage's clean_name, so a name is data and never a path or code.
    """

    opaque = False
    wants_text = True  # letters (B and H too) are typed; F12 is still the boss key
    on_screen_keyboard = True
    has_command_bar = True

    def __init__(
        self,
        app: App,
        message: str,
        on_done: Callable[[str], None],
        initial: str = "",
        title: str = "",
        max_length: int = NAME_MAX_LENGTH,
    ):
        super().__init__(app)
        self.title = title or _("Your name")
        self.message = message
        self.on_done = on_done
        self.max_length = max_length
        self.text = clean_name(initial, max_length)
        self.default = self.text or _(DEFAULT_NAME)
        self.rect = pygame.Rect(0, 0, *BOX_SIZE)
        self.rect.center = (CANVAS_SIZE[0] // 2, CANVAS_SIZE[1] // 2 - 10)
        self.field = pygame.Rect(
            self.rect.x + 20, self.rect.y + 48, self.rect.width - 40, FIELD_HEIGHT
        )

    def enter(self) -> None:
        super().enter()
        speech.say(self.title, interrupt=True)
        speech.say(self.message)
        # TRANSLATORS: spoken when a name is asked for: the name offered now
        speech.say(_("Name: {name}. Type a name, then Enter.").format(name=self.text))

    def finish(self, text: str) -> None:
        self.close()
        self.on_done(clean_name(text, self.max_length) or self.default)

    def handle(self, action: Action) -> None:
        if action.name == "char":
            if self.typed(action.char):
                speech.say(action.char, interrupt=True)
        elif action.name == "paste":
            # The clipboard's first line (a relay's address with its fingerprint is no
            # thing to type by hand), as far as it can be typed.
            pasted = clipboard.read_text()
            line = next((part.strip() for part in pasted.splitlines() if part.strip()), "")
            added = [char for char in line if self.typed(char)]
            if added:
                speech.say(self.text, interrupt=True)
            else:
                self.app.audio.play("error")
        elif action.name == "space":
            if self.text and len(self.text) < self.max_length:
                self.text += " "
        elif action.name == "backspace":
            self.text = self.text[:-1]
            speech.say(self.text or _("Empty"), interrupt=True)
        elif action.name == "confirm":
            self.finish(self.text)
        elif action.name == "cancel":
            self.finish(self.default)
        elif action.name == "click" and not self.rect.collidepoint(action.pos):
            self.finish(self.text)

    def typed(self, char: str) -> bool:
        """Add `char` if there is room and our bitmap font draws it (so the Top Ten never
        shows a box); whether it was added."""
        if len(self.text) < self.max_length and get_font("small").has_glyph(char):
            self.text += char
            return True
        return False

    def text_rect(self) -> pygame.Rect:
        return self.field

    def commands(self) -> Sequence[Command]:
        return [
            named_command(_("Enter"), _("Done"), "confirm"),
            # TRANSLATORS: the Backspace key, in the command bar.
            named_command(_("Bksp"), _("Erase"), "backspace"),
            # TRANSLATORS: the Esc key's name, and its word in a name box's command bar:
            # it keeps the name shown at the start.
            named_command(_("Esc"), _("Default"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                self.title,
                _(
                    "Type a name of up to {n} letters and press Enter. Backspace erases; "
                    "Esc keeps the name shown at the start. F12 is the boss key while you type."
                ).format(n=number(self.max_length))
                + " "
                + _("Ctrl+V pastes the first line of what you copied."),
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
        y = self.field.y + (FIELD_HEIGHT - font.line_height) // 2 + 1
        shown = font.tail(self.text, self.field.width - 10)
        end = font.draw(canvas, shown, (self.field.x + 4, y), theme.TITLE).right
        if not self.text:
            end = self.field.x + 3
        if self.cursor_shown(CURSOR_BLINK_TICKS):
            canvas.fill(theme.TITLE, (end + 1, y, 2, font.line_height - 2))
        font.draw(
            canvas,
            f"{len(self.text)}/{self.max_length}",
            (self.field.right, self.field.bottom + 6),
            theme.TEXT_DIM,
            align="right",
        )
