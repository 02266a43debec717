"""Benchmark: one relay (main.py --relay, a process of its own) carrying many tables at
once on the loopback address, and what it costs: its CPU and memory per table, and the
round trip it adds.

    nice -n 10 python -m game.bench_relay [--tables 200] [--think-ms 300] [--workers 2]

1. One real Mille Bornes game through the relay: a headless host (main.py --host --via)
   and three bot guests (game.net.bot), each a process; the relay records the size and
   direction of every frame it forwards. That is the game's traffic, frame by frame.
2. The load: `--tables` tables of four connections (a host and three guests) replay that
   whole game through the relay at once. A guest's action goes out when its turn comes
   (after `--think-ms`), and the host answers each action with as many views, of the
   median size, as the recorded game sent for each guest's action (the computer seat's
   moves included), to the guests in turn. The relay's CPU (user + system, from /proc)
   and memory (resident, its peak) over the run, per table; the tables' own round trips
   (an action sent until the first frame that answers it).
3. The round trip the relay adds, by a probe: a process of its own that plays a host and
   a guest, and sends an action-sized frame that its host answers with a view-sized one,
   every 10 ms, alternately through the relay and straight to its host (a server in the
   probe) — on an idle relay first, then all through the load. The relay's share is the
   difference between the two paths' round trips (median, p99), as both run at the same
   moments on the same machine. And the relay's own forwarding delay (from a frame's
   arrival to its hand-over to the system), which it says in its log when stopped.

Why a probe, not the tables' own round trips: on a 2-core machine the processes that play
the 200 tables' 800 connections need more CPU than the relay; their round trips are
mostly time the load generator's own loop is busy, which a relay on a machine of its own
would never see (its clients are elsewhere). So the load processes run at the lowest
priority (nice 19) and the probe, idle between its frames, measures what a player's
frame meets: the relay's queue and the machine's scheduling.

The tables' connections come from many loopback addresses (four tables to one, as the
relay's cap per address allows 16 connections). The frames are random bytes of the
recorded sizes: the relay reads none of them, so they cost it what sealed ones would.
Bounded: every table plays one game, and the run stops after `--limit` seconds at most.
It prints JSON. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

from game.net.relay import Relay, join_words, open_words
from game.resources import SOURCE_ROOT

ROOT = SOURCE_ROOT
CODE = "K7QXR2M9"
ENV = dict(
    os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
)
TABLES_PER_ADDRESS = 4
IDLE_PROBE_S = 5.0  # the probe's first phase, before the tables come


# -- 1: one real game's traffic ------------------------------------------------------------
def record_game() -> list[tuple[str, int, int]]:
    """One real Mille Bornes game (host + three bot guests) through a relay in this
    process: every frame forwarded as (direction, guest 0-2, size)."""

    frames: list[tuple[str, int, int]] = []
    lock = threading.Lock()

    def tap(direction: str, code: str, frame: bytes) -> None:
        with lock:
            frames.append((direction, len(frame)))

    relay = Relay(0, "127.0.0.1", tap=tap)
    port = relay.start()
    with tempfile.TemporaryDirectory() as data:
        host = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--host", "--game", "mille", "--fast",
             "--via", f"127.0.0.1:{port}", "--seats", "remote,remote,remote,computer:basic",
             "--code", CODE, "--data-dir", data],
            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        host.stdout.readline()
        line = host.stdout.readline()
        invitation = re.search(r"(pixelparlor://\S+)", line)[1]
        bots = []
        for seat in (1, 2, 3):
            bots.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "game.net.bot",
                        "--invitation",
                        invitation,
                        "--seat",
                        str(seat),
                        "--level",
                        "basic",
                        "--seed",
                        str(seat),
                        "--name",
                        f"Bot{seat}",
                    ],
                    cwd=ROOT,
                    env=ENV,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )  # fmt: skip
            )
            # One at a time: the relay numbers the links in the order they join.
            deadline = time.monotonic() + 60
            while relay.stats["joined"] < seat and time.monotonic() < deadline:
                time.sleep(0.05)
        for bot in bots:
            bot.wait(timeout=600)
        host.kill()
        host.wait()
    relay.stop()
    # Which guest each frame was for or from is not in the tap: the script replays the
    # game's shape (each action answered by a view to every guest), from the sizes.
    return [(direction, 0, size) for direction, size in frames]


def script_of(frames: list[tuple[str, int, int]]) -> dict:
    """The game's shape: the views before the first action, then for each action its
    size and the sizes of the views that answer it (one to each of three guests)."""
    ups = [size for direction, _, size in frames if direction == "up"]
    downs = [size for direction, _, size in frames if direction == "down"]
    per_action = max(1, round(len(downs) / max(1, len(ups))))
    view = int(statistics.median(downs)) if downs else 1500
    return {
        "actions": len(ups),
        "action_bytes": int(statistics.median(ups)) if ups else 80,
        "view_bytes": view,
        "views_per_action": per_action,
        "frames": len(frames),
        "bytes": sum(size for _, _, size in frames),
    }


# -- 2 and 3: many tables ------------------------------------------------------------------
class Table:
    """One table's replay: a host and three guests taking turns."""

    def __init__(self, number: int, script: dict, think_s: float) -> None:
        self.number, self.script, self.think_s = number, script, think_s
        self.source = f"127.1.{1 + number // (TABLES_PER_ADDRESS * 250)}.{2 + (number // TABLES_PER_ADDRESS) % 250}"
        self.round_trips: list[float] = []
        self.done = asyncio.Event()
        self.turn = 0
        self.sent_at = 0.0
        self.failed = ""
        self.next_action = asyncio.Event()

    def view(self) -> bytes:
        return os.urandom(self.script["view_bytes"])

    def action(self) -> bytes:
        return os.urandom(self.script["action_bytes"])


