"""Steam Deck's 1280×800 (issue 34): the canvas at ×2 with black bars above and below,
the mouse mapped through them, and every text at least 9 window pixels tall there.

The height measured is the x-height: the ink of the lowercase letters' bodies (from the
top of "x" to the baseline), read from the glyph sheets the game draws with. It is the
smallest height a reader has to make out in running text (capitals, digits and
ascenders are taller), so it is the strict measure of "text no smaller than 9 px";
the capitals' height is checked as well. Every font drawn in every screenshot state
(game/screenshots.py, with large text off and on) is measured, times the whole factor
the display scales by at 1280×800. Text not drawn through the fonts is in sprites:
Lucie's card indices (their own rank art) are measured the same way; the dice, the
doors, Mille's cards and the brand are written with the fonts' own glyphs
(assetgen.fonts.Writer), so the fonts' heights are theirs.
"""

from __future__ import annotations

import pygame
import pytest

from game.art import font as fonts
from game.art.font import BitmapFont, get_font, set_large_text
from game.display import CANVAS_SIZE, picture_rect
from game.screenshots import SETTLE_TICKS
from game.shell.registry import load_games
from tests.art.test_assets_current import load_generator
from tests.harness import make_app, run
from tests.lang.layout import states

STEAM_DECK = (1280, 800)
MIN_TEXT_PX = 9  # Valve's "Deck Verified": text no smaller than 9 px at 1280×800


def deck_scale() -> int:
    """The whole factor the canvas is shown at on Steam Deck's screen."""
    rect = picture_rect(STEAM_DECK)
    assert rect.width % CANVAS_SIZE[0] == 0 and rect.width // CANVAS_SIZE[0] == (
        rect.height // CANVAS_SIZE[1]
    )
    return rect.width // CANVAS_SIZE[0]


def ink_rows(rows: list[str] | None = None, font: BitmapFont | None = None, ch: str = "") -> int:
    """How many rows from the first inked to the last: of '#'/'.' rows, or of a glyph of
    a font's sheet (the pixels the game blits)."""
    if font is not None:
        gx, gy, gw = font.glyphs[ch]
        rows = [
            "".join("#" if font.sheet.get_at((gx + i, gy + j)).a else "." for i in range(gw))
            for j in range(font.height)
        ]
    inked = [j for j, row in enumerate(rows) if "#" in row]
    return inked[-1] - inked[0] + 1


def x_height(font: BitmapFont) -> int:
    return min(ink_rows(font=font, ch=ch) for ch in "xzvwuo")


def cap_height(font: BitmapFont) -> int:
    return min(ink_rows(font=font, ch=ch) for ch in "HEIXZ")


@pytest.fixture
def large_text_off():
    yield
    set_large_text(False)


def test_at_1280x800_the_canvas_is_doubled_between_black_bars(tmp_path):
    load_games()
    app = make_app(tmp_path)
    pygame.display.set_mode(STEAM_DECK, pygame.RESIZABLE)
    app.display.resized(STEAM_DECK)
    run(app, 2)
    d = app.display
    assert picture_rect(STEAM_DECK) == pygame.Rect(0, 40, 1280, 720)
    assert (d.scale, d.offset) == (2, (0, 40))
    # The mouse: the picture's corners, the bars (nothing), and back and forth.
    assert d.to_canvas((0, 40)) == (0, 0)
    assert d.to_canvas((1, 41)) == (0, 0)
    assert d.to_canvas((1279, 759)) == (639, 359)
    assert d.to_canvas((640, 39)) is None and d.to_canvas((640, 760)) is None
    for pos in [(0, 0), (123, 45), (639, 359), (320, 180)]:
        assert d.to_canvas(d.to_window(pos)) == pos
    # The picture: every canvas pixel a 2×2 block; the bars black, the whole width.
    window, canvas = pygame.display.get_surface(), d.canvas
    for pos in [(0, 0), (5, 5), (320, 100), (639, 359)]:
        wx, wy = d.to_window(pos)
        for dx in range(2):
            for dy in range(2):
                assert window.get_at((wx + dx, wy + dy)) == canvas.get_at(pos)
    for y in (0, 20, 39, 760, 780, 799):
        for x in (0, 640, 1279):
            assert tuple(window.get_at((x, y)))[:3] == (0, 0, 0)


def fonts_drawn(app) -> set[str]:
    """The fonts every screenshot state draws its texts with."""
    used: set[str] = set()
    render, outlined = BitmapFont.render, BitmapFont.outlined

    def rendering(font, text, color):
        used.add(font.name)
        return render(font, text, color)

    def outlining(font, text, color, outline):
        used.add(font.name)
        return outlined(font, text, color, outline)

    BitmapFont.render, BitmapFont.outlined = rendering, outlining
    try:
        for _name, setup in states(app):
            app.scenes.clear()
            setup()
            for _ in range(SETTLE_TICKS):
                app.tick()
            app.draw_scenes(app.display.canvas)
    finally:
        BitmapFont.render, BitmapFont.outlined = render, outlined
    return used


@pytest.mark.parametrize("large", [False, True], ids=["small-text", "large-text"])
def test_every_text_is_at_least_9_px_tall_at_1280x800(tmp_path, large, large_text_off):
    load_games()
    set_large_text(large)
    app = make_app(tmp_path, seed=1)
    used = fonts_drawn(app)
    assert ("medium" if large else "small") in used and "large" in used
    assert used <= set(fonts.FONT_NAMES)
    scale = deck_scale()
    heights = {name: (x_height(get_font(name)), cap_height(get_font(name))) for name in used}
    smallest = min(heights.values())
    print(f"x-height, cap height in canvas px: {heights}; at 1280×800 ×{scale}")
    assert smallest[0] * scale >= MIN_TEXT_PX, heights
    assert smallest[1] * scale >= MIN_TEXT_PX, heights


def test_the_fonts_measure_as_designed():
    small, medium, large = (fonts._fonts.get(name) for name in ("small", "medium", "large"))
    assert (x_height(small), cap_height(small)) == (5, 7)
    assert (x_height(medium), cap_height(medium)) == (6, 9)
    assert (x_height(large), cap_height(large)) == (10, 14)
    assert x_height(small) * deck_scale() == 10  # the smallest text at 1280×800


def test_text_drawn_into_sprites_is_as_tall_at_1280x800():
    load_generator()  # puts assetgen on the path
    from assetgen import cards

    index = min(ink_rows(art.split()) for art in cards.RANK_ART.values())
    assert index * deck_scale() >= MIN_TEXT_PX, index
