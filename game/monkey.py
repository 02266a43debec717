"""The monkey: random but plausible input for the whole program, seeded and replayable.

    python -m game.monkey --events 1000000            # a million events, then a report
    python -m game.monkey --seed 7 --run 12 --events 840   # replay one failure
    python -m game.monkey --start table:mille:6            # every run at one table

It plays the real App headless, only as a player could (game.input_monkey: keys, text,
the mouse, window sizes, focus, full screen and the boss key), interleaved with ticks. Each run starts a fresh App in a fresh
data folder, somewhere chosen by its seed: the title, a game's set-up, a demo, or a
game's table with as many seats as its set-up allows (one to six, as a player left the
set-up last time, Start pressed); fast, mono, or neither. Random keys then reach every
other screen (settings, scores, help, the boss screen, Continue).

A run fails on any exception, on any error logged (a record it refuses to write...) and
on any file of its own it sets aside (a saved game it wrote but cannot resume...). The failure names the seed, the run
and the event, and how to replay it; the replay is exact except where a computer player
thinks for as long as the machine's speed allows (the Mille Bornes Expert's budget).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# Headless unless asked otherwise: the monkey needs no screen and no sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.input_monkey import InputMonkey  # noqa: E402
from game.main import start  # noqa: E402
from game.scenes.screens import SCREENS  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.memory import release_memory  # noqa: E402
from game.shell.options import Options  # noqa: E402
from game.shell.registry import game_info, load_games  # noqa: E402
from game.shell.setup import (  # noqa: E402
    COMPUTER,
    COMPUTER_NAMES,
    HUMAN,
    HUMAN_NAMES,
    NONE,
    SeatConfig,
    SetupScene,
)
from game.table import TableScene, TableSeat, TableSetup  # noqa: E402

# -- what a run is made of ---------------------------------------------------------------

EVENTS_PER_RUN = 2000  # then the App quits (saving) and a fresh one starts

# How a run starts: the title, a game's set-up, a demo (of one game or all of them), or a
# game's table with a number of seats its set-up allows. Tables twice: there are a dozen.
START_MODES = ("title", "game", "demo", "demo-game", "table", "table")
START_FORMS = "title, game[:ID], demo, demo-game[:ID] or table[:ID[:SEATS]]"


@dataclass
class Report:
    """What a monkey session did."""

    seed: int
    events: int = 0
    runs: int = 0
    frames: int = 0
    seconds: float = 0.0
    rss_start_kb: int | None = None
    rss_end_kb: int | None = None
    tops: dict[str, int] = field(default_factory=dict)  # scene kinds seen on top, frames
    tables: dict[str, int] = field(default_factory=dict)  # "game:seats" on top, frames

    def line(self) -> str:
        return (
            f"monkey seed={self.seed}: {self.events} events in {self.runs} runs, "
            f"{self.frames} frames, {self.seconds:.0f} s, RSS {self.rss_start_kb} KB at "
            f"start, {self.rss_end_kb} KB at end"
        )


class MonkeyFailure(AssertionError):
    """A run raised or logged an error; the message says how to replay it."""

    def __init__(
        self,
        seed: int,
        run: int,
        event: int,
        start: str,
        recent: list[str],
        error: str,
        fixed_start: str | None = None,
    ) -> None:
        self.seed, self.run, self.event = seed, run, event
        replay = f"python -m game.monkey --seed {seed} --run {run} --events {event + 1}"
        if fixed_start:
            replay += f" --start {fixed_start}"
        super().__init__(
            f"the monkey failed: seed {seed}, run {run} ({start}), event {event}\n"
            f"replay: {replay}\nlast events: {'; '.join(recent)}\n{error}"
        )


class ErrorLog(logging.Handler):
    """Collects the errors the program logs while the monkey plays."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


# -- where a run starts ---------------------------------------------------------------------


def table_setup(info) -> TableSetup | None:
    """A game's set-up (seats, computer levels, the rules' check), None for a game that has
    no set-up screen (a solitaire). The registry holds the set-up's bound new_scene."""
    setup = getattr(info.new_scene, "__self__", None)
    return setup if isinstance(setup, TableSetup) else None


def seat_counts(info) -> tuple[int, ...]:
    """The numbers of seats a game's set-up lets a table start with (none for a game
    without a set-up: its "game" start opens the one table it has)."""
    setup = table_setup(info)
    if setup is None:
        return ()
    return tuple(
        count
        for count in range(setup.min_seats, setup.max_seats + 1)
        if not setup.check([TableSeat(f"Player {n + 1}") for n in range(count)])
    )


