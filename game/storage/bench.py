"""Benchmark: how long Storage.save_game holds up the caller, written in place (encode +
temp file + fsync + replace) and written behind (encode + hand-over to the writer thread,
as the game saves).

    python -m game.storage.bench [--dir DIR] [--saves N] [--kib 3 30 300] [--gap-ms 17]

Saved games are written every few moves, from the main thread, inside a 16.7 ms frame;
run this on the disk the game will use (--dir) to see what a save costs there. Saves come
--gap-ms apart (a frame), so that the writer thread is busy during some of them, as in
play. Real states are small: Mille Bornes mid-game about 3 KiB, a La Belle Lucie hand
under 1 KiB plus its move list. This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from game.storage import Storage


def state_of_size(kib: float) -> dict[str, object]:
    """A card-game-like state (lists of short card names) of about `kib` KiB as JSON."""
    cards = ["25", "50", "75", "100", "200", "ACC", "REP", "GAS", "FLT", "SPR", "STP"]
    count = max(1, int(kib * 1024 / 6))  # a card is about six bytes in compact JSON
    return {
        "schema": 1,
        "turn": 3,
        "scores": [1200, 850],
        "piles": [
            [cards[(i * 7 + j) % len(cards)] for j in range(50)] for i in range(count // 50 + 1)
        ],
    }


def measure(
    folder: Path, kib: float, saves: int, write_behind: bool, gap_s: float
) -> dict[str, object]:
    """Milliseconds the caller waits per save of a state of `kib` KiB: median, 95th
    percentile, worst."""
    storage = Storage(folder, write_behind=write_behind)
    state = state_of_size(kib)
    times = []
    for _ in range(saves):
        start = time.perf_counter()
        storage.save_game("mille", state)
        times.append((time.perf_counter() - start) * 1000)
        time.sleep(gap_s)
    storage.flush()
    times.sort()
    size = (folder / "mille-saved.json").stat().st_size
    storage.clear_game("mille")
    storage.flush()
    return {
        "mode": "written behind" if write_behind else "written in place",
        "kib": round(size / 1024, 1),
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(times[int(len(times) * 0.95)], 2),
        "max_ms": round(times[-1], 2),
    }


def main(argv: list[str] | None = None) -> None:
    """Print one JSON line per state size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="folder to write in (default: a temp folder)")
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--kib", type=float, nargs="+", default=[3, 30, 300])
    parser.add_argument("--gap-ms", type=float, default=17.0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as temp:
        for kib in args.kib:
            for write_behind in (False, True):
                print(
                    json.dumps(
                        measure(Path(temp), kib, args.saves, write_behind, args.gap_ms / 1000)
                    )
                )


if __name__ == "__main__":
    main()
