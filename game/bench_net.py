"""Benchmark: a network table's round trip and traffic, directly, through a slow link and
under a flood of wrong codes; and what a wrong code costs the host.

    python -m game.bench_net [--game mille|farkle|shutbox] [--games N] [--latency-ms 200]
                             [--jitter 0.05] [--flood 500] [--flood-addresses 1]
                             [--tries 600]

A host (the game's table with no window, in this process) and a bot guest over the
loopback address play whole games against a computer seat. Every byte between them goes
through a proxy that counts it: the bytes on the wire, after compression, framing and
the opening handshake included (and the characters of the JSON messages beside them).

- "direct": the proxy passes everything on at once; the round trip of an action (sent
  until the view of the move arrives): median, p99, max.
- "latency_...": the proxy holds every chunk `--latency-ms` each way (give or take
  `--jitter` of it), as a slow internet link would: the games must still finish.
- "flood": the direct games again while another process knocks with wrong codes from
  `--flood` connections at once (spread over `--flood-addresses` loopback addresses,
  127.0.0.2 on): the seated guest's round trip, and what the flood got.
- "wrong_code_cpu": a bare door in a process of its own, and `--tries` hellos with a wrong
  code: its CPU per try, from one address and from a fresh address each time.

It prints JSON. A measurement, not a test. Its helpers are used as they are by the older
door too (run it from a copy of an older tree to compare): a host, a client, a hello.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from game.resources import SOURCE_ROOT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CODE = "BENCH234"
WRONG_CODE = "WRNG2345"
ROOT = SOURCE_ROOT  # where main.py is: the children's working folder


class CountingProxy:
    """A TCP proxy on loopback that counts the bytes each way and holds each chunk
    `latency_s` (± jitter; 0: none), in order, as a slow internet link would."""

    def __init__(self, target_port: int, latency_s: float = 0.0, jitter: float = 0.0, seed=1):
        self.target_port, self.latency_s, self.jitter = target_port, latency_s, jitter
        self.rng = random.Random(seed)
        self.port = 0
        #: Bytes from the guest to the host, and from the host to the guest.
        self.up = 0
        self.down = 0
        self._ready = threading.Event()
        threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True).start()
        self._ready.wait(10)

    async def _main(self) -> None:
        server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await server.serve_forever()

    async def _client(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        await asyncio.gather(
            self._pipe(reader, up_writer, "up"),
            self._pipe(up_reader, writer, "down"),
            return_exceptions=True,
        )

    async def _pipe(self, reader, writer, way: str) -> None:
        if not self.latency_s:
            while data := await reader.read(65536):
                setattr(self, way, getattr(self, way) + len(data))
                writer.write(data)
                await writer.drain()
            writer.close()
            return
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                if data is None:
                    writer.close()
                    return
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                writer.write(data)
                await writer.drain()

        sender = asyncio.ensure_future(deliver())
        last_due = 0.0
        while True:
            data = await reader.read(65536)
            setattr(self, way, getattr(self, way) + len(data))
            spread = self.latency_s * self.jitter
            # Later chunks never overtake earlier ones (TCP keeps order).
            last_due = max(
                last_due, time.monotonic() + self.latency_s + self.rng.uniform(-spread, spread)
            )
            await queue.put((last_due, data or None))
            if not data:
                break
        await sender


def play_games(games: int, latency_s: float, jitter: float, seed: int, game: str) -> dict:
    """`games` whole games (guest at seat 2, a computer of the game's first level at seat
    1), each on its own host, the guest through a counting proxy; round trips and
    traffic."""
    # late import: a tool's commands import the game only when run; --serve children need only the
    # door
    from game.net.client import NetClient
    from game.net.host import NetHost
    from game.scenes.screens import SCREENS
    from game.shell.app import App
    from game.shell.options import Options
    from game.shell.registry import game_info, load_games
    from game.table.remote import RemoteSeats
    from game.table.seats import COMPUTER, REMOTE, TableSeat

    load_games()
    info = game_info(game)
    level = next(iter(info.level_labels))
    trips: list[float] = []
    per_game = []
    finished = 0
    for number in range(games):
        with tempfile.TemporaryDirectory() as data:
            app = App(
                Options(
                    windowed=True, no_sound=True, fast=True, seed=seed + number, data_dir=Path(data)
                ),
                SCREENS,
            )
            table = info.network_table(
                app, [TableSeat("Computer", COMPUTER, level), TableSeat("Guest", REMOTE)]
            )
            host = NetHost(CODE, {1: "Guest"}, game, port=0, bind="127.0.0.1")
            host.start()
            table.net = RemoteSeats(table, host)
            app.push(table)
            guest = info.network_guest(level, random.Random(number))
            proxy = CountingProxy(host.port, latency_s, jitter, seed)
            client = NetClient("127.0.0.1", proxy.port, CODE, "Bench").start()
            sent_at: float | None = None
            asked = None
            deadline = time.monotonic() + 600
            over = False
            while time.monotonic() < deadline and not over:
                app.tick()
                for message in client.poll():
                    if message["type"] == "closed":
                        deadline = 0
                    if message["type"] != "view":
                        continue
                    if sent_at is not None and message["moves"] != asked:
                        trips.append((time.monotonic() - sent_at) * 1000)
                        sent_at = None
                    over = bool(message.get("over")) and not message.get("your_turn")
                    if message["your_turn"] and message["moves"] != asked:
                        asked = message["moves"]
                        client.send_action(guest.choose(message["view"], message["legal"]), asked)
                        sent_at = time.monotonic()
                time.sleep(1 / 240)
            finished += over
            client.close()
            host.stop()
            per_game.append(
                {
                    "wire_to_guest": proxy.down,
                    "wire_from_guest": proxy.up,
                    "json_to_guest": client.bytes_in,
                    "json_from_guest": client.bytes_out,
                    "moves": table.moves,
                }
            )
            app.scenes.clear()
            app.storage.flush()
    ordered = sorted(trips)
    return {
        "games": games,
        "finished": finished,
        "round_trip_ms": {
            "median": round(statistics.median(ordered), 1),
            "p99": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 1),
            "max": round(ordered[-1], 1),
            "actions": len(ordered),
        }
        if ordered
        else None,
        "bytes_per_game": {
            name: round(statistics.mean(g[name] for g in per_game)) for name in per_game[0]
        },
    }


# -- strangers knocking -------------------------------------------------------------------
def source_addresses(count: int) -> list[str]:
    """Loopback addresses other than the guest's 127.0.0.1 (Linux answers all of 127/8)."""
    return [f"127.0.{1 + n // 250}.{2 + n % 250}" for n in range(count)]


