"""Benchmark in a real window: idle CPU per scene, frames per second, start-up.

    python -m game.bench_window --xvfb [--sizes 1920x1080,3840x2160] [--seconds 10]
                                [--scenes bare,title,shutbox,...,demo] [--fast-games shutbox]
                                [--startup-runs 5]
                                [--tasks-python python3] [--json FILE]

`python -m game.bench` measures the cost of drawing, headless. This one measures what a
person's machine pays: the game runs full-screen in a real X window (with --xvfb, each
size gets its own virtual X server of exactly that size, so the canvas is scaled 3x at
1920x1080 and 6x at 3840x2160), and for every scene it prints

  idle      the table waiting for the human (or the title menu): CPU percent of one core
            over --seconds of wall time, for the game and for the X server (which does
            the copying of a software present), presents per second and ticks per second;
            and the same for a bare pygame window waiting on events ("bare"), the
            least any program with a window can cost;
  animated  the computer playing every seat (demo mode, animations on): the same figures,
            where presents per second is the frame rate and ticks per second shows
            whether game time keeps up with the clock (60);
  fast      demo and fast mode together (--fast-games, Shut The Box by default): the same
            figures and the games finished per minute;

and start-up to the first frame against a bare pygame window, launched directly and
through `python3 tasks.py play` (game.bench_startup's CPU and wall figures). Sound is off
in the scene runs, so that the figures are the picture's alone, and the game is pinned to
one core (--all-cores lifts that), so that a software GL's helper threads cannot spread
the cost over several cores and "percent of one core" means the same on every machine;
start-up runs are not pinned. This is a measurement that prints figures, not a test;
the machine's other load shows in them, so compare runs made on the same quiet machine.

Each scene runs in a fresh child process (`--child`), driven the way a person would
drive it: the set-up screen's Start command, then ticks until the human is to move.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from game.bench_startup import Xvfb, bare_window, compare_starts, parse_size, start_env
from game.input import VIRTUAL_PAD_ENV
from game.resources import SOURCE_ROOT

ROOT = SOURCE_ROOT  # where main.py is: the children's working folder
SIZES = ((1920, 1080), (3840, 2160))
SETTLE_SECONDS = 2.0  # let the window map and the first frames pass before measuring
# Ticks run (without drawing) after Start so that the computer seats have moved and the
# table waits for the human: 20 s of game time is plenty in every game.
TICKS_TO_HUMAN = 1200
CHILD_TIMEOUT = 180.0
BARE = "bare"  # a bare pygame window waiting on events: what idle costs any program


# -- the child: one scene in one process ----------------------------------------------
def _cpu_seconds_of(pid: int | None) -> float | None:
    """User+system CPU seconds of another process (Linux /proc), None when unknown."""
    if not pid:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _press_start(app) -> bool:
    """Press the top scene's Start command, as a click on the command bar would."""
    top = app.scenes.top
    for command in top.commands() if top is not None else ():
        if command.word == "Start" and command.enabled:
            app.press(command.action)
            return True
    return False


def _ticks_without_drawing(app, ticks: int) -> None:
    app.handle_events()
    for _ in range(ticks):
        app.tick()


