"""The one 16-colour palette, its semantic names, mono (black-and-white) mode, and the
colour-blind-safe colours."""

from __future__ import annotations

import pygame

# EGA's sixteen, in EGA order (index = IRGB), at their true EGA values: tried softer
# variants, but the real ones are what the DOS originals looked like, and they keep
# SDL's 8-bit colour mapping exact (tests/art checks it). Every sprite uses only these.
BLACK = (0, 0, 0)
BLUE = (0, 0, 170)
GREEN = (0, 170, 0)
CYAN = (0, 170, 170)
RED = (170, 0, 0)
MAGENTA = (170, 0, 170)
BROWN = (170, 85, 0)
LIGHT_GREY = (170, 170, 170)
DARK_GREY = (85, 85, 85)
LIGHT_BLUE = (85, 85, 255)
LIGHT_GREEN = (85, 255, 85)
LIGHT_CYAN = (85, 255, 255)
LIGHT_RED = (255, 85, 85)
LIGHT_MAGENTA = (255, 85, 255)
YELLOW = (255, 255, 85)
WHITE = (255, 255, 255)

PALETTE: tuple[tuple[int, int, int], ...] = (
    BLACK,
    BLUE,
    GREEN,
    CYAN,
    RED,
    MAGENTA,
    BROWN,
    LIGHT_GREY,
    DARK_GREY,
    LIGHT_BLUE,
    LIGHT_GREEN,
    LIGHT_CYAN,
    LIGHT_RED,
    LIGHT_MAGENTA,
    YELLOW,
    WHITE,
)
NAMES: tuple[str, ...] = (
    "BLACK",
    "BLUE",
    "GREEN",
    "CYAN",
    "RED",
    "MAGENTA",
    "BROWN",
    "LIGHT_GREY",
    "DARK_GREY",
    "LIGHT_BLUE",
    "LIGHT_GREEN",
    "LIGHT_CYAN",
    "LIGHT_RED",
    "LIGHT_MAGENTA",
    "YELLOW",
    "WHITE",
)

# Semantic names: scenes say what a colour is for, so a retune happens here only.
FELT = GREEN  # card and dice tables (mono: 50% dither, the classic desktop grey)
WOOD = BROWN  # wooden boxes and frames (mono: black)
TEXT = WHITE  # text on felt and dark panels (draw it with shadow=SHADOW on felt)
TEXT_DARK = BLACK  # text on light panels, buttons, cards
SHADOW = BLACK
HIGHLIGHT = YELLOW  # cursor rings, selected things, key letters (mono: white)
PANEL = LIGHT_GREY  # light dialog and button faces (mono: white)
PANEL_DARK = BLUE  # score boards, command bar (mono: black)
DISABLED = DARK_GREY  # greyed-out text and outlines (mono: 50% dither, the Mac look)
CARD_RED = RED  # red suits; their pips are RED rims filled LIGHT_RED (mono: hollow)
CARD_BLACK = BLACK  # black suits are solid (mono: solid)
WARNING = LIGHT_RED

# Mono mode: each palette colour becomes black, white, or a fixed 50% checkerboard.
# Dark colours go black, light ones white; the three mid tones dither. Sprites are
# drawn so that meaning never rests on hue alone (see DESIGN and tests/art).
MONO_BLACK, MONO_WHITE, MONO_DITHER = "black", "white", "dither"
MONO_LEVELS: tuple[str, ...] = (
    MONO_BLACK,  # BLACK
    MONO_BLACK,  # BLUE
    MONO_DITHER,  # GREEN (felt)
    MONO_DITHER,  # CYAN
    MONO_BLACK,  # RED
    MONO_BLACK,  # MAGENTA
    MONO_BLACK,  # BROWN
    MONO_WHITE,  # LIGHT_GREY
    MONO_DITHER,  # DARK_GREY (disabled)
    MONO_WHITE,  # LIGHT_BLUE
    MONO_WHITE,  # LIGHT_GREEN
    MONO_WHITE,  # LIGHT_CYAN
    MONO_WHITE,  # LIGHT_RED
    MONO_WHITE,  # LIGHT_MAGENTA
    MONO_WHITE,  # YELLOW
    MONO_WHITE,  # WHITE
)
MONO_INK = (0, 0, 0)
MONO_PAPER = (255, 255, 255)

