"""The title menu: the logo, one tile per registered game, and the shell's own screens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game import __version__, speech
from game.art import sprites
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import _
from game.shell.base import Command, HelpPage, Scene, char_command, named_command
from game.shell.dialog import ChoiceDialog, confirm
from game.shell.memory import release_memory
from game.shell.registry import GameInfo, registered_games
from game.ui import theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.shell.app import App

LOGO_TOP = 14
TILE_SIZE = (140, 128)
TILE_GAP = 12
TILE_MARGIN = 8  # tiles narrow to fit when more games are registered
TILE_TOP = 96
BUTTON_SIZE = (96, 20)
BUTTON_GAP = 10
BUTTON_TOP = 250
# In demo mode the title waits this long, then starts the next game (attract mode).
ATTRACT_WAIT_TICKS = 3 * 60
TAGLINE_LINES = 2  # under the title, above "SAVED GAME"


def tagline_lines(info: GameInfo, tile_width: int) -> list[str]:
    """A game's tagline wrapped to its tile (a tile shows TAGLINE_LINES of them); with
    large text, to nearly the tile's whole width when that keeps it to those lines."""
    small = get_font("small")
    lines = small.wrap(_(info.tagline), tile_width - 12)
    if len(lines) > TAGLINE_LINES:
        wider = small.wrap(_(info.tagline), tile_width - 4)
        lines = wider if len(wider) < len(lines) else lines
    return lines


