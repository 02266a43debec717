"""Settings: display, colours, animations and sound, kept between runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import lang, speech
from game.art import sprites
from game.art.font import get_font, set_large_text
from game.art.palette import COLOUR, MONO, SAFE, SHOWINGS
from game.display import CANVAS_SIZE
from game.input import Action
from game.lang import N_, _
from game.scenes.keys import KeysScene
from game.shell.base import Command, HelpPage, Scene, named_command
from game.shell.registry import GameInfo, registered_games
from game.storage import DEFAULT_NAME
from game.storage.settings import SPEED_LABELS, next_speed
from game.ui import theme
from game.ui.commandbar import BAR_TOP
from game.ui.widgets import Menu, MenuItem, draw_panel, percent

if TYPE_CHECKING:
    from game.shell.app import App

PANEL_RECT = pygame.Rect(120, 40, CANVAS_SIZE[0] - 240, BAR_TOP - 64)
VOLUME_STEP = 0.1
ROW_HEIGHT = 20  # a menu row, when they all fit


def least_row_height() -> int:
    """The least height of a row: a line of the font of the moment and its margin."""
    return get_font("small").line_height + 2


def below_rows(notes: int) -> int:
    """Kept under the rows: two lines of hint and the notes (at least one) in the font of
    the moment, and the gaps: 10 px above the hint, 4 above the notes, 4 to the panel's
    border (two notes, --fast and --no-sound, reached into the border with 12 in all)."""
    return (2 + max(1, notes)) * get_font("small").line_height + 18


#: The Colours row's values, by palette.SHOWINGS; shown translated.
COLOURS_LABELS = {
    COLOUR: N_("Colour"),
    SAFE: N_("Colour-blind safe"),
    MONO: N_("Black & white"),
}


def speed_hint() -> str:
    """The hint of every game's speed row, in the language of the moment."""
    return _(
        "Normal shows every roll and card; Quick makes animations and pauses half "
        "as long; Fast drops them. Each game keeps its own; F at its table turns it "
        "(--fast: every game Fast for one run)."
    )


def on_off(value: bool) -> str:
    # TRANSLATORS: a setting's value, as "Sound  < On >".
    return _("On") if value else _("Off")


