"""The window: one 640×360 canvas, scaled by a whole number and letterboxed.

pygame.SCALED drops integer scaling when the window is maximised, so the scaling is ours:
the canvas is shown at the largest whole factor that fits, with nearest-neighbour pixels,
centred on black bars. Mouse positions are mapped back to canvas pixels through the same
rectangle, so they stay right after a full-screen toggle or a resize.

A window smaller than the canvas (a tiling window manager, a dragged edge: the minimum
size we ask for is only a request) gets the whole canvas shrunk to fit, keeping its shape,
so that everything stays visible and clickable; a window with no pixels shows nothing.

Two ways to put the canvas on screen (`renderer`):

- "gpu" (GpuWindow): the canvas goes up as a 640×360 texture, 0.9 MB a frame, and the
  graphics card scales it (SDL's Renderer). Nothing big is written by the processor, so a
  4K screen costs what a small one does.
- "software" (SoftwareWindow): pygame.transform.scale writes the scaled picture into the
  window's own surface, which SDL hands to the window system. On Linux SDL would route
  that surface through an OpenGL texture, which where OpenGL itself runs on the processor
  (no graphics card: a virtual machine, Xvfb, remote X) costs 20 ms a frame at 1080p;
  SDL_FRAMEBUFFER_ACCELERATION=0 sends it straight to the X server instead (1 ms).

"auto" takes the GPU where there is one: always on Windows and macOS, and on Linux when a
graphics device exists (/dev/dri/renderD*, /dev/nvidia*). A renderer that cannot be made,
or whose first frames cost the processor more than GPU_SLOW_PRESENT_MS (OpenGL drawn in
software after all), gives way to the software window for the rest of the run.
"""

from __future__ import annotations

import glob
import logging
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from typing import Protocol

import pygame

log = logging.getLogger(__name__)

CANVAS_SIZE = (640, 360)
WINDOW_CAPTION = "Pixel Parlor"  # i18n: not shown (the program's name, never translated)
LETTERBOX = (0, 0, 0)
RENDERERS = ("auto", "gpu", "software")
# The first presents through a GPU renderer that are timed, and the median processor
# time above which the renderer is judged to be OpenGL drawn in software (llvmpipe takes
# 17 ms at 1080p, 53 ms at 4K; a graphics card well under one).
GPU_TRIAL_PRESENTS = 8
GPU_SLOW_PRESENT_MS = 4.0
# Where SDL cannot tell the desktop's work area, this much is kept for panels.
PANEL_ALLOWANCE = (0, 48)


