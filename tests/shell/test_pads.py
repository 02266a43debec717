"""game/shell/pads.py on its own: CONTROLLER* events in, the App's intents out, counted in
ticks (no App, no window)."""

from __future__ import annotations

import pygame
import pytest

from game import input as keys
from game.shell.pads import PadIntent, Pads
from tests.pad_harness import (
    FIRST_INSTANCE,
    PS5_NAME,
    SWITCH_NAME,
    FakeDevices,
)

A, B, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X
BACK, START = pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START
GUIDE = pygame.CONTROLLER_BUTTON_GUIDE
UP = pygame.CONTROLLER_BUTTON_DPAD_UP
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT_X, LEFT_Y = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
RIGHT_X, RIGHT_Y = pygame.CONTROLLER_AXIS_RIGHTX, pygame.CONTROLLER_AXIS_RIGHTY
LT, RT = pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT
PAD = 3  # an instance id


def share(fraction: float) -> int:
    """An axis value at this share of its travel."""
    return round(fraction * keys.AXIS_MAX)


def button(kind: int, which: int, pad: int = PAD) -> pygame.event.Event:
    return pygame.event.Event(kind, instance_id=pad, button=which)


def down(pads: Pads, which: int, pad: int = PAD) -> list[PadIntent]:
    return list(pads.event(button(pygame.CONTROLLERBUTTONDOWN, which, pad)))


def up(pads: Pads, which: int, pad: int = PAD) -> list[PadIntent]:
    return list(pads.event(button(pygame.CONTROLLERBUTTONUP, which, pad)))


def axis(pads: Pads, which: int, value: int, pad: int = PAD) -> list[PadIntent]:
    event = pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=which, value=value
    )
    return list(pads.event(event))


def ticks(pads: Pads, count: int) -> list[PadIntent]:
    out = []
    for _ in range(count):
        out += list(pads.tick())
    return out


def pressed(intents: list[PadIntent]) -> list[str]:
    """What the intents press: action names, roles as "role:a", "boss"."""
    out = []
    for intent in intents:
        if intent.kind == "press":
            out.append(intent.action.name)
        elif intent.kind == "role":
            out.append(f"role:{intent.role}")
        else:
            out.append(intent.kind)
    return out


# -- buttons -----------------------------------------------------------------------------
def test_face_buttons_are_roles_and_the_d_pad_arrows_at_once_on_the_press():
    pads = Pads()
    assert pressed(down(pads, A)) == ["role:a"]
    assert up(pads, A) == [], "A acts on the press only"
    assert pressed(down(pads, B) + down(pads, X)) == ["role:b", "role:x"]
    assert pressed(down(pads, UP)) == ["up"]
    assert up(pads, UP) == []


def test_buttons_no_role_has_do_nothing():
    pads = Pads()
    assert down(pads, GUIDE) == [] and up(pads, GUIDE) == []
    assert down(pads, 99) == [] and up(pads, 99) == []


def test_back_and_start_alone_act_when_let_go():
    pads = Pads()
    assert down(pads, BACK) == []
    assert pressed(up(pads, BACK)) == ["role:back"]
    assert down(pads, START) == []
    assert pressed(up(pads, START)) == ["role:start"]


@pytest.mark.parametrize("first, second", [(BACK, START), (START, BACK)])
def test_back_and_start_together_are_the_boss_key_and_nothing_else(first, second):
    pads = Pads()
    said = down(pads, first) + down(pads, second)
    said += up(pads, first) + up(pads, second)
    assert pressed(said) == ["boss"], "no help, no menu on the way"
    # The next press of either alone is itself again.
    assert pressed(down(pads, BACK) + up(pads, BACK)) == ["role:back"]


def test_a_chord_held_fires_once_however_its_buttons_bounce():
    pads = Pads()
    said = down(pads, BACK) + down(pads, START)
    said += up(pads, START) + down(pads, START)  # Start bounces while Back is held
    said += up(pads, START) + up(pads, BACK)
    assert pressed(said) == ["boss"]


def test_two_pads_make_no_chord_between_them():
    pads = Pads()
    said = down(pads, BACK, pad=1) + down(pads, START, pad=2)
    said += up(pads, BACK, pad=1) + up(pads, START, pad=2)
    assert pressed(said) == ["role:back", "role:start"]


def test_a_release_without_its_press_is_nothing():
    pads = Pads()
    assert up(pads, A) == [] and up(pads, BACK) == [] and up(pads, START) == []