class SettingsScene(Scene):
    """A menu of switches: Enter/click flips one, left/right adjusts, Esc goes back."""

    title = N_("Settings")  # translated where shown
    has_command_bar = True

    def __init__(self, app: App):
        super().__init__(app)
        self._build()

    def enter(self) -> None:
        """Speech: the screen and the row the keyboard is on."""
        speech.say(_("Settings"), interrupt=True)
        self.menu.speak_row(interrupt=False)

    def language_changed(self) -> None:
        """Every label again in the new language, the same row chosen."""
        selected = self.menu.selected
        self._build()
        self.menu.selected = selected

    def _build(self) -> None:
        """The menu and the notes, in the language of the moment."""
        app = self.app
        s = app.storage.settings
        items = [
            MenuItem(
                # TRANSLATORS: Settings' rows: a label at the left, its value at the right.
                _("Language"),
                value=lambda: lang.LANGUAGE_NAMES[lang.language()],
                adjust=self._change_language,
                hint=_(
                    "English, Français, Polski: every word of the game, at once "
                    "(--lang chooses for one run)."
                ),
            ),
            MenuItem(
                _("Display"),
                value=lambda: _("Full screen") if app.display.fullscreen else _("Window"),
                adjust=lambda step: app.toggle_fullscreen(),
                hint=_("F11 or Alt+Enter switches at any time."),
            ),
            MenuItem(
                _("Colours"),
                value=lambda: _(COLOURS_LABELS[app.showing]),
                adjust=self._change_colours,
                hint=_(
                    "Colour-blind safe: colours that stay apart with any colour-blindness. "
                    "Black and white for monochrome monitors (--mono)."
                ),
            ),
            MenuItem(
                _("Large text"),
                value=lambda: on_off(s.large_text),
                adjust=lambda step: self._flip_large_text(),
                hint=_("Every text one size larger; the screens make room for it."),
            ),
            MenuItem(
                _("Sound"),
                value=lambda: on_off(s.sound),
                adjust=lambda step: self._toggle_sound(),
                hint=_("Beeps and cheers (--no-sound turns them off for one run)."),
            ),
            MenuItem(
                _("Effects volume"),
                value=lambda: percent(round(s.effects_volume, 2)),
                adjust=lambda step: self._change_volume("effects_volume", step),
                hint=_("Clicks, dice, cards and doors. Left and right change it."),
            ),
            MenuItem(
                _("Cheers volume"),
                value=lambda: percent(round(s.cheers_volume, 2)),
                adjust=lambda step: self._change_volume("cheers_volume", step),
                hint=_("Fanfares and applause for wins. Left and right change it."),
            ),
            MenuItem(
                _("Speech"),
                value=lambda: on_off(speech.enabled()),
                adjust=lambda step: self._toggle_speech(),
                hint=_(
                    "Says what matters aloud: whose turn, the roll, the computer's moves, "
                    "refusals, hints and what the keyboard is on. F2 reads your hand, F3 "
                    "the table, F4 the score (--speech turns it on for one run)."
                ),
            ),
            # -- the relay (issue 36) --
            MenuItem(
                # TRANSLATORS: a Settings row: the relay a hosted table opens at.
                _("Relay"),
                value=lambda: s.relay_address.partition("?")[0] or _("None"),
                activate=self._ask_relay,
                hint=_(
                    "Where your table opens when you host through a relay (someone runs "
                    "one: the README says how). Enter types its address."
                ),
            ),
            # -- end of the relay --
            MenuItem(
                _("Reduced motion"),
                value=lambda: on_off(s.reduced_motion),
                adjust=lambda step: self._flip("reduced_motion"),
                hint=_(
                    "Nothing tumbles, flies or flashes: dice and cards land at once, "
                    "with a short pause after each move."
                ),
            ),
            *(self._speed_item(info) for info in registered_games()),
            MenuItem(
                _("Coach mode"),
                value=lambda: on_off(s.coach),
                adjust=lambda step: self._flip("coach"),
                hint=_(
                    "Before a move that gives up much against the best, the coach "
                    "asks once whether you mean it. Hints (?) and the review after "
                    "a game are there either way."
                ),
            ),
            MenuItem(
                # TRANSLATORS: a Settings row that opens the Keys screen.
                _("Keys…"),
                activate=lambda: app.push(KeysScene(app)),
                hint=_(
                    "Each game's table commands and their keys: choose a command, press "
                    "its new key."
                ),
            ),
            MenuItem(_("Back"), activate=self.close),
        ]
        self.notes = []
        if app.options.mono:
            self.notes.append(_("--mono is on for this run."))
        if app.options.fast:
            self.notes.append(_("--fast: every game Fast this run, but the ones changed here."))
        if app.options.no_sound:
            self.notes.append(_("--no-sound is on for this run."))
        elif app.audio.problem:
            self.notes.append(_("Sound is off: {why}.").format(why=_(app.audio.problem)))
        if app.options.no_save:
            self.notes.append(_("--no-save: these settings last until you quit."))
        top = PANEL_RECT.y + 40
        room = PANEL_RECT.bottom - below_rows(len(self.notes)) - top
        self.menu = Menu(
            items,
            pygame.Rect(PANEL_RECT.x + 16, top, PANEL_RECT.width - 32, 0),
            # Rows close up as games and switches are added, never below a line of text
            # and its margin, keeping room below for the hint and notes; the rest scroll.
            row_height=max(least_row_height(), min(ROW_HEIGHT, room // len(items))),
        )
        self.menu.visible = room // self.menu.row_height

    def _speed_item(self, info: GameInfo) -> MenuItem:
        """A game's speed: each game keeps its own (F at its table turns it too)."""
        app = self.app

        def change(step: int) -> None:
            app.set_speed(info.id, next_speed(app.speed(info.id), step))

        return MenuItem(
            # TRANSLATORS: a Settings row: a game's speed (Normal, Quick or Fast).
            _("{game} speed").format(game=_(info.title)),
            value=lambda: _(SPEED_LABELS[app.speed(info.id)]),
            adjust=change,
            hint=speed_hint(),
        )

    def _change_language(self, step: int) -> None:
        languages = lang.LANGUAGES
        index = languages.index(lang.language()) if lang.language() in languages else 0
        self.app.set_language(languages[(index + step) % len(languages)])

    def _ask_relay(self) -> None:
        """Type the relay's address (an empty one forgets it; one that is none is not kept)."""
        # late import: the relay's address rules and the entry only when asked
        from game.net.protocol import ProtocolError
        from game.net.relayed import parse_relay, shown_relay
        from game.shell.name_entry import NameEntryScene

        settings = self.app.storage.settings

        def done(text: str) -> None:
            typed = text.strip()
            if typed == _(DEFAULT_NAME) or not typed:
                settings.relay_address = ""
            else:
                try:
                    settings.relay_address = shown_relay(parse_relay(typed))
                except ProtocolError as error:
                    speech.say(str(error), interrupt=True)
                    return
            self._changed()

        self.app.push(
            NameEntryScene(
                self.app,
                _("The relay's address, e.g. relay.example.org:8765"),
                done,
                initial=settings.relay_address,
                title=_("Relay"),
                max_length=120,
            )
        )

    def _flip(self, name: str) -> None:
        settings = self.app.storage.settings
        setattr(settings, name, not getattr(settings, name))
        self._changed()

    def _toggle_speech(self) -> None:
        settings = self.app.storage.settings
        settings.speech = not speech.enabled()
        speech.speaker().enabled = settings.speech
        speech.say(_("Speech on"), interrupt=True)  # said only when on
        self._changed()

    def _flip_large_text(self) -> None:
        """Large text on or off: kept, and every open screen laid out again for it."""
        settings = self.app.storage.settings
        settings.large_text = not settings.large_text
        self._changed()
        if set_large_text(settings.large_text):
            for scene in list(self.app.scenes):
                scene.language_changed()  # the hook that makes a screen's words again

    def _toggle_sound(self) -> None:
        settings = self.app.storage.settings
        settings.sound = not settings.sound
        self.app.audio.muted = not settings.sound or self.app.options.no_sound
        if settings.sound:
            self.app.audio.play("click")
        self._changed()

    def _change_volume(self, name: str, step: int) -> None:
        """One kind's volume (effects_volume or cheers_volume) a step up or down; the
        other kind's sound plays at the new volume so that it can be heard."""
        settings = self.app.storage.settings
        volume = round(max(0.0, min(1.0, getattr(settings, name) + step * VOLUME_STEP)), 2)
        setattr(settings, name, volume)
        # An older version reads the one volume: the louder of the two.
        settings.volume = max(settings.effects_volume, settings.cheers_volume)
        audio = self.app.audio
        audio.set_volumes(settings.effects_volume, settings.cheers_volume)
        audio.play("win" if name == "cheers_volume" else "click")
        self._changed()

    def _change_colours(self, step: int) -> None:
        """Colour, colour-blind safe, black and white, round (--mono holds black and white
        for this run, but the choice is kept)."""
        settings = self.app.storage.settings
        chosen = MONO if settings.mono else (SAFE if settings.colour_blind else COLOUR)
        showing = SHOWINGS[(SHOWINGS.index(chosen) + step) % len(SHOWINGS)]
        settings.mono = showing == MONO
        settings.colour_blind = showing == SAFE
        self._changed()

    def _changed(self) -> None:
        self.app.storage.save_settings()

    def handle(self, action: Action) -> None:
        if action.name == "cancel":
            self.close()
        else:
            self.menu.handle(action)

    def commands(self) -> Sequence[Command]:
        return [
            # TRANSLATORS: the Up and Down arrow keys, in the command bar.
            named_command(_("Up/Dn"), _("Choose"), "down"),
            named_command(_("Enter"), _("Change"), "confirm"),
            named_command("<-", _("Less"), "left"),
            named_command("->", _("More"), "right"),
            named_command(_("Esc"), _("Back"), "cancel"),
        ]

    def help_pages(self) -> Sequence[HelpPage]:
        hints: dict[str, str] = {}  # a hint once: every game's speed row shares one
        speed = speed_hint()
        for item in self.menu.items:
            if item.hint and item.hint not in hints:
                hints[item.hint] = _("Each game's speed") if item.hint == speed else item.label
        # TRANSLATORS: a line of Settings' help: a row's name and what it does.
        body = "\n".join(
            _("{row}: {hint}").format(row=label, hint=hint) for hint, label in hints.items()
        )
        return (
            HelpPage(
                _("Settings"),
                body
                + "\n\n"
                + _(
                    "Settings are saved as soon as you change them and used every time "
                    "the game starts."
                ),
            ),
        )

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(sprites.title_backdrop(), (0, 0))
        draw_panel(canvas, PANEL_RECT, _("Settings"))
        get_font("large").draw(
            canvas,
            _("Settings"),
            (PANEL_RECT.centerx, PANEL_RECT.y + 14),
            theme.TITLE,
            align="center",
        )
        self.menu.draw(canvas)
        small = get_font("small")
        item = self.menu.items[self.menu.selected]
        y = self.menu.rect.y + len(self.menu.shown()) * self.menu.row_height + 10
        for line in small.wrap(item.hint, PANEL_RECT.width - 32):
            small.draw(canvas, line, (PANEL_RECT.centerx, y), theme.TEXT_DIM, align="center")
            y += small.line_height
        for note in self.notes:
            small.draw(canvas, note, (PANEL_RECT.centerx, y + 4), theme.ACCENT, align="center")
            y += small.line_height
