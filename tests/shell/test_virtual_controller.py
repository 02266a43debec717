"""A controller through SDL's whole pipeline: SDL's own virtual game controller is plugged
in, its buttons pressed, and the App hears CONTROLLER* events as from a real pad (the
other controller tests post the events themselves)."""

from __future__ import annotations

import pygame
import pytest

from game.input import VirtualPad
from game.scenes.title import TitleScene
from game.shell.registry import load_games
from game.shell.setup import SetupScene
from tests.harness import make_app, run


@pytest.fixture
def app_and_pad(tmp_path):
    load_games()
    app = make_app(tmp_path)
    pad = VirtualPad.attach()
    if pad is None:
        pytest.skip("SDL's library is not where pygame keeps it here")
    app.push(TitleScene(app))
    run(app, 3)
    yield app, pad
    if app.pads.pads:
        pad.detach()  # the next test's app finds no pad left plugged in...
    pygame.event.pump()
    pygame.event.clear()  # ... nor the news that it left
    app.scenes.clear()
    pygame.display.quit()


def press(app, pad: VirtualPad, button: int) -> None:
    pad.button(button, True)
    run(app, 2)
    pad.button(button, False)
    run(app, 2)


def test_a_plugged_in_controller_is_announced_and_its_buttons_play(app_and_pad):
    app, pad = app_and_pad
    assert [p.name for p in app.pads.pads.values()] == ["Virtual Controller"]
    assert app.pad_layout is None  # plugged in, not yet played: the bar shows keys
    press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scenes.top, SetupScene)  # A chose the first game
    assert app.pad_layout is not None
    press(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scenes.top, TitleScene)


def test_a_trembling_stick_moves_nothing_and_its_raw_twins_are_dropped(app_and_pad):
    app, pad = app_and_pad
    heard = []
    real = app.pads.is_noise

    def noting(event):
        noise = real(event)
        heard.append((pygame.event.event_name(event.type), noise))
        return noise

    app.pads.is_noise = noting
    top = app.scenes.top
    for value in (2000, -3000, 4000, -1000):  # inside the dead zone
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, value)
        run(app, 1)
    assert app.scenes.top is top and app.pad_layout is None
    assert heard and all(noise for _name, noise in heard), heard
    assert {"JoyAxisMotion", "ControllerAxisMotion"} <= {name for name, _ in heard}


def test_unplugging_the_controller_is_heard(app_and_pad):
    app, pad = app_and_pad
    pad.detach()
    run(app, 3)
    assert app.pads.pads == {}
