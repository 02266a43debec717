"""The window: one 640×360 canvas, scaled by a whole number and letterboxed.

pygame.SCALED drops integer scaling in full-screen, so the scaling is ours: the canvas is
scaled with nearest neighbour (pygame.transform.scale) by the largest whole factor that
fits, centred on black bars. Mouse positions are mapped back to canvas pixels with the
same factor and offset, so they stay right after a full-screen toggle or a resize.
"""
from __future__ import annotations

from typing import Callable, Optional

import pygame

CANVAS_SIZE = (640, 360)
WINDOW_CAPTION = "Pixel Parlor"
# A window leaves room for the desktop's panels and the title bar.
WINDOW_MARGIN = (64, 120)
LETTERBOX = (0, 0, 0)


def integer_scale(outer: tuple[int, int], inner: tuple[int, int] = CANVAS_SIZE) -> int:
    """The largest whole factor by which `inner` fits in `outer` (at least 1)."""
    return max(1, min(outer[0] // inner[0], outer[1] // inner[1]))


def letterbox(outer: tuple[int, int], scale: int,
              inner: tuple[int, int] = CANVAS_SIZE) -> tuple[int, int]:
    """Top-left offset that centres the scaled canvas in `outer`."""
    return ((outer[0] - inner[0] * scale) // 2, (outer[1] - inner[1] * scale) // 2)


class Display:
    """Owns the OS window, the canvas and the mapping between them."""

    def __init__(self, fullscreen: bool, icon: Optional[pygame.Surface] = None):
        self.canvas = pygame.Surface(CANVAS_SIZE)
        self.fullscreen = fullscreen
        self.scale = 1
        self.offset = (0, 0)
        self.window: pygame.Surface
        self._target: Optional[pygame.Surface] = None
        self.caption = WINDOW_CAPTION
        pygame.display.set_caption(self.caption)
        if icon is not None:
            pygame.display.set_icon(icon)
        self._open()

    # -- the OS window -------------------------------------------------------------
    def _desktop_size(self) -> tuple[int, int]:
        sizes = pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else CANVAS_SIZE

    def _open(self, size: Optional[tuple[int, int]] = None) -> None:
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            if size is None:
                desk = self._desktop_size()
                room = (desk[0] - WINDOW_MARGIN[0], desk[1] - WINDOW_MARGIN[1])
                s = integer_scale(room)
                size = (CANVAS_SIZE[0] * s, CANVAS_SIZE[1] * s)
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._fit()

    def _fit(self) -> None:
        outer = self.window.get_size()
        self.scale = integer_scale(outer)
        self.offset = letterbox(outer, self.scale)
        self.window.fill(LETTERBOX)
        # The scaled picture is written straight into its place in the window: no copy.
        area = pygame.Rect(self.offset, (CANVAS_SIZE[0] * self.scale, CANVAS_SIZE[1] * self.scale))
        self._target = self.window.subsurface(area)

    def toggle_fullscreen(self) -> None:
        """Switch between full-screen (desktop resolution) and a window."""
        self.fullscreen = not self.fullscreen
        self._open()

    def set_fullscreen(self, fullscreen: bool) -> None:
        if fullscreen != self.fullscreen:
            self.toggle_fullscreen()

    def resized(self, size: tuple[int, int]) -> None:
        """The window manager changed the window's size."""
        if not self.fullscreen:
            self.window = pygame.display.get_surface() or self.window
            self._fit()

    def set_caption(self, caption: str) -> None:
        if caption != self.caption:
            self.caption = caption
            pygame.display.set_caption(caption)

    # -- coordinates ---------------------------------------------------------------
    def to_canvas(self, pos: tuple[int, int]) -> Optional[tuple[int, int]]:
        """Window pixel → canvas pixel; None on the black bars."""
        x = (pos[0] - self.offset[0]) // self.scale
        y = (pos[1] - self.offset[1]) // self.scale
        if 0 <= x < CANVAS_SIZE[0] and 0 <= y < CANVAS_SIZE[1]:
            return (x, y)
        return None

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Canvas pixel → the window pixel at its top-left corner."""
        return (self.offset[0] + pos[0] * self.scale, self.offset[1] + pos[1] * self.scale)

    # -- drawing -------------------------------------------------------------------
    def present(self, filter_canvas: Optional[Callable[[pygame.Surface], pygame.Surface]] = None) -> None:
        """Scale the finished canvas onto the window and show it."""
        picture = filter_canvas(self.canvas) if filter_canvas else self.canvas
        if self.scale == 1:
            self._target.blit(picture, (0, 0))
        else:
            pygame.transform.scale(picture, self._target.get_size(), self._target)
        pygame.display.flip()
