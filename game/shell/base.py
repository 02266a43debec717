"""The Scene: one screen of the game, living on the app's scene stack.

A scene turns actions into engine calls, advances its animations one fixed tick at a
time, and draws itself on the 640×360 canvas. It never sees raw key or mouse events and
never decides a rule: that is the engine's job.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from game import input as keys
from game.input import Action, PadLayout
from game.storage.settings import FAST, QUICK

# The command bar's entries belong to the bar (game.ui); scenes take them from here too.
from game.ui.commandbar import (
    Command,
    CommandBar,
    char_command,
    named_command,
    pad_role,
    with_pad_claims,
)

__all__ = [
    "CURSOR_BLINK_TIMEOUT_TICKS",
    "Command",
    "HelpPage",
    "Scene",
    "SceneApp",
    "Screens",
    "char_command",
    "named_command",
]


class SceneStackLike(Protocol):
    def remove(self, scene: Scene) -> None: ...


class SceneApp(Protocol):
    """What the Scene base asks of the App that runs it (game.shell.app.App). A Protocol,
    because the App imports this base and so this base may not import the App; each
    screen above the shell names the App itself."""

    command_bar: CommandBar
    scenes: SceneStackLike

    @property
    def fast(self) -> bool: ...

    def speed(self, game_id: str | None = None) -> str: ...

    @property
    def reduced_motion(self) -> bool: ...

    def press(self, action: Action) -> None: ...

    @property
    def pad_layout(self) -> PadLayout | None: ...


#: At Quick speed an animation or a pause takes this share of its Normal length.
QUICK_SHARE = 0.5
#: Reduced motion: after a move that lands at once, the table holds still this long
#: (at the game's speed) before the next, a little longer than a card's flight took.
REDUCED_MOTION_PAUSE_TICKS = 20


def speed_ticks(ticks: int, speed: str) -> int:
    """An animation's length in ticks at a speed: all of it at Normal, QUICK_SHARE of it
    (never less than a tick) at Quick, nothing at Fast."""
    if speed == FAST or ticks <= 0:
        return 0
    return max(1, round(ticks * QUICK_SHARE)) if speed == QUICK else ticks


@dataclass(frozen=True)
class HelpPage:
    """One page of a scene's help: a heading and paragraphs (blank line = new paragraph)."""

    heading: str
    text: str
    #: The part of a long help this page belongs to ("Farkle" in the title's help, which
    #: holds every game's rules): the help screen turns to a part by its number.
    chapter: str = ""


@dataclass(frozen=True)
class Screens:
    """The screens the App opens by itself, whatever scene is on top: they sit above the
    shell, so main hands them to the App (game.scenes.screens)."""

    #: H / F1 over any scene: (app, that scene's pages, its title) -> the help screen.
    help: Callable[[SceneApp, Sequence[HelpPage], str], Scene]
    #: The boss key's phony DOS screen.
    boss: Callable[[SceneApp], Scene]
    #: A game's Top Ten and statistics, (app, game id): the end of a game with a new
    #: name in the Top Ten shows them (game.table, below the screens, asks for it).
    scores: Callable[[SceneApp, str], Scene]
    #: The daily deal's screen, (app, game id): the end of a daily game shows its
    #: result, streak, calendar and share line (game.table asks for it); None: none.
    daily: Callable[[SceneApp, str], Scene] | None = None


# A text cursor stops blinking (stays on) after this long without input (GNOME's
# cursor-blink-timeout is 10 s).
CURSOR_BLINK_TIMEOUT_TICKS = 10 * 60


