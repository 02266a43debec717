"""A tiny chiptune synthesizer: square, pulse and noise voices, envelopes, a mixer.

Only integer and basic float arithmetic is used (no sin/exp), so the same script makes
the same samples on every machine.
"""

from __future__ import annotations

import sys
import wave
from array import array
from dataclasses import dataclass

RATE = 22050  # plenty for chiptune; the mixer resamples on load
PEAK = 0.45  # loudest sample as a fraction of full scale: gentle, never clipping
SOFTEN = 0.35  # one-pole low-pass coefficient: rounds square edges (lower = softer)


@dataclass
class Wave:
    """Mono 16-bit samples at RATE."""

    rate: int
    samples: list

    def frames(self) -> bytes:
        data = array("h", self.samples)
        if sys.byteorder == "big":
            data.byteswap()
        return data.tobytes()

    def save(self, path) -> None:
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(self.rate)
            out.writeframes(self.frames())

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate


def note(name: str) -> float:
    """Frequency of a note name such as "A4", "C#5" or "Eb3"."""
    steps = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
    semis = steps[name[0]]
    rest = name[1:]
    if rest[0] == "#":
        semis, rest = semis + 1, rest[1:]
    elif rest[0] == "b":
        semis, rest = semis - 1, rest[1:]
    midi = 12 * (int(rest) + 1) + semis
    return 440.0 * 2.0 ** ((midi - 69) / 12.0)


def samples_for(seconds: float) -> int:
    return int(round(seconds * RATE))


def envelope(
    n: int, attack: float = 0.005, decay: float = 0.05, sustain: float = 0.6, release: float = 0.05
) -> list:
    """Linear ADSR gains over n samples (release at the end)."""
    a, d, r = samples_for(attack), samples_for(decay), samples_for(release)
    gains = []
    for i in range(n):
        if i < a:
            g = (i + 1) / a
        elif i < a + d:
            g = 1.0 - (1.0 - sustain) * (i - a) / d
        else:
            g = sustain
        if i >= n - r:
            g *= (n - i) / r
        gains.append(g)
    return gains


def pluck(n: int, half_life: float) -> list:
    """Exponential-ish decay by repeated multiplication (a bell or a plucked string)."""
    step = 0.5 ** (1.0 / max(1, samples_for(half_life)))
    gains, g = [], 1.0
    for i in range(n):
        gains.append(g if i > 1 else g * (i + 1) / 3)
        g *= step
    return gains


def pulse(
    freq_start: float,
    seconds: float,
    duty: float = 0.5,
    freq_end: float | None = None,
    vibrato: float = 0.0,
    vibrato_rate: float = 6.0,
) -> list:
    """A pulse wave (duty 0.5 = square) with an optional linear slide and vibrato."""
    n = samples_for(seconds)
    freq_end = freq_start if freq_end is None else freq_end
    out, phase, wobble = [], 0.0, 0.0
    for i in range(n):
        f = freq_start + (freq_end - freq_start) * i / max(1, n - 1)
        if vibrato:
            # A triangle LFO: same feel as a sine, no transcendental maths.
            wobble = (wobble + vibrato_rate / RATE) % 1.0
            tri = 4.0 * abs(wobble - 0.5) - 1.0
            f *= 1.0 + vibrato * tri
        phase = (phase + f / RATE) % 1.0
        out.append(1.0 if phase < duty else -1.0)
    return out


def noise(seconds: float, clock: float = 11025.0, seed: int = 1, short: bool = False) -> list:
    """NES-style LFSR noise: a higher clock is brighter; short mode is metallic."""
    n = samples_for(seconds)
    reg, out, acc, value = seed or 1, [], 0.0, 1.0
    tap = 6 if short else 1
    for _ in range(n):
        acc += clock / RATE
        while acc >= 1.0:
            acc -= 1.0
            bit = (reg ^ (reg >> tap)) & 1
            reg = (reg >> 1) | (bit << 14)
            value = 1.0 if reg & 1 else -1.0
        out.append(value)
    return out


def shape(voice: list, gains: list, level: float = 1.0) -> list:
    """Apply an envelope and a level."""
    return [v * g * level for v, g in zip(voice, gains)]


def soften(voice: list, amount: float = SOFTEN) -> list:
    """One-pole low-pass filter."""
    out, y = [], 0.0
    for v in voice:
        y += amount * (v - y)
        out.append(y)
    return out


def silence(seconds: float) -> list:
    return [0.0] * samples_for(seconds)


def mix(length_seconds: float, *parts) -> list:
    """Sum (start_seconds, voice) parts into one track of the given length."""
    track = [0.0] * samples_for(length_seconds)
    for start, voice in parts:
        offset = samples_for(start)
        for i, v in enumerate(voice):
            if offset + i < len(track):
                track[offset + i] += v
    return track


def finish(track: list, peak: float = PEAK) -> Wave:
    """Normalise to `peak`, fade in 1.5 ms and out 4 ms (no clicks), quantise to 16 bits."""
    top = max((abs(v) for v in track), default=0.0) or 1.0
    fade = min(len(track), samples_for(0.004))
    rise = samples_for(0.0015)
    out = []
    for i, v in enumerate(track):
        g = peak / top
        if i < rise:
            g *= i / rise
        if i >= len(track) - fade:
            g *= (len(track) - i) / fade
        out.append(max(-32767, min(32767, int(round(v * g * 32767)))))
    return Wave(RATE, out)


def melody(notes, step, duty=0.5, level=1.0, release=0.02, vibrato_last=0.0):
    """(start, voice) parts for a melody of (note, beats) pairs."""
    parts, t = [], 0.0
    for i, (name, beats) in enumerate(notes):
        length = beats * step
        if name:
            n = samples_for(length)
            last = i == len(notes) - 1
            voice = pulse(note(name), length, duty=duty, vibrato=vibrato_last if last else 0.0)
            parts.append(
                (t, soften(shape(voice, envelope(n, 0.004, 0.05, 0.65, release), level), 0.4))
            )
        t += length
    return parts, t


def sound_files(makers) -> dict:
    """{"sounds/<name>.wav": Wave} from {name: maker}: a maker's SOUNDS as output files."""
    return {f"sounds/{name}.wav": make() for name, make in makers.items()}
