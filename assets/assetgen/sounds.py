"""The program's own sounds (game.audio.GAINS), each a few lines of chiptune: square,
pulse and noise voices. A game's own sounds are made by its maker's SOUNDS (farkle.py...)."""

from __future__ import annotations

import random

from .sound import (
    envelope,
    finish,
    melody,
    mix,
    noise,
    note,
    pluck,
    pulse,
    samples_for,
    shape,
    soften,
    sound_files,
)


def click():
    """A short soft tick: a high pulse dropping a fifth in 25 ms."""
    n = samples_for(0.025)
    voice = pulse(1400, 0.025, duty=0.25, freq_end=900)
    return finish(soften(shape(voice, pluck(n, 0.006)), 0.25), peak=0.35)


def error():
    """Two low, rounded buzzes: 'uh-uh'."""

    def buzz(f):
        n = samples_for(0.09)
        return soften(shape(pulse(f, 0.09, duty=0.5), envelope(n, 0.004, 0.03, 0.7, 0.02)), 0.12)

    return finish(mix(0.24, (0.0, buzz(150)), (0.13, buzz(120))), peak=0.4)


def dice_rattle():
    """Dice knocking together: short ticks with a little noise, thinning out."""
    rng = random.Random(7)
    parts, t = [], 0.0
    while t < 0.42:
        n = samples_for(0.018)
        level = 1.0 - t / 0.5
        tock = shape(
            pulse(rng.choice((700, 820, 950, 1100, 1250)), 0.018, duty=0.25), pluck(n, 0.004), level
        )
        hiss = shape(
            noise(0.012, clock=9000, seed=rng.randrange(1, 30000)),
            pluck(samples_for(0.012), 0.003),
            0.5 * level,
        )
        parts += [(t, soften(tock, 0.3)), (t, hiss)]
        t += rng.choice((0.025, 0.035, 0.045, 0.06)) + t * 0.08
    return finish(mix(0.5, *parts), peak=0.4)


def card_flip():
    """A card snapped over: a bright flick of noise and a tiny chirp."""
    n = samples_for(0.05)
    flick = shape(noise(0.05, clock=16000, seed=11), envelope(n, 0.003, 0.02, 0.3, 0.02))
    chirp = shape(
        pulse(2200, 0.02, duty=0.125, freq_end=3000), pluck(samples_for(0.02), 0.005), 0.3
    )
    return finish(mix(0.05, (0.0, soften(flick, 0.5)), (0.01, chirp)), peak=0.3)


def card_slide():
    """A card slid across felt: a soft swish that rises and falls."""
    n = samples_for(0.16)
    swish = shape(noise(0.16, clock=7000, seed=5), envelope(n, 0.06, 0.04, 0.6, 0.06))
    return finish(soften(swish, 0.3), peak=0.25)


def win():
    """A cheerful run up the major chord, held at the top."""
    tune = [("C5", 1), ("E5", 1), ("G5", 1), ("C6", 2), ("G5", 1), ("C6", 4)]
    bass = [("C4", 3), ("G3", 2), ("C4", 5)]
    a, end = melody(tune, 0.09, duty=0.25)
    b, _ = melody(bass, 0.09, duty=0.5, level=0.45)
    return finish(mix(end + 0.05, *a, *b), peak=0.45)


def big_win():
    """The big cheer: a fanfare over a bass walk, then applause-like crackle."""
    tune = [
        ("G4", 1),
        ("C5", 1),
        ("E5", 1),
        ("G5", 2),
        ("E5", 1),
        ("G5", 2),
        ("A5", 1),
        ("B5", 1),
        ("C6", 6),
    ]
    bass = [("C3", 2), ("E3", 2), ("G3", 2), ("F3", 2), ("G3", 2), ("C4", 6)]
    harmony = [(None, 3), ("C5", 2), ("C5", 1), ("E5", 2), ("F5", 1), ("F5", 1), ("E5", 6)]
    step = 0.09
    a, end = melody(tune, step, duty=0.25)
    b, _ = melody(bass, step, duty=0.5, level=0.45)
    c, _ = melody(harmony, step, duty=0.125, level=0.35)
    rng = random.Random(21)
    claps = []
    t = end - 0.5
    while t < end + 0.5:
        n = samples_for(0.02)
        claps.append(
            (
                t,
                shape(
                    noise(0.02, clock=12000, seed=rng.randrange(1, 30000)),
                    pluck(n, 0.004),
                    0.35 * (1.0 - (t - end + 0.5)),
                ),
            )
        )
        t += rng.choice((0.03, 0.045, 0.06))
    return finish(mix(end + 0.5, *a, *b, *c, *claps), peak=0.45)


def bell(name, length, level, *, ring, octave_duty, octave_level, octave_ring, softness):
    """A bell-like note: a thin pulse that rings for `ring` seconds, its octave above
    (`octave_duty`, at `octave_level` of it, ringing `octave_ring`), softened."""
    n = samples_for(length)
    tone = shape(pulse(note(name), length, duty=0.125), pluck(n, ring), level)
    octave = shape(
        pulse(note(name) * 2, length, duty=octave_duty), pluck(n, octave_ring), octave_level * level
    )
    return soften([a + b for a, b in zip(tone, octave)], softness)


def reminder():
    """A two-note chime: a gentle ding-dong with a quiet echo."""

    def ding(name, length, level):
        return bell(name, length, level, ring=0.09, octave_duty=0.5, octave_level=0.25,
                    octave_ring=0.05, softness=0.35)  # fmt: skip

    return finish(
        mix(
            0.62,
            (0.0, ding("E6", 0.3, 1.0)),
            (0.16, ding("C6", 0.4, 1.0)),
            (0.34, ding("C6", 0.28, 0.25)),
        ),
        peak=0.38,
    )


def medal():
    """A medal pinned on: a quick sparkle of bells up the major chord, the top note rung
    twice with its octave shimmering above."""

    def sparkle(name, length, level):
        return bell(name, length, level, ring=0.12, octave_duty=0.25, octave_level=0.3,
                    octave_ring=0.04, softness=0.3)  # fmt: skip

    return finish(
        mix(
            0.9,
            (0.0, sparkle("G5", 0.2, 0.7)),
            (0.07, sparkle("C6", 0.2, 0.8)),
            (0.14, sparkle("E6", 0.2, 0.9)),
            (0.21, sparkle("G6", 0.45, 1.0)),
            (0.42, sparkle("G6", 0.45, 0.35)),
        ),
        peak=0.42,
    )


SOUNDS = {
    "click": click,
    "error": error,
    "dice_rattle": dice_rattle,
    "card_flip": card_flip,
    "card_slide": card_slide,
    "win": win,
    "big_win": big_win,
    "reminder": reminder,
    "medal": medal,
}


def build() -> dict:
    """Every sound as sounds/<name>.wav."""
    return sound_files(SOUNDS)
