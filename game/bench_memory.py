"""Benchmark: the memory of the title's attract demo over a long run (RSS, not a test).

    python -m game.bench_memory --xvfb [--minutes 60] [--size 1920x1080]
                                [--marks 5,30,60] [--every 60] [--tracemalloc N]
                                [--surfaces] [--json FILE]

The real program (`main.py --demo`, full screen) plays the title's attract loop, every
game in turn, at the normal pace; this process reads the game's resident memory (VmRSS,
/proc/PID/status, so Linux only) every --every seconds, prints each sample, and at the
end the RSS at each of --marks minutes, the peak, and the slope over the last half of the
run (MB per minute, a least-squares line through the samples there): a game whose
caches are bounded levels off, and its slope is near zero.

With --xvfb the game has a private virtual X server of exactly --size (apt-get install
xvfb), so it draws at 3x on 1080p as on a person's screen; without it, the current
$DISPLAY. Sound goes to SDL's dummy audio driver: the mixer is open and every sound is
loaded and played, into nothing.

--tracemalloc N runs the game with Python's allocation tracing (N frames a traceback;
slower, and it adds its own memory) and prints the allocations that grew most between
the first mark and the end, by traceback: what to look at when the slope is not flat.
--surfaces takes a census of the game's live pygame Surfaces every --every seconds (their
pixels live outside Python's heap, where tracemalloc does not look): count and pixel MB,
by the class or module that holds them (the "surfaces" list in the figures).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from game.bench_startup import Xvfb, parse_size
from game.resources import SOURCE_ROOT

ROOT = SOURCE_ROOT  # where main.py is: the children's working folder
MB = 1024 * 1024
QUIT_TIMEOUT = 60.0  # the game saves and exits after SIGTERM within this
SNAPSHOT_NAME = "snapshot-{minute:04d}.tracemalloc"
TOP_GROWTH = 15  # tracebacks printed with --tracemalloc, holders with --surfaces
CENSUS_NAME = "census.jsonl"


def rss_bytes(pid: int) -> int | None:
    """Resident memory of a process (Linux /proc), None when it has gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return None


def rss_by_kind(pid: int) -> dict[str, int] | None:
    """Resident memory by the kind of mapping (/proc/PID/smaps), None when it has gone:
    "anonymous" is the allocators' (malloc's heap and arenas, pymalloc's arenas, Surface
    pixels), "files" mapped files (code and data of Python and the libraries, fonts),
    "shared" shared memory (the X server's images), "other" the stack and the kernel's.
    Growth in "anonymous" is the program's; in "files", more code paged in."""
    try:
        smaps = Path(f"/proc/{pid}/smaps").read_text()
    except OSError:
        return None
    kinds = dict.fromkeys(("anonymous", "files", "shared", "other"), 0)
    kind = "other"
    for line in smaps.splitlines():
        head = line.split(maxsplit=5)
        if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
            path = head[5] if len(head) == 6 else ""
            if path in ("", "[heap]"):
                kind = "anonymous"
            elif path.startswith(("/SYSV", "/dev/shm", "/memfd:")):
                kind = "shared"
            elif path.startswith("/"):
                kind = "files"
            else:
                kind = "other"
        elif head[0] == "Rss:":
            kinds[kind] += int(head[1]) * 1024
    return kinds


def slope_mb_per_minute(samples: list[tuple[float, int]]) -> float | None:
    """Least-squares slope of (minute, bytes) samples, in MB per minute."""
    if len(samples) < 2:
        return None
    minutes = [m for m, _ in samples]
    rss = [b / MB for _, b in samples]
    mean_m, mean_r = statistics.fmean(minutes), statistics.fmean(rss)
    spread = sum((m - mean_m) ** 2 for m in minutes)
    if spread == 0:
        return None
    return sum((m - mean_m) * (r - mean_r) for m, r in zip(minutes, rss)) / spread


def at_mark(samples: list[tuple[float, int]], minute: float) -> float | None:
    """RSS in MB of the sample taken nearest `minute` (None when none is within a
    minute of it: the run was shorter)."""
    if not samples:
        return None
    taken, rss = min(samples, key=lambda sample: abs(sample[0] - minute))
    return round(rss / MB, 1) if abs(taken - minute) <= 1.0 else None


def kind_figures(by_kind: list[tuple[float, dict[str, int]]], marks: list[float]) -> dict:
    """Each kind of mapping's RSS at the marks and its slope over the last half."""
    figures = {}
    for kind in by_kind[0][1] if by_kind else ():
        samples = [(minute, kinds[kind]) for minute, kinds in by_kind]
        last_half = [(m, b) for m, b in samples if m >= samples[-1][0] / 2]
        slope = slope_mb_per_minute(last_half)
        figures[kind] = {
            "mb_at": {f"{m:g} min": at_mark(samples, m) for m in marks},
            "slope_mb_per_min_last_half": round(slope, 3) if slope is not None else None,
        }
    return figures


