"""Deal winnable hands through the real dealing screen, frame by frame; prints JSON.

    python -m game.bench_dealing --deals 500 --seed 1

A headless App (SDL's dummy drivers, Fast speed so that no pacing pads the figures)
deals `--deals` hands one after another, as the set-up's Winnable only does: each frame
is one tick and one draw, timed on the wall clock and in this thread's CPU time (a
shared machine's other work shows in the first, not the second). Reported: the time
each deal took from its first frame to its table (p50/p99/max), the candidates
skipped, every proof's line replayed through the engine, and the frames: the longest
while the search ran, those over the 60 Hz frame (FRAME_BUDGET_MS), and apart from
them the frame that builds the table (a new hand's own cost, the same for any deal).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FRAME_BUDGET_MS = 1000 / 60


def run(deals: int, seed: int) -> dict[str, Any]:
    """Deal `deals` hands; the report."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # late import: after SDL's drivers are chosen
    from game.engine.lucie.winnable import check_line
    from game.engine.measure import percentiles
    from game.scenes.lucie.dealing import SLICE_MS, DealingScene
    from game.scenes.lucie.play import LucieScene
    from game.scenes.screens import SCREENS
    from game.shell.app import App
    from game.shell.options import Options
    from game.shell.registry import load_games

    load_games()
    with tempfile.TemporaryDirectory() as data:
        app = App(
            Options(windowed=True, no_sound=True, fast=True, seed=seed, data_dir=Path(data)),
            SCREENS,
        )
        # The first frames' one-off costs (fonts, card sprites, the chance table) are no
        # deal's: a table and a dealing screen are drawn once before measuring.
        app.push(LucieScene.new_hand(app, 1))
        app.frame(1)
        app.replace(DealingScene(app))
        app.frame(1)
        seconds: list[float] = []
        ticks: list[float] = []
        search_wall: list[float] = []
        search_cpu: list[float] = []
        handover_wall: list[float] = []
        handover_cpu: list[float] = []
        skipped = checked = 0
        for _ in range(deals):
            scene = DealingScene(app)
            app.replace(scene)
            started = time.perf_counter()
            count = 0
            while True:
                wall, cpu = time.perf_counter(), time.thread_time()
                app.frame(1)
                wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
                count += 1
                if app.scenes.top is scene:
                    search_wall.append(wall * 1000)
                    search_cpu.append(cpu * 1000)
                    continue
                handover_wall.append(wall * 1000)
                handover_cpu.append(cpu * 1000)
                break
            seconds.append(time.perf_counter() - started)
            ticks.append(float(count))
            dealt = scene.dealt
            assert dealt is not None
            skipped += len(dealt.skipped)
            checked += check_line(dealt.proof.deal, dealt.proof.line)
        app.scenes.clear()
    return {
        "deals": deals,
        "seed": seed,
        "machine": f"{platform.machine()} {platform.python_implementation()} "  # i18n: not shown (dev tool)
        f"{platform.python_version()}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.1f}",
        "slice_ms": SLICE_MS,
        "frame_budget_ms": round(FRAME_BUDGET_MS, 2),
        "candidates_skipped": skipped,
        "lines_replayed_to_a_win": checked,
        "seconds_per_deal": percentiles(seconds),
        "frames_per_deal": percentiles(ticks, 1),
        "search_frames": len(search_wall),
        "search_frame_ms_wall": percentiles(search_wall, 2),
        "search_frame_ms_cpu": percentiles(search_cpu, 2),
        "search_frames_over_budget_wall": sum(ms > FRAME_BUDGET_MS for ms in search_wall),
        "search_frames_over_budget_cpu": sum(ms > FRAME_BUDGET_MS for ms in search_cpu),
        "table_frame_ms_wall": percentiles(handover_wall, 2),
        "table_frame_ms_cpu": percentiles(handover_cpu, 2),
        "table_frames_over_budget_wall": sum(ms > FRAME_BUDGET_MS for ms in handover_wall),
        "table_frames_over_budget_cpu": sum(ms > FRAME_BUDGET_MS for ms in handover_cpu),
    }


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    json.dump(run(options.deals, options.seed), sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
