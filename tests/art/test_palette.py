"""The palette and mono mode: 16 colours, only black and white out, each level as designed."""

import random

import pygame
import pytest

from game.art import palette as P

from .conftest import pixel_values, rgba_int, white_fraction

BLACK_WHITE = {rgba_int((0, 0, 0)), rgba_int((255, 255, 255))}


def test_sixteen_distinct_named_colours():
    assert len(P.PALETTE) == 16 == len(set(P.PALETTE)) == len(P.NAMES) == len(P.MONO_LEVELS)
    for name, color in zip(P.NAMES, P.PALETTE):
        assert getattr(P, name) == color
        assert all(0 <= c <= 255 for c in color)


def test_semantic_names_are_palette_colours():
    for name in (
        "FELT",
        "WOOD",
        "TEXT",
        "TEXT_DARK",
        "SHADOW",
        "HIGHLIGHT",
        "PANEL",
        "PANEL_DARK",
        "DISABLED",
        "CARD_RED",
        "CARD_BLACK",
        "WARNING",
    ):
        assert getattr(P, name) in P.PALETTE


@pytest.mark.parametrize("index", range(16))
def test_each_colour_shows_as_its_mono_level(index):
    canvas = pygame.Surface((8, 8))
    canvas.fill(P.PALETTE[index])
    out = P.to_mono(canvas)
    assert pixel_values(out) <= BLACK_WHITE
    share = white_fraction(out)
    expected = {"black": 0.0, "white": 1.0, "dither": 0.5}[P.MONO_LEVELS[index]]
    assert share == expected, P.NAMES[index]


def test_sdl_maps_every_palette_colour_to_its_own_index():
    # to_mono relies on SDL's 32->8 bit mapping finding each colour exactly; a retuned
    # palette could break that silently for two colours of the same mono level.
    canvas = pygame.Surface((16, 4))
    for i, color in enumerate(P.PALETTE):
        canvas.fill(color, (i, 0, 1, 4))
    P.to_mono(canvas)
    buffers = P._buffers[(16, 4)]
    assert [buffers.pixels[i] for i in range(16)] == list(range(16))


def test_dither_is_a_fixed_checkerboard():
    canvas = pygame.Surface((8, 8))
    canvas.fill(P.FELT)
    out = P.to_mono(canvas)
    for y in range(8):
        for x in range(8):
            expected = (255, 255, 255) if (x + y) % 2 == 0 else (0, 0, 0)
            assert tuple(out.get_at((x, y)))[:3] == expected


def test_any_picture_comes_out_pure_black_and_white():
    rng = random.Random(3)
    canvas = pygame.Surface((640, 360))
    for _ in range(400):
        color = (
            rng.choice(P.PALETTE)
            if rng.random() < 0.5
            else tuple(rng.randrange(256) for _ in range(3))
        )
        canvas.fill(
            color,
            (rng.randrange(640), rng.randrange(360), rng.randrange(1, 80), rng.randrange(1, 80)),
        )
    out = P.to_mono(canvas)
    assert out.get_size() == (640, 360)
    assert pixel_values(out) <= BLACK_WHITE


def test_alpha_canvases_and_odd_sizes_work_too():
    canvas = pygame.Surface((37, 11), pygame.SRCALPHA)
    canvas.fill((*P.LIGHT_RED, 128))
    out = P.to_mono(canvas)
    assert out.get_size() == (37, 11)
    assert pixel_values(out) <= BLACK_WHITE


def test_result_is_reused_between_frames():
    canvas = pygame.Surface((64, 32))
    assert P.to_mono(canvas) is P.to_mono(canvas)


def test_mono_level_lookup():
    assert P.mono_level(P.RED) == "black"
    assert P.mono_level(P.LIGHT_RED) == "white"
    assert P.mono_level(P.FELT) == "dither"
    with pytest.raises(ValueError):
        P.index_of((1, 2, 3))