class Scene:
    """Base class of every screen. Subclasses override the hooks they need."""

    #: Shown in help and screenshots.
    title = ""
    #: False for overlays (dialogs, menus) that let the scene beneath show through.
    opaque = True
    #: True while the scene takes typed text: B then types a "b" (F12 stays the boss key).
    wants_text = False
    #: True while the scene has a text field a controller types into with the on-screen
    #: keyboard (names, a friend's address): any pad button opens it (text_rect()).
    on_screen_keyboard = False
    #: The controller's X and Y (and any other button: game.input's PAD_ROLES) for this
    #: screen's most used commands: role -> the chars or action names of the commands it
    #: presses, the first of them on the bar now (game.ui.commandbar.with_pad_claims).
    PAD_BUTTONS: dict[str, tuple[str, ...]] = {}
    #: True for scenes that show their own command bar on the bottom line.
    has_command_bar = False
    #: The help and boss screens (the App's Screens): their own key closes them.
    is_help_screen = False
    is_boss_screen = False
    #: The demo game this scene started and shows beneath it (the title's attract loop):
    #: when that game ends, it is removed and this scene is shown again.
    attract_game: Scene | None = None

    def __init__(self, app: SceneApp):
        self.app = app
        #: Ticks this scene has been updated: frozen while anything covers it.
        self.ticks = 0
        #: self.ticks at the last key, click or pointer move this scene was sent.
        self.input_tick = 0

    # -- life cycle: called by the scene stack -----------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (or swapped in by replace)."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again."""

    def language_changed(self) -> None:
        """The player chose another language: a scene that keeps translated words (a menu
        built once) makes them again here; what is translated as it is drawn needs
        nothing."""

    def save(self) -> None:
        """Persist whatever must survive quitting (called on quit, boss key, autosave)."""

    # -- per tick / per frame -------------------------------------------------------
    def tick(self) -> None:
        """Advance one fixed tick (the app calls this; override update())."""
        self.ticks += 1
        self.update()

    def update(self) -> None:
        """One fixed 1/60 s step of animations and computer play."""

    def draw(self, canvas: pygame.Surface) -> None:
        """Draw the whole scene on the canvas."""

    @property
    def moving(self) -> bool:
        """Whether the scene changes by itself from tick to tick (play goes on without
        input), so the loop must not sleep between frames (see game/pacing.py). A still
        scene's lone changes, such as a blink, still show."""
        return False

    # -- input ----------------------------------------------------------------------
    def dispatch(self, action: Action) -> None:
        """Route an action: command bar clicks become the entry's own action."""
        self.input_tick = self.ticks
        if self.has_command_bar and action.name in ("click", "hover") and action.pos:
            hit = self.app.command_bar.hit(self.commands(), action.pos)
            if hit is not None and action.name == "click":
                if hit.enabled:  # a dimmed entry answers nothing, and nothing beneath it
                    self.app.press(hit.action)
                return
        self.handle(action)

    def handle(self, action: Action) -> None:
        """React to one action."""

    def commands(self) -> Sequence[Command]:
        """The command bar entries valid right now."""
        return ()

    def bar(self) -> list[Command]:
        """The command bar as shown: the entries, with the buttons PAD_BUTTONS gives them."""
        return with_pad_claims(self.commands(), self.pad_claims())

    def pad_claims(self) -> dict[str, tuple[str, ...]]:
        """PAD_BUTTONS as the bar's entries send them now (a table looks its commands'
        keys up, since a player may have moved them)."""
        return self.PAD_BUTTONS

    def help_pages(self) -> Sequence[HelpPage]:
        """Pages shown by H / F1 in this scene."""
        return ()

    def key_word(self, what: str) -> str:
        """What a hint drawn on this screen calls the key or button that does `what`, on
        the device played last, so that it names what the player presses: "confirm" and
        "cancel" are Enter and Esc, or a controller's A and B by its family's names
        (game.input.key_word); any other is the char or action name of an entry of the
        bar, called as the bar shows it: its key's label ("N"), or the button a
        controller presses it with ("Y", "Triangle"), "" if none (nor such an entry)."""
        pad = getattr(self.app, "pad_layout", None)
        if what in ("confirm", "cancel"):
            return keys.key_word(what, pad)
        for command in self.bar():
            if (command.action.char or command.action.name) == what:
                return command.key if pad is None else keys.button_word(pad, pad_role(command))
        return ""

    def text_rect(self) -> pygame.Rect | None:
        """The text field being typed in, where the on-screen keyboard must not cover it."""
        return None

    # -- helpers --------------------------------------------------------------------
    def cursor_shown(self, blink_ticks: int) -> bool:
        """Whether a text cursor blinking every `blink_ticks` is on now: on at once after
        a key, blinking while the player is active, and on for good once they have been
        idle CURSOR_BLINK_TIMEOUT_TICKS, as desktop cursors do, so that a screen waiting
        for a key changes nothing and costs nothing to keep showing."""
        idle = self.ticks - self.input_tick
        return (
            self.reduced_motion  # a steady cursor: nothing flashes
            or idle >= CURSOR_BLINK_TIMEOUT_TICKS
            or (idle // blink_ticks) % 2 == 0
        )

    def blink(self, rate: int) -> int:
        """The frame of something that bobs or blinks every `rate` ticks (0, 1, 2...):
        always 0 with reduced motion, where nothing bobs or flashes."""
        return 0 if self.reduced_motion else self.ticks // rate

    def anim(self, ticks: int) -> int:
        """An animation's length in ticks at the speed of the game in view."""
        return speed_ticks(ticks, self.app.speed())

    # -- reduced motion (issue 34) ----------------------------------------------------
    @property
    def reduced_motion(self) -> bool:
        """Reduced motion (Settings): nothing tumbles, flies, bobs or flashes."""
        return bool(getattr(self.app, "reduced_motion", False))

    def motion(self, ticks: int) -> int:
        """A movement's length (a card flying, dice tumbling, a door falling): as anim()
        says, or none with reduced motion, where things land at once (then still_pause())."""
        return 0 if self.reduced_motion else self.anim(ticks)

    def still_pause(self) -> int:
        """The still pause that follows a movement made instant by reduced motion, so
        that the eye can follow one move to the next (none otherwise, or at Fast)."""
        return self.anim(REDUCED_MOTION_PAUSE_TICKS) if self.reduced_motion else 0

    def close(self) -> None:
        """Leave this scene (pop it)."""
        self.app.scenes.remove(self)