# -- directions and their repeat -------------------------------------------------------------
def test_a_held_d_pad_repeats_after_the_delay_then_every_few_ticks():
    pads = Pads()
    assert pressed(down(pads, DOWN)) == ["down"]
    assert pads.held
    assert ticks(pads, keys.REPEAT_DELAY_TICKS - 1) == [], "nothing before the delay"
    assert pressed(ticks(pads, 1)) == ["down"], "the first repeat at the delay"
    assert ticks(pads, keys.REPEAT_EVERY_TICKS - 1) == []
    assert pressed(ticks(pads, 1)) == ["down"]
    repeats = ticks(pads, 10 * keys.REPEAT_EVERY_TICKS)
    assert pressed(repeats) == ["down"] * 10
    assert up(pads, DOWN) == []
    assert not pads.held and ticks(pads, 100) == [], "let go: no more"


def test_a_new_direction_takes_over_the_repeat_and_its_own_release_ends_it():
    pads = Pads()
    down(pads, DOWN)
    ticks(pads, 10)
    assert pressed(down(pads, UP)) == ["up"]
    up(pads, DOWN)  # the old direction let go: the new one still repeats
    assert pads.held
    assert pressed(ticks(pads, keys.REPEAT_DELAY_TICKS)) == ["up"]
    up(pads, UP)
    assert not pads.held


def test_another_pad_letting_go_of_the_same_direction_does_not_stop_the_repeat():
    pads = Pads()
    down(pads, DOWN, pad=1)
    up(pads, DOWN, pad=2)
    assert pads.held


# -- the sticks --------------------------------------------------------------------------------
def test_the_stick_has_a_dead_zone():
    pads = Pads()
    for value in (0, share(0.1), share(-0.3), share(keys.STICK_PRESS - 0.02)):
        assert axis(pads, LEFT_X, value) == []
    assert not pads.held


@pytest.mark.parametrize(
    "which, value, name",
    [
        (LEFT_X, 1.0, "right"),
        (LEFT_X, -1.0, "left"),
        (LEFT_Y, -1.0, "up"),
        (LEFT_Y, 1.0, "down"),
        (RIGHT_Y, -1.0, "wheel_up"),
        (RIGHT_Y, 1.0, "wheel_down"),
    ],
)
def test_the_stick_past_the_line_is_a_direction(which, value, name):
    pads = Pads()
    assert pressed(axis(pads, which, share(value))) == [name]


def test_the_stick_s_two_lines_keep_it_from_chattering():
    """Pressed past STICK_PRESS, released only below STICK_RELEASE: a stick resting
    between the two lines is as it was."""
    pads = Pads()
    assert pressed(axis(pads, LEFT_X, share(0.6))) == ["right"]
    for value in (0.5, 0.4, 0.58, 0.36, 0.6, 0.45):
        assert axis(pads, LEFT_X, share(value)) == [], value
    assert pads.held, "still held between the lines"
    assert axis(pads, LEFT_X, share(0.3)) == []
    assert not pads.held, "let go below the release line"
    for value in (0.4, 0.5):
        assert axis(pads, LEFT_X, share(value)) == [], "not pressed again below the line"
    assert pressed(axis(pads, LEFT_X, share(0.56))) == ["right"]


def test_the_stick_swung_across_goes_the_other_way_at_once():
    pads = Pads()
    axis(pads, LEFT_X, share(0.9))
    assert pressed(axis(pads, LEFT_X, share(-0.9))) == ["left"]
    assert pads.held
    assert pressed(ticks(pads, keys.REPEAT_DELAY_TICKS)) == ["left"]


def test_the_stick_held_repeats_as_the_d_pad_does():
    pads = Pads()
    axis(pads, LEFT_Y, share(1.0))
    assert pressed(ticks(pads, keys.REPEAT_DELAY_TICKS + keys.REPEAT_EVERY_TICKS)) == [
        "down",
        "down",
    ]
    axis(pads, LEFT_Y, 0)
    assert ticks(pads, 50) == []


def test_the_other_axis_of_the_stick_does_not_let_go_of_the_held_one():
    pads = Pads()
    axis(pads, LEFT_X, share(1.0))
    axis(pads, LEFT_Y, share(0.1))  # a wobble of the other axis
    assert pads.held


