"""Drawing helpers for the generator: palette letters, bitmaps, shapes, sheets."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.art import palette as P

# One letter per palette colour for ASCII-art bitmaps: capitals are the dark half,
# lowercase the light half; '.' and ' ' are transparent.
LETTERS = {
    "K": P.BLACK,
    "B": P.BLUE,
    "G": P.GREEN,
    "C": P.CYAN,
    "R": P.RED,
    "M": P.MAGENTA,
    "N": P.BROWN,
    "L": P.LIGHT_GREY,
    "D": P.DARK_GREY,
    "b": P.LIGHT_BLUE,
    "g": P.LIGHT_GREEN,
    "c": P.LIGHT_CYAN,
    "r": P.LIGHT_RED,
    "m": P.LIGHT_MAGENTA,
    "Y": P.YELLOW,
    "W": P.WHITE,
}
CLEAR = (0, 0, 0, 0)


def new(width: int, height: int, fill=None) -> pygame.Surface:
    """A transparent (or filled) RGBA surface."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    surface.fill(CLEAR if fill is None else fill)
    return surface


def rows_of(art: str) -> list[str]:
    """The non-empty lines of a triple-quoted bitmap, left margin removed."""
    lines = [line for line in art.splitlines() if line.strip()]
    indent = min(len(line) - len(line.lstrip()) for line in lines)
    return [line[indent:] for line in lines]


def bitmap(surface, x: int, y: int, rows, colors=None, flip_x=False, flip_y=False) -> None:
    """Plot ASCII-art rows; `colors` maps letters to colours (default LETTERS)."""
    colors = LETTERS if colors is None else {**LETTERS, **colors}
    rows = list(rows)
    if flip_y:
        rows = rows[::-1]
    for j, row in enumerate(rows):
        if flip_x:
            row = row[::-1]
        for i, ch in enumerate(row):
            if ch in ". ":
                continue
            surface.set_at((x + i, y + j), colors[ch])


def art(text: str, colors=None) -> pygame.Surface:
    """A new surface holding a triple-quoted ASCII-art picture."""
    rows = rows_of(text)
    width = max(len(row) for row in rows)
    surface = new(width, len(rows))
    bitmap(surface, 0, 0, [row.ljust(width, ".") for row in rows], colors)
    return surface


def rect(surface, color, r) -> None:
    """Fill a rectangle."""
    surface.fill(color, pygame.Rect(r))


def frame(surface, color, r, width: int = 1) -> None:
    """Outline a rectangle inside its bounds."""
    r = pygame.Rect(r)
    for i in range(width):
        inner = r.inflate(-2 * i, -2 * i)
        if inner.width <= 0 or inner.height <= 0:
            return
        surface.fill(color, (inner.x, inner.y, inner.width, 1))
        surface.fill(color, (inner.x, inner.bottom - 1, inner.width, 1))
        surface.fill(color, (inner.x, inner.y, 1, inner.height))
        surface.fill(color, (inner.right - 1, inner.y, 1, inner.height))


def round_rect(surface, color, r, radius: int) -> None:
    """Fill a rectangle with stepped pixel corners (radius 0-3)."""
    r = pygame.Rect(r)
    cuts = {0: [], 1: [1], 2: [2, 1], 3: [3, 1, 1], 4: [4, 2, 1, 1]}[radius]
    for dy in range(r.height):
        inset = 0
        if dy < len(cuts):
            inset = cuts[dy]
        elif r.height - 1 - dy < len(cuts):
            inset = cuts[r.height - 1 - dy]
        surface.fill(color, (r.x + inset, r.y + dy, r.width - 2 * inset, 1))


def round_frame(surface, color, r, radius: int) -> None:
    """Outline of round_rect: one pixel wide."""
    r = pygame.Rect(r)
    mask = new(r.width, r.height)
    round_rect(mask, (255, 255, 255, 255), (0, 0, r.width, r.height), radius)
    inner = new(r.width, r.height)
    outline_of(mask, inner, color)
    surface.blit(inner, r.topleft)


def outline_of(mask: pygame.Surface, out: pygame.Surface, color, diagonal=True) -> None:
    """Paint into `out` the opaque pixels of `mask` that touch its transparent edge."""
    w, h = mask.get_size()

    def solid(x, y):
        return 0 <= x < w and 0 <= y < h and mask.get_at((x, y)).a > 0

    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (1, -1), (-1, 1), (1, 1)]
    for y in range(h):
        for x in range(w):
            if solid(x, y) and any(not solid(x + dx, y + dy) for dx, dy in steps):
                out.set_at((x, y), color)


