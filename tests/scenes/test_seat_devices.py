"""Two people at one screen, each with their own device: a seat set up for a controller
(or for the keyboard and mouse) takes its moves from that device only, and says whose
turn it is to the other; the menu, help and the log are anybody's."""

from __future__ import annotations

import pygame
import pytest

from game.input import KEYBOARD, Action, pad_device
from game.scenes.shutbox.start import SETUP
from game.shell.registry import game_info
from game.shell.setup import HUMAN, SetupScene, seats_from_json
from game.table.seats import TableSeat
from tests.harness import key, run

SHARED = {"?": "hint", "l": "log", "u": "undo", "d": "demo"}


def pad_button(app, button: int, pad: int = 0, ticks: int = 1) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=pad, button=button))
        run(app, ticks)


def test_a_seat_without_a_device_takes_every_device():
    seat = TableSeat("Ann")
    for device in ("", KEYBOARD, pad_device(1), pad_device(2)):
        assert seat.takes(Action("confirm", device=device), SHARED)


def test_a_seat_with_a_device_takes_only_its_own_moves_but_anybody_may_ask_for_help():
    seat = TableSeat("Ann", device=pad_device(2))
    assert seat.takes(Action("confirm", device=pad_device(2)), SHARED)
    assert seat.takes(Action("confirm"), SHARED)  # made by the program itself
    assert not seat.takes(Action("confirm", device=pad_device(1)), SHARED)
    assert not seat.takes(Action("confirm", device=KEYBOARD), SHARED)
    assert not seat.takes(Action("char", char="r", device=KEYBOARD), SHARED)
    assert not seat.takes(Action("char", char="u", device=KEYBOARD), SHARED)  # undo
    for anybodys in ("cancel", "help", "hover", "log", "hint"):
        assert seat.takes(Action(anybodys, device=KEYBOARD), SHARED)
    assert seat.takes(Action("char", char="L", device=KEYBOARD), SHARED)
    assert seat.takes(Action("char", char="h", device=KEYBOARD), SHARED)


@pytest.mark.parametrize(
    "stored, device",
    [
        ({"name": "Ann", "device": "pad2"}, "pad2"),
        ({"name": "Ann", "device": "keys"}, "keys"),
        ({"name": "Ann"}, ""),
    ],
)
def test_a_saved_seat_keeps_its_device(stored, device):
    seat = TableSeat.from_json(stored, ())
    assert seat.device == device
    assert TableSeat.from_json(seat.to_json(), ()) == seat


@pytest.mark.parametrize("bad", ["pad0", "pad99", "joystick", 3, None, ["pad1"]])
def test_a_saved_seat_with_an_unknown_device_is_refused(bad):
    with pytest.raises(ValueError):
        TableSeat.from_json({"name": "Ann", "device": bad}, ())


def test_remembered_set_up_seats_drop_an_unknown_device():
    seats = seats_from_json(
        [{"kind": HUMAN, "name": "Ann", "device": "pad1"}, {"kind": HUMAN, "device": "tv"}],
        [("expert", "Expert")],
        2,
    )
    assert [s.device for s in seats] == ["pad1", ""]


def test_at_a_table_the_keyboard_cannot_play_the_controllers_seat(new_app):
    app = new_app(seed=5)
    table = SETUP.start(app, [TableSeat("Ann", device=pad_device(1)), TableSeat("Bea")], {})
    app.replace(table)
    run(app, 5)
    key(app, pygame.K_RETURN, ticks=5)  # the round's prompt: anybody may go on
    assert table.seat_to_act() == 0
    mode = table.mode
    key(app, pygame.K_RETURN, ticks=5)  # Ann's roll, from the keyboard
    assert table.mode == mode
    assert "Ann" in str(table.talk.passing.said)
    assert app.sounds[-1] == "error"
    key(app, pygame.K_h)  # help is anybody's
    assert app.scenes.top is not table
    key(app, pygame.K_h)
    pad_button(app, pygame.CONTROLLER_BUTTON_A, ticks=5)  # Ann's own controller
    assert table.mode != mode


def test_the_set_up_offers_each_device_once_a_controller_is_plugged_in(new_app):
    app = new_app()
    setup = game_info("farkle").new_scene(app)
    app.push(setup)
    assert isinstance(setup, SetupScene)
    assert setup.devices() == [""]
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=5))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=6))
    run(app, 2)
    assert setup.devices() == ["", KEYBOARD, pad_device(1), pad_device(2)]
    labels = []
    for _step in range(3):
        setup.cycle_seat(0, 1)
        labels.append(setup.seat_label(setup.seats[0]))
    assert [setup.seats[0].device, setup.seats[0].kind] == [pad_device(2), HUMAN]
    assert labels == [
        "Human: keyboard and mouse",
        "Human: controller 1",
        "Human: controller 2",
    ]
    setup.cycle_seat(0, 1)
    assert setup.seats[0].device == ""  # on to the computers
    assert setup.seats[0].kind != HUMAN