# Colour-blind safe (issue 34): each palette colour is shown as this one at present
# time, so sprites and scenes keep drawing in PALETTE. Hues after Okabe & Ito (a
# vermillion red, a blue-green felt, orange for light red), tuned so that the pairs in
# game/bench_colourblind.py stay at least ΔE00 20 apart for normal vision and under the
# Machado 2009 simulations of protanopia, deuteranopia and tritanopia (tests/art).
SAFE_COLOURS: tuple[tuple[int, int, int], ...] = (
    BLACK,
    (50, 50, 125),  # BLUE: a deep indigo
    (0, 125, 125),  # GREEN: a blue-green felt (bluish, where red is yellowish)
    (0, 140, 150),  # CYAN
    (195, 80, 25),  # RED: vermillion
    (150, 60, 130),  # MAGENTA
    (165, 75, 0),  # BROWN: a rust wood
    LIGHT_GREY,
    DARK_GREY,
    (145, 170, 230),  # LIGHT_BLUE
    (95, 170, 160),  # LIGHT_GREEN: a sea green
    (50, 190, 225),  # LIGHT_CYAN: sky blue
    (250, 150, 0),  # LIGHT_RED: orange
    (230, 150, 210),  # LIGHT_MAGENTA
    (245, 200, 70),  # YELLOW: a warm gold
    WHITE,
)

#: How the picture is shown (Settings' Colours row): drawn colours, colour-blind safe
#: colours, or black and white.
COLOUR, SAFE, MONO = "colour", "safe", "mono"
SHOWINGS = (COLOUR, SAFE, MONO)


def index_of(color) -> int:
    """Palette index of an exact palette colour (ValueError otherwise)."""
    return PALETTE.index(tuple(color)[:3])


def mono_level(color) -> str:
    """How a palette colour shows in mono mode: "black", "white" or "dither"."""
    return MONO_LEVELS[index_of(color)]


class _MonoBuffers:
    """Per-size scratch surfaces for to_mono, made once.

    The trick: one 8-bit pixel buffer is wrapped by three palettised Surfaces. Blitting
    the canvas into the first (whose palette is PALETTE) lets SDL map every pixel to its
    palette index in C; blitting the other two out (their palettes are the mono
    mappings) turns indices into black/white. Palettes never change after set-up, so SDL
    keeps its colour maps cached between frames.
    """

    def __init__(self, canvas: pygame.Surface):
        size = canvas.get_size()
        width, height = size
        self.pixels = bytearray(width * height)  # rows of `width` bytes: see _pitch_ok
        self.index = self._wrap(size, [PALETTE[i % 16] for i in range(256)])
        low = [MONO_PAPER if MONO_LEVELS[i % 16] == MONO_WHITE else MONO_INK for i in range(256)]
        high = [MONO_INK if MONO_LEVELS[i % 16] == MONO_BLACK else MONO_PAPER for i in range(256)]
        self.low = self._wrap(size, low)
        self.high = self._wrap(size, high)
        self.safe = self._wrap(size, [SAFE_COLOURS[i % 16] for i in range(256)])
        # Same pixel format as an opaque 32-bit canvas, so the app's scaling blit stays a
        # plain copy; anything else gets a standard 32-bit surface.
        opaque32 = canvas.get_bitsize() == 32 and not canvas.get_flags() & pygame.SRCALPHA
        fmt = canvas if opaque32 else 32
        self.out = pygame.Surface(size, 0, fmt)
        self.spare = pygame.Surface(size, 0, fmt)
        self.opaque = None  # only for canvases with per-pixel alpha
        # Fixed screen-space checkerboard: white where (x + y) is even.
        self.checker = pygame.Surface(size, 0, fmt)
        tile = pygame.Surface((2, 2), 0, fmt)
        tile.fill(MONO_INK)
        tile.set_at((0, 0), MONO_PAPER)
        tile.set_at((1, 1), MONO_PAPER)
        for x in range(0, width, 2):
            self.checker.blit(tile, (x, 0))
        for y in range(2, height, 2):
            self.checker.blit(self.checker, (0, y), (0, 0, width, 2))

    def _wrap(self, size, colors) -> pygame.Surface:
        surface = pygame.image.frombuffer(self.pixels, size, "P")
        surface.set_palette(colors)
        return surface


