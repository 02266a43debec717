"""The monkey's hands: random but plausible input for one App, from one seeded generator.

Keys from the whole keyboard (with and without modifiers), typed text, mouse motion,
clicks and wheel anywhere in the window (the letterbox too), window resizes from 1x1 to
4K, focus changes, full-screen toggles and the boss key, in small batches between frames.
game.monkey runs the App with it; tests play calm ones at a table.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

MAX_EVENTS_PER_FRAME = 3  # input arrives in small batches between frames
# Ticks after a batch: usually one, sometimes none (input faster than frames), sometimes
# a burst so that animations finish, computer players move and demos play on.
TICK_CHOICES = (0, 1, 1, 1, 1, 1, 2, 3, 10, 60)

# Keys a player presses most: the ones every screen lists on its command bar.
COMMON_KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_F1,
    pygame.K_QUESTION,
] + [getattr(pygame, f"K_{c}") for c in "123456789cdfghlnopqrstuxy"]
ALL_KEYS = sorted(
    {
        getattr(pygame, name)
        for name in dir(pygame)
        if name.startswith("K_") and isinstance(getattr(pygame, name), int)
    }
)
# A player who stays at the table: no Esc, no help, boss, demo or quit keys.
CALM_KEYS = (
    [
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_TAB,
        pygame.K_BACKSPACE,
        pygame.K_QUESTION,
    ]
    + [getattr(pygame, f"K_{c}") for c in "123456789acfgklmoprstuvwxyz"]
    + [pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_r, pygame.K_n]
)  # the games' verbs
MODIFIERS = [pygame.KMOD_NONE] * 12 + [
    pygame.KMOD_SHIFT,
    pygame.KMOD_LSHIFT,
    pygame.KMOD_CTRL,
    pygame.KMOD_ALT,
    pygame.KMOD_SHIFT | pygame.KMOD_CTRL,
    pygame.KMOD_CAPS,
    pygame.KMOD_NUM,
]
TEXTS = [
    "OK",
    "ok",
    "ann",
    "Zoé",
    "Genevieve Lancaster",
    "  ",
    "ÄÖÜßñ",
    "日本語",
    "🙂",
    "x" * 40,
    "ah",
    "10h",
    "Kc",
    "dir",
    "cls",
    "\u202eevil",
    "exit",
    "help",
]
WINDOW_SIZES = (
    [(1, 1), (2, 3), (40, 30), (100, 60), (320, 180), (639, 359), (1000, 10)]
    + [(640, 360), (800, 600), (1024, 768), (1280, 720), (1366, 768)] * 3
    + [(1920, 1080), (2560, 1440), (3840, 2160)]
)
FOCUS_EVENTS = [
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWLEAVE,
    pygame.WINDOWENTER,
    pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWHIDDEN,
]


class InputMonkey:
    """Random plausible input for one App, from one seeded generator; a calm one plays
    on at the table it is given (no Esc, window changes, boss or quit)."""

    def __init__(self, rng: random.Random, calm: bool = False) -> None:
        self.rng = rng
        self.calm = calm
        self.index = 0  # events posted so far
        self.recent: list[str] = []  # the last few, described

    def drive(
        self, app, events: int, on_frame: Callable[[InputMonkey, object], None] = lambda *_: None
    ) -> int:
        """Post `events` events in small batches, a frame after each batch, until they
        are all posted or the App quits; returns how many were posted."""
        first = self.index
        while self.index - first < events and app.running:
            for _ in range(
                min(self.rng.randint(1, MAX_EVENTS_PER_FRAME), events - (self.index - first))
            ):
                self._remember(self.post_one(app))
                self.index += 1
            app.frame(self.rng.choice(TICK_CHOICES))
            on_frame(self, app)
        return self.index - first

    def _remember(self, description: str) -> None:
        self.recent.append(f"#{self.index} {description}")
        del self.recent[:-8]

    # -- the events ------------------------------------------------------------------------
    def post_one(self, app) -> str:
        """Post one random plausible event (a key is its press and release)."""
        rng = self.rng
        roll = rng.random()
        if self.calm:
            if roll < 0.5:
                return self.key(rng.choice(CALM_KEYS), pygame.KMOD_NONE)
            roll = 0.5 + roll * 0.41  # the mouse events below, and the wheel
        if roll < 0.45:
            return self.key(
                rng.choice(COMMON_KEYS if rng.random() < 0.6 else ALL_KEYS), rng.choice(MODIFIERS)
            )
        if roll < 0.50:
            return self.text(rng.choice(TEXTS))
        if roll < 0.68:
            pos = self.window_pos(app)
            post(
                pygame.MOUSEMOTION,
                pos=pos,
                rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                buttons=(0, 0, 0),
            )
            return f"move {pos}"
        if roll < 0.86:
            pos, button = self.window_pos(app), rng.choice([1] * 8 + [2, 3, 3, 4, 5, 6, 7])
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            if rng.random() < 0.95:
                post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
            return f"click {button} at {pos}"
        if roll < 0.91:
            x, y = rng.randint(-3, 3), rng.randint(-3, 3)
            post(
                pygame.MOUSEWHEEL,
                x=x,
                y=y,
                flipped=rng.random() < 0.1,
                precise_x=float(x),
                precise_y=float(y),
            )
            return f"wheel {x},{y}"
        if roll < 0.93:
            return self.resize()
        if roll < 0.96:
            kind = rng.choice(FOCUS_EVENTS)
            post(kind)
            return pygame.event.event_name(kind)
        if roll < 0.985:
            if rng.random() < 0.5:
                return self.key(pygame.K_F11, pygame.KMOD_NONE)
            return self.key(pygame.K_RETURN, pygame.KMOD_ALT)
        if roll < 0.9995:
            # The boss key, and what gets back from the phony screen (after whatever
            # was typed on its prompt).
            if rng.random() < 0.3:
                return self.key(rng.choice([pygame.K_b, pygame.K_F12]), pygame.KMOD_NONE)
            self.key(pygame.K_RETURN, pygame.KMOD_NONE)
            return self.text("OK\r")
        post(pygame.QUIT)  # the player closes the window
        return "quit"

    def key(self, code: int, mod: int) -> str:
        name = pygame.key.name(code)
        text = name if len(name) == 1 and name.isprintable() else ""
        if text and mod & (pygame.KMOD_SHIFT | pygame.KMOD_CAPS):
            text = text.upper()
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            text = ""
        post(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
        post(pygame.KEYUP, key=code, mod=mod, unicode=text, scancode=0)
        return f"key {name or code} mod {mod}"

    def text(self, text: str) -> str:
        """Typing: a key event per character, with the text SDL would send too."""
        for char in text + ("\r" if self.rng.random() < 0.3 else ""):
            if char == "\r":
                self.key(pygame.K_RETURN, pygame.KMOD_NONE)
                continue
            code = pygame.key.key_code(char.lower()) if len(char.encode()) == 1 else 0
            post(pygame.TEXTINPUT, text=char)
            post(
                pygame.KEYDOWN,
                key=code,
                mod=pygame.KMOD_SHIFT if char.isupper() else 0,
                unicode=char,
                scancode=0,
            )
            post(pygame.KEYUP, key=code, mod=0, unicode=char, scancode=0)
        return f"type {text!r}"

    def window_pos(self, app) -> tuple[int, int]:
        """Anywhere in the window, now and then just outside it; often on the picture."""
        width, height = pygame.display.get_surface().get_size()
        rng = self.rng
        if rng.random() < 0.6:  # where the game's own things are
            x, y = app.display.to_window((rng.randrange(640), rng.randrange(360)))
            return (x, y)
        return (rng.randint(-20, width + 20), rng.randint(-20, height + 20))

    def resize(self) -> str:
        """What a window manager does: a new size, then SDL's events saying so."""
        if pygame.display.is_fullscreen():
            return "resize skipped (full screen)"
        size = self.rng.choice(WINDOW_SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.WINDOWRESIZED, x=size[0], y=size[1])
        post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        return f"resize {size}"


def post(kind: int, **attributes) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))
