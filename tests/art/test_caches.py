"""Every cache of surfaces has a cap and keeps to it: a long session's sizes, colours,
texts and frames cannot pile up (python -m game.bench_memory shows the plateau)."""

import pygame

from game.art import font as fonts
from game.art import images, palette, sprites
from game.art.images import Made
from game.engine.mille.cards import CARD_KINDS
from game.engine.shutbox import DOORS
from game.scenes.farkle import view as farkle_view
from game.scenes.mille import marks, motion
from game.scenes.shutbox import doors
from game.table import felt


def surface() -> pygame.Surface:
    return pygame.Surface((2, 2))


def test_made_keeps_at_most_its_cap_dropping_the_least_recently_used():
    made = Made(3)
    for key in "abc":
        made.get(key, surface)
    kept = made.get("a", surface)  # used again: now the most recent
    made.get("d", surface)
    assert len(made) == 3
    assert made.get("a", surface) is kept
    remade = []
    made.get("b", lambda: remade.append("b") or surface())
    assert remade == ["b"]  # b was the least recently used, so it went first


def test_made_keeps_to_its_pixel_budget_too():
    made = Made(100, max_bytes=3 * 64 * 64 * 4)
    for n in range(10):
        made.get(n, lambda: pygame.Surface((64, 64), 0, 32))
    assert len(made) == 3 and made.bytes == 3 * 64 * 64 * 4
    assert list(made._items) == [7, 8, 9]
    made.get("huge", lambda: pygame.Surface((640, 360), 0, 32))
    assert list(made._items) == ["huge"]  # the newest is kept, whatever its size


def test_made_forgets_everything_when_any_art_is_loaded_again(monkeypatch):
    made = Made(8)
    first = made.get("felt", surface)
    assert made.get("felt", surface) is first
    monkeypatch.setattr(images, "_generation", images.generation() + 1)
    assert made.get("felt", surface) is not first
    assert len(made) == 1


def test_panels_and_buttons_of_many_sizes_stay_within_the_caps():
    for width in range(40, 40 + sprites.MADE_CACHE_SIZE + 50):
        sprites.panel(width, 30)
    assert len(sprites._made) <= sprites.MADE_CACHE_SIZE
    for height in range(100, 300):
        sprites.panel(600, height)
    assert sprites._made.bytes <= sprites.MADE_CACHE_BYTES


def test_every_falling_door_frame_fits_the_cap_and_no_more_are_made():
    for _ in range(2):
        for door in DOORS:
            for hilite in (False, True):
                for step in range(1, doors.DROP_TICKS):
                    doors._folding_frame(door, hilite, step)
    assert len(doors._frames) <= doors._frames.cap == len(DOORS) * 2 * doors.DROP_TICKS


def test_every_card_turning_fits_the_cap():
    for kind in CARD_KINDS:
        for step in range(motion.TURN_STEPS + 1):
            motion.turned(kind.id, step)
    assert len(motion._turned) <= motion._turned.cap


def test_mille_shades_and_outlines_of_any_size_stay_within_the_cap():
    for width in range(10, 100):
        marks.shade((width, 20))
        marks.dotted((width, 20))
    for side in range(12):
        marks.car(side)
    assert len(marks._made) <= marks._made.cap


def test_felts_of_many_sizes_and_colours_stay_within_the_cap():
    for width in range(20, 60):
        felt.felt((width, 10))
    assert len(felt._made) <= felt._made.cap


def test_farkles_felt_and_blank_dice_fit_the_cap():
    farkle_view.felt()
    for state in sprites.DIE_STATES:
        farkle_view.blank_die(state)
    assert len(farkle_view._made) <= farkle_view._made.cap


def test_each_fonts_caches_stay_within_their_caps():
    font = fonts.get_font("small")
    for n in range(fonts.RENDER_CACHE_SIZE + 100):
        font.render(f"line {n}", (255, 255, 255))
        font.outlined(f"line {n}", (255, 255, 255), (0, 0, 0))
        font.wrap(f"a few words to wrap, number {n}", 60)
    for n in range(fonts.WIDTH_CACHE_SIZE + 100):
        font.line_width(f"{n}")
    for n in range(fonts.TINT_CACHE_SIZE + 20):
        font.tinted((n, 0, 0))
    assert len(font._rendered) <= fonts.RENDER_CACHE_SIZE
    assert len(font._wrapped) <= fonts.RENDER_CACHE_SIZE
    assert len(font._widths) <= fonts.WIDTH_CACHE_SIZE
    assert len(font._tinted) <= fonts.TINT_CACHE_SIZE


def test_a_fonts_rendered_texts_keep_to_their_pixel_budget_too():
    font = fonts.get_font("large")
    long_line = "A long line of large letters to fill the width of the screen "
    for n in range(200):
        font.render(f"{long_line}{n}", (255, 255, 0))
    kept = sum(s.get_pitch() * s.get_height() for s in font._rendered.values())
    assert kept == font._rendered_bytes <= fonts.RENDER_CACHE_BYTES
    assert len(font._rendered) < 200


def test_mono_keeps_scratch_buffers_for_few_sizes():
    for width in range(64, 64 + 4 * 10, 4):
        palette.to_mono(pygame.Surface((width, 8), 0, 32))
    assert len(palette._buffers) <= palette.MONO_SIZES_KEPT