# Scratch buffers by picture size (3.5 MB for the canvas): the canvas, and one more for
# whatever else is turned to mono now and then (screenshots, the gallery).
MONO_SIZES_KEPT = 2
_buffers: dict[tuple[int, int], _MonoBuffers] = {}


def _pitch_ok(width: int) -> bool:
    # frombuffer wraps the bytes with pitch == width; SDL wants 4-byte aligned rows.
    return width % 4 == 0


def to_mono(canvas: pygame.Surface) -> pygame.Surface:
    """The canvas in pure black and white (palette colours per MONO_LEVELS).

    Returns a Surface owned by this module and reused on the next call with the same
    size: present it (or scale it) at once and do not keep it. Colours off the palette
    go to the nearest palette colour first. Costs about half a millisecond for 640x360.
    """
    size = canvas.get_size()
    if not _pitch_ok(size[0]):
        return _padded(canvas, to_mono)
    buffers = _indexed(canvas)
    buffers.out.blit(buffers.low, (0, 0))
    # Dither: out = low OR (high AND checker), as 0/255 channel arithmetic.
    buffers.spare.blit(buffers.high, (0, 0))
    buffers.spare.blit(buffers.checker, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    buffers.out.blit(buffers.spare, (0, 0), special_flags=pygame.BLEND_RGB_MAX)
    return buffers.out


def to_safe(canvas: pygame.Surface) -> pygame.Surface:
    """The canvas in the colour-blind-safe colours (each palette colour as its
    SAFE_COLOURS twin); owned and reused like to_mono's result."""
    size = canvas.get_size()
    if not _pitch_ok(size[0]):
        return _padded(canvas, to_safe)
    buffers = _indexed(canvas)
    buffers.out.blit(buffers.safe, (0, 0))
    return buffers.out


def picture_filter(showing: str):
    """The present-time filter of a way of showing (None: the canvas as drawn)."""
    return {MONO: to_mono, SAFE: to_safe}.get(showing)


def _indexed(canvas: pygame.Surface) -> _MonoBuffers:
    """The buffers for the canvas's size, their index pixels filled from the canvas."""
    size = canvas.get_size()
    buffers = _buffers.get(size)
    if buffers is None:
        while len(_buffers) >= MONO_SIZES_KEPT:
            del _buffers[next(iter(_buffers))]  # the oldest size
        buffers = _buffers[size] = _MonoBuffers(canvas)
    source = canvas
    if canvas.get_flags() & pygame.SRCALPHA:
        # A blit would blend with the stale index buffer; flatten onto black first.
        if buffers.opaque is None:
            buffers.opaque = pygame.Surface(size, 0, 32)
        buffers.opaque.fill(MONO_INK)
        buffers.opaque.blit(canvas, (0, 0))
        source = buffers.opaque
    buffers.index.blit(source, (0, 0))
    return buffers


def _padded(canvas: pygame.Surface, convert) -> pygame.Surface:
    """A conversion for odd widths (never the real canvas): pad to a multiple of 4."""
    width, height = canvas.get_size()
    padded = pygame.Surface(((width + 3) // 4 * 4, height), 0, 32)
    padded.blit(canvas, (0, 0))
    return convert(padded).subsurface((0, 0, width, height)).copy()
