"""Fixtures shared by the game scenes' tests."""

import pygame
import pytest


@pytest.fixture
def new_app(tmp_path):
    """A factory of windowed, silent apps on the title screen; sounds are recorded.

    `app.sounds` lists the names of the sounds played, in order.
    """
    from game.scenes.title import TitleScene
    from game.shell.registry import load_games
    from tests.harness import make_app

    made = []

    def make(**flags):
        load_games()
        app = make_app(tmp_path / f"data{len(made)}", **flags)
        app.sounds = []
        app.audio.play = app.sounds.append
        app.push(TitleScene(app))
        app.frame(0)
        made.append(app)
        return app

    yield make
    for app in made:
        app.scenes.clear()
    pygame.display.quit()


@pytest.fixture
def listening():
    """Speech on through a speaker that only records (tests/scenes/blind.py); off again
    afterwards."""
    from game import speech

    speaker = speech.install(speech.Speaker(speech.Quiet(), enabled=True))
    yield speaker
    speech.install(speech.Speaker())