# -- the child with --tracemalloc: the game, with a thread that takes snapshots ---------
def run_traced_child(argv: list[str], folder: Path, every_s: float) -> int:
    """Run the game in this process; every `every_s` seconds write a tracemalloc
    snapshot into `folder` (tracing was started by PYTHONTRACEMALLOC)."""
    # late import: tracemalloc only in the traced child
    import tracemalloc

    from game.main import main as game_main

    started = time.monotonic()

    def snapshots() -> None:
        minute = 0
        while True:
            time.sleep(every_s)
            minute = round((time.monotonic() - started) / 60)
            tracemalloc.take_snapshot().dump(str(folder / SNAPSHOT_NAME.format(minute=minute)))

    threading.Thread(target=snapshots, daemon=True).start()
    return game_main(argv)


def growth_report(folder: Path, first_minute: float) -> list[str]:
    """The allocations that grew most from the first snapshot at or after `first_minute`
    to the last one, grouped by traceback."""
    # late import: tracemalloc only for the report
    import tracemalloc

    files = sorted(folder.glob("snapshot-*.tracemalloc"))
    timed = [(int(f.stem.split("-")[1]), f) for f in files]
    start = [f for minute, f in timed if minute >= first_minute] or [f for _, f in timed]
    if len(start) < 2:
        return ["(fewer than two tracemalloc snapshots: run longer)"]
    ignore = [tracemalloc.Filter(False, tracemalloc.__file__)]
    first = tracemalloc.Snapshot.load(str(start[0])).filter_traces(ignore)
    last = tracemalloc.Snapshot.load(str(start[-1])).filter_traces(ignore)
    lines = [f"tracemalloc: {start[0].name} -> {start[-1].name}, top growth by traceback"]
    for stat in last.compare_to(first, "traceback")[:TOP_GROWTH]:
        lines.append(
            f"{stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks "
            f"(now {stat.size / 1024:.1f} KiB)"
        )
        lines += [f"      {line}" for line in stat.traceback.format()[-8:]]
    return lines


# -- the child with --surfaces: the game, with a census of its pygame Surfaces ----------
def holder_of(container: object) -> str:
    """Who keeps `container` (a dict, list, ...): the class of the object whose attribute
    dict it is, the module whose globals it is, or its own type's name."""
    # late import: gc only in the census child
    import gc

    for owner in gc.get_referrers(container):
        if getattr(owner, "__dict__", None) is container:
            return f"{type(owner).__module__}.{type(owner).__qualname__}"
        if isinstance(owner, dict) and owner.get("__dict__") is None and "__name__" in owner:
            if owner is not container and container in owner.values():
                return f"module {owner['__name__']}"
    return type(container).__qualname__


def surface_census() -> dict:
    """The live pygame Surfaces held by containers the garbage collector tracks (every
    cache is one): their count and pixel bytes, in all and by who holds them. SDL keeps
    their pixels outside Python's heap, so tracemalloc sees only the small objects."""
    # late import: gc and pygame only in the census child
    import gc

    import pygame

    by_holder: dict[str, list[int]] = {}
    seen: set[int] = set()
    for container in gc.get_objects():
        for item in gc.get_referents(container):
            if type(item) is not pygame.Surface or id(item) in seen:
                continue
            seen.add(id(item))
            try:
                size = item.get_width() * item.get_height() * item.get_bytesize()
            except pygame.error:
                size = 0
            entry = by_holder.setdefault(holder_of(container), [0, 0])
            entry[0] += 1
            entry[1] += size
    total = sum(entry[1] for entry in by_holder.values())
    top = sorted(by_holder.items(), key=lambda item: -item[1][1])[:TOP_GROWTH]
    return {
        "surfaces": len(seen),
        "mb": round(total / MB, 2),
        "by_holder": {name: [count, round(size / MB, 2)] for name, (count, size) in top},
    }


def run_census_child(argv: list[str], folder: Path, every_s: float) -> int:
    """Run the game in this process; every `every_s` seconds append a Surface census
    (surface_census) as a JSON line to `folder`/census.jsonl."""
    # late import: the game only in the census child
    from game.main import main as game_main

    started = time.monotonic()

    def censuses() -> None:
        while True:
            time.sleep(every_s)
            line = {"minute": round((time.monotonic() - started) / 60, 1), **surface_census()}
            with (folder / CENSUS_NAME).open("a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")

    threading.Thread(target=censuses, daemon=True).start()
    return game_main(argv)


