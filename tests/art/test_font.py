"""The bitmap fonts: coverage (ASCII, French, Polish), metrics, wrapping, crisp rendering."""

import unicodedata

import pygame
import pytest

from game.art import palette as P
from game.art.font import FONT_NAMES, LANGUAGE_LETTERS, get_font
from game.scenes.mille.sprites import MILLE_NAMES

from .conftest import mono, pixel_values, rgba_int, rgba_tuples

ASCII = [chr(c) for c in range(32, 127)]
MARKS_BELOW = {"\u0327", "\u0328"}  # the cedilla (ç) and the ogonek (ą)
SPACES = {"\u00a0", "\u202f"}


@pytest.fixture(params=FONT_NAMES)
def font(request):
    return get_font(request.param)


def test_fonts_load_once():
    assert get_font("small") is get_font("small")
    assert get_font("large").line_height > get_font("small").line_height
    with pytest.raises(KeyError):
        get_font("huge")


def test_every_needed_character_has_a_glyph(font):
    needed = set(ASCII)
    for english, french in MILLE_NAMES.values():
        needed |= set(english) | set(french)
    missing = sorted(ch for ch in needed if not font.has_glyph(ch))
    assert not missing


def test_french_and_polish_have_every_glyph(font):
    missing = [ch for ch in LANGUAGE_LETTERS if not font.has_glyph(ch)]
    assert not missing, f"{font.name} lacks {missing}"


def ink(font, ch: str) -> set[tuple[int, int]]:
    """The (x, y) pixels a glyph inks, within its cell."""
    gx, gy, gw = font.glyphs[ch]
    cell = font.sheet.subsurface((gx, gy, gw, font.height))
    return {(x, y) for y in range(font.height) for x in range(gw) if cell.get_at((x, y)).a}


def letters_with_a_mark():
    """(letter, base, mark) for each accented letter of LANGUAGE_LETTERS drawn on its
    ASCII base; i's are drawn on a dotless i (an accent is wider than its stem)."""
    for ch in LANGUAGE_LETTERS:
        parts = unicodedata.normalize("NFD", ch)
        if len(parts) == 2 and parts[0].isascii() and parts[0] != "i":
            yield ch, parts[0], parts[1]


def split_mark(font, ch: str, base: str):
    """(the letter's ink in its base's rows, the mark's ink: the rows above or below)."""
    got, plain = ink(font, ch), ink(font, base)
    top, bottom = min(y for _, y in plain), max(y for _, y in plain)
    mark = {(x, y) for x, y in got if not top <= y <= bottom}
    return got - mark, mark


def test_accented_letters_keep_their_base_width_and_their_mark_in_the_cell(font):
    for ch, base, mark in letters_with_a_mark():
        assert font.glyphs[ch][2] == font.glyphs[base][2], ch  # no wider than its base
        _, added = split_mark(font, ch, base)
        assert added, f"{ch} has no mark"
        rows = {y for _, y in added}
        if mark in MARKS_BELOW:  # in the descender rows, under the baseline
            assert min(rows) >= font.baseline + font.shadow_offset, ch
        elif base.isupper():  # in the rows above cap_top, a row of air above the letter
            assert max(rows) < font.cap_top - font.shadow_offset, ch
        else:  # above the x-height, in the rows of the capitals
            assert min(rows) >= font.cap_top, ch
        if mark == "\u0328":  # the ogonek hangs from the right foot, not the middle
            assert 2 * sum(x for x, _ in added) > len(added) * font.glyphs[ch][2], ch


def test_marks_sit_on_the_whole_base_alike_in_both_cases():
    """Drawn in the small font; the large one is its Scale2x, which rounds a mark that
    touches a small letter into the letter."""
    font = get_font("small")

    def shape(ch, base):
        _, added = split_mark(font, ch, base)
        left, top = min(x for x, _ in added), min(y for _, y in added)
        return {(x - left, y - top) for x, y in added}

    for ch, base, mark in letters_with_a_mark():
        assert split_mark(font, ch, base)[0] == ink(font, base), f"{ch} lost pixels of {base}"
        if ch.islower():
            assert ch.upper() in LANGUAGE_LETTERS, ch
            if mark not in MARKS_BELOW:  # a hook hangs from a bowl and from a stem alike
                assert shape(ch, base) == shape(ch.upper(), base.upper()), ch


def test_letters_of_their_own_fit_their_cell(font):
    """The barred l and the ligatures, drawn whole rather than composed."""
    for small, capital in (("ł", "Ł"), ("æ", "Æ"), ("œ", "Œ")):
        for ch in (small, capital):
            rows = {y for _, y in ink(font, ch)}
            assert font.cap_top <= min(rows) and max(rows) < font.baseline + font.shadow_offset
        assert ink(font, capital) and min(y for _, y in ink(font, capital)) == font.cap_top
    # The bar of ł and Ł takes one more column than l and L, in both cases alike.
    width = {ch: font.glyphs[ch][2] for ch in "lLłŁaAæÆœŒ"}
    assert width["ł"] - width["l"] == width["Ł"] - width["L"] == font.shadow_offset
    assert width["æ"] > width["a"] and width["Æ"] > width["A"]
    assert width["œ"] == width["æ"] and width["Œ"] == width["Æ"]


def test_spaces_dashes_and_quotes(font):
    width = {ch: font.glyphs[ch][2] for ch in LANGUAGE_LETTERS + " -,"}
    assert width["\u00a0"] == width[" "] > width["\u202f"] > 0
    assert not ink(font, "\u00a0") and not ink(font, "\u202f")
    assert width["-"] < width["\u2013"] < width["\u2014"]  # - – —
    assert {y for _, y in ink(font, "\u2013")} == {y for _, y in ink(font, "-")}
    # „ is a pair of commas on the baseline; ” is the same pair raised to the capitals.
    low, high = ink(font, "\u201e"), ink(font, "\u201d")
    assert min(y for _, y in low) == min(y for _, y in ink(font, ","))
    assert min(y for _, y in high) == font.cap_top
    drop = min(y for _, y in low) - font.cap_top
    assert {(x, y - drop) for x, y in low} == high
    # Words joined by a no-break space go to the next line together.
    joined = "1\u202f000\u00a0bornes"
    assert font.wrap(f"Il a {joined}", font.line_width(joined)) == ["Il a", joined]


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