async def actor(table: Table, connections: list) -> None:
    """Sends the guests' actions in turn, one after the answer to the last."""
    while not table.done.is_set():
        await table.next_action.wait()
        table.next_action.clear()
        if table.done.is_set():
            return
        table.sent_at = time.perf_counter()
        try:
            await connections[table.turn % 3].send(table.action())
        except Exception as error:  # noqa: BLE001 - said in the result
            table.failed = str(error)[:100]
            table.done.set()


async def relayed_table(table: Table, port: int) -> None:
    """The host's side through the relay: open, then answer each action with views."""

    url = f"ws://127.0.0.1:{port}/"
    key = f"{table.number:064x}"
    code = _code(table.number)
    async with connect(url, local_addr=(table.source, 0), max_size=None, open_timeout=60,
                       ping_interval=None) as host:  # fmt: skip
        await host.send(open_words(code, key))
        opened = json.loads(await host.recv())
        if opened.get("type") != "opened":
            table.failed = str(opened)[:100]
            return
        links: list[int] = []
        guest_sockets = []
        tasks = []
        for index in range(3):
            ready = asyncio.get_running_loop().create_future()
            tasks.append(asyncio.ensure_future(
                _guest_connection(table, index, url, join_words(code), ready)
            ))  # fmt: skip
            words = json.loads(await host.recv())
            links.append(words["link"])
            guest_sockets.append(await ready)

        async def serve() -> None:
            async for frame in host:
                if isinstance(frame, bytes):  # an action: the views it brings, as recorded
                    for k in range(table.script["views_per_action"]):
                        await host.send(links[k % 3].to_bytes(4, "big") + table.view())

        server = asyncio.ensure_future(serve())
        for link in links:  # the first views
            await host.send(link.to_bytes(4, "big") + table.view())
        table.next_action.set()
        runner = asyncio.ensure_future(actor(table, guest_sockets))
        await table.done.wait()
        for task in (server, runner, *tasks):
            task.cancel()


async def _guest_connection(table, index, url, first, ready) -> None:

    try:
        async with connect(url, local_addr=(table.source, 0), max_size=None, open_timeout=60,
                           ping_interval=None) as connection:  # fmt: skip
            await connection.send(first)
            joined = json.loads(await connection.recv())
            if joined.get("type") != "joined":
                table.failed = str(joined)[:100]
                table.done.set()
                ready.set_result(None)
                return
            ready.set_result(connection)
            await _answers(table, index, connection)
    except asyncio.CancelledError:
        raise
    except Exception as error:  # noqa: BLE001 - said in the result
        table.failed = str(error)[:100]
        table.done.set()
        if not ready.done():
            ready.set_result(None)


async def _answers(table: Table, index: int, connection) -> None:
    """A guest reading its views; the actor's answer times the round trip."""
    async for frame in connection:
        if not isinstance(frame, bytes):
            continue
        if table.sent_at and table.turn % 3 == index:
            table.round_trips.append(time.perf_counter() - table.sent_at)
            table.sent_at = 0.0
            table.turn += 1
            if table.turn >= table.script["actions"]:
                table.done.set()
                return
            asyncio.get_running_loop().call_later(table.think_s, table.next_action.set)


