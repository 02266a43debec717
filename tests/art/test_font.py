"""The bitmap fonts: coverage (ASCII and French), metrics, wrapping, crisp rendering."""

import pygame
import pytest

from game.art import palette as P
from game.art.font import FONT_NAMES, get_font
from game.scenes.mille.sprites import MILLE_NAMES

from .conftest import mono, pixel_values, rgba_int, rgba_tuples

ASCII = [chr(c) for c in range(32, 127)]
FRENCH = "éèêàçôÉÈÊÀÇÔâîïùûëüÂÎÏÙÛËÜ"


@pytest.fixture(params=FONT_NAMES)
def font(request):
    return get_font(request.param)


def test_fonts_load_once():
    assert get_font("small") is get_font("small")
    assert get_font("large").line_height > get_font("small").line_height
    with pytest.raises(KeyError):
        get_font("huge")


def test_every_needed_character_has_a_glyph(font):
    needed = set(ASCII) | set(FRENCH)
    for english, french in MILLE_NAMES.values():
        needed |= set(english) | set(french)
    missing = sorted(ch for ch in needed if not font.has_glyph(ch))
    assert not missing


def test_unknown_characters_draw_a_box_not_an_error(font):
    assert font.measure("\u4e2d")[0] > 0
    font.render("\u4e2d", (255, 255, 255))


def test_measure_matches_render(font):
    for text in ("Hello", "Véhicule prioritaire", "two\nlines", "", "ÀÇ gy"):
        surface = font.render(text, (255, 255, 0))
        w, h = font.measure(text)
        assert surface.get_size() == (max(1, w), h)
        assert h == font.line_height * (text.count("\n") + 1)


def test_large_is_small_doubled():
    small, large = get_font("small"), get_font("large")
    for text in ("Score 1234", "Réparations", "W"):
        assert large.measure(text)[0] == 2 * small.measure(text)[0]


def test_rendering_is_crisp_one_colour(font):
    color = (255, 85, 85)
    pixels = rgba_tuples(font.render("Crevaison! Éç 10", color))
    # Only fully transparent pixels and the exact colour: no anti-aliasing anywhere.
    assert {p[3] for p in pixels} == {0, 255}
    assert {p[:3] for p in pixels if p[3]} == {color}


def test_draw_aligns_and_reports_its_rect(font):
    canvas = pygame.Surface((300, 80))
    w, h = font.measure("Roll")
    assert font.draw(canvas, "Roll", (10, 5), (255, 255, 255)) == pygame.Rect(10, 5, w, h)
    assert font.draw(canvas, "Roll", (150, 5), (255, 255, 255), align="center").centerx in (
        150,
        150 - (w % 2),
    )
    assert font.draw(canvas, "Roll", (290, 5), (255, 255, 255), align="right").right == 290
    shadowed = font.draw(canvas, "Roll", (10, 40), (255, 255, 255), shadow=(0, 0, 0))
    assert shadowed.size == (w + font.shadow_offset, h + font.shadow_offset)
    with pytest.raises(ValueError):
        font.draw(canvas, "x", (0, 0), (255, 255, 255), align="middle")


def test_draw_puts_pixels_where_it_says(font):
    canvas = pygame.Surface((200, 40))
    canvas.fill((0, 0, 0))
    rect = font.draw(canvas, "Mille", (20, 4), (255, 255, 0))
    inside = canvas.subsurface(rect)
    assert rgba_int((255, 255, 0)) in pixel_values(inside)
    canvas.fill((0, 0, 0), rect)
    assert pixel_values(canvas) == {rgba_int((0, 0, 0))}


def test_wrap_fits_width_and_keeps_words(font):
    text = "La Belle Lucie is a fascinating game that pays handsome dividends to planning."
    width = font.measure("fascinating game")[0] + 2
    lines = font.wrap(text, width)
    assert len(lines) > 2
    assert all(font.measure(line)[0] <= width for line in lines)
    assert " ".join(lines) == text


def test_wrap_breaks_overlong_words_and_keeps_paragraphs(font):
    width = font.measure("abc")[0]
    lines = font.wrap("abcdefghij", width)
    assert "".join(lines) == "abcdefghij"
    assert all(font.measure(line)[0] <= width for line in lines)
    assert font.wrap("one\ntwo", 500) == ["one", "two"]


def test_recolouring_is_cached_per_colour(font):
    assert font.tinted((1, 2, 3)) is font.tinted((1, 2, 3))
    assert font.tinted((1, 2, 3)) is not font.tinted((3, 2, 1))
    assert font.render("cache", (9, 9, 9)) is font.render("cache", (9, 9, 9))


def test_outlined_text_stays_legible_on_felt_in_mono(font):
    canvas = pygame.Surface((120, 40), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    rect = font.draw(canvas, "Held 400", (10, 4), P.WHITE, outline=P.SHADOW)
    w, h = font.measure("Held 400")
    assert rect == pygame.Rect(9, 3, w + 2, h + 2)
    picture = mono(canvas, P.FELT)
    # Around every white text pixel there is only text (white) or outline (black), never
    # the felt's checkerboard.
    text = font.render("Held 400", P.WHITE)
    w, h = text.get_size()

    def inked(x, y):
        return 0 <= x < w and 0 <= y < h and text.get_at((x, y)).a > 0

    for y in range(h):
        for x in range(w):
            if not inked(x, y):
                continue
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    seen = tuple(picture.get_at((4 + 10 + x + dx, 4 + 4 + y + dy)))[:3]
                    assert seen == ((255, 255, 255) if inked(x + dx, y + dy) else (0, 0, 0))