def tables() -> list[tuple[str, int]]:
    """Every table the registered games' set-ups allow, as (game id, seats)."""
    return [(info.id, count) for info in load_games() for count in seat_counts(info)]


def chosen_start(start: str | None, rng: random.Random) -> tuple[str, str, int | None]:
    """A run's start as (mode, game id or "", seats of a table start or None): `start` as
    --start names it, what it leaves open drawn from `rng` (all of it without `start`).
    ValueError for a start there is not."""
    mode, _, rest = (start or rng.choice(START_MODES)).partition(":")
    game, _, seats = rest.partition(":")
    if mode == "table":
        # Every table alike, whichever game it is: Shut The Box's lone player as often
        # as Mille Bornes's six.
        fitting = [(g, n) for g, n in tables() if game in ("", g) and seats in ("", str(n))]
        if not fitting:
            raise ValueError(
                f"no such table: {start!r} (allowed: "
                + ", ".join(f"{g}:{n}" for g, n in tables())
                + ")"
            )
        game, count = rng.choice(fitting)
        return mode, game, count
    games = [info.id for info in load_games()]
    if (
        mode not in START_MODES
        or seats
        or (game and game not in games)
        or (game and mode not in ("game", "demo-game"))
    ):
        raise ValueError(f"no such start: {start!r} (one of {START_FORMS})")
    if mode in ("game", "demo-game") and not game:
        game = rng.choice(games)
    return mode, game, None


def remembered_seats(setup: TableSetup, count: int, rng: random.Random) -> list[dict]:
    """The set-up's seat rows as a player left them last time: `count` seats, each a
    person's or a computer's at some level, then the empty ones."""
    rows = []
    for row in range(setup.max_seats):
        if row >= count:
            rows.append(SeatConfig(NONE, HUMAN_NAMES[row]))
        elif setup.levels and rng.random() < 0.5:
            rows.append(SeatConfig(COMPUTER, COMPUTER_NAMES[row], rng.choice(setup.levels)[0]))
        else:
            rows.append(SeatConfig(HUMAN, HUMAN_NAMES[row]))
    return [row.to_json() for row in rows]


# -- one run ------------------------------------------------------------------------------


class Run:
    """One App from start to quit, fed events from one seeded generator."""

    def __init__(self, seed: int, number: int, data_dir: Path, start: str | None = None) -> None:
        rng = random.Random(f"pixel-parlor-monkey/{seed}/{number}")
        mode, game, self.seats = chosen_start(start, rng)
        self.start = ":".join(str(part) for part in (mode, game, self.seats) if part)
        setup = table_setup(game_info(game)) if self.seats else None
        #: A table start's seats, as the set-up screen is to offer them (None: as it would).
        self.seat_rows = remembered_seats(setup, self.seats, rng) if setup else None
        #: The table a table start sat at, (game id, seats), as the App made it.
        self.table: tuple[str, int] | None = None
        self.options = Options(
            windowed=True,
            no_sound=True,
            data_dir=data_dir,
            seed=rng.randrange(10**6),
            demo=mode.startswith("demo"),
            game=game or None,
            fast=rng.random() < 0.5,
            mono=rng.random() < 0.3,
        )
        self.start += "".join(
            f" --{flag}" for flag in ("fast", "mono") if getattr(self.options, flag)
        )
        self.input = InputMonkey(rng)

    def play(self, events: int, on_frame: Callable[[InputMonkey, object], None]) -> int:
        """Feed up to `events` events; returns how many were fed (the App may quit first).

        Exceptions propagate with `self.input.index` at the event being handled.
        """

        def check(monkey: InputMonkey, app) -> None:
            on_frame(monkey, app)
            self.check_nothing_set_aside()

        app = App(self.options, SCREENS)
        try:
            if self.seat_rows is not None:  # the set-up opens as the player left it
                app.storage.save_game_options(self.options.game, {"seats": self.seat_rows})
            start(app, self.options.game)
            app.frame(0)
            if self.seats:
                self.sit_down(app)
            fed = self.input.drive(app, events, check)
            if app.running:
                app.shutdown()  # the player quits: everything is saved
            self.check_nothing_set_aside()
            return fed
        finally:
            app.storage.flush()  # saves are written behind: all on disk before the folder goes
            app.scenes.clear()
            pygame.display.quit()

    def sit_down(self, app) -> None:
        """A table start: Start on the set-up screen (a game without one is at its table
        already); the table must be the one the start names."""
        if isinstance(app.scenes.top, SetupScene):
            self.input.key(pygame.K_s, pygame.KMOD_NONE)
            app.frame(0)
        top = app.scenes.top
        if isinstance(top, TableScene):
            self.table = (top.game_id, len(top.seats))
        if self.table != (self.options.game, self.seats):
            raise AssertionError(
                f"the start {self.start} did not open its table: "
                f"{type(top).__name__} {self.table} on top"
            )

    def check_nothing_set_aside(self) -> None:
        """Every file in the run's folder was written by the program itself: one it sets
        aside as damaged (or refuses to resume) is a bug."""
        aside = sorted(path.name for path in self.options.data_dir.glob("*.bad-*"))
        if aside:
            raise AssertionError(f"the program set aside its own files: {aside}")


