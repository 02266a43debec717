"""The monkey in CI: a few thousand random, plausible events from every start, seeded.

A failure prints its seed, run and event, and the command that replays it. The million
events of the issue are a command, not a test: python -m game.monkey --events 1000000.
Set PIXEL_PARLOR_MONKEY_SEED to try other seeds than CI's.
"""
from __future__ import annotations

import os

import pygame
import pytest

from game.monkey import InputMonkey, MonkeyFailure, monkey
from game.scenes.registry import load_games

SEED = int(os.environ.get("PIXEL_PARLOR_MONKEY_SEED", "2026"))
EVENTS_PER_START = 500
GAMES = [info.id for info in load_games()]
STARTS = ["title", "demo"] + [f"game:{g}" for g in GAMES] + [f"demo-game:{g}" for g in GAMES]


@pytest.mark.slow
@pytest.mark.parametrize("start", STARTS)
def test_the_monkey_finds_nothing(start):
    report = monkey(EVENTS_PER_START, SEED, start=start, run_events=EVENTS_PER_START)
    assert report.events >= 1


def test_a_failure_names_its_seed_run_and_event_and_how_to_replay_it(monkeypatch):
    from game.app import App

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

    from game.app import App

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
        storage.set_aside_saved_game("shutbox")   # as if it could not resume it
    monkeypatch.setattr(Storage, "__init__", sets_aside_its_own_saved_game)
    with pytest.raises(MonkeyFailure, match="the program set aside its own files"):
        monkey(100, 11, start="title")
