"""Beeps and cheers: chiptune WAVs played by name, with volume, mute and a silent fallback.

No audio device, no mixer module, a missing file: the game stays silent and otherwise
the same, and says why once ("Sound is off: no audio device", in the log and on the
Settings screen). Nothing here raises for lack of sound; only an unknown sound name
raises (KeyError), so that a typo shows up in tests rather than as a silence. What the
audio libraries themselves print while they look for a device (ALSA's eight "ALSA lib"
lines on a machine without a sound card) is kept off the terminal.

The mixer adds the voices up, and past full scale it clips into noise (demo + fast mode
fires dozens of sounds a second). So a few voices at most sound at once, and the newest
always wins: before a sound starts, the oldest voices stop until the new one fits both
the voice count and the headroom (the loudest samples of the sounding voices, at their
gains and the master volume, adding up to less than full scale: their sum cannot clip).
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from array import array
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from game.lang import N_
from game.resources import asset_path

# The program's own sounds, by name (assets/sounds/<name>.wav, made by assetgen/sounds.py),
# each with its gain so that nothing shouts over the clicks; master volume scales them all.
# A game adds its own in its registration (GameInfo.sounds), made by its art maker.
GAINS = {
    "click": 0.6,  # a button or menu choice
    "error": 0.8,  # an illegal move: a soft double buzz
    "dice_rattle": 0.9,  # dice tumbling
    "card_flip": 0.7,  # a card turned or dealt
    "card_slide": 0.6,  # a card moved across the table
    "win": 1.0,  # a win cheer
    "big_win": 1.0,  # a bigger cheer (a Lucie win without reshuffles, a record score)
    "reminder": 0.8,  # a two-note chime (Lucie's last-reshuffle prompt)
    "medal": 0.9,  # a sparkle of bells: a medal earned (game.table.medals)
}
# Cheers (wins, big wins, applause, fanfares) have a volume of their own, apart from the
# effects (every other sound: clicks, dice, cards, buzzes): Settings sets both (issue 34).
# A game names its own cheers in its registration (GameInfo.cheers).
CHEERS = frozenset({"win", "big_win", "medal"})
EFFECTS, CHEER = "effects", "cheers"
# No more than this many sounds at once; more only blur into each other.
MAX_VOICES = 4
# The sounding voices' peaks may add up to this much of full scale. The peaks are upper
# bounds already and the mixer rounds volumes down, so this keeps the sum below clipping
# while two cheers (each near 0.48) can still ring together.
HEADROOM = 0.98
FREQUENCY = 44100
BUFFER = 512  # small: a click must sound at once
# TRANSLATORS: why the sound is off, as Settings says it: "Sound is off: no audio device."
NO_DEVICE = N_("no audio device")
# What ALSA writes on stderr, from C, when it finds no sound card (one line per config
# lookup that fails: eight on a machine without one).
LIBRARY_CHATTER = ("ALSA lib ",)  # i18n: not shown (what a C library prints)

log = logging.getLogger(__name__)


def voices_to_stop(levels: Sequence[float], new_level: float) -> int:
    """How many of the sounding voices (their peak levels, oldest first) must stop so
    that a new voice of `new_level` fits MAX_VOICES and HEADROOM: the newest wins."""
    cut = 0
    while cut < len(levels) and (
        len(levels) - cut >= MAX_VOICES or sum(levels[cut:]) + new_level > HEADROOM
    ):
        cut += 1
    return cut


# Signed 16-bit samples: a sample's high byte h → m such that |sample| <= (m + 1) * 256.
# (A negative sample's high byte is rounded down, so there m is one less than |h|.)
_HIGH_BYTE_MAGNITUDE = bytes(b if b < 128 else 255 - b for b in range(256))


def sample_peak(sound: pygame.mixer.Sound) -> float:
    """A loaded sound's loudest sample as the mixer holds it (after resampling, which can
    overshoot the file's peak), 0..1 of full scale, rounded up to 1/128."""
    init = pygame.mixer.get_init()
    size = init[1] if init else 0
    raw = sound.get_raw()
    if size == -16:
        # Only the high bytes are looked at, with C-speed searches: an exact max over
        # every sample took 60 ms for twelve sounds, this takes 3.
        high = raw[1 if sys.byteorder == "little" else 0 :: 2].translate(_HIGH_BYTE_MAGNITUDE)
        for magnitude in range(127, -1, -1):
            if magnitude in high:
                return min(1.0, (magnitude + 1) / 128)
        return 0.0
    if size == 32:
        samples = array("f")
        samples.frombytes(raw)
        return min(1.0, max(map(abs, samples), default=0.0))
    return 1.0  # an unusual mixer format: count the sound as full scale


