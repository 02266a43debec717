"""Farkle's art: the title icon and its sounds (its dice come from the shared dice sheet,
dice.py)."""

from __future__ import annotations

import pygame

from . import pix
from .brand import ICON_SIZE, mini_die
from .sound import finish, melody, mix, sound_files


def icon() -> pygame.Surface:
    """The title tile's 48x48 icon."""
    s = pix.new(ICON_SIZE, ICON_SIZE)
    # White dice only: on the dark menu tiles a red (black in mono) die would vanish.
    s.blit(mini_die(5), (2, 3))
    s.blit(mini_die(1), (25, 1))
    s.blit(mini_die(6), (12, 24))
    s.blit(mini_die(3), (32, 27))
    return s


def farkle():
    """The sad trombone: four notes falling, the last one wobbling."""
    parts, end = melody(
        [("G4", 1), ("F#4", 1), ("F4", 1), ("E4", 3)],
        0.17,
        duty=0.25,
        release=0.12,
        vibrato_last=0.02,
    )
    return finish(mix(end + 0.05, *parts), peak=0.42)


def hot_dice():
    """A quick rising arpeggio and a sparkle on top."""
    parts, end = melody(
        [("C5", 1), ("E5", 1), ("G5", 1), ("C6", 1), ("E6", 1), ("G6", 2)], 0.045, duty=0.25
    )
    sparkle, _ = melody([("C7", 1), ("G6", 1), ("C7", 2)], 0.04, duty=0.125, level=0.5)
    return finish(mix(end + 0.12, *parts, *[(t + end - 0.05, v) for t, v in sparkle]), peak=0.42)


# The game's own sounds (GameInfo.sounds gives their gains).
SOUNDS = {"farkle": farkle, "hot_dice": hot_dice}


def build() -> dict:
    """The sounds as sounds/<name>.wav (the dice sheet is dice.py's)."""
    return sound_files(SOUNDS)