def pin_to_one_core() -> int | None:
    """Keep this process (and the threads it starts, e.g. a software GL's) on one core."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def run_child(
    scene: str, mode: str, seconds: float, server_pid: int | None, one_core: bool
) -> dict:
    """Bring one scene to the state asked for, then measure the real loop (App.run)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    core = pin_to_one_core() if one_core else None
    # late import: pygame and the game only after PYGAME_HIDE_SUPPORT_PROMPT and the core pinning
    # above
    import pygame

    from game.main import start
    from game.scenes.screens import SCREENS
    from game.shell.app import App
    from game.shell.options import Options
    from game.shell.registry import load_games

    load_games()
    data = Path(tempfile.mkdtemp(prefix="pp-bench-"))
    demo = mode in ("animated", "fast")
    app = App(
        Options(no_sound=True, seed=1, demo=demo, fast=mode == "fast", data_dir=data), SCREENS
    )
    driver = pygame.display.get_driver()
    start(app, None if scene in ("title", "demo") else scene)
    if mode == "idle" and scene not in ("title", "demo"):
        _ticks_without_drawing(app, 5)
        _press_start(app)
        _ticks_without_drawing(app, TICKS_TO_HUMAN)

    presents = [0]
    present = app.display.present

    def counting_present(*args, **kwargs):
        presents[0] += 1
        return present(*args, **kwargs)

    app.display.present = counting_present
    games = [0]
    demo_finished = app.demo_finished

    def counting_demo_finished(*args, **kwargs):
        games[0] += 1
        return demo_finished(*args, **kwargs)

    app.demo_finished = counting_demo_finished
    marks: list[tuple[float, float, float | None, int, int, int]] = []

    def mark() -> None:
        marks.append(
            (
                time.perf_counter(),
                time.process_time(),
                _cpu_seconds_of(server_pid),
                presents[0],
                app.ticks,
                games[0],
            )
        )

    def measure() -> None:
        time.sleep(SETTLE_SECONDS)
        mark()
        time.sleep(seconds)
        mark()
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    app.run()
    size = app.display.window_size
    pygame.quit()
    shutil.rmtree(data, ignore_errors=True)
    if len(marks) < 2:
        return {"scene": scene, "mode": mode, "error": "the loop ended before the measurement"}
    (w0, c0, s0, p0, t0, g0), (w1, c1, s1, p1, t1, g1) = marks
    wall = w1 - w0
    result = {
        "scene": scene,
        "mode": mode,
        "driver": driver,
        "window": f"{size[0]}x{size[1]}",
        "core": core,
        "seconds": round(wall, 2),
        "cpu_percent": round(100 * (c1 - c0) / wall, 1),
        "presents_per_s": round((p1 - p0) / wall, 1),
        "ticks_per_s": round((t1 - t0) / wall, 1),
        "games_per_min": round(60 * (g1 - g0) / wall, 1),
    }
    if s0 is not None and s1 is not None:
        result["xserver_cpu_percent"] = round(100 * (s1 - s0) / wall, 1)
    return result


