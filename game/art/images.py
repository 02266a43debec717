"""Loading PNGs and their frame data from assets/, from source or a frozen build."""

from __future__ import annotations

import json

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
