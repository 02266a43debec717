"""Benchmark: a network table's round trip and traffic, directly and through a slow link.

    python -m game.net.bench [--game mille|farkle|shutbox] [--games N] [--latency-ms 200]
                             [--jitter 0.05]

A host (the game's table with no window, in this process) and a bot guest over the
loopback address play whole games against a computer seat, once directly and once through
a proxy that holds every message `--latency-ms` (each way, give or take `--jitter` of it).
It prints JSON: the round trip of an action (sent until the view of the move arrives),
the bytes per game each way, and whether the slow games still finished. A measurement,
not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CODE = "BENCH2"


class DelayingProxy:
    """A TCP proxy on loopback that holds each chunk `latency_s` (± jitter) each way, in
    order, as a slow internet link would."""

    def __init__(self, target_port: int, latency_s: float, jitter: float, seed: int = 1):
        self.target_port, self.latency_s, self.jitter = target_port, latency_s, jitter
        self.rng = random.Random(seed)
        self.port = 0
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
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )

    async def _pipe(self, reader, writer) -> None:
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
            spread = self.latency_s * self.jitter
            # Later chunks never overtake earlier ones (TCP keeps order).
            last_due = max(
                last_due, time.monotonic() + self.latency_s + self.rng.uniform(-spread, spread)
            )
            await queue.put((last_due, data or None))
            if not data:
                break
        await sender


def play_games(games: int, port_for_guest, seed: int, game: str = "mille") -> dict:
    """`games` whole games (guest at seat 2, a computer of the game's first level at seat
    1), each on its own host; round trips and traffic."""
    from game.app import App
    from game.net.client import NetClient
    from game.net.host import NetHost
    from game.options import Options
    from game.scenes.registry import game_info, load_games
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
                )
            )
            table = info.network_table(
                app, [TableSeat("Computer", COMPUTER, level), TableSeat("Guest", REMOTE)]
            )
            host = NetHost(CODE, {1: "Guest"}, game, port=0, bind="127.0.0.1")
            host.start()
            table.net = RemoteSeats(table, host)
            app.push(table)
            guest = info.network_guest(level, random.Random(number))
            client = NetClient("127.0.0.1", port_for_guest(host.port), CODE, "Bench").start()
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
            per_game.append(
                {
                    "to_guest_bytes": client.bytes_in,
                    "from_guest_bytes": client.bytes_out,
                    "moves": table.moves,
                }
            )
            client.close()
            host.stop()
            app.scenes.clear()
            app.storage.flush()
    ordered = sorted(trips)
    return {
        "games": games,
        "finished": finished,
        "round_trip_ms": {
            "median": round(statistics.median(ordered), 1),
            "p90": round(ordered[int(0.9 * len(ordered))], 1),
            "max": round(ordered[-1], 1),
            "actions": len(ordered),
        }
        if ordered
        else None,
        "bytes_per_game": {
            "to_guest": round(statistics.mean(g["to_guest_bytes"] for g in per_game)),
            "from_guest": round(statistics.mean(g["from_guest_bytes"] for g in per_game)),
            "moves": round(statistics.mean(g["moves"] for g in per_game)),
        },
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="mille", help="farkle, shutbox or mille")
    args = parser.parse_args(argv)
    report = {
        "game": args.game,
        "direct": play_games(args.games, lambda port: port, args.seed, args.game),
    }

    def through_proxy(port: int) -> int:
        return DelayingProxy(port, args.latency_ms / 1000, args.jitter, args.seed).port

    report[f"latency_{args.latency_ms:g}ms_jitter_{args.jitter:g}"] = play_games(
        args.games, through_proxy, args.seed, args.game
    )
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
