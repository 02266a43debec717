"""Loading PNGs and their frame data from assets/, from source or a frozen build."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.resources import asset_path


def display_ready() -> bool:
    """True once a display mode exists (so surfaces can be converted for fast blits)."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def load_png(*parts: str, opaque: bool = False) -> pygame.Surface:
    """An image from assets/, converted to the display format when one exists
    (opaque: without per-pixel alpha, for full-screen pictures that blit every frame)."""
    image = pygame.image.load(str(asset_path(*parts)))
    if not display_ready():
        return image
    return image.convert() if opaque else image.convert_alpha()


def load_json(*parts: str) -> dict:
    """Frame or glyph data from assets/."""
    return json.loads(asset_path(*parts).read_text(encoding="utf-8"))


_generation = 0


def generation() -> int:
    """Bumped whenever a cached asset is (re)loaded: derived caches key on it."""
    return _generation


class Cache:
    """Loads on first use; loads again once if it was loaded before the display existed."""

    def __init__(self, loader):
        self._loader = loader
        self._items: dict = {}
        self._converted: dict = {}

    def get(self, key):
        """The item for `key`, loading it when needed."""
        ready = display_ready()
        if key not in self._items or (ready and not self._converted[key]):
            global _generation
            _generation += 1
            self._items[key] = self._loader(key)
            self._converted[key] = ready
        return self._items[key]

    def clear(self) -> None:
        """Forget everything (tests, or after regenerating assets)."""
        self._items.clear()
        self._converted.clear()


def pixel_bytes(surface: pygame.Surface) -> int:
    """The memory a surface's pixels take (nothing of its own for a subsurface)."""
    return 0 if surface.get_parent() is not None else surface.get_pitch() * surface.get_height()


class Made:
    """Surfaces made from others (scaled, turned, nine-sliced, felt...) kept for reuse: at
    most `cap` of them and `max_bytes` of pixels, the least recently used dropped first,
    so that a long session's sizes, colours and frames cannot pile up; and all made afresh
    once any art is loaded again (a reloaded sheet makes new surfaces). Each cache's caps
    say what it needs; a screen's own surfaces must fit, or they are made every frame."""

    def __init__(self, cap: int, max_bytes: int = 4_000_000):
        self.cap = cap
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._generation = _generation

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for `key`, made by `make()` the first time (and after a reload)."""
        if self._generation != _generation:
            self.clear()
            self._generation = _generation
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
            return surface
        surface = self._items[key] = make()
        self.bytes += pixel_bytes(surface)
        while len(self._items) > 1 and (len(self._items) > self.cap or self.bytes > self.max_bytes):
            _, dropped = self._items.popitem(last=False)
            self.bytes -= pixel_bytes(dropped)
        return surface

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