def _duplicate_stderr() -> int | None:
    """A second descriptor of stderr, to put it back with; None when there is none."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        return os.dup(2)
    except (OSError, ValueError):
        return None


@contextmanager
def audio_libraries_quiet() -> Iterator[None]:
    """Run the block with the process's stderr (file descriptor 2, where C libraries
    write) sent to a temporary file, then put it back. Of what was caught, the audio
    libraries' chatter goes to the log at DEBUG level and anything else (another thread's
    message) is written to stderr after all. Without a stderr to redirect (a windowed
    program on Windows has none) or a temporary file, the block just runs."""
    try:
        caught = tempfile.TemporaryFile()
    except OSError:
        caught = None
    saved = _duplicate_stderr() if caught is not None else None
    if caught is None or saved is None:
        if caught is not None:
            caught.close()
        yield
        return
    with caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            if sys.stderr is not None:
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        lines = caught.read().decode(errors="replace").splitlines(keepends=True)
    chatter = [line for line in lines if line.startswith(LIBRARY_CHATTER)]
    if chatter:
        log.debug("the audio libraries said: %s", "".join(chatter).rstrip())
    others = [line for line in lines if not line.startswith(LIBRARY_CHATTER)]
    if others and sys.stderr is not None:
        sys.stderr.write("".join(others))
        sys.stderr.flush()


@dataclass
class _Voice:
    name: str
    sound: pygame.mixer.Sound
    channel: pygame.mixer.Channel

    def sounding(self) -> bool:
        return self.channel.get_busy() and self.channel.get_sound() is self.sound


class Audio:
    """The game's sounds. Audio(enabled=False) or no device: every call is a quiet no-op."""

    def __init__(
        self,
        enabled: bool = True,
        sounds: Mapping[str, float] | None = None,
        cheers: Collection[str] = (),
    ):
        """`sounds`: the games' own sounds and their gains, besides the program's GAINS;
        `cheers`: which of them are cheers, besides the program's CHEERS."""
        self.gains = {**GAINS, **(sounds or {})}
        self.cheers = CHEERS | frozenset(cheers)
        self._kind_volumes = {EFFECTS: 1.0, CHEER: 1.0}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._peaks: dict[str, float] = {}  # measured on first play, not at start-up
        self._voices: list[_Voice] = []  # oldest first
        self._volume = 1.0
        self._muted = False
        self.available = False
        #: Why the game is silent though sound was wanted ("no audio device"), or "": in
        #: English (the log), translated where shown, _(problem).
        self.problem = ""
        if enabled:
            self.available = self._start()

    def _start(self) -> bool:
        try:
            # late import: the mixer may be missing from pygame; its failure is caught here, the
            # game stays silent
            import pygame.mixer as mixer
        except (ImportError, NotImplementedError) as error:
            return self._off(N_("this pygame has no mixer"), error)
        if not mixer.get_init():
            try:
                with audio_libraries_quiet():
                    mixer.init(FREQUENCY, -16, 2, BUFFER)
            except pygame.error as error:
                return self._off(NO_DEVICE, error)
        try:
            mixer.set_num_channels(MAX_VOICES)
            for name in self.gains:
                self._sounds[name] = mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (pygame.error, OSError) as error:
            self._sounds.clear()
            return self._off(N_("the sound files cannot be read"), error)
        self._apply_volume()
        return True

    def _off(self, problem: str, error: BaseException) -> bool:
        """Silent from now on, said once (the log; the Settings screen shows `problem`)."""
        self.problem = problem
        log.warning("Sound is off: %s (%s)", problem, error)
        return False

    def _apply_volume(self) -> None:
        for name, sound in self._sounds.items():
            sound.set_volume(self._loudness(name))

    def kind(self, name: str) -> str:
        """Whether a sound is one of the cheers (CHEER) or an effect (EFFECTS)."""
        return CHEER if name in self.cheers else EFFECTS

    def _loudness(self, name: str) -> float:
        """A sound's volume: its gain, its kind's volume and the master volume."""
        return self._volume * self._kind_volumes[self.kind(name)] * self.gains[name]

    @property
    def effects_volume(self) -> float:
        """Volume of the effects (every sound but the cheers), 0..1."""
        return self._kind_volumes[EFFECTS]

    @effects_volume.setter
    def effects_volume(self, value: float) -> None:
        self.set_volumes(value, self.cheers_volume)

    @property
    def cheers_volume(self) -> float:
        """Volume of the cheers, 0..1."""
        return self._kind_volumes[CHEER]

    @cheers_volume.setter
    def cheers_volume(self, value: float) -> None:
        self.set_volumes(self.effects_volume, value)

    def set_volumes(self, effects: float, cheers: float) -> None:
        """Both kinds' volumes at once (0..1 each; out of range is clamped)."""
        for kind, value in ((EFFECTS, effects), (CHEER, cheers)):
            self._kind_volumes[kind] = min(1.0, max(0.0, float(value)))
        if self.available:
            self._apply_volume()

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
        """Play a sound by name (one of `gains`)."""
        if name not in self.gains:
            raise KeyError(f"no sound {name!r}; sounds are {tuple(self.gains)}")
        if not self.available or self._muted or self._loudness(name) <= 0:
            return
        try:
            self._start_voice(name)
        except pygame.error:
            pass

    def level(self, name: str) -> float:
        """A sound's loudest sample at its gain, its kind's and the master volume (0..1)."""
        if name not in self._peaks:
            self._peaks[name] = sample_peak(self._sounds[name])
        return self._peaks[name] * self._loudness(name)

    def sounding(self) -> list[str]:
        """Names of the sounds playing now, oldest first."""
        self._voices = [v for v in self._voices if v.sounding()]
        return [v.name for v in self._voices]

    def _start_voice(self, name: str) -> None:
        levels = [self.level(n) for n in self.sounding()]
        for voice in self._voices[: voices_to_stop(levels, self.level(name))]:
            # A hard stop: chiptune is all steps already, so a cut adds no click to hear.
            voice.channel.stop()
        self._voices = [v for v in self._voices if v.sounding()]
        channel: pygame.mixer.Channel | None = pygame.mixer.find_channel()
        if channel is None:  # every channel busy though no voice of ours is: steal
            channel = pygame.mixer.find_channel(True)
        sound = self._sounds[name]
        channel.play(sound)
        self._voices.append(_Voice(name, sound, channel))

    def stop_all(self) -> None:
        """Silence everything now (boss key, leaving a game)."""
        self._voices.clear()
        if not self.available:
            return
        try:
            pygame.mixer.stop()
        except pygame.error:
            pass

    def length(self, name: str) -> float:
        """Seconds a sound lasts (0 when unavailable)."""
        if name not in self.gains:
            raise KeyError(f"no sound {name!r}")
        sound = self._sounds.get(name)
        return sound.get_length() if sound else 0.0
