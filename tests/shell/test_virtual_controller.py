"""A controller through SDL's whole pipeline: SDL's own virtual game controller is plugged
in, its buttons pressed, and the App hears CONTROLLER* events as from a real pad (the
other controller tests post the events themselves).

The checks run in a fresh interpreter: after another test's pygame.quit() in the same
process, SDL 2 no longer announces devices plugged in later (a test-only state: the game
quits pygame once, at its end)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECKS = r"""
import json, sys, tempfile, time
from pathlib import Path
import pygame
from game.input import VirtualPad
from game.scenes.title import TitleScene
from game.shell.registry import load_games
from game.shell.setup import SetupScene
from tests.harness import make_app, run

load_games()
app = make_app(Path(tempfile.mkdtemp()))
pad = VirtualPad.attach()
if pad is None:
    print(json.dumps({"skip": "no SDL library where pygame keeps it"}))
    sys.exit(0)
app.push(TitleScene(app))
for _frame in range(200):  # SDL announces the device at a later pump, at times
    time.sleep(0.005)
    run(app, 1)
    if app.pads.pads:
        break
found = {"names": [p.name for p in app.pads.pads.values()], "bar": app.pad_layout is None}

def press(button):
    pad.button(button, True)
    run(app, 2)
    pad.button(button, False)
    run(app, 2)

press(pygame.CONTROLLER_BUTTON_A)
found["after_a"] = type(app.scenes.top).__name__
found["glyphs"] = app.pad_layout.name if app.pad_layout else None
press(pygame.CONTROLLER_BUTTON_B)
found["after_b"] = type(app.scenes.top).__name__

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
found["jitter_moved"] = app.scenes.top is not top
found["jitter"] = sorted({name for name, noise in heard if noise})
found["jitter_meant"] = sorted({name for name, noise in heard if not noise})

pad.detach()
run(app, 3)
found["after_unplug"] = len(app.pads.pads)
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def found() -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", CHECKS], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if "skip" in result:
        pytest.skip(result["skip"])
    return result


def test_a_plugged_in_controller_is_announced_and_its_buttons_play(found):
    assert found["names"] == ["Virtual Controller"]
    assert found["bar"], "plugged in, not yet played: the bar shows keys"
    assert found["after_a"] == "SetupScene", "A chose the first game"
    assert found["glyphs"] == "xbox"
    assert found["after_b"] == "TitleScene", "B went back"


def test_a_trembling_stick_moves_nothing_and_its_raw_twins_are_dropped(found):
    assert not found["jitter_moved"]
    assert found["jitter_meant"] == []
    assert {"JoyAxisMotion", "ControllerAxisMotion"} <= set(found["jitter"])


def test_unplugging_the_controller_is_heard(found):
    assert found["after_unplug"] == 0
