"""Benchmark: start-up, and per scene the update and draw cost of a frame.

    python -m game.bench [--frames N] [--startup-runs N]

Runs headless (SDL dummy drivers) and prints JSON: start-up to the first frame against a
bare pygame window (game.bench_startup's figures), every registered game in demo mode,
then each game's table with a person who moves the instant the table waits, the coach's
worst backlog, timing the ticks while the coach weighs those decisions.
The frame budget at 60 Hz is 16.7 ms; the aim is a median under 2 ms and a p99 under
8 ms so that the game runs on weak machines. This is a measurement, not a test.
What a real window costs (presenting, idle CPU, start-up under X) is game.bench_window's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.resources import SOURCE_ROOT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = SOURCE_ROOT  # where main.py is: the children's working folder


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(ms: list[float]) -> dict:
    return {
        "median_ms": round(statistics.median(ms), 3),
        "p99_ms": round(percentile(ms, 0.99), 3),
        "max_ms": round(max(ms), 3),
    }


def measure_scene(app, make_scene: Callable, frames: int) -> dict:
    """Run `frames` one-tick frames of a fresh scene; time update and draw separately."""
    app.scenes.clear()
    app.push(make_scene(app))
    update_ms, draw_ms = [], []
    for _ in range(frames):
        top = app.scenes.top
        start = time.perf_counter()
        if top is not None:
            top.tick()
        middle = time.perf_counter()
        app.draw_scenes(app.display.canvas)
        end = time.perf_counter()
        update_ms.append((middle - start) * 1000)
        draw_ms.append((end - middle) * 1000)
    return {"update": summary(update_ms), "draw": summary(draw_ms), "frames": frames}


def measure_coached_table(app, info, frames: int) -> dict:
    """A person here plays the last legal move the moment the table waits (answering
    whatever the table shows over itself); the update cost of the ticks in which the
    coach weighs, a slice a tick, the decisions that piled up."""
    # late import: a tool's commands import the game only when run (it sets the environment first)
    from game.input import Action

    app.scenes.clear()
    scene = app.push(info.examples.playing(app))
    weighing_ms: list[float] = []
    decisions = 0
    for _ in range(frames):
        if scene.finished:
            break
        if app.scenes.top is not scene:
            app.scenes.top.dispatch(Action("confirm"))  # a hand's score sheet
        elif scene.waiting_for_human and scene.seat_to_act() is not None:
            scene.submit(scene.seat_to_act(), scene.legal_moves()[-1])
            decisions += 1
        elif scene.waiting_for_human:
            scene.dispatch(Action("confirm"))  # "Enter for the next turn"
        busy = scene.coach.busy
        start = time.perf_counter()
        scene.tick()
        if busy:
            weighing_ms.append((time.perf_counter() - start) * 1000)
    judged = sum(1 for d in scene.coach.decisions if d.verdict is not None)
    return {
        "update_while_weighing": summary(weighing_ms) if weighing_ms else None,
        "ticks_weighing": len(weighing_ms),
        "moves_made": decisions,
        "decisions_judged": judged,
        "still_to_weigh": scene.coach.waiting,
    }


def measure_present(app, frames: int, mono: bool) -> dict:
    """Cost of scaling the canvas 3x onto a 1920x1080 window (and mono conversion)."""
    # late import: a tool's commands import the game only when run (it sets the environment first)
    import pygame

    from game.art import palette

    pygame.display.set_mode((1920, 1080))
    app.display.resized((1920, 1080))
    ms = []
    for _ in range(frames):
        start = time.perf_counter()
        app.display.present(palette.to_mono if mono else None)
        ms.append((time.perf_counter() - start) * 1000)
    return summary(ms)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1200, help="frames per scene")
    parser.add_argument("--startup-runs", type=int, default=5)
    args = parser.parse_args(argv)

    # late import: a tool's commands import the game only when run (it sets the environment first)
    from game.bench_startup import bare_window, compare_starts, start_env
    from game.scenes.screens import SCREENS
    from game.scenes.title import TitleScene
    from game.shell.app import App
    from game.shell.options import Options
    from game.shell.registry import load_games

    games = load_games()
    report: dict = {
        "frame_budget_ms": round(1000 / 60, 1),
        "startup_to_first_frame": compare_starts(
            {"bare window": bare_window(), "main.py": [sys.executable, "main.py"]},
            args.startup_runs,
            start_env(headless=True),
        ),
    }
    with tempfile.TemporaryDirectory() as data:
        app = App(
            Options(windowed=True, no_sound=True, demo=True, seed=1, data_dir=Path(data)), SCREENS
        )
        scenes = {"title": TitleScene}
        for info in games:
            scenes[info.id] = info.new_scene
        report["scenes"] = {
            name: measure_scene(app, make, args.frames) for name, make in scenes.items()
        }
        report["present_1080p"] = {
            "colour": measure_present(app, 300, False),
            "mono": measure_present(app, 300, True),
        }
        app.storage.flush()  # saves are written behind: on disk before the folder goes
        app.scenes.clear()
    with tempfile.TemporaryDirectory() as data:
        app = App(
            Options(windowed=True, no_sound=True, fast=True, seed=1, data_dir=Path(data)), SCREENS
        )
        report["coach_at_the_table"] = {
            info.id: measure_coached_table(app, info, args.frames)
            for info in games
            if info.examples is not None
        }
        app.storage.flush()
        app.scenes.clear()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
