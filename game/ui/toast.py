"""One-line notices at the top of the screen ("Scores are not being saved", ...)."""

from __future__ import annotations

from collections import deque

import pygame

from game.art.font import get_font
from game.display import CANVAS_SIZE
from game.ui import theme

SHOW_TICKS = 4 * 60  # long enough to read a line twice
MAX_WAITING = 4  # older notices are dropped when more pile up
TOP = 4
MAX_LINES = 3  # a notice longer than this is cut (the log has it whole)


class Toasts:
    """A queue of notices; one is shown at a time, each for a few seconds."""

    def __init__(self) -> None:
        self._waiting: deque[str] = deque(maxlen=MAX_WAITING)
        self.current: str = ""
        self._left = 0

    def show(self, message: str) -> None:
        if message and message != self.current and message not in self._waiting:
            self._waiting.append(message)

    def clear(self) -> None:
        """No notice shown or waiting (a new picture starts without the last one's)."""
        self._waiting.clear()
        self.current, self._left = "", 0

    def tick(self) -> None:
        if self._left > 0:
            self._left -= 1
            if self._left == 0:
                self.current = ""
        if not self.current and self._waiting:
            self.current = self._waiting.popleft()
            self._left = SHOW_TICKS

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.current:
            return
        font = get_font("small")
        # A long notice (a folder's path, French and Polish words) wraps, never leaves
        # the canvas.
        lines = font.wrap(self.current, CANVAS_SIZE[0] - 28)[:MAX_LINES] or [""]
        width = min(CANVAS_SIZE[0] - 16, max(font.line_width(line) for line in lines) + 12)
        box = pygame.Rect(0, TOP, width, font.line_height * len(lines) + 8)
        box.centerx = CANVAS_SIZE[0] // 2
        canvas.fill(theme.TOAST_BG, box)
        pygame.draw.rect(canvas, theme.TOAST_EDGE, box, 1)
        for i, line in enumerate(lines):
            font.draw(
                canvas,
                line,
                (box.centerx, box.y + 4 + i * font.line_height),
                theme.TOAST_TEXT,
                align="center",
            )
