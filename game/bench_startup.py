"""Benchmark: start-up to the first frame, the game against a bare pygame window.

    python -m game.bench_startup [--runs 5] [--xvfb] [--size 1920x1080] [--windowed]
                                 [--tasks-python python3] [--exe PATH] [--json FILE]

What any pygame program pays to show a window is the yardstick: a "bare window" is
`import pygame`, `pygame.display.set_mode` (full screen, as the game starts), one fill and
one flip. On Linux SDL puts such a window's picture through OpenGL, which where OpenGL is
drawn by the processor (Xvfb, no graphics card) costs it 0.1 s of CPU to set up; the game
skips that (game.display's software window), so a bare window that skips it too ("no
OpenGL") is shown beside it: the stricter yardstick. Against them, in the same run, the
game's title reaching the screen, started as a person starts it: `main.py`, `python3
tasks.py play` (which checks its environment first) and, with --exe, the built
executable. Each runs once unmeasured first (the
`.pyc` files written, the files in the OS cache), then --runs times, the ways taking
turns so that the machine's load falls on all alike. Each run shows its first frame and
quits (--ticks 1).

For each way it prints the medians of
  cpu_s    user + system CPU seconds of the run and of its children (getrusage
           RUSAGE_CHILDREN around it): the whole run, quitting included;
  first_frame_s  wall seconds from launch to the first frame shown;
  wall_s   wall seconds from launch to exit;
and each way's CPU against the (first) bare window's (cpu_ratio). The sound is as the machine
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
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.resources import SOURCE_ROOT

ROOT = SOURCE_ROOT  # where main.py is: the children's working folder
# Read by App.render: the first frame's wall-clock time is printed on stderr. (Not
# imported from game.shell.app, which would load pygame into this process for nothing.)
FIRST_FRAME_REPORT_ENV = "PIXELPARLOR_REPORT_FIRST_FRAME"
RUN_TIMEOUT = 120.0
XVFB_START_TIMEOUT = 20.0

BARE_WINDOW = """\
import os, sys, time
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if "--no-opengl" in sys.argv:  # as the game's software window does (game.display)
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
import pygame
pygame.display.init()
windowed = "--windowed" in sys.argv  # the game's other arguments are ignored
screen = pygame.display.set_mode((1280, 720) if windowed else (0, 0),
                                 0 if windowed else pygame.FULLSCREEN)
screen.fill((0, 0, 0))
pygame.display.flip()
print(f"first-frame-at {time.time():.6f}", file=sys.stderr, flush=True)
pygame.quit()
"""


def bare_window() -> list[str]:
    """The command of the yardstick: a bare pygame window's first frame (it takes the
    game's arguments, and reads --windowed)."""
    return [sys.executable, "-c", BARE_WINDOW]


def start_env(display: str | None = None, headless: bool = False) -> dict[str, str]:
    """The environment of the runs: sound as the machine has it; the X display given,
    else the current one, else (or with `headless`) SDL's dummy video driver."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", **{FIRST_FRAME_REPORT_ENV: "1"})
    env.pop("SDL_AUDIODRIVER", None)
    env.pop("SDL_VIDEODRIVER", None)
    if display:
        env["DISPLAY"] = display
    if headless or not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


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


def compare_starts(ways: dict[str, list[str]], runs: int, env: dict[str, str]) -> dict:
    """Medians of each way's runs (every command gets `--ticks 1 --data-dir`), with
    each way's CPU against the first way's (cpu_ratio): warmed up once, then taking
    turns."""
    results: dict[str, list[dict]] = {name: [] for name in ways}
    with tempfile.TemporaryDirectory(prefix="pp-startup-") as data:
        game = ["--ticks", "1", "--data-dir", data]
        commands = {name: [*command, *game] for name, command in ways.items()}
        for attempt in range(runs + 1):
            for name, command in commands.items():
                result = one_run(command, env)
                if attempt:  # the first round warms up
                    results[name].append(result)
    medians: dict[str, dict] = {}
    for name, tries in results.items():
        good = [r for r in tries if "error" not in r]
        if not tries:
            continue  # no runs asked for (--startup-runs 0)
        if not good:
            medians[name] = {"error": tries[0]["error"]}
            continue
        medians[name] = {
            key: round(statistics.median(r[key] for r in good), 3)
            for key in ("cpu_s", "first_frame_s", "wall_s")
        }
    yardstick = medians.get(next(iter(ways)), {}).get("cpu_s")
    for figures in medians.values():
        if yardstick and "cpu_s" in figures:
            figures["cpu_ratio"] = round(figures["cpu_s"] / yardstick, 2)
    return medians


class Xvfb:
    """A private virtual X server of one screen size (apt-get install xvfb)."""

    def __init__(self, size: tuple[int, int]):
        exe = shutil.which("Xvfb")
        if exe is None:
            sys.exit("--xvfb needs Xvfb (Debian/Ubuntu: apt-get install xvfb)")
        read_fd, write_fd = os.pipe()
        self.process = subprocess.Popen(
            [
                exe,
                "-displayfd",
                str(write_fd),
                "-screen",
                "0",
                f"{size[0]}x{size[1]}x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ],
            pass_fds=(write_fd,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + XVFB_START_TIMEOUT
        with os.fdopen(read_fd, "rb") as pipe:
            while not number.endswith(b"\n") and time.monotonic() < deadline:
                chunk = pipe.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip():
            self.close()
            sys.exit("Xvfb did not start")
        self.display = f":{number.decode().strip()}"
        self.pid = self.process.pid

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def parse_size(text: str) -> tuple[int, int]:
    width, height = text.lower().split("x")
    return int(width), int(height)


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

    window = ["--windowed"] if args.windowed else []
    ways = {
        "bare window": [*bare_window(), *window],
        "bare window, no OpenGL": [*bare_window(), "--no-opengl", *window],
        "main.py": [sys.executable, "main.py", *window],
    }
    if args.tasks_python:
        ways["tasks.py play"] = [args.tasks_python, "tasks.py", "play", *window]
    if args.exe:
        ways["executable"] = [str(args.exe.resolve()), *window]
    server = None
    if args.xvfb:
        server = Xvfb(parse_size(args.size))
    try:
        env = start_env(server.display if server else None)
        report = {
            "python": sys.version.split()[0],
            "display": f"xvfb {args.size}" if server else env.get("DISPLAY", "SDL dummy"),
            "window": "windowed" if args.windowed else "full screen",
            "runs": args.runs,
            "median": compare_starts(ways, args.runs, env),
        }
    finally:
        if server:
            server.close()
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