def run_bare_child(seconds: float, server_pid: int | None, one_core: bool) -> dict:
    """The yardstick of idle: a bare pygame window, full screen, waiting on events."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    core = pin_to_one_core() if one_core else None
    # late import: pygame only after PYGAME_HIDE_SUPPORT_PROMPT and the core pinning above
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    screen.fill((0, 0, 0))
    pygame.display.flip()
    marks: list[tuple[float, float, float | None]] = []

    def measure() -> None:
        time.sleep(SETTLE_SECONDS)
        marks.append((time.perf_counter(), time.process_time(), _cpu_seconds_of(server_pid)))
        time.sleep(seconds)
        marks.append((time.perf_counter(), time.process_time(), _cpu_seconds_of(server_pid)))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    while pygame.event.wait().type != pygame.QUIT:
        pass
    size = screen.get_size()
    pygame.quit()
    (w0, c0, s0), (w1, c1, s1) = marks
    wall = w1 - w0
    result = {
        "scene": BARE,
        "mode": "idle",
        "window": f"{size[0]}x{size[1]}",
        "core": core,
        "seconds": round(wall, 2),
        "cpu_percent": round(100 * (c1 - c0) / wall, 2),
        "presents_per_s": 0.0,
        "ticks_per_s": 0.0,
        "games_per_min": 0.0,
    }
    if s0 is not None and s1 is not None:
        result["xserver_cpu_percent"] = round(100 * (s1 - s0) / wall, 2)
    return result


# -- the parent: X servers, children, start-up, the table ------------------------------
def _child_env(display: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):  # a real window, not the dummy
        env.pop(name, None)
    if display:
        env["DISPLAY"] = display
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def measure_scene(
    scene: str, mode: str, seconds: float, env: dict, server_pid: int | None, one_core: bool
) -> dict:
    args = [
        sys.executable,
        "-m",
        "game.bench_window",
        "--child",
        scene,
        "--mode",
        mode,
        "--seconds",
        str(seconds),
    ]
    if not one_core:
        args.append("--all-cores")
    if server_pid:
        args += ["--server-pid", str(server_pid)]
    try:
        result = subprocess.run(
            args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT + seconds
        )
    except subprocess.TimeoutExpired:
        return {"scene": scene, "mode": mode, "error": "timed out"}
    for line in reversed(result.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    return {
        "scene": scene,
        "mode": mode,
        "error": f"exit {result.returncode}: {result.stderr.strip()[-300:]}",
    }


def print_table(report: dict) -> None:
    for size in report["sizes"]:
        print(f"\n== {size['size']} ({size.get('display', '')}) ==")
        print(
            f"{'scene':<10} {'state':<9} {'window':>10} {'game CPU%':>10} {'X CPU%':>7} "
            f"{'presents/s':>11} {'ticks/s':>8} {'games/min':>10}"
        )
        for row in size["scenes"]:
            if "error" in row:
                print(f"{row['scene']:<10} {row['mode']:<9} error: {row['error']}")
                continue
            print(
                f"{row['scene']:<10} {row['mode']:<9} {row['window']:>10} "
                f"{row['cpu_percent']:>10} {row.get('xserver_cpu_percent', '-'):>7} "
                f"{row['presents_per_s']:>11} {row['ticks_per_s']:>8} "
                f"{row['games_per_min'] if row['mode'] == 'fast' else '-':>10}"
            )
        for label, figures in size["startup"].items():
            print(f"start-up to first frame, {label}: {figures}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--xvfb",
        action="store_true",
        help="run each size on its own Xvfb (else the current $DISPLAY)",
    )
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--scenes",
        default="",
        help="comma-separated: bare (a bare pygame window), title, game ids, demo "
        "(default: all; none: start-up alone)",
    )
    parser.add_argument(
        "--fast-games",
        default="shutbox",
        help="comma-separated game ids also run in demo + fast mode",
    )
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument(
        "--tasks-python",
        default="python3",
        help="the python that runs tasks.py for the start-up figure",
    )
    parser.add_argument(
        "--all-cores",
        action="store_true",
        help="let the game use every core (default: pinned to one, so "
        "that the figures are percent of one core on any machine)",
    )
    parser.add_argument(
        "--pad",
        choices=("none", "still", "jitter"),
        default="none",
        help="a virtual game controller plugged into the game: at rest, or its stick "
        "trembling inside the dead zone",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--mode", default="idle", help=argparse.SUPPRESS)
    parser.add_argument("--server-pid", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        one_core = not args.all_cores
        if args.child == BARE:
            result = run_bare_child(args.seconds, args.server_pid, one_core)
        else:
            result = run_child(args.child, args.mode, args.seconds, args.server_pid, one_core)
        print(json.dumps(result), flush=True)
        return 0

    if not args.xvfb and not os.environ.get("DISPLAY"):
        sys.exit("no $DISPLAY: pass --xvfb to start a virtual X server (apt-get install xvfb)")
    # late import: only the parent, which lists the games, reads the registry; the
    # children measured above import no more than the game itself does
    from game.shell.registry import load_games

    games = [info.id for info in load_games()]
    wanted = [s for s in args.scenes.split(",") if s and s != "none"]
    if not args.scenes:
        wanted = [BARE, "title", *games, "demo"]
    runs = []  # (scene, mode): idle for the menus and tables, animated for demos
    for scene in wanted:
        if scene != "demo":
            runs.append((scene, "idle"))
        if scene not in ("title", BARE):
            runs.append((scene, "animated"))
        if scene in args.fast_games.split(","):
            runs.append((scene, "fast"))
    report = {
        "python": sys.version.split()[0],
        "seconds": args.seconds,
        "game_pinned_to_one_core": not args.all_cores,
        "PYTHONDONTWRITEBYTECODE": os.environ.get("PYTHONDONTWRITEBYTECODE", ""),
        "virtual_pad": args.pad,
        "sizes": [],
    }
    for size in [parse_size(s) for s in args.sizes.split(",")]:
        server = Xvfb(size) if args.xvfb else None
        try:
            env = _child_env(server.display if server else None)
            if args.pad != "none":
                env[VIRTUAL_PAD_ENV] = args.pad
            pid = server.pid if server else None
            entry = {
                "size": f"{size[0]}x{size[1]}",
                "display": env.get("DISPLAY", ""),
                "scenes": [],
                "startup": {},
            }
            for scene, mode in runs:
                row = measure_scene(scene, mode, args.seconds, env, pid, not args.all_cores)
                entry["scenes"].append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
            if args.startup_runs:
                ways = {
                    "bare window": bare_window(),
                    "main.py": [sys.executable, "main.py"],
                    "tasks.py play": [args.tasks_python, "tasks.py", "play"],
                }
                entry["startup"] = compare_starts(
                    ways, args.startup_runs, start_env(env.get("DISPLAY"))
                )
            report["sizes"].append(entry)
        finally:
            if server:
                server.close()
    print_table(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
