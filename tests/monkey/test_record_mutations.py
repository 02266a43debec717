"""One random change to a record file, then the screens that show the records: the title,
Scores (every game's tab), Settings and each game's set-up screen (its stored options)
open and draw without an exception, whatever storage made of the file."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.main import start
from game.shell.registry import load_games
from tests.harness import key, make_app, run
from tests.mutations import single_change
from tests.record_files import record_files
from tests.storage.test_storage_mutations import WORDS


def back_to_the_title(app) -> None:
    while len(app.scenes) > 1:
        app.pop()
    run(app, 1)


def visit_every_screen_that_shows_records(app) -> None:
    key(app, pygame.K_t, text="t")  # Scores: every game's tab
    for _ in load_games():
        key(app, pygame.K_RIGHT)
    back_to_the_title(app)
    key(app, pygame.K_s, text="s")  # Settings: its first rows changed
    for _ in range(4):
        key(app, pygame.K_RETURN)
        key(app, pygame.K_DOWN)
    back_to_the_title(app)
    for number in range(1, len(load_games()) + 1):  # each game's start reads its options
        key(app, pygame.key.key_code(str(number)), text=str(number))
        for _ in range(3):
            key(app, pygame.K_DOWN)
            key(app, pygame.K_RIGHT)
        run(app, 10)
        back_to_the_title(app)


@pytest.mark.slow
@settings(max_examples=25, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_screens_that_show_records_open_whatever_a_record_file_holds(data):
    files = record_files()
    name = data.draw(st.sampled_from(sorted(files)), label="file")
    changed, what = data.draw(single_change(json.loads(files[name]), WORDS), label="change")
    load_games()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for other, content in files.items():
            (folder / other).write_bytes(content)
        (folder / name).write_text(json.dumps(changed))
        app = make_app(folder, fast=True)
        try:
            start(app, None)
            app.frame(0)
            visit_every_screen_that_shows_records(app)
            assert app.running
            app.shutdown()
        finally:
            app.storage.flush()  # saves are written behind: on disk before the folder goes
            app.scenes.clear()
            pygame.display.quit()
