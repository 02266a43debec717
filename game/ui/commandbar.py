"""The command bar: the bottom line lists the keys valid now, each with one word.

Entries a scene marks disabled are left out, as in the original: only keys valid at
this moment are listed.

Shut The Box (1989): "The last line on the screen always contains a list of keys that
are valid at any point in the game, along with a one-word description of their
function." Clicking an entry does exactly what pressing its key does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.input import Action
from game.ui import theme

BAR_HEIGHT = 13
BAR_TOP = CANVAS_SIZE[1] - BAR_HEIGHT
PAD_X = 3  # space inside an entry, left and right (less when the bar is crowded)
GAP_MIN = 2  # least space between entries when the bar is crowded
STATE_BOX = 7  # the toggle indicator's square: filled is on, hollow is off


@dataclass(frozen=True)
class Command:
    """An entry of the command bar: the key's label, a one-word meaning, and the action
    pressing that key makes (clicking the entry makes the same action)."""

    key: str
    word: str
    action: Action
    #: False hides the entry: the bar lists only keys valid right now.
    enabled: bool = True
    #: For toggles: True/False shows the toggle's state; None for plain commands.
    state: bool | None = None


def char_command(key: str, word: str, enabled: bool = True, state: bool | None = None) -> Command:
    """A command bar entry for a letter or digit key, e.g. char_command("R", "Roll")."""
    return Command(key, word, Action("char", char=key.lower()), enabled, state)


def named_command(key: str, word: str, name: str, enabled: bool = True) -> Command:
    """A command bar entry for a named key, e.g. named_command("Esc", "Exit", "cancel")."""
    return Command(key, word, Action(name), enabled)


def valid(commands: Sequence[Command]) -> list[Command]:
    """The entries to show: those valid right now."""
    return [c for c in commands if c.enabled]


class CommandBar:
    """Lays out, draws and hit-tests the bottom-line command entries."""

    def __init__(self) -> None:
        self._layout_key: tuple | None = None
        self._rects: list[pygame.Rect] = []
        self._pad = PAD_X

    def layout(self, commands: Sequence[Command]) -> list[pygame.Rect]:
        """Rectangles of the valid entries, spread across the bar (cached per command list)."""
        commands = valid(commands)
        key = tuple((c.key, c.word, c.state is not None) for c in commands)
        if key == self._layout_key:
            return self._rects
        font = get_font("small")
        # A crowded bar first gives up the space inside its entries, so that every key
        # valid now stays listed (the seed: "a list of keys that are valid").
        for pad in range(PAD_X, -1, -1):
            widths = [self._entry_width(c, font, pad) for c in commands]
            if sum(widths) + GAP_MIN * max(0, len(commands) - 1) <= CANVAS_SIZE[0] - 2:
                break
        self._pad = pad
        spare = CANVAS_SIZE[0] - 2 - sum(widths)
        gap = max(GAP_MIN, spare // max(1, len(commands))) if commands else 0
        gap = min(gap, 12)
        total = sum(widths) + gap * max(0, len(commands) - 1)
        x = max(1, (CANVAS_SIZE[0] - total) // 2)
        rects = []
        for width in widths:
            rects.append(pygame.Rect(x, BAR_TOP + 1, width, BAR_HEIGHT - 1))
            x += width + gap
        self._layout_key, self._rects = key, rects
        return rects

    @staticmethod
    def _entry_width(command: Command, font, pad: int = PAD_X) -> int:
        width = font.measure(command.key)[0] + 4 + font.measure(command.word)[0] + 2 * pad
        if command.state is not None:
            width += STATE_BOX + 3
        return width

    def hit(self, commands: Sequence[Command], pos: tuple[int, int]) -> Command | None:
        """The entry under a canvas position, if any."""
        for command, rect in zip(valid(commands), self.layout(commands)):
            if rect.collidepoint(pos):
                return command
        return None

    def draw(
        self,
        canvas: pygame.Surface,
        commands: Sequence[Command],
        hover: tuple[int, int] | None = None,
    ) -> None:
        """Draw the bar; the entry under the mouse is lit."""
        font = get_font("small")
        canvas.fill(theme.BAR_BG, (0, BAR_TOP, CANVAS_SIZE[0], BAR_HEIGHT))
        canvas.fill(theme.BAR_EDGE, (0, BAR_TOP, CANVAS_SIZE[0], 1))
        text_y = BAR_TOP + (BAR_HEIGHT - font.line_height) // 2 + 1
        for command, rect in zip(valid(commands), self.layout(commands)):
            lit = hover is not None and rect.collidepoint(hover)
            if lit:
                canvas.fill(theme.BAR_HOVER, rect)
            x = rect.x + self._pad
            if lit:
                key_colour = word_colour = theme.SELECT_TEXT
            else:
                key_colour, word_colour = theme.BAR_KEY, theme.BAR_TEXT
            x = font.draw(canvas, command.key, (x, text_y), key_colour).right + 4
            if command.state is not None:
                box = pygame.Rect(
                    x, text_y + (font.line_height - STATE_BOX) // 2 - 1, STATE_BOX, STATE_BOX
                )
                if command.state:
                    canvas.fill(word_colour, box)
                else:
                    pygame.draw.rect(canvas, word_colour, box, 1)
                x = box.right + 3
            font.draw(canvas, command.word, (x, text_y), word_colour)
