"""Measure espeak-ng's audio of one turn, as the game speaks it (issue 34).

    .venv/bin/python tools/speech_turn.py [--lang en|fr|pl] [--out DIR]

Runs the game headless (SDL's dummy drivers) with speech on through the real Speaker
and an espeak-ng backend that writes each line to a WAV file instead of the sound device
(`espeak-ng -w`), plays Ann's first turn of Shut The Box by keys (Enter for her turn,
Enter to roll, the hint, the hinted doors by the arrows and Down, Enter; each key once
the lines before it are said, or at once with --impatient, when a key's line cuts what was
being said and drops what waited), then prints
each line with its audio's length and loudness (RMS and peak, dBFS) and the turn's total.
A line with no sound (RMS of silence) would show as -inf.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import shutil
import sys
import tempfile
import wave
from array import array
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402 - after SDL's drivers are chosen

from game import speech  # noqa: E402
from game.engine.shutbox import Player, ShutBoxState  # noqa: E402
from game.scenes.screens import SCREENS  # noqa: E402
from game.scenes.shutbox.play import ShutBoxScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.options import Options  # noqa: E402
from game.shell.registry import load_games  # noqa: E402


class EspeakToFiles(speech.Espeak):
    """espeak-ng writing each line to its own WAV file."""

    def __init__(self, program: str, folder: Path) -> None:
        super().__init__(program)
        self.folder = folder
        self.files: list[tuple[str, Path]] = []

    def command(self, text: str, language: str) -> list[str]:
        path = self.folder / f"line-{len(self.files):03d}.wav"
        self.files.append((text, path))
        return [self.program, "-v", language, "-s", "175", "-w", str(path), "--", text]


def measure(path: Path) -> tuple[float, float, float]:
    """Seconds, RMS and peak (dBFS) of a 16-bit mono WAV."""
    with wave.open(str(path), "rb") as sound:
        rate, frames = sound.getframerate(), sound.readframes(sound.getnframes())
    samples = array("h", frames)
    if not samples:
        return 0.0, -math.inf, -math.inf
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768
    peak = max(abs(s) for s in samples) / 32768
    db = lambda v: 20 * math.log10(v) if v > 0 else -math.inf  # noqa: E731
    return len(samples) / rate, db(rms), db(peak)


def play_a_turn(
    app: App, scene: ShutBoxScene, speaker: speech.Speaker, impatient: bool = False
) -> None:
    def press(code: int, text: str = "") -> list[str]:
        if not impatient:
            speaker.wait_idle(60)  # a listening player hears each line out first
        before = speaker.count
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))
        for _ in range(600):
            app.frame(1)
            if scene.at_rest() and not scene.thinking:
                break
        return speaker.said_since(before)

    press(pygame.K_RETURN)  # Ann's turn
    press(pygame.K_RETURN)  # roll
    while scene.state.current == 0 and not scene.state.is_over:
        hint = next((line for line in press(pygame.K_SLASH, "?") if line.startswith("Hint")), "")
        found = re.search(r"shuts (?:the )?([\d, and]+)[:,]", hint)
        if not found:
            break
        for door in (int(n) for n in re.findall(r"\d+", found.group(1))):
            for _ in range(9):
                if speaker.spoken[-1] == f"Door {door}, open.":
                    break
                press(pygame.K_RIGHT)
            press(pygame.K_DOWN)
        if scene.state.current == 0:
            press(pygame.K_RETURN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--impatient",
        action="store_true",
        help="press each key at once: the lines it cuts show as cut or short",
    )
    args = parser.parse_args(argv)
    program = shutil.which("espeak-ng") or shutil.which("espeak")
    if program is None:
        print("espeak-ng is not installed (apt-get install espeak-ng)", file=sys.stderr)
        return 1
    folder = args.out or Path(tempfile.mkdtemp(prefix="speech-turn-"))
    folder.mkdir(parents=True, exist_ok=True)
    backend = EspeakToFiles(program, folder)
    speaker = speech.install(speech.Speaker(backend, enabled=True))
    load_games()
    data = Path(tempfile.mkdtemp(prefix="speech-data-"))
    app = App(Options(windowed=True, no_sound=True, data_dir=data, lang=args.lang), SCREENS)
    state = ShutBoxState.new([Player("Ann"), Player("Cindy", computer=True, level="pub")])
    scene = ShutBoxScene(app, state, random.Random(34))
    app.push(scene)
    app.frame(1)
    play_a_turn(app, scene, speaker, args.impatient)
    speaker.wait_idle(120)
    total = 0.0
    for text, path in backend.files:
        if not path.exists():
            print(f"   (cut)            {text}")
            continue
        seconds, rms, peak = measure(path)
        total += seconds
        print(f"{seconds:5.2f} s {rms:6.1f} {peak:6.1f} dBFS  {text}")
    print(f"{len(backend.files)} lines, {total:.1f} s of speech; WAVs in {folder}")
    shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
