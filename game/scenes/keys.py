"""Keys: each game's table commands and their keys, which the player may change (issue 34).

Reached from Settings (the row "Keys..."). Left and Right (or a click on the arrows
beside the game's name) choose the game; a command's row, chosen and confirmed (Enter or
a click), waits for its new key. A key another command of that game already has, a key
the game keeps (the digits, Lucie's ranks, Mille's answers) or one of the app's own (B,
H; Enter, the arrows, the F keys) is refused with a line that says who has it; any other
becomes the command's key at once, saved with the settings, and the tables, their
command bars and their help follow. "Reset to defaults" gives the game its first keys
back. The lookup and the rules are game.storage.keymap's; this screen only asks them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, _
from game.shell.base import Command, HelpPage, Scene, named_command
from game.shell.registry import GameInfo, registered_games
from game.storage.keymap import SHARED_NAMES, KeyMap, key_label, key_map
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import Menu, MenuItem, draw_panel

if TYPE_CHECKING:
    from game.shell.app import App

PANEL_RECT = pygame.Rect(150, 12, CANVAS_SIZE[0] - 300, BAR_TOP - 18)
ROWS_TOP = PANEL_RECT.y + 34  # the game's row; the commands below it
ROW_HEIGHT = 13
NOTE_LINES = 3  # room kept under the rows for what the screen says
#: The game's row: its name between arrows a click turns.
GAME_ROW = 0


class KeysScene(Scene):
    """The table commands of one game at a time, and their keys."""

    title = N_("Keys")  # translated where shown
    has_command_bar = True

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games: list[GameInfo] = [g for g in registered_games() if g.gives("keys")]
        ids = [g.id for g in self.games]
        self.game_index = ids.index(game_id) if game_id in ids else 0
        #: The command waiting for its new key ("" when none is).
        self.waiting = ""
        #: What the screen last said: a refusal (warning) or what changed.
        self.said = ""
        self.said_warning = False
        self._build()

    # -- what is shown ----------------------------------------------------------------------
    @property
    def game(self) -> GameInfo | None:
        return self.games[self.game_index] if self.games else None

    @property
    def keys(self) -> KeyMap | None:
        game = self.game
        return key_map(self.app.storage.settings.keys, game.id) if game is not None else None

    @property
    def wants_text(self) -> bool:  # type: ignore[override]
        """While a command waits for its key, B and H are keys like any other (and
        refused as the app's own, with the reason)."""
        return bool(self.waiting)

    def language_changed(self) -> None:
        self._build()

    def _build(self) -> None:
        """The rows: the game, its commands with their keys, Reset and Back."""
        selected = getattr(self, "menu", None) and self.menu.selected
        keys = self.keys
        items = [
            MenuItem(
                # TRANSLATORS: the Keys screen's first row: the game whose keys are listed.
                _("Game"),
                value=lambda: _(self.game.title) if self.game else "",
                adjust=self.turn_game,
            )
        ]
        if keys is not None:
            for command in keys.game.commands:
                items.append(
                    MenuItem(
                        command.word(),
                        activate=lambda name=command.name: self.wait_for_key(name),
                        value=lambda name=command.name: self._key_shown(name),
                    )
                )
        items += [
            # TRANSLATORS: the Keys screen: every command of this game on its first key.
            MenuItem(
                _("Reset to defaults"), activate=self.reset, enabled=bool(keys and keys.changed())
            ),
            MenuItem(_("Back"), activate=self.close),
        ]
        self.menu = Menu(
            items,
            pygame.Rect(PANEL_RECT.x + 16, ROWS_TOP, PANEL_RECT.width - 32, 0),
            row_height=ROW_HEIGHT,
        )
        if selected:
            self.menu.selected = min(selected, len(items) - 1)

    def _key_shown(self, name: str) -> str:
        if name == self.waiting:
            # TRANSLATORS: the Keys screen: a command's key is being chosen (its value).
            return _("press a key")
        keys = self.keys
        return keys.label(name) if keys is not None else ""

    def command_row(self, name: str) -> int:
        """The menu row of a command (tests and clicks)."""
        keys = self.keys
        names = [c.name for c in keys.game.commands] if keys is not None else []
        return 1 + names.index(name)

    # -- what the player does --------------------------------------------------------------
    def turn_game(self, step: int) -> None:
        """Left, Right or a click on the arrows: the game before or after."""
        if not self.games:
            return
        self.game_index = (self.game_index + step) % len(self.games)
        self.waiting, self.said = "", ""
        self._build()
        self.menu.selected = GAME_ROW

    def wait_for_key(self, name: str) -> None:
        """Enter or a click on a command: its row waits for the new key."""
        self.waiting = name
        keys = self.keys
        command = keys.game.command(name) if keys is not None else None
        # TRANSLATORS: the Keys screen: "Press the new key for Roll (Esc keeps R)."
        self.said = _("Press the new key for {command} (Esc keeps {key}).").format(
            command=command.word() if command else name, key=keys.label(name) if keys else ""
        )
        self.said_warning = False

    def take_key(self, action: Action) -> None:
        """The key pressed for the waiting command: taken, or refused with the reason."""
        keys, name = self.keys, self.waiting
        if keys is None:
            self.waiting = ""
            return
        char = action.char if action.name == "char" else ""
        why = keys.refusal(name, char)
        if not why and not all(get_font("small").has_glyph(c) for c in key_label(char)):
            # TRANSLATORS: the Keys screen: a key whose letter the pixel font lacks.
            why = _("The command bar cannot show that key: choose a letter or a sign it can.")
        if why:
            self.said, self.said_warning = why, True
            self.app.audio.play("error")
            return  # still waiting: another key, or Esc
        self.store(keys.with_key(name, char))
        command = keys.game.command(name)
        # TRANSLATORS: the Keys screen, after a change: "Roll is now on T."
        self.said = _("{command} is now on {key}.").format(
            command=command.word() if command else name, key=self.keys.label(name)
        )
        self.said_warning = False
        self.waiting = ""
        self.app.audio.play("click")

    def reset(self) -> None:
        """Every command of this game back on its first key."""
        keys = self.keys
        if keys is None:
            return
        self.store(KeyMap(keys.game))
        self.waiting = ""
        # TRANSLATORS: the Keys screen, after Reset to defaults: "Farkle's keys are ..."
        self.said = _("{game}: every command is on its first key again.").format(
            game=_(self.game.title)
        )
        self.said_warning = False
        self.app.audio.play("click")

    def store(self, keys: KeyMap) -> None:
        """Keep these keys in the settings (only what differs from the defaults)."""
        settings = self.app.storage.settings
        changed = keys.changed()
        stored = dict(settings.keys)
        if changed:
            stored[self.game.id] = changed
        else:
            stored.pop(self.game.id, None)
        settings.keys = stored
        self.app.storage.save_settings()
        selected = self.menu.selected
        self._build()
        self.menu.selected = selected

    def handle(self, action: Action) -> None:
        if self.waiting:
            if action.name == "cancel" or (
                action.name == "click" and self.menu.index_at(action.pos) != self.menu.selected
            ):
                self.waiting, self.said = "", ""
                if action.name == "click":
                    self.handle(action)  # the click goes on to what it is on
            elif action.name in ("hover", "release", "wheel_up", "wheel_down", "click"):
                pass  # the pointer waits with the row
            else:
                self.take_key(action)
            return
        if action.name == "cancel":
            self.close()
        elif action.name in ("left", "right"):
            self.turn_game(-1 if action.name == "left" else 1)
        elif action.name == "click" and self._arrow_at(action.pos):
            self.turn_game(self._arrow_at(action.pos))
        else:
            self.menu.handle(action)

    def _arrow_at(self, pos: tuple[int, int] | None) -> int:
        """-1 for a click on the game row's "<" (and what is left of it), 1 for one on
        the game's name or its ">", else 0 (Menu draws the value right-aligned as
        "< name >")."""
        row = self.menu.row_rect(GAME_ROW)
        if pos is None or not row.collidepoint(pos) or self.game is None:
            return 0
        font = get_font("small")
        value_left = row.right - 6 - font.measure(f"< {_(self.game.title)} >")[0]
        return -1 if pos[0] < value_left + font.measure("< ")[0] else 1

    # -- the bar and help -------------------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        if self.waiting:
            # TRANSLATORS: command bar: while a command waits for its new key, Esc keeps
            # the key it had.
            return [named_command(_("Esc"), _("Keep"), "cancel")]
        return [
            named_command(_("Up/Dn"), _("Choose"), "down"),
            named_command(_("Enter"), _("Change"), "confirm"),
            # TRANSLATORS: command bar: Left and Right turn to the game before or after.
            named_command("<-", _("Game"), "left"),
            named_command("->", _("Game"), "right"),
            named_command(_("Esc"), _("Back"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        return (
            HelpPage(
                _("Keys"),
                _(
                    "Every table command's key can be changed, game by game: Left and "
                    "Right (or a click on the arrows) choose the game; choose a command "
                    "and press Enter (or click it), then press its new key. Esc keeps "
                    "the key it had.\n\n"
                    "A key another command of that game has is refused: give that "
                    "command another key first. B (the boss key), H (help), the digits "
                    "(dice, doors and cards) and the keys a game keeps for itself (La "
                    "Belle Lucie's ranks, Mille Bornes' answers C, P, Y and N) are "
                    "nobody's; Enter, Space, Esc, Tab, the arrows and the F keys stay "
                    "as they are.\n\n"
                    "The tables, their command bars and their help show the new keys "
                    "at once. Reset to defaults gives the game its first keys back. "
                    "The keys are saved with the settings."
                ),
            ),
        )

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        draw_panel(canvas, PANEL_RECT, _("Settings"))
        get_font("large").draw(
            canvas, _("Keys"), (PANEL_RECT.centerx, PANEL_RECT.y + 10), theme.TITLE, align="center"
        )
        self.menu.draw(canvas)
        keys = self.keys
        if keys is not None:
            # A thin line between the game's own commands and the ones every table shares.
            names = [c.name for c in keys.game.commands]
            first = next((i for i, n in enumerate(names) if n in SHARED_NAMES), 0)
            if first:
                row = self.menu.row_rect(1 + first)
                canvas.fill(theme.TEXT_MUTED, (row.x + 6, row.y, row.width - 12, 1))
        small = get_font("small")
        y = self.menu.rect.y + len(self.menu.items) * self.menu.row_height + 6
        colour = theme.WARNING if self.said_warning else theme.ACCENT
        said = self.said
        if not said:
            colour = theme.TEXT_DIM
            # TRANSLATORS: the Keys screen's line under its rows, before anything is changed.
            said = _("Choose a command and press Enter (or click it), then press its new key.")
        for line in small.wrap(said, PANEL_RECT.width - 24)[:NOTE_LINES]:
            small.draw(canvas, line, (PANEL_RECT.centerx, y), colour, align="center")
            y += small.line_height