def disc(surface, color, cx: float, cy: float, radius: float) -> None:
    """Fill the pixels whose centres lie within `radius` of (cx, cy)."""
    r2 = radius * radius
    for y in range(int(cy - radius) - 1, int(cy + radius) + 2):
        for x in range(int(cx - radius) - 1, int(cx + radius) + 2):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r2:
                surface.set_at((x, y), color)


def ring(surface, color, cx: float, cy: float, radius: float, width: float = 1.0) -> None:
    """A circular band of pixels between radius-width and radius."""
    outer, inner = radius * radius, (radius - width) ** 2
    for y in range(int(cy - radius) - 1, int(cy + radius) + 2):
        for x in range(int(cx - radius) - 1, int(cx + radius) + 2):
            d = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2
            if inner < d <= outer:
                surface.set_at((x, y), color)


def polygon(surface, color, points) -> None:
    """Fill a polygon, no anti-aliasing (pixel centres inside, even-odd rule)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    n = len(points)
    for y in range(int(min(ys)), int(max(ys)) + 1):
        py = y + 0.5
        crossings = []
        for i in range(n):
            (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
            if (y0 <= py < y1) or (y1 <= py < y0):
                crossings.append(x0 + (py - y0) * (x1 - x0) / (y1 - y0))
        crossings.sort()
        for a, b in zip(crossings[::2], crossings[1::2]):
            for x in range(int(min(xs)) - 1, int(max(xs)) + 1):
                if a <= x + 0.5 < b:
                    surface.set_at((x, y), color)


def line(surface, color, start, end) -> None:
    """A one-pixel Bresenham line."""
    x0, y0 = start
    x1, y1 = end
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        surface.set_at((x0, y0), color)
        if (x0, y0) == (x1, y1):
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def recolor(surface: pygame.Surface, mapping: dict) -> pygame.Surface:
    """A copy with colours swapped per `mapping` (RGB -> RGB)."""
    out = surface.copy()
    w, h = out.get_size()
    for y in range(h):
        for x in range(w):
            c = out.get_at((x, y))
            if c.a and tuple(c)[:3] in mapping:
                out.set_at((x, y), mapping[tuple(c)[:3]])
    return out


def flip(surface, x=False, y=False) -> pygame.Surface:
    """Mirror a surface."""
    return pygame.transform.flip(surface, x, y)


def rotate180(surface) -> pygame.Surface:
    """Turn a surface upside down (as the lower half of a court card)."""
    return pygame.transform.flip(surface, True, True)


def scale(surface, factor: int) -> pygame.Surface:
    """Nearest-neighbour enlargement by a whole factor."""
    w, h = surface.get_size()
    return pygame.transform.scale(surface, (w * factor, h * factor))


@dataclass
class Sheet:
    """Frames packed left to right in shelves, in the order they are added."""

    name: str
    width: int = 512
    gap: int = 1
    frames: dict = field(default_factory=dict)
    meta: dict = field(default_factory=dict)
    _images: list = field(default_factory=list)

    def add(self, name: str, surface: pygame.Surface) -> None:
        """Queue a frame under a unique name."""
        if name in self.frames:
            raise ValueError(f"duplicate frame {name!r} in {self.name}")
        self.frames[name] = None
        self._images.append((name, surface))

    def build(self) -> dict:
        """Pack the frames; returns {png path: Surface, json path: frame data}."""
        x = y = shelf = 0
        placed = {}
        for name, surface in self._images:
            w, h = surface.get_size()
            if x + w > self.width:
                x, y, shelf = 0, y + shelf + self.gap, 0
            placed[name] = [x, y, w, h]
            x += w + self.gap
            shelf = max(shelf, h)
        height = y + shelf
        image = new(self.width, max(height, 1))
        for name, surface in self._images:
            image.blit(surface, placed[name][:2])
        self.frames = placed
        data = {"image": f"{self.name}.png", "frames": placed}
        if self.meta:
            data["meta"] = self.meta
        return {f"sprites/{self.name}.png": image, f"sprites/{self.name}.json": data}
