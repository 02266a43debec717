"""Drive the real App with a game controller alone: post SDL's CONTROLLER* events (a
device added or removed, a button down and up, an axis moved), then run ticks.

Nothing here sends a key or a mouse event: a test that plays through these helpers plays
as a person holding only a controller. What the tests read (a scene's state, the engine's
hint) decides which button to press; the pressing is always a posted event.

SDL announces a controller by its device index and the App opens it to learn its name
(game.input.open_controller). Headless there is no device to open, so `FakeDevices`
stands in for SDL's controller class: the App's own code opens it, reads the name it was
given ("PS5 Controller") and its instance id, which the posted events then carry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from game.shell.base import Command
from game.shell.padscreens import ACCENT_ROWS, LETTER_ROWS
from tests.harness import run

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
X = pygame.CONTROLLER_BUTTON_X
Y = pygame.CONTROLLER_BUTTON_Y
LB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
BACK = pygame.CONTROLLER_BUTTON_BACK
START = pygame.CONTROLLER_BUTTON_START
GUIDE = pygame.CONTROLLER_BUTTON_GUIDE
DPAD = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
#: The buttons by the roles game.input gives them.
ROLE_BUTTONS = {"a": A, "b": B, "x": X, "y": Y, "lb": LB, "rb": RB, "back": BACK, "start": START}
LEFT_X = pygame.CONTROLLER_AXIS_LEFTX
LEFT_Y = pygame.CONTROLLER_AXIS_LEFTY
RIGHT_Y = pygame.CONTROLLER_AXIS_RIGHTY
TRIGGER_LEFT = pygame.CONTROLLER_AXIS_TRIGGERLEFT
TRIGGER_RIGHT = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
FULL = 32767

#: The instance id SDL gives the first fake device (ids are not device indexes).
FIRST_INSTANCE = 7
XBOX_NAME = "Xbox One S Controller"
PS5_NAME = "PS5 Controller"
SWITCH_NAME = "Nintendo Switch Pro Controller"


class FakeDevices:
    """Controllers SDL would find, by device index: the App opens them through
    pygame._sdl2.controller.Controller, which `install` replaces with these."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.opened: list[FakeController] = []

    def install(self, monkeypatch) -> FakeDevices:
        from pygame._sdl2 import controller

        devices = self

        class Controller(FakeController):
            def __init__(self, device_index: int) -> None:
                if device_index not in devices.names:
                    raise pygame.error("Invalid device index")
                super().__init__(device_index, devices.names[device_index])
                devices.opened.append(self)

        monkeypatch.setattr(controller, "Controller", Controller)
        return self


class FakeController:
    """What the App asks of an opened controller: its name, its joystick's instance id,
    and to be closed."""

    def __init__(self, device_index: int, name: str) -> None:
        self.device_index = device_index
        self.name = name
        self.closed = False

    @property
    def instance_id(self) -> int:
        return FIRST_INSTANCE + self.device_index

    def as_joystick(self):
        controller = self

        class Joystick:
            def get_instance_id(self) -> int:
                return controller.instance_id

        return Joystick()

    def quit(self) -> None:
        self.closed = True


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


