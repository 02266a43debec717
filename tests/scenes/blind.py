"""A blind player for the scene tests (issue 34): speech on, the screen unseen.

The player hears what game.speech says (a Quiet speaker records every line) and presses
keys; each key is chosen from the lines heard, never from the engine or the screen. Time
passes with the harness's settle (the player waits while the table moves and talks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pygame

from game import speech
from tests.harness import key, run, run_until

#: Keys by the name a blind player gives them.
KEYS = {
    "enter": pygame.K_RETURN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "space": pygame.K_SPACE,
    "esc": pygame.K_ESCAPE,
    "backspace": pygame.K_BACKSPACE,
    "tab": pygame.K_TAB,
    "read_hand": pygame.K_F2,
    "read_table": pygame.K_F3,
    "read_score": pygame.K_F4,
}


class BlindPlayer:
    """Presses keys and hears lines; `heard` is everything said since the last key."""

    def __init__(self, app, scene, speaker: speech.Speaker) -> None:
        self.app = app
        self.scene = scene
        self.speaker = speaker
        self._said = 0  # everything said since speech was turned on
        self.transcript: list[str] = []
        self.keys = 0

    def _new(self) -> list[str]:
        fresh = self.speaker.said_since(self._said)
        self._said = self.speaker.count
        self.transcript += fresh
        return fresh

    def listen(self) -> list[str]:
        """Wait until the table is at rest; the lines said since the last listen."""
        run(self.app, 2)  # a frame or two at least: the game talks in its tick
        try:
            run_until(self.app, self._resting, 20_000)
        except AssertionError:
            raise AssertionError(" | ".join(self.transcript[-10:] + self._new())) from None
        return self._new()

    def _resting(self) -> bool:
        """The table has come to rest and has nothing left to work out (a hint), or a
        screen over it waits (a covered table thinks no more)."""
        scene = self.scene
        covered = self.app.scenes.top is not scene
        return scene.at_rest() and (covered or not scene.thinking)

    def press(self, name: str) -> list[str]:
        """A key by name ("enter", "right", "read_hand") or a character; the lines it
        brought once the table is at rest."""
        self.keys += 1
        if name in KEYS:
            key(self.app, KEYS[name])
        elif name == "?":
            key(self.app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
        else:
            key(self.app, pygame.key.key_code(name.lower()), text=name)
        return self.listen()

    def type(self, text: str) -> None:
        for char in text:
            self.press(char)

    def until_heard(self, name: str, wanted: Callable[[str], bool], limit: int = 60) -> str:
        """Press `name` until a line it brings satisfies `wanted`; that line."""
        for _ in range(limit):
            for line in reversed(self.press(name)):
                if wanted(line):
                    return line
        raise AssertionError(f"never heard what was wanted after {limit} presses of {name}")


def last_matching(lines: Iterable[str], *patterns: str) -> tuple[str, re.Match[str]] | None:
    """The newest line matching one of `patterns` (regular expressions), and its match."""
    for line in reversed(list(lines)):
        for pattern in patterns:
            found = re.search(pattern, line)
            if found:
                return line, found
    return None


def numbers_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]