# -- the parent ----------------------------------------------------------------------
def game_env(display: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)  # a real X window, not the dummy
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if display:
        env["DISPLAY"] = display
    return env


def measure(args: argparse.Namespace, display: str | None) -> dict:
    marks = sorted(float(m) for m in args.marks.split(","))
    with tempfile.TemporaryDirectory(prefix="pp-memory-") as scratch:
        folder = Path(scratch)
        game_args = ["--demo", "--seed", str(args.seed), "--data-dir", str(folder / "data")]
        env = game_env(display)
        if args.tracemalloc or args.surfaces:
            if args.tracemalloc:
                env["PYTHONTRACEMALLOC"] = str(args.tracemalloc)
            command = [
                sys.executable,
                "-m",
                "game.bench_memory",
                "--child",
                str(folder),
                "--every",
                str(args.every),
                *(["--surfaces"] if args.surfaces else []),
                "--",
                *game_args,
            ]
        else:
            command = [sys.executable, str(ROOT / "main.py"), *game_args]
        game = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
        errors: list[str] = []
        reader = threading.Thread(target=lambda: errors.extend(game.stderr), daemon=True)
        reader.start()
        started = time.monotonic()
        samples: list[tuple[float, int]] = []
        by_kind: list[tuple[float, dict[str, int]]] = []
        try:
            while True:
                minute = (time.monotonic() - started) / 60
                rss = rss_bytes(game.pid)
                if rss is None or game.poll() is not None:
                    break
                samples.append((minute, rss))
                if (kinds := rss_by_kind(game.pid)) is not None:
                    by_kind.append((minute, kinds))
                print(f"{minute:6.1f} min  RSS {rss / MB:7.1f} MB", file=sys.stderr, flush=True)
                if minute >= args.minutes:
                    break
                time.sleep(max(0.0, started + len(samples) * args.every - time.monotonic()))
        finally:
            if game.poll() is None:
                game.send_signal(signal.SIGTERM)  # SDL makes it a quit: saved and gone
                try:
                    game.wait(QUIT_TIMEOUT)
                except subprocess.TimeoutExpired:
                    game.kill()
                    game.wait()
            reader.join(5)
        last_half = [(m, b) for m, b in samples if m >= samples[-1][0] / 2] if samples else []
        result = {
            "python": sys.version.split()[0],
            "size": args.size,
            "display": "xvfb" if args.xvfb else os.environ.get("DISPLAY", ""),
            "minutes_run": round(samples[-1][0], 1) if samples else 0.0,
            "rss_mb_at": {f"{m:g} min": at_mark(samples, m) for m in marks},
            "peak_mb": round(max(b for _, b in samples) / MB, 1) if samples else None,
            "slope_mb_per_min_last_half": (
                round(s, 3) if (s := slope_mb_per_minute(last_half)) is not None else None
            ),
            "by_kind": kind_figures(by_kind, marks),
            "game_exit": game.returncode,
        }
        if game.returncode not in (0, -signal.SIGTERM):
            result["game_stderr_tail"] = "".join(errors)[-2000:]
        if args.tracemalloc:
            result["tracemalloc"] = growth_report(folder, marks[0])
        if args.surfaces and (folder / CENSUS_NAME).exists():
            lines = (folder / CENSUS_NAME).read_text(encoding="utf-8").splitlines()
            result["surfaces"] = [json.loads(line) for line in lines]
        return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--size", default="1920x1080", help="the screen (with --xvfb)")
    parser.add_argument("--marks", default="5,30,60", help="minutes whose RSS is reported")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--xvfb", action="store_true", help="a private virtual X server of --size")
    parser.add_argument("--tracemalloc", type=int, default=0, metavar="FRAMES")
    parser.add_argument(
        "--surfaces", action="store_true", help="a census of the live pygame Surfaces"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)

    if args.child and args.surfaces:
        return run_census_child([a for a in rest if a != "--"], args.child, args.every)
    if args.child:
        return run_traced_child([a for a in rest if a != "--"], args.child, args.every)
    if not sys.platform.startswith("linux"):
        sys.exit("game.bench_memory reads /proc: Linux only")
    if not args.xvfb and not os.environ.get("DISPLAY"):
        sys.exit("no $DISPLAY: pass --xvfb to start a virtual X server (apt-get install xvfb)")
    server = Xvfb(parse_size(args.size)) if args.xvfb else None
    try:
        result = measure(args, server.display if server else None)
    finally:
        if server:
            server.close()
    for line in result.pop("tracemalloc", []):
        print(line)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
