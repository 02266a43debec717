"""Benchmark: start-up to the first frame, the game against a bare pygame window.

    python -m game.bench_startup [--runs 5] [--xvfb] [--size 1920x1080] [--windowed]
                                 [--tasks-python python3] [--exe PATH] [--json FILE]

What any pygame program pays to show a window is the yardstick: a "bare window" is
`import pygame`, `pygame.display.set_mode` (full screen, as the game starts), one fill and
one flip. Against it, in the same run, the game's title reaching the screen, started as
a person starts it: `main.py`, `python3 tasks.py play` (which checks its environment
first) and, with --exe, the built executable. Each runs once unmeasured first (the
`.pyc` files written, the files in the OS cache), then --runs times, the ways taking
turns so that the machine's load falls on all alike. Each run shows its first frame and
quits (--ticks 1).

For each way it prints the medians of
  cpu_s    user + system CPU seconds of the run and of its children (getrusage
           RUSAGE_CHILDREN around it): the whole run, quitting included;
  first_frame_s  wall seconds from launch to the first frame shown;
  wall_s   wall seconds from launch to exit;
and each way's CPU against the bare window's (cpu_ratio). The sound is as the machine
has it (SDL_AUDIODRIVER is not set for the runs), as a person would start the game.

With --xvfb, a private virtual X server of --size (apt-get install xvfb); without it,
the current $DISPLAY, or SDL's dummy video driver when there is none (headless: no X
server's work in the figures). This is a measurement that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Read by App.render: the first frame's wall-clock time is printed on stderr. (Not
# imported from game.app, which would load pygame into this process for nothing.)
FIRST_FRAME_REPORT_ENV = "PIXELPARLOR_REPORT_FIRST_FRAME"
RUN_TIMEOUT = 120.0

BARE_WINDOW = """\
import os, sys, time
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.display.init()
windowed = sys.argv[1] == "windowed"
screen = pygame.display.set_mode((1280, 720) if windowed else (0, 0),
                                 0 if windowed else pygame.FULLSCREEN)
screen.fill((0, 0, 0))
pygame.display.flip()
print(f"first-frame-at {time.time():.6f}", file=sys.stderr, flush=True)
pygame.quit()
"""


def one_run(command: list[str], env: dict[str, str]) -> dict:
    """Launch once; the run's CPU seconds (with its children), wall and first frame."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.time()
    result = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT
    )
    wall = time.time() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    first = [
        float(line.split()[1])
        for line in result.stderr.splitlines()
        if line.startswith("first-frame-at ")
    ]
    if result.returncode != 0 or not first:
        return {"error": f"exit {result.returncode}: {result.stderr.strip()[-300:]}"}
    return {
        "cpu_s": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
        "first_frame_s": first[0] - started,
        "wall_s": wall,
    }


def ways_to_start(args: argparse.Namespace, data: str) -> dict[str, list[str]]:
    window = ["--windowed"] if args.windowed else []
    game = [*window, "--ticks", "1", "--data-dir", data]
    ways = {
        "bare window": [
            sys.executable,
            "-c",
            BARE_WINDOW,
            "windowed" if args.windowed else "fullscreen",
        ],
        "main.py": [sys.executable, "main.py", *game],
    }
    if args.tasks_python:
        ways["tasks.py play"] = [args.tasks_python, "tasks.py", "play", *game]
    if args.exe:
        ways["executable"] = [str(args.exe.resolve()), *game]
    return ways


def measure(args: argparse.Namespace, display: str | None) -> dict:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", **{FIRST_FRAME_REPORT_ENV: "1"})
    env.pop("SDL_AUDIODRIVER", None)
    env.pop("SDL_VIDEODRIVER", None)
    if display:
        env["DISPLAY"] = display
    elif not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    with tempfile.TemporaryDirectory(prefix="pp-startup-") as data:
        ways = ways_to_start(args, data)
        runs: dict[str, list[dict]] = {name: [] for name in ways}
        for name, command in ways.items():  # warm-up, not counted
            warm = one_run(command, env)
            if "error" in warm:
                return {"error": f"{name}: {warm['error']}"}
        for _ in range(args.runs):
            for name, command in ways.items():
                runs[name].append(one_run(command, env))
    report: dict = {
        "python": sys.version.split()[0],
        "display": "xvfb " + args.size
        if args.xvfb
        else env.get("DISPLAY") or "SDL dummy (headless)",
        "window": "windowed" if args.windowed else "full screen",
        "runs": args.runs,
        "median": {},
    }
    for name, results in runs.items():
        good = [r for r in results if "error" not in r]
        if not good:
            report["median"][name] = {"error": results[0]["error"]}
            continue
        report["median"][name] = {
            key: round(statistics.median(r[key] for r in good), 3)
            for key in ("cpu_s", "first_frame_s", "wall_s")
        }
    bare = report["median"].get("bare window", {}).get("cpu_s")
    if bare:
        for figures in report["median"].values():
            if "cpu_s" in figures:
                figures["cpu_ratio"] = round(figures["cpu_s"] / bare, 2)
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--xvfb", action="store_true", help="a private X server of --size")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--windowed", action="store_true", help="a window, not full screen")
    parser.add_argument(
        "--tasks-python",
        default="python3",
        help="the Python that runs tasks.py play ('' leaves that way out)",
    )
    parser.add_argument("--exe", type=Path, help="a built executable to start too")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    server = None
    if args.xvfb:
        from game.bench_window import Xvfb, parse_size

        server = Xvfb(parse_size(args.size))
    try:
        report = measure(args, server.display if server else None)
    finally:
        if server:
            server.close()
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0 if "error" not in report else 1


if __name__ == "__main__":
    sys.exit(main())
