"""The Scene: one screen of the game, living on the app's scene stack.

A scene turns actions into engine calls, advances its animations one fixed tick at a
time, and draws itself on the 640×360 canvas. It never sees raw key or mouse events and
never decides a rule: that is the engine's job.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.input import Action

if TYPE_CHECKING:
    from game.shell.app import App


@dataclass(frozen=True)
class Command:
    """An entry of the command bar: the key's label, a one-word meaning, and the action
    pressing that key makes (clicking the entry makes the same action)."""

    key: str
    word: str
    action: Action
    #: False hides the entry: the bar lists only keys valid right now.
    enabled: bool = True
    #: For toggles: True/False shows the toggle's state; None for plain commands.
    state: bool | None = None


@dataclass(frozen=True)
class HelpPage:
    """One page of a scene's help: a heading and paragraphs (blank line = new paragraph)."""

    heading: str
    text: str


def char_command(key: str, word: str, enabled: bool = True, state: bool | None = None) -> Command:
    """A command bar entry for a letter or digit key, e.g. char_command("R", "Roll")."""
    return Command(key, word, Action("char", char=key.lower()), enabled, state)


def named_command(key: str, word: str, name: str, enabled: bool = True) -> Command:
    """A command bar entry for a named key, e.g. named_command("Esc", "Exit", "cancel")."""
    return Command(key, word, Action(name), enabled)


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
    #: True for scenes that show their own command bar on the bottom line.
    has_command_bar = False

    def __init__(self, app: App):
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
                self.app.press(hit.action)
                return
        self.handle(action)

    def handle(self, action: Action) -> None:
        """React to one action."""

    def commands(self) -> Sequence[Command]:
        """The command bar entries valid right now."""
        return ()

    def help_pages(self) -> Sequence[HelpPage]:
        """Pages shown by H / F1 in this scene."""
        return ()

    # -- helpers --------------------------------------------------------------------
    def cursor_shown(self, blink_ticks: int) -> bool:
        """Whether a text cursor blinking every `blink_ticks` is on now: on at once after
        a key, blinking while the player is active, and on for good once they have been
        idle CURSOR_BLINK_TIMEOUT_TICKS, as desktop cursors do, so that a screen waiting
        for a key changes nothing and costs nothing to keep showing."""
        idle = self.ticks - self.input_tick
        return idle >= CURSOR_BLINK_TIMEOUT_TICKS or (idle // blink_ticks) % 2 == 0

    def anim(self, ticks: int) -> int:
        """An animation's length in ticks: zero in fast mode."""
        return 0 if self.app.fast else ticks

    def close(self) -> None:
        """Leave this scene (pop it)."""
        self.app.scenes.remove(self)