def test_axes_with_no_meaning_and_values_past_the_end_are_harmless():
    pads = Pads()
    assert axis(pads, RIGHT_X, share(1.0)) == []
    assert axis(pads, 42, share(1.0)) == []
    assert pressed(axis(pads, LEFT_X, 10 * keys.AXIS_MAX)) == ["right"]
    assert axis(pads, LEFT_X, -10 * keys.AXIS_MAX) != []


# -- the triggers ------------------------------------------------------------------------
def test_a_trigger_pages_once_per_pull_and_never_repeats():
    pads = Pads()
    assert pressed(axis(pads, RT, share(1.0))) == ["pagedown"]
    assert axis(pads, RT, share(0.9)) == []
    assert not pads.held and ticks(pads, 100) == []
    assert axis(pads, RT, 0) == []
    assert pressed(axis(pads, RT, share(0.8))) == ["pagedown"]
    assert pressed(axis(pads, LT, share(0.8))) == ["pageup"]


def test_a_trigger_half_pulled_does_nothing():
    pads = Pads()
    assert axis(pads, LT, share(0.5)) == []
    assert axis(pads, LT, -share(1.0)) == [], "a trigger never pulls backwards"


# -- devices --------------------------------------------------------------------------------
def added(pads: Pads, index: int) -> PadIntent:
    event = pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index)
    (intent,) = pads.event(event)
    return intent


def removed(pads: Pads, instance_id: int) -> PadIntent:
    event = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance_id)
    (intent,) = pads.event(event)
    return intent


def test_a_pad_is_known_by_its_name_and_instance_id(monkeypatch):
    devices = FakeDevices().install(monkeypatch)
    devices.names.update({0: PS5_NAME, 1: SWITCH_NAME})
    pads = Pads()
    assert added(pads, 0) == PadIntent("connected", name=PS5_NAME)
    added(pads, 1)
    ps5, switch = FIRST_INSTANCE, FIRST_INSTANCE + 1
    assert pads.pads[ps5].layout is keys.PLAYSTATION
    assert pads.pads[switch].layout is keys.NINTENDO
    assert pads.last is None, "plugged in is not used"
    down(pads, A, pad=switch)
    assert pads.last is pads.pads[switch]
    down(pads, A, pad=ps5)
    assert pads.last.layout is keys.PLAYSTATION
    assert removed(pads, ps5) == PadIntent("disconnected", name=PS5_NAME, step=1)
    assert devices.opened[0].closed, "its handle was let go"
    assert pads.last is None
    assert removed(pads, switch).step == 1


def test_a_pad_never_used_leaves_without_pausing_anything(monkeypatch):
    FakeDevices().install(monkeypatch).names[0] = PS5_NAME
    pads = Pads()
    added(pads, 0)
    assert removed(pads, FIRST_INSTANCE).step == 0


def test_a_device_that_cannot_be_opened_is_a_nameless_pad(monkeypatch):
    FakeDevices().install(monkeypatch)  # no device at index 5
    pads = Pads()
    assert added(pads, 5) == PadIntent("connected", name="")
    assert pads.pads[5].layout is keys.XBOX


def test_unknown_instance_ids_are_played_with_xbox_glyphs_and_removed_quietly():
    pads = Pads()
    assert pressed(down(pads, A, pad=77)) == ["role:a"]
    assert pads.pads[77].layout is keys.XBOX and pads.last is pads.pads[77]
    assert removed(pads, 12345) == PadIntent("disconnected", name="", step=0)
    assert removed(pads, 77).step == 1
    assert 77 not in pads.pads


def test_a_pad_unplugged_while_its_direction_is_held_stops_repeating():
    pads = Pads()
    down(pads, DOWN)
    axis(pads, LEFT_X, share(1.0))
    removed(pads, PAD)
    assert not pads.held and ticks(pads, 100) == []
    # Plugged back, its stick starts from rest.
    assert pressed(axis(pads, LEFT_X, share(1.0))) == ["right"]


@pytest.mark.parametrize(
    "name, layout",
    [
        ("Xbox Series X Controller", keys.XBOX),
        ("PS4 Controller", keys.PLAYSTATION),
        ("Sony DualSense Wireless Controller", keys.PLAYSTATION),
        ("Nintendo Switch Pro Controller", keys.NINTENDO),
        ("Joy-Con (L/R)", keys.NINTENDO),
        ("Steam Deck", keys.XBOX),
        ("", keys.XBOX),
    ],
)
def test_the_family_by_the_name_sdl_gives(name, layout):
    assert keys.pad_layout(name) is layout
