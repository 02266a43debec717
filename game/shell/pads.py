"""Game controllers: SDL's CONTROLLER* events turned into what the App does with them.

Every screen is played by keys, so a pad mostly presses keys: the d-pad and the left stick
are the arrows (repeating while held, as a held key does), A is Enter, B and Start are
Esc, Back is help, the triggers page and the right stick scrolls. What keys alone cannot
give a pad is the letters: X and Y press the two entries of the command bar the screen
marks as its most used (Command.pad claims a button), and the shoulder buttons walk a
focus along the command bar, where A presses the entry in focus, so every command is in
reach (the App does this part: game/shell/app.py, press_role). Back and
Start pressed together are the boss key; alone, each acts when released, so that the
chord never opens help or the menu on its way.

Pads come and go (CONTROLLERDEVICEADDED / REMOVED): each is opened as it arrives and
remembered by SDL's instance id with its glyphs (PadLayout). A pad whose events arrive
unannounced (tests posting events; a device SDL could not open) is played all the same,
with Xbox's glyphs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame

from game import input as keys
from game.input import Action, PadLayout

# Left stick and d-pad directions by axis sign; the right stick's vertical axis scrolls.
_STICK_DIRECTIONS = {
    (pygame.CONTROLLER_AXIS_LEFTX, -1): "left",
    (pygame.CONTROLLER_AXIS_LEFTX, 1): "right",
    (pygame.CONTROLLER_AXIS_LEFTY, -1): "up",
    (pygame.CONTROLLER_AXIS_LEFTY, 1): "down",
    (pygame.CONTROLLER_AXIS_RIGHTY, -1): "wheel_up",
    (pygame.CONTROLLER_AXIS_RIGHTY, 1): "wheel_down",
}
# SDL sends each controller event twice, once as a joystick's: the App hears the
# controller's and lets these pass without waking (see Pads.is_noise).
RAW_JOYSTICK_EVENTS = frozenset(
    (
        pygame.JOYAXISMOTION,
        pygame.JOYBALLMOTION,
        pygame.JOYHATMOTION,
        pygame.JOYBUTTONDOWN,
        pygame.JOYBUTTONUP,
        pygame.JOYDEVICEADDED,
        pygame.JOYDEVICEREMOVED,
    )
)
_TRIGGERS = {
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: "pageup",
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "pagedown",
}


@dataclass(frozen=True)
class PadIntent:
    """One thing a pad asked of the App.

    kind: "press" (an action, as its key would send it: a direction, a trigger's page),
    "role" (a button by its role, "a", "b", "x", "lb"...: the App gives it the command
    bar entry that claims it, else its own meaning), "boss", "connected" /
    "disconnected" (`name`; `step` 1 when the pad that left had been played).
    """

    kind: str
    action: Action | None = None
    role: str = ""
    step: int = 0
    name: str = ""


@dataclass
class Pad:
    """One connected controller."""

    instance_id: int
    name: str
    layout: PadLayout
    #: The controller's number, 1 for the first plugged in: seats choose pads by it.
    player: int = 1
    handle: object | None = None
    held_roles: set[str] = field(default_factory=set)
    #: Roles pressed while this chord was down (Back, Start): they act on release only
    #: if no chord fired meanwhile.
    chord_fired: bool = False


class Pads:
    """The connected controllers and what their buttons and sticks mean."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        #: The pad used last (its glyphs go on the command bar), or None.
        self.last: Pad | None = None
        #: Pads used this run by instance id: one of them leaving pauses a game.
        self.used: set[int] = set()
        # The direction held (d-pad or stick) with the tick it repeats next.
        self._held: tuple[int, str, int] | None = None
        self._axes: dict[tuple[int, int], int] = {}  # (pad, axis) -> -1, 0, 1
        self._ticks = 0

    # -- devices ----------------------------------------------------------------------
    def added(self, device_index: int) -> PadIntent:
        handle, name = keys.open_controller(device_index)
        instance_id = _instance_id(handle, device_index)
        pad = Pad(instance_id, name, keys.pad_layout(name), self._free_player(), handle)
        self.pads[instance_id] = pad
        return PadIntent("connected", name=name)

    def removed(self, instance_id: int) -> PadIntent:
        pad = self.pads.pop(instance_id, None)
        if self.last is pad:
            self.last = None
        if self._held and self._held[0] == instance_id:
            self._held = None
        self._axes = {k: v for k, v in self._axes.items() if k[0] != instance_id}
        if pad is not None and pad.handle is not None:
            try:
                pad.handle.quit()
            except pygame.error:
                pass  # already gone with the device
        name = pad.name if pad else ""
        was_used = instance_id in self.used
        self.used.discard(instance_id)
        return PadIntent("disconnected", name=name, step=int(was_used))

    def _pad(self, instance_id: int) -> Pad:
        pad = self.pads.get(instance_id)
        if pad is None:  # events of a pad never announced: played with Xbox glyphs
            pad = self.pads[instance_id] = Pad(instance_id, "", keys.XBOX, self._free_player())
        self.last = pad
        self.used.add(instance_id)
        return pad

    def in_hand(self, name: str) -> Pad:
        """A pad of this name, as if plugged in and just played (the screenshots show the
        command bar's glyphs with it)."""
        pad = self._pad(max(self.pads, default=-1) + 1)
        pad.name, pad.layout = name, keys.pad_layout(name)
        return pad

    def _free_player(self) -> int:
        """The lowest controller number not in use: a pad plugged in again gets its
        number back, if another has not taken it meanwhile."""
        taken = {pad.player for pad in self.pads.values()}
        return next(n for n in range(1, len(taken) + 2) if n not in taken)

    @property
    def device(self) -> str:
        """The device the last controller event came from (Action.device)."""
        return keys.pad_device(self.last.player) if self.last is not None else keys.KEYBOARD

    def is_noise(self, event: pygame.event.Event) -> bool:
        """An event a pad makes that means nothing here: the raw JOY* twin SDL sends of
        every controller event (blocking those would silence the controller's too, in
        SDL 2), and a stick's or trigger's move that crosses no line (jitter)."""
        if event.type in RAW_JOYSTICK_EVENTS:
            return True
        if event.type != pygame.CONTROLLERAXISMOTION:
            return False
        pad_id = getattr(event, "instance_id", -1)
        before = self._axes.get((pad_id, getattr(event, "axis", -1)), 0)
        return _axis_state(getattr(event, "value", 0), before) == before

    @property
    def held(self) -> bool:
        """A direction is held: the loop must keep ticking for it to repeat."""
        return self._held is not None

    # -- events -----------------------------------------------------------------------
    def event(self, event: pygame.event.Event) -> Iterator[PadIntent]:
        """What one CONTROLLER* event asks for (nothing, for what means nothing)."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            yield self.added(getattr(event, "device_index", 0))
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            yield self.removed(getattr(event, "instance_id", -1))
        elif kind == pygame.CONTROLLERBUTTONDOWN:
            yield from self._button_down(self._pad(event.instance_id), event.button)
        elif kind == pygame.CONTROLLERBUTTONUP:
            yield from self._button_up(self._pad(event.instance_id), event.button)
        elif kind == pygame.CONTROLLERAXISMOTION:
            yield from self._axis(self._pad(event.instance_id), event.axis, event.value)

    def _button_down(self, pad: Pad, button: int) -> Iterator[PadIntent]:
        direction = keys.PAD_DIRECTIONS.get(button)
        if direction is not None:
            yield from self._direction(pad, direction)
            return
        role = keys.PAD_ROLES.get(button)
        if role is None:
            return
        pad.held_roles.add(role)
        if role in keys.BOSS_CHORD:
            if keys.BOSS_CHORD <= pad.held_roles and not pad.chord_fired:
                pad.chord_fired = True
                yield PadIntent("boss")
            return  # alone, Back and Start act when released
        yield PadIntent("role", role=role)

    def _button_up(self, pad: Pad, button: int) -> Iterator[PadIntent]:
        direction = keys.PAD_DIRECTIONS.get(button)
        if direction is not None:
            if self._held and self._held[:2] == (pad.instance_id, direction):
                self._held = None
            return
        role = keys.PAD_ROLES.get(button)
        if role is None or role not in pad.held_roles:
            return
        pad.held_roles.discard(role)
        if role in keys.BOSS_CHORD:
            if not pad.chord_fired:
                yield PadIntent("role", role=role)
            if not pad.held_roles & keys.BOSS_CHORD:
                pad.chord_fired = False

    def _axis(self, pad: Pad, axis: int, value: int) -> Iterator[PadIntent]:
        before = self._axes.get((pad.instance_id, axis), 0)
        now = _axis_state(value, before)
        if now == before:
            return
        self._axes[(pad.instance_id, axis)] = now
        if axis in _TRIGGERS:  # triggers only pull one way
            if now > 0:
                yield PadIntent("press", action=Action(_TRIGGERS[axis]))
            return
        name = _STICK_DIRECTIONS.get((axis, before))
        if before and self._held and self._held[:2] == (pad.instance_id, name):
            self._held = None
        if now:
            name = _STICK_DIRECTIONS.get((axis, now))
            if name is not None:
                yield from self._direction(pad, name)

    def _direction(self, pad: Pad, name: str) -> Iterator[PadIntent]:
        self._held = (pad.instance_id, name, self._ticks + keys.REPEAT_DELAY_TICKS)
        yield PadIntent("press", action=Action(name))

    def tick(self) -> Iterator[PadIntent]:
        """One tick: a direction held long enough repeats."""
        self._ticks += 1
        if self._held is None:
            return
        instance_id, name, due = self._held
        if self._ticks >= due:
            self._held = (instance_id, name, self._ticks + keys.REPEAT_EVERY_TICKS)
            yield PadIntent("press", action=Action(name))


def _axis_state(value: int, before: int) -> int:
    """Where a stick's axis is now, -1, 0 or 1, from its raw value and where it was:
    pressed past STICK_PRESS, released under STICK_RELEASE, between them as it was."""
    share = max(-1.0, min(1.0, value / keys.AXIS_MAX)) if isinstance(value, (int, float)) else 0
    if abs(share) >= keys.STICK_PRESS:
        return 1 if share > 0 else -1
    if abs(share) <= keys.STICK_RELEASE:
        return 0
    return before


def _instance_id(handle: object | None, device_index: int) -> int:
    """SDL's instance id of an opened controller (events name it so), else the index."""
    if handle is None:
        return device_index
    try:
        return int(handle.as_joystick().get_instance_id())
    except (AttributeError, pygame.error, TypeError, ValueError):
        return device_index
