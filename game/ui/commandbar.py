"""The command bar: the bottom line lists the keys of this screen, each with one word.

Shut The Box (1989): "The last line on the screen always contains a list of keys that
are valid at any point in the game, along with a one-word description of their
function." Clicking an entry does exactly what pressing its key does.

Every entry keeps its place for as long as the screen it belongs to: a command that is
not valid at this moment is drawn dimmed in its slot (and a click on it does nothing),
instead of being left out, so that nothing moves under the mouse when a roll makes a
key valid. An entry whose word changes with the moment (Enter: Roll, Shut, Next)
reserves room for its widest word. The game's entries sit at the left, the keys every
screen of it shares (Pinned) at the right; rarely used toggles may have a second row
just above the bottom line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import pygame

from game import input as keys
from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action, PadLayout
from game.ui import theme

BAR_HEIGHT = 13
BAR_TOP = CANVAS_SIZE[1] - BAR_HEIGHT
#: The top of the second row, for a screen whose entries have one (Command.row == 1).
SECOND_ROW_TOP = BAR_TOP - BAR_HEIGHT
PAD_X = 3  # space inside an entry, left and right (less when the bar is crowded)
GAP = 6  # space between two entries of a group
GAP_MIN = 2  # least space between entries when the bar is crowded
EDGE = 2  # space between the bar's ends and its first and last entries
STATE_BOX = 7  # the toggle indicator's square: filled is on, hollow is off
LAYOUTS_KEPT = 16


@dataclass(frozen=True)
class Command:
    """An entry of the command bar: the key's label, a one-word meaning, and the action
    pressing that key makes (clicking the entry makes the same action)."""

    key: str
    word: str
    action: Action
    #: False dims the entry in its place: the key does nothing now, nor does a click.
    enabled: bool = True
    #: For toggles: True/False shows the toggle's state; None for plain commands.
    state: bool | None = None
    #: The other words this entry shows at other moments of the same screen: its slot
    #: is as wide as the widest, so that the entries after it stay put.
    room: tuple[str, ...] = ()
    #: The keys every screen of a game shares, kept at the right end of the bar.
    pinned: bool = False
    #: 0 the bottom line, 1 the row above it (rarely used toggles).
    row: int = 0
    #: The controller button this entry claims ("x", "y", "start"...: game.input's
    #: PAD_ROLES), pressed by it as by its key; "" for none (its action may still be a
    #: button's own: Enter is A, Esc is B, see pad_role).
    pad: str = ""


#: The pad button an entry's action is, when the entry claims none (Command.pad).
ACTION_ROLES = {
    "confirm": "a",
    "cancel": "b",
    "help": "back",
    "up": "dpad",
    "down": "dpad",
    "left": "dpad",
    "right": "dpad",
    "pageup": "lt",
    "pagedown": "rt",
}
GLYPH_SHAPE = 9  # the d-pad's drawn square
FACE_CAP = 11  # a PlayStation face button's key cap, and the shape in it
FACE_SHAPE = 5
GLYPH_PAD = 2  # room between a button's label and its outline


def with_pad_claims(
    commands: Sequence[Command], claims: Mapping[str, tuple[str, ...]]
) -> list[Command]:
    """The entries with the controller buttons a screen gives its most used commands
    (Scene.PAD_BUTTONS: button role -> the chars or action names it may press, the first
    on the bar now claiming it: {"x": ("c", "x")} is Coup fourré when asked, else Discard)."""
    commands = list(commands)
    for role, wanted in claims.items():
        for what in wanted:
            index = next(
                (i for i, c in enumerate(commands) if (c.action.char or c.action.name) == what),
                None,
            )
            if index is not None:
                commands[index] = replace(commands[index], pad=role)
                break
    return commands


def pad_role(command: Command) -> str:
    """The controller button that does what this entry does ("" when none does: the
    shoulder buttons' focus reaches it)."""
    if command.pad:
        return command.pad
    if command.action.name == "char" and command.action.char == keys.HELP_CHAR:
        return "back"
    return ACTION_ROLES.get(command.action.name, "")


def glyph_width(glyph: str, font) -> int:
    """How wide a button's glyph is drawn."""
    if glyph == keys.DPAD:
        return GLYPH_SHAPE
    if glyph in keys.SHAPE_GLYPHS:
        return FACE_CAP
    return font.line_width(glyph) + 2 * GLYPH_PAD


def draw_glyph(
    canvas: pygame.Surface, glyph: str, pos: tuple[int, int], colour, font, ink=None
) -> int:
    """A controller button at `pos` (the text top of the line it sits in): its label on a
    filled key cap of `colour` in `ink` (the colour around it), or its shape; returns its
    right edge."""
    x, text_y = pos
    top = text_y + font.cap_top - 2
    height = font.baseline - font.cap_top + 4
    if glyph not in keys.SHAPE_GLYPHS:
        width = glyph_width(glyph, font)
        pygame.draw.rect(canvas, colour, (x, top, width, height), border_radius=2)
        font.draw(canvas, glyph, (x + GLYPH_PAD, text_y), ink or theme.BAR_BG)
        return x + width
    if glyph == keys.DPAD:  # the d-pad: a cross of three-pixel arms
        box = pygame.Rect(x, top + (height - GLYPH_SHAPE) // 2, GLYPH_SHAPE, GLYPH_SHAPE)
        canvas.fill(colour, (box.x + 3, box.y, 3, GLYPH_SHAPE))
        canvas.fill(colour, (box.x, box.y + 3, GLYPH_SHAPE, 3))
        return box.right
    # PlayStation's face buttons: the shape cut out of a key cap, as the letters are (a
    # bare outlined square would read as a toggle's box).
    cap = pygame.Rect(x, top, FACE_CAP, height)
    pygame.draw.rect(canvas, colour, cap, border_radius=3)
    ink = ink or theme.BAR_BG
    shape = pygame.Rect(0, 0, FACE_SHAPE, FACE_SHAPE)
    shape.center = cap.center
    if glyph == keys.CROSS:
        pygame.draw.line(canvas, ink, shape.topleft, (shape.right - 1, shape.bottom - 1))
        pygame.draw.line(canvas, ink, (shape.right - 1, shape.top), (shape.left, shape.bottom - 1))
    elif glyph == keys.CIRCLE:
        pygame.draw.circle(canvas, ink, shape.center, FACE_SHAPE // 2 + 1, 1)
    elif glyph == keys.SQUARE:
        pygame.draw.rect(canvas, ink, shape, 1)
    else:  # the triangle
        pygame.draw.polygon(
            canvas, ink, [(shape.centerx, shape.top), shape.bottomleft, shape.bottomright], 1
        )
    return cap.right


def shown_key(command: Command, pad: PadLayout | None) -> str:
    """What stands for the entry's key: the key's label, or with a controller in hand the
    button's glyph ("" for an entry no button does)."""
    if pad is None:
        return command.key
    return pad.glyphs.get(pad_role(command), "")


def char_command(key: str, word: str, enabled: bool = True, state: bool | None = None) -> Command:
    """A command bar entry for a letter or digit key, e.g. char_command("R", "Roll")."""
    return Command(key, word, Action("char", char=key.lower()), enabled, state)


def named_command(key: str, word: str, name: str, enabled: bool = True) -> Command:
    """A command bar entry for a named key, e.g. named_command("Esc", "Exit", "cancel")."""
    return Command(key, word, Action(name), enabled)


def valid(commands: Sequence[Command]) -> list[Command]:
    """The entries that do something right now."""
    return [c for c in commands if c.enabled]


def text_width(
    command: Command,
    font=None,
    short: Mapping[str, str] | None = None,
    pad: PadLayout | None = None,
) -> int:
    """The width of an entry's key (or button), word and toggle box, without its padding
    (the widest of its words when it reserves room for others; each as `short` cuts it)."""
    font = font or get_font("small")
    short = short or {}
    word = max(font.measure(short.get(w, w))[0] for w in (command.word, *command.room))
    key = shown_key(command, pad)
    width = word + (_key_width(key, pad, font) + 4 if key else 0)
    if command.state is not None:
        width += STATE_BOX + 3
    return width


def _key_width(key: str, pad: PadLayout | None, font) -> int:
    return glyph_width(key, font) if pad is not None else font.measure(key)[0]


def rows_of(commands: Sequence[Command]) -> int:
    """How many rows these entries take (1, or 2 with a row of toggles)."""
    return 1 + max((c.row for c in commands), default=0)


#: A word is cut to no fewer letters than this (and its full stop).
SHORTEST_CUT = 3


def _cut_longest(commands: Sequence[Command], short: dict[str, str], font) -> bool:
    """Cut the widest word of these entries by one letter more ("Podpowiedź" ->
    "Podpowied." -> ...); False when no word can be cut any more."""
    words = {w for c in commands for w in (c.word, *c.room)}
    cuttable = [w for w in words if len(short.get(w, w).rstrip(".")) > SHORTEST_CUT]
    if not cuttable:
        return False
    widest = max(cuttable, key=lambda w: (font.line_width(short.get(w, w)), w))
    stem = short.get(widest, widest).rstrip(".")
    short[widest] = stem[:-1].rstrip() + "."
    return True


class CommandBar:
    """Lays out, draws and hit-tests the bottom-line command entries."""

    def __init__(self) -> None:
        # The layouts of the last few bars: a table and the screen over it are drawn
        # every frame, each with its own bar.
        self._layouts: dict[tuple, tuple[list[pygame.Rect], int, dict[str, str]]] = {}
        self._pad = PAD_X
        #: Words cut short to fit the last bar laid out ("Podpowiedź" -> "Podpow."), when
        #: a language's words are too long for every entry even packed tight.
        self._short: dict[str, str] = {}
        #: The glyphs of the controller played last, shown for the keys; None while the
        #: keyboard or the mouse is (the App sets it).
        self.pad: PadLayout | None = None

    def layout(self, commands: Sequence[Command]) -> list[pygame.Rect]:
        """Rectangles of the entries, in their order (cached per list of slots): each
        row's own entries from the left, its pinned ones from the right. Whether an
        entry is enabled, and which of its words it shows, moves nothing."""
        glyphs = self.pad  # (`pad` below is the room inside an entry)
        font = get_font("small")  # the medium one with large text: measured in it
        key = tuple(
            (shown_key(c, glyphs), c.room or c.word, c.state is not None, c.pinned, c.row)
            for c in commands
        ) + (font.name, glyphs.name if glyphs else "")
        if key in self._layouts:
            rects, self._pad, self._short = self._layouts[key]
            return rects
        short: dict[str, str] = {}
        texts = [text_width(c, font, pad=glyphs) for c in commands]
        rects: list[pygame.Rect | None] = [None] * len(commands)
        self._pad = PAD_X
        for row in range(rows_of(commands)):
            top = BAR_TOP - row * BAR_HEIGHT
            own = [i for i, c in enumerate(commands) if c.row == row and not c.pinned]
            pinned = [i for i, c in enumerate(commands) if c.row == row and c.pinned]
            count = len(own) + len(pinned)
            # A crowded row first gives up the space inside its entries, then between
            # them, so that every key stays listed (the seed: "a list of keys").
            pad, gap = PAD_X, GAP
            room = CANVAS_SIZE[0] - 2 * EDGE
            while pad > 0 or gap > GAP_MIN:
                need = sum(texts[i] + 2 * pad for i in own + pinned) + gap * max(0, count - 1)
                if need <= room:
                    break
                if pad > 0:
                    pad -= 1
                else:
                    gap -= 1
            # Still too wide (a language whose words run long): the longest words are
            # cut short with a full stop, as printed keyboards and menus do, never hidden.
            while sum(texts[i] + 2 * pad for i in own + pinned) + gap * max(0, count - 1) > room:
                if not _cut_longest([commands[i] for i in own + pinned], short, font):
                    break
                texts = [text_width(c, font, short, glyphs) for c in commands]
            self._pad = min(self._pad, pad)
            x = EDGE
            for i in own:
                width = texts[i] + 2 * pad
                rects[i] = pygame.Rect(x, top + 1, width, BAR_HEIGHT - 1)
                x += width + gap
            x = CANVAS_SIZE[0] - EDGE
            for i in reversed(pinned):
                width = texts[i] + 2 * pad
                x -= width
                rects[i] = pygame.Rect(x, top + 1, width, BAR_HEIGHT - 1)
                x -= gap
        if len(self._layouts) >= LAYOUTS_KEPT:
            self._layouts.clear()
        laid = [r for r in rects if r is not None]
        self._short = short
        self._layouts[key] = (laid, self._pad, short)
        return laid

    def in_order(self, commands: Sequence[Command]) -> list[int]:
        """The enabled entries' indexes as the eye reads the bar: the top row first, each
        row from the left (what the controller's shoulder buttons walk through)."""
        rects = self.layout(commands)
        enabled = [i for i, c in enumerate(commands) if c.enabled and i < len(rects)]
        return sorted(enabled, key=lambda i: (-commands[i].row, rects[i].x))

    def hit(self, commands: Sequence[Command], pos: tuple[int, int]) -> Command | None:
        """The entry under a canvas position, if any (a disabled one too: a click on it
        must do nothing, not reach what lies beneath)."""
        for command, rect in zip(commands, self.layout(commands)):
            if rect.collidepoint(pos):
                return command
        return None

    def draw(
        self,
        canvas: pygame.Surface,
        commands: Sequence[Command],
        hover: tuple[int, int] | None = None,
        focus: int | None = None,
    ) -> None:
        """Draw the bar; the enabled entry under the mouse, or the one in the controller's
        focus (an index into `commands`), is lit, disabled ones dimmed."""
        font = get_font("small")
        rects = self.layout(commands)
        for row in range(rows_of(commands)):
            top = BAR_TOP - row * BAR_HEIGHT
            canvas.fill(theme.BAR_BG, (0, top, CANVAS_SIZE[0], BAR_HEIGHT))
            canvas.fill(theme.BAR_EDGE, (0, top, CANVAS_SIZE[0], 1))
        for index, (command, rect) in enumerate(zip(commands, rects)):
            text_y = font.top_in(rect)  # inside the lit entry, the letters' feet too
            lit = command.enabled and (
                index == focus or (hover is not None and rect.collidepoint(hover))
            )
            if lit:
                canvas.fill(theme.BAR_HOVER, rect)
            x = rect.x + self._pad
            if lit:
                key_colour = word_colour = theme.SELECT_TEXT
            elif not command.enabled:
                key_colour = word_colour = theme.BAR_OFF
            else:
                key_colour, word_colour = theme.BAR_KEY, theme.BAR_TEXT
            key = shown_key(command, self.pad)
            if self.pad is not None and key:
                ink = theme.BAR_HOVER if lit else theme.BAR_BG
                x = draw_glyph(canvas, key, (x, text_y), key_colour, font, ink) + 4
            elif key:
                x = font.draw(canvas, key, (x, text_y), key_colour).right + 4
            if command.state is not None:
                box = pygame.Rect(
                    x, text_y + (font.line_height - STATE_BOX) // 2 - 1, STATE_BOX, STATE_BOX
                )
                if command.state:
                    canvas.fill(word_colour, box)
                else:
                    pygame.draw.rect(canvas, word_colour, box, 1)
                x = box.right + 3
            font.draw(canvas, self._short.get(command.word, command.word), (x, text_y), word_colour)
