"""The gallery draws every page, and its command writes them as PNG (mono: black and white)."""

import pygame

from game.scenes import gallery

from .conftest import pixel_values, rgba_int


def test_every_page_draws():
    canvas = pygame.Surface(gallery.gallery.CANVAS)
    assert gallery.gallery_page_count() >= 8
    for page in range(gallery.gallery_page_count()):
        canvas.fill((1, 2, 3))
        gallery.draw_gallery(canvas, page)
        assert rgba_int((1, 2, 3)) not in pixel_values(canvas)


def test_command_writes_colour_and_mono_pages(tmp_path):
    assert gallery.main(["--out", str(tmp_path)]) == 0
    assert gallery.main(["--out", str(tmp_path), "--mono"]) == 0
    colour = sorted(tmp_path.glob("page-?.png"))
    mono = sorted(tmp_path.glob("page-*-mono.png"))
    assert len(colour) == len(mono) == gallery.gallery_page_count()
    page = pygame.image.load(str(mono[0]))
    assert page.get_size() == gallery.gallery.CANVAS
    assert pixel_values(page) <= {rgba_int((0, 0, 0)), rgba_int((255, 255, 255))}
