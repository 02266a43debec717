"""The two screens a game controller needs of the shell: an on-screen keyboard for text
fields (names, a friend's address and table code), and the pause when a controller in
play is unplugged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _
from game.shell.base import Command, HelpPage, Scene, SceneApp, named_command
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import dim, draw_panel

KEY_SIZE = (26, 15)  # one column of the keyboard, and a row's height
COLUMNS = 10
MARGIN = 6
TITLE_ROOM = 14
# The letters of the three pages: plain, and the French and Polish letters (Shift gives
# the capitals of either). Ten to a row, as the rows of a keyboard.
LETTER_ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm.:/")
ACCENT_ROWS = ("1234567890", "àâæçéèêëîï", "ôœùûüÿąćęł", "ńóśźż@_'#&")
# The keys below the letters: (what it does, its columns).
SPECIAL_ROWS = (
    (("shift", 2), ("space", 4), ("backspace", 2), ("done", 2)),
    (("accents", 3), ("paste", 3), ("tab", 4)),
)


@dataclass(frozen=True)
class Key:
    """One key of the on-screen keyboard: a character to type, or a command."""

    rect: pygame.Rect
    char: str = ""
    command: str = ""


class OnScreenKeyboard(Scene):
    """Types into the text field of the scene beneath it (`target`), as its keys would:
    the d-pad moves over the keys, A types the one in focus, X erases, Y is a space,
    the shoulders switch capitals and the French and Polish letters, Start is done (the
    field's Enter) and B puts the keyboard away. The mouse can click the keys too; a key
    of the real keyboard puts it away and goes to the field."""

    opaque = False
    has_command_bar = True

    def __init__(self, app: SceneApp, target: Scene) -> None:
        super().__init__(app)
        self.title = _("Keyboard")
        self.target = target
        self.shift = False
        self.accents = False
        width = COLUMNS * KEY_SIZE[0] + 2 * MARGIN
        height = TITLE_ROOM + (len(LETTER_ROWS) + len(SPECIAL_ROWS)) * KEY_SIZE[1] + MARGIN
        field = target.text_rect()
        # Below the field, unless the field is in the lower half: then above it.
        low = field is None or field.centery < CANVAS_SIZE[1] // 2
        top = BAR_TOP - height - 4 if low else 4
        self.rect = pygame.Rect((CANVAS_SIZE[0] - width) // 2, top, width, height)
        self.focus = (1, 0)  # row, column: the q, where the hand starts

    # -- the keys -----------------------------------------------------------------------
    def rows(self) -> list[list[Key]]:
        """The keys as they are laid out now, row by row."""
        x0, y = self.rect.x + MARGIN, self.rect.y + TITLE_ROOM
        rows: list[list[Key]] = []
        for letters in ACCENT_ROWS if self.accents else LETTER_ROWS:
            row = []
            for column, char in enumerate(letters):
                rect = pygame.Rect(x0 + column * KEY_SIZE[0], y, KEY_SIZE[0] - 2, KEY_SIZE[1] - 2)
                row.append(Key(rect, char.upper() if self.shift else char))
            rows.append(row)
            y += KEY_SIZE[1]
        for specials in SPECIAL_ROWS:
            row, column = [], 0
            for command, span in specials:
                width = span * KEY_SIZE[0] - 2
                rect = pygame.Rect(x0 + column * KEY_SIZE[0], y, width, KEY_SIZE[1] - 2)
                row.append(Key(rect, command=command))
                column += span
            rows.append(row)
            y += KEY_SIZE[1]
        return rows

    def label(self, key: Key) -> str:
        labels = {
            # TRANSLATORS: keys of the on-screen keyboard (a controller types with it).
            "shift": _("Caps") if not self.shift else _("abc"),
            "space": _("Space"),
            "backspace": _("Erase"),
            "done": _("Done"),
            "accents": _("ąéô…") if not self.accents else _("a–z"),
            "paste": _("Paste"),
            "tab": _("Next field"),
        }
        return labels.get(key.command, key.char)

    def focused(self) -> Key:
        rows = self.rows()
        row, column = self.focus
        row = min(row, len(rows) - 1)
        return rows[row][min(column, len(rows[row]) - 1)]

    def move(self, name: str) -> None:
        """The d-pad: along a row, or to the key above or below the focused one's middle."""
        rows = self.rows()
        row, column = self.focus
        if name in ("left", "right"):
            step = 1 if name == "right" else -1
            self.focus = (row, (column + step) % len(rows[row]))
            return
        middle = rows[row][column].rect.centerx
        row = (row + (1 if name == "down" else -1)) % len(rows)
        nearest = min(
            range(len(rows[row])),
            key=lambda i: (
                0 if rows[row][i].rect.left <= middle < rows[row][i].rect.right + 2 else 1,
                abs(rows[row][i].rect.centerx - middle),
            ),
        )
        self.focus = (row, nearest)

    def press(self, key: Key) -> None:
        """Type a key into the field beneath, or do what it does."""
        if key.char:
            self.target.dispatch(Action("char", char=key.char))
        elif key.command == "shift":
            self.shift = not self.shift
        elif key.command == "accents":
            self.accents = not self.accents
        elif key.command == "done":
            self.close()
            self.target.dispatch(Action("confirm"))
        else:  # space, backspace, paste, tab: the field's own
            self.target.dispatch(Action(key.command))

    # -- input --------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        name = action.name
        if name in ("up", "down", "left", "right"):
            self.move(name)
        elif name == "confirm":
            self.press(self.focused())
        elif name == "cancel":
            self.close()
        elif name in ("space", "backspace", "shift", "accents", "done"):
            self.press(Key(pygame.Rect(0, 0, 0, 0), command=name))
        elif name in ("click", "hover") and action.pos:
            for r, row in enumerate(self.rows()):
                for c, key in enumerate(row):
                    if key.rect.collidepoint(action.pos):
                        self.focus = (r, c)
                        if name == "click":
                            self.press(key)
                        return

    def commands(self) -> Sequence[Command]:
        def claiming(command: Command, button: str) -> Command:
            return Command(command.key, command.word, command.action, pad=button)

        return [
            named_command(_("Enter"), _("Type"), "confirm"),
            claiming(named_command(_("Bksp"), _("Erase"), "backspace"), "x"),
            claiming(named_command(_("Space"), _("Space"), "space"), "y"),
            claiming(
                named_command("", _("Caps"), "shift"), "lb"
            ),  # i18n: not shown (a controller's bar shows its button instead)
            claiming(
                named_command("", _("Letters"), "accents"), "rb"
            ),  # i18n: not shown (a controller's bar shows its button instead)
            claiming(
                named_command("", _("Done"), "done"), "start"
            ),  # i18n: not shown (a controller's bar shows its button instead)
            named_command(_("Esc"), _("Close"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                self.title,
                _(
                    "The on-screen keyboard types into the field beneath it. The d-pad "
                    "chooses a key and A types it; X erases, Y types a space. The left "
                    "shoulder button switches capitals, the right one the French and "
                    "Polish letters. Start is done (as Enter), B puts the keyboard away. "
                    "A key of a real keyboard puts it away too and types as usual."
                ),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        # The screen beneath steps back, as under a dialog, but for the field being typed
        # into: it stays as bright as it was.
        field = self.target.text_rect()
        field = field.clip(canvas.get_rect()) if field is not None else None
        kept = canvas.subsurface(field).copy() if field else None
        dim(canvas)
        if kept is not None and field is not None:
            canvas.blit(kept, field.topleft)
        draw_panel(canvas, self.rect, self.title)
        font = get_font("small")
        chosen = self.focused()
        for row in self.rows():
            for key in row:
                lit = key == chosen
                on = (key.command == "shift" and self.shift) or (
                    key.command == "accents" and self.accents
                )
                canvas.fill(theme.SELECT_BG if lit else theme.BACKDROP, key.rect)
                if on and not lit:
                    pygame.draw.rect(canvas, theme.TITLE, key.rect, 1)
                colour = theme.SELECT_TEXT if lit else theme.TEXT
                font.draw(
                    canvas,
                    self.label(key),
                    (key.rect.centerx, font.top_in(key.rect)),
                    colour,
                    align="center",
                )


class ControllerGone(Scene):
    """A controller in play was unplugged: the game beneath waits (only the top scene
    runs) until it is back, or a key, a click or another pad's button goes on."""

    opaque = False
    has_command_bar = True

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.title = _("Controller disconnected")

    def handle(self, action: Action) -> None:
        if action.name not in ("hover", "release", "wheel_up", "wheel_down"):
            self.close()

    def commands(self) -> Sequence[Command]:
        return [named_command(_("Enter"), _("Go on"), "confirm")]

    def help_pages(self) -> Sequence[HelpPage]:
        return (HelpPage(self.title, self.message()),)

    def message(self) -> str:
        return _(
            "The game waits. Connect the controller again to go on, or press any key "
            "or another controller's button."
        )

    def draw(self, canvas: pygame.Surface) -> None:
        dim(canvas)
        rect = pygame.Rect(0, 0, 300, 70)
        rect.center = (CANVAS_SIZE[0] // 2, CANVAS_SIZE[1] // 2)
        draw_panel(canvas, rect, self.title)
        font = get_font("small")
        y = rect.y + 18
        for line in font.wrap(self.message(), rect.width - 16):
            font.draw(canvas, line, (rect.centerx, y), theme.TEXT, align="center")
            y += font.line_height
