"""Benchmark of the sound the game really puts out: peaks and clipping, mode by mode.

    python -m game.bench_sound [--ticks N] [--seconds S] [--games all|farkle,...]

Each run starts the real program with SDL's disk audio driver, which writes everything
the mixer sends to the sound card into a file (SDL_DISKAUDIOFILE), at the sound card's
pace. The game plays itself (--demo), with and without --fast: once flat out for --ticks
ticks (game time runs faster than the clock there, so sounds pile up more than anyone
would hear: a stress test; on a busy machine SDL's audio thread records less than the
run's wall time, which the seconds column shows), and once at the normal pace for
--seconds, which is what a person hears. For every run
it prints the peak (1.0 is full scale), the samples at full scale (clipped) and how
much of the recording was not silence. This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

from game.resources import SOURCE_ROOT

ROOT = SOURCE_ROOT  # where main.py is: the children's working folder
FULL_SCALE = 32767
# The mixer's format (game.audio): signed 16-bit, two channels, 44100 Hz.
RATE, CHANNELS = 44100, 2


def analyse(raw: bytes) -> dict:
    """Peak, clipped samples and loud share of a signed 16-bit little-endian recording."""
    samples = array("h")
    samples.frombytes(raw[: len(raw) - len(raw) % 2])
    if sys.byteorder == "big":
        samples.byteswap()
    if not samples:
        return {"seconds": 0.0, "peak": 0.0, "clipped_samples": 0, "sounding_share": 0.0}
    loudest = max(max(samples), -min(samples))
    clipped = samples.count(FULL_SCALE) + samples.count(-FULL_SCALE) + samples.count(-32768)
    block = RATE * CHANNELS // 100  # 10 ms
    blocks = [samples[i : i + block] for i in range(0, len(samples), block)]
    sounding = sum(1 for b in blocks if max(b) > 64 or min(b) < -64)
    return {
        "seconds": round(len(samples) / (RATE * CHANNELS), 1),
        "peak": round(loudest / FULL_SCALE, 3),
        "clipped_samples": clipped,
        "sounding_share": round(sounding / len(blocks), 2),
    }


def record(game: str, fast: bool, ticks: int | None, seconds: float) -> dict:
    """Run the game once with the disk audio driver; analyse what it played."""
    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "out.raw"
        env = dict(
            os.environ,
            SDL_AUDIODRIVER="disk",
            SDL_DISKAUDIOFILE=str(wav),
            SDL_VIDEODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        args = [
            sys.executable,
            str(ROOT / "main.py"),
            "--demo",
            "--windowed",
            "--seed",
            "1",
            "--data-dir",
            str(Path(folder) / "data"),
        ]
        if game != "attract":
            args += ["--game", game]
        if fast:
            args.append("--fast")
        if ticks:
            args += ["--ticks", str(ticks)]
        started = time.monotonic()
        process = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        if ticks:
            process.wait(timeout=1800)
        else:
            try:
                process.wait(timeout=seconds)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGTERM)  # SDL turns it into a quit
                process.wait(timeout=60)
        wall = time.monotonic() - started
        result = analyse(wav.read_bytes() if wav.exists() else b"")
    result.update(
        {
            "game": game,
            "fast": fast,
            "pace": f"{ticks} ticks flat out" if ticks else "real time",
            "wall_s": round(wall, 1),
            "exit": process.returncode,
        }
    )
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticks", type=int, default=3600, help="ticks of the flat-out runs")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the real-time runs")
    parser.add_argument(
        "--games",
        default="all",
        help="attract (the title's demo loop) and game ids, comma-separated",
    )
    parser.add_argument("--paces", default="flat,real", help="flat, real or both")
    args = parser.parse_args(argv)
    if args.games == "all":
        # late import: the games only with --games all
        from game.shell.registry import load_games

        games = ["attract", *(info.id for info in load_games())]
    else:
        games = args.games.split(",")
    paces = args.paces.split(",")
    rows = []
    print(
        f"{'game':<8} {'mode':<10} {'pace':<22} {'seconds':>7} {'peak':>6} "
        f"{'clipped':>8} {'sounding':>8}"
    )
    for pace in paces:
        for fast in (True, False):
            for game in games:
                row = record(game, fast, args.ticks if pace == "flat" else None, args.seconds)
                rows.append(row)
                mode = "demo+fast" if fast else "demo"
                print(
                    f"{game:<8} {mode:<10} {row['pace']:<22} {row['seconds']:>7} "
                    f"{row['peak']:>6} {row['clipped_samples']:>8} "
                    f"{row['sounding_share']:>8}",
                    flush=True,
                )
    print(json.dumps(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