class TitleScene(Scene):
    """Arrows move between the game tiles and the buttons; Enter or a click chooses."""

    title = "Pixel Parlor"  # i18n: not shown (the program's name, the same in every language)
    has_command_bar = True

    def __init__(self, app: App):
        super().__init__(app)
        self.games = registered_games()
        self.row = 0
        self.col = 0
        self.tiles = self._layout_tiles()
        self.buttons: list[Button] = []
        self.button_actions: list[Callable[[], None]] = []
        self._attract_next = 0
        #: The demo game this title started last (attract mode), if any.
        self.attract_game: Scene | None = None
        self._entered_at = 0
        self._collect_left_scenes = False
        self._layout_buttons()

    # -- layout ------------------------------------------------------------------------
    def _layout_tiles(self) -> list[pygame.Rect]:
        n = len(self.games)
        room = CANVAS_SIZE[0] - 2 * TILE_MARGIN - max(0, n - 1) * TILE_GAP
        width = min(TILE_SIZE[0], room // max(1, n))
        total = n * width + max(0, n - 1) * TILE_GAP
        x = (CANVAS_SIZE[0] - total) // 2
        return [
            pygame.Rect(x + i * (width + TILE_GAP), TILE_TOP, width, TILE_SIZE[1]) for i in range(n)
        ]

    def _layout_buttons(self) -> None:
        entries: list[tuple[str, str, Callable[[], None]]] = []
        if self._saved_games():
            # TRANSLATORS: a title screen button (96 pixels): the game in progress.
            entries.append((_("Continue"), "c", self.continue_saved))
        entries += [
            # TRANSLATORS: title screen buttons, 96 pixels wide each.
            (_("Settings"), "s", self.open_settings),
            (_("Scores"), "t", self.open_scores),
            # TRANSLATORS: a title screen button: play with friends over the network.
            (_("Friends"), "f", self.play_with_friends),
            (_("Help"), "h", lambda: self.app.open_help(self)),
            # TRANSLATORS: a title screen button: today's deal of every game (issue 35).
            (_("Daily"), "y", self.open_daily),
            (_("Quit"), "q", self.ask_quit),
        ]
        # Narrower buttons when more are shown (seven with Continue), so that all fit.
        width = min(BUTTON_SIZE[0], (CANVAS_SIZE[0] - 16) // len(entries) - BUTTON_GAP)
        total = len(entries) * width + (len(entries) - 1) * BUTTON_GAP
        x = (CANVAS_SIZE[0] - total) // 2
        self.buttons, self.button_actions = [], []
        for label, key, act in entries:
            self.buttons.append(
                Button(
                    pygame.Rect(x, BUTTON_TOP, width, BUTTON_SIZE[1]),
                    label,
                    Action("char", char=key),
                )
            )
            self.button_actions.append(act)
            x += width + BUTTON_GAP
        if self.row == 1:
            self.col = min(self.col, len(self.buttons) - 1)

    def _saved_games(self) -> list[GameInfo]:
        return [
            g
            for g in self.games
            if g.gives("resume_scene") and self.app.storage.has_saved_game(g.id)
        ]

    def continue_saved(self) -> None:
        """Resume the game in progress; with several, ask which."""
        saved = self._saved_games()
        if len(saved) == 1:
            self.resume_game(saved[0])
        elif saved:
            choices = [
                (str(i + 1), _(g.title), lambda g=g: self.resume_game(g))
                for i, g in enumerate(saved)
            ]
            self.app.push(
                ChoiceDialog(
                    self.app,
                    _("Which game do you want to continue?"),
                    choices + [("X", _("Cancel"), lambda: None)],
                    title=_("Continue"),
                )
            )

    # -- life cycle ------------------------------------------------------------------
    def enter(self) -> None:
        self._entered_at = self.ticks

    def resume(self) -> None:
        self._entered_at = self.ticks
        self._layout_buttons()
        # The scene that was on top has gone (a table, most often a demo's): it is freed
        # at the next update, see there; the title lets go of its demo game too.
        self.attract_game = None
        self._collect_left_scenes = True

    def language_changed(self) -> None:
        """The buttons' words again (the tiles and the rest are translated as drawn)."""
        self._layout_buttons()

    def update(self) -> None:
        if self._collect_left_scenes:
            # A table is a web of reference cycles (each of its parts points back at it),
            # so it is freed only by Python's cyclic collector, whose full pass runs only
            # after the long-lived objects grow by a quarter: in the attract demo up to
            # four finished tables (one of each game), with their pictures and move logs,
            # were alive beside the one playing, and were freed in bulk (issue 30).
            # Collect once here, a tick after the table left (the call that removed it
            # held it until then), while the title is at rest, and give the freed pages
            # back to the system (game.shell.memory).
            self._collect_left_scenes = False
            release_memory()
        if self.app.demo and self.games and self.ticks - self._entered_at >= ATTRACT_WAIT_TICKS:
            info = self.games[self._attract_next % len(self.games)]
            self._attract_next += 1
            self.row, self.col = 0, self.games.index(info)
            self.attract_game = self.app.push(info.new_scene(self.app))

    # -- actions -------------------------------------------------------------------
    def start_game(self, info: GameInfo, begin: Callable[[GameInfo], None] | None = None) -> None:
        """A new game (`begin`, by default the set-up), or the one in progress."""
        begin = begin or self.new_game
        if info.gives("resume_scene") and self.app.storage.has_saved_game(info.id):
            self.app.push(
                ChoiceDialog(
                    self.app,
                    _("You have a game of {game} in progress.").format(game=_(info.title)),
                    [
                        ("C", _("Continue"), lambda: self.resume_game(info)),
                        ("N", _("New game"), lambda: begin(info)),
                        ("X", _("Cancel"), lambda: None),
                    ],
                    title=_(info.title),
                )
            )
        else:
            begin(info)

    def new_game(self, info: GameInfo) -> None:
        self.app.storage.clear_game(info.id)
        self.app.push(info.new_scene(self.app))

    def resume_game(self, info: GameInfo) -> None:
        scene = None
        if info.gives("resume_scene"):
            scene = self.app.storage.resume_game(
                info.id, lambda data: info.resume_scene(self.app, data)
            )
        if scene is None:
            self._layout_buttons()
            return
        self.app.push(scene)

    def open_settings(self) -> None:
        # late import: each screen is imported when first opened, not at start-up, where they
        # would cost (measured after the title's own imports): Settings 11 ms, Scores 26 ms,
        # the set-up 21 ms, Join 270 ms (the network), Help 3 ms
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_daily(self) -> None:
        """Today's deal of every game (issue 35)."""
        # late import: as the other screens (see Settings above)
        from game.scenes.daily import DailyScene

        self.app.push(DailyScene(self.app))

    def open_scores(self) -> None:
        # late import: Scores 26 ms at start-up otherwise (see Settings above)
        from game.scenes.scores import ScoresScene

        game_id = self.games[self.col].id if self.row == 0 and self.games else None
        self.app.push(ScoresScene(self.app, game_id))

    def play_with_friends(self) -> None:
        """Host a table (a game's set-up with a friend's seat) or join one."""
        hosted = [g for g in self.games if g.network_table is not None]
        choices = [
            (str(i + 1), _(g.title), lambda g=g: self.start_game(g, self.host_game))
            for i, g in enumerate(hosted)
        ]
        self.app.push(
            ChoiceDialog(
                self.app,
                _(
                    "Play with friends on their own machines. Host a table: choose the "
                    "game, and its set-up opens with a seat for a friend. Or join a "
                    "friend's table."
                ),
                choices + [("J", _("Join"), self.join_table), ("X", _("Back"), lambda: None)],
                title=_("Play with friends"),
            )
        )

    def host_game(self, info: GameInfo) -> None:
        """The game's set-up, its second seat a friend's (the table opens to the network
        when it starts)."""
        # late import: the set-up 21 ms at start-up otherwise (see Settings above)
        from game.shell.setup import SetupScene

        setup = info.new_scene(self.app)
        if isinstance(setup, SetupScene):
            setup.open_to_friends()
        self.app.push(setup)

    def join_table(self) -> None:
        # late import: Join brings the network: 270 ms at start-up otherwise
        from game.scenes.join import JoinScene

        self.app.push(JoinScene(self.app))

    def play_code(self) -> None:
        """K: play a deal by its code (typed or pasted), at its game's standard table."""
        # late import: as the other screens (see Settings above)
        from game.shell.code_entry import DealCodeEntry
        from game.shell.registry import game_of_letter

        def chosen(code) -> None:
            info = game_of_letter(code.letter)
            if info is not None and info.deal_table is not None:
                # A game in progress is offered first (Continue, or the new deal over it).
                self.start_game(info, lambda info: self.deal_game(info, code))

        self.app.push(DealCodeEntry(self.app, chosen))

    def deal_game(self, info: GameInfo, code) -> None:
        """A new game of `info` on the deal of `code`, at its standard table."""
        self.app.storage.clear_game(info.id)
        self.app.push(info.deal_table(self.app, code, None))

    def ask_quit(self) -> None:
        confirm(self.app, _("Quit Pixel Parlor?"), self.app.quit, title=_("Quit"))

    def activate(self) -> None:
        if self.row == 0 and self.games:
            self.start_game(self.games[self.col])
        elif self.row == 1:
            self.button_actions[self.col]()

    def handle(self, action: Action) -> None:
        self._entered_at = self.ticks  # any input postpones the attract loop
        name = action.name
        if name in ("left", "right"):
            count = len(self.games) if self.row == 0 else len(self.buttons)
            self.col = (self.col + (1 if name == "right" else -1)) % max(1, count)
            self.speak_focus()
        elif name in ("up", "down", "tab"):
            rows = [r for r, n in ((0, len(self.games)), (1, len(self.buttons))) if n]
            self.row = rows[(rows.index(self.row) + 1) % len(rows)] if self.row in rows else rows[0]
            count = len(self.games) if self.row == 0 else len(self.buttons)
            self.col = min(self.col, count - 1)
            self.speak_focus()
        elif name in ("confirm", "space"):
            self.activate()
        elif name == "cancel":
            self.ask_quit()
        elif name == "char":
            self._handle_char(action.char.lower())
        elif name in ("hover", "click"):
            self._handle_pointer(action)

    def speak_focus(self) -> None:
        """Speech: the game tile or the button the arrows are on."""
        if self.row == 0 and self.games:
            # TRANSLATORS: spoken on the title: the game tile the arrows are on
            said = _("{game}: Enter plays it.").format(game=_(self.games[self.col].title))
        elif self.buttons:
            said = self.buttons[min(self.col, len(self.buttons) - 1)].label
        else:
            return
        speech.say(said, interrupt=True)

    def _handle_char(self, char: str) -> None:
        if char.isdigit() and 1 <= int(char) <= len(self.games):
            self.row, self.col = 0, int(char) - 1
            self.activate()
            return
        if char == "j":
            self.join_table()
            return
        if char == "k":
            self.play_code()
            return
        for i, button in enumerate(self.buttons):
            if button.action.char == char:
                self.row, self.col = 1, i
                self.button_actions[i]()
                return

    def _handle_pointer(self, action: Action) -> None:
        for i, tile in enumerate(self.tiles):
            if tile.collidepoint(action.pos):
                self.row, self.col = 0, i
                if action.name == "click":
                    self.activate()
                return
        for i, button in enumerate(self.buttons):
            if button.contains(action.pos):
                self.row, self.col = 1, i
                if action.name == "click":
                    self.activate()
                return

    # -- presentation -----------------------------------------------------------------
    def commands(self) -> Sequence[Command]:
        # TRANSLATORS: "Enter", "Esc": the keys' names in the command bar.
        entries = [named_command(_("Enter"), _("Play"), "confirm")]
        if any(b.action.char == "c" for b in self.buttons):
            entries.append(char_command("C", _("Continue")))
        entries += [
            char_command("S", _("Settings")),
            char_command("T", _("Scores")),
            char_command("J", _("Join")),
            # TRANSLATORS: command bar: today's deals (one short word).
            char_command("Y", _("Daily")),
            # TRANSLATORS: command bar: play a deal by its code (one short word).
            char_command("K", _("Code")),
            char_command("H", _("Help")),
            # TRANSLATORS: the command bar's word for the boss key (a phony DOS screen).
            char_command("B", _("Boss")),
            named_command(_("Esc"), _("Quit"), "cancel"),
        ]
        return entries

    def help_pages(self) -> Sequence[HelpPage]:
        # late import: Help 3 ms, when first opened (see Settings above)
        from game.scenes.help import title_help

        return title_help(self.app.storage.settings.keys)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        logo = sprites.logo()
        canvas.blit(logo, ((CANVAS_SIZE[0] - logo.get_width()) // 2, LOGO_TOP))
        small, large = get_font("small"), get_font("large")
        for i, (info, tile) in enumerate(zip(self.games, self.tiles)):
            chosen = self.row == 0 and self.col == i
            self._draw_tile(canvas, info, tile, chosen, small, large)
        for i, button in enumerate(self.buttons):
            button.draw(canvas, focused=(self.row == 1 and self.col == i))
        small.draw(
            canvas, f"v{__version__}", (CANVAS_SIZE[0] - 6, 334), theme.TEXT_DIM, align="right"
        )
        hint = _("Choose a game with the arrows and Enter, or click it.")
        if self.app.pad_layout is not None:
            # TRANSLATORS: {confirm} is the controller's button that chooses: "A", or
            # PlayStation's "Cross".
            hint = _("Choose a game with the d-pad and {confirm}.").format(
                confirm=self.key_word("confirm")
            )
        if self.app.demo:
            hint = _("Demo mode: the computer plays every seat. Press a key to stay here.")
        small.draw(canvas, hint, (CANVAS_SIZE[0] // 2, 286), theme.TEXT_DIM, align="center")

    def _draw_tile(self, canvas, info, tile, chosen, small, large) -> None:
        canvas.blit(sprites.tile(tile.width, tile.height, chosen), tile.topleft)
        icon = info.tile_icon()
        canvas.blit(icon, (tile.centerx - icon.get_width() // 2, tile.y + 10))
        title_colour = theme.TITLE if chosen else theme.TEXT
        y = tile.y + 16 + icon.get_height()
        # A title too long for the large letters wraps; a word too long for them shrinks.
        for line in large.wrap(_(info.title), tile.width - 8):
            font = large if large.measure(line)[0] <= tile.width - 8 else small
            font.draw(canvas, line, (tile.centerx, y), title_colour, align="center")
            y += font.line_height + 1
        for line in tagline_lines(info, tile.width)[:TAGLINE_LINES]:
            small.draw(canvas, line, (tile.centerx, y + 2), theme.TEXT_DIM, align="center")
            y += small.line_height
        if info.gives("resume_scene") and self.app.storage.has_saved_game(info.id):
            small.draw(
                canvas,
                # TRANSLATORS: on a game's title tile, in capitals (under 130 pixels).
                _("SAVED GAME"),
                (tile.centerx, tile.bottom - small.line_height - 4),
                theme.GOOD,
                align="center",
            )