# -- a session of runs --------------------------------------------------------------------


def rss_kb() -> int | None:
    """This process's resident memory now, in KB (None where it cannot be read)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, AttributeError):
        return None


def monkey(
    events: int,
    seed: int,
    *,
    run_events: int = EVENTS_PER_RUN,
    first_run: int = 0,
    start: str | None = None,
    progress: Callable[[Report], None] | None = None,
    progress_every: float = 60.0,
) -> Report:
    """Feed `events` events over as many runs as it takes; MonkeyFailure on the first
    error. `first_run` and `start` pick one run to replay, or a start for every run."""
    report = Report(seed, rss_start_kb=rss_kb())
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    began = last_progress = time.monotonic()
    number = first_run

    def on_frame(_, app) -> None:
        nonlocal last_progress
        report.frames += 1
        top = app.scenes.top
        kind = type(top).__name__ if top is not None else "-"
        report.tops[kind] = report.tops.get(kind, 0) + 1
        if isinstance(top, TableScene):
            table = f"{top.game_id}:{len(top.seats)}"
            report.tables[table] = report.tables.get(table, 0) + 1
        if errors.records:
            record = errors.records[0]
            text = record.getMessage()
            if record.exc_info:
                text += "\n" + "".join(traceback.format_exception(*record.exc_info))
            raise AssertionError(f"an error was logged: {text}")
        if progress and time.monotonic() - last_progress >= progress_every:
            last_progress = time.monotonic()
            report.seconds = last_progress - began
            report.rss_end_kb = rss_kb()
            progress(report)

    try:
        while report.events < events:
            with tempfile.TemporaryDirectory(prefix="pixel-parlor-monkey-") as data_dir:
                run = Run(seed, number, Path(data_dir), start)
                try:
                    fed = run.play(min(run_events, events - report.events), on_frame)
                except Exception:
                    raise MonkeyFailure(
                        seed,
                        number,
                        run.input.index - 1,
                        run.start,
                        run.input.recent,
                        traceback.format_exc(),
                        fixed_start=start,
                    ) from None
            report.events += max(fed, 1)  # a run that quits at once still moves on
            report.runs += 1
            number += 1
            # What the run's App left behind goes, as the title frees a table that has
            # gone; the RSS reported is then what the Apps keep (caches), not the C
            # allocator's free pages, which grew to 39 MB over 60 runs (issue 30).
            release_memory()
    finally:
        logging.getLogger().removeHandler(errors)
        report.seconds = time.monotonic() - began
        report.rss_end_kb = rss_kb()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.monkey",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--events", type=int, default=10_000, help="events to feed in all")
    parser.add_argument(
        "--seed", type=int, default=None, help="the session's seed (default: random, printed)"
    )
    parser.add_argument(
        "--run", type=int, default=0, help="the first run's number (to replay a failed run alone)"
    )
    parser.add_argument(
        "--run-events",
        type=int,
        default=EVENTS_PER_RUN,
        help="events per run before the App quits and a fresh one starts",
    )
    parser.add_argument(
        "--start",
        default=None,
        help="every run's start instead of a "
        f"random one: {START_FORMS} (what it leaves out is random)",
    )
    args = parser.parse_args(argv)
    if args.start is not None:
        try:
            chosen_start(args.start, random.Random())
        except ValueError as error:
            parser.error(str(error))
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    print(f"monkey seed={seed}: feeding {args.events} events", file=sys.stderr, flush=True)
    try:
        report = monkey(
            args.events,
            seed,
            run_events=args.run_events,
            first_run=args.run,
            start=args.start,
            progress=lambda r: print(r.line(), file=sys.stderr, flush=True),
        )
    except MonkeyFailure as failure:
        print(failure, file=sys.stderr)
        return 1
    print(report.line())
    print(
        "screens on top (frames): "
        + ", ".join(
            f"{name} {count}"
            for name, count in sorted(report.tops.items(), key=lambda item: -item[1])
        )
    )
    print(
        "tables on top (game:seats frames): "
        + ", ".join(f"{table} {count}" for table, count in sorted(report.tables.items()))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