PROBE_EVERY_S = 0.01


async def probe(port: int, script: dict, stop: asyncio.Event) -> dict:
    """A host and a guest of one table, through the relay and straight, taking turns:
    the round trip of each path (one frame each way, the game's sizes), until `stop`."""

    action, view = os.urandom(script["action_bytes"]), os.urandom(script["view_bytes"])

    async def answer_direct(connection) -> None:
        async for _frame in connection:
            await connection.send(view)

    async with serve(answer_direct, "127.0.0.1", 0, max_size=None, ping_interval=None) as echo:
        direct_url = f"ws://127.0.0.1:{echo.sockets[0].getsockname()[1]}/"
        relay_url = f"ws://127.0.0.1:{port}/"
        code = _code(10**9)
        async with (
            connect(relay_url, max_size=None, ping_interval=None) as host,
            connect(direct_url, max_size=None, ping_interval=None) as direct,
        ):
            await host.send(open_words(code, "ab" * 32))
            assert json.loads(await host.recv())["type"] == "opened"
            async with connect(relay_url, max_size=None, ping_interval=None) as guest:
                await guest.send(join_words(code))
                assert json.loads(await guest.recv())["type"] == "joined"
                link = json.loads(await host.recv())["link"].to_bytes(4, "big")

                async def answer_relayed() -> None:
                    async for frame in host:
                        if isinstance(frame, bytes):
                            await host.send(link + view)

                answering = asyncio.ensure_future(answer_relayed())
                trips: dict[str, list[float]] = {"relayed": [], "direct": []}
                while not stop.is_set():
                    for path, connection in (("relayed", guest), ("direct", direct)):
                        sent = time.perf_counter()
                        await connection.send(action)
                        while not isinstance(await connection.recv(), bytes):
                            pass
                        trips[path].append(time.perf_counter() - sent)
                    await asyncio.sleep(PROBE_EVERY_S)
                answering.cancel()
    return {path: sorted(values) for path, values in trips.items()}


async def probe_until_told(port: int, script: dict) -> dict:
    """The probe in its own process: it samples until SIGTERM, then prints both phases
    (SIGUSR1 marks the end of the idle phase)."""
    loop = asyncio.get_running_loop()
    idle_over, stop = asyncio.Event(), asyncio.Event()
    loop.add_signal_handler(signal.SIGUSR1, idle_over.set)
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    idle = await probe(port, script, idle_over)
    loaded = await probe(port, script, stop)
    return {"idle": idle, "loaded": loaded}


def _code(number: int) -> str:
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    digits = []
    for _ in range(8):
        number, rest = divmod(number, len(alphabet))
        digits.append(alphabet[rest])
    return "".join(digits)


async def run_tables(numbers: list[int], script: dict, think_s: float, port: int,
                     limit_s: float) -> dict:  # fmt: skip
    tables = [Table(number, script, think_s) for number in numbers]
    started = time.perf_counter()
    work = asyncio.ensure_future(asyncio.gather(*(relayed_table(table, port) for table in tables)))
    try:
        await asyncio.wait_for(work, limit_s)
    except asyncio.TimeoutError:
        pass
    return {
        "round_trips": [rt for table in tables for rt in table.round_trips],
        "finished": sum(table.turn >= script["actions"] for table in tables),
        "failed": [table.failed for table in tables if table.failed][:5],
        "seconds": time.perf_counter() - started,
    }


def worker(args) -> int:
    """One process's share of the tables (at the lowest priority: the load must not
    crowd out what is measured), or the probe: prints its JSON result."""
    _more_files()
    script = json.loads(args.script)
    if args.worker == "probe":
        result = asyncio.run(probe_until_told(args.port, script))
    else:
        os.nice(max(0, 19 - os.nice(0)))
        numbers = list(range(args.first, args.first + args.count))
        result = asyncio.run(
            run_tables(numbers, script, args.think_ms / 1000, args.port, args.limit)
        )
    print(json.dumps(result), flush=True)
    return 0


