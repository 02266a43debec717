"""Benchmark: how far behind the game's last save a SIGKILL right after a move leaves the
file on disk, and whether the next start removes what the killed write left.

    python -m game.bench_kill [--kills 100] [--games shutbox mille farkle]
                                     [--under-load] [--fast] [--seed 1] [--dir DIR]

Each round starts the real game in a process of its own (this module with --child): the
game at a table of computer players, played in real time as a person's game is (saved
after every move, written behind by the data folder's writer thread). It reports every
save of the game it completes: save_game (or clear_game, at a game's end) has returned on
the main thread. The round waits a random moment (up to 1.5 s), then for the next save,
and kills the process with SIGKILL as soon as it hears of it: right after a move, the
worst moment for a save written behind. Then the folder is opened as the next start
opens it, and the round counts how many saves the game on disk is behind the last one the
game completed (0: that one is on disk; 1: the move in flight was lost), and our
temporary files (.<name>.json.<random>.tmp) the kill left and those still there after
the next start. The next round resumes what is on disk, as a player would; a game that
ends starts again a second later, as a person would start it.

--under-load keeps every core busy for the whole run with one process per core spinning
in a Python loop, as other programs on a busy machine would.
Prints a line per game as JSON. A measurement, not a test; POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from game.resources import SOURCE_ROOT

GAMES = ("shutbox", "mille", "farkle")
# A round waits this long for a save before it kills the game anyway (never reached by a
# game that plays; counted, so that a stuck round shows).
SAVE_WAIT_S = 60.0
CLEARED = "cleared"
REMATCH_AFTER_S = 1.0  # what a round reports for clear_game and reads for "no saved game"


def digest(state: Any) -> str:
    """A short fingerprint of a saved game's state, the same for the state the game
    handed over and for what is read back from the file."""
    if state is None:
        return CLEARED
    plain = json.loads(json.dumps(state))  # as JSON reads it back: tuples become lists...
    return hashlib.sha256(json.dumps(plain, sort_keys=True).encode()).hexdigest()[:16]


# -- the game, in its own process -------------------------------------------------------


def child(game_id: str, data_dir: Path, fast: bool) -> None:
    """Play `game_id` at a table of computers, printing "saved <digest>" for every save
    of it that has returned, until killed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # late import: the child imports pygame and the game only after the environment above is set
    import pygame

    from game.main import start
    from game.monkey import table_setup
    from game.scenes.screens import SCREENS
    from game.shell.app import App
    from game.shell.options import Options
    from game.shell.registry import game_info, load_games
    from game.shell.setup import COMPUTER, COMPUTER_NAMES, HUMAN_NAMES, NONE, SeatConfig
    from game.table import TableScene

    load_games()
    app = App(Options(windowed=True, no_sound=True, fast=fast, data_dir=data_dir), SCREENS)
    storage = app.storage
    real_save, real_clear = storage.save_game, storage.clear_game

    def report(state: Any) -> None:
        sys.stdout.write(f"saved {digest(state)}\n")
        sys.stdout.flush()

    def save_game(game: str, state: Any) -> bool:
        saved = real_save(game, state)
        if game == game_id:
            report(state)
        return saved

    def clear_game(game: str) -> bool:
        cleared = real_clear(game)
        if game == game_id:
            report(None)
        return cleared

    storage.save_game, storage.clear_game = save_game, clear_game  # type: ignore[method-assign]
    setup = table_setup(game_info(game_id))
    if setup is not None:  # the set-up opens with two computers at the weakest level
        rows = [SeatConfig(COMPUTER, COMPUTER_NAMES[i], setup.levels[0][0]) for i in range(2)]
        rows += [SeatConfig(NONE, HUMAN_NAMES[i]) for i in range(2, setup.max_seats)]
        storage.save_game_options(game_id, {"seats": [row.to_json() for row in rows]})
    start(app, game_id)  # the saved game if there is one, as Continue; else the set-up
    if not isinstance(app.scenes.top, TableScene):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
        app.frame(0)
    real_tick = app.tick
    ended: list[float] = []  # when the game on the table ended

    def tick() -> None:
        real_tick()
        top = app.scenes.top
        if isinstance(top, TableScene) and top.finished:
            # A game that ends starts again, a second later: the time a person takes to
            # read the end and press a key (the end's records are written meanwhile).
            if not ended:
                ended.append(time.monotonic())
            elif time.monotonic() - ended[0] >= REMATCH_AFTER_S:
                ended.clear()
                app.replace(top.rematch())

    app.tick = tick  # type: ignore[method-assign]
    app.run()


# -- the rounds -------------------------------------------------------------------------


def temp_files(folder: Path) -> int:
    # late import: the parent process never loads the game; only the child does
    from game.storage.atomic import is_temp_file

    return sum(is_temp_file(path) for path in folder.iterdir()) if folder.exists() else 0