async def knock(port: int, source: str, code: str = WRONG_CODE) -> str:
    """One hello from `source`: what became of it ("wrong_code"..., "closed" when the
    connection ended without an answer)."""
    # late import: websockets and the protocol only for the flood's knocks
    from websockets.asyncio.client import connect

    from game.net import protocol

    try:
        async with connect(
            f"ws://127.0.0.1:{port}/", local_addr=(source, 0), open_timeout=10, close_timeout=1
        ) as connection:
            await connection.send(protocol.encode(protocol.hello(code, "Eve")))
            answer = json.loads(await asyncio.wait_for(connection.recv(), 10))
            return str(answer.get("code") or answer.get("reason") or answer.get("type"))[:40]
    except Exception:  # noqa: BLE001 - closed unread, reset, timed out: all "closed"
        return "closed"


def flood(port: int, clients: int, addresses: int) -> dict:
    """`clients` connections at once knocking with wrong codes until the end of input."""

    async def one(source: str, done: asyncio.Future, tally: Counter) -> None:
        while not done.done():
            tally[await knock(port, source)] += 1
            await asyncio.sleep(0.05)  # each stranger knocks 20 times a second at most

    async def main() -> Counter:
        tally: Counter = Counter()
        done = asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        sources = source_addresses(addresses)
        await asyncio.gather(*(one(sources[n % addresses], done, tally) for n in range(clients)))
        return tally

    return dict(asyncio.run(main()))