def integer_scale(outer: tuple[int, int], inner: tuple[int, int] = CANVAS_SIZE) -> int:
    """The largest whole factor by which `inner` fits in `outer` (at least 1)."""
    return max(1, min(outer[0] // inner[0], outer[1] // inner[1]))


def letterbox(
    outer: tuple[int, int], scale: int, inner: tuple[int, int] = CANVAS_SIZE
) -> tuple[int, int]:
    """Top-left offset that centres the scaled canvas in `outer`."""
    return ((outer[0] - inner[0] * scale) // 2, (outer[1] - inner[1] * scale) // 2)


def picture_rect(
    outer: tuple[int, int], inner: tuple[int, int] = CANVAS_SIZE
) -> pygame.Rect | None:
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
        size = (
            min(outer[0], max(1, round(inner[0] * shrink))),
            min(outer[1], max(1, round(inner[1] * shrink))),
        )
    return pygame.Rect(((outer[0] - size[0]) // 2, (outer[1] - size[1]) // 2), size)


def window_size_for(work_area: tuple[int, int]) -> tuple[int, int]:
    """A window's size: the canvas at the largest whole scale that fits the work area."""
    scale = integer_scale(work_area)
    return (CANVAS_SIZE[0] * scale, CANVAS_SIZE[1] * scale)


# -- the two ways to the screen --------------------------------------------------------
class ScreenWindow(Protocol):
    """An OS window that can show a picture in a rectangle of itself."""

    name: str

    @property
    def size(self) -> tuple[int, int]: ...

    def open(self, fullscreen: bool, size: tuple[int, int]) -> None: ...

    def resized(self) -> None: ...

    def present(self, picture: pygame.Surface, rect: pygame.Rect | None) -> None: ...

    def set_caption(self, caption: str) -> None: ...

    def close(self) -> None: ...


class SoftwareWindow:
    """pygame's display surface: the picture is scaled by the processor into it."""

    name = "software"

    def __init__(self, caption: str, icon: pygame.Surface | None) -> None:
        # Straight to the window system, not through OpenGL (see the module's docstring).
        # Read by SDL when the window's surface is made; a user's own setting wins.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.set_caption(caption)
        if icon is not None:
            pygame.display.set_icon(icon)
        self.surface: pygame.Surface | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size() if self.surface is not None else (0, 0)

    def open(self, fullscreen: bool, size: tuple[int, int]) -> None:
        if fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            _ask_for_minimum_size(CANVAS_SIZE)
        self.surface.fill(LETTERBOX)

    def resized(self) -> None:
        self.surface = pygame.display.get_surface() or self.surface
        if self.surface is not None:
            self.surface.fill(LETTERBOX)

    def present(self, picture: pygame.Surface, rect: pygame.Rect | None) -> None:
        surface = self.surface
        if surface is not None and rect is not None:
            # The bars are filled once (open, resized); the picture is written straight
            # into its place in the window, with no copy in between.
            if rect.size == CANVAS_SIZE:
                surface.blit(picture, rect)
            else:
                try:
                    pygame.transform.scale(picture, rect.size, surface.subsurface(rect))
                except ValueError:
                    # scale() writes only into a surface of the picture's own format; a
                    # window the system gave another (once in a CI run: "Source and
                    # destination surfaces need to be compatible formats") gets a copy.
                    surface.blit(pygame.transform.scale(picture, rect.size), rect)
        pygame.display.flip()

    def set_caption(self, caption: str) -> None:
        pygame.display.set_caption(caption)

    def close(self) -> None:
        pass  # the display module's window lasts as long as pygame.display


class GpuWindow:
    """A window with an SDL Renderer: the canvas is a texture the graphics card scales."""

    name = "gpu"

    def __init__(self, caption: str, icon: pygame.Surface | None, asked_for: bool = False) -> None:
        """`asked_for`: the player chose the GPU by name (--renderer gpu), so any
        renderer will do (SDL's own software one too) and it is kept however slow."""
        # late import: pygame._sdl2 only for the GPU renderer, where its absence is caught
        from pygame._sdl2 import video

        # Nearest neighbour: crisp pixels at every scale (read when a texture is made).
        os.environ["SDL_RENDER_SCALE_QUALITY"] = "nearest"
        self.window = pygame.Window(caption, CANVAS_SIZE, hidden=True, resizable=True)
        try:
            if icon is not None:
                self.window.set_icon(icon)
            self.window.minimum_size = CANVAS_SIZE
            self.renderer = video.Renderer(self.window, accelerated=-1 if asked_for else 1)
            self.texture = video.Texture(self.renderer, CANVAS_SIZE, streaming=True)
            self.texture.blend_mode = 0  # opaque: the canvas's unused alpha byte is no mask
        except Exception:
            self.window.destroy()
            raise
        self.renderer.draw_color = LETTERBOX + (255,)
        self._trial_ms: list[float] = []
        self._on_trial = not asked_for
        #: Set once the first presents showed OpenGL drawn by the processor.
        self.too_slow = False

    @property
    def size(self) -> tuple[int, int]:
        return tuple(self.window.size)

    def open(self, fullscreen: bool, size: tuple[int, int]) -> None:
        if fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            self.window.size = size
            self.window.position = pygame.WINDOWPOS_CENTERED
        self.window.show()

    def resized(self) -> None:
        pass  # the renderer follows the window's size by itself

    def present(self, picture: pygame.Surface, rect: pygame.Rect | None) -> None:
        started = time.process_time()
        self.renderer.clear()
        if rect is not None:
            self.texture.update(picture)
            self.texture.draw(dstrect=rect)
        self.renderer.present()
        if self._on_trial and len(self._trial_ms) < GPU_TRIAL_PRESENTS:
            self._trial_ms.append((time.process_time() - started) * 1000)
            if len(self._trial_ms) == GPU_TRIAL_PRESENTS:
                self.too_slow = statistics.median(self._trial_ms) > GPU_SLOW_PRESENT_MS

    def set_caption(self, caption: str) -> None:
        self.window.title = caption

    def close(self) -> None:
        if self.window is None:
            return
        del self.texture, self.renderer
        self.window.destroy()
        self.window = None


def gpu_likely() -> bool:
    """Whether this machine probably has a graphics card for SDL's renderer to use."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(glob.glob("/dev/dri/renderD*") or glob.glob("/dev/nvidia[0-9]*"))


# SDL's video drivers that draw into memory only: a window on them is seen by nobody.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def missing_display() -> str | None:
    """Why no window could be seen, or None when one can.

    Without a display (no DISPLAY or WAYLAND_DISPLAY: an SSH session, a text console) SDL
    quietly falls back to its offscreen driver, and the game would run unseen forever.
    A headless driver the user asked for (SDL_VIDEODRIVER=dummy: tests, --screenshots,
    a smoke test) is no fault. Initialises pygame's display to find out.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"cannot open the display: {exc}"  # i18n: not shown (the terminal, English)
    driver = pygame.display.get_driver()
    if driver not in HEADLESS_DRIVERS:
        return None
    return (
        # i18n: not shown (said on the terminal when no window opens, English as --help)
        f"found no display to open a window on (SDL fell back to its {driver!r} "  # i18n: not shown
        "driver, which shows nothing). Run it on a desktop, or set DISPLAY or "
        "WAYLAND_DISPLAY; to run with no window on purpose, set SDL_VIDEODRIVER=dummy."
    )


# -- the display ------------------------------------------------------------------------
class Display:
    """Owns the OS window, the canvas and the mapping between them."""

    def __init__(
        self, fullscreen: bool, icon: pygame.Surface | None = None, renderer: str = "auto"
    ):
        if renderer not in RENDERERS:
            raise ValueError(f"renderer must be one of {RENDERERS}, not {renderer!r}")
        self.canvas = pygame.Surface(CANVAS_SIZE)
        self.fullscreen = fullscreen
        self.scale = 1  # the whole factor; 1 when shrunk to fit
        self.offset = (0, 0)  # top-left of the picture in the window
        # Where the canvas is drawn in the window (None: the window has no pixels).
        self.picture: pygame.Rect | None = None
        self.caption = WINDOW_CAPTION
        self._icon = icon
        self.screen: ScreenWindow = self._make_screen(renderer)
        self._open()

    def _make_screen(self, renderer: str) -> ScreenWindow:
        headless = pygame.display.get_driver() in ("dummy", "offscreen")
        if renderer == "gpu" or (renderer == "auto" and gpu_likely() and not headless):
            try:
                return GpuWindow(self.caption, self._icon, asked_for=renderer == "gpu")
            except Exception as exc:  # no renderer for this window system or card
                log.warning("no GPU renderer (%s); scaling in software", exc)
        return SoftwareWindow(self.caption, self._icon)

    @property
    def renderer(self) -> str:
        """Which way the canvas reaches the screen: "gpu" or "software"."""
        return self.screen.name

    @property
    def window_size(self) -> tuple[int, int]:
        return self.screen.size

    # -- the OS window -------------------------------------------------------------
    def _open(self) -> None:
        self.screen.open(self.fullscreen, window_size_for(work_area()))
        self._fit()

    def _fit(self) -> None:
        outer = self.screen.size
        self.picture = picture_rect(outer)
        self.scale = integer_scale(outer)
        self.offset = self.picture.topleft if self.picture else (0, 0)

    def toggle_fullscreen(self) -> None:
        """Switch between full-screen (desktop resolution) and a window."""
        self.fullscreen = not self.fullscreen
        self._open()

    def set_fullscreen(self, fullscreen: bool) -> None:
        if fullscreen != self.fullscreen:
            self.toggle_fullscreen()

    def resized(self, size: tuple[int, int]) -> None:
        """The window manager changed the window's size."""
        self.screen.resized()
        self._fit()

    def set_caption(self, caption: str) -> None:
        if caption != self.caption:
            self.caption = caption
            self.screen.set_caption(caption)

    def close(self) -> None:
        """Close the window, before pygame's display quits: a GPU window left to the
        garbage collector would be destroyed later by its old address, which by then may
        be the window SDL made next (pygame then says "Invalid window")."""
        self.screen.close()

    # -- coordinates ---------------------------------------------------------------
    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int] | None:
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
        return (
            rect.x + pos[0] * rect.width // CANVAS_SIZE[0],
            rect.y + pos[1] * rect.height // CANVAS_SIZE[1],
        )

    # -- drawing -------------------------------------------------------------------
    def present(
        self, filter_canvas: Callable[[pygame.Surface], pygame.Surface] | None = None
    ) -> None:
        """Scale the finished canvas onto the window and show it."""
        picture = filter_canvas(self.canvas) if filter_canvas else self.canvas
        self.screen.present(picture, self.picture)
        if isinstance(self.screen, GpuWindow) and self.screen.too_slow:
            self._fall_back_to_software(
                f"its first frames took the processor over {GPU_SLOW_PRESENT_MS:g} ms each"  # i18n: not shown (the log)
            )

    def _fall_back_to_software(self, why: str) -> None:
        log.warning("the GPU renderer is drawn in software (%s); scaling in software", why)
        self.screen.close()
        self.screen = SoftwareWindow(self.caption, self._icon)
        self._open()
        self.present()  # the new window starts blank: show the picture again at once


def work_area() -> tuple[int, int]:
    """The size of the desktop's work area (without panels) on the first display."""
    usable = _usable_bounds()
    if usable is not None:
        return usable
    sizes = pygame.display.get_desktop_sizes()
    desk = sizes[0] if sizes else CANVAS_SIZE
    return (desk[0] - PANEL_ALLOWANCE[0], desk[1] - PANEL_ALLOWANCE[1])


def _usable_bounds() -> tuple[int, int] | None:
    """SDL_GetDisplayUsableBounds, which pygame does not offer, from the SDL library
    pygame has loaded; None where it cannot be found or says nothing useful."""
    # late import: ctypes only where SDL's usable bounds are asked for (the window's first size)
    import ctypes

    class Rect(ctypes.Structure):
        _fields_ = [
            ("x", ctypes.c_int),
            ("y", ctypes.c_int),
            ("w", ctypes.c_int),
            ("h", ctypes.c_int),
        ]

    for path in _sdl_library_paths():
        try:
            sdl = ctypes.CDLL(path)
            bounds = Rect()
            if (
                sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(bounds)) == 0
                and bounds.w >= 1
                and bounds.h >= 1
            ):
                return (bounds.w, bounds.h)
        except (OSError, AttributeError):
            continue
    return None


def _sdl_library_paths() -> list[str]:
    """Where the SDL library pygame uses lies: next to pygame in a wheel or a build."""
    here = os.path.dirname(os.path.abspath(pygame.__file__))
    above = os.path.dirname(here)
    patterns = [
        os.path.join(here, "SDL2.dll"),
        os.path.join(here, ".dylibs", "libSDL2-2*"),
        os.path.join(above, "pygame_ce.libs", "libSDL2-2*"),
        os.path.join(above, "libSDL2-2*"),
    ]
    return sorted({os.path.realpath(path) for pattern in patterns for path in glob.glob(pattern)})


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
