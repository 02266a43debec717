"""Input as actions: keys, the mouse and game controllers become `Action`s; scenes never
see raw events.

One key map here turns keyboard events into named actions ("confirm", "left", "char"...),
and mouse events into actions carrying canvas-pixel positions. Global keys (boss key,
full-screen, quit) are recognised here too, so that the app can act on them before any
scene does.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import pygame

from game.lang import N_, Msg, _

log = logging.getLogger(__name__)

# Navigation and editing keys → action names. Letters and digits become "char" actions
# carrying the character, so each scene can bind its own letter commands (R Roll, P Pips).
NAMED_KEYS = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "space",
    pygame.K_ESCAPE: "cancel",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete",
    pygame.K_TAB: "tab",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_PAGEUP: "pageup",
    pygame.K_PAGEDOWN: "pagedown",
    pygame.K_F1: "help",
}
# Speech (issue 34): at a table, F2 reads the player's hand aloud, F3 the table, F4 the
# score (free in every game; Alt+F4 still quits: the app takes it first).
NAMED_KEYS.update({pygame.K_F2: "read_hand", pygame.K_F3: "read_table", pygame.K_F4: "read_score"})
KEYPAD_DIGITS = {getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}

# Global keys the app handles itself, whatever the scene.
BOSS_KEYS_ALWAYS = (pygame.K_F12,)  # works even while a scene is typing text
BOSS_CHAR = "b"  # works unless the scene is typing text
HELP_CHAR = "h"
FULLSCREEN_KEY = pygame.K_F11


@dataclass(frozen=True)
class Action:
    """One thing the player asked for, in the scene's terms rather than the device's.

    name: "up", "down", "left", "right", "confirm", "cancel", "space", "backspace",
    "tab", "home", "end", "pageup", "pagedown", "help", "char" (a typed character in
    `char`), "paste" (Ctrl+V, Cmd+V or Shift+Insert: a scene that takes text reads the
    clipboard), "click" / "release" / "hover" / "rclick" (mouse, at canvas `pos`),
    "wheel_up" / "wheel_down", or any scene-specific name made by a command bar entry.
    """

    name: str
    char: str = ""
    pos: tuple[int, int] | None = None
    shift: bool = False
    #: Who sent it: KEYBOARD (the keys and the mouse), a controller's pad_device(n), or
    #: "" (made by the program itself); a table whose seats chose their devices asks.
    device: str = ""

    @property
    def is_mouse(self) -> bool:
        return self.pos is not None


#: The device of the keys and the mouse (Action.device); controllers are pad_device(n).
KEYBOARD = "keys"
#: How many controllers a seat can be given (numbered in the order they were plugged).
MAX_PADS = 4


def pad_device(player: int) -> str:
    """The device name of the controller numbered `player` (1, 2...)."""
    return f"pad{player}"


def is_device(name: object) -> bool:
    """Whether a stored seat's device is one this program knows ("" is any)."""
    if not isinstance(name, str):
        return False
    return name in ("", KEYBOARD) or name in {pad_device(n) for n in range(1, MAX_PADS + 1)}


def device_name(device: str) -> Msg:
    """A seat's device as the set-up and refusals name it."""
    if device == KEYBOARD:
        # TRANSLATORS: the device a seat is played with (the set-up, a refusal).
        return Msg("keyboard and mouse")
    if device.startswith("pad") and device[3:].isdigit():
        return Msg("controller {number}", number=int(device[3:]))
    return Msg("any device")


def char_of(event: pygame.event.Event) -> str:
    """The printable character a key event typed, or ''."""
    if event.key in KEYPAD_DIGITS:
        return KEYPAD_DIGITS[event.key]
    text = getattr(event, "unicode", "") or ""
    if len(text) == 1 and text.isprintable() and text != " ":
        return text
    # Events posted without unicode (tests, some platforms) still type letters and digits.
    name = pygame.key.name(event.key) if event.key < 0x40000000 else ""
    if len(name) == 1 and name.isalnum():
        return name.upper() if event.mod & pygame.KMOD_SHIFT else name
    return ""


def key_action(event: pygame.event.Event) -> Action | None:
    """The action a KEYDOWN event stands for, or None for keys that mean nothing."""
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if is_paste(event):
        return Action("paste")
    if event.key in NAMED_KEYS:
        return Action(NAMED_KEYS[event.key], shift=shift)
    char = char_of(event)
    if char:
        return Action("char", char=char, shift=shift)
    return None


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on a Mac) or Shift+Insert: paste."""
    if event.key == pygame.K_v:
        return bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI))
    return event.key == pygame.K_INSERT and bool(event.mod & pygame.KMOD_SHIFT)


def is_alt_enter(event: pygame.event.Event) -> bool:
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(event.mod & pygame.KMOD_ALT)


def is_alt_f4(event: pygame.event.Event) -> bool:
    return event.key == pygame.K_F4 and bool(event.mod & pygame.KMOD_ALT)


# -- controllers ---------------------------------------------------------------------
# SDL's game controller API names a controller's buttons by where they sit on an Xbox pad
# (A the bottom face button, B the right one...). With SDL's button labels hint on (its
# default, set in controller_init so it holds on every SDL), a Nintendo pad reports the
# button *labelled* A as A, on its right: so the same button acts as on the console.

#: Pad buttons → action names, as their keys would send them.
PAD_DIRECTIONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
#: The buttons a pad's glyphs name, by role: A acts (Enter), B backs (Esc), X and Y are
#: the screen's two most used commands, the shoulders walk the command bar, Start is the
#: menu (Esc), Back is help; Back and Start together are the boss key.
PAD_ROLES = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_START: "start",
}
BOSS_CHORD = frozenset(("back", "start"))
#: What the roles of buttons that stand for one key send.
ROLE_ACTIONS = {"a": "confirm", "b": "cancel", "start": "cancel", "back": "help"}

# A stick or trigger counts as pressed past this share of its travel and released below
# the second (the gap keeps a stick resting near the line from chattering).
AXIS_MAX = 32767
STICK_PRESS = 0.55
STICK_RELEASE = 0.35
#: A held direction repeats as a held key does (pygame.key.set_repeat(300, 40) in ticks).
REPEAT_DELAY_TICKS = 18
REPEAT_EVERY_TICKS = 3


@dataclass(frozen=True)
class PadLayout:
    """How a family of controllers labels its buttons: the glyph each role shows on the
    command bar and in help (PlayStation's face buttons are drawn as their shapes)."""

    name: str
    glyphs: dict[str, str]


#: Shapes drawn for PlayStation's face buttons (game.ui.commandbar draws them).
CROSS, CIRCLE, SQUARE, TRIANGLE = "(x)", "(o)", "([])", "(/\\)"
#: The d-pad, drawn as its cross on every family's pads.
DPAD = "(+)"
SHAPE_GLYPHS = (CROSS, CIRCLE, SQUARE, TRIANGLE, DPAD)
XBOX = PadLayout(
    "xbox",
    {
        "a": "A",
        "b": "B",
        "x": "X",
        "y": "Y",
        "lb": "LB",
        "rb": "RB",
        "back": "View",  # i18n: not shown (printed on the controller)
        "start": "Menu",  # i18n: not shown (printed on the controller)
        "dpad": DPAD,
        "lt": "LT",
        "rt": "RT",
    },  # fmt: skip
)
PLAYSTATION = PadLayout(
    "playstation",
    {
        "a": CROSS,
        "b": CIRCLE,
        "x": SQUARE,
        "y": TRIANGLE,
        "lb": "L1",
        "rb": "R1",
        "back": "Share",  # i18n: not shown (printed on the controller)
        "start": "Options",  # i18n: not shown (printed on the controller)
        "dpad": DPAD,
        "lt": "L2",
        "rt": "R2",
    },  # fmt: skip
)
NINTENDO = PadLayout(
    "nintendo",
    {
        "a": "A",
        "b": "B",
        "x": "X",
        "y": "Y",
        "lb": "L",
        "rb": "R",
        "back": "-",
        "start": "+",
        "dpad": DPAD,
        "lt": "ZL",
        "rt": "ZR",
    },  # fmt: skip
)
PAD_LAYOUTS = (XBOX, PLAYSTATION, NINTENDO)
#: What a line of text calls the buttons whose glyphs are shapes (PlayStation's face
#: buttons, by the names its manuals give them, and the d-pad); the others are called
#: by the labels printed on them ("A", "LB", "ZL").
GLYPH_WORDS = {
    # TRANSLATORS: PlayStation's face buttons (✕ ○ □ △) as a hint names them ("Press
    # Cross to roll"); capitalised, as a key's name is.
    CROSS: N_("Cross"),
    # TRANSLATORS: PlayStation's ○ button (as "Cross").
    CIRCLE: N_("Circle"),
    # TRANSLATORS: PlayStation's □ button (as "Cross").
    SQUARE: N_("Square"),
    # TRANSLATORS: PlayStation's △ button (as "Cross").
    TRIANGLE: N_("Triangle"),
    # TRANSLATORS: a controller's d-pad (the cross of arrow buttons), as a hint names it.
    DPAD: N_("D-pad"),
}


def button_word(layout: PadLayout, role: str) -> str:
    """What a line of text calls the button of `role` ("a", "b", "x"...: PAD_ROLES) on
    this family's pads: its label ("A", "LB"), or its shape's name ("Cross"); "" for a
    role no button has."""
    glyph = layout.glyphs.get(role, "")
    return _(GLYPH_WORDS[glyph]) if glyph in GLYPH_WORDS else glyph


def key_word(action: str, pad: PadLayout | None) -> str:
    """What a hint on screen calls the key or button that does `action` ("confirm" or
    "cancel"), on the device played last (`pad`, the App's pad_layout: None while the keys
    or the mouse are): the key's name ("Enter", "Esc"; French "Entrée", "Échap"), or the
    button's on that family's pads: A confirms and B cancels (ROLE_ACTIONS), labelled "A"
    and "B" on Xbox's and Nintendo's (SDL's button labels hint puts Nintendo's A where it
    acts on the console), Cross and Circle on PlayStation's. "" for another action.
    Hints take it as a placeholder: _("Press {confirm} to roll")."""
    if action not in ("confirm", "cancel"):
        return ""
    if pad is not None:
        return button_word(pad, "a" if action == "confirm" else "b")
    return _("Enter") if action == "confirm" else _("Esc")


# Words in the names SDL gives controllers ("PS5 Controller", "Nintendo Switch Pro
# Controller", "Xbox One S Controller", "Steam Deck"...) that tell the family; any other
# (a generic pad, a Steam Deck, whose face buttons are Xbox's) shows Xbox's glyphs.
_LAYOUT_WORDS = (
    (("ps3", "ps4", "ps5", "playstation", "dualshock", "dualsense", "sony"), PLAYSTATION),
    (("nintendo", "switch", "joy-con", "joycon", "wiiu", "gamecube"), NINTENDO),
)


def pad_layout(controller_name: str) -> PadLayout:
    """The glyphs for a controller, by the name SDL gives it."""
    name = controller_name.lower().replace(" ", "")
    for words, layout in _LAYOUT_WORDS:
        if any(word in name for word in words):
            return layout
    return XBOX


def controller_init() -> None:
    """Start SDL's game controller subsystem (connected pads then arrive as
    CONTROLLERDEVICEADDED events); a platform without it plays on without pads."""
    os.environ.setdefault("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "1")
    try:
        # late import: pygame._sdl2 is loaded once the display is up, not at import
        from pygame._sdl2 import controller

        controller.init()
    except (ImportError, pygame.error) as problem:
        log.info("no game controllers: %s", problem)
        return
    how = os.environ.get(VIRTUAL_PAD_ENV, "")
    if how in VIRTUAL_PAD_MODES:
        pad = VirtualPad.attach()
        if pad is not None and how == "jitter":
            pad.tremble()


#: Benchmarks set this to "still" or "jitter" to measure the game with a controller
#: plugged in on a machine without one: SDL's own virtual controller is attached, its
#: stick at rest or trembling inside its dead zone as a worn stick does.
VIRTUAL_PAD_ENV = "PIXELPARLOR_VIRTUAL_PAD"
VIRTUAL_PAD_MODES = ("still", "jitter")
JITTER_EVERY_S = 0.004  # a worn stick reports a new value every few milliseconds


class VirtualPad:
    """SDL's own virtual game controller (SDL_JoystickAttachVirtual, reached through the
    SDL library pygame carries): a controller plugged in on a machine without one, whose
    buttons and sticks benchmarks and tests set, so that its events come through SDL's
    whole controller pipeline as a real pad's do."""

    def __init__(self, sdl, index: int, joystick) -> None:
        self.sdl, self.index, self.joystick = sdl, index, joystick

    @classmethod
    def attach(cls) -> VirtualPad | None:
        """Plug one in (SDL's controller subsystem must be started); None where SDL's
        library cannot be found or will not."""
        import ctypes  # late import: only benchmarks and tests attach a virtual pad
        import glob

        here = os.path.dirname(pygame.__file__)
        found = sorted(
            glob.glob(os.path.join(here, "..", "pygame_ce.libs", "libSDL2-*"))
            + glob.glob(os.path.join(here, "SDL2.dll"))
            + glob.glob(os.path.join(here, ".dylibs", "libSDL2*"))
        )
        if not found:
            log.info("no SDL library found for a virtual pad")
            return None
        sdl = ctypes.CDLL(found[0])
        sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        game_controller = 1  # SDL_JOYSTICK_TYPE_GAMECONTROLLER
        index = sdl.SDL_JoystickAttachVirtual(game_controller, 6, 15, 0)
        if index < 0:
            return None
        joystick = sdl.SDL_JoystickOpen(index)
        return cls(sdl, index, joystick) if joystick else None

    def button(self, button: int, down: bool) -> None:
        """Press (or let go of) a button: pygame.CONTROLLER_BUTTON_A..."""
        self.sdl.SDL_JoystickSetVirtualButton(self.joystick, button, int(down))

    def axis(self, axis: int, value: int) -> None:
        """Move a stick's or trigger's axis to `value` (-32768..32767)."""
        self.sdl.SDL_JoystickSetVirtualAxis(self.joystick, axis, value)

    def tremble(self, every_s: float = JITTER_EVERY_S) -> None:
        """From now on, keep the left stick trembling inside its dead zone, as a worn
        stick does (a thread)."""
        import random  # late import: only benchmarks make a pad tremble
        import threading
        import time

        shake = random.Random(0)
        limit = int(AXIS_MAX * STICK_RELEASE * 0.5)

        def trembling() -> None:
            while True:
                self.axis(pygame.CONTROLLER_AXIS_LEFTX, shake.randint(-limit, limit))
                time.sleep(every_s)

        threading.Thread(target=trembling, daemon=True).start()

    def detach(self) -> None:
        """Unplug it (a CONTROLLERDEVICEREMOVED follows)."""
        self.sdl.SDL_JoystickClose(self.joystick)
        self.sdl.SDL_JoystickDetachVirtual(self.index)


def open_controller(device_index: int) -> tuple[object | None, str]:
    """Open the controller SDL just announced: (its handle or None, its name). A device
    that cannot be opened (gone again, not a game controller) is played as a generic
    pad, never a crash."""
    try:
        # late import: pygame._sdl2 is loaded once the display is up, not at import
        from pygame._sdl2 import controller

        pad = controller.Controller(device_index)
        return pad, str(pad.name or "")
    except (ImportError, pygame.error, ValueError, TypeError) as problem:
        log.info("controller %s not opened: %s", device_index, problem)
        return None, ""