def serve(seconds: float) -> None:
    """A bare door (one seat for a guest, no table) in this process: prints its port,
    then, at each line read, this process's CPU seconds so far; ends at the end of input
    or after `seconds`."""
    # late import: a tool's commands import the game only when run; --serve children need only the
    # door
    from game.net.host import NetHost

    host = NetHost(CODE, {1: "Guest"}, "mille", port=0, bind="127.0.0.1")
    print(host.start(), flush=True)
    stopper = threading.Timer(seconds, lambda: os._exit(0))
    stopper.daemon = True
    stopper.start()
    for _ in sys.stdin:
        times = os.times()
        print(times.user + times.system, flush=True)
    host.stop()


def wrong_code_cpu(tries: int) -> dict:
    """The CPU a bare door in its own process spends per wrong code, `tries` of them
    (ten at a time), from one address, then from a fresh address each."""
    door = subprocess.Popen(
        [sys.executable, "-m", "game.bench_net", "--serve", "600"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def cpu() -> float:
        door.stdin.write("\n")
        door.stdin.flush()
        return float(door.stdout.readline())

    async def knocks(sources: list[str]) -> Counter:
        limit = asyncio.Semaphore(10)

        async def one(source: str) -> str:
            async with limit:
                return await knock(port, source)

        return Counter(await asyncio.gather(*(one(source) for source in sources)))

    try:
        port = int(door.stdout.readline())
        report = {}
        for name, sources in (
            ("one_address", ["127.0.0.2"] * tries),
            ("fresh_addresses", source_addresses(tries)),
        ):
            before = cpu()
            tally = asyncio.run(knocks(sources))
            time.sleep(0.5)  # the door finishes with the last of them
            report[name] = {
                "host_cpu_ms_per_try": round((cpu() - before) * 1000 / tries, 3),
                "answers": dict(tally),
            }
        return report
    finally:
        door.stdin.close()
        door.wait(30)


def flooded_games(args) -> dict:
    """The direct games while another process floods the door with wrong codes."""
    # late import: a tool's commands import the game only when run; --serve children need only the
    # door
    from game.net.host import NetHost

    # The flood needs the host's port before the game's host exists: it floods a port
    # the games' hosts then take in turn (each game's host listens on it).
    probe = NetHost(CODE, {1: "Guest"}, args.game, port=0, bind="127.0.0.1")
    port = probe.start()
    probe.stop()
    flooder = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game.bench_net",
            "--flood-port",
            str(port),
            "--flood",
            str(args.flood),
            "--flood-addresses",
            str(args.flood_addresses),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        report = play_games_on(port, args)
    finally:
        out, _ = flooder.communicate("", timeout=120)
    report["flood"] = json.loads(out) if out.strip() else None
    return report


def play_games_on(port: int, args) -> dict:
    """play_games with each game's host on `port` (where the flood knocks)."""
    # late import: a tool's commands import the game only when run; --serve children need only the
    # door
    import game.net.host as host_module

    made = host_module.NetHost

    def on_port(*positional, **named):
        named["port"] = port
        return made(*positional, **named)

    host_module.NetHost = on_port
    try:
        return play_games(args.games, 0.0, 0.0, args.seed, args.game)
    finally:
        host_module.NetHost = made


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--latency-ms", type=float, default=200.0, help="0: no slow-link run")
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="mille", help="farkle, shutbox or mille")
    parser.add_argument("--flood", type=int, default=500, help="0: no flooded run")
    parser.add_argument("--flood-addresses", type=int, default=1)
    parser.add_argument("--flood-port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--tries", type=int, default=600, help="0: no CPU per wrong code")
    parser.add_argument("--serve", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve)
        return 0
    if args.flood_port:
        print(
            json.dumps(flood(args.flood_port, args.flood, args.flood_addresses)),
            flush=True,
        )
        return 0
    report: dict = {"game": args.game}
    report["direct"] = play_games(args.games, 0.0, 0.0, args.seed, args.game)
    if args.latency_ms:
        report[f"latency_{args.latency_ms:g}ms_jitter_{args.jitter:g}"] = play_games(
            args.games, args.latency_ms / 1000, args.jitter, args.seed, args.game
        )
    if args.flood:
        report[f"flood_{args.flood}_clients_{args.flood_addresses}_addresses"] = flooded_games(args)
    if args.tries:
        report["wrong_code_cpu"] = wrong_code_cpu(args.tries)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
