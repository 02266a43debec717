"""The twelve sounds, each a few lines of chiptune: square, pulse and noise voices."""

from __future__ import annotations

import random

from .sound import envelope, finish, mix, noise, note, pluck, pulse, samples_for, shape, soften


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


def door_clunk():
    """A wooden flap falling shut: a low thump with a knock on top."""
    n = samples_for(0.14)
    thump = shape(pulse(190, 0.14, duty=0.5, freq_end=60), pluck(n, 0.035))
    knock = shape(noise(0.03, clock=2500, seed=3), pluck(samples_for(0.03), 0.008), 0.6)
    return finish(mix(0.15, (0.0, soften(thump, 0.15)), (0.0, knock)), peak=0.45)


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


def _line(notes, step, duty=0.5, level=1.0, release=0.02, vibrato_last=0.0):
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


def farkle():
    """The sad trombone: four notes falling, the last one wobbling."""
    parts, end = _line(
        [("G4", 1), ("F#4", 1), ("F4", 1), ("E4", 3)],
        0.17,
        duty=0.25,
        release=0.12,
        vibrato_last=0.02,
    )
    return finish(mix(end + 0.05, *parts), peak=0.42)


def hot_dice():
    """A quick rising arpeggio and a sparkle on top."""
    parts, end = _line(
        [("C5", 1), ("E5", 1), ("G5", 1), ("C6", 1), ("E6", 1), ("G6", 2)], 0.045, duty=0.25
    )
    sparkle, _ = _line([("C7", 1), ("G6", 1), ("C7", 2)], 0.04, duty=0.125, level=0.5)
    return finish(mix(end + 0.12, *parts, *[(t + end - 0.05, v) for t, v in sparkle]), peak=0.42)


def coup_fourre():
    """A bugle fanfare in two voices: ta-ta-ta-taaa!"""
    tune = [("G4", 1), ("G4", 1), ("G4", 1), ("C5", 3), (None, 1), ("G4", 1), ("C5", 4)]
    low = [("E4", 1), ("E4", 1), ("E4", 1), ("G4", 3), (None, 1), ("E4", 1), ("E4", 4)]
    a, end = _line(tune, 0.085, duty=0.25)
    b, _ = _line(low, 0.085, duty=0.5, level=0.5)
    return finish(mix(end + 0.05, *a, *b), peak=0.45)


def win():
    """A cheerful run up the major chord, held at the top."""
    tune = [("C5", 1), ("E5", 1), ("G5", 1), ("C6", 2), ("G5", 1), ("C6", 4)]
    bass = [("C4", 3), ("G3", 2), ("C4", 5)]
    a, end = _line(tune, 0.09, duty=0.25)
    b, _ = _line(bass, 0.09, duty=0.5, level=0.45)
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
    a, end = _line(tune, step, duty=0.25)
    b, _ = _line(bass, step, duty=0.5, level=0.45)
    c, _ = _line(harmony, step, duty=0.125, level=0.35)
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


def reminder():
    """A two-note chime: a gentle ding-dong with a quiet echo."""

    def bell(name, length, level):
        n = samples_for(length)
        tone = shape(pulse(note(name), length, duty=0.125), pluck(n, 0.09), level)
        octave = shape(pulse(note(name) * 2, length, duty=0.5), pluck(n, 0.05), 0.25 * level)
        return soften([a + b for a, b in zip(tone, octave)], 0.35)

    return finish(
        mix(
            0.62,
            (0.0, bell("E6", 0.3, 1.0)),
            (0.16, bell("C6", 0.4, 1.0)),
            (0.34, bell("C6", 0.28, 0.25)),
        ),
        peak=0.38,
    )


SOUNDS = {
    "click": click,
    "error": error,
    "dice_rattle": dice_rattle,
    "door_clunk": door_clunk,
    "card_flip": card_flip,
    "card_slide": card_slide,
    "farkle": farkle,
    "hot_dice": hot_dice,
    "coup_fourre": coup_fourre,
    "win": win,
    "big_win": big_win,
    "reminder": reminder,
}


def build() -> dict:
    """Every sound as sounds/<name>.wav."""
    return {f"sounds/{name}.wav": make() for name, make in SOUNDS.items()}
