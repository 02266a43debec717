"""Input as actions: keys and the mouse become `Action`s; scenes never see raw events.

One key map here turns keyboard events into named actions ("confirm", "left", "char"...),
and mouse events into actions carrying canvas-pixel positions. Global keys (boss key,
full-screen, quit) are recognised here too, so that the app can act on them before any
scene does.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

# Navigation and editing keys → action names. Letters and digits become "char" actions
# carrying the character, so each scene can bind its own letter commands (R Roll, P Pips).
NAMED_KEYS = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "space",
    pygame.K_ESCAPE: "cancel",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete",
    pygame.K_TAB: "tab",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_PAGEUP: "pageup",
    pygame.K_PAGEDOWN: "pagedown",
    pygame.K_F1: "help",
}
# Speech (issue 34): at a table, F2 reads the player's hand aloud, F3 the table, F4 the
# score (free in every game; Alt+F4 still quits: the app takes it first).
NAMED_KEYS.update({pygame.K_F2: "read_hand", pygame.K_F3: "read_table", pygame.K_F4: "read_score"})
KEYPAD_DIGITS = {getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}

# Global keys the app handles itself, whatever the scene.
BOSS_KEYS_ALWAYS = (pygame.K_F12,)  # works even while a scene is typing text
BOSS_CHAR = "b"  # works unless the scene is typing text
HELP_CHAR = "h"
FULLSCREEN_KEY = pygame.K_F11


@dataclass(frozen=True)
class Action:
    """One thing the player asked for, in the scene's terms rather than the device's.

    name: "up", "down", "left", "right", "confirm", "cancel", "space", "backspace",
    "tab", "home", "end", "pageup", "pagedown", "help", "char" (a typed character in
    `char`), "paste" (Ctrl+V, Cmd+V or Shift+Insert: a scene that takes text reads the
    clipboard), "click" / "release" / "hover" / "rclick" (mouse, at canvas `pos`),
    "wheel_up" / "wheel_down", or any scene-specific name made by a command bar entry.
    """

    name: str
    char: str = ""
    pos: tuple[int, int] | None = None
    shift: bool = False

    @property
    def is_mouse(self) -> bool:
        return self.pos is not None


def char_of(event: pygame.event.Event) -> str:
    """The printable character a key event typed, or ''."""
    if event.key in KEYPAD_DIGITS:
        return KEYPAD_DIGITS[event.key]
    text = getattr(event, "unicode", "") or ""
    if len(text) == 1 and text.isprintable() and text != " ":
        return text
    # Events posted without unicode (tests, some platforms) still type letters and digits.
    name = pygame.key.name(event.key) if event.key < 0x40000000 else ""
    if len(name) == 1 and name.isalnum():
        return name.upper() if event.mod & pygame.KMOD_SHIFT else name
    return ""


def key_action(event: pygame.event.Event) -> Action | None:
    """The action a KEYDOWN event stands for, or None for keys that mean nothing."""
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if is_paste(event):
        return Action("paste")
    if event.key in NAMED_KEYS:
        return Action(NAMED_KEYS[event.key], shift=shift)
    char = char_of(event)
    if char:
        return Action("char", char=char, shift=shift)
    return None


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on a Mac) or Shift+Insert: paste."""
    if event.key == pygame.K_v:
        return bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI))
    return event.key == pygame.K_INSERT and bool(event.mod & pygame.KMOD_SHIFT)


def is_alt_enter(event: pygame.event.Event) -> bool:
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(event.mod & pygame.KMOD_ALT)


def is_alt_f4(event: pygame.event.Event) -> bool:
    return event.key == pygame.K_F4 and bool(event.mod & pygame.KMOD_ALT)
