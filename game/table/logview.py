"""The move log (L at any table): everything said about the game, newest at the bottom.

An overlay over the dimmed table; the arrows, Page Up/Down, Home/End and the mouse wheel
scroll it, and L, Esc, Enter or a click outside close it. Nothing ticks beneath it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _, number
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.table.talk import Line
from game.ui import clipboard, theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import dim, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL = pygame.Rect(40, 14, CANVAS_SIZE[0] - 80, BAR_TOP - 24)
PAD = 12
TEXT_TOP = PANEL.y + 16
TEXT_BOTTOM = PANEL.bottom - 16
FOOT_ABOVE = 14  # the foot line (the code, where the lines are) clears the frame
LOG_KEY = "l"
COPY_KEY = "c"


def copy_code(code: str) -> str:
    """Put a deal's code on the clipboard; what to tell the player."""
    if clipboard.write_text(code):
        return _("{code} is copied: paste it to a friend.").format(code=code)
    return _("There is no clipboard here: the code is {code}.").format(code=code)


def wrapped(lines: Sequence[Line], width: int) -> list[Line]:
    """Every log line wrapped to `width` pixels, keeping its tone."""
    font = get_font("small")
    out: list[Line] = []
    for line in lines:
        out.extend(Line(part, line.tone) for part in font.wrap(line.text, width) or [""])
    return out


class MoveLogScene(Scene):
    """The move log over the table, scrolled to its newest line."""

    opaque = False
    has_command_bar = True

    def __init__(self, app: App, lines: Sequence[Line], about: str, code: str = ""):
        """`code`: the deal's code, shown at the foot and copied by C."""
        super().__init__(app)
        self.title = _("Move log: {about}").format(about=about) if about else _("Move log")
        self.code = code
        self.copied = ""
        self.lines = wrapped(lines, PANEL.width - 2 * PAD)
        self.rows = (TEXT_BOTTOM - TEXT_TOP) // get_font("small").line_height
        self.top = self.last_top

    @property
    def last_top(self) -> int:
        """The scroll position that shows the newest line at the bottom."""
        return max(0, len(self.lines) - self.rows)

    def scroll(self, step: int) -> None:
        self.top = max(0, min(self.last_top, self.top + step))

    def handle(self, action: Action) -> None:
        name = action.name
        if name in ("up", "wheel_up"):
            self.scroll(-1 if name == "up" else -3)
        elif name in ("down", "wheel_down"):
            self.scroll(1 if name == "down" else 3)
        elif name == "pageup":
            self.scroll(-self.rows)
        elif name in ("pagedown", "space"):
            self.scroll(self.rows)
        elif name == "home":
            self.top = 0
        elif name == "end":
            self.top = self.last_top
        elif name == "char" and action.char.lower() == COPY_KEY and self.code:
            self.copied = copy_code(self.code)
        elif (
            name in ("cancel", "confirm")
            or (name == "char" and action.char.lower() == LOG_KEY)
            or (name == "click" and not PANEL.collidepoint(action.pos))
        ):
            self.close()

    def commands(self) -> Sequence[Command]:
        return [
            # TRANSLATORS: command bar keys: the Up and Down arrow keys (a short label).
            named_command(_("Up/Dn"), _("Scroll"), "down", enabled=self.last_top > 0),
            # TRANSLATORS: command bar: the Page Up key, and "earlier lines" (one word).
            named_command(_("PgUp"), _("Earlier"), "pageup", enabled=self.top > 0),
            # TRANSLATORS: command bar: the Page Down key, and "later lines" (one word).
            named_command(_("PgDn"), _("Later"), "pagedown", enabled=self.top < self.last_top),
            char_command("L", _("Close")),
            named_command(_("Esc"), _("Close"), "cancel"),
        ] + ([char_command("C", _("Copy"))] if self.code else [])

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("The move log"),
                _(
                    "Every move of this game and what was said about it, oldest at the "
                    "top. Up and Down (or the mouse wheel) scroll a line, Page Up and "
                    "Page Down a page, Home and End to the first and the last.\n\n"
                    "L, Esc or Enter goes back to the table, as does a click outside "
                    "the log."
                ),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        draw_panel(canvas, PANEL, self.title)
        small = get_font("small")
        if not self.lines:
            small.draw(
                canvas,
                _("Nothing has happened yet."),
                (PANEL.centerx, TEXT_TOP + 4),
                theme.TEXT_DIM,
                align="center",
            )
            return
        y = TEXT_TOP
        for line in self.lines[self.top : self.top + self.rows]:
            small.draw(canvas, line.text, (PANEL.x + PAD, y), line.colour)
            y += small.line_height
        if self.code:
            said = self.copied or _("Deal code {code}: C copies it.").format(code=self.code)
            small.draw(canvas, said, (PANEL.x + PAD, PANEL.bottom - FOOT_ABOVE), theme.TEXT_DIM)
        if self.last_top:
            where = _("Lines {first}-{last} of {count}").format(
                first=number(self.top + 1),
                last=number(min(len(self.lines), self.top + self.rows)),
                count=number(len(self.lines)),
            )
            small.draw(
                canvas,
                where,
                (PANEL.right - PAD, PANEL.bottom - FOOT_ABOVE),
                theme.TEXT_DIM,
                align="right",
            )
