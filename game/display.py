"""The window: one 640×360 canvas, scaled by a whole number and letterboxed.

pygame.SCALED drops integer scaling in full-screen, so the scaling is ours: the canvas is
scaled with nearest neighbour (pygame.transform.scale) by the largest whole factor that
fits, centred on black bars. Mouse positions are mapped back to canvas pixels through the
same rectangle, so they stay right after a full-screen toggle or a resize.

A window smaller than the canvas (a tiling window manager, a dragged edge: the minimum
size we ask for is only a request) gets the whole canvas shrunk to fit, keeping its shape,
so that everything stays visible and clickable; a window with no pixels shows nothing.
"""
from __future__ import annotations

import warnings
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


def picture_rect(outer: tuple[int, int], inner: tuple[int, int] = CANVAS_SIZE
                 ) -> Optional[pygame.Rect]:
    """Where the canvas appears in a window of size `outer`; None if the window is empty.

    Scaled by the largest whole factor that fits and centred; in a window smaller than
    the canvas, shrunk to fit instead (at least one pixel each way, never outside).
    """
    if outer[0] < 1 or outer[1] < 1:
        return None
    if outer[0] >= inner[0] and outer[1] >= inner[1]:
        scale = integer_scale(outer, inner)
        size = (inner[0] * scale, inner[1] * scale)
    else:
        shrink = min(outer[0] / inner[0], outer[1] / inner[1])
        size = (min(outer[0], max(1, round(inner[0] * shrink))),
                min(outer[1], max(1, round(inner[1] * shrink))))
    return pygame.Rect(((outer[0] - size[0]) // 2, (outer[1] - size[1]) // 2), size)


class Display:
    """Owns the OS window, the canvas and the mapping between them."""

    def __init__(self, fullscreen: bool, icon: Optional[pygame.Surface] = None):
        self.canvas = pygame.Surface(CANVAS_SIZE)
        self.fullscreen = fullscreen
        self.scale = 1                  # the whole factor; 1 when shrunk to fit
        self.offset = (0, 0)            # top-left of the picture in the window
        self.window: pygame.Surface
        # Where the canvas is drawn in the window (None: the window has no pixels).
        self.picture: Optional[pygame.Rect] = None
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
            _ask_for_minimum_size(CANVAS_SIZE)
        self._fit()

    def _fit(self) -> None:
        outer = self.window.get_size()
        self.picture = picture_rect(outer)
        self.scale = integer_scale(outer)
        self.offset = self.picture.topleft if self.picture else (0, 0)
        self.window.fill(LETTERBOX)
        # The scaled picture is written straight into its place in the window: no copy.
        self._target = self.window.subsurface(self.picture) if self.picture else None

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
        rect = self.picture
        if rect is None:
            return None
        x = (pos[0] - rect.x) * CANVAS_SIZE[0] // rect.width
        y = (pos[1] - rect.y) * CANVAS_SIZE[1] // rect.height
        if 0 <= x < CANVAS_SIZE[0] and 0 <= y < CANVAS_SIZE[1]:
            return (x, y)
        return None

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Canvas pixel → the window pixel at its top-left corner."""
        rect = self.picture or pygame.Rect(0, 0, *CANVAS_SIZE)
        return (rect.x + pos[0] * rect.width // CANVAS_SIZE[0],
                rect.y + pos[1] * rect.height // CANVAS_SIZE[1])

    # -- drawing -------------------------------------------------------------------
    def present(self, filter_canvas: Optional[Callable[[pygame.Surface], pygame.Surface]] = None) -> None:
        """Scale the finished canvas onto the window and show it."""
        target = self._target
        if target is not None:
            picture = filter_canvas(self.canvas) if filter_canvas else self.canvas
            if target.get_size() == CANVAS_SIZE:
                target.blit(picture, (0, 0))
            else:
                pygame.transform.scale(picture, target.get_size(), target)
        pygame.display.flip()


def _ask_for_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager to keep the window at least `size` (it may not listen)."""
    try:
        with warnings.catch_warnings():
            # pygame-ce deprecates reaching the display module's window this way, but
            # offers no other way to set its minimum size; without it we simply shrink.
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass
