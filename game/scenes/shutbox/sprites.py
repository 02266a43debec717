"""Shut The Box's sprite sheet (assets/sprites/shutbox.png, made by assetgen/shutbox.py):
doors 1-9 up and down, the box, the scorecard's dots.

Like game.art.sprites, every accessor returns a cached Surface: blit it, never draw on it.
"""

from __future__ import annotations

import pygame

from game.art.sprites import frame

SHEET = "shutbox"

DOOR_SIZE = (40, 84)  # up and down doors share the frame: place both at one spot
DOOR_HINGE = 56  # y of the hinge: up doors stand above, down doors lie below
DOOR_PITCH = 42
BOX_SIZE = (416, 176)
BOX_DOOR_ORIGIN = (20, 12)  # where door 1 goes inside box(); door n at + (n-1)*DOOR_PITCH
BOX_TRAY = pygame.Rect(14, 102, 388, 60)  # the felt where the dice land, inside box()
SCORE_DOT_SIZE = (7, 7)
DOOR_LOOKS = ((False, False), (True, False), (False, True), (True, True))  # (down, hilite)


def door_name(number: int, down: bool = False, hilite: bool = False) -> str:
    """A door's frame name: "door_4_up", "door_4_down_hilite"..."""
    return f"door_{int(number)}_{'down' if down else 'up'}" + ("_hilite" if hilite else "")


def door(number: int, down: bool = False, hilite: bool = False) -> pygame.Surface:
    """Door 1-9, up or down (shut); hilite adds the cursor ring. All share DOOR_SIZE."""
    return frame(SHEET, door_name(number, down, hilite))


def box() -> pygame.Surface:
    """The wooden box with its felt tray; doors go at BOX_DOOR_ORIGIN + n*DOOR_PITCH."""
    return frame(SHEET, "box")


def score_dot(filled: bool) -> pygame.Surface:
    """A scorecard dot (one per five points); drawn for light panels."""
    return frame(SHEET, "dot_filled" if filled else "dot_empty")


# Every frame of the sheet, as the accessors name them (tests/art checks the sheet has them).
FRAMES = (
    *(door_name(n, down, hilite) for n in range(1, 10) for down, hilite in DOOR_LOOKS),
    *("box", "dot_filled", "dot_empty"),
)
