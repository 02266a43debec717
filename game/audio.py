"""Beeps and cheers: chiptune WAVs played by name, with volume, mute and a silent fallback.

No audio device, no mixer module, a missing file: the game stays silent and otherwise
the same. Nothing here raises for lack of sound; only an unknown sound name raises
(KeyError), so that a typo shows up in tests rather than as a silence.
"""
from __future__ import annotations

import pygame

from game.resources import asset_path

SOUND_NAMES = (
    "click",        # a button or menu choice
    "error",        # an illegal move: a soft double buzz
    "dice_rattle",  # dice tumbling
    "door_clunk",   # a Shut The Box door falls shut
    "card_flip",    # a card turned or dealt
    "card_slide",   # a card moved across the table
    "farkle",       # a roll with nothing to score: the sad trombone
    "hot_dice",     # all six dice scored: a rising sparkle
    "coup_fourre",  # the counter-thrust fanfare
    "win",          # a win cheer
    "big_win",      # a bigger cheer (a Lucie win without reshuffles, a record score)
    "reminder",     # a two-note chime (Lucie's last-reshuffle prompt)
)
# Per-sound gains so that nothing shouts over the clicks; master volume scales them all.
GAINS = {"click": 0.6, "error": 0.8, "dice_rattle": 0.9, "door_clunk": 0.9,
         "card_flip": 0.7, "card_slide": 0.6, "farkle": 0.9, "hot_dice": 0.9,
         "coup_fourre": 1.0, "win": 1.0, "big_win": 1.0, "reminder": 0.8}
CHANNELS = 16
FREQUENCY = 44100
BUFFER = 512      # small: a click must sound at once


class Audio:
    """The game's sounds. Audio(enabled=False) or no device: every call is a quiet no-op."""

    def __init__(self, enabled: bool = True):
        self._sounds: dict[str, "pygame.mixer.Sound"] = {}
        self._volume = 1.0
        self._muted = False
        self.available = False
        if enabled:
            self.available = self._start()

    def _start(self) -> bool:
        try:
            import pygame.mixer as mixer
            if not mixer.get_init():
                mixer.init(FREQUENCY, -16, 2, BUFFER)
            mixer.set_num_channels(CHANNELS)
            for name in SOUND_NAMES:
                self._sounds[name] = mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (ImportError, NotImplementedError, pygame.error, OSError, FileNotFoundError):
            self._sounds.clear()
            return False
        self._apply_volume()
        return True

    def _apply_volume(self) -> None:
        for name, sound in self._sounds.items():
            sound.set_volume(self._volume * GAINS[name])

    @property
    def volume(self) -> float:
        """Master volume, 0..1."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))
        if self.available:
            self._apply_volume()

    @property
    def muted(self) -> bool:
        """While muted, play() does nothing (and muting stops what is playing)."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self.stop_all()

    def play(self, name: str) -> None:
        """Play a sound by name (one of SOUND_NAMES)."""
        if name not in GAINS:
            raise KeyError(f"no sound {name!r}; sounds are {SOUND_NAMES}")
        if not self.available or self._muted or self._volume <= 0:
            return
        try:
            self._sounds[name].play()
        except pygame.error:
            pass

    def stop_all(self) -> None:
        """Silence everything now (boss key, leaving a game)."""
        if not self.available:
            return
        try:
            pygame.mixer.stop()
        except pygame.error:
            pass

    def length(self, name: str) -> float:
        """Seconds a sound lasts (0 when unavailable)."""
        if name not in GAINS:
            raise KeyError(f"no sound {name!r}")
        sound = self._sounds.get(name)
        return sound.get_length() if sound else 0.0