def _more_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def spawn(mode: str, args, script: dict, port: int, first: int = 0, count: int = 0):
    """A worker process: `mode` "tables" (tables first.. first+count-1) or "probe"."""
    return subprocess.Popen(
        [sys.executable, "-m", "game.bench_relay", "--worker", mode, "--first", str(first),
         "--count", str(count), "--script", json.dumps(script), "--think-ms",
         str(args.think_ms), "--port", str(port), "--limit", str(args.limit)],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip


def start_tables(args, script: dict, port: int) -> list[subprocess.Popen]:
    """The processes that play the tables (`--workers` of them, the tables shared)."""
    share = -(-args.tables // args.workers)
    return [
        spawn("tables", args, script, port, n * share, min(share, args.tables - n * share))
        for n in range(args.workers)
        if args.tables - n * share > 0
    ]


def collect(workers: list[subprocess.Popen], args) -> dict:
    """What the tables' workers report, together."""
    results = [
        json.loads(w.communicate(timeout=args.limit + 120)[0].splitlines()[-1]) for w in workers
    ]
    trips = sorted(rt for r in results for rt in r["round_trips"])
    return {
        "tables": args.tables,
        "finished_games": sum(r["finished"] for r in results),
        "failed": [f for r in results for f in r["failed"]][:5],
        "seconds": round(max(r["seconds"] for r in results), 1),
        "actions": len(trips),
        "round_trip_ms": _quantiles(trips),
    }


def _quantiles(values: list[float]) -> dict:
    if not values:
        return {}

    def at(q):
        return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 2)

    return {"median": at(0.5), "p99": at(0.99), "max": round(1000 * values[-1], 2)}


def relay_frames(line: str) -> int:
    found = re.search(r"forwarded (\d+) frames", line)
    return int(found[1]) if found else 0


def _proc(pid: int) -> tuple[float, int, int]:
    """(CPU seconds, resident KiB now, peak resident KiB) of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status)[1])
    peak = int(re.search(r"VmHWM:\s+(\d+)", status)[1])
    return cpu, rss, peak


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think-ms", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=float, default=900.0, help="seconds at most a phase")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--script", default="", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args)
    report: dict = {"cpu_count": os.cpu_count(), "think_ms": args.think_ms}
    script = script_of(record_game())
    report["game"] = script
    relay = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--relay", "--port", "0", "--bind", "127.0.0.1",
         "--connections", str(4 * args.tables + 64)],
        cwd=ROOT, env=ENV, stderr=subprocess.PIPE, text=True, preexec_fn=_more_files,
    )  # fmt: skip
    port = int(re.search(r"port (\d+)", relay.stderr.readline())[1])
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(relay.stderr), daemon=True)
    reader.start()
    prober = spawn("probe", args, script, port)
    time.sleep(IDLE_PROBE_S)  # the probe alone: the relay idle
    prober.send_signal(signal.SIGUSR1)
    cpu0, rss0, _ = _proc(relay.pid)
    report["tables"] = collect(start_tables(args, script, port), args)
    cpu1, rss1, peak = _proc(relay.pid)
    prober.send_signal(signal.SIGTERM)
    probed = json.loads(prober.communicate(timeout=60)[0].splitlines()[-1])
    relay.send_signal(signal.SIGINT)  # Ctrl+C: it says its forwarding delays, and stops
    relay.wait(timeout=60)
    reader.join(10)
    seconds = max(0.001, report["tables"]["seconds"])
    report["relay"] = {
        "cpu_s": round(cpu1 - cpu0, 2),
        "cpu_ms_per_table": round(1000 * (cpu1 - cpu0) / max(1, args.tables), 1),
        "cpu_share_of_one_core": round((cpu1 - cpu0) / seconds, 3),
        "rss_idle_mib": round(rss0 / 1024, 1),
        "rss_peak_mib": round(peak / 1024, 1),
        "rss_per_table_kib": round((peak - rss0) / max(1, args.tables), 1),
    }
    inside = next((line for line in said if "from arriving to being handed on" in line), "")
    found = re.search(r"([\d.]+) ms \(median\), ([\d.]+) ms \(p99\)", inside)
    if found:
        report["relay"]["forwarding_ms"] = {
            "median": float(found[1]),
            "p99": float(found[2]),
            "frames": relay_frames(inside),
        }
    for phase in ("idle", "loaded"):
        trips = probed[phase]
        through, direct = _quantiles(trips["relayed"]), _quantiles(trips["direct"])
        report[f"probe_{phase}"] = {
            "samples": len(trips["relayed"]),
            "direct_ms": direct,
            "relayed_ms": through,
            "added_ms": {key: round(through[key] - direct[key], 2) for key in ("median", "p99")}
            if through and direct
            else {},
        }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
