"""The monkey in CI: a few thousand random, plausible events from every start, seeded
(each game's table among them, its seats as many as the seed draws from what its set-up
allows), and the runs' starts sitting at every table every game's set-up allows.

A failure prints its seed, run and event, and the command that replays it. The million
events of the issue are a command, not a test: python -m game.monkey --events 1000000.
Set PIXEL_PARLOR_MONKEY_SEED to try other seeds than CI's.
"""

from __future__ import annotations

import os

import pygame
import pytest

from game.input_monkey import InputMonkey
from game.monkey import MonkeyFailure, Run, main, monkey, tables
from game.shell.registry import load_games

SEED = int(os.environ.get("PIXEL_PARLOR_MONKEY_SEED", "2026"))
GAMES = [info.id for info in load_games()]
# Table starts for the games with a set-up (a game without one has one table: game:ID).
SET_UP_GAMES = sorted({game for game, _ in tables()})
STARTS = (
    ["title", "demo"]
    + [f"game:{g}" for g in GAMES]
    + [f"demo-game:{g}" for g in GAMES]
    + [f"table:{g}" for g in SET_UP_GAMES]
)
EVENTS_PER_START = 5000 // len(STARTS)  # a few thousand in all, whatever the games
# Runs enough for the seeds' starts to sit at every table (CI's seed: about 120; a seed
# that needs more than this is one in thousands).
RUNS_TO_EVERY_TABLE = 400


@pytest.mark.slow
@pytest.mark.parametrize("start", STARTS)
def test_the_monkey_finds_nothing(start):
    report = monkey(EVENTS_PER_START, SEED, start=start, run_events=EVENTS_PER_START)
    assert report.events >= 1


def test_the_runs_starts_sit_at_every_table_every_games_set_up_allows(tmp_path):
    allowed = set(tables())
    assert {"farkle", "shutbox", "mille"} <= {game for game, _ in allowed}
    assert {1, 6} <= {seats for _, seats in allowed}  # a lone player, and six at most
    sat_at: set[tuple[str, int]] = set()
    for number in range(RUNS_TO_EVERY_TABLE):
        run = Run(SEED, number, tmp_path / str(number))
        if run.seats and (run.options.game, run.seats) not in sat_at:
            run.play(0, lambda *_: None)  # the start only: the table is made
            assert run.table == (run.options.game, run.seats), run.start
            sat_at.add(run.table)
        if sat_at == allowed:
            break
    assert sat_at == allowed, f"never sat at {sorted(allowed - sat_at)}"


def test_start_names_a_table_for_replays(tmp_path, capsys):
    run = Run(SEED, 0, tmp_path / "six", start="table:mille:6")
    run.play(0, lambda *_: None)
    assert run.table == ("mille", 6) and run.start.startswith("table:mille:6")
    run = Run(SEED, 0, tmp_path / "alone", start="table:shutbox:1")
    run.play(0, lambda *_: None)
    assert run.table == ("shutbox", 1)
    for no_such_table in ("table:mille:5", "table:lucie", "table:farkle:0", "table:nope"):
        with pytest.raises(SystemExit):
            main(["--start", no_such_table, "--events", "1"])
        assert "no such table" in capsys.readouterr().err


def test_a_failure_names_its_seed_run_and_event_and_how_to_replay_it(monkeypatch):
    from game.shell.app import App

    frames = []

    def failing_frame(app, ticks):
        frames.append(ticks)
        if len(frames) == 30:
            raise RuntimeError("a planted bug")

    monkeypatch.setattr(App, "frame", failing_frame)
    with pytest.raises(MonkeyFailure) as failure:
        monkey(1000, 5, start="title", first_run=3)
    message = str(failure.value)
    assert "seed 5, run 3 (title" in message and "RuntimeError: a planted bug" in message
    assert f"--seed 5 --run 3 --events {failure.value.event + 1}" in message
    assert 29 <= failure.value.event < 30 * 3


def test_an_error_logged_is_a_failure_too(monkeypatch):
    import logging

    from game.shell.app import App

    original = App.frame

    def frame(app, ticks):
        original(app, ticks)
        logging.getLogger("game.storage").error("the program wrote what it cannot read")

    monkeypatch.setattr(App, "frame", frame)
    with pytest.raises(MonkeyFailure, match="an error was logged: the program wrote"):
        monkey(50, 1, start="title")


def test_a_run_replays_the_same_events(monkeypatch):
    seen: list[list[str]] = [[], []]
    for attempt in (0, 1):

        def remember(run, description, into=seen[attempt]):
            into.append(description)

        monkeypatch.setattr(InputMonkey, "_remember", remember)
        monkey(150, 9, start="title", first_run=4)
    assert seen[0] == seen[1] and len(seen[0]) == 150
    pygame.display.quit()


def test_a_file_the_program_sets_aside_is_a_failure_too(monkeypatch):
    from game.storage import Storage

    original = Storage.__init__

    def sets_aside_its_own_saved_game(storage, *args, **kwargs):
        original(storage, *args, **kwargs)
        storage.save_game("shutbox", {"a game": "the program wrote"})
        storage.set_aside_saved_game("shutbox")  # as if it could not resume it

    monkeypatch.setattr(Storage, "__init__", sets_aside_its_own_saved_game)
    with pytest.raises(MonkeyFailure, match="the program set aside its own files"):
        monkey(100, 11, start="title")