def one_round(game_id: str, folder: Path, fast: bool, rng: random.Random) -> dict[str, Any]:
    """Start the game, kill it right after a save, open the folder again: what was lost."""
    command = [sys.executable, "-m", "game.bench_kill", "--child", game_id, str(folder)]
    process = subprocess.Popen(
        command + (["--fast"] if fast else []),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=SOURCE_ROOT,  # where the game package is: the child runs it with -m
    )
    saves: list[str] = []
    heard = threading.Condition()
    gone: list[bool] = []  # the child's output ended: it has died (or was killed)

    def listen() -> None:
        for line in process.stdout:  # type: ignore[union-attr]
            word, _, value = line.strip().partition(" ")
            if word == "saved":
                with heard:
                    saves.append(value)
                    heard.notify_all()
        with heard:  # the waits below look at `gone` only when woken
            gone.append(True)
            heard.notify_all()

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    try:
        with heard:  # playing: a few saves in
            heard.wait_for(lambda: len(saves) >= 3 or bool(gone), SAVE_WAIT_S)
        time.sleep(rng.uniform(0.0, 1.5))
        with heard:  # then right after a move
            seen = len(saves)
            heard.wait_for(lambda: len(saves) > seen or bool(gone), SAVE_WAIT_S)
            got_one = len(saves) > seen
            process.send_signal(signal.SIGKILL)
    finally:  # the benchmark itself stopped: no game is left playing
        process.kill()
        process.wait()
    listener.join()
    if process.returncode != -signal.SIGKILL:
        # The game ended by itself: every later round would too, a minute each.
        raise SystemExit(
            f"the {game_id} game's process ended by itself (exit {process.returncode}); "
            f"see why with: python -m game.bench_kill --child {game_id} {folder}"
        )
    return {
        "saves": saves,
        "no_save_heard": not got_one,
        "left_by_kill": temp_files(folder),
        **next_start(game_id, folder),
    }


def next_start(game_id: str, folder: Path) -> dict[str, Any]:
    """Open the folder as the game's next start does: what it holds, what is left."""
    # late import: the parent process never loads the game; only the child does
    from game.storage import Storage

    storage = Storage(folder, games={game_id: game_id})
    on_disk = digest(storage.load_game(game_id))
    return {
        "on_disk": on_disk,
        "damaged": storage.take_notices(),
        "left_after_next_start": temp_files(folder),
    }


def behind(saves: list[str], on_disk: str) -> int | None:
    """How many of the round's completed saves came after the one on disk; None if the
    disk holds none of them."""
    if on_disk not in saves:
        return None
    return len(saves) - 1 - max(i for i, d in enumerate(saves) if d == on_disk)


def measure(game_id: str, kills: int, fast: bool, seed: int, root: Path) -> dict[str, Any]:
    rng = random.Random(f"killbench/{seed}/{game_id}")
    folder = root / game_id
    lags: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    start = time.monotonic()
    for number in range(1, kills + 1):
        before = temp_files(folder)  # what the last start left (0 when it removed all)
        round_ = one_round(game_id, folder, fast, rng)
        lag = behind(round_["saves"], round_["on_disk"])
        # A round takes seconds, a game's hundred of them an hour on a busy machine: say
        # where it is (stderr, so that stdout stays one JSON line per game).
        print(f"{game_id} kill {number}/{kills}: {lag} behind", file=sys.stderr, flush=True)
        lags["not one of its saves" if lag is None else str(lag)] += 1
        counts["no_save_heard"] += round_["no_save_heard"]
        counts["damaged"] += bool(round_["damaged"])
        counts["temp_files_left_by_kills"] += round_["left_by_kill"] - before
        counts["starts_that_left_temp_files"] += round_["left_after_next_start"] > 0
        counts["saves_heard"] += len(round_["saves"])
    return {
        "game": game_id,
        "kills": kills,
        "saves_behind": dict(sorted(lags.items())),
        "more_than_one_behind": sum(n for lag, n in lags.items() if lag != "0" and lag != "1"),
        **counts,
        "temp_files_at_the_end": temp_files(folder),
        "minutes": round((time.monotonic() - start) / 60, 1),
    }


# Spins until its parent is gone, so that no busy process outlives the benchmark.
BUSY_LOOP = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(1_000_000):
        pass
"""


def busy_processes() -> list[subprocess.Popen[bytes]]:
    """One process per core spinning in a loop: the load of a busy machine."""
    return [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(os.cpu_count() or 1)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100, help="kills per game")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--under-load", action="store_true", help="a busy process per core")
    parser.add_argument("--fast", action="store_true", help="the game in fast mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, help="where the data folders go (default: temp)")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], Path(args.child[1]), args.fast)
        return
    if not hasattr(signal, "SIGKILL"):
        parser.error("needs SIGKILL (POSIX)")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the busy processes go too
    load = busy_processes() if args.under_load else []
    print(
        json.dumps(
            {
                "load": f"{len(load)} busy processes (a Python loop each), {os.cpu_count()} cores"
                if load
                else "none",
                "fast": args.fast,
            }
        ),
        flush=True,
    )
    try:
        with tempfile.TemporaryDirectory(dir=args.dir) as root:
            for game_id in args.games:
                figures = measure(game_id, args.kills, args.fast, args.seed, Path(root))
                print(json.dumps(figures), flush=True)
    finally:
        for process in load:
            process.kill()
            process.wait()


if __name__ == "__main__":
    main()