class Pad:
    """One controller in a test's hands: every method posts CONTROLLER* events only."""

    def __init__(self, app, devices: FakeDevices | None = None, device_index: int = 0) -> None:
        self.app = app
        self.devices = devices
        self.device_index = device_index
        #: The instance id its events carry (the fake device's, once plugged in).
        self.instance_id = FIRST_INSTANCE + device_index

    # -- the device ---------------------------------------------------------------
    def plug(self, name: str = XBOX_NAME, ticks: int = 1) -> Pad:
        """Connect it (SDL's CONTROLLERDEVICEADDED, by device index)."""
        if self.devices is not None:
            self.devices.names[self.device_index] = name
        post(pygame.CONTROLLERDEVICEADDED, device_index=self.device_index)
        run(self.app, ticks)
        return self

    def unplug(self, ticks: int = 1) -> None:
        """Disconnect it (SDL's CONTROLLERDEVICEREMOVED, by instance id)."""
        if self.devices is not None:
            self.devices.names.pop(self.device_index, None)
        post(pygame.CONTROLLERDEVICEREMOVED, instance_id=self.instance_id)
        run(self.app, ticks)

    # -- buttons ------------------------------------------------------------------
    def down(self, button: int) -> None:
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=self.instance_id, button=button)

    def up(self, button: int) -> None:
        post(pygame.CONTROLLERBUTTONUP, instance_id=self.instance_id, button=button)

    def tap(self, button: int, ticks: int = 1) -> None:
        """Press and release a button, then run ticks."""
        self.down(button)
        self.up(button)
        run(self.app, ticks)

    def press(self, role: str, ticks: int = 1) -> None:
        """A button by its role ("a", "b", "x", "y", "lb", "rb", "back", "start")."""
        self.tap(ROLE_BUTTONS[role], ticks)

    def dpad(self, direction: str, times: int = 1) -> None:
        for _ in range(times):
            self.tap(DPAD[direction])

    def axis(self, axis: int, value: int, ticks: int = 1) -> None:
        post(pygame.CONTROLLERAXISMOTION, instance_id=self.instance_id, axis=axis, value=value)
        run(self.app, ticks)

    def boss(self) -> None:
        """Back and Start together (the boss key), released in the other order."""
        self.down(BACK)
        self.down(START)
        self.up(START)
        self.up(BACK)
        run(self.app, 1)

    # -- the command bar ------------------------------------------------------------
    def bar_command(self, wanted: str | Command) -> None:
        """Press the top scene's command bar entry whose action is `wanted` (a char or an
        action's name): by the button it claims when it claims one, else by walking the
        shoulder buttons' focus to it and pressing A."""
        app = self.app
        top = app.scenes.top
        commands = top.bar()
        index = _entry_index(commands, wanted)
        command = commands[index]
        assert command.enabled, f"{command.word!r} is dimmed on the bar"
        if command.pad in ROLE_BUTTONS:
            self.press(command.pad)
            return
        order = app.command_bar.in_order(commands)
        self.walk_bar_to(index, order)
        self.press("a")

    def walk_bar_to(self, index: int, order: Sequence[int]) -> None:
        """LB or RB until the focus is on entry `index`, the shorter way round."""
        app = self.app
        assert index in order, "the shoulders reach every enabled entry"
        if app.bar_focus in order and app._bar_scene is app.scenes.top:
            here = order.index(app.bar_focus)
        else:
            here = None
        there = order.index(index)
        if here is None:  # RB takes the first entry, LB the last
            right, left = there + 1, len(order) - there
        else:
            right, left = (there - here) % len(order), (here - there) % len(order)
        role = "rb" if right <= left else "lb"
        for _ in range(min(right, left)):
            self.press(role)
        assert app.bar_focus == index, (app.bar_focus, index)


def _entry_index(commands: Sequence[Command], wanted: str | Command) -> int:
    if isinstance(wanted, Command):
        return next(i for i, c in enumerate(commands) if c.action == wanted.action)
    for i, command in enumerate(commands):
        if (command.action.char or command.action.name) == wanted and command.enabled:
            return i
    names = [(c.action.char or c.action.name, c.enabled) for c in commands]
    raise AssertionError(f"no enabled {wanted!r} on the bar: {names}")


# -- the on-screen keyboard ---------------------------------------------------------------
def osk_key_at(keyboard, wanted: str) -> tuple[bool, bool, tuple[int, int]] | None:
    """Where a character is on the on-screen keyboard: (capitals, accents, (row, col))."""
    for accents in (False, True):
        for shift in (False, True):
            rows = ACCENT_ROWS if accents else LETTER_ROWS
            for r, letters in enumerate(rows):
                for c, char in enumerate(letters):
                    if (char.upper() if shift else char) == wanted:
                        return shift, accents, (r, c)
    return None


def osk_walk(pad: Pad, keyboard, target: tuple[int, int]) -> None:
    """The d-pad from the keyboard's focus to the key at `target` (row, column): rows
    first, then along the row, the shorter way round each time."""
    rows = keyboard.rows()
    for _ in range(2 * len(rows)):
        if keyboard.focus[0] == target[0]:
            break
        down = (target[0] - keyboard.focus[0]) % len(rows)
        pad.dpad("down" if down <= len(rows) - down else "up")
    assert keyboard.focus[0] == target[0]
    width = len(keyboard.rows()[target[0]])
    right = (target[1] - keyboard.focus[1]) % width
    pad.dpad("right" if right <= width - right else "left", min(right, width - right))
    assert keyboard.focus == target, (keyboard.focus, target)


def osk_type(pad: Pad, keyboard, text: str) -> None:
    """Type `text` on the on-screen keyboard with the d-pad and A (Y for spaces; the
    shoulders for capitals and the French and Polish letters)."""
    for char in text:
        if char == " ":
            pad.press("y")
            continue
        where = osk_key_at(keyboard, char)
        assert where is not None, f"{char!r} is not on the on-screen keyboard"
        shift, accents, target = where
        if keyboard.shift != shift:
            pad.press("lb")
        if keyboard.accents != accents:
            pad.press("rb")
        osk_walk(pad, keyboard, target)
        pad.press("a")


def osk_special(pad: Pad, keyboard, command: str) -> None:
    """Press one of the keyboard's own keys (tab, paste...) with the d-pad and A."""
    for r, row in enumerate(keyboard.rows()):
        for c, key in enumerate(row):
            if key.command == command:
                osk_walk(pad, keyboard, (r, c))
                pad.press("a")
                return
    raise AssertionError(f"no {command!r} key")


def erase(pad: Pad, count: int) -> None:
    """X erases on the on-screen keyboard."""
    for _ in range(count):
        pad.press("x")


def walk_to(pad: Pad, moves: Iterable[str]) -> None:
    for direction in moves:
        pad.dpad(direction)
