"""Art tests share one headless display (sprites convert to its format) and helpers."""

import os

import pygame
import pytest

from game.art import palette as P

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(scope="session", autouse=True)
def display():
    """A tiny dummy window, as the game has before it draws anything."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield pygame.display.get_surface()


def on_background(sprite: pygame.Surface, background=P.FELT, pad: int = 4) -> pygame.Surface:
    """The sprite blitted on an opaque background, padded to a width divisible by 4."""
    w, h = sprite.get_size()
    width = (w + 2 * pad + 3) // 4 * 4
    canvas = pygame.Surface((width, h + 2 * pad))
    canvas.fill(background)
    canvas.blit(sprite, (pad, pad))
    return canvas


def mono(sprite: pygame.Surface, background=P.FELT) -> pygame.Surface:
    """What the sprite looks like in mono mode on the given background."""
    return P.to_mono(on_background(sprite, background)).copy()


def pixel_values(surface: pygame.Surface) -> set:
    """Every distinct RGBA value (as one int) in a surface, fast."""
    data = pygame.image.tobytes(surface, "RGBA")
    return set(memoryview(data).cast("I"))


def rgba_int(color, alpha=255) -> int:
    """The int pixel_values() uses for an RGB colour (same byte order, by construction)."""
    r, g, b = color[:3]
    return memoryview(bytes((r, g, b, alpha))).cast("I")[0]


def rgba_tuples(surface: pygame.Surface) -> set:
    """Every distinct (r, g, b, a) in a (small) surface."""
    data = pygame.image.tobytes(surface, "RGBA")
    return {tuple(data[i : i + 4]) for i in range(0, len(data), 4)}


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels two same-sized surfaces disagree on."""
    da = memoryview(pygame.image.tobytes(a, "RGBA")).cast("I")
    db = memoryview(pygame.image.tobytes(b, "RGBA")).cast("I")
    assert len(da) == len(db)
    return sum(1 for x, y in zip(da, db) if x != y)


def white_fraction(surface: pygame.Surface, rect=None) -> float:
    """Share of pure white pixels (of a mono picture) inside rect."""
    area = surface.subsurface(rect) if rect else surface
    values = memoryview(pygame.image.tobytes(area, "RGBA")).cast("I")
    white = rgba_int((255, 255, 255))
    return sum(1 for v in values if v == white) / len(values)
